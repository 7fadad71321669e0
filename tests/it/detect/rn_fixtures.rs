//! Request Network's own payment-detection fixtures (`tests/data/detect/rn/`, see its README):
//! the logs RN's tests hand its detectors, detected here against the request of each test.
//!
//! Their networks (`private`, `rinkeby`) are not the service's, so each test gives the detector
//! a deployment table of its own; Sepolia stands for the test network.

use securepay::calldata::PaymentReference;
use securepay::contracts::{Contract, Deployment, Deployments};
use securepay::currency::Catalog;
use securepay::detect::{ChainData, Criteria, Detector, IgnoredReason, Settlement};
use securepay::network::Network;
use serde_json::{Value, json};

use super::*;

fn fixture(name: &str) -> Value {
    crate::common::read_json(&format!("detect/rn/{name}"))
}

/// A table of one deployment of `contract` at `address` on Sepolia (the test network).
fn table(contracts: &[(Contract, &str)]) -> Deployments {
    let mut table = Deployments::empty();
    for (contract, address) in contracts {
        table.set(
            Deployment::new(
                *contract,
                Network::Sepolia,
                "test",
                address.parse().unwrap(),
                0,
            )
            .unwrap(),
        );
    }
    table
}

fn detect_with(table: &Deployments, logs: &Value, criteria: &Criteria) -> Settlement {
    let chain = ChainData::from_slice(Network::Sepolia, logs.to_string().as_bytes()).unwrap();
    Detector::new(table, Catalog::builtin())
        .detect(&chain, criteria)
        .unwrap()
}

/// `any/any-to-eth.test.ts`: request `012b8b6d…5cc9`, salt `4bdba8e1fd9d8b93`, payee
/// `0x0E8d9cb9…6532`, EUR, fee address `0x35d0e078…39c7`. RN: balance `5000`, fee `5`,
/// `amountInCrypto` 21175731582343340, `feeAmountInCrypto` 21175731582343, block 10088347.
#[test]
fn rn_any_to_eth_rpc_fixture_is_detected_as_rn_expects() {
    let payee = "0x0E8d9cb9e11278AD6E2bA1Ca90385C7295dC6532";
    let reference = PaymentReference::derive(
        "012b8b6d4224549af7527c79559ddfbaa832b3f08303c429cdfc4ed78b7bdd5cc9",
        "4bdba8e1fd9d8b93",
        payee,
    )
    .unwrap();
    assert_eq!(reference.to_string(), "0xe025a5f99e8e17dc"); // its topic is the logs' topic1
    let criteria = Criteria::new(Network::Sepolia, reference)
        .with_payee(payee.parse().unwrap())
        .unwrap()
        .with_currency(Catalog::builtin().get("EUR").unwrap().clone())
        .unwrap()
        .with_fee_address(
            "0x35d0e078755Cd84D3E0656cAaB417Dee1d7939c7"
                .parse()
                .unwrap(),
        )
        .unwrap();
    let table = table(&[(
        Contract::EthConversionProxy,
        "0x7Ebf48a26253810629C191b56C3212Fd0D211c26",
    )]);
    let settlement = detect_with(&table, &fixture("any-to-eth-rpc.json"), &criteria);
    assert!(settlement.ignored.is_empty(), "{:?}", settlement.ignored);
    assert_eq!(settlement.balance.to_string(), "5000");
    let payment = &settlement.payments[0];
    assert_eq!(payment.amount, U256::from(5000u16));
    assert_eq!(payment.fee, U256::from(5u8));
    let conversion = payment.conversion.unwrap();
    assert_eq!(
        conversion.amount_in_crypto,
        U256::from(21_175_731_582_343_340u64)
    );
    assert_eq!(conversion.fee_in_crypto, U256::from(21_175_731_582_343u64));
    assert_eq!(conversion.max_rate_timespan, U256::ZERO);
    assert_eq!(payment.block_number, 10_088_347);
    assert_eq!(
        payment.transaction_hash.to_string(),
        "0x7733a0fad7d7bdd0222ff1b63902aa26f1904e0fe14e03e95de73195e22a8ae6"
    );
    assert_eq!(payment.payee.to_string(), payee);
    assert_eq!(
        payment.fee_address.map(|a| a.to_string()).as_deref(),
        Some("0x35d0e078755Cd84D3E0656cAaB417Dee1d7939c7")
    );
    assert_eq!(payment.token.to_string(), "native");
    // The pair is found by log index (78 then 79), not by the array's order.
    assert_eq!((payment.log_index, conversion.payment_log_index), (79, 78));
    assert_eq!(settlement.fee_balance, Some(U256::from(5u8)));
    // On mainnet, where 0x7Ebf48a2… is EthConversionProxy 0.2.0 since block 14448211, the
    // rinkeby block 10088347 is before it: the same logs are refused there.
    let on_mainnet = Criteria::new(Network::Mainnet, reference);
    let chain = ChainData::from_slice(
        Network::Mainnet,
        fixture("any-to-eth-rpc.json").to_string().as_bytes(),
    )
    .unwrap();
    let mainnet = securepay::detect::detect(&chain, &on_mainnet).unwrap();
    assert_eq!(
        ignored_codes(&mainnet),
        ["before_deployment", "before_deployment"]
    );
}

