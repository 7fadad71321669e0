//! A payment webhook against the settlement of its transaction's receipt.

use securepay::detect::{Claim, ClaimProblem, Coverage, IgnoredReason, Settlement, check_webhook};
use securepay::network::Network;
use securepay::webhook::Event;
use serde_json::{Value, json};

use super::*;

fn receipt(status: &str, logs: Vec<Value>) -> Value {
    json!({"transactionHash": tx(0x11), "blockNumber": "0x1c9c380", "status": status, "logs": logs})
}

fn paid(amount: u128, to: &str) -> Settlement {
    run(
        Network::Base,
        &receipt(
            "0x1",
            vec![usdc_payment(reference(), to, amount, 0, FEE_TO, 0x11, 2)],
        ),
        &usdc_criteria(),
    )
}

fn event(fields: Value) -> Event {
    let mut body = json!({
        "event": "payment.confirmed",
        "requestId": "0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93",
        "paymentReference": reference().to_string(),
        "amount": "1.5",
        "totalAmountPaid": "1.5",
        "expectedAmount": "1.5",
        "txHash": tx(0x11),
        "network": "base",
        "currency": "USDC",
        "payee": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    });
    for (key, value) in fields.as_object().unwrap() {
        if value.is_null() {
            body.as_object_mut().unwrap().remove(key);
        } else {
            body[key] = value.clone();
        }
    }
    Event::parse_unverified(body.to_string().as_bytes()).unwrap()
}

fn claims(check: &securepay::detect::WebhookCheck) -> Vec<Claim> {
    check.findings.iter().map(|f| f.claim).collect()
}

#[test]
fn a_webhook_the_chain_bears_out_agrees() {
    let check = check_webhook(
        &event(json!({})),
        &paid(1_500_000, PAYEE),
        Coverage::Transaction,
    );
    assert!(check.agrees(), "{:?}", check.findings);
    // One receipt cannot show the totals.
    assert_eq!(check.unchecked, [Claim::TotalAmountPaid, Claim::Settled]);
    // With the request's whole history, they are checked too.
    let history = check_webhook(
        &event(json!({})),
        &paid(1_500_000, PAYEE),
        Coverage::History,
    );
    assert!(
        history.agrees() && history.unchecked.is_empty(),
        "{history:?}"
    );
}

#[test]
fn a_failed_transaction_bears_out_no_payment() {
    let failed = run(Network::Base, &receipt("0x0", vec![]), &usdc_criteria());
    let check = check_webhook(&event(json!({})), &failed, Coverage::Transaction);
    assert_eq!(claims(&check), [Claim::TxHash]);
    assert_eq!(
        check.findings[0].problem,
        ClaimProblem::NotFound {
            ignored: vec![IgnoredReason::FailedTransaction]
        }
    );
    assert_eq!(
        check.findings[0].to_string(),
        "txHash: no payment of the request in this transaction: the transaction failed (status 0x0): its logs never count"
    );
}

#[test]
fn a_payment_to_someone_else_bears_out_no_payment() {
    let stranger = "0x1111111111111111111111111111111111111111";
    let check = check_webhook(
        &event(json!({})),
        &paid(1_500_000, stranger),
        Coverage::Transaction,
    );
    assert_eq!(claims(&check), [Claim::TxHash]);
    let ClaimProblem::NotFound { ignored } = &check.findings[0].problem else {
        panic!()
    };
    assert!(matches!(ignored[..], [IgnoredReason::OtherPayee { .. }]));
}

#[test]
fn each_claim_the_chain_contradicts_is_named() {
    let settlement = paid(1_000_000, PAYEE);
    let check = check_webhook(
        &event(
            json!({"amount": "1.5", "paymentReference": "0x0102030405060708", "network": "ethereum", "currency": "USDT", "payee": "0x1111111111111111111111111111111111111111"}),
        ),
        &settlement,
        Coverage::Transaction,
    );
    assert_eq!(
        claims(&check),
        [
            Claim::PaymentReference,
            Claim::Network,
            Claim::Amount,
            Claim::Payee,
            Claim::Currency
        ]
    );
    assert_eq!(
        check.findings[2].problem,
        ClaimProblem::Mismatch {
            claimed: "1.5".into(),
            on_chain: "1".into()
        }
    );
    // The currency is read on the webhook's own network: USDT on Base is not USDC.
    let usdt_base = check_webhook(
        &event(json!({"currency": "USDT", "amount": "1.0"})),
        &settlement,
        Coverage::Transaction,
    );
    assert_eq!(claims(&usdt_base), [Claim::Currency]);
    assert_eq!(
        usdt_base.findings[0].problem,
        ClaimProblem::Mismatch {
            claimed: "USDT-base".into(),
            on_chain: "USDC-base".into()
        }
    );
}

#[test]
fn claims_that_cannot_be_read_or_are_absent() {
    let settlement = paid(1_500_000, PAYEE);
    let check = check_webhook(
        &event(json!({"txHash": null})),
        &settlement,
        Coverage::Transaction,
    );
    assert_eq!(claims(&check), [Claim::TxHash]);
    assert_eq!(check.findings[0].problem, ClaimProblem::Missing);
    let check = check_webhook(
        &event(json!({"txHash": "0x1234", "amount": "1.5000001"})),
        &settlement,
        Coverage::Transaction,
    );
    assert!(matches!(
        check.findings[0].problem,
        ClaimProblem::Unreadable { .. }
    ));
    // Too precise for USDC: never rounded.
    let check = check_webhook(
        &event(json!({"amount": "1.5000001"})),
        &settlement,
        Coverage::Transaction,
    );
    assert_eq!(claims(&check), [Claim::Amount]);
    assert!(matches!(
        check.findings[0].problem,
        ClaimProblem::Unreadable { .. }
    ));
    let check = check_webhook(
        &event(json!({"network": null, "paymentReference": null, "currency": null, "payee": null})),
        &settlement,
        Coverage::Transaction,
    );
    assert!(check.agrees());
    assert_eq!(
        check.unchecked,
        [
            Claim::PaymentReference,
            Claim::Network,
            Claim::Payee,
            Claim::Currency,
            Claim::TotalAmountPaid,
            Claim::Settled
        ]
    );
}

#[test]
fn the_totals_are_checked_against_the_whole_history() {
    let settlement = paid(1_000_000, PAYEE);
    let check = check_webhook(
        &event(json!({"amount": "1.0", "totalAmountPaid": "1.5", "expectedAmount": "2"})),
        &settlement,
        Coverage::History,
    );
    assert_eq!(claims(&check), [Claim::TotalAmountPaid, Claim::Settled]);
    assert_eq!(
        check.findings[1].problem,
        ClaimProblem::Short {
            claimed: "2".into(),
            on_chain: "1".into()
        }
    );
    // payment.partial does not claim settlement.
    let partial = check_webhook(
        &event(
            json!({"event": "payment.partial", "amount": "1.0", "totalAmountPaid": "1.0", "expectedAmount": "2"}),
        ),
        &settlement,
        Coverage::History,
    );
    assert!(partial.agrees(), "{partial:?}");
}

#[test]
fn only_payment_events_are_checked() {
    let failed = Event::parse_unverified(
        br#"{"event":"payment.failed","requestId":"01ab","subStatus":"insufficient_funds"}"#,
    )
    .unwrap();
    let check = check_webhook(&failed, &paid(1, PAYEE), Coverage::Transaction);
    assert_eq!(claims(&check), [Claim::Event]);
    let json = serde_json::to_value(&check).unwrap();
    assert_eq!(json["findings"][0]["claim"], "event");
    assert_eq!(json["findings"][0]["problem"], "unreadable");
}
