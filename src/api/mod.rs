//! The sans-IO API layer: every endpoint of the scope as a typed request builder and a typed
//! response parser. No I/O happens here: [`Api`] builds `http::Request<Vec<u8>>` values that
//! any HTTP client sends, and [`parse_response`] / [`parse_parts`] turn the answer into the
//! endpoint's model or an [`ApiError`] `{ status, kind, body }`.
//!
//! - [`Credential`]: API key, Client ID (with `Origin`), orchestrator key paired with a Client
//!   ID, session token (cookie or bearer). Each [`Endpoint`] states which kinds it accepts and
//!   the builders refuse any other; secrets never appear in `Debug` output.
//! - Request bodies are checked when they are made ([`BodyError`]): a batch payout with a Tron
//!   payee is refused with the service's exact message.
//! - [`RetryPolicy`]: which answers may be retried (429, 5xx), the delay for attempt `n` with
//!   caller-supplied [`Jitter`], a cap.
//! - With the feature `client`, [`Client`] sends these requests over `reqwest` with the retry
//!   policy.
//!
//! | endpoint | builder | answer |
//! |---|---|---|
//! | `POST /v2/secure-payments` | [`Api::create_secure_payment`] | [`SecurePaymentCreated`] |
//! | `POST /v2/secure-payments/payouts` | [`Api::create_payout_link`] | [`SecurePaymentCreated`] |
//! | `POST /v2/secure-payments/multicall-payouts` | [`Api::create_multicall_payout`] | [`MulticallPayoutCreated`] |
//! | `GET /v2/secure-payments/{token}` | [`Api::get_secure_payment`] | [`SecurePaymentInfo`] |
//! | `GET /v2/secure-payments/{token}/pay` | [`Api::get_secure_payment_calldata`] | [`PayResponse`](crate::pay::PayResponse) |
//! | `POST /v2/secure-payments/{token}/intent` | [`Api::record_secure_payment_intent`] | [`IntentRecorded`] |
//! | `POST /v2/request` | [`Api::create_request`] | [`RequestCreated`] |
//! | `GET /v2/request/{requestId}` | [`Api::get_request_status`] | [`RequestStatus`](crate::partial::RequestStatus) |
//! | `GET /v2/request/{requestId}/pay` | [`Api::get_request_calldata`] | [`RequestPayResponse`] |
//! | `POST /v2/payer` | [`Api::create_payer`] | [`PayerCreated`](crate::offramp::PayerCreated) |
//! | `GET /v2/payer/{clientUserId}` | [`Api::get_payer`] | [`ComplianceStatus`](crate::offramp::ComplianceStatus) |
//! | `PATCH /v2/payer/{clientUserId}` | [`Api::update_payer`] | [`PayerUpdated`] |
//! | `POST /v2/payer/{clientUserId}/payment-details` | [`Api::create_payment_details`] | [`PaymentDetailCreated`](crate::offramp::PaymentDetailCreated) |
//! | `GET /v2/payer/{clientUserId}/payment-details` | [`Api::list_payment_details`] | [`PaymentDetailsList`](crate::offramp::PaymentDetailsList) |
//! | `GET /v2/currencies` | [`Api::list_currencies`] | [`CurrenciesAnswer`] |
//! | `GET /v2/currencies/{currencyId}/conversion-routes` | [`Api::get_conversion_routes`] | [`ConversionRoutesAnswer`] |
//! | `POST /v2/payouts` | [`Api::create_payout`] | [`PayoutResponse`] |
//! | `POST /v2/payouts/batch` | [`Api::create_batch_payout`] | [`BatchPayoutCalldata`] |
//! | `POST {auth}/v1/payee-destination` | [`Api::create_payee_destination`] | [`PayeeDestination`] |
//! | `PUT {auth}/v1/payee-destination` | [`Api::update_payee_destination`] | [`PayeeDestination`] |
//! | `GET {auth}/v1/payee-destination` | [`Api::get_payee_destination`] | `Option<`[`PayeeDestination`]`>` |
//!
//! ```
//! use securepay::api::{parse_parts, Api, Credential, CreateSecurePayment, SecurePaymentCreated, SecurePaymentItem};
//!
//! let api = Api::new();
//! let key = Credential::api_key("sk_live_example")?;
//! let body = CreateSecurePayment::new(vec![SecurePaymentItem::new("10".parse()?)?])?;
//! let request = api.create_secure_payment(&key, &body)?;
//! assert_eq!(request.method(), "POST");
//! assert_eq!(request.uri(), "https://api.request.network/v2/secure-payments");
//! assert_eq!(request.headers()["content-type"], "application/json");
//!
//! // … send it with any HTTP client, then:
//! let answer = br#"{"requestIds":["01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb"],
//!   "securePaymentUrl":"https://pay.request.network/?token=01JD3E6JD46KY4KKV7X9V0MZ7W","token":"01JD3E6JD46KY4KKV7X9V0MZ7W","feePlan":null}"#;
//! let created: SecurePaymentCreated = parse_parts(201, answer)?;
//! assert_eq!(created.token.to_string(), "01JD3E6JD46KY4KKV7X9V0MZ7W");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod body;
#[cfg(feature = "client")]
mod client;
mod credentials;
mod currencies;
mod destinations;
mod endpoint;
mod error_body;
mod fee_plan;
mod intent;
mod multicall;
mod multicall_info;
mod origin;
mod payer;
mod payout_answers;
mod payouts;
mod request;
mod request_pay;
mod requests;
mod response;
mod retry;
mod secure_payment_info;
mod secure_payments;
pub(crate) mod url;

