//! [`RedisStore`]: the de-duplication store that every instance of a backend shares, in Redis
//! (feature `redis-store`). A key is claimed with `SET <prefix><key> 1 NX EX <ttl>`, which sets
//! it only when it is absent, atomically on the server: of any number of instances that claim
//! one key, one is answered `OK`, the others nil. Redis forgets the key after `ttl` seconds.
//!
//! Leases ([`LeaseStore`]) are three Lua scripts, each run atomically by the server over all the
//! keys of one delivery (<https://redis.io/docs/latest/develop/interactive/programmability/eval-intro/>):
//! a claim sets every key to `lease:<token>` with `PX <lease_ms>` only if none is set; a
//! completion turns them into `done` with `EX <ttl>` only if each still holds the token (the
//! compare-and-set of <https://redis.io/docs/latest/develop/clients/patterns/distributed-locks/>);
//! a release deletes those that hold the token. A value other than `lease:…` (`done`, or the
//! `1` of [`SeenStore::first_seen`]) is a finished key.

use std::fmt;
use std::future::Future;

use super::dedup::{AsyncSeenStore, SeenStore};
use super::keys::SeenKey;
use super::lease_store::{AsyncLeaseStore, KeysClaim, LeaseCheck, LeaseStore, LeaseToken};

/// Why Redis could not answer: the key, and the client's error (connection refused or lost,
/// a timeout, an error reply).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RedisStoreError {
    /// `SET … NX EX` failed: whether the key was new is unknown.
    #[error("redis: cannot claim {key}")]
    Claim {
        /// The Redis key.
        key: String,
        /// The client's error.
        #[source]
        source: redis::RedisError,
    },
    /// `GET` failed.
    #[error("redis: cannot read {key}")]
    Read {
        /// The Redis key.
        key: String,
        /// The client's error.
        #[source]
        source: redis::RedisError,
    },
    /// A lease script (claim, completion or release) failed: whether it ran is unknown. A
    /// claim that ran holds its keys until the lease expires.
    #[error("redis: cannot {action} the lease on {keys}")]
    Lease {
        /// `claim`, `complete` or `release`.
        action: &'static str,
        /// The Redis keys, separated by `, `.
        keys: String,
        /// The client's error.
        #[source]
        source: redis::RedisError,
    },
}

/// A [`SeenStore`] (over a blocking `redis::Connection`) and an [`AsyncSeenStore`] (over an
/// async connection such as `redis::aio::MultiplexedConnection`, on tokio) in Redis, shared
/// by every instance of a backend. Each [`SeenKey`] is the Redis key `prefix` + its text
/// (`securepay:seen:delivery:01ARZ…`), kept `ttl_seconds`.
///
/// Redis is not the transaction of your business update: claim a lease with
/// [`Deduplicator::claim`](super::Deduplicator::claim), process, then
/// [`complete`](super::Deduplicator::complete) it, or [`release`](super::Deduplicator::release)
/// it and answer the service with an error when the work failed (the retry is processed); an
/// instance that dies leaves a lease that expires, and the service's retry takes it over.
/// [`Deduplicator::first_seen`](super::Deduplicator::first_seen) records for good at once: a
/// failure after it loses the delivery. The keys of one delivery are used together by one
/// script: on a Redis Cluster they would need one hash slot (this store has no cluster support).
///
/// ```
/// use securepay::webhook::{Deduplicator, RedisStore};
///
/// // A connection is made when a key is claimed; here the URL is only parsed.
/// let client = securepay::redis::Client::open("redis://127.0.0.1:6379/")?;
/// let store = RedisStore::new(client, 86_400).with_prefix("shop:webhooks:");
/// assert_eq!((store.ttl_seconds(), store.prefix()), (86_400, "shop:webhooks:"));
/// let _seen = Deduplicator::new(store);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct RedisStore<C> {
    connection: C,
    prefix: String,
    ttl_seconds: u64,
}

impl<C> fmt::Debug for RedisStore<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RedisStore")
            .field("prefix", &self.prefix)
            .field("ttl_seconds", &self.ttl_seconds)
            .finish_non_exhaustive()
    }
}

