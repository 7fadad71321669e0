//! Request Network's detection rules, each with its public source at
//! `RequestNetwork/requestNetwork@f1942807e7f7cf03d7186e290768f8c668359402` (`pd/` =
//! `packages/payment-detection/`).

use securepay::address::ChainAddress;
use securepay::currency::Catalog;
use securepay::detect::{Criteria, CurrencyKind, IgnoredReason, Role, Unchecked};
use securepay::network::Network;
use serde_json::json;

use super::*;

fn eur() -> securepay::currency::Currency {
    Catalog::builtin().get("EUR").unwrap().clone()
}

/// The payment reference is `calculate(requestId, salt, paymentAddress)` and the refund
/// reference `calculate(requestId, salt, refundAddress)`: `pd/src/utils.ts:149-176`, asserted by
/// `pd/test/utils.test.ts:238-260` (refund reference `10f62d12e4d6be3f`).
#[test]
fn payments_and_refunds_are_told_apart_by_their_reference() {
    let salt = "a1a2a3a4a5a6a7a8";
    let refund =
        PaymentReference::derive("01abyz", salt, "0x0000000000000000000000000000000000000002")
            .unwrap();
    assert_eq!(refund.to_string(), "0x10f62d12e4d6be3f");
    let payment =
        PaymentReference::derive("01abyz", salt, "0x0000000000000000000000000000000000000001")
            .unwrap();
    let refund_to = "0x0000000000000000000000000000000000000002";
    let logs = json!([
        usdc_payment(payment, PAYEE, 100, 0, FEE_TO, 0x11, 1),
        usdc_payment(refund, refund_to, 30, 0, FEE_TO, 0x12, 1),
        usdc_payment(
            PaymentReference::new([3; 8]),
            PAYEE,
            1000,
            0,
            FEE_TO,
            0x13,
            1
        ),
    ]);
    let criteria = Criteria::new(Network::Base, payment)
        .with_refund_reference(refund)
        .with_payee(PAYEE.parse().unwrap())
        .unwrap()
        .with_refund_address(refund_to.parse().unwrap())
        .unwrap();
    let settlement = run(Network::Base, &logs, &criteria);
    assert_eq!(
        (settlement.payments.len(), settlement.refunds.len()),
        (1, 1)
    );
    assert_eq!(settlement.refunds[0].reference, refund);
    assert_eq!(settlement.balance.to_string(), "70");
    assert_eq!(ignored_codes(&settlement), ["other_reference"]);
    // Without the refund reference, the refund is another reference's event.
    let payments_only = run(Network::Base, &logs, &Criteria::new(Network::Base, payment));
    assert_eq!(payments_only.balance.to_string(), "100");
    assert_eq!(
        ignored_codes(&payments_only),
        ["other_reference", "other_reference"]
    );
}

/// RN checks neither topic1 nor the emitter itself: its node filters do
/// (RequestNetwork/requestNetwork@f1942807, `pd/src/erc20/proxy-info-retriever.ts:74-84`). Handed logs, the reference topic is
/// `keccak256(reference bytes)` (`pd/src/utils.ts:227-229`), checked here on every log.
#[test]
fn the_topic_is_the_hash_of_the_reference_bytes() {
    // RN's own assertion: keccak256(0x2d7476c48c63ba65) (`pd/test/erc20/thegraph-info-retriever.test.ts:81-87`).
    let reference: PaymentReference = "0x2d7476c48c63ba65".parse().unwrap();
    assert_eq!(
        topic(reference),
        "0x6c93723bc5f82e6fbb2ea994bf0fb572fa19f7a2a3146065e21752b95668efe5"
    );
    // The hash of the reference's text is not its topic.
    let text_hash = format!("{:#x}", alloy_primitives::keccak256("0x2d7476c48c63ba65"));
    let wrong = log(
        BASE_FEE_PROXY,
        &[ERC20_FEE, &text_hash],
        &erc20_fee_data(USDC_BASE, PAYEE, 5, 0, FEE_TO),
        30_000_000,
        0x11,
        1,
    );
    let criteria = Criteria::new(Network::Base, reference);
    assert_eq!(
        ignored_codes(&run(Network::Base, &json!([wrong]), &criteria)),
        ["other_reference"]
    );
}

