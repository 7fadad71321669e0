//! The endpoints this layer builds, each described once, in [`ENDPOINTS`]: host, method, path
//! template, accepted credentials, whether `Origin` is required, and the documented success
//! status. The [`Endpoint`] enum, [`Endpoint::ALL`] and every request path come from that one
//! table.

use std::fmt;

use http::{Method, StatusCode};

use super::{AssembleError, CredentialKind, RequestError};
use crate::wire::url::encode;

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
/// `Authorization`, `Origin`; the description of `Authorization` adds "or use the
/// session_token cookie").
const ANY: &[CredentialKind] = &[ApiKey, ClientId, Orchestrator, SessionCookie, SessionBearer];
/// The batch payout link: API key, Client ID or a session (OpenAPI headers `x-api-key`,
/// `x-client-id`, `Authorization`, `Origin`, all optional; no `x-orchestrator-key`).
const KEY_CLIENT_OR_SESSION: &[CredentialKind] = &[ApiKey, ClientId, SessionCookie, SessionBearer];
/// The session-only endpoints: the OpenAPI description marks `Authorization` required and
/// names no other credential header. Its text adds "or use session_token cookie", but a request
/// without the required header is not one the description accepts (a validating server refuses
/// it), so only the bearer form is sent here.
const SESSION_BEARER: &[CredentialKind] = &[SessionBearer];
/// The payer and Client ID management endpoints: `x-api-key` only (required in the OpenAPI
/// description).
const KEY_ONLY: &[CredentialKind] = &[ApiKey];
/// The secure-payment token endpoints and the v2 payee destination endpoints: `x-client-id`
/// and `Origin`, both required.
const CLIENT_ONLY: &[CredentialKind] = &[ClientId];
/// The Auth API's payee destination: the SIWE session cookie
/// (<https://docs.request.network/api-features/payee-destinations>).
const SESSION_COOKIE_ONLY: &[CredentialKind] = &[SessionCookie];

/// One endpoint, described once: a row of [`ENDPOINTS`].
///
/// ```
/// use http::{Method, StatusCode};
/// use securepay::api::{ApiHost, CredentialKind, Endpoint};
///
/// let spec = Endpoint::GetRequestCalldata.spec();
/// assert_eq!((spec.host, &spec.method, spec.path), (ApiHost::Payment, &Method::GET, "/v2/request/{requestId}/pay"));
/// assert_eq!((spec.accepts, spec.origin_required), (&[CredentialKind::ApiKey, CredentialKind::ClientId][..], false));
/// assert_eq!(spec.success, StatusCode::OK);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct EndpointSpec {
    /// The endpoint this row describes.
    pub endpoint: Endpoint,
    /// The service.
    pub host: ApiHost,
    /// The HTTP method.
    pub method: Method,
    /// The path template, as in the API description (`/v2/request/{requestId}/pay`): each
    /// `{parameter}` is one path segment, filled and percent-encoded when a request is built.
    pub path: &'static str,
    /// The credentials the endpoint accepts; a request with any other is refused.
    pub accepts: &'static [CredentialKind],
    /// Whether a Client ID must come with its `Origin` (the OpenAPI description marks `Origin`
    /// required on the secure-payment token endpoints).
    pub origin_required: bool,
    /// The documented success status. The parsers accept any 2xx status: the API description
    /// gives one per endpoint, but a 2xx is a success in HTTP.
    pub success: StatusCode,
    /// The query parameters the request may carry, as named in the API description: a request
    /// with any other is refused when it is built ([`AssembleError::UndescribedQuery`]).
    pub query: &'static [&'static str],
}