impl<C> RedisStore<C> {
    /// The prefix of every key, unless [`RedisStore::with_prefix`] sets another.
    pub const DEFAULT_PREFIX: &'static str = "securepay:seen:";

    /// A store over `connection` (a `redis::Client`, which connects for each command, a
    /// `redis::Connection`, or an async connection), keeping each key `ttl_seconds` (at least
    /// 1: Redis refuses an expiry of 0) once done; a lease keeps it as long as the claim asked.
    ///
    /// ```
    /// use securepay::webhook::RedisStore;
    ///
    /// let client = securepay::redis::Client::open("redis://127.0.0.1/")?;
    /// assert_eq!(RedisStore::new(client, 0).ttl_seconds(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(connection: C, ttl_seconds: u64) -> RedisStore<C> {
        RedisStore {
            connection,
            prefix: Self::DEFAULT_PREFIX.to_owned(),
            ttl_seconds: ttl_seconds.max(1),
        }
    }

    /// The same store with its keys under `prefix` (one per application or environment
    /// sharing a Redis).
    ///
    /// ```
    /// use securepay::webhook::{RedisStore, SeenKey};
    ///
    /// let client = securepay::redis::Client::open("redis://127.0.0.1/")?;
    /// let store = RedisStore::new(client, 60).with_prefix("test:");
    /// let key = SeenKey::Delivery("01ARZ3NDEKTSV4RRFFQ69G5FAV".parse()?);
    /// assert_eq!(store.redis_key(&key), "test:delivery:01ARZ3NDEKTSV4RRFFQ69G5FAV");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_prefix(mut self, prefix: impl Into<String>) -> RedisStore<C> {
        self.prefix = prefix.into();
        self
    }

    /// The prefix of every key.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// How long Redis keeps a key, in seconds.
    pub const fn ttl_seconds(&self) -> u64 {
        self.ttl_seconds
    }

    /// The Redis key of `key`: the prefix and the key's text.
    pub fn redis_key(&self, key: &SeenKey) -> String {
        format!("{}{key}", self.prefix)
    }

    /// The connection.
    pub fn connection_mut(&mut self) -> &mut C {
        &mut self.connection
    }

    /// The connection, back.
    pub fn into_connection(self) -> C {
        self.connection
    }

    /// The Redis keys of `keys`, joined for an error message.
    fn joined(&self, keys: &[SeenKey]) -> String {
        keys.iter()
            .map(|key| self.redis_key(key))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// `EVAL script n keys… args…`.
    fn script(&self, script: &str, keys: &[SeenKey], args: &[String]) -> redis::Cmd {
        let mut command = redis::cmd("EVAL");
        command.arg(script).arg(keys.len());
        for key in keys {
            command.arg(self.redis_key(key));
        }
        for arg in args {
            command.arg(arg);
        }
        command
    }

    fn claim_script(&self, keys: &[SeenKey], token: &LeaseToken, lease_ms: u64) -> redis::Cmd {
        self.script(
            CLAIM,
            keys,
            &[lease_value(token), lease_ms.max(1).to_string()],
        )
    }

    fn complete_script(&self, keys: &[SeenKey], token: &LeaseToken) -> redis::Cmd {
        self.script(
            COMPLETE,
            keys,
            &[lease_value(token), self.ttl_seconds.to_string()],
        )
    }

    fn release_script(&self, keys: &[SeenKey], token: &LeaseToken) -> redis::Cmd {
        self.script(RELEASE, keys, &[lease_value(token)])
    }

    /// `SET key 1 NX EX ttl`: answered `OK` (new) or nil (already there).
    fn claim_command(&self, key: &str) -> redis::Cmd {
        let mut command = redis::cmd("SET");
        command
            .arg(key)
            .arg(1)
            .arg("NX")
            .arg("EX")
            .arg(self.ttl_seconds);
        command
    }
}

impl<C: redis::ConnectionLike> SeenStore for RedisStore<C> {
    type Error = RedisStoreError;

    fn first_seen(&mut self, key: &SeenKey) -> Result<bool, RedisStoreError> {
        let key = self.redis_key(key);
        match self
            .claim_command(&key)
            .query::<Option<String>>(&mut self.connection)
        {
            Ok(answer) => Ok(answer.is_some()),
            Err(source) => Err(RedisStoreError::Claim { key, source }),
        }
    }

