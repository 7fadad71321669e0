//! ERC-7930 interoperable addresses (binary) and ERC-7828 interoperable names (text), eip155
//! profile, with the service's Tron convention.
//!
//! Binary (ERC-7930 v1): `Version(2) ChainType(2) ChainReferenceLength(1) ChainReference
//! AddressLength(1) Address`. The eip155 profile (CAIP-350) uses chain type `0x0000`, the chain
//! id as a minimal big-endian integer, and the 20 address bytes.
//!
//! Text (ERC-7828): `<address>@<chain>[#<CHECKSUM>]`, where the checksum is the first 4 bytes of
//! keccak256 over the binary form without its version, as 8 uppercase hex digits.
//!
//! The service names Tron accounts as `T…@eip155:728126428#…` (Base58 text). Its binary
//! encoding of such names is unpublished, so a Tron name's checksum cannot be reproduced:
//! it is kept as given and reported as [`ChecksumStatus::NotVerifiable`], never passed or
//! failed silently.

use crate::prelude::*;

use core::fmt;
use core::str::FromStr;

use alloy_primitives::{Address, keccak256};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{ChainAddress, EvmAddress, EvmAddressError, TronAddress, TronAddressError};
use crate::network::{Network, NetworkError};

/// The ERC-7930 version this module reads and writes.
const VERSION: [u8; 2] = [0x00, 0x01];
/// The CAIP-350 chain type of the eip155 namespace.
pub const EIP155_CHAIN_TYPE: u16 = 0x0000;
/// Tron's chain id under eip155, as the service writes it.
const TRON_CHAIN_ID: u64 = 728_126_428;

