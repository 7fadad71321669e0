//! Webhook signatures: every vector of `webhook-signatures.json`, each malformed header with its
//! own error, headers, and properties (any change to the body breaks the signature).

use crate::common;

use http::{HeaderMap, HeaderValue};
use proptest::prelude::*;
use securepay::webhook::{
    Event, SIGNATURE_HEADER, SignatureError, sign, verify_headers, verify_signature,
};

const SECRET: &str = "f3c189a4b5e6d7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2";

fn vectors() -> Vec<serde_json::Value> {
    let file = common::read_json("vectors/webhook-signatures.json");
    assert_eq!(file["header"], SIGNATURE_HEADER);
    file["vectors"].as_array().unwrap().clone()
}

#[test]
fn every_signature_vector_verifies_or_fails_as_published() {
    let vectors = vectors();
    assert_eq!(vectors.len(), 3);
    for vector in vectors {
        let secret = common::s(&vector, "secret");
        let body = common::s(&vector, "body").as_bytes();
        let signature = common::s(&vector, "signature");
        let valid = vector["valid"].as_bool().unwrap_or(true);
        let result = verify_signature(secret, body, signature);
        if valid {
            assert!(result.is_ok(), "{vector}: {result:?}");
            assert_eq!(sign(secret, body).unwrap(), signature);
        } else {
            assert_eq!(result, Err(SignatureError::Mismatch), "{}", vector["why"]);
        }
    }
}

#[test]
fn the_key_is_the_secret_text_not_its_hex_decoding() {
    let body = common::s(&vectors()[0], "body").as_bytes().to_vec();
    // The digest a hex-decoded key gives (api-notes §1.2) must not verify.
    use hmac::Mac;
    let key = alloy_primitives::hex::decode(SECRET).unwrap();
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(&key).unwrap();
    mac.update(&body);
    let hex_keyed = alloy_primitives::hex::encode(mac.finalize().into_bytes());
    assert_eq!(
        hex_keyed,
        "508669956e095b40bde8e3f2ff63a7070921b18aba7f816de2167057af6c3909"
    );
    assert_eq!(
        verify_signature(SECRET, &body, &hex_keyed),
        Err(SignatureError::Mismatch)
    );
}

#[test]
fn a_verified_body_parses_into_its_event() {
    let vector = &vectors()[1];
    let body = common::s(vector, "body").as_bytes();
    let verified = verify_signature(SECRET, body, common::s(vector, "signature")).unwrap();
    assert_eq!(verified.as_bytes(), body);
    assert!(matches!(
        verified.parse().unwrap(),
        Event::ComplianceUpdated(_)
    ));
}

#[test]
fn malformed_headers_have_distinct_errors() {
    let body = b"{}";
    let good = sign(SECRET, body).unwrap();
    assert_eq!(
        verify_signature(SECRET, body, ""),
        Err(SignatureError::EmptyHeader)
    );
    assert_eq!(
        verify_signature(SECRET, body, &good[..63]),
        Err(SignatureError::WrongLength { len: 63 })
    );
    assert_eq!(
        verify_signature(SECRET, body, &format!("{good}00")),
        Err(SignatureError::WrongLength { len: 66 })
    );
    assert_eq!(
        verify_signature(SECRET, body, &format!("{}g", &good[..63])),
        Err(SignatureError::NotHex {
            character: 'g',
            position: 63
        })
    );
    assert_eq!(
        verify_signature(SECRET, body, &format!("sha256={good}")),
        Err(SignatureError::NotHex {
            character: 's',
            position: 0
        })
    );
    assert_eq!(
        verify_signature(SECRET, body, &format!(" {good}")),
        Err(SignatureError::NotHex {
            character: ' ',
            position: 0
        })
    );
    assert_eq!(
        verify_signature(SECRET, body, &format!("{good}\n")),
        Err(SignatureError::NotHex {
            character: '\n',
            position: 64
        })
    );
    assert_eq!(
        verify_signature(SECRET, body, "é"),
        Err(SignatureError::NotHex {
            character: 'é',
            position: 0
        })
    );
}

#[test]
fn uppercase_hex_is_refused_because_the_service_writes_lowercase() {
    let body = b"{\"event\":\"payment.refunded\"}";
    let upper = sign(SECRET, body).unwrap().to_uppercase();
    let first_letter = upper.chars().position(|c| c.is_ascii_alphabetic()).unwrap();
    assert_eq!(
        verify_signature(SECRET, body, &upper),
        Err(SignatureError::UppercaseHex {
            character: upper.chars().nth(first_letter).unwrap(),
            position: first_letter
        })
    );
}

#[test]
fn an_empty_secret_is_refused_rather_than_used() {
    assert_eq!(sign("", b"{}"), Err(SignatureError::EmptySecret));
    let signature = sign("x", b"{}").unwrap();
    assert_eq!(
        verify_signature("", b"{}", &signature),
        Err(SignatureError::EmptySecret)
    );
}

#[test]
fn the_wrong_secret_is_a_mismatch() {
    let body = common::s(&vectors()[0], "body").as_bytes().to_vec();
    let signature = common::s(&vectors()[0], "signature").to_owned();
    let mut other = SECRET.to_owned();
    other.pop();
    assert_eq!(
        verify_signature(&other, &body, &signature),
        Err(SignatureError::Mismatch)
    );
}

#[test]
fn headers_need_exactly_one_signature() {
    let body = b"{\"event\":\"payment.refunded\",\"requestId\":\"01\"}";
    let signature = sign(SECRET, body).unwrap();
    let mut headers = HeaderMap::new();
    assert_eq!(
        verify_headers(SECRET, body, &headers),
        Err(SignatureError::MissingHeader)
    );
    // Header names are case-insensitive.
    headers.insert(
        "X-Request-Network-Signature",
        HeaderValue::from_str(&signature).unwrap(),
    );
    assert!(verify_headers(SECRET, body, &headers).is_ok());
    headers.append(SIGNATURE_HEADER, HeaderValue::from_str(&signature).unwrap());
    assert_eq!(
        verify_headers(SECRET, body, &headers),
        Err(SignatureError::RepeatedHeader { count: 2 })
    );
    let mut opaque = HeaderMap::new();
    opaque.insert(
        SIGNATURE_HEADER,
        HeaderValue::from_bytes(b"ab\xffcd").unwrap(),
    );
    assert!(matches!(
        verify_headers(SECRET, body, &opaque),
        Err(SignatureError::NotHex { position: 2, .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn any_signed_body_verifies_and_any_changed_byte_does_not(
        secret in "[ -~]{1,40}",
        body in proptest::collection::vec(any::<u8>(), 0..200),
        flip in any::<proptest::sample::Index>(),
        bit in 0u8..8,
    ) {
        let signature = sign(&secret, &body).unwrap();
        prop_assert_eq!(signature.len(), 64);
        prop_assert!(verify_signature(&secret, &body, &signature).is_ok());
        if !body.is_empty() {
            let mut changed = body.clone();
            let i = flip.index(changed.len());
            changed[i] ^= 1 << bit;
            prop_assert_eq!(verify_signature(&secret, &changed, &signature), Err(SignatureError::Mismatch));
        }
        let mut longer = body.clone();
        longer.push(b' ');
        prop_assert_eq!(verify_signature(&secret, &longer, &signature), Err(SignatureError::Mismatch));
    }
}
