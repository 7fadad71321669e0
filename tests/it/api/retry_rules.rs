//! Issue 35, item 3: the client's retry rules against a local server that counts attempts.
//! A `POST` is sent again only when it provably did not reach the service (a connect failure)
//! or when the service's answer says when to come back (429 with `Retry-After`); a 5xx or a
//! timeout after the request was sent may mean it was processed, so it is not repeated.
//! `Retry-After` is honoured and the total time is bounded.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use securepay::api::{
    Api, Client, ClientError, CreateRequest, Credential, Jitter, RetryPolicy, StopReason,
};

/// One answer of the counting server.
#[derive(Clone)]
struct Reply {
    status: u16,
    headers: Vec<(&'static str, String)>,
    body: &'static str,
    /// Read the whole request, then hold the connection this long without answering.
    stall: Option<Duration>,
}

fn reply(status: u16, body: &'static str) -> Reply {
    Reply {
        status,
        headers: Vec::new(),
        body,
        stall: None,
    }
}

fn with_retry_after(status: u16, value: &str) -> Reply {
    Reply {
        headers: vec![("retry-after", value.to_owned())],
        ..reply(status, "{}")
    }
}

fn stalled(seconds: u64) -> Reply {
    Reply {
        stall: Some(Duration::from_secs(seconds)),
        ..reply(200, "{}")
    }
}

/// A server on 127.0.0.1 that answers the n-th request with the n-th reply (then the last one
/// again), each connection on its own thread, and records when each request had fully arrived
/// and its body.
struct Counting {
    url: String,
    arrivals: Arc<Arrivals>,
}

/// When each request had fully arrived, and its body.
type Arrivals = Mutex<Vec<(Instant, Vec<u8>)>>;

impl Counting {
    fn start(replies: Vec<Reply>) -> Counting {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let arrivals = Arc::new(Mutex::new(Vec::new()));
        let log = Arc::clone(&arrivals);
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { break };
                let log = Arc::clone(&log);
                let replies = replies.clone();
                std::thread::spawn(move || serve(stream, &replies, &log));
            }
        });
        Counting { url, arrivals }
    }

    /// Requests that fully arrived so far.
    fn hits(&self) -> usize {
        self.arrivals.lock().unwrap().len()
    }

    /// The time between the first and the second arrival.
    fn gap(&self) -> Duration {
        let arrivals = self.arrivals.lock().unwrap();
        arrivals[1].0 - arrivals[0].0
    }

    /// The bodies received, in order.
    fn bodies(&self) -> Vec<Vec<u8>> {
        let arrivals = self.arrivals.lock().unwrap();
        arrivals.iter().map(|(_, body)| body.clone()).collect()
    }
}

fn serve(stream: TcpStream, replies: &[Reply], log: &Arrivals) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut length = 0usize;
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        if line == "\r\n" {
            break;
        }
        if let Some((name, value)) = line.trim_end().split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap();
            }
        }
    }
    let mut body = vec![0; length];
    if reader.read_exact(&mut body).is_err() {
        return;
    }
    let reply = {
        let mut arrivals = log.lock().unwrap();
        arrivals.push((Instant::now(), body));
        let n = arrivals.len() - 1;
        replies.get(n).unwrap_or(replies.last().unwrap()).clone()
    };
    if let Some(stall) = reply.stall {
        std::thread::sleep(stall); // received, processed, never answered in time
        return;
    }
    let mut head = format!(
        "HTTP/1.1 {} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n",
        reply.status,
        reply.body.len()
    );
    for (name, value) in &reply.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    let mut stream = stream;
    let _ = write!(stream, "{head}\r\n{}", reply.body);
    let _ = stream.flush();
}

const CREATED: &str = r#"{"paymentReference":"0xb3581f0b0f74cc61","requestId":"01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb"}"#;
const STATUS: &str = r#"{"hasBeenPaid":false,"requestId":"01e2","isListening":true,"txHash":null}"#;

fn create(url: &str) -> securepay::api::PreparedRequest<CreateRequest> {
    let body = CreateRequest::new("10".parse().unwrap(), "USD", "USDC-base")
        .unwrap()
        .payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")
        .unwrap();
    Api::new()
        .with_base_url(url)
        .unwrap()
        .create_request(&Credential::api_key("sk_test").unwrap(), &body)
        .unwrap()
}

