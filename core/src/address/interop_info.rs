//! What an interoperable name says, as one value: [`InteropInfo`], read from an ERC-7828 name,
//! ERC-7930 hex or a destination id by [`InteropInfo::describe`].

use crate::prelude::*;

use serde::Serialize;

use super::{ChecksumStatus, DestinationId, InteropAddress, InteropError, InteropName};

/// An ERC-7828 name, its ERC-7930 binary and its parts (and, for a destination id, the token
/// and the id): what `securepay interop` and the WebAssembly package's `interopName` answer.
///
/// ```
/// use securepay_core::address::InteropInfo;
///
/// let info = InteropInfo::describe("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:1#4CA88C9C")?;
/// assert_eq!(info.binary, "0x00010000010114d8da6bf26964af9d7eed9e03e53415d37aa96045");
/// assert_eq!((info.chain_id, info.network), (Some(1), Some("mainnet")));
/// // The same from the binary form; a wrong checksum is refused.
/// assert_eq!(InteropInfo::describe(&info.binary)?.name, info.name);
/// assert!(InteropInfo::describe("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:1#00000000").is_err());
/// // Serialized in camelCase, as the command line writes it.
/// let json = serde_json::to_value(&info)?;
/// assert_eq!((&json["chainType"], &json["checksumStatus"]), (&"eip155".into(), &"verified".into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct InteropInfo {
    /// The name with its checksum.
    pub name: String,
    /// The ERC-7930 binary, `0x` hex.
    pub binary: String,
    /// The chain type: `eip155`.
    pub chain_type: &'static str,
    /// The chain id, when the name has one.
    pub chain_id: Option<u64>,
    /// The network's id, when the chain is one of the eight networks.
    pub network: Option<&'static str>,
    /// The account, when the name has one.
    pub address: Option<String>,
    /// The checksum (computed, or as given when it cannot be computed).
    pub checksum: Option<String>,
    /// Whether the checksum was given and verified.
    pub checksum_status: ChecksumStatus,
    /// The destination id, for a destination id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destination_id: Option<String>,
    /// The token of a destination id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

impl InteropInfo {
    /// Reads an ERC-7828 name (`0x…@eip155:8453#CHECKSUM`), ERC-7930 hex (`0x0001…`) or a
    /// destination id (`{name}:{token}`).
    pub fn describe(text: &str) -> Result<InteropInfo, InteropError> {
        if !text.contains('@') {
            InteropAddress::from_hex(text)
                .map(|binary| Self::of(&InteropName::from_binary(&binary)))
        } else if is_destination_id(text) {
            DestinationId::parse(text).map(|id| InteropInfo {
                destination_id: Some(id.as_str().to_owned()),
                token: Some(id.token().to_string()),
                ..Self::of(id.interop_name())
            })
        } else {
            InteropName::parse(text).map(|name| Self::of(&name))
        }
    }

    /// What `name` says.
    pub fn of(name: &InteropName) -> InteropInfo {
        InteropInfo {
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
