//! Webhooks: `verify_signature` / `verify_headers` with a fixed secret, then
//! `Event::parse_unverified`. Byte 0 is the header length; the header text follows, then the
//! body.
//!
//! Properties: a header is accepted exactly when it is `sign(secret, body)`; both entry points
//! agree; a body signed with `sign` verifies and flipping any one of its bits fails with
//! `Mismatch`; a parsed event reads back from its own JSON value.
#![no_main]

use http::{HeaderMap, HeaderValue};
use libfuzzer_sys::fuzz_target;
use securepay::webhook::{
    Event, SIGNATURE_HEADER, SignatureError, sign, verify_headers, verify_signature,
};

const SECRET: &str = "f3c189a4b5e6d7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2";

fuzz_target!(|data: &[u8]| {
    let Some((&len, rest)) = data.split_first() else {
        return;
    };
    let split = usize::from(len).min(rest.len());
    let (header_bytes, body) = rest.split_at(split);
    let expected = sign(SECRET, body).expect("a non-empty secret signs");
    assert_eq!(expected.len(), 64);

    if let Ok(header) = std::str::from_utf8(header_bytes) {
        let result = verify_signature(SECRET, body, header);
        assert_eq!(result.is_ok(), header == expected, "{header:?}");
        if let Ok(verified) = &result {
            assert_eq!(verified.as_bytes(), body);
        }
        let wellformed = header.len() == 64
            && header
                .bytes()
                .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
        if wellformed && header != expected {
            assert_eq!(result, Err(SignatureError::Mismatch));
        }
        assert_eq!(verify_signature("", body, header).ok(), None);
    }
    if let Ok(value) = HeaderValue::from_bytes(header_bytes) {
        let mut headers = HeaderMap::new();
        headers.insert(SIGNATURE_HEADER, value.clone());
        let by_headers = verify_headers(SECRET, body, &headers);
        match value.to_str() {
            Ok(text) => assert_eq!(by_headers, verify_signature(SECRET, body, text)),
            Err(_) => assert!(matches!(by_headers, Err(SignatureError::NotHex { .. }))),
        }
        headers.append(SIGNATURE_HEADER, value);
        assert_eq!(
            verify_headers(SECRET, body, &headers),
            Err(SignatureError::RepeatedHeader { count: 2 })
        );
    }
    assert_eq!(
        verify_headers(SECRET, body, &HeaderMap::new()),
        Err(SignatureError::MissingHeader)
    );

    // A signed body verifies; any one flipped bit fails.
    assert!(verify_signature(SECRET, body, &expected).is_ok());
    let mut tampered = body.to_vec();
    for i in 0..tampered.len().min(64) {
        let bit = 1u8 << (i % 8);
        tampered[i] ^= bit;
        assert_eq!(
            verify_signature(SECRET, &tampered, &expected),
            Err(SignatureError::Mismatch)
        );
        tampered[i] ^= bit;
    }

    if let Ok(event) = Event::parse_unverified(body) {
        let _ = event.name().to_string();
        let _ = event.kind();
        let _ = event.scope();
        let _ = event.request_id();
        let value = event.to_value();
        assert_eq!(
            Event::from_value(value.clone()).as_ref(),
            Ok(&event),
            "{value}"
        );
        let verified = verify_signature(SECRET, body, &expected).expect("signed");
        assert_eq!(verified.parse().as_ref(), Ok(&event));
    }
});