pub use body::BodyError;
#[cfg(feature = "client")]
pub use client::{Client, ClientError};
pub use credentials::{
    ApiKey, ClientId, Credential, CredentialError, CredentialKind, OrchestratorKey, SessionToken,
    SessionTransport, SESSION_COOKIE,
};
pub use currencies::{ConversionRoutesAnswer, CurrenciesAnswer, RouteFilter};
pub use destinations::PayeeDestination;
pub use endpoint::{ApiHost, Endpoint};
pub use error_body::{
    ErrorBody, FieldError, MulticallCap, MulticallFailure, MulticallFailureReason, NestMessage,
    RequestPaidStatus, ZodIssue,
};
pub use fee_plan::{
    FeeBearerSource, FeeDestinationRef, FeeFlow, FeePlan, FeePlanVersion, PlannedFeeEntry,
};
pub use intent::{
    BridgeTool, Broadcast, IntentRecorded, IntentTracked, MulticallIntent, MulticallReceipt,
    RecordIntent, RouteKind, SingleIntent, TransactionIndex,
};
pub use multicall::{
    ChildEligibility, CreateMulticallPayout, MulticallItem, MulticallLinkStatus,
    MulticallPayoutCreated, MulticallType, RequestedExecutionKind, StaleReason,
};
pub use multicall_info::{
    BlockReason, CurrencyTotal, MulticallChildInfo, MulticallInfo, MulticallTotals, RecoveryAction,
};
pub use origin::Origin;
pub use payer::PayerUpdated;
pub use payout_answers::{
    BatchPayoutCalldata, PayoutCreated, PayoutResponse, RecurringPayoutCreated,
};
pub use payouts::{BatchItem, BatchPayout, CreatePayout, PayoutFee, PayoutRecurrence};
pub use request::{Api, RequestError, DEFAULT_AUTH_URL, DEFAULT_BASE_URL};
pub use request_pay::{
    LegacyPaymentIntent, PaymentIntentMetadata, RequestCalldata, RequestPayMetadata,
    RequestPayResponse,
};
pub use requests::{
    CreateRequest, CustomerAddressBody, CustomerInfoBody, Frequency, Recurrence, RequestCreated,
};
pub use response::{parse_parts, parse_response, ApiError, ApiErrorKind};
pub use retry::{Jitter, RetryDecision, RetryPolicy, RetryPolicyError};
pub use secure_payment_info::{
    AccessDecision, AccessStatus, BatchInfo, InfoCommon, PaymentKind, PaymentOption,
    ResolvedDestination, ScreenedWalletType, SecurePaymentInfo, SingleInfo, WalletResult,
};
pub use secure_payments::{
    CreatePayoutLink, CreateSecurePayment, SecurePaymentCreated, SecurePaymentItem,
    MAX_SECURE_PAYMENT_ITEMS,
};
