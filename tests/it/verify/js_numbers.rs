//! Issue 33, class 4: numbers a JavaScript wallet reads differently (the verifier's trust
//! model, `src/verify/mod.rs`: one reading for every reader). A transaction's `value` written as a bare JSON number is read
//! exactly here (a `u64`), but a wallet that parses the response with `JSON.parse` holds a
//! double: above `Number.MAX_SAFE_INTEGER` (2^53 - 1) a double does not hold every integer, and
//! the wallet signs the nearest one (ECMA-262, "The Number Type": IEEE 754 round to nearest,
//! ties to even). Each attack below is verified safe by 0.3.0 with its exact value while the
//! wallet signs another; each is refused now, with the reason, by every reader of a response
//! (`PayResponse::from_slice`, `verify_slice`, the API's answers). The same values written
//! as strings, hex or a `BigNumber` stay accepted.

use crate::common;

use alloy_primitives::U256;
use securepay::address::ChainAddress;
use securepay::amount::{Decimals, format_units};
use securepay::calldata::{BatchPayee, Builder, PaymentReference};
use securepay::network::Network;
use securepay::pay::{LegacyBatchPayment, PayResponse};
use securepay::transaction::{Transaction, TransactionError};
use securepay::verify::{Expectation, FindingCode, Severity, Verdict, verify_slice};
use serde_json::{Value, json};

const TWO_53: u64 = 1 << 53;
const PAYEE: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const FEE_TO: &str = "0x9795d480C2C50392A4714A0F468059C6448DeCe2";
const TO: &str = "0xe11BF2fDA23bF0A98365e1A4c04A87C9339e8687";

/// What `JSON.parse` holds for the decimal integer `n`, as an integer: the nearest double,
/// ties to even (ECMA-262 `StringToNumber`: at most 20 significant digits are rounded
/// exactly). Rust's `as f64` from an integer rounds the same way (the Reference, "Numeric
/// cast"), and a double's integer value converts to `u128` exactly.
fn js(n: u64) -> u128 {
    n as f64 as u128
}

fn eth(wei: u64) -> String {
    format_units(U256::from(wei), Decimals::new(18).unwrap())
}

/// A body with the `value` of the transaction at `path` (keys, or list positions) replaced.
fn with_value(mut body: Value, path: &[&str], value: Value) -> Value {
    let mut at = &mut body;
    for key in path {
        at = match key.parse::<usize>() {
            Ok(i) => &mut at[i],
            Err(_) => &mut at[*key],
        };
    }
    assert!(at.get("value").is_some(), "{path:?} is not a transaction");
    at["value"] = value;
    body
}

/// The forms of `n` that a wallet reads exactly whatever its size: decimal text, hex text, an
/// ethers v5 `BigNumber`.
fn exact_forms(n: u64) -> [Value; 3] {
    [
        json!(n.to_string()),
        json!(format!("{n:#x}")),
        json!({"type": "BigNumber", "hex": format!("{n:#x}")}),
    ]
}

fn has_danger(verdict: &Verdict, code: FindingCode) -> bool {
    verdict
        .findings
        .iter()
        .any(|f| f.code == code && f.severity == Severity::Danger)
}

/// A refusal of the bare number `n`: by `from_slice` and by `verify_slice`, each saying what a
/// JavaScript wallet reads instead.
fn assert_refused(body: &Value, n: u64, expectation: &Expectation, what: &str) {
    let bytes = serde_json::to_vec(body).unwrap();
    let reads_as = format!("a JavaScript wallet reads it as {}", js(n));
    match PayResponse::from_slice(&bytes) {
        Ok(_) => panic!("{what}: the bare number {n} is read"),
        Err(error) => {
            let text = error.to_string();
            assert!(text.contains(&n.to_string()), "{what}: {text}");
            assert!(text.contains(&reads_as), "{what}: {text}");
        }
    }
    let verdict = verify_slice(&bytes, expectation);
    assert!(!verdict.is_safe(), "{what}: verified safe\n{verdict}");
    assert!(
        has_danger(&verdict, FindingCode::ResponseUnreadable),
        "{what}\n{verdict}"
    );
    let finding = &verdict.findings[0];
    assert!(
        finding.message().contains(&reads_as),
        "{what}: {}",
        finding.message()
    );
    assert!(
        finding
            .details
            .reason
            .as_deref()
            .is_some_and(|r| r.contains(&reads_as)),
        "{what}: {:?}",
        finding.details
    );
}

