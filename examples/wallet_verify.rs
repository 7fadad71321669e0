//! A wallet's last check before the user signs.
//!
//! `cargo run --example wallet_verify`
//!
//! The trust model: the server that prepared the transactions may be compromised. Only two
//! things are trusted — what the user agreed to on the checkout page (the expectation, with its
//! caps) and the facts compiled into securepay (contracts per chain, what each call does,
//! tokens, the bridge's receivers). Everything in the pay response is checked against them:
//! every transaction of every list is decoded and accounted for; the fee bundle, the amount
//! summary and the metadata only label what the transactions do, and a disagreement is a danger.
//!
//! The caps: `maxPayerFees` is the most that may leave the wallet beyond the agreed payments,
//! `maxPayeeFees` the most the payees may receive less than agreed (fees deducted from the
//! payment). An absent cap is zero. A cross-chain route is agreed with `sourceNetwork`,
//! `sourceCurrency` and `maxSourceAmount` (the most that may leave on the source chain, bridge
//! costs included), and proved from the bridge calldata itself.
//!
//! On Tron the wallet signs protobuf bytes, not `{to, data, value}`: the last steps check the
//! transaction TronWeb built against the verified response (`Verifier::verify_tron`).
//!
//! The first response is the documented `single` answer of `GET /v2/secure-payments/{token}/pay`
//! (827.50 USDC on Base: a 0.30 USDC platform fee paid by the payer, a 1.25 USDC protocol fee
//! deducted from the payment), compiled in.

use securepay::pay::PayResponse;
use securepay::tron::TronTransaction;
use securepay::verify::{Expectation, Severity, Verdict, Verifier, verify, verify_slice};

/// The response bytes as the wallet received them.
const RESPONSE: &str = include_str!("../tests/data/pay/single_erc20_fees.json");

/// A cross-chain answer: 10 USDC to the payee on Base, paid with 10.08 USDT from Optimism
/// (10 USDC plus 0.08 of bridge costs).
const CROSS_CHAIN_RESPONSE: &str =
    include_str!("../tests/data/pay/single_crosschain_optimism_to_base.json");

/// What the checkout page showed and the user accepted.
const AGREED: &str = r#"{
  "network": "base",
  "currency": "USDC-base",
  "payments": [{
    "payee": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    "amount": "827.50",
    "reference": "0xe23a6b02059c2b30"
  }],
  "maxPayerFees": "0.30",
  "maxPayeeFees": "1.25"
}"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let expectation = Expectation::from_str(AGREED)?;

    println!("1. The response as received (its bytes), checked against the agreement:");
    let verdict = verify_slice(RESPONSE.as_bytes(), &expectation);
    show(&verdict);
    assert!(verdict.is_safe());

    println!("\n2. Someone swapped the payee inside the payment calldata:");
    let attacker = "1111111111111111111111111111111111111111";
    let swapped = RESPONSE.replace("6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7", attacker);
    let verdict = verify_slice(swapped.as_bytes(), &expectation);
    show(&verdict);
    assert!(!verdict.is_safe());

    println!("\n3. The fee leg now takes 0.50 USDC instead of the declared 0.30:");
    let inflated = RESPONSE.replace(
        "00000000000000000000000000000000000000000000000000000000000493e0",
        "000000000000000000000000000000000000000000000000000000000007a120",
    );
    let verdict = verify_slice(inflated.as_bytes(), &expectation);
    show(&verdict);
    assert!(!verdict.is_safe());

    println!("\n4. The same response, but the user agreed to no payee-side fee (no maxPayeeFees):");
    let strict = AGREED.replace(",\n  \"maxPayeeFees\": \"1.25\"", "");
    let verdict = verify_slice(RESPONSE.as_bytes(), &Expectation::from_str(&strict)?);
    show(&verdict);
    assert!(!verdict.is_safe());

    println!("\n5. The merchant hides the payee address (hidePayeeAddress): the summary masks it:");
    let hidden = AGREED.replace(
        "\"maxPayerFees\"",
        "\"hidePayeeAddress\": true, \"maxPayerFees\"",
    );
    let verdict = verify_slice(RESPONSE.as_bytes(), &Expectation::from_str(&hidden)?);
    show(&verdict);
    assert!(!verdict.to_string().contains("0x6923"));

    println!("\n6. Cross-chain: 10 USDC on Base, paid with at most 10.10 USDT from Optimism:");
    let (response, agreed) = cross_chain()?;
    let verdict = verify(&response, &agreed);
    show(&verdict);
    assert!(verdict.is_safe());

    println!("\n7. The same route with the bridge's destination message paying someone else:");
    let tampered =
        CROSS_CHAIN_RESPONSE.replace("6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7", attacker);
    let verdict = verify_slice(tampered.as_bytes(), &agreed);
    show(&verdict);
    assert!(!verdict.is_safe());

    println!("\n8. Tron: the transaction TronWeb built for the payment, checked before signing:");
    let (response, agreed, tx) = tron()?;
    let verdict = Verifier::builtin().verify_tron(&response, &agreed, &tx);
    show(&verdict);
    assert!(verdict.is_safe());

    println!("\n9. The same transaction, its raw_data_hex swapped for the bytes of another one:");
    let mut swapped = tron_vector(1)?;
    let other = tron_vector(2)?;
    if let (Some(hex), Some(other_hex)) = (
        swapped.pointer_mut("/transaction/raw_data_hex"),
        other.pointer("/transaction/raw_data_hex"),
    ) {
        *hex = other_hex.clone();
    }
    let tx = TronTransaction::from_value(field(&swapped, "transaction")?)?;
    let verdict = Verifier::builtin().verify_tron(&response, &agreed, &tx);
    show(&verdict);
    assert!(!verdict.is_safe());
    Ok(())
}

