//! Writes the seed corpus `fuzz/seeds/<target>/` from the crate's published vectors and test
//! data (no instrumentation needed):
//!
//! ```sh
//! cargo +nightly run --manifest-path fuzz/Cargo.toml --example make_seeds
//! ```
//!
//! Inputs framed with selector bytes (`amount`, `calldata_decode`, `webhook`, `policy`) get
//! them here, with the same tables as the targets; the structured `verify_bound` inputs follow
//! `securepay_fuzz::bound`.

use std::fs;
use std::path::{Path, PathBuf};

use alloy_primitives::U256;
use securepay::calldata::Decoder;
use securepay::network::Network;
use securepay::policy::{
    DestinationPolicy, KytPlan, PaymentPolicy, PolicySettings, PolicySnapshot, Screening,
    ScreeningProvider,
};
use securepay::webhook::sign;
use securepay_fuzz::{calldata_targets, verify_cases};
use serde_json::{Value, json};

const WEBHOOK_SECRET: &str = "f3c189a4b5e6d7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2";

struct Seeds {
    root: PathBuf,
    repo: PathBuf,
    /// The targets written so far: each one's directory is emptied before its first seed
    /// (seeds of targets made elsewhere, as `tron_transaction`'s, are kept).
    cleared: std::cell::RefCell<std::collections::BTreeSet<String>>,
}

impl Seeds {
    fn write(&self, target: &str, name: &str, bytes: &[u8]) {
        let dir = self.root.join(target);
        if self.cleared.borrow_mut().insert(target.to_owned()) {
            let _ = fs::remove_dir_all(&dir);
        }
        fs::create_dir_all(&dir).expect("seed directory");
        fs::write(dir.join(name), bytes).expect("seed file");
    }

