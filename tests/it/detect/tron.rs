//! Tron: a TRC-20 payment through ERC20FeeProxy, read from TronGrid's event JSON.
//!
//! TronGrid's shape is TronWeb's `EventResponse`; how `result` writes addresses and the indexed
//! reference is documented by neither TronWeb nor Request Network, so every unambiguous form
//! of an address is read, and the reference only as its 32-byte topic hash.

use securepay::address::TronAddress;
use securepay::calldata::PaymentReference;
use securepay::contracts::Contract;
use securepay::currency::Catalog;
use securepay::detect::{
    ChainData, ChainJsonError, Criteria, DetectError, EventError, IgnoredReason, TronJsonError,
    detect,
};
use securepay::network::Network;
use serde_json::{Value, json};

use super::*;

const PROXY: &str = "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd";
const BATCH: &str = "TRZbXXuLd3HW5utzVysA3rpLgU7sVBrd1D";
const USDT: &str = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const PAYEE_TRON: &str = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE";
const FEE_TRON: &str = "TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs";
const TX: &str = "6c42a6a1b4f0c5bc0d1e3e7a8f9b2c4d5e6f708192a3b4c5d6e7f8091a2b3c4d";

/// The reference of RN's Tron processor fixture (`trc20-fee-proxy.test.ts`): request `0x123`,
/// salt `a6475e4c3d45feb6`, payee in Base58 (lower-cased by the derivation).
fn tron_reference() -> PaymentReference {
    PaymentReference::derive("0x123", "a6475e4c3d45feb6", PAYEE_TRON).unwrap()
}

fn hex_form(base58: &str) -> String {
    format!("{:#x}", TronAddress::parse(base58).unwrap().abi())
}

fn event(address_form: impl Fn(&str) -> String, amount: &str) -> Value {
    json!({
        "block_number": 79_300_000u64,
        "block_timestamp": 1_767_225_600_000u64,
        "caller_contract_address": PROXY,
        "contract_address": PROXY,
        "event_index": 0,
        "event_name": "TransferWithReferenceAndFee",
        "event": "TransferWithReferenceAndFee(address tokenAddress,address to,uint256 amount,bytes indexed paymentReference,uint256 feeAmount,address feeAddress)",
        "result": {
            "tokenAddress": address_form(USDT),
            "to": address_form(PAYEE_TRON),
            "amount": amount,
            "paymentReference": format!("{:x}", tron_reference().topic()),
            "feeAmount": "1000000",
            "feeAddress": address_form(FEE_TRON),
        },
        "result_type": {
            "tokenAddress": "address", "to": "address", "amount": "uint256",
            "paymentReference": "bytes", "feeAmount": "uint256", "feeAddress": "address",
        },
        "transaction_id": TX,
    })
}

fn answer(events: Vec<Value>) -> Value {
    json!({"success": true, "data": events, "meta": {"at": 1_767_225_700_000u64, "page_size": 20}})
}

fn criteria() -> Criteria {
    Criteria::new(Network::Tron, tron_reference())
        .with_payee(PAYEE_TRON.parse().unwrap())
        .unwrap()
        .with_currency(Catalog::builtin().get("USDT-tron").unwrap().clone())
        .unwrap()
        .with_fee_address(FEE_TRON.parse().unwrap())
        .unwrap()
}

#[test]
fn a_trc20_fee_proxy_event_counts() {
    let settlement = run(
        Network::Tron,
        &answer(vec![event(hex_form, "25000000")]),
        &criteria(),
    );
    assert!(settlement.ignored.is_empty(), "{:?}", settlement.ignored);
    let payment = &settlement.payments[0];
    assert_eq!(payment.contract, Contract::Erc20FeeProxy);
    assert_eq!(payment.versions, ["tron"]);
    assert_eq!(payment.emitter.to_string(), PROXY);
    assert_eq!(payment.payee.to_string(), PAYEE_TRON);
    assert_eq!(payment.token.to_string(), USDT);
    assert_eq!(
        (payment.amount, payment.fee),
        (U256::from(25_000_000u64), U256::from(1_000_000u64))
    );
    assert_eq!(payment.transaction_hash.to_string(), format!("0x{TX}"));
    assert_eq!(settlement.balance_amount().unwrap().to_string(), "25");
    assert_eq!(settlement.fee_balance, Some(U256::from(1_000_000u64)));
}

