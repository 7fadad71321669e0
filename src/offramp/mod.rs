//! Crypto-to-fiat (offramp): eligibility, the plan for other currencies, prerequisites, the
//! payer request bodies, and the state machines driven by webhooks.
//!
//! The flow (<https://docs.request.network/api-features/crypto-to-fiat-payments>): `POST /v2/payer` (KYC data; answers the KYC and agreement
//! URLs) → `PATCH /v2/payer/{clientUserId}` (`agreementCompleted: true`) →
//! `POST /v2/payer/{clientUserId}/payment-details` (bank account) → wait for
//! `payment_detail.updated` approved → `POST /v2/request` with `isCryptoToFiatAvailable: true`
//! (no payee), in USDC on mainnet, matic, arbitrum-one or sepolia → `GET
//! /v2/request/{id}/pay?clientUserId=…&paymentDetailsId=…` → `payment.processing` events,
//! then `payment.confirmed` (after `fiat_sent`) or `payment.failed`.
//!
//! **Sandbox keys affect crypto-to-fiat only** (USDC on Sepolia): every other payment type,
//! including the swap steps of a [`Plan`], moves real funds with any key ([`SANDBOX_NOTE`]).
//!
//! ```
//! use securepay::currency::Catalog;
//! use securepay::offramp::check_eligibility;
//!
//! let catalog = Catalog::builtin();
//! assert!(check_eligibility(catalog, "USDC-arbitrum-one").is_ok());
//! let refused = check_eligibility(catalog, "USDC-optimism").unwrap_err();
//! assert_eq!(
//!     refused.to_string(),
//!     "crypto-to-fiat is not offered on optimism (USDC-optimism): it is offered in USDC-mainnet, USDCn-matic, USDC-arbitrum-one, fUSDC-sepolia"
//! );
//! ```

mod eligibility;
mod fields;
mod payer;
mod payment_details;
mod plan;
mod prerequisites;
mod progress;
mod responses;
mod review;
mod tracker;
mod transition;

pub use eligibility::{
    EligibilityError, SANDBOX_NOTE, allowed_currencies, check_eligibility, is_sandbox,
};
pub use fields::{ClientUserId, FieldError, PayerBodyError};
pub use payer::{CreatePayer, PayerDraft, UpdatePayer};
pub use payment_details::{CreatePaymentDetails, PaymentDetailsDraft};
pub use plan::{OfframpPlanError, Plan, PlanRequest, PlanStep, Route, plan};
pub use prerequisites::{OfframpAction, Prerequisites, Readiness, Unmet};
pub use progress::{OfframpMachine, OfframpSignal, OfframpState};
pub use responses::{
    ComplianceStatus, PayerCreated, PayerStatuses, PaymentDetail, PaymentDetailCreated,
    PaymentDetailsList,
};
pub use review::{ReviewMachine, ReviewPhase, Reviewed};
pub use tracker::{Change, CryptoToFiatTracker};
pub use transition::{Machine, Rejection, RejectionKind, Step};

pub use crate::webhook::{AgreementStatus, KycStatus, PaymentDetailStatus, SubStatus};
