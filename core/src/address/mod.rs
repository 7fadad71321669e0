//! Addresses: EVM (EIP-55), Tron (Base58Check), network-bound addresses, ERC-7930/7828
//! interoperable addresses and names, and payee destination ids.
//!
//! Each form has its own type and its own error type; text becomes one of these types once,
//! at the edge, and code past the edge never handles address strings again.
//!
//! ```
//! use securepay_core::address::{ChainAddress, EvmAddress, InteropName, TronAddress};
//! use securepay_core::network::Network;
//!
//! let evm: EvmAddress = "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359".parse()?;
//! assert_eq!(evm.to_string(), "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359");
//!
//! let tron: TronAddress = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".parse()?;
//! assert_eq!(tron.to_hex(), "41a614f803b6fd780986a42c78ec9c7f77e6ded13c");
//!
//! let payee = ChainAddress::parse(Network::Base, "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359")?;
//! assert_eq!(payee.abi(), evm.into_inner());
//!
//! let name: InteropName = "0xFe89cc7aBB2C4183683ab71653C4cdc9B02D44b7@eip155:1#80B12379".parse()?;
//! assert_eq!(name.chain_id(), Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod chain;
mod checksum;
mod destination;
mod evm;
mod interop;
mod interop_info;
mod tron;

pub use chain::{ChainAddress, ChainAddressError};
pub use destination::DestinationId;
pub use evm::{EvmAddress, EvmAddressError};
pub use interop::{
    Checksum, ChecksumStatus, EIP155_CHAIN_TYPE, InteropAccount, InteropAddress, InteropError,
    InteropName,
};

/// The former name of [`ChainAddress`].
#[deprecated(since = "0.3.0", note = "renamed to `ChainAddress`")]
pub type PayeeAddress = ChainAddress;

/// The former name of [`ChainAddressError`].
#[deprecated(since = "0.3.0", note = "renamed to `ChainAddressError`")]
pub type PayeeAddressError = ChainAddressError;
pub use interop_info::InteropInfo;
pub use tron::{TronAddress, TronAddressError};
