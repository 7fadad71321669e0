//! The keys a delivery claims: its delivery id, and the business fact it reports
//! ([`BusinessKey`]), so that a core event and its `.client_id` / `.checkout` variant (separate
//! deliveries of the same fact) take effect once.

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
    /// ```
    /// use securepay::webhook::{BusinessKey, Event};
    ///
    /// let partial = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.partial.json")))?;
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
    /// ```
    /// use securepay::webhook::{BusinessKey, Event, EventKind};
    ///
    /// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/kyt.screening.completed.json")))?;
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
    /// ```
    /// use securepay::webhook::{BusinessKey, Event};
    ///
    /// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/client_id.linked.json")))?;
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

/// What a [`SeenStore`](super::SeenStore) records: a delivery, or a business fact.
///
/// `Display` writes unambiguous text for a unique database column: `delivery:` and the ULID,
/// or `fact:` and the [`BusinessKey`].
///
/// ```
/// use securepay::webhook::{BusinessKey, DeliveryId, Event, SeenKey};
///
/// let id: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
/// assert_eq!(SeenKey::Delivery(id).to_string(), "delivery:01ARZ3NDEKTSV4RRFFQ69G5FAV");
/// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
/// let fact = SeenKey::Fact(BusinessKey::of(&event).ok_or("a documented event")?);
/// assert_eq!(fact.to_string(), r#"fact:["payment.refunded","01ab"]"#);
/// assert_eq!(serde_json::to_string(&fact)?, r#"{"fact":"[\"payment.refunded\",\"01ab\"]"}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum SeenKey {
    /// A delivery (`x-request-network-delivery`).
    Delivery(DeliveryId),
    /// A business fact ([`BusinessKey::of`] an event).
    Fact(BusinessKey),
}

impl SeenKey {
    /// The keys a delivery of `event` claims, in the order a [`Deduplicator`](super::Deduplicator) claims them: the
    /// delivery id (when known), then the event's fact (for a documented event). The sans-IO
    /// step of de-duplication: claim each with an atomic check-and-record in your store; the
    /// first one already recorded is the [`Duplicate`](super::Duplicate) it converts into.
    ///
    /// ```
    /// use std::collections::BTreeSet;
    /// use securepay::webhook::{DeliveryId, Duplicate, Event, SeenKey};
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
    /// let id: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
    /// let claims: Vec<String> = SeenKey::claims(Some(id), &event).map(|key| key.to_string()).collect();
    /// assert_eq!(claims, ["delivery:01ARZ3NDEKTSV4RRFFQ69G5FAV", r#"fact:["payment.refunded","01ab"]"#]);
    ///
    /// // Your store, inside your transaction: INSERT … ON CONFLICT DO NOTHING for each key.
    /// let mut table = BTreeSet::new();
    /// let mut claim = |delivery| SeenKey::claims(delivery, &event).find(|key| !table.insert(key.to_string())).map(Duplicate::from);
    /// assert_eq!(claim(Some(id)), None); // new: process it
    /// assert!(matches!(claim(Some(id)), Some(Duplicate::Delivery(_))));
    /// assert!(matches!(claim(None), Some(Duplicate::BusinessKey(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn claims(
        delivery: Option<DeliveryId>,
        event: &Event,
    ) -> impl Iterator<Item = SeenKey> + use<> {
        delivery
            .map(SeenKey::Delivery)
            .into_iter()
            .chain(BusinessKey::of(event).map(SeenKey::Fact))
    }
}

impl fmt::Display for SeenKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeenKey::Delivery(id) => write!(f, "delivery:{id}"),
            SeenKey::Fact(key) => write!(f, "fact:{key}"),
        }
    }
}