/// Transactions built and signed by TronWeb (the shared vectors).
const TRON_VECTORS: &str = include_str!("../tests/data/vectors/tron-transactions.jsonl");

/// A Tron payment of 1225.61574 USDC through the Tron ERC20FeeProxy, the agreement (with the
/// payer's wallet and a fee-limit cap of 300 TRX) and the transaction TronWeb built for it.
fn tron() -> Result<(PayResponse, Expectation, TronTransaction), Box<dyn std::error::Error>> {
    let vector = tron_vector(1)?;
    let call = field(&vector, "call")?;
    let response = PayResponse::from_slice(
        serde_json::json!({"paymentType": "single", "feeBundle": null,
            "metadata": {"stepsRequired": 1, "needsApproval": false, "paymentTransactionIndex": 0},
            "transactions": [{"to": field(call, "to")?, "data": field(call, "data")?, "value": "0"}]})
        .to_string()
        .as_bytes(),
    )?;
    let agreed = Expectation::from_str(
        &serde_json::json!({"network": "tron", "currency": "USDC-tron", "payer": field(&vector, "owner")?,
            "maxTronFeeLimit": "300", "payments": [{"payee": "TGPhvPbswd6cQrwTQY898vd3EYPvNvq35c",
            "amount": "1225.61574", "reference": "0xae1ed2554fb11cd8"}]})
        .to_string(),
    )?;
    let tx = TronTransaction::from_value(field(&vector, "transaction")?)?;
    Ok((response, agreed, tx))
}

/// Line `n` of the Tron vectors.
fn tron_vector(n: usize) -> Result<serde_json::Value, Box<dyn std::error::Error>> {
    let line = TRON_VECTORS.lines().nth(n).ok_or("no such vector")?;
    Ok(serde_json::from_str(line)?)
}

/// A field of a JSON object.
fn field<'a>(value: &'a serde_json::Value, name: &str) -> Result<&'a serde_json::Value, String> {
    value.get(name).ok_or_else(|| format!("no field {name}"))
}

/// A cross-chain response as the service documents it (USDT on Optimism through the LI.FI
/// diamond and Across into the Base ERC20FeeProxy), and the agreement.
fn cross_chain() -> Result<(PayResponse, Expectation), Box<dyn std::error::Error>> {
    let response = PayResponse::from_slice(CROSS_CHAIN_RESPONSE.as_bytes())?;
    let agreed = Expectation::from_str(
        r#"{"network": "base", "currency": "USDC-base",
            "payments": [{"payee": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "amount": "10", "reference": "0x1a2b3c4d5e6f7081"}],
            "payer": "0x2222222222222222222222222222222222222222",
            "sourceNetwork": "optimism", "sourceCurrency": "USDT-optimism", "maxSourceAmount": "10.10"}"#,
    )?;
    Ok((response, agreed))
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
