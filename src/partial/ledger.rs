//! The partial-payment ledger of one request: expected, paid, remaining, each payment once.

use alloy_primitives::U256;
use serde::{Deserialize, Serialize};

use super::record::LedgerRecord;
use super::{LedgerError, RequestStatus, TxHash};
use crate::amount::{Amount, AmountError, Decimals, format_units};
use crate::currency::Currency;
use crate::webhook::{DecimalText, Event, PaymentUpdate};

/// Where a request stands.
///
/// ```
/// use securepay::partial::LedgerStatus;
/// # use securepay::amount::{Amount, Decimals};
/// # use securepay::partial::Ledger;
/// # let mut ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
/// assert_eq!(ledger.status(), LedgerStatus::Pending);
/// assert_eq!(ledger.apply("0x1111111111111111111111111111111111111111111111111111111111111111", "25")?.status, LedgerStatus::PartiallyPaid);
/// assert_eq!(serde_json::to_string(&LedgerStatus::PartiallyPaid)?, r#""partially_paid""#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LedgerStatus {
    /// Nothing paid.
    Pending,
    /// Part of the amount paid (the service's `partially_paid`).
    PartiallyPaid,
    /// The whole amount paid, or the service confirmed settlement.
    Paid,
}

/// One payment recorded in a ledger.
///
/// ```
/// # use securepay::amount::{Amount, Decimals};
/// # use securepay::partial::Ledger;
/// # let mut ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
/// ledger.apply("0x1111111111111111111111111111111111111111111111111111111111111111", "90")?;
/// ledger.apply("0x2222222222222222222222222222222222222222222222222222222222222222", "15")?; // 5 more than the 10 left
/// let second = ledger.payments()[1];
/// assert_eq!((second.amount.to_string(), second.credited.to_string(), second.excess.to_string()),
///     ("15".to_owned(), "10".to_owned(), "5".to_owned()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct LedgerPayment {
    /// The transaction.
    pub tx_hash: TxHash,
    /// The amount paid.
    pub amount: Amount,
    /// The part that counted towards the request.
    pub credited: Amount,
    /// The part above the remaining balance (the service caps over-payment).
    pub excess: Amount,
}

/// What applying a payment, an event or a status did.
///
/// ```
/// use securepay::partial::LedgerStatus;
/// # use securepay::amount::{Amount, Decimals};
/// # use securepay::partial::Ledger;
/// # let mut ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
/// let applied = ledger.apply("0x1111111111111111111111111111111111111111111111111111111111111111", "100")?;
/// assert_eq!((applied.previous, applied.status), (LedgerStatus::Pending, LedgerStatus::Paid));
/// assert!(applied.recorded.is_some() && !applied.duplicate);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Applied {
    /// The payment newly recorded, if any.
    pub recorded: Option<LedgerPayment>,
    /// Whether the transaction was already recorded (a no-op for the amounts).
    pub duplicate: bool,
    /// The status before.
    pub previous: LedgerStatus,
    /// The status after.
    pub status: LedgerStatus,
}

impl Applied {
    /// The over-payment of the newly recorded payment (zero if none).
    ///
    /// ```
    /// # use securepay::amount::{Amount, Decimals};
    /// # use securepay::partial::Ledger;
    /// # let mut ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
    /// assert_eq!(ledger.apply("0x1111111111111111111111111111111111111111111111111111111111111111", "99")?.excess().map(|a| a.to_string()), Some("0".to_owned()));
    /// assert_eq!(ledger.apply("0x2222222222222222222222222222222222222222222222222222222222222222", "1.25")?.excess().map(|a| a.to_string()), Some("0.25".to_owned()));
    /// assert_eq!(ledger.apply("0x2222222222222222222222222222222222222222222222222222222222222222", "1.25")?.excess(), None); // a duplicate records nothing
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn excess(&self) -> Option<Amount> {
        self.recorded.map(|p| p.excess)
    }
}