fn single_native() -> Value {
    common::read_json("pay/single_native.json")
}

fn native_expectation(wei: u64) -> Expectation {
    Expectation::from_str(
        &json!({"network": "base", "currency": "ETH-base-base",
            "payments": [{"payee": PAYEE, "amount": eth(wei), "reference": "0xe23a6b02059c2b30"}]})
        .to_string(),
    )
    .unwrap()
}

/// A native payment on Base (EthereumFeeProxy, no fee: the payee gets the whole value) of an
/// amount above 2^53 wei, written as a bare number: 0.3.0 verifies the exact amount, the
/// wallet signs the double's (3 wei short, 1 wei more, 128 wei short…).
#[test]
fn a_single_native_payment_of_a_bare_number_is_refused() {
    let amounts = [
        200_000_000_000_000_003,   // 0.2 ETH + 3 wei: the wallet pays 3 wei short
        1_000_000_000_000_000_003, // 1 ETH + 3 wei: 3 short
        10_000_000_000_000_003,    // 0.01 ETH + 3 wei: the double is 1 wei more
        1_152_921_504_606_847_104, // 2^60 + 128, a tie: 128 short (ties to even)
        TWO_53 + 1,                // 9007199254740993: 1 short
    ];
    for wei in amounts {
        assert_ne!(js(wei), u128::from(wei), "{wei} is not a case");
        let agreed = native_expectation(wei);
        let body = with_value(single_native(), &["transactions", "0"], json!(wei));
        assert_refused(&body, wei, &agreed, &format!("single native {wei}"));
        // What the wallet would sign is not the payment agreed: refused as such.
        let read = u64::try_from(js(wei)).unwrap();
        let signed = with_value(
            single_native(),
            &["transactions", "0"],
            json!(read.to_string()),
        );
        let verdict = verify_slice(&serde_json::to_vec(&signed).unwrap(), &agreed);
        assert!(!verdict.is_safe(), "{wei} read as {read}: {verdict}");
        // Written in a form every reader reads exactly, the same payment passes.
        for form in exact_forms(wei) {
            let body = with_value(single_native(), &["transactions", "0"], form.clone());
            let verdict = verify_slice(&serde_json::to_vec(&body).unwrap(), &agreed);
            assert!(verdict.is_safe(), "{wei} as {form}: {verdict}");
        }
    }
}

/// The rows of a legacy native batch on mainnet whose value (Σamount + Σfee +
/// Σamount·batchFee/1000) is 2^60 + 128 + k·512 wei: a tie of two doubles 256 apart, which
/// `JSON.parse` rounds to the even one, 128 wei below.
fn short_batch() -> (Transaction, Expectation, u64) {
    let mut rows: Vec<BatchPayee> = [
        (
            "0xf17f52151EbEF6C7334FAD080c5704D77216b732",
            600_000_000_000_000_000u64,
        ),
        (
            "0xC5fdf4076b8F3A5357c5E395ab970B5B54098Fef",
            550_000_000_000_000_000,
        ),
    ]
    .iter()
    .enumerate()
    .map(|(i, (to, amount))| BatchPayee {
        to: ChainAddress::parse(Network::Mainnet, to).unwrap(),
        amount: U256::from(*amount),
        reference: PaymentReference::new([i as u8 + 1; 8]),
        fee_amount: U256::ZERO,
    })
    .collect();
    let fee_to = ChainAddress::parse(Network::Mainnet, FEE_TO).unwrap();
    let builder = Builder::new(Network::Mainnet);
    let value = |rows: &[BatchPayee]| -> u64 {
        builder
            .batch_native(rows, fee_to, 10)
            .unwrap()
            .value
            .to::<u64>()
    };
    // The first row's fee brings the value to the next 2^60 + 128 (mod 512).
    let base = value(&rows);
    rows[0].fee_amount = U256::from((128 + 512 - base % 512) % 512);
    let tx = builder.batch_native(&rows, fee_to, 10).unwrap();
    let total = tx.value.to::<u64>();
    assert!((1 << 60..1 << 61).contains(&total), "{total}");
    assert_eq!(js(total), u128::from(total) - 128, "{total}");
    let paid: u64 = rows.iter().map(|r| r.amount.to::<u64>()).sum();
    let expectation = Expectation::from_str(
        &json!({"network": "mainnet", "currency": "ETH-mainnet", "batchFeeRate": 10,
            "maxPayerFees": eth(total - paid),
            "payments": rows.iter().map(|r| json!({"payee": r.to.to_string(),
                "amount": eth(r.amount.to::<u64>()), "reference": r.reference.to_string()}))
                .collect::<Vec<_>>()})
        .to_string(),
    )
    .unwrap();
    (tx, expectation, total)
}

