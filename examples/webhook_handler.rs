//! A webhook handler walkthrough on built-in data: each simulated delivery goes through
//! signature verification, parsing, de-duplication (delivery id and business key) and the
//! partial-payment ledger, and gets the HTTP status a real handler would answer.
//!
//! Run it with `cargo run --example webhook_handler` (offline: the in-memory store of one
//! process). With a Redis that every instance of a backend shares:
//! `SECUREPAY_REDIS_URL=redis://127.0.0.1:6379/ cargo run --example webhook_handler --features redis-store`
//! (the keys of each run under their own prefix, kept a day).

use std::time::{SystemTime, UNIX_EPOCH};

use http::{HeaderMap, HeaderValue};
use securepay::currency::Catalog;
use securepay::partial::Ledger;
use securepay::webhook::{
    DELIVERY_HEADER, Deduplicator, Delivery, Event, MemoryStore, SIGNATURE_HEADER, SeenStore, sign,
    verify_headers,
};

const SECRET: &str = "f3c189a4b5e6d7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2";
const REQUEST: &str = "0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93";
/// How long the de-duplication store keeps a key: well past the service's retries (21 s).
const DAY_MS: u64 = 86_400_000;

/// The environment variable naming the Redis shared by every instance.
const REDIS_URL_VAR: &str = "SECUREPAY_REDIS_URL";

/// A de-duplication store, told the application's clock: the in-memory store forgets keys by
/// it; Redis expires its keys itself.
trait Store: SeenStore {
    fn tick(&mut self, _now_ms: u64) {}
}

impl Store for MemoryStore {
    fn tick(&mut self, now_ms: u64) {
        self.set_now(now_ms);
    }
}

#[cfg(feature = "redis-store")]
impl Store for securepay::webhook::RedisStore<securepay::redis::Connection> {}

/// What the application keeps between deliveries (in a database). The de-duplication store
/// is the in-memory one (bounded, for one process) or Redis (shared by every instance behind
/// the load balancer).
struct App<S> {
    seen: Deduplicator<S>,
    ledger: Ledger,
    fulfilled: u32,
}

/// The handler: answers an HTTP status and says why.
fn handle<S: Store>(app: &mut App<S>, headers: &HeaderMap, body: &[u8]) -> (u16, String) {
    // 1. Verify before parsing, on the raw bytes.
    let verified = match verify_headers(SECRET, body, headers) {
        Ok(verified) => verified,
        Err(error) => return (401, format!("signature refused: {error}")),
    };
    let delivery = match Delivery::from_headers(headers) {
        Ok(delivery) => delivery,
        Err(error) => return (400, format!("delivery headers refused: {error}")),
    };
    // 2. Parse into a typed event.
    let event = match verified.parse() {
        Ok(event) => event,
        Err(error) => return (400, format!("not a webhook event: {error}")),
    };
    // 3. At least once: claim the delivery and its fact in one atomic step. With a store
    //    every instance shares, of two instances handed the same fact one processes it. The
    //    updates below do not fail for a passing reason (a ledger refusal is acknowledged and
    //    flagged); a handler whose update can fail claims in the update's own transaction (a
    //    table of its database), or, with a store of one process, checks first and records
    //    after. A store that cannot answer: 503, and the service retries.
    app.seen.store_mut().tick(now_ms());
    match app.seen.first_seen(Some(delivery.id()), &event) {
        Ok(None) => {}
        Ok(Some(duplicate)) => {
            return (200, format!("{}: duplicate ({duplicate})", event.name()));
        }
        Err(error) => return (503, format!("de-duplication store unavailable: {error}")),
    }
    // 4. The business update.
    let note = match &event {
        Event::PaymentPartial(_) | Event::PaymentConfirmed(_) => {
            match app.ledger.apply_event(&event) {
                Ok(applied) => {
                    let mut note = format!(
                        "{}: ledger {:?} -> {:?}, paid {} of {}, remaining {}",
                        event.name(),
                        applied.previous,
                        applied.status,
                        app.ledger.paid(),
                        app.ledger.expected(),
                        app.ledger.remaining()
                    );
                    if app.ledger.is_settled() && matches!(event, Event::PaymentConfirmed(_)) {
                        app.fulfilled += 1;
                        note.push_str(" -> settled: fulfil the order");
                    } else {
                        note.push_str(" (not settled: do not fulfil yet)");
                    }
                    note
                }
                // A permanent anomaly: retries would not help. Acknowledge, and flag it for a
                // person instead of applying it.
                Err(error) => format!(
                    "{}: refused by the ledger, flagged for review: {error}",
                    event.name()
                ),
            }
        }
        Event::Other { name, .. } => format!("{name}: unknown event, acknowledged and logged"),
        other => format!("{}: acknowledged", other.name()),
    };
    (200, note)
}

/// The application's clock, in Unix milliseconds.
fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| {
            u64::try_from(elapsed.as_millis()).unwrap_or(u64::MAX)
        })
}

fn delivery(id: &str, body: &str) -> (HeaderMap, Vec<u8>) {
    let mut headers = HeaderMap::new();
    if let Ok(value) = HeaderValue::from_str(id) {
        headers.insert(DELIVERY_HEADER, value);
    }
    if let Ok(signature) = sign(SECRET, body.as_bytes()) {
        if let Ok(value) = HeaderValue::from_str(&signature) {
            headers.insert(SIGNATURE_HEADER, value);
        }
    }
    (headers, body.as_bytes().to_vec())
}