/// `to` must be the payee (`pd/src/erc20/proxy-info-retriever.ts:116-120`), compared as
/// addresses: RN lower-cases both.
#[test]
fn a_payment_to_another_address_does_not_count() {
    let stranger = "0x1111111111111111111111111111111111111111";
    let logs = json!([
        usdc_payment(reference(), stranger, 1_000_000, 0, FEE_TO, 0x11, 1),
        usdc_payment(reference(), PAYEE, 5, 0, FEE_TO, 0x12, 1),
    ]);
    let settlement = run(Network::Base, &logs, &usdc_criteria());
    assert_eq!(settlement.balance.to_string(), "5");
    assert_eq!(
        settlement.ignored[0].why,
        IgnoredReason::OtherPayee {
            found: stranger.parse().unwrap(),
            expected: PAYEE.parse().unwrap(),
        }
    );
    // The payee given in EIP-55 is the same address.
    let checksummed = Criteria::new(Network::Base, reference())
        .with_payee(
            "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"
                .parse()
                .unwrap(),
        )
        .unwrap();
    assert_eq!(
        run(Network::Base, &logs, &checksummed).balance.to_string(),
        "5"
    );
    // Without a payee, anyone paid with the reference counts: the answer says so.
    let unchecked = run(
        Network::Base,
        &logs,
        &Criteria::new(Network::Base, reference()),
    );
    assert_eq!(unchecked.balance.to_string(), "1000005");
    assert!(unchecked.unchecked.contains(&Unchecked::Payee));
}

/// An ERC-20 payment is in the request's token: `tokenAddress == request.currency.value`
/// (`pd/src/erc20/proxy-info-retriever.ts:116-120`).
#[test]
fn a_payment_in_another_token_does_not_count() {
    let logs = json!([
        log(
            BASE_FEE_PROXY,
            &[ERC20_FEE, &topic(reference())],
            &erc20_fee_data(USDT_BASE, PAYEE, 1_000_000, 0, FEE_TO),
            30_000_000,
            0x11,
            1
        ),
        usdc_payment(reference(), PAYEE, 5, 0, FEE_TO, 0x12, 1),
    ]);
    let settlement = run(Network::Base, &logs, &usdc_criteria());
    assert_eq!(settlement.balance.to_string(), "5");
    assert_eq!(ignored_codes(&settlement), ["other_currency"]);
    // Without a currency, the first counted payment's is the settlement's.
    let first = run(
        Network::Base,
        &logs,
        &Criteria::new(Network::Base, reference()),
    );
    assert_eq!(first.balance.to_string(), "1000000");
    let currency = first.currency.as_ref().unwrap();
    assert_eq!(
        currency
            .currency
            .as_ref()
            .map(|c| c.id().to_string())
            .as_deref(),
        Some("USDT-base")
    );
    assert!(first.unchecked.contains(&Unchecked::Currency));
    assert_eq!(ignored_codes(&first), ["other_currency"]);
}

/// Balance = payments − refunds, fees out of the amounts; feeBalance = fees paid to the
/// request's fee address, payments' and refunds' alike; an event with another fee address
/// still counts in the balance (PR #790). RN's own case,
/// `pd/test/erc20/fee-proxy-contract.test.ts:161-287`: payments 100 (fee 5 to another
/// address), 500 (fee 5), 400 (no fee); refunds 5 (no fee), 10 (fee 2): balance 985,
/// feeBalance 7. Rules: `pd/src/payment-detector-base.ts:75-85`,
/// `pd/src/fee-reference-based-detector.ts:109-126`.
#[test]
fn balance_and_fee_balance_follow_rns_own_case() {
    let refund = PaymentReference::new([0x0e; 8]);
    let refund_to = "0x2222222222222222222222222222222222222222";
    let other_fee = "0x3333333333333333333333333333333333333333";
    let logs = json!([
        usdc_payment(reference(), PAYEE, 100, 5, other_fee, 0x11, 1),
        usdc_payment(reference(), PAYEE, 500, 5, FEE_TO, 0x12, 1),
        usdc_payment(
            reference(),
            PAYEE,
            400,
            0,
            "0x0000000000000000000000000000000000000000",
            0x13,
            1
        ),
        usdc_payment(refund, refund_to, 5, 0, other_fee, 0x14, 1),
        usdc_payment(refund, refund_to, 10, 2, FEE_TO, 0x15, 1),
    ]);
    let criteria = usdc_criteria()
        .with_refund_reference(refund)
        .with_refund_address(refund_to.parse().unwrap())
        .unwrap();
    let settlement = run(Network::Base, &logs, &criteria);
    assert_eq!(settlement.balance.to_string(), "985");
    assert_eq!(settlement.fee_balance, Some(U256::from(7u8)));
    assert_eq!(
        (settlement.payments.len(), settlement.refunds.len()),
        (3, 2)
    );
    let fees: Vec<(u64, Role, bool)> = settlement
        .fees
        .iter()
        .map(|f| (f.amount.to::<u64>(), f.role, f.counted))
        .collect();
    assert_eq!(
        fees,
        [
            (5, Role::Payment, false),
            (5, Role::Payment, true),
            (2, Role::Refund, true)
        ]
    );
    // The amount excludes the fee.
    assert_eq!(settlement.payments[1].amount, U256::from(500u16));
    assert_eq!(settlement.payments[1].fee, U256::from(5u8));
    // Without the request's fee address there is no fee balance (RN throws there).
    let no_fee_address = Criteria::new(Network::Base, reference()).with_refund_reference(refund);
    let settlement = run(Network::Base, &logs, &no_fee_address);
    assert_eq!(
        (settlement.balance.to_string(), settlement.fee_balance),
        ("985".to_owned(), None)
    );
    assert!(settlement.fees.iter().all(|f| !f.counted));
    assert!(settlement.unchecked.contains(&Unchecked::FeeAddress));
    assert!(settlement.unchecked.contains(&Unchecked::RefundAddress));
}

