//! The sans-IO API layer: every operation of the service's API description
//! (<https://docs.request.network/api-reference/openapi.v2.json>, version 0.13.0) and the Auth
//! API's payee destinations, each as a typed request and a typed response.
//! No I/O happens here: [`Api`] builds `http::Request<Vec<u8>>` values that any HTTP client
//! sends, and the parsers turn the answer into the endpoint's model or an [`ApiError`]
//! `{ status, kind, body }`.
//!
//! - [`ENDPOINTS`]: every endpoint described once ([`EndpointSpec`]: host, method, path
//!   template, accepted credentials, whether `Origin` is required, success status). Every
//!   request path is built from its template.
//! - [`OutgoingRequest`]: each request type names its endpoint and its answer's model, so
//!   [`Api::prepare`] returns a [`PreparedRequest<R>`](PreparedRequest) whose
//!   [`parse_response`](PreparedRequest::parse_response) (and the client's `send`) returns
//!   `R::Response` without being told. The `Api` methods below build the same requests from
//!   plain arguments.
//! - [`Credential`]: API key, Client ID (with `Origin`), orchestrator key paired with a Client
//!   ID, session token (cookie or bearer). Each [`Endpoint`] states which kinds it accepts and
//!   requests with any other are refused; secrets never appear in `Debug` output.
//! - Request bodies are checked when they are made ([`BodyError`]): a batch payout with a Tron
//!   payee is refused with the service's exact message.
//! - Answers are read strictly, as pay responses are: a key given twice (a modelled field, a
//!   field kept in `extra`, a key inside JSON kept as given, a map key) is an error that names
//!   it, and no body above [`MAX_RESPONSE_BYTES`](crate::verify::MAX_RESPONSE_BYTES) is read.
//!   An answer the description gives no schema is kept as given ([`AnswerAsGiven`], strict);
//!   where it describes the success with no content, an empty body reads as `null`.
//! - [`RetryPolicy`]: which outcomes may be retried for which method (a `POST` only when it was
//!   not sent or the service answered 429 with `Retry-After`), the delay for attempt `n` with
//!   caller-supplied [`Jitter`] or the service's `Retry-After`, a cap, a total-time bound.
//! - [`PaymentPages`]: every page of a payment search, each checked against its request
//!   (offset and limit echoed, no page twice, no empty page that says there are more, a page
//!   cap; `total` is never trusted): a blocking iterator over any send function, and with
//!   `client-core`, `Client::payment_pages`.
//! - With the feature `client`, `Client` sends these requests over `reqwest` with the retry
//!   policy.
//!
//! | endpoint | request type | builder | answer |
//! |---|---|---|---|
//! | `POST /v2/secure-payments` | [`CreateSecurePayment`] | [`Api::create_secure_payment`] | [`SecurePaymentCreated`] |
//! | `GET /v2/secure-payments?requestId=` | [`FindSecurePayment`] | [`Api::find_secure_payment`] | [`SecurePaymentFound`] |
//! | `POST /v2/secure-payments/fees/preview` | [`PreviewFees`] | [`Api::preview_fees`] | [`FeePlan`] |
//! | `POST /v2/secure-payments/payouts` | [`CreatePayoutLink`] | [`Api::create_payout_link`] | [`SecurePaymentCreated`] |
//! | `POST /v2/secure-payments/batch-payouts` | [`CreateBatchPayoutLink`] | [`Api::create_batch_payout_link`] | [`SecurePaymentCreated`] |
//! | `POST /v2/secure-payments/multicall-payouts` | [`CreateMulticallPayout`] | [`Api::create_multicall_payout`] | [`MulticallPayoutCreated`] |
//! | `GET /v2/secure-payments/multicall-payouts/{token}` | [`GetMulticallPayout`] | [`Api::get_multicall_payout`] | [`MulticallPayoutState`] |
//! | `GET /v2/secure-payments/{token}` | [`GetSecurePayment`] | [`Api::get_secure_payment`] | [`SecurePaymentInfo`] |
//! | `GET /v2/secure-payments/{token}/pay` | [`GetSecurePaymentCalldata`] | [`Api::get_secure_payment_calldata`] | [`PayResponse`](crate::pay::PayResponse) |
//! | `POST /v2/secure-payments/{token}/intent` | [`RecordSecurePaymentIntent`] | [`Api::record_secure_payment_intent`] | [`IntentRecorded`] |
//! | `POST /v2/secure-payments/{token}/tron/broadcast` | [`BroadcastTronTransaction`] | [`Api::broadcast_tron_transaction`] | [`TronBroadcastAnswer`] |
//! | `POST /v2/secure-payments/{token}/refresh-step-transaction` | [`RefreshStepTransaction`] | [`Api::refresh_step_transaction`] | [`RefreshedStepTransaction`] |
//! | `POST /v2/request` | [`CreateRequest`] | [`Api::create_request`] | [`RequestCreated`] |
//! | `GET /v2/request/{requestId}` | [`GetRequestStatus`] | [`Api::get_request_status`] | [`RequestStatus`](crate::partial::RequestStatus) |
//! | `PATCH /v2/request/{requestId}` | [`UpdateRequest`] | [`Api::update_request`] | [`AnswerAsGiven`] |
//! | `GET /v2/request/{requestId}/pay` | [`GetRequestCalldata`] | [`Api::get_request_calldata`] | [`RequestPayResponse`] |
//! | `GET /v2/request/{requestId}/routes` | [`GetRequestRoutes`] | [`Api::get_request_routes`] | [`RequestRoutes`] |
//! | `POST /v2/request/payment-intents/{paymentIntentId}` | [`SendPaymentIntent`] | [`Api::send_payment_intent`] | [`AnswerAsGiven`] |
//! | `POST /v2/payer` | [`CreatePayer`](crate::offramp::CreatePayer) | [`Api::create_payer`] | [`PayerCreated`](crate::offramp::PayerCreated) |
//! | `GET /v2/payer/{clientUserId}` | [`GetPayer`] | [`Api::get_payer`] | [`ComplianceStatus`](crate::offramp::ComplianceStatus) |
//! | `PATCH /v2/payer/{clientUserId}` | [`ForPayer`]`<`[`UpdatePayer`](crate::offramp::UpdatePayer)`>` | [`Api::update_payer`] | [`PayerUpdated`] |
//! | `POST /v2/payer/{clientUserId}/payment-details` | [`ForPayer`]`<`[`CreatePaymentDetails`](crate::offramp::CreatePaymentDetails)`>` | [`Api::create_payment_details`] | [`PaymentDetailCreated`](crate::offramp::PaymentDetailCreated) |
//! | `GET /v2/payer/{clientUserId}/payment-details` | [`ListPaymentDetails`] | [`Api::list_payment_details`] | [`PaymentDetailsList`](crate::offramp::PaymentDetailsList) |
//! | `GET /v2/payments` | [`SearchPayments`] | [`Api::search_payments`] | [`PaymentsPage`] (every page: [`PaymentPages`]) |
//! | `GET /v2/currencies` | [`ListCurrencies`] | [`Api::list_currencies`] | [`CurrenciesAnswer`] |
//! | `GET /v2/currencies/{currencyId}/conversion-routes` | [`GetConversionRoutes`] | [`Api::get_conversion_routes`] | [`ConversionRoutesAnswer`] |
//! | `POST /v2/client-ids` | [`CreateClientId`] | [`Api::create_client_id`] | [`ClientIdRecord`] |
//! | `GET /v2/client-ids` | [`ListClientIds`] | [`Api::list_client_ids`] | `Vec<`[`ClientIdRecord`]`>` |
//! | `GET /v2/client-ids/{id}` | [`GetClientId`] | [`Api::get_client_id`] | [`ClientIdRecord`] |
//! | `PUT /v2/client-ids/{id}` | [`UpdateClientId`] | [`Api::update_client_id`] | [`ClientIdRecord`] |
//! | `DELETE /v2/client-ids/{id}` | [`RevokeClientId`] | [`Api::revoke_client_id`] | [`AnswerAsGiven`] |
//! | `POST /v2/payouts` | [`CreatePayout`] | [`Api::create_payout`] | [`PayoutResponse`] |
//! | `POST /v2/payouts/batch` | [`BatchPayout`] | [`Api::create_batch_payout`] | [`BatchPayoutCalldata`] |
//! | `POST /v2/payouts/recurring/{id}` | [`SubmitRecurringSignature`] | [`Api::submit_recurring_payment_signature`] | [`RecurringPaymentActivated`] |
//! | `GET /v2/payouts/recurring/{id}` | [`GetRecurringPayment`] | [`Api::get_recurring_payment`] | [`RecurringPaymentStatus`] |
//! | `PATCH /v2/payouts/recurring/{id}` | [`UpdateRecurringPayment`] | [`Api::update_recurring_payment`] | [`RecurringPaymentUpdated`] |
//! | `GET /v2/payee-destination/signing-data` | [`GetPayeeDestinationSigningData`] | [`Api::get_payee_destination_signing_data`] | [`PayeeDestinationSigningData`] |
//! | `POST /v2/payee-destination` | [`RegisterPayeeDestination`] | [`Api::register_payee_destination`] | [`AnswerAsGiven`] |
//! | `GET /v2/payee-destination` | [`GetPayeeDestinationForWallet`] | [`Api::get_payee_destination_for_wallet`] | `Option<`[`AnswerAsGiven`]`>` |
//! | `DELETE /v2/payee-destination/{destinationId}` | [`DeactivatePayeeDestination`] | [`Api::deactivate_payee_destination`] | [`AnswerAsGiven`] |
//! | `GET /v2/payee-destination/{destinationId}` | [`GetPayeeDestinationById`] | [`Api::get_payee_destination_by_id`] | [`AnswerAsGiven`] |
//! | `POST {auth}/v1/payee-destination` | [`CreatePayeeDestination`] | [`Api::create_payee_destination`] | [`PayeeDestination`] |
//! | `PUT {auth}/v1/payee-destination` | [`UpdatePayeeDestination`] | [`Api::update_payee_destination`] | [`PayeeDestination`] |
//! | `GET {auth}/v1/payee-destination` | [`GetPayeeDestination`] | [`Api::get_payee_destination`] | `Option<`[`PayeeDestination`]`>` |
//!
//! ```
//! use http::StatusCode;
//! use securepay::api::{Api, Credential, CreateSecurePayment, SecurePaymentItem};
//!
//! let api = Api::new();
//! let key = Credential::api_key("sk_live_example")?;
//! let body = CreateSecurePayment::new(vec![SecurePaymentItem::new("10".parse()?)?])?;
//! let request = api.create_secure_payment(&key, &body)?;
//! assert_eq!(request.method(), "POST");
//! assert_eq!(request.uri(), "https://api.request.network/v2/secure-payments");
//! assert_eq!(request.headers()["content-type"], "application/json");
//!
//! // … send it with any HTTP client (`request.clone().into_http()`), then:
//! let answer = br#"{"requestIds":["01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb"],
//!   "securePaymentUrl":"https://pay.request.network/?token=01JD3E6JD46KY4KKV7X9V0MZ7W","token":"01JD3E6JD46KY4KKV7X9V0MZ7W","feePlan":null}"#;
//! let created = request.parse_parts(StatusCode::CREATED, answer)?; // a SecurePaymentCreated
//! assert_eq!(created.token.to_string(), "01JD3E6JD46KY4KKV7X9V0MZ7W");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod as_given;
mod batch_payout_link;
mod body;
#[cfg(feature = "client-core")]
mod client;
mod client_id_answers;
mod client_ids;
mod credentials;
mod currencies;
mod destinations;
mod destinations_v2;
mod endpoint;
mod fee_plan;
mod fees_preview;
mod intent;
mod multicall;
mod multicall_get;
mod multicall_info;
mod origin;
mod outgoing;
mod pages;
mod payer;
mod payment_intents;
mod payments;
mod payout_answers;
mod payouts;
mod recurring;
mod recurring_answers;
mod refresh_step;
mod request;
mod request_causes;
mod request_pay;
mod request_routes;
mod request_update;
mod requests;
mod response;
mod retry;
mod secure_payment_info;
mod secure_payment_list;
mod secure_payments;
mod signature;
#[cfg(feature = "client-core")]
#[doc(hidden)]
pub mod stub;
mod tron_broadcast;

