//! Issue 34, items 3 and 4: a verdict a wallet can show.
//!
//! Item 3: a standing property of a token (its issuer can upgrade it, or set a fee later) is
//! not a finding about this response: what the verdict relies on is its `assumptions`, each
//! with its source, and the common case reads clean. Before, every ERC-20 payment carried a
//! `token_behaviour` caution. The worst case still holds where no fact is known.
//!
//! Item 4: a transaction that cannot be read gives one finding at its position, and the
//! summary says what it cannot show. Before, a payment call cut by 4 bytes gave 10 dangers and
//! a summary that paid the fee recipient ("Pay 0.3 USDC to 0x9795…") and totalled 1.55 USDC.

use serde_json::{Value, json};

use securepay::currency::TokenBehaviour;
use securepay::verify::{
    Expectation, FindingCode, Location, ResponseList, SummaryLine, Verdict, verify_slice,
};

const FEES: &[u8] = include_bytes!("../../data/pay/single_erc20_fees.json");

fn agreed(currency: &str, network: &str) -> Expectation {
    Expectation::from_str(&format!(
        r#"{{"network":"{network}","currency":"{currency}","maxPayerFees":"0.30","maxPayeeFees":"1.25",
          "payments":[{{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}}]}}"#
    ))
    .unwrap()
}

fn body() -> Value {
    serde_json::from_slice(FEES).unwrap()
}

fn verdict_of(body: &Value, expectation: &Expectation) -> Verdict {
    verify_slice(&serde_json::to_vec(body).unwrap(), expectation)
}

/// The `data` of transaction `index`, as text.
fn data(body: &mut Value, index: usize) -> &mut Value {
    &mut body["transactions"][index]["data"]
}

#[test]
fn a_usdc_payment_reads_clean_and_names_what_it_relies_on() {
    let verdict = verdict_of(&body(), &agreed("USDC-base", "base"));
    assert!(verdict.is_safe());
    assert!(verdict.findings.is_empty(), "{verdict}");
    let [assumption] = &verdict.assumptions[..] else {
        panic!("one assumption: {verdict}")
    };
    assert_eq!(assumption.behaviour, TokenBehaviour::FeeOnTransfer);
    assert_eq!(assumption.asset.symbol.as_deref(), Some("USDC"));
    assert!(assumption.changeable, "FiatToken is behind a proxy");
    assert!(
        assumption
            .source
            .starts_with("circlefin/stablecoin-evm@be3f8bdd4f89bb7b7406c2e2e12af4e4392accb9:"),
        "{}",
        assumption.source
    );
    assert!(
        verdict
            .to_string()
            .ends_with("Relies on: USDC takes no fee on transfer today (its issuer can upgrade the token and change that)\n"),
        "{verdict}"
    );
}

/// The same calls with the payment token swapped: `to` of the approval and the token
/// argument of every ERC20FeeProxy call.
fn with_token(old: &str, new: &str) -> Value {
    let text = String::from_utf8(FEES.to_vec())
        .unwrap()
        .replace(old, new)
        .replace(&old.to_ascii_lowercase(), &new.to_ascii_lowercase());
    serde_json::from_str(&text).unwrap()
}

#[test]
fn where_no_fact_is_known_the_worst_case_still_holds() {
    // USDT on Base: nothing is held of it.
    let body = with_token(
        "833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        "fde4C96c8593536E31F229EA8f37b2ADa2699bb2",
    );
    let mut body = body;
    for fee in body["feeBundle"]["fees"].as_array_mut().unwrap() {
        fee["paymentCurrencyId"] = json!("USDT-base");
    }
    let verdict = verdict_of(&body, &agreed("USDT-base", "base"));
    let codes: Vec<_> = verdict.findings.iter().map(|f| f.code).collect();
    assert_eq!(codes, [FindingCode::TokenBehaviour], "{verdict}");
    assert_eq!(
        verdict.findings[0].details.behaviour,
        Some(TokenBehaviour::FeeOnTransfer)
    );
    assert!(verdict.assumptions.is_empty());
}

