//! Integration tests of `securepay::webhook`.

mod dedup;
mod events;
#[cfg(feature = "redis-store")]
mod redis;
mod signature;
