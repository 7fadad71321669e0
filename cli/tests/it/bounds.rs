//! Every input is read with a bound: a file or standard input above it is refused with exit 2
//! and a one-line reason, after reading at most one byte more (a file that says its size is
//! refused unread); a stream's line above it is answered with an error line and the stream goes
//! on.

use crate::common;

use std::path::PathBuf;
use std::process::Output;

use common::cli::{code, json_lines, stderr};
use securepay::pay::MAX_RESPONSE_BYTES;
use securepay::tron::MAX_TRANSACTION_BYTES;
use securepay::verify::MAX_EXPECTATION_BYTES;

fn securepay(args: &[&str], stdin: &[u8]) -> Output {
    common::cli::run(args, stdin, &[])
}

/// A directory of this test's own.
fn dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("securepay-cli-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A file of `len` bytes: `text`, then spaces (JSON white space).
fn file(dir: &std::path::Path, name: &str, text: &str, len: usize) -> String {
    let mut bytes = text.as_bytes().to_vec();
    assert!(bytes.len() <= len);
    bytes.resize(len, b' ');
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_owned()
}

/// Exit 2 and exactly `reason` on standard error, nothing on standard output.
fn refused(output: &Output, reason: &str) {
    assert_eq!(code(output), 2, "{}", stderr(output));
    assert_eq!(stderr(output), format!("securepay: {reason}\n"));
    assert!(output.stdout.is_empty());
}

const EXPECTATION: &str = r#"{"network":"base","currency":"USDC-base","payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}],"maxPayerFees":"0.30","maxPayeeFees":"1.25"}"#;

fn response() -> String {
    std::fs::read_to_string(common::data_path("pay/single_erc20_fees.json")).unwrap()
}

#[test]
fn verify_reads_a_response_of_at_most_the_cap_from_a_file_or_standard_input() {
    let dir = dir("bounds-response");
    let expect = file(&dir, "expect.json", EXPECTATION, EXPECTATION.len());
    // At the cap: read and verified.
    let at_cap = file(&dir, "at-cap.json", &response(), MAX_RESPONSE_BYTES);
    let output = securepay(&["verify", "--expect", &expect, "--response", &at_cap], b"");
    assert_eq!(code(&output), 0, "{}", stderr(&output));
    let mut body = response().into_bytes();
    body.resize(MAX_RESPONSE_BYTES, b' ');
    let output = securepay(&["verify", "--expect", &expect, "--response", "-"], &body);
    assert_eq!(code(&output), 0, "{}", stderr(&output));

    // A 26 MB file (the issue's): refused by its size, unread.
    let huge = dir.join("huge.json");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(26_000_000)
        .unwrap();
    let huge = huge.to_str().unwrap();
    let output = securepay(&["verify", "--expect", &expect, "--response", huge], b"");
    refused(
        &output,
        &format!(
            "--response: {huge} is 26000000 bytes, above the 8388608 bytes a pay response may have"
        ),
    );
    // One byte above the cap on standard input: refused after reading 8 MiB and one byte.
    body.push(b' ');
    let output = securepay(&["verify", "--expect", &expect, "--response", "-"], &body);
    refused(
        &output,
        "--response: standard input is more than 8388608 bytes, the most a pay response may have",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn verify_reads_an_expectation_and_a_tron_transaction_of_at_most_their_caps() {
    let dir = dir("bounds-inputs");
    let response = file(&dir, "response.json", &response(), response().len());
    let expect = file(&dir, "expect.json", EXPECTATION, MAX_EXPECTATION_BYTES + 1);
    let output = securepay(
        &["verify", "--expect", &expect, "--response", &response],
        b"",
    );
    refused(
        &output,
        &format!(
            "--expect: {expect} is 1048577 bytes, above the 1048576 bytes an expectation may have"
        ),
    );
    let mut stdin = EXPECTATION.as_bytes().to_vec();
    stdin.resize(MAX_EXPECTATION_BYTES + 1, b' ');
    let output = securepay(
        &["verify", "--expect", "-", "--response", &response],
        &stdin,
    );
    refused(
        &output,
        "--expect: standard input is more than 1048576 bytes, the most an expectation may have",
    );
    // At the cap, the expectation is read.
    stdin.pop();
    let output = securepay(
        &["verify", "--expect", "-", "--response", &response],
        &stdin,
    );
    assert_eq!(code(&output), 0, "{}", stderr(&output));

    let expect = file(&dir, "agreed.json", EXPECTATION, EXPECTATION.len());
    let tx = file(&dir, "tx.json", "{}", MAX_TRANSACTION_BYTES + 1);
    let args = [
        "verify",
        "--expect",
        &expect,
        "--response",
        &response,
        "--tron-tx",
    ];
    let output = securepay(&[&args[..], &[tx.as_str()]].concat(), b"");
    refused(
        &output,
        &format!(
            "--tron-tx: {tx} is 262145 bytes, above the 262144 bytes a Tron transaction may have"
        ),
    );
    let output = securepay(
        &[&args[..], &["-"]].concat(),
        &vec![b' '; MAX_TRANSACTION_BYTES + 1],
    );
    refused(
        &output,
        "--tron-tx: standard input is more than 262144 bytes, the most a Tron transaction may have",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn decode_webhook_and_policy_read_standard_input_of_at_most_the_cap() {
    let above = vec![b' '; MAX_RESPONSE_BYTES + 1];
    let proxy = "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814";
    let output = securepay(&["decode", "--network", "base", "--to", proxy, "-"], &above);
    refused(
        &output,
        "data: standard input is more than 8388608 bytes, the most calldata text may have",
    );
    for args in [
        &["webhook", "parse"][..],
        &[
            "webhook",
            "verify",
            "--secret",
            "s",
            "--signature",
            &"0".repeat(64),
        ],
    ] {
        let output = securepay(args, &above);
        refused(
            &output,
            "standard input is more than 8388608 bytes, the most a webhook body may have",
        );
    }
    let output = securepay(&["policy", "resolve"], &above);
    refused(
        &output,
        "standard input is more than 8388608 bytes, the most policy resolve reads",
    );
    // Under the cap, a part that is not what it should be is refused without building a tree
    // of the whole input.
    let objects = vec![r#"{"a":0}"#; 100_000].join(",");
    let output = securepay(
        &["policy", "resolve"],
        format!(r#"{{"clientPlan":[{objects}]}}"#).as_bytes(),
    );
    assert_eq!(code(&output), 2);
    assert!(
        stderr(&output).starts_with("securepay: clientPlan: "),
        "{}",
        stderr(&output)
    );

    let dir = dir("bounds-policy");
    let policy = file(&dir, "policy.json", "{}", MAX_RESPONSE_BYTES + 1);
    let output = securepay(
        &[
            "policy",
            "gate",
            "--policy",
            &policy,
            "--payee",
            "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
        ],
        b"",
    );
    refused(
        &output,
        &format!(
            "--policy {policy} is more than 8388608 bytes, the most a policy snapshot may have"
        ),
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_line_above_the_cap_is_answered_with_an_error_and_the_stream_goes_on() {
    let good = r#"{"kind":"payment_reference","requestId":"01847474747474","salt":"8d03ea7","address":"0x000001"}"#;
    let mut input = format!("{good}\n").into_bytes();
    input.extend(std::iter::repeat_n(b' ', 2 * MAX_RESPONSE_BYTES + 5));
    input.extend(format!("\n{good}\n{}", " ".repeat(MAX_RESPONSE_BYTES + 1)).as_bytes());
    let output = securepay(&["encode"], &input);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    let lines = json_lines(&output);
    let error = "the line is more than 8388608 bytes, the most a line may have";
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[0], lines[2]);
    assert_eq!(lines[0]["result"], "a0098add01acc736");
    // The long line in the middle, and the last one (no newline, ended by the input's end).
    assert_eq!(lines[1], serde_json::json!({ "line": 2, "error": error }));
    assert_eq!(lines[3], serde_json::json!({ "line": 4, "error": error }));
}
