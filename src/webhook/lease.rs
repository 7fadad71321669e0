//! Exactly-once processing over an at-least-once delivery: a claim is a lease.
//!
//! [`Deduplicator::claim`] takes a short lease on the keys a delivery claims
//! ([`SeenKey::claims`]): the delivery is in progress, held by the caller's [`LeaseToken`],
//! until the lease's expiry. The holder then either [`complete`](Deduplicator::complete)s it
//! (its keys are done: every later delivery of them is a [`Duplicate`]) after the work
//! succeeded, or [`release`](Deduplicator::release)s it when the work failed and answers the
//! service with an error, so that the retry is processed. A holder that dies does neither: its
//! lease expires and the next delivery takes it over. A claim while another holder's lease runs
//! is [`Claim::InProgress`]: answer a non-2xx status (409), the service retries.
//!
//! Only the holder of a lease can complete it: a lease that expired and was taken over is
//! [`LeaseError::Lost`], and nothing is marked done by the old holder. The core has no clock:
//! `now_ms` is Unix milliseconds from yours (Redis counts expiries with its own clock).

use serde::{Deserialize, Serialize};

use super::dedup::{Deduplicator, Duplicate};
use super::keys::SeenKey;
use super::lease_store::{AsyncLeaseStore, KeysClaim, LeaseCheck, LeaseStore, LeaseToken};
use super::{DeliveryId, Event};

/// A lease held on the keys of one delivery: [`complete`](Deduplicator::complete) it after the
/// work succeeded, [`release`](Deduplicator::release) it when the work failed.
///
/// ```
/// use securepay::webhook::{Claim, Deduplicator, Event, LeaseToken};
///
/// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
/// let mut seen = Deduplicator::default();
/// let Claim::New(lease) = seen.claim(None, &event, LeaseToken::new("a:1"), 1_000, 10_000)? else {
///     return Err("a new event".into());
/// };
/// assert_eq!((lease.token().as_str(), lease.expires_at_ms(), lease.keys().len()), ("a:1", 11_000, 1));
/// seen.complete(&lease, 2_000)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[must_use = "complete the lease after the work, or release it when the work failed"]
pub struct Lease {
    keys: Vec<SeenKey>,
    token: LeaseToken,
    expires_at_ms: u64,
}

impl Lease {
    /// The keys held ([`SeenKey::claims`], in order; none for an unknown event without a
    /// delivery id, which nothing de-duplicates).
    ///
    /// ```
    /// use securepay::webhook::{Claim, Deduplicator, Event, LeaseToken};
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
    /// let Claim::New(lease) = Deduplicator::default().claim(Some("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?), &event, LeaseToken::new("a"), 0, 10_000)? else {
    ///     return Err("new".into());
    /// };
    /// assert_eq!(lease.keys().len(), 2); // the delivery and the fact
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn keys(&self) -> &[SeenKey] {
        &self.keys
    }

    /// The holder's token.
    ///
    /// ```
    /// use securepay::webhook::{Claim, Deduplicator, Event, LeaseToken};
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
    /// let Claim::New(lease) = Deduplicator::default().claim(None, &event, LeaseToken::new("a"), 0, 10_000)? else {
    ///     return Err("new".into());
    /// };
    /// assert_eq!(lease.token(), &LeaseToken::new("a"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn token(&self) -> &LeaseToken {
        &self.token
    }

    /// When the lease expires, by the caller's clock (`now_ms + lease_ms` of the claim): finish
    /// before it, or another delivery may take the keys over. Redis counts the expiry with its
    /// own clock.
    ///
    /// ```
    /// use securepay::webhook::{Claim, Deduplicator, Event, LeaseToken};
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
    /// let Claim::New(lease) = Deduplicator::default().claim(None, &event, LeaseToken::new("a"), 5, 10_000)? else {
    ///     return Err("new".into());
    /// };
    /// assert_eq!(lease.expires_at_ms(), 10_005);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn expires_at_ms(&self) -> u64 {
        self.expires_at_ms
    }
}

/// What [`Deduplicator::claim`] answers.
///
/// ```
/// use securepay::webhook::{Claim, Deduplicator, Event, LeaseToken};
///
/// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
/// let mut seen = Deduplicator::default();
/// let Claim::New(lease) = seen.claim(None, &event, LeaseToken::new("a"), 0, 10_000)? else {
///     return Err("new".into());
/// };
/// let busy = seen.claim(None, &event, LeaseToken::new("b"), 1_000, 10_000)?;
/// assert!(matches!(busy, Claim::InProgress(_)));
/// assert_eq!(busy.status(), 409); // the service retries
/// seen.complete(&lease, 2_000)?;
/// let done = seen.claim(None, &event, LeaseToken::new("c"), 3_000, 10_000)?;
/// assert!(matches!(done, Claim::Done(_)));
/// assert_eq!(done.status(), 200); // a duplicate: acknowledge it
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[must_use = "a new claim holds a lease: process, then complete or release it"]
pub enum Claim {
    /// New: the caller holds the lease. Process the delivery, then complete or release it.
    New(Lease),
    /// Another holder's lease on this key runs: answer a non-2xx status (409) so that the
    /// service retries after the other holder finished, failed or died.
    InProgress(SeenKey),
    /// Already processed: a duplicate, answer 2xx.
    Done(Duplicate),
}

