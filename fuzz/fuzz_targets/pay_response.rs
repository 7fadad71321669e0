//! `PayResponse::from_slice` on arbitrary bytes, then `.problems()` and `verify::verify`
//! against fixed expectations. When it parses: serialize → parse gives an equal value, and
//! the verdict is the same for the re-read response; and every accepted calldata text is
//! exactly `0x` followed by hex digits (value equality alone would not see a reader that is
//! lenient about the text, such as one accepting `0x0x…`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use securepay::pay::PayResponse;
use securepay::verify::{FindingCode, Severity, verify};
use securepay_fuzz::verify_cases;
use serde_json::Value;

/// The calldata texts of the transactions and destination calls of a pay response body.
fn calldata_texts<'a>(body: &'a Value) -> Vec<&'a str> {
    let mut texts = Vec::new();
    let mut push = |tx: &'a Value, key: &str| {
        if let Some(text) = tx.get(key).and_then(Value::as_str) {
            texts.push(text);
        }
    };
    for list in [
        "transactions",
        "eoaApprovalTransactions",
        "ERC20ApprovalTransactions",
    ] {
        for tx in body
            .get(list)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            push(tx, "data");
        }
    }
    for single in [
        "batchPaymentTransaction",
        "ERC20BatchPaymentTransaction",
        "ETHBatchPaymentTransaction",
    ] {
        if let Some(tx) = body.get(single) {
            push(tx, "data");
        }
    }
    for call in body
        .get("destinationCalls")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        push(call, "calldata");
    }
    texts
}

fuzz_target!(|data: &[u8]| {
    let Ok(response) = PayResponse::from_slice(data) else {
        return;
    };
    if let Ok(body) = serde_json::from_slice::<Value>(data) {
        for text in calldata_texts(&body) {
            let digits = text
                .strip_prefix("0x")
                .expect("accepted calldata starts with 0x");
            assert!(
                digits.len() % 2 == 0 && digits.bytes().all(|b| b.is_ascii_hexdigit()),
                "accepted calldata text {text:?} is not 0x + hex digits"
            );
        }
    }
    let problems = response.problems();
    for problem in &problems {
        let _ = problem.code();
        let _ = problem.to_string();
    }
    let json = serde_json::to_vec(&response).expect("a pay response serializes");
    let again = PayResponse::from_slice(&json).unwrap_or_else(|e| {
        panic!(
            "re-reading the serialized response failed: {e}\n{}",
            String::from_utf8_lossy(&json)
        )
    });
    assert_eq!(again, response, "serialize → parse changed the response");
    assert_eq!(again.problems(), problems);
    for case in verify_cases() {
        let verdict = verify(&response, &case.expectation);
        let _ = verdict.to_string();
        let _ = verdict.is_safe();
        let _ = serde_json::to_string(&verdict).expect("a verdict serializes");
        assert_eq!(verify(&again, &case.expectation), verdict);
        // A structurally broken response is never safe to sign (a problem of a danger code;
        // a missing `executableLegCount` is informational, a caution).
        let broken = problems
            .iter()
            .any(|p| FindingCode::from(p).severity() == Severity::Danger);
        if broken {
            assert!(!verdict.is_safe(), "{}: {problems:?}", case.name);
        }
    }
});
