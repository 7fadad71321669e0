//! The shapes of the built-in catalog's rows, which `builtin.rs` (generated from
//! `tests/data/reference/currencies.json`) fills.

use alloy_primitives::Address;

use super::CurrencyType;
use crate::network::Network;

/// The address of a built-in currency: an EVM address, or a Tron address's 20-byte body.
#[derive(Debug, Clone, Copy)]
pub(super) enum BuiltinAddress {
    Evm(Address),
    Tron(Address),
}

/// One row of the built-in catalog.
#[derive(Debug, Clone, Copy)]
pub(super) struct BuiltinCurrency {
    pub id: &'static str,
    pub name: &'static str,
    pub symbol: &'static str,
    pub decimals: u8,
    pub address: BuiltinAddress,
    pub network: Network,
    pub kind: CurrencyType,
    /// A payee destination may be registered in this token.
    pub destination: bool,
    /// `false` when the address comes from third-party sources only.
    pub verified: bool,
    pub aliases: &'static [&'static str],
}

/// One fiat (ISO 4217) currency.
#[derive(Debug, Clone, Copy)]
pub(super) struct BuiltinFiat {
    pub code: &'static str,
    pub name: &'static str,
    pub decimals: u8,
    /// The ASCII code right-aligned in 20 bytes, as the service writes it.
    pub address: Address,
    /// The currency hash used in conversion paths.
    pub hash: Address,
}
