//! The typed event: one variant per documented event, `Other` for any other name.
//!
//! A body is read in two derived passes: the `event` field alone, which names the payload type,
//! then the payload's own struct from the same bytes (so its errors keep their line and column).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Map, Value};

use super::{
    AccessRejected, ClientIdLinked, ComplianceUpdated, EventKind, EventName, EventScope,
    KytScreeningCompleted, PaymentDetailUpdated, PaymentFailed, PaymentProcessing, PaymentRefunded,
    PaymentUpdate, RequestRecurring, SecurePaymentUserEvent,
};
use crate::wire::json::{IfObject, JsonError, StrictValue, present};

/// Why a body is not a webhook event.
///
/// ```
/// use securepay::webhook::{Event, EventError};
///
/// assert_eq!(Event::parse_unverified(br#"{"requestId": "01ab"}"#), Err(EventError::MissingEventName));
/// let error = Event::parse_unverified(br#"{"event": "payment.confirmed", "requestId": "01ab", "requestID": "01cd"}"#);
/// assert!(matches!(error, Err(EventError::RequestIdMismatch { .. })));
/// // Which event is meant is ambiguous: refused, not the last one taken.
/// let twice = Event::parse_unverified(br#"{"event": "payment.partial", "event": "payment.confirmed", "requestId": "01ab"}"#);
/// assert!(matches!(twice, Err(EventError::RepeatedEventName(_))));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EventError {
    /// The input is empty or only whitespace.
    #[error(transparent)]
    Empty(#[from] crate::wire::EmptyInput),
    /// The body is not JSON. The `serde_json::Error` (line, column, category) is the
    /// [`source()`](std::error::Error::source).
    #[error("the body is not JSON: {0}")]
    NotJson(#[source] JsonError),
    /// The body is JSON but not an object.
    #[error("the body is JSON but not an object")]
    NotAnObject,
    /// The object has no `event` field.
    #[error("the body has no \"event\" field: not a webhook event")]
    MissingEventName,
    /// `event` is not a string.
    #[error("the \"event\" field is not a string")]
    EventNameNotString,
    /// The object has more than one `event` field: which event it is is ambiguous.
    #[error("the body has more than one \"event\" field: {0}")]
    RepeatedEventName(#[source] JsonError),
    /// A documented event whose payload does not have the documented shape (a missing or
    /// mistyped field, a field given twice), or an unknown event with a field given twice.
    #[error("{event} payload: {source}")]
    Payload {
        /// The event name.
        event: String,
        /// What was wrong, where: serde_json's error, also the
        /// [`source()`](std::error::Error::source).
        source: JsonError,
    },
    /// A payment event that names no request (neither `requestId` nor `requestID`).
    #[error("{event} names no request: it has neither requestId nor requestID")]
    MissingRequestId {
        /// The event name.
        event: String,
    },
    /// `requestId` and the legacy `requestID` disagree: which request is meant is ambiguous.
    #[error("{event}: requestId {request_id:?} and requestID {legacy:?} disagree")]
    RequestIdMismatch {
        /// The event name.
        event: String,
        /// `requestId`.
        request_id: String,
        /// `requestID`.
        legacy: String,
    },
}

/// The first pass: the `event` field alone (any JSON value, `null` included); the payload
/// reads the other fields. A second `event` field is refused by the derive.
#[derive(Deserialize)]
struct Envelope {
    #[serde(default, deserialize_with = "present")]
    event: Option<Value>,
}

/// Where an event is read from: the raw bytes (errors have a line and column) or a value.
#[derive(Clone, Copy)]
enum Body<'a> {
    Bytes(&'a [u8]),
    Value(&'a Value),
}

impl Body<'_> {
    fn read<T: DeserializeOwned>(self) -> Result<T, serde_json::Error> {
        match self {
            Body::Bytes(bytes) => serde_json::from_slice(bytes),
            Body::Value(value) => T::deserialize(value),
        }
    }

    /// The payload of event `name`.
    fn payload<T: DeserializeOwned>(self, name: &str) -> Result<T, EventError> {
        self.read().map_err(|e| EventError::Payload {
            event: name.to_owned(),
            source: e.into(),
        })
    }
}

/// A webhook event.
///
/// `payment.confirmed` and `payment.partial` carry their scope (core, `.client_id`,
/// `.checkout`) inside [`PaymentUpdate`]; an unknown event name is [`Event::Other`] with the
/// whole JSON object kept. `Serialize` writes the wire form back, `event` included.
///
/// ```
/// use securepay::webhook::{Event, EventKind, EventScope};
///
/// let body = br#"{"event":"payment.partial.checkout","requestId":"01ab","txHash":"0x12",
///                 "amount":"50.0","totalAmountPaid":"50.0","expectedAmount":"100.0"}"#;
/// let event = Event::parse_unverified(body)?;
/// let Event::PaymentPartial(payment) = &event else { panic!("a partial payment") };
/// assert_eq!(payment.scope, EventScope::Checkout);
/// assert_eq!(event.kind(), Some(EventKind::PaymentPartial));
/// assert_eq!(event.request_id(), Some("01ab"));
///
/// let other = Event::parse_unverified(br#"{"event":"payout.sent","id":7}"#)?;
/// assert!(matches!(other, Event::Other { ref name, .. } if name == "payout.sent"));
/// # Ok::<(), securepay::webhook::EventError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event {
    /// `payment.confirmed`, `payment.confirmed.client_id`, `payment.confirmed.checkout`.
    PaymentConfirmed(PaymentUpdate),
    /// `payment.partial`, `payment.partial.client_id`, `payment.partial.checkout`.
    PaymentPartial(PaymentUpdate),
    /// `payment.failed`.
    PaymentFailed(PaymentFailed),
    /// `payment.refunded`.
    PaymentRefunded(PaymentRefunded),
    /// `payment.processing`.
    PaymentProcessing(PaymentProcessing),
    /// `request.recurring`.
    RequestRecurring(RequestRecurring),
    /// `compliance.updated`.
    ComplianceUpdated(ComplianceUpdated),
    /// `payment_detail.updated`.
    PaymentDetailUpdated(PaymentDetailUpdated),
    /// `secure_payment.user_event`.
    SecurePaymentUserEvent(SecurePaymentUserEvent),
    /// `secure_payment.access_rejected`.
    SecurePaymentAccessRejected(AccessRejected),
    /// `client_id.linked` (orchestrator).
    ClientIdLinked(ClientIdLinked),
    /// `kyt.screening.completed` (orchestrator).
    KytScreeningCompleted(KytScreeningCompleted),
    /// An event name this version does not know.
    Other {
        /// The event name.
        name: String,
        /// The whole JSON object, as received.
        raw: Value,
    },
}

impl Event {
    /// Parses a raw body **without** checking its signature. Receivers should call
    /// [`verify_signature`](super::verify_signature) and parse the
    /// [`VerifiedBody`](super::VerifiedBody) it returns; this is for bodies already verified
    /// elsewhere, stored events and tools.
    ///
    /// ```
    /// use securepay::webhook::{Event, EventError};
    ///
    /// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.partial.json")))?;
    /// assert!(matches!(event, Event::PaymentPartial(_)));
    /// assert!(matches!(Event::parse_unverified(b"event=payment.confirmed"), Err(EventError::NotJson(_))));
    /// # Ok::<(), EventError>(())
    /// ```
    pub fn parse_unverified(raw_body: &[u8]) -> Result<Event, EventError> {
        crate::wire::EmptyInput::check(raw_body, "a webhook body (a JSON object)")?;
        match Event::read(Body::Bytes(raw_body))? {
            Ok(event) => Ok(event),
            Err(name) => match serde_json::from_slice::<StrictValue>(raw_body) {
                Ok(StrictValue(raw)) => Ok(Event::Other { name, raw }),
                Err(error) => Err(EventError::Payload {
                    event: name,
                    source: error.into(),
                }),
            },
        }
    }

    /// Reads an event from a JSON value.
    ///
    /// ```
    /// use serde_json::json;
    /// use securepay::webhook::{Event, EventError};
    ///
    /// let event = Event::from_value(json!({"event": "payment_detail.updated",
    ///     "paymentDetailsId": "fa898aec-519c-46be-9b4c-e76ef4ff99d9", "status": "failed"}))?;
    /// assert_eq!(event.request_id(), None);
    /// // A documented event with the wrong shape is an error, not an Other.
    /// let bad = Event::from_value(json!({"event": "payment_detail.updated", "status": "failed"}));
    /// assert!(matches!(bad, Err(EventError::Payload { .. })));
    /// # Ok::<(), EventError>(())
    /// ```
    pub fn from_value(value: Value) -> Result<Event, EventError> {
        match Event::read(Body::Value(&value))? {
            Ok(event) => Ok(event),
            Err(name) => Ok(Event::Other { name, raw: value }),
        }
    }

    /// Reads the event a body names: a documented event, or `Err` with the name of an event
    /// this version does not know.
    fn read(body: Body<'_>) -> Result<Result<Event, String>, EventError> {
        // The envelope reads any value of `event`: past syntax, its only error is a second
        // `event` field.
        let IfObject(envelope) = body.read::<IfObject<Envelope>>().map_err(|e| {
            if e.is_data() {
                EventError::RepeatedEventName(e.into())
            } else {
                EventError::NotJson(e.into())
            }
        })?;
        let name = match envelope.ok_or(EventError::NotAnObject)?.event {
            None => return Err(EventError::MissingEventName),
            Some(Value::String(name)) => name,
            Some(_) => return Err(EventError::EventNameNotString),
        };
        let (kind, scope) = match EventName::parse(&name) {
            EventName::Known(kind, scope) => (kind, scope),
            EventName::Other(_) => return Ok(Err(name)),
        };
        let event = match kind {
            EventKind::PaymentConfirmed => Event::PaymentConfirmed(PaymentUpdate {
                scope,
                ..body.payload(&name)?
            }),
            EventKind::PaymentPartial => Event::PaymentPartial(PaymentUpdate {
                scope,
                ..body.payload(&name)?
            }),
            EventKind::PaymentFailed => Event::PaymentFailed(body.payload(&name)?),
            EventKind::PaymentRefunded => Event::PaymentRefunded(body.payload(&name)?),
            EventKind::PaymentProcessing => Event::PaymentProcessing(body.payload(&name)?),
            EventKind::RequestRecurring => Event::RequestRecurring(body.payload(&name)?),
            EventKind::ComplianceUpdated => Event::ComplianceUpdated(body.payload(&name)?),
            EventKind::PaymentDetailUpdated => Event::PaymentDetailUpdated(body.payload(&name)?),
            EventKind::SecurePaymentUserEvent => {
                Event::SecurePaymentUserEvent(body.payload(&name)?)
            }
            EventKind::SecurePaymentAccessRejected => {
                Event::SecurePaymentAccessRejected(body.payload(&name)?)
            }
            EventKind::ClientIdLinked => Event::ClientIdLinked(body.payload(&name)?),
            EventKind::KytScreeningCompleted => Event::KytScreeningCompleted(body.payload(&name)?),
        };
        event.check_request_ids(&name)?;
        Ok(Ok(event))
    }

    /// The event name, scope included.
    ///
    /// ```
    /// use securepay::webhook::Event;
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.confirmed.client_id", "requestId": "01ab"}"#)?;
    /// assert_eq!(event.name().to_string(), "payment.confirmed.client_id");
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn name(&self) -> EventName {
        match (self, self.kind()) {
            (Event::Other { name, .. }, _) => EventName::Other(name.clone()),
            (_, Some(kind)) => EventName::Known(kind, self.scope()),
            // Every variant but `Other` has a kind.
            (_, None) => EventName::Other(String::new()),
        }
    }

    /// The kind of a documented event (`None` for [`Event::Other`]).
    ///
    /// ```
    /// use securepay::webhook::{Event, EventKind};
    ///
    /// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/client_id.linked.json")))?;
    /// assert_eq!(event.kind(), Some(EventKind::ClientIdLinked));
    /// assert_eq!(Event::parse_unverified(br#"{"event": "payout.sent"}"#)?.kind(), None);
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn kind(&self) -> Option<EventKind> {
        Some(match self {
            Event::PaymentConfirmed(_) => EventKind::PaymentConfirmed,
            Event::PaymentPartial(_) => EventKind::PaymentPartial,
            Event::PaymentFailed(_) => EventKind::PaymentFailed,
            Event::PaymentRefunded(_) => EventKind::PaymentRefunded,
            Event::PaymentProcessing(_) => EventKind::PaymentProcessing,
            Event::RequestRecurring(_) => EventKind::RequestRecurring,
            Event::ComplianceUpdated(_) => EventKind::ComplianceUpdated,
            Event::PaymentDetailUpdated(_) => EventKind::PaymentDetailUpdated,
            Event::SecurePaymentUserEvent(_) => EventKind::SecurePaymentUserEvent,
            Event::SecurePaymentAccessRejected(_) => EventKind::SecurePaymentAccessRejected,
            Event::ClientIdLinked(_) => EventKind::ClientIdLinked,
            Event::KytScreeningCompleted(_) => EventKind::KytScreeningCompleted,
            Event::Other { .. } => return None,
        })
    }

    /// The scope: `.client_id` / `.checkout` variants of payment events, core otherwise.
    ///
    /// ```
    /// use securepay::webhook::{Event, EventScope};
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.partial.client_id", "requestId": "01ab"}"#)?;
    /// assert_eq!(event.scope(), EventScope::ClientId);
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn scope(&self) -> EventScope {
        match self {
            Event::PaymentConfirmed(p) | Event::PaymentPartial(p) => p.scope,
            _ => EventScope::Core,
        }
    }

    /// The request the event is about (`requestId`, or the legacy `requestID`), if any.
    ///
    /// ```
    /// use securepay::webhook::Event;
    ///
    /// // Older payloads spell it requestID.
    /// let event = Event::parse_unverified(br#"{"event": "payment.failed", "requestID": "01ab", "subStatus": "insufficient_funds"}"#)?;
    /// assert_eq!(event.request_id(), Some("01ab"));
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn request_id(&self) -> Option<&str> {
        match self {
            Event::PaymentConfirmed(p) | Event::PaymentPartial(p) => p.request_id(),
            Event::PaymentFailed(p) => p.ids.get(),
            Event::PaymentRefunded(p) => p.ids.get(),
            Event::PaymentProcessing(p) => p.ids.get(),
            Event::RequestRecurring(p) => p.ids.get(),
            Event::SecurePaymentUserEvent(p) => p.request_id.as_deref(),
            Event::SecurePaymentAccessRejected(p) => p.request_id.as_deref(),
            Event::ComplianceUpdated(_)
            | Event::PaymentDetailUpdated(_)
            | Event::ClientIdLinked(_)
            | Event::KytScreeningCompleted(_)
            | Event::Other { .. } => None,
        }
    }

    /// The wire form: the payload with its `event` field.
    ///
    /// ```
    /// use securepay::webhook::Event;
    ///
    /// let body = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/compliance.updated.json"));
    /// let event = Event::parse_unverified(body)?;
    /// assert_eq!(event.to_value(), serde_json::from_slice::<serde_json::Value>(body)?); // the same object back
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_value(&self) -> Value {
        let payload = match self {
            Event::PaymentConfirmed(p) | Event::PaymentPartial(p) => serde_json::to_value(p),
            Event::PaymentFailed(p) => serde_json::to_value(p),
            Event::PaymentRefunded(p) => serde_json::to_value(p),
            Event::PaymentProcessing(p) => serde_json::to_value(p),
            Event::RequestRecurring(p) => serde_json::to_value(p),
            Event::ComplianceUpdated(p) => serde_json::to_value(p),
            Event::PaymentDetailUpdated(p) => serde_json::to_value(p),
            Event::SecurePaymentUserEvent(p) => serde_json::to_value(p),
            Event::SecurePaymentAccessRejected(p) => serde_json::to_value(p),
            Event::ClientIdLinked(p) => serde_json::to_value(p),
            Event::KytScreeningCompleted(p) => serde_json::to_value(p),
            Event::Other { raw, .. } => return raw.clone(),
        };
        // The payload types serialize to objects with string keys, which cannot fail.
        let mut object = match payload {
            Ok(Value::Object(object)) => object,
            _ => Map::new(),
        };
        object.insert("event".to_owned(), Value::String(self.name().to_string()));
        Value::Object(object)
    }

    /// Payment events must name their request; `requestId` and `requestID` must agree.
    fn check_request_ids(&self, name: &str) -> Result<(), EventError> {
        match self {
            Event::PaymentConfirmed(p) | Event::PaymentPartial(p) => p.ids.check(name, true),
            Event::PaymentFailed(p) => p.ids.check(name, true),
            Event::PaymentProcessing(p) => p.ids.check(name, true),
            Event::RequestRecurring(p) => p.ids.check(name, true),
            Event::PaymentRefunded(p) => p.ids.check(name, false),
            _ => Ok(()),
        }
    }
}

impl Serialize for Event {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_value().serialize(serializer)
    }
}
