//! Pay responses: the three shapes of `GET /v2/secure-payments/{token}/pay` (single, legacy
//! batch, multicall), fee bundles, secure-payment tokens and statuses, the pay queries, the
//! endpoints' status errors, structural validation, and (feature `fixtures`) building responses
//! from a plan.
//!
//! **Units.** The API types amounts only as strings. securepay reads `children[].amount`,
//! `amounts[]`, `feeBundle.fees[].amount` and every `amountSummary` value as human decimal
//! strings of the payment currency (as the service writes request amounts, `sourceAmount` and
//! webhook amounts) and keeps them as [`HumanAmount`](crate::amount::HumanAmount) text;
//! transaction `value`s are integers in smallest units.
//!
//! ```
//! use securepay_core::pay::PayResponse;
//!
//! let body = br#"{"ERC20ApprovalTransactions":[],"batchPaymentTransaction":{"to":"0x67818703c92580c0e106e401F253E8A410A66f8B","data":"0x92cddb91","value":{"type":"BigNumber","hex":"0x0d83b3d1afc58b"}}}"#;
//! let response = PayResponse::from_slice(body)?;
//! let PayResponse::LegacyBatch(batch) = &response else { unreachable!() };
//! assert_eq!(batch.batch_transactions().next().map(|t| t.value.to_string()), Some("3803983037580683".to_owned()));
//! assert!(response.problems().is_empty());
//! # Ok::<(), securepay_core::pay::PayResponseError>(())
//! ```

mod fee;
mod metadata;
#[cfg(feature = "fixtures")]
mod plan;
#[cfg(feature = "fixtures")]
mod plan_cross;
mod query;
mod raw_json;
mod read;
mod shapes;
mod status;
mod token;
mod validate;

pub use fee::{AmountSummary, ChainIdText, FeeBearer, FeeBundle, FeeEntry};
pub use metadata::{
    ApprovalType, Cost, CostBreakdown, CostTotals, DeadlineBreakdown, DeadlineSource, EoaApproval,
    FeeRate, FundingStatus, InsufficientToken, LegDeadline, LegacyBatchMetadata, PayMetadata,
    QuoteExpiry, RouteType,
};
#[cfg(feature = "fixtures")]
#[cfg_attr(docsrs, doc(cfg(feature = "fixtures")))]
pub use plan::{
    ApprovalPlan, PaymentPlan, PaymentPlanError, PlannedFee, PlannedPayment, SmartAccountFlow,
};
#[cfg(feature = "fixtures")]
#[cfg_attr(docsrs, doc(cfg(feature = "fixtures")))]
pub use plan_cross::CrossChainRoute;
pub use query::{PayQueryError, RequestPayQuery, SecurePayQuery, SourceToken};
pub use raw_json::{MAX_RAW_JSON_DEPTH, RawJson};
pub use read::{MAX_CHILDREN, MAX_RESPONSE_BYTES, MAX_TRANSACTION_INDICES, PayResponseError};
pub use shapes::{
    Child, DestinationCall, ExecutionKind, LegacyBatchPayment, MulticallPayment, PayResponse,
    SinglePayment,
};
pub use status::PayEndpointError;
pub use token::{SecurePaymentStatus, SecurePaymentToken, TokenError};
pub use validate::Problem;
