//! `PayResponse::from_slice` on arbitrary bytes, then `.problems()` and `verify::verify`
//! against fixed expectations. When it parses: serialize → parse gives an equal value, and
//! the verdict is the same for the re-read response.
#![no_main]

use libfuzzer_sys::fuzz_target;
use securepay::pay::PayResponse;
use securepay::verify::verify;
use securepay_fuzz::verify_cases;

fuzz_target!(|data: &[u8]| {
    let Ok(response) = PayResponse::from_slice(data) else {
        return;
    };
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
        let _ = verdict.to_text();
        let _ = verdict.is_safe();
        let _ = serde_json::to_string(&verdict).expect("a verdict serializes");
        assert_eq!(verify(&again, &case.expectation), verdict);
        if !problems.is_empty() {
            // A structurally broken response is never safe to sign.
            assert!(!verdict.is_safe(), "{}: {problems:?}", case.name);
        }
    }
});