    fn read(&self, path: &str) -> String {
        fs::read_to_string(self.repo.join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    fn json(&self, path: &str) -> Value {
        serde_json::from_str(&self.read(path)).expect("JSON test data")
    }
}

fn main() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR"));
    let seeds = Seeds {
        root: fuzz.join("seeds"),
        repo: fuzz.join(".."),
        cleared: Default::default(),
    };

    amounts(&seeds);
    addresses(&seeds);
    currencies(&seeds);
    pay(&seeds);
    verify_bound(&seeds);
    calldata(&seeds);
    call_specs(&seeds);
    webhooks(&seeds);
    policies(&seeds);
    detect(&seeds);
}

/// `detect`: byte 0 frames the request (see the target), the rest is chain JSON: the CLI's
/// receipt, logs and TronGrid events, and Request Network's own fixtures.
fn detect(seeds: &Seeds) {
    // Base with payee, currency, fee address, refund reference and head block; Tron alike;
    // Sepolia (the RN fixtures' stand-in) and Mainnet with the reference only.
    let files = [
        (0b111_1100u8, "tests/data/detect/base-usdc-receipt.json"),
        (0b110_1000, "tests/data/detect/base-usdc-logs.json"),
        (0b001_1110, "tests/data/detect/tron-events.json"),
        (0b000_0001, "tests/data/detect/rn/any-to-eth-rpc.json"),
        (0b000_1101, "tests/data/detect/rn/any-to-eth-rpc.json"),
        (0b000_0011, "tests/data/detect/rn/any-to-erc20-private.json"),
        (0b000_0011, "tests/data/detect/rn/erc20-proxy-private.json"),
        (0b000_0011, "tests/data/detect/rn/erc20-fee-proxy-private.json"),
        (0b000_0011, "tests/data/detect/rn/eth-proxy-private.json"),
        (0b000_1111, "tests/data/detect/rn/eth-fee-rinkeby-thegraph.json"),
    ];
    for (frame, path) in files {
        let name = Path::new(path).file_stem().and_then(|s| s.to_str()).unwrap_or("seed");
        let mut bytes = vec![frame];
        bytes.extend_from_slice(seeds.read(path).as_bytes());
        seeds.write("detect", &format!("{name}-{frame:02x}"), &bytes);
    }
}

fn amounts(seeds: &Seeds) {
    let texts = [
        (6u8, "10.50"),
        (6, "0"),
        (18, "0.000000000000000001"),
        (18, "1234567890.123456789012345678"),
        (
            0,
            "115792089237316195423570985008687907853269984665640564039457584007913129639935",
        ),
        (
            77,
            "1.15792089237316195423570985008687907853269984665640564039457584007913129639935",
        ),
        (6, "1e6"),
        (6, "00.1"),
        (6, "0x10"),
        (2, "1.005"),
        (6, "200000000000000000"),
        (6, "0x02c68af0bb140000"),
    ];
    for (i, (decimals, text)) in texts.iter().enumerate() {
        let mut bytes = vec![*decimals];
        bytes.extend_from_slice(text.as_bytes());
        seeds.write("amount", &format!("text-{i:02}"), &bytes);
    }
    let mut units = vec![18u8];
    units.extend_from_slice(&U256::from(1_500_000_000_000_000_000u128).to_be_bytes::<32>());
    seeds.write("amount", "units-18", &units);
}

fn addresses(seeds: &Seeds) {
    let evm = [
        "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045",
        "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
        "0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED",
        "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD",
        "0x0000000000000000000000000000000000000000",
    ];
    for (i, text) in evm.iter().enumerate() {
        seeds.write("evm_address", &format!("evm-{i}"), text.as_bytes());
    }
    let tron = [
        "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd",
        "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
        "41a614f803b6fd780986a42c78ec9c7f77e6ded13c",
        "0x41a614f803b6fd780986a42c78ec9c7f77e6ded13c",
    ];
    for (i, text) in tron.iter().enumerate() {
        seeds.write("tron_address", &format!("tron-{i}"), text.as_bytes());
    }

    let vectors = seeds.json("tests/data/vectors/interop-addresses.json");
    let mut names: Vec<String> = Vec::new();
    let mut binaries: Vec<String> = Vec::new();
    for group in ["valid", "computedForServiceDocAddresses", "mustReject"] {
        for v in vectors[group].as_array().into_iter().flatten() {
            if let Some(name) = v["name"].as_str() {
                names.push(name.to_owned());
            }
            if let Some(binary) = v["binary"].as_str() {
                binaries.push(binary.to_owned());
            }
        }
    }
    names.extend(
        [
            "0x742d35cc6634c0532925a3b844bc454e4438f44e@eip155:8453",
            "@eip155:1",
            "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155",
            "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t@eip155:728126428#12345678",
            "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t@eip155:728126428",
        ]
        .map(str::to_owned),
    );
    for (i, name) in names.iter().enumerate() {
        seeds.write("interop_name", &format!("name-{i:02}"), name.as_bytes());
    }
    binaries.push("0x00010000010100".to_owned()); // chain only
    binaries.push("0x00010000001400000000000000000000000000000000000000ff".to_owned()); // address only
    for (i, hex) in binaries.iter().enumerate() {
        let bytes = alloy_primitives::hex::decode(hex).expect("vector hex");
        seeds.write("interop_binary", &format!("binary-{i:02}"), &bytes);
        seeds.write("interop_binary", &format!("text-{i:02}"), hex.as_bytes());
    }

    let destinations = [
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        "0x742d35Cc6634C0532925a3b844Bc454e4438f44e@eip155:8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
        "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE@eip155:728126428#ABCDEF01:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:1:0xdAC17F958D2ee523a2206206994597C13D831ec7",
    ];
    for (i, text) in destinations.iter().enumerate() {
        seeds.write(
            "destination_id",
            &format!("destination-{i}"),
            text.as_bytes(),
        );
    }
}

fn currencies(seeds: &Seeds) {
    let ids = [
        "USDC-base",
        "ETH-base-base",
        "USDT0-arbitrum-one",
        "USDCn-optimism",
        "USDT-tron",
        "USD",
        "EUR",
        "ETH-sepolia-sepolia",
        "USDC",
        "FAU-sepolia",
    ];
    for (i, id) in ids.iter().enumerate() {
        seeds.write("currency_id", &format!("id-{i}"), id.as_bytes());
    }
}

fn pay(seeds: &Seeds) {
    for file in [
        "legacy_batch",
        "legacy_batch_schema_names",
        "multicall_cross_chain",
        "multicall_same_chain",
        "single_crosschain",
        "single_erc20_fees",
        "single_native",
        "single_tron",
    ] {
        let text = seeds.read(&format!("tests/data/pay/{file}.json"));
        seeds.write("pay_response", file, text.as_bytes());
    }
    for (i, case) in verify_cases().iter().enumerate() {
        let json = serde_json::to_vec(&case.response).expect("serializes");
        seeds.write("pay_response", &format!("built-{i}"), &json);
        seeds.write(
            "expectation",
            &format!("case-{i}"),
            case.expectation_json.as_bytes(),
        );
        let mut hidden: Value = serde_json::from_str(&case.expectation_json).expect("JSON");
        hidden["hidePayeeAddress"] = json!(true);
        hidden["payer"] = json!("0x2222222222222222222222222222222222222222");
        seeds.write(
            "expectation",
            &format!("hidden-{i}"),
            hidden.to_string().as_bytes(),
        );
    }
}

/// `verify_bound`: the pay responses of `pay_response` as raw bodies, and structured inputs
/// (`securepay_fuzz::bound`: shape, size, ops) that reach every amplification the target
/// knows, each small.
fn verify_bound(seeds: &Seeds) {
    for file in [
        "legacy_batch",
        "legacy_batch_schema_names",
        "multicall_cross_chain",
        "multicall_same_chain",
        "single_crosschain",
        "single_erc20_fees",
        "single_native",
        "single_tron",
    ] {
        let text = seeds.read(&format!("tests/data/pay/{file}.json"));
        seeds.write("verify_bound", file, text.as_bytes());
    }
    for (i, case) in verify_cases().iter().enumerate() {
        let json = serde_json::to_vec(&case.response).expect("serializes");
        seeds.write("verify_bound", &format!("built-{i}"), &json);
    }
    let le = |n: u16| n.to_le_bytes();
    let [k2a, k2b] = le(2_000);
    let [k60a, k60b] = le(60_000);
    let [k5a, k5b] = le(5_000);
    let [k1a, k1b] = le(1_000);
    let structured: Vec<(&str, Vec<u8>)> = vec![
        // Each shape, two payments where it has several.
        ("shape-0", vec![0, 1]),
        ("shape-1", vec![1, 1]),
        ("shape-2", vec![2, 1]),
        ("shape-3", vec![3, 1]),
        ("shape-4", vec![4, 1]),
        ("shape-5", vec![5, 1]),
        ("shape-6", vec![6, 1]),
        ("shape-7", vec![7, 1]),
        // The service's cap (150 children) and its largest (1,000).
        ("same-chain-150", vec![3, 5]),
        ("cross-chain-150", vec![5, 5]),
        ("legacy-1000", vec![6, 7]),
        ("fee-per-child-1000", vec![7, 7]),
        // approvalTransactionsCount = 10^7, then 2^64 - 1 (0.1.0: 3.8 GB, then an abort).
        ("approval-count-1e7", vec![0, 0, 0, 0, 1, 0, 0, 0, 0]),
        ("approval-count-max", vec![0, 0, 0, 0, 3, 0, 0, 0, 0]),
        ("child-count-max", vec![3, 3, 0, 4, 3, 0, 0, 0, 0]),
        // Shuffled feeTransactionIndices (0.1.0: 40,000 took 10 s), in and out of range; the
        // lengths are the fuzzer's to grow.
        ("fee-indices-shuffled", vec![3, 3, 1, 0, 3, k2a, k2b, 0]),
        (
            "approval-indices-in-range",
            vec![3, 3, 1, 1, 6, k2a, k2b, 0],
        ),
        ("bridge-indices-huge", vec![5, 3, 1, 2, 5, k2a, k2b, 0]),
        // 1,000 children renumbered with their childCount; 5,000 transactions; a mirror list;
        // 5,000 fee entries. Bit 7 of the size byte: up to 8 MiB, else 1 MiB.
        ("children-1000", vec![3, 2, 2, 1, 3, k1a, k1b]),
        ("transactions-5000", vec![3, 0x82, 2, 0, 0, k5a, k5b]),
        ("eoa-approvals-5000", vec![3, 2, 2, 10, 0, k5a, k5b]),
        ("fees-5000", vec![7, 0x83, 2, 2, 0, k5a, k5b]),
        // As many children as fit in a little over 8 MiB: refused by its size.
        ("children-8mib", vec![3, 0x82, 2, 1, 3, k60a, k60b]),
        // Repeated calldata words of the batch call; an offset bomb in a bridge call.
        ("batch-words", vec![6, 3, 3, 1, 6, 0, 0, k5a, k5b]),
        ("bridge-bomb", vec![5, 1, 5, 1, 0, 0, k5a, k5b]),
        // A long string leaf, a deep and wide rawStep.
        ("long-string", vec![3, 1, 6, 0, 0, 1, k60a, k60b, 15]),
        ("raw-step", vec![3, 1, 7, 100, k60a, k60b]),
    ];
    for (name, bytes) in structured {
        seeds.write("verify_bound", &format!("structured-{name}"), &bytes);
    }
}

/// Every `{to, data, value}` object in a JSON value.
fn transactions(value: &Value, out: &mut Vec<(Vec<u8>, U256)>) {
    match value {
        Value::Object(map) => {
            if let (Some(Value::String(data)), Some(_)) = (map.get("data"), map.get("to")) {
                if let Ok(bytes) = alloy_primitives::hex::decode(data) {
                    let value = match map.get("value") {
                        Some(Value::String(v)) => v.parse().unwrap_or_default(),
                        Some(Value::Object(o)) => o
                            .get("hex")
                            .and_then(Value::as_str)
                            .and_then(|h| U256::from_str_radix(h.trim_start_matches("0x"), 16).ok())
                            .unwrap_or_default(),
                        _ => U256::ZERO,
                    };
                    out.push((bytes, value));
                }
            }
            map.values().for_each(|v| transactions(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| transactions(v, out)),
        _ => {}
    }
}

/// Every abi-calls vector line, its input alone, and its input with `kind` last.
fn call_specs(seeds: &Seeds) {
    for (i, line) in seeds
        .read("tests/data/vectors/abi-calls.jsonl")
        .lines()
        .enumerate()
    {
        seeds.write("call_spec", &format!("line_{i:03}"), line.as_bytes());
        let Ok(v) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        let Value::Object(input) = &v["input"] else {
            continue;
        };
        seeds.write("call_spec", &format!("input_{i:03}"), v["input"].to_string().as_bytes());
        let last: Vec<String> = input
            .iter()
            .filter(|(key, _)| *key != "kind")
            .map(|(key, value)| format!("{}:{value}", Value::from(key.as_str())))
            .chain([format!("\"kind\":{}", input["kind"])])
            .collect();
        seeds.write("call_spec", &format!("kind_last_{i:03}"), format!("{{{}}}", last.join(",")).as_bytes());
    }
}

fn calldata(seeds: &Seeds) {
    let mut calls: Vec<(Vec<u8>, U256)> = Vec::new();
    for line in seeds.read("tests/data/vectors/abi-calls.jsonl").lines() {
        let Ok(v) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        if let Some(hex) = v["expected"].as_str() {
            if let Ok(bytes) = alloy_primitives::hex::decode(hex) {
                calls.push((bytes, U256::ZERO));
            }
        }
    }
    for case in verify_cases() {
        transactions(
            &serde_json::to_value(&case.response).expect("JSON"),
            &mut calls,
        );
    }
    for file in [
        "legacy_batch",
        "multicall_same_chain",
        "single_erc20_fees",
        "single_native",
        "single_tron",
    ] {
        transactions(
            &seeds.json(&format!("tests/data/pay/{file}.json")),
            &mut calls,
        );
    }
    calls.extend(
        samples()
            .into_iter()
            .map(|data| (data, U256::from(1_000_000u64))),
    );
    calls.sort();
    calls.dedup();

    let decoder = Decoder::builtin();
    let mut written = 0usize;
    let mut selectors: Vec<Vec<u8>> = Vec::new();
    for (data, value) in &calls {
        // At most two seeds per selector: the corpus stays small.
        let selector = data.get(..4).unwrap_or_default().to_vec();
        if selectors.iter().filter(|s| **s == selector).count() >= 2 {
            continue;
        }
        let values = [*value, U256::ZERO, U256::MAX >> 1];
        'found: for (n, network) in Network::ALL.iter().enumerate() {
            for (t, to) in calldata_targets(*network).iter().enumerate() {
                for value in values {
                    if decoder.decode(*network, to, data, value).is_err() {
                        continue;
                    }
                    let mut bytes = vec![n as u8, t as u8];
                    if value.is_zero() {
                        bytes.push(0);
                    } else {
                        bytes.push(1);
                        bytes.extend_from_slice(&value.to_be_bytes::<32>());
                    }
                    bytes.extend_from_slice(data);
                    seeds.write("calldata_decode", &format!("call-{written:03}"), &bytes);
                    written += 1;
                    selectors.push(selector.clone());
                    break 'found;
                }
            }
        }
    }
    println!(
        "calldata_decode: {written} seeds from {} calls",
        calls.len()
    );
}

/// One small call of every function the decoder knows, encoded by the `sol!` types.
fn samples() -> Vec<Vec<u8>> {
    use alloy_primitives::{Address, Bytes};
    use alloy_sol_types::SolCall;
    use securepay::contracts::abi::{
        self, IBatchConversionPayments as Bcp, IERC20, IERC20Proxy, IEthConversionProxy,
        IEthereumProxy,
    };
    let who = Address::repeat_byte(0x42);
    let reference = Bytes::from(vec![0x1a; 8]);
    let path = vec![Address::repeat_byte(0x11), Address::repeat_byte(0x22)];
    let detail = abi::RequestDetail {
        recipient: who,
        requestAmount: U256::from(1000u64),
        path: path.clone(),
        paymentReference: reference.clone(),
        feeAmount: U256::from(10u64),
        maxToSpend: U256::from(2000u64),
        maxRateTimespan: U256::ZERO,
    };
    vec![
        IERC20::transferCall {
            to: who,
            amount: U256::from(5u8),
        }
        .abi_encode(),
        IERC20Proxy::transferFromWithReferenceCall {
            _tokenAddress: Address::repeat_byte(0x33),
            _to: who,
            _amount: U256::from(5u8),
            _paymentReference: reference.clone(),
        }
        .abi_encode(),
        IEthereumProxy::transferWithReferenceCall {
            _to: who,
            _paymentReference: reference.clone(),
        }
        .abi_encode(),
        IEthConversionProxy::transferWithReferenceAndFeeCall {
            _to: who,
            _requestAmount: U256::from(1000u64),
            _path: path.clone(),
            _paymentReference: reference.clone(),
            _feeAmount: U256::from(10u64),
            _feeAddress: Address::repeat_byte(0x44),
            _maxRateTimespan: U256::ZERO,
        }
        .abi_encode(),
        Bcp::batchMultiERC20ConversionPaymentsCall {
            requestDetails: vec![detail.clone()],
            pathsToUSD: vec![path.clone()],
            feeAddress: Address::repeat_byte(0x44),
        }
        .abi_encode(),
        Bcp::batchNativeConversionPaymentsCall {
            requestDetails: vec![detail.clone()],
            skipFeeUSDLimit: true,
            feeAddress: Address::repeat_byte(0x44),
        }
        .abi_encode(),
        Bcp::batchPaymentsCall {
            metaDetails: vec![abi::MetaDetail {
                paymentNetworkId: U256::from(4u8),
                requestDetails: vec![detail],
            }],
            pathsToUSD: vec![],
            feeAddress: Address::repeat_byte(0x44),
        }
        .abi_encode(),
    ]
}

fn webhooks(seeds: &Seeds) {
    let frame = |header: &str, body: &[u8]| {
        let mut bytes = vec![header.len() as u8];
        bytes.extend_from_slice(header.as_bytes());
        bytes.extend_from_slice(body);
        bytes
    };
    let vectors = seeds.json("tests/data/vectors/webhook-signatures.json");
    for (i, v) in vectors["vectors"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        if let (Some(body), Some(signature)) = (v["body"].as_str(), v["signature"].as_str()) {
            seeds.write(
                "webhook",
                &format!("vector-{i}"),
                &frame(signature, body.as_bytes()),
            );
        }
    }
    let dir = seeds.repo.join("tests/data/webhook");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("webhook data")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    for path in files {
        let body = fs::read(&path).expect("webhook body");
        let header = sign(WEBHOOK_SECRET, &body).expect("signs");
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("event");
        seeds.write("webhook", name, &frame(&header, &body));
    }
}

fn policies(seeds: &Seeds) {
    let mut inputs: Vec<(u8, String)> = Vec::new();
    let access = seeds.read("tests/data/policy/destination-access-policy.json");
    inputs.push((0, access.clone()));
    inputs.push((2, access.clone()));
    let body = seeds.json("tests/data/policy/create-body-allowlist.json");
    inputs.push((0, body["accessPolicy"].to_string()));
    inputs.push((1, body["accessPolicy"].to_string()));
    inputs.push((1, json!({"mode": "kyt_all_wallets", "screeningProvider": "hypernative", "hideUntilApproved": true, "hidePayeeAddress": true, "allowedPayerAddresses": ["0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"]}).to_string()));
    inputs.push((
        2,
        json!({"mode": "off", "screeningProvider": null}).to_string(),
    ));

    let mut settings = PolicySettings::new();
    settings.set_destination_policy(Some(
        DestinationPolicy::from_str(
            r#"{"mode":"kyt_all_wallets","screeningProvider":"hypernative","hidePayeeAddress":true}"#,
        )
        .expect("destination policy"),
    ));
    let snapshot = settings.create_payment(None).expect("snapshot");
    inputs.push((3, serde_json::to_string(&snapshot).expect("JSON")));
    let payment = PaymentPolicy::from_str(
        r#"{"hidePayeeAddress":true,"allowedPayerAddresses":["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B"]}"#,
    )
    .expect("payment policy");
    let plan = KytPlan::platform(Screening::Kyt(ScreeningProvider::MerkleScience));
    let snapshot = PolicySnapshot::take(Some(&plan), Some(&payment), None).expect("snapshot");
    inputs.push((3, serde_json::to_string(&snapshot).expect("JSON")));

    for event in [
        json!({"event": "connected", "wallet": "0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570"}),
        json!({"event": "connected", "wallet": "0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570", "smartAccount": "0x1111111111111111111111111111111111111111"}),
        json!({"event": "screened", "wallet": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "status": "approved", "provider": "hypernative"}),
        json!({"event": "provider_error", "wallet": "0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570"}),
        json!({"event": "disconnected"}),
    ] {
        inputs.push((4, event.to_string()));
    }
    inputs.push((
        5,
        seeds.read("tests/data/policy/destination-body-tron.json"),
    ));
    inputs.push((5, json!({"tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "chainId": 8453, "accessPolicy": {"mode": "kyt_all_wallets", "screeningProvider": "merklescience"}}).to_string()));
    let intent = seeds.json("tests/data/policy/link-intent.json");
    inputs.push((
        6,
        json!({"definedBy": "orchestrator", "kyt": intent["kyt"]}).to_string(),
    ));
    inputs.push((6, serde_json::to_string(&plan).expect("JSON")));

    for (i, (which, text)) in inputs.iter().enumerate() {
        let mut bytes = vec![*which];
        bytes.extend_from_slice(text.as_bytes());
        seeds.write("policy", &format!("policy-{i:02}"), &bytes);
    }
}
