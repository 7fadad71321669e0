//! Integration tests of `securepay::api`.

mod builders;
#[cfg(feature = "client-core")]
mod client;
mod credentials;
pub(crate) mod duplicate_keys;
mod endpoints;
#[cfg(feature = "client")]
mod https;
mod recurring;
mod requests_more;
pub(crate) mod responses;
mod retry;
#[cfg(feature = "client-core")]
mod retry_rules;
#[cfg(all(feature = "tracing", feature = "client-core"))]
mod tracing;
mod tron_broadcast;
