// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.9;

import '@openzeppelin/contracts/token/ERC20/ERC20.sol';
import './HolderLog.sol';

/**
 * @title StandardToken
 * @notice OpenZeppelin's ERC20 (4.9.6) as it is: reverts on a transfer to the zero address, on a
 *         missing balance or allowance; returns true. Like USDC (FiatToken) on these points.
 *         `decimals` is a constructor argument; anyone may mint (a test token).
 */
contract StandardToken is ERC20, HolderLog {
  uint8 private immutable _decimals;

  constructor(uint8 decimals_) ERC20('Standard', 'STD') {
    _decimals = decimals_;
  }

  function decimals() public view override returns (uint8) {
    return _decimals;
  }

  function mint(address to, uint256 amount) external {
    _mint(to, amount);
  }

  function _balance(address account) internal view override returns (uint256) {
    return balanceOf(account);
  }

  function _allowed(address owner, address spender) internal view override returns (uint256) {
    return allowance(owner, spender);
  }

  function _afterTokenTransfer(
    address from,
    address to,
    uint256
  ) internal override {
    _logHolder(from);
    _logHolder(to);
  }

  function _approve(
    address owner,
    address spender,
    uint256 amount
  ) internal override {
    _logPair(owner, spender);
    super._approve(owner, spender, amount);
  }
}
