//! A wallet's last check before the user signs: the pay response of a secure payment is verified
//! against what the user agreed to on the checkout page, the user reads a plain summary, and a
//! response that was tampered with on the way is refused with the reason.
//!
//! `cargo run --example wallet_verify`
//!
//! The response is the documented `single` answer of `GET /v2/secure-payments/{token}/pay`
//! (827.50 USDC on Base with a 0.30 USDC platform fee paid by the payer), compiled in.

use securepay::pay::PayResponse;
use securepay::verify::{verify, Expectation, Severity, Verdict};

/// The response bytes as the wallet received them.
const RESPONSE: &str = include_str!("../tests/data/pay/single_erc20_fees.json");

/// What the checkout page showed and the user accepted.
const AGREED: &str = r#"{
  "network": "base",
  "currency": "USDC-base",
  "payments": [{
    "payee": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    "amount": "827.50",
    "reference": "0xe23a6b02059c2b30"
  }],
  "maxPayerFees": "0.30"
}"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let expectation = Expectation::from_json(AGREED)?;

    println!("1. The response as received, checked against the agreement:");
    let response = PayResponse::from_slice(RESPONSE.as_bytes())?;
    let verdict = verify(&response, &expectation);
    show(&verdict);
    assert!(verdict.is_safe());

    println!("\n2. Someone swapped the payee inside the payment calldata:");
    let attacker = "1111111111111111111111111111111111111111";
    let swapped = RESPONSE.replace("6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7", attacker);
    let verdict = verify(&PayResponse::from_slice(swapped.as_bytes())?, &expectation);
    show(&verdict);
    assert!(!verdict.is_safe());

    println!("\n3. The fee leg now takes 0.50 USDC instead of the declared 0.30:");
    let inflated = RESPONSE.replace(
        "00000000000000000000000000000000000000000000000000000000000493e0",
        "000000000000000000000000000000000000000000000000000000000007a120",
    );
    let verdict = verify(&PayResponse::from_slice(inflated.as_bytes())?, &expectation);
    show(&verdict);
    assert!(!verdict.is_safe());

    println!("\n4. The merchant hides the payee address (hidePayeeAddress): the summary masks it:");
    let hidden = AGREED.replace(
        "\"maxPayerFees\"",
        "\"hidePayeeAddress\": true, \"maxPayerFees\"",
    );
    let verdict = verify(&response, &Expectation::from_json(&hidden)?);
    show(&verdict);
    assert!(!verdict.to_text().contains("0x6923"));
    Ok(())
}

fn show(verdict: &Verdict) {
    for line in &verdict.summary.lines {
        println!("   | {line}");
    }
    for finding in &verdict.findings {
        println!("   {finding}");
    }
    let dangers = verdict.findings_of(Severity::Danger).count();
    if dangers == 0 {
        println!("   → safe to sign");
    } else {
        println!("   → do not sign: {dangers} danger finding(s)");
    }
}
