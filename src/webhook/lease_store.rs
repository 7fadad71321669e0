//! What a store does for leases ([`LeaseStore`], [`AsyncLeaseStore`]): claim a delivery's keys
//! for a holder ([`LeaseToken`]) all or none, complete them while the lease is held, release
//! them. The [`Deduplicator`](super::Deduplicator)'s lease steps are built on it.

use std::fmt;
use std::future::Future;

use serde::{Deserialize, Serialize};

use super::keys::SeenKey;

/// Who holds a lease: text unique to one claim (an instance id and a counter, a UUID). Two
/// claims with one token are one holder to the store, so never reuse a token.
///
/// ```
/// use securepay::webhook::LeaseToken;
///
/// let token = LeaseToken::new("instance-7:42");
/// assert_eq!(token.as_str(), "instance-7:42");
/// assert_eq!(token.to_string(), "instance-7:42");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct LeaseToken(String);

impl LeaseToken {
    /// The token `text`.
    ///
    /// ```
    /// use securepay::webhook::LeaseToken;
    ///
    /// assert_ne!(LeaseToken::new("a:1"), LeaseToken::new("a:2"));
    /// ```
    pub fn new(text: impl Into<String>) -> LeaseToken {
        LeaseToken(text.into())
    }

    /// The token's text.
    ///
    /// ```
    /// use securepay::webhook::LeaseToken;
    ///
    /// assert_eq!(LeaseToken::new("a:1").as_str(), "a:1");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for LeaseToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A [`LeaseStore`]'s answer to a claim of keys, in order.
///
/// ```
/// use securepay::webhook::{KeysClaim, LeaseStore, LeaseToken, MemoryStore, SeenKey};
///
/// let key = SeenKey::Delivery("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?);
/// let mut store = MemoryStore::default();
/// let keys = [key.clone()];
/// assert_eq!(store.claim(&keys, &LeaseToken::new("a"), 1_000, 10_000)?, KeysClaim::Taken);
/// assert_eq!(store.claim(&keys, &LeaseToken::new("b"), 2_000, 10_000)?, KeysClaim::InProgress(key));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeysClaim {
    /// Every key was free (never seen, released, or its lease expired): all are now leased to
    /// the token.
    Taken,
    /// This key (the first one not free) is leased to another holder whose lease runs:
    /// nothing was taken.
    InProgress(SeenKey),
    /// This key (the first one not free) is done: nothing was taken.
    Done(SeenKey),
}

/// A [`LeaseStore`]'s answer to a completion.
///
/// ```
/// use securepay::webhook::{KeysClaim, LeaseCheck, LeaseStore, LeaseToken, MemoryStore, SeenKey};
///
/// let keys = [SeenKey::Delivery("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?)];
/// let mut store = MemoryStore::default();
/// store.claim(&keys, &LeaseToken::new("a"), 1_000, 10_000)?;
/// assert_eq!(store.complete(&keys, &LeaseToken::new("b"), 2_000)?, LeaseCheck::Lost(keys[0].clone()));
/// assert_eq!(store.complete(&keys, &LeaseToken::new("a"), 2_000)?, LeaseCheck::Held);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeaseCheck {
    /// The token held every key: all are done now.
    Held,
    /// The token no longer holds this key (its lease expired, was released, or another holder
    /// took it over): nothing was marked done.
    Lost(SeenKey),
}