/// Why an interoperable address or name was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum InteropError {
    /// Binary text that is not `0x` followed by an even number of hex digits.
    #[error("not ERC-7930 hex (0x followed by an even number of hex digits): {0:?}")]
    InvalidHex(String),
    /// The binary form ends before a field it announces.
    #[error("ERC-7930 address is truncated: {field} needs {needed} more byte(s)")]
    Truncated {
        /// The field being read.
        field: &'static str,
        /// How many bytes were missing.
        needed: usize,
    },
    /// A version other than 1.
    #[error("unsupported ERC-7930 version 0x{0:04x}: only version 0x0001 is supported")]
    UnsupportedVersion(u16),
    /// A chain type other than eip155 (`0x0000`).
    #[error(
        "unsupported chain namespace {namespace} (ERC-7930 chain type 0x{chain_type:04x}): only eip155 is supported"
    )]
    UnsupportedChainType {
        /// The chain type.
        chain_type: u16,
        /// Its CAIP namespace, when known.
        namespace: &'static str,
    },
    /// A chain namespace other than eip155 in a name.
    #[error("unsupported chain namespace {0:?}: only eip155 is supported")]
    UnsupportedNamespace(String),
    /// A chain label without a namespace (an ENS chain label such as `optimism`).
    #[error(
        "chain {0:?} is an ENS chain label: resolving ENS names needs the network and is not supported; write eip155:<chain id>"
    )]
    EnsChainLabel(String),
    /// An address that is an ENS name.
    #[error(
        "address {0:?} is an ENS name: resolving ENS names needs the network and is not supported"
    )]
    EnsAddress(String),
    /// An eip155 chain reference with leading zero bytes or longer than 8 bytes.
    #[error(
        "non-canonical eip155 chain reference 0x{0}: it must be the chain id in minimal big-endian bytes (at most 8)"
    )]
    NonCanonicalChainReference(String),
    /// A chain reference in a name that is not canonical decimal.
    #[error("eip155 chain reference {0:?} must be the chain id in decimal, without leading zeros")]
    NonDecimalChainReference(String),
    /// Chain id 0.
    #[error("chain id 0 is not a chain")]
    ZeroChainId,
    /// An eip155 address that is not 20 bytes.
    #[error("eip155 addresses are 20 bytes, found {0}")]
    WrongAddressLength(usize),
    /// Neither a chain reference nor an address.
    #[error("an interoperable address needs a chain reference, an address, or both")]
    Empty,
    /// Bytes after the address.
    #[error("{0} unexpected byte(s) after the ERC-7930 address")]
    TrailingBytes(usize),
    /// Text without the `@` between address and chain.
    #[error("not an interoperable name (address@chain#CHECKSUM): missing '@' in {0:?}")]
    MissingAt(String),
    /// More than one `@` or `#`.
    #[error("not an interoperable name (address@chain#CHECKSUM): {0:?}")]
    Malformed(String),
    /// A checksum that is not 8 hex digits.
    #[error("checksum {0:?} is not 8 uppercase hex digits")]
    InvalidChecksumFormat(String),
    /// A checksum in lowercase: ERC-7828 requires `[0-9A-F]{{8}}`.
    #[error("checksum {0:?} is lowercase: ERC-7828 checksums are 8 uppercase hex digits (write {upper})", upper = .0.to_ascii_uppercase())]
    LowercaseChecksum(String),
    /// The checksum does not match the address and chain.
    #[error("checksum mismatch: the name says {given} but the address and chain give {computed}")]
    ChecksumMismatch {
        /// The checksum in the text.
        given: Checksum,
        /// The checksum of the address and chain.
        computed: Checksum,
    },
    /// An EVM address that does not parse.
    #[error("invalid address in interoperable name: {0}")]
    EvmAddress(#[from] EvmAddressError),
    /// A Base58 address that does not parse.
    #[error("invalid address in interoperable name: {0}")]
    TronAddress(#[from] TronAddressError),
    /// A Tron (Base58) address on a chain other than Tron's.
    #[error("the Base58 (Tron) address {address} needs chain eip155:728126428, found {chain}")]
    TronAddressOffTron {
        /// The address.
        address: String,
        /// The chain given (`eip155` or `eip155:<id>`).
        chain: String,
    },
    /// An address text that is neither 0x hex nor Base58.
    #[error("address {0:?} is neither 0x hex (EVM) nor Base58 (Tron)")]
    UnrecognisedAddress(String),
    /// A destination id without the `:{token}` part.
    #[error("not a destination id ({{interopName}}:{{tokenAddress}}): {0:?}")]
    MalformedDestinationId(String),
    /// A destination id whose name lacks the wallet address or the chain reference.
    #[error("a destination id needs a wallet address and a chain id: {0:?}")]
    IncompleteDestination(String),
    /// A destination on a chain that is not one of the service's networks.
    #[error("destination chain: {0}")]
    Network(#[from] NetworkError),
    /// A token or wallet address of the wrong family for the destination's network.
    #[error("destination {what} {input} is not an address of network {network}")]
    WrongFamily {
        /// `"token"` or `"wallet"`.
        what: &'static str,
        /// The text.
        input: String,
        /// The destination's network.
        network: Network,
    },
}

/// An ERC-7828 checksum: the first 4 bytes of keccak256 over the binary interoperable
/// address without its version. `Display` writes 8 uppercase hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Checksum([u8; 4]);

impl Checksum {
    /// Parses 8 uppercase hex digits (the ERC-7828 grammar `[0-9A-F]{8}`).
    pub fn parse(text: &str) -> Result<Checksum, InteropError> {
        if text.len() != 8 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(InteropError::InvalidChecksumFormat(text.to_owned()));
        }
        if text.bytes().any(|b| b.is_ascii_lowercase()) {
            return Err(InteropError::LowercaseChecksum(text.to_owned()));
        }
        let mut bytes = [0u8; 4];
        alloy_primitives::hex::decode_to_slice(text, &mut bytes)
            .map_err(|_| InteropError::InvalidChecksumFormat(text.to_owned()))?;
        Ok(Checksum(bytes))
    }

    /// The four bytes.
    pub const fn bytes(&self) -> [u8; 4] {
        self.0
    }
}

impl fmt::Display for Checksum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&alloy_primitives::hex::encode_upper(self.0))
    }
}

impl fmt::Debug for Checksum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Checksum({self})")
    }
}

