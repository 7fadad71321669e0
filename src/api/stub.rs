//! A local HTTP/1.1 stub server for the examples of [`Client`](super::Client) and the client's
//! tests (feature `client`): written once here instead of in each of them. Not part of the
//! API: hidden from the documentation and free to change.

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use http::StatusCode;

/// A request the stub received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seen {
    /// The request line (`POST /v2/request HTTP/1.1`).
    pub line: String,
    /// The headers, names in lowercase, in order.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
}

/// A running stub: its base URL and what it has received so far.
#[derive(Debug, Clone)]
pub struct Stub {
    url: String,
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl Stub {
    /// `http://127.0.0.1:{port}`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The requests received so far, in order.
    pub fn seen(&self) -> Vec<Seen> {
        self.seen
            .lock()
            .map(|seen| seen.clone())
            .unwrap_or_default()
    }

    /// How many requests it has received.
    pub fn hits(&self) -> usize {
        self.seen.lock().map(|seen| seen.len()).unwrap_or_default()
    }
}

/// Serves on `127.0.0.1` (a free port) in a background thread: the n-th connection gets the
/// n-th of `replies` (status and JSON body), then the last one again. Status 0 closes the
/// connection without answering.
pub fn serve(replies: &[(u16, &str)]) -> io::Result<Stub> {
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let url = format!("http://{}", listener.local_addr()?);
    let replies: Vec<(u16, String)> = replies
        .iter()
        .map(|(status, body)| (*status, (*body).to_owned()))
        .collect();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&seen);
    std::thread::spawn(move || {
        for (n, stream) in listener.incoming().enumerate() {
            let (Ok(stream), Some(reply)) = (stream, replies.get(n).or(replies.last())) else {
                break;
            };
            // A client that goes away mid-request is the client's business: serve the next.
            let _ = answer(stream, reply, &log);
        }
    });
    Ok(Stub { url, seen })
}

/// Reads one request, records it, and answers it with `reply`.
fn answer(stream: TcpStream, reply: &(u16, String), log: &Mutex<Vec<Seen>>) -> io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut line = String::new();
    reader.read_line(&mut line)?;
    let mut headers = Vec::new();
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header)? == 0 {
            break;
        }
        let Some((name, value)) = header.trim_end().split_once(':') else {
            break; // the blank line that ends the head
        };
        headers.push((name.to_ascii_lowercase(), value.trim().to_owned()));
    }
    let length = headers
        .iter()
        .find(|(name, _)| name == "content-length")
        .and_then(|(_, value)| value.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    if let Ok(mut seen) = log.lock() {
        seen.push(Seen {
            line: line.trim_end().to_owned(),
            headers,
            body,
        });
    }
    let (status, text) = reply;
    if *status == 0 {
        return stream.shutdown(Shutdown::Both);
    }
    let reason = StatusCode::from_u16(*status)
        .ok()
        .and_then(|s| s.canonical_reason())
        .unwrap_or("Unknown");
    let mut stream = stream;
    write!(
        stream,
        "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{text}",
        text.len()
    )?;
    stream.flush()
}
