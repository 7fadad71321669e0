//! A small async client (feature `client`): sends the requests [`Api`](super::Api) builds over
//! `reqwest`, retries with a [`RetryPolicy`], and parses the answer.
//!
//! securepay enables no TLS backend of `reqwest`: pass your own `reqwest::Client`, built with
//! the TLS features your application enables (for example `reqwest = { version = "0.12",
//! features = ["rustls-tls"] }` in your manifest), or plain HTTP works only.

use std::hash::{BuildHasher, Hasher};

use http::Method;
use serde::de::DeserializeOwned;

use super::{parse_parts, ApiError, Jitter, RetryDecision, RetryPolicy};

/// Why a request sent by [`Client`] failed.
///
/// ```
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
/// # // A local server answering, in turn: 404 Not Found (then the last again).
/// # use std::io::{Read, Write};
/// # use std::sync::atomic::{AtomicUsize, Ordering};
/// # use std::sync::Arc;
/// # let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
/// # let base_url = format!("http://{}", listener.local_addr()?);
/// # let hits = Arc::new(AtomicUsize::new(0));
/// # let counter = Arc::clone(&hits);
/// # std::thread::spawn(move || {
/// #     let replies = ["HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 66\r\nConnection: close\r\n\r\n{\"statusCode\":404,\"message\":\"Payer not found\",\"error\":\"Not Found\"}"];
/// #     for stream in listener.incoming() {
/// #         let Ok(mut stream) = stream else { break };
/// #         let (mut request, mut buf) = (Vec::new(), [0u8; 1024]);
/// #         while !request.windows(4).any(|w| w == b"\r\n\r\n") {
/// #             match stream.read(&mut buf) { Ok(0) | Err(_) => break, Ok(n) => request.extend_from_slice(&buf[..n]) }
/// #         }
/// #         let n = counter.fetch_add(1, Ordering::SeqCst).min(replies.len() - 1);
/// #         let _ = stream.write_all(replies[n].as_bytes());
/// #     }
/// # });
/// use securepay::api::{Api, ApiErrorKind, Client, ClientError, Credential};
/// use securepay::offramp::ComplianceStatus;
///
/// let api = Api::new().with_base_url(&base_url)?;
/// let request = api.get_payer(&Credential::api_key("sk_test")?, &"user-123".parse()?)?;
/// let error = Client::new(reqwest::Client::new()).send::<ComplianceStatus>(request).await.unwrap_err();
/// let ClientError::Api(answer) = error else { panic!("the service answered") };
/// assert_eq!((answer.status, answer.kind), (404, ApiErrorKind::NotFound)); // not retried
/// assert_eq!(hits.load(Ordering::SeqCst), 1);
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ClientError {
    /// The service answered, and the answer is an error (or not the documented model).
    #[error(transparent)]
    Api(#[from] ApiError),
    /// The request could not be sent or its answer not read (connection, timeout, TLS): the
    /// text of the transport's error.
    #[error("transport: {0}")]
    Transport(String),
}

/// A jitter draw from the standard library's per-process random hash keys (the client is the
/// I/O edge; the core stays deterministic).
fn random_jitter(attempt: u32) -> Jitter {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u32(attempt);
    Jitter::per_mille(u16::try_from(hasher.finish() % 1001).unwrap_or(1000))
}

/// Sends requests with retries.
///
/// ```no_run
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// use securepay::api::{Api, Client, Credential, RequestCreated, CreateRequest};
///
/// let client = Client::new(reqwest::Client::new());
/// let api = Api::new();
/// let body = CreateRequest::new("10".parse()?, "USD", "USDC-base")?.payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
/// let created: RequestCreated = client.send(api.create_request(&Credential::api_key("sk")?, &body)?).await?;
/// # Ok(()) }
/// ```
#[derive(Debug, Clone)]
pub struct Client {
    http: reqwest::Client,
    retry: RetryPolicy,
    jitter: fn(u32) -> Jitter,
}

impl Client {
    /// A client over `http` with the default [`RetryPolicy`] and random jitter.
    ///
    /// ```no_run
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # // A local server answering, in turn: 200 OK (then the last again).
    /// # use std::io::{Read, Write};
    /// # use std::sync::atomic::{AtomicUsize, Ordering};
    /// # use std::sync::Arc;
    /// # let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    /// # let base_url = format!("http://{}", listener.local_addr()?);
    /// # let hits = Arc::new(AtomicUsize::new(0));
    /// # let counter = Arc::clone(&hits);
    /// # std::thread::spawn(move || {
    /// #     let replies = ["HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 21\r\nConnection: close\r\n\r\n{\"paymentDetails\":[]}"];
    /// #     for stream in listener.incoming() {
    /// #         let Ok(mut stream) = stream else { break };
    /// #         let (mut request, mut buf) = (Vec::new(), [0u8; 1024]);
    /// #         while !request.windows(4).any(|w| w == b"\r\n\r\n") {
    /// #             match stream.read(&mut buf) { Ok(0) | Err(_) => break, Ok(n) => request.extend_from_slice(&buf[..n]) }
    /// #         }
    /// #         let n = counter.fetch_add(1, Ordering::SeqCst).min(replies.len() - 1);
    /// #         let _ = stream.write_all(replies[n].as_bytes());
    /// #     }
    /// # });
    /// use securepay::api::{Api, Client, Credential};
    /// use securepay::offramp::PaymentDetailsList;
    ///
    /// // Bring a reqwest::Client built with the TLS features your application uses.
    /// let client = Client::new(reqwest::Client::new());
    /// let api = Api::new().with_base_url(&base_url)?; // a local server here
    /// let request = api.list_payment_details(&Credential::api_key("sk_test")?, &"user-123".parse()?, None)?;
    /// let answer: PaymentDetailsList = client.send(request).await?;
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
    /// ```no_run
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # // A local server answering, in turn: 503 Service Unavailable (then the last again).
    /// # use std::io::{Read, Write};
    /// # use std::sync::atomic::{AtomicUsize, Ordering};
    /// # use std::sync::Arc;
    /// # let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    /// # let base_url = format!("http://{}", listener.local_addr()?);
    /// # let hits = Arc::new(AtomicUsize::new(0));
    /// # let counter = Arc::clone(&hits);
    /// # std::thread::spawn(move || {
    /// #     let replies = ["HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"];
    /// #     for stream in listener.incoming() {
    /// #         let Ok(mut stream) = stream else { break };
    /// #         let (mut request, mut buf) = (Vec::new(), [0u8; 1024]);
    /// #         while !request.windows(4).any(|w| w == b"\r\n\r\n") {
    /// #             match stream.read(&mut buf) { Ok(0) | Err(_) => break, Ok(n) => request.extend_from_slice(&buf[..n]) }
    /// #         }
    /// #         let n = counter.fetch_add(1, Ordering::SeqCst).min(replies.len() - 1);
    /// #         let _ = stream.write_all(replies[n].as_bytes());
    /// #     }
    /// # });
    /// use std::time::Duration;
    /// use securepay::api::{Client, RetryPolicy};
    ///
    /// let policy = RetryPolicy::new(Duration::from_millis(5), Duration::from_millis(20), 3)?;
    /// let client = Client::new(reqwest::Client::new()).with_retry(policy);
    /// let request = http::Request::get(format!("{base_url}/v2/currencies")).body(Vec::new())?;
    /// let (status, _) = client.send_raw(&request).await?;
    /// assert_eq!(status, 503); // still failing after the last attempt
    /// assert_eq!(hits.load(Ordering::SeqCst), 3); // three attempts in all
    /// # Ok(()) }
    /// ```
    pub fn with_retry(mut self, retry: RetryPolicy) -> Client {
        self.retry = retry;
        self
    }

    /// Another jitter source, given the attempt about to be made.
    ///
    /// ```no_run
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # // A local server answering, in turn: 503 Service Unavailable, 200 OK (then the last again).
    /// # use std::io::{Read, Write};
    /// # use std::sync::atomic::{AtomicUsize, Ordering};
    /// # use std::sync::Arc;
    /// # let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    /// # let base_url = format!("http://{}", listener.local_addr()?);
    /// # let hits = Arc::new(AtomicUsize::new(0));
    /// # let counter = Arc::clone(&hits);
    /// # std::thread::spawn(move || {
    /// #     let replies = ["HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 16\r\nConnection: close\r\n\r\n{\"success\":true}"];
    /// #     for stream in listener.incoming() {
    /// #         let Ok(mut stream) = stream else { break };
    /// #         let (mut request, mut buf) = (Vec::new(), [0u8; 1024]);
    /// #         while !request.windows(4).any(|w| w == b"\r\n\r\n") {
    /// #             match stream.read(&mut buf) { Ok(0) | Err(_) => break, Ok(n) => request.extend_from_slice(&buf[..n]) }
    /// #         }
    /// #         let n = counter.fetch_add(1, Ordering::SeqCst).min(replies.len() - 1);
    /// #         let _ = stream.write_all(replies[n].as_bytes());
    /// #     }
    /// # });
    /// use std::time::{Duration, Instant};
    /// use securepay::api::{Client, Jitter, RetryPolicy};
    ///
    /// let policy = RetryPolicy::new(Duration::from_millis(200), Duration::from_secs(1), 2)?;
    /// // Always the shortest wait: half the backoff (100 ms here).
    /// let client = Client::new(reqwest::Client::new()).with_retry(policy).with_jitter(|_attempt| Jitter::per_mille(0));
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

    /// Sends `request`, retrying 429 and 5xx answers as the policy says; transport failures are
    /// retried only for idempotent methods (`GET`, `PUT`), since a `POST` may have reached the
    /// service. Returns the last status and body.
    ///
    /// ```no_run
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # // A local server answering, in turn: 503 Service Unavailable, 200 OK (then the last again).
    /// # use std::io::{Read, Write};
    /// # use std::sync::atomic::{AtomicUsize, Ordering};
    /// # use std::sync::Arc;
    /// # let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    /// # let base_url = format!("http://{}", listener.local_addr()?);
    /// # let hits = Arc::new(AtomicUsize::new(0));
    /// # let counter = Arc::clone(&hits);
    /// # std::thread::spawn(move || {
    /// #     let replies = ["HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 16\r\nConnection: close\r\n\r\n{\"success\":true}"];
    /// #     for stream in listener.incoming() {
    /// #         let Ok(mut stream) = stream else { break };
    /// #         let (mut request, mut buf) = (Vec::new(), [0u8; 1024]);
    /// #         while !request.windows(4).any(|w| w == b"\r\n\r\n") {
    /// #             match stream.read(&mut buf) { Ok(0) | Err(_) => break, Ok(n) => request.extend_from_slice(&buf[..n]) }
    /// #         }
    /// #         let n = counter.fetch_add(1, Ordering::SeqCst).min(replies.len() - 1);
    /// #         let _ = stream.write_all(replies[n].as_bytes());
    /// #     }
    /// # });
    /// use std::time::Duration;
    /// use securepay::api::{Client, RetryPolicy};
    ///
    /// let client = Client::new(reqwest::Client::new()).with_retry(RetryPolicy::new(Duration::from_millis(1), Duration::from_millis(1), 4)?);
    /// let request = http::Request::get(format!("{base_url}/v2/currencies")).body(Vec::new())?;
    /// let (status, body) = client.send_raw(&request).await?; // the 503 is retried
    /// assert_eq!((status, body.as_slice()), (200, br#"{"success":true}"#.as_slice()));
    /// assert_eq!(hits.load(Ordering::SeqCst), 2);
    /// # Ok(()) }
    /// ```
    pub async fn send_raw(
        &self,
        request: &http::Request<Vec<u8>>,
    ) -> Result<(u16, Vec<u8>), ClientError> {
        let idempotent = matches!(*request.method(), Method::GET | Method::PUT | Method::HEAD);
        let mut attempt = 1u32;
        loop {
            let mut copy = http::Request::new(request.body().clone());
            *copy.method_mut() = request.method().clone();
            *copy.uri_mut() = request.uri().clone();
            *copy.headers_mut() = request.headers().clone();
            let outcome = match reqwest::Request::try_from(copy) {
                Ok(prepared) => self.http.execute(prepared).await,
                Err(error) => return Err(ClientError::Transport(error.to_string())),
            };
            let jitter = (self.jitter)(attempt.saturating_add(1));
            match outcome {
                Ok(response) => {
                    let status = response.status().as_u16();
                    let body = response
                        .bytes()
                        .await
                        .map_err(|e| ClientError::Transport(e.to_string()))?;
                    match self.retry.decide(attempt, status, jitter) {
                        RetryDecision::RetryAfter(delay) => tokio::time::sleep(delay).await,
                        RetryDecision::Stop => return Ok((status, body.to_vec())),
                    }
                }
                Err(error) => {
                    if !idempotent || attempt >= self.retry.max_attempts() {
                        return Err(ClientError::Transport(error.to_string()));
                    }
                    let delay = self.retry.delay(attempt.saturating_add(1), jitter);
                    tokio::time::sleep(delay).await;
                }
            }
            attempt = attempt.saturating_add(1);
        }
    }

    /// Sends `request` (with retries) and parses the answer into `T`.
    ///
    /// ```no_run
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// # // A local server answering, in turn: 200 OK (then the last again).
    /// # use std::io::{Read, Write};
    /// # use std::sync::atomic::{AtomicUsize, Ordering};
    /// # use std::sync::Arc;
    /// # let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    /// # let base_url = format!("http://{}", listener.local_addr()?);
    /// # let hits = Arc::new(AtomicUsize::new(0));
    /// # let counter = Arc::clone(&hits);
    /// # std::thread::spawn(move || {
    /// #     let replies = ["HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 74\r\nConnection: close\r\n\r\n{\"kycStatus\":\"completed\",\"agreementStatus\":\"completed\",\"isCompliant\":true}"];
    /// #     for stream in listener.incoming() {
    /// #         let Ok(mut stream) = stream else { break };
    /// #         let (mut request, mut buf) = (Vec::new(), [0u8; 1024]);
    /// #         while !request.windows(4).any(|w| w == b"\r\n\r\n") {
    /// #             match stream.read(&mut buf) { Ok(0) | Err(_) => break, Ok(n) => request.extend_from_slice(&buf[..n]) }
    /// #         }
    /// #         let n = counter.fetch_add(1, Ordering::SeqCst).min(replies.len() - 1);
    /// #         let _ = stream.write_all(replies[n].as_bytes());
    /// #     }
    /// # });
    /// use securepay::api::{Api, Client, Credential};
    /// use securepay::offramp::ComplianceStatus;
    /// use securepay::webhook::KycStatus;
    ///
    /// let api = Api::new().with_base_url(&base_url)?;
    /// let request = api.get_payer(&Credential::api_key("sk_test")?, &"user-123".parse()?)?;
    /// let status: ComplianceStatus = Client::new(reqwest::Client::new()).send(request).await?;
    /// assert_eq!(status.kyc_status, Some(KycStatus::Completed));
    /// assert_eq!(status.is_compliant, Some(true));
    /// # Ok(()) }
    /// ```
    pub async fn send<T: DeserializeOwned>(
        &self,
        request: http::Request<Vec<u8>>,
    ) -> Result<T, ClientError> {
        let (status, body) = self.send_raw(&request).await?;
        Ok(parse_parts(status, &body)?)
    }
}