/// The ledger of one request: the expected amount in its currency's smallest units, each
/// payment recorded once by transaction hash, and the service's own cumulative figures.
///
/// - A payment is a human amount > 0 with no more fractional digits than the currency has.
/// - A payment above the remaining balance is capped to it; the excess is reported.
/// - The same transaction applied twice is a no-op; with another amount, an error.
/// - `payment.partial` / `payment.confirmed` events and request statuses feed the same
///   ledger; their cumulative totals (`totalAmountPaid`, `paidAmount`) only ever raise
///   what is paid, so events may arrive in any order or more than once.
/// - [`Ledger::is_settled`] is the service's word (`payment.confirmed`, `hasBeenPaid`): fulfil
///   on it, never on amounts alone.
///
/// ```
/// use securepay::amount::{Amount, Decimals};
/// use securepay::partial::{Ledger, LedgerStatus};
///
/// let usdc = Decimals::new(6)?;
/// let mut ledger = Ledger::new("01e273ec", Amount::parse_positive("100", usdc)?)?;
/// let tx1 = "0x1111111111111111111111111111111111111111111111111111111111111111";
/// let tx2 = "0x2222222222222222222222222222222222222222222222222222222222222222";
///
/// assert_eq!(ledger.apply(tx1, "60.5")?.status, LedgerStatus::PartiallyPaid);
/// assert!(ledger.apply(tx1, "60.5")?.duplicate); // the same payment twice: no-op
/// let last = ledger.apply(tx2, "50")?;
/// assert_eq!(last.excess().map(|a| a.to_string()), Some("10.5".to_owned())); // capped
/// assert_eq!(ledger.status(), LedgerStatus::Paid);
/// assert_eq!(ledger.remaining().to_string(), "0");
/// assert!(ledger.apply(tx2, "0.0000001").is_err()); // too precise for USDC
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "LedgerRecord", try_from = "LedgerRecord")]
pub struct Ledger {
    pub(super) request_id: String,
    pub(super) expected: Amount,
    pub(super) payments: Vec<LedgerPayment>,
    credited: U256,
    received: U256,
    pub(super) reported_paid: U256,
    pub(super) confirmed: bool,
}

