//! De-duplication: by delivery id, and by business key so that a core event and its
//! `.client_id` / `.checkout` variant (separate deliveries of the same fact) take effect once.
//!
//! A [`Deduplicator`] keeps what was processed in a [`SeenStore`] (blocking) or an
//! [`AsyncSeenStore`]: [`MemoryStore`] (the default) is bounded and for one process; for
//! several instances of a backend, `RedisStore` (feature `redis-store`) or a table of your
//! database. A store is fallible: its typed error reaches the caller, and an event whose keys
//! could not be checked is never taken for a new one. The step itself is sans-IO: the keys a
//! delivery claims are [`SeenKey::claims`], in order, and a store that cannot implement either
//! trait (one that writes inside your transaction object) claims them itself. The core has no
//! clock: times are Unix milliseconds from yours.
//!
//! Process each delivery exactly once, even when the work fails or the process dies, with a
//! lease ([`Deduplicator::claim`], see [`Claim`](super::Claim)): claim → process →
//! [`complete`](Deduplicator::complete), or [`release`](Deduplicator::release) when the work
//! failed (answer an error: the retry is processed); a claim that finds another holder's lease
//! running is in progress (answer 409: the service retries); a holder that died leaves a lease
//! that expires and is taken over. Every store implements it: [`MemoryStore`], `RedisStore`,
//! or your table ([`LeaseStore`](super::LeaseStore)).
//!
//! Without leases: check before you act, record after your update succeeded, atomically with
//! it: recording first would turn a failed update into a lost one, because the retry would look
//! like a duplicate. [`Deduplicator::first_seen`] records for good in one step: only inside the
//! transaction of the update (a failed update rolls the record back), never before work that
//! can fail outside it.

use std::collections::{HashMap, HashSet, VecDeque};
use std::convert::Infallible;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::keys::{BusinessKey, SeenKey};
use super::lease_store::{AsyncLeaseStore, KeysClaim, LeaseCheck, LeaseStore, LeaseToken};
use super::{DeliveryId, Event};

/// Where a [`Deduplicator`] keeps the deliveries and facts already processed (a blocking
/// store; [`AsyncSeenStore`] is the same contract for async code).
///
/// What an implementation guarantees:
///
/// - [`first_seen`](SeenStore::first_seen) is an atomic check-and-record. It records `key` and
///   returns `Ok(true)` when `key` is not recorded; it returns `Ok(false)`, recording nothing,
///   when it is. Of any number of calls with one key, from any number of processes, at most
///   one returns `Ok(true)` while the key is kept. In a database: a unique column (the key's
///   `Display` text) and `INSERT … ON CONFLICT DO NOTHING`, `true` when a row was inserted; in
///   Redis, `SET key 1 NX EX ttl`; never a read followed by a write.
/// - A store that cannot answer (its database or network failed) returns its typed error,
///   never a guess: the caller answers the delivery with an error status, and the service
///   retries it.
/// - The record is part of the caller's unit of work: write it in the transaction of the
///   business update, so that a failed update takes the key with it and the service's retry
///   is processed instead of skipped.
/// - [`contains`](SeenStore::contains) says whether `key` is recorded (done), without recording
///   it; a key in progress under a lease ([`LeaseStore`]) is not.
/// - A store may forget keys ([`MemoryStore`] does, by size and age; Redis by expiry); a
///   forgotten key is a key never seen. Keep delivery ids at least as long as the service
///   retries (21 seconds after the first attempt), and facts as long as a scoped variant or a
///   re-sent event can arrive.
///
/// ```
/// use std::collections::BTreeSet;
/// use std::convert::Infallible;
/// use securepay::webhook::{Deduplicator, Event, SeenKey, SeenStore};
///
/// /// A stand-in for a database table with a unique key column.
/// #[derive(Default)]
/// struct Table(BTreeSet<String>);
///
/// impl SeenStore for Table {
///     type Error = Infallible; // a real table: the driver's error
///     fn first_seen(&mut self, key: &SeenKey) -> Result<bool, Infallible> {
///         Ok(self.0.insert(key.to_string())) // INSERT … ON CONFLICT DO NOTHING
///     }
///     fn contains(&mut self, key: &SeenKey) -> Result<bool, Infallible> {
///         Ok(self.0.contains(&key.to_string()))
///     }
/// }
///
/// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
/// let mut seen = Deduplicator::new(Table::default());
/// assert!(seen.first_seen(None, &event)?.is_none()); // process it, in the same transaction
/// assert!(seen.first_seen(None, &event)?.is_some());
/// assert_eq!(seen.store().0.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait SeenStore {
    /// Why the store could not answer (`Infallible` for a store that cannot fail).
    type Error: std::error::Error + Send + Sync + 'static;

    /// Records `key` and returns `true` if it was not recorded; returns `false`, recording
    /// nothing, if it was. Atomic (see the trait's guarantees).
    fn first_seen(&mut self, key: &SeenKey) -> Result<bool, Self::Error>;

    /// Whether `key` is recorded.
    fn contains(&mut self, key: &SeenKey) -> Result<bool, Self::Error>;
}

