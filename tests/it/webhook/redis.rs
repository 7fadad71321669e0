//! `webhook::RedisStore` against a real `redis-server` that each test starts on a free port of
//! the loopback and stops. Without `redis-server` on the PATH a test says so and passes, except
//! under CI (`CI` set), where a missing server fails: `.ci/run` installs Debian's package.

use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use securepay::redis;
use securepay::webhook::{
    AsyncSeenStore, Deduplicator, DeliveryId, Duplicate, Event, RedisStore, RedisStoreError,
    SeenKey, SeenStore,
};

/// A `redis-server` of this test: no persistence, on 127.0.0.1 only; killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    /// Starts a server, or `None` (with a message) where `redis-server` is not installed
    /// outside CI.
    fn start() -> Option<Server> {
        let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .and_then(|listener| listener.local_addr())
            .map(|address| address.port())
            .expect("a free port");
        let spawned = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args([
                "--save",
                "",
                "--appendonly",
                "no",
                "--protected-mode",
                "yes",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        let child = match spawned {
            Ok(child) => child,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                assert!(
                    std::env::var_os("CI").is_none(),
                    "redis-server is not installed, and CI is set: .ci/run installs it (apt-get install redis-server)"
                );
                eprintln!(
                    "skipped: redis-server is not installed (apt-get install redis-server runs these tests)"
                );
                return None;
            }
            Err(error) => panic!("cannot start redis-server: {error}"),
        };
        let server = Server { child, port };
        let deadline = Instant::now() + Duration::from_secs(10);
        while TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err() {
            assert!(
                Instant::now() < deadline,
                "redis-server did not listen on {port}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        Some(server)
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/", self.port)
    }

    fn client(&self) -> redis::Client {
        redis::Client::open(self.url()).unwrap()
    }

    /// A new blocking connection: another instance of the backend.
    fn connection(&self) -> redis::Connection {
        self.client().get_connection().unwrap()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn event(body: &str) -> Event {
    Event::parse_unverified(body.as_bytes()).unwrap()
}

fn id(text: &str) -> DeliveryId {
    text.parse().unwrap()
}

#[test]
fn a_key_is_claimed_once_kept_its_ttl_and_read_back() {
    let Some(server) = Server::start() else {
        return;
    };
    let mut store = RedisStore::new(server.connection(), 3_600);
    let key = SeenKey::Delivery(id("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    assert!(!store.contains(&key).unwrap());
    assert!(store.first_seen(&key).unwrap(), "new");
    assert!(!store.first_seen(&key).unwrap(), "already claimed");
    assert!(store.contains(&key).unwrap());
    // Under its prefixed name, with the expiry set by the same SET.
    let mut raw = server.connection();
    let name = "securepay:seen:delivery:01ARZ3NDEKTSV4RRFFQ69G5FAV";
    let ttl: i64 = redis::cmd("TTL").arg(name).query(&mut raw).unwrap();
    assert!((3_590..=3_600).contains(&ttl), "{ttl}");
    // Another prefix is another namespace.
    let mut other = RedisStore::new(server.connection(), 60).with_prefix("other:");
    assert!(other.first_seen(&key).unwrap());
    // Redis forgets the key at its expiry: it is new again.
    let mut short = RedisStore::new(server.connection(), 1).with_prefix("short:");
    assert!(short.first_seen(&key).unwrap());
    let deadline = Instant::now() + Duration::from_secs(5);
    while short.contains(&key).unwrap() {
        assert!(Instant::now() < deadline, "the key expires");
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        short.first_seen(&key).unwrap(),
        "a forgotten key is a key never seen"
    );
}

/// Eight instances (a connection each, a thread each) handed the same delivery at once: one
/// processes it, seven see a duplicate; and a scoped variant through another instance is the
/// same fact.
#[test]
fn of_many_instances_one_processes_a_delivery() {
    let Some(server) = Server::start() else {
        return;
    };
    let confirmed = r#"{"event":"payment.confirmed","requestId":"01ab","txHash":"0xab"}"#;
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(8));
    let handles: Vec<_> = (0..8)
        .map(|_| {
            let mut seen = Deduplicator::new(RedisStore::new(server.connection(), 60));
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                barrier.wait();
                seen.first_seen(Some(id("01ARZ3NDEKTSV4RRFFQ69G5FAV")), &event(confirmed))
                    .unwrap()
            })
        })
        .collect();
    let answers: Vec<Option<Duplicate>> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(
        answers.iter().filter(|a| a.is_none()).count(),
        1,
        "{answers:?}"
    );
    assert!(
        answers
            .iter()
            .flatten()
            .all(|d| matches!(d, Duplicate::Delivery(_))),
        "{answers:?}"
    );
    let checkout = r#"{"event":"payment.confirmed.checkout","requestId":"01ab","txHash":"0xab"}"#;
    let mut another = Deduplicator::new(RedisStore::new(server.connection(), 60));
    assert!(matches!(
        another
            .first_seen(Some(id("01ARZ3NDEKTSV4RRFFQ69G5FAW")), &event(checkout))
            .unwrap(),
        Some(Duplicate::BusinessKey(_))
    ));
    assert!(another.check(None, &event(confirmed)).unwrap().is_some());
}

#[test]
fn the_async_store_claims_over_a_multiplexed_connection() {
    let Some(server) = Server::start() else {
        return;
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let client = server.client();
        let connection = client.get_multiplexed_async_connection().await.unwrap();
        let mut seen = Deduplicator::new(RedisStore::new(connection.clone(), 60));
        let refunded = event(r#"{"event":"payment.refunded","requestId":"01ab"}"#);
        let first = id("01ARZ3NDEKTSV4RRFFQ69G5FAV");
        assert_eq!(
            seen.check_async(Some(first), &refunded).await.unwrap(),
            None
        );
        assert_eq!(
            seen.first_seen_async(Some(first), &refunded).await.unwrap(),
            None
        );
        assert!(matches!(
            seen.first_seen_async(Some(first), &refunded).await.unwrap(),
            Some(Duplicate::Delivery(_))
        ));
        // Claims of one key from concurrent tasks over clones of the connection: one wins.
        let key = SeenKey::Delivery(id("01ARZ3NDEKTSV4RRFFQ69G5FAX"));
        let claims = (0..16).map(|_| {
            let mut store = RedisStore::new(connection.clone(), 60);
            let key = key.clone();
            async move { AsyncSeenStore::first_seen(&mut store, &key).await.unwrap() }
        });
        let mut won = 0;
        for claim in claims.map(tokio::spawn).collect::<Vec<_>>() {
            won += usize::from(claim.await.unwrap());
        }
        assert_eq!(won, 1);
        // A blocking instance sees what the async one recorded.
        let mut blocking = Deduplicator::new(RedisStore::new(server.connection(), 60));
        assert!(blocking.check(None, &refunded).unwrap().is_some());
    });
}

/// A store that cannot answer fails closed: an error, never "new".
#[test]
fn a_server_that_is_gone_is_an_error_not_a_new_key() {
    let Some(mut server) = Server::start() else {
        return;
    };
    let mut seen = Deduplicator::new(RedisStore::new(server.connection(), 60));
    let _ = server.child.kill();
    let _ = server.child.wait();
    let refunded = event(r#"{"event":"payment.refunded","requestId":"01ab"}"#);
    let error = seen.first_seen(None, &refunded).unwrap_err();
    assert!(
        matches!(&error, RedisStoreError::Claim { key, .. } if key.starts_with("securepay:seen:fact:")),
        "{error:?}"
    );
    assert!(
        std::error::Error::source(&error).is_some(),
        "the client's error is kept"
    );
    assert!(matches!(
        seen.check(None, &refunded),
        Err(RedisStoreError::Read { .. })
    ));
}
