//! `securepay decode --network N --to ADDR [--value V] HEX` and
//! `securepay reference --request-id ID --salt S --address A`.

use alloy_primitives::U256;
use serde_json::json;

use super::Outcome;
use securepay::address::ChainAddress;
use securepay::amount::parse_uint;
use securepay::calldata::{Decoder, PaymentReference};
use securepay::network::Network;

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    // The help lists the networks (`network_help`).
    #[arg(long, help = crate::network_help("The network the call is sent on"))]
    network: String,
    /// The address called (EVM hex, or Base58 on Tron).
    #[arg(long)]
    to: String,
    /// The native value sent, in smallest units (decimal or 0x hex).
    #[arg(long, default_value = "0")]
    value: String,
    /// The calldata, 0x-prefixed hex, or `-` to read it from standard input (a long batch does
    /// not fit in an argument list).
    data: String,
}

#[derive(Debug, clap::Args)]
pub(super) struct ReferenceArgs {
    /// The request id, as stored.
    #[arg(long)]
    request_id: String,
    /// The salt.
    #[arg(long)]
    salt: String,
    /// The payment address, as stored.
    #[arg(long)]
    address: String,
}

pub(super) fn run(args: &Args, input: &mut dyn std::io::BufRead) -> Outcome {
    let text = if args.data == "-" {
        let bytes = match crate::read_input(
            "data",
            std::path::Path::new("-"),
            input,
            crate::MAX_INPUT_BYTES,
            "calldata text",
        ) {
            Ok(bytes) => bytes,
            Err(reason) => return Outcome::Unusable(reason),
        };
        match String::from_utf8(bytes) {
            Ok(text) if text.trim().is_empty() => {
                return Outcome::unusable(format!(
                    "data: {}",
                    crate::empty_input("calldata (0x and an even number of hex digits)")
                ));
            }
            Ok(text) => text.trim().to_owned(),
            Err(error) => {
                return Outcome::unusable(format!(
                    "data: standard input is not UTF-8 text ({})",
                    error.utf8_error()
                ));
            }
        }
    } else {
        args.data.clone()
    };
    let network = match Network::from_name(&args.network) {
        Ok(network) => network,
        Err(error) => return Outcome::unusable(format!("network: {error}")),
    };
    let to = match ChainAddress::parse(network, &args.to) {
        Ok(to) => to,
        Err(error) => return Outcome::unusable(format!("to: {error}")),
    };
    let value: U256 = match parse_uint(&args.value) {
        Ok(value) => value,
        Err(error) => return Outcome::unusable(format!("value: {error}")),
    };
    let data = match text.strip_prefix("0x").and_then(crate::hex_digits) {
        Some(data) => data,
        _ => {
            return Outcome::unusable(format!(
                "data: not 0x-prefixed even-length hex: {:?}",
                text.get(..80).unwrap_or(&text)
            ));
        }
    };
    match Decoder::builtin().decode_any(network, &to, &data, value) {
        Ok(decoded) => Outcome::answer(&decoded),
        Err(error) => Outcome::no(&json!({ "error": error.to_string() }), error),
    }
}

pub(super) fn reference(args: &ReferenceArgs) -> Outcome {
    match PaymentReference::derive(&args.request_id, &args.salt, &args.address) {
        Ok(reference) => Outcome::answer(&json!({ "reference": reference.to_string() })),
        Err(error) => Outcome::unusable(error),
    }
}