/// The balance is not capped at the expected amount and may be negative
/// (`pd/src/payment-detector-base.ts:75-85`).
#[test]
fn the_balance_may_be_negative() {
    let refund = PaymentReference::new([0x0e; 8]);
    let logs = json!([usdc_payment(refund, PAYEE, 10, 0, FEE_TO, 0x11, 1)]);
    let settlement = run(
        Network::Base,
        &logs,
        &Criteria::new(Network::Base, reference()).with_refund_reference(refund),
    );
    assert_eq!(settlement.balance.to_string(), "-10");
    assert!(!settlement.is_paid());
    assert_eq!(settlement.balance_amount(), None);
}

fn eur_conversion(
    tx_byte: u8,
    fee_index: u64,
    conversion_index: u64,
    amount_cents: u128,
    max: u128,
) -> Vec<serde_json::Value> {
    let padded = amount_cents * 1_000_000;
    vec![
        log(
            BASE_ERC20_CONVERSION,
            &[ERC20_FEE, &topic(reference())],
            &erc20_fee_data(USDC_BASE, PAYEE, 10_870_000, 21_740, FEE_TO),
            30_000_000,
            tx_byte,
            fee_index,
        ),
        log(
            BASE_ERC20_CONVERSION,
            &[CONVERSION, &topic(reference())],
            &conversion_data(padded, EUR_HASH, 2_000_000, max),
            30_000_000,
            tx_byte,
            conversion_index,
        ),
    ]
}

/// A conversion payment is the proxy's pair of events: the fee-proxy event (what moved, in
/// the token) and `TransferWithConversionAndReference` (the request-currency amounts). Its
/// amount is the conversion event's, unpadded from Chainlink's 8 decimals for fiat
/// (`pd/src/any/retrievers/any-to-any-proxy.ts:132-147`, `pd/src/utils.ts:29-63`).
#[test]
fn a_conversion_is_valued_in_the_request_currency() {
    let criteria = Criteria::new(Network::Base, reference())
        .with_payee(PAYEE.parse().unwrap())
        .unwrap()
        .with_currency(eur())
        .unwrap()
        .with_fee_address(FEE_TO.parse().unwrap())
        .unwrap();
    let settlement = run(
        Network::Base,
        &json!(eur_conversion(0x11, 4, 5, 1000, 0)),
        &criteria,
    );
    assert_eq!(settlement.payments.len(), 1, "{:?}", settlement.ignored);
    let payment = &settlement.payments[0];
    assert_eq!(payment.amount, U256::from(1000u16)); // 10.00 EUR in cents
    assert_eq!(payment.fee, U256::from(2u8)); // 2000000 / 10^6
    let conversion = payment.conversion.unwrap();
    assert_eq!(conversion.amount_in_crypto, U256::from(10_870_000u64));
    assert_eq!(conversion.fee_in_crypto, U256::from(21_740u64));
    assert_eq!(conversion.payment_log_index, 4);
    assert_eq!(payment.log_index, 5);
    assert_eq!(
        payment.token.to_string(),
        "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
    );
    assert_eq!(settlement.balance_amount().unwrap().to_string(), "10");
    assert_eq!(
        settlement.currency.as_ref().unwrap().kind,
        CurrencyKind::Fiat
    );
    assert_eq!(settlement.fee_balance, Some(U256::from(2u8)));
    // A plain USDC payment is no payment of a EUR request.
    let plain = run(
        Network::Base,
        &json!([usdc_payment(reference(), PAYEE, 5, 0, FEE_TO, 0x12, 1)]),
        &criteria,
    );
    assert_eq!(ignored_codes(&plain), ["other_currency"]);
}

