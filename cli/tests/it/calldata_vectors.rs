//! Every line of `vectors/abi-calls.jsonl`, byte for byte, through the library: encoded from its
//! JSON description, and (for calls) strictly decoded back on the canonical contract.

use crate::common;

use alloy_primitives::U256;
use securepay::calldata::Decoder;
use securepay::calldata::spec::{Answer, CallSpec, SpecError};
use securepay::network::Network;
use serde_json::{Value, json};

#[test]
fn every_vector_encodes_byte_for_byte_or_fails_with_its_message() {
    let vectors = common::abi_vectors();
    assert!(vectors.len() >= 66);
    for vector in &vectors {
        let id = &vector["id"];
        let answer = CallSpec::from_value(&vector["input"]).and_then(|spec| spec.answer());
        match (vector.get("expected"), vector.get("expected_error")) {
            (Some(expected), None) => match answer.unwrap_or_else(|e| panic!("{id}: {e}")) {
                Answer::Call { data, .. } => {
                    assert_eq!(data.to_string(), expected.as_str().unwrap(), "{id}")
                }
                Answer::Result { result } => assert_eq!(result, expected.as_str().unwrap(), "{id}"),
            },
            (None, Some(expected_error)) => {
                let error = answer.expect_err(&format!("{id} must be rejected"));
                assert_eq!(error.to_string(), expected_error.as_str().unwrap(), "{id}");
            }
            _ => panic!("{id}: a vector has expected or expected_error"),
        }
    }
}

/// The input with a network (and what that needs), so the answer carries `to` and `value`.
fn on_mainnet(input: &Value) -> Value {
    let mut input = input.clone();
    input["network"] = json!("mainnet");
    match input["kind"].as_str().unwrap() {
        "erc20_approve" => input["token"] = json!("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"),
        "eth_fee" => input["amount"] = json!("1000"),
        "batch_eth" | "batch_nc_native" | "batch_conv_payments" => input["batchFee"] = json!("0"),
        _ => {}
    }
    input
}

#[test]
fn every_call_vector_decodes_strictly_on_its_canonical_contract() {
    let decoder = Decoder::builtin();
    let mut decoded = 0;
    for vector in common::abi_vectors() {
        let kind = vector["input"]["kind"].as_str().unwrap();
        if vector.get("expected").is_none()
            || matches!(kind, "payment_reference" | "tron_address" | "eip55")
        {
            continue;
        }
        let answer = match CallSpec::from_value(&on_mainnet(&vector["input"]))
            .unwrap()
            .answer()
        {
            Err(SpecError::ValueOverflow) => continue, // random amounts whose native sum cannot be sent
            other => other.unwrap(),
        };
        let Answer::Call {
            data,
            to: Some(to),
            value: Some(value),
        } = answer
        else {
            panic!("{}", vector["id"])
        };
        assert_eq!(data.to_string(), vector["expected"].as_str().unwrap());
        let call = decoder
            .decode(Network::Mainnet, &to, &data, value)
            .unwrap_or_else(|e| panic!("{}: {e}", vector["id"]));
        assert_eq!(call.value, value);
        decoded += 1;
    }
    assert!(decoded >= 40, "{decoded}");
}

