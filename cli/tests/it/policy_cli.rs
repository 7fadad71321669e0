//! `securepay policy resolve` and `securepay policy gate`: JSON out, exit codes 0/1/2.

use crate::common;

use std::path::PathBuf;
use std::process::Output;

use common::cli::{code, json_lines, json_out, stderr};
use serde_json::{Value, json};

const PAYEE: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const EOA: &str = "0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B";
const SMART: &str = "0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570";

fn securepay(args: &[&str], stdin: &str) -> Output {
    common::cli::run(args, stdin.as_bytes(), &[])
}

fn resolve(input: &Value) -> Output {
    securepay(&["policy", "resolve"], &input.to_string())
}

/// A file holding `policy`, unique to the test.
fn policy_file(name: &str, policy: &Value) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "securepay-policy-cli-{}-{name}.json",
        std::process::id()
    ));
    std::fs::write(&path, policy.to_string()).unwrap();
    path
}

#[test]
fn resolve_prints_the_configuration_with_its_provenance() {
    let output = resolve(&json!({
        "clientPlan": { "definedBy": "platform", "mode": "kyt_all_wallets", "screeningProvider": "merklescience" },
        "payment": { "mode": "inherit", "hidePayeeAddress": true, "allowedPayerAddresses": [EOA.to_lowercase()] },
        "destination": { "mode": "kyt_all_wallets", "screeningProvider": "hypernative", "hideUntilApproved": true }
    }));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    assert_eq!(
        json_out(&output),
        json!({
            "mode": "kyt_all_wallets",
            "screeningProvider": "merklescience",
            "hideUntilApproved": true,
            "hidePayeeAddress": true,
            "allowedPayerAddresses": [EOA],
            "provenance": {
                "mode": "platform_plan",
                "screeningProvider": "platform_plan",
                "hideUntilApproved": "destination",
                "hidePayeeAddress": "payment",
                "allowedPayerAddresses": "payment"
            }
        })
    );
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        text.starts_with(r#"{"mode":"kyt_all_wallets","screeningProvider":"merklescience","#),
        "{text}"
    );
}

#[test]
fn resolve_treats_absent_and_null_parts_alike() {
    for input in [
        json!({}),
        json!({ "clientPlan": null, "payment": null, "destination": null }),
    ] {
        let output = resolve(&input);
        assert_eq!(code(&output), 0);
        let answer = json_out(&output);
        assert_eq!(answer["mode"], "off");
        assert_eq!(answer["screeningProvider"], Value::Null);
        assert_eq!(answer["provenance"]["mode"], "default");
    }
}

#[test]
fn resolve_shows_an_orchestrator_backup_provider() {
    let output = resolve(&json!({
        "clientPlan": { "definedBy": "orchestrator", "kyt": { "providers": [
            { "provider": "hypernative", "policyId": "11111111-1111-4111-8111-111111111111" },
            { "provider": "merklescience" }] } }
    }));
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let answer = json_out(&output);
    assert_eq!(answer["screeningProvider"], "hypernative");
    assert_eq!(answer["backupScreeningProvider"], "merklescience");
    assert_eq!(answer["provenance"]["mode"], "orchestrator_plan");
}

#[test]
fn resolve_exits_1_with_the_reason_when_the_payment_conflicts_with_the_plan() {
    let output = resolve(&json!({
        "clientPlan": { "definedBy": "orchestrator", "mode": "kyt_all_wallets", "screeningProvider": "hypernative" },
        "payment": { "mode": "kyt_all_wallets", "screeningProvider": "merklescience" }
    }));
    assert_eq!(code(&output), 1);
    let answer = json_out(&output);
    let message = answer["error"].as_str().unwrap();
    assert!(
        message.contains("orchestrator-defined KYT plan fixes screeningProvider hypernative"),
        "{message}"
    );
    assert!(stderr(&output).contains("merklescience"));

    let output = resolve(&json!({
        "clientPlan": { "definedBy": "platform", "mode": "off" },
        "payment": { "hideUntilApproved": true }
    }));
    assert_eq!(code(&output), 1);
    assert!(
        json_out(&output)["error"]
            .as_str()
            .unwrap()
            .contains("hideUntilApproved")
    );
}

