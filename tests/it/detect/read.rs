//! Reading chain JSON strictly: logs, receipts, JSON-RPC answers; bounds; duplicate keys.

use securepay::detect::{
    ChainData, ChainJsonError, MAX_CHAIN_JSON_BYTES, MAX_LOGS, ReceiptStatus, detect,
};
use securepay::network::Network;
use serde_json::{Value, json};

use super::*;

fn read(json: &str) -> Result<ChainData, ChainJsonError> {
    super::stream::agrees(Network::Base, json.as_bytes(), &usdc_criteria());
    ChainData::from_slice(Network::Base, json.as_bytes())
}

fn error(json: &str) -> String {
    read(json).unwrap_err().to_string()
}

fn one_log() -> Value {
    usdc_payment(reference(), PAYEE, 10, 0, FEE_TO, 0x11, 3)
}

#[test]
fn a_get_logs_answer_reads_every_field() {
    let chain = read(&json!([one_log()]).to_string()).unwrap();
    let ChainData::Logs(logs) = chain else {
        panic!("logs")
    };
    let log = &logs[0];
    assert_eq!(log.block_number, Some(30_000_000));
    assert_eq!(log.log_index, Some(3));
    assert_eq!(log.transaction_index, Some(0));
    assert_eq!(log.topics.as_slice().len(), 2);
    assert_eq!(log.data.len(), 160);
    assert!(!log.removed);
    assert_eq!(log.transaction_hash.unwrap().to_string(), tx(0x11));
}

#[test]
fn ethers_v5_logs_with_numbers_are_read() {
    // RN's fixtures are ethers v5 `Log`s: numbers for blockNumber, transactionIndex, logIndex.
    let mut log = one_log();
    log["blockNumber"] = json!(30_000_000);
    log["logIndex"] = json!(3);
    log["transactionIndex"] = json!(0);
    let ChainData::Logs(logs) = read(&json!([log]).to_string()).unwrap() else {
        panic!()
    };
    assert_eq!(
        (logs[0].block_number, logs[0].log_index),
        (Some(30_000_000), Some(3))
    );
}

#[test]
fn quantities_are_compact_hex() {
    for (bad, why) in [
        ("0x01c9c380", "leading zero"),
        ("0x", "at least one digit"),
        ("1c9c380", "starts with 0x"),
        ("0x+1", "not a hex digit"),
        ("0x1ffffffffffffffff", "above 2^64-1"),
    ] {
        let mut log = one_log();
        log["blockNumber"] = json!(bad);
        let message = error(&json!([log]).to_string());
        assert!(message.contains(why), "{bad}: {message}");
    }
    let mut log = one_log();
    log["logIndex"] = json!(-1);
    assert!(read(&json!([log]).to_string()).is_err());
    let mut log = one_log();
    log["logIndex"] = json!(1.5);
    assert!(read(&json!([log]).to_string()).is_err());
}

#[test]
fn hashes_addresses_and_data_have_their_exact_sizes() {
    for (field, bad) in [
        ("transactionHash", json!("0x1234")),
        ("blockHash", json!(format!("0x{}", "b".repeat(63)))),
        ("address", json!("0x1892196e80c4c17ea5100da765ab48c1fe2fb8")),
        ("data", json!("0x123")),
        ("data", json!("0x0x12")),
        ("topics", json!(["0x12"])),
    ] {
        let mut log = one_log();
        log[field] = bad.clone();
        assert!(read(&json!([log]).to_string()).is_err(), "{field}: {bad}");
    }
}

#[test]
fn a_mixed_case_address_must_be_its_checksum() {
    let mut log = one_log();
    log["address"] = json!("0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814");
    assert!(read(&json!([log]).to_string()).is_ok());
    log["address"] = json!("0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb81A");
    assert!(error(&json!([log]).to_string()).contains("checksum"));
}

#[test]
fn at_most_four_topics() {
    let mut log = one_log();
    log["topics"] = json!([ERC20_FEE, ERC20_FEE, ERC20_FEE, ERC20_FEE]);
    assert!(read(&json!([log]).to_string()).is_ok());
    log["topics"] = json!([ERC20_FEE, ERC20_FEE, ERC20_FEE, ERC20_FEE, ERC20_FEE]);
    assert!(error(&json!([log]).to_string()).contains("at most four topics"));
}

