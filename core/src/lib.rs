//! The `no_std` + `alloc` core of [securepay](https://docs.rs/securepay): what a wallet needs to
//! check a payment before it signs, and nothing that does I/O.
//!
//! - the ground: [`network`], [`address`] (EIP-55, Tron Base58Check, ERC-7930/7828), [`amount`];
//! - the facts: [`contracts`] (ABIs and deployments), [`currency`] (the catalog);
//! - [`calldata`]: build, strict decode, effects; [`transaction`]: an EVM transaction request;
//! - [`pay`]: the three pay-response shapes; [`verify`]: pre-sign verification; [`tron`]:
//!   Tron transactions.
//!
//! `securepay` re-exports every module of this crate at the same path (`securepay::verify` is
//! `securepay_core::verify`) and adds the API layer, the client, webhooks, detection, access
//! policy, crypto-to-fiat and partial payments above it. Depend on this crate alone where the
//! standard library is not available (hardware wallets, `wasm32` modules that only verify).
//!
//! Features: `std` keeps per-thread caches (the same answers, computed once per thread);
//! `fixtures` builds the responses the service would send (`pay::PaymentPlan`).
//!
//! ```
//! use securepay_core::address::ChainAddress;
//! use securepay_core::network::Network;
//!
//! let usdc = ChainAddress::parse(Network::Base, "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913")?;
//! assert_eq!(usdc.to_string(), "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
//! # Ok::<(), securepay_core::address::ChainAddressError>(())
//! ```
#![no_std]
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

extern crate alloc;
#[cfg(any(test, feature = "std"))]
extern crate std;

pub mod address;
/// `alloy-primitives`, the version this crate is built with: `Address`, `U256`, `Bytes`,
/// `B256`, `hex`… appear in this crate's API, so they are reachable from it without a second
/// dependency that could resolve to another version.
pub use alloy_primitives as primitives;
pub mod amount;
pub mod calldata;
pub mod contracts;
pub mod currency;
pub mod masked;
pub mod network;
pub mod pay;
mod prelude;
#[doc(hidden)]
pub mod serde_util;
pub mod text;
pub mod transaction;
pub mod tron;
pub mod verify;
pub mod wire;

pub use wire::EmptyInput;
