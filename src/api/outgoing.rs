//! [`OutgoingRequest`]: each request type names its endpoint and the model its answer parses
//! into (ruma's `OutgoingRequest` pattern), so [`Api::prepare`](super::Api::prepare), the
//! parsers and the `client` feature's `Client::send` infer what they return.
//! [`PreparedRequest`] is the built `http::Request` that keeps its request type.

use std::fmt;
use std::marker::PhantomData;
use std::ops::Deref;

use http::StatusCode;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{ApiError, Endpoint, EndpointSpec, RequestError, parse_parts};

/// A request of one endpoint: it carries the endpoint's description and names the model a
/// success answer parses into.
///
/// Implemented by the body types that belong to one endpoint
/// ([`CreateSecurePayment`](super::CreateSecurePayment), [`CreateRequest`](super::CreateRequest),
/// [`CreatePayer`](crate::offramp::CreatePayer)…) and by one small type per other endpoint
/// ([`GetPayer`](super::GetPayer), [`GetSecurePaymentCalldata`](super::GetSecurePaymentCalldata)…).
/// The trait is sealed: the set of endpoints is this layer's.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{Api, Credential, Endpoint, GetRequestStatus, OutgoingRequest};
///
/// assert_eq!(GetRequestStatus::ENDPOINT, Endpoint::GetRequestStatus);
/// assert_eq!(GetRequestStatus::SPEC.path, "/v2/request/{requestId}");
///
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &GetRequestStatus::new("01e273ec"))?;
/// assert_eq!(request.uri(), "https://api.request.network/v2/request/01e273ec");
/// // The answer's type follows from the request's: a `partial::RequestStatus` here.
/// let status = request.parse_parts(StatusCode::OK, br#"{"hasBeenPaid":true,"requestId":"01e273ec","isListening":false,"txHash":"0xab"}"#)?;
/// assert!(status.has_been_paid);
/// // Without the prepared request at hand, the request type says the same.
/// let status = GetRequestStatus::parse_parts(StatusCode::OK, br#"{"hasBeenPaid":false,"requestId":"01e273ec","isListening":true,"txHash":null}"#)?;
/// assert!(!status.has_been_paid);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait OutgoingRequest: sealed::Sealed {
    /// The endpoint.
    const ENDPOINT: Endpoint;

    /// The endpoint's row of [`ENDPOINTS`](super::ENDPOINTS).
    const SPEC: &'static EndpointSpec = Self::ENDPOINT.spec();

    /// The model of a success answer.
    type Response: DeserializeOwned;

    /// Parses an answer given as status and body: see [`parse_parts`](super::parse_parts).
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::{ApiErrorKind, CreateRequest, OutgoingRequest};
    ///
    /// let created = CreateRequest::parse_parts(StatusCode::CREATED, br#"{"paymentReference":"0xb3581f0b0f74cc61","requestId":"01e273ec"}"#)?;
    /// assert_eq!(created.request_id, "01e273ec");
    /// let refused = CreateRequest::parse_parts(StatusCode::UNAUTHORIZED, b"").unwrap_err();
    /// assert_eq!(refused.kind, ApiErrorKind::Unauthorized);
    /// # Ok::<(), securepay::api::ApiError>(())
    /// ```
    fn parse_parts(status: StatusCode, body: &[u8]) -> Result<Self::Response, ApiError>
    where
        Self: Sized,
    {
        parse_parts(status, body)
    }

    /// Parses an `http::Response`: see [`parse_response`](super::parse_response).
    ///
    /// ```
    /// use securepay::api::{OutgoingRequest, PayerUpdated};
    /// use securepay::api::ForPayer;
    /// use securepay::offramp::UpdatePayer;
    ///
    /// let response = http::Response::builder().status(200).body(br#"{"success":true}"#.to_vec())?;
    /// let updated: PayerUpdated = ForPayer::<UpdatePayer>::parse_response(&response)?;
    /// assert!(updated.success);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn parse_response<B: AsRef<[u8]>>(
        response: &http::Response<B>,
    ) -> Result<Self::Response, ApiError>
    where
        Self: Sized,
    {
        parse_parts(response.status(), response.body().as_ref())
    }
}

/// What a request type puts in its `http::Request`, and the seal of [`OutgoingRequest`].
pub(crate) mod sealed {
    use serde::Serialize;

    use super::super::{AssembleError, Endpoint, RequestError};

    /// The parts of a request that depend on its values: the path parameters in the order of
    /// the template (not yet encoded), the query pairs (not yet encoded), the JSON body.
    // The sealed-trait pattern: public in a private module so that only this crate can name it.
    #[allow(unnameable_types)]
    #[derive(Debug, Default)]
    pub struct Parts {
        pub(crate) path: Vec<String>,
        pub(crate) query: Vec<(&'static str, String)>,
        pub(crate) body: Option<Vec<u8>>,
    }

    impl Parts {
        /// No path parameter, no query, no body.
        pub(crate) fn new() -> Parts {
            Parts::default()
        }

        /// Adds the next path parameter.
        pub(crate) fn path(mut self, value: impl Into<String>) -> Parts {
            self.path.push(value.into());
            self
        }

