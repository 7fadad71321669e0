//! `verify_slice` reads through the bounded reader (a body above the cap is a
//! `response_unreadable` danger), and a verdict lists at most `MAX_FINDINGS_PER_CODE` findings of
//! a code, counting the rest at their highest severity.

use crate::common;

use securepay::pay::MAX_RESPONSE_BYTES;
use securepay::verify::{
    Expectation, FindingCode, MAX_FINDINGS_PER_CODE, Severity, Verifier, verify_slice,
};
use serde_json::{Value, json};

/// What the multicall fixture pays.
fn agreed() -> Expectation {
    Expectation::from_str(
        r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.18",
      "smartAccount":"0x1111111111111111111111111111111111111111","payments":[
      {"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"10","reference":"0x0101010101010101"},
      {"payee":"0x742d35Cc6634C0532925a3b844Bc454e4438f44e","amount":"20","reference":"0x0202020202020202"},
      {"payee":"0xb07D2398d2004378cad234DA0EF14f1c94A530e4","amount":"30","reference":"0x0303030303030303"}]}"#,
    )
    .unwrap()
}

fn multicall() -> Value {
    common::read_json("pay/multicall_same_chain.json")
}

#[test]
fn a_body_above_the_cap_is_an_unreadable_response() {
    let mut body = multicall().to_string().into_bytes();
    assert!(verify_slice(&body, &agreed()).is_safe());
    body.resize(MAX_RESPONSE_BYTES, b' ');
    assert!(verify_slice(&body, &agreed()).is_safe());
    body.push(b' ');
    for verdict in [
        verify_slice(&body, &agreed()),
        Verifier::builtin().verify_slice(&body, &agreed()),
    ] {
        assert!(!verdict.is_safe());
        assert_eq!(verdict.findings.len(), 1);
        let finding = &verdict.findings[0];
        assert_eq!(
            (finding.code, finding.severity),
            (FindingCode::ResponseUnreadable, Severity::Danger)
        );
        assert_eq!(
            finding.details.reason.as_deref(),
            Some("the response is 8388609 bytes, above the 8388608 bytes a pay response may have")
        );
        // The summary says what it cannot show (issue 34, item 4).
        assert_eq!(
            verdict.summary.to_lines(),
            ["Not shown: the response cannot be read, so no payment, fee or total is stated"]
        );
    }
}

/// The multicall fixture with `extra` appended to `list` (`transactions` or
/// `eoaApprovalTransactions`).
fn with(list: &str, extra: Vec<Value>) -> Vec<u8> {
    let mut body = multicall();
    body[list].as_array_mut().unwrap().extend(extra);
    body.to_string().into_bytes()
}

#[test]
fn a_flaw_repeated_thousands_of_times_is_listed_sixteen_times_and_counted() {
    // 20,000 calls of an unknown contract: 20,000 dangers of one code.
    let unknown = json!({"to": "0x000000000000000000000000000000000000dEaD", "data": "0x12345678", "value": "0"});
    let verdict = verify_slice(&with("transactions", vec![unknown; 20_000]), &agreed());
    assert!(!verdict.is_safe());
    let of_code: Vec<_> = verdict
        .findings
        .iter()
        .filter(|f| f.code == FindingCode::UnknownTarget)
        .collect();
    assert_eq!(of_code.len(), MAX_FINDINGS_PER_CODE + 1);
    assert!(
        of_code[..MAX_FINDINGS_PER_CODE]
            .iter()
            .all(|f| f.transaction.is_some())
    );
    let counted = of_code[MAX_FINDINGS_PER_CODE];
    assert_eq!(counted.severity, Severity::Danger);
    assert_eq!(counted.transaction, None);
    assert_eq!(
        counted.details.reason.as_deref(),
        Some("19984 more findings of this code are not listed")
    );
    // Every code is listed at most 17 times: the verdict stays small.
    for finding in &verdict.findings {
        let n = verdict
            .findings
            .iter()
            .filter(|f| f.code == finding.code)
            .count();
        assert!(n <= MAX_FINDINGS_PER_CODE + 1, "{}: {n}", finding.code);
    }
    assert!(serde_json::to_vec(&verdict).unwrap().len() < 100_000);
}

#[test]
fn cautions_counted_past_the_list_leave_a_safe_verdict_safe() {
    // The smart account's approval again and again: a caution each time, nothing dangerous.
    let body = multicall();
    let approval = body["eoaApprovalTransactions"][0].clone();
    let verdict = verify_slice(
        &with("eoaApprovalTransactions", vec![approval; 99]),
        &agreed(),
    );
    assert!(verdict.is_safe(), "{verdict}");
    let unlimited: Vec<_> = verdict
        .findings
        .iter()
        .filter(|f| f.code == FindingCode::ApprovalUnlimited)
        .collect();
    assert_eq!(unlimited.len(), MAX_FINDINGS_PER_CODE + 1);
    let counted = unlimited[MAX_FINDINGS_PER_CODE];
    assert_eq!(counted.severity, Severity::Caution);
    // 101 cautions: the payment contract's approval and 100 of the smart account.
    assert_eq!(
        counted.message(),
        "85 more findings of this code are not listed (a verdict lists the first 16 findings of each code)"
    );
    assert!(
        verdict
            .to_string()
            .contains("CAUTION [approval_unlimited] 85 more findings of this code are not listed")
    );
}

#[test]
fn a_fee_label_is_shown_in_at_most_64_characters() {
    let label_of = |label: &str| {
        let mut body = multicall();
        body["feeBundle"]["fees"][0]["feeLabel"] = label.into();
        let verdict = verify_slice(body.to_string().as_bytes(), &agreed());
        let labels: Vec<String> = verdict
            .summary
            .lines
            .iter()
            .filter_map(|line| match line {
                securepay::verify::SummaryLine::Fee { label, .. } => label.clone(),
                _ => None,
            })
            .collect();
        assert_eq!(labels.len(), 1, "{labels:?}");
        labels.into_iter().next().unwrap()
    };
    // 64 characters are shown as they are; a 65th (here a multi-byte one) is cut with `…`.
    let exact = "é".repeat(64);
    assert_eq!(label_of(&exact), exact);
    assert_eq!(label_of(&format!("{exact}é")), format!("{exact}…"));
    // A megabyte label is not copied into the verdict.
    let huge = "x".repeat(1 << 20);
    assert_eq!(label_of(&huge), format!("{}…", &huge[..64]));
}
