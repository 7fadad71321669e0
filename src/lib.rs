#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]
// No panics and no silent wrap-around on any input in library code: besides the manifest's
// `unwrap_used`, `expect_used`, `panic` and `indexing_slicing`, arithmetic must say what
// happens at the edges (checked, saturating or wrapping with a reason), strings are never
// sliced by byte index, and there is no `unreachable!`/`todo!`/`unimplemented!`. CI denies
// every warning. Unit tests may do all of these.
// The layers' edges are the compiler's to keep: nothing `pub` that no path reaches, no public
// item of a type no one can name, no dependency the library does not use.
#![warn(unreachable_pub, unnameable_types, unused_crate_dependencies)]
// A unit-test build links the dev-dependencies the integration tests use.
#![cfg_attr(test, allow(unused_crate_dependencies))]
#![warn(
    clippy::too_many_lines,
    clippy::arithmetic_side_effects,
    clippy::string_slice,
    clippy::unreachable,
    clippy::todo,
    clippy::unimplemented
)]
// JSON entry points are named as serde_json's (`from_str`, `from_slice`, `from_value`): a JSON
// body is not the `FromStr` text form of a value, so they stay inherent functions.
#![allow(clippy::should_implement_trait)]
#![cfg_attr(
    test,
    allow(
        clippy::too_many_lines,
        clippy::arithmetic_side_effects,
        clippy::string_slice,
        clippy::unreachable,
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

// The no_std core, re-exported module by module at the paths this crate always had
// (`securepay::verify` is `securepay_core::verify`).
/// `alloy-primitives`, the version this crate is built with: `Address`, `U256`, `Bytes`,
/// `B256`, `hex`… appear in this crate's API, so they are reachable from it without a second
/// dependency that could resolve to another version.
///
/// ```
/// use securepay::primitives::{U256, address};
/// use securepay::address::ChainAddress;
/// use securepay::network::Network;
///
/// let usdc = ChainAddress::from_abi(Network::Base, address!("833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"));
/// assert_eq!(usdc.to_string(), "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
/// assert_eq!(U256::from(10u8).to_string(), "10");
/// ```
pub use alloy_primitives as primitives;
/// The `http` crate this crate's sans-IO API layer and webhook headers use (`HeaderMap`,
/// `Request`, `StatusCode`), reachable without a second dependency.
pub use http;
/// The `reqwest` the `client` feature is built with: build the `reqwest::Client` you give
/// [`api::Client`] from it.
#[cfg(feature = "client-core")]
#[cfg_attr(docsrs, doc(cfg(feature = "client-core")))]
pub use reqwest;
pub use securepay_core::address;

/// The `redis` crate that `webhook::RedisStore` is written against (feature `redis-store`):
/// open its `Client`, or a connection, from here so that the versions agree.
#[cfg(feature = "redis-store")]
#[cfg_attr(docsrs, doc(cfg(feature = "redis-store")))]
pub use redis;
pub use securepay_core::amount;
pub mod api;
pub use securepay_core::calldata;
pub use securepay_core::contracts;
pub use securepay_core::currency;
pub mod detect;
pub use securepay_core::network;
pub mod offramp;
pub mod partial;
pub use securepay_core::pay;
pub mod policy;
use securepay_core::serde_util;
pub use securepay_core::text;
pub use securepay_core::transaction;
pub use securepay_core::tron;
pub use securepay_core::verify;
pub mod webhook;
mod wire;

pub use securepay_core::EmptyInput;

// Dependencies the core uses without `std`, named here only to turn on their `std` (their errors
// implement `std::error::Error` for code built against this crate, as they did before the split).
use bs58 as _;
use prost as _;
use rust_decimal as _;
// `tracing` records the client's requests: without a client it has nothing to record.
#[cfg(all(feature = "tracing", not(feature = "client-core")))]
use tracing as _;
// Named only to turn on its `js` feature on the web (see the manifest): nothing here draws
// randomness.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
use getrandom as _;
