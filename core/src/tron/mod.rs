//! Tron transactions as a wallet signs them. On an EVM chain a wallet signs `{to, data,
//! value}`; a Tron wallet (TronLink, every wallet built on TronWeb) signs a protobuf
//! `Transaction.raw` that TronWeb or a node built from the call, shown to the person as JSON
//! (`raw_data`) but signed as bytes (`raw_data_hex`, whose SHA-256 is the `txID`).
//! [`TronTransaction`] reads TronWeb's JSON; [`proto`] decodes the signed bytes strictly; the
//! checks that they are what was verified are
//! [`Verifier::verify_tron`](crate::verify::Verifier::verify_tron)'s.

pub mod proto;
mod transaction;

pub use transaction::{
    MAX_TRANSACTION_BYTES, TronTransaction, TronTransactionError, address_bytes, address_of,
};

use crate::amount::Decimals;

/// TRX's decimals: amounts of TRX (`fee_limit`, `call_value`) are in SUN, a millionth of a TRX
/// (`DEFAULT_TRON_APPROVAL_FEE_LIMIT = 100_000_000`, "Defaults to 100 TRX":
/// `RequestNetwork/requestNetwork@f1942807:packages/payment-processor/src/payment/utils-tron.ts:6`).
///
/// ```
/// use securepay_core::tron::TRX_DECIMALS;
///
/// assert_eq!(TRX_DECIMALS.get(), 6);
/// ```
// Evaluated at compile time: were 6 out of range, the build would fail here.
#[allow(clippy::panic)]
pub const TRX_DECIMALS: Decimals = match Decimals::new(6) {
    Ok(decimals) => decimals,
    Err(_) => panic!("6 decimals are in range"),
};