impl EndpointSpec {
    /// The path with each `{parameter}` of the template replaced, in order, by one of
    /// `params`, percent-encoded (so a value such as `a/b` or `../x` stays one segment).
    pub(crate) fn fill_path(&self, params: &[String]) -> Result<String, RequestError> {
        let mut values = params.iter();
        let mut path = String::with_capacity(self.path.len());
        let mut placeholders = 0usize;
        for segment in self.path.split('/').skip(1) {
            path.push('/');
            if segment.starts_with('{') {
                placeholders = placeholders.saturating_add(1);
                match values.next() {
                    Some(value) => path.push_str(&encode(value)),
                    None => break,
                }
            } else {
                path.push_str(segment);
            }
        }
        if placeholders != params.len() {
            return Err(RequestError::Assemble {
                endpoint: self.endpoint,
                reason: AssembleError::PathParameters {
                    given: params.len(),
                    template: self.path,
                },
            });
        }
        Ok(path)
    }
}

/// Declares [`Endpoint`], [`ENDPOINTS`] and [`Endpoint::ALL`] from one list of rows, so that
/// none of them can drift from another. Each variant's documentation starts with its method
/// and path, taken from its row.
macro_rules! endpoints {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident {
            host: $host:ident,
            method: $method:ident,
            path: $path:literal,
            accepts: $accepts:expr,
            origin_required: $origin:literal,
            success: $success:ident
            $(, query: [$($query:literal),* $(,)?])? $(,)?
        }
    )+) => {
        /// Every endpoint of the scope of this layer: one variant per row of [`ENDPOINTS`].
        ///
        /// ```
        /// use securepay::api::{Endpoint, ENDPOINTS};
        ///
        /// assert_eq!(Endpoint::ALL.len(), ENDPOINTS.len());
        /// assert!(ENDPOINTS.iter().zip(Endpoint::ALL).all(|(spec, endpoint)| spec.endpoint == endpoint));
        /// assert_eq!(Endpoint::GetRequestCalldata.to_string(), "GET /v2/request/{requestId}/pay");
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Endpoint {
            $(
                #[doc = concat!("`", stringify!($method), " ", $path, "`.")]
                #[doc = ""]
                $(#[doc = $doc])*
                $name,
            )+
        }

        /// The endpoint table: one [`EndpointSpec`] per [`Endpoint`], in the order of the
        /// issue's scope. Every request path is built from its template here, and
        /// `tests/it/api/endpoints.rs` checks every row against the API description.
        ///
        /// ```
        /// use http::Method;
        /// use securepay::api::{ApiHost, ENDPOINTS};
        ///
        /// let auth: Vec<String> = ENDPOINTS.iter().filter(|e| e.host == ApiHost::Auth).map(|e| e.endpoint.to_string()).collect();
        /// assert_eq!(auth, ["POST /v1/payee-destination", "PUT /v1/payee-destination", "GET /v1/payee-destination"]);
        /// assert!(ENDPOINTS.iter().any(|e| e.method == Method::PATCH && e.path == "/v2/payer/{clientUserId}"));
        /// ```
        pub const ENDPOINTS: [EndpointSpec; [$(Endpoint::$name),+].len()] = [
            $(
                EndpointSpec {
                    endpoint: Endpoint::$name,
                    host: ApiHost::$host,
                    method: Method::$method,
                    path: $path,
                    accepts: $accepts,
                    origin_required: $origin,
                    success: StatusCode::$success,
                    query: &[$($($query),*)?],
                },
            )+
        ];

        impl Endpoint {
            /// Every endpoint, in the order of [`ENDPOINTS`].
            pub const ALL: [Endpoint; ENDPOINTS.len()] = [$(Endpoint::$name),+];

            /// The endpoint's row of [`ENDPOINTS`].
            ///
            /// ```
            /// use http::StatusCode;
            /// use securepay::api::Endpoint;
            ///
            /// const CREATED: StatusCode = Endpoint::CreateSecurePayment.spec().success; // usable in constants
            /// assert_eq!(CREATED, StatusCode::CREATED);
            /// ```
            pub const fn spec(self) -> &'static EndpointSpec {
                match self {
                    $(
                        Endpoint::$name => {
                            // Each variant's discriminant is its row: the macro writes both
                            // lists from the same rows, in the same order.
                            const ROW: usize = Endpoint::$name as usize;
                            &ENDPOINTS[ROW]
                        }
                    )+
                }
            }
        }
    };
}