/// [`SeenStore`] for async code: the same guarantees, each answer a future (`Send`, so a
/// handler can run on a multi-threaded runtime). `RedisStore` over an async connection
/// implements it (feature `redis-store`), and so does [`MemoryStore`].
///
/// ```
/// use std::collections::BTreeSet;
/// use std::convert::Infallible;
/// use securepay::webhook::{AsyncSeenStore, Deduplicator, Event, SeenKey};
///
/// /// A stand-in for a table reached through an async driver.
/// #[derive(Default)]
/// struct Table(BTreeSet<String>);
///
/// impl AsyncSeenStore for Table {
///     type Error = Infallible;
///     async fn first_seen(&mut self, key: &SeenKey) -> Result<bool, Infallible> {
///         Ok(self.0.insert(key.to_string()))
///     }
///     async fn contains(&mut self, key: &SeenKey) -> Result<bool, Infallible> {
///         Ok(self.0.contains(&key.to_string()))
///     }
/// }
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
/// let mut seen = Deduplicator::new(Table::default());
/// assert!(seen.first_seen_async(None, &event).await?.is_none());
/// assert!(seen.first_seen_async(None, &event).await?.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })
/// # }
/// ```
pub trait AsyncSeenStore {
    /// Why the store could not answer.
    type Error: std::error::Error + Send + Sync + 'static;

    /// [`SeenStore::first_seen`], as a future.
    fn first_seen(
        &mut self,
        key: &SeenKey,
    ) -> impl Future<Output = Result<bool, Self::Error>> + Send;

    /// [`SeenStore::contains`], as a future.
    fn contains(&mut self, key: &SeenKey)
    -> impl Future<Output = Result<bool, Self::Error>> + Send;
}

/// One recorded key and the time (from the caller's clock) it was recorded at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Entry {
    key: SeenKey,
    at_ms: u64,
}

/// The in-memory [`SeenStore`]: bounded in size (the oldest keys are forgotten first) and,
/// optionally, in age. For one process only: two processes with a store each would both
/// process a delivery; several processes share a store in a database. Threads of one process
/// share it behind a lock held from the check to the record.
///
/// The core has no clock. [`MemoryStore::set_now`] tells the store the time (Unix
/// milliseconds from your clock): keys recorded afterwards are stamped with it and, with a
/// maximum age, keys older than that are forgotten. Without a clock the store is bounded by
/// size only.
///
/// Serialize it with your business state to keep it across restarts; reading it back checks
/// it (keys once each, in time order, within the bounds).
///
/// ```
/// use securepay::webhook::{Deduplicator, Event, MemoryStore};
///
/// let mut seen = Deduplicator::new(MemoryStore::new(10_000).with_max_age(86_400_000)); // a day
/// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
/// seen.store_mut().set_now(1_700_000_000_000);
/// seen.record(None, &event)?;
/// assert!(seen.check(None, &event)?.is_some());
/// assert_eq!(seen.store_mut().set_now(1_700_000_000_000 + 86_400_001), 1); // a day later: forgotten
/// assert!(seen.check(None, &event)?.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "MemoryStoreWire", try_from = "MemoryStoreWire")]
pub struct MemoryStore {
    max_entries: usize,
    max_age_ms: Option<u64>,
    now_ms: u64,
    /// Oldest first; `at_ms` never decreases.
    entries: VecDeque<Entry>,
    keys: HashSet<SeenKey>,
    /// Keys in progress: the holder's token and the lease's expiry. Not serialized: a process
    /// that restarted holds no lease.
    leases: HashMap<SeenKey, (LeaseToken, u64)>,
}

