//! The partial-payment ledger: exact amounts, capping with the excess reported, idempotence by
//! transaction hash, and the same account fed by webhooks and request statuses in any order.

use crate::common;

use alloy_primitives::U256;
use proptest::prelude::*;
use securepay::amount::{Amount, AmountError, Decimals};
use securepay::currency::Catalog;
use securepay::partial::{Ledger, LedgerError, LedgerStatus, RequestStatus, TxHash};
use securepay::webhook::Event;
use serde_json::{Value, json};

const RID: &str = "0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93";
const TX1: &str = "0x1111111111111111111111111111111111111111111111111111111111111111";
const TX2: &str = "0x2222222222222222222222222222222222222222222222222222222222222222";
const TX3: &str = "0x3333333333333333333333333333333333333333333333333333333333333333";

fn usdc() -> Decimals {
    Decimals::new(6).unwrap()
}

fn ledger(expected: &str) -> Ledger {
    Ledger::new(RID, Amount::parse_positive(expected, usdc()).unwrap()).unwrap()
}

fn event(value: &Value) -> Event {
    Event::parse_unverified(value.to_string().as_bytes()).unwrap()
}

fn payment(name: &str, tx: &str, amount: &str, total: &str) -> Event {
    let mut body = common::read_json("webhook/payment.partial.json");
    body["event"] = json!(name);
    body["txHash"] = json!(tx);
    body["amount"] = json!(amount);
    body["totalAmountPaid"] = json!(total);
    event(&body)
}

#[test]
fn partial_payments_move_pending_to_partially_paid_to_paid() {
    let mut ledger = ledger("100");
    assert_eq!(ledger.status(), LedgerStatus::Pending);
    let first = ledger.apply(TX1, "25.5").unwrap();
    assert_eq!(first.previous, LedgerStatus::Pending);
    assert_eq!(first.status, LedgerStatus::PartiallyPaid);
    assert_eq!(ledger.paid().to_string(), "25.5");
    assert_eq!(ledger.remaining().units(), U256::from(74_500_000u64));
    let second = ledger.apply(TX2, "74.5").unwrap();
    assert_eq!(second.status, LedgerStatus::Paid);
    assert_eq!(second.excess().unwrap().units(), U256::ZERO);
    assert!(ledger.remaining().is_zero());
    assert!(!ledger.is_settled(), "amounts alone do not settle");
}

#[test]
fn a_payment_above_the_remaining_balance_is_capped_and_the_excess_reported() {
    let mut ledger = ledger("100");
    ledger.apply(TX1, "60").unwrap();
    let over = ledger.apply(TX2, "55.123456").unwrap();
    let recorded = over.recorded.unwrap();
    assert_eq!(recorded.amount.to_string(), "55.123456");
    assert_eq!(recorded.credited.to_string(), "40");
    assert_eq!(recorded.excess.to_string(), "15.123456");
    assert_eq!(ledger.paid().to_string(), "100");
    assert_eq!(ledger.excess().to_string(), "15.123456");
    // Once paid, a further payment is all excess.
    let after = ledger.apply(TX3, "1").unwrap().recorded.unwrap();
    assert!(after.credited.is_zero());
    assert_eq!(after.excess.to_string(), "1");
    assert_eq!(ledger.excess().to_string(), "16.123456");
    assert_eq!(ledger.paid().to_string(), "100");
}

#[test]
fn the_same_payment_twice_is_a_no_op_and_with_another_amount_an_error() {
    let mut ledger = ledger("100");
    ledger.apply(TX1, "10").unwrap();
    let again = ledger.apply(TX1, "10.000").unwrap();
    assert!(again.duplicate);
    assert!(again.recorded.is_none());
    // The same hash in uppercase or without 0x is the same transaction.
    assert!(
        ledger
            .apply(&TX1.to_uppercase().replace("0X", "0x"), "10")
            .unwrap()
            .duplicate
    );
    assert!(ledger.apply(&TX1[2..], "10").unwrap().duplicate);
    assert_eq!(ledger.paid().to_string(), "10");
    assert_eq!(ledger.payments().len(), 1);
    assert!(matches!(
        ledger.apply(TX1, "11"),
        Err(LedgerError::ConflictingPayment { .. })
    ));
    assert_eq!(ledger.paid().to_string(), "10", "an error changes nothing");
}

#[test]
fn partial_amounts_are_positive_human_decimals_within_the_currency_decimals() {
    let mut ledger = ledger("100");
    for (amount, expected) in [
        ("0", AmountError::Zero),
        ("0.0", AmountError::Zero),
        (
            "1.0000001",
            AmountError::TooPrecise {
                given: 7,
                decimals: 6,
            },
        ),
        ("-1", AmountError::Negative),
        ("1e2", AmountError::Exponent { position: 1 }),
        ("", AmountError::Empty),
    ] {
        assert_eq!(
            ledger.apply(TX1, amount),
            Err(LedgerError::Amount {
                field: "amount",
                source: expected
            }),
            "{amount:?}"
        );
    }
    assert!(matches!(
        ledger.apply("0x12", "1"),
        Err(LedgerError::TxHash(_))
    ));
    assert_eq!(ledger.status(), LedgerStatus::Pending);
    assert!(ledger.payments().is_empty());
}

