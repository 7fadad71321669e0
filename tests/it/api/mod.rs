//! Integration tests of `securepay::api`.

mod builders;
#[cfg(feature = "client-core")]
mod client;
mod client_ids;
mod credentials;
mod destinations_v2;
pub(crate) mod duplicate_keys;
mod endpoints;
#[cfg(feature = "client")]
mod https;
pub(crate) mod responses;
mod retry;
#[cfg(feature = "client-core")]
mod retry_rules;
#[cfg(all(feature = "tracing", feature = "client-core"))]
mod tracing;
mod tron_broadcast;
