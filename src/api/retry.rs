//! A pure retry policy: which answers may be retried, how long to wait before attempt `n`
//! (exponential, capped, with jitter drawn by the caller), and how many attempts in all. No
//! clock and no randomness inside.

use std::time::Duration;

use http::StatusCode;

/// A jitter draw in thousandths, `0..=1000`, supplied by the caller (from any random source).
/// `0` waits half the backoff, `1000` the whole backoff.
///
/// ```
/// use std::time::Duration;
/// use securepay::api::{Jitter, RetryPolicy};
///
/// let policy = RetryPolicy::default(); // 500 ms, doubling, capped at 8 s
/// assert_eq!(policy.delay(3, Jitter::per_mille(500)), Duration::from_millis(750)); // 1 s backoff
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Jitter(u16);

impl Jitter {
    /// No jitter: the whole backoff.
    pub const NONE: Jitter = Jitter(1000);

    /// A draw in thousandths; values above 1000 are clamped to 1000.
    ///
    /// ```
    /// use securepay::api::Jitter;
    ///
    /// assert_eq!(Jitter::per_mille(250).get(), 250);
    /// assert_eq!(Jitter::per_mille(5000), Jitter::NONE); // clamped
    /// ```
    pub const fn per_mille(value: u16) -> Jitter {
        Jitter(if value > 1000 { 1000 } else { value })
    }

    /// The draw, `0..=1000`.
    ///
    /// ```
    /// use securepay::api::Jitter;
    ///
    /// assert_eq!(Jitter::NONE.get(), 1000);
    /// ```
    pub const fn get(self) -> u16 {
        self.0
    }
}

/// What to do after an answer.
///
/// ```
/// use std::time::Duration;
/// use http::StatusCode;
/// use securepay::api::{Jitter, RetryDecision, RetryPolicy};
///
/// let policy = RetryPolicy::default();
/// assert_eq!(policy.decide(2, StatusCode::TOO_MANY_REQUESTS, Jitter::NONE), RetryDecision::RetryAfter(Duration::from_secs(1)));
/// assert_eq!(policy.decide(1, StatusCode::CREATED, Jitter::NONE), RetryDecision::Stop); // a success
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RetryDecision {
    /// Send the same request again after this delay.
    RetryAfter(Duration),
    /// Stop: a success, an answer that retrying cannot change, or no attempt left.
    Stop,
}

/// Why a retry policy was refused.
///
/// ```
/// use std::time::Duration;
/// use securepay::api::{RetryPolicy, RetryPolicyError};
///
/// let error = RetryPolicy::new(Duration::from_secs(10), Duration::from_secs(8), 3).unwrap_err();
/// assert!(matches!(error, RetryPolicyError::BaseAboveCap { .. }));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RetryPolicyError {
    /// No attempt at all.
    #[error("max_attempts must be at least 1")]
    NoAttempt,
    /// A base delay above the cap.
    #[error("the base delay {base:?} is above the cap {cap:?}")]
    BaseAboveCap {
        /// The base delay.
        base: Duration,
        /// The cap.
        cap: Duration,
    },
}

/// Retries for 429 and 5xx answers only (never another 4xx: the request itself is wrong),
/// with exponential backoff: before attempt `n` (`n ≥ 2`) the backoff is
/// `min(cap, base · 2^(n−2))`, and the delay is `backoff/2 + backoff/2 · jitter/1000`, so it
/// lies in `[backoff/2, backoff]` and never exceeds the cap.
///
/// ```
/// use std::time::Duration;
/// use http::StatusCode;
/// use securepay::api::{Jitter, RetryDecision, RetryPolicy};
///
/// let policy = RetryPolicy::new(Duration::from_millis(500), Duration::from_secs(8), 4)?;
/// assert!(RetryPolicy::is_retryable_status(StatusCode::TOO_MANY_REQUESTS) && RetryPolicy::is_retryable_status(StatusCode::SERVICE_UNAVAILABLE));
/// assert!(!RetryPolicy::is_retryable_status(StatusCode::BAD_REQUEST) && !RetryPolicy::is_retryable_status(StatusCode::CONFLICT));
/// assert_eq!(policy.delay(2, Jitter::NONE), Duration::from_millis(500));
/// assert_eq!(policy.delay(4, Jitter::per_mille(0)), Duration::from_millis(1000)); // half of 2 s
/// let unavailable = StatusCode::SERVICE_UNAVAILABLE;
/// assert_eq!(policy.decide(1, unavailable, Jitter::NONE), RetryDecision::RetryAfter(Duration::from_millis(500)));
/// assert_eq!(policy.decide(4, unavailable, Jitter::NONE), RetryDecision::Stop); // 4 attempts made
/// assert_eq!(policy.decide(1, StatusCode::BAD_REQUEST, Jitter::NONE), RetryDecision::Stop);
/// # Ok::<(), securepay::api::RetryPolicyError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RetryPolicy {
    base: Duration,
    cap: Duration,
    max_attempts: u32,
}

impl Default for RetryPolicy {
    /// 500 ms, doubling, capped at 8 s, 4 attempts in all.
    fn default() -> RetryPolicy {
        RetryPolicy {
            base: Duration::from_millis(500),
            cap: Duration::from_secs(8),
            max_attempts: 4,
        }
    }
}