#[test]
fn resolve_exits_2_on_invalid_input() {
    for (input, reason) in [
        ("not json", "input is not JSON"),
        ("[]", "input must be an object"),
        (r#"{"plan":null}"#, "unknown field \"plan\""),
        // A key given twice: the last one is not silently taken (issue 34 item 2).
        (
            r#"{"payment":{"hidePayeeAddress":true},"payment":null}"#,
            "input: duplicate field `payment`",
        ),
        (
            r#"{"clientPlan":null,"destination":null,"clientPlan":null}"#,
            "input: duplicate field `clientPlan`",
        ),
        (
            r#"{"payment":{"mode":"kyt_all_wallets"}}"#,
            "payment: mode kyt_all_wallets needs a screeningProvider",
        ),
        (
            r#"{"payment":{"mode":"strict"}}"#,
            "payment: unknown access policy mode \"strict\"",
        ),
        (
            r#"{"destination":{"mode":"inherit"}}"#,
            "destination: mode inherit is accepted on a payment's accessPolicy only",
        ),
        (
            r#"{"destination":{"mode":"off","screeningProvider":"hypernative"}}"#,
            "destination: mode off does not screen",
        ),
        (
            r#"{"payment":{"allowedPayerAddresses":["0xnope"]}}"#,
            "payment: allowedPayerAddresses[0] \"0xnope\"",
        ),
        (
            r#"{"clientPlan":{"definedBy":"orchestrator","mode":"off"}}"#,
            "clientPlan: an orchestrator-defined KYT plan always screens",
        ),
        (
            r#"{"clientPlan":{"mode":"off"}}"#,
            "clientPlan: not a KYT plan object: missing field `definedBy`",
        ),
    ] {
        let output = securepay(&["policy", "resolve"], input);
        assert_eq!(code(&output), 2, "{input}");
        assert!(output.stdout.is_empty(), "{input}");
        let err = stderr(&output);
        assert!(err.contains(reason), "{input}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "one-line reason: {err}");
    }
}

#[test]
fn gate_answers_each_event_with_the_state_and_the_payer_view() {
    let policy = json_out(&resolve(&json!({
        "payment": { "mode": "kyt_all_wallets", "screeningProvider": "hypernative",
                     "hideUntilApproved": true, "hidePayeeAddress": true }
    })));
    let file = policy_file("flow", &policy);
    let events = [
        json!({ "event": "connected", "wallet": EOA, "smartAccount": SMART }),
        json!({ "event": "screened", "wallet": EOA, "status": "approved" }),
        json!({ "event": "screened", "wallet": SMART, "status": "approved", "provider": "hypernative" }),
        json!({ "event": "disconnected" }),
    ];
    let input: String = events.iter().map(|e| format!("{e}\n")).collect();
    let output = securepay(
        &[
            "policy",
            "gate",
            "--policy",
            file.to_str().unwrap(),
            "--payee",
            PAYEE,
        ],
        &input,
    );
    std::fs::remove_file(&file).unwrap();
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 4);
    let statuses: Vec<&str> = lines
        .iter()
        .map(|l| l["state"]["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        ["screening", "screening", "approved", "waiting_for_wallet"]
    );
    let signing: Vec<bool> = lines
        .iter()
        .map(|l| l["view"]["signingEnabled"].as_bool().unwrap())
        .collect();
    assert_eq!(signing, [false, false, true, false]);
    assert_eq!(lines[0]["view"]["loading"], true);
    assert_eq!(lines[0]["view"]["amountVisible"], false);
    assert_eq!(lines[0]["view"]["recipient"], Value::Null);
    assert_eq!(lines[2]["view"]["recipient"], json!({ "masked": true }));
    assert_eq!(lines[2]["view"]["copyAddress"], false);
    assert_eq!(
        lines[0]["state"]["wallets"][1]["walletType"],
        "smart_account"
    );
    let stdout = String::from_utf8_lossy(&output.stdout).to_lowercase();
    assert!(
        !stdout.contains(&PAYEE[2..].to_lowercase()),
        "the masked payee never shows"
    );
}

#[test]
fn gate_writes_an_error_line_for_a_bad_event_goes_on_and_exits_2() {
    let policy = json_out(&resolve(&json!({
        "payment": { "mode": "kyt_all_wallets", "screeningProvider": "hypernative", "allowedPayerAddresses": [EOA] }
    })));
    let file = policy_file("errors", &policy);
    let input = [
        json!({ "event": "connected", "wallet": SMART }).to_string(),
        json!({ "event": "screened", "wallet": SMART, "status": "approved" }).to_string(),
        "not json".to_owned(),
        json!({ "event": "connected", "wallet": EOA }).to_string(),
        json!({ "event": "screened", "wallet": EOA, "status": "rejected" }).to_string(),
    ]
    .join("\n");
    let output = securepay(
        &[
            "policy",
            "gate",
            "--policy",
            file.to_str().unwrap(),
            "--payee",
            PAYEE,
        ],
        &input,
    );
    std::fs::remove_file(&file).unwrap();
    assert_eq!(code(&output), 2);
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 5);
    assert_eq!(lines[0]["view"]["reason"], "wallet_not_allowed");
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .contains("is not being screened")
    );
    assert!(
        lines[2]["error"]
            .as_str()
            .unwrap()
            .contains("malformed gate event")
    );
    assert_eq!(lines[3]["state"]["status"], "screening");
    assert_eq!(lines[4]["view"]["reason"], "screening_rejected");
    assert_eq!(lines[4]["view"]["signingEnabled"], false);
}

#[test]
fn gate_exits_2_on_an_unusable_policy_or_payee() {
    let missing = securepay(
        &[
            "policy",
            "gate",
            "--policy",
            "/nonexistent/securepay.json",
            "--payee",
            PAYEE,
        ],
        "",
    );
    assert_eq!(code(&missing), 2);
    assert!(stderr(&missing).contains("cannot read --policy"));

    let file = policy_file("inherit", &json!({ "mode": "inherit" }));
    let bad_policy = securepay(
        &[
            "policy",
            "gate",
            "--policy",
            file.to_str().unwrap(),
            "--payee",
            PAYEE,
        ],
        "",
    );
    assert_eq!(code(&bad_policy), 2);
    assert!(
        stderr(&bad_policy).contains("--policy"),
        "{}",
        stderr(&bad_policy)
    );
    std::fs::remove_file(&file).unwrap();

    let policy = json_out(&resolve(&json!({})));
    let file = policy_file("payee", &policy);
    let bad_payee = securepay(
        &[
            "policy",
            "gate",
            "--policy",
            file.to_str().unwrap(),
            "--payee",
            "0x1234",
        ],
        "",
    );
    std::fs::remove_file(&file).unwrap();
    assert_eq!(code(&bad_payee), 2);
    assert!(stderr(&bad_payee).contains("--payee"));
}