impl MemoryStore {
    /// The size bound of [`MemoryStore::default`].
    pub const DEFAULT_MAX_ENTRIES: usize = 100_000;

    /// A store of at most `max_entries` keys (at least 1), without a maximum age.
    ///
    /// ```
    /// use securepay::webhook::{MemoryStore, SeenKey, SeenStore};
    ///
    /// let mut store = MemoryStore::new(2);
    /// for id in ["01ARZ3NDEKTSV4RRFFQ69G5FA1", "01ARZ3NDEKTSV4RRFFQ69G5FA2", "01ARZ3NDEKTSV4RRFFQ69G5FA3"] {
    ///     assert!(store.first_seen(&SeenKey::Delivery(id.parse()?))?);
    /// }
    /// assert_eq!(store.len(), 2); // the first one was forgotten
    /// assert!(!store.contains(&SeenKey::Delivery("01ARZ3NDEKTSV4RRFFQ69G5FA1".parse()?))?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(max_entries: usize) -> MemoryStore {
        MemoryStore {
            max_entries: max_entries.max(1),
            max_age_ms: None,
            now_ms: 0,
            entries: VecDeque::new(),
            keys: HashSet::new(),
            leases: HashMap::new(),
        }
    }

    /// The same store, forgetting keys recorded more than `max_age_ms` before the time given
    /// to [`MemoryStore::set_now`].
    ///
    /// ```
    /// use securepay::webhook::MemoryStore;
    ///
    /// let store = MemoryStore::default().with_max_age(3_600_000);
    /// assert_eq!((store.max_entries(), store.max_age_ms()), (MemoryStore::DEFAULT_MAX_ENTRIES, Some(3_600_000)));
    /// ```
    pub fn with_max_age(mut self, max_age_ms: u64) -> MemoryStore {
        self.max_age_ms = Some(max_age_ms);
        self.prune();
        self
    }

    /// Tells the store the time (Unix milliseconds from your clock): keys recorded from now on
    /// are stamped with it, and with a maximum age the keys recorded before
    /// `now_ms - max_age_ms` are forgotten. A time earlier than the last one is ignored (the
    /// store's time never goes back). Returns how many keys were forgotten.
    ///
    /// ```
    /// use securepay::webhook::{MemoryStore, SeenKey, SeenStore};
    ///
    /// let mut store = MemoryStore::new(100).with_max_age(1_000);
    /// store.set_now(5_000);
    /// store.first_seen(&SeenKey::Delivery("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?))?;
    /// assert_eq!(store.set_now(6_000), 0); // exactly the maximum age: kept
    /// assert_eq!(store.set_now(6_001), 1);
    /// assert_eq!(store.set_now(10), 0); // the clock went back: ignored
    /// assert_eq!(store.now_ms(), 6_001);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_now(&mut self, now_ms: u64) -> usize {
        self.now_ms = self.now_ms.max(now_ms);
        self.prune()
    }

    /// Forgets the keys recorded before `cutoff_ms`, whatever the maximum age. Returns how
    /// many were forgotten.
    ///
    /// ```
    /// use securepay::webhook::{MemoryStore, SeenKey, SeenStore};
    ///
    /// let mut store = MemoryStore::default();
    /// store.set_now(1_000);
    /// store.first_seen(&SeenKey::Delivery("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?))?;
    /// assert_eq!(store.prune_before(1_000), 0); // not older than the cut-off
    /// assert_eq!(store.prune_before(1_001), 1);
    /// assert!(store.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prune_before(&mut self, cutoff_ms: u64) -> usize {
        let before = self.entries.len();
        while let Some(oldest) = self.entries.front() {
            if oldest.at_ms >= cutoff_ms {
                break;
            }
            self.forget_oldest();
        }
        before.saturating_sub(self.entries.len())
    }

    /// How many keys are recorded.
    ///
    /// ```
    /// use securepay::webhook::{MemoryStore, SeenKey, SeenStore};
    ///
    /// let mut store = MemoryStore::default();
    /// store.first_seen(&SeenKey::Delivery("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?))?;
    /// store.first_seen(&SeenKey::Delivery("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?))?; // the same key
    /// assert_eq!(store.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no key is recorded.
    ///
    /// ```
    /// use securepay::webhook::MemoryStore;
    ///
    /// assert!(MemoryStore::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The size bound.
    ///
    /// ```
    /// use securepay::webhook::MemoryStore;
    ///
    /// assert_eq!(MemoryStore::new(0).max_entries(), 1); // at least one key
    /// ```
    pub const fn max_entries(&self) -> usize {
        self.max_entries
    }

    /// The age bound, if any.
    ///
    /// ```
    /// use securepay::webhook::MemoryStore;
    ///
    /// assert_eq!(MemoryStore::default().max_age_ms(), None);
    /// ```
    pub const fn max_age_ms(&self) -> Option<u64> {
        self.max_age_ms
    }

    /// The store's time: the latest given to [`MemoryStore::set_now`] (0 before).
    ///
    /// ```
    /// use securepay::webhook::MemoryStore;
    ///
    /// let mut store = MemoryStore::default();
    /// store.set_now(1_700_000_000_000);
    /// assert_eq!(store.now_ms(), 1_700_000_000_000);
    /// ```
    pub const fn now_ms(&self) -> u64 {
        self.now_ms
    }

    /// Applies both bounds; returns how many keys were forgotten.
    fn prune(&mut self) -> usize {
        let now_ms = self.now_ms;
        self.leases
            .retain(|_, (_, expires_at_ms)| *expires_at_ms > now_ms);
        let mut forgotten = match self.max_age_ms {
            Some(age) => self.prune_before(self.now_ms.saturating_sub(age)),
            None => 0,
        };
        while self.entries.len() > self.max_entries {
            self.forget_oldest();
            forgotten = forgotten.saturating_add(1);
        }
        forgotten
    }

    fn forget_oldest(&mut self) {
        if let Some(oldest) = self.entries.pop_front() {
            self.keys.remove(&oldest.key);
        }
    }
}

