//! A webhook handler walkthrough on built-in data: each simulated delivery goes through
//! signature verification, parsing, de-duplication (delivery id and business key), a check of
//! its claims against the chain (the receipt of its transaction, from the backend's own node,
//! through `securepay::detect`) and the partial-payment ledger, and gets the HTTP status a real
//! handler would answer. Each delivery is processed exactly once under a lease: claimed, then
//! completed after the update, or released when the work failed (the service's retry is
//! processed); a delivery another instance holds is answered 409 (the service retries).
//!
//! Run it with `cargo run --example webhook_handler` (offline: the in-memory store of one
//! process). With a Redis that every instance of a backend shares:
//! `SECUREPAY_REDIS_URL=redis://127.0.0.1:6379/ cargo run --example webhook_handler --features redis-store`
//! (the keys of each run under their own prefix, kept a day).

use std::collections::HashMap;
use std::time::{SystemTime, UNIX_EPOCH};

use http::{HeaderMap, HeaderValue};
use securepay::calldata::PaymentReference;
use securepay::currency::Catalog;
use securepay::detect::{ChainData, Coverage, Criteria, check_webhook, detect};
use securepay::network::Network;
use securepay::partial::Ledger;
use securepay::primitives::U256;
use securepay::webhook::{
    Claim, DELIVERY_HEADER, Deduplicator, Delivery, Event, LeaseError, LeaseStore, LeaseToken,
    MemoryStore, SIGNATURE_HEADER, SeenStore, sign, verify_headers,
};
use serde_json::json;

const SECRET: &str = "f3c189a4b5e6d7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2";
const REQUEST: &str = "0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93";
/// The request's payment reference and payee (what the backend stored when it created it).
const REFERENCE: &str = "0x2c3366941274c34c";
const PAYEE: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
/// USDC and ERC20FeeProxy on Base.
const USDC: &str = "833589fcd6edb6e08f4c7c32d4f71b54bda02913";
const FEE_PROXY: &str = "0x1892196e80c4c17ea5100da765ab48c1fe2fb814";
/// How long the de-duplication store keeps a key: well past the service's retries (21 s).
const DAY_MS: u64 = 86_400_000;
/// How long a claim holds a delivery: longer than the work, shorter than the service's retries
/// (1, 5 and 15 s after a failure), so that a retry takes over from an instance that died.
const LEASE_MS: u64 = 10_000;

/// The environment variable naming the Redis shared by every instance.
const REDIS_URL_VAR: &str = "SECUREPAY_REDIS_URL";

/// A de-duplication store, told the application's clock: the in-memory store forgets keys by
/// it; Redis expires its keys itself.
trait Store: SeenStore + LeaseStore {
    fn tick(&mut self, _now_ms: u64) {}
}

impl Store for MemoryStore {
    fn tick(&mut self, now_ms: u64) {
        self.set_now(now_ms);
    }
}

#[cfg(feature = "redis-store")]
impl Store for securepay::webhook::RedisStore<securepay::redis::Connection> {}

/// What the application keeps between deliveries (in a database, with the same transaction
/// as the business update). The de-duplication store is the in-memory one (bounded, for one
/// process) or Redis (shared by every instance behind the load balancer); a table of that
/// database would implement `SeenStore` too.
struct App<S> {
    seen: Deduplicator<S>,
    /// Claims made by this instance: with the process id, each claim's unique lease token.
    claims: u64,
    ledger: Ledger,
    fulfilled: u32,
    /// What the backend knows of the request, to detect its payments.
    criteria: Criteria,
    /// The backend's own node: `eth_getTransactionReceipt` answers by transaction hash.
    node: HashMap<String, String>,
}

