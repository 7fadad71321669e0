// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.9;

/**
 * @title HolderLog
 * @notice Remembers every address whose balance a token ever touched and every (owner, spender)
 *         pair it ever set an allowance for, so that a test can read every balance and every
 *         allowance before and after a transaction: nothing moves unseen. Not a behaviour of
 *         real tokens; it changes no result of a transfer or an approval.
 */
abstract contract HolderLog {
  address[] private _holders;
  mapping(address => bool) private _isHolder;
  address[] private _owners;
  address[] private _spenders;
  mapping(address => mapping(address => bool)) private _isPair;

  function _logHolder(address account) internal {
    if (!_isHolder[account]) {
      _isHolder[account] = true;
      _holders.push(account);
    }
  }

  function _logPair(address owner, address spender) internal {
    if (!_isPair[owner][spender]) {
      _isPair[owner][spender] = true;
      _owners.push(owner);
      _spenders.push(spender);
    }
  }

  function _balance(address account) internal view virtual returns (uint256);

  function _allowed(address owner, address spender) internal view virtual returns (uint256);

  /// Every address whose balance the token ever changed (the zero address included) with its
  /// balance, and every (owner, spender) pair it ever set an allowance for with the allowance.
  function snapshot()
    external
    view
    returns (
      address[] memory accounts,
      uint256[] memory balances,
      address[] memory owners,
      address[] memory spenders,
      uint256[] memory allowances
    )
  {
    accounts = _holders;
    balances = new uint256[](accounts.length);
    for (uint256 i = 0; i < accounts.length; i++) {
      balances[i] = _balance(accounts[i]);
    }
    owners = _owners;
    spenders = _spenders;
    allowances = new uint256[](owners.length);
    for (uint256 i = 0; i < owners.length; i++) {
      allowances[i] = _allowed(owners[i], spenders[i]);
    }
  }
}