impl Default for MemoryStore {
    /// [`MemoryStore::DEFAULT_MAX_ENTRIES`] keys, no maximum age.
    fn default() -> MemoryStore {
        MemoryStore::new(MemoryStore::DEFAULT_MAX_ENTRIES)
    }
}

impl MemoryStore {
    /// [`SeenStore::first_seen`], which cannot fail in memory.
    fn record_key(&mut self, key: &SeenKey) -> bool {
        if !self.keys.insert(key.clone()) {
            return false;
        }
        self.entries.push_back(Entry {
            key: key.clone(),
            at_ms: self.now_ms,
        });
        self.prune();
        true
    }
}

impl SeenStore for MemoryStore {
    type Error = Infallible;

    fn first_seen(&mut self, key: &SeenKey) -> Result<bool, Infallible> {
        Ok(self.record_key(key))
    }

    fn contains(&mut self, key: &SeenKey) -> Result<bool, Infallible> {
        Ok(self.keys.contains(key))
    }
}

impl AsyncSeenStore for MemoryStore {
    type Error = Infallible;

    async fn first_seen(&mut self, key: &SeenKey) -> Result<bool, Infallible> {
        Ok(self.record_key(key))
    }

    async fn contains(&mut self, key: &SeenKey) -> Result<bool, Infallible> {
        Ok(self.keys.contains(key))
    }
}

impl MemoryStore {
    /// [`LeaseStore::claim`] in memory: at `now_ms` (which becomes the store's time).
    fn claim_keys(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        now_ms: u64,
        lease_ms: u64,
    ) -> KeysClaim {
        self.set_now(now_ms);
        for key in keys {
            if self.keys.contains(key) {
                return KeysClaim::Done(key.clone());
            }
            // Expired leases were pruned by `set_now`.
            if self.leases.contains_key(key) {
                return KeysClaim::InProgress(key.clone());
            }
        }
        let expires_at_ms = self.now_ms.saturating_add(lease_ms.max(1));
        for key in keys {
            self.leases
                .insert(key.clone(), (token.clone(), expires_at_ms));
        }
        KeysClaim::Taken
    }

    /// [`LeaseStore::complete`] in memory.
    fn complete_keys(&mut self, keys: &[SeenKey], token: &LeaseToken, now_ms: u64) -> LeaseCheck {
        self.set_now(now_ms);
        if let Some(lost) = keys.iter().find(|key| {
            self.leases
                .get(*key)
                .is_none_or(|(holder, _)| holder != token)
        }) {
            return LeaseCheck::Lost(lost.clone());
        }
        for key in keys {
            self.leases.remove(key);
            self.record_key(key);
        }
        LeaseCheck::Held
    }

