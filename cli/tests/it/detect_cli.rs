//! `securepay detect`: chain data in, the settlement out; exit 0 paid, 1 nothing paid, 2
//! unusable input (the CLI contract: README's command table).

use crate::common;

use common::cli::{code, json_out, run as securepay, stderr};

const PAYEE: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const FEE_TO: &str = "0x9795d480C2C50392A4714A0F468059C6448DeCe2";

fn file(name: &str) -> String {
    common::data_path(&format!("detect/{name}"))
        .display()
        .to_string()
}

fn detect(extra: &[&str], logs: &str, stdin: &[u8]) -> std::process::Output {
    let mut args = vec![
        "detect",
        "--network",
        "base",
        "--reference",
        "0xe23a6b02059c2b30",
        "--logs",
        logs,
    ];
    args.extend_from_slice(extra);
    securepay(&args, stdin, &[])
}

#[test]
fn a_receipt_that_pays_answers_the_settlement() {
    let output = detect(
        &[
            "--payee",
            PAYEE,
            "--currency",
            "USDC-base",
            "--fee-address",
            FEE_TO,
        ],
        &file("base-usdc-receipt.json"),
        b"",
    );
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let answer = json_out(&output);
    assert_eq!(answer["balance"], "827500000");
    assert_eq!(answer["feeBalance"], "300000");
    assert_eq!(answer["payments"][0]["logIndex"], 12);
    assert_eq!(answer["payments"][0]["contract"], "ERC20FeeProxy");
    assert_eq!(answer["payments"][0]["payee"], PAYEE);
    assert_eq!(answer["fees"][0]["counted"], true);
    assert_eq!(answer["refunds"], serde_json::json!([]));
    // The token transfers of the receipt are listed as not counting, with their reason.
    let codes: Vec<&str> = answer["ignored"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["unknown_emitter", "unknown_emitter"]);
    assert!(
        answer["ignored"][0]["why"]
            .as_str()
            .unwrap()
            .contains("no known contract")
    );
    assert_eq!(answer["ignored"][0]["log"]["logIndex"], 10);
    assert_eq!(answer["unchecked"], serde_json::json!([]));
}

#[test]
fn logs_from_standard_input_with_refunds() {
    let logs = std::fs::read(file("base-usdc-logs.json")).unwrap();
    let output = detect(
        &[
            "--refund-reference",
            "10f62d12e4d6be3f",
            "--currency",
            "USDC-base",
        ],
        "-",
        &logs,
    );
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let answer = json_out(&output);
    assert_eq!(answer["balance"], "800000000"); // 827.5 paid, 27.5 refunded
    assert_eq!(answer["refunds"][0]["amount"], "27500000");
    assert_eq!(answer["feeBalance"], serde_json::Value::Null);
    assert_eq!(
        answer["unchecked"],
        serde_json::json!(["payee", "fee_address", "refund_address"])
    );
    assert_eq!(answer["ignored"][0]["code"], "other_reference");
}

#[test]
fn nothing_paid_is_a_no() {
    let output = detect(&["--payee", FEE_TO], &file("base-usdc-receipt.json"), b"");
    assert_eq!(code(&output), 1);
    let answer = json_out(&output);
    assert_eq!(answer["balance"], "0");
    assert_eq!(answer["ignored"][2]["code"], "other_payee");
    assert!(
        stderr(&output).contains("no payment of 0xe23a6b02059c2b30 counts"),
        "{}",
        stderr(&output)
    );
    // An empty answer from the node: nothing paid either.
    assert_eq!(code(&detect(&[], "-", b"[]")), 1);
}

#[test]
fn unusable_input_is_exit_2_with_one_line() {
    let receipt = file("base-usdc-receipt.json");
    for (extra, why) in [
        (
            vec!["--payee", "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D8"],
            "--payee",
        ),
        (
            vec!["--fee-address", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"],
            "--fee-address",
        ),
        (vec!["--currency", "USDC-nowhere"], "--currency"),
        (vec!["--currency", "USDC-mainnet"], "--currency"),
        (vec!["--refund-reference", "0x1234"], "--refund-reference"),
    ] {
        let output = detect(&extra, &receipt, b"");
        assert_eq!(code(&output), 2, "{extra:?}");
        let message = stderr(&output);
        assert!(
            message.contains(why) && message.lines().count() == 1,
            "{extra:?}: {message}"
        );
    }
    let bad_reference = securepay(
        &[
            "detect",
            "--network",
            "base",
            "--reference",
            "e23a",
            "--logs",
            &receipt,
        ],
        b"",
        &[],
    );
    assert_eq!(code(&bad_reference), 2);
    let bad_network = securepay(
        &[
            "detect",
            "--network",
            "basechain",
            "--reference",
            "0xe23a6b02059c2b30",
            "--logs",
            &receipt,
        ],
        b"",
        &[],
    );
    assert_eq!(code(&bad_network), 2);
    for body in [
        &b"not json"[..],
        br#"[{"address":"0x00"}]"#,
        br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"header not found"}}"#,
    ] {
        let output = detect(&[], "-", body);
        assert_eq!(code(&output), 2, "{}", String::from_utf8_lossy(body));
        assert!(
            stderr(&output).starts_with("securepay: --logs:"),
            "{}",
            stderr(&output)
        );
    }
    let twice = std::fs::read_to_string(&receipt).unwrap().replacen(
        "\"status\": \"0x1\"",
        "\"status\": \"0x1\", \"status\": \"0x0\"",
        1,
    );
    let output = detect(&[], "-", twice.as_bytes());
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).contains("duplicate field `status`"),
        "{}",
        stderr(&output)
    );
    let missing = detect(&[], "/nonexistent/logs.json", b"");
    assert_eq!(code(&missing), 2);
}

#[test]
fn tron_grid_events_on_tron() {
    let output = securepay(
        &[
            "detect",
            "--network",
            "tron",
            "--reference",
            "0x9c66f86c09fda4eb",
            "--payee",
            "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
            "--currency",
            "USDT-tron",
            "--fee-address",
            "TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs",
            "--logs",
            &file("tron-events.json"),
        ],
        b"",
        &[],
    );
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let answer = json_out(&output);
    assert_eq!(answer["balance"], "25000000");
    assert_eq!(
        answer["payments"][0]["emitter"],
        "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd"
    );
    assert_eq!(
        answer["payments"][0]["token"],
        "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
    );
    assert_eq!(answer["feeBalance"], "1000000");
    // EVM logs are not Tron's.
    let evm = securepay(
        &[
            "detect",
            "--network",
            "tron",
            "--reference",
            "0x9c66f86c09fda4eb",
            "--logs",
            &file("base-usdc-logs.json"),
        ],
        b"",
        &[],
    );
    assert_eq!(code(&evm), 2);
}