endpoints! {
    CreateSecurePayment {
        host: Payment, method: POST, path: "/v2/secure-payments",
        accepts: ANY, origin_required: false, success: CREATED,
    }
    /// The secure payment of one request (a session only).
    FindSecurePayment {
        host: Payment, method: GET, path: "/v2/secure-payments",
        accepts: SESSION_BEARER, origin_required: false, success: OK,
        query: ["requestId"],
    }
    /// The fee plan a payment would get; creates nothing.
    PreviewFees {
        host: Payment, method: POST, path: "/v2/secure-payments/fees/preview",
        accepts: ANY, origin_required: false, success: OK,
    }
    CreatePayoutSecurePayment {
        host: Payment, method: POST, path: "/v2/secure-payments/payouts",
        accepts: ANY, origin_required: false, success: CREATED,
    }
    /// One batch payout link from pending payout links (which are invalidated).
    CreateBatchPayoutSecurePayment {
        host: Payment, method: POST, path: "/v2/secure-payments/batch-payouts",
        accepts: KEY_CLIENT_OR_SESSION, origin_required: false, success: CREATED,
    }
    CreateMulticallPayout {
        host: Payment, method: POST, path: "/v2/secure-payments/multicall-payouts",
        accepts: ANY, origin_required: false, success: CREATED,
    }
    /// A multicall payout's state for display (a session only): no quote, no calldata.
    GetMulticallPayout {
        host: Payment, method: GET, path: "/v2/secure-payments/multicall-payouts/{token}",
        accepts: SESSION_BEARER, origin_required: false, success: OK,
    }
    /// Display data, no calldata.
    GetSecurePayment {
        host: Payment, method: GET, path: "/v2/secure-payments/{token}",
        accepts: CLIENT_ONLY, origin_required: true, success: OK,
        query: ["token", "wallet", "chain", "eoaWallet", "isSafe"],
    }
    /// The calldata.
    GetSecurePaymentCalldata {
        host: Payment, method: GET, path: "/v2/secure-payments/{token}/pay",
        accepts: CLIENT_ONLY, origin_required: true, success: OK,
        query: ["token", "wallet", "chain", "eoaWallet", "isSafe"],
    }
    RecordSecurePaymentIntent {
        host: Payment, method: POST, path: "/v2/secure-payments/{token}/intent",
        accepts: CLIENT_ONLY, origin_required: true, success: OK,
    }
    /// Relays a checked, signed Tron transaction through the service's CatFee energy node.
    /// It takes the intent endpoint's credential, a Client ID with its `Origin` (the OpenAPI
    /// description marks both headers required).
    BroadcastTronTransaction {
        host: Payment, method: POST, path: "/v2/secure-payments/{token}/tron/broadcast",
        accepts: CLIENT_ONLY, origin_required: true, success: OK,
    }
    /// A fresh `transactionRequest` for a LI.FI bridge step (its deadline re-stamped): a
    /// transaction to sign, read strictly and verified like any other.
    RefreshStepTransaction {
        host: Payment, method: POST, path: "/v2/secure-payments/{token}/refresh-step-transaction",
        accepts: CLIENT_ONLY, origin_required: true, success: OK,
    }
    CreateRequest {
        host: Payment, method: POST, path: "/v2/request",
        accepts: KEY_OR_CLIENT, origin_required: false, success: CREATED,
    }
    GetRequestStatus {
        host: Payment, method: GET, path: "/v2/request/{requestId}",
        accepts: KEY_OR_CLIENT, origin_required: false, success: OK,
    }
    /// Stops or resumes the recurrence of a recurring request.
    UpdateRequest {
        host: Payment, method: PATCH, path: "/v2/request/{requestId}",
        accepts: KEY_OR_CLIENT, origin_required: false, success: OK,
    }
    GetRequestCalldata {
        host: Payment, method: GET, path: "/v2/request/{requestId}/pay",
        accepts: KEY_OR_CLIENT, origin_required: false, success: OK,
        query: ["wallet", "chain", "token", "amount", "clientUserId", "paymentDetailsId", "feePercentage", "feeAddress"],
    }
    /// The routes open to a payer's wallet: same-chain, or cross-chain.
    GetRequestRoutes {
        host: Payment, method: GET, path: "/v2/request/{requestId}/routes",
        accepts: KEY_OR_CLIENT, origin_required: false, success: OK,
        query: ["wallet", "amount", "feePercentage", "feeAddress"],
    }
    /// The signature of a legacy cross-chain payment intent.
    SendPaymentIntent {
        host: Payment, method: POST, path: "/v2/request/payment-intents/{paymentIntentId}",
        accepts: KEY_OR_CLIENT, origin_required: false, success: OK,
    }
    CreatePayer {
        host: Payment, method: POST, path: "/v2/payer",
        accepts: KEY_ONLY, origin_required: false, success: OK,
    }
    GetPayer {
        host: Payment, method: GET, path: "/v2/payer/{clientUserId}",
        accepts: KEY_ONLY, origin_required: false, success: OK,
    }
    UpdatePayer {
        host: Payment, method: PATCH, path: "/v2/payer/{clientUserId}",
        accepts: KEY_ONLY, origin_required: false, success: OK,
    }
    CreatePaymentDetails {
        host: Payment, method: POST, path: "/v2/payer/{clientUserId}/payment-details",
        accepts: KEY_ONLY, origin_required: false, success: CREATED,
    }
    ListPaymentDetails {
        host: Payment, method: GET, path: "/v2/payer/{clientUserId}/payment-details",
        accepts: KEY_ONLY, origin_required: false, success: OK,
        query: ["paymentDetailsId"],
    }
    /// Searches payments by at least one filter, one page at a time (`limit`, `offset`).
    SearchPayments {
        host: Payment, method: GET, path: "/v2/payments",
        accepts: KEY_OR_CLIENT, origin_required: false, success: OK,
        query: ["txHash", "walletAddress", "paymentReference", "requestId", "reference", "type",
            "invoiceCurrency", "paymentCurrency", "fromDate", "toDate", "limit", "offset"],
    }
    ListCurrencies {
        host: Payment, method: GET, path: "/v2/currencies",
        accepts: KEY_OR_CLIENT, origin_required: false, success: OK,
        query: ["network", "symbol", "firstOnly", "id"],
    }
    GetConversionRoutes {
        host: Payment, method: GET, path: "/v2/currencies/{currencyId}/conversion-routes",
        accepts: KEY_OR_CLIENT, origin_required: false, success: OK,
        query: ["network", "networks"],
    }
    /// Client ID management (server-side, API key): a new Client ID; the answer carries the
    /// Client ID itself, a credential.
    CreateClientId {
        host: Payment, method: POST, path: "/v2/client-ids",
        accepts: KEY_ONLY, origin_required: false, success: CREATED,
    }
    /// Client ID management: every Client ID of the platform.
    ListClientIds {
        host: Payment, method: GET, path: "/v2/client-ids",
        accepts: KEY_ONLY, origin_required: false, success: OK,
    }
    /// Client ID management: one Client ID, by its internal identifier (`id`, not the `cli_…`
    /// Client ID).
    GetClientId {
        host: Payment, method: GET, path: "/v2/client-ids/{id}",
        accepts: KEY_ONLY, origin_required: false, success: OK,
    }
    /// Client ID management: label, allowed domains, fee, operator wallet, expiries, status.
    UpdateClientId {
        host: Payment, method: PUT, path: "/v2/client-ids/{id}",
        accepts: KEY_ONLY, origin_required: false, success: OK,
    }
    /// Client ID management: revokes the Client ID, which cannot be reactivated. The
    /// description gives the `200` answer no body.
    RevokeClientId {
        host: Payment, method: DELETE, path: "/v2/client-ids/{id}",
        accepts: KEY_ONLY, origin_required: false, success: OK,
    }
    CreatePayout {
        host: Payment, method: POST, path: "/v2/payouts",
        accepts: KEY_OR_CLIENT, origin_required: false, success: CREATED,
    }
    CreateBatchPayout {
        host: Payment, method: POST, path: "/v2/payouts/batch",
        accepts: KEY_OR_CLIENT, origin_required: false, success: CREATED,
    }
    /// Activates a recurring payment with the signature of its permit.
    SubmitRecurringPaymentSignature {
        host: Payment, method: POST, path: "/v2/payouts/recurring/{id}",
        accepts: KEY_OR_CLIENT, origin_required: false, success: CREATED,
    }
    GetRecurringPaymentStatus {
        host: Payment, method: GET, path: "/v2/payouts/recurring/{id}",
        accepts: KEY_OR_CLIENT, origin_required: false, success: OK,
    }
    /// Cancels or unpauses a recurring payment.
    UpdateRecurringPayment {
        host: Payment, method: PATCH, path: "/v2/payouts/recurring/{id}",
        accepts: KEY_OR_CLIENT, origin_required: false, success: OK,
    }
    /// Payment API v2, signed by the payee's wallet (EIP-712), with a Client ID and its
    /// `Origin`: the typed data and nonce to sign for adding or deactivating a destination.
    /// (The Auth API v1 rows below work with a SIWE session instead; the v2 names say what
    /// differs: signed, by wallet, by id.)
    GetPayeeDestinationSigningData {
        host: Payment, method: GET, path: "/v2/payee-destination/signing-data",
        accepts: CLIENT_ONLY, origin_required: true, success: OK,
        query: ["walletAddress", "action", "tokenAddress", "chainId"],
    }
    /// Payment API v2: registers a destination with the payee's EIP-712 signature and the
    /// signing-data nonce (not the Auth API's session-based [`Endpoint::CreatePayeeDestination`]).
    RegisterPayeeDestination {
        host: Payment, method: POST, path: "/v2/payee-destination",
        accepts: CLIENT_ONLY, origin_required: true, success: CREATED,
    }
    /// Payment API v2: the active destination of a given wallet, or `null` (the Auth API's
    /// [`Endpoint::GetPayeeDestination`] answers the session's own).
    GetPayeeDestinationForWallet {
        host: Payment, method: GET, path: "/v2/payee-destination",
        accepts: CLIENT_ONLY, origin_required: true, success: OK,
        query: ["walletAddress"],
    }
    /// Payment API v2: deactivates a destination with the payee's EIP-712 signature (a `DELETE`
    /// with a body; the record is kept with `active=false`). The description declares no
    /// parameter for `{destinationId}`.
    DeactivatePayeeDestination {
        host: Payment, method: DELETE, path: "/v2/payee-destination/{destinationId}",
        accepts: CLIENT_ONLY, origin_required: true, success: OK,
    }
    /// Payment API v2: one destination by id, described as `network:walletAddress:tokenAddress`
    /// (a legacy form; the description declares no parameter for `{destinationId}`).
    GetPayeeDestinationById {
        host: Payment, method: GET, path: "/v2/payee-destination/{destinationId}",
        accepts: CLIENT_ONLY, origin_required: true, success: OK,
    }
    /// Auth API: creates, or reactivates and updates in place.
    CreatePayeeDestination {
        host: Auth, method: POST, path: "/v1/payee-destination",
        accepts: SESSION_COOKIE_ONLY, origin_required: false, success: CREATED,
    }
    /// Auth API. Not documented, so assumed: it answers 200
    /// (<https://docs.request.network/api-features/payee-destinations> gives 201 for the create
    /// call only).
    UpdatePayeeDestination {
        host: Auth, method: PUT, path: "/v1/payee-destination",
        accepts: SESSION_COOKIE_ONLY, origin_required: false, success: OK,
    }
    /// Auth API: the active destination, or `null`.
    GetPayeeDestination {
        host: Auth, method: GET, path: "/v1/payee-destination",
        accepts: SESSION_COOKIE_ONLY, origin_required: false, success: OK,
    }
}