    fn contains(&mut self, key: &SeenKey) -> Result<bool, RedisStoreError> {
        let key = self.redis_key(key);
        match redis::cmd("GET")
            .arg(&key)
            .query::<Option<String>>(&mut self.connection)
        {
            Ok(value) => Ok(is_finished(value.as_deref())),
            Err(source) => Err(RedisStoreError::Read { key, source }),
        }
    }
}

impl<C: redis::aio::ConnectionLike + Send> AsyncSeenStore for RedisStore<C> {
    type Error = RedisStoreError;

    fn first_seen(
        &mut self,
        key: &SeenKey,
    ) -> impl Future<Output = Result<bool, RedisStoreError>> + Send {
        let key = self.redis_key(key);
        let command = self.claim_command(&key);
        let connection = &mut self.connection;
        async move {
            match command.query_async::<Option<String>>(connection).await {
                Ok(answer) => Ok(answer.is_some()),
                Err(source) => Err(RedisStoreError::Claim { key, source }),
            }
        }
    }

    fn contains(
        &mut self,
        key: &SeenKey,
    ) -> impl Future<Output = Result<bool, RedisStoreError>> + Send {
        let key = self.redis_key(key);
        let mut command = redis::cmd("GET");
        command.arg(&key);
        let connection = &mut self.connection;
        async move {
            match command.query_async::<Option<String>>(connection).await {
                Ok(value) => Ok(is_finished(value.as_deref())),
                Err(source) => Err(RedisStoreError::Read { key, source }),
            }
        }
    }
}

/// Claims every key (`KEYS`) for `ARGV[1]` (`lease:<token>`) with `PX ARGV[2]`, or none:
/// answers 0 when taken, `i` when `KEYS[i]` is done, `-i` when it is leased.
const CLAIM: &str = r"
for i, key in ipairs(KEYS) do
  local value = redis.call('GET', key)
  if value then
    if string.sub(value, 1, 6) == 'lease:' then return -i end
    return i
  end
end
for _, key in ipairs(KEYS) do
  redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
end
return 0
";

/// Turns every key into `done` with `EX ARGV[2]` if each holds `ARGV[1]`, or none: answers 0,
/// or `i` when `KEYS[i]` does not hold it.
const COMPLETE: &str = r"
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) ~= ARGV[1] then return i end
end
for _, key in ipairs(KEYS) do
  redis.call('SET', key, 'done', 'EX', ARGV[2])
end
return 0
";

/// Deletes the keys that hold `ARGV[1]`: answers how many.
const RELEASE: &str = r"
local released = 0
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[1] then
    redis.call('DEL', key)
    released = released + 1
  end
end
return released
";

/// Whether a key's value is a finished key (`done`, or the `1` of `first_seen`): not absent,
/// not a lease in progress.
fn is_finished(value: Option<&str>) -> bool {
    value.is_some_and(|value| !value.starts_with(LEASE_PREFIX))
}

/// The start of the value of a leased key.
const LEASE_PREFIX: &str = "lease:";

/// The value of a key leased to `token`.
fn lease_value(token: &LeaseToken) -> String {
    format!("{LEASE_PREFIX}{token}")
}

/// The key a script's answer names: `KEYS[index]` (1-based, either sign), or the first key
/// should the index be out of range (a claim is then refused on it, a completion lost).
fn key_at(keys: &[SeenKey], index: i64) -> Option<SeenKey> {
    let position = usize::try_from(index.unsigned_abs())
        .ok()
        .and_then(|i| i.checked_sub(1));
    position.and_then(|i| keys.get(i)).or(keys.first()).cloned()
}

/// The claim a script answered; `None` for no keys (never asked).
fn claim_answer(keys: &[SeenKey], answer: i64) -> Option<KeysClaim> {
    match answer {
        0 => Some(KeysClaim::Taken),
        i if i > 0 => key_at(keys, i).map(KeysClaim::Done),
        i => key_at(keys, i).map(KeysClaim::InProgress),
    }
}

