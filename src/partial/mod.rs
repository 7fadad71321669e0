//! Partial payments: the ledger of a request paid in several parts, and the request status
//! (`GET /v2/request/{requestId}`) that feeds it.
//!
//! A request may be paid in parts (`GET /v2/request/{id}/pay?amount=…`, amount > 0). The
//! service reports `status: "partially_paid"` until it is settled, caps over-payment to the
//! remaining balance (reporting `excessAmount`), sends `payment.partial` for each part and
//! `payment.confirmed` at full settlement. [`Ledger`] keeps the same account locally,
//! idempotently, from your own payments, from those webhooks and from status reads.
//!
//! ```
//! use securepay::currency::Catalog;
//! use securepay::partial::{Ledger, LedgerStatus};
//! use securepay::webhook::Event;
//!
//! let usdc = Catalog::builtin().get("USDC-base")?;
//! let mut ledger = Ledger::for_currency("0151b394", "100", usdc)?;
//! let partial = Event::parse_unverified(br#"{"event":"payment.partial","requestId":"0151b394",
//!   "txHash":"0xabcdef1234567890abcdef1234567890abcdef1234567890abcdef1234567890",
//!   "amount":"50.0","totalAmountPaid":"50.0","expectedAmount":"100.0"}"#)?;
//! assert_eq!(ledger.apply_event(&partial)?.status, LedgerStatus::PartiallyPaid);
//! assert_eq!(ledger.remaining().to_string(), "50");
//! assert!(!ledger.is_settled()); // never fulfil on payment.partial
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod ledger;
mod record;
mod status;

pub use crate::wire::{TxHash, TxHashError};
pub use error::LedgerError;
pub use ledger::{Applied, Ledger, LedgerPayment, LedgerStatus};
pub use status::{
    BreakdownPayment, ConversionBreakdown, CustomerAddress, CustomerInfo, RateSource, RequestFee,
    RequestState, RequestStatus,
};
