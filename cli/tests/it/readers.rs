//! Every input of the command line that is JSON, in one table (issue 34, items 2 and 9): each is
//! given its sample with a key given twice in every object of it (the top level and every
//! nested object) and must refuse it naming the key (exit 2); each is given empty and blank
//! input and must say so in the one wording of every reader (`empty input: expected …`). And
//! the other two of item 9: a stream's error line has one line number, the input's (a place in
//! the line is its column), and every `--network` lists the networks it accepts.

use crate::common;

use std::path::PathBuf;
use std::process::Output;

use common::cli::{code, run, stderr};
use securepay::network::Network;

fn data(relative: &str) -> String {
    std::fs::read_to_string(common::data_path(relative)).unwrap()
}

/// A file holding `text`, a new one at each call (the tests run at once).
fn file(name: &str, text: &str) -> PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let next = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!(
        "securepay-cli-readers-{}-{next}-{name}",
        std::process::id()
    ));
    std::fs::write(&path, text).unwrap();
    path
}

const EXPECTATION: &str = r#"{"network":"base","currency":"USDC-base","payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}],"maxPayerFees":"0.30","maxPayeeFees":"1.25"}"#;
const TRON_EXPECTATION: &str = r#"{"network":"tron","currency":"USDT-tron","payments":[{"payee":"TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE","amount":"5"}]}"#;
const PAYEE: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";

/// One JSON input of one subcommand: its name, a sample it reads (exit 0 or 1), and the run
/// of the subcommand with a text as that input.
struct Input {
    name: &'static str,
    sample: String,
    run: Box<dyn Fn(&str) -> Output>,
}

/// Every JSON input of the command line.
fn inputs() -> Vec<Input> {
    fn input(name: &'static str, sample: String, run: impl Fn(&str) -> Output + 'static) -> Input {
        Input {
            name,
            sample,
            run: Box::new(run),
        }
    }
    let expect = file("expect.json", EXPECTATION);
    let tron_expect = file("tron-expect.json", TRON_EXPECTATION);
    let response = common::data_path("pay/single_erc20_fees.json");
    let tron_response = common::data_path("pay/single_tron.json");
    let snapshot = file(
        "snapshot.json",
        &serde_json::to_string(&securepay::policy::PolicySnapshot::take(None, None, None).unwrap())
            .unwrap(),
    );
    let path = |p: &PathBuf| p.to_str().unwrap().to_owned();
    let (expect, tron_expect, response, tron_response, snapshot) = (
        path(&expect),
        path(&tron_expect),
        path(&response),
        path(&tron_response),
        path(&snapshot),
    );
    let snapshot_file = snapshot.clone();
    vec![
        input("verify --response -", data("pay/single_erc20_fees.json"), move |text| {
            run(&["verify", "--expect", &expect, "--response", "-"], text.as_bytes(), &[])
        }),
        input("verify --expect -", EXPECTATION.to_owned(), move |text| {
            run(&["verify", "--expect", "-", "--response", &response], text.as_bytes(), &[])
        }),
        input("verify --tron-tx -", data("tron/trc20-transfer-tron-docs.json"), move |text| {
            let args = ["verify", "--expect", &tron_expect, "--response", &tron_response, "--tron-tx", "-"];
            run(&args, text.as_bytes(), &[])
        }),
        input("verify --expect FILE", EXPECTATION.to_owned(), move |text| {
            let expect = file("expect-file.json", text);
            let response = common::data_path("pay/single_erc20_fees.json");
            let output = run(&["verify", "--expect", expect.to_str().unwrap(), "--response", response.to_str().unwrap()], b"", &[]);
            std::fs::remove_file(&expect).unwrap();
            output
        }),
        input("detect --logs - (EVM)", data("detect/base-usdc-logs.json"), |text| {
            run(&["detect", "--network", "base", "--reference", "0xe23a6b02059c2b30", "--logs", "-"], text.as_bytes(), &[])
        }),
        input("detect --logs - (Tron)", data("detect/tron-events.json"), |text| {
            run(&["detect", "--network", "tron", "--reference", "0xe23a6b02059c2b30", "--logs", "-"], text.as_bytes(), &[])
        }),
        input(
            "policy resolve",
            r#"{"clientPlan":{"definedBy":"platform","mode":"kyt_all_wallets","screeningProvider":"merklescience"},"payment":{"mode":"inherit","hidePayeeAddress":true},"destination":{"mode":"kyt_all_wallets","screeningProvider":"hypernative","hideUntilApproved":true}}"#.to_owned(),
            |text| run(&["policy", "resolve"], text.as_bytes(), &[]),
        ),
        input("policy gate --policy FILE", std::fs::read_to_string(&snapshot_file).unwrap(), |text| {
            let policy = file("gate-policy.json", text);
            let events = "{\"event\":\"connected\",\"wallet\":\"0x2222222222222222222222222222222222222222\"}\n";
            let output = run(&["policy", "gate", "--policy", policy.to_str().unwrap(), "--payee", PAYEE], events.as_bytes(), &[]);
            std::fs::remove_file(&policy).unwrap();
            output
        }),
        input(
            "policy gate (an event line)",
            r#"{"event":"connected","wallet":"0x2222222222222222222222222222222222222222"}"#.to_owned(),
            move |text| run(&["policy", "gate", "--policy", &snapshot, "--payee", PAYEE], text.as_bytes(), &[]),
        ),
        input(
            "encode (a line)",
            r#"{"kind":"erc20_fee","token":"0x6B175474E89094C44Da98b954EedeAC495271d0F","to":"0xd74f6f6CCbA020e35BDb685821E4d4b25CE67917","amount":"1","reference":"0x356ba00bf5526eb4","feeAmount":"0","feeAddress":"0x0000000000000000000000000000000000000000"}"#.to_owned(),
            |text| run(&["encode", "--raw"], text.as_bytes(), &[]),
        ),
        input("webhook parse", data("webhook/payment.confirmed.json"), |text| {
            run(&["webhook", "parse"], text.as_bytes(), &[])
        }),
        input("webhook parse (another event)", data("webhook/compliance.updated.json"), |text| {
            run(&["webhook", "parse"], text.as_bytes(), &[])
        }),
    ]
}