#[test]
fn values_with_a_network_follow_each_contract_rule() {
    let answer = |input: Value| match CallSpec::from_value(&input).unwrap().answer().unwrap() {
        Answer::Call { to, value, .. } => (to.unwrap().to_string(), value.unwrap()),
        Answer::Result { .. } => panic!("a call"),
    };
    let eth_fee = json!({"kind":"eth_fee","network":"sepolia","to":"0x29eAb540117632a112eA29bA8BE686a1B66467A7","reference":"0xe23a6b02059c2b30","feeAmount":"2","feeAddress":"0x000000000000000000000000000000000000dEaD","amount":"200000000000000000"});
    assert_eq!(
        answer(eth_fee),
        (
            "0xe11BF2fDA23bF0A98365e1A4c04A87C9339e8687".to_owned(),
            U256::from(200_000_000_000_000_002u64)
        )
    );
    let batch = common::abi_vectors()
        .into_iter()
        .find(|v| v["id"] == "batch_eth_04")
        .unwrap();
    let mut input = batch["input"].clone();
    input["network"] = json!("base");
    let error = CallSpec::from_value(&input).unwrap().answer().unwrap_err();
    assert!(
        error.to_string().contains("BatchPayments"),
        "no legacy batch on Base: {error}"
    );
    input["network"] = json!("mainnet");
    let error = CallSpec::from_value(&input).unwrap().answer().unwrap_err();
    assert!(
        error.to_string().starts_with("batchFee: missing"),
        "the batch fee rate is an explicit input: {error}"
    );
    input["batchFee"] = json!("0");
    assert_eq!(
        answer(input.clone()).1,
        U256::from(2004u64),
        "Σ(amount + fee)"
    );
    input["batchFee"] = json!("10");
    assert_eq!(
        answer(input).1,
        U256::from(2000u64 + 4 + 20),
        "Request Network's own test: 2000 + 24 (fees 2 + 2, 1 % of 2000)"
    );
    let conv = common::abi_vectors()
        .into_iter()
        .find(|v| v["id"] == "batch_conv_payments_01")
        .unwrap();
    let mut input = conv["input"].clone();
    input["network"] = json!("mainnet");
    input["batchFee"] = json!("0");
    let native_group: U256 = conv["input"]["metaDetails"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["paymentNetworkId"] == "3")
        .flat_map(|g| g["requests"].as_array().unwrap().iter())
        .map(|r| {
            r["requestAmount"]
                .as_str()
                .unwrap()
                .parse::<U256>()
                .unwrap()
                + r["feeAmount"].as_str().unwrap().parse::<U256>().unwrap()
        })
        .fold(U256::ZERO, |a, b| a + b);
    assert!(!native_group.is_zero());
    assert_eq!(
        answer(input),
        (
            "0x3cF63891928B8CeebB81C95426600a18cd59C03f".to_owned(),
            native_group
        )
    );
}

