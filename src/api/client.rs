//! A small async client (feature `client`): sends the requests [`Api`](super::Api) builds over
//! `reqwest`, retries with a [`RetryPolicy`], and parses the answer into the request's
//! response type.
//!
//! Feature `client` sends HTTPS with rustls and the webpki roots; `client-native-tls` uses the
//! platform's TLS instead. Feature `tracing` adds `tracing` spans and events (see [`Client`]'s
//! "Tracing"). `securepay::reqwest` is the reqwest this crate is built with: build
//! your `reqwest::Client` from it (timeouts, proxies, extra root certificates) so that there is
//! never a second version to reconcile.

use std::fmt;
use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;
use std::time::{Instant, SystemTime};

use http::StatusCode;

use super::{
    ApiError, AttemptOutcome, Jitter, OutgoingRequest, PreparedRequest, RetryDecision, RetryPolicy,
    StopReason,
};
use crate::verify::MAX_RESPONSE_BYTES;

/// Why a request sent by [`Client`] failed.
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
/// # let server = securepay::api::stub::serve(&[(404, r#"{"statusCode":404,"message":"Payer not found","error":"Not Found"}"#)])?;
/// # let base_url = server.url();
/// use http::StatusCode;
/// use securepay::api::{Api, ApiErrorKind, Client, ClientError, Credential};
///
/// let api = Api::new().with_base_url(base_url)?; // a local stub server here
/// let request = api.get_payer(&Credential::api_key("sk_test")?, &"user-123".parse()?)?;
/// let error = Client::new(securepay::reqwest::Client::new()).send(request).await.unwrap_err();
/// let ClientError::Api(answer) = error.error else { panic!("the service answered") };
/// assert_eq!((answer.status, answer.kind), (StatusCode::NOT_FOUND, ApiErrorKind::NotFound)); // not retried
/// assert_eq!(server.hits(), 1);
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum ClientError {
    /// The service answered, and the answer is an error (or not the documented model).
    #[error(transparent)]
    Api(#[from] ApiError),
    /// The host name did not resolve. Not retried.
    #[error("DNS: {0}")]
    Dns(#[source] TransportError),
    /// No connection could be made (refused, unreachable): the request was not sent. Retried
    /// for every method.
    #[error("connect: {0}")]
    Connect(#[source] TransportError),
    /// The TLS handshake failed (an untrusted or invalid certificate, one that names its host
    /// only in its Common Name and not in subjectAltName, no common protocol): see
    /// [`Client`]'s "Extra root certificates". Not retried: the next attempt would meet the
    /// same certificate.
    #[error("TLS: {0}")]
    Tls(#[source] TransportError),
    /// The request or its answer took longer than the `reqwest::Client`'s timeout. Retried
    /// for idempotent methods, and for any method when it was the connection that timed out
    /// (the request was not sent).
    #[error("timeout: {0}")]
    Timeout(#[source] TransportError),
    /// Another transport failure: the connection dropped, the request could not be built, the
    /// body could not be read. Retried for idempotent methods once sent; a request that cannot
    /// be built is never retried.
    #[error("transport: {0}")]
    Transport(#[source] TransportError),
}

impl ClientError {
    /// The error of `reqwest`, by what failed.
    fn of(error: reqwest::Error) -> ClientError {
        let transport = TransportError(Arc::new(error));
        let causes = transport.causes().to_ascii_lowercase();
        let error = &transport.0;
        if error.is_timeout() {
            ClientError::Timeout(transport)
        } else if causes.contains("dns error") || causes.contains("failed to lookup address") {
            ClientError::Dns(transport)
        } else if ["certificate", "tls", "ssl", "handshake"]
            .iter()
            .any(|word| causes.contains(word))
        {
            ClientError::Tls(transport)
        } else if error.is_connect() {
            ClientError::Connect(transport)
        } else {
            ClientError::Transport(transport)
        }
    }

    /// The variant's name, for traces.
    #[cfg(feature = "tracing")]
    fn kind(&self) -> &'static str {
        match self {
            ClientError::Api(_) => "api",
            ClientError::Dns(_) => "dns",
            ClientError::Connect(_) => "connect",
            ClientError::Tls(_) => "tls",
            ClientError::Timeout(_) => "timeout",
            ClientError::Transport(_) => "transport",
        }
    }

    /// The causes below the transport's own message (which names the URL), for traces: an
    /// I/O, HTTP or TLS reason, never a header or a body.
    #[cfg(feature = "tracing")]
    fn cause(&self) -> String {
        match self {
            ClientError::Api(error) => error.status.to_string(),
            ClientError::Dns(error)
            | ClientError::Connect(error)
            | ClientError::Tls(error)
            | ClientError::Timeout(error)
            | ClientError::Transport(error) => error.causes(),
        }
    }

    /// What this failure means for retrying: whether the request provably did not leave.
    fn outcome(&self) -> AttemptOutcome {
        match self {
            ClientError::Api(_) | ClientError::Dns(_) | ClientError::Tls(_) => {
                AttemptOutcome::Permanent
            }
            ClientError::Connect(_) => AttemptOutcome::NotSent,
            // reqwest marks a connect timeout `is_connect` as well: nothing was sent.
            ClientError::Timeout(error) if error.get().is_connect() => AttemptOutcome::NotSent,
            ClientError::Transport(error) if error.get().is_builder() => AttemptOutcome::Permanent,
            ClientError::Timeout(_) | ClientError::Transport(_) => AttemptOutcome::Unknown,
        }
    }
}

/// Why [`Client::send`] or [`Client::send_raw`] failed: the last attempt's error, how many
/// attempts were made and why no other one was.
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
/// # let server = securepay::api::stub::serve(&[(429, "")])?;
/// # let base_url = server.url();
/// use securepay::api::{Api, Client, ClientError, CreateRequest, Credential, StopReason};
///
/// let api = Api::new().with_base_url(base_url)?; // a local stub server that answers 429
/// let body = CreateRequest::new("10".parse()?, "USD", "USDC-base")?.payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
/// let error = Client::new(securepay::reqwest::Client::new()).send(api.create_request(&Credential::api_key("sk")?, &body)?).await.unwrap_err();
/// // A POST rate-limited without Retry-After is not sent again.
/// assert_eq!((error.attempts, error.stopped), (1, StopReason::RateLimited));
/// assert!(matches!(error.error, ClientError::Api(ref answer) if answer.status == 429));
/// assert!(error.to_string().ends_with("(1 attempt; stopped: rate limited without Retry-After, and the request is not idempotent)"), "{error}");
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, thiserror::Error)]
#[error("{error} ({attempts} attempt{plural}; stopped: {stopped})", plural = if *.attempts == 1 { "" } else { "s" })]
#[non_exhaustive]
pub struct SendError {
    /// The last attempt's error.
    #[source]
    pub error: ClientError,
    /// The attempts made, from 1.
    pub attempts: u32,
    /// Why no other attempt was made.
    pub stopped: StopReason,
}

/// The last answer of [`Client::send_raw`]'s attempts (its body, or the error a too-large body
/// is), how many attempts were made and why it stopped.
struct Exchange {
    status: StatusCode,
    body: Result<Vec<u8>, ApiError>,
    attempts: u32,
    stopped: StopReason,
}

/// What an attempt returned: the status, its `Retry-After`, and the body (or the error a
/// too-large body is).
type Answer = (
    StatusCode,
    Option<std::time::Duration>,
    Result<Vec<u8>, ApiError>,
);

/// The event of a retry decision.
#[cfg(feature = "tracing")]
fn trace_decision(attempt: u32, outcome: AttemptOutcome, decision: RetryDecision) {
    match decision {
        RetryDecision::RetryAfter(wait) => tracing::info!(
            attempt,
            wait_ms = wait.as_millis(),
            outcome = ?outcome,
            "retrying"
        ),
        RetryDecision::Stop(StopReason::Answered) => {
            tracing::debug!(attempts = attempt, stopped = %StopReason::Answered, "done");
        }
        RetryDecision::Stop(stopped) => {
            tracing::warn!(attempts = attempt, stopped = %stopped, "not retried");
        }
    }
}

/// The event of an answer that is not the documented model: its status and the kind of
/// cause only (the cause's text may quote the body).
#[cfg(feature = "tracing")]
fn trace_parse_failure(error: &ApiError) {
    if let super::ApiErrorKind::InvalidBody(cause) = &error.kind {
        let cause = match cause {
            super::BodyCause::Json(_) => "json",
            super::BodyCause::PayResponse(_) => "pay_response",
            super::BodyCause::TooLarge { .. } => "too_large",
            super::BodyCause::Empty(_) => "empty",
        };
        tracing::warn!(
            status = error.status.as_u16(),
            cause,
            "the answer is not the documented model"
        );
    }
}

/// The `Retry-After` of an answer, read at `now`.
fn retry_after(response: &reqwest::Response, now: SystemTime) -> Option<std::time::Duration> {
    let value = response.headers().get(http::header::RETRY_AFTER)?;
    RetryPolicy::parse_retry_after(value.to_str().ok()?, now)
}

/// The transport's error, with its chain of causes as `source()` (shared, so that
/// [`ClientError`] stays `Clone`). `Display` ends with the innermost cause, which says why.
#[derive(Debug, Clone)]
pub struct TransportError(Arc<reqwest::Error>);

impl TransportError {
    /// The `reqwest` error.
    pub fn get(&self) -> &reqwest::Error {
        &self.0
    }

    /// Every cause below reqwest's own message, joined with `": "`.
    fn causes(&self) -> String {
        let mut causes = Vec::new();
        let mut source = std::error::Error::source(&*self.0);
        while let Some(cause) = source {
            causes.push(cause.to_string());
            source = cause.source();
        }
        causes.join(": ")
    }
}

impl fmt::Display for TransportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let innermost = {
            let mut last = None;
            let mut source = std::error::Error::source(&*self.0);
            while let Some(cause) = source {
                last = Some(cause);
                source = cause.source();
            }
            last
        };
        match innermost {
            Some(cause) => write!(f, "{} ({cause})", self.0),
            None => write!(f, "{}", self.0),
        }
    }
}

impl std::error::Error for TransportError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&*self.0)
    }
}

