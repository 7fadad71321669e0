//! Event names: the fourteen platform events (with the `.client_id` and `.checkout` variants
//! of `payment.confirmed` and `payment.partial`), the two orchestrator events, and any other
//! name kept as text.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// What an event reports, whatever its scope.
///
/// ```
/// use securepay::webhook::{EventKind, EventName};
///
/// assert_eq!(EventName::parse("payment.confirmed.client_id").kind(), Some(EventKind::PaymentConfirmed));
/// assert_eq!(EventKind::ALL.len(), 12);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EventKind {
    /// `payment.confirmed`: fully settled; the only final "paid" state.
    PaymentConfirmed,
    /// `payment.partial`: part of the amount arrived; never fulfil on it.
    PaymentPartial,
    /// `payment.failed`: recurring, cross-chain or offramp failure.
    PaymentFailed,
    /// `payment.refunded` (no payload example is published).
    PaymentRefunded,
    /// `payment.processing`: crypto-to-fiat progress (`subStatus`).
    PaymentProcessing,
    /// `request.recurring`: a new request of a recurring series.
    RequestRecurring,
    /// `compliance.updated`: `kycStatus` / `agreementStatus` of a payer.
    ComplianceUpdated,
    /// `payment_detail.updated`: the review of a payer's bank details.
    PaymentDetailUpdated,
    /// `secure_payment.user_event`: browser telemetry of the hosted page.
    SecurePaymentUserEvent,
    /// `secure_payment.access_rejected`: a wallet outside `allowedPayerAddresses` tried to pay.
    SecurePaymentAccessRejected,
    /// `client_id.linked` (orchestrator webhooks).
    ClientIdLinked,
    /// `kyt.screening.completed` (orchestrator webhooks).
    KytScreeningCompleted,
}

impl EventKind {
    /// Every kind, in declaration order.
    pub const ALL: [EventKind; 12] = [
        EventKind::PaymentConfirmed,
        EventKind::PaymentPartial,
        EventKind::PaymentFailed,
        EventKind::PaymentRefunded,
        EventKind::PaymentProcessing,
        EventKind::RequestRecurring,
        EventKind::ComplianceUpdated,
        EventKind::PaymentDetailUpdated,
        EventKind::SecurePaymentUserEvent,
        EventKind::SecurePaymentAccessRejected,
        EventKind::ClientIdLinked,
        EventKind::KytScreeningCompleted,
    ];

    /// The core event name (`payment.confirmed`).
    ///
    /// ```
    /// use securepay::webhook::EventKind;
    ///
    /// assert_eq!(EventKind::PaymentDetailUpdated.as_str(), "payment_detail.updated");
    /// assert_eq!(EventKind::KytScreeningCompleted.to_string(), "kyt.screening.completed");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            EventKind::PaymentConfirmed => "payment.confirmed",
            EventKind::PaymentPartial => "payment.partial",
            EventKind::PaymentFailed => "payment.failed",
            EventKind::PaymentRefunded => "payment.refunded",
            EventKind::PaymentProcessing => "payment.processing",
            EventKind::RequestRecurring => "request.recurring",
            EventKind::ComplianceUpdated => "compliance.updated",
            EventKind::PaymentDetailUpdated => "payment_detail.updated",
            EventKind::SecurePaymentUserEvent => "secure_payment.user_event",
            EventKind::SecurePaymentAccessRejected => "secure_payment.access_rejected",
            EventKind::ClientIdLinked => "client_id.linked",
            EventKind::KytScreeningCompleted => "kyt.screening.completed",
        }
    }

    /// Whether the service also emits `.client_id` and `.checkout` variants of this event.
    ///
    /// ```
    /// use securepay::webhook::EventKind;
    ///
    /// assert!(EventKind::PaymentPartial.has_scoped_variants());
    /// assert!(!EventKind::PaymentFailed.has_scoped_variants());
    /// ```
    pub const fn has_scoped_variants(self) -> bool {
        matches!(
            self,
            EventKind::PaymentConfirmed | EventKind::PaymentPartial
        )
    }

    /// Whether this event comes from the orchestrator webhooks.
    ///
    /// ```
    /// use securepay::webhook::EventKind;
    ///
    /// assert!(EventKind::ClientIdLinked.is_orchestrator());
    /// assert!(!EventKind::ComplianceUpdated.is_orchestrator());
    /// ```
    pub const fn is_orchestrator(self) -> bool {
        matches!(
            self,
            EventKind::ClientIdLinked | EventKind::KytScreeningCompleted
        )
    }
}

impl fmt::Display for EventKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Which variant of an event: the core one, or a variant the service emits in addition to it.
///
/// ```
/// use securepay::webhook::{EventName, EventScope};
///
/// assert_eq!(EventName::parse("payment.partial.client_id").scope(), Some(EventScope::ClientId));
/// assert_eq!(EventScope::default(), EventScope::Core);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum EventScope {
    /// The core event (`payment.confirmed`).
    #[default]
    Core,
    /// The Client ID variant (`payment.confirmed.client_id`), with `clientId` and `origin`.
    ClientId,
    /// The Secure Payment variant (`payment.confirmed.checkout`).
    Checkout,
}

