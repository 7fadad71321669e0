//! `webhook::RedisStore` against a real `redis-server` that each test starts on a free port of
//! the loopback and stops. Without `redis-server` on the PATH a test says so and passes, except
//! under CI (`CI` set), where a missing server fails: `.ci/run` installs Debian's package.

use std::net::{Ipv4Addr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use securepay::redis;
use securepay::webhook::{
    AsyncSeenStore, Claim, Deduplicator, DeliveryId, Duplicate, Event, Lease, LeaseError,
    LeaseToken, RedisStore, RedisStoreError, SeenKey, SeenStore,
};

/// A `redis-server` of this test: no persistence, on 127.0.0.1 only; killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    /// Starts a server, or `None` (with a message) where `redis-server` is not installed
    /// outside CI. The free port is found by binding port 0 and letting it go, so a test
    /// running at the same time may take it first: the server reached must be this child
    /// (`INFO server` names its `process_id`), or another port is tried.
    fn start() -> Option<Server> {
        for _ in 0..10 {
            match Server::try_start()? {
                Ok(server) => return Some(server),
                Err(mut child) => {
                    let _ = child.kill();
                    let _ = child.wait();
                }
            }
        }
        panic!("no redis-server of this test listened after 10 ports");
    }

    /// `None` without redis-server; `Err(child)` when the port was not this child's.
    fn try_start() -> Option<Result<Server, Child>> {
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
        let mut child = match spawned {
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
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if matches!(child.try_wait(), Ok(Some(_))) {
                return Some(Err(child)); // it could not bind: the port was taken
            }
            if TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_ok() {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "redis-server did not listen on {port}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        let ours = redis::Client::open(format!("redis://127.0.0.1:{port}/"))
            .and_then(|client| client.get_connection())
            .and_then(|mut connection| {
                redis::cmd("INFO")
                    .arg("server")
                    .query::<String>(&mut connection)
            })
            .is_ok_and(|info| {
                info.lines()
                    .any(|line| line.trim() == format!("process_id:{}", child.id()))
            });
        if !ours {
            return Some(Err(child));
        }
        Some(Ok(Server { child, port }))
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

/// Issue 34 item 1. With the claim-first API (`first_seen`) a delivery whose work failed after
/// the claim was lost: the retry answered `Some(Delivery(…))`. With a lease, the failed work
/// releases it and the retry is processed; a completed one is a duplicate.
#[test]
fn a_claim_whose_work_failed_is_released_and_the_retry_processed() {
    let Some(server) = Server::start() else {
        return;
    };
    let mut seen = Deduplicator::new(RedisStore::new(server.connection(), 60));
    let refunded = event(r#"{"event":"payment.refunded","requestId":"01ab"}"#);
    let delivery = Some(id("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    let Claim::New(lease) = seen
        .claim(delivery, &refunded, LeaseToken::new("a:1"), 0, 10_000)
        .unwrap()
    else {
        panic!("attempt 1 is new")
    };
    // The work fails: release, answer 500, the service retries.
    seen.release(&lease, 0).unwrap();
    let retry = seen
        .claim(delivery, &refunded, LeaseToken::new("a:2"), 0, 10_000)
        .unwrap();
    let Claim::New(lease) = retry else {
        panic!("attempt 2 (retry after our 500): {retry:?}")
    };
    // Released, the old token holds nothing: completing with it is refused.
    let stale = Lease::clone(&lease);
    seen.complete(&lease, 0).unwrap();
    let again = seen
        .claim(delivery, &refunded, LeaseToken::new("a:3"), 0, 10_000)
        .unwrap();
    assert!(
        matches!(again, Claim::Done(Duplicate::Delivery(_))),
        "{again:?}"
    );
    assert!(matches!(
        seen.complete(&stale, 0),
        Err(LeaseError::Lost { .. })
    ));
    // Done keys are kept the store's TTL, as `first_seen` keys are.
    let mut raw = server.connection();
    let name = "securepay:seen:delivery:01ARZ3NDEKTSV4RRFFQ69G5FAV";
    let value: String = redis::cmd("GET").arg(name).query(&mut raw).unwrap();
    let ttl: i64 = redis::cmd("TTL").arg(name).query(&mut raw).unwrap();
    assert_eq!(value, "done");
    assert!((50..=60).contains(&ttl), "{ttl}");
}

/// An instance that dies mid-way never completes nor releases: its lease expires (Redis's
/// clock), another instance takes the delivery over, and the dead one, should it wake up,
/// cannot mark it done over the new holder.
#[test]
fn a_lease_of_an_instance_that_died_expires_and_is_taken_over() {
    let Some(server) = Server::start() else {
        return;
    };
    let mut dead = Deduplicator::new(RedisStore::new(server.connection(), 60));
    let mut alive = Deduplicator::new(RedisStore::new(server.connection(), 60));
    let confirmed = event(r#"{"event":"payment.confirmed","requestId":"01ab","txHash":"0xab"}"#);
    let delivery = Some(id("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    let Claim::New(zombie) = dead
        .claim(delivery, &confirmed, LeaseToken::new("dead:1"), 0, 300)
        .unwrap()
    else {
        panic!("new")
    };
    // While the lease runs, a retry is told to come back later.
    let busy = alive
        .claim(delivery, &confirmed, LeaseToken::new("alive:1"), 0, 300)
        .unwrap();
    assert!(
        matches!(&busy, Claim::InProgress(SeenKey::Delivery(_))),
        "{busy:?}"
    );
    assert_eq!(busy.status(), 409);
    std::thread::sleep(Duration::from_millis(400));
    let Claim::New(lease) = alive
        .claim(delivery, &confirmed, LeaseToken::new("alive:2"), 0, 10_000)
        .unwrap()
    else {
        panic!("taken over after the expiry")
    };
    let lost = dead.complete(&zombie, 0).unwrap_err();
    assert!(
        matches!(
            &lost,
            LeaseError::Lost {
                key: SeenKey::Delivery(_)
            }
        ),
        "{lost:?}"
    );
    dead.release(&zombie, 0).unwrap(); // releases nothing of the new holder's
    alive.complete(&lease, 0).unwrap();
    assert!(matches!(
        dead.claim(delivery, &confirmed, LeaseToken::new("dead:2"), 0, 300)
            .unwrap(),
        Claim::Done(_)
    ));
}

/// A delivery claims its id and its fact together, all or nothing: a scoped variant whose fact
/// is in progress takes neither key, so its retry is free to be processed later.
#[test]
fn a_claim_of_two_keys_takes_both_or_neither() {
    let Some(server) = Server::start() else {
        return;
    };
    let mut one = Deduplicator::new(RedisStore::new(server.connection(), 60));
    let mut two = Deduplicator::new(RedisStore::new(server.connection(), 60));
    let core = event(r#"{"event":"payment.confirmed","requestId":"01ab","txHash":"0xab"}"#);
    let checkout =
        event(r#"{"event":"payment.confirmed.checkout","requestId":"01ab","txHash":"0xab"}"#);
    let first = Some(id("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    let second = Some(id("01ARZ3NDEKTSV4RRFFQ69G5FAW"));
    let Claim::New(lease) = one
        .claim(first, &core, LeaseToken::new("one"), 0, 10_000)
        .unwrap()
    else {
        panic!("new")
    };
    // In progress is not processed: `check` does not count a lease.
    assert_eq!(two.check(None, &checkout).unwrap(), None);
    let busy = two
        .claim(second, &checkout, LeaseToken::new("two"), 0, 10_000)
        .unwrap();
    assert!(
        matches!(&busy, Claim::InProgress(SeenKey::Fact(_))),
        "{busy:?}"
    );
    let mut raw = server.connection();
    let exists: bool = redis::cmd("EXISTS")
        .arg("securepay:seen:delivery:01ARZ3NDEKTSV4RRFFQ69G5FAW")
        .query(&mut raw)
        .unwrap();
    assert!(
        !exists,
        "the variant's delivery id is not left half-claimed"
    );
    // The first holder's work fails: released, the variant is processed.
    one.release(&lease, 0).unwrap();
    let Claim::New(lease) = two
        .claim(second, &checkout, LeaseToken::new("two:2"), 0, 10_000)
        .unwrap()
    else {
        panic!("processed after the release")
    };
    two.complete(&lease, 0).unwrap();
    assert!(matches!(
        one.claim(first, &core, LeaseToken::new("one:2"), 0, 10_000)
            .unwrap(),
        Claim::Done(Duplicate::BusinessKey(_))
    ));
}

/// What a simulated instance does with a delivery.
#[derive(Clone, Copy, Debug)]
enum Fate {
    Succeeds,
    /// The work fails: release, answer 500.
    Fails,
    /// The instance dies mid-way: no answer (the service times out and retries), the lease is
    /// left to expire; the instance comes back later and tries to complete it.
    Dies,
}

/// Eight instances (a thread and a connection each) behind a load balancer, one Redis, and a
/// service that delivers 24 deliveries of 12 facts (each core event and its checkout variant)
/// at least once: every delivery is sent to two instances at once, and resent after any
/// non-2xx answer or timeout. Instances fail or die at chosen attempts. In the end every
/// delivery was acknowledged and every fact completed exactly once.
#[test]
fn concurrent_instances_with_failures_and_deaths_complete_each_fact_once() {
    use std::collections::VecDeque;
    use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};

    let Some(server) = Server::start() else {
        return;
    };
    const FACTS: usize = 12;
    const LEASE_MS: u64 = 500;
    let deliveries: Vec<(DeliveryId, Event, usize)> = (0..FACTS)
        .flat_map(|fact| {
            let core = format!(
                r#"{{"event":"payment.confirmed","requestId":"req{fact}","txHash":"0xab"}}"#
            );
            let checkout = format!(
                r#"{{"event":"payment.confirmed.checkout","requestId":"req{fact}","txHash":"0xab"}}"#
            );
            [
                (id(&format!("01ARZ3NDEKTSV4RRFFQ69G{:04}", fact * 2)), event(&core), fact),
                (id(&format!("01ARZ3NDEKTSV4RRFFQ69G{:04}", fact * 2 + 1)), event(&checkout), fact),
            ]
        })
        .collect();
    let deliveries = Arc::new(deliveries);
    // The service's queue: (delivery, attempt); each delivery sent twice at once.
    let queue: Arc<Mutex<VecDeque<(usize, u32)>>> = Arc::new(Mutex::new(
        (0..deliveries.len())
            .flat_map(|d| [(d, 0), (d, 0)])
            .collect(),
    ));
    let acknowledged: Arc<Vec<AtomicUsize>> =
        Arc::new((0..deliveries.len()).map(|_| AtomicUsize::new(0)).collect());
    let completed: Arc<Vec<AtomicUsize>> =
        Arc::new((0..FACTS).map(|_| AtomicUsize::new(0)).collect());
    let started: Arc<Vec<AtomicUsize>> =
        Arc::new((0..FACTS).map(|_| AtomicUsize::new(0)).collect());
    let zombies_refused = Arc::new(AtomicUsize::new(0));
    let tokens = Arc::new(AtomicU64::new(0));
    // The fate of the n-th lease taken on a fact (n from 0), whichever of its two deliveries
    // and attempts takes it: so every run injects the same failures and deaths, however the
    // threads interleave (a fate keyed by delivery and attempt could be skipped when the
    // other delivery of the fact got there first).
    let fate = |fact: usize, nth: usize| match (fact % 4, nth) {
        (0, 0) => Fate::Fails,
        (1, 0) => Fate::Dies,
        (2, 0) | (2, 1) => Fate::Fails,
        (3, 0) => Fate::Fails,
        (3, 1) => Fate::Dies,
        _ => Fate::Succeeds,
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    let workers: Vec<_> = (0..8)
        .map(|instance| {
            let mut seen = Deduplicator::new(RedisStore::new(server.connection(), 600));
            let (deliveries, queue, acknowledged, completed, started, zombies_refused, tokens) = (
                deliveries.clone(),
                queue.clone(),
                acknowledged.clone(),
                completed.clone(),
                started.clone(),
                zombies_refused.clone(),
                tokens.clone(),
            );
            std::thread::spawn(move || {
                let mut zombies: Vec<(Instant, Lease)> = Vec::new();
                loop {
                    assert!(Instant::now() < deadline, "the deliveries settle");
                    // A dead instance that comes back tries to finish what it held.
                    let (awake, asleep): (Vec<_>, Vec<_>) = zombies
                        .drain(..)
                        .partition(|(wake, _)| Instant::now() >= *wake);
                    zombies = asleep;
                    for (_, lease) in awake {
                        match seen.complete(&lease, 0) {
                            Err(LeaseError::Lost { .. }) => {
                                zombies_refused.fetch_add(1, Ordering::SeqCst);
                            }
                            other => panic!("a lease past its expiry completed: {other:?}"),
                        }
                    }
                    let next = queue.lock().unwrap().pop_front();
                    let Some((d, attempt)) = next else {
                        let settled = acknowledged.iter().all(|a| a.load(Ordering::SeqCst) > 0);
                        if settled && zombies.is_empty() {
                            return;
                        }
                        std::thread::sleep(Duration::from_millis(20));
                        continue;
                    };
                    let (delivery, event, fact) = &deliveries[d];
                    let token = LeaseToken::new(format!(
                        "instance-{instance}:{}",
                        tokens.fetch_add(1, Ordering::SeqCst)
                    ));
                    let status = match seen
                        .claim(Some(*delivery), event, token, 0, LEASE_MS)
                        .unwrap()
                    {
                        Claim::Done(_) => 200,
                        Claim::InProgress(_) => 409,
                        Claim::New(lease) => {
                            let nth = started[*fact].fetch_add(1, Ordering::SeqCst);
                            std::thread::sleep(Duration::from_millis(10)); // the work
                            match fate(*fact, nth) {
                                Fate::Succeeds => match seen.complete(&lease, 0) {
                                    Ok(()) => {
                                        completed[*fact].fetch_add(1, Ordering::SeqCst);
                                        200
                                    }
                                    Err(error) => panic!("a lease held 10 ms is lost: {error}"),
                                },
                                Fate::Fails => {
                                    seen.release(&lease, 0).unwrap();
                                    500
                                }
                                Fate::Dies => {
                                    zombies.push((
                                        Instant::now() + Duration::from_millis(2 * LEASE_MS),
                                        lease,
                                    ));
                                    504
                                }
                            }
                        }
                    };
                    if status == 200 {
                        acknowledged[d].fetch_add(1, Ordering::SeqCst);
                    } else {
                        // The service retries after a pause.
                        let queue = queue.clone();
                        std::thread::spawn(move || {
                            std::thread::sleep(Duration::from_millis(50));
                            queue.lock().unwrap().push_back((d, attempt + 1));
                        });
                    }
                }
            })
        })
        .collect();
    for worker in workers {
        worker.join().unwrap();
    }
    for (fact, count) in completed.iter().enumerate() {
        assert_eq!(
            count.load(Ordering::SeqCst),
            1,
            "fact {fact} is completed exactly once"
        );
    }
    assert!(acknowledged.iter().all(|a| a.load(Ordering::SeqCst) >= 1));
    let retried: usize = started.iter().map(|s| s.load(Ordering::SeqCst)).sum();
    assert!(
        retried > FACTS,
        "failures and deaths were injected: {retried} starts"
    );
    assert!(
        zombies_refused.load(Ordering::SeqCst) > 0,
        "dead instances came back and were refused"
    );
}

/// The async store over clones of one multiplexed connection: of concurrent claims of one
/// delivery one holds the lease, the others are in progress; after the completion, done.
#[test]
fn concurrent_async_claims_lease_a_delivery_once() {
    let Some(server) = Server::start() else {
        return;
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let connection = server
            .client()
            .get_multiplexed_async_connection()
            .await
            .unwrap();
        let refunded = event(r#"{"event":"payment.refunded","requestId":"01ab"}"#);
        let delivery = Some(id("01ARZ3NDEKTSV4RRFFQ69G5FAV"));
        let claims = (0..16).map(|task| {
            let mut seen = Deduplicator::new(RedisStore::new(connection.clone(), 60));
            let refunded = refunded.clone();
            tokio::spawn(async move {
                let claim = seen
                    .claim_async(
                        delivery,
                        &refunded,
                        LeaseToken::new(format!("task-{task}")),
                        0,
                        10_000,
                    )
                    .await
                    .unwrap();
                (seen, claim)
            })
        });
        let mut leases = Vec::new();
        for handle in claims.collect::<Vec<_>>() {
            let (seen, claim) = handle.await.unwrap();
            match claim {
                Claim::New(lease) => leases.push((seen, lease)),
                Claim::InProgress(_) => {}
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(leases.len(), 1);
        let (mut seen, lease) = leases.pop().unwrap();
        seen.complete_async(&lease, 0).await.unwrap();
        assert!(matches!(
            seen.claim_async(delivery, &refunded, LeaseToken::new("late"), 0, 10_000)
                .await
                .unwrap(),
            Claim::Done(_)
        ));
        seen.release_async(&lease, 0).await.unwrap(); // a done key is not freed
        assert!(
            seen.check_async(delivery, &refunded)
                .await
                .unwrap()
                .is_some()
        );
    });
}

/// A store that cannot answer a claim fails closed, with the client's error as its source.
#[test]
fn a_lease_claim_against_a_server_that_is_gone_is_an_error() {
    let Some(mut server) = Server::start() else {
        return;
    };
    let mut seen = Deduplicator::new(RedisStore::new(server.connection(), 60));
    let refunded = event(r#"{"event":"payment.refunded","requestId":"01ab"}"#);
    let Claim::New(lease) = seen
        .claim(None, &refunded, LeaseToken::new("held"), 0, 10_000)
        .unwrap()
    else {
        panic!("new")
    };
    let _ = server.child.kill();
    let _ = server.child.wait();
    // A completion that cannot be made: `LeaseError::Store`, whose source is the store's
    // error, whose source is the client's.
    let error = seen.complete(&lease, 0).unwrap_err();
    let store = std::error::Error::source(&error)
        .and_then(|source| source.downcast_ref::<RedisStoreError>())
        .unwrap_or_else(|| panic!("{error:?}"));
    assert!(
        matches!(
            store,
            RedisStoreError::Lease {
                action: "complete",
                ..
            }
        ),
        "{store:?}"
    );
    assert!(std::error::Error::source(store).is_some());
    assert!(matches!(
        seen.release(&lease, 0),
        Err(RedisStoreError::Lease {
            action: "release",
            ..
        })
    ));
    let error = seen
        .claim(None, &refunded, LeaseToken::new("a"), 0, 10_000)
        .unwrap_err();
    assert!(
        matches!(&error, RedisStoreError::Lease { action: "claim", keys, .. } if keys.starts_with("securepay:seen:fact:")),
        "{error:?}"
    );
    assert!(std::error::Error::source(&error).is_some());
}