/// A jitter draw from the standard library's per-process random hash keys (the client is the
/// I/O edge; the core stays deterministic).
fn random_jitter(attempt: u32) -> Jitter {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u32(attempt);
    Jitter::per_mille(u16::try_from(hasher.finish() % 1001).unwrap_or(1000))
}

/// The body of `response`, read up to [`MAX_RESPONSE_BYTES`] only: a body above is not read
/// further (nor at all when its `Content-Length` says so), and is the error its status gives
/// (the retry policy still decides on the status).
async fn read_bounded(
    mut response: reqwest::Response,
) -> Result<Result<Vec<u8>, ApiError>, ClientError> {
    let status = response.status();
    if let Some(length) = response.content_length() {
        let size = usize::try_from(length).ok();
        if size.is_none_or(|size| size > MAX_RESPONSE_BYTES) {
            return Ok(Err(ApiError::too_large(status, size)));
        }
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(ClientError::of)? {
        if chunk.len() > MAX_RESPONSE_BYTES.saturating_sub(body.len()) {
            return Ok(Err(ApiError::too_large(status, None)));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(Ok(body))
}

/// Sends requests with retries.
///
/// # Setting up
///
/// The client is async: it runs on a Tokio runtime your application starts. `Cargo.toml`
/// (securepay is not on crates.io yet: `path` is where your checkout of it is, or use
/// `git = "…"`; once published, `securepay = { version = "0.2.0", features = ["client"] }`):
///
/// ```toml
/// [dependencies]
/// securepay = { path = "../securepay", version = "0.2.0", features = ["client"] }
/// tokio = { version = "1", features = ["macros", "rt-multi-thread"] }
/// ```
///
/// Build the `reqwest::Client` from `securepay::reqwest`, the version this crate is built with
/// (a `reqwest` of your own from `cargo add reqwest` may be another major version, whose
/// `Client` is another type).
///
/// ```
/// use securepay::api::{Api, Client, Credential, CreateRequest};
///
/// #[tokio::main]
/// async fn main() -> Result<(), Box<dyn std::error::Error>> {
/// #   let server = securepay::api::stub::serve(&[(201, r#"{"paymentReference":"0xb3581f0b0f74cc61","requestId":"01e273ec"}"#)])?;
/// #   let base_url = server.url();
///     let client = Client::new(securepay::reqwest::Client::new());
///     // Api::new() talks to https://api.request.network; here, a local stub server.
///     let api = Api::new().with_base_url(base_url)?;
///     let body = CreateRequest::new("10".parse()?, "USD", "USDC-base")?.payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
///     let created = client.send(api.create_request(&Credential::api_key("sk")?, &body)?).await?; // a RequestCreated
///     assert_eq!(created.request_id, "01e273ec");
///     Ok(())
/// }
/// ```
///
/// # Base URL
///
/// [`Api::new`](super::Api::new) builds requests for `https://api.request.network`;
/// [`Api::with_base_url`](super::Api::with_base_url) for another one (staging
/// `https://api.stage.request.network`, a proxy with a path prefix, a local server). The
/// client sends each request to the URL it was built for.
///
/// # Extra root certificates
///
/// Feature `client` trusts the webpki roots (Mozilla's list), not the system's store. A server
/// behind a private certificate authority (a staging proxy, a test server) is trusted by adding
/// its root to the `reqwest::Client`:
///
/// ```
/// # use std::sync::Arc;
/// # use tokio::io::{AsyncReadExt, AsyncWriteExt};
/// # use tokio_rustls::rustls::{self, pki_types::{PrivateKeyDer, PrivatePkcs8KeyDer}};
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
/// # // A local HTTPS server with a certificate for `localhost` made here.
/// # let made = rcgen::generate_simple_self_signed(vec!["localhost".to_owned()])?;
/// # let root_pem = made.cert.pem();
/// # let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(made.key_pair.serialize_der()));
/// # let config = rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
/// #     .with_safe_default_protocol_versions()?.with_no_client_auth().with_single_cert(vec![made.cert.der().clone()], key)?;
/// # let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
/// # let base_url = format!("https://localhost:{}", listener.local_addr()?.port());
/// # let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
/// # tokio::spawn(async move {
/// #     let (tcp, _) = listener.accept().await.unwrap();
/// #     let mut tls = acceptor.accept(tcp).await.unwrap();
/// #     let mut buffer = [0u8; 4096];
/// #     let _ = tls.read(&mut buffer).await;
/// #     let body = r#"{"hasBeenPaid":true,"requestId":"01e2","isListening":false,"txHash":"0xab"}"#;
/// #     let answer = format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}", body.len());
/// #     let _ = tls.write_all(answer.as_bytes()).await;
/// #     let _ = tls.shutdown().await;
/// # });
/// use securepay::api::{Api, Client, Credential};
/// use securepay::reqwest;
///
/// // root_pem: the PEM text of the authority's root certificate.
/// let http = reqwest::Client::builder()
///     .add_root_certificate(reqwest::Certificate::from_pem(root_pem.as_bytes())?)
///     .build()?;
/// let api = Api::new().with_base_url(&base_url)?; // https://localhost:<port>
/// let status = Client::new(http)
///     .send(api.get_request_status(&Credential::api_key("sk_test")?, "01e2")?)
///     .await?;
/// assert!(status.has_been_paid);
/// # Ok(()) }
/// ```
///
/// A certificate must name its host in its subjectAltName extension: rustls, like browsers
/// (RFC 6125, RFC 9525), ignores the subject's Common Name. A certificate made with only
/// `CN=localhost` (`openssl req -x509 -subj /CN=localhost` without
/// `-addext subjectAltName=DNS:localhost`), even trusted as a root, fails with
/// [`ClientError::Tls`]: `invalid peer certificate: certificate not valid for name
/// "localhost"; certificate is not valid for any names (according to its subjectAltName
/// extension)`. Make it again with the name in subjectAltName.
///
/// # Tracing
///
/// With the feature `tracing`, each call opens a span `securepay.request` (fields `method`,
/// `path`) and each attempt a span `securepay.attempt` (field `attempt`) inside it, with these
/// events (target `securepay::api::client`):
///
/// | event | level | fields |
/// |---|---|---|
/// | an answer | DEBUG | `status`, `retry_after_ms` |
/// | a transport failure | DEBUG | `kind` (`dns`, `connect`, `tls`, `timeout`, `transport`), `cause` |
/// | a retry | INFO | `attempt`, `wait_ms`, `outcome` |
/// | no retry | DEBUG after a final answer, WARN otherwise | `attempts`, `stopped` |
/// | an answer that is not the documented model | WARN | `status`, `cause` (`json`, `pay_response`, `too_large`) |
///
/// Nothing else is recorded: no header (the credentials are headers: `x-api-key`,
/// `x-client-id`, `x-orchestrator-key`, `cookie`, `authorization`), no query, no body, no host.
#[derive(Debug, Clone)]
pub struct Client {
    http: reqwest::Client,
    retry: RetryPolicy,
    jitter: fn(u32) -> Jitter,
}

impl Client {
    /// A client over `http` with the default [`RetryPolicy`] and random jitter.
    ///
    /// ```
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # let server = securepay::api::stub::serve(&[(200, r#"{"paymentDetails":[]}"#)])?;
    /// # let base_url = server.url();
    /// use securepay::api::{Api, Client, Credential};
    ///
    /// // Bring a reqwest::Client built with the TLS features your application uses.
    /// let client = Client::new(securepay::reqwest::Client::new());
    /// let api = Api::new().with_base_url(base_url)?; // a local stub server here
    /// let request = api.list_payment_details(&Credential::api_key("sk_test")?, &"user-123".parse()?, None)?;
    /// let answer = client.send(request).await?; // a PaymentDetailsList
    /// assert!(answer.payment_details.is_empty());
    /// # Ok(()) }
    /// ```
    pub fn new(http: reqwest::Client) -> Client {
        Client {
            http,
            retry: RetryPolicy::default(),
            jitter: random_jitter,
        }
    }

    /// Another retry policy.
    ///
    /// ```
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # let server = securepay::api::stub::serve(&[(503, "")])?;
    /// # let base_url = server.url();
    /// use std::time::Duration;
    /// use http::StatusCode;
    /// use securepay::api::{Client, RetryPolicy};
    ///
    /// let policy = RetryPolicy::new(Duration::from_millis(5), Duration::from_millis(20), 3)?;
    /// let client = Client::new(securepay::reqwest::Client::new()).with_retry(policy);
    /// let request = http::Request::get(format!("{base_url}/v2/currencies")).body(Vec::new())?;
    /// let (status, _) = client.send_raw(&request).await?;
    /// assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE); // still failing after the last attempt
    /// assert_eq!(server.hits(), 3); // three attempts in all
    /// # Ok(()) }
    /// ```
    pub fn with_retry(mut self, retry: RetryPolicy) -> Client {
        self.retry = retry;
        self
    }

    /// Another jitter source, given the attempt about to be made.
    ///
    /// ```
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # let server = securepay::api::stub::serve(&[(503, ""), (200, r#"{"success":true}"#)])?;
    /// # let base_url = server.url();
    /// use std::time::{Duration, Instant};
    /// use securepay::api::{Client, Jitter, RetryPolicy};
    ///
    /// let policy = RetryPolicy::new(Duration::from_millis(200), Duration::from_secs(1), 2)?;
    /// // Always the shortest wait: half the backoff (100 ms here).
    /// let client = Client::new(securepay::reqwest::Client::new()).with_retry(policy).with_jitter(|_attempt| Jitter::per_mille(0));
    /// let request = http::Request::get(format!("{base_url}/v2/currencies")).body(Vec::new())?;
    /// let start = Instant::now();
    /// assert_eq!(client.send_raw(&request).await?.0, 200);
    /// assert!(start.elapsed() >= Duration::from_millis(100));
    /// # Ok(()) }
    /// ```
    pub fn with_jitter(mut self, jitter: fn(u32) -> Jitter) -> Client {
        self.jitter = jitter;
        self
    }

    /// Sends `request`, again as long as the policy's [`decide`](RetryPolicy::decide) says so
    /// (429 and 5xx answers, connect failures, timeouts and dropped connections; a `POST` or
    /// `PATCH` only when it was not sent or after a 429 with `Retry-After`, so that nothing is
    /// created twice), waiting the backoff or the service's longer `Retry-After`, within the
    /// policy's attempts and total time. Returns the last status and body; an error says how
    /// many attempts were made and why they stopped ([`SendError`]). A body above
    /// [`MAX_RESPONSE_BYTES`](crate::verify::MAX_RESPONSE_BYTES) is not read past the bound
    /// (nor at all when its `Content-Length` says so): the answer is then a
    /// [`ClientError::Api`] whose body is not kept.
    ///
    /// ```
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # let server = securepay::api::stub::serve(&[(503, ""), (200, r#"{"success":true}"#)])?;
    /// # let base_url = server.url();
    /// use std::time::Duration;
    /// use http::StatusCode;
    /// use securepay::api::{Client, RetryPolicy};
    ///
    /// let client = Client::new(securepay::reqwest::Client::new()).with_retry(RetryPolicy::new(Duration::from_millis(1), Duration::from_millis(1), 4)?);
    /// let request = http::Request::get(format!("{base_url}/v2/currencies")).body(Vec::new())?;
    /// let (status, body) = client.send_raw(&request).await?; // the 503 of a GET is retried
    /// assert_eq!((status, body.as_slice()), (StatusCode::OK, br#"{"success":true}"#.as_slice()));
    /// assert_eq!(server.hits(), 2);
    /// # Ok(()) }
    /// ```
    pub async fn send_raw(
        &self,
        request: &http::Request<Vec<u8>>,
    ) -> Result<(StatusCode, Vec<u8>), SendError> {
        let Exchange {
            status,
            body,
            attempts,
            stopped,
        } = self.exchange(request).await?;
        let body = body.map_err(|error| SendError {
            error: ClientError::Api(error),
            attempts,
            stopped,
        })?;
        Ok((status, body))
    }

    /// The attempts of `request`, up to the policy's decision to stop (in a span with the
    /// feature `tracing`).
    async fn exchange(&self, request: &http::Request<Vec<u8>>) -> Result<Exchange, SendError> {
        let attempts = self.attempts(request);
        #[cfg(feature = "tracing")]
        let attempts = tracing::Instrument::instrument(
            attempts,
            tracing::info_span!(
                "securepay.request",
                method = %request.method(),
                path = request.uri().path()
            ),
        );
        attempts.await
    }

    /// One attempt: the status, its `Retry-After` and the body, or why there is none (in a
    /// span with the feature `tracing`).
    async fn attempt(
        &self,
        request: &http::Request<Vec<u8>>,
        attempt: u32,
    ) -> Result<Answer, ClientError> {
        let answer = async {
            match reqwest::Request::try_from(request.clone()) {
                Ok(prepared) => match self.http.execute(prepared).await {
                    Ok(response) => {
                        let status = response.status();
                        let retry_after = retry_after(&response, SystemTime::now());
                        read_bounded(response)
                            .await
                            .map(|body| (status, retry_after, body))
                    }
                    Err(error) => Err(ClientError::of(error)),
                },
                Err(error) => Err(ClientError::of(error)),
            }
        };
        #[cfg(feature = "tracing")]
        let answer = tracing::Instrument::instrument(
            async {
                let answer = answer.await;
                match &answer {
                    Ok((status, retry_after, _)) => tracing::debug!(
                        status = status.as_u16(),
                        retry_after_ms = retry_after.map(|wait| wait.as_millis()),
                        "answered"
                    ),
                    Err(error) => tracing::debug!(
                        kind = error.kind(),
                        cause = %error.cause(),
                        "failed"
                    ),
                }
                answer
            },
            tracing::info_span!("securepay.attempt", attempt),
        );
        #[cfg(not(feature = "tracing"))]
        let _ = attempt;
        answer.await
    }

    /// The attempts of `request`, up to the policy's decision to stop.
    async fn attempts(&self, request: &http::Request<Vec<u8>>) -> Result<Exchange, SendError> {
        let start = Instant::now();
        let mut attempt = 1u32;
        loop {
            let answer = self.attempt(request, attempt).await;
            let outcome = match &answer {
                Ok((status, retry_after, _)) => AttemptOutcome::Answered {
                    status: *status,
                    retry_after: *retry_after,
                },
                Err(error) => error.outcome(),
            };
            let jitter = (self.jitter)(attempt.saturating_add(1));
            let elapsed = start.elapsed();
            let decision = self
                .retry
                .decide(request.method(), attempt, elapsed, outcome, jitter);
            #[cfg(feature = "tracing")]
            trace_decision(attempt, outcome, decision);
            match decision {
                RetryDecision::RetryAfter(delay) => tokio::time::sleep(delay).await,
                RetryDecision::Stop(stopped) => {
                    return match answer {
                        Ok((status, _, body)) => Ok(Exchange {
                            status,
                            body,
                            attempts: attempt,
                            stopped,
                        }),
                        Err(error) => Err(SendError {
                            error,
                            attempts: attempt,
                            stopped,
                        }),
                    };
                }
            }
            attempt = attempt.saturating_add(1);
        }
    }

    /// Sends `request` (with retries) and parses the answer into the request's response type.
    ///
    /// ```
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # let server = securepay::api::stub::serve(&[(200, r#"{"kycStatus":"completed","agreementStatus":"completed","isCompliant":true}"#)])?;
    /// # let base_url = server.url();
    /// use securepay::api::{Api, Client, Credential};
    /// use securepay::webhook::KycStatus;
    ///
    /// let api = Api::new().with_base_url(base_url)?;
    /// let request = api.get_payer(&Credential::api_key("sk_test")?, &"user-123".parse()?)?;
    /// let status = Client::new(securepay::reqwest::Client::new()).send(request).await?; // an offramp::ComplianceStatus
    /// assert_eq!(status.kyc_status, Some(KycStatus::Completed));
    /// assert_eq!(status.is_compliant, Some(true));
    /// # Ok(()) }
    /// ```
    pub async fn send<R: OutgoingRequest>(
        &self,
        request: PreparedRequest<R>,
    ) -> Result<R::Response, SendError> {
        let Exchange {
            status,
            body,
            attempts,
            stopped,
        } = self.exchange(&request).await?;
        let failed = move |error: ApiError| {
            #[cfg(feature = "tracing")]
            trace_parse_failure(&error);
            SendError {
                error: ClientError::Api(error),
                attempts,
                stopped,
            }
        };
        R::parse_parts(status, &body.map_err(failed)?).map_err(failed)
    }
}
