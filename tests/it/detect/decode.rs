//! Events from known deployments only, decoded strictly; everything else ignored with its
//! reason.

use securepay::contracts::Contract;
use securepay::detect::{ChainData, DetectError, EventError, IgnoredReason, detect};
use securepay::network::Network;
use serde_json::json;

use super::*;

fn payment_with_data(data: &str) -> serde_json::Value {
    log(
        BASE_FEE_PROXY,
        &[ERC20_FEE, &topic(reference())],
        data,
        30_000_000,
        0x11,
        1,
    )
}

#[test]
fn a_payment_event_of_the_proxy_counts() {
    let settlement = run(
        Network::Base,
        &json!([usdc_payment(
            reference(),
            PAYEE,
            1_000_000,
            0,
            FEE_TO,
            0x11,
            1
        )]),
        &usdc_criteria(),
    );
    assert_eq!(settlement.payments.len(), 1);
    let payment = &settlement.payments[0];
    assert_eq!(payment.contract, Contract::Erc20FeeProxy);
    assert_eq!(payment.versions, ["0.2.0"]);
    assert_eq!(
        payment.emitter.to_string(),
        "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814"
    );
    assert_eq!(
        payment.token.to_string(),
        "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
    );
    assert_eq!(payment.amount, U256::from(1_000_000u64));
    assert_eq!(payment.reference, reference());
}

#[test]
fn the_emitter_is_checked_on_its_network_never_by_address_alone() {
    // 0x370DE27f… is ERC20FeeProxy on mainnet and the FAU token on Sepolia.
    let fau = "0x370de27fdb7d1ff1e1baa7d11c5820a324cf623c";
    let data = erc20_fee_data(
        "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
        PAYEE,
        5,
        0,
        FEE_TO,
    );
    let logs = json!([log(
        fau,
        &[ERC20_FEE, &topic(reference())],
        &data,
        20_000_000,
        0x11,
        1
    )]);
    let criteria = |network| securepay::detect::Criteria::new(network, reference());
    let mainnet = run(Network::Mainnet, &logs, &criteria(Network::Mainnet));
    assert_eq!(mainnet.payments.len(), 1);
    assert_eq!(mainnet.payments[0].versions, ["0.1.0", "0.2.0"]);
    let sepolia = run(Network::Sepolia, &logs, &criteria(Network::Sepolia));
    assert!(sepolia.payments.is_empty());
    assert_eq!(ignored_codes(&sepolia), ["unknown_emitter"]);
    // Base's proxy address on Optimism is nothing.
    let on_base = json!([usdc_payment(reference(), PAYEE, 5, 0, FEE_TO, 0x11, 1)]);
    let optimism = run(
        Network::Optimism,
        &on_base,
        &securepay::detect::Criteria::new(Network::Optimism, reference()),
    );
    assert_eq!(ignored_codes(&optimism), ["unknown_emitter"]);
}

#[test]
fn an_event_its_contract_never_emits_is_not_a_payment() {
    // The native event from the ERC-20 fee proxy; the ERC-20 event from EthereumFeeProxy.
    let native = native_fee_data(PAYEE, 5, 0, FEE_TO);
    let erc20 = erc20_fee_data(USDC_BASE, PAYEE, 5, 0, FEE_TO);
    let logs = json!([
        log(
            BASE_FEE_PROXY,
            &[NATIVE_FEE, &topic(reference())],
            &native,
            30_000_000,
            0x11,
            1
        ),
        log(
            BASE_ETH_FEE_PROXY,
            &[ERC20_FEE, &topic(reference())],
            &erc20,
            30_000_000,
            0x11,
            2
        ),
        log(
            BASE_BATCH,
            &[ERC20_FEE, &topic(reference())],
            &erc20,
            30_000_000,
            0x11,
            3
        ),
        log(
            USDC_BASE,
            &[
                TRANSFER,
                &format!("0x{}", addr_word(PAYEE)),
                &format!("0x{}", addr_word(FEE_TO))
            ],
            &data(&[num_word(U256::from(5u8))]),
            30_000_000,
            0x11,
            4
        ),
    ]);
    let settlement = run(
        Network::Base,
        &logs,
        &securepay::detect::Criteria::new(Network::Base, reference()),
    );
    assert!(settlement.payments.is_empty());
    let reasons: Vec<_> = settlement.ignored.iter().map(|i| i.why.clone()).collect();
    assert_eq!(
        reasons,
        [
            IgnoredReason::NotAPaymentEvent {
                contract: Contract::Erc20FeeProxy
            },
            IgnoredReason::NotAPaymentEvent {
                contract: Contract::EthereumFeeProxy
            },
            IgnoredReason::NotAPaymentEvent {
                contract: Contract::BatchConversionPayments
            },
            IgnoredReason::UnknownEmitter,
        ]
    );
}

