//! De-duplication: by delivery id, and by business key so that a core event and its
//! `.client_id` / `.checkout` variant (separate deliveries of the same fact) take effect once.
//!
//! Pure data: sets you persist with your business update (serde), no clock. Check before you
//! act, record after your update succeeded, atomically with it: recording first would turn a
//! failed update into a lost one, because the retry would look like a duplicate.

use std::collections::BTreeSet;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::{DeliveryId, Event, EventKind};

/// The business fact an event reports, independent of its scope and delivery: the same for
/// `payment.confirmed` and `payment.confirmed.checkout` of one payment.
///
/// Keys are unambiguous text (a JSON array of the fact's parts) so they fit a unique database
/// column. The parts per event:
///
/// | event | key parts |
/// |---|---|
/// | `payment.confirmed*` | request id: a request is fulfilled once, whatever the transaction |
/// | `payment.partial*` | request id, `txHash` (lowercased), `totalAmountPaid` |
/// | `payment.failed`, `payment.processing` | request id, `subStatus` |
/// | `payment.refunded`, `request.recurring` | request id |
/// | `compliance.updated` | `clientUserId`, `kycStatus`, `agreementStatus` |
/// | `payment_detail.updated` | `paymentDetailsId`, `status` |
/// | `secure_payment.user_event` | `securePaymentToken`, `userEvent`, `occurredAt` |
/// | `secure_payment.access_rejected` | request id, wallet, `timestamp` |
/// | `client_id.linked` | `linkId` (the docs' advice) |
/// | `kyt.screening.completed` | `paymentToken`, `walletAddress`, `status` |
///
/// Unknown events have no business key: de-duplicate them by delivery id only.
///
/// ```
/// use securepay::webhook::{BusinessKey, Event};
///
/// let core = Event::parse_unverified(br#"{"event":"payment.confirmed","requestId":"01ab","txHash":"0xAB"}"#)?;
/// let checkout = Event::parse_unverified(br#"{"event":"payment.confirmed.checkout","requestId":"01ab","txHash":"0xab"}"#)?;
/// assert_eq!(BusinessKey::of(&core), BusinessKey::of(&checkout));
/// assert_eq!(BusinessKey::of(&core).map(|k| k.to_string()), Some(r#"["payment.confirmed","01ab"]"#.to_owned()));
/// # Ok::<(), securepay::webhook::EventError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BusinessKey(String);

impl BusinessKey {
    /// The business key of `event`, or `None` for an unknown event.
    ///
    /// ```no_run
    /// use securepay::webhook::{BusinessKey, Event};
    ///
    /// let partial = Event::parse_unverified(include_bytes!("../../tests/data/webhook/payment.partial.json"))?;
    /// let key = BusinessKey::of(&partial).ok_or("a documented event has a key")?;
    /// assert_eq!(key.as_str(), r#"["payment.partial","0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93","0x1111111111111111111111111111111111111111111111111111111111111111","50.0"]"#);
    /// assert_eq!(BusinessKey::of(&Event::parse_unverified(br#"{"event": "payout.sent"}"#)?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn of(event: &Event) -> Option<BusinessKey> {
        let kind = event.kind()?;
        let rid = event.request_id().unwrap_or_default().to_owned();
        let text = |value: Option<&str>| value.unwrap_or_default().to_owned();
        let parts: Vec<String> = match event {
            Event::PaymentConfirmed(_) => vec![rid],
            Event::PaymentPartial(p) => vec![
                rid,
                text(p.tx_hash.as_deref()).to_ascii_lowercase(),
                text(p.total_amount_paid.as_ref().map(|a| a.as_str())),
            ],
            Event::PaymentFailed(p) => vec![rid, text(p.sub_status.as_ref().map(|s| s.as_str()))],
            Event::PaymentProcessing(p) => vec![rid, p.sub_status.to_string()],
            Event::PaymentRefunded(_) | Event::RequestRecurring(_) => vec![rid],
            Event::ComplianceUpdated(c) => vec![
                c.client_user_id.clone(),
                text(c.kyc_status.as_ref().map(|s| s.as_str())),
                text(c.agreement_status.as_ref().map(|s| s.as_str())),
            ],
            Event::PaymentDetailUpdated(d) => {
                vec![d.payment_details_id.clone(), d.status.to_string()]
            }
            Event::SecurePaymentUserEvent(u) => vec![
                text(u.secure_payment_token.as_deref()),
                u.user_event.to_string(),
                text(u.occurred_at.as_deref()),
            ],
            Event::SecurePaymentAccessRejected(a) => vec![
                rid,
                a.attempted_payer_wallet_address.clone(),
                text(a.timestamp.as_deref()),
            ],
            Event::ClientIdLinked(l) => vec![l.link_id.clone()],
            Event::KytScreeningCompleted(k) => vec![
                text(k.payment_token.as_deref()),
                text(k.wallet_address.as_deref()),
                k.status.to_string(),
            ],
            Event::Other { .. } => return None,
        };
        let mut all = Vec::with_capacity(parts.len().saturating_add(1));
        all.push(kind.as_str().to_owned());
        all.extend(parts);
        // A list of strings always serializes.
        serde_json::to_string(&all).ok().map(BusinessKey)
    }

    /// The kind of event the key belongs to, read back from the key.
    ///
    /// ```no_run
    /// use securepay::webhook::{BusinessKey, Event, EventKind};
    ///
    /// let event = Event::parse_unverified(include_bytes!("../../tests/data/webhook/kyt.screening.completed.json"))?;
    /// assert_eq!(BusinessKey::of(&event).and_then(|key| key.kind()), Some(EventKind::KytScreeningCompleted));
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn kind(&self) -> Option<EventKind> {
        let parts: Vec<String> = serde_json::from_str(&self.0).ok()?;
        let first = parts.first()?;
        EventKind::ALL.into_iter().find(|k| k.as_str() == first)
    }

    /// The key's text.
    ///
    /// ```no_run
    /// use securepay::webhook::{BusinessKey, Event};
    ///
    /// let event = Event::parse_unverified(include_bytes!("../../tests/data/webhook/client_id.linked.json"))?;
    /// let key = BusinessKey::of(&event).ok_or("no key")?;
    /// assert_eq!(key.as_str(), r#"["client_id.linked","01ARZ3NDEKTSV4RRFFQ69G5FAX"]"#); // the linkId
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for BusinessKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The delivery ids already processed. Serializes as a sorted array of ULIDs.
///
/// ```
/// use securepay::webhook::{DeliveryId, DeliveryLog};
///
/// let mut log = DeliveryLog::default();
/// let id: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
/// assert!(!log.contains(&id));
/// assert!(log.record(id));
/// assert!(!log.record(id)); // already there
/// assert_eq!(log.prune_before(1_469_922_850_260), 1); // older than the cut-off: forgotten
/// # Ok::<(), securepay::webhook::DeliveryError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DeliveryLog {
    seen: BTreeSet<DeliveryId>,
}