pub use crate::wire::{
    ErrorBody, FieldIssue, MulticallCap, MulticallFailure, MulticallFailureReason, NestMessage,
    RequestPaidStatus, ZodIssue,
};
pub use as_given::AnswerAsGiven;
pub use batch_payout_link::{CreateBatchPayoutLink, MIN_BATCH_PAYOUT_TOKENS};
pub use body::BodyError;
#[cfg(feature = "client-core")]
#[cfg_attr(docsrs, doc(cfg(feature = "client-core")))]
pub use client::{Client, ClientError, SendError, TransportError};
pub use client_id_answers::{ClientIdRecord, ClientIdStatus};
pub use client_ids::{
    ClientIdFee, ClientIdInternalId, CreateClientId, GetClientId, ListClientIds,
    MAX_ALLOWED_DOMAINS, RevokeClientId, UpdateClientId,
};
pub use credentials::{
    ApiKey, ClientId, Credential, CredentialError, CredentialKind, OrchestratorKey, SESSION_COOKIE,
    SessionToken, SessionTransport,
};
pub use currencies::{
    ConversionRoutesAnswer, CurrenciesAnswer, GetConversionRoutes, ListCurrencies, RouteFilter,
};
pub use destinations::{
    CreatePayeeDestination, GetPayeeDestination, PayeeDestination, UpdatePayeeDestination,
};
pub use destinations_v2::{
    DeactivatePayeeDestination, DestinationAction, GetPayeeDestinationById,
    GetPayeeDestinationForWallet, GetPayeeDestinationSigningData, LegacyDestinationId,
    PayeeDestinationRef, PayeeDestinationSigningData, RegisterPayeeDestination,
    SignedDestinationAction,
};
pub use endpoint::{ApiHost, ENDPOINTS, Endpoint, EndpointSpec};
pub use fee_plan::{
    FeeBearerSource, FeeDestinationRef, FeeFlow, FeePlan, FeePlanVersion, PlannedFeeEntry,
};
pub use fees_preview::PreviewFees;
pub use intent::{
    BridgeTool, Broadcast, IntentRecorded, IntentTracked, MulticallIntent, MulticallReceipt,
    RecordIntent, RouteKind, SingleIntent, TransactionIndex,
};
pub use multicall::{
    ChildEligibility, CreateMulticallPayout, MulticallItem, MulticallLinkStatus,
    MulticallPayoutCreated, MulticallType, RequestedExecutionKind, StaleReason,
};
pub use multicall_get::{GetMulticallPayout, MulticallPayoutState};
pub use multicall_info::{
    BlockReason, CurrencyTotal, MulticallChildInfo, MulticallInfo, MulticallTotals, RecoveryAction,
};
pub use origin::Origin;
pub use outgoing::{OutgoingRequest, PreparedRequest};
#[cfg(feature = "client-core")]
#[cfg_attr(docsrs, doc(cfg(feature = "client-core")))]
pub use pages::ClientPages;
pub use pages::{
    DEFAULT_MAX_PAGES, DEFAULT_PAGE_LIMIT, PageIter, PagesError, PaginationError, PaymentIter,
    PaymentPages,
};
pub use payer::{ForPayer, GetPayer, ListPaymentDetails, PayerUpdated};
pub use payment_intents::{SendPaymentIntent, SignedPermit};
pub use payments::{
    FeeStage, MAX_SEARCH_LIMIT, Pagination, PaymentFee, PaymentRecord, PaymentRequestInfo,
    PaymentType, PaymentsPage, SearchPayments, UtcTimestamp,
};
pub use payout_answers::{
    BatchPayoutCalldata, PayoutCreated, PayoutResponse, RecurringPayoutCreated,
};
pub use payouts::{BatchItem, BatchPayout, CreatePayout, PayoutFee, PayoutRecurrence};
pub use recurring::{
    GetRecurringPayment, RecurringAction, SubmitRecurringSignature, UpdateRecurringPayment,
};
pub use recurring_answers::{
    RecurringExecution, RecurringPaymentActivated, RecurringPaymentStatus, RecurringPaymentUpdated,
    RecurringRequest, RecurringStatus, RecurringUpdateMetadata,
};
pub use refresh_step::{RefreshStepTransaction, RefreshedStepTransaction, RouteStep};
pub use request::{Api, DEFAULT_AUTH_URL, DEFAULT_BASE_URL, RequestError};
pub use request_causes::{AssembleError, BaseUrlError, HttpError, UriError};
pub use request_pay::{
    LegacyPaymentIntent, PaymentIntentMetadata, RequestCalldata, RequestPayMetadata,
    RequestPayResponse,
};
pub use request_routes::{ExactNumber, GetRequestRoutes, PaymentRoute, RequestRoutes, RouteSpeed};
pub use request_update::UpdateRequest;
pub use requests::{
    CreateRequest, CustomerAddressBody, CustomerInfoBody, Frequency, GetRequestCalldata,
    GetRequestStatus, Recurrence, RequestCreated,
};
pub use response::{ApiError, ApiErrorKind, BodyCause, parse_parts, parse_response};
pub use retry::{AttemptOutcome, Jitter, RetryDecision, RetryPolicy, RetryPolicyError, StopReason};
pub use secure_payment_info::{
    AccessDecision, AccessStatus, BatchInfo, InfoCommon, PaymentKind, PaymentOption,
    ResolvedDestination, ScreenedWalletType, SecurePaymentInfo, SingleInfo, WalletResult,
};
pub use secure_payment_list::{
    BrandingHint, BrandingSource, FindSecurePayment, IdentityMode, KytResult, SecurePaymentFound,
};
pub use secure_payments::{
    CreatePayoutLink, CreateSecurePayment, GetSecurePayment, GetSecurePaymentCalldata,
    MAX_SECURE_PAYMENT_ITEMS, RecordSecurePaymentIntent, SecurePaymentCreated, SecurePaymentItem,
};
pub use signature::{Eip712Signature, SIGNATURE_BYTES, SignatureError};
pub use tron_broadcast::{BroadcastTronTransaction, TronBroadcastAnswer, TronBroadcastError};