#[test]
fn the_encoding_is_strict() {
    let good = erc20_fee_data(USDC_BASE, PAYEE, 5, 0, FEE_TO);
    let cases = [
        (format!("{good}{}", "00".repeat(32)), "a trailing word"),
        (good[..good.len() - 64].to_owned(), "a missing word"),
        (
            good.replacen(
                "0x000000000000000000000000833589",
                "0x000000000000000000000001833589",
                1,
            ),
            "a dirty address word",
        ),
        (
            good.replace(
                &addr_word(FEE_TO),
                &format!("ff{}", &addr_word(FEE_TO)[2..]),
            ),
            "a dirty fee address word",
        ),
    ];
    for (data, what) in cases {
        let settlement = run(
            Network::Base,
            &json!([payment_with_data(&data)]),
            &usdc_criteria(),
        );
        assert!(settlement.payments.is_empty(), "{what}");
        assert!(
            matches!(
                &settlement.ignored[0].why,
                IgnoredReason::Malformed {
                    contract: Contract::Erc20FeeProxy,
                    problem: EventError::Abi { .. }
                }
            ),
            "{what}: {:?}",
            settlement.ignored[0].why
        );
    }
    // Three topics: the reference is the only indexed field.
    let extra_topic = log(
        BASE_FEE_PROXY,
        &[ERC20_FEE, &topic(reference()), &topic(reference())],
        &good,
        30_000_000,
        0x11,
        1,
    );
    let settlement = run(Network::Base, &json!([extra_topic]), &usdc_criteria());
    assert_eq!(
        settlement.ignored[0].why,
        IgnoredReason::Malformed {
            contract: Contract::Erc20FeeProxy,
            problem: EventError::TopicCount { found: 3 }
        }
    );
    // No topic at all: an anonymous log of the proxy, not a payment.
    let anonymous = log(BASE_FEE_PROXY, &[], &good, 30_000_000, 0x11, 1);
    assert_eq!(
        ignored_codes(&run(Network::Base, &json!([anonymous]), &usdc_criteria())),
        ["not_a_payment_event"]
    );
}

#[test]
fn an_event_before_the_deployment_is_refused() {
    // ERC20FeeProxy on Base was created in block 10827274.
    let early = log(
        BASE_FEE_PROXY,
        &[ERC20_FEE, &topic(reference())],
        &erc20_fee_data(USDC_BASE, PAYEE, 5, 0, FEE_TO),
        10_827_273,
        0x11,
        1,
    );
    let settlement = run(Network::Base, &json!([early]), &usdc_criteria());
    assert_eq!(
        settlement.ignored[0].why,
        IgnoredReason::BeforeDeployment {
            contract: Contract::Erc20FeeProxy,
            creation_block: 10_827_274
        }
    );
    let at_creation = log(
        BASE_FEE_PROXY,
        &[ERC20_FEE, &topic(reference())],
        &erc20_fee_data(USDC_BASE, PAYEE, 5, 0, FEE_TO),
        10_827_274,
        0x11,
        1,
    );
    assert_eq!(
        run(Network::Base, &json!([at_creation]), &usdc_criteria())
            .payments
            .len(),
        1
    );
}