    /// [`LeaseStore::release`] in memory.
    fn release_keys(&mut self, keys: &[SeenKey], token: &LeaseToken, now_ms: u64) -> usize {
        self.set_now(now_ms);
        let mut released = 0_usize;
        for key in keys {
            if self
                .leases
                .get(key)
                .is_some_and(|(holder, _)| holder == token)
            {
                self.leases.remove(key);
                released = released.saturating_add(1);
            }
        }
        released
    }
}

/// Leases for the threads of one process (behind a lock); they are not serialized.
impl LeaseStore for MemoryStore {
    type Error = Infallible;

    fn claim(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        now_ms: u64,
        lease_ms: u64,
    ) -> Result<KeysClaim, Infallible> {
        Ok(self.claim_keys(keys, token, now_ms, lease_ms))
    }

    fn complete(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        now_ms: u64,
    ) -> Result<LeaseCheck, Infallible> {
        Ok(self.complete_keys(keys, token, now_ms))
    }

    fn release(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        now_ms: u64,
    ) -> Result<usize, Infallible> {
        Ok(self.release_keys(keys, token, now_ms))
    }
}

impl AsyncLeaseStore for MemoryStore {
    type Error = Infallible;

    async fn claim(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        now_ms: u64,
        lease_ms: u64,
    ) -> Result<KeysClaim, Infallible> {
        Ok(self.claim_keys(keys, token, now_ms, lease_ms))
    }

    async fn complete(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        now_ms: u64,
    ) -> Result<LeaseCheck, Infallible> {
        Ok(self.complete_keys(keys, token, now_ms))
    }

    async fn release(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        now_ms: u64,
    ) -> Result<usize, Infallible> {
        Ok(self.release_keys(keys, token, now_ms))
    }
}

/// A [`MemoryStore`] as stored: its bounds, its time and its keys, oldest first.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct MemoryStoreWire {
    max_entries: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    max_age_ms: Option<u64>,
    now_ms: u64,
    seen: Vec<Entry>,
}

impl From<MemoryStore> for MemoryStoreWire {
    fn from(store: MemoryStore) -> MemoryStoreWire {
        MemoryStoreWire {
            max_entries: store.max_entries,
            max_age_ms: store.max_age_ms,
            now_ms: store.now_ms,
            seen: store.entries.into(),
        }
    }
}

impl TryFrom<MemoryStoreWire> for MemoryStore {
    type Error = String;

    fn try_from(wire: MemoryStoreWire) -> Result<MemoryStore, String> {
        if wire.max_entries == 0 {
            return Err("maxEntries must be at least 1".to_owned());
        }
        let mut store = MemoryStore {
            max_entries: wire.max_entries,
            max_age_ms: wire.max_age_ms,
            now_ms: wire.now_ms,
            entries: VecDeque::with_capacity(wire.seen.len()),
            keys: HashSet::with_capacity(wire.seen.len()),
            leases: HashMap::new(),
        };
        for entry in wire.seen {
            if entry.at_ms > store.now_ms
                || store
                    .entries
                    .back()
                    .is_some_and(|last| last.at_ms > entry.at_ms)
            {
                return Err(format!(
                    "key {} at {} ms is out of order: keys are oldest first, none after nowMs",
                    entry.key, entry.at_ms
                ));
            }
            if !store.keys.insert(entry.key.clone()) {
                return Err(format!("key {} is recorded twice", entry.key));
            }
            store.entries.push_back(entry);
        }
        store.prune();
        Ok(store)
    }
}

/// Why an event is a duplicate.
///
/// ```
/// use securepay::webhook::{Deduplicator, Duplicate, Event};
///
/// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
/// let mut seen = Deduplicator::default();
/// seen.record(None, &event)?;
/// let duplicate = seen.check(None, &event)?.ok_or("a duplicate")?;
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

impl From<SeenKey> for Duplicate {
    /// The duplicate a claimed key means when it was already recorded.
    fn from(key: SeenKey) -> Duplicate {
        match key {
            SeenKey::Delivery(id) => Duplicate::Delivery(id),
            SeenKey::Fact(key) => Duplicate::BusinessKey(key),
        }
    }
}

impl fmt::Display for Duplicate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Duplicate::Delivery(id) => write!(f, "delivery {id} was already processed"),
            Duplicate::BusinessKey(key) => write!(f, "the fact {key} was already processed"),
        }
    }
}

