//! A settlement feeds the partial-payment ledger: one payment per transaction.

use securepay::amount::{Amount, Decimals};
use securepay::detect::ApplyError;
use securepay::network::Network;
use securepay::partial::{Ledger, LedgerStatus};
use serde_json::json;

use super::*;

#[test]
fn a_settlement_feeds_the_ledger_once_per_transaction() {
    let logs = json!([
        usdc_payment(reference(), PAYEE, 40_000_000, 0, FEE_TO, 0x11, 1),
        usdc_payment(reference(), PAYEE, 25_000_000, 0, FEE_TO, 0x12, 1),
        // Two payments of the request in one transaction (a batch): one ledger payment.
        usdc_payment(reference(), PAYEE, 20_000_000, 0, FEE_TO, 0x13, 1),
        usdc_payment(reference(), PAYEE, 20_000_000, 0, FEE_TO, 0x13, 2),
    ]);
    let settlement = run(Network::Base, &logs, &usdc_criteria());
    let mut ledger = Ledger::new(
        "01ab",
        Amount::parse_positive("100", Decimals::new(6).unwrap()).unwrap(),
    )
    .unwrap();
    let applied = settlement.apply_to(&mut ledger).unwrap();
    assert_eq!(applied.len(), 3);
    assert_eq!(ledger.payments().len(), 3);
    assert_eq!(ledger.payments()[2].amount.to_string(), "40");
    assert_eq!(ledger.status(), LedgerStatus::Paid);
    assert_eq!(ledger.excess().to_string(), "5");
    // Applied again (the same logs fetched twice): nothing changes.
    let again = settlement.apply_to(&mut ledger).unwrap();
    assert!(again.iter().all(|a| a.duplicate));
    assert_eq!(ledger.paid().to_string(), "100");
    // A ledger of another currency's decimals is refused.
    let mut eighteen = Ledger::new(
        "01ab",
        Amount::parse_positive("100", Decimals::new(18).unwrap()).unwrap(),
    )
    .unwrap();
    assert_eq!(
        settlement.apply_to(&mut eighteen).unwrap_err(),
        ApplyError::Decimals {
            ledger: 18,
            settlement: 6
        }
    );
}
