//! Why something was not applied to a ledger.

use crate::amount::AmountError;

use super::{TxHash, TxHashError};

/// Why a payment, an event or a status was not applied to a ledger. Nothing is changed when
/// an error is returned.
///
/// ```
/// use securepay::amount::{Amount, Decimals};
/// use securepay::partial::{Ledger, LedgerError};
///
/// let mut ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
/// let tx = "0x1111111111111111111111111111111111111111111111111111111111111111";
/// ledger.apply(tx, "40")?;
/// let error = ledger.apply(tx, "45").unwrap_err(); // the same transaction, another amount
/// assert!(matches!(error, LedgerError::ConflictingPayment { ref recorded, ref given, .. } if recorded == "40" && given == "45"));
/// assert_eq!(ledger.paid().to_string(), "40"); // unchanged
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LedgerError {
    /// The request id is empty.
    #[error("the ledger needs a request id")]
    EmptyRequestId,
    /// An amount is malformed, too precise for the currency, or zero where a payment is
    /// expected.
    #[error("{field}: {source}")]
    Amount {
        /// The field (`amount`, `expectedAmount`, …).
        field: &'static str,
        /// What was wrong.
        source: AmountError,
    },
    /// The transaction hash is malformed.
    #[error(transparent)]
    TxHash(#[from] TxHashError),
    /// The event or status is about another request.
    #[error("this ledger is for request {ledger}, not {other}")]
    WrongRequest {
        /// The ledger's request.
        ledger: String,
        /// The request named by the event or status.
        other: String,
    },
    /// Only `payment.confirmed` and `payment.partial` (any scope) carry payments.
    #[error("{event} does not carry a payment: only payment.confirmed and payment.partial do")]
    NotAPaymentEvent {
        /// The event name.
        event: String,
    },
    /// A field the ledger needs is absent.
    #[error("{event} has no {field}: the ledger cannot apply it")]
    MissingField {
        /// The event name.
        event: String,
        /// The field.
        field: &'static str,
    },
    /// The service reports another expected amount than the ledger's.
    #[error(
        "the service expects {reported} but this ledger expects {ledger}: wrong request, or wrong currency decimals"
    )]
    ExpectedMismatch {
        /// The ledger's expected amount.
        ledger: String,
        /// The service's.
        reported: String,
    },
    /// The same transaction reported with two different amounts.
    #[error("transaction {tx_hash} was recorded as {recorded} and is now reported as {given}")]
    ConflictingPayment {
        /// The transaction.
        tx_hash: TxHash,
        /// The amount recorded.
        recorded: String,
        /// The amount now given.
        given: String,
    },
    /// `paidAmount + remainingAmount` is not the expected amount.
    #[error(
        "the status says paid {paid} + remaining {remaining}, which is not the expected {expected}"
    )]
    InconsistentStatus {
        /// `paidAmount`.
        paid: String,
        /// `remainingAmount`.
        remaining: String,
        /// The ledger's expected amount.
        expected: String,
    },
    /// The sum of all payments exceeds 256 bits.
    #[error("the sum of the payments exceeds uint256")]
    Overflow,
}