/// An ERC-7930 interoperable address in the eip155 profile: a chain id, a 20-byte address,
/// or both.
///
/// ```
/// use securepay_core::address::InteropAddress;
///
/// let binary: InteropAddress = "0x00010000010114d8da6bf26964af9d7eed9e03e53415d37aa96045".parse()?;
/// assert_eq!(binary.chain_id(), Some(1));
/// assert_eq!(binary.checksum().to_string(), "4CA88C9C");
/// assert_eq!(binary.to_string(), "0x00010000010114d8da6bf26964af9d7eed9e03e53415d37aa96045");
/// # Ok::<(), securepay_core::address::InteropError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InteropAddress {
    chain_id: Option<u64>,
    address: Option<Address>,
}

impl InteropAddress {
    /// An interoperable address; at least one part must be present and the chain id is not 0.
    pub fn new(
        chain_id: Option<u64>,
        address: Option<Address>,
    ) -> Result<InteropAddress, InteropError> {
        if chain_id == Some(0) {
            return Err(InteropError::ZeroChainId);
        }
        if chain_id.is_none() && address.is_none() {
            return Err(InteropError::Empty);
        }
        Ok(InteropAddress { chain_id, address })
    }

    /// Reads the binary form strictly: version 1, eip155, canonical chain reference, a
    /// 20-byte address or none, and nothing after it.
    pub fn from_bytes(bytes: &[u8]) -> Result<InteropAddress, InteropError> {
        let mut reader = Reader(bytes);
        let version = reader.u16("Version")?;
        if version.to_be_bytes() != VERSION {
            return Err(InteropError::UnsupportedVersion(version));
        }
        let chain_type = reader.u16("ChainType")?;
        if chain_type != EIP155_CHAIN_TYPE {
            return Err(InteropError::UnsupportedChainType {
                chain_type,
                namespace: namespace_of(chain_type),
            });
        }
        let reference_len = reader.u8("ChainReferenceLength")?;
        let reference = reader.take("ChainReference", usize::from(reference_len))?;
        let address_len = reader.u8("AddressLength")?;
        let address = reader.take("Address", usize::from(address_len))?;
        if !reader.0.is_empty() {
            return Err(InteropError::TrailingBytes(reader.0.len()));
        }
        let chain_id = match reference {
            [] => None,
            [0, ..] | [_, _, _, _, _, _, _, _, _, ..] => {
                return Err(InteropError::NonCanonicalChainReference(
                    alloy_primitives::hex::encode(reference),
                ));
            }
            bytes => Some(bytes.iter().fold(0u64, |id, b| (id << 8) | u64::from(*b))),
        };
        let address = match address.len() {
            0 => None,
            20 => Some(Address::from_slice(address)),
            len => return Err(InteropError::WrongAddressLength(len)),
        };
        InteropAddress::new(chain_id, address)
    }

    /// Reads `0x`-prefixed hex (either case) of the binary form.
    pub fn from_hex(text: &str) -> Result<InteropAddress, InteropError> {
        let digits = text
            .strip_prefix("0x")
            .ok_or_else(|| InteropError::InvalidHex(text.to_owned()))?;
        let bytes = crate::serde_util::hex_digits(digits)
            .ok_or_else(|| InteropError::InvalidHex(text.to_owned()))?;
        InteropAddress::from_bytes(&bytes)
    }

    /// The chain id, if the address names a chain.
    pub const fn chain_id(&self) -> Option<u64> {
        self.chain_id
    }

    /// The 20-byte address, if any (none for a chain identifier).
    pub const fn address(&self) -> Option<Address> {
        self.address
    }

