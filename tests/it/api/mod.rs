//! Integration tests of `securepay::api`.

mod builders;
#[cfg(feature = "client")]
mod client;
mod credentials;
mod endpoints;
mod responses;
mod retry;
