//! `securepay interop NAME_OR_HEX`.

use serde::Serialize;

use super::Outcome;
use securepay::address::{ChecksumStatus, DestinationId, InteropAddress, InteropName};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// An ERC-7828 name (`0x…@eip155:8453#CHECKSUM`), ERC-7930 hex (`0x0001…`), or a
    /// destination id (`{name}:{token}`).
    input: String,
}

/// The answer: the name with its checksum, the binary form, and the parts.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Answer {
    name: String,
    binary: String,
    chain_type: &'static str,
    chain_id: Option<u64>,
    network: Option<&'static str>,
    address: Option<String>,
    checksum: Option<String>,
    checksum_status: ChecksumStatus,
    #[serde(skip_serializing_if = "Option::is_none")]
    destination_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    token: Option<String>,
}

pub(super) fn run(args: &Args) -> Outcome {
    let text = args.input.as_str();
    let result = if !text.contains('@') {
        InteropAddress::from_hex(text).map(|binary| answer(&InteropName::from_binary(&binary)))
    } else if is_destination_id(text) {
        DestinationId::parse(text).map(|id| Answer {
            destination_id: Some(id.as_str().to_owned()),
            token: Some(id.token().to_string()),
            ..answer(id.interop_name())
        })
    } else {
        InteropName::parse(text).map(|name| answer(&name))
    };
    match result {
        Ok(answer) => Outcome::answer(&answer),
        Err(error) => Outcome::unusable(error),
    }
}

/// A destination id has a `:{token}` after the name: after the checksum if there is one, or
/// as a second `:` after the `@`.
fn is_destination_id(text: &str) -> bool {
    match text.split_once('#') {
        Some((_, after)) => after.contains(':'),
        None => text
            .split_once('@')
            .is_some_and(|(_, chain)| chain.matches(':').count() >= 2),
    }
}

/// What `securepay interop` (and the wasm package's `interopName`) answers for a name:
/// `{name, binary, chainType, chainId, network, address, checksum, checksumStatus}`.
pub fn describe(name: &InteropName) -> impl Serialize + use<> {
    answer(name)
}

fn answer(name: &InteropName) -> Answer {
    Answer {
        name: name.to_checked_string(),
        binary: name.to_binary().to_hex(),
        chain_type: "eip155",
        chain_id: name.chain_id(),
        network: name.network().and_then(Result::ok).map(|n| n.id()),
        address: name.account().map(|a| a.to_string()),
        checksum: name
            .computed_checksum()
            .or(name.given_checksum())
            .map(|c| c.to_string()),
        checksum_status: name.checksum_status(),
        destination_id: None,
        token: None,
    }
}
