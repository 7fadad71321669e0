//! `securepay webhook verify` and `securepay webhook parse`: raw body on standard input,
//! exit 0 / 1 / 2 as DESIGN.md §4 says.

use crate::common;

use common::cli::{code, json_out, run as securepay};
use serde_json::Value;

fn vectors() -> Vec<Value> {
    common::read_json("vectors/webhook-signatures.json")["vectors"]
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn verify_answers_every_vector_with_its_exit_code() {
    for vector in vectors() {
        let valid = vector["valid"].as_bool().unwrap_or(true);
        let output = securepay(
            &[
                "webhook",
                "verify",
                "--secret",
                common::s(&vector, "secret"),
                "--signature",
                common::s(&vector, "signature"),
            ],
            common::s(&vector, "body").as_bytes(),
            &[],
        );
        assert_eq!(code(&output), if valid { 0 } else { 1 }, "{vector}");
        assert_eq!(json_out(&output)["valid"], valid);
    }
}

#[test]
fn verify_reads_the_secret_from_the_environment() {
    let vector = &vectors()[0];
    let output = securepay(
        &[
            "webhook",
            "verify",
            "--secret-env",
            "SECUREPAY_TEST_WEBHOOK_SECRET",
            "--signature",
            common::s(vector, "signature"),
        ],
        common::s(vector, "body").as_bytes(),
        &[("SECUREPAY_TEST_WEBHOOK_SECRET", common::s(vector, "secret"))],
    );
    assert_eq!(code(&output), 0);
    let unset = securepay(
        &[
            "webhook",
            "verify",
            "--secret-env",
            "SECUREPAY_TEST_UNSET_VARIABLE",
            "--signature",
            "00",
        ],
        b"{}",
        &[],
    );
    assert_eq!(code(&unset), 2);
}

#[test]
fn verify_refuses_unusable_input_with_exit_2_and_one_line() {
    let vector = &vectors()[0];
    let body = common::s(vector, "body").as_bytes();
    let secret = common::s(vector, "secret");
    let signature = common::s(vector, "signature");
    let upper = signature.to_uppercase();
    for (secret, signature, needle) in [
        (secret, "", "empty"),
        (secret, &signature[..10], "10 hex characters"),
        (secret, "zz", "'z'"),
        (secret, upper.as_str(), "lowercase"),
        ("", signature, "secret is empty"),
    ] {
        let output = securepay(
            &[
                "webhook",
                "verify",
                "--secret",
                secret,
                "--signature",
                signature,
            ],
            body,
            &[],
        );
        assert_eq!(code(&output), 2, "{signature:?}");
        assert!(output.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(needle), "{stderr}");
    }
    let missing = securepay(&["webhook", "verify", "--signature", signature], body, &[]);
    assert_eq!(code(&missing), 2);
}

#[test]
fn parse_gives_the_typed_event_of_every_documented_payload() {
    for (file, kind, scope) in [
        ("payment.confirmed", "payment.confirmed", "core"),
        ("payment.partial", "payment.partial", "core"),
        ("payment.processing", "payment.processing", "core"),
        ("compliance.updated", "compliance.updated", "core"),
        ("client_id.linked", "client_id.linked", "core"),
        ("kyt.screening.completed", "kyt.screening.completed", "core"),
    ] {
        let body = std::fs::read(common::data_path(&format!("webhook/{file}.json"))).unwrap();
        let output = securepay(&["webhook", "parse"], &body, &[]);
        assert_eq!(code(&output), 0, "{file}");
        let answer = json_out(&output);
        assert_eq!(answer["known"], true);
        assert_eq!(answer["kind"], kind);
        assert_eq!(answer["scope"], scope);
        assert!(
            answer["businessKey"]
                .as_str()
                .unwrap()
                .starts_with(&format!("[\"{kind}\""))
        );
        assert_eq!(answer["event"]["event"], kind);
    }
    let checkout = br#"{"event":"payment.partial.checkout","requestId":"01ab","txHash":"0x01"}"#;
    let answer = json_out(&securepay(&["webhook", "parse"], checkout, &[]));
    assert_eq!(answer["name"], "payment.partial.checkout");
    assert_eq!(answer["kind"], "payment.partial");
    assert_eq!(answer["scope"], "checkout");
    assert_eq!(answer["requestId"], "01ab");

    let unknown = securepay(
        &["webhook", "parse"],
        br#"{"event":"payout.sent","x":1}"#,
        &[],
    );
    assert_eq!(code(&unknown), 0);
    let answer = json_out(&unknown);
    assert_eq!(answer["known"], false);
    assert_eq!(answer["businessKey"], Value::Null);
    assert_eq!(answer["event"]["x"], 1);
}

#[test]
fn parse_refuses_what_is_not_a_webhook_body_with_exit_2() {
    for body in [
        &b"not json"[..],
        b"[]",
        b"{\"requestId\":\"01\"}",
        b"{\"event\":\"payment.processing\",\"requestId\":\"01\"}",
        b"",
    ] {
        let output = securepay(&["webhook", "parse"], body, &[]);
        assert_eq!(code(&output), 2, "{}", String::from_utf8_lossy(body));
        assert!(output.stdout.is_empty());
        assert!(String::from_utf8_lossy(&output.stderr).contains("not a webhook body"));
    }
}

#[test]
fn parse_verifies_first_when_given_the_secret_and_signature() {
    for vector in vectors() {
        let valid = vector["valid"].as_bool().unwrap_or(true);
        let output = securepay(
            &[
                "webhook",
                "parse",
                "--secret",
                common::s(&vector, "secret"),
                "--signature",
                common::s(&vector, "signature"),
            ],
            common::s(&vector, "body").as_bytes(),
            &[],
        );
        assert_eq!(code(&output), if valid { 0 } else { 1 });
        if valid {
            assert_eq!(json_out(&output)["known"], true);
        } else {
            assert_eq!(json_out(&output)["valid"], false);
        }
    }
    let half = securepay(&["webhook", "parse", "--signature", "00"], b"{}", &[]);
    assert_eq!(code(&half), 2);
}

#[test]
fn verify_says_when_the_body_differs_only_by_a_final_newline() {
    let vector = &vectors()[0];
    let (secret, signature) = (common::s(vector, "secret"), common::s(vector, "signature"));
    let body = common::s(vector, "body");
    let verify = |signature: &str, body: &str| {
        securepay(
            &[
                "webhook",
                "verify",
                "--secret",
                secret,
                "--signature",
                signature,
            ],
            body.as_bytes(),
            &[],
        )
    };
    // `echo "$BODY" | securepay webhook verify …`: one newline added after signing.
    let added = verify(signature, &format!("{body}\n"));
    assert_eq!(code(&added), 1, "still a mismatch");
    let answer = json_out(&added);
    assert_eq!(answer["valid"], false);
    assert_eq!(answer["finalNewline"], "added");
    let stderr = String::from_utf8_lossy(&added.stderr);
    assert!(
        stderr.contains("matches this body without its final newline"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    // The sender signed a body ending with a newline, and it was removed.
    let with_newline = securepay::webhook::sign(secret, format!("{body}\n").as_bytes()).unwrap();
    let removed = verify(&with_newline, body);
    assert_eq!(code(&removed), 1);
    assert_eq!(json_out(&removed)["finalNewline"], "removed");
    // Two newlines added, or another change: a plain mismatch, no hint.
    for other in [format!("{body}\n\n"), format!(" {body}")] {
        let output = verify(signature, &other);
        assert_eq!(code(&output), 1);
        assert!(json_out(&output).get("finalNewline").is_none(), "{other:?}");
    }
    assert_eq!(code(&verify(signature, body)), 0);
}
