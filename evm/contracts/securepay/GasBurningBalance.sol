// SPDX-License-Identifier: MIT OR Apache-2.0
pragma solidity 0.8.9;

/**
 * @title GasBurningBalance
 * @notice An address the server may choose as a token (a destination step's
 *         `receivingAssetId`) that runs code of its own: `balanceOf` loops until the gas it was
 *         given runs out. A caller that reads it with all its gas (Solady's `balanceOf`, which
 *         returns 0 on failure, or Solidity's high-level call) keeps 1/64 of its gas each time,
 *         and runs out after a few reads.
 */
contract GasBurningBalance {
  uint256 private spins;

  /// Never returns: burns all the gas it is given.
  function balanceOf(address) external view returns (uint256) {
    uint256 i = spins;
    while (true) {
      i = i + 1;
    }
    return i;
  }
}
