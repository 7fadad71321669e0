//! The `client` feature over real HTTPS: a local TLS server on 127.0.0.1 with a certificate
//! made here (rcgen), trusted by the client through its builder. Retries of 429 and 503 by
//! the policy, typed error bodies, and a certificate the client does not trust (a TLS error,
//! not retried).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use http::StatusCode;
use securepay::api::{Api, ApiErrorKind, Client, ClientError, Credential, RetryPolicy};
use securepay::reqwest;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};

/// A certificate for `localhost` and the server's TLS configuration.
fn certificate() -> (CertificateDer<'static>, Arc<ServerConfig>) {
    let made = rcgen::generate_simple_self_signed(vec!["localhost".to_owned()]).unwrap();
    let cert = made.cert.der().clone();
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(made.key_pair.serialize_der()));
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert.clone()], key)
        .unwrap();
    (cert, Arc::new(config))
}

/// Serves `answers` in order over TLS, one per connection; counts the connections accepted.
async fn serve(
    config: Arc<ServerConfig>,
    answers: Vec<(u16, &'static str)>,
) -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!(
        "https://localhost:{}",
        listener.local_addr().unwrap().port()
    );
    let accepted = Arc::new(AtomicUsize::new(0));
    let count = accepted.clone();
    let acceptor = TlsAcceptor::from(config);
    tokio::spawn(async move {
        let mut answers = answers.into_iter();
        loop {
            let Ok((tcp, _)) = listener.accept().await else {
                return;
            };
            count.fetch_add(1, Ordering::SeqCst);
            let Ok(mut tls) = acceptor.accept(tcp).await else {
                continue;
            };
            let mut request = Vec::new();
            let mut buffer = [0u8; 4096];
            while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                match tls.read(&mut buffer).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => request.extend_from_slice(&buffer[..n]),
                }
            }
            let (status, body) = answers.next().unwrap_or((500, ""));
            let answer = format!(
                "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = tls.write_all(answer.as_bytes()).await;
            let _ = tls.shutdown().await;
        }
    });
    (url, accepted)
}

fn policy() -> RetryPolicy {
    RetryPolicy::new(Duration::from_millis(1), Duration::from_millis(5), 3).unwrap()
}

fn trusting(cert: &CertificateDer<'static>) -> Client {
    let http = reqwest::Client::builder()
        .use_rustls_tls()
        .add_root_certificate(reqwest::Certificate::from_der(cert).unwrap())
        .build()
        .unwrap();
    Client::new(http).with_retry(policy())
}

const STATUS: &str =
    r#"{"hasBeenPaid":true,"requestId":"01e2","isListening":false,"txHash":"0xab"}"#;

#[tokio::test]
async fn https_requests_are_retried_on_429_and_503_then_parsed() {
    let (cert, config) = certificate();
    let (url, accepted) = serve(config, vec![(429, ""), (503, ""), (200, STATUS)]).await;
    let api = Api::new().with_base_url(&url).unwrap();
    let request = api
        .get_request_status(&Credential::api_key("sk_test").unwrap(), "01e2")
        .unwrap();
    let status = trusting(&cert).send(request).await.unwrap();
    assert!(status.has_been_paid);
    assert_eq!(accepted.load(Ordering::SeqCst), 3);
}

