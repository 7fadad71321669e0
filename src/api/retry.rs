//! A pure retry policy: which outcomes may be retried for which method, how long to wait before
//! attempt `n` (exponential, capped, with jitter drawn by the caller, never less than the
//! service's `Retry-After`), how many attempts and how much time in all. No clock and no
//! randomness inside: the caller passes the time elapsed, the current time to read an HTTP-date
//! `Retry-After`, and the jitter.
//!
//! A request that is not idempotent (`POST`, `PATCH`: it creates a request, a secure payment, a
//! payout) is sent again only when it provably did not reach the service (no connection could be
//! made) or when the service's answer says it was refused before processing and when to come
//! back (429 with `Retry-After`). A 5xx, a timeout or a dropped connection after it was sent may
//! mean it was processed: repeating it could create or pay twice, and the API describes no
//! idempotency key (<https://docs.request.network/api-reference/openapi.v2.json>), so it is not
//! repeated. The service documents 429 on every endpoint but no `Retry-After`
//! (<https://docs.request.network/api-reference/authentication>): a `POST` it rate-limits is
//! then returned at once rather than sent again into the limit.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use http::{Method, StatusCode};

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

/// What an attempt came to, as far as retrying is concerned.
///
/// ```
/// use std::time::Duration;
/// use http::StatusCode;
/// use securepay::api::AttemptOutcome;
///
/// let limited = AttemptOutcome::Answered { status: StatusCode::TOO_MANY_REQUESTS, retry_after: Some(Duration::from_secs(2)) };
/// assert_eq!(limited.retry_after(), Some(Duration::from_secs(2)));
/// assert_eq!(AttemptOutcome::Unknown.retry_after(), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AttemptOutcome {
    /// The service answered.
    Answered {
        /// The answer's status.
        status: StatusCode,
        /// Its `Retry-After`, read by [`RetryPolicy::parse_retry_after`]: `None` when absent
        /// or unreadable.
        retry_after: Option<Duration>,
    },
    /// The request never left: no connection could be made (refused, unreachable, the connect
    /// timeout). The service did not see it, so any method may be sent again.
    NotSent,
    /// The request was sent, or may have been, and no whole answer came back (a timeout, a
    /// dropped connection, a body cut short): the service may have processed it.
    Unknown,
    /// A failure another attempt would meet again: the host does not resolve, the TLS
    /// handshake fails, the request cannot be built.
    Permanent,
}

impl AttemptOutcome {
    /// The service's `Retry-After`, if it answered with one.
    pub const fn retry_after(&self) -> Option<Duration> {
        match self {
            AttemptOutcome::Answered { retry_after, .. } => *retry_after,
            _ => None,
        }
    }
}

/// Why no further attempt is made.
///
/// ```
/// use securepay::api::StopReason;
///
/// assert_eq!(StopReason::AttemptsExhausted.to_string(), "no attempt left");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StopReason {
    /// The answer is final: a success, or an error the same request would get again (a 4xx
    /// other than 429).
    Answered,
    /// A failure another attempt would meet again ([`AttemptOutcome::Permanent`]).
    Permanent,
    /// A request that is not idempotent (`POST`, `PATCH`) may have been processed: answered
    /// 5xx, or sent without a whole answer. Not sent again, so that nothing is created or paid
    /// twice.
    MayHaveBeenProcessed,
    /// A request that is not idempotent was answered 429 without `Retry-After`: the service
    /// does not say when to come back, and sending again at once prolongs the limit.
    RateLimited,
    /// The policy's number of attempts was reached.
    AttemptsExhausted,
    /// The wait before the next attempt (the backoff, or the service's longer `Retry-After`)
    /// would end past the policy's total-time bound.
    OutOfTime,
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::Answered => "the answer is final",
            StopReason::Permanent => "another attempt would fail the same way",
            StopReason::MayHaveBeenProcessed => {
                "the request is not idempotent and may have been processed, so it is not sent again"
            }
            StopReason::RateLimited => {
                "rate limited without Retry-After, and the request is not idempotent"
            }
            StopReason::AttemptsExhausted => "no attempt left",
            StopReason::OutOfTime => "the next attempt would start past the total-time bound",
        })
    }
}