#[test]
fn tron_network_takes_base58_answers_base58_and_refuses_batches() {
    let input = json!({"kind":"erc20_fee","network":"tron","token":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","to":"TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE","amount":"1000000","reference":"0x1a2b3c4d5e6f7081","feeAmount":"0","feeAddress":"TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs"});
    let Answer::Call { data, to, value } = CallSpec::from_value(&input).unwrap().answer().unwrap()
    else {
        panic!()
    };
    assert_eq!(
        to.unwrap().to_string(),
        "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd"
    );
    assert_eq!(value, Some(U256::ZERO));
    assert!(
        data.to_string()
            .contains("a614f803b6fd780986a42c78ec9c7f77e6ded13c"),
        "the token's 20-byte body"
    );
    let evm_on_tron = json!({"kind":"erc20_fee","network":"tron","token":"0xa614f803b6fd780986a42c78ec9c7f77e6ded13c","to":"TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE","amount":"1","reference":"0x","feeAmount":"0","feeAddress":"TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs"});
    assert!(
        CallSpec::from_value(&evm_on_tron)
            .unwrap_err()
            .to_string()
            .starts_with("token:")
    );
    let batch = json!({"kind":"batch_erc20","network":"tron","token":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","payees":[],"feeAddress":"TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs"});
    assert_eq!(
        CallSpec::from_value(&batch).unwrap_err().to_string(),
        "Batch payments are not supported for TRON networks. Please submit individual payment requests."
    );
    let native = json!({"kind":"eth_fee_exact","network":"tron","to":"TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE","amount":"1","reference":"0x","feeAmount":"0","feeAddress":"TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs"});
    assert!(CallSpec::from_value(&native).is_err());
}

#[test]
fn descriptions_reject_unknown_fields_and_misplaced_ones() {
    let typo = json!({"kind":"erc20_approve","spender":"0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9","amount":"1","ammount":"2"});
    let error = CallSpec::from_value(&typo).unwrap_err().to_string();
    assert!(error.starts_with("unknown field `ammount`"), "{error}");
    let unknown_kind = CallSpec::from_value(&json!({"kind": "erc20_fees"})).unwrap_err();
    assert!(
        unknown_kind
            .to_string()
            .starts_with("unknown variant `erc20_fees`"),
        "{unknown_kind}"
    );
    let missing =
        CallSpec::from_value(&json!({"kind": "erc20_approve", "amount": "1"})).unwrap_err();
    assert_eq!(missing.to_string(), "missing field `spender`");
    let twice_kind = r#"{"kind":"eip55","kind":"tron_address","address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"}"#;
    assert!(
        CallSpec::from_str(twice_kind)
            .unwrap_err()
            .to_string()
            .contains("duplicate field `kind`")
    );
    let twice_field =
        r#"{"kind":"eip55","address":"0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed","address":"x"}"#;
    assert!(
        CallSpec::from_str(twice_field)
            .unwrap_err()
            .to_string()
            .contains("duplicate field `address`")
    );
    let nested = json!({"kind":"batch_eth","payees":[{"to":"0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9","amount":"1","reference":"0x01","feeAmount":"0","colour":"red"}],"feeAddress":"0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9"});
    assert!(
        CallSpec::from_value(&nested)
            .unwrap_err()
            .to_string()
            .starts_with("unknown field `colour`")
    );
    let bad_payee = json!({"kind":"batch_eth","payees":[{"to":"0x12","amount":"1","reference":"0x01","feeAmount":"0"}],"feeAddress":"0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9"});
    assert!(
        CallSpec::from_value(&bad_payee)
            .unwrap_err()
            .to_string()
            .starts_with("payees[0].to:")
    );
    let token_without_network = json!({"kind":"erc20_approve","spender":"0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9","amount":"1","token":"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"});
    assert!(
        CallSpec::from_value(&token_without_network)
            .unwrap_err()
            .to_string()
            .starts_with("token:")
    );
    let nested = json!({"kind":"batch_eth","payees":[{"to":"0x70eD3C31BE06Fbd7b7e17228C4048abd53C41B96","amount":"x","reference":"0x","feeAmount":"0"}],"feeAddress":"0x0000000000000000000000000000000000000000"});
    assert!(
        CallSpec::from_value(&nested)
            .unwrap_err()
            .to_string()
            .starts_with("payees[0].amount:")
    );
    assert!(CallSpec::from_value(&json!({"kind":"nope"})).is_err());
    assert!(CallSpec::from_value(&json!([1, 2])).is_err());
}

#[test]
fn kinds_without_a_vector_encode_as_sol_does() {
    use alloy_primitives::{Address, Bytes, U256, address};
    use alloy_sol_types::SolCall;
    use securepay::calldata::spec::Answer;
    use securepay::contracts::abi::{IERC20, IEthConversionProxy};

    let to = address!("0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9");
    let transfer = json!({"kind": "erc20_transfer", "to": to.to_string(), "amount": "0x10"});
    let Answer::Call { data, .. } = CallSpec::from_value(&transfer).unwrap().answer().unwrap()
    else {
        panic!("a call")
    };
    let expected = IERC20::transferCall {
        to,
        amount: U256::from(16u8),
    }
    .abi_encode();
    assert_eq!(data, Bytes::from(expected));

    let fee_to = address!("0x9795d480C2C50392A4714A0F468059C6448DeCe2");
    let usd = address!("0x775eb53d00dd0acd3ec1696472105d579b9b386b");
    let conversion = json!({"kind": "eth_conversion", "network": "mainnet", "to": to.to_string(),
        "requestAmount": "1000", "path": [usd.to_string(), "0x0000000000000000000000000000000000000000"],
        "reference": "0xe23a6b02059c2b30", "feeAmount": "2", "feeAddress": fee_to.to_string(),
        "maxRateTimespan": "0", "maxToSpend": "123456"});
    let Answer::Call { data, value, .. } =
        CallSpec::from_value(&conversion).unwrap().answer().unwrap()
    else {
        panic!("a call")
    };
    let expected = IEthConversionProxy::transferWithReferenceAndFeeCall {
        _to: to,
        _requestAmount: U256::from(1000u16),
        _path: vec![usd, Address::ZERO],
        _paymentReference: Bytes::from(vec![0xe2, 0x3a, 0x6b, 0x02, 0x05, 0x9c, 0x2b, 0x30]),
        _feeAmount: U256::from(2u8),
        _feeAddress: fee_to,
        _maxRateTimespan: U256::ZERO,
    }
    .abi_encode();
    assert_eq!(data, Bytes::from(expected));
    assert_eq!(value, Some(U256::from(123_456u32))); // maxToSpend is the value sent
    let mut without_network = conversion.clone();
    without_network.as_object_mut().unwrap().remove("network");
    assert!(
        CallSpec::from_value(&without_network)
            .unwrap_err()
            .to_string()
            .starts_with("maxToSpend: only meaningful with network")
    );
    let mut without_max = conversion;
    without_max.as_object_mut().unwrap().remove("maxToSpend");
    assert!(
        CallSpec::from_value(&without_max)
            .unwrap_err()
            .to_string()
            .starts_with("maxToSpend: missing")
    );
}
