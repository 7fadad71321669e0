// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.9;

/**
 * @title AcrossSpokePoolStandIn
 * @notice What an Across SpokePool does on the destination chain when a relayer fills a deposit
 *         that carries a message, for the tests: it transfers `outputAmount` of `outputToken`
 *         (which it holds: minted to it by the test, as the relayer's funds) to the deposit's
 *         `recipient`, then, when the message is not empty, calls the recipient's
 *         `handleV3AcrossMessage(outputToken, outputAmount, relayer, message)`. Placed at the
 *         SpokePool address that LI.FI's ReceiverAcrossV4 was constructed with (its immutable
 *         SPOKEPOOL), so that the receiver accepts the call.
 */
contract AcrossSpokePoolStandIn {
  /// The relayer the handler is told of (LI.FI's receiver ignores it).
  address public constant RELAYER = address(0x7E1A7E1a7e1A7E1A7E1A7e1a7e1a7E1a7e1a7E1a);

  /// Fills a deposit: the transfer (a token that returns nothing is accepted, one that returns
  /// false or reverts fails the fill), then the message call. Reverts if either fails.
  function fill(
    address outputToken,
    uint256 outputAmount,
    address recipient,
    bytes calldata message
  ) external {
    (bool ok, bytes memory returned) = outputToken.call(
      abi.encodeWithSelector(0xa9059cbb, recipient, outputAmount)
    );
    require(ok && (returned.length == 0 || abi.decode(returned, (bool))), 'fill: transfer');
    if (message.length > 0) {
      IAcrossMessageHandler(recipient).handleV3AcrossMessage(
        outputToken,
        outputAmount,
        RELAYER,
        message
      );
    }
  }
}

/// The handler Across calls on a recipient contract.
interface IAcrossMessageHandler {
  function handleV3AcrossMessage(
    address tokenSent,
    uint256 amount,
    address relayer,
    bytes memory message
  ) external;
}
