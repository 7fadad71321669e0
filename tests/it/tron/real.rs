//! Real transactions, built by java-tron nodes and TronWeb (`tests/data/tron/`, each one's
//! source in its README): a TRX transfer keeps its `08 01` (contract type 1) through the
//! strict decoder and is refused as `tron_contract_type`; a contract without a type field
//! is an `AccountCreateContract` (type 0), not a TRX transfer; a TRC-20 call decodes.

use super::{raw_json, response_of_call, tron_codes, tron_payment};
use crate::common;
use alloy_primitives::{B256, Signature, hex};
use prost::Message;
use securepay::address::TronAddress;
use securepay::tron::proto::{
    self, ContractType, Raw, TRANSFER_CONTRACT_URL, TRIGGER_SMART_CONTRACT_URL, TransferContract,
    TriggerSmartContract,
};
use securepay::tron::{TronTransaction, address_of};
use securepay::verify::{Expectation, FindingCode, Verdict, Verifier};
use serde_json::{Value, json};
use sha2::Digest;

fn read(name: &str) -> String {
    std::fs::read_to_string(common::data_path(&format!("tron/{name}"))).unwrap()
}

fn json_file(name: &str) -> Value {
    serde_json::from_str(&read(name)).unwrap()
}

fn sha256(bytes: &[u8]) -> B256 {
    B256::from(<[u8; 32]>::from(sha2::Sha256::digest(bytes)))
}

/// `protocol.Transaction` (`core/Tron.proto`): the signed bytes and their signatures.
#[derive(Clone, PartialEq, Message)]
struct SignedTransaction {
    #[prost(message, optional, tag = "1")]
    raw_data: Option<Raw>,
    #[prost(bytes = "vec", repeated, tag = "2")]
    signature: Vec<Vec<u8>>,
}

/// A real TRX transfer: its signed bytes, its signatures, and what it moves.
struct Transfer {
    name: &'static str,
    raw: Vec<u8>,
    signatures: Vec<Vec<u8>>,
    owner: &'static str,
    to: &'static str,
    amount: i64,
    /// Whether its signatures recover to its owner over its id.
    signed_by_owner: bool,
}

fn transfers() -> Vec<Transfer> {
    let from_json = |name: &'static str, owner, to, amount, signed_by_owner| {
        let v = json_file(name);
        Transfer {
            name,
            raw: hex::decode(v["raw_data_hex"].as_str().unwrap()).unwrap(),
            signatures: v["signature"]
                .as_array()
                .map(|s| {
                    s.iter()
                        .map(|s| hex::decode(s.as_str().unwrap()).unwrap())
                        .collect()
                })
                .unwrap_or_default(),
            owner,
            to,
            amount,
            signed_by_owner,
        }
    };
    // TronWeb's is a whole `protocol.Transaction`: `0a`, the length, the signed bytes, then
    // `12 41` and each signature.
    let whole = hex::decode(read("trx-transfer-tronweb.hex").trim()).unwrap();
    let signed: SignedTransaction = proto::decode_strict("Transaction", &whole).unwrap();
    assert_eq!(&whole[..3], [0x0a, 0x85, 0x01]); // field 1, 133 bytes
    let tronweb = Transfer {
        name: "trx-transfer-tronweb.hex",
        raw: whole[3..3 + 133].to_vec(),
        signatures: signed.signature.clone(),
        owner: "41fbbb1a37f9fbc18a3e2b8fd8c0823251cd3b8ee8",
        to: "41af4852489314e72ffae825238c52d0e1ffff1ead",
        amount: 1_000_000,
        signed_by_owner: true,
    };
    assert_eq!(signed.raw_data.unwrap().encode_to_vec(), tronweb.raw);
    vec![
        from_json(
            "trx-transfer-java-tron.json",
            "41c076305e35aea1fe45a772fcaaab8a36e87bdb55",
            "415624c12e308b03a1a6b21d9b86e3942fac1ab92b",
            10,
            // java-tron's test only packs it: its signature is by another key.
            false,
        ),
        tronweb,
        from_json(
            "trx-transfer-tron-docs.json",
            "41dd791d6b49e190062d650e6a23c575510d35f2f9",
            "4192ad11c1bf16b3b14b0bd6b5c7e2db73a0b5e83a",
            1_000_000,
            true, // unsigned
        ),
    ]
}