/// Standard output and standard error, as text.
fn said(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        stderr(output)
    )
}

#[test]
fn every_input_reads_its_sample() {
    for input in inputs() {
        let output = (input.run)(&input.sample);
        assert_ne!(code(&output), 2, "{}: {}", input.name, said(&output));
    }
}

#[test]
fn every_json_input_refuses_a_key_given_twice_and_names_it() {
    let mut accepted = Vec::new();
    let mut checked = 0;
    for input in inputs() {
        // A stream's line is one line: the sample is written on one.
        let sample = if input.name.contains("(a line)") || input.name.contains("(an event line)") {
            serde_json::to_string(
                &serde_json::from_str::<serde_json::Value>(&input.sample).unwrap(),
            )
            .unwrap()
        } else {
            input.sample.clone()
        };
        let variants = common::twice_everywhere(&sample);
        assert!(!variants.is_empty(), "{}", input.name);
        for (key, text) in variants {
            checked += 1;
            let output = (input.run)(&text);
            let said = said(&output);
            if code(&output) != 2 || !said.contains(&format!("duplicate field `{key}`")) {
                accepted.push(format!(
                    "{}: `{key}`: exit {}: {said}",
                    input.name,
                    code(&output)
                ));
            }
        }
    }
    assert!(
        accepted.is_empty(),
        "{} of {checked} keys given twice were not refused by name:\n{}",
        accepted.len(),
        accepted.join("\n")
    );
}

