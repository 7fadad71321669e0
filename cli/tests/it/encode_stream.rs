//! `securepay encode` as a stream: input read in large chunks whose ends fall anywhere, answers
//! in the order of the lines, each the one the library gives for its line alone; lines that
//! are not UTF-8, lines longer than a read, a `kind` that is not the first key, repeated
//! address texts (remembered between lines) and a line typed by hand.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use securepay::calldata::spec::CallSpec;
use serde_json::{Value, json};

/// Runs `securepay encode --raw` (the ABI layer: every vector encodes) on `input`, writing it
/// from another thread (the answers are larger than a pipe holds); the exit code and the
/// output lines.
fn encode(input: Vec<u8>) -> (i32, Vec<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_securepay"))
        .args(["encode", "--raw"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input).unwrap());
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    let text = String::from_utf8(output.stdout).unwrap();
    (
        output.status.code().unwrap(),
        text.lines().map(str::to_owned).collect(),
    )
}

/// The answer line the library gives for `line` alone.
fn library_answer(line: &str) -> String {
    match CallSpec::from_str(line).and_then(|spec| spec.answer()) {
        Ok(answer) => serde_json::to_string(&answer).unwrap(),
        Err(error) => json!({ "error": error.to_string() }).to_string(),
    }
}

/// The answer line of `encode --raw` for `line`, line `number` of its input: the library's
/// answer, or the error naming the line.
fn stream_answer(number: usize, line: &str) -> String {
    match CallSpec::from_str(line).and_then(|spec| spec.answer()) {
        Ok(answer) => serde_json::to_string(&answer).unwrap(),
        // The place in the line is its column: the line number is the input's.
        Err(error) => format!(
            "{{\"line\":{number},\"error\":{}}}",
            Value::from(
                error
                    .to_string()
                    .replace(" at line 1 column ", " at column ")
            )
        ),
    }
}

/// The object `input` with its `kind` member moved last, `gap` around every `:` and `,`.
fn kind_last(input: &Value, gap: &str) -> String {
    let Value::Object(fields) = input else {
        panic!("an object")
    };
    let members: Vec<String> = fields
        .iter()
        .filter(|(key, _)| *key != "kind")
        .chain(fields.get_key_value("kind"))
        .map(|(key, value)| format!("{}{gap}:{gap}{value}", Value::from(key.as_str())))
        .collect();
    format!("{{{gap}{}{gap}}}", members.join(&format!("{gap},{gap}")))
}

/// Every vector input, also with a network where one applies, and with `kind` moved last.
fn description_lines() -> Vec<String> {
    let mut lines = Vec::new();
    for vector in common::abi_vectors() {
        let input = &vector["input"];
        lines.push(input.to_string());
        let Value::Object(fields) = input else {
            panic!("an object")
        };
        lines.push(kind_last(input, ""));
        let mut with_network = fields.clone();
        with_network.insert("network".into(), json!("base"));
        lines.push(Value::Object(with_network).to_string());
    }
    lines
}

#[test]
fn answers_follow_the_lines_across_reads_and_equal_the_library_line_by_line() {
    let lines = description_lines();
    // Enough lines that the input spans many reads, and their ends fall inside lines.
    let mut input = String::new();
    let mut expected = Vec::new();
    for round in 0..40 {
        for line in &lines {
            // CRLF on some rounds: the carriage return is not part of the line.
            let end = if round % 3 == 0 { "\r\n" } else { "\n" };
            input.push_str(line);
            input.push_str(end);
            expected.push(stream_answer(expected.len() + 1, line));
        }
    }
    assert!(input.len() > 1 << 20, "several reads: {}", input.len());
    let (code, answers) = encode(input.into_bytes());
    assert_eq!(answers.len(), expected.len());
    for (i, (answer, expected)) in answers.iter().zip(&expected).enumerate() {
        assert_eq!(answer, expected, "line {i}");
    }
    assert_eq!(code, 2, "the vectors include lines that must fail");
}

