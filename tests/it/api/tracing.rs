//! Issue 35, item 4: the client's `tracing` spans and events (feature `tracing`) for each
//! request, attempt, retry decision and answer that is not the documented model, recorded by a
//! subscriber written here; no credential is ever recorded.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use securepay::api::stub::serve;
use securepay::api::{Api, Client, Credential, Jitter, RetryPolicy};
use tracing::field::{Field, Visit};
use tracing::span::{Attributes, Id, Record};
use tracing::{Event, Metadata, Subscriber};

/// Every span and event, one line each: `span NAME fields` or `event LEVEL TARGET fields`.
#[derive(Clone, Default)]
struct Recorder {
    lines: Arc<Mutex<Vec<String>>>,
    next: Arc<AtomicU64>,
}

struct Fields<'a>(&'a mut String);

impl Visit for Fields<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        let _ = write!(self.0, " {}={value:?}", field.name());
    }
}

impl Subscriber for Recorder {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }

    fn new_span(&self, span: &Attributes<'_>) -> Id {
        let mut line = format!("span {}", span.metadata().name());
        span.record(&mut Fields(&mut line));
        self.lines.lock().unwrap().push(line);
        Id::from_u64(self.next.fetch_add(1, Ordering::Relaxed) + 1)
    }

    fn record(&self, _: &Id, values: &Record<'_>) {
        let mut line = "record".to_owned();
        values.record(&mut Fields(&mut line));
        self.lines.lock().unwrap().push(line);
    }

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        let meta = event.metadata();
        let mut line = format!("event {} {}", meta.level(), meta.target());
        event.record(&mut Fields(&mut line));
        self.lines.lock().unwrap().push(line);
    }

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
}

/// Runs `work` on a runtime of its own with `recorder` as the thread's subscriber.
fn recorded<F: std::future::Future>(work: F) -> (F::Output, Vec<String>) {
    let recorder = Recorder::default();
    let lines = Arc::clone(&recorder.lines);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let output = tracing::subscriber::with_default(recorder, || runtime.block_on(work));
    let lines = lines.lock().unwrap().clone();
    (output, lines)
}

const SECRET: &str = "sk_secret_never_traced";
const STATUS: &str = r#"{"hasBeenPaid":false,"requestId":"01e2","isListening":true,"txHash":null}"#;

fn fast() -> Client {
    Client::new(reqwest::Client::new())
        .with_retry(RetryPolicy::new(Duration::ZERO, Duration::from_millis(5), 3).unwrap())
        .with_jitter(|_| Jitter::per_mille(0))
}

fn ours(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .map(String::as_str)
        .filter(|line| line.starts_with("span securepay.") || line.contains("securepay::api"))
        .collect()
}

#[test]
fn a_retried_get_traces_its_request_attempts_and_decisions() {
    let server = serve(&[(503, "busy"), (200, STATUS)]).unwrap();
    let api = Api::new().with_base_url(server.url()).unwrap();
    let request = api
        .get_request_status(&Credential::api_key(SECRET).unwrap(), "01e2")
        .unwrap();
    let (answer, lines) = recorded(fast().send(request));
    assert!(!answer.unwrap().has_been_paid);
    assert_eq!(
        ours(&lines),
        [
            r#"span securepay.request method=GET path="/v2/request/01e2""#,
            "span securepay.attempt attempt=1",
            "event DEBUG securepay::api::client message=answered status=503",
            "event INFO securepay::api::client message=retrying attempt=1 wait_ms=0 outcome=Answered { status: 503, retry_after: None }",
            "span securepay.attempt attempt=2",
            "event DEBUG securepay::api::client message=answered status=200",
            "event DEBUG securepay::api::client message=done attempts=2 stopped=the answer is final",
        ]
    );
    assert!(
        !lines.iter().any(|line| line.contains(SECRET)),
        "{lines:#?}"
    );
}

#[test]
fn a_stop_a_transport_failure_and_an_answer_that_does_not_parse_are_traced() {
    // A POST rate-limited without Retry-After: not retried, a warning says why.
    let server = serve(&[(429, "")]).unwrap();
    let api = Api::new().with_base_url(server.url()).unwrap();
    let body = securepay::api::CreateRequest::new("10".parse().unwrap(), "USD", "USDC-base")
        .unwrap()
        .payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")
        .unwrap();
    let request = api
        .create_request(&Credential::api_key(SECRET).unwrap(), &body)
        .unwrap();
    let (error, lines) = recorded(fast().send(request));
    assert_eq!(error.unwrap_err().attempts, 1);
    assert!(
        ours(&lines).contains(&"event WARN securepay::api::client message=not retried attempts=1 stopped=rate limited without Retry-After, and the request is not idempotent"),
        "{lines:#?}"
    );
    assert!(
        !lines.iter().any(|line| line.contains(SECRET)),
        "{lines:#?}"
    );

    // Nothing listening: a connect failure, its kind and cause.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let api = Api::new()
        .with_base_url(&format!("http://127.0.0.1:{port}"))
        .unwrap();
    let request = api
        .get_request_status(&Credential::api_key(SECRET).unwrap(), "01e2")
        .unwrap();
    let (error, lines) = recorded(fast().send(request));
    assert_eq!(error.unwrap_err().attempts, 3);
    let failed: Vec<&str> = ours(&lines)
        .into_iter()
        .filter(|line| line.contains("message=failed"))
        .collect();
    assert_eq!(failed.len(), 3, "{lines:#?}");
    assert!(failed[0].contains("kind=\"connect\" cause="), "{failed:?}");
    assert!(
        !lines.iter().any(|line| line.contains(SECRET)),
        "{lines:#?}"
    );

    // A 200 that is not the model: its status and the kind of cause, not the body.
    let server = serve(&[(200, r#"{"hasBeenPaid":"secret-ish body text"}"#)]).unwrap();
    let api = Api::new().with_base_url(server.url()).unwrap();
    let request = api
        .get_request_status(&Credential::api_key(SECRET).unwrap(), "01e2")
        .unwrap();
    let (error, lines) = recorded(fast().send(request));
    assert!(error.is_err());
    assert!(
        ours(&lines).contains(&"event WARN securepay::api::client message=the answer is not the documented model status=200 cause=\"json\""),
        "{lines:#?}"
    );
    assert!(
        !lines.iter().any(|line| line.contains("secret-ish")),
        "{lines:#?}"
    );
}