#[test]
fn a_key_given_twice_is_refused_known_or_not() {
    let text = one_log().to_string();
    let twice_known = text.replacen("{", r#"{"logIndex":"0x9","#, 1);
    assert!(error(&format!("[{twice_known}]")).contains("duplicate field `logIndex`"));
    let twice_other = text.replacen("{", r#"{"l1Fee":"0x1","l1Fee":"0x2","#, 1);
    assert!(error(&format!("[{twice_other}]")).contains("duplicate field `l1Fee`"));
    let nested = text.replacen("{", r#"{"extra":{"a":1,"a":2},"#, 1);
    assert!(error(&format!("[{nested}]")).contains("duplicate field `a`"));
    // Other fields, once each, are accepted and ignored.
    let other = text.replacen(
        "{",
        r#"{"blockTimestamp":"0x5f5e100","l1Fee":{"x":[1,2]},"#,
        1,
    );
    let ChainData::Logs(logs) = read(&format!("[{other}]")).unwrap() else {
        panic!()
    };
    assert_eq!(logs[0].block_timestamp, Some(100_000_000));
}

#[test]
fn a_log_needs_address_topics_and_data() {
    for field in ["address", "topics", "data"] {
        let mut log = one_log();
        log.as_object_mut().unwrap().remove(field);
        let message = error(&json!([log]).to_string());
        assert!(
            message.contains(&format!("`{field}`")) || message.contains("neither"),
            "{field}: {message}"
        );
    }
}

#[test]
fn a_pending_log_has_no_position_at_all() {
    let mut log = one_log();
    for field in [
        "blockNumber",
        "transactionHash",
        "logIndex",
        "blockHash",
        "transactionIndex",
    ] {
        log[field] = Value::Null;
    }
    let ChainData::Logs(logs) = read(&json!([log]).to_string()).unwrap() else {
        panic!()
    };
    assert_eq!(logs[0].block_number, None);
    // Half a position is not a pending log.
    let mut half = one_log();
    half["logIndex"] = Value::Null;
    assert!(error(&json!([half]).to_string()).contains("or none (pending)"));
}

fn receipt(status: &str, logs: Vec<Value>) -> Value {
    json!({
        "transactionHash": tx(0x11),
        "blockNumber": "0x1c9c380",
        "blockHash": format!("0x{}", "bb".repeat(32)),
        "transactionIndex": "0x0",
        "from": "0x2222222222222222222222222222222222222222",
        "to": BASE_FEE_PROXY,
        "status": status,
        "gasUsed": "0x5208",
        "cumulativeGasUsed": "0x5208",
        "effectiveGasPrice": "0x3b9aca00",
        "logsBloom": format!("0x{}", "00".repeat(256)),
        "type": "0x2",
        "contractAddress": null,
        "logs": logs,
    })
}

#[test]
fn receipts_read_status_and_their_logs() {
    let chain = read(&json!([receipt("0x1", vec![one_log()])]).to_string()).unwrap();
    let ChainData::Receipts(receipts) = chain else {
        panic!("receipts")
    };
    assert_eq!(receipts[0].status, ReceiptStatus::Success);
    assert_eq!(receipts[0].logs.len(), 1);
    assert_eq!(
        receipts[0].to.map(|a| format!("{a:#x}")).as_deref(),
        Some(BASE_FEE_PROXY)
    );
    let failed = read(&receipt("0x0", vec![]).to_string()).unwrap();
    let ChainData::Receipts(receipts) = failed else {
        panic!()
    };
    assert_eq!(receipts[0].status, ReceiptStatus::Failed);
    assert!(error(&receipt("0x2", vec![]).to_string()).contains("0x1 (success) or 0x0"));
    let mut no_status = receipt("0x1", vec![]);
    no_status.as_object_mut().unwrap().remove("status");
    assert!(error(&no_status.to_string()).contains("without `status`"));
}

#[test]
fn a_receipts_logs_are_of_its_transaction() {
    let mut other = one_log();
    other["transactionHash"] = json!(tx(0x22));
    let error = read(&receipt("0x1", vec![other]).to_string()).unwrap_err();
    assert!(
        matches!(
            error,
            ChainJsonError::ReceiptLogMismatch { position: 0, .. }
        ),
        "{error}"
    );
    // A log that leaves out its position takes the receipt's.
    let mut bare = one_log();
    for field in ["transactionHash", "blockNumber"] {
        bare.as_object_mut().unwrap().remove(field);
    }
    let ChainData::Receipts(receipts) = read(&receipt("0x1", vec![bare]).to_string()).unwrap()
    else {
        panic!()
    };
    assert_eq!(receipts[0].logs[0].block_number, Some(30_000_000));
}

#[test]
fn json_rpc_answers_are_opened() {
    let answer = json!({"jsonrpc": "2.0", "id": 1, "result": [one_log()]});
    assert_eq!(read(&answer.to_string()).unwrap().log_count(), 1);
    let receipt_answer =
        json!({"jsonrpc": "2.0", "id": "a", "result": receipt("0x1", vec![one_log()])});
    assert!(matches!(
        read(&receipt_answer.to_string()).unwrap(),
        ChainData::Receipts(_)
    ));
    let none = json!({"jsonrpc": "2.0", "id": 1, "result": null});
    assert_eq!(
        read(&none.to_string()).unwrap_err(),
        ChainJsonError::NoResult
    );
    let failed = json!({"jsonrpc": "2.0", "id": 1, "error": {"code": -32005, "message": "query returned more than 10000 results"}});
    assert!(matches!(
        read(&failed.to_string()).unwrap_err(),
        ChainJsonError::Rpc { code: -32005, .. }
    ));
    let wrong_version = json!({"jsonrpc": "1.0", "id": 1, "result": []});
    assert!(error(&wrong_version.to_string()).contains("jsonrpc"));
    let nested = json!({"jsonrpc": "2.0", "id": 1, "result": {"jsonrpc": "2.0", "result": []}});
    assert!(read(&nested.to_string()).is_err());
}

#[test]
fn an_array_holds_logs_or_receipts_not_both() {
    let mixed = json!([one_log(), receipt("0x1", vec![])]);
    assert!(error(&mixed.to_string()).contains("not both"));
    let both_in_one = {
        let mut log = one_log();
        log["status"] = json!("0x1");
        log
    };
    assert!(error(&json!([both_in_one]).to_string()).contains("mixed"));
    assert!(error("[1]").contains("a log object or a receipt"));
    assert!(error(r#"[{"foo":1}]"#).contains("neither"));
    assert!(read("[]").unwrap().log_count() == 0);
    assert!(read("[] x").is_err());
    assert!(read("\"logs\"").is_err());
}

#[test]
fn the_input_is_bounded_in_bytes() {
    let big = vec![b' '; MAX_CHAIN_JSON_BYTES + 1];
    assert_eq!(
        ChainData::from_slice(Network::Base, &big).unwrap_err(),
        ChainJsonError::TooLarge {
            bytes: MAX_CHAIN_JSON_BYTES + 1,
            max: MAX_CHAIN_JSON_BYTES
        }
    );
}

#[test]
fn the_input_is_bounded_in_logs() {
    let minimal =
        r#"{"address":"0x0000000000000000000000000000000000000000","topics":[],"data":"0x"}"#;
    let mut text = String::with_capacity((minimal.len() + 1) * (MAX_LOGS + 1) + 2);
    text.push('[');
    for i in 0..=MAX_LOGS {
        if i > 0 {
            text.push(',');
        }
        text.push_str(minimal);
    }
    text.push(']');
    assert_eq!(
        read(&text).unwrap_err(),
        ChainJsonError::TooManyLogs { max: MAX_LOGS }
    );
    // Exactly the limit is read.
    let exact = text.replacen(&format!("{minimal},"), "", 1);
    assert_eq!(read(&exact).unwrap().log_count(), MAX_LOGS);
    // Logs inside receipts count too.
    let in_receipt = minimal.replacen('{', r#"{"logIndex":"0x0","#, 1);
    let logs: Vec<&str> = vec![in_receipt.as_str(); MAX_LOGS / 2 + 1];
    let receipt_text = |byte: u8| {
        format!(
            r#"{{"transactionHash":"{}","blockNumber":"0x1","status":"0x1","logs":[{}]}}"#,
            tx(byte),
            logs.join(",")
        )
    };
    let two = format!("[{},{}]", receipt_text(1), receipt_text(2));
    assert_eq!(
        read(&two).unwrap_err(),
        ChainJsonError::TooManyLogs { max: MAX_LOGS }
    );
}

#[test]
fn a_failed_receipt_counts_nothing_and_says_why() {
    let paid = receipt("0x0", vec![one_log()]);
    let settlement = run(Network::Base, &paid, &usdc_criteria());
    assert!(settlement.payments.is_empty());
    assert_eq!(ignored_codes(&settlement), ["failed_transaction"]);
    // A failed receipt has no logs (the EVM drops them): it is listed once, by transaction.
    let empty = run(Network::Base, &receipt("0x0", vec![]), &usdc_criteria());
    assert_eq!(ignored_codes(&empty), ["failed_transaction"]);
    assert_eq!(empty.ignored[0].log.log_index, None);
    assert_eq!(
        empty.ignored[0].log.transaction_hash.unwrap().to_string(),
        tx(0x11)
    );
}

#[test]
fn a_removed_log_never_counts_and_says_why() {
    let removed = {
        let mut log = one_log();
        log["removed"] = json!(true);
        log
    };
    let settlement = run(Network::Base, &json!([removed]), &usdc_criteria());
    assert!(settlement.payments.is_empty());
    assert_eq!(ignored_codes(&settlement), ["removed"]);
    assert_eq!(
        settlement.ignored[0].why.to_string(),
        "removed by a chain reorganisation (removed: true)"
    );
    // The same log not removed counts.
    let counted = run(Network::Base, &json!([one_log()]), &usdc_criteria());
    assert_eq!(counted.payments.len(), 1);
}

#[test]
fn a_pending_log_never_counts() {
    let mut pending = one_log();
    for field in ["blockNumber", "transactionHash", "logIndex"] {
        pending[field] = Value::Null;
    }
    let settlement = run(Network::Base, &json!([pending]), &usdc_criteria());
    assert_eq!(ignored_codes(&settlement), ["pending"]);
}

#[test]
fn evm_data_is_not_detected_for_tron() {
    let chain = read(&json!([one_log()]).to_string()).unwrap();
    let criteria = securepay::detect::Criteria::new(Network::Tron, reference());
    assert!(detect(&chain, &criteria).is_err());
}
