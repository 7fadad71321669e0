//! Payment access policy: who may pay a secure payment and what the payer sees.
//!
//! - [`PaymentPolicy`] and [`DestinationPolicy`]: the API's `accessPolicy` object
//!   (`{ mode, screeningProvider, hideUntilApproved, hidePayeeAddress, allowedPayerAddresses }`)
//!   validated where it is used; [`Mode`] and [`ScreeningProvider`] are closed enums.
//! - [`KytPlan`]: a Client ID's KYT plan, orchestrator- or platform-defined (at most one), with
//!   a backup provider used only after a technical failure of the primary.
//! - [`resolve`]: plan → payment → destination → no screening, with the [`Provenance`] of
//!   each field; a payment that contradicts the plan is a [`ResolveError`].
//! - [`PolicySnapshot`]: the resolved configuration stored at creation; [`PolicySettings`]
//!   changes affect only payments created afterwards.
//! - [`PayeeDestinationRequest`]: `{ tokenAddress, chainId, accessPolicy? }` bodies.
//! - [`PayerGate`]: the payer-flow screening gate, a pure state machine driven by
//!   [`GateEvent`]s, and the [`PayerView`] a wallet UI renders; [`Masked`] and
//!   [`PayeeDisplay`] keep a hidden payee address out of `Debug`, `Display` and serde.
//!
//! Gate events as JSON (the input of `securepay policy gate`, one object per line):
//!
//! ```text
//! {"event":"connected","wallet":"0x…"}                              an EOA (or Tron wallet)
//! {"event":"connected","wallet":"0x…","smartAccount":"0x…"}         EVM smart account: wallet is the EOA
//! {"event":"screened","wallet":"0x…","status":"approved"}           or "rejected"; optional "provider"
//! {"event":"provider_error","wallet":"0x…"}                         the provider failed technically
//! {"event":"disconnected"}
//! ```
//!
//! ```
//! use securepay::address::ChainAddress;
//! use securepay::policy::{BlockReason, DestinationPolicy, GateEvent, PayerGate, PolicySettings};
//!
//! let mut settings = PolicySettings::new();
//! settings.set_destination_policy(Some(DestinationPolicy::from_str(
//!     r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative","hidePayeeAddress":true}"#,
//! )?));
//! let snapshot = settings.create_payment(None)?;
//!
//! let payee = ChainAddress::parse_any("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
//! let mut gate = PayerGate::new(snapshot.policy(), payee);
//! gate.apply(&GateEvent::from_str(r#"{"event":"connected","wallet":"0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570"}"#)?)?;
//! gate.apply(&GateEvent::from_str(r#"{"event":"screened","wallet":"0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570","status":"rejected"}"#)?)?;
//!
//! let view = gate.view();
//! assert!(!view.signing_enabled());
//! assert_eq!(view.reason(), Some(BlockReason::ScreeningRejected));
//! assert!(!serde_json::to_string(&view)?.contains("6923"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod access;
mod allowlist;
mod destination;
#[doc(hidden)]
pub mod doc_support;
mod event;
mod gate;
mod model;
mod plan;
mod plan_wire;
mod resolve;
mod snapshot;
mod view;

pub use crate::wire::JsonError;
pub use access::{AccessPolicyFields, DestinationPolicy, PaymentPolicy};
pub use allowlist::AllowedPayers;
pub use destination::{DestinationError, PayeeDestinationRequest};
pub use event::{GateEvent, ScreeningOutcome};
pub use gate::{
    GateError, GateState, GateStatus, PayerGate, WalletCheck, WalletStatus, WalletType,
};
pub use model::{AccessPolicyError, Mode, Screening, ScreeningProvider};
pub use plan::{KytPlan, KytPlanError, KytProvider, PlanOwner, ScreeningFailure};
pub use resolve::{Provenance, ResolveError, ResolvedPolicy, Source, resolve};
pub use securepay_core::masked::{MASKED_TEXT, Masked, PayeeDisplay};
pub use snapshot::{PolicySettings, PolicySnapshot, SnapshotError};
pub use view::{BlockReason, PayerView, Stage};