/// What to do after an attempt.
///
/// ```
/// use std::time::Duration;
/// use http::{Method, StatusCode};
/// use securepay::api::{AttemptOutcome, Jitter, RetryDecision, RetryPolicy, StopReason};
///
/// let policy = RetryPolicy::default();
/// let limited = AttemptOutcome::Answered { status: StatusCode::TOO_MANY_REQUESTS, retry_after: None };
/// assert_eq!(policy.decide(&Method::GET, 2, Duration::ZERO, limited, Jitter::NONE), RetryDecision::RetryAfter(Duration::from_secs(1)));
/// assert_eq!(policy.decide(&Method::POST, 1, Duration::ZERO, limited, Jitter::NONE), RetryDecision::Stop(StopReason::RateLimited));
/// let created = AttemptOutcome::Answered { status: StatusCode::CREATED, retry_after: None };
/// assert_eq!(policy.decide(&Method::POST, 1, Duration::ZERO, created, Jitter::NONE), RetryDecision::Stop(StopReason::Answered));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RetryDecision {
    /// Send the same request again after this delay.
    RetryAfter(Duration),
    /// Stop, for this reason.
    Stop(StopReason),
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

/// Retries 429 and 5xx answers (never another 4xx: the request itself is wrong) and transport
/// failures, by method: an idempotent method (`GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS`,
/// `TRACE`, RFC 9110 §9.2.2) after any of them, another (`POST`, `PATCH`) only when it was not
/// sent or after a 429 with `Retry-After` (see [`decide`](RetryPolicy::decide): the table and
/// the reasons).
///
/// Before attempt `n` (`n ≥ 2`) the backoff is `min(cap, base · 2^(n−2))`, and the delay is
/// `backoff/2 + backoff/2 · jitter/1000`, so it lies in `[backoff/2, backoff]` and never exceeds
/// the cap; a longer `Retry-After` replaces it. No attempt starts past the total-time bound
/// ([`RetryPolicy::with_max_elapsed`], 30 s by default), nor after `max_attempts` attempts.
///
/// ```
/// use std::time::Duration;
/// use http::{Method, StatusCode};
/// use securepay::api::{AttemptOutcome, Jitter, RetryDecision, RetryPolicy, StopReason};
///
/// let policy = RetryPolicy::new(Duration::from_millis(500), Duration::from_secs(8), 4)?;
/// assert!(RetryPolicy::is_retryable_status(StatusCode::TOO_MANY_REQUESTS) && RetryPolicy::is_retryable_status(StatusCode::SERVICE_UNAVAILABLE));
/// assert!(!RetryPolicy::is_retryable_status(StatusCode::BAD_REQUEST) && !RetryPolicy::is_retryable_status(StatusCode::CONFLICT));
/// assert_eq!(policy.delay(2, Jitter::NONE), Duration::from_millis(500));
/// assert_eq!(policy.delay(4, Jitter::per_mille(0)), Duration::from_millis(1000)); // half of 2 s
/// let unavailable = AttemptOutcome::Answered { status: StatusCode::SERVICE_UNAVAILABLE, retry_after: None };
/// let (get, post, zero) = (&Method::GET, &Method::POST, Duration::ZERO);
/// assert_eq!(policy.decide(get, 1, zero, unavailable, Jitter::NONE), RetryDecision::RetryAfter(Duration::from_millis(500)));
/// assert_eq!(policy.decide(get, 4, zero, unavailable, Jitter::NONE), RetryDecision::Stop(StopReason::AttemptsExhausted));
/// assert_eq!(policy.decide(post, 1, zero, unavailable, Jitter::NONE), RetryDecision::Stop(StopReason::MayHaveBeenProcessed));
/// assert_eq!(policy.decide(post, 1, zero, AttemptOutcome::NotSent, Jitter::NONE), RetryDecision::RetryAfter(Duration::from_millis(500)));
/// # Ok::<(), securepay::api::RetryPolicyError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RetryPolicy {
    base: Duration,
    cap: Duration,
    max_attempts: u32,
    max_elapsed: Duration,
}

/// The default total-time bound.
const DEFAULT_MAX_ELAPSED: Duration = Duration::from_secs(30);

impl Default for RetryPolicy {
    /// 500 ms, doubling, capped at 8 s, 4 attempts in all, none starting past 30 s.
    fn default() -> RetryPolicy {
        RetryPolicy {
            base: Duration::from_millis(500),
            cap: Duration::from_secs(8),
            max_attempts: 4,
            max_elapsed: DEFAULT_MAX_ELAPSED,
        }
    }
}

