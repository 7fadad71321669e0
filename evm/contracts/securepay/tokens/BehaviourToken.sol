// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.9;

import './HolderLog.sol';

/**
 * @title BehaviourToken
 * @notice A plain ERC-20 whose behaviours are hooks, so that each test token in Behaviours.sol
 *         differs from the standard in one way only. By default it behaves like OpenZeppelin's
 *         ERC20: a transfer to the zero address reverts, a missing balance or allowance reverts,
 *         an allowance of 2^256-1 is never spent. The external functions (and whether they
 *         return a bool) are declared by the tokens themselves.
 */
abstract contract BehaviourToken is HolderLog {
  string public name;
  string public symbol;
  uint8 public immutable decimals;
  uint256 public totalSupply;
  mapping(address => uint256) public balanceOf;
  mapping(address => mapping(address => uint256)) public allowance;

  event Transfer(address indexed from, address indexed to, uint256 value);
  event Approval(address indexed owner, address indexed spender, uint256 value);

  constructor(string memory name_, uint8 decimals_) {
    name = name_;
    symbol = name_;
    decimals = decimals_;
  }

  /// Test tokens: anyone mints.
  function mint(address to, uint256 amount) external {
    totalSupply += amount;
    balanceOf[to] += amount;
    _logHolder(to);
    emit Transfer(address(0), to, amount);
  }

  function _balance(address account) internal view override returns (uint256) {
    return balanceOf[account];
  }

  function _allowed(address owner, address spender) internal view override returns (uint256) {
    return allowance[owner][spender];
  }

  /* Hooks: each token overrides the one its behaviour is about. */

  /// Reverts when the transfer is refused outright (zero address, blocklist, pause, zero value).
  function _checkTransfer(
    address,
    address to,
    uint256
  ) internal view virtual {
    require(to != address(0), 'ERC20: transfer to the zero address');
  }

  /// Reverts when the approval is refused (approval race protection).
  function _checkApprove(
    address,
    address,
    uint256
  ) internal view virtual {}

  /// Whether `transferFrom` by `spender` out of `from` needs no allowance.
  function _allowanceFree(address, address) internal view virtual returns (bool) {
    return false;
  }

  /// The part of `amount` the token takes on a transfer (burned).
  function _feeOn(uint256) internal view virtual returns (uint256) {
    return 0;
  }

  /// Whether a missing balance or allowance reverts (true) or returns false (false).
  function _revertsOnFailure() internal view virtual returns (bool) {
    return true;
  }

  /* The token's logic. */

  function _fail(string memory reason) internal view returns (bool) {
    if (_revertsOnFailure()) {
      revert(reason);
    }
    return false;
  }

  function _transfer(
    address from,
    address to,
    uint256 amount
  ) internal returns (bool) {
    _checkTransfer(from, to, amount);
    if (balanceOf[from] < amount) {
      return _fail('ERC20: transfer amount exceeds balance');
    }
    _move(from, to, amount);
    return true;
  }

  function _transferFrom(
    address spender,
    address from,
    address to,
    uint256 amount
  ) internal returns (bool) {
    _checkTransfer(from, to, amount);
    bool free = _allowanceFree(spender, from);
    uint256 allowed = allowance[from][spender];
    if (!free && allowed < amount) {
      return _fail('ERC20: insufficient allowance');
    }
    if (balanceOf[from] < amount) {
      return _fail('ERC20: transfer amount exceeds balance');
    }
    if (!free && allowed != type(uint256).max) {
      allowance[from][spender] = allowed - amount;
      _logPair(from, spender);
    }
    _move(from, to, amount);
    return true;
  }

  function _approve(
    address owner,
    address spender,
    uint256 amount
  ) internal {
    _checkApprove(owner, spender, amount);
    allowance[owner][spender] = amount;
    _logPair(owner, spender);
    emit Approval(owner, spender, amount);
  }

  function _move(
    address from,
    address to,
    uint256 amount
  ) private {
    uint256 fee = _feeOn(amount);
    balanceOf[from] -= amount;
    balanceOf[to] += amount - fee;
    totalSupply -= fee;
    _logHolder(from);
    _logHolder(to);
    // The event says `amount`, as fee-on-transfer tokens' events do.
    emit Transfer(from, to, amount);
  }
}

/// The usual external interface: `transfer`, `transferFrom` and `approve` return a bool.
abstract contract BoolToken is BehaviourToken {
  function transfer(address to, uint256 amount) external returns (bool) {
    return _transfer(msg.sender, to, amount);
  }

  function transferFrom(
    address from,
    address to,
    uint256 amount
  ) external returns (bool) {
    return _transferFrom(msg.sender, from, to, amount);
  }

  function approve(address spender, uint256 amount) external returns (bool) {
    _approve(msg.sender, spender, amount);
    return true;
  }
}