#[test]
fn the_same_log_twice_counts_once_and_two_different_logs_at_one_place_are_refused() {
    let payment = usdc_payment(reference(), PAYEE, 5, 0, FEE_TO, 0x11, 1);
    // A getLogs answer and the receipt of the same transaction, both given.
    let settlement = run(
        Network::Base,
        &json!([payment.clone(), payment.clone()]),
        &usdc_criteria(),
    );
    assert_eq!(settlement.payments.len(), 1);
    assert_eq!(settlement.balance.to_string(), "5");
    assert_eq!(ignored_codes(&settlement), ["duplicate"]);
    let other = usdc_payment(reference(), PAYEE, 6, 0, FEE_TO, 0x11, 1);
    let chain = ChainData::from_slice(
        Network::Base,
        json!([payment, other]).to_string().as_bytes(),
    )
    .unwrap();
    assert!(matches!(
        detect(&chain, &usdc_criteria()),
        Err(DetectError::ConflictingLogs { log_index: 1, .. })
    ));
}

#[test]
fn the_plain_proxies_count_with_no_fee() {
    let erc20 = data(&[
        addr_word(USDC_BASE),
        addr_word(PAYEE),
        num_word(U256::from(7u8)),
    ]);
    let native = data(&[addr_word(PAYEE), num_word(U256::from(9u8))]);
    let logs = json!([
        log(
            BASE_ERC20_PROXY,
            &[ERC20_REF, &topic(reference())],
            &erc20,
            30_000_000,
            0x11,
            1
        ),
        log(
            BASE_ETH_PROXY,
            &[NATIVE_REF, &topic(reference())],
            &native,
            30_000_000,
            0x12,
            1
        ),
    ]);
    let usdc = run(Network::Base, &logs, &usdc_criteria());
    assert_eq!(usdc.payments.len(), 1);
    assert_eq!(
        (
            usdc.payments[0].contract,
            usdc.payments[0].fee,
            usdc.payments[0].fee_address
        ),
        (Contract::Erc20Proxy, U256::ZERO, None)
    );
    assert_eq!(ignored_codes(&usdc), ["other_currency"]);
    let eth = securepay::detect::Criteria::new(Network::Base, reference())
        .with_currency(
            securepay::currency::Catalog::builtin()
                .get("ETH-base-base")
                .unwrap()
                .clone(),
        )
        .unwrap();
    let native = run(Network::Base, &logs, &eth);
    assert_eq!(native.payments[0].contract, Contract::EthereumProxy);
    assert_eq!(native.payments[0].token.to_string(), "native");
    assert_eq!(native.balance.to_string(), "9");
}

#[test]
fn a_payment_through_a_batch_contract_is_the_proxys_event_and_says_so() {
    // BatchConversionPayments calls ERC20FeeProxy once per request: the proxy emits.
    let receipt = json!({
        "transactionHash": tx(0x11), "blockNumber": "0x1c9c380", "status": "0x1", "to": BASE_BATCH,
        "logs": [
            usdc_payment(reference(), PAYEE, 5, 1, FEE_TO, 0x11, 1),
            usdc_payment(PaymentReference::new([9; 8]), "0x1111111111111111111111111111111111111111", 6, 0, FEE_TO, 0x11, 2),
        ],
    });
    let settlement = run(Network::Base, &receipt, &usdc_criteria());
    assert_eq!(settlement.payments.len(), 1);
    assert_eq!(
        settlement.payments[0].via,
        Some(Contract::BatchConversionPayments)
    );
    assert_eq!(settlement.payments[0].contract, Contract::Erc20FeeProxy);
    assert_eq!(ignored_codes(&settlement), ["other_reference"]);
    // From getLogs the transaction's target is not known.
    let logs = json!([usdc_payment(reference(), PAYEE, 5, 1, FEE_TO, 0x11, 1)]);
    assert_eq!(
        run(Network::Base, &logs, &usdc_criteria()).payments[0].via,
        None
    );
}