        /// Sets the query pairs.
        pub(crate) fn query(mut self, pairs: Vec<(&'static str, String)>) -> Parts {
            self.query = pairs;
            self
        }

        /// Sets the JSON body.
        pub(crate) fn json<B: Serialize>(
            mut self,
            endpoint: Endpoint,
            body: &B,
        ) -> Result<Parts, RequestError> {
            let bytes = serde_json::to_vec(body).map_err(|e| RequestError::Assemble {
                endpoint,
                reason: AssembleError::Json(e.into()),
            })?;
            self.body = Some(bytes);
            Ok(self)
        }
    }

    /// Implemented by the request types of this layer only.
    #[allow(unnameable_types)] // the sealed-trait pattern: nothing outside can implement it
    pub trait Sealed {
        /// The request's parts, checked.
        fn parts(&self) -> Result<Parts, RequestError>;
    }
}

/// A request of `R` built for sending: the `http::Request<Vec<u8>>` (reached through `Deref`
/// or [`PreparedRequest::into_http`]) that remembers its request type, so that
/// [`PreparedRequest::parse_response`] and the `client` feature's `Client::send` return
/// `R::Response` without being told.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{Api, CreateRequest, Credential, Endpoint, PreparedRequest};
///
/// let body = CreateRequest::new("10".parse()?, "USD", "USDC-base")?.payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
/// let request: PreparedRequest<CreateRequest> = Api::new().create_request(&Credential::api_key("sk_test")?, &body)?;
/// assert_eq!(request.endpoint(), Endpoint::CreateRequest);
/// assert_eq!(request.method(), "POST"); // an http::Request underneath
///
/// // Send `request.clone().into_http()` with any HTTP client, then:
/// let created = request.parse_parts(StatusCode::CREATED, br#"{"paymentReference":"0xb3581f0b0f74cc61","requestId":"01e273ec"}"#)?;
/// assert_eq!(created.payment_reference.to_string(), "0xb3581f0b0f74cc61");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct PreparedRequest<R> {
    http: http::Request<Vec<u8>>,
    request: PhantomData<fn() -> R>,
}

impl<R: OutgoingRequest> PreparedRequest<R> {
    /// Wraps a request built for `R`.
    pub(crate) fn new(http: http::Request<Vec<u8>>) -> PreparedRequest<R> {
        PreparedRequest {
            http,
            request: PhantomData,
        }
    }

    /// The endpoint.
    ///
    /// ```
    /// use securepay::api::{Api, Credential, Endpoint};
    ///
    /// let request = Api::new().get_payee_destination(&Credential::session_cookie("siwe-session")?)?;
    /// assert_eq!(request.endpoint(), Endpoint::GetPayeeDestination);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn endpoint(&self) -> Endpoint {
        R::ENDPOINT
    }

    /// The `http::Request`, for any HTTP client.
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    ///
    /// let request = Api::new().get_payee_destination(&Credential::session_cookie("siwe-session")?)?;
    /// let http: http::Request<Vec<u8>> = request.into_http();
    /// assert_eq!(http.uri(), "https://auth.request.network/v1/payee-destination");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_http(self) -> http::Request<Vec<u8>> {
        self.http
    }

    /// Parses the answer given as status and body into `R::Response` (see
    /// [`parse_parts`](super::parse_parts)).
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::{Api, Credential};
    ///
    /// let request = Api::new().get_payee_destination(&Credential::session_cookie("siwe-session")?)?;
    /// assert_eq!(request.parse_parts(StatusCode::OK, b"null")?, None); // no active destination
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_parts(&self, status: StatusCode, body: &[u8]) -> Result<R::Response, ApiError> {
        R::parse_parts(status, body)
    }

    /// Parses an `http::Response` into `R::Response` (see
    /// [`parse_response`](super::parse_response)).
    ///
    /// ```
    /// use securepay::api::{Api, ApiErrorKind, Credential};
    ///
    /// let request = Api::new().get_payee_destination(&Credential::session_cookie("siwe-session")?)?;
    /// let response = http::Response::builder().status(401).body(Vec::new())?;
    /// assert_eq!(request.parse_response(&response).unwrap_err().kind, ApiErrorKind::Unauthorized);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_response<B: AsRef<[u8]>>(
        &self,
        response: &http::Response<B>,
    ) -> Result<R::Response, ApiError> {
        R::parse_response(response)
    }
}

impl<R> Deref for PreparedRequest<R> {
    type Target = http::Request<Vec<u8>>;

    fn deref(&self) -> &http::Request<Vec<u8>> {
        &self.http
    }
}

impl<R> From<PreparedRequest<R>> for http::Request<Vec<u8>> {
    fn from(request: PreparedRequest<R>) -> http::Request<Vec<u8>> {
        request.http
    }
}

impl<R> Clone for PreparedRequest<R> {
    fn clone(&self) -> PreparedRequest<R> {
        PreparedRequest {
            http: self.http.clone(),
            request: PhantomData,
        }
    }
}

/// The `http::Request`'s own `Debug`: credential headers are marked sensitive and not shown.
impl<R> fmt::Debug for PreparedRequest<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.http, f)
    }
}

/// The JSON body of a request type that is its own body.
pub(crate) fn json_parts<R: OutgoingRequest + Serialize>(
    request: &R,
) -> Result<sealed::Parts, RequestError> {
    sealed::Parts::new().json(R::ENDPOINT, request)
}
