//! The retry policy: 429 and 5xx only, by method (a request that is not idempotent only when it
//! was not sent or after a 429 with `Retry-After`), exponential delays capped, jitter from the
//! caller within `[backoff/2, backoff]`, `Retry-After` honoured, a bounded number of attempts
//! and a bounded total time.

use std::time::{Duration, UNIX_EPOCH};

use http::{Method, StatusCode};
use proptest::prelude::*;
use securepay::api::{
    AttemptOutcome, Jitter, RetryDecision, RetryPolicy, RetryPolicyError, StopReason,
};

fn answered(status: u16) -> AttemptOutcome {
    AttemptOutcome::Answered {
        status: StatusCode::from_u16(status).unwrap(),
        retry_after: None,
    }
}

fn answered_after(status: u16, seconds: u64) -> AttemptOutcome {
    AttemptOutcome::Answered {
        status: StatusCode::from_u16(status).unwrap(),
        retry_after: Some(Duration::from_secs(seconds)),
    }
}

/// The decision for the first attempt, no time elapsed, no jitter.
fn first(method: &Method, outcome: AttemptOutcome) -> RetryDecision {
    policy().decide(method, 1, Duration::ZERO, outcome, Jitter::NONE)
}

fn policy() -> RetryPolicy {
    RetryPolicy::new(Duration::from_millis(100), Duration::from_secs(2), 6).unwrap()
}

#[test]
fn only_rate_limits_and_server_errors_are_retryable() {
    for status in 100..=599u16 {
        let expected = status == 429 || status >= 500;
        assert_eq!(
            RetryPolicy::is_retryable_status(StatusCode::from_u16(status).unwrap()),
            expected,
            "{status}"
        );
    }
    for method in [Method::GET, Method::POST] {
        for status in [200, 201, 400, 401, 403, 404, 409, 423] {
            assert_eq!(
                first(&method, answered(status)),
                RetryDecision::Stop(StopReason::Answered),
                "{method} {status}"
            );
        }
    }
}

/// The table of `RetryPolicy::decide`'s documentation, method by outcome.
#[test]
fn requests_that_are_not_idempotent_are_retried_only_when_not_sent_or_told_when() {
    let retried = RetryDecision::RetryAfter(Duration::from_millis(100));
    let waited = |seconds| RetryDecision::RetryAfter(Duration::from_secs(seconds));
    let processed = RetryDecision::Stop(StopReason::MayHaveBeenProcessed);
    let rows = [
        (
            answered(429),
            retried,
            RetryDecision::Stop(StopReason::RateLimited),
        ),
        (answered_after(429, 1), waited(1), waited(1)),
        (answered(500), retried, processed),
        (answered(502), retried, processed),
        (answered(503), retried, processed),
        (answered_after(503, 1), waited(1), processed),
        (AttemptOutcome::NotSent, retried, retried),
        (AttemptOutcome::Unknown, retried, processed),
        (
            AttemptOutcome::Permanent,
            RetryDecision::Stop(StopReason::Permanent),
            RetryDecision::Stop(StopReason::Permanent),
        ),
    ];
    for (outcome, idempotent, other) in rows {
        for method in [Method::GET, Method::HEAD, Method::PUT, Method::DELETE] {
            assert_eq!(first(&method, outcome), idempotent, "{method} {outcome:?}");
        }
        for method in [Method::POST, Method::PATCH] {
            assert_eq!(first(&method, outcome), other, "{method} {outcome:?}");
        }
    }
}

#[test]
fn retry_after_is_a_floor_on_the_backoff() {
    // Before attempt 6 the backoff is 1.6 s: a Retry-After of 1 s does not shorten it.
    assert_eq!(
        policy().decide(
            &Method::GET,
            5,
            Duration::ZERO,
            answered_after(503, 1),
            Jitter::NONE
        ),
        RetryDecision::RetryAfter(Duration::from_millis(1600))
    );
    assert_eq!(
        policy().decide(
            &Method::GET,
            5,
            Duration::ZERO,
            answered_after(503, 0),
            Jitter::NONE
        ),
        RetryDecision::RetryAfter(Duration::from_millis(1600))
    );
}

#[test]
fn no_attempt_starts_past_the_total_time_bound() {
    let p = policy().with_max_elapsed(Duration::from_secs(10));
    let busy = answered(503);
    assert_eq!(
        p.decide(
            &Method::GET,
            2,
            Duration::from_millis(9_800),
            busy,
            Jitter::NONE
        ),
        RetryDecision::RetryAfter(Duration::from_millis(200))
    );
    assert_eq!(
        p.decide(
            &Method::GET,
            2,
            Duration::from_millis(9_801),
            busy,
            Jitter::NONE
        ),
        RetryDecision::Stop(StopReason::OutOfTime)
    );
    // A Retry-After beyond the bound stops at once, for any method.
    for method in [Method::GET, Method::POST] {
        assert_eq!(
            p.decide(
                &method,
                1,
                Duration::ZERO,
                answered_after(429, 11),
                Jitter::NONE
            ),
            RetryDecision::Stop(StopReason::OutOfTime)
        );
    }
    // The attempts run out first when both do.
    assert_eq!(
        p.decide(&Method::GET, 6, Duration::from_secs(60), busy, Jitter::NONE),
        RetryDecision::Stop(StopReason::AttemptsExhausted)
    );
    assert_eq!(
        RetryPolicy::default().max_elapsed(),
        Duration::from_secs(30)
    );
}