impl Claim {
    /// The HTTP status to answer when the claim is not [`Claim::New`]: 409 for
    /// [`Claim::InProgress`] (the service retries), 200 for [`Claim::Done`]; for
    /// [`Claim::New`], 202 until the work answers its own status.
    ///
    /// ```
    /// use securepay::webhook::{Claim, SeenKey};
    ///
    /// assert_eq!(Claim::InProgress(SeenKey::Delivery("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?)).status(), 409);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn status(&self) -> u16 {
        match self {
            Claim::New(_) => 202,
            Claim::InProgress(_) => 409,
            Claim::Done(_) => 200,
        }
    }
}

/// Why [`Deduplicator::complete`] marked nothing done.
///
/// ```
/// use securepay::webhook::{Claim, Deduplicator, Event, LeaseError, LeaseToken};
///
/// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
/// let mut seen = Deduplicator::default();
/// let Claim::New(slow) = seen.claim(None, &event, LeaseToken::new("a"), 0, 10_000)? else {
///     return Err("new".into());
/// };
/// // Its lease expired; a retry took the event over.
/// let Claim::New(next) = seen.claim(None, &event, LeaseToken::new("b"), 10_000, 10_000)? else {
///     return Err("taken over".into());
/// };
/// assert!(matches!(seen.complete(&slow, 11_000), Err(LeaseError::Lost { .. })));
/// seen.complete(&next, 11_000)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LeaseError<E> {
    /// The lease is no longer held on `key`: it expired (and another delivery may have taken
    /// it over) or was released. Nothing was marked done; the work may have run twice, so
    /// undo it if you can and answer the service with an error.
    #[error(
        "the lease on {key} is no longer held (expired or taken over): nothing was marked done"
    )]
    Lost {
        /// The first key not held.
        key: SeenKey,
    },
    /// The store could not answer: whether the keys are done is unknown (retry the
    /// completion, or let the lease expire and the service's retry find out).
    #[error("the lease store cannot complete the lease")]
    Store(#[source] E),
}

impl<S: LeaseStore> Deduplicator<S> {
    /// Claims the delivery and the event's fact ([`SeenKey::claims`]) with a lease of
    /// `lease_ms` for `token`, at `now_ms` (Unix milliseconds from your clock): [`Claim::New`]
    /// holds the lease, all keys or none. Choose `lease_ms` longer than the work and shorter
    /// than the service's retries (it retries 1, 5 and 15 s after a failure; 10 000 lets the
    /// last retry take over from a holder that died). A store that cannot answer returns its
    /// error: the delivery is neither new nor a duplicate (answer 503).
    ///
    /// ```
    /// use securepay::webhook::{Claim, Deduplicator, Event, LeaseToken};
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
    /// let mut seen = Deduplicator::default();
    /// let Claim::New(lease) = seen.claim(None, &event, LeaseToken::new("a:1"), 0, 10_000)? else {
    ///     return Err("new".into());
    /// };
    /// let work: Result<(), &str> = Err("the database is down");
    /// match work {
    ///     Ok(()) => seen.complete(&lease, 1_000)?, // then answer 200
    ///     Err(_) => seen.release(&lease, 1_000)?,  // then answer 500: the retry is processed
    /// }
    /// assert!(matches!(seen.claim(None, &event, LeaseToken::new("a:2"), 2_000, 10_000)?, Claim::New(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn claim(
        &mut self,
        delivery: Option<DeliveryId>,
        event: &Event,
        token: LeaseToken,
        now_ms: u64,
        lease_ms: u64,
    ) -> Result<Claim, S::Error> {
        let keys: Vec<SeenKey> = SeenKey::claims(delivery, event).collect();
        if keys.is_empty() {
            return Ok(new_claim(keys, token, now_ms, lease_ms));
        }
        let answer = self
            .store_mut()
            .claim(&keys, &token, now_ms, lease_ms.max(1))?;
        Ok(claim_from(answer, keys, token, now_ms, lease_ms))
    }

    /// Marks the lease's keys done, if it is still held: from now on every delivery of them is
    /// a [`Duplicate`]. [`LeaseError::Lost`] when it expired or was taken over (nothing marked).
    /// A lease of no keys completes without asking the store.
    ///
    /// ```
    /// use securepay::webhook::{Claim, Deduplicator, Event, LeaseToken};
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
    /// let mut seen = Deduplicator::default();
    /// let Claim::New(lease) = seen.claim(None, &event, LeaseToken::new("a"), 0, 10_000)? else {
    ///     return Err("new".into());
    /// };
    /// seen.complete(&lease, 1_000)?;
    /// assert!(seen.check(None, &event)?.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn complete(&mut self, lease: &Lease, now_ms: u64) -> Result<(), LeaseError<S::Error>> {
        if lease.keys.is_empty() {
            return Ok(());
        }
        match self.store_mut().complete(&lease.keys, &lease.token, now_ms) {
            Ok(LeaseCheck::Held) => Ok(()),
            Ok(LeaseCheck::Lost(key)) => Err(LeaseError::Lost { key }),
            Err(error) => Err(LeaseError::Store(error)),
        }
    }

    /// Frees the lease's keys that it still holds (the work failed): the service's retry is
    /// processed. A store that cannot answer returns its error; the lease then ends at its
    /// expiry.
    ///
    /// ```
    /// use securepay::webhook::{Claim, Deduplicator, Event, LeaseToken};
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
    /// let mut seen = Deduplicator::default();
    /// let Claim::New(lease) = seen.claim(None, &event, LeaseToken::new("a"), 0, 10_000)? else {
    ///     return Err("new".into());
    /// };
    /// seen.release(&lease, 1_000)?;
    /// assert!(matches!(seen.claim(None, &event, LeaseToken::new("b"), 1_000, 10_000)?, Claim::New(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn release(&mut self, lease: &Lease, now_ms: u64) -> Result<(), S::Error> {
        if lease.keys.is_empty() {
            return Ok(());
        }
        self.store_mut()
            .release(&lease.keys, &lease.token, now_ms)
            .map(drop)
    }
}