fn payment(event: &str, tx: char, amount: &str, total: &str) -> String {
    format!(
        r#"{{"event":"{event}","requestId":"{REQUEST}","requestID":"{REQUEST}","paymentReference":"0x2c3366941274c34c","amount":"{amount}","totalAmountPaid":"{total}","expectedAmount":"100.0","txHash":"0x{}","currency":"USDC","network":"base","subStatus":"","paymentProcessor":"request-network"}}"#,
        tx.to_string().repeat(64)
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("securepay webhook handler walkthrough (built-in data only)");
    let ledger = Ledger::for_currency(REQUEST, "100", Catalog::builtin().get("USDC-base")?)?;
    match std::env::var(REDIS_URL_VAR) {
        #[cfg(feature = "redis-store")]
        Ok(url) => {
            use securepay::webhook::RedisStore;
            let connection = securepay::redis::Client::open(url.as_str())?.get_connection()?;
            let prefix = format!("securepay-example:{}:", now_ms());
            println!("de-duplication in Redis at {url}, keys under {prefix}, kept a day\n");
            let store = RedisStore::new(connection, DAY_MS / 1000).with_prefix(prefix);
            walk(App {
                seen: Deduplicator::new(store),
                ledger,
                fulfilled: 0,
            })
        }
        #[cfg(not(feature = "redis-store"))]
        Ok(_) => {
            println!(
                "{REDIS_URL_VAR} is set, but this build has no Redis store: add --features redis-store. In memory instead.\n"
            );
            walk(memory_app(ledger))
        }
        Err(_) => {
            println!("de-duplication in memory (one process; {REDIS_URL_VAR} names a Redis)\n");
            walk(memory_app(ledger))
        }
    }
}

/// The application with the in-memory store: a day of keys, at most 100,000.
fn memory_app(ledger: Ledger) -> App<MemoryStore> {
    App {
        seen: Deduplicator::new(MemoryStore::new(100_000).with_max_age(DAY_MS)),
        ledger,
        fulfilled: 0,
    }
}

/// Hands every simulated delivery to the handler.
fn walk<S: Store>(mut app: App<S>) -> Result<(), Box<dyn std::error::Error>> {
    let first = delivery(
        "01KJC2WX8EH4MP3DHZB2YQ7N01",
        &payment("payment.partial", '1', "40.0", "40.0"),
    );
    let mut forged = delivery(
        "01KJC2WX8EH4MP3DHZB2YQ7N02",
        &payment("payment.confirmed", '9', "60.0", "100.0"),
    );
    forged.0.insert(
        SIGNATURE_HEADER,
        HeaderValue::from_str(&sign("guessed-secret", &forged.1)?)?,
    );
    let mut tampered = delivery(
        "01KJC2WX8EH4MP3DHZB2YQ7N03",
        &payment("payment.partial", '2', "10.0", "50.0"),
    );
    tampered.1 = payment("payment.partial", '2', "60.0", "100.0").into_bytes();
    let mut uppercase = delivery(
        "01KJC2WX8EH4MP3DHZB2YQ7N04",
        &payment("payment.partial", '2', "10.0", "50.0"),
    );
    let upper = sign(SECRET, &uppercase.1)?.to_uppercase();
    uppercase
        .0
        .insert(SIGNATURE_HEADER, HeaderValue::from_str(&upper)?);
    let mut trailing_space = delivery(
        "01KJC2WX8EH4MP3DHZB2YQ7N05",
        &payment("payment.partial", '2', "10.0", "50.0"),
    );
    trailing_space.1.push(b' ');

    let deliveries = [
        ("a first partial payment", first.clone()),
        ("the same delivery retried", first),
        (
            "the checkout variant of that payment",
            delivery(
                "01KJC2WX8EH4MP3DHZB2YQ7N06",
                &payment("payment.partial.checkout", '1', "40.0", "40.0"),
            ),
        ),
        ("a confirmation signed with a guessed secret", forged),
        ("a body changed after signing", tampered),
        ("a signature in uppercase hex", uppercase),
        ("a body with one trailing space", trailing_space),
        (
            "a second partial payment",
            delivery(
                "01KJC2WX8EH4MP3DHZB2YQ7N07",
                &payment("payment.partial", '2', "35.0", "75.0"),
            ),
        ),
        (
            "a partial for another amount of the same transaction",
            delivery(
                "01KJC2WX8EH4MP3DHZB2YQ7N08",
                &payment("payment.partial", '2', "36.0", "76.0"),
            ),
        ),
        (
            "the final payment, over-paying by 5",
            delivery(
                "01KJC2WX8EH4MP3DHZB2YQ7N09",
                &payment("payment.confirmed", '3', "30.0", "100.0"),
            ),
        ),
        (
            "its Client ID variant",
            delivery(
                "01KJC2WX8EH4MP3DHZB2YQ7N10",
                &payment("payment.confirmed.client_id", '3', "30.0", "100.0"),
            ),
        ),
        (
            "an event this version does not know",
            delivery(
                "01KJC2WX8EH4MP3DHZB2YQ7N11",
                r#"{"event":"payout.sent","id":"p_1"}"#,
            ),
        ),
        (
            "a body that is not JSON",
            delivery("01KJC2WX8EH4MP3DHZB2YQ7N12", "ok"),
        ),
    ];
    for (what, (headers, body)) in &deliveries {
        let (status, note) = handle(&mut app, headers, body);
        println!("{what}\n   -> {status} {note}");
    }
    println!(
        "\nThe order was fulfilled {} time(s); over-payment recorded: {} USDC; the service caps it to the remainder.",
        app.fulfilled,
        app.ledger.excess()
    );
    Ok(())
}
