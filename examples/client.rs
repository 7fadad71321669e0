//! The HTTPS client (feature `client`) against a local stand-in for the service that this
//! example starts itself: a status read that is retried after a 503 with `Retry-After`, a
//! request created, and a creation answered 503 that is **not** sent again (it may have been
//! processed: retrying it could create the request twice).
//!
//! ```sh
//! cargo run --example client --features client
//! ```
//!
//! The stand-in answers each connection with the next scripted answer; it is plain HTTP on
//! 127.0.0.1 (the client speaks HTTPS to the service, and HTTP to a base URL that says so).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use securepay::api::{Api, Client, CreateRequest, Credential, Jitter, RetryPolicy};

/// The scripted answers, in order: status, headers, body.
const ANSWERS: &[(u16, &str, &str)] = &[
    // GET /v2/request/{id}: busy once, then the status.
    (503, "retry-after: 1\r\n", r#"{"message":"busy"}"#),
    (
        200,
        "",
        r#"{"hasBeenPaid":false,"requestId":"01e2","isListening":true,"txHash":null}"#,
    ),
    // POST /v2/request: created.
    (
        201,
        "",
        r#"{"paymentReference":"0xb3581f0b0f74cc61","requestId":"01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb"}"#,
    ),
    // POST /v2/request again: a 503 after the service may have acted.
    (503, "retry-after: 1\r\n", r#"{"message":"unavailable"}"#),
];

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (url, served) = serve()?;
    println!("A local stand-in for the service at {url}");

    let api = Api::new().with_base_url(&url)?;
    let key = Credential::api_key("sk_test_example")?;
    // Four attempts at most, 30 s in all; no jitter, so that the output is the same each run.
    let client = Client::new(securepay::reqwest::Client::new())
        .with_retry(
            RetryPolicy::new(Duration::from_millis(100), Duration::from_secs(2), 4)?
                .with_max_elapsed(Duration::from_secs(30)),
        )
        .with_jitter(|_attempt| Jitter::per_mille(0));

    // 1. A read is safe to repeat: the 503 is retried after its Retry-After.
    let status = client.send(api.get_request_status(&key, "01e2")?).await?;
    println!(
        "1. GET the request's status: paid {} (after {} answers)",
        status.has_been_paid,
        served.load(Ordering::SeqCst)
    );

    // 2. A creation: answered 201 at once.
    let body = CreateRequest::new("10".parse()?, "USD", "USDC-base")?
        .payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
    let created = client.send(api.create_request(&key, &body)?).await?;
    println!(
        "2. POST a request: created {}, reference {}",
        created.request_id, created.payment_reference
    );

    // 3. The same creation answered 503: not sent again, and the error says why.
    let before = served.load(Ordering::SeqCst);
    let error = match client.send(api.create_request(&key, &body)?).await {
        Ok(created) => return Err(format!("a 503 was taken for {created:?}").into()),
        Err(error) => error,
    };
    println!(
        "3. POST again, answered 503: {} attempt(s), sent {} time(s); {error}",
        error.attempts,
        served.load(Ordering::SeqCst) - before
    );
    Ok(())
}

/// Starts the stand-in on a free port of 127.0.0.1: its base URL, and how many requests it
/// has answered.
fn serve() -> std::io::Result<(String, Arc<AtomicUsize>)> {
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let url = format!("http://{}", listener.local_addr()?);
    let served = Arc::new(AtomicUsize::new(0));
    let count = Arc::clone(&served);
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let n = count.fetch_add(1, Ordering::SeqCst);
            let answer = ANSWERS.get(n).or(ANSWERS.last()).copied();
            if let Some(answer) = answer {
                // A connection that fails is the client's to report; the stand-in goes on.
                let _ = answer_one(stream, answer);
            }
        }
    });
    Ok((url, served))
}

/// Reads one request (its head, then `content-length` bytes) and writes `answer`.
fn answer_one(
    stream: TcpStream,
    (status, headers, body): (u16, &str, &str),
) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut length = 0usize;
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 || line == "\r\n" {
            break;
        }
        if let Some((name, value)) = line.trim_end().split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut request_body = vec![0; length];
    reader.read_exact(&mut request_body)?;
    let mut stream = stream;
    write!(
        stream,
        "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n{headers}\r\n{body}",
        body.len()
    )?;
    stream.flush()
}