/// JPY has 0 decimals: 8 digits of padding, rounding down (`pd/src/utils.ts:29-63`).
#[test]
fn fiat_padding_follows_the_currencys_decimals() {
    let jpy = Catalog::builtin().get("JPY").unwrap().clone();
    let hash = format!("{:#x}", jpy.hash().unwrap().abi());
    let logs = json!([
        log(
            BASE_ERC20_CONVERSION,
            &[ERC20_FEE, &topic(reference())],
            &erc20_fee_data(USDC_BASE, PAYEE, 1, 0, FEE_TO),
            30_000_000,
            0x11,
            1
        ),
        log(
            BASE_ERC20_CONVERSION,
            &[CONVERSION, &topic(reference())],
            &conversion_data(150_099_999_999, &hash, 0, 0),
            30_000_000,
            0x11,
            2
        ),
    ]);
    let settlement = run(
        Network::Base,
        &logs,
        &Criteria::new(Network::Base, reference())
            .with_currency(jpy)
            .unwrap(),
    );
    assert_eq!(settlement.balance.to_string(), "1500"); // 1500.99999999 JPY, rounded down
}

/// The pair: each conversion event with the fee-proxy event its proxy emitted before it in the
/// same transaction (`Erc20ConversionProxy.sol:77-99`). RN pairs with the first fee-proxy log
/// of the transaction (`any-to-any-proxy.ts:101`); with two conversions of the same reference
/// in one transaction that would pair both with the first payment. An unpaired event never
/// counts (`:102-104`).
#[test]
fn conversion_pairs_are_matched_by_position() {
    let criteria = Criteria::new(Network::Base, reference())
        .with_currency(eur())
        .unwrap();
    // Two conversions in one transaction, given out of order.
    let mut logs = eur_conversion(0x11, 7, 8, 500, 0);
    logs.extend(eur_conversion(0x11, 2, 3, 1000, 0));
    logs[0]["data"] = json!(erc20_fee_data(USDC_BASE, PAYEE, 5_430_000, 0, FEE_TO));
    let settlement = run(Network::Base, &json!(logs), &criteria);
    let pairs: Vec<(u64, u64, u64)> = settlement
        .payments
        .iter()
        .map(|p| {
            (
                p.log_index,
                p.conversion.unwrap().payment_log_index,
                p.conversion.unwrap().amount_in_crypto.to::<u64>(),
            )
        })
        .collect();
    assert_eq!(pairs, [(3, 2, 10_870_000), (8, 7, 5_430_000)]);
    assert_eq!(settlement.balance.to_string(), "1500");
    // Each half alone never counts.
    let halves = eur_conversion(0x11, 4, 5, 1000, 0);
    let only_payment = run(Network::Base, &json!([halves[0].clone()]), &criteria);
    assert_eq!(
        only_payment.ignored[0].why,
        IgnoredReason::Unpaired { conversion: false }
    );
    let only_conversion = run(Network::Base, &json!([halves[1].clone()]), &criteria);
    assert_eq!(
        only_conversion.ignored[0].why,
        IgnoredReason::Unpaired { conversion: true }
    );
    // A payment after the conversion is not its pair; nor one of another transaction.
    let backwards = json!(eur_conversion(0x11, 6, 5, 1000, 0));
    assert_eq!(
        ignored_codes(&run(Network::Base, &backwards, &criteria)),
        ["unpaired", "unpaired"]
    );
    let mut split = eur_conversion(0x11, 4, 5, 1000, 0);
    split[1]["transactionHash"] = json!(tx(0x12));
    assert_eq!(
        ignored_codes(&run(Network::Base, &json!(split), &criteria)),
        ["unpaired", "unpaired"]
    );
}

