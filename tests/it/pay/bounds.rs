//! The reader's bounds: a body above `MAX_RESPONSE_BYTES` is refused unread, a list of children
//! (or a mirror of them) above `MAX_CHILDREN` is refused as it is read, whatever the entry
//! point (`from_slice`, `from_str`, serde on a `Value`); the open JSON of `metadata` is kept as
//! text.

use crate::common;

use securepay::pay::{
    MAX_CHILDREN, MAX_RESPONSE_BYTES, MAX_TRANSACTION_INDICES, PayResponse, PayResponseError,
    RawJson,
};
use serde_json::{Value, json};

/// `tests/data/pay/<name>.json` as compact text, padded with spaces to `len` bytes.
fn padded(name: &str, len: usize) -> Vec<u8> {
    let mut body = common::read_json(&format!("pay/{name}.json"))
        .to_string()
        .into_bytes();
    assert!(body.len() <= len);
    body.resize(len, b' ');
    body
}

#[test]
fn a_body_above_the_cap_is_refused_before_it_is_read() {
    // A valid response padded to exactly the cap is read.
    let at_cap = padded("multicall_same_chain", MAX_RESPONSE_BYTES);
    assert!(PayResponse::from_slice(&at_cap).is_ok());
    // One byte more, and 26 MB (the issue's body), are refused by size, not by content: the
    // error is the same for bytes that are not even JSON.
    for len in [MAX_RESPONSE_BYTES + 1, 26_000_000] {
        let body = padded("multicall_same_chain", len);
        let error = PayResponse::from_slice(&body).unwrap_err();
        assert!(
            matches!(error, PayResponseError::TooLarge { size } if size == len),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            format!("the response is {len} bytes, above the 8388608 bytes a pay response may have")
        );
        let garbage = vec![0xff; len];
        assert!(matches!(
            PayResponse::from_slice(&garbage),
            Err(PayResponseError::TooLarge { .. })
        ));
    }
    let text = String::from_utf8(padded("single_native", MAX_RESPONSE_BYTES + 1)).unwrap();
    assert!(matches!(
        PayResponse::from_str(&text),
        Err(PayResponseError::TooLarge { .. })
    ));
}