    /// The binary form.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(36);
        bytes.extend_from_slice(&VERSION);
        self.write_hashed_fields(&mut bytes);
        bytes
    }

    /// The binary form as lowercase `0x` hex.
    pub fn to_hex(&self) -> String {
        format!("0x{}", alloy_primitives::hex::encode(self.to_bytes()))
    }

    /// The ERC-7828 checksum of this address.
    pub fn checksum(&self) -> Checksum {
        let mut hashed = Vec::with_capacity(34);
        self.write_hashed_fields(&mut hashed);
        let hash = keccak256(&hashed);
        let mut checksum = [0u8; 4];
        checksum.copy_from_slice(hash.get(..4).unwrap_or(&[0; 4]));
        Checksum(checksum)
    }

    /// Every field but the version.
    fn write_hashed_fields(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&EIP155_CHAIN_TYPE.to_be_bytes());
        match self.chain_id {
            Some(id) => {
                let be = id.to_be_bytes();
                let minimal = be.get(id.leading_zeros() as usize / 8..).unwrap_or(&be);
                out.push(minimal.len() as u8);
                out.extend_from_slice(minimal);
            }
            None => out.push(0),
        }
        match self.address {
            Some(address) => {
                out.push(20);
                out.extend_from_slice(address.as_slice());
            }
            None => out.push(0),
        }
    }
}

impl fmt::Display for InteropAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

impl FromStr for InteropAddress {
    type Err = InteropError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        InteropAddress::from_hex(s)
    }
}

fn namespace_of(chain_type: u16) -> &'static str {
    match chain_type {
        0x0000 => "eip155",
        0x0001 => "bip122",
        0x0002 => "solana",
        _ => "unknown",
    }
}

/// A cursor over the binary form that never reads past the end.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, field: &'static str, len: usize) -> Result<&'a [u8], InteropError> {
        if self.0.len() < len {
            return Err(InteropError::Truncated {
                field,
                needed: len.saturating_sub(self.0.len()),
            });
        }
        let (head, rest) = self.0.split_at(len);
        self.0 = rest;
        Ok(head)
    }

    fn u8(&mut self, field: &'static str) -> Result<u8, InteropError> {
        Ok(self.take(field, 1)?.first().copied().unwrap_or_default())
    }

    fn u16(&mut self, field: &'static str) -> Result<u16, InteropError> {
        let bytes = self.take(field, 2)?;
        Ok(bytes.iter().fold(0u16, |v, b| (v << 8) | u16::from(*b)))
    }
}

/// The account of an interoperable name: EVM hex, or Base58 on Tron.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InteropAccount {
    /// A 20-byte address written in hex (EIP-55 when displayed).
    Evm(EvmAddress),
    /// A Tron address written in Base58, as the service names Tron accounts.
    Tron(TronAddress),
}

impl InteropAccount {
    /// The 20 bytes the binary form carries.
    pub const fn abi(&self) -> Address {
        match self {
            InteropAccount::Evm(a) => a.into_inner(),
            InteropAccount::Tron(a) => a.abi(),
        }
    }
}

impl fmt::Display for InteropAccount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InteropAccount::Evm(a) => a.fmt(f),
            InteropAccount::Tron(a) => a.fmt(f),
        }
    }
}

/// What is known about the checksum of a parsed name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChecksumStatus {
    /// The name carried a checksum and it matches.
    Verified,
    /// The name carried no checksum.
    Absent,
    /// The name carried a checksum that cannot be checked: the service's encoding of Tron
    /// (Base58) names is unpublished.
    NotVerifiable,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum NameChecksum {
    Absent,
    Verified(Checksum),
    NotVerifiable(Checksum),
}

/// An ERC-7828 interoperable name in the eip155 namespace: `address@eip155:<chainId>#CHECKSUM`.
///
/// Parsing verifies a checksum when one is given (a mismatch is an error) and accepts names
/// without one. `Display` writes the name back as parsed (with its checksum if it had one);
/// [`InteropName::to_checked_string`] always adds the checksum.
///
/// ```
/// use securepay_core::address::{ChecksumStatus, InteropName};
///
/// let name: InteropName = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:1#4CA88C9C".parse()?;
/// assert_eq!(name.checksum_status(), ChecksumStatus::Verified);
/// assert_eq!(name.to_binary().to_hex(), "0x00010000010114d8da6bf26964af9d7eed9e03e53415d37aa96045");
///
/// let bare: InteropName = "0x742d35cc6634c0532925a3b844bc454e4438f44e@eip155:8453".parse()?;
/// assert_eq!(bare.to_checked_string(), "0x742d35Cc6634C0532925a3b844Bc454e4438f44e@eip155:8453#B4FD67BB");
///
/// assert!("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#ABCD1234".parse::<InteropName>().is_err());
/// # Ok::<(), securepay_core::address::InteropError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InteropName {
    account: Option<InteropAccount>,
    chain_id: Option<u64>,
    checksum: NameChecksum,
}