#[tokio::test]
async fn https_error_bodies_are_typed_and_other_4xx_not_retried() {
    let (cert, config) = certificate();
    let body = r#"{"statusCode":404,"message":"Payer not found","error":"Not Found"}"#;
    let (url, accepted) = serve(config, vec![(404, body)]).await;
    let api = Api::new().with_base_url(&url).unwrap();
    let request = api
        .get_payer(
            &Credential::api_key("sk_test").unwrap(),
            &"user-1".parse().unwrap(),
        )
        .unwrap();
    let error = trusting(&cert).send(request).await.unwrap_err();
    let ClientError::Api(answer) = error.error else {
        panic!("the service answered: {error}")
    };
    assert_eq!(
        (answer.status, answer.kind),
        (StatusCode::NOT_FOUND, ApiErrorKind::NotFound)
    );
    assert_eq!(accepted.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn an_untrusted_certificate_is_a_tls_error_that_says_why_and_is_not_retried() {
    let (_, config) = certificate();
    let (url, accepted) = serve(config, vec![(200, STATUS)]).await;
    let api = Api::new().with_base_url(&url).unwrap();
    let request = api
        .get_request_status(&Credential::api_key("sk_test").unwrap(), "01e2")
        .unwrap();
    // The webpki roots only: the test's certificate is not among them.
    let client = Client::new(reqwest::Client::builder().use_rustls_tls().build().unwrap())
        .with_retry(policy());
    let error = client.send(request).await.unwrap_err();
    assert!(matches!(error.error, ClientError::Tls(_)), "{error:?}");
    let text = error.to_string();
    assert!(
        text.starts_with("TLS: ") && text.contains("certificate"),
        "{text}"
    );
    assert!(std::error::Error::source(&error).is_some());
    assert_eq!(
        accepted.load(Ordering::SeqCst),
        1,
        "a TLS failure is not retried"
    );
}

#[tokio::test]
async fn a_server_that_never_answers_is_a_timeout() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((tcp, _)) = listener.accept().await {
            held.push(tcp); // accepted, never answered
        }
    });
    let http = reqwest::Client::builder()
        .timeout(Duration::from_millis(200))
        .build()
        .unwrap();
    let client = Client::new(http).with_retry(
        RetryPolicy::new(Duration::from_millis(1), Duration::from_millis(1), 1).unwrap(),
    );
    let api = Api::new().with_base_url(&url).unwrap();
    let request = api
        .get_request_status(&Credential::api_key("sk_test").unwrap(), "01e2")
        .unwrap();
    let error = client.send(request).await.unwrap_err();
    assert!(matches!(error.error, ClientError::Timeout(_)), "{error:?}");
}

#[tokio::test]
async fn a_host_that_does_not_resolve_is_a_dns_error() {
    // `.invalid` never resolves (RFC 6761).
    let api = Api::new()
        .with_base_url("https://securepay-test.invalid")
        .unwrap();
    let request = api
        .get_request_status(&Credential::api_key("sk_test").unwrap(), "01e2")
        .unwrap();
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap();
    let error = Client::new(http)
        .with_retry(policy())
        .send(request)
        .await
        .unwrap_err();
    assert!(matches!(error.error, ClientError::Dns(_)), "{error:?}");
    assert!(error.to_string().starts_with("DNS: "), "{error}");
}

/// A certificate for `localhost` named only in its subject's Common Name, with no
/// subjectAltName extension (as `openssl req -x509 -subj /CN=localhost` makes without
/// `-addext subjectAltName=…`), and the server's TLS configuration.
fn certificate_without_san() -> (CertificateDer<'static>, Arc<ServerConfig>) {
    let mut params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    params
        .distinguished_name
        .push(rcgen::DnType::CommonName, "localhost");
    let key_pair = rcgen::KeyPair::generate().unwrap();
    let cert = params.self_signed(&key_pair).unwrap().der().clone();
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key_pair.serialize_der()));
    let provider = Arc::new(tokio_rustls::rustls::crypto::ring::default_provider());
    let config = ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(vec![cert.clone()], key)
        .unwrap();
    (cert, Arc::new(config))
}

#[tokio::test]
async fn a_trusted_certificate_without_subject_alt_name_is_refused_and_the_error_says_so() {
    // Trusted as a root, but it names its host only in the Common Name: rustls (like every
    // browser since 2017, RFC 6125) matches the host against subjectAltName alone.
    let (cert, config) = certificate_without_san();
    let (url, accepted) = serve(config, vec![(200, STATUS)]).await;
    let api = Api::new().with_base_url(&url).unwrap();
    let request = api
        .get_request_status(&Credential::api_key("sk_test").unwrap(), "01e2")
        .unwrap();
    let error = trusting(&cert).send(request).await.unwrap_err();
    assert!(matches!(error.error, ClientError::Tls(_)), "{error:?}");
    let text = error.to_string();
    assert!(
        text.contains("certificate not valid for name \"localhost\"")
            && text.contains("subjectAltName"),
        "{text}"
    );
    assert_eq!(accepted.load(Ordering::SeqCst), 1, "not retried");
}