/// The pair's filters (`any-to-any-proxy.ts:115-127`): token in `acceptedTokens`,
/// `maxRateTimespan` at most the request's (`:122`, the RPC path), `currency` the request
/// currency's hash, `to` the payee.
#[test]
fn a_conversion_is_checked_on_token_rate_currency_and_payee() {
    let criteria = Criteria::new(Network::Base, reference())
        .with_payee(PAYEE.parse().unwrap())
        .unwrap()
        .with_currency(eur())
        .unwrap();
    let accepted = criteria
        .clone()
        .with_accepted_tokens(vec![USDT_BASE.parse().unwrap()])
        .unwrap();
    let settlement = run(
        Network::Base,
        &json!(eur_conversion(0x11, 1, 2, 1000, 0)),
        &accepted,
    );
    assert_eq!(
        settlement.ignored[0].why,
        IgnoredReason::OtherToken {
            token: USDC_BASE.parse().unwrap()
        }
    );
    let usdc_accepted = criteria
        .clone()
        .with_accepted_tokens(vec![USDC_BASE.parse().unwrap()])
        .unwrap();
    assert_eq!(
        run(
            Network::Base,
            &json!(eur_conversion(0x11, 1, 2, 1000, 0)),
            &usdc_accepted
        )
        .payments
        .len(),
        1
    );
    // maxRateTimespan 60 against the request's 0 (RN's default), then 60.
    let rate = json!(eur_conversion(0x11, 1, 2, 1000, 60));
    assert_eq!(
        run(Network::Base, &rate, &criteria).ignored[0].why,
        IgnoredReason::MaxRateTimespan {
            found: U256::from(60u8),
            max: U256::ZERO
        }
    );
    assert_eq!(
        run(
            Network::Base,
            &rate,
            &criteria.clone().with_max_rate_timespan(U256::from(60u8))
        )
        .payments
        .len(),
        1
    );
    // Valued in USD, not EUR.
    let usd = Catalog::builtin().get("USD").unwrap().hash().unwrap().abi();
    let mut other = eur_conversion(0x11, 1, 2, 1000, 0);
    other[1]["data"] = json!(conversion_data(1000, &format!("{usd:#x}"), 0, 0));
    assert_eq!(
        ignored_codes(&run(Network::Base, &json!(other), &criteria)),
        ["other_currency"]
    );
    // Paid to someone else.
    let mut elsewhere = eur_conversion(0x11, 1, 2, 1000, 0);
    elsewhere[0]["data"] = json!(erc20_fee_data(USDC_BASE, FEE_TO, 1, 0, FEE_TO));
    assert_eq!(
        ignored_codes(&run(Network::Base, &json!(elsewhere), &criteria)),
        ["other_payee"]
    );
}

/// A native conversion: EthConversionProxy's pair, the native event first.
#[test]
fn a_native_conversion_counts_in_the_request_currency() {
    let logs = json!([
        log(
            BASE_ETH_CONVERSION,
            &[NATIVE_FEE, &topic(reference())],
            &native_fee_data(PAYEE, 4_000_000_000_000_000, 0, FEE_TO),
            30_000_000,
            0x11,
            1
        ),
        log(
            BASE_ETH_CONVERSION,
            &[CONVERSION, &topic(reference())],
            &conversion_data(1_200_000_000, EUR_HASH, 0, 0),
            30_000_000,
            0x11,
            2
        ),
    ]);
    let settlement = run(
        Network::Base,
        &logs,
        &Criteria::new(Network::Base, reference())
            .with_currency(eur())
            .unwrap(),
    );
    assert_eq!(settlement.balance.to_string(), "1200");
    assert_eq!(settlement.payments[0].token.to_string(), "native");
    // The request in ETH on Base: a conversion valued in ETH's hash is not padded.
    let eth = Catalog::builtin().get("ETH-base-base").unwrap().clone();
    let mut in_eth = logs.clone();
    in_eth[1]["data"] = json!(conversion_data(3_000_000_000_000_000, ETH_BASE_HASH, 0, 0));
    let settlement = run(
        Network::Base,
        &in_eth,
        &Criteria::new(Network::Base, reference())
            .with_currency(eth)
            .unwrap(),
    );
    assert_eq!(settlement.balance.to_string(), "3000000000000000");
    assert_eq!(
        settlement.currency.as_ref().unwrap().kind,
        CurrencyKind::Native
    );
}

