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
    pub fn new(http: reqwest::Client) -> Client {
        Client {
            http,
            retry: RetryPolicy::default(),
            jitter: random_jitter,
        }
    }

    /// Another retry policy.
    pub fn with_retry(mut self, retry: RetryPolicy) -> Client {
        self.retry = retry;
        self
    }

    /// Another jitter source, given the attempt about to be made.
    pub fn with_jitter(mut self, jitter: fn(u32) -> Jitter) -> Client {
        self.jitter = jitter;
        self
    }

    /// Sends `request`, retrying 429 and 5xx answers as the policy says; transport failures are
    /// retried only for idempotent methods (`GET`, `PUT`), since a `POST` may have reached the
    /// service. Returns the last status and body.
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
    pub async fn send<T: DeserializeOwned>(
        &self,
        request: http::Request<Vec<u8>>,
    ) -> Result<T, ClientError> {
        let (status, body) = self.send_raw(&request).await?;
        Ok(parse_parts(status, &body)?)
    }
}