#[test]
fn a_ledger_needs_a_request_and_a_positive_amount() {
    assert_eq!(
        Ledger::new("", Amount::parse_positive("1", usdc()).unwrap()),
        Err(LedgerError::EmptyRequestId)
    );
    assert!(matches!(
        Ledger::new(RID, Amount::parse("0", usdc()).unwrap()),
        Err(LedgerError::Amount {
            source: AmountError::Zero,
            ..
        })
    ));
    let usdc_bsc = Catalog::builtin().get("USDC-bsc").unwrap();
    let ledger = Ledger::for_currency(RID, "100", usdc_bsc).unwrap();
    assert_eq!(ledger.decimals().get(), 18);
    assert!(Ledger::for_currency(RID, "0.0000000000000000001", usdc_bsc).is_err());
}

#[test]
fn webhooks_drive_the_ledger_and_only_confirmation_settles() {
    let mut ledger = ledger("100");
    let partial = payment("payment.partial", TX1, "50.0", "50.0");
    let applied = ledger.apply_event(&partial).unwrap();
    assert_eq!(applied.status, LedgerStatus::PartiallyPaid);
    assert!(!ledger.is_settled());
    // The checkout variant of the same payment: no-op.
    let variant = payment("payment.partial.checkout", TX1, "50.0", "50.0");
    assert!(ledger.apply_event(&variant).unwrap().duplicate);
    let confirmed = payment("payment.confirmed", TX2, "50.0", "100.0");
    let applied = ledger.apply_event(&confirmed).unwrap();
    assert_eq!(applied.status, LedgerStatus::Paid);
    assert!(ledger.is_settled());
    assert_eq!(ledger.paid().to_string(), "100");
}

#[test]
fn out_of_order_and_duplicated_webhooks_end_in_the_same_account() {
    let events = [
        payment("payment.partial", TX1, "30", "30"),
        payment("payment.partial", TX2, "30", "60"),
        payment("payment.confirmed", TX3, "40", "100"),
    ];
    let mut in_order = ledger("100");
    for e in &events {
        in_order.apply_event(e).unwrap();
    }
    let mut shuffled = ledger("100");
    for i in [2usize, 0, 2, 1, 0] {
        shuffled.apply_event(&events[i]).unwrap();
    }
    assert_eq!(shuffled.paid(), in_order.paid());
    assert_eq!(shuffled.status(), LedgerStatus::Paid);
    assert!(shuffled.is_settled());
    assert_eq!(shuffled.payments().len(), 3);
    assert!(shuffled.excess().is_zero());
}

#[test]
fn a_missed_webhook_is_covered_by_the_cumulative_total() {
    let mut ledger = ledger("100");
    // The first partial (30) was never delivered; the second says 60 in total.
    ledger
        .apply_event(&payment("payment.partial", TX2, "30", "60"))
        .unwrap();
    assert_eq!(ledger.paid().to_string(), "60");
    assert_eq!(ledger.remaining().to_string(), "40");
    // When the missed one arrives late, nothing is counted twice.
    ledger
        .apply_event(&payment("payment.partial", TX1, "30", "30"))
        .unwrap();
    assert_eq!(ledger.paid().to_string(), "60");
}

#[test]
fn events_that_do_not_fit_the_ledger_are_refused_without_change() {
    let mut ledger = ledger("100");
    let mut other_request = common::read_json("webhook/payment.partial.json");
    other_request["requestId"] = json!("another");
    other_request["requestID"] = json!("another");
    assert!(matches!(
        ledger.apply_event(&event(&other_request)),
        Err(LedgerError::WrongRequest { .. })
    ));
    let mut other_expected = common::read_json("webhook/payment.partial.json");
    other_expected["expectedAmount"] = json!("99.99");
    assert_eq!(
        ledger.apply_event(&event(&other_expected)),
        Err(LedgerError::ExpectedMismatch {
            ledger: "100".to_owned(),
            reported: "99.99".to_owned()
        })
    );
    let mut no_tx = common::read_json("webhook/payment.partial.json");
    no_tx.as_object_mut().unwrap().remove("txHash");
    assert!(matches!(
        ledger.apply_event(&event(&no_tx)),
        Err(LedgerError::MissingField {
            field: "txHash",
            ..
        })
    ));
    let mut zero = common::read_json("webhook/payment.partial.json");
    zero["amount"] = json!("0.0");
    assert!(matches!(
        ledger.apply_event(&event(&zero)),
        Err(LedgerError::Amount {
            field: "amount",
            source: AmountError::Zero
        })
    ));
    let failed = event(&common::read_json("webhook/payment.failed.json"));
    assert!(matches!(
        ledger.apply_event(&failed),
        Err(LedgerError::NotAPaymentEvent { .. })
    ));
    assert_eq!(ledger.status(), LedgerStatus::Pending);
    assert!(ledger.payments().is_empty());
}

