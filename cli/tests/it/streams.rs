//! The streaming commands (`encode`, `policy gate`): an error line names its input line, a
//! blank line is skipped, and an input with no line to answer is unusable (exit 2).

use crate::common;

use common::cli::{code, json_lines, run, stderr};
use serde_json::json;

const EIP55: &str = r#"{"kind":"eip55","address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"}"#;

#[test]
fn an_error_line_names_its_input_line_and_blank_lines_are_skipped() {
    // Lines 1 to 7: an answer, blank, blank (CRLF), spaces, an error, a tab, an answer with no
    // final newline, then an error on line 8.
    let input = format!("{EIP55}\n\n\r\n   \nnot json\n\t\n{EIP55}\n{{\"kind\":\"nope\"}}");
    let output = run(&["encode"], input.as_bytes(), &[]);
    assert_eq!(code(&output), 2, "{}", stderr(&output));
    let lines = json_lines(&output);
    assert_eq!(
        lines.len(),
        4,
        "one answer per line that is not blank: {lines:?}"
    );
    assert_eq!(
        lines[0]["result"],
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
    );
    assert_eq!(lines[1]["line"], 5);
    assert!(lines[1]["error"].is_string());
    assert_eq!(lines[2], lines[0]);
    assert_eq!(lines[3]["line"], 8);
    assert!(
        lines[3]["error"]
            .as_str()
            .unwrap()
            .starts_with("unknown variant `nope`")
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.lines()
            .nth(1)
            .unwrap()
            .starts_with("{\"line\":5,\"error\":"),
        "the line first: {text}"
    );
}

#[test]
fn an_input_with_no_line_to_answer_is_unusable() {
    for input in ["", "\n", " \r\n\t\n"] {
        let output = run(&["encode"], input.as_bytes(), &[]);
        assert_eq!(code(&output), 2, "{input:?}");
        assert!(output.stdout.is_empty());
        let err = stderr(&output);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("standard input: empty input: expected "),
            "{err}"
        );
        assert!(err.contains("one JSON call description per line"), "{err}");
    }
    let one = run(&["encode"], format!("\n{EIP55}\n\n").as_bytes(), &[]);
    assert_eq!(code(&one), 0, "{}", stderr(&one));
}

#[test]
fn policy_gate_names_lines_skips_blank_ones_and_refuses_an_empty_input() {
    let dir = std::env::temp_dir().join(format!("securepay-streams-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let resolve = run(
        &["policy", "resolve"],
        json!({"payment": {"mode": "kyt_all_wallets", "screeningProvider": "hypernative"}})
            .to_string()
            .as_bytes(),
        &[],
    );
    assert_eq!(code(&resolve), 0, "{}", stderr(&resolve));
    let policy = dir.join("policy.json");
    std::fs::write(&policy, &resolve.stdout).unwrap();
    let gate = |input: &str| {
        run(
            &[
                "policy",
                "gate",
                "--policy",
                policy.to_str().unwrap(),
                "--payee",
                "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
            ],
            input.as_bytes(),
            &[],
        )
    };
    let connected =
        json!({"event": "connected", "wallet": "0xf17f52151EbEF6C7334FAD080c5704D77216b732"});
    let output = gate(&format!("\n{connected}\n\nnot json\n"));
    assert_eq!(code(&output), 2);
    let lines = json_lines(&output);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["state"]["status"], "screening");
    assert_eq!(lines[1]["line"], 4);
    let empty = gate("");
    assert_eq!(code(&empty), 2);
    assert!(stderr(&empty).contains("one JSON gate event per line"));
    std::fs::remove_dir_all(&dir).unwrap();
}
