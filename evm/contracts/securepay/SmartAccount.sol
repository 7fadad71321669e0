// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.9;

/**
 * @title SmartAccount
 * @notice A minimal smart account for the tests: its owner has it execute a list of calls, all
 *         or none (as a Safe's MultiSend or an ERC-4337 account's batch does), and it accepts
 *         native currency with a `receive` that writes storage, so that a payment to it with
 *         Solidity's `transfer` (a 2300 gas stipend) fails as it does for a Safe behind its proxy.
 */
contract SmartAccount {
  struct Call {
    address to;
    uint256 value;
    bytes data;
  }

  address public immutable owner;
  uint256 public received;

  constructor(address owner_) {
    owner = owner_;
  }

  receive() external payable {
    received += msg.value;
  }

  /// Runs every call in order; the first that reverts reverts the whole, with its reason.
  function executeBatch(Call[] calldata calls) external payable {
    require(msg.sender == owner, 'SmartAccount: not the owner');
    for (uint256 i = 0; i < calls.length; i++) {
      (bool ok, bytes memory returned) = calls[i].to.call{value: calls[i].value}(calls[i].data);
      if (!ok) {
        assembly {
          revert(add(returned, 32), mload(returned))
        }
      }
    }
  }
}
