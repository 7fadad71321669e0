//! [`RedisStore`]: the de-duplication store that every instance of a backend shares, in Redis
//! (feature `redis-store`). A key is claimed with `SET <prefix><key> 1 NX EX <ttl>`, which sets
//! it only when it is absent, atomically on the server: of any number of instances that claim
//! one key, one is answered `OK`, the others nil. Redis forgets the key after `ttl` seconds.

use std::fmt;
use std::future::Future;

use super::dedup::{AsyncSeenStore, SeenKey, SeenStore};

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
    /// `EXISTS` failed.
    #[error("redis: cannot read {key}")]
    Read {
        /// The Redis key.
        key: String,
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
/// Redis is not the transaction of your business update: use
/// [`Deduplicator::first_seen`](super::Deduplicator::first_seen) (claim, then process), and
/// make the update itself idempotent or answer the service with an error (it retries) when it
/// fails after the claim; or claim in your database instead.
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
    /// 1: Redis refuses an expiry of 0).
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
        match redis::cmd("EXISTS")
            .arg(&key)
            .query::<bool>(&mut self.connection)
        {
            Ok(found) => Ok(found),
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
        let mut command = redis::cmd("EXISTS");
        command.arg(&key);
        let connection = &mut self.connection;
        async move {
            match command.query_async::<bool>(connection).await {
                Ok(found) => Ok(found),
                Err(source) => Err(RedisStoreError::Read { key, source }),
            }
        }
    }
}
