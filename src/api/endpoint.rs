//! The endpoints this layer builds, each described once: host, method, path template,
//! accepted credentials, whether `Origin` is required, and the documented success status.

use std::fmt;

use http::Method;

use super::CredentialKind;

/// Which service an endpoint belongs to.
///
/// ```
/// use securepay::api::{ApiHost, Endpoint};
///
/// assert_eq!(Endpoint::CreatePayeeDestination.host(), ApiHost::Auth);
/// assert_eq!(Endpoint::CreateRequest.host(), ApiHost::Payment);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ApiHost {
    /// The payment API (`{base_url}`, default `https://api.request.network`).
    Payment,
    /// The Auth API (`{auth_url}`, default `https://auth.request.network`).
    Auth,
}

use CredentialKind::{ApiKey, ClientId, Orchestrator, SessionBearer, SessionCookie};

/// API key or Client ID: the request, currency and payout endpoints (OpenAPI headers
/// `x-api-key`, `x-client-id`, `Origin`, all optional).
const KEY_OR_CLIENT: &[CredentialKind] = &[ApiKey, ClientId];
/// The secure-payment creation endpoints: API key, Client ID, orchestrator key with Client
/// ID, or a session (OpenAPI headers `x-api-key`, `x-client-id`, `x-orchestrator-key`,
/// `Authorization`, `Origin`; api-notes §4.1 adds the `session_token` cookie).
const ANY: &[CredentialKind] = &[ApiKey, ClientId, Orchestrator, SessionCookie, SessionBearer];
/// The payer endpoints: `x-api-key` only (required in the OpenAPI description).
const KEY_ONLY: &[CredentialKind] = &[ApiKey];
/// The secure-payment token endpoints: `x-client-id` and `Origin`, both required.
const CLIENT_ONLY: &[CredentialKind] = &[ClientId];
/// The Auth API's payee destination: the SIWE session cookie (api-notes §6.1).
const SESSION_COOKIE_ONLY: &[CredentialKind] = &[SessionCookie];

/// Every endpoint of the scope of this layer.
///
/// ```
/// use securepay::api::Endpoint;
///
/// assert_eq!(Endpoint::ALL.len(), 21);
/// assert_eq!(Endpoint::GetRequestCalldata.to_string(), "GET /v2/request/{requestId}/pay");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Endpoint {
    /// `POST /v2/secure-payments`.
    CreateSecurePayment,
    /// `POST /v2/secure-payments/payouts`.
    CreatePayoutSecurePayment,
    /// `POST /v2/secure-payments/multicall-payouts`.
    CreateMulticallPayout,
    /// `GET /v2/secure-payments/{token}`: display data, no calldata.
    GetSecurePayment,
    /// `GET /v2/secure-payments/{token}/pay`: the calldata.
    GetSecurePaymentCalldata,
    /// `POST /v2/secure-payments/{token}/intent`.
    RecordSecurePaymentIntent,
    /// `POST /v2/request`.
    CreateRequest,
    /// `GET /v2/request/{requestId}`.
    GetRequestStatus,
    /// `GET /v2/request/{requestId}/pay`.
    GetRequestCalldata,
    /// `POST /v2/payer`.
    CreatePayer,
    /// `GET /v2/payer/{clientUserId}`.
    GetPayer,
    /// `PATCH /v2/payer/{clientUserId}`.
    UpdatePayer,
    /// `POST /v2/payer/{clientUserId}/payment-details`.
    CreatePaymentDetails,
    /// `GET /v2/payer/{clientUserId}/payment-details`.
    ListPaymentDetails,
    /// `GET /v2/currencies`.
    ListCurrencies,
    /// `GET /v2/currencies/{currencyId}/conversion-routes`.
    GetConversionRoutes,
    /// `POST /v2/payouts`.
    CreatePayout,
    /// `POST /v2/payouts/batch`.
    CreateBatchPayout,
    /// `POST /v1/payee-destination` (Auth API): creates, or reactivates and updates in place.
    CreatePayeeDestination,
    /// `PUT /v1/payee-destination` (Auth API).
    UpdatePayeeDestination,
    /// `GET /v1/payee-destination` (Auth API): the active destination, or `null`.
    GetPayeeDestination,
}

