//! LI.FI periphery addresses on the destination chains, compiled in.
//!
//! Source: the **registry**, `LiFiDiamond.Periphery` in
//! `lifinance/contracts@ef00558fde6c02d4b285979e3f2b0b75ff1e573e:deployments/<chain>.diamond.json` (2026-08-21),
//! which LI.FI regenerates from the on-chain PeripheryRegistry. These addresses change over time
//! (optimism's Executor and ReceiverAcrossV4 were redeployed on 2026-07-20); a verifier that must
//! be current reads `getPeripheryContract(string)` on the diamond instead.

use alloy_primitives::{Address, address};

use crate::network::Network;

/// LI.FI's `ReceiverAcrossV4` on `network`: the Across `recipient` (`receiverAddress`) of a
/// route with a destination call, which decodes the message and hands it to the
/// [`executor`]. `None` on Sepolia and Tron.
///
/// Source: the registry, `lifinance/contracts@ef00558f:deployments/<chain>.diamond.json` key
/// `LiFiDiamond.Periphery.ReceiverAcrossV4` (line 149 in `base.diamond.json`). Optimism: the registry value
/// `0xe417AD5eb9e919567620A48B3757cc182cCdf9e4` is the redeployment of 2026-07-20
/// (lifinance/contracts `6ea90e21`, "bug bounty #292 remediation");
/// `deployments/_deployments_log_file.json` @ `ef00558f` disagrees and still lists
/// `0x33b255b5db44A78c34381f89f1a454bc0Ef49871`. The registry is used.
///
/// ```
/// use alloy_primitives::address;
/// use securepay::calldata::lifi::receiver_across_v4;
/// use securepay::network::Network;
///
/// assert_eq!(receiver_across_v4(Network::Base), Some(address!("0x33b255b5db44A78c34381f89f1a454bc0Ef49871")));
/// assert_eq!(receiver_across_v4(Network::Optimism), Some(address!("0xe417AD5eb9e919567620A48B3757cc182cCdf9e4")));
/// assert_eq!(receiver_across_v4(Network::Tron), None);
/// ```
pub fn receiver_across_v4(network: Network) -> Option<Address> {
    Some(match network {
        Network::Mainnet => address!("0x07Cc0a0b41641D349240e1988169Fa11b31FC24E"),
        Network::ArbitrumOne | Network::Base | Network::Matic | Network::Bsc => {
            address!("0x33b255b5db44A78c34381f89f1a454bc0Ef49871")
        }
        Network::Optimism => address!("0xe417AD5eb9e919567620A48B3757cc182cCdf9e4"),
        Network::Sepolia | Network::Tron => return None,
    })
}

/// LI.FI's `Executor` on `network`: it runs the destination `SwapData` list of an Across
/// message (`swapAndCompleteBridgeTokens`), with no allow-list of its own. `None` on Sepolia and
/// Tron.
///
/// Source: the registry, `lifinance/contracts@ef00558f:deployments/<chain>.diamond.json` key
/// `LiFiDiamond.Periphery.Executor` (line 139 in `base.diamond.json`). Optimism: the registry value
/// `0xC9E66aa9b08EB667e450e072E96F7086AD9f2c91` is the redeployment of 2026-07-20
/// (lifinance/contracts `6ea90e21`); `deployments/_deployments_log_file.json` @ `ef00558f`
/// disagrees (its optimism ReceiverAcrossV4 was built on an older executor, `0xbfa69cde…77ab`).
/// The registry is used.
///
/// ```
/// use alloy_primitives::address;
/// use securepay::calldata::lifi::executor;
/// use securepay::network::Network;
///
/// assert_eq!(executor(Network::Mainnet), Some(address!("0xd9B2Da9C45b118e4e93A004FB1452bCDB6cC0E88")));
/// assert_eq!(executor(Network::Base), Some(address!("0x4DaC9d1769b9b304cb04741DCDEb2FC14aBdF110")));
/// assert_eq!(executor(Network::Sepolia), None);
/// ```
pub fn executor(network: Network) -> Option<Address> {
    Some(match network {
        Network::Mainnet => address!("0xd9B2Da9C45b118e4e93A004FB1452bCDB6cC0E88"),
        Network::ArbitrumOne | Network::Matic | Network::Bsc => {
            address!("0x2dfaDAB8266483beD9Fd9A292Ce56596a2D1378D")
        }
        Network::Optimism => address!("0xC9E66aa9b08EB667e450e072E96F7086AD9f2c91"),
        Network::Base => address!("0x4DaC9d1769b9b304cb04741DCDEb2FC14aBdF110"),
        Network::Sepolia | Network::Tron => return None,
    })
}
