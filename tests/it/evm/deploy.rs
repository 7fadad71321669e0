//! Request Network's contracts at the addresses of the crate's deployment table, each version
//! with the code it was deployed with (as far as it is compiled: see evm/README.md), its
//! constructor run with the table's addresses, so that the calldata the crate builds runs
//! unmodified.

use alloy_primitives::{Address, U256};
use alloy_sol_types::{SolCall, SolValue};
use securepay::contracts::{Contract, Deployments};
use securepay::currency::{Catalog, CurrencyType};
use securepay::network::Network;

use super::abi::{IBatchConversionAdmin, IBatchPaymentsAdmin};
use super::chain::Chain;

/// The owner of every deployed contract (`Ownable`, whitelist admin).
pub const OWNER: Address = Address::repeat_byte(0x0a);

/// The batch fee's USD limit of `BatchConversionPayments`: $150 (8 decimals), as Request
/// Network's `scripts-create2/contract-setup/adminTasks.ts` sets it.
pub const USD_LIMIT: u64 = 150 * 100_000_000;

const F1942807: &str = "requestnetwork-f1942807";
const AF792B64: &str = "requestnetwork-af792b64";
const C17A9ACA: &str = "requestnetwork-c17a9aca";

/// The compiled contract (`unit:Contract`) a deployment of `contract` at `version` runs, or
/// `None` where its code is not compiled here.
pub fn artifact_of(contract: Contract, version: &str) -> Option<String> {
    let (folder, file, name) = match (contract, version) {
        // Unchanged in behaviour since 7a22e4cd7 (2020-09-01); 0.1.0 and 0.2.0 differ in ABI
        // files only (mainnet has both at one address).
        (Contract::Erc20FeeProxy, _) => (F1942807, "ERC20FeeProxy", "ERC20FeeProxy"),
        // 0.1.0 paid the recipient with `transfer` (before ee3436ef2).
        (Contract::EthereumFeeProxy, "0.1.0") => (C17A9ACA, "EthereumFeeProxy", "EthereumFeeProxy"),
        (Contract::EthereumFeeProxy, _) => (F1942807, "EthereumFeeProxy", "EthereumFeeProxy"),
        // 0.2.0 (mainnet only) is the current source; 0.1.0 is the source before 00e8c355a
        // and c12cc9b47.
        (Contract::BatchConversionPayments, "0.2.0") => (
            F1942807,
            "BatchConversionPayments",
            "BatchConversionPayments",
        ),
        (Contract::BatchConversionPayments, "0.1.0") => (
            AF792B64,
            "BatchConversionPayments",
            "BatchConversionPayments",
        ),
        (Contract::BatchPayments, _) => (F1942807, "BatchPayments", "BatchPayments"),
        (Contract::Erc20ConversionProxy, _) => {
            (F1942807, "Erc20ConversionProxy", "Erc20ConversionProxy")
        }
        (Contract::EthConversionProxy, "0.2.0" | "0.2.1") => {
            (F1942807, "EthConversionProxy", "EthConversionProxy")
        }
        (Contract::ChainlinkConversionPath, "0.2.0") => (
            F1942807,
            "ChainlinkConversionPath",
            "ChainlinkConversionPath",
        ),
        (Contract::Erc20Proxy, _) => (F1942807, "ERC20Proxy", "ERC20Proxy"),
        // 0.2.0 paid with `transfer` (before ee3436ef2); 0.1.0 (2020) is not compiled.
        (Contract::EthereumProxy, "0.3.0") => (F1942807, "EthereumProxy", "EthereumProxy"),
        (Contract::EthereumProxy, "0.2.0") => (C17A9ACA, "EthereumProxy", "EthereumProxy"),
        _ => return None,
    };
    Some(format!("{folder}/{file}.sol:{name}"))
}

/// The address of the default version of `contract` on `network` (zero if none).
fn table_address(network: Network, contract: Contract) -> Address {
    Deployments::builtin()
        .address(network, contract)
        .map(|address| address.abi())
        .unwrap_or(Address::ZERO)
}

/// The network's native currency hash (`path` element of native conversions).
fn native_hash(network: Network) -> Address {
    Catalog::builtin()
        .currencies()
        .find(|c| c.kind() == CurrencyType::Eth && c.chain_network() == Some(network))
        .and_then(|c| c.hash())
        .map(|hash| hash.abi())
        .unwrap_or_else(|| panic!("no native currency hash for {network}"))
}