impl RetryPolicy {
    /// A policy: the first backoff, the cap on any backoff, and the number of attempts in all
    /// (1 means never retry); the total-time bound is 30 s
    /// ([`with_max_elapsed`](RetryPolicy::with_max_elapsed) changes it).
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
            max_elapsed: DEFAULT_MAX_ELAPSED,
        })
    }

    /// No retry at all.
    ///
    /// ```
    /// use std::time::Duration;
    /// use http::{Method, StatusCode};
    /// use securepay::api::{AttemptOutcome, Jitter, RetryDecision, RetryPolicy, StopReason};
    ///
    /// let once = RetryPolicy::never();
    /// assert_eq!(once.max_attempts(), 1);
    /// let unavailable = AttemptOutcome::Answered { status: StatusCode::SERVICE_UNAVAILABLE, retry_after: None };
    /// assert_eq!(once.decide(&Method::GET, 1, Duration::ZERO, unavailable, Jitter::NONE), RetryDecision::Stop(StopReason::AttemptsExhausted));
    /// ```
    pub const fn never() -> RetryPolicy {
        RetryPolicy {
            base: Duration::ZERO,
            cap: Duration::ZERO,
            max_attempts: 1,
            max_elapsed: DEFAULT_MAX_ELAPSED,
        }
    }

    /// The same policy with another total-time bound: no attempt starts later than `max`
    /// after the first one started (an attempt under way is not cut: that is the HTTP
    /// client's timeout). A wait, backoff or `Retry-After`, that would end past it stops the
    /// retries at once.
    ///
    /// ```
    /// use std::time::Duration;
    /// use http::{Method, StatusCode};
    /// use securepay::api::{AttemptOutcome, Jitter, RetryDecision, RetryPolicy, StopReason};
    ///
    /// let policy = RetryPolicy::default().with_max_elapsed(Duration::from_secs(10));
    /// assert_eq!(policy.max_elapsed(), Duration::from_secs(10));
    /// let busy = |seconds| AttemptOutcome::Answered { status: StatusCode::SERVICE_UNAVAILABLE, retry_after: Some(Duration::from_secs(seconds)) };
    /// let elapsed = Duration::from_secs(2);
    /// assert_eq!(policy.decide(&Method::GET, 1, elapsed, busy(5), Jitter::NONE), RetryDecision::RetryAfter(Duration::from_secs(5)));
    /// assert_eq!(policy.decide(&Method::GET, 1, elapsed, busy(9), Jitter::NONE), RetryDecision::Stop(StopReason::OutOfTime));
    /// ```
    pub const fn with_max_elapsed(mut self, max: Duration) -> RetryPolicy {
        self.max_elapsed = max;
        self
    }

    /// The total-time bound.
    ///
    /// ```
    /// use std::time::Duration;
    /// use securepay::api::RetryPolicy;
    ///
    /// assert_eq!(RetryPolicy::default().max_elapsed(), Duration::from_secs(30));
    /// ```
    pub const fn max_elapsed(&self) -> Duration {
        self.max_elapsed
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
    /// <https://docs.request.network/api-features/payouts>). Never another 4xx. Whether a
    /// request is sent again also depends on its method: see [`decide`](RetryPolicy::decide).
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

    /// Whether `method` is idempotent (RFC 9110 §9.2.2): `GET`, `HEAD`, `PUT`, `DELETE`,
    /// `OPTIONS`, `TRACE`. Sending such a request twice has the effect of sending it once.
    ///
    /// ```
    /// use http::Method;
    /// use securepay::api::RetryPolicy;
    ///
    /// assert!(RetryPolicy::is_idempotent(&Method::PUT));
    /// assert!(!RetryPolicy::is_idempotent(&Method::POST) && !RetryPolicy::is_idempotent(&Method::PATCH));
    /// ```
    pub fn is_idempotent(method: &Method) -> bool {
        [
            Method::GET,
            Method::HEAD,
            Method::PUT,
            Method::DELETE,
            Method::OPTIONS,
            Method::TRACE,
        ]
        .contains(method)
    }

    /// What to do after attempt `attempt` (from 1) of a `method` request came to `outcome`,
    /// `elapsed` after the first attempt started:
    ///
    /// | outcome | idempotent method | `POST`, `PATCH` |
    /// |---|---|---|
    /// | 2xx, 3xx, 4xx other than 429 | stop ([`Answered`](StopReason::Answered)) | stop ([`Answered`](StopReason::Answered)) |
    /// | 429 with `Retry-After` | retry | retry |
    /// | 429 without `Retry-After` | retry | stop ([`RateLimited`](StopReason::RateLimited)) |
    /// | 5xx (with or without `Retry-After`) | retry | stop ([`MayHaveBeenProcessed`](StopReason::MayHaveBeenProcessed)) |
    /// | [`NotSent`](AttemptOutcome::NotSent) | retry | retry |
    /// | [`Unknown`](AttemptOutcome::Unknown) | retry | stop ([`MayHaveBeenProcessed`](StopReason::MayHaveBeenProcessed)) |
    /// | [`Permanent`](AttemptOutcome::Permanent) | stop ([`Permanent`](StopReason::Permanent)) | stop ([`Permanent`](StopReason::Permanent)) |
    ///
    /// Why: a `POST` creates something (a request, a secure payment, a payout). A 5xx, a
    /// timeout or a dropped connection after it was sent may mean the service processed it (a
    /// proxy can answer 5xx after the service acted), and the API describes no idempotency key
    /// (<https://docs.request.network/api-reference/openapi.v2.json>), so sending it again could
    /// create or pay twice. A connect failure proves it never left. A 429 is the service
    /// refusing it before processing; the service documents no `Retry-After`
    /// (<https://docs.request.network/api-reference/authentication>), so a rate-limited `POST`
    /// is sent again only when the answer says when, and otherwise returned at once rather than
    /// sent again into the limit.
    ///
    /// A retry waits the backoff for attempt `attempt + 1`, or the service's `Retry-After`
    /// when longer; it becomes [`AttemptsExhausted`](StopReason::AttemptsExhausted) when
    /// `attempt` reached `max_attempts`, and [`OutOfTime`](StopReason::OutOfTime) when
    /// `elapsed` plus the wait exceeds the total-time bound.
    ///
    /// ```
    /// use std::time::Duration;
    /// use http::{Method, StatusCode};
    /// use securepay::api::{AttemptOutcome, Jitter, RetryDecision, RetryPolicy, StopReason};
    ///
    /// let policy = RetryPolicy::default();
    /// let failed = AttemptOutcome::Answered { status: StatusCode::INTERNAL_SERVER_ERROR, retry_after: None };
    /// let zero = Duration::ZERO;
    /// assert_eq!(policy.decide(&Method::GET, 3, zero, failed, Jitter::per_mille(0)), RetryDecision::RetryAfter(Duration::from_secs(1)));
    /// assert_eq!(policy.decide(&Method::GET, 4, zero, failed, Jitter::NONE), RetryDecision::Stop(StopReason::AttemptsExhausted));
    /// // A POST that timed out after it was sent may have created something: not sent again.
    /// assert_eq!(policy.decide(&Method::POST, 1, zero, AttemptOutcome::Unknown, Jitter::NONE), RetryDecision::Stop(StopReason::MayHaveBeenProcessed));
    /// // A POST rate-limited with Retry-After: 3 waits 3 s.
    /// let limited = AttemptOutcome::Answered { status: StatusCode::TOO_MANY_REQUESTS, retry_after: Some(Duration::from_secs(3)) };
    /// assert_eq!(policy.decide(&Method::POST, 1, zero, limited, Jitter::NONE), RetryDecision::RetryAfter(Duration::from_secs(3)));
    /// ```
    pub fn decide(
        &self,
        method: &Method,
        attempt: u32,
        elapsed: Duration,
        outcome: AttemptOutcome,
        jitter: Jitter,
    ) -> RetryDecision {
        let idempotent = Self::is_idempotent(method);
        let refused = match outcome {
            AttemptOutcome::Answered { status, .. } if !Self::is_retryable_status(status) => {
                Some(StopReason::Answered)
            }
            AttemptOutcome::Answered { .. } if idempotent => None,
            AttemptOutcome::Answered {
                status,
                retry_after,
            } => match (status == StatusCode::TOO_MANY_REQUESTS, retry_after) {
                (true, Some(_)) => None,
                (true, None) => Some(StopReason::RateLimited),
                (false, _) => Some(StopReason::MayHaveBeenProcessed),
            },
            AttemptOutcome::NotSent => None,
            AttemptOutcome::Unknown if idempotent => None,
            AttemptOutcome::Unknown => Some(StopReason::MayHaveBeenProcessed),
            AttemptOutcome::Permanent => Some(StopReason::Permanent),
        };
        if let Some(reason) = refused {
            return RetryDecision::Stop(reason);
        }
        if attempt >= self.max_attempts {
            return RetryDecision::Stop(StopReason::AttemptsExhausted);
        }
        let backoff = self.delay(attempt.saturating_add(1), jitter);
        let wait = outcome
            .retry_after()
            .map_or(backoff, |asked| asked.max(backoff));
        if elapsed.saturating_add(wait) > self.max_elapsed {
            return RetryDecision::Stop(StopReason::OutOfTime);
        }
        RetryDecision::RetryAfter(wait)
    }

    /// The wait a `Retry-After` value asks for (RFC 9110 §10.2.3): delay-seconds, or an
    /// HTTP-date in the IMF-fixdate form (`Sun, 06 Nov 1994 08:49:37 GMT`), counted from `now`
    /// (a date already past is no wait). `None` for anything else (the obsolete RFC 850 and
    /// asctime date forms included): the policy then waits its own backoff.
    ///
    /// ```
    /// use std::time::{Duration, SystemTime, UNIX_EPOCH};
    /// use securepay::api::RetryPolicy;
    ///
    /// let now = UNIX_EPOCH + Duration::from_secs(784_111_770); // Sun, 06 Nov 1994 08:49:30 GMT
    /// assert_eq!(RetryPolicy::parse_retry_after("120", now), Some(Duration::from_secs(120)));
    /// assert_eq!(RetryPolicy::parse_retry_after("Sun, 06 Nov 1994 08:49:37 GMT", now), Some(Duration::from_secs(7)));
    /// assert_eq!(RetryPolicy::parse_retry_after("Sun, 06 Nov 1994 08:00:00 GMT", now), Some(Duration::ZERO));
    /// assert_eq!(RetryPolicy::parse_retry_after("soon", now), None);
    /// ```
    pub fn parse_retry_after(value: &str, now: SystemTime) -> Option<Duration> {
        let value = value.trim();
        if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
            // Digits beyond u64 still mean "later than any bound".
            return Some(value.parse().map_or(Duration::MAX, Duration::from_secs));
        }
        let at = UNIX_EPOCH.checked_add(Duration::from_secs(imf_fixdate(value)?))?;
        Some(at.duration_since(now).unwrap_or(Duration::ZERO))
    }
}

