//! The webhook signature: HMAC-SHA256 over the raw body bytes, keyed with the secret's UTF-8
//! bytes, sent as lowercase hex in `x-request-network-signature`; compared in constant time.

use hmac::{Hmac, Mac};
use http::HeaderMap;
use sha2::Sha256;

use super::{Event, EventError};

/// The header carrying the signature.
pub const SIGNATURE_HEADER: &str = "x-request-network-signature";

/// The length of a signature: 32 bytes as 64 hex characters.
pub const SIGNATURE_HEX_LEN: usize = 64;

/// Why a webhook signature was not accepted. A malformed header and a signature that does not
/// match are different failures: the first is unusable input, the second a forgery, a
/// modified body or the wrong secret.
///
/// ```
/// use securepay::webhook::{verify_signature, SignatureError};
///
/// let body = br#"{"event":"payment.refunded","requestId":"01"}"#;
/// let error = verify_signature("s3cret", body, "sha256=a4ba136e").unwrap_err();
/// assert_eq!(error, SignatureError::NotHex { character: 's', position: 0 });
/// let upper = "A4BA136EB7BB066BE7F451B4BE3244E85C98E42BD1421260DC2B498486750D05";
/// assert!(matches!(verify_signature("s3cret", body, upper), Err(SignatureError::UppercaseHex { position: 0, .. })));
/// assert_eq!(verify_signature("", body, &"0".repeat(64)), Err(SignatureError::EmptySecret));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SignatureError {
    /// The secret is empty: there is nothing to verify with.
    #[error("the webhook secret is empty: use the secret returned when the webhook was created")]
    EmptySecret,
    /// The header is absent from the request.
    #[error("the request has no {SIGNATURE_HEADER} header")]
    MissingHeader,
    /// The header appears more than once: which one to check would be ambiguous.
    #[error("the request has {count} {SIGNATURE_HEADER} headers; exactly one is expected")]
    RepeatedHeader {
        /// How many there are.
        count: usize,
    },
    /// The header is present but empty.
    #[error("the signature header is empty")]
    EmptyHeader,
    /// A character that is not a hex digit (including whitespace and prefixes such as
    /// `sha256=`: the header is the bare digest).
    #[error(
        "the signature contains {character:?} at position {position}: it must be the bare lowercase hex digest"
    )]
    NotHex {
        /// The character.
        character: char,
        /// Its position, counting characters from 0.
        position: usize,
    },
    /// An uppercase hex digit: the service writes lowercase hex, so this header was not
    /// written by it.
    #[error(
        "the signature has the uppercase hex digit {character:?} at position {position}: the service writes lowercase hex"
    )]
    UppercaseHex {
        /// The character.
        character: char,
        /// Its position, counting characters from 0.
        position: usize,
    },
    /// Hex of the wrong length.
    #[error(
        "the signature is {len} hex characters long; an HMAC-SHA256 digest is {SIGNATURE_HEX_LEN}"
    )]
    WrongLength {
        /// The number of characters.
        len: usize,
    },
    /// Well-formed, but not the HMAC of this body under this secret.
    #[error(
        "the signature does not match the body: wrong secret, modified body, or forged request"
    )]
    Mismatch,
    /// The HMAC implementation refused the key (HMAC takes keys of any length, so this does
    /// not happen; it exists so that no path can panic).
    #[error("HMAC-SHA256 refused the secret as a key")]
    KeyRejected,
}

/// A body whose signature was checked: the only way to reach [`VerifiedBody::parse`], so code
/// that receives webhooks cannot parse before verifying.
///
/// ```
/// use securepay::webhook::{verify_signature, Event};
///
/// // A vector computed with Node.js crypto.createHmac.
/// let secret = "f3c189a4b5e6d7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2";
/// let body = br#"{"event":"payment.failed","requestId":"0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93","requestID":"0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93","paymentReference":"0x2c3366941274c34c","subStatus":"insufficient_funds","paymentProcessor":"request-network"}"#;
/// let verified = verify_signature(secret, body, "a4ba136eb7bb066be7f451b4be3244e85c98e42bd1421260dc2b498486750d05")?;
/// assert!(matches!(verified.parse()?, Event::PaymentFailed(_)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VerifiedBody<'a> {
    bytes: &'a [u8],
}

impl<'a> VerifiedBody<'a> {
    /// The raw body bytes.
    ///
    /// ```
    /// use securepay::webhook::{sign, verify_signature};
    ///
    /// let body = br#"{"event":"payment.refunded","requestId":"01"}"#;
    /// let verified = verify_signature("s3cret", body, &sign("s3cret", body)?)?;
    /// assert_eq!(verified.as_bytes(), body); // the bytes as received, to store as such
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Parses the verified body into its typed event.
    ///
    /// ```
    /// use securepay::webhook::{sign, verify_signature, EventError};
    ///
    /// let body = b"not json";
    /// let verified = verify_signature("s3cret", body, &sign("s3cret", body)?)?;
    /// assert!(matches!(verified.parse(), Err(EventError::NotJson(_)))); // signed, yet not an event
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(&self) -> Result<Event, EventError> {
        Event::parse_unverified(self.bytes)
    }
}