#[test]
fn a_real_trx_transfer_decodes_strictly_with_its_type() {
    for t in transfers() {
        let name = t.name;
        let raw = proto::decode_raw(&t.raw).unwrap_or_else(|e| panic!("{name}: {e}"));
        // Byte for byte: the `08 01` of the contract type is kept.
        assert_eq!(raw.encode_to_vec(), t.raw, "{name}");
        assert!(
            t.raw.windows(4).any(|w| w[2..] == [0x08, 0x01]),
            "{name}: the type is written"
        );
        let [contract] = raw.contract.as_slice() else {
            panic!("{name}: one contract")
        };
        assert_eq!(contract.r#type, 1, "{name}");
        assert_eq!(contract.r#type(), ContractType::TransferContract, "{name}");
        let any = contract.parameter.as_ref().unwrap();
        assert_eq!(any.type_url, TRANSFER_CONTRACT_URL, "{name}");
        let transfer: TransferContract =
            proto::decode_strict("TransferContract", &any.value).unwrap();
        assert_eq!(hex::encode(&transfer.owner_address), t.owner, "{name}");
        assert_eq!(hex::encode(&transfer.to_address), t.to, "{name}");
        assert_eq!(transfer.amount, t.amount, "{name}");
        assert_eq!(raw.fee_limit, 0, "{name}");
        // Each signature recovers to a key over sha256 of the signed bytes: the owner's for
        // the transactions it signed.
        let id = sha256(&t.raw);
        let owner = address_of(&transfer.owner_address).unwrap();
        for signature in &t.signatures {
            let signature = Signature::from_raw(signature).unwrap();
            let signer = signature.recover_address_from_prehash(&id).unwrap();
            assert_eq!(
                TronAddress::from_abi(signer) == owner,
                t.signed_by_owner,
                "{name}"
            );
        }
    }
}

#[test]
fn the_published_json_transactions_carry_their_id() {
    for name in [
        "trx-transfer-java-tron.json",
        "trx-transfer-tron-docs.json",
        "trc20-transfer-tron-docs.json",
    ] {
        let tx = TronTransaction::from_value(&json_file(name)).unwrap();
        assert!(tx.tx_id_matches(), "{name}");
        assert_eq!(tx.tx_id(), sha256(tx.raw_data_hex()), "{name}");
        assert!(tx.signed_raw().is_ok(), "{name}");
    }
}

/// The Tron payment's response and what its payer (`owner`, `41…` hex) agreed to, with a cap.
fn agreed(owner: &str) -> (securepay::pay::PayResponse, Expectation) {
    let (response, expectation, _) = tron_payment();
    let mut e = serde_json::to_value(&expectation).unwrap();
    e["payer"] = json!(TronAddress::from_hex(owner).unwrap().to_base58());
    (response, Expectation::from_str(&e.to_string()).unwrap())
}

fn contract_type_finding(verdict: &Verdict) -> &securepay::verify::Finding {
    verdict
        .findings
        .iter()
        .find(|f| f.code == FindingCode::TronContractType)
        .unwrap_or_else(|| panic!("{verdict}"))
}

#[test]
fn a_real_trx_transfer_is_refused_as_tron_contract_type() {
    for t in transfers() {
        let name = t.name;
        let value = match name {
            "trx-transfer-tronweb.hex" => {
                // What TronWeb shows for these bytes.
                let raw = proto::decode_raw(&t.raw).unwrap();
                json!({"visible": false, "txID": hex::encode(sha256(&t.raw)),
                    "raw_data": raw_json(&raw), "raw_data_hex": hex::encode(&t.raw),
                    "signature": t.signatures.iter().map(hex::encode).collect::<Vec<_>>()})
            }
            _ => json_file(name),
        };
        let tx = TronTransaction::from_value(&value).unwrap();
        let (response, expectation) = agreed(t.owner);
        let verdict = Verifier::builtin().verify_tron(&response, &expectation, &tx);
        let expected: &[FindingCode] = match name {
            // Its raw_data names the type `TransferContract11111`: not a transaction shown.
            "trx-transfer-java-tron.json" => &[
                FindingCode::TronTransactionUnreadable,
                FindingCode::TronContractType,
            ],
            // What is shown is what is signed: no "not the one signed", no "not canonical".
            _ => &[FindingCode::TronContractType],
        };
        assert_eq!(tron_codes(&verdict), expected, "{name}: {verdict}");
        let finding = contract_type_finding(&verdict);
        assert_eq!(
            finding.details.field.as_deref(),
            Some("TransferContract"),
            "{name}"
        );
        assert!(
            finding.message().contains("TransferContract"),
            "{}",
            finding.message()
        );
        assert!(!verdict.is_safe(), "{name}");
        assert!(
            Verifier::builtin()
                .signed_tron(&response, &expectation, tx)
                .is_err(),
            "{name}"
        );
    }
}

#[test]
fn a_contract_without_a_type_field_is_not_a_trx_transfer() {
    let shown = json_file("trx-transfer-tron-docs.json");
    let bytes = hex::decode(shown["raw_data_hex"].as_str().unwrap()).unwrap();
    // `5a 67` (field 11, 103 bytes) `08 01` (type 1) `12 63` …: drop the type.
    let at = bytes
        .windows(4)
        .position(|w| w == [0x5a, 0x67, 0x08, 0x01])
        .unwrap();
    let mut untyped = bytes[..at].to_vec();
    untyped.extend_from_slice(&[0x5a, 0x65]);
    untyped.extend_from_slice(&bytes[at + 4..]);
    let raw = proto::decode_raw(&untyped).unwrap();
    assert_eq!(raw.encode_to_vec(), untyped);
    assert_eq!(raw.contract[0].r#type, 0);
    assert_eq!(
        raw.contract[0].r#type(),
        ContractType::AccountCreateContract
    );
    assert_ne!(raw.contract[0].r#type(), ContractType::TransferContract);
    assert_eq!(
        proto::Contract::default().r#type,
        0,
        "an absent type is type 0"
    );
    // Signed as those bytes, shown as the TRX transfer.
    let mut value = shown.clone();
    value["raw_data_hex"] = json!(hex::encode(&untyped));
    value["txID"] = json!(hex::encode(sha256(&untyped)));
    let tx = TronTransaction::from_value(&value).unwrap();
    let (response, expectation) = agreed("41dd791d6b49e190062d650e6a23c575510d35f2f9");
    let verdict = Verifier::builtin().verify_tron(&response, &expectation, &tx);
    assert_eq!(
        tron_codes(&verdict),
        [
            FindingCode::TronRawDataMismatch,
            FindingCode::TronContractType
        ],
        "{verdict}"
    );
    assert_eq!(
        contract_type_finding(&verdict).details.field.as_deref(),
        Some("AccountCreateContract")
    );
}

#[test]
fn every_declared_contract_type_round_trips_and_only_a_call_passes() {
    // `Transaction.Contract.ContractType` of tronprotocol/protocol's `core/Tron.proto`.
    let declared = [
        0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 30, 31, 32, 33, 41,
        42, 43, 44, 45, 46, 48, 49, 51, 52, 53, 54, 55, 56, 57, 58, 59,
    ];
    for number in declared.into_iter().chain([7, 21, 60, 1_000, -1]) {
        let contract = proto::Contract {
            r#type: number,
            parameter: None,
        };
        let bytes = contract.encode_to_vec();
        assert_eq!(bytes.is_empty(), number == 0, "{number}");
        let back: proto::Contract = proto::decode_strict("Contract", &bytes).unwrap();
        assert_eq!(back.r#type, number);
        assert_eq!(
            ContractType::try_from(number).is_ok(),
            declared.contains(&number),
            "{number}"
        );
    }
    assert_eq!(ContractType::TriggerSmartContract as i32, 31);
    assert_eq!(ContractType::TransferContract as i32, 1);
}

#[test]
fn a_real_trc20_call_decodes() {
    let published = json_file("trc20-transfer-tron-docs.json");
    let bytes = hex::decode(published["raw_data_hex"].as_str().unwrap()).unwrap();
    let raw = proto::decode_raw(&bytes).unwrap();
    assert_eq!(raw.encode_to_vec(), bytes);
    assert_eq!(raw.fee_limit, 100_000_000); // 100 TRX
    let [contract] = raw.contract.as_slice() else {
        panic!("one contract")
    };
    assert_eq!(contract.r#type(), ContractType::TriggerSmartContract);
    let any = contract.parameter.as_ref().unwrap();
    assert_eq!(any.type_url, TRIGGER_SMART_CONTRACT_URL);
    let call: TriggerSmartContract =
        proto::decode_strict("TriggerSmartContract", &any.value).unwrap();
    let owner = "41dd791d6b49e190062d650e6a23c575510d35f2f9";
    let token = "41eca9bc828a3005b9a3b909f2cc5c2a54794de05f";
    assert_eq!(hex::encode(&call.owner_address), owner);
    assert_eq!(hex::encode(&call.contract_address), token);
    assert_eq!(
        (call.call_value, call.call_token_value, call.token_id),
        (0, 0, 0)
    );
    let data = hex::encode(&call.data);
    assert_eq!(
        data,
        "a9059cbb000000000000000000000000088a2bfcb1c7271029fd69a66859d55560895884\
         0000000000000000000000000000000000000000000000000000000000000064"
    );

    // Checked against a response holding that call: the published raw_data writes the
    // calldata with one digit too many, so what it shows is not read.
    let to = TronAddress::from_hex(token).unwrap().to_base58();
    let response = response_of_call(&to, &format!("0x{data}"));
    let (_, expectation) = agreed(owner);
    let tx = TronTransaction::from_value(&published).unwrap();
    let verdict = Verifier::builtin().verify_tron(&response, &expectation, &tx);
    assert_eq!(
        tron_codes(&verdict),
        [FindingCode::TronTransactionUnreadable],
        "{verdict}"
    );
    // With raw_data showing the calldata signed, what is shown is what is signed.
    let mut shown = published.clone();
    shown["raw_data"]["contract"][0]["parameter"]["value"]["data"] = json!(data);
    let tx = TronTransaction::from_value(&shown).unwrap();
    assert_eq!(tx.shown_raw().unwrap().encode_to_vec(), bytes);
    let verdict = Verifier::builtin().verify_tron(&response, &expectation, &tx);
    assert!(tron_codes(&verdict).is_empty(), "{verdict}");
    // Its 100 TRX fee limit is within the agreed 300 TRX; a cap of 50 TRX refuses it.
    let mut strict = serde_json::to_value(&expectation).unwrap();
    strict["maxTronFeeLimit"] = json!("50");
    let strict = Expectation::from_str(&strict.to_string()).unwrap();
    let verdict = Verifier::builtin().verify_tron(&response, &strict, &tx);
    assert_eq!(
        tron_codes(&verdict),
        [FindingCode::TronFeeLimitAboveMax],
        "{verdict}"
    );
}