#[test]
fn every_unambiguous_address_form_is_read_alike() {
    let forms: [fn(&str) -> String; 3] = [
        hex_form,
        |b| b.to_owned(),
        |b| TronAddress::parse(b).unwrap().to_hex(),
    ];
    for form in forms {
        let settlement = run(Network::Tron, &json!([event(form, "5")]), &criteria());
        assert_eq!(
            settlement.balance.to_string(),
            "5",
            "{:?}",
            settlement.ignored
        );
    }
}

#[test]
fn tron_events_are_checked_like_logs() {
    let mut unconfirmed = event(hex_form, "5");
    unconfirmed["_unconfirmed"] = json!(true);
    let mut other_payee = event(hex_form, "5");
    other_payee["result"]["to"] = json!(hex_form(FEE_TRON));
    other_payee["event_index"] = json!(1);
    let mut token = event(hex_form, "5");
    token["contract_address"] = json!(USDT);
    token["event_name"] = json!("Transfer");
    let mut batch = event(hex_form, "5");
    batch["contract_address"] = json!(BATCH);
    let settlement = run(
        Network::Tron,
        &answer(vec![unconfirmed, other_payee, token, batch]),
        &criteria(),
    );
    assert!(settlement.payments.is_empty());
    assert_eq!(
        ignored_codes(&settlement),
        [
            "unconfirmed",
            "unknown_emitter",
            "not_a_payment_event",
            "other_payee"
        ]
    );
}

#[test]
fn a_tron_event_is_decoded_strictly() {
    let malformed = |change: &dyn Fn(&mut Value)| {
        let mut e = event(hex_form, "5");
        change(&mut e);
        let settlement = run(Network::Tron, &json!([e]), &criteria());
        match &settlement.ignored[..] {
            [entry] => match &entry.why {
                IgnoredReason::Malformed {
                    problem: EventError::TronField { field, .. },
                    ..
                } => *field,
                other => panic!("{other:?}"),
            },
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(
        malformed(&|e| e["result_type"]["amount"] = json!("uint128")),
        "amount"
    );
    assert_eq!(
        malformed(&|e| e["event"] =
            json!("TransferWithReferenceAndFee(address,address,uint256,bytes8,uint256,address)")),
        "event"
    );
    assert_eq!(
        malformed(&|e| e["result"]["amount"] = json!("0x05")),
        "amount"
    );
    assert_eq!(
        malformed(&|e| e["result"]["amount"] = json!("05")),
        "amount"
    );
    assert_eq!(malformed(&|e| e["result"]["to"] = json!("T123")), "to");
    assert_eq!(
        malformed(&|e| {
            e["result"].as_object_mut().unwrap().remove("feeAddress");
        }),
        "feeAddress"
    );
    // The reference itself is not in a log: only its 32-byte hash.
    assert_eq!(
        malformed(&|e| e["result"]["paymentReference"] = json!(tron_reference().to_string())),
        "paymentReference"
    );
    // With 0x, the hash reads alike.
    let mut prefixed = event(hex_form, "5");
    prefixed["result"]["paymentReference"] = json!(format!("{:#x}", tron_reference().topic()));
    assert_eq!(
        run(Network::Tron, &json!([prefixed]), &criteria())
            .payments
            .len(),
        1
    );
}

#[test]
fn tron_grid_json_is_read_strictly() {
    let read = |text: String| ChainData::from_slice(Network::Tron, text.as_bytes());
    let failed = read(r#"{"success":false,"error":"rate limit"}"#.to_owned()).unwrap_err();
    assert_eq!(
        failed,
        ChainJsonError::Tron(TronJsonError::NotSuccess {
            message: Some("rate limit".into())
        })
    );
    let twice = answer(vec![event(hex_form, "5")]).to_string().replacen(
        r#""amount":"5""#,
        r#""amount":"5","amount":"6""#,
        1,
    );
    assert!(
        read(twice)
            .unwrap_err()
            .to_string()
            .contains("duplicate field `amount`")
    );
    let mut no_tx = event(hex_form, "5");
    no_tx.as_object_mut().unwrap().remove("transaction_id");
    assert!(
        read(json!([no_tx]).to_string())
            .unwrap_err()
            .to_string()
            .contains("transaction_id")
    );
    let mut text_block = event(hex_form, "5");
    text_block["block_number"] = json!("79300000");
    assert!(read(json!([text_block]).to_string()).is_err());
    assert!(read(r#"{"success":true}"#.to_owned()).is_err());
    // TronGrid events are not EVM logs, nor the reverse.
    let chain = read(answer(vec![event(hex_form, "5")]).to_string()).unwrap();
    assert!(matches!(
        detect(&chain, &usdc_criteria()),
        Err(DetectError::WrongFamily { .. })
    ));
}