impl Ledger {
    /// A ledger for `request_id` expecting `expected` (greater than zero).
    ///
    /// ```
    /// use securepay::amount::{Amount, Decimals};
    /// use securepay::partial::{Ledger, LedgerError};
    ///
    /// let eighteen = Decimals::new(18)?;
    /// let ledger = Ledger::new("01e273ec", Amount::parse_positive("0.5", eighteen)?)?;
    /// assert_eq!(ledger.expected().units().to_string(), "500000000000000000");
    /// assert_eq!(Ledger::new("", Amount::parse_positive("0.5", eighteen)?), Err(LedgerError::EmptyRequestId));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(request_id: &str, expected: Amount) -> Result<Ledger, LedgerError> {
        if request_id.is_empty() {
            return Err(LedgerError::EmptyRequestId);
        }
        if expected.is_zero() {
            return Err(LedgerError::Amount {
                field: "expectedAmount",
                source: AmountError::Zero,
            });
        }
        Ok(Ledger {
            request_id: request_id.to_owned(),
            expected,
            payments: Vec::new(),
            credited: U256::ZERO,
            received: U256::ZERO,
            reported_paid: U256::ZERO,
            confirmed: false,
        })
    }

    /// A ledger for a request of `expected` (human text) in `currency`.
    ///
    /// ```
    /// use securepay::currency::Catalog;
    /// use securepay::partial::Ledger;
    ///
    /// let usdc = Catalog::builtin().get("USDC-base")?;
    /// let ledger = Ledger::for_currency("01e273ec", "100.50", usdc)?;
    /// assert_eq!(ledger.expected().units().to_string(), "100500000"); // 6 decimals
    /// assert!(Ledger::for_currency("01e273ec", "0.0000001", usdc).is_err()); // too precise for USDC
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn for_currency(
        request_id: &str,
        expected: &str,
        currency: &Currency,
    ) -> Result<Ledger, LedgerError> {
        let expected = Amount::parse_positive(expected, currency.decimals()).map_err(|source| {
            LedgerError::Amount {
                field: "expectedAmount",
                source,
            }
        })?;
        Ledger::new(request_id, expected)
    }

    /// Applies a payment of `amount` (human text, > 0, at most the currency's decimals) made
    /// by transaction `tx_hash`.
    ///
    /// ```
    /// use securepay::partial::LedgerError;
    /// # use securepay::amount::{Amount, Decimals};
    /// # use securepay::partial::Ledger;
    /// # let mut ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
    /// ledger.apply("0x1111111111111111111111111111111111111111111111111111111111111111", "60.5")?;
    /// assert_eq!(ledger.remaining().to_string(), "39.5");
    /// assert!(matches!(ledger.apply("0x2222222222222222222222222222222222222222222222222222222222222222", "0"), Err(LedgerError::Amount { field: "amount", .. })));
    /// assert!(matches!(ledger.apply("0x22", "1"), Err(LedgerError::TxHash(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply(&mut self, tx_hash: &str, amount: &str) -> Result<Applied, LedgerError> {
        let tx_hash = TxHash::parse(tx_hash)?;
        let amount = Amount::parse_positive(amount, self.decimals()).map_err(|source| {
            LedgerError::Amount {
                field: "amount",
                source,
            }
        })?;
        self.apply_units(tx_hash, amount.units())
    }

    /// Applies a payment of `units` smallest units (> 0) made by transaction `tx_hash`.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// # use securepay::amount::{Amount, Decimals};
    /// # use securepay::partial::Ledger;
    /// # let mut ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
    /// let tx = "0x1111111111111111111111111111111111111111111111111111111111111111".parse()?;
    /// ledger.apply_units(tx, U256::from(2_500_000u64))?; // 2.5 USDC in smallest units
    /// assert_eq!(ledger.paid().to_string(), "2.5");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply_units(&mut self, tx_hash: TxHash, units: U256) -> Result<Applied, LedgerError> {
        let previous = self.status();
        let (recorded, duplicate) = self.record(tx_hash, units)?;
        Ok(self.applied(recorded, duplicate, previous))
    }

    /// Applies a `payment.partial` or `payment.confirmed` event (any scope): the transaction
    /// (`txHash`, `amount`), the cumulative `totalAmountPaid`, and for `payment.confirmed` the
    /// settlement. `expectedAmount`, when present, must be the ledger's.
    ///
    /// The event's amounts are taken to be in the ledger's currency, as in every documented
    /// example (`amount`, `totalAmountPaid` and `expectedAmount` share one unit).
    ///
    /// ```
    /// use securepay::amount::{Amount, Decimals};
    /// use securepay::partial::{Ledger, LedgerStatus};
    /// use securepay::webhook::Event;
    ///
    /// let request = "0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93";
    /// let mut ledger = Ledger::new(request, Amount::parse_positive("100", Decimals::new(6)?)?)?;
    /// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.partial.json")))?;
    /// assert_eq!(ledger.apply_event(&event)?.status, LedgerStatus::PartiallyPaid);
    /// assert_eq!(ledger.paid().to_string(), "50");
    /// assert!(ledger.apply_event(&event)?.duplicate); // redelivered: applied once
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply_event(&mut self, event: &Event) -> Result<Applied, LedgerError> {
        let (payment, confirms) = match event {
            Event::PaymentConfirmed(p) => (p, true),
            Event::PaymentPartial(p) => (p, false),
            other => {
                return Err(LedgerError::NotAPaymentEvent {
                    event: other.name().to_string(),
                });
            }
        };
        let name = event.name().to_string();
        let missing = |field| LedgerError::MissingField {
            event: name.clone(),
            field,
        };
        self.check_request(payment.request_id().ok_or_else(|| missing("requestId"))?)?;
        if let Some(expected) = &payment.expected_amount {
            self.check_expected(expected)?;
        }
        let tx_hash = TxHash::parse(
            payment
                .tx_hash
                .as_deref()
                .ok_or_else(|| missing("txHash"))?,
        )?;
        let amount = self.positive(
            payment.amount.as_ref().ok_or_else(|| missing("amount"))?,
            "amount",
        )?;
        let total = reported_total(payment, self.decimals())?;

        let previous = self.status();
        let (recorded, duplicate) = self.record(tx_hash, amount)?;
        self.report_paid(total);
        self.confirmed |= confirms;
        Ok(self.applied(recorded, duplicate, previous))
    }

    /// Applies a request status (`GET /v2/request/{id}`): `paidAmount` raises what is paid,
    /// `hasBeenPaid` settles. A status naming another request, or whose paid and remaining
    /// amounts do not add up to the expected amount, is refused.
    ///
    /// ```
    /// use securepay::partial::{LedgerError, RequestStatus};
    /// # use securepay::amount::{Amount, Decimals};
    /// # use securepay::partial::Ledger;
    /// # let mut ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
    /// let status: RequestStatus = serde_json::from_str(r#"{"hasBeenPaid": false,
    ///     "conversionBreakdown": {"paidAmount": "75.00", "remainingAmount": "25.00"}}"#)?;
    /// ledger.apply_status(&status)?;
    /// assert_eq!(ledger.paid().to_string(), "75");
    /// let wrong: RequestStatus = serde_json::from_str(r#"{"hasBeenPaid": false, "requestId": "01aa"}"#)?;
    /// assert!(matches!(ledger.apply_status(&wrong), Err(LedgerError::WrongRequest { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply_status(&mut self, status: &RequestStatus) -> Result<Applied, LedgerError> {
        if let Some(id) = &status.request_id {
            self.check_request(id)?;
        }
        let decimals = self.decimals();
        let convert = |field, result: Option<Result<Amount, AmountError>>| {
            result
                .transpose()
                .map_err(|source| LedgerError::Amount { field, source })
        };
        let paid = convert("paidAmount", status.paid_in(decimals))?;
        let remaining = convert("remainingAmount", status.remaining_in(decimals))?;
        if let (Some(paid), Some(remaining)) = (paid, remaining) {
            let sum = paid.units().checked_add(remaining.units());
            if sum != Some(self.expected.units()) {
                return Err(LedgerError::InconsistentStatus {
                    paid: paid.to_string(),
                    remaining: remaining.to_string(),
                    expected: self.expected.to_string(),
                });
            }
        }
        let previous = self.status();
        self.report_paid(paid.map(|a| a.units()));
        self.confirmed |= status.has_been_paid;
        Ok(self.applied(None, false, previous))
    }

    /// The request.
    ///
    /// ```
    /// use securepay::amount::{Amount, Decimals};
    /// use securepay::partial::Ledger;
    ///
    /// let ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
    /// assert_eq!(ledger.request_id(), "01e273ec");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn request_id(&self) -> &str {
        &self.request_id
    }

    /// The amount the request expects.
    ///
    /// ```
    /// use securepay::amount::{Amount, Decimals};
    /// use securepay::partial::Ledger;
    ///
    /// let ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
    /// assert_eq!(ledger.expected().to_string(), "100");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn expected(&self) -> Amount {
        self.expected
    }

    /// The decimals of the request's currency.
    ///
    /// ```
    /// use securepay::amount::{Amount, Decimals};
    /// use securepay::partial::Ledger;
    ///
    /// let ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
    /// assert_eq!(ledger.decimals().get(), 6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn decimals(&self) -> Decimals {
        self.expected.decimals()
    }

    /// What is paid: the payments recorded, or the service's cumulative figure if higher;
    /// never above the expected amount.
    ///
    /// ```
    /// # use securepay::amount::{Amount, Decimals};
    /// # use securepay::partial::Ledger;
    /// # let mut ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
    /// ledger.apply("0x1111111111111111111111111111111111111111111111111111111111111111", "30")?;
    /// ledger.apply("0x2222222222222222222222222222222222222222222222222222222222222222", "12.345")?;
    /// assert_eq!(ledger.paid().to_string(), "42.345");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn paid(&self) -> Amount {
        let reported = self.reported_paid.min(self.expected.units());
        Amount::from_units(self.credited.max(reported), self.decimals())
    }

    /// What remains to be paid.
    ///
    /// ```
    /// # use securepay::amount::{Amount, Decimals};
    /// # use securepay::partial::Ledger;
    /// # let mut ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
    /// ledger.apply("0x1111111111111111111111111111111111111111111111111111111111111111", "99.999999")?;
    /// assert_eq!(ledger.remaining().to_string(), "0.000001");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remaining(&self) -> Amount {
        let paid = self.paid().units();
        Amount::from_units(self.expected.units().saturating_sub(paid), self.decimals())
    }

    /// The total over-payment of the recorded payments.
    ///
    /// ```
    /// # use securepay::amount::{Amount, Decimals};
    /// # use securepay::partial::Ledger;
    /// # let mut ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
    /// ledger.apply("0x1111111111111111111111111111111111111111111111111111111111111111", "80")?;
    /// ledger.apply("0x2222222222222222222222222222222222222222222222222222222222222222", "30")?;
    /// assert_eq!(ledger.excess().to_string(), "10"); // paid 110 for 100
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn excess(&self) -> Amount {
        Amount::from_units(self.received.saturating_sub(self.credited), self.decimals())
    }

    /// Pending, partially paid, or paid (the whole amount, or settlement confirmed).
    ///
    /// ```
    /// use securepay::partial::LedgerStatus;
    /// # use securepay::amount::{Amount, Decimals};
    /// # use securepay::partial::Ledger;
    /// # let mut ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
    /// ledger.apply("0x1111111111111111111111111111111111111111111111111111111111111111", "100")?;
    /// assert_eq!(ledger.status(), LedgerStatus::Paid);
    /// assert!(!ledger.is_settled()); // paid in full, but not yet confirmed by the service
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn status(&self) -> LedgerStatus {
        let paid = self.paid();
        if self.confirmed || paid.units() >= self.expected.units() {
            LedgerStatus::Paid
        } else if paid.is_zero() {
            LedgerStatus::Pending
        } else {
            LedgerStatus::PartiallyPaid
        }
    }

    /// Whether the service confirmed settlement (`payment.confirmed` or `hasBeenPaid`): the
    /// only signal to fulfil on.
    ///
    /// ```
    /// use securepay::partial::RequestStatus;
    /// # use securepay::amount::{Amount, Decimals};
    /// # use securepay::partial::Ledger;
    /// # let mut ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
    /// assert!(!ledger.is_settled());
    /// ledger.apply_status(&serde_json::from_str::<RequestStatus>(r#"{"hasBeenPaid": true}"#)?)?;
    /// assert!(ledger.is_settled());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn is_settled(&self) -> bool {
        self.confirmed
    }

    /// The payments recorded, in the order they were applied.
    ///
    /// ```
    /// # use securepay::amount::{Amount, Decimals};
    /// # use securepay::partial::Ledger;
    /// # let mut ledger = Ledger::new("01e273ec", Amount::parse_positive("100", Decimals::new(6)?)?)?;
    /// ledger.apply("0x2222222222222222222222222222222222222222222222222222222222222222", "1")?;
    /// ledger.apply("0x1111111111111111111111111111111111111111111111111111111111111111", "2")?;
    /// let order: Vec<String> = ledger.payments().iter().map(|p| p.amount.to_string()).collect();
    /// assert_eq!(order, ["1", "2"]); // in the order applied
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn payments(&self) -> &[LedgerPayment] {
        &self.payments
    }

    pub(super) fn record(
        &mut self,
        tx_hash: TxHash,
        units: U256,
    ) -> Result<(Option<LedgerPayment>, bool), LedgerError> {
        let decimals = self.decimals();
        if let Some(existing) = self.payments.iter().find(|p| p.tx_hash == tx_hash) {
            if existing.amount.units() != units {
                return Err(LedgerError::ConflictingPayment {
                    tx_hash,
                    recorded: existing.amount.to_string(),
                    given: format_units(units, decimals),
                });
            }
            return Ok((None, true));
        }
        if units.is_zero() {
            return Err(LedgerError::Amount {
                field: "amount",
                source: AmountError::Zero,
            });
        }
        let received = self
            .received
            .checked_add(units)
            .ok_or(LedgerError::Overflow)?;
        let room = self.expected.units().saturating_sub(self.credited);
        let credited = units.min(room);
        let payment = LedgerPayment {
            tx_hash,
            amount: Amount::from_units(units, decimals),
            credited: Amount::from_units(credited, decimals),
            excess: Amount::from_units(units.saturating_sub(credited), decimals),
        };
        self.received = received;
        self.credited = self.credited.saturating_add(credited); // credited <= room
        self.payments.push(payment);
        Ok((Some(payment), false))
    }

    pub(super) fn report_paid(&mut self, total: Option<U256>) {
        if let Some(total) = total {
            self.reported_paid = self.reported_paid.max(total.min(self.expected.units()));
        }
    }

    fn applied(
        &self,
        recorded: Option<LedgerPayment>,
        duplicate: bool,
        previous: LedgerStatus,
    ) -> Applied {
        Applied {
            recorded,
            duplicate,
            previous,
            status: self.status(),
        }
    }

    fn check_request(&self, other: &str) -> Result<(), LedgerError> {
        if other == self.request_id {
            Ok(())
        } else {
            Err(LedgerError::WrongRequest {
                ledger: self.request_id.clone(),
                other: other.to_owned(),
            })
        }
    }

    fn check_expected(&self, expected: &DecimalText) -> Result<(), LedgerError> {
        let reported =
            expected
                .to_amount(self.decimals())
                .map_err(|source| LedgerError::Amount {
                    field: "expectedAmount",
                    source,
                })?;
        if reported.units() == self.expected.units() {
            Ok(())
        } else {
            Err(LedgerError::ExpectedMismatch {
                ledger: self.expected.to_string(),
                reported: reported.to_string(),
            })
        }
    }

    fn positive(&self, text: &DecimalText, field: &'static str) -> Result<U256, LedgerError> {
        let amount = text
            .to_amount(self.decimals())
            .map_err(|source| LedgerError::Amount { field, source })?;
        if amount.is_zero() {
            return Err(LedgerError::Amount {
                field,
                source: AmountError::Zero,
            });
        }
        Ok(amount.units())
    }
}

fn reported_total(
    payment: &PaymentUpdate,
    decimals: Decimals,
) -> Result<Option<U256>, LedgerError> {
    payment
        .total_amount_paid
        .as_ref()
        .map(|t| t.to_amount(decimals).map(|a| a.units()))
        .transpose()
        .map_err(|source| LedgerError::Amount {
            field: "totalAmountPaid",
            source,
        })
}