/// The completion a script answered; `None` for no keys (never asked).
fn complete_answer(keys: &[SeenKey], answer: i64) -> Option<LeaseCheck> {
    match answer {
        0 => Some(LeaseCheck::Held),
        i => key_at(keys, i).map(LeaseCheck::Lost),
    }
}

impl<C: redis::ConnectionLike> LeaseStore for RedisStore<C> {
    type Error = RedisStoreError;

    fn claim(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        _now_ms: u64,
        lease_ms: u64,
    ) -> Result<KeysClaim, RedisStoreError> {
        if keys.is_empty() {
            return Ok(KeysClaim::Taken);
        }
        match self
            .claim_script(keys, token, lease_ms)
            .query::<i64>(&mut self.connection)
        {
            Ok(answer) => Ok(claim_answer(keys, answer).unwrap_or(KeysClaim::Taken)),
            Err(source) => Err(RedisStoreError::Lease {
                action: "claim",
                keys: self.joined(keys),
                source,
            }),
        }
    }

    fn complete(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        _now_ms: u64,
    ) -> Result<LeaseCheck, RedisStoreError> {
        if keys.is_empty() {
            return Ok(LeaseCheck::Held);
        }
        match self
            .complete_script(keys, token)
            .query::<i64>(&mut self.connection)
        {
            Ok(answer) => Ok(complete_answer(keys, answer).unwrap_or(LeaseCheck::Held)),
            Err(source) => Err(RedisStoreError::Lease {
                action: "complete",
                keys: self.joined(keys),
                source,
            }),
        }
    }

    fn release(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        _now_ms: u64,
    ) -> Result<usize, RedisStoreError> {
        if keys.is_empty() {
            return Ok(0);
        }
        match self
            .release_script(keys, token)
            .query::<usize>(&mut self.connection)
        {
            Ok(released) => Ok(released),
            Err(source) => Err(RedisStoreError::Lease {
                action: "release",
                keys: self.joined(keys),
                source,
            }),
        }
    }
}

impl<C: redis::aio::ConnectionLike + Send> AsyncLeaseStore for RedisStore<C> {
    type Error = RedisStoreError;

    fn claim(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        _now_ms: u64,
        lease_ms: u64,
    ) -> impl Future<Output = Result<KeysClaim, RedisStoreError>> + Send {
        let command = (!keys.is_empty()).then(|| self.claim_script(keys, token, lease_ms));
        let joined = self.joined(keys);
        let keys = keys.to_vec();
        let connection = &mut self.connection;
        async move {
            let Some(command) = command else {
                return Ok(KeysClaim::Taken);
            };
            match command.query_async::<i64>(connection).await {
                Ok(answer) => Ok(claim_answer(&keys, answer).unwrap_or(KeysClaim::Taken)),
                Err(source) => Err(RedisStoreError::Lease {
                    action: "claim",
                    keys: joined,
                    source,
                }),
            }
        }
    }

    fn complete(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        _now_ms: u64,
    ) -> impl Future<Output = Result<LeaseCheck, RedisStoreError>> + Send {
        let command = (!keys.is_empty()).then(|| self.complete_script(keys, token));
        let joined = self.joined(keys);
        let keys = keys.to_vec();
        let connection = &mut self.connection;
        async move {
            let Some(command) = command else {
                return Ok(LeaseCheck::Held);
            };
            match command.query_async::<i64>(connection).await {
                Ok(answer) => Ok(complete_answer(&keys, answer).unwrap_or(LeaseCheck::Held)),
                Err(source) => Err(RedisStoreError::Lease {
                    action: "complete",
                    keys: joined,
                    source,
                }),
            }
        }
    }

    fn release(
        &mut self,
        keys: &[SeenKey],
        token: &LeaseToken,
        _now_ms: u64,
    ) -> impl Future<Output = Result<usize, RedisStoreError>> + Send {
        let command = (!keys.is_empty()).then(|| self.release_script(keys, token));
        let joined = self.joined(keys);
        let connection = &mut self.connection;
        async move {
            let Some(command) = command else {
                return Ok(0);
            };
            match command.query_async::<usize>(connection).await {
                Ok(released) => Ok(released),
                Err(source) => Err(RedisStoreError::Lease {
                    action: "release",
                    keys: joined,
                    source,
                }),
            }
        }
    }
}
