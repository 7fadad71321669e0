//! `securepay address ADDR [--network N]`.

use serde::Serialize;

use super::{Outcome, optional_network};
use securepay::address::{ChainAddress, TronAddress};
use securepay::network::{ChainKind, Network};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// An EVM address (0x + 40 hex) or a Tron address (Base58 T…, or 41 + 40 hex).
    address: String,
    // The help lists the networks (`network_help`).
    #[arg(long, help = crate::network_help("The network the address must belong to"))]
    network: Option<String>,
}

pub(super) fn run(args: &Args) -> Outcome {
    let network = match optional_network(args.network.as_deref()) {
        Ok(network) => network,
        Err(unusable) => return unusable,
    };
    let parsed = match network {
        Some(network) if network.kind() == ChainKind::Tron && is_tron_hex(&args.address) => {
            TronAddress::from_hex(&args.address)
                .map(ChainAddress::Tron)
                .map_err(|e| e.to_string())
        }
        Some(network) => ChainAddress::parse(network, &args.address).map_err(|e| e.to_string()),
        None if is_tron_hex(&args.address) => TronAddress::from_hex(&args.address)
            .map(ChainAddress::Tron)
            .map_err(|e| e.to_string()),
        None => ChainAddress::parse_any(&args.address).map_err(|e| e.to_string()),
    };
    match parsed {
        Ok(address) => Outcome::answer(&describe(&address, network)),
        Err(error) => Outcome::Unusable(format!("address: {error}")),
    }
}

/// `41` + 40 hex digits, with or without `0x`.
fn is_tron_hex(text: &str) -> bool {
    let digits = text.strip_prefix("0x").unwrap_or(text);
    digits.len() == 42 && digits.starts_with("41") && digits.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The canonical forms of an address.
#[derive(Debug, Serialize)]
struct Answer {
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    network: Option<Network>,
    #[serde(skip_serializing_if = "Option::is_none")]
    evm: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tron: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hex: Option<String>,
    abi: String,
}

fn describe(address: &ChainAddress, network: Option<Network>) -> Answer {
    let abi = format!("{:#x}", address.abi());
    match address {
        ChainAddress::Evm(evm) => Answer {
            kind: "evm",
            network,
            evm: Some(evm.to_checksum()),
            tron: None,
            hex: None,
            abi,
        },
        ChainAddress::Tron(tron) => Answer {
            kind: "tron",
            network,
            evm: None,
            tron: Some(tron.to_base58()),
            hex: Some(tron.to_hex()),
            abi,
        },
    }
}