impl InteropName {
    /// Parses and checks a name.
    pub fn parse(text: &str) -> Result<InteropName, InteropError> {
        let (body, checksum_text) = match text.split_once('#') {
            Some((body, checksum)) => (body, Some(checksum)),
            None => (text, None),
        };
        let (address_text, chain_text) = body
            .split_once('@')
            .ok_or_else(|| InteropError::MissingAt(text.to_owned()))?;
        if chain_text.contains('@') {
            return Err(InteropError::Malformed(text.to_owned()));
        }
        let chain_id = parse_chain(chain_text)?;
        let account = parse_account(address_text, chain_id, chain_text)?;
        let unchecked = InteropName {
            account,
            chain_id,
            checksum: NameChecksum::Absent,
        };
        let binary = InteropAddress::new(chain_id, account.map(|a| a.abi()))?;
        let checksum = match checksum_text {
            None => NameChecksum::Absent,
            Some(given) => {
                let given = Checksum::parse(given)?;
                match account {
                    Some(InteropAccount::Tron(_)) => NameChecksum::NotVerifiable(given),
                    _ => {
                        let computed = binary.checksum();
                        if computed != given {
                            return Err(InteropError::ChecksumMismatch { given, computed });
                        }
                        NameChecksum::Verified(given)
                    }
                }
            }
        };
        Ok(InteropName {
            checksum,
            ..unchecked
        })
    }

    /// The name of `address` on `network` (no checksum given: [`InteropName::to_checked_string`]
    /// adds it). The address must be of the network's family.
    ///
    /// ```
    /// use securepay_core::address::{ChainAddress, InteropName};
    /// use securepay_core::network::Network;
    ///
    /// let wallet: ChainAddress = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
    /// let name = InteropName::new(wallet, Network::Base)?;
    /// assert_eq!(name.to_checked_string(), "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED");
    /// let tron: ChainAddress = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".parse()?;
    /// assert!(InteropName::new(tron, Network::Base).is_err()); // a Tron address on an EVM chain
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(address: ChainAddress, network: Network) -> Result<InteropName, InteropError> {
        if !address.fits(network) {
            return Err(InteropError::WrongFamily {
                what: "wallet",
                input: address.to_string(),
                network,
            });
        }
        let account = match address {
            ChainAddress::Evm(a) => InteropAccount::Evm(a),
            ChainAddress::Tron(a) => InteropAccount::Tron(a),
        };
        Ok(InteropName {
            account: Some(account),
            chain_id: Some(network.chain_id()),
            checksum: NameChecksum::Absent,
        })
    }

    /// The name of a binary interoperable address (hex account, no checksum given).
    pub fn from_binary(binary: &InteropAddress) -> InteropName {
        InteropName {
            account: binary
                .address()
                .map(|a| InteropAccount::Evm(EvmAddress::new(a))),
            chain_id: binary.chain_id(),
            checksum: NameChecksum::Absent,
        }
    }

    /// The account, if the name has one (none for a chain identifier such as `@eip155:1`).
    pub const fn account(&self) -> Option<InteropAccount> {
        self.account
    }

    /// The chain id, if the name has a chain reference.
    pub const fn chain_id(&self) -> Option<u64> {
        self.chain_id
    }

    /// The service network of the chain id.
    pub fn network(&self) -> Option<Result<Network, NetworkError>> {
        self.chain_id.map(Network::from_chain_id)
    }

    /// What is known about the checksum.
    pub const fn checksum_status(&self) -> ChecksumStatus {
        match self.checksum {
            NameChecksum::Absent => ChecksumStatus::Absent,
            NameChecksum::Verified(_) => ChecksumStatus::Verified,
            NameChecksum::NotVerifiable(_) => ChecksumStatus::NotVerifiable,
        }
    }