impl DeliveryLog {
    /// Whether `id` was recorded.
    ///
    /// ```no_run
    /// use securepay::webhook::{DeliveryId, DeliveryLog};
    ///
    /// let mut log = DeliveryLog::default();
    /// let id: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
    /// log.record(id);
    /// assert!(log.contains(&id));
    /// assert!(!log.contains(&"01ARZ3NDEKTSV4RRFFQ69G5FAW".parse()?));
    /// # Ok::<(), securepay::webhook::DeliveryError>(())
    /// ```
    pub fn contains(&self, id: &DeliveryId) -> bool {
        self.seen.contains(id)
    }

    /// Records `id`; `false` if it was already there.
    ///
    /// ```no_run
    /// use securepay::webhook::DeliveryLog;
    ///
    /// let mut log = DeliveryLog::default();
    /// assert!(log.record("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?));
    /// assert!(!log.record("01arz3ndektsv4rrffq69g5fav".parse()?)); // the same id, lowercase
    /// assert_eq!(serde_json::to_string(&log)?, r#"["01ARZ3NDEKTSV4RRFFQ69G5FAV"]"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(&mut self, id: DeliveryId) -> bool {
        self.seen.insert(id)
    }

    /// Forgets the ids created before `cutoff_ms` (Unix milliseconds, from your clock): the
    /// service stops retrying 21 seconds after the first attempt, so a cut-off of a day or
    /// more is safe. Returns how many were forgotten.
    ///
    /// ```no_run
    /// use securepay::webhook::DeliveryLog;
    ///
    /// let mut log = DeliveryLog::default();
    /// log.record("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?); // created at 1_469_922_850_259 ms
    /// assert_eq!(log.prune_before(1_469_922_850_259), 0); // not older than the cut-off
    /// assert_eq!(log.prune_before(1_469_922_850_260), 1);
    /// assert!(log.is_empty());
    /// # Ok::<(), securepay::webhook::DeliveryError>(())
    /// ```
    pub fn prune_before(&mut self, cutoff_ms: u64) -> usize {
        let before = self.seen.len();
        self.seen.retain(|id| id.timestamp_ms() >= cutoff_ms);
        before.saturating_sub(self.seen.len())
    }

    /// How many ids are recorded.
    ///
    /// ```no_run
    /// use securepay::webhook::DeliveryLog;
    ///
    /// let mut log = DeliveryLog::default();
    /// log.record("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?);
    /// log.record("01ARZ3NDEKTSV4RRFFQ69G5FAW".parse()?);
    /// assert_eq!(log.len(), 2);
    /// # Ok::<(), securepay::webhook::DeliveryError>(())
    /// ```
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether no id is recorded.
    ///
    /// ```no_run
    /// use securepay::webhook::DeliveryLog;
    ///
    /// let log: DeliveryLog = serde_json::from_str("[]")?;
    /// assert!(log.is_empty());
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }
}