/// Seconds since the Unix epoch of an IMF-fixdate (RFC 9110 §5.6.7):
/// `day-name ", " DD " " month " " YYYY " " HH ":" MM ":" SS " GMT"`.
fn imf_fixdate(text: &str) -> Option<u64> {
    const DAYS: [&str; 7] = ["Mon,", "Tue,", "Wed,", "Thu,", "Fri,", "Sat,", "Sun,"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    /// Exactly `width` ASCII digits.
    fn digits(text: &str, width: usize) -> Option<u64> {
        (text.len() == width && text.bytes().all(|b| b.is_ascii_digit()))
            .then(|| text.parse().ok())?
    }
    let parts: Vec<&str> = text.split(' ').collect();
    let [weekday, day, month, year, time, "GMT"] = parts.as_slice() else {
        return None;
    };
    let time: Vec<&str> = time.split(':').collect();
    let [hour, minute, second] = time.as_slice() else {
        return None;
    };
    let weekday = u64::try_from(DAYS.iter().position(|d| d == weekday)?).ok()?;
    let month = u64::try_from(MONTHS.iter().position(|m| m == month)?).ok()?;
    let (day, year) = (digits(day, 2)?, digits(year, 4)?);
    let (hour, minute, second) = (digits(hour, 2)?, digits(minute, 2)?, digits(second, 2)?);
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let month_days = match month {
        1 if leap => 29,
        1 => 28,
        3 | 5 | 8 | 10 => 30,
        _ => 31,
    };
    if year < 1970 || day == 0 || day > month_days || hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    // Days since 1970-01-01 (Howard Hinnant's days_from_civil, proleptic Gregorian calendar:
    // https://howardhinnant.github.io/date_algorithms.html#days_from_civil), months from March.
    // Every value is bounded by the 4-digit year, so checked arithmetic never fails here.
    let (y, m) = if month < 2 {
        (year.checked_sub(1)?, month.checked_add(10)?)
    } else {
        (year, month.checked_sub(2)?)
    };
    let era = y / 400;
    let year_of_era = y.checked_sub(era.checked_mul(400)?)?;
    let day_of_year = (m.checked_mul(153)?.checked_add(2)? / 5)
        .checked_add(day)?
        .checked_sub(1)?;
    let day_of_era = year_of_era
        .checked_mul(365)?
        .checked_add(year_of_era / 4)?
        .checked_sub(year_of_era / 100)?
        .checked_add(day_of_year)?;
    let days = era
        .checked_mul(146_097)?
        .checked_add(day_of_era)?
        .checked_sub(719_468)?;
    // 1970-01-01 was a Thursday: the day name must agree with the date.
    if days.checked_add(3)? % 7 != weekday {
        return None;
    }
    days.checked_mul(86_400)?
        .checked_add(hour.checked_mul(3_600)?)?
        .checked_add(minute.checked_mul(60)?)?
        .checked_add(second)
}