/// A legacy native batch (`batchEthPaymentsWithReference`, which reverts unless the value
/// covers every row and fee) whose value is a bare number the wallet reads 128 wei short.
#[test]
fn a_native_batch_of_a_bare_number_the_wallet_reads_128_wei_short_is_refused() {
    let (tx, expectation, total) = short_batch();
    for key in ["ETHBatchPaymentTransaction", "batchPaymentTransaction"] {
        let mut batch = LegacyBatchPayment {
            erc20_approval_transactions: vec![],
            batch_payment_transaction: None,
            erc20_batch_payment_transaction: None,
            eth_batch_payment_transaction: None,
            metadata: None,
        };
        match key {
            "ETHBatchPaymentTransaction" => batch.eth_batch_payment_transaction = Some(tx.clone()),
            _ => batch.batch_payment_transaction = Some(tx.clone()),
        }
        let body = serde_json::to_value(PayResponse::LegacyBatch(batch)).unwrap();
        // The exact value passes in every exact form.
        for form in exact_forms(total) {
            let exact = with_value(body.clone(), &[key], form.clone());
            let verdict = verify_slice(&serde_json::to_vec(&exact).unwrap(), &expectation);
            assert!(verdict.is_safe(), "{key} {form}: {verdict}");
        }
        // What the wallet signs, 128 wei short: the batch reverts.
        let short = u64::try_from(js(total)).unwrap();
        let signed = with_value(body.clone(), &[key], json!(short.to_string()));
        let verdict = verify_slice(&serde_json::to_vec(&signed).unwrap(), &expectation);
        assert!(
            has_danger(&verdict, FindingCode::ValueMismatch),
            "{key}: {verdict}"
        );
        let bare = with_value(body, &[key], json!(total));
        assert_refused(&bare, total, &expectation, &format!("{key} {total}"));
    }
}

