//! The LI.FI diamond, which `tests/data/reference/deployments.json` (Request Network's artifacts)
//! does not list: the bridge the service's cross-chain routes call.

use alloy_primitives::{Address, address};

use crate::network::Network::{self, ArbitrumOne, Base, Bsc, Mainnet, Matic, Optimism};

/// The diamond's address. Source:
/// `lifinance/contracts@ef00558f:deployments/<chain>.json:7` (key `LiFiDiamond`), the same
/// address on all six source chains (mainnet, arbitrum-one, optimism, base, matic, bsc). Its
/// creation blocks are not in the references, so they are 0.
pub(super) const LIFI_DIAMOND: Address = address!("0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE");

/// The networks the LI.FI diamond is listed on: the cross-chain source chains.
pub(super) const LIFI_NETWORKS: [Network; 6] = [Mainnet, ArbitrumOne, Optimism, Base, Matic, Bsc];

/// The version the table gives the diamond (it has one: a diamond is upgraded in place).
pub(super) const LIFI_VERSION: &str = "diamond";
