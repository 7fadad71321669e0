//! The verifier against the contracts, executed (issue 25): the input draws a response the
//! fixtures build, a token behaviour and one to three mutations (`tests/it/evm/property/mutate.rs`
//! reads them, as the proptest `a_mutated_response_verified_safe_keeps_the_agreement` does);
//! the mutated response is verified from its bytes and, when the verdict has no danger and no
//! caution naming the token's behaviour, executed in revm against Request Network's contracts.
//! A crash is an execution that breaks the agreement under such a verdict
//! (`tests/it/evm/property/check.rs`), with the case, the verdict and the response.
#![no_main]

#[path = "../evm/mod.rs"]
mod evm;

use evm::property::trial::{Trial, trial};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Trial::Broken {
        case,
        verdict,
        behaviour,
        violations,
    } = trial(data)
    {
        panic!(
            "COUNTEREXAMPLE {}\nwith a {behaviour:?} token:\n  {}\nverdict:\n{verdict}\nresponse: {}",
            case.name,
            violations.join("\n  "),
            serde_json::to_string(&case.response).unwrap_or_default(),
        );
    }
});