fn usd_criteria(reference: PaymentReference) -> Criteria {
    Criteria::new(Network::Sepolia, reference)
        .with_payee(
            "0xc12F17Da12cd01a9CDBB216949BA0b41A6Ffc4EB"
                .parse()
                .unwrap(),
        )
        .unwrap()
        .with_currency(Catalog::builtin().get("USD").unwrap().clone())
        .unwrap()
        .with_accepted_tokens(vec![
            "0x38cF23C52Bb4B13F051Aec09580a2dE845a7FA35"
                .parse()
                .unwrap(),
        ])
        .unwrap()
        .with_max_rate_timespan(U256::from(1_000_000u64))
}

/// `any/any-to-erc20-proxy-info-retriever.test.ts`: the topic of its logs is the hash of no
/// 8-byte reference (its reference mock is 25 bytes), so as given nothing counts; with the
/// topic of a reference, the pair counts as RN expects (amount `1000`, fee `200`,
/// `amountInCrypto` 9983084661349808883, `feeAmountInCrypto` 1996616932269961776), and RN's
/// three refusals are refused with their reasons.
#[test]
fn rn_any_to_erc20_fixture_and_its_refusals() {
    let table = table(&[(
        Contract::Erc20ConversionProxy,
        "0xB9B7e0cb2EDF5Ea031C8B297A5A1Fa20379b6A0a",
    )]);
    let reference = PaymentReference::new([0x01, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x11]);
    let as_given = detect_with(
        &table,
        &fixture("any-to-erc20-private.json"),
        &usd_criteria(reference),
    );
    assert_eq!(
        ignored_codes(&as_given),
        ["other_reference", "other_reference"]
    );

    let with_topic = |mut logs: Value| {
        for log in logs.as_array_mut().unwrap() {
            log["topics"][1] = json!(topic(reference));
        }
        logs
    };
    let logs = with_topic(fixture("any-to-erc20-private.json"));
    let settlement = detect_with(&table, &logs, &usd_criteria(reference));
    assert_eq!(settlement.payments.len(), 1, "{:?}", settlement.ignored);
    let payment = &settlement.payments[0];
    assert_eq!(
        (payment.amount, payment.fee),
        (U256::from(1000u16), U256::from(200u8))
    );
    let conversion = payment.conversion.unwrap();
    assert_eq!(
        conversion.amount_in_crypto,
        U256::from(9_983_084_661_349_808_883u64)
    );
    assert_eq!(
        conversion.fee_in_crypto,
        U256::from(1_996_616_932_269_961_776u64)
    );
    assert_eq!(
        payment.fee_address.map(|a| a.to_string()).as_deref(),
        Some("0x0d1d4e623D10F9FBA5Db95830F7d3839406C6AF2")
    );
    assert_eq!(
        payment.token.to_string(),
        "0x38cF23C52Bb4B13F051Aec09580a2dE845a7FA35"
    );

    // "skips the payment with a payment token that is not accepted" (:113-122).
    let mut other_token = logs.clone();
    other_token[0]["data"] = json!(
        "0x000000000000000000000000ffffffffffffffffffffffffffffffffffffffff000000000000000000000000c12f17da12cd01a9cdbb216949ba0b41a6ffc4eb0000000000000000000000000000000000000000000000008a8b0a9b5a67faf30000000000000000000000000000000000000000000000001bb56885787b32300000000000000000000000000d1d4e623d10f9fba5db95830f7d3839406c6af2"
    );
    assert_eq!(
        ignored_codes(&detect_with(&table, &other_token, &usd_criteria(reference))),
        ["other_token"]
    );
    // "skips the payment with a rate too old" (:124-147): the request accepts 1 s, the event 10 s.
    let mut too_old = logs.clone();
    too_old[1]["data"] = json!(
        "0x000000000000000000000000000000000000000000000000000000003b9aca00000000000000000000000000775eb53d00dd0acd3ec1696472105d579b9b386b000000000000000000000000000000000000000000000000000000000bebc200000000000000000000000000000000000000000000000000000000000000000a"
    );
    let strict = usd_criteria(reference).with_max_rate_timespan(U256::from(1u8));
    assert_eq!(
        detect_with(&table, &too_old, &strict).ignored[0].why,
        IgnoredReason::MaxRateTimespan {
            found: U256::from(10u8),
            max: U256::from(1u8)
        }
    );
    // "skips the payment with a wrong conversion currency" (:149-158).
    let mut other_currency = logs.clone();
    other_currency[1]["data"] = json!(
        "0x000000000000000000000000000000000000000000000000000000003b9aca00000000000000000000000000ffffffffffffffffffffffffffffffffffffffff000000000000000000000000000000000000000000000000000000000bebc2000000000000000000000000000000000000000000000000000000000000000000"
    );
    assert_eq!(
        ignored_codes(&detect_with(
            &table,
            &other_currency,
            &usd_criteria(reference)
        )),
        ["other_currency"]
    );
}