/// Checks a payment event against the chain: the receipt of its transaction from the node,
/// the request's payments detected in it, each claim of the event compared. On agreement the
/// chain's payments are applied to the ledger (the event then only adds the service's totals).
fn against_chain<S>(app: &mut App<S>, event: &Event) -> Result<(), (u16, String)> {
    let (Event::PaymentPartial(payment) | Event::PaymentConfirmed(payment)) = event else {
        return Ok(());
    };
    let tx = payment.tx_hash.clone().unwrap_or_default();
    let Some(receipt) = app.node.get(&tx) else {
        // Not mined yet as far as this node knows: a non-2xx answer makes the service retry.
        return Err((
            503,
            format!(
                "{}: the node has no receipt for {tx} yet, retry later",
                event.name()
            ),
        ));
    };
    let settlement = ChainData::from_slice(Network::Base, receipt.as_bytes())
        .map_err(|error| error.to_string())
        .and_then(|chain| detect(&chain, &app.criteria).map_err(|error| error.to_string()))
        .map_err(|error| (502, format!("the node's answer is unusable: {error}")))?;
    let check = check_webhook(event, &settlement, Coverage::Transaction);
    if !check.agrees() {
        let claims: Vec<String> = check.findings.iter().map(ToString::to_string).collect();
        // Acknowledged (a retry would say the same) and not recorded, so the true event of the
        // same fact is still processed; a person looks at it.
        return Err((
            200,
            format!(
                "{}: the chain does not bear it out, flagged for review, nothing applied: {}",
                event.name(),
                claims.join("; ")
            ),
        ));
    }
    settlement
        .apply_to(&mut app.ledger)
        .map(drop)
        .map_err(|error| {
            (
                200,
                format!(
                    "{}: refused by the ledger, flagged for review: {error}",
                    event.name()
                ),
            )
        })
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
    // 3. Exactly once: claim a lease on the delivery and its fact (the in-memory store forgets
    //    done keys older than a day by the application's clock; Redis expires them). Another
    //    instance holding it: 409, the service retries. Done: a duplicate, 200. A store that
    //    cannot answer: 503, the service retries.
    app.seen.store_mut().tick(now_ms());
    app.claims += 1;
    let token = LeaseToken::new(format!("example-{}:{}", std::process::id(), app.claims));
    let lease = match app
        .seen
        .claim(Some(delivery.id()), &event, token, now_ms(), LEASE_MS)
    {
        Ok(Claim::New(lease)) => lease,
        Ok(claim @ Claim::InProgress(_)) => {
            return (
                claim.status(),
                format!(
                    "{}: in progress on another instance, retry later",
                    event.name()
                ),
            );
        }
        Ok(Claim::Done(duplicate)) => {
            return (200, format!("{}: duplicate ({duplicate})", event.name()));
        }
        Err(error) => return (503, format!("de-duplication store unavailable: {error}")),
    };
    // 4. The chain: does the transaction pay what the event says? When not (or not yet), the
    //    lease is released: nothing was applied, and the service's retry (or the true event of
    //    the same fact) is processed.
    let before = app.ledger.status();
    if let Err((status, note)) = against_chain(app, &event) {
        if let Err(error) = app.seen.release(&lease, now_ms()) {
            return (
                503,
                format!("{note}; lease not released ({error}): it expires"),
            );
        }
        return (status, note);
    }
    // 5. The business update.
    let note = match &event {
        Event::PaymentPartial(_) | Event::PaymentConfirmed(_) => {
            match app.ledger.apply_event(&event) {
                Ok(applied) => {
                    let mut note = format!(
                        "{}: ledger {:?} -> {:?}, paid {} of {}, remaining {}",
                        event.name(),
                        before,
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
    // 6. Complete the lease after the update: the delivery and the fact are done. A lease that
    //    expired and was taken over is refused (the other holder completes it).
    match app.seen.complete(&lease, now_ms()) {
        Ok(()) => (200, note),
        Err(LeaseError::Lost { key }) => (
            500,
            format!("{note}; the lease on {key} expired and was taken over: not marked done"),
        ),
        Err(error) => (503, format!("{note}; not marked done ({error})")),
    }
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

/// The node's `eth_getTransactionReceipt` answer for transaction `tx`: `status`, and an
/// ERC20FeeProxy payment of `units` USDC units to the payee with the request's reference.
fn receipt(
    tx: char,
    status: &str,
    units: u64,
) -> Result<(String, String), securepay::calldata::ReferenceError> {
    let hash = format!("0x{}", tx.to_string().repeat(64));
    let reference: PaymentReference = REFERENCE.parse()?;
    let word = |hex: &str| format!("{hex:0>64}");
    let payee = PAYEE.trim_start_matches("0x").to_lowercase();
    let data = format!(
        "0x{}{}{}{}{}",
        word(USDC),
        word(&payee),
        word(&format!("{:x}", U256::from(units))),
        word("0"),
        word("dead")
    );
    let logs = if status == "0x1" {
        vec![json!({
            "address": FEE_PROXY, "data": data, "logIndex": "0x7", "removed": false,
            "topics": ["0x9f16cbcc523c67a60c450e5ffe4f3b7b6dbe772e7abcadb2686ce029a9a0a2b6", format!("{:#x}", reference.topic())],
        })]
    } else {
        vec![] // a reverted transaction leaves no logs
    };
    let answer = json!({"jsonrpc": "2.0", "id": 1, "result": {
        "transactionHash": hash, "blockNumber": "0x1c9c380", "status": status,
        "from": "0x92fc3406fc6bb7a76ac63b2e8b9d02b1b9c3e4d5", "to": FEE_PROXY, "logs": logs,
        "gasUsed": "0xf4240", "type": "0x2",
    }});
    Ok((hash, answer.to_string()))
}

fn payment(event: &str, tx: char, amount: &str, total: &str) -> String {
    format!(
        r#"{{"event":"{event}","requestId":"{REQUEST}","requestID":"{REQUEST}","paymentReference":"0x2c3366941274c34c","amount":"{amount}","totalAmountPaid":"{total}","expectedAmount":"100.0","txHash":"0x{}","currency":"USDC","network":"base","subStatus":"","paymentProcessor":"request-network"}}"#,
        tx.to_string().repeat(64)
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("securepay webhook handler walkthrough (built-in data only)");
    match std::env::var(REDIS_URL_VAR) {
        #[cfg(feature = "redis-store")]
        Ok(url) => {
            use securepay::webhook::RedisStore;
            let connection = securepay::redis::Client::open(url.as_str())?.get_connection()?;
            let prefix = format!("securepay-example:{}:", now_ms());
            println!("de-duplication in Redis at {url}, keys under {prefix}, kept a day\n");
            walk(RedisStore::new(connection, DAY_MS / 1000).with_prefix(prefix))
        }
        #[cfg(not(feature = "redis-store"))]
        Ok(_) => {
            println!(
                "{REDIS_URL_VAR} is set, but this build has no Redis store: add --features redis-store. In memory instead.\n"
            );
            walk(MemoryStore::new(100_000).with_max_age(DAY_MS))
        }
        Err(_) => {
            println!("de-duplication in memory (one process; {REDIS_URL_VAR} names a Redis)\n");
            walk(MemoryStore::new(100_000).with_max_age(DAY_MS))
        }
    }
}

/// Hands every simulated delivery to the handler, over the de-duplication store `store`.
fn walk<S: Store>(store: S) -> Result<(), Box<dyn std::error::Error>> {
    let usdc = Catalog::builtin().get("USDC-base")?;
    let mut app = App {
        seen: Deduplicator::new(store),
        claims: 0,
        ledger: Ledger::for_currency(REQUEST, "100", usdc)?,
        fulfilled: 0,
        criteria: Criteria::new(Network::Base, REFERENCE.parse()?)
            .with_payee(PAYEE.parse()?)?
            .with_currency(usdc.clone())?,
        node: HashMap::new(),
    };

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
    app.node = HashMap::from([
        receipt('1', "0x1", 40_000_000)?,
        receipt('2', "0x1", 35_000_000)?,
        receipt('3', "0x1", 30_000_000)?,
        receipt('4', "0x0", 0)?,
    ]);

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
            "a correctly signed confirmation whose transaction reverted on chain",
            delivery(
                "01KJC2WX8EH4MP3DHZB2YQ7N13",
                &payment("payment.confirmed", '4', "25.0", "100.0"),
            ),
        ),
        (
            "a confirmation of a transaction the node has not seen yet",
            delivery(
                "01KJC2WX8EH4MP3DHZB2YQ7N14",
                &payment("payment.confirmed", '5', "25.0", "100.0"),
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

    // Another instance holds a delivery (claimed, still working): this one answers 409. The
    // other instance's work fails and it releases the lease: the service's retry is processed.
    let refund = delivery(
        "01KJC2WX8EH4MP3DHZB2YQ7N15",
        &format!(r#"{{"event":"payment.refunded","requestId":"{REQUEST}"}}"#),
    );
    let other = LeaseToken::new(format!("other-instance-{}:1", std::process::id()));
    let Claim::New(held) = app.seen.claim(
        Some(Delivery::from_headers(&refund.0)?.id()),
        &Event::parse_unverified(&refund.1)?,
        other,
        now_ms(),
        LEASE_MS,
    )?
    else {
        return Err("the refund is new".into());
    };
    let (status, note) = handle(&mut app, &refund.0, &refund.1);
    println!("a refund another instance is processing\n   -> {status} {note}");
    app.seen.release(&held, now_ms())?;
    let (status, note) = handle(&mut app, &refund.0, &refund.1);
    println!("its retry, after the other instance failed and released it\n   -> {status} {note}");
    let (status, note) = handle(&mut app, &refund.0, &refund.1);
    println!("and once more\n   -> {status} {note}");
    println!(
        "\nThe order was fulfilled {} time(s); over-payment recorded: {} USDC; the service caps it to the remainder.",
        app.fulfilled,
        app.ledger.excess()
    );
    Ok(())
}
