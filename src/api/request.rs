//! [`Api`]: the base URLs, and the one place where an `http::Request` is put together (URI
//! from the endpoint's path template, credential headers, `accept`, JSON body).

use http::Uri;
use http::header::{ACCEPT, CONTENT_TYPE, HeaderValue};

use super::{
    ApiHost, AssembleError, BaseUrlError, BodyError, Credential, CredentialKind, Endpoint,
    OutgoingRequest, PreparedRequest,
};
use crate::pay::PayQueryError;
use crate::wire::url::query_string;

/// The payment API's production URL.
pub const DEFAULT_BASE_URL: &str = "https://api.request.network";
/// The Auth API's production URL.
pub const DEFAULT_AUTH_URL: &str = "https://auth.request.network";

/// Why a request could not be built.
///
/// ```
/// use securepay::api::{Api, Credential, CredentialKind, Endpoint, RequestError};
///
/// let client = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", Some("https://mydomain.com"))?;
/// let error = Api::new().get_payer(&client, &"user-123".parse()?).unwrap_err();
/// assert!(matches!(error, RequestError::CredentialNotAccepted { endpoint: Endpoint::GetPayer, given: CredentialKind::ClientId, .. }));
/// assert_eq!(error.to_string(), "GET /v2/payer/{clientUserId} does not accept this credential (Client ID (x-client-id)); it accepts: API key (x-api-key)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RequestError {
    /// The endpoint does not accept this kind of credential.
    #[error("{endpoint} does not accept this credential ({given}); it accepts: {accepted}")]
    CredentialNotAccepted {
        /// The endpoint.
        endpoint: Endpoint,
        /// The credential's kind.
        given: CredentialKind,
        /// The kinds it accepts, listed.
        accepted: String,
    },
    /// A Client ID without `Origin` where the endpoint requires it.
    #[error("{endpoint} requires the Origin header with the Client ID (Origin header is required)")]
    OriginRequired {
        /// The endpoint.
        endpoint: Endpoint,
    },
    /// A base URL that is not `http(s)://host[:port][/prefix]`.
    #[error("base URL {url:?}: {reason}")]
    BaseUrl {
        /// The text given.
        url: String,
        /// What is wrong with it (also the [`source()`](std::error::Error::source)).
        #[source]
        reason: BaseUrlError,
    },
    /// A pay query that breaks the endpoint's rules.
    #[error(transparent)]
    PayQuery(#[from] PayQueryError),
    /// A request body or query value that breaks the API's rules.
    #[error(transparent)]
    Body(#[from] BodyError),
    /// The request could not be assembled (a value that is not valid in a URI or header).
    #[error("cannot assemble the request for {endpoint}: {reason}")]
    Assemble {
        /// The endpoint.
        endpoint: Endpoint,
        /// What failed (also the [`source()`](std::error::Error::source)).
        #[source]
        reason: AssembleError,
    },
}

/// A checked base URL: `http(s)://authority[/prefix]`, kept without a trailing `/`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct BaseUrl(String);

impl BaseUrl {
    fn parse(text: &str) -> Result<BaseUrl, RequestError> {
        let error = |reason: BaseUrlError| RequestError::BaseUrl {
            url: text.to_owned(),
            reason,
        };
        let uri: Uri = text
            .parse()
            .map_err(|e: http::uri::InvalidUri| error(BaseUrlError::Uri(e.into())))?;
        match uri.scheme_str() {
            Some("https" | "http") => {}
            _ => return Err(error(BaseUrlError::Scheme)),
        }
        if uri.authority().is_none() {
            return Err(error(BaseUrlError::NoHost));
        }
        if uri.query().is_some() || text.contains('#') {
            return Err(error(BaseUrlError::QueryOrFragment));
        }
        if uri.authority().is_some_and(|a| a.as_str().contains('@')) {
            return Err(error(BaseUrlError::UserInfo));
        }
        Ok(BaseUrl(text.trim_end_matches('/').to_owned()))
    }
}

/// The sans-IO API: builds an `http::Request<Vec<u8>>` for each endpoint, ready for any HTTP
/// client. It holds only the two base URLs; credentials come with each call.
///
/// ```
/// use securepay::api::{Api, Credential};
///
/// let api = Api::new().with_base_url("https://api.stage.request.network")?;
/// let request = api.get_request_status(&Credential::api_key("sk_test")?, "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb")?;
/// assert_eq!(request.uri(), "https://api.stage.request.network/v2/request/01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb");
/// assert_eq!(request.headers()["x-api-key"], "sk_test");
/// assert!(!format!("{request:?}").contains("sk_test")); // the header is marked sensitive
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Api {
    base_url: BaseUrl,
    auth_url: BaseUrl,
}

impl Default for Api {
    fn default() -> Api {
        Api::new()
    }
}

impl Api {
    /// Production: [`DEFAULT_BASE_URL`] and [`DEFAULT_AUTH_URL`].
    ///
    /// ```
    /// use securepay::api::{Api, DEFAULT_AUTH_URL, DEFAULT_BASE_URL};
    ///
    /// let api = Api::new();
    /// assert_eq!((api.base_url(), api.auth_url()), (DEFAULT_BASE_URL, DEFAULT_AUTH_URL));
    /// assert_eq!(api, Api::default());
    /// ```
    pub fn new() -> Api {
        Api {
            base_url: BaseUrl(DEFAULT_BASE_URL.to_owned()),
            auth_url: BaseUrl(DEFAULT_AUTH_URL.to_owned()),
        }
    }

    /// Another payment API URL (staging `https://api.stage.request.network`, a local server, a
    /// proxy with a path prefix).
    ///
    /// ```
    /// use securepay::api::{Api, RequestError};
    ///
    /// let proxy = Api::new().with_base_url("http://localhost:8080/request-api/")?;
    /// assert_eq!(proxy.base_url(), "http://localhost:8080/request-api"); // no trailing /
    /// assert!(matches!(Api::new().with_base_url("ftp://api.request.network"), Err(RequestError::BaseUrl { .. })));
    /// assert!(Api::new().with_base_url("https://user:pw@api.request.network").is_err());
    /// # Ok::<(), RequestError>(())
    /// ```
    pub fn with_base_url(mut self, url: &str) -> Result<Api, RequestError> {
        self.base_url = BaseUrl::parse(url)?;
        Ok(self)
    }

    /// Another Auth API URL.
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    ///
    /// let api = Api::new().with_auth_url("https://auth.stage.request.network")?;
    /// let session = Credential::session_cookie("eyJhbGciOiJIUzI1NiJ9.e30.sig")?;
    /// assert_eq!(api.get_payee_destination(&session)?.uri(), "https://auth.stage.request.network/v1/payee-destination");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_auth_url(mut self, url: &str) -> Result<Api, RequestError> {
        self.auth_url = BaseUrl::parse(url)?;
        Ok(self)
    }

    /// The payment API URL, without a trailing `/`.
    ///
    /// ```
    /// use securepay::api::Api;
    ///
    /// assert_eq!(Api::new().base_url(), "https://api.request.network");
    /// ```
    pub fn base_url(&self) -> &str {
        &self.base_url.0
    }

    /// The Auth API URL, without a trailing `/`.
    ///
    /// ```
    /// use securepay::api::Api;
    ///
    /// assert_eq!(Api::new().auth_url(), "https://auth.request.network");
    /// ```
    pub fn auth_url(&self) -> &str {
        &self.auth_url.0
    }

    /// Checks that `endpoint` accepts `credential`.
    ///
    /// ```
    /// use securepay::api::{Api, Credential, Endpoint, RequestError};
    ///
    /// let key = Credential::api_key("sk_live_1234")?;
    /// assert!(Api::check_credential(Endpoint::CreatePayer, &key).is_ok());
    /// let frontend = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", None)?;
    /// assert_eq!(Api::check_credential(Endpoint::GetSecurePayment, &frontend),
    ///     Err(RequestError::OriginRequired { endpoint: Endpoint::GetSecurePayment }));
    /// # Ok::<(), securepay::api::CredentialError>(())
    /// ```
    pub fn check_credential(
        endpoint: Endpoint,
        credential: &Credential,
    ) -> Result<(), RequestError> {
        let given = credential.kind();
        if !endpoint.accepts_kind(given) {
            return Err(RequestError::CredentialNotAccepted {
                endpoint,
                given,
                accepted: endpoint
                    .accepts()
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
        if endpoint.origin_required() && credential.origin().is_none() {
            return Err(RequestError::OriginRequired { endpoint });
        }
        Ok(())
    }

    /// Builds the request of `request`: the URI from its endpoint's host and path template
    /// (parameters percent-encoded), the query, the credential's headers, `accept`, and the
    /// JSON body with its `content-type`. The request's own values are checked first, then the
    /// credential.
    ///
    /// ```
    /// use securepay::api::{Api, Credential, GetPayer, RequestError};
    ///
    /// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &GetPayer::new("user/123".parse()?))?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/payer/user%2F123");
    /// let refused = Api::new().prepare(&Credential::client_id("cli_test", None)?, &GetPayer::new("user-123".parse()?));
    /// assert!(matches!(refused, Err(RequestError::CredentialNotAccepted { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn prepare<R: OutgoingRequest>(
        &self,
        credential: &Credential,
        request: &R,
    ) -> Result<PreparedRequest<R>, RequestError> {
        let parts = request.parts()?;
        let spec = R::SPEC;
        Api::check_credential(spec.endpoint, credential)?;
        let base = match spec.host {
            ApiHost::Payment => &self.base_url.0,
            ApiHost::Auth => &self.auth_url.0,
        };
        let path = spec.fill_path(&parts.path)?;
        if let Some((name, _)) = parts.query.iter().find(|(n, _)| !spec.query.contains(n)) {
            return Err(RequestError::Assemble {
                endpoint: spec.endpoint,
                reason: AssembleError::UndescribedQuery {
                    name,
                    template: spec.path,
                },
            });
        }
        let uri = format!("{base}{path}{}", query_string(&parts.query));
        let assemble = |e: http::Error| RequestError::Assemble {
            endpoint: spec.endpoint,
            reason: AssembleError::Http(e.into()),
        };
        let has_body = parts.body.is_some();
        let mut http = http::Request::builder()
            .method(spec.method.clone())
            .uri(uri)
            .body(parts.body.unwrap_or_default())
            .map_err(assemble)?;
        let headers = http.headers_mut();
        headers.insert(ACCEPT, HeaderValue::from_static("application/json"));
        if has_body {
            headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        }
        credential.apply(headers);
        Ok(PreparedRequest::new(http))
    }
}
