//! `verify::Expectation::from_str`: arbitrary text never panics; an accepted expectation has
//! at least one payment of a positive amount in a currency of its network, masks a hidden payee
//! in `Debug`, serializes, and verifying the fixed responses against it never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use securepay::verify::{Expectation, verify};
use securepay_fuzz::verify_cases;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(expectation) = Expectation::from_str(text) else {
        return;
    };
    assert!(!expectation.payments().is_empty());
    assert_eq!(
        expectation.currency().chain_network(),
        Some(expectation.network())
    );
    for payment in expectation.payments() {
        assert!(!payment.units().is_zero());
        assert_eq!(
            payment.amount().to_units(expectation.currency().decimals()),
            Ok(payment.units())
        );
    }
    let debug = format!("{expectation:?}");
    if expectation.hide_payee_address() {
        for payment in expectation.payments() {
            let payee = payment.payee().address_for_transaction().to_string();
            let shown_elsewhere = [expectation.payer(), expectation.smart_account()]
                .iter()
                .flatten()
                .any(|a| a.to_string() == payee);
            if !shown_elsewhere {
                assert!(!debug.contains(&payee), "hidden payee {payee} in {debug}");
            }
        }
    }
    let _ = serde_json::to_string(&expectation).expect("an expectation serializes");
    for case in verify_cases() {
        let verdict = verify(&case.response, &expectation);
        let _ = verdict.to_string();
        if expectation == case.expectation {
            assert!(verdict.is_safe(), "{}: {verdict}", case.name);
        }
    }
});