impl Endpoint {
    /// Every endpoint, in the order of the issue's scope.
    pub const ALL: [Endpoint; 21] = [
        Endpoint::CreateSecurePayment,
        Endpoint::CreatePayoutSecurePayment,
        Endpoint::CreateMulticallPayout,
        Endpoint::GetSecurePayment,
        Endpoint::GetSecurePaymentCalldata,
        Endpoint::RecordSecurePaymentIntent,
        Endpoint::CreateRequest,
        Endpoint::GetRequestStatus,
        Endpoint::GetRequestCalldata,
        Endpoint::CreatePayer,
        Endpoint::GetPayer,
        Endpoint::UpdatePayer,
        Endpoint::CreatePaymentDetails,
        Endpoint::ListPaymentDetails,
        Endpoint::ListCurrencies,
        Endpoint::GetConversionRoutes,
        Endpoint::CreatePayout,
        Endpoint::CreateBatchPayout,
        Endpoint::CreatePayeeDestination,
        Endpoint::UpdatePayeeDestination,
        Endpoint::GetPayeeDestination,
    ];

    /// `(host, method, path template, accepted credentials, Origin required, success status)`.
    fn spec(
        self,
    ) -> (
        ApiHost,
        Method,
        &'static str,
        &'static [CredentialKind],
        bool,
        u16,
    ) {
        use ApiHost::{Auth, Payment};
        match self {
            Endpoint::CreateSecurePayment => (
                Payment,
                Method::POST,
                "/v2/secure-payments",
                ANY,
                false,
                201,
            ),
            Endpoint::CreatePayoutSecurePayment => (
                Payment,
                Method::POST,
                "/v2/secure-payments/payouts",
                ANY,
                false,
                201,
            ),
            Endpoint::CreateMulticallPayout => (
                Payment,
                Method::POST,
                "/v2/secure-payments/multicall-payouts",
                ANY,
                false,
                201,
            ),
            Endpoint::GetSecurePayment => (
                Payment,
                Method::GET,
                "/v2/secure-payments/{token}",
                CLIENT_ONLY,
                true,
                200,
            ),
            Endpoint::GetSecurePaymentCalldata => (
                Payment,
                Method::GET,
                "/v2/secure-payments/{token}/pay",
                CLIENT_ONLY,
                true,
                200,
            ),
            Endpoint::RecordSecurePaymentIntent => (
                Payment,
                Method::POST,
                "/v2/secure-payments/{token}/intent",
                CLIENT_ONLY,
                true,
                200,
            ),
            Endpoint::CreateRequest => (
                Payment,
                Method::POST,
                "/v2/request",
                KEY_OR_CLIENT,
                false,
                201,
            ),
            Endpoint::GetRequestStatus => (
                Payment,
                Method::GET,
                "/v2/request/{requestId}",
                KEY_OR_CLIENT,
                false,
                200,
            ),
            Endpoint::GetRequestCalldata => (
                Payment,
                Method::GET,
                "/v2/request/{requestId}/pay",
                KEY_OR_CLIENT,
                false,
                200,
            ),
            Endpoint::CreatePayer => (Payment, Method::POST, "/v2/payer", KEY_ONLY, false, 200),
            Endpoint::GetPayer => (
                Payment,
                Method::GET,
                "/v2/payer/{clientUserId}",
                KEY_ONLY,
                false,
                200,
            ),
            Endpoint::UpdatePayer => (
                Payment,
                Method::PATCH,
                "/v2/payer/{clientUserId}",
                KEY_ONLY,
                false,
                200,
            ),
            Endpoint::CreatePaymentDetails => (
                Payment,
                Method::POST,
                "/v2/payer/{clientUserId}/payment-details",
                KEY_ONLY,
                false,
                201,
            ),
            Endpoint::ListPaymentDetails => (
                Payment,
                Method::GET,
                "/v2/payer/{clientUserId}/payment-details",
                KEY_ONLY,
                false,
                200,
            ),
            Endpoint::ListCurrencies => (
                Payment,
                Method::GET,
                "/v2/currencies",
                KEY_OR_CLIENT,
                false,
                200,
            ),
            Endpoint::GetConversionRoutes => (
                Payment,
                Method::GET,
                "/v2/currencies/{currencyId}/conversion-routes",
                KEY_OR_CLIENT,
                false,
                200,
            ),
            Endpoint::CreatePayout => (
                Payment,
                Method::POST,
                "/v2/payouts",
                KEY_OR_CLIENT,
                false,
                201,
            ),
            Endpoint::CreateBatchPayout => (
                Payment,
                Method::POST,
                "/v2/payouts/batch",
                KEY_OR_CLIENT,
                false,
                201,
            ),
            Endpoint::CreatePayeeDestination => (
                Auth,
                Method::POST,
                "/v1/payee-destination",
                SESSION_COOKIE_ONLY,
                false,
                201,
            ),
            Endpoint::UpdatePayeeDestination => (
                Auth,
                Method::PUT,
                "/v1/payee-destination",
                SESSION_COOKIE_ONLY,
                false,
                200,
            ),
            Endpoint::GetPayeeDestination => (
                Auth,
                Method::GET,
                "/v1/payee-destination",
                SESSION_COOKIE_ONLY,
                false,
                200,
            ),
        }
    }