/// De-duplication of webhook deliveries over a [`SeenStore`] ([`MemoryStore`] by default):
/// a retried delivery is caught by its delivery id, another delivery of a fact already
/// processed (a scoped variant, the same fact sent twice) by its [`BusinessKey`].
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
/// assert_eq!(seen.check(Some(first), &core)?, None);
/// seen.record(Some(first), &core)?; // after fulfilling, in the same transaction
/// assert!(matches!(seen.check(Some(first), &core)?, Some(Duplicate::Delivery(_))));
/// assert!(matches!(seen.check(Some(second), &checkout)?, Some(Duplicate::BusinessKey(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Deduplicator<S = MemoryStore> {
    store: S,
}

impl Default for Deduplicator {
    /// Over a [`MemoryStore::default`].
    fn default() -> Deduplicator {
        Deduplicator::new(MemoryStore::default())
    }
}

impl<S> Deduplicator<S> {
    /// De-duplication over `store`.
    ///
    /// ```
    /// use securepay::webhook::{Deduplicator, MemoryStore};
    ///
    /// let seen = Deduplicator::new(MemoryStore::new(1_000));
    /// assert_eq!(seen.store().max_entries(), 1_000);
    /// ```
    pub const fn new(store: S) -> Deduplicator<S> {
        Deduplicator { store }
    }

    /// The store.
    ///
    /// ```
    /// use securepay::webhook::{Deduplicator, Event};
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
    /// let mut seen = Deduplicator::default();
    /// seen.record(Some("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?), &event)?;
    /// assert_eq!(seen.store().len(), 2); // the delivery and the fact
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn store(&self) -> &S {
        &self.store
    }

    /// The store, to tell it the time or prune it.
    ///
    /// ```
    /// use securepay::webhook::{Deduplicator, DeliveryId, Event};
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
    /// let id: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
    /// let mut seen = Deduplicator::default();
    /// seen.store_mut().set_now(id.timestamp_ms());
    /// seen.record(Some(id), &event)?;
    /// assert_eq!(seen.store_mut().prune_before(id.timestamp_ms() + 86_400_000), 2); // a day later
    /// assert!(seen.check(Some(id), &event)?.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn store_mut(&mut self) -> &mut S {
        &mut self.store
    }

    /// The store, back.
    ///
    /// ```
    /// use securepay::webhook::Deduplicator;
    ///
    /// assert!(Deduplicator::default().into_store().is_empty());
    /// ```
    pub fn into_store(self) -> S {
        self.store
    }
}

impl<S: SeenStore> Deduplicator<S> {
    /// Whether this delivery, or another delivery of the same fact, was already recorded.
    /// Records nothing: a failed business update can be retried. A store that cannot answer
    /// returns its error: the event is neither new nor a duplicate.
    ///
    /// ```
    /// use securepay::webhook::{Deduplicator, Event};
    ///
    /// let first = Event::parse_unverified(br#"{"event": "payment.partial", "requestId": "01ab", "txHash": "0xAB", "totalAmountPaid": "50"}"#)?;
    /// let next = Event::parse_unverified(br#"{"event": "payment.partial", "requestId": "01ab", "txHash": "0xcd", "totalAmountPaid": "80"}"#)?;
    /// let mut seen = Deduplicator::default();
    /// seen.record(None, &first)?;
    /// assert!(seen.check(None, &first)?.is_some());
    /// assert!(seen.check(None, &next)?.is_none()); // another payment of the same request
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(
        &mut self,
        delivery: Option<DeliveryId>,
        event: &Event,
    ) -> Result<Option<Duplicate>, S::Error> {
        for key in SeenKey::claims(delivery, event) {
            if self.store.contains(&key)? {
                return Ok(Some(key.into()));
            }
        }
        Ok(None)
    }