/// `erc20/proxy-info-retriever.test.ts` and `eth/proxy-info-retriever.test.ts`: RN counts
/// these logs although their topic is not the hash of the reference under test (its node
/// filter is mocked away: RequestNetwork/requestNetwork@f1942807:
/// packages/payment-detection/test/erc20/proxy-info-retriever.test.ts). Handed logs, a detector
/// must check the topic:
/// here they are other references' events.
#[test]
fn rn_private_fixtures_with_foreign_topics_do_not_count() {
    let table = table(&[
        (
            Contract::Erc20Proxy,
            "0x2C2B9C9a4a25e24B174f26114e8926a9f2128FE4",
        ),
        (
            Contract::Erc20FeeProxy,
            "0x75c35C980C0d37ef46DF04d31A140b65503c0eEd",
        ),
        (
            Contract::EthereumProxy,
            "0xf204a4ef082f5c04bb89f7d5e6568b796096735a",
        ),
    ]);
    let fee_reference: PaymentReference = "b7182613b46c5e92".parse().unwrap();
    for (file, reference) in [
        ("erc20-proxy-private.json", fee_reference),
        ("erc20-fee-proxy-private.json", fee_reference),
        ("eth-proxy-private.json", fee_reference),
    ] {
        let settlement = detect_with(
            &table,
            &fixture(file),
            &Criteria::new(Network::Sepolia, reference),
        );
        assert!(settlement.payments.is_empty(), "{file}");
        assert_eq!(ignored_codes(&settlement), ["other_reference"], "{file}");
    }
    // `0x6330b989…` is keccak256(0xaaaa): with that (2-byte) reference the ERC20Proxy log
    // decodes as RN reads it (amount 1 to 0xf17f…b732) — its amounts are fine, its tie is not.
    assert_eq!(
        format!("{:#x}", alloy_primitives::keccak256([0xaa, 0xaa])),
        "0x6330b989705733cc5c1f7285b8a5b892e08be86ed6fbe9d254713a4277bc5bd2"
    );
    let mut tied = fixture("erc20-fee-proxy-private.json");
    tied[0]["topics"][1] = json!(topic(fee_reference));
    let settlement = detect_with(
        &table,
        &tied,
        &Criteria::new(Network::Sepolia, fee_reference)
            .with_payee(
                "0x627306090abaB3A6e1400e9345bC60c78a8BEf57"
                    .parse()
                    .unwrap(),
            )
            .unwrap(),
    );
    // RN: amount `10`, fee `1` to `0xC5fdf407…8Fef`.
    assert_eq!(
        (settlement.payments[0].amount, settlement.payments[0].fee),
        (U256::from(10u8), U256::from(1u8))
    );
    assert_eq!(
        settlement.payments[0]
            .fee_address
            .map(|a| a.to_string())
            .as_deref(),
        Some("0xC5fdf4076b8F3A5357c5E395ab970B5B54098Fef")
    );
}

/// `erc20/thegraph-info-retriever.test.ts`: a real rinkeby payment through EthereumFeeProxy
/// `0xc6e23a20…6c1f`, reference `2d7476c48c63ba65` (requestId `0188791633…ce7e1`, salt
/// `0ee84db293a752c6`, payee `0x5000ee9f…ff11`), amount 30000000000000, fee 0.
#[test]
fn rn_real_rinkeby_payment_is_detected() {
    let payee = "0x5000ee9fb9c96a2a09d8efb695ac21d6c429ff11";
    let reference = PaymentReference::derive(
        "0188791633ff0ec72a7dbdefb886d2db6cccfa98287320839c2f173c7a4e3ce7e1",
        "0ee84db293a752c6",
        payee,
    )
    .unwrap();
    assert_eq!(reference.to_string(), "0x2d7476c48c63ba65");
    let table = table(&[(
        Contract::EthereumFeeProxy,
        "0xc6e23a20c0a1933acc8e30247b5d1e2215796c1f",
    )]);
    let criteria = Criteria::new(Network::Sepolia, reference)
        .with_payee(payee.parse().unwrap())
        .unwrap()
        .with_currency(
            Catalog::builtin()
                .get("ETH-sepolia-sepolia")
                .unwrap()
                .clone(),
        )
        .unwrap();
    let settlement = detect_with(&table, &fixture("eth-fee-rinkeby-thegraph.json"), &criteria);
    assert_eq!(settlement.balance.to_string(), "30000000000000");
    let payment = &settlement.payments[0];
    assert_eq!(payment.block_number, 9_606_098);
    assert_eq!(
        payment.transaction_hash.to_string(),
        "0x3e2d6cc2534b1d340ba2954f34e6cc819d6da64ff76863ea89c6d34b15d13c97"
    );
    assert_eq!(payment.fee, U256::ZERO);
    assert!(settlement.fees.is_empty()); // a zero fee is not a fee
}