/// Why an event is a duplicate.
///
/// ```
/// use securepay::webhook::{Deduplicator, Duplicate, Event};
///
/// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
/// let mut seen = Deduplicator::default();
/// seen.record(None, &event);
/// let duplicate = seen.check(None, &event).ok_or("a duplicate")?;
/// assert_eq!(serde_json::to_string(&duplicate)?, r#"{"by":"businessKey","key":"[\"payment.refunded\",\"01ab\"]"}"#);
/// assert!(matches!(duplicate, Duplicate::BusinessKey(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "by", content = "key")]
pub enum Duplicate {
    /// This delivery was already processed (a retry).
    Delivery(DeliveryId),
    /// Another delivery of the same fact was already processed (a scoped variant, or the
    /// same fact sent twice).
    BusinessKey(BusinessKey),
}

impl fmt::Display for Duplicate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Duplicate::Delivery(id) => write!(f, "delivery {id} was already processed"),
            Duplicate::BusinessKey(key) => write!(f, "the fact {key} was already processed"),
        }
    }
}

/// Both de-duplication sets together.
///
/// ```
/// use securepay::webhook::{Deduplicator, DeliveryId, Duplicate, Event};
///
/// let core = Event::parse_unverified(br#"{"event":"payment.confirmed","requestId":"01ab","txHash":"0xab"}"#)?;
/// let checkout = Event::parse_unverified(br#"{"event":"payment.confirmed.checkout","requestId":"01ab","txHash":"0xab"}"#)?;
/// let first: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
/// let second: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAW".parse()?;
///
/// let mut seen = Deduplicator::default();
/// assert_eq!(seen.check(Some(first), &core), None);
/// seen.record(Some(first), &core); // after fulfilling, in the same transaction
/// assert!(matches!(seen.check(Some(first), &core), Some(Duplicate::Delivery(_))));
/// assert!(matches!(seen.check(Some(second), &checkout), Some(Duplicate::BusinessKey(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Deduplicator {
    deliveries: DeliveryLog,
    facts: BTreeSet<BusinessKey>,
}

impl Deduplicator {
    /// Whether this delivery, or another delivery of the same fact, was already recorded.
    ///
    /// ```no_run
    /// use securepay::webhook::{Deduplicator, Event};
    ///
    /// let first = Event::parse_unverified(br#"{"event": "payment.partial", "requestId": "01ab", "txHash": "0xAB", "totalAmountPaid": "50"}"#)?;
    /// let next = Event::parse_unverified(br#"{"event": "payment.partial", "requestId": "01ab", "txHash": "0xcd", "totalAmountPaid": "80"}"#)?;
    /// let mut seen = Deduplicator::default();
    /// seen.record(None, &first);
    /// assert!(seen.check(None, &first).is_some());
    /// assert!(seen.check(None, &next).is_none()); // another payment of the same request
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn check(&self, delivery: Option<DeliveryId>, event: &Event) -> Option<Duplicate> {
        if let Some(id) = delivery.filter(|id| self.deliveries.contains(id)) {
            return Some(Duplicate::Delivery(id));
        }
        BusinessKey::of(event)
            .filter(|key| self.facts.contains(key))
            .map(Duplicate::BusinessKey)
    }

    /// Records the delivery and the event's fact as processed.
    ///
    /// ```no_run
    /// use securepay::webhook::{Deduplicator, DeliveryId, Event};
    ///
    /// let id: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
    /// let unknown = Event::parse_unverified(br#"{"event": "payout.sent"}"#)?;
    /// let mut seen = Deduplicator::default();
    /// seen.record(Some(id), &unknown); // no business key: known by its delivery only
    /// assert!(seen.deliveries().contains(&id));
    /// assert!(seen.check(None, &unknown).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(&mut self, delivery: Option<DeliveryId>, event: &Event) {
        if let Some(id) = delivery {
            self.deliveries.record(id);
        }
        if let Some(key) = BusinessKey::of(event) {
            self.facts.insert(key);
        }
    }

    /// The delivery ids recorded.
    ///
    /// ```no_run
    /// use securepay::webhook::{Deduplicator, Event};
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
    /// let mut seen = Deduplicator::default();
    /// seen.record(Some("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?), &event);
    /// assert_eq!(seen.deliveries().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn deliveries(&self) -> &DeliveryLog {
        &self.deliveries
    }

    /// Forgets old delivery ids (see [`DeliveryLog::prune_before`]); business keys are kept.
    ///
    /// ```no_run
    /// use securepay::webhook::{Deduplicator, DeliveryId, Event};
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
    /// let id: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
    /// let mut seen = Deduplicator::default();
    /// seen.record(Some(id), &event);
    /// assert_eq!(seen.prune_deliveries_before(id.timestamp_ms() + 86_400_000), 1); // a day later
    /// assert!(seen.check(Some(id), &event).is_some()); // the business key still catches it
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prune_deliveries_before(&mut self, cutoff_ms: u64) -> usize {
        self.deliveries.prune_before(cutoff_ms)
    }
}