    /// Records the delivery and the event's fact as processed.
    ///
    /// ```
    /// use securepay::webhook::{Deduplicator, DeliveryId, Event, SeenKey, SeenStore};
    ///
    /// let id: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
    /// let unknown = Event::parse_unverified(br#"{"event": "payout.sent"}"#)?;
    /// let mut seen = Deduplicator::default();
    /// seen.record(Some(id), &unknown)?; // no business key: known by its delivery only
    /// assert!(seen.store_mut().contains(&SeenKey::Delivery(id))?);
    /// assert!(seen.check(None, &unknown)?.is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record(&mut self, delivery: Option<DeliveryId>, event: &Event) -> Result<(), S::Error> {
        for key in SeenKey::claims(delivery, event) {
            self.store.first_seen(&key)?;
        }
        Ok(())
    }

    /// [`check`](Deduplicator::check) and [`record`](Deduplicator::record) in one step, each
    /// key ([`SeenKey::claims`]) with the store's atomic [`SeenStore::first_seen`]: `None` when
    /// the event is to be processed (its keys are now recorded for good), or why it is a
    /// duplicate. Only for a store written in the transaction of the business update, where a
    /// failed update forgets the keys: anywhere else (Redis, a [`MemoryStore`]) a failure after
    /// it loses the delivery, because its retry is a duplicate; claim a lease instead
    /// ([`Deduplicator::claim`]).
    ///
    /// A delivery already seen records nothing more; a new delivery of a fact already seen is
    /// recorded (it was handled: as a duplicate).
    ///
    /// ```
    /// use securepay::webhook::{Deduplicator, DeliveryId, Duplicate, Event};
    ///
    /// let core = Event::parse_unverified(br#"{"event": "payment.confirmed", "requestId": "01ab"}"#)?;
    /// let checkout = Event::parse_unverified(br#"{"event": "payment.confirmed.checkout", "requestId": "01ab"}"#)?;
    /// let first: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?;
    /// let second: DeliveryId = "01ARZ3NDEKTSV4RRFFQ69G5FAW".parse()?;
    /// let mut seen = Deduplicator::default();
    /// assert_eq!(seen.first_seen(Some(first), &core)?, None); // fulfil
    /// assert!(matches!(seen.first_seen(Some(first), &core)?, Some(Duplicate::Delivery(_))));
    /// assert!(matches!(seen.first_seen(Some(second), &checkout)?, Some(Duplicate::BusinessKey(_))));
    /// assert!(matches!(seen.first_seen(Some(second), &checkout)?, Some(Duplicate::Delivery(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn first_seen(
        &mut self,
        delivery: Option<DeliveryId>,
        event: &Event,
    ) -> Result<Option<Duplicate>, S::Error> {
        for key in SeenKey::claims(delivery, event) {
            if !self.store.first_seen(&key)? {
                return Ok(Some(key.into()));
            }
        }
        Ok(None)
    }
}

impl<S: AsyncSeenStore> Deduplicator<S> {
    /// [`check`](Deduplicator::check) over an [`AsyncSeenStore`].
    ///
    /// ```
    /// use securepay::webhook::{Deduplicator, Event};
    ///
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
    /// let event = Event::parse_unverified(br#"{"event": "payment.refunded", "requestId": "01ab"}"#)?;
    /// let mut seen = Deduplicator::default();
    /// assert!(seen.check_async(None, &event).await?.is_none());
    /// seen.record_async(None, &event).await?;
    /// assert!(seen.check_async(None, &event).await?.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// # })
    /// # }
    /// ```
    pub async fn check_async(
        &mut self,
        delivery: Option<DeliveryId>,
        event: &Event,
    ) -> Result<Option<Duplicate>, S::Error> {
        for key in SeenKey::claims(delivery, event) {
            if self.store.contains(&key).await? {
                return Ok(Some(key.into()));
            }
        }
        Ok(None)
    }

    /// [`record`](Deduplicator::record) over an [`AsyncSeenStore`] (see
    /// [`check_async`](Deduplicator::check_async)).
    pub async fn record_async(
        &mut self,
        delivery: Option<DeliveryId>,
        event: &Event,
    ) -> Result<(), S::Error> {
        for key in SeenKey::claims(delivery, event) {
            self.store.first_seen(&key).await?;
        }
        Ok(())
    }

    /// [`first_seen`](Deduplicator::first_seen) over an [`AsyncSeenStore`] (see
    /// [`AsyncSeenStore`]'s example).
    pub async fn first_seen_async(
        &mut self,
        delivery: Option<DeliveryId>,
        event: &Event,
    ) -> Result<Option<Duplicate>, S::Error> {
        for key in SeenKey::claims(delivery, event) {
            if !self.store.first_seen(&key).await? {
                return Ok(Some(key.into()));
            }
        }
        Ok(None)
    }
}