impl Endpoint {
    /// The service the endpoint belongs to.
    ///
    /// ```
    /// use securepay::api::{ApiHost, Endpoint};
    ///
    /// let auth: Vec<Endpoint> = Endpoint::ALL.into_iter().filter(|e| e.host() == ApiHost::Auth).collect();
    /// assert_eq!(auth, [Endpoint::CreatePayeeDestination, Endpoint::UpdatePayeeDestination, Endpoint::GetPayeeDestination]);
    /// ```
    pub const fn host(self) -> ApiHost {
        self.spec().host
    }

    /// The HTTP method.
    ///
    /// ```
    /// use http::Method;
    /// use securepay::api::Endpoint;
    ///
    /// assert_eq!(Endpoint::UpdatePayer.method(), Method::PATCH);
    /// assert_eq!(Endpoint::UpdatePayeeDestination.method(), Method::PUT);
    /// ```
    pub fn method(self) -> Method {
        self.spec().method.clone()
    }

    /// The path template, as in the API description (`/v2/request/{requestId}/pay`).
    ///
    /// ```
    /// use securepay::api::Endpoint;
    ///
    /// assert_eq!(Endpoint::RecordSecurePaymentIntent.path_template(), "/v2/secure-payments/{token}/intent");
    /// ```
    pub const fn path_template(self) -> &'static str {
        self.spec().path
    }

    /// The credentials the endpoint accepts; a builder refuses any other.
    ///
    /// ```
    /// use securepay::api::{CredentialKind, Endpoint};
    ///
    /// assert_eq!(Endpoint::CreatePayer.accepts(), [CredentialKind::ApiKey]); // payer endpoints: API key only
    /// assert_eq!(Endpoint::GetSecurePayment.accepts(), [CredentialKind::ClientId]);
    /// ```
    pub const fn accepts(self) -> &'static [CredentialKind] {
        self.spec().accepts
    }

    /// Whether a Client ID must come with its `Origin` here (the OpenAPI description marks
    /// `Origin` required on the secure-payment token endpoints).
    ///
    /// ```
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
    pub const fn origin_required(self) -> bool {
        self.spec().origin_required
    }

    /// The documented success status. The parsers accept any 2xx status: the API
    /// description gives one per endpoint, but a 2xx is a success in HTTP.
    ///
    /// Not documented, so assumed: `PUT /v1/payee-destination` answers 200
    /// (<https://docs.request.network/api-features/payee-destinations> gives 201 for the create
    /// call only).
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::Endpoint;
    ///
    /// assert_eq!(Endpoint::CreateSecurePayment.success_status(), StatusCode::CREATED);
    /// assert_eq!(Endpoint::CreatePayer.success_status(), StatusCode::OK);
    /// ```
    pub const fn success_status(self) -> StatusCode {
        self.spec().success
    }

    /// Whether the endpoint accepts a credential of this kind.
    ///
    /// ```
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
        let spec = self.spec();
        write!(f, "{} {}", spec.method, spec.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_filled_from_the_template_in_order_and_encoded() {
        let spec = Endpoint::GetConversionRoutes.spec();
        assert_eq!(
            spec.fill_path(&["U/SD".to_owned()]).unwrap(),
            "/v2/currencies/U%2FSD/conversion-routes"
        );
        assert_eq!(
            Endpoint::CreateRequest.spec().fill_path(&[]).unwrap(),
            "/v2/request"
        );
        assert!(spec.fill_path(&[]).is_err());
        assert!(
            spec.fill_path(&["USD".to_owned(), "EUR".to_owned()])
                .is_err()
        );
    }

    #[test]
    fn every_row_is_its_variant() {
        for (row, endpoint) in Endpoint::ALL.into_iter().enumerate() {
            assert_eq!(ENDPOINTS[row].endpoint, endpoint);
            assert_eq!(endpoint.spec(), &ENDPOINTS[row]);
        }
    }
}
