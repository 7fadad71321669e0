//! Integration tests of `securepay::api`.

mod builders;
#[cfg(feature = "client-core")]
mod client;
mod client_ids;
mod credentials;
pub(crate) mod description;
mod destinations_v2;
pub(crate) mod duplicate_keys;
pub(crate) mod endpoints;
#[cfg(feature = "client")]
mod https;
mod pages;
mod payments;
mod recurring;
mod requests_more;
pub(crate) mod responses;
mod retry;
#[cfg(feature = "client-core")]
mod retry_rules;
mod schema;
mod secure_payments_more;
#[cfg(all(feature = "tracing", feature = "client-core"))]
mod tracing;
mod tron_broadcast;
