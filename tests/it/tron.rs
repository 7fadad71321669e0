//! Tron: what the wallet signs is what was verified. Every line of
//! `vectors/tron-transactions.jsonl` (built and signed by TronWeb) runs through the checks, and
//! transactions built and signed here as a wallet would are refused for each way a node or a
//! page could make the signed bytes differ from the verified call.

use crate::common;

use alloy_primitives::{Address, B256, U256, hex};
use k256::ecdsa::SigningKey;
use prost::Message;
use securepay::address::{ChainAddress, TronAddress};
use securepay::pay::PayResponse;
use securepay::tron::proto::{
    self, Any, Contract, ContractType, Raw, TRANSFER_CONTRACT_URL, TRIGGER_SMART_CONTRACT_URL,
    TransferContract, TriggerSmartContract,
};
use securepay::tron::{TronTransaction, address_bytes};
use securepay::verify::{Expectation, FindingCode, Severity, Verdict, Verifier};
use serde_json::{Value, json};
use sha2::Digest;

fn vectors() -> Vec<Value> {
    std::fs::read_to_string(common::data_path("vectors/tron-transactions.jsonl"))
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn tron_codes(verdict: &Verdict) -> Vec<FindingCode> {
    verdict
        .findings
        .iter()
        .map(|f| f.code)
        .filter(|c| c.as_str().starts_with("tron_"))
        .collect()
}

/// A response whose one transaction is the call `raw_data` shows.
fn response_of_call(to: &str, data: &str) -> PayResponse {
    PayResponse::from_slice(
        json!({"paymentType": "single", "feeBundle": null,
            "metadata": {"stepsRequired": 1, "needsApproval": false, "paymentTransactionIndex": 0},
            "transactions": [{"to": to, "data": data, "value": "0"}]})
        .to_string()
        .as_bytes(),
    )
    .unwrap()
}

fn expectation(payer: &str, max_fee_limit: Option<&str>) -> Expectation {
    let mut e = json!({"network": "tron", "currency": "USDT-tron", "payer": payer,
        "payments": [{"payee": "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", "amount": "1"}]});
    if let Some(max) = max_fee_limit {
        e["maxTronFeeLimit"] = json!(max);
    }
    Expectation::from_str(&e.to_string()).unwrap()
}

/// The owner and the call of a transaction's `raw_data` (hex addresses, `visible: false`).
fn shown_call(tx: &Value) -> (String, String, String) {
    let value = &tx["raw_data"]["contract"][0]["parameter"]["value"];
    let owner = TronAddress::from_hex(value["owner_address"].as_str().unwrap()).unwrap();
    let to = TronAddress::from_hex(value["contract_address"].as_str().unwrap()).unwrap();
    (
        owner.to_base58(),
        to.to_base58(),
        format!("0x{}", value["data"].as_str().unwrap()),
    )
}

#[test]
fn every_vector_passes_or_is_refused_for_its_reason() {
    let vectors = vectors();
    assert_eq!(vectors.len(), 11);
    let mut refused = 0;
    for vector in &vectors {
        let id = vector["id"].as_str().unwrap();
        let tx = TronTransaction::from_value(&vector["transaction"]).unwrap();
        let (shown_owner, to, data) = shown_call(&vector["transaction"]);
        let owner = vector["owner"].as_str().unwrap_or(&shown_owner);
        let response = match vector.get("call") {
            Some(call) => {
                assert_eq!(call["to"], to.as_str(), "{id}: the call is the one shown");
                response_of_call(call["to"].as_str().unwrap(), call["data"].as_str().unwrap())
            }
            None => response_of_call(&to, &data),
        };
        // The vectors' fee limits go up to 450 TRX: agreed here (no cap is a cap of zero).
        let verdict =
            Verifier::builtin().verify_tron(&response, &expectation(owner, Some("450")), &tx);
        let codes = tron_codes(&verdict);
        match id {
            // The hex is another transaction: its id, its call and the signature over the id
            // shown do not match it either.
            "tron_tx_reject_hex_mismatch" => {
                assert!(
                    codes.contains(&FindingCode::TronRawDataMismatch),
                    "{id}: {verdict}"
                )
            }
            "tron_tx_reject_txid" => assert_eq!(codes, [FindingCode::TronTxIdMismatch], "{id}"),
            "tron_tx_reject_signature" => assert_eq!(codes, [FindingCode::TronSignature], "{id}"),
            _ => {
                assert!(codes.is_empty(), "{id}: {verdict}");
                // The vector's key signs for its owner.
                let key = SigningKey::from_slice(
                    &hex::decode(vector["testPrivateKey"].as_str().unwrap()).unwrap(),
                )
                .unwrap();
                assert_eq!(
                    TronAddress::from_abi(Address::from_private_key(&key)).to_base58(),
                    owner,
                    "{id}"
                );
                assert_eq!(tx.signed_raw().unwrap(), tx.shown_raw().unwrap(), "{id}");
            }
        }
        if vector["reject"] == true {
            refused += 1;
            assert!(!codes.is_empty(), "{id} must be refused");
        }
    }
    assert_eq!(refused, 3);
}

/// A wallet: its key and its Tron address.
struct Wallet {
    key: SigningKey,
    address: TronAddress,
}

fn wallet(seed: u8) -> Wallet {
    let key = SigningKey::from_slice(&[seed; 32]).unwrap();
    let address = TronAddress::from_abi(Address::from_private_key(&key));
    Wallet { key, address }
}

fn trigger(owner: &TronAddress, to: &ChainAddress, data: &[u8], call_value: i64) -> Contract {
    let ChainAddress::Tron(to) = to else {
        panic!("a Tron target")
    };
    let call = TriggerSmartContract {
        owner_address: address_bytes(owner).to_vec(),
        contract_address: address_bytes(to).to_vec(),
        call_value,
        data: data.to_vec(),
        call_token_value: 0,
        token_id: 0,
    };
    Contract {
        r#type: ContractType::TriggerSmartContract as i32,
        parameter: Some(Any {
            type_url: TRIGGER_SMART_CONTRACT_URL.into(),
            value: call.encode_to_vec(),
        }),
    }
}

fn raw(contracts: Vec<Contract>, fee_limit: i64) -> Raw {
    Raw {
        ref_block_bytes: vec![0x3f, 0x7a],
        ref_block_num: 0,
        ref_block_hash: hex::decode("64a1ae3b319e0048").unwrap(),
        expiration: 1_792_400_060_000,
        contract: contracts,
        timestamp: 1_792_400_000_000,
        fee_limit,
    }
}

/// `raw_data` as TronWeb shows it (hex addresses).
fn raw_json(raw: &Raw) -> Value {
    let contracts: Vec<Value> = raw
        .contract
        .iter()
        .map(|c| {
            let any = c.parameter.as_ref().unwrap();
            match ContractType::try_from(c.r#type).unwrap() {
                ContractType::TriggerSmartContract => {
                    let call = TriggerSmartContract::decode(any.value.as_slice()).unwrap();
                    let mut value = json!({"data": hex::encode(&call.data),
                        "owner_address": hex::encode(&call.owner_address),
                        "contract_address": hex::encode(&call.contract_address)});
                    if call.call_value != 0 {
                        value["call_value"] = json!(call.call_value);
                    }
                    json!({"parameter": {"value": value, "type_url": any.type_url}, "type": "TriggerSmartContract"})
                }
                ContractType::TransferContract => {
                    let transfer = TransferContract::decode(any.value.as_slice()).unwrap();
                    json!({"parameter": {"value": {"owner_address": hex::encode(&transfer.owner_address),
                        "to_address": hex::encode(&transfer.to_address), "amount": transfer.amount},
                        "type_url": any.type_url}, "type": "TransferContract"})
                }
                other => panic!("raw_data of a {other:?} is not shown here"),
            }
        })
        .collect();
    json!({"contract": contracts, "ref_block_bytes": hex::encode(&raw.ref_block_bytes),
        "ref_block_hash": hex::encode(&raw.ref_block_hash), "expiration": raw.expiration,
        "fee_limit": raw.fee_limit, "timestamp": raw.timestamp})
}

fn sign(bytes: &[u8], key: &SigningKey) -> String {
    let id: [u8; 32] = sha2::Sha256::digest(bytes).into();
    let (signature, recovery) = key.sign_prehash_recoverable(&id).unwrap();
    let mut out = signature.to_bytes().to_vec();
    out.push(27 + recovery.to_byte());
    hex::encode(out)
}

/// TronWeb's JSON for `shown` (what the person sees) signed as `signed` bytes by `signers`.
fn tronweb(shown: &Raw, signed: &[u8], signers: &[&SigningKey]) -> Value {
    let id: [u8; 32] = sha2::Sha256::digest(signed).into();
    json!({"visible": false, "txID": hex::encode(id), "raw_data": raw_json(shown),
        "raw_data_hex": hex::encode(signed),
        "signature": signers.iter().map(|k| sign(signed, k)).collect::<Vec<_>>()})
}

/// A transaction of `contracts` whose `raw_data` shows exactly what `signers` sign.
fn signed(contracts: Vec<Contract>, fee_limit: i64, signers: &[&SigningKey]) -> Value {
    let r = raw(contracts, fee_limit);
    tronweb(&r, &r.encode_to_vec(), signers)
}

fn tx(value: Value) -> TronTransaction {
    TronTransaction::from_value(&value).unwrap()
}

/// A Tron payment (approval and payment) with its expectation, and the payer's wallet.
fn tron_payment() -> (PayResponse, Expectation, Wallet) {
    use securepay::currency::Catalog;
    use securepay::pay::{ApprovalPlan, PaymentPlan, PlannedPayment};
    let payer = wallet(7);
    let plan = PaymentPlan {
        network: securepay::network::Network::Tron,
        currency: Catalog::builtin().get("USDT-tron").unwrap().clone(),
        payments: vec![PlannedPayment {
            request_id: "req0".into(),
            secure_payment_token: Some("01JD3E6JD46KY4KKV7X9V0MZ7W".parse().unwrap()),
            payee: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE".parse().unwrap(),
            amount: U256::from(5_000_000u64),
            reference: securepay::calldata::PaymentReference::new([9; 8]),
        }],
        fees: vec![],
        approval: ApprovalPlan::Exact,
        smart_account: None,
        parent_token: Some("01JD3E6JD46KY4KKV7X9V0MZ00".parse().unwrap()),
        bundle_id: None,
    };
    let mut e = serde_json::to_value(Expectation::for_plan(&plan).unwrap()).unwrap();
    e["payer"] = json!(payer.address.to_base58());
    e["maxTronFeeLimit"] = json!("300");
    (
        plan.build().unwrap(),
        Expectation::from_str(&e.to_string()).unwrap(),
        payer,
    )
}

fn calls(response: &PayResponse) -> Vec<securepay::transaction::Transaction> {
    let PayResponse::Single(single) = response else {
        panic!("single")
    };
    single.transactions.clone()
}

#[test]
fn the_approval_and_the_payment_signed_by_the_payer_pass_and_can_be_broadcast() {
    let (response, expectation, payer) = tron_payment();
    let txs = calls(&response);
    assert_eq!(txs.len(), 2);
    for (call, fee_limit) in txs.iter().zip([100_000_000, 300_000_000]) {
        let raw = raw(
            vec![trigger(&payer.address, &call.to, &call.data, 0)],
            fee_limit,
        );
        let signed = tronweb(&raw, &raw.encode_to_vec(), &[&payer.key]);
        let verdict = Verifier::builtin().verify_tron(&response, &expectation, &tx(signed.clone()));
        assert!(verdict.is_safe(), "{verdict}");
        // Nothing but the worst case of USDT on Tron: no fact proves it takes no fee.
        assert!(
            verdict
                .findings
                .iter()
                .all(|f| f.code == FindingCode::TokenBehaviour),
            "{verdict}"
        );
        let line = verdict.summary.to_lines().pop().unwrap();
        assert!(line.starts_with("Tron transaction 0x"), "{line}");
        assert!(
            line.contains(&format!("fee limit {} TRX", fee_limit / 1_000_000)),
            "{line}"
        );
        assert!(line.contains("expires at 1792400060000 ms"), "{line}");
        let checked = Verifier::builtin()
            .signed_tron(&response, &expectation, tx(signed))
            .unwrap();
        assert!(!checked.transaction().signatures().is_empty());
        // Unsigned, it verifies, but there is nothing to broadcast.
        let unsigned = tronweb(&raw, &raw.encode_to_vec(), &[]);
        assert!(
            Verifier::builtin()
                .verify_tron(&response, &expectation, &tx(unsigned.clone()))
                .is_safe()
        );
        let refused = Verifier::builtin()
            .signed_tron(&response, &expectation, tx(unsigned))
            .unwrap_err();
        assert_eq!(tron_codes(&refused), [FindingCode::TronSignature]);
    }
}

/// Each tampering of the payment transaction is refused with its code.
#[test]
fn each_tampering_is_refused_with_its_finding() {
    let (response, expectation, payer) = tron_payment();
    let pay = calls(&response)[1].clone();
    let approve = calls(&response)[0].clone();
    let stranger = wallet(9);
    let good = raw(
        vec![trigger(&payer.address, &pay.to, &pay.data, 0)],
        300_000_000,
    );
    let mut swapped_payee = pay.data.to_vec();
    // The payee is the second argument: its last byte.
    swapped_payee[4 + 63] ^= 0x01;
    let transfer = Contract {
        r#type: ContractType::TransferContract as i32,
        parameter: Some(Any {
            type_url: TRANSFER_CONTRACT_URL.into(),
            value: TransferContract {
                owner_address: address_bytes(&payer.address).to_vec(),
                to_address: address_bytes(&stranger.address).to_vec(),
                amount: 1_000_000,
            }
            .encode_to_vec(),
        }),
    };
    let more_fee = {
        let mut r = good.clone();
        r.fee_limit = 1_000_000_000;
        r
    };
    let cases: Vec<(&str, Value, Vec<FindingCode>)> = vec![
        (
            "a swapped contract",
            signed(
                vec![trigger(
                    &payer.address,
                    &ChainAddress::Tron(stranger.address),
                    &pay.data,
                    0,
                )],
                300_000_000,
                &[&payer.key],
            ),
            vec![FindingCode::TronCallNotInResponse],
        ),
        (
            "a swapped payee in data",
            signed(
                vec![trigger(&payer.address, &pay.to, &swapped_payee, 0)],
                300_000_000,
                &[&payer.key],
            ),
            vec![FindingCode::TronCallNotInResponse],
        ),
        (
            "TRX sent with the call",
            signed(
                vec![trigger(&payer.address, &pay.to, &pay.data, 5_000_000)],
                300_000_000,
                &[&payer.key],
            ),
            vec![FindingCode::TronCallValue],
        ),
        (
            "another owner, signing for itself",
            signed(
                vec![trigger(&stranger.address, &pay.to, &pay.data, 0)],
                300_000_000,
                &[&stranger.key],
            ),
            vec![FindingCode::TronOwner],
        ),
        (
            "raw_data showing the payment, raw_data_hex the approval",
            {
                let other = raw(
                    vec![trigger(&payer.address, &approve.to, &approve.data, 0)],
                    300_000_000,
                );
                tronweb(&good, &other.encode_to_vec(), &[&payer.key])
            },
            // The approval is a transaction of the response: what is refused is the disguise.
            vec![FindingCode::TronRawDataMismatch],
        ),
        (
            "raw_data showing a lower fee limit than signed",
            tronweb(&good, &more_fee.encode_to_vec(), &[&payer.key]),
            vec![
                FindingCode::TronRawDataMismatch,
                FindingCode::TronFeeLimitAboveMax,
            ],
        ),
        (
            "a wrong txID",
            {
                let mut v = tronweb(&good, &good.encode_to_vec(), &[&payer.key]);
                v["txID"] = json!(hex::encode(B256::repeat_byte(7)));
                v
            },
            vec![FindingCode::TronTxIdMismatch],
        ),
        (
            "two contracts",
            signed(
                vec![
                    trigger(&payer.address, &pay.to, &pay.data, 0),
                    transfer.clone(),
                ],
                300_000_000,
                &[&payer.key],
            ),
            vec![FindingCode::TronContractCount],
        ),
        (
            "a TransferContract",
            signed(vec![transfer.clone()], 300_000_000, &[&payer.key]),
            vec![FindingCode::TronContractType],
        ),
        (
            "a fee limit above the cap",
            tronweb(&more_fee, &more_fee.encode_to_vec(), &[&payer.key]),
            vec![FindingCode::TronFeeLimitAboveMax],
        ),
        (
            "a foreign signature",
            tronweb(&good, &good.encode_to_vec(), &[&payer.key, &stranger.key]),
            vec![FindingCode::TronSignature],
        ),
        (
            "a call that is not in the pay response (an approval of more)",
            {
                let mut data = approve.data.to_vec();
                let last = data.len() - 1;
                data[last] = data[last].wrapping_add(1);
                signed(
                    vec![trigger(&payer.address, &approve.to, &data, 0)],
                    100_000_000,
                    &[&payer.key],
                )
            },
            vec![FindingCode::TronCallNotInResponse],
        ),
    ];
    for (name, value, expected) in cases {
        let verdict = Verifier::builtin().verify_tron(&response, &expectation, &tx(value.clone()));
        assert_eq!(tron_codes(&verdict), expected, "{name}: {verdict}");
        assert!(!verdict.is_safe(), "{name}");
        assert!(
            verdict
                .findings
                .iter()
                .filter(|f| f.code.as_str().starts_with("tron_"))
                .all(|f| f.severity == Severity::Danger),
            "{name}"
        );
        assert!(
            Verifier::builtin()
                .signed_tron(&response, &expectation, tx(value))
                .is_err(),
            "{name}"
        );
    }
}

#[test]
fn the_signed_bytes_are_read_strictly() {
    let (response, expectation, payer) = tron_payment();
    let pay = calls(&response)[1].clone();
    let good = raw(
        vec![trigger(&payer.address, &pay.to, &pay.data, 0)],
        300_000_000,
    );
    let bytes = good.encode_to_vec();
    assert_eq!(proto::decode_raw(&bytes).unwrap(), good);
    // A memo (field 10), an authority (field 9), trailing garbage, a field given twice.
    let mut memo = bytes.clone();
    memo.extend_from_slice(&[0x52, 0x02, 0x68, 0x69]);
    let mut auths = bytes.clone();
    auths.extend_from_slice(&[0x4a, 0x00]);
    let mut trailing = bytes.clone();
    trailing.push(0xff);
    let mut twice = bytes.clone();
    twice.extend_from_slice(&[0x90, 0x01, 0x01]); // fee_limit again: 1 SUN
    for (name, signed) in [
        ("memo", memo),
        ("auths", auths),
        ("trailing", trailing),
        ("twice", twice),
    ] {
        assert!(proto::decode_raw(&signed).is_err(), "{name}");
        let value = tronweb(&good, &signed, &[&payer.key]);
        let verdict = Verifier::builtin().verify_tron(&response, &expectation, &tx(value));
        let codes = tron_codes(&verdict);
        assert!(
            codes.contains(&FindingCode::TronTransactionUnreadable),
            "{name}: {verdict}"
        );
        assert!(
            codes.contains(&FindingCode::TronRawDataMismatch),
            "{name}: {verdict}"
        );
    }
    // A field raw_data shows that the model does not know is refused, not ignored.
    let mut shown = tronweb(&good, &bytes, &[&payer.key]);
    shown["raw_data"]["data"] = json!("6869");
    let verdict = Verifier::builtin().verify_tron(&response, &expectation, &tx(shown));
    assert_eq!(
        tron_codes(&verdict),
        [FindingCode::TronTransactionUnreadable]
    );
    // A parameter that is not the strict encoding of its message.
    let mut padded = trigger(&payer.address, &pay.to, &pay.data, 0);
    if let Some(any) = padded.parameter.as_mut() {
        any.value.extend_from_slice(&[0x38, 0x00]); // field 7, undeclared
    }
    let r = raw(vec![padded], 300_000_000);
    let verdict = Verifier::builtin().verify_tron(
        &response,
        &expectation,
        &tx(tronweb(&good, &r.encode_to_vec(), &[&payer.key])),
    );
    assert!(
        tron_codes(&verdict).contains(&FindingCode::TronTransactionUnreadable),
        "{verdict}"
    );
}

#[test]
fn a_tron_payer_is_required_and_the_cap_is_tron_only() {
    let (response, expectation, payer) = tron_payment();
    let pay = calls(&response)[1].clone();
    let good = raw(
        vec![trigger(&payer.address, &pay.to, &pay.data, 0)],
        300_000_000,
    );
    let signed = tronweb(&good, &good.encode_to_vec(), &[&payer.key]);
    let mut without_payer = serde_json::to_value(&expectation).unwrap();
    without_payer.as_object_mut().unwrap().remove("payer");
    assert_eq!(without_payer["maxTronFeeLimit"], "300");
    let without_payer = Expectation::from_str(&without_payer.to_string()).unwrap();
    let verdict = Verifier::builtin().verify_tron(&response, &without_payer, &tx(signed.clone()));
    assert_eq!(tron_codes(&verdict), [FindingCode::TronOwner], "{verdict}");
    let base = json!({"network": "base", "currency": "USDC-base", "maxTronFeeLimit": "1",
        "payments": [{"payee": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "amount": "1"}]});
    let error = Expectation::from_str(&base.to_string()).unwrap_err();
    assert!(error.to_string().contains("maxTronFeeLimit"), "{error}");
    let mut evm = base.clone();
    evm.as_object_mut().unwrap().remove("maxTronFeeLimit");
    let verdict = Verifier::builtin().verify_tron(
        &response,
        &Expectation::from_str(&evm.to_string()).unwrap(),
        &tx(signed),
    );
    assert!(
        tron_codes(&verdict).contains(&FindingCode::TronNetwork),
        "{verdict}"
    );
}

#[test]
fn malformed_transaction_json_is_a_precise_error() {
    for (bad, field) in [
        (
            json!({"txID": "00", "raw_data": {}, "raw_data_hex": ""}),
            "txID",
        ),
        (
            json!({"txID": "11".repeat(32), "raw_data": {}, "raw_data_hex": "zz"}),
            "raw_data_hex",
        ),
        (
            json!({"txID": "11".repeat(32), "raw_data": {}, "raw_data_hex": "", "signature": ["00"]}),
            "signature[0]",
        ),
        (
            json!({"txID": "11".repeat(32), "raw_data": {}, "raw_data_hex": "", "ret": []}),
            "ret",
        ),
    ] {
        let error = TronTransaction::from_value(&bad).unwrap_err().to_string();
        assert!(error.contains(field), "{field}: {error}");
    }
    assert!(
        TronTransaction::from_slice(&vec![b' '; securepay::tron::MAX_TRANSACTION_BYTES + 1])
            .is_err()
    );
}

mod fee_limit;
mod js_numbers;
mod real;