fn status(url: &str) -> securepay::api::PreparedRequest<securepay::api::GetRequestStatus> {
    Api::new()
        .with_base_url(url)
        .unwrap()
        .get_request_status(&Credential::api_key("sk_test").unwrap(), "01e2")
        .unwrap()
}

/// Three attempts, no backoff to speak of: only the rules are under test.
fn fast() -> Client {
    Client::new(reqwest::Client::new())
        .with_retry(RetryPolicy::new(Duration::ZERO, Duration::from_millis(5), 3).unwrap())
        .with_jitter(|_| Jitter::per_mille(0))
}

#[tokio::test]
async fn the_default_client_sends_a_post_answered_429_without_retry_after_once() {
    let server = Counting::start(vec![reply(429, "Too Many Requests")]);
    let error = Client::new(reqwest::Client::new())
        .send(create(&server.url))
        .await
        .unwrap_err();
    assert!(
        matches!(error.error, ClientError::Api(ref e) if e.status == 429),
        "{error:?}"
    );
    assert_eq!(
        server.hits(),
        1,
        "a POST answered 429 without Retry-After is not repeated"
    );
    assert_eq!(
        (error.attempts, error.stopped),
        (1, StopReason::RateLimited)
    );
    assert_eq!(
        error.to_string(),
        "status 429 (TooManyRequests): Too Many Requests (1 attempt; stopped: rate limited without Retry-After, and the request is not idempotent)"
    );
}

#[tokio::test]
async fn a_post_answered_429_with_retry_after_is_sent_again_after_that_delay() {
    let server = Counting::start(vec![with_retry_after(429, "1"), reply(201, CREATED)]);
    let created = fast().send(create(&server.url)).await.unwrap();
    assert_eq!(created.payment_reference.to_string(), "0xb3581f0b0f74cc61");
    assert_eq!(server.hits(), 2);
    assert!(server.gap() >= Duration::from_secs(1), "{:?}", server.gap());
    let bodies = server.bodies();
    assert_eq!(bodies[0], bodies[1], "the same request, sent again");
}

#[tokio::test]
async fn a_post_answered_503_is_not_repeated_with_or_without_retry_after() {
    for answer in [
        reply(503, "Service Unavailable"),
        with_retry_after(503, "1"),
    ] {
        let server = Counting::start(vec![answer, reply(201, CREATED)]);
        let error = fast().send(create(&server.url)).await.unwrap_err();
        assert!(
            matches!(error.error, ClientError::Api(ref e) if e.status == 503),
            "{error:?}"
        );
        assert_eq!(
            server.hits(),
            1,
            "a POST answered 5xx may have been processed"
        );
        assert_eq!(
            (error.attempts, error.stopped),
            (1, StopReason::MayHaveBeenProcessed)
        );
    }
}

#[tokio::test]
async fn a_post_that_timed_out_after_the_server_received_it_is_not_repeated() {
    let server = Counting::start(vec![stalled(3), reply(201, CREATED)]);
    let http = reqwest::Client::builder()
        .timeout(Duration::from_millis(300))
        .build()
        .unwrap();
    let client = Client::new(http)
        .with_retry(RetryPolicy::new(Duration::ZERO, Duration::from_millis(5), 3).unwrap());
    let error = client.send(create(&server.url)).await.unwrap_err();
    assert!(matches!(error.error, ClientError::Timeout(_)), "{error:?}");
    assert_eq!(server.hits(), 1);
    assert_eq!(
        (error.attempts, error.stopped),
        (1, StopReason::MayHaveBeenProcessed)
    );

    // The same stall on a GET: safe to repeat.
    let server = Counting::start(vec![stalled(3), reply(200, STATUS)]);
    let http = reqwest::Client::builder()
        .timeout(Duration::from_millis(300))
        .build()
        .unwrap();
    let client = Client::new(http)
        .with_retry(RetryPolicy::new(Duration::ZERO, Duration::from_millis(5), 3).unwrap());
    let answer = client.send(status(&server.url)).await.unwrap();
    assert!(!answer.has_been_paid);
    assert_eq!(server.hits(), 2);
}