impl RetryPolicy {
    /// A policy: the first backoff, the cap on any backoff, and the number of attempts in all
    /// (1 means never retry).
    ///
    /// ```
    /// use std::time::Duration;
    /// use securepay::api::{Jitter, RetryPolicy, RetryPolicyError};
    ///
    /// let policy = RetryPolicy::new(Duration::from_secs(1), Duration::from_secs(3), 5)?;
    /// assert_eq!(policy.delay(4, Jitter::NONE), Duration::from_secs(3)); // 4 s, capped at 3 s
    /// assert_eq!(RetryPolicy::new(Duration::ZERO, Duration::ZERO, 0), Err(RetryPolicyError::NoAttempt));
    /// # Ok::<(), RetryPolicyError>(())
    /// ```
    pub fn new(
        base: Duration,
        cap: Duration,
        max_attempts: u32,
    ) -> Result<RetryPolicy, RetryPolicyError> {
        if max_attempts == 0 {
            return Err(RetryPolicyError::NoAttempt);
        }
        if base > cap {
            return Err(RetryPolicyError::BaseAboveCap { base, cap });
        }
        Ok(RetryPolicy {
            base,
            cap,
            max_attempts,
        })
    }

    /// No retry at all.
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::{Jitter, RetryDecision, RetryPolicy};
    ///
    /// let once = RetryPolicy::never();
    /// assert_eq!(once.max_attempts(), 1);
    /// assert_eq!(once.decide(1, StatusCode::SERVICE_UNAVAILABLE, Jitter::NONE), RetryDecision::Stop);
    /// ```
    pub const fn never() -> RetryPolicy {
        RetryPolicy {
            base: Duration::ZERO,
            cap: Duration::ZERO,
            max_attempts: 1,
        }
    }

    /// The number of attempts in all.
    ///
    /// ```
    /// use securepay::api::RetryPolicy;
    ///
    /// assert_eq!(RetryPolicy::default().max_attempts(), 4);
    /// ```
    pub const fn max_attempts(&self) -> u32 {
        self.max_attempts
    }

    /// Whether an answer with this status may succeed if sent again: 429 (rate-limited) and
    /// 5xx ("500: Server error — safe to retry with exponential backoff",
    /// <https://docs.request.network/api-features/payouts>). Never another 4xx.
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::RetryPolicy;
    ///
    /// assert!(RetryPolicy::is_retryable_status(StatusCode::BAD_GATEWAY));
    /// assert!(!RetryPolicy::is_retryable_status(StatusCode::LOCKED)); // a Safe transaction in progress: wait for it
    /// ```
    pub fn is_retryable_status(status: StatusCode) -> bool {
        status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error()
    }

    /// The delay before attempt `attempt` (the first attempt is 1 and has no delay).
    ///
    /// ```
    /// use std::time::Duration;
    /// use securepay::api::{Jitter, RetryPolicy};
    ///
    /// let policy = RetryPolicy::default();
    /// assert_eq!(policy.delay(1, Jitter::NONE), Duration::ZERO); // the first attempt
    /// assert_eq!(policy.delay(6, Jitter::NONE), Duration::from_secs(8)); // 500 ms · 2^4, capped at 8 s
    /// assert_eq!(policy.delay(6, Jitter::per_mille(0)), Duration::from_secs(4)); // at least half
    /// ```
    pub fn delay(&self, attempt: u32, jitter: Jitter) -> Duration {
        if attempt <= 1 {
            return Duration::ZERO;
        }
        let doublings = attempt.saturating_sub(2).min(63);
        let factor = 1u64 << doublings;
        let backoff = u32::try_from(factor)
            .ok()
            .and_then(|f| self.base.checked_mul(f))
            .map_or(self.cap, |d| d.min(self.cap));
        let half = backoff.checked_div(2).unwrap_or_default();
        let extra = backoff
            .saturating_sub(half)
            .as_nanos()
            .saturating_mul(u128::from(jitter.get()))
            / 1000;
        half.saturating_add(Duration::from_nanos(
            u64::try_from(extra).unwrap_or(u64::MAX),
        ))
    }

    /// What to do after attempt `attempt` (from 1) answered `status`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use http::StatusCode;
    /// use securepay::api::{Jitter, RetryDecision, RetryPolicy};
    ///
    /// let policy = RetryPolicy::default();
    /// let failed = StatusCode::INTERNAL_SERVER_ERROR;
    /// assert_eq!(policy.decide(3, failed, Jitter::per_mille(0)), RetryDecision::RetryAfter(Duration::from_secs(1)));
    /// assert_eq!(policy.decide(4, failed, Jitter::NONE), RetryDecision::Stop); // no attempt left
    /// ```
    pub fn decide(&self, attempt: u32, status: StatusCode, jitter: Jitter) -> RetryDecision {
        if !Self::is_retryable_status(status) || attempt >= self.max_attempts {
            return RetryDecision::Stop;
        }
        RetryDecision::RetryAfter(self.delay(attempt.saturating_add(1), jitter))
    }
}