impl<S: AsyncLeaseStore> Deduplicator<S> {
    /// [`claim`](Deduplicator::claim) over an [`AsyncLeaseStore`].
    ///
    /// ```
    /// use securepay::webhook::{Claim, Deduplicator, Event, LeaseToken};
    ///
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
    /// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
    /// let mut seen = Deduplicator::default();
    /// let Claim::New(lease) = seen.claim_async(None, &event, LeaseToken::new("a"), 0, 10_000).await? else {
    ///     return Err("new".into());
    /// };
    /// seen.complete_async(&lease, 1_000).await?;
    /// assert!(matches!(seen.claim_async(None, &event, LeaseToken::new("b"), 2_000, 10_000).await?, Claim::Done(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// # })
    /// # }
    /// ```
    pub async fn claim_async(
        &mut self,
        delivery: Option<DeliveryId>,
        event: &Event,
        token: LeaseToken,
        now_ms: u64,
        lease_ms: u64,
    ) -> Result<Claim, S::Error> {
        let keys: Vec<SeenKey> = SeenKey::claims(delivery, event).collect();
        if keys.is_empty() {
            return Ok(new_claim(keys, token, now_ms, lease_ms));
        }
        let answer = self
            .store_mut()
            .claim(&keys, &token, now_ms, lease_ms.max(1))
            .await?;
        Ok(claim_from(answer, keys, token, now_ms, lease_ms))
    }

    /// [`complete`](Deduplicator::complete) over an [`AsyncLeaseStore`] (see
    /// [`claim_async`](Deduplicator::claim_async)).
    pub async fn complete_async(
        &mut self,
        lease: &Lease,
        now_ms: u64,
    ) -> Result<(), LeaseError<S::Error>> {
        if lease.keys.is_empty() {
            return Ok(());
        }
        match self
            .store_mut()
            .complete(&lease.keys, &lease.token, now_ms)
            .await
        {
            Ok(LeaseCheck::Held) => Ok(()),
            Ok(LeaseCheck::Lost(key)) => Err(LeaseError::Lost { key }),
            Err(error) => Err(LeaseError::Store(error)),
        }
    }

    /// [`release`](Deduplicator::release) over an [`AsyncLeaseStore`].
    ///
    /// ```
    /// use securepay::webhook::{Claim, Deduplicator, Event, LeaseToken};
    ///
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
    /// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
    /// let mut seen = Deduplicator::default();
    /// let Claim::New(lease) = seen.claim_async(None, &event, LeaseToken::new("a"), 0, 10_000).await? else {
    ///     return Err("new".into());
    /// };
    /// seen.release_async(&lease, 1_000).await?;
    /// assert!(matches!(seen.claim_async(None, &event, LeaseToken::new("b"), 2_000, 10_000).await?, Claim::New(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// # })
    /// # }
    /// ```
    pub async fn release_async(&mut self, lease: &Lease, now_ms: u64) -> Result<(), S::Error> {
        if lease.keys.is_empty() {
            return Ok(());
        }
        self.store_mut()
            .release(&lease.keys, &lease.token, now_ms)
            .await
            .map(drop)
    }
}

fn new_claim(keys: Vec<SeenKey>, token: LeaseToken, now_ms: u64, lease_ms: u64) -> Claim {
    Claim::New(Lease {
        keys,
        token,
        expires_at_ms: now_ms.saturating_add(lease_ms.max(1)),
    })
}

fn claim_from(
    answer: KeysClaim,
    keys: Vec<SeenKey>,
    token: LeaseToken,
    now_ms: u64,
    lease_ms: u64,
) -> Claim {
    match answer {
        KeysClaim::Taken => new_claim(keys, token, now_ms, lease_ms),
        KeysClaim::InProgress(key) => Claim::InProgress(key),
        KeysClaim::Done(key) => Claim::Done(key.into()),
    }
}