#[test]
fn kind_may_come_anywhere_and_a_key_given_twice_is_refused_either_way() {
    let eip55 = r#"{"kind":"eip55","address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"}"#;
    let kind_last = r#"{"address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed","kind":"eip55"}"#;
    assert_eq!(library_answer(eip55), library_answer(kind_last));
    assert!(library_answer(eip55).contains("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"));
    for (line, twice) in [
        (
            r#"{"kind":"eip55","address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed","kind":"eip55"}"#,
            "kind",
        ),
        (
            r#"{"address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed","kind":"eip55","kind":"eip55"}"#,
            "kind",
        ),
        (
            r#"{"address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed","address":"x","kind":"eip55"}"#,
            "address",
        ),
        (
            r#"{"kind":"eip55","address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed","address":"x"}"#,
            "address",
        ),
    ] {
        let answer = library_answer(line);
        assert!(
            answer.contains(&format!("duplicate field `{twice}`")),
            "{line}: {answer}"
        );
    }
    let missing = library_answer(r#"{"address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"}"#);
    assert!(missing.contains("missing field `kind`"), "{missing}");
    let not_text = library_answer(r#"{"kind":5}"#);
    assert!(not_text.contains("error"), "{not_text}");
    let escaped = r#"{"kind":"eip55","address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1be\u0061ed"}"#;
    assert_eq!(
        library_answer(escaped),
        library_answer(eip55),
        "escapes are read"
    );
}

#[test]
fn a_remembered_address_text_is_not_another_text() {
    let good = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
    let wrong_case = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".replace("fCD6", "FCD6");
    let line = |token: &str, network: Option<&str>| {
        let mut call = json!({"kind": "erc20_approve", "spender": token, "amount": "1"});
        if let Some(network) = network {
            call["network"] = json!(network);
            call["token"] = json!(good);
        }
        call.to_string()
    };
    let lines = [
        line(good, None),
        line(&wrong_case, None),
        line(good, None),
        line(good, Some("base")),
        line(good, Some("tron")),
        line(&wrong_case, None),
    ];
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let (code, answers) = encode(input.into_bytes());
    assert_eq!(code, 2);
    assert!(answers[0].contains("\"data\""), "{}", answers[0]);
    assert!(
        answers[1].contains("spender"),
        "a wrong checksum: {}",
        answers[1]
    );
    assert_eq!(answers[2], answers[0]);
    assert!(answers[3].contains("\"to\""), "{}", answers[3]);
    assert!(
        answers[4].contains("error"),
        "an EVM text is not a Tron address: {}",
        answers[4]
    );
    let error = |answer: &str| serde_json::from_str::<Value>(answer).unwrap()["error"].clone();
    assert_eq!(error(&answers[5]), error(&answers[1]));
    for (number, (line, answer)) in (1..).zip(lines.iter().zip(&answers)) {
        assert_eq!(*answer, stream_answer(number, line));
    }
}

#[test]
fn a_line_longer_than_a_read_and_a_line_that_is_not_utf8_are_answered() {
    let payee = json!({"to": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "amount": "1",
        "reference": "0xe23a6b02059c2b30", "feeAmount": "0"});
    let batch =
        json!({"kind": "batch_erc20", "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        "payees": vec![payee; 1500], "feeAddress": "0x9795d480C2C50392A4714A0F468059C6448DeCe2"})
        .to_string();
    assert!(batch.len() > 1 << 17);
    let eip55 = r#"{"kind":"eip55","address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"}"#;
    let mut input = Vec::new();
    input.extend_from_slice(batch.as_bytes());
    input.push(b'\n');
    input.extend_from_slice(b"{\"kind\":\"eip55\",\"address\":\"\xff\"}\n");
    input.extend_from_slice(eip55.as_bytes()); // the last line has no newline
    let (code, answers) = encode(input);
    assert_eq!(answers.len(), 3);
    assert_eq!(answers[0], library_answer(&batch));
    assert!(answers[0].starts_with("{\"data\":\"0x"));
    let not_text: Value = serde_json::from_str(&answers[1]).unwrap();
    assert!(
        not_text["error"].as_str().unwrap().contains("not UTF-8"),
        "{not_text}"
    );
    assert_eq!(answers[2], library_answer(eip55));
    assert_eq!(code, 2);
}

#[test]
fn a_line_typed_by_hand_is_answered_before_the_input_ends() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_securepay"))
        .arg("encode")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let eip55 = r#"{"kind":"eip55","address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"}"#;
    stdin.write_all(format!("{eip55}\n").as_bytes()).unwrap();
    stdin.flush().unwrap();
    let (sender, receiver) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        sender.send(line).unwrap();
        let mut rest = String::new();
        stdout.read_to_string(&mut rest).unwrap();
        rest
    });
    let first = receiver.recv_timeout(Duration::from_secs(20));
    drop(stdin); // end the input either way, so that the command ends
    let rest = reader.join().unwrap();
    assert!(child.wait().unwrap().success());
    let first = first.expect("the answer comes while the input is still open");
    assert_eq!(first.trim_end(), library_answer(eip55));
    assert_eq!(rest, "");
}

/// A description gives the same answer wherever its `kind` is: every vector input with `kind`
/// moved last (the object rewritten with `kind` first), with spaces between its tokens, and
/// inside a whole vector line; an error says the same, located at the object's end.
#[test]
fn kind_last_answers_as_kind_first_for_every_vector() {
    let unlocated = |answer: String| match answer.find(" at line ") {
        Some(at) => answer.get(..at).unwrap().to_owned(),
        None => answer,
    };
    for vector in common::abi_vectors() {
        let first = vector["input"].to_string();
        let last = kind_last(&vector["input"], " ");
        let expected = library_answer(&first);
        let got = library_answer(&last);
        match expected.contains("\"error\"") {
            false => assert_eq!(got, expected, "{last}"),
            true => {
                assert_eq!(
                    unlocated(got.clone()),
                    unlocated(expected.clone()),
                    "{last}"
                );
                if got.contains(" at line ") {
                    let column = last.len();
                    assert!(
                        got.contains(&format!(" at line 1 column {column}\"")),
                        "{got}"
                    );
                }
            }
        }
        let line = json!({"id": vector["id"], "input": "INPUT"})
            .to_string()
            .replace("\"INPUT\"", &last);
        assert_eq!(library_answer(&line), got, "{line}");
    }
}
