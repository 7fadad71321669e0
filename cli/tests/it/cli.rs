//! The `securepay` command on good and bad input: JSON out, exit codes 0/1/2, no panics.

use crate::common;

use std::process::Output;

use common::cli::{code, json_lines, json_out};

fn securepay(args: &[&str], stdin: &str) -> Output {
    common::cli::run(args, stdin.as_bytes(), &[])
}

#[test]
fn address_gives_canonical_forms() {
    let evm = securepay(
        &["address", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"],
        "",
    );
    assert_eq!(code(&evm), 0);
    let answer = json_out(&evm);
    assert_eq!(answer["kind"], "evm");
    assert_eq!(answer["evm"], "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    assert_eq!(answer["abi"], "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed");

    let tron = securepay(
        &[
            "address",
            "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
            "--network",
            "tron",
        ],
        "",
    );
    assert_eq!(code(&tron), 0);
    let answer = json_out(&tron);
    assert_eq!(answer["tron"], "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    assert_eq!(answer["hex"], "41a614f803b6fd780986a42c78ec9c7f77e6ded13c");
    assert_eq!(answer["abi"], "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c");
    assert_eq!(answer["network"], "tron");

    let hex = securepay(
        &["address", "41a614f803b6fd780986a42c78ec9c7f77e6ded13c"],
        "",
    );
    assert_eq!(json_out(&hex)["tron"], "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
}

#[test]
fn address_rejects_bad_input_with_exit_2_and_one_line() {
    for args in [
        vec!["address", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"],
        vec![
            "address",
            "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
            "--network",
            "base",
        ],
        vec![
            "address",
            "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
            "--network",
            "tron",
        ],
        vec![
            "address",
            "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
            "--network",
            "nile",
        ],
        vec!["address", ""],
        vec!["address"],
    ] {
        let output = securepay(&args, "");
        assert_eq!(code(&output), 2, "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.trim().is_empty(), "{args:?}");
    }
}

#[test]
fn interop_checks_names_binaries_and_destination_ids() {
    let vectors = common::read_json("vectors/interop-addresses.json");
    for vector in vectors["valid"].as_array().unwrap().iter().chain(
        vectors["computedForServiceDocAddresses"]
            .as_array()
            .unwrap(),
    ) {
        if vector["chainType"] == "solana" {
            let output = securepay(&["interop", common::s(vector, "name")], "");
            assert_eq!(code(&output), 2);
            assert!(String::from_utf8_lossy(&output.stderr).contains("solana"));
            continue;
        }
        for input in [common::s(vector, "name"), common::s(vector, "binary")] {
            let output = securepay(&["interop", input], "");
            assert_eq!(code(&output), 0, "{input}");
            let answer = json_out(&output);
            assert_eq!(answer["name"], common::s(vector, "name"));
            assert_eq!(answer["binary"], common::s(vector, "binary"));
        }
    }
    for vector in vectors["mustReject"].as_array().unwrap() {
        let output = securepay(&["interop", common::s(vector, "name")], "");
        assert_ne!(code(&output), 0, "{}", vector["name"]);
    }
    let mismatch = securepay(
        &[
            "interop",
            "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#ABCD1234",
        ],
        "",
    );
    // A wrong checksum is text that does not parse: exit 2, one line naming both checksums.
    assert_eq!(code(&mismatch), 2);
    assert!(mismatch.stdout.is_empty());
    let error = common::cli::stderr(&mismatch);
    assert_eq!(error.lines().count(), 1);
    assert!(
        error.contains("ABCD1234") && error.contains("89CDCBED"),
        "{error}"
    );

    let tron = securepay(
        &[
            "interop",
            "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8@eip155:728126428#5F89A3B2:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        ],
        "",
    );
    assert_eq!(code(&tron), 0);
    let answer = json_out(&tron);
    assert_eq!(answer["checksumStatus"], "not-verifiable");
    assert_eq!(answer["token"], "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    assert_eq!(answer["network"], "tron");
}

#[test]
fn amount_converts_both_ways_and_rejects_malformed_text() {
    assert_eq!(
        json_out(&securepay(&["amount", "10.50", "--decimals", "6"], ""))["units"],
        "10500000"
    );
    assert_eq!(
        json_out(&securepay(
            &["amount", "10500000", "--decimals", "6", "--to-human"],
            ""
        ))["human"],
        "10.5"
    );
    assert_eq!(
        json_out(&securepay(&["amount", "1", "--currency", "USDC-bsc"], ""))["units"],
        "1000000000000000000"
    );
    for bad in ["1e6", "-1", ".5", "1.0000001", "1,5", "0x10"] {
        let output = securepay(&["amount", bad, "--decimals", "6"], "");
        assert_eq!(code(&output), 2, "{bad}");
    }
    assert_eq!(
        code(&securepay(&["amount", "1", "--decimals", "78"], "")),
        2
    );
}

#[test]
fn currencies_and_routes_answer_in_the_api_shapes() {
    let list = json_out(&securepay(&["currencies", "--network", "tron"], ""));
    assert_eq!(list.as_array().unwrap().len(), 2);
    let one = securepay(
        &[
            "currencies",
            "--network",
            "bsc",
            "--symbol",
            "USDC",
            "--first-only",
        ],
        "",
    );
    let one = json_out(&one);
    assert_eq!(one["decimals"], 18);
    assert_eq!(one["chainId"], 56);
    let by_id = json_out(&securepay(&["currencies", "--id", "ETH-base-base"], ""));
    assert_eq!(by_id["type"], "ETH");
    let missing = securepay(&["currencies", "--id", "NOPE-base"], "");
    assert_eq!(code(&missing), 1);
    assert_eq!(json_out(&missing)["statusCode"], 404);
    assert_eq!(
        code(&securepay(
            &["currencies", "--symbol", "USDC", "--first-only"],
            ""
        )),
        2
    );
    let routes = json_out(&securepay(&["routes", "USD", "--network", "base"], ""));
    assert_eq!(routes["currencyId"], "USD");
    assert_eq!(routes["network"], "base");
    assert_eq!(routes["conversionRoutes"].as_array().unwrap().len(), 3);
    assert_eq!(code(&securepay(&["routes", "CHF"], "")), 2);
}

#[test]
fn encode_raw_answers_every_vector_line_in_order_byte_for_byte() {
    let lines = common::abi_vectors();
    let input: String = lines.iter().map(|v| format!("{}\n", v["input"])).collect();
    let output = securepay(&["encode", "--raw"], &input);
    let answers = json_lines(&output);
    assert_eq!(answers.len(), lines.len());
    let mut errors = 0;
    for (vector, answer) in lines.iter().zip(&answers) {
        let kind = vector["input"]["kind"].as_str().unwrap();
        match vector.get("expected") {
            Some(expected) if matches!(kind, "payment_reference" | "tron_address" | "eip55") => {
                assert_eq!(&answer["result"], expected, "{}", vector["id"])
            }
            Some(expected) => {
                assert_eq!(&answer["data"], expected, "{}", vector["id"]);
                assert!(
                    answer.get("to").is_none() && answer.get("value").is_none(),
                    "no network, no to/value"
                );
            }
            None => {
                errors += 1;
                assert_eq!(
                    answer["error"], vector["expected_error"],
                    "{}",
                    vector["id"]
                );
                let number = 1 + lines.iter().position(|v| v["id"] == vector["id"]).unwrap();
                assert_eq!(answer["line"], number, "an error names its input line");
            }
        }
    }
    assert_eq!(errors, 6);
    assert_eq!(
        code(&output),
        2,
        "a failed line makes the stream exit 2 at the end"
    );
    let whole_lines: String = lines
        .iter()
        .filter(|v| v.get("expected").is_some())
        .map(|v| format!("{v}\n"))
        .collect();
    let output = securepay(&["encode", "--raw"], &whole_lines);
    assert_eq!(
        code(&output),
        0,
        "whole vector lines are read through their input"
    );
}

#[test]
fn encode_with_a_network_adds_to_and_value() {
    let input = concat!(
        r#"{"kind":"eth_fee","network":"sepolia","to":"0x29eAb540117632a112eA29bA8BE686a1B66467A7","reference":"0xe23a6b02059c2b30","feeAmount":"0","feeAddress":"0x000000000000000000000000000000000000dEaD","amount":"200000000000000000"}"#,
        "\n",
        r#"{"kind":"erc20_approve","network":"base","token":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913","spender":"0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814","amount":"10500000"}"#,
        "\n",
        r#"{"kind":"erc20_fee","network":"tron","token":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","to":"TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE","amount":"1000000","reference":"0x1a2b3c4d5e6f7081","feeAmount":"0","feeAddress":"TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs"}"#,
        "\n",
        r#"{"kind":"batch_eth","network":"tron","payees":[],"feeAddress":"TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs"}"#,
        "\n"
    );
    let output = securepay(&["encode"], input);
    let answers = json_lines(&output);
    assert_eq!(
        answers[0]["to"],
        "0xe11BF2fDA23bF0A98365e1A4c04A87C9339e8687"
    );
    assert_eq!(answers[0]["value"], "200000000000000000");
    assert_eq!(
        answers[0]["data"],
        "0xb868980b00000000000000000000000029eab540117632a112ea29ba8be686a1b66467a700000000000000000000000000000000000000000000000000000000000000800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000dead0000000000000000000000000000000000000000000000000000000000000008e23a6b02059c2b30000000000000000000000000000000000000000000000000",
        "the service's own sepolia payout calldata"
    );
    assert_eq!(
        answers[1]["to"],
        "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
    );
    assert_eq!(answers[1]["value"], "0");
    assert_eq!(answers[2]["to"], "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd");
    assert_eq!(
        answers[3]["error"],
        "Batch payments are not supported for TRON networks. Please submit individual payment requests."
    );
    assert_eq!(code(&output), 2);
}

#[test]
fn decode_names_the_call_or_exits_1_with_the_reason() {
    let vector = common::abi_vectors()
        .into_iter()
        .find(|v| v["id"] == "erc20_fee_12")
        .unwrap();
    let data = vector["expected"].as_str().unwrap();
    let proxy = "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C";
    let output = securepay(&["decode", "--network", "mainnet", "--to", proxy, data], "");
    assert_eq!(code(&output), 0);
    let answer = json_out(&output);
    assert_eq!(answer["contract"], "ERC20FeeProxy");
    assert_eq!(answer["function"], "transferFromWithReferenceAndFee");
    assert_eq!(
        answer["args"]["_to"],
        "0xf17f52151EbEF6C7334FAD080c5704D77216b732"
    );
    assert_eq!(answer["args"]["_amount"], "100");
    assert_eq!(answer["args"]["_feeAmount"], "2");
    let on_sepolia = securepay(&["decode", "--network", "sepolia", "--to", proxy, data], "");
    assert_eq!(
        code(&on_sepolia),
        1,
        "the same address is the FAU token on sepolia"
    );
    let trailing = format!("{data}{}", "00".repeat(32));
    let output = securepay(
        &["decode", "--network", "mainnet", "--to", proxy, &trailing],
        "",
    );
    assert_eq!(code(&output), 1);
    assert!(
        json_out(&output)["error"]
            .as_str()
            .unwrap()
            .contains("unexpected byte")
    );
    assert_eq!(
        code(&securepay(
            &["decode", "--network", "mainnet", "--to", proxy, "0xzz"],
            ""
        )),
        2
    );
    assert_eq!(
        code(&securepay(
            &["decode", "--network", "nile", "--to", proxy, data],
            ""
        )),
        2
    );
}

#[test]
fn reference_derives_the_payment_reference() {
    let output = securepay(
        &[
            "reference",
            "--request-id",
            "abcd",
            "--salt",
            "salt",
            "--address",
            "0xf17f52151EbEF6C7334FAD080c5704D77216b732",
        ],
        "",
    );
    assert_eq!(code(&output), 0);
    assert_eq!(json_out(&output)["reference"], "0x86dfbccad783599a");
    assert_eq!(
        code(&securepay(
            &[
                "reference",
                "--request-id",
                "",
                "--salt",
                "salt",
                "--address",
                "0x1"
            ],
            ""
        )),
        2
    );
}

#[test]
fn encode_keeps_going_after_bad_lines() {
    let input = "not json\n{\"kind\":\"eip55\",\"address\":\"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed\"}\n{\"kind\":\"eip55\",\"address\":\"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed\",\"extra\":1}\n{\"kind\":\"nope\"}\n";
    let output = securepay(&["encode"], input);
    let answers = json_lines(&output);
    assert_eq!(answers.len(), 4);
    assert!(answers[0]["error"].is_string());
    assert_eq!(
        answers[1]["result"],
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
    );
    assert!(answers[2]["error"].as_str().unwrap().contains("extra"));
    assert!(answers[3]["error"].is_string());
    assert_eq!(code(&output), 2);
    let clean = securepay(
        &["encode"],
        "{\"kind\":\"eip55\",\"address\":\"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed\"}\n",
    );
    assert_eq!(code(&clean), 0);
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    assert_eq!(code(&securepay(&["nope"], "")), 2);
    assert_eq!(code(&securepay(&[], "")), 2);
    assert_eq!(code(&securepay(&["--help"], "")), 0);
    assert_eq!(code(&securepay(&["--version"], "")), 0);
}

#[test]
fn verify_and_webhook_verify_help_list_their_exit_codes() {
    for args in [&["verify", "--help"][..], &["webhook", "verify", "--help"]] {
        let help = securepay(args, "");
        assert_eq!(code(&help), 0);
        let text = String::from_utf8_lossy(&help.stdout);
        let first = text.lines().next().unwrap();
        for exit in ["exit 0", "1 ", "2 unusable input"] {
            assert!(first.contains(exit), "{args:?}: {exit} in {first}");
        }
    }
    let help = securepay(&["verify", "--help"], "");
    assert!(String::from_utf8_lossy(&help.stdout).contains("1 a danger finding (do not sign)"));
}

#[test]
fn verify_exits_0_when_safe_1_on_danger_and_2_on_unusable_input() {
    let dir = std::env::temp_dir().join(format!("securepay-cli-verify-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let response = common::data_path("pay/single_erc20_fees.json");
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    let good = write(
        "good.json",
        r#"{"network":"base","currency":"USDC-base","payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}],"maxPayerFees":"0.30","maxPayeeFees":"1.25"}"#,
    );
    let output = securepay(
        &[
            "verify",
            "--expect",
            good.to_str().unwrap(),
            "--response",
            response.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(
        code(&output),
        0,
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let verdict = json_out(&output);
    // Safe, no finding: the library's one verdict shape, `safe` first (issue 34, item 5); it
    // relies on USDC taking no fee on transfer (Circle's FiatToken), an assumption, not a
    // caution (item 3).
    assert!(
        String::from_utf8_lossy(&output.stdout)
            .starts_with(r#"{"safe":true,"findings":[],"assumptions":["#)
    );
    assert_eq!(verdict["safe"], true);
    assert_eq!(verdict["findings"], serde_json::json!([]), "{verdict}");
    let assumptions = verdict["assumptions"].as_array().unwrap();
    assert_eq!(assumptions.len(), 1, "{verdict}");
    assert_eq!(assumptions[0]["behaviour"], "fee_on_transfer");
    assert_eq!(assumptions[0]["changeable"], true);
    assert!(verdict["summary"].as_array().unwrap().iter().any(|l| {
        l["kind"] == "total"
            && l["text"]
                .as_str()
                .unwrap()
                .starts_with("Total leaving your wallet")
    }));
    let text = securepay(
        &[
            "verify",
            "--expect",
            good.to_str().unwrap(),
            "--response",
            response.to_str().unwrap(),
            "--text",
        ],
        "",
    );
    assert_eq!(code(&text), 0);
    assert!(
        String::from_utf8_lossy(&text.stdout)
            .contains("Pay 826.25 USDC to 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7 on Base")
    );

    let cheaper = write(
        "cheaper.json",
        r#"{"network":"base","currency":"USDC-base","payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"800"}],"maxPayerFees":"0.30"}"#,
    );
    let output = securepay(
        &[
            "verify",
            "--expect",
            cheaper.to_str().unwrap(),
            "--response",
            response.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code(&output), 1);
    assert!(
        json_out(&output)["findings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["severity"] == "danger" && f["code"] == "payment_amount")
    );

    let broken = write("broken.json", r#"{"paymentType":"triple"}"#);
    assert_eq!(
        code(&securepay(
            &[
                "verify",
                "--expect",
                good.to_str().unwrap(),
                "--response",
                broken.to_str().unwrap()
            ],
            ""
        )),
        2
    );
    let unknown_field = write(
        "unknown.json",
        r#"{"network":"base","currency":"USDC-base","payments":[],"tip":"1"}"#,
    );
    assert_eq!(
        code(&securepay(
            &[
                "verify",
                "--expect",
                unknown_field.to_str().unwrap(),
                "--response",
                response.to_str().unwrap()
            ],
            ""
        )),
        2
    );
    assert_eq!(
        code(&securepay(
            &[
                "verify",
                "--expect",
                "/nonexistent.json",
                "--response",
                response.to_str().unwrap()
            ],
            ""
        )),
        2
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn input_files_and_calldata_take_dash_for_standard_input() {
    use alloy_primitives::{Address, Bytes, U256};
    use alloy_sol_types::SolCall;
    use securepay::contracts::abi::IBatchPayments;

    // An 800-payee batch: its calldata (about 200 kB of hex) does not fit an argument list.
    let payees = 800u64;
    let call = IBatchPayments::batchERC20PaymentsWithReferenceCall {
        _tokenAddress: Address::repeat_byte(0x11),
        _recipients: (0..payees)
            .map(|i| Address::with_last_byte(i as u8 | 1))
            .collect(),
        _amounts: (0..payees).map(|i| U256::from(1000 + i)).collect(),
        _paymentReferences: (0..payees)
            .map(|i| Bytes::from(i.to_be_bytes().to_vec()))
            .collect(),
        _feeAmounts: vec![U256::ZERO; 800],
        _feeAddress: Address::repeat_byte(0x22),
    };
    let hex = format!("0x{}\n", alloy_primitives::hex::encode(call.abi_encode()));
    let batch = "0x0DD57FFe83a53bCbd657e234B16A3e74fEDb8fBA"; // BatchPayments on mainnet
    let output = securepay(
        &["decode", "--network", "mainnet", "--to", batch, "-"],
        &hex,
    );
    assert_eq!(code(&output), 0, "{}", common::cli::stderr(&output));
    let answer = json_out(&output);
    assert_eq!(answer["function"], "batchERC20PaymentsWithReference");
    assert_eq!(answer["args"]["_amounts"].as_array().unwrap().len(), 800);

    let expectation = r#"{"network":"base","currency":"USDC-base","payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}],"maxPayerFees":"0.30","maxPayeeFees":"1.25"}"#;
    let response = common::data_path("pay/single_erc20_fees.json");
    let response = response.to_str().unwrap();
    let output = securepay(
        &["verify", "--expect", "-", "--response", response],
        expectation,
    );
    assert_eq!(code(&output), 0, "{}", common::cli::stderr(&output));
    let body = std::fs::read_to_string(response).unwrap();
    let dir = std::env::temp_dir().join(format!("securepay-cli-dash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let expect_file = dir.join("expect.json");
    std::fs::write(&expect_file, expectation).unwrap();
    let output = securepay(
        &[
            "verify",
            "--expect",
            expect_file.to_str().unwrap(),
            "--response",
            "-",
        ],
        &body,
    );
    assert_eq!(code(&output), 0, "{}", common::cli::stderr(&output));
    let both = securepay(&["verify", "--expect", "-", "--response", "-"], "");
    assert_eq!(code(&both), 2);
    assert!(
        common::cli::stderr(&both)
            .contains("only one of --expect, --response and --tron-tx can be standard input")
    );
}

#[test]
fn networks_are_named_as_the_service_does_in_any_case() {
    let proxy = "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C"; // ERC20FeeProxy on mainnet
    let vector = common::abi_vectors()
        .into_iter()
        .find(|v| v["id"] == "erc20_fee_12")
        .unwrap();
    let data = vector["expected"].as_str().unwrap();
    for name in ["mainnet", "Mainnet", "ethereum", "ETHEREUM"] {
        let output = securepay(&["decode", "--network", name, "--to", proxy, data], "");
        assert_eq!(code(&output), 0, "{name}: {}", common::cli::stderr(&output));
        assert_eq!(json_out(&output)["network"], "mainnet");
    }
    let output = securepay(
        &[
            "address",
            "0x6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7",
            "--network",
            "BASE",
        ],
        "",
    );
    assert_eq!(code(&output), 0, "{}", common::cli::stderr(&output));
    let unknown = securepay(&["decode", "--network", "goerli", "--to", proxy, data], "");
    assert_eq!(code(&unknown), 2);
}

#[test]
fn encode_help_lists_every_kind_with_its_fields_and_a_fee_may_be_left_out() {
    let help = securepay(&["encode", "--help"], "");
    assert_eq!(code(&help), 0);
    let text = String::from_utf8_lossy(&help.stdout);
    for kind in [
        "erc20_fee",
        "eth_fee",
        "eth_fee_exact",
        "erc20_approve",
        "erc20_transfer",
        "erc20_conversion",
        "eth_conversion",
        "batch_erc20",
        "batch_erc20_multi",
        "batch_eth",
        "batch_nc_erc20",
        "batch_nc_multi_erc20",
        "batch_nc_native",
        "batch_conv_payments",
        "payment_reference",
        "tron_address",
        "eip55",
    ] {
        assert!(text.contains(&format!("\n  {kind} ")), "{kind} in:\n{text}");
    }
    assert!(
        text.contains("token, to, amount, reference [feeAmount, feeAddress]"),
        "{text}"
    );

    let base = r#""kind":"erc20_fee","token":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913","to":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"100","reference":"0xe23a6b02059c2b30""#;
    let lines = format!(
        "{{{base}}}\n{{{base},\"feeAmount\":\"0\",\"feeAddress\":\"0x0000000000000000000000000000000000000000\"}}\n{{{base},\"feeAmount\":\"5\"}}\n"
    );
    let output = securepay(&["encode"], &lines);
    let answers = json_lines(&output);
    assert_eq!(
        answers[0], answers[1],
        "a fee left out is a zero fee to the zero address"
    );
    assert!(
        answers[2]["error"]
            .as_str()
            .unwrap()
            .starts_with("feeAddress: missing")
    );
    assert_eq!(code(&output), 2);
}

#[test]
fn verify_checks_the_tron_transaction_about_to_be_signed() {
    let dir = std::env::temp_dir().join(format!("securepay-cli-tron-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, value: &serde_json::Value| {
        let path = dir.join(name);
        std::fs::write(&path, value.to_string()).unwrap();
        path.to_str().unwrap().to_owned()
    };
    let vectors: Vec<serde_json::Value> =
        std::fs::read_to_string(common::data_path("vectors/tron-transactions.jsonl"))
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
    // tron_tx_02: an ERC20FeeProxy payment of 1225.61574 USDC, built and signed by TronWeb.
    let vector = &vectors[1];
    let call = &vector["call"];
    let response = write(
        "response.json",
        &serde_json::json!({"paymentType": "single", "feeBundle": null,
            "metadata": {"stepsRequired": 1, "needsApproval": false, "paymentTransactionIndex": 0},
            "transactions": [{"to": call["to"], "data": call["data"], "value": "0"}]}),
    );
    let expect = |cap: &str| {
        serde_json::json!({"network": "tron", "currency": "USDC-tron", "payer": vector["owner"],
            "maxTronFeeLimit": cap, "payments": [{"payee": "TGPhvPbswd6cQrwTQY898vd3EYPvNvq35c",
            "amount": "1225.61574", "reference": "0xae1ed2554fb11cd8"}]})
    };
    let agreed = write("agreed.json", &expect("300"));
    let tx = vector["transaction"].to_string();
    let run = |expect: &str, tx: &str| {
        securepay(
            &[
                "verify",
                "--expect",
                expect,
                "--response",
                &response,
                "--tron-tx",
                "-",
            ],
            tx,
        )
    };
    let output = run(&agreed, &tx);
    assert_eq!(
        code(&output),
        0,
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let verdict = json_out(&output);
    let last = verdict["summary"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(last["kind"], "tron_transaction");
    assert!(
        last["text"].as_str().unwrap().contains("fee limit 150 TRX"),
        "{last}"
    );

    // The transaction lets the call burn 150 TRX; the payer agreed to 100. (The response has
    // no approval: a caution says the payment relies on an earlier allowance.)
    let output = run(&write("strict.json", &expect("100")), &tx);
    assert_eq!(code(&output), 1);
    let codes: Vec<String> = json_out(&output)["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] == "danger")
        .map(|f| f["code"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(codes, ["tron_fee_limit_above_max"]);

    // A wrong txID, from the vectors.
    let wrong_id = vectors
        .iter()
        .find(|v| v["id"] == "tron_tx_reject_txid")
        .unwrap();
    let output = run(&agreed, &wrong_id["transaction"].to_string());
    assert_eq!(code(&output), 1);

    // Text that is not a TronWeb transaction, and two inputs on standard input.
    assert_eq!(code(&run(&agreed, r#"{"txID":"00"}"#)), 2);
    let output = securepay(
        &[
            "verify",
            "--expect",
            "-",
            "--response",
            &response,
            "--tron-tx",
            "-",
        ],
        &tx,
    );
    assert_eq!(code(&output), 2);
}

/// Issue 33, class 4: a `value` written as a bare JSON number that `JSON.parse` reads as
/// another integer (0.2 ETH + 3 wei reads as 0.2 ETH) is refused by `verify` as unusable input,
/// saying what a JavaScript wallet would sign; the same value as a string verifies. And a
/// TronWeb transaction whose `raw_data` holds such a number is a danger.
#[test]
fn verify_refuses_a_number_a_javascript_wallet_reads_otherwise() {
    let dir = std::env::temp_dir().join(format!("securepay-cli-js-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_owned()
    };
    let agreed = write(
        "agreed.json",
        r#"{"network":"base","currency":"ETH-base-base","payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"0.200000000000000003","reference":"0xe23a6b02059c2b30"}]}"#,
    );
    let fixture = std::fs::read_to_string(common::data_path("pay/single_native.json")).unwrap();
    let needle = r#""value": "200000000000000000""#;
    assert!(fixture.contains(needle));
    let verify =
        |response: &str| securepay(&["verify", "--expect", &agreed, "--response", response], "");
    let exact = write(
        "exact.json",
        &fixture.replace(needle, r#""value": "200000000000000003""#),
    );
    let output = verify(&exact);
    assert_eq!(code(&output), 0, "{}", common::cli::stderr(&output));
    let bare = write(
        "bare.json",
        &fixture.replace(needle, r#""value": 200000000000000003"#),
    );
    let output = verify(&bare);
    assert_eq!(
        code(&output),
        2,
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    let stderr = common::cli::stderr(&output);
    assert!(
        stderr.contains(
            "the JSON number 200000000000000003 is above Number.MAX_SAFE_INTEGER (2^53 - 1): a JavaScript wallet reads it as 200000000000000000, 3 less"
        ),
        "{stderr}"
    );

    // A TronWeb transaction whose raw_data shows a timestamp above 2^53 - 1.
    let vectors: Vec<serde_json::Value> =
        std::fs::read_to_string(common::data_path("vectors/tron-transactions.jsonl"))
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
    let vector = &vectors[1];
    let call = &vector["call"];
    let response = write(
        "tron-response.json",
        &serde_json::json!({"paymentType": "single", "feeBundle": null,
            "metadata": {"stepsRequired": 1, "needsApproval": false, "paymentTransactionIndex": 0},
            "transactions": [{"to": call["to"], "data": call["data"], "value": "0"}]})
        .to_string(),
    );
    let tron_agreed = write(
        "tron-agreed.json",
        &serde_json::json!({"network": "tron", "currency": "USDC-tron", "payer": vector["owner"],
            "maxTronFeeLimit": "300", "payments": [{"payee": "TGPhvPbswd6cQrwTQY898vd3EYPvNvq35c",
            "amount": "1225.61574", "reference": "0xae1ed2554fb11cd8"}]})
        .to_string(),
    );
    let mut tx = vector["transaction"].clone();
    tx["raw_data"]["timestamp"] = serde_json::json!(9_007_199_254_740_993u64);
    let output = securepay(
        &[
            "verify",
            "--expect",
            &tron_agreed,
            "--response",
            &response,
            "--tron-tx",
            "-",
        ],
        &tx.to_string(),
    );
    assert_eq!(code(&output), 1, "{}", common::cli::stderr(&output));
    let verdict = json_out(&output);
    assert!(
        verdict["findings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["code"] == "tron_transaction_unreadable"
                && f["message"]
                    .as_str()
                    .unwrap()
                    .contains("a JavaScript wallet reads it as 9007199254740992")),
        "{verdict}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A response the reader refuses is exit 2 with its reason, which may quote the response:
/// when the expectation hides the payee, a payee address the server wrote there is masked.
#[test]
fn an_unreadable_response_hides_a_hidden_payee_in_its_reason() {
    let dir = std::env::temp_dir().join(format!("securepay-cli-hidden-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let expect = dir.join("expect.json");
    std::fs::write(
        &expect,
        r#"{"network":"base","currency":"USDC-base","hidePayeeAddress":true,"payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}],"maxPayerFees":"0.30","maxPayeeFees":"1.25"}"#,
    )
    .unwrap();
    let mut body: serde_json::Value = serde_json::from_slice(
        &std::fs::read(common::data_path("pay/single_erc20_fees.json")).unwrap(),
    )
    .unwrap();
    body["feeBundle"]["fees"][0]["network"] =
        serde_json::json!("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7");
    let response = dir.join("response.json");
    std::fs::write(&response, body.to_string()).unwrap();
    let output = securepay(
        &[
            "verify",
            "--expect",
            expect.to_str().unwrap(),
            "--response",
            response.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code(&output), 2);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("securepay: --response:"), "{stderr}");
    assert!(stderr.contains("hidden"), "{stderr}");
    assert!(
        !stderr
            .to_lowercase()
            .contains("6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7"),
        "{stderr}"
    );
}