/// Without a currency, a conversion's currency hash is looked up in the catalog (EUR here);
/// a hash the catalog does not know cannot be unpadded, and does not count.
#[test]
fn an_unknown_conversion_currency_does_not_count_without_a_currency() {
    let logs = json!(eur_conversion(0x11, 1, 2, 1000, 0));
    let found = run(
        Network::Base,
        &logs,
        &Criteria::new(Network::Base, reference()),
    );
    assert_eq!(found.balance.to_string(), "1000");
    let mut unknown = eur_conversion(0x11, 1, 2, 1000, 0);
    unknown[1]["data"] = json!(conversion_data(
        1000,
        "0x1234567890123456789012345678901234567890",
        0,
        0
    ));
    let settlement = run(
        Network::Base,
        &json!(unknown),
        &Criteria::new(Network::Base, reference()),
    );
    assert_eq!(ignored_codes(&settlement), ["unknown_currency"]);
}

#[test]
fn events_are_in_block_and_log_order_with_confirmations() {
    let logs = json!([
        log(
            BASE_FEE_PROXY,
            &[ERC20_FEE, &topic(reference())],
            &erc20_fee_data(USDC_BASE, PAYEE, 2, 0, FEE_TO),
            30_000_002,
            0x12,
            1
        ),
        log(
            BASE_FEE_PROXY,
            &[ERC20_FEE, &topic(reference())],
            &erc20_fee_data(USDC_BASE, PAYEE, 1, 0, FEE_TO),
            30_000_000,
            0x11,
            9
        ),
    ]);
    let criteria = usdc_criteria().with_head_block(30_000_002);
    let settlement = run(Network::Base, &logs, &criteria);
    let order: Vec<(u64, Option<u64>)> = settlement
        .payments
        .iter()
        .map(|p| (p.block_number, p.confirmations))
        .collect();
    assert_eq!(order, [(30_000_000, Some(3)), (30_000_002, Some(1))]);
    // A head below the block (a stale head) is zero confirmations.
    let stale = run(
        Network::Base,
        &logs,
        &usdc_criteria().with_head_block(29_999_999),
    );
    assert_eq!(stale.payments[0].confirmations, Some(0));
    assert_eq!(
        run(Network::Base, &logs, &usdc_criteria()).payments[0].confirmations,
        None
    );
}

#[test]
fn the_criteria_refuse_addresses_and_currencies_of_another_network() {
    let tron: ChainAddress = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".parse().unwrap();
    assert!(
        Criteria::new(Network::Base, reference())
            .with_payee(tron)
            .is_err()
    );
    assert!(
        Criteria::new(Network::Base, reference())
            .with_fee_address(tron)
            .is_err()
    );
    let usdt_tron = Catalog::builtin().get("USDT-tron").unwrap().clone();
    assert!(
        Criteria::new(Network::Base, reference())
            .with_currency(usdt_tron.clone())
            .is_err()
    );
    assert!(
        Criteria::new(Network::Tron, reference())
            .with_currency(usdt_tron)
            .is_ok()
    );
    assert!(
        Criteria::new(Network::Tron, reference())
            .with_currency(eur())
            .is_ok()
    );
}

#[test]
fn the_settlement_serializes_as_the_cli_writes_it() {
    let settlement = run(
        Network::Base,
        &json!([
            usdc_payment(reference(), PAYEE, 1_000_000, 2_000, FEE_TO, 0x11, 1),
            usdc_payment(reference(), FEE_TO, 5, 0, FEE_TO, 0x12, 1)
        ]),
        &usdc_criteria(),
    );
    let value = serde_json::to_value(&settlement).unwrap();
    assert_eq!(value["balance"], "1000000");
    assert_eq!(value["feeBalance"], "2000");
    assert_eq!(
        value["currency"],
        json!({"id": "USDC-base", "kind": "token", "hash": USDC_BASE, "decimals": 6})
    );
    assert_eq!(value["payments"][0]["transactionHash"], tx(0x11));
    assert_eq!(value["payments"][0]["amount"], "1000000");
    assert_eq!(
        value["payments"][0]["payee"],
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"
    );
    assert_eq!(value["payments"][0]["reference"], reference().to_string());
    assert_eq!(
        value["fees"][0],
        json!({"transactionHash": tx(0x11), "logIndex": 1, "role": "payment", "amount": "2000", "feeAddress": "0x9795d480C2C50392A4714A0F468059C6448DeCe2", "counted": true})
    );
    assert_eq!(value["ignored"][0]["code"], "other_payee");
    assert_eq!(value["ignored"][0]["log"]["logIndex"], 1);
    assert_eq!(value["unchecked"], json!([]));
}