/// The constructor arguments of `contract` on `network`: the table's addresses.
fn constructor_args(network: Network, contract: Contract) -> Vec<u8> {
    let at = |c: Contract| table_address(network, c);
    match contract {
        Contract::ChainlinkConversionPath => (native_hash(network), OWNER).abi_encode_params(),
        Contract::Erc20ConversionProxy => (
            at(Contract::Erc20FeeProxy),
            at(Contract::ChainlinkConversionPath),
            OWNER,
        )
            .abi_encode_params(),
        Contract::EthConversionProxy => (
            at(Contract::EthereumFeeProxy),
            at(Contract::ChainlinkConversionPath),
            native_hash(network),
            OWNER,
        )
            .abi_encode_params(),
        Contract::BatchConversionPayments => (
            at(Contract::Erc20FeeProxy),
            at(Contract::EthereumFeeProxy),
            at(Contract::Erc20ConversionProxy),
            at(Contract::EthConversionProxy),
            at(Contract::ChainlinkConversionPath),
            OWNER,
        )
            .abi_encode_params(),
        Contract::BatchPayments => (
            at(Contract::Erc20FeeProxy),
            at(Contract::EthereumFeeProxy),
            OWNER,
        )
            .abi_encode_params(),
        _ => Vec::new(),
    }
}

/// A contract placed at a table address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    /// Which contract.
    pub contract: Contract,
    /// Which version of the table.
    pub version: String,
    /// Where.
    pub address: Address,
    /// The compiled code it runs.
    pub artifact: String,
}

impl Chain {
    /// A chain of `network` with every deployment of the table whose code is compiled, at its
    /// address (a version without compiled code is left out: a call to it finds no code).
    pub fn request_network(network: Network) -> (Chain, Vec<Placed>) {
        assert!(network != Network::Tron, "Tron runs the TVM, not this EVM");
        let mut chain = Chain::empty(network);
        let mut placed: Vec<Placed> = Vec::new();
        for deployment in Deployments::builtin().iter() {
            if deployment.network() != network {
                continue;
            }
            let contract = deployment.contract();
            let Some(artifact) = artifact_of(contract, deployment.version()) else {
                continue;
            };
            let address = deployment.address().abi();
            if let Some(other) = placed.iter().find(|p| p.address == address) {
                // Two versions at one address (ERC20FeeProxy 0.1.0 and 0.2.0 on mainnet).
                assert_eq!(
                    other.artifact, artifact,
                    "{address}: two codes at one address"
                );
                continue;
            }
            chain.place(&artifact, &constructor_args(network, contract), address);
            if contract == Contract::BatchConversionPayments {
                // As Request Network's admin task sets it (`adminTasks.ts`,
                // BATCH_FEE_AMOUNT_USD_LIMIT): with a limit of 0 no batch fee is ever taken.
                let limit = IBatchConversionAdmin::setBatchFeeAmountUSDLimitCall {
                    _batchFeeAmountUSDLimit: USD_LIMIT,
                };
                chain.run(OWNER, address, limit.abi_encode(), U256::ZERO);
            }
            placed.push(Placed {
                contract,
                version: deployment.version().to_owned(),
                address,
                artifact,
            });
        }
        (chain, placed)
    }

    /// Sets the batch fee rate of the default `BatchConversionPayments` (per ten thousand).
    pub fn set_batch_conversion_fee(&mut self, rate: u16) {
        let batch = table_address(self.network, Contract::BatchConversionPayments);
        self.set_batch_conversion_fee_at(batch, rate);
    }

    /// Sets the batch fee rate of the `BatchConversionPayments` at `batch` (per ten thousand).
    pub fn set_batch_conversion_fee_at(&mut self, batch: Address, rate: u16) {
        let call = IBatchConversionAdmin::setBatchFeeCall { _batchFee: rate };
        self.run(OWNER, batch, call.abi_encode(), U256::ZERO);
    }

    /// Sets the batch fee rate of the legacy `BatchPayments` (per mille).
    pub fn set_legacy_batch_fee(&mut self, rate: u16) {
        let batch = table_address(self.network, Contract::BatchPayments);
        let call = IBatchPaymentsAdmin::setBatchFeeCall {
            _batchFee: U256::from(rate),
        };
        self.run(OWNER, batch, call.abi_encode(), U256::ZERO);
    }
}
