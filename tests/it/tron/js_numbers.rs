//! Issue 33, class 4, on Tron: `raw_data` is what TronLink shows and what TronWeb's own check
//! re-encodes in JavaScript (`txJsonToPb`), so a number in it that a double does not hold
//! (above `Number.MAX_SAFE_INTEGER`) is read one way here and another way by the wallet. The
//! crate compares `raw_data` with the signed `raw_data_hex` (`TronRawDataMismatch`): a
//! `raw_data` that matches the bytes only when read exactly is refused, with the reason.

use super::{calls, raw, trigger, tron_codes, tron_payment, tronweb, tx};
use prost::Message;
use securepay::tron::TronTransactionError;
use securepay::tron::proto::Raw;
use securepay::verify::{FindingCode, Severity, Verifier};
use serde_json::json;

const TWO_53: i64 = 1 << 53;

/// What `JSON.parse` holds for the integer `n`: the nearest double, ties to even.
fn js(n: i64) -> i128 {
    n as f64 as i128
}

type Edit = fn(&mut Raw, i64);

/// The fields of `raw_data` that are integers, each with how to set it in the signed message.
fn fields() -> Vec<(&'static str, Edit)> {
    vec![
        ("timestamp", |r, n| r.timestamp = n),
        ("expiration", |r, n| r.expiration = n),
        ("fee_limit", |r, n| r.fee_limit = n),
        ("ref_block_num", |r, n| r.ref_block_num = n),
    ]
}

#[test]
fn raw_data_integers_a_double_does_not_hold_are_refused() {
    let (response, expectation, payer) = tron_payment();
    let pay = calls(&response)[1].clone();
    for (field, edit) in fields() {
        for n in [
            TWO_53 + 1,
            TWO_53,
            1 << 60,
            i64::MAX,
            -(TWO_53 + 1),
            i64::MIN,
        ] {
            let mut r = raw(
                vec![trigger(&payer.address, &pay.to, &pay.data, 0)],
                300_000_000,
            );
            edit(&mut r, n);
            // Signed bytes and `raw_data` agree when both are read exactly.
            let mut value = tronweb(&r, &r.encode_to_vec(), &[&payer.key]);
            value["raw_data"][field] = json!(n);
            let transaction = tx(value);
            let reads_as = format!("a JavaScript wallet reads it as {}", js(n));
            let error = transaction.shown_raw().unwrap_err();
            assert!(
                matches!(&error, TronTransactionError::UnsafeNumber { field: f, .. } if f == &format!("raw_data.{field}")),
                "{field} {n}: {error:?}"
            );
            assert!(
                error.to_string().contains(&reads_as),
                "{field} {n}: {error}"
            );
            let verdict = Verifier::builtin().verify_tron(&response, &expectation, &transaction);
            assert!(!verdict.is_safe(), "{field} {n}: {verdict}");
            let finding = verdict
                .findings
                .iter()
                .find(|f| f.code == FindingCode::TronTransactionUnreadable)
                .unwrap_or_else(|| panic!("{field} {n}: {verdict}"));
            assert_eq!(finding.severity, Severity::Danger);
            assert!(
                finding.message().contains(&reads_as),
                "{}",
                finding.message()
            );
        }
        // Up to Number.MAX_SAFE_INTEGER, either sign, `raw_data` is read.
        for n in [TWO_53 - 1, -(TWO_53 - 1)] {
            let mut r = raw(
                vec![trigger(&payer.address, &pay.to, &pay.data, 0)],
                300_000_000,
            );
            edit(&mut r, n);
            let mut value = tronweb(&r, &r.encode_to_vec(), &[&payer.key]);
            value["raw_data"][field] = json!(n);
            let transaction = tx(value);
            assert_eq!(transaction.shown_raw().unwrap(), r, "{field} {n}");
            let verdict = Verifier::builtin().verify_tron(&response, &expectation, &transaction);
            // (A negative fee limit is refused, for what it is.)
            assert!(
                verdict
                    .findings
                    .iter()
                    .all(|f| !f.message().contains("JavaScript")),
                "{field} {n}: {verdict}"
            );
            if n > 0 && field != "fee_limit" {
                assert!(
                    !tron_codes(&verdict).contains(&FindingCode::TronTransactionUnreadable),
                    "{field} {n}: {verdict}"
                );
            }
        }
    }
}

/// The amounts of a contract: `call_value` of a call, `amount` of a TRX transfer (refused as a
/// contract type anyway), and the token fields.
#[test]
fn contract_amounts_a_double_does_not_hold_are_refused() {
    let (response, expectation, payer) = tron_payment();
    let pay = calls(&response)[1].clone();
    let n = TWO_53 + 1;
    let r = raw(
        vec![trigger(&payer.address, &pay.to, &pay.data, n)],
        300_000_000,
    );
    let transaction = tx(tronweb(&r, &r.encode_to_vec(), &[&payer.key]));
    let error = transaction.shown_raw().unwrap_err();
    assert!(
        error
            .to_string()
            .contains("raw_data.contract[0].parameter.value.call_value"),
        "{error}"
    );
    assert!(
        error
            .to_string()
            .contains("a JavaScript wallet reads it as 9007199254740992"),
        "{error}"
    );
    let verdict = Verifier::builtin().verify_tron(&response, &expectation, &transaction);
    assert!(
        tron_codes(&verdict).contains(&FindingCode::TronTransactionUnreadable),
        "{verdict}"
    );
    for (key, value) in [("call_token_value", n), ("token_id", n)] {
        let mut shown = tronweb(&r, &r.encode_to_vec(), &[&payer.key]);
        shown["raw_data"]["contract"][0]["parameter"]["value"]["call_value"] = json!(1);
        shown["raw_data"]["contract"][0]["parameter"]["value"][key] = json!(value);
        let error = tx(shown).shown_raw().unwrap_err().to_string();
        assert!(error.contains(key), "{key}: {error}");
        assert!(
            error.contains("a JavaScript wallet reads it as"),
            "{key}: {error}"
        );
    }
    let mut transfer = tronweb(&r, &r.encode_to_vec(), &[&payer.key]);
    transfer["raw_data"]["contract"][0] = json!({"type": "TransferContract", "parameter": {
        "type_url": "type.googleapis.com/protocol.TransferContract",
        "value": {"owner_address": transfer["raw_data"]["contract"][0]["parameter"]["value"]["owner_address"],
            "to_address": transfer["raw_data"]["contract"][0]["parameter"]["value"]["contract_address"],
            "amount": n}}});
    let error = tx(transfer).shown_raw().unwrap_err().to_string();
    assert!(
        error.contains("raw_data.contract[0].parameter.value.amount"),
        "{error}"
    );
}