#[test]
fn retry_after_is_read_as_seconds_or_an_imf_fixdate() {
    // 1994-11-06T08:49:30Z, a Sunday (RFC 9110's example date).
    let now = UNIX_EPOCH + Duration::from_secs(784_111_770);
    let read = |text| RetryPolicy::parse_retry_after(text, now);
    assert_eq!(read("0"), Some(Duration::ZERO));
    assert_eq!(read(" 120 "), Some(Duration::from_secs(120)));
    assert_eq!(read("99999999999999999999999"), Some(Duration::MAX));
    assert_eq!(
        read("Sun, 06 Nov 1994 08:49:37 GMT"),
        Some(Duration::from_secs(7))
    );
    assert_eq!(
        read("Mon, 07 Nov 1994 08:49:30 GMT"),
        Some(Duration::from_secs(86_400))
    );
    assert_eq!(read("Sat, 05 Nov 1994 08:49:30 GMT"), Some(Duration::ZERO)); // past
    assert_eq!(read("Thu, 01 Jan 1970 00:00:00 GMT"), Some(Duration::ZERO));
    let later = UNIX_EPOCH + Duration::from_secs(951_782_400); // 2000-02-29T00:00:00Z
    assert_eq!(
        RetryPolicy::parse_retry_after("Tue, 29 Feb 2000 00:00:10 GMT", later),
        Some(Duration::from_secs(10))
    );
    for refused in [
        "",
        "-1",
        "1.5",
        "soon",
        "Mon, 06 Nov 1994 08:49:37 GMT",  // a Sunday
        "Sun, 06 Nov 1994 08:49:37 UTC",  // not GMT
        "Sunday, 06-Nov-94 08:49:37 GMT", // RFC 850
        "Sun Nov  6 08:49:37 1994",       // asctime
        "Sun, 6 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 8:49:37 GMT",
        "Sun, 31 Nov 1994 08:49:37 GMT",
        "Tue, 29 Feb 2100 00:00:00 GMT", // 2100 is not a leap year
        "Sun, 06 Nov 1994 24:00:00 GMT",
    ] {
        assert_eq!(read(refused), None, "{refused:?}");
    }
}

#[test]
fn delays_double_from_the_base_up_to_the_cap() {
    let full: Vec<u128> = (1..=8)
        .map(|n| policy().delay(n, Jitter::NONE).as_millis())
        .collect();
    assert_eq!(full, [0, 100, 200, 400, 800, 1600, 2000, 2000]);
    let half: Vec<u128> = (2..=8)
        .map(|n| policy().delay(n, Jitter::per_mille(0)).as_millis())
        .collect();
    assert_eq!(half, [50, 100, 200, 400, 800, 1000, 1000]);
    assert_eq!(
        policy().delay(3, Jitter::per_mille(500)),
        Duration::from_millis(150)
    );
    assert_eq!(Jitter::per_mille(5000), Jitter::NONE);
    assert_eq!(
        policy().delay(u32::MAX, Jitter::NONE),
        Duration::from_secs(2)
    );
}

#[test]
fn attempts_stop_at_the_maximum() {
    let p = policy();
    let busy = answered(503);
    for attempt in 1..6 {
        assert!(matches!(
            p.decide(&Method::GET, attempt, Duration::ZERO, busy, Jitter::NONE),
            RetryDecision::RetryAfter(_)
        ));
    }
    assert_eq!(
        p.decide(&Method::GET, 6, Duration::ZERO, busy, Jitter::NONE),
        RetryDecision::Stop(StopReason::AttemptsExhausted)
    );
    assert_eq!(
        RetryPolicy::never().decide(&Method::GET, 1, Duration::ZERO, busy, Jitter::NONE),
        RetryDecision::Stop(StopReason::AttemptsExhausted)
    );
    assert_eq!(RetryPolicy::default().max_attempts(), 4);
}

#[test]
fn a_policy_without_attempts_or_with_a_base_above_the_cap_is_refused() {
    assert_eq!(
        RetryPolicy::new(Duration::ZERO, Duration::ZERO, 0),
        Err(RetryPolicyError::NoAttempt)
    );
    assert!(matches!(
        RetryPolicy::new(Duration::from_secs(3), Duration::from_secs(2), 3),
        Err(RetryPolicyError::BaseAboveCap { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_delay_lies_between_half_the_backoff_and_the_backoff_and_never_above_the_cap(
        base_ms in 0u64..10_000,
        extra_ms in 0u64..100_000,
        attempt in 2u32..200,
        jitter in 0u16..=1000,
    ) {
        let base = Duration::from_millis(base_ms);
        let cap = base + Duration::from_millis(extra_ms);
        let p = RetryPolicy::new(base, cap, 10).unwrap();
        let delay = p.delay(attempt, Jitter::per_mille(jitter));
        let backoff = p.delay(attempt, Jitter::NONE);
        prop_assert!(delay <= backoff);
        prop_assert!(delay >= backoff / 2);
        prop_assert!(backoff <= cap);
        prop_assert!(p.delay(attempt + 1, Jitter::NONE) >= backoff); // never shrinks
        prop_assert_eq!(p.delay(attempt, Jitter::per_mille(jitter)), delay); // deterministic
    }
}