    /// The service the endpoint belongs to.
    ///
    /// ```no_run
    /// use securepay::api::{ApiHost, Endpoint};
    ///
    /// let auth: Vec<Endpoint> = Endpoint::ALL.into_iter().filter(|e| e.host() == ApiHost::Auth).collect();
    /// assert_eq!(auth, [Endpoint::CreatePayeeDestination, Endpoint::UpdatePayeeDestination, Endpoint::GetPayeeDestination]);
    /// ```
    pub fn host(self) -> ApiHost {
        self.spec().0
    }

    /// The HTTP method.
    ///
    /// ```no_run
    /// use http::Method;
    /// use securepay::api::Endpoint;
    ///
    /// assert_eq!(Endpoint::UpdatePayer.method(), Method::PATCH);
    /// assert_eq!(Endpoint::UpdatePayeeDestination.method(), Method::PUT);
    /// ```
    pub fn method(self) -> Method {
        self.spec().1
    }

    /// The path template, as in the API description (`/v2/request/{requestId}/pay`).
    ///
    /// ```no_run
    /// use securepay::api::Endpoint;
    ///
    /// assert_eq!(Endpoint::RecordSecurePaymentIntent.path_template(), "/v2/secure-payments/{token}/intent");
    /// ```
    pub fn path_template(self) -> &'static str {
        self.spec().2
    }

    /// The credentials the endpoint accepts; a builder refuses any other.
    ///
    /// ```no_run
    /// use securepay::api::{CredentialKind, Endpoint};
    ///
    /// assert_eq!(Endpoint::CreatePayer.accepts(), [CredentialKind::ApiKey]); // payer endpoints: API key only
    /// assert_eq!(Endpoint::GetSecurePayment.accepts(), [CredentialKind::ClientId]);
    /// ```
    pub fn accepts(self) -> &'static [CredentialKind] {
        self.spec().3
    }

    /// Whether a Client ID must come with its `Origin` here (the OpenAPI description marks
    /// `Origin` required on the secure-payment token endpoints).
    ///
    /// ```no_run
    /// use securepay::api::{Api, Credential, Endpoint, RequestError};
    /// use securepay::network::Network;
    /// use securepay::pay::SecurePayQuery;
    ///
    /// assert!(Endpoint::GetSecurePaymentCalldata.origin_required());
    /// let no_origin = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", None)?;
    /// let token = "01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?;
    /// let request = Api::new().get_secure_payment(&no_origin, &token, &SecurePayQuery::new(), Network::Base);
    /// assert!(matches!(request, Err(RequestError::OriginRequired { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn origin_required(self) -> bool {
        self.spec().4
    }

    /// The documented success status. The parsers accept any 2xx status: the API
    /// description gives one per endpoint, but a 2xx is a success in HTTP.
    ///
    /// Not documented, so assumed: `PUT /v1/payee-destination` answers 200 (api-notes §6.1
    /// gives 201 for the create call only).
    ///
    /// ```no_run
    /// use securepay::api::Endpoint;
    ///
    /// assert_eq!(Endpoint::CreateSecurePayment.success_status(), 201);
    /// assert_eq!(Endpoint::CreatePayer.success_status(), 200);
    /// ```
    pub fn success_status(self) -> u16 {
        self.spec().5
    }

    /// Whether the endpoint accepts a credential of this kind.
    ///
    /// ```no_run
    /// use securepay::api::{CredentialKind, Endpoint};
    ///
    /// assert!(Endpoint::CreateSecurePayment.accepts_kind(CredentialKind::SessionBearer));
    /// assert!(!Endpoint::GetPayeeDestination.accepts_kind(CredentialKind::SessionBearer)); // cookie only
    /// ```
    pub fn accepts_kind(self, kind: CredentialKind) -> bool {
        self.accepts().contains(&kind)
    }
}

impl fmt::Display for Endpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.method(), self.path_template())
    }
}