/// Verifies the `x-request-network-signature` header of a webhook delivery.
///
/// `raw_body` must be the bytes exactly as received (not re-serialized JSON: one extra space
/// changes the digest). The key is the secret's UTF-8 text, not hex-decoded. The header must
/// be exactly 64 lowercase hex characters: the service writes lowercase, so uppercase digits
/// are refused with their own error rather than folded. The comparison is constant-time.
///
/// ```
/// use securepay::webhook::{sign, verify_signature, SignatureError};
///
/// let secret = "f3c189a4b5e6d7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2";
/// let body = br#"{"event":"payment.failed","requestId":"01","subStatus":"failed"}"#;
/// let header = sign(secret, body)?;
/// let verified = verify_signature(secret, body, &header)?;
/// assert_eq!(verified.parse()?.name().to_string(), "payment.failed");
///
/// let tampered = br#"{"event":"payment.failed","requestId":"02","subStatus":"failed"}"#;
/// assert_eq!(verify_signature(secret, tampered, &header), Err(SignatureError::Mismatch));
/// assert_eq!(verify_signature(secret, body, ""), Err(SignatureError::EmptyHeader));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn verify_signature<'a>(
    secret: &str,
    raw_body: &'a [u8],
    header: &str,
) -> Result<VerifiedBody<'a>, SignatureError> {
    let expected = decode_header(header)?;
    let mac = keyed(secret)?.chain_update(raw_body);
    mac.verify_slice(&expected)
        .map_err(|_| SignatureError::Mismatch)?;
    Ok(VerifiedBody { bytes: raw_body })
}

/// Verifies a delivery from its headers: exactly one `x-request-network-signature` header,
/// then [`verify_signature`]. Header names are case-insensitive, as in HTTP.
///
/// ```
/// use http::HeaderMap;
/// use securepay::webhook::{sign, verify_headers, SignatureError, SIGNATURE_HEADER};
///
/// let body = br#"{"event":"payment.refunded","requestId":"01"}"#;
/// let mut headers = HeaderMap::new();
/// assert_eq!(verify_headers("s3cret", body, &headers), Err(SignatureError::MissingHeader));
/// headers.insert(SIGNATURE_HEADER, sign("s3cret", body)?.parse()?);
/// assert!(verify_headers("s3cret", body, &headers).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn verify_headers<'a>(
    secret: &str,
    raw_body: &'a [u8],
    headers: &HeaderMap,
) -> Result<VerifiedBody<'a>, SignatureError> {
    let mut values = headers.get_all(SIGNATURE_HEADER).iter();
    let value = values.next().ok_or(SignatureError::MissingHeader)?;
    let extra = values.count();
    if extra > 0 {
        return Err(SignatureError::RepeatedHeader {
            count: extra.saturating_add(1),
        });
    }
    let text = value.to_str().map_err(|_| {
        // Not visible ASCII: report the first offending byte as a character.
        let (position, byte) = value
            .as_bytes()
            .iter()
            .enumerate()
            .find(|(_, b)| !b.is_ascii_hexdigit())
            .map_or((0, 0), |(i, b)| (i, *b));
        SignatureError::NotHex {
            character: char::from(byte),
            position,
        }
    })?;
    verify_signature(secret, raw_body, text)
}

/// The signature the service would send for `raw_body`: lowercase hex of
/// HMAC-SHA256(secret as UTF-8, body). For tests, simulators and replay tools.
///
/// ```
/// use securepay::webhook::sign;
/// assert_eq!(
///     sign("f3c189a4b5e6d7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2",
///          br#"{"event":"payment.failed","requestId":"0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93","requestID":"0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93","paymentReference":"0x2c3366941274c34c","subStatus":"insufficient_funds","paymentProcessor":"request-network"}"#)?,
///     "a4ba136eb7bb066be7f451b4be3244e85c98e42bd1421260dc2b498486750d05"
/// );
/// # Ok::<(), securepay::webhook::SignatureError>(())
/// ```
pub fn sign(secret: &str, raw_body: &[u8]) -> Result<String, SignatureError> {
    let digest = keyed(secret)?
        .chain_update(raw_body)
        .finalize()
        .into_bytes();
    Ok(alloy_primitives::hex::encode(digest))
}

fn keyed(secret: &str) -> Result<Hmac<Sha256>, SignatureError> {
    if secret.is_empty() {
        return Err(SignatureError::EmptySecret);
    }
    <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes())
        .map_err(|_| SignatureError::KeyRejected)
}

/// Checks the header's characters, then its length, and decodes it.
fn decode_header(header: &str) -> Result<[u8; 32], SignatureError> {
    if header.is_empty() {
        return Err(SignatureError::EmptyHeader);
    }
    for (position, character) in header.chars().enumerate() {
        match character {
            '0'..='9' | 'a'..='f' => {}
            'A'..='F' => {
                return Err(SignatureError::UppercaseHex {
                    character,
                    position,
                });
            }
            _ => {
                return Err(SignatureError::NotHex {
                    character,
                    position,
                });
            }
        }
    }
    // Only ASCII hex digits from here on: bytes and characters coincide.
    if header.len() != SIGNATURE_HEX_LEN {
        return Err(SignatureError::WrongLength { len: header.len() });
    }
    let mut bytes = [0u8; 32];
    // 64 lowercase hex digits: decoding cannot fail.
    alloy_primitives::hex::decode_to_slice(header, &mut bytes)
        .map_err(|_| SignatureError::WrongLength { len: header.len() })?;
    Ok(bytes)
}