#[tokio::test]
async fn a_get_answered_503_with_retry_after_waits_that_long() {
    let server = Counting::start(vec![with_retry_after(503, "1"), reply(200, STATUS)]);
    let answer = fast().send(status(&server.url)).await.unwrap();
    assert!(!answer.has_been_paid);
    assert_eq!(server.hits(), 2);
    assert!(server.gap() >= Duration::from_secs(1), "{:?}", server.gap());
}

#[tokio::test]
async fn a_get_answered_503_without_retry_after_is_retried_until_the_attempts_run_out() {
    let server = Counting::start(vec![reply(503, "Service Unavailable")]);
    let error = fast().send(status(&server.url)).await.unwrap_err();
    assert!(
        matches!(error.error, ClientError::Api(ref e) if e.status == 503),
        "{error:?}"
    );
    assert_eq!(server.hits(), 3);
    assert_eq!(
        (error.attempts, error.stopped),
        (3, StopReason::AttemptsExhausted)
    );
}

#[tokio::test]
async fn a_retry_after_beyond_the_total_time_bound_stops_at_once() {
    let server = Counting::start(vec![with_retry_after(503, "120"), reply(200, STATUS)]);
    let start = Instant::now();
    let error = fast().send(status(&server.url)).await.unwrap_err();
    assert!(
        matches!(error.error, ClientError::Api(ref e) if e.status == 503),
        "{error:?}"
    );
    assert_eq!(
        server.hits(),
        1,
        "not retried: the service asks for more than the bound"
    );
    assert!(start.elapsed() < Duration::from_secs(5));
    assert_eq!((error.attempts, error.stopped), (1, StopReason::OutOfTime));
}

#[tokio::test]
async fn the_total_time_bound_stops_the_backoff() {
    let server = Counting::start(vec![reply(503, "Service Unavailable")]);
    let policy = RetryPolicy::new(Duration::from_millis(200), Duration::from_millis(200), 100)
        .unwrap()
        .with_max_elapsed(Duration::from_millis(700));
    let client = Client::new(reqwest::Client::new())
        .with_retry(policy)
        .with_jitter(|_| Jitter::NONE);
    let start = Instant::now();
    let error = client.send(status(&server.url)).await.unwrap_err();
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(error.stopped, StopReason::OutOfTime);
    // Waits of 200 ms from t = 0: attempts at about 0, 200, 400 and 600 ms, and no other.
    assert!((2..=4).contains(&error.attempts), "{}", error.attempts);
    assert_eq!(server.hits(), error.attempts as usize);
}

#[tokio::test]
async fn a_retry_after_date_is_honoured() {
    // An HTTP-date two seconds ahead: one-second resolution, so the instant it names is
    // between 1 and 2 s ahead.
    let at = std::time::SystemTime::now() + Duration::from_secs(2);
    let named = std::time::UNIX_EPOCH
        + Duration::from_secs(at.duration_since(std::time::UNIX_EPOCH).unwrap().as_secs());
    let server = Counting::start(vec![
        with_retry_after(503, &httpdate(at)),
        reply(200, STATUS),
    ]);
    let answer = fast().send(status(&server.url)).await.unwrap();
    assert!(!answer.has_been_paid);
    assert_eq!(server.hits(), 2);
    // The retry waited for the date: the answer came after the instant it names, however long
    // the first attempt took (a gap measured from the first answer shrinks on a loaded machine).
    let now = std::time::SystemTime::now();
    assert!(
        now + Duration::from_millis(20) >= named,
        "answered {:?} before the Retry-After date",
        named.duration_since(now).unwrap_or_default()
    );
    assert!(
        server.gap() >= Duration::from_millis(100),
        "{:?}",
        server.gap()
    );
}

/// An IMF-fixdate, written here independently of the library's reader.
fn httpdate(at: std::time::SystemTime) -> String {
    let secs = at.duration_since(std::time::UNIX_EPOCH).unwrap().as_secs();
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][(days % 7) as usize];
    // civil_from_days (Howard Hinnant).
    let z = days as i64 + 719_468;
    let era = z / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    let name = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ][(month - 1) as usize];
    format!(
        "{weekday}, {day:02} {name} {year} {:02}:{:02}:{:02} GMT",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}