/// Where leases and finished keys are kept (a blocking store; [`AsyncLeaseStore`] is the same
/// contract for async code): [`MemoryStore`](super::MemoryStore) for one process,
/// `RedisStore` (feature `redis-store`) or a table of your database for several instances.
///
/// What an implementation guarantees, for the keys of one call together:
///
/// - [`claim`](LeaseStore::claim) is atomic and all or nothing: when every key is free (never
///   seen, released, or its lease expired at `now_ms`), it leases them all to `token` until
///   `now_ms + lease_ms` and answers [`KeysClaim::Taken`]; otherwise it takes none and names
///   the first key in order that is in progress or done. Of any number of claims of one key,
///   at most one is answered `Taken` while its lease runs. A store that claims key by key
///   releases the keys it took when a later one is not free or the store fails.
/// - [`complete`](LeaseStore::complete) marks every key done (kept as long as the store keeps
///   finished keys) only if `token` still holds each one, unexpired, at `now_ms`; otherwise it
///   marks none and answers [`LeaseCheck::Lost`].
/// - [`release`](LeaseStore::release) frees the keys `token` still holds, and no other.
/// - A store that cannot answer returns its typed error, never a guess.
///
/// ```
/// use std::collections::BTreeMap;
/// use std::convert::Infallible;
/// use securepay::webhook::{KeysClaim, LeaseCheck, LeaseStore, LeaseToken, SeenKey};
///
/// /// A stand-in for a table `(key unique, holder, expires_at_ms)`; holder `None`: done.
/// #[derive(Default)]
/// struct Table(BTreeMap<String, (Option<LeaseToken>, u64)>);
///
/// impl LeaseStore for Table {
///     type Error = Infallible; // a real table: the driver's error
///     fn claim(&mut self, keys: &[SeenKey], token: &LeaseToken, now_ms: u64, lease_ms: u64) -> Result<KeysClaim, Infallible> {
///         // In one transaction: SELECT … FOR UPDATE, then INSERT or UPDATE.
///         for key in keys {
///             match self.0.get(&key.to_string()) {
///                 Some((None, _)) => return Ok(KeysClaim::Done(key.clone())),
///                 Some((Some(_), expires)) if *expires > now_ms => return Ok(KeysClaim::InProgress(key.clone())),
///                 _ => {}
///             }
///         }
///         for key in keys {
///             self.0.insert(key.to_string(), (Some(token.clone()), now_ms + lease_ms));
///         }
///         Ok(KeysClaim::Taken)
///     }
///     fn complete(&mut self, keys: &[SeenKey], token: &LeaseToken, now_ms: u64) -> Result<LeaseCheck, Infallible> {
///         for key in keys {
///             match self.0.get(&key.to_string()) {
///                 Some((Some(holder), expires)) if holder == token && *expires > now_ms => {}
///                 _ => return Ok(LeaseCheck::Lost(key.clone())),
///             }
///         }
///         for key in keys {
///             self.0.insert(key.to_string(), (None, now_ms));
///         }
///         Ok(LeaseCheck::Held)
///     }
///     fn release(&mut self, keys: &[SeenKey], token: &LeaseToken, _now_ms: u64) -> Result<usize, Infallible> {
///         let before = self.0.len();
///         self.0.retain(|k, (holder, _)| holder.as_ref() != Some(token) || !keys.iter().any(|key| key.to_string() == *k));
///         Ok(before - self.0.len())
///     }
/// }
///
/// let keys = [SeenKey::Delivery("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?)];
/// let mut table = Table::default();
/// assert_eq!(table.claim(&keys, &LeaseToken::new("a"), 0, 10_000)?, KeysClaim::Taken);
/// assert_eq!(table.release(&keys, &LeaseToken::new("a"), 5)?, 1);
/// assert_eq!(table.claim(&keys, &LeaseToken::new("b"), 10, 10_000)?, KeysClaim::Taken);
/// assert_eq!(table.complete(&keys, &LeaseToken::new("b"), 20)?, LeaseCheck::Held);
/// assert_eq!(table.claim(&keys, &LeaseToken::new("c"), 30, 10_000)?, KeysClaim::Done(keys[0].clone()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait LeaseStore {
    /// Why the store could not answer (`Infallible` for a store that cannot fail).
    type Error: std::error::Error + Send + Sync + 'static;

    /// Leases every key to `token` until `now_ms + lease_ms`, or none (see the trait).
    fn claim(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        now_ms: u64,
        lease_ms: u64,
    ) -> Result<KeysClaim, Self::Error>;

    /// Marks every key done if `token` still holds each one, or none (see the trait).
    fn complete(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        now_ms: u64,
    ) -> Result<LeaseCheck, Self::Error>;

    /// Frees the keys `token` still holds; returns how many.
    fn release(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        now_ms: u64,
    ) -> Result<usize, Self::Error>;
}

/// [`LeaseStore`] for async code: the same guarantees, each answer a `Send` future.
/// `RedisStore` over an async connection implements it (feature `redis-store`), and so does
/// [`MemoryStore`](super::MemoryStore).
///
/// ```
/// use securepay::webhook::{AsyncLeaseStore, KeysClaim, LeaseToken, MemoryStore, SeenKey};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// # tokio::runtime::Builder::new_current_thread().build()?.block_on(async {
/// let keys = [SeenKey::Delivery("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?)];
/// let mut store = MemoryStore::default();
/// let claim = AsyncLeaseStore::claim(&mut store, &keys, &LeaseToken::new("a"), 0, 10_000).await?;
/// assert_eq!(claim, KeysClaim::Taken);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// # })
/// # }
/// ```
pub trait AsyncLeaseStore {
    /// Why the store could not answer.
    type Error: std::error::Error + Send + Sync + 'static;

    /// [`LeaseStore::claim`], as a future.
    fn claim(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        now_ms: u64,
        lease_ms: u64,
    ) -> impl Future<Output = Result<KeysClaim, Self::Error>> + Send;

    /// [`LeaseStore::complete`], as a future.
    fn complete(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        now_ms: u64,
    ) -> impl Future<Output = Result<LeaseCheck, Self::Error>> + Send;

    /// [`LeaseStore::release`], as a future.
    fn release(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        now_ms: u64,
    ) -> impl Future<Output = Result<usize, Self::Error>> + Send;
}
