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
/// use securepay_core::calldata::lifi::receiver_across_v4;
/// use securepay_core::network::Network;
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
/// use securepay_core::calldata::lifi::executor;
/// use securepay_core::network::Network;
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

/// LI.FI's `ERC20Proxy` on `network`: the proxy the [`executor`] is bound to (its
/// `erc20Proxy`, which no destination step may call). It only moves tokens for its authorised
/// callers; what is sent to it stays there. `None` on Sepolia and Tron.
///
/// Source: the registry, `lifinance/contracts@ef00558f:deployments/<chain>.diamond.json` key
/// `LiFiDiamond.Periphery.ERC20Proxy`, which is also the `_erc20Proxy` constructor argument of
/// each chain's Executor in `deployments/_deployments_log_file.json` (Optimism: the
/// redeployment of 2026-07-20, lifinance/contracts `6ea90e21`, "bound to the registered v1.1.0
/// ERC20Proxy").
///
/// ```
/// use alloy_primitives::address;
/// use securepay_core::calldata::lifi::erc20_proxy;
/// use securepay_core::network::Network;
///
/// assert_eq!(erc20_proxy(Network::Base), Some(address!("0x74a55CaDb12501A3707E9F3C5dfd8b563C6A5940")));
/// assert_eq!(erc20_proxy(Network::Tron), None);
/// ```
pub fn erc20_proxy(network: Network) -> Option<Address> {
    Some(match network {
        Network::Mainnet => address!("0x68E1Acfa805dcA813116Ed6507E01c38D44318f0"),
        Network::Optimism => address!("0x314bE5fcf0A204837896e6028C47A9e1FC2919c7"),
        Network::Base => address!("0x74a55CaDb12501A3707E9F3C5dfd8b563C6A5940"),
        Network::ArbitrumOne | Network::Matic | Network::Bsc => {
            address!("0x5741A7FfE7c39Ca175546a54985fA79211290b51")
        }
        Network::Sepolia | Network::Tron => return None,
    })
}

/// A version of LI.FI's `Executor`: what it does with a destination step that matters to a
/// payment (see [`executor_version`]).
///
/// In every version, `swapAndCompleteBridgeTokens` pulls what the receiver approved, runs each
/// step with `LibSwap.swap` (which reverts on a `fromAmount` of 0 and approves `approveTo` for
/// `type(uint256).max` when its allowance is below `fromAmount`, so `fromAmount` does not cap
/// what the step's call pulls), and a revert of the whole call makes `ReceiverAcrossV4` send
/// everything it received to the message's `receiver` as a plain transfer
/// (`lifinance/contracts@ef00558f:src/Periphery/ReceiverAcrossV4.sol:100-118`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExecutorVersion {
    /// 2.0.0 (2023), with `LibSwap` 1.0.0: a step reverts with `InsufficientBalance` when the
    /// Executor holds less of `sendingAssetId` than the step's `fromAmount`
    /// (`lifinance/contracts@b0c4183b:src/Libraries/LibSwap.sol:52-57`).
    V2_0_0,
    /// 2.1.0, with `LibSwap` 1.1.0: no balance check; a step whose call pulls more than the
    /// Executor holds fails in that call
    /// (`lifinance/contracts@ef00558f:src/Libraries/LibSwap.sol:78-82`).
    V2_1_0,
}

impl ExecutorVersion {
    /// Whether a step reverts when the Executor holds less than its `fromAmount` (2.0.0).
    ///
    /// ```
    /// use securepay_core::calldata::lifi::ExecutorVersion;
    ///
    /// assert!(ExecutorVersion::V2_0_0.checks_step_balance());
    /// assert!(!ExecutorVersion::V2_1_0.checks_step_balance());
    /// ```
    pub fn checks_step_balance(self) -> bool {
        self == ExecutorVersion::V2_0_0
    }
}

/// The version of the [`executor`] that [`receiver_across_v4`] calls on `network`. `None` on
/// Sepolia and Tron.
///
/// Source: `lifinance/contracts@ef00558f:deployments/_deployments_log_file.json`, the
/// constructor arguments of each `ReceiverAcrossV4` 1.0.0 deployment (its `_executor`) and
/// the `Executor` entry at that address: Arbitrum, Polygon and BNB Chain call
/// `0x2dfaDAB8266483beD9Fd9A292Ce56596a2D1378D` (2.0.0, July 2023), Base
/// `0x4DaC9d1769b9b304cb04741DCDEb2FC14aBdF110` (2.0.0, August 2023), Ethereum
/// `0xd9B2Da9C45b118e4e93A004FB1452bCDB6cC0E88` (2.1.0, 2025-09-09). Optimism's receiver and
/// Executor of the registry were redeployed on 2026-07-20 (lifinance/contracts `6ea90e21`:
/// "Redeploy Executor (same @custom:version 2.1.0) bound to the registered v1.1.0
/// ERC20Proxy"; `src/Periphery/Executor.sol` is 2.1.0 since `1350cf90`, 2025-01-10); its
/// logged receiver calls `0xBfA69CdE…77Ab`, also 2.1.0.
///
/// ```
/// use securepay_core::calldata::lifi::{executor_version, ExecutorVersion};
/// use securepay_core::network::Network;
///
/// assert_eq!(executor_version(Network::Base), Some(ExecutorVersion::V2_0_0));
/// assert_eq!(executor_version(Network::Mainnet), Some(ExecutorVersion::V2_1_0));
/// assert_eq!(executor_version(Network::Tron), None);
/// ```
pub fn executor_version(network: Network) -> Option<ExecutorVersion> {
    Some(match network {
        Network::ArbitrumOne | Network::Base | Network::Matic | Network::Bsc => {
            ExecutorVersion::V2_0_0
        }
        Network::Mainnet | Network::Optimism => ExecutorVersion::V2_1_0,
        Network::Sepolia | Network::Tron => return None,
    })
}
