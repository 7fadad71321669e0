//! The retry policy: 429 and 5xx only, exponential delays capped, jitter from the caller within
//! `[backoff/2, backoff]`, a bounded number of attempts.

use std::time::Duration;

use http::StatusCode;
use proptest::prelude::*;
use securepay::api::{Jitter, RetryDecision, RetryPolicy, RetryPolicyError};

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
    for status in [400, 401, 403, 404, 409, 423] {
        assert_eq!(
            policy().decide(1, StatusCode::from_u16(status).unwrap(), Jitter::NONE),
            RetryDecision::Stop
        );
    }
    assert_eq!(
        policy().decide(1, StatusCode::OK, Jitter::NONE),
        RetryDecision::Stop
    );
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
    for attempt in 1..6 {
        assert!(matches!(
            p.decide(attempt, StatusCode::SERVICE_UNAVAILABLE, Jitter::NONE),
            RetryDecision::RetryAfter(_)
        ));
    }
    assert_eq!(
        p.decide(6, StatusCode::SERVICE_UNAVAILABLE, Jitter::NONE),
        RetryDecision::Stop
    );
    assert_eq!(
        RetryPolicy::never().decide(1, StatusCode::SERVICE_UNAVAILABLE, Jitter::NONE),
        RetryDecision::Stop
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
