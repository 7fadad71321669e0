//! Webhooks: signature verification, typed events, de-duplication.
//!
//! A delivery is `POST`ed with the raw JSON body, the signature header
//! `x-request-network-signature` (lowercase hex HMAC-SHA256 of the raw body, keyed with the
//! webhook secret's UTF-8 text) and the delivery id `x-request-network-delivery` (a ULID, the
//! idempotency key). Delivery is at least once: the service retries after 1 s, 5 s and 15 s on
//! any non-2xx answer, and emits `.client_id` / `.checkout` variants in addition to the core
//! payment events.
//!
//! The receiving path is: [`verify_signature`] (or [`verify_headers`]) → [`VerifiedBody::parse`]
//! → [`Event`] → [`Deduplicator::claim`] (a lease: [`Claim::New`] to process, in progress
//! elsewhere: 409, done: 200) → your business update → [`Deduplicator::complete`], or
//! [`Deduplicator::release`] and an error status when it failed (the service retries). A holder
//! that dies leaves a lease that expires and is taken over. The in-memory [`MemoryStore`] is
//! bounded and for one process; several instances behind a load balancer share a store: a table
//! of your database, or Redis (`RedisStore`, feature `redis-store`), blocking ([`LeaseStore`])
//! or async ([`AsyncLeaseStore`]). With a [`SeenStore`] in your database,
//! [`Deduplicator::first_seen`] in the transaction of the update is the other way.
//!
//! ```
//! use securepay::webhook::{sign, verify_signature, Claim, Deduplicator, Event, LeaseToken};
//!
//! let secret = "whsec-example";
//! let body = br#"{"event":"payment.confirmed","requestId":"01ab","txHash":"0xab","amount":"10.0","totalAmountPaid":"10.0","expectedAmount":"10.0"}"#;
//! let header = sign(secret, body)?; // what the service sends
//!
//! let event = verify_signature(secret, body, &header)?.parse()?;
//! let mut seen = Deduplicator::default();
//! let now_ms = 1_764_000_000_000; // your clock, Unix milliseconds
//! if let Claim::New(lease) = seen.claim(None, &event, LeaseToken::new("instance-1:1"), now_ms, 10_000)? {
//!     if let Event::PaymentConfirmed(payment) = &event {
//!         assert_eq!(payment.request_id(), Some("01ab")); // fulfil the order here
//!     }
//!     seen.complete(&lease, now_ms + 50)?; // or, when fulfilling failed: release, answer 500
//! }
//! assert!(seen.check(None, &event)?.is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod compliance;
mod dedup;
mod delivery;
mod event;
mod keys;
mod lease;
mod lease_store;
mod name;
mod orchestrator;
mod payment;
#[cfg(feature = "redis-store")]
mod redis_store;
mod secure_payment;
mod signature;
mod status;

pub use crate::wire::DecimalText;
pub use crate::wire::JsonError;
pub use compliance::{ComplianceUpdated, PaymentDetailUpdated};
pub use dedup::{AsyncSeenStore, Deduplicator, Duplicate, MemoryStore, SeenStore};
pub use delivery::{
    DELIVERY_HEADER, Delivery, DeliveryError, DeliveryId, RETRY_COUNT_HEADER, TEST_HEADER,
};
pub use event::{Event, EventError};
pub use keys::{BusinessKey, SeenKey};
pub use lease::{Claim, Lease, LeaseError};
pub use lease_store::{AsyncLeaseStore, KeysClaim, LeaseCheck, LeaseStore, LeaseToken};
pub use name::{EVENT_NAMES, EventKind, EventName, EventScope};
pub use orchestrator::{ClientIdLinked, KytScreeningCompleted, KytVerdict};
pub use payment::{
    EventFee, PaymentCurrencyError, PaymentFailed, PaymentProcessing, PaymentRefunded,
    PaymentUpdate, RequestIds, RequestRecurring,
};
#[cfg(feature = "redis-store")]
#[cfg_attr(docsrs, doc(cfg(feature = "redis-store")))]
pub use redis_store::{RedisStore, RedisStoreError};
pub use secure_payment::{AccessRejected, SecurePaymentUserEvent};
pub use signature::{
    SIGNATURE_HEADER, SIGNATURE_HEX_LEN, SignatureError, VerifiedBody, sign, verify_headers,
    verify_signature,
};
pub use status::{
    AgreementStatus, FeeType, KycStatus, PaymentDetailStatus, PaymentProcessor, SubStatus,
    UserEventKind,
};