#[test]
fn every_input_says_empty_input_alike() {
    let mut other = Vec::new();
    for input in inputs() {
        for empty in ["", " \n\t\r\n"] {
            let output = (input.run)(empty);
            let said = said(&output);
            if code(&output) != 2
                || !said.contains("empty input: expected ")
                || said.contains("EOF")
            {
                other.push(format!(
                    "{}: {empty:?}: exit {}: {said}",
                    input.name,
                    code(&output)
                ));
            }
        }
    }
    // `decode -` reads calldata, not JSON: its empty input is worded alike.
    let to = "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814";
    let output = run(
        &["decode", "--network", "base", "--to", to, "-"],
        b" \n",
        &[],
    );
    assert_eq!(code(&output), 2);
    assert_eq!(
        stderr(&output).trim_end(),
        "securepay: data: empty input: expected calldata (0x and an even number of hex digits)"
    );
    assert!(other.is_empty(), "{}", other.join("\n"));
}

#[test]
fn the_same_empty_input_reads_the_same_in_verify_and_detect() {
    let expect = file("same-expect.json", EXPECTATION);
    let verify = run(
        &[
            "verify",
            "--expect",
            expect.to_str().unwrap(),
            "--response",
            "-",
        ],
        b"",
        &[],
    );
    let detect = run(
        &[
            "detect",
            "--network",
            "base",
            "--reference",
            "0xe23a6b02059c2b30",
            "--logs",
            "-",
        ],
        b"",
        &[],
    );
    assert_eq!(
        stderr(&verify).trim_end(),
        "securepay: --response: empty input: expected a pay response (a JSON object)"
    );
    assert_eq!(
        stderr(&detect).trim_end(),
        "securepay: --logs: empty input: expected chain JSON (an array of logs or receipts, or its JSON-RPC answer)"
    );
}

#[test]
fn a_stream_error_line_has_one_line_number_the_inputs() {
    let output = run(&["encode"], b"\n\n{x}\n{\"kind\": }\n", &[]);
    assert_eq!(code(&output), 2);
    let lines: Vec<serde_json::Value> = common::cli::json_lines(&output);
    assert_eq!(
        lines,
        [
            serde_json::json!({"line": 3, "error": "key must be a string at column 2"}),
            serde_json::json!({"line": 4, "error": "expected value at column 10"}),
        ]
    );
    let snapshot = file(
        "stream-snapshot.json",
        &serde_json::to_string(&securepay::policy::PolicySnapshot::take(None, None, None).unwrap())
            .unwrap(),
    );
    let gate = run(
        &["policy", "gate", "--policy", snapshot.to_str().unwrap(), "--payee", PAYEE],
        b"{\"event\":\"connected\",\"wallet\":\"0x2222222222222222222222222222222222222222\"}\n{\"event\" \"x\"}\n",
        &[],
    );
    let last = common::cli::json_lines(&gate).pop().unwrap();
    assert_eq!(last["line"], 2);
    let error = last["error"].as_str().unwrap();
    assert!(!error.contains(" line "), "{error}");
    assert!(error.ends_with(" at column 10"), "{error}");
}

#[test]
fn every_network_flag_lists_the_networks_of_the_library() {
    let names: Vec<String> = Network::ALL
        .iter()
        .map(|n| n.id().to_owned())
        .chain(
            Network::ALL
                .iter()
                .filter_map(|n| n.query_name())
                .map(str::to_ascii_lowercase),
        )
        .collect();
    for args in [
        &["address", "--help"][..],
        &["currencies", "--help"],
        &["routes", "--help"],
        &["decode", "--help"],
        &["detect", "--help"],
    ] {
        let output = run(args, b"", &[]);
        assert_eq!(code(&output), 0, "{args:?}");
        let help = String::from_utf8_lossy(&output.stdout);
        let network = help
            .split("  --network <NETWORK>")
            .nth(1)
            .unwrap_or_else(|| panic!("{args:?}: no --network: {help}"));
        let network = network.split("\n  -").next().unwrap();
        for name in &names {
            assert!(
                network.contains(&format!(" {name}")),
                "{args:?} does not list {name}: {network}"
            );
        }
        // Every name it lists is accepted.
        for name in &names {
            assert!(Network::from_name(name).is_ok(), "{name}");
        }
    }
}