#[test]
fn an_immutable_token_is_relied_on_for_good() {
    // DAI on Ethereum (18 decimals): the same call shape, amounts in DAI's units.
    let mut body = with_token(
        "833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        "6B175474E89094C44Da98b954EedeAC495271d0F",
    );
    // Ethereum's ERC20FeeProxy (the deployment table's).
    let text = body
        .to_string()
        .replace(
            "1892196E80C4c17ea5100Da765Ab48c1fE2Fb814",
            "370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C",
        )
        .replace(
            "1892196e80c4c17ea5100da765ab48c1fe2fb814",
            "370de27fdb7d1ff1e1baa7d11c5820a324cf623c",
        );
    body = serde_json::from_str(&text).unwrap();
    let scale = |hex: &str| {
        let units = u128::from_str_radix(hex, 16).unwrap() * 1_000_000_000_000;
        format!("{units:064x}")
    };
    for index in 0..4 {
        let text = data(&mut body, index).as_str().unwrap().to_owned();
        // The amount is the third word of the fee proxy's call, the second of `approve`.
        let word = if index == 0 { 1 } else { 2 };
        let start = 10 + 64 * word;
        let amount = &text[start..start + 64];
        let scaled = format!("{}{}{}", &text[..start], scale(amount), &text[start + 64..]);
        *data(&mut body, index) = json!(scaled);
        if index > 0 {
            // The fee amount, fifth word.
            let start = 10 + 64 * 4;
            let fee = &scaled[start..start + 64];
            let scaled = format!(
                "{}{}{}",
                &scaled[..start],
                scale(fee),
                &scaled[start + 64..]
            );
            *data(&mut body, index) = json!(scaled);
        }
    }
    for fee in body["feeBundle"]["fees"].as_array_mut().unwrap() {
        fee["paymentCurrencyId"] = json!("DAI-mainnet");
        fee["network"] = json!("mainnet");
        fee["chainId"] = json!("1");
    }
    let verdict = verdict_of(&body, &agreed("DAI-mainnet", "mainnet"));
    assert!(
        !verdict
            .findings
            .iter()
            .any(|f| f.code == FindingCode::TokenBehaviour),
        "{verdict}"
    );
    let fee = verdict
        .assumptions
        .iter()
        .find(|a| a.behaviour == TokenBehaviour::FeeOnTransfer)
        .unwrap_or_else(|| panic!("{verdict}"));
    assert!(!fee.changeable, "dai.sol cannot be upgraded");
    assert!(fee.source.starts_with("makerdao/dss@"), "{}", fee.source);
    assert_eq!(
        fee.message(),
        "DAI takes no fee on transfer, and its code cannot be replaced"
    );
}

const AT_1: Location = Location {
    list: ResponseList::Transactions,
    index: Some(1),
};

/// One finding, at the transaction, and the summary's one line.
fn assert_not_shown(verdict: &Verdict, code: FindingCode, unreadable: usize) {
    let found: Vec<_> = verdict
        .findings
        .iter()
        .map(|f| (f.code, f.transaction))
        .collect();
    assert_eq!(found, [(code, Some(AT_1))], "{verdict}");
    assert!(!verdict.is_safe());
    assert_eq!(
        verdict.summary.lines,
        [SummaryLine::NotShown {
            unreadable,
            first: Some(AT_1)
        }],
        "{verdict}"
    );
    assert!(verdict.assumptions.is_empty());
}

#[test]
fn a_truncated_payment_call_is_one_finding_and_nothing_guessed() {
    let mut body = body();
    let cut = data(&mut body, 1).as_str().unwrap().to_owned();
    *data(&mut body, 1) = json!(&cut[..cut.len() - 8]);
    let verdict = verdict_of(&body, &agreed("USDC-base", "base"));
    assert_not_shown(&verdict, FindingCode::NonCanonicalCalldata, 1);
    assert_eq!(
        verdict.summary.to_lines(),
        [
            "Not shown: what transactions[1] does cannot be read, so no payment, fee or total is stated"
        ]
    );
    let text = verdict.to_string();
    assert!(!text.contains("Pay "), "{text}");
    assert!(!text.contains("Total"), "{text}");
    // The JSON every face writes.
    let json = serde_json::to_value(&verdict).unwrap();
    assert_eq!(json["safe"], false);
    assert_eq!(json["summary"][0]["kind"], "not_shown");
    assert_eq!(json["summary"][0]["first"]["index"], 1);
}