#[test]
fn the_reader_says_why_a_body_is_not_a_pay_response() {
    assert!(matches!(
        PayResponse::from_slice(b"  [1]"),
        Err(PayResponseError::NotAnObject)
    ));
    let error = PayResponse::from_slice(b"{\"paymentType\": \"\xff\"}").unwrap_err();
    let PayResponseError::NotUtf8(source) = &error else {
        panic!("{error:?}")
    };
    assert_eq!(source.valid_up_to(), 17);
    assert!(std::error::Error::source(&error).is_some());
    assert!(matches!(
        PayResponse::from_slice(br#"{"paymentType": "single"}"#),
        Err(PayResponseError::Json(_))
    ));
}

/// The multicall fixture with every list of children (and each mirror) `n` long, the children
/// renumbered.
fn multicall_of(n: usize) -> Value {
    let mut body = common::read_json("pay/multicall_same_chain.json");
    let child = body["children"][0].clone();
    body["children"] = (0..n)
        .map(|position| {
            let mut child = child.clone();
            child["position"] = position.into();
            child
        })
        .collect();
    for mirror in [
        "childTokens",
        "requestIds",
        "payees",
        "amounts",
        "references",
    ] {
        body[mirror] = vec![body[mirror][0].clone(); n].into();
    }
    body["metadata"]["childCount"] = n.into();
    body
}

#[test]
fn a_list_of_transaction_indices_above_the_cap_is_refused_as_it_is_read() {
    let body = common::read_json("pay/multicall_same_chain.json");
    for list in [
        "approvalTransactionIndices",
        "feeTransactionIndices",
        "bridgeTxIndices",
    ] {
        // At the cap, the list is read (the verifier then says what the indices name).
        let mut at_cap = body.clone();
        at_cap["metadata"][list] = vec![0; MAX_TRANSACTION_INDICES].into();
        let PayResponse::Multicall(multicall) =
            PayResponse::from_slice(at_cap.to_string().as_bytes()).unwrap()
        else {
            panic!("a multicall")
        };
        let read = match list {
            "approvalTransactionIndices" => multicall.metadata.approval_transaction_indices,
            "feeTransactionIndices" => multicall.metadata.fee_transaction_indices,
            _ => multicall.metadata.bridge_tx_indices,
        };
        assert_eq!(
            read.map(|r| r.len()),
            Some(MAX_TRANSACTION_INDICES),
            "{list}"
        );
        // One more is refused, through every entry point.
        let mut long = body.clone();
        long["metadata"][list] = vec![0; MAX_TRANSACTION_INDICES + 1].into();
        let text = long.to_string();
        let expected = format!(
            "`{list}` has more than 65536 entries: each names a transaction with calldata, and 8 MiB holds fewer"
        );
        let error = PayResponse::from_slice(text.as_bytes()).unwrap_err();
        assert!(
            matches!(error, PayResponseError::Json(_)) && error.to_string().contains(&expected),
            "{list}: {error}"
        );
        let error = serde_json::from_value::<PayResponse>(long).unwrap_err();
        assert!(error.to_string().contains(&expected), "{list}: {error}");
    }
}

#[test]
fn a_list_of_children_above_the_cap_is_refused_as_it_is_read() {
    // 1,000 children (the documented maximum) are read, whatever the verifier makes of them.
    let body = multicall_of(MAX_CHILDREN);
    let PayResponse::Multicall(multicall) =
        PayResponse::from_slice(body.to_string().as_bytes()).unwrap()
    else {
        panic!("a multicall")
    };
    assert_eq!(multicall.children.len(), MAX_CHILDREN);
    assert_eq!(multicall.request_ids.len(), MAX_CHILDREN);

    // One more in any of the lists is refused, through every entry point.
    let mut body = common::read_json("pay/multicall_same_chain.json");
    body["destinationCalls"] = json!([]);
    for list in [
        "children",
        "childTokens",
        "requestIds",
        "payees",
        "amounts",
        "references",
        "destinationCalls",
    ] {
        let mut long = body.clone();
        let entry = match long[list].get(0) {
            Some(entry) => entry.clone(),
            None => {
                common::read_json("pay/multicall_cross_chain.json")["destinationCalls"][0].clone()
            }
        };
        long[list] = vec![entry; MAX_CHILDREN + 1].into();
        let text = long.to_string();
        let expected =
            format!("`{list}` has more than 1000 entries: a multicall has at most 1000 children");
        let error = PayResponse::from_slice(text.as_bytes()).unwrap_err();
        assert!(
            matches!(error, PayResponseError::Json(_)) && error.to_string().contains(&expected),
            "{list}: {error}"
        );
        let error = serde_json::from_str::<PayResponse>(&text).unwrap_err();
        assert!(error.to_string().contains(&expected), "{list}: {error}");
        let error = serde_json::from_value::<PayResponse>(long).unwrap_err();
        assert!(error.to_string().contains(&expected), "{list}: {error}");
    }
    // `null` is still no list (the shape then says what is missing).
    let mut null = body.clone();
    null["children"] = Value::Null;
    let error = PayResponse::from_slice(null.to_string().as_bytes()).unwrap_err();
    assert!(
        error.to_string().contains("missing field `children`"),
        "{error}"
    );
}

#[test]
fn the_open_json_of_metadata_is_kept_as_text() {
    let step = r#"{"tool": "across", "includedSteps": [{"a": 0}, {"a": 0}], "note": "[[[["}"#;
    let mut body = common::read_json("pay/multicall_same_chain.json");
    body["metadata"]["rawStep"] = "@STEP@".into();
    body["metadata"]["bridge"] = "@BRIDGE@".into();
    let mut body =
        body.to_string()
            .replacen("\"@STEP@\"", step, 1)
            .replacen("\"@BRIDGE@\"", "[1, 2]", 1);
    let PayResponse::Multicall(multicall) = PayResponse::from_str(&body).unwrap() else {
        panic!("a multicall")
    };
    let raw_step = multicall.metadata.raw_step.as_ref().unwrap();
    assert_eq!(raw_step.get(), step);
    assert_eq!(raw_step.to_value().unwrap()["tool"], "across");
    assert_eq!(
        multicall.metadata.bridge,
        Some(RawJson::parse("[1, 2]").unwrap())
    );
    // Written back exactly as read.
    let written = serde_json::to_string(&PayResponse::Multicall(multicall.clone())).unwrap();
    assert!(
        written.contains(&format!("\"rawStep\":{step}")),
        "{written}"
    );
    assert_eq!(
        PayResponse::from_str(&written).unwrap(),
        PayResponse::Multicall(multicall)
    );
    // Nested deeper than a tree could be built from it: refused, as the tree reader would.
    body = body.replacen(step, &format!("{}{}", "[".repeat(101), "]".repeat(101)), 1);
    let error = PayResponse::from_str(&body).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("JSON nested deeper than 100 levels"),
        "{error}"
    );
}
