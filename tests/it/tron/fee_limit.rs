//! `fee_limit` is money leaving the wallet: a call that fails on an assert burns energy up to
//! it. An absent `maxTronFeeLimit` is a cap of zero, not "any fee limit".

use super::{calls, raw, trigger, tron_codes, tron_payment, tronweb, tx};
use prost::Message;
use securepay::verify::{Expectation, FindingCode, Severity, Verdict, Verifier};

/// 1 TRX in SUN.
const TRX: i64 = 1_000_000;

/// The Tron payment of `tron_payment`, its expectation with `cap` as `maxTronFeeLimit` (absent
/// when `None`), and the payment call signed by the payer with `fee_limit`.
fn verdicts(cap: Option<&str>, fee_limit: i64) -> (Verdict, bool) {
    let (response, expectation, payer) = tron_payment();
    let mut e = serde_json::to_value(&expectation).unwrap();
    match cap {
        Some(cap) => e["maxTronFeeLimit"] = serde_json::json!(cap),
        None => {
            e.as_object_mut().unwrap().remove("maxTronFeeLimit");
        }
    }
    let expectation = Expectation::from_str(&e.to_string()).unwrap();
    assert_eq!(
        expectation.max_tron_fee_limit().is_some(),
        cap.is_some(),
        "{e}"
    );
    let pay = calls(&response)[1].clone();
    let r = raw(
        vec![trigger(&payer.address, &pay.to, &pay.data, 0)],
        fee_limit,
    );
    let value = tronweb(&r, &r.encode_to_vec(), &[&payer.key]);
    let verdict = Verifier::builtin().verify_tron(&response, &expectation, &tx(value.clone()));
    let handed_back = Verifier::builtin()
        .signed_tron(&response, &expectation, tx(value))
        .is_ok();
    (verdict, handed_back)
}

/// The Tron findings of a fee limit above the cap: above `Number.MAX_SAFE_INTEGER` (i64::MAX),
/// `raw_data` is also unreadable, since a JavaScript wallet reads another fee limit there.
fn codes_above(fee_limit: i64) -> Vec<FindingCode> {
    match fee_limit > (1 << 53) - 1 {
        true => vec![
            FindingCode::TronTransactionUnreadable,
            FindingCode::TronFeeLimitAboveMax,
        ],
        false => vec![FindingCode::TronFeeLimitAboveMax],
    }
}

#[test]
fn without_a_cap_any_fee_limit_above_zero_is_refused_naming_the_missing_cap() {
    for fee_limit in [1, TRX, 300 * TRX, 1_000 * TRX, 15_000 * TRX, i64::MAX] {
        let (verdict, handed_back) = verdicts(None, fee_limit);
        assert_eq!(
            tron_codes(&verdict),
            codes_above(fee_limit),
            "fee_limit {fee_limit}: {verdict}"
        );
        assert!(!verdict.is_safe(), "fee_limit {fee_limit}");
        assert!(!handed_back, "fee_limit {fee_limit}: nothing to broadcast");
        let finding = verdict
            .findings
            .iter()
            .find(|f| f.code == FindingCode::TronFeeLimitAboveMax)
            .unwrap();
        assert_eq!(finding.severity, Severity::Danger);
        assert_eq!(
            finding.details.field.as_deref(),
            Some("maxTronFeeLimit"),
            "{finding:?}"
        );
        let expected = finding.details.expected.as_ref().unwrap();
        assert_eq!(expected.units.to_string(), "0", "{finding:?}");
        let actual = finding.details.actual.as_ref().unwrap();
        assert_eq!(actual.units.to_string(), fee_limit.to_string());
        assert!(
            finding.message().contains("no maxTronFeeLimit"),
            "{}",
            finding.message()
        );
    }
}

#[test]
fn without_a_cap_a_fee_limit_of_zero_passes() {
    let (verdict, handed_back) = verdicts(None, 0);
    assert!(tron_codes(&verdict).is_empty(), "{verdict}");
    assert!(verdict.is_safe(), "{verdict}");
    assert!(handed_back);
}

#[test]
fn with_a_cap_at_or_below_passes_and_above_is_refused() {
    for (cap, fee_limit) in [
        ("300", 300 * TRX),
        ("300", 300 * TRX - 1),
        ("300", 1),
        ("300", 0),
        ("0.000001", 1),
        ("0", 0),
        ("15000", 15_000 * TRX),
    ] {
        let (verdict, handed_back) = verdicts(Some(cap), fee_limit);
        assert!(
            tron_codes(&verdict).is_empty(),
            "cap {cap}, fee_limit {fee_limit}: {verdict}"
        );
        assert!(handed_back, "cap {cap}, fee_limit {fee_limit}");
    }
    for (cap, fee_limit, expected) in [
        ("300", 300 * TRX + 1, "300000000"),
        ("300", 1_000 * TRX, "300000000"),
        ("300", i64::MAX, "300000000"),
        ("0", 1, "0"),
        ("0.000001", 2, "1"),
        ("1000", 15_000 * TRX, "1000000000"),
    ] {
        let (verdict, handed_back) = verdicts(Some(cap), fee_limit);
        assert_eq!(
            tron_codes(&verdict),
            codes_above(fee_limit),
            "cap {cap}, fee_limit {fee_limit}: {verdict}"
        );
        assert!(!handed_back, "cap {cap}, fee_limit {fee_limit}");
        let finding = verdict
            .findings
            .iter()
            .find(|f| f.code == FindingCode::TronFeeLimitAboveMax)
            .unwrap();
        assert_eq!(
            finding.details.expected.as_ref().unwrap().units.to_string(),
            expected
        );
        // An agreed cap is not a missing one.
        assert_eq!(finding.details.field, None, "{finding:?}");
        assert!(!finding.message().contains("no maxTronFeeLimit"));
    }
}

#[test]
fn a_negative_fee_limit_is_unreadable_with_or_without_a_cap() {
    for cap in [None, Some("300")] {
        let (verdict, handed_back) = verdicts(cap, -1);
        assert_eq!(
            tron_codes(&verdict),
            [FindingCode::TronTransactionUnreadable],
            "{cap:?}: {verdict}"
        );
        assert!(!handed_back);
    }
}