#[test]
fn an_unknown_selector_or_target_is_not_shown_either() {
    let mut body = body();
    let call = data(&mut body, 1).as_str().unwrap().to_owned();
    *data(&mut body, 1) = json!(format!("0xdeadbeef{}", &call[10..]));
    let verdict = verdict_of(&body, &agreed("USDC-base", "base"));
    assert_not_shown(&verdict, FindingCode::UnknownSelector, 1);

    let mut body = self::body();
    body["transactions"][1]["to"] = json!("0x000000000000000000000000000000000000dEaD");
    let verdict = verdict_of(&body, &agreed("USDC-base", "base"));
    assert_not_shown(&verdict, FindingCode::UnknownTarget, 1);
}

#[test]
fn several_unreadable_transactions_are_counted_from_the_first() {
    let mut body = body();
    for index in [1, 3] {
        let cut = data(&mut body, index).as_str().unwrap().to_owned();
        *data(&mut body, index) = json!(&cut[..cut.len() - 2]);
    }
    let verdict = verdict_of(&body, &agreed("USDC-base", "base"));
    let codes: Vec<_> = verdict
        .findings
        .iter()
        .map(|f| (f.code, f.transaction.and_then(|t| t.index)))
        .collect();
    assert_eq!(
        codes,
        [
            (FindingCode::NonCanonicalCalldata, Some(1)),
            (FindingCode::NonCanonicalCalldata, Some(3))
        ]
    );
    assert_eq!(
        verdict.summary.to_lines(),
        [
            "Not shown: what 2 transactions do cannot be read (the first: transactions[1]), so no payment, fee or total is stated"
        ]
    );
}

#[test]
fn a_target_of_the_other_address_family_is_not_shown_either() {
    let mut body = body();
    body["transactions"][1]["to"] = json!("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    let verdict = verdict_of(&body, &agreed("USDC-base", "base"));
    assert_not_shown(&verdict, FindingCode::AddressFamily, 1);
}

/// Issue 37, item 2: the English text of a finding and of an assumption is rendered when it is
/// asked for, not as the verdict is made. The JSON of a verdict is unchanged: each finding and
/// assumption still carries its `message`, last, equal to `message()` and to what a struct with
/// the text as a field serialized to before; `Display` writes it, masked payee included.
#[test]
fn the_json_of_a_verdict_carries_each_message_rendered_when_asked() {
    use securepay::verify::{Details, Severity};
    use serde::Serialize;

    /// A finding as it was serialized when its message was a field.
    #[derive(Serialize)]
    struct Finding<'a> {
        severity: Severity,
        code: FindingCode,
        transaction: Option<Location>,
        details: &'a Details,
        message: String,
    }
    /// An assumption as it was serialized when its message was a field.
    #[derive(Serialize)]
    struct Assumption<'a> {
        network: securepay::network::Network,
        asset: &'a securepay::verify::AssetRef,
        behaviour: TokenBehaviour,
        source: &'static str,
        changeable: bool,
        message: String,
    }

    for hide in [false, true] {
        // No payee-side fee agreed: the payee receiving 1.25 USDC less is a finding; USDC taking
        // no fee on transfer an assumption.
        let expectation = Expectation::from_str(&format!(
            r#"{{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","hidePayeeAddress":{hide},
              "payments":[{{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}}]}}"#
        ))
        .unwrap();
        let verdict = verdict_of(&body(), &expectation);
        assert!(!verdict.findings.is_empty(), "{verdict}");
        assert!(!verdict.assumptions.is_empty(), "{verdict}");
        let json = serde_json::to_string(&verdict).unwrap();
        let value: Value = serde_json::from_str(&json).unwrap();
        let shown = verdict.to_string();

        for (index, finding) in verdict.findings.iter().enumerate() {
            let message = finding.message();
            assert!(!message.is_empty(), "{finding:?}");
            assert_eq!(value["findings"][index]["message"], message.as_str());
            let was = serde_json::to_string(&Finding {
                severity: finding.severity,
                code: finding.code,
                transaction: finding.transaction,
                details: &finding.details,
                message: message.clone(),
            })
            .unwrap();
            assert_eq!(serde_json::to_string(finding).unwrap(), was);
            assert!(json.contains(&was), "{json}");
            let severity = finding.severity.to_string().to_uppercase();
            let expected = match finding.transaction {
                Some(at) => format!("{severity} [{}] {at}: {message}", finding.code),
                None => format!("{severity} [{}] {message}", finding.code),
            };
            assert_eq!(finding.to_string(), expected);
            assert!(shown.contains(&expected), "{shown}");
            assert!(
                format!("{finding:?}").ends_with(&format!("message: {message:?} }}")),
                "{finding:?}"
            );
            let mut written = String::new();
            finding.write_message(&mut written).unwrap();
            assert_eq!(written, message);
            assert_eq!(message.contains("hidden"), hide, "{message}");
            assert!(!message.contains("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7") || !hide);
        }
        assert!(
            verdict
                .findings
                .iter()
                .any(|f| f.code == FindingCode::PaymentAmount),
            "{verdict}"
        );

        for (index, assumption) in verdict.assumptions.iter().enumerate() {
            let message = assumption.message();
            assert_eq!(value["assumptions"][index]["message"], message.as_str());
            let was = serde_json::to_string(&Assumption {
                network: assumption.network,
                asset: &assumption.asset,
                behaviour: assumption.behaviour,
                source: assumption.source,
                changeable: assumption.changeable,
                message: message.clone(),
            })
            .unwrap();
            assert_eq!(serde_json::to_string(assumption).unwrap(), was);
            assert!(json.contains(&was), "{json}");
            assert_eq!(assumption.to_string(), format!("Relies on: {message}"));
            assert!(shown.contains(&assumption.to_string()), "{shown}");
            assert!(
                format!("{assumption:?}").ends_with(&format!("message: {message:?} }}")),
                "{assumption:?}"
            );
        }
    }
}

