// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.9;

import './BehaviourToken.sol';

/*
 * One token per behaviour of the catalogue d-xo/weird-erc20 that changes what a payment moves.
 * Each differs from BehaviourToken's OpenZeppelin-like default in that behaviour only; every one
 * takes its decimals as a constructor argument. The real tokens named are examples of the
 * behaviour, not models of everything those tokens do.
 */

/// A transfer to the zero address succeeds: the zero address is credited, the tokens are lost
/// (USDT and DAI on Ethereum).
contract NoZeroCheckToken is BoolToken {
  constructor(uint8 decimals_) BehaviourToken('NoZeroCheck', decimals_) {}

  function _checkTransfer(
    address,
    address,
    uint256
  ) internal view override {}
}

/// `transfer`, `transferFrom` and `approve` return nothing (USDT on Ethereum, BNB).
contract MissingReturnToken is BehaviourToken {
  constructor(uint8 decimals_) BehaviourToken('MissingReturn', decimals_) {}

  function transfer(address to, uint256 amount) external {
    _transfer(msg.sender, to, amount);
  }

  function transferFrom(
    address from,
    address to,
    uint256 amount
  ) external {
    _transferFrom(msg.sender, from, to, amount);
  }

  function approve(address spender, uint256 amount) external {
    _approve(msg.sender, spender, amount);
  }
}

/// A missing balance or allowance returns false and moves nothing instead of reverting (ZRX).
contract ReturnsFalseToken is BoolToken {
  constructor(uint8 decimals_) BehaviourToken('ReturnsFalse', decimals_) {}

  function _revertsOnFailure() internal pure override returns (bool) {
    return false;
  }
}

/// Every transfer burns `feeBps` / 10000 of the amount: the recipient gets less than `amount`,
/// the Transfer event still says `amount` (STA, PAXG; USDT's fee parameters).
contract FeeOnTransferToken is BoolToken {
  uint256 public immutable feeBps;

  constructor(uint8 decimals_, uint16 feeBps_) BehaviourToken('FeeOnTransfer', decimals_) {
    require(feeBps_ <= 10000, 'fee above 100%');
    feeBps = feeBps_;
  }

  function _feeOn(uint256 amount) internal view override returns (uint256) {
    return (amount * feeBps) / 10000;
  }
}

/// `approve(M > 0)` reverts while the allowance is not zero: a reset to 0 must come first
/// (USDT on Ethereum, KNC).
contract ApprovalRaceToken is BoolToken {
  constructor(uint8 decimals_) BehaviourToken('ApprovalRace', decimals_) {}

  function _checkApprove(
    address owner,
    address spender,
    uint256 amount
  ) internal view override {
    require(amount == 0 || allowance[owner][spender] == 0, 'approve from non-zero to non-zero allowance');
  }
}

/// Transfers from or to a blocked address revert (USDC, USDT). Anyone may block (a test token).
contract BlocklistToken is BoolToken {
  mapping(address => bool) public blocked;

  constructor(uint8 decimals_) BehaviourToken('Blocklist', decimals_) {}

  function setBlocked(address account, bool isBlocked) external {
    blocked[account] = isBlocked;
  }

  function _checkTransfer(
    address from,
    address to,
    uint256 amount
  ) internal view override {
    require(!blocked[from] && !blocked[to], 'blocked');
    super._checkTransfer(from, to, amount);
  }
}

/// While paused every transfer reverts (USDC, USDT). Anyone may pause (a test token).
contract PausableToken is BoolToken {
  bool public paused;

  constructor(uint8 decimals_) BehaviourToken('Pausable', decimals_) {}

  function setPaused(bool isPaused) external {
    paused = isPaused;
  }

  function _checkTransfer(
    address from,
    address to,
    uint256 amount
  ) internal view override {
    require(!paused, 'paused');
    super._checkTransfer(from, to, amount);
  }
}

/// `transferFrom(src, …)` called by `src` itself needs no allowance and spends none (DAI).
contract SelfTransferFromToken is BoolToken {
  constructor(uint8 decimals_) BehaviourToken('SelfTransferFrom', decimals_) {}

  function _allowanceFree(address spender, address from) internal pure override returns (bool) {
    return spender == from;
  }
}

/// A transfer of 0 reverts (LEND and some older tokens).
contract ZeroValueRevertToken is BoolToken {
  constructor(uint8 decimals_) BehaviourToken('ZeroValueRevert', decimals_) {}

  function _checkTransfer(
    address from,
    address to,
    uint256 amount
  ) internal view override {
    require(amount > 0, 'zero value transfer');
    super._checkTransfer(from, to, amount);
  }
}