impl EventScope {
    /// The suffix after the core name: `""`, `".client_id"`, `".checkout"`.
    ///
    /// ```
    /// use securepay::webhook::{EventKind, EventScope};
    ///
    /// let name = format!("{}{}", EventKind::PaymentConfirmed, EventScope::Checkout.suffix());
    /// assert_eq!(name, "payment.confirmed.checkout");
    /// assert_eq!(EventScope::Core.suffix(), "");
    /// ```
    pub const fn suffix(self) -> &'static str {
        match self {
            EventScope::Core => "",
            EventScope::ClientId => ".client_id",
            EventScope::Checkout => ".checkout",
        }
    }

    /// A short name: `core`, `client_id`, `checkout`.
    ///
    /// ```
    /// use securepay::webhook::EventScope;
    ///
    /// assert_eq!(EventScope::ClientId.as_str(), "client_id");
    /// assert_eq!(EventScope::Core.as_str(), "core");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            EventScope::Core => "core",
            EventScope::ClientId => "client_id",
            EventScope::Checkout => "checkout",
        }
    }
}

/// The documented event names: the fourteen platform events and the two orchestrator events.
pub const EVENT_NAMES: [&str; 16] = [
    "payment.confirmed",
    "payment.partial",
    "payment.failed",
    "payment.refunded",
    "payment.confirmed.client_id",
    "payment.partial.client_id",
    "payment.confirmed.checkout",
    "payment.partial.checkout",
    "payment.processing",
    "request.recurring",
    "compliance.updated",
    "payment_detail.updated",
    "secure_payment.user_event",
    "secure_payment.access_rejected",
    "client_id.linked",
    "kyt.screening.completed",
];

/// An event name: a documented one (kind and scope), or any other text.
///
/// ```
/// use securepay::webhook::{EventKind, EventName, EventScope};
///
/// let name = EventName::parse("payment.partial.checkout");
/// assert_eq!(name, EventName::Known(EventKind::PaymentPartial, EventScope::Checkout));
/// assert_eq!(name.to_string(), "payment.partial.checkout");
/// // Only payment.confirmed and payment.partial have scoped variants.
/// assert_eq!(EventName::parse("payment.failed.checkout"), EventName::Other("payment.failed.checkout".into()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum EventName {
    /// A documented event.
    Known(EventKind, EventScope),
    /// A name this version does not know, kept as sent.
    Other(String),
}

impl EventName {
    /// Reads an event name; exact spelling only.
    ///
    /// ```
    /// use securepay::webhook::{EventKind, EventName, EventScope, EVENT_NAMES};
    ///
    /// assert!(EVENT_NAMES.iter().all(|name| matches!(EventName::parse(name), EventName::Known(..))));
    /// assert_eq!(EventName::parse("request.recurring"), EventName::Known(EventKind::RequestRecurring, EventScope::Core));
    /// assert_eq!(EventName::parse("Payment.Confirmed"), EventName::Other("Payment.Confirmed".into()));
    /// ```
    pub fn parse(text: &str) -> EventName {
        for kind in EventKind::ALL {
            let Some(rest) = text.strip_prefix(kind.as_str()) else {
                continue;
            };
            let scope = match rest {
                "" => EventScope::Core,
                ".client_id" if kind.has_scoped_variants() => EventScope::ClientId,
                ".checkout" if kind.has_scoped_variants() => EventScope::Checkout,
                _ => continue,
            };
            return EventName::Known(kind, scope);
        }
        EventName::Other(text.to_owned())
    }

    /// The kind, for a documented name.
    ///
    /// ```
    /// use securepay::webhook::{EventKind, EventName};
    ///
    /// assert_eq!(EventName::parse("payment.failed").kind(), Some(EventKind::PaymentFailed));
    /// assert_eq!(EventName::parse("invoice.created").kind(), None);
    /// ```
    pub fn kind(&self) -> Option<EventKind> {
        match self {
            EventName::Known(kind, _) => Some(*kind),
            EventName::Other(_) => None,
        }
    }

    /// The scope, for a documented name.
    ///
    /// ```
    /// use securepay::webhook::{EventName, EventScope};
    ///
    /// assert_eq!(EventName::parse("payment.confirmed").scope(), Some(EventScope::Core));
    /// assert_eq!(EventName::parse("invoice.created").scope(), None);
    /// ```
    pub fn scope(&self) -> Option<EventScope> {
        match self {
            EventName::Known(_, scope) => Some(*scope),
            EventName::Other(_) => None,
        }
    }
}

impl fmt::Display for EventName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventName::Known(kind, scope) => write!(f, "{}{}", kind.as_str(), scope.suffix()),
            EventName::Other(text) => f.write_str(text),
        }
    }
}

impl Serialize for EventName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for EventName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, |text| {
            Ok::<_, std::convert::Infallible>(EventName::parse(text))
        })
    }
}