/// With `hidePayeeAddress`, a message whose data writes the payee's address where the masking
/// of the details does not reach (here the payment reference, 20 bytes that are the payee's
/// address) is the masked text, as when the message was rendered as the verdict was made: in
/// `message()`, `Display` and the JSON alike.
#[test]
fn a_message_rendered_when_asked_stays_masked() {
    let expectation = Expectation::from_str(
        r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25","hidePayeeAddress":true,
          "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#,
    )
    .unwrap();
    let mut body = body();
    let reference = format!("{:064x}e23a6b02059c2b30{}", 8, "0".repeat(48));
    let payee = format!(
        "{:064x}6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7{}",
        20,
        "0".repeat(24)
    );
    let call = data(&mut body, 1);
    *call = json!(call.as_str().unwrap().replace(&reference, &payee));
    let verdict = verdict_of(&body, &expectation);
    let finding = verdict
        .findings
        .iter()
        .find(|f| f.code == FindingCode::PaymentReference)
        .unwrap_or_else(|| panic!("{verdict}"));
    let message = finding.message();
    assert_eq!(
        message,
        "pays hidden with reference hidden instead of 0xe23a6b02059c2b30"
    );
    assert!(finding.to_string().ends_with(&message));
    let json = serde_json::to_value(&verdict).unwrap();
    let index = verdict.findings.iter().position(|f| f == finding).unwrap();
    assert_eq!(json["findings"][index]["message"], message.as_str());
    // The details too: the reference the calldata carries is the payee's address.
    assert_eq!(
        json["findings"][index]["details"]["reference"], "hidden",
        "{json}"
    );
    let shown = json.to_string().to_lowercase();
    assert!(
        !shown.contains("6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7"),
        "{shown}"
    );
}

/// A response that cannot be read says why, and the why may quote the response: when the
/// payee is hidden, a server that writes the payee's address where the reader stops (here an
/// unknown fee `network`) must not get it shown to the payer.
#[test]
fn the_reason_a_response_is_unreadable_hides_the_payee() {
    let expectation = Expectation::from_str(
        r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25","hidePayeeAddress":true,
          "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#,
    )
    .unwrap();
    for written in [
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
        "6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7",
    ] {
        let mut body = body();
        body["feeBundle"]["fees"][0]["network"] = json!(written);
        let verdict = verdict_of(&body, &expectation);
        assert_eq!(verdict.findings[0].code, FindingCode::ResponseUnreadable);
        let shown = format!("{} {verdict}", serde_json::to_string(&verdict).unwrap());
        assert!(
            !shown
                .to_lowercase()
                .contains("6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7"),
            "{shown}"
        );
        assert!(shown.contains("hidden"), "{shown}");
    }
}