    /// The checksum the text carried, if any.
    pub const fn given_checksum(&self) -> Option<Checksum> {
        match self.checksum {
            NameChecksum::Absent => None,
            NameChecksum::Verified(c) | NameChecksum::NotVerifiable(c) => Some(c),
        }
    }

    /// The ERC-7828 checksum of the name, or `None` for a Tron (Base58) name, whose checksum
    /// the service computes in an unpublished way.
    pub fn computed_checksum(&self) -> Option<Checksum> {
        match self.account {
            Some(InteropAccount::Tron(_)) => None,
            _ => Some(self.to_binary().checksum()),
        }
    }

    /// The ERC-7930 binary form. For a Tron name it carries the 20-byte body of the address.
    pub fn to_binary(&self) -> InteropAddress {
        InteropAddress {
            chain_id: self.chain_id,
            address: self.account.map(|a| a.abi()),
        }
    }

    /// The name with its checksum: the computed one, or for a Tron name the one it was given
    /// (none if it had none).
    pub fn to_checked_string(&self) -> String {
        let checksum = self.computed_checksum().or(self.given_checksum());
        self.format_with(checksum)
    }

    fn format_with(&self, checksum: Option<Checksum>) -> String {
        let mut text = String::with_capacity(64);
        if let Some(account) = self.account {
            text.push_str(&account.to_string());
        }
        text.push_str("@eip155");
        if let Some(id) = self.chain_id {
            text.push(':');
            text.push_str(&id.to_string());
        }
        if let Some(checksum) = checksum {
            text.push('#');
            text.push_str(&checksum.to_string());
        }
        text
    }
}

fn parse_chain(chain: &str) -> Result<Option<u64>, InteropError> {
    let (namespace, reference) = match chain.split_once(':') {
        Some((namespace, reference)) => (namespace, Some(reference)),
        None => (chain, None),
    };
    if namespace != "eip155" {
        return Err(match (reference, namespace) {
            (None, "solana" | "bip122" | "cosmos" | "polkadot" | "tron") => {
                InteropError::UnsupportedNamespace(namespace.to_owned())
            }
            (None, _) => InteropError::EnsChainLabel(chain.to_owned()),
            (Some(_), _) => InteropError::UnsupportedNamespace(namespace.to_owned()),
        });
    }
    let Some(reference) = reference else {
        return Ok(None);
    };
    let canonical = reference.bytes().all(|b| b.is_ascii_digit())
        && !reference.is_empty()
        && (reference == "0" || !reference.starts_with('0'));
    if !canonical {
        return Err(InteropError::NonDecimalChainReference(reference.to_owned()));
    }
    let id: u64 = reference
        .parse()
        .map_err(|_| InteropError::NonDecimalChainReference(reference.to_owned()))?;
    if id == 0 {
        return Err(InteropError::ZeroChainId);
    }
    Ok(Some(id))
}

fn parse_account(
    text: &str,
    chain_id: Option<u64>,
    chain_text: &str,
) -> Result<Option<InteropAccount>, InteropError> {
    if text.is_empty() {
        return Ok(None);
    }
    if text.starts_with("0x") {
        return Ok(Some(InteropAccount::Evm(EvmAddress::parse(text)?)));
    }
    if text.contains('.') {
        return Err(InteropError::EnsAddress(text.to_owned()));
    }
    if !text.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(InteropError::UnrecognisedAddress(text.to_owned()));
    }
    let tron = TronAddress::parse(text)?;
    if chain_id != Some(TRON_CHAIN_ID) {
        return Err(InteropError::TronAddressOffTron {
            address: text.to_owned(),
            chain: chain_text.to_owned(),
        });
    }
    Ok(Some(InteropAccount::Tron(tron)))
}

impl fmt::Display for InteropName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format_with(self.given_checksum()))
    }
}

impl FromStr for InteropName {
    type Err = InteropError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        InteropName::parse(s)
    }
}

impl Serialize for InteropName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for InteropName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, InteropName::parse)
    }
}
