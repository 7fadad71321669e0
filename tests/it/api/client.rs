//! The `client` feature against a local stub server on 127.0.0.1 (no other network): retries
//! of 429/5xx with the policy, no retry of other 4xx, parsed answers and errors. The rules for
//! requests that are not idempotent are in `retry_rules.rs`.

use std::net::TcpListener;
use std::time::Duration;

use securepay::api::stub::serve;
use securepay::api::{
    Api, ApiErrorKind, BodyCause, Client, ClientError, CreateRequest, Credential, Jitter,
    PreparedRequest, RetryPolicy, StopReason,
};

/// The library's stub server (one definition for these tests and the client's examples):
/// serves `answers` in order, status 0 closing the connection without answering.
fn stub(answers: Vec<(u16, &'static str)>) -> (String, securepay::api::stub::Stub) {
    let server = serve(&answers).unwrap();
    (server.url().to_owned(), server)
}

fn fast_client(attempts: u32) -> Client {
    Client::new(reqwest::Client::new())
        .with_retry(RetryPolicy::new(Duration::ZERO, Duration::from_millis(5), attempts).unwrap())
        .with_jitter(|_| Jitter::per_mille(0))
}

fn create_request(api: &Api) -> PreparedRequest<CreateRequest> {
    let body = CreateRequest::new("10".parse().unwrap(), "USD", "USDC-base")
        .unwrap()
        .payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")
        .unwrap();
    api.create_request(&Credential::api_key("sk_test").unwrap(), &body)
        .unwrap()
}

const CREATED: &str = r#"{"paymentReference":"0xb3581f0b0f74cc61","requestId":"01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb"}"#;

const STATUS: &str = r#"{"hasBeenPaid":false,"requestId":"01e2","isListening":true,"txHash":null}"#;

#[tokio::test]
async fn server_errors_and_rate_limits_of_a_get_are_retried_then_the_answer_is_parsed() {
    let (url, seen) = stub(vec![
        (503, "Service Unavailable"),
        (429, "Too Many Requests"),
        (200, STATUS),
    ]);
    let api = Api::new().with_base_url(&url).unwrap();
    let request = api
        .get_request_status(&Credential::api_key("sk_test").unwrap(), "01e2")
        .unwrap();
    let status = fast_client(3).send(request).await.unwrap();
    assert!(!status.has_been_paid);
    let seen = seen.seen();
    assert_eq!(seen.len(), 3);
    for request in &seen {
        assert_eq!(request.line, "GET /v2/request/01e2 HTTP/1.1");
        assert!(
            request
                .headers
                .contains(&("x-api-key".into(), "sk_test".into()))
        );
    }
}

#[tokio::test]
async fn other_client_errors_are_not_retried() {
    let (url, seen) = stub(vec![(
        404,
        r#"{"statusCode":404,"message":"Wallet not found","error":"Not Found"}"#,
    )]);
    let api = Api::new().with_base_url(&url).unwrap();
    let error = fast_client(3).send(create_request(&api)).await.unwrap_err();
    let ClientError::Api(error) = error.error else {
        panic!("an API error expected")
    };
    assert_eq!(error.kind, ApiErrorKind::NotFound);
    assert_eq!(error.body.message().as_deref(), Some("Wallet not found"));
    assert_eq!(seen.hits(), 1);
}

#[tokio::test]
async fn the_last_retryable_answer_is_returned_when_attempts_run_out() {
    let (url, seen) = stub(vec![(500, "boom"), (500, "boom")]);
    let api = Api::new().with_base_url(&url).unwrap();
    let request = api
        .get_request_status(&Credential::api_key("sk_test").unwrap(), "01e2")
        .unwrap();
    let error = fast_client(2).send(request).await.unwrap_err();
    assert!(
        matches!(error.error, ClientError::Api(ref e) if e.kind == ApiErrorKind::Server && e.is_retryable())
    );
    assert_eq!(
        (error.attempts, error.stopped),
        (2, StopReason::AttemptsExhausted)
    );
    assert!(
        error
            .to_string()
            .ends_with("(2 attempts; stopped: no attempt left)"),
        "{error}"
    );
    assert_eq!(seen.hits(), 2);
}

#[tokio::test]
async fn a_post_that_cannot_be_sent_is_retried_since_it_never_left() {
    // A port with nothing listening: bind, note the port, close.
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let api = Api::new()
        .with_base_url(&format!("http://127.0.0.1:{port}"))
        .unwrap();
    let error = fast_client(3).send(create_request(&api)).await.unwrap_err();
    assert!(matches!(error.error, ClientError::Connect(_)), "{error:?}");
    assert_eq!(
        (error.attempts, error.stopped),
        (3, StopReason::AttemptsExhausted)
    );
    let cause = std::error::Error::source(&error).unwrap(); // the ClientError
    assert!(
        std::error::Error::source(cause).is_some(),
        "the cause is kept"
    );
}

#[tokio::test]
async fn a_dropped_connection_is_retried_for_get_but_not_for_post() {
    let (url, seen) = stub(vec![(0, ""), (200, STATUS)]);
    let api = Api::new().with_base_url(&url).unwrap();
    let request = api
        .get_request_status(&Credential::api_key("sk_test").unwrap(), "01e2")
        .unwrap();
    let status: securepay::partial::RequestStatus = fast_client(3).send(request).await.unwrap();
    assert!(!status.has_been_paid);
    assert_eq!(seen.hits(), 2);

    let (url, seen) = stub(vec![(0, ""), (201, CREATED)]);
    let api = Api::new().with_base_url(&url).unwrap();
    let error = fast_client(3).send(create_request(&api)).await.unwrap_err();
    assert!(
        matches!(error.error, ClientError::Transport(_)),
        "{error:?}"
    );
    assert_eq!(
        (error.attempts, error.stopped),
        (1, StopReason::MayHaveBeenProcessed)
    );
    assert_eq!(
        seen.hits(),
        1,
        "a POST that may have arrived is not sent twice"
    );
}

/// `{"success":true}` padded with spaces (valid JSON) to `len` bytes.
fn padded_success(len: usize) -> String {
    let mut body = r#"{"success":true}"#.to_owned();
    body.push_str(&" ".repeat(len - body.len()));
    body
}

#[tokio::test]
async fn an_answer_body_above_the_bound_is_not_read() {
    use securepay::verify::MAX_RESPONSE_BYTES;
    let at = padded_success(MAX_RESPONSE_BYTES);
    let above = padded_success(MAX_RESPONSE_BYTES + 1);
    let server = serve(&[(200, at.as_str()), (200, above.as_str())]).unwrap();
    let request = http::Request::get(format!("{}/v2/currencies", server.url()))
        .body(Vec::new())
        .unwrap();
    let (status, body) = fast_client(1).send_raw(&request).await.unwrap();
    assert_eq!((status.as_u16(), body.len()), (200, MAX_RESPONSE_BYTES));
    // Its Content-Length says it is too large: refused before its body is read.
    let error = fast_client(1).send_raw(&request).await.unwrap_err();
    let ClientError::Api(error) = error.error else {
        panic!("an API error expected: {error:?}")
    };
    assert_eq!(
        error.kind,
        ApiErrorKind::InvalidBody(BodyCause::TooLarge {
            size: Some(MAX_RESPONSE_BYTES + 1)
        })
    );
    assert_eq!(
        error.to_string(),
        format!(
            "status 200 with a body that is not the documented answer: the body is {} bytes, above the {MAX_RESPONSE_BYTES} bytes an answer may have: not read",
            MAX_RESPONSE_BYTES + 1
        )
    );
    assert_eq!(*error.body, securepay::api::ErrorBody::Raw(String::new()));
}

#[tokio::test]
async fn a_body_without_length_is_read_up_to_the_bound_only() {
    use securepay::verify::MAX_RESPONSE_BYTES;
    use std::io::{BufRead, BufReader, Write};
    // A server that streams spaces after `{"success":true}` until the client goes away (64 MiB
    // at most), without Content-Length: the body ends when the connection closes.
    const STREAM: usize = 64 << 20;
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let server = std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        let mut line = String::new();
        while reader.read_line(&mut line).unwrap() > 2 {
            line.clear();
        }
        let mut stream = stream;
        // A safety net: a client that stops reading without closing would block the writes.
        stream
            .set_write_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut sent = 0usize;
        let head = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{\"success\":true}";
        if stream.write_all(head.as_bytes()).is_err() {
            return sent;
        }
        let chunk = vec![b' '; 64 << 10];
        while sent < STREAM && stream.write_all(&chunk).is_ok() {
            sent += chunk.len();
        }
        sent
    });
    let request = http::Request::get(format!("{url}/v2/currencies"))
        .body(Vec::new())
        .unwrap();
    let error = fast_client(1).send_raw(&request).await.unwrap_err();
    let ClientError::Api(error) = error.error else {
        panic!("an API error expected: {error:?}")
    };
    assert_eq!(
        error.kind,
        ApiErrorKind::InvalidBody(BodyCause::TooLarge { size: None })
    );
    assert_eq!(
        error.to_string(),
        format!(
            "status 200 with a body that is not the documented answer: the body is above the {MAX_RESPONSE_BYTES} bytes an answer may have: not read further"
        )
    );
    // Joined off the runtime's thread, which closes the dropped connection meanwhile.
    let sent = tokio::task::spawn_blocking(move || server.join().unwrap())
        .await
        .unwrap();
    assert!(sent < STREAM, "the client read all {sent} bytes");
}