#[test]
fn request_statuses_feed_the_same_ledger() {
    let mut ledger = Ledger::new(
        "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb",
        Amount::parse_positive("100", usdc()).unwrap(),
    )
    .unwrap();
    let partial: RequestStatus = serde_json::from_value(common::read_json(
        "partial/status-partiallyPaidWithBreakdown.json",
    ))
    .unwrap();
    let applied = ledger.apply_status(&partial).unwrap();
    assert_eq!(applied.status, LedgerStatus::PartiallyPaid);
    assert_eq!(ledger.paid().to_string(), "75");
    assert!(!ledger.is_settled());
    // An older read (nothing paid) does not lower what is paid.
    let unpaid: RequestStatus =
        serde_json::from_value(common::read_json("partial/status-unpaidRequest.json")).unwrap();
    ledger.apply_status(&unpaid).unwrap();
    assert_eq!(ledger.paid().to_string(), "75");
    let paid: RequestStatus =
        serde_json::from_value(common::read_json("partial/status-multiplePayments.json")).unwrap();
    assert_eq!(
        ledger.apply_status(&paid).unwrap().status,
        LedgerStatus::Paid
    );
    assert!(ledger.is_settled());
}

#[test]
fn a_status_that_does_not_add_up_or_names_another_request_is_refused() {
    let mut ledger = ledger("100");
    let inconsistent: RequestStatus = serde_json::from_value(json!({
        "hasBeenPaid": false,
        "conversionBreakdown": {"paidAmount": "75.00", "remainingAmount": "30.00"}
    }))
    .unwrap();
    assert!(matches!(
        ledger.apply_status(&inconsistent),
        Err(LedgerError::InconsistentStatus { .. })
    ));
    let other: RequestStatus =
        serde_json::from_value(json!({"hasBeenPaid": true, "requestId": "another"})).unwrap();
    assert!(matches!(
        ledger.apply_status(&other),
        Err(LedgerError::WrongRequest { .. })
    ));
    assert!(!ledger.is_settled());
}

#[test]
fn a_ledger_persists_and_restores_its_facts() {
    let mut ledger = ledger("100");
    ledger.apply(TX1, "60").unwrap();
    ledger.apply(TX2, "55").unwrap();
    ledger
        .apply_event(&payment("payment.confirmed", TX3, "0.5", "100"))
        .unwrap();
    let stored = serde_json::to_value(&ledger).unwrap();
    assert_eq!(stored["expectedAmount"], "100");
    assert_eq!(stored["payments"][1]["amount"], "55");
    let restored: Ledger = serde_json::from_value(stored.clone()).unwrap();
    assert_eq!(restored, ledger);
    assert_eq!(restored.excess().to_string(), ledger.excess().to_string());

    let mut tampered = stored.clone();
    tampered["expectedAmount"] = json!("0");
    assert!(serde_json::from_value::<Ledger>(tampered).is_err());
    let mut twice = stored;
    twice["payments"][1]["txHash"] = json!(TX1);
    assert!(
        serde_json::from_value::<Ledger>(twice).is_err(),
        "one transaction with two amounts"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_account_does_not_depend_on_order_or_repetition(
        amounts in proptest::collection::vec(1u64..50_000_000, 1..8),
        expected in 1u64..200_000_000,
        seed in any::<u64>(),
    ) {
        let expected = Amount::from_units(U256::from(expected), usdc());
        let tx = |i: usize| TxHash::parse(&format!("{:064x}", i + 1)).unwrap();
        let mut forward = Ledger::new(RID, expected).unwrap();
        for (i, a) in amounts.iter().enumerate() {
            forward.apply_units(tx(i), U256::from(*a)).unwrap();
        }
        let mut order: Vec<usize> = (0..amounts.len()).collect();
        order.sort_by_key(|i| (*i as u64).wrapping_mul(seed | 1).rotate_left(17));
        let mut other = Ledger::new(RID, expected).unwrap();
        for i in order.iter().chain(order.iter()) {
            other.apply_units(tx(*i), U256::from(amounts[*i])).unwrap();
        }
        let sum: u64 = amounts.iter().sum();
        let paid = sum.min(expected.units().to::<u64>());
        prop_assert_eq!(forward.paid().units(), U256::from(paid));
        prop_assert_eq!(other.paid(), forward.paid());
        prop_assert_eq!(other.excess().units(), U256::from(sum - paid));
        prop_assert_eq!(forward.excess(), other.excess());
        prop_assert_eq!(other.payments().len(), amounts.len());
        prop_assert_eq!(other.remaining().units(), expected.units() - U256::from(paid));
    }
}
