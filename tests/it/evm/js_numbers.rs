//! Issue 33, class 4, executed: what a wallet that reads the response with `JSON.parse` sends
//! when a native `value` is a bare JSON number above `Number.MAX_SAFE_INTEGER`: the nearest
//! double (IEEE 754, ties to even), not the value verified. On mainnet's contracts the payee of
//! a native payment gets less than agreed, and the legacy native batch reverts. (The verifier
//! refuses such responses: `tests/it/verify/js_numbers.rs`.)

use alloy_primitives::{I256, U256};
use securepay::calldata::{BatchPayee, Builder, NativeFeePayment};
use securepay::network::Network;
use securepay::transaction::Transaction;

use super::builders::{FEE_TO, LEGACY_RATE, PAYEE_A, PAYEE_B, PAYER, at, mainnet, reference};
use super::observe::Asset;

/// The value a JavaScript wallet holds for the bare number `n`: the nearest double's integer
/// (Rust's `as f64` rounds the same way, ties to even).
fn js(n: U256) -> U256 {
    U256::from(n.to::<u64>() as f64 as u128)
}

#[test]
fn a_native_payment_as_javascript_reads_it_pays_the_payee_less() {
    let mut chain = mainnet();
    for amount in [200_000_000_000_000_003u64, 1_000_000_000_000_000_003] {
        let payment = NativeFeePayment::new(at(PAYEE_A), U256::from(amount), reference(1));
        let tx = Builder::new(Network::Mainnet).native_fee(&payment).unwrap();
        assert_eq!(tx.value, U256::from(amount));
        // As verified: the payee gets the amount.
        let outcome = chain.send_transaction(PAYER, &tx);
        outcome.assert_success();
        assert_eq!(
            outcome.changes.of(Asset::Native, PAYEE_A),
            I256::try_from(amount).unwrap()
        );
        // As signed by a JavaScript wallet: 3 wei short, and the request stays partly unpaid.
        let signed = Transaction {
            value: js(tx.value),
            ..tx.clone()
        };
        let outcome = chain.send_transaction(PAYER, &signed);
        outcome.assert_success();
        assert_eq!(
            outcome.changes.of(Asset::Native, PAYEE_A),
            I256::try_from(amount - 3).unwrap()
        );
    }
}

#[test]
fn a_native_batch_as_javascript_reads_it_reverts() {
    let mut chain = mainnet();
    let mut rows = vec![
        BatchPayee {
            to: at(PAYEE_A),
            amount: U256::from(600_000_000_000_000_000u64),
            reference: reference(1),
            fee_amount: U256::ZERO,
        },
        BatchPayee {
            to: at(PAYEE_B),
            amount: U256::from(550_000_000_000_000_000u64),
            reference: reference(2),
            fee_amount: U256::ZERO,
        },
    ];
    let builder = Builder::new(Network::Mainnet);
    let rate = u32::from(LEGACY_RATE);
    let base = builder.batch_native(&rows, at(FEE_TO), rate).unwrap().value;
    // The first row's fee brings the value to 2^60 + 128 (mod 512): a tie that `JSON.parse`
    // rounds to the even double, 128 wei below.
    let base = base.to::<u64>();
    rows[0].fee_amount = U256::from((128 + 512 - base % 512) % 512);
    let tx = builder.batch_native(&rows, at(FEE_TO), rate).unwrap();
    assert_eq!(js(tx.value), tx.value - U256::from(128), "{}", tx.value);
    let signed = Transaction {
        value: js(tx.value),
        ..tx.clone()
    };
    let outcome = chain.send_transaction(PAYER, &signed);
    assert!(!outcome.succeeded(), "128 wei short went through");
    assert!(outcome.changes.is_empty());
    // The value verified goes through.
    chain.send_transaction(PAYER, &tx).assert_success();
}