/// A native multicall on Base (one EthereumFeeProxy call a child, and a payer fee leg): each
/// leg's value a bare number.
#[cfg(feature = "fixtures")]
#[test]
fn a_native_multicall_of_bare_numbers_is_refused() {
    use securepay::currency::Catalog;
    use securepay::pay::{ApprovalPlan, FeeBearer, PaymentPlan, PlannedFee, PlannedPayment};

    let payees = [
        (PAYEE, 300_000_000_000_000_003u64),
        (
            "0x742d35Cc6634C0532925a3b844Bc454e4438f44e",
            40_000_000_000_000_001,
        ),
    ];
    let plan = PaymentPlan {
        network: Network::Base,
        currency: Catalog::builtin().get("ETH-base-base").unwrap().clone(),
        payments: payees
            .iter()
            .enumerate()
            .map(|(i, (payee, amount))| PlannedPayment {
                request_id: format!("req{i}"),
                secure_payment_token: Some(
                    format!("01JD3E6JD46KY4KKV7X9V0{i:04X}").parse().unwrap(),
                ),
                payee: payee.parse().unwrap(),
                amount: U256::from(*amount),
                reference: PaymentReference::new([i as u8 + 1; 8]),
            })
            .collect(),
        fees: vec![PlannedFee {
            request_id: "req1".into(),
            fee_component_id: None,
            fee_type: Some("platform".into()),
            fee_label: Some("platform fee".into()),
            bearer: FeeBearer::Payer,
            amount: U256::from(9_007_199_254_740_995u64),
            recipient: FEE_TO.parse().unwrap(),
        }],
        approval: ApprovalPlan::None,
        smart_account: None,
        parent_token: Some("01JD3E6JD46KY4KKV7X9V0MZ00".parse().unwrap()),
        bundle_id: None,
    };
    let response = plan.build().unwrap();
    assert!(matches!(response, PayResponse::Multicall(_)));
    let expectation = Expectation::for_plan(&plan).unwrap();
    let body = serde_json::to_value(&response).unwrap();
    let exact = serde_json::to_vec(&body).unwrap();
    assert!(
        verify_slice(&exact, &expectation).is_safe(),
        "{}",
        verify_slice(&exact, &expectation)
    );
    let legs = body["transactions"].as_array().unwrap().len();
    let mut unsafe_legs = 0;
    for i in 0..legs {
        let value: u64 = body["transactions"][i]["value"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        if value < TWO_53 {
            continue;
        }
        unsafe_legs += 1;
        let bare = with_value(
            body.clone(),
            &["transactions", &i.to_string()],
            json!(value),
        );
        assert_refused(&bare, value, &expectation, &format!("multicall leg {i}"));
    }
    assert_eq!(unsafe_legs, 3, "two payments and the fee leg");
}

/// The bounds: every integer up to `Number.MAX_SAFE_INTEGER` is read; every one above it is
/// refused, whether the double is another integer (2^53 + 1 reads as 2^53, 2^64 - 1 as 2^64)
/// or the very one (2^53, 2^60, 10^18, 2^63: exact doubles, but integers a double does not
/// tell from their neighbours, and numbers ethers and viem refuse to take).
#[test]
fn bare_numbers_are_read_up_to_max_safe_integer_and_refused_above() {
    for n in [0, 1, 1000, TWO_53 - 2, TWO_53 - 1] {
        let tx: Transaction = serde_json::from_value(json!({"to": TO, "data": "0x", "value": n}))
            .unwrap_or_else(|e| panic!("{n}: {e}"));
        assert_eq!(tx.value, U256::from(n));
        assert_eq!(
            Transaction::from_parts(TO, "0x", &json!(n)).unwrap().value,
            U256::from(n)
        );
    }
    let refused = [
        (TWO_53, u128::from(TWO_53)),
        (TWO_53 + 1, u128::from(TWO_53)),
        (9_007_199_254_740_993, 9_007_199_254_740_992),
        (TWO_53 + 2, u128::from(TWO_53 + 2)),
        (TWO_53 + 3, u128::from(TWO_53 + 4)),
        (1 << 60, 1 << 60),
        (1_000_000_000_000_000_000, 1_000_000_000_000_000_000),
        (1_000_000_000_000_000_001, 1_000_000_000_000_000_000),
        (1 << 63, 1 << 63),
        (u64::MAX, 1 << 64),
    ];
    for (n, read) in refused {
        assert_eq!(js(n), read, "{n}");
        let text = format!(r#"{{"to": "{TO}", "data": "0x", "value": {n}}}"#);
        let error = serde_json::from_str::<Transaction>(&text).unwrap_err();
        assert!(
            error
                .to_string()
                .contains(&format!("a JavaScript wallet reads it as {read}")),
            "{n}: {error}"
        );
        let error = Transaction::from_parts(TO, "0x", &json!(n)).unwrap_err();
        assert!(
            error
                .to_string()
                .contains(&format!("a JavaScript wallet reads it as {read}")),
            "{n}: {error}"
        );
        assert!(
            !matches!(error, TransactionError::ValueForm(_)),
            "{n}: a refusal of its own, not a form serde refuses: {error:?}"
        );
        // Any exact form of the same number is read.
        for form in exact_forms(n) {
            let tx = Transaction::from_parts(TO, "0x", &form).unwrap();
            assert_eq!(tx.value, U256::from(n), "{form}");
        }
    }
}

/// A number with a fraction, an exponent or a sign is refused whatever its value (serde_json
/// reads them as doubles or negative integers, which a value never is).
#[test]
fn bare_numbers_with_a_fraction_an_exponent_or_a_sign_are_refused() {
    let text = std::fs::read_to_string(common::data_path("pay/single_native.json")).unwrap();
    let needle = r#""value": "200000000000000000""#;
    assert!(text.contains(needle));
    for raw in [
        "0.0",
        "1.0",
        "1.5",
        "2e17",
        "2E17",
        "2e+17",
        "200000000000000000.0",
        "1e0",
        "0e0",
        "-0",
        "-1",
        "-9007199254740993",
        "18446744073709551616", // 2^64: above u64, read as a double
        "100000000000000000000000000000",
    ] {
        let body = text.replace(needle, &format!(r#""value": {raw}"#));
        assert!(
            PayResponse::from_slice(body.as_bytes()).is_err(),
            "value {raw} is read"
        );
        let verdict = verify_slice(
            body.as_bytes(),
            &native_expectation(200_000_000_000_000_000),
        );
        assert!(
            has_danger(&verdict, FindingCode::ResponseUnreadable),
            "{raw}: {verdict}"
        );
    }
}

/// Every transaction of every shape and list: `transactions`, `eoaApprovalTransactions`, the
/// multicall's mirrors, the legacy batch's four keys.
#[test]
fn every_list_of_every_shape_refuses_a_bare_number_above_max_safe_integer() {
    let n = TWO_53 + 1;
    let mut places: Vec<(&str, Vec<String>)> = Vec::new();
    for fixture in [
        "single_native",
        "single_erc20_fees",
        "single_crosschain",
        "single_tron",
        "multicall_same_chain",
        "multicall_cross_chain",
        "legacy_batch",
        "legacy_batch_schema_names",
    ] {
        let body = common::read_json(&format!("pay/{fixture}.json"));
        for (key, item) in body.as_object().unwrap() {
            match item {
                Value::Array(list) if list.first().is_some_and(|t| t.get("value").is_some()) => {
                    for i in 0..list.len() {
                        places.push((fixture, vec![key.clone(), i.to_string()]));
                    }
                }
                Value::Object(tx) if tx.contains_key("value") => {
                    places.push((fixture, vec![key.clone()]));
                }
                _ => {}
            }
        }
    }
    let keys: std::collections::BTreeSet<&str> =
        places.iter().map(|(_, path)| path[0].as_str()).collect();
    for key in [
        "transactions",
        "ERC20ApprovalTransactions",
        "batchPaymentTransaction",
        "ERC20BatchPaymentTransaction",
        "ETHBatchPaymentTransaction",
    ] {
        assert!(keys.contains(key), "no fixture has {key}: {keys:?}");
    }
    for (fixture, path) in &places {
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        let body = common::read_json(&format!("pay/{fixture}.json"));
        assert!(
            PayResponse::from_slice(&serde_json::to_vec(&body).unwrap()).is_ok(),
            "{fixture}"
        );
        let safe = with_value(body.clone(), &path, json!(0));
        assert!(
            PayResponse::from_slice(&serde_json::to_vec(&safe).unwrap()).is_ok(),
            "{fixture} {path:?} = 0"
        );
        let bare = with_value(body, &path, json!(n));
        let error = PayResponse::from_slice(&serde_json::to_vec(&bare).unwrap())
            .err()
            .unwrap_or_else(|| panic!("{fixture} {path:?}: {n} is read"));
        assert!(
            error
                .to_string()
                .contains("a JavaScript wallet reads it as 9007199254740992"),
            "{fixture} {path:?}: {error}"
        );
    }
    // The approvals the funding EOA signs in the smart-account flow (single and multicall).
    for fixture in ["single_erc20_fees", "multicall_same_chain"] {
        let mut body = common::read_json(&format!("pay/{fixture}.json"));
        let approval = body["transactions"][0].clone();
        body["eoaApprovalTransactions"] = json!([approval]);
        assert!(
            PayResponse::from_slice(&serde_json::to_vec(&body).unwrap()).is_ok(),
            "{fixture}"
        );
        let bare = with_value(body, &["eoaApprovalTransactions", "0"], json!(n));
        let error = PayResponse::from_slice(&serde_json::to_vec(&bare).unwrap())
            .err()
            .unwrap_or_else(|| panic!("{fixture} eoaApprovalTransactions: {n} is read"));
        assert!(
            error
                .to_string()
                .contains("a JavaScript wallet reads it as"),
            "{fixture}: {error}"
        );
    }
}

/// The API's answers that carry transactions read them the same way.
#[test]
fn the_api_answers_that_carry_transactions_refuse_them_too() {
    use securepay::api::RequestPayResponse;

    let answer = |value: &str| {
        format!(
            r#"{{"transactions":[{{"data":"0x095ea7b3","to":"0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C","value":0}},
            {{"data":"0xb868980b","to":"{TO}","value":{value}}}],
            "metadata":{{"stepsRequired":2,"needsApproval":true,"approvalTransactionIndex":0,"hasEnoughBalance":true,"hasEnoughGas":true}}}}"#
        )
    };
    assert!(serde_json::from_str::<RequestPayResponse>(&answer("9007199254740991")).is_ok());
    assert!(serde_json::from_str::<RequestPayResponse>(&answer(r#""9007199254740993""#)).is_ok());
    let error =
        serde_json::from_str::<RequestPayResponse>(&answer("9007199254740993")).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("a JavaScript wallet reads it as 9007199254740992"),
        "{error}"
    );
}
