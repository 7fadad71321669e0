//! The effect table pins each contract rule read in the contracts' sources
//! (RequestNetwork/requestNetwork @ f1942807, `packages/smart-contracts/src/contracts/`).

use alloy_primitives::{Address, Bytes, U256, address};
use alloy_sol_types::SolCall;
use securepay::address::ChainAddress;
use securepay::calldata::effect::{
    Asset, CallEffect, Excess, FlowKind, Hazard, NativeRule, RateUnit, effect_of,
};
use securepay::calldata::{
    BatchPayee, Builder, Decoder, Erc20FeePayment, NativeFeePayment, PaymentReference,
};
use securepay::contracts::abi::{IBatchConversionPayments as Bcp, MetaDetail, RequestDetail};
use securepay::contracts::{Contract, Deployments};
use securepay::network::Network;

const PAYEE: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const FEE: &str = "0x9795d480C2C50392A4714A0F468059C6448DeCe2";
const USDC_MAINNET: Address = address!("A0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const DAI_MAINNET: Address = address!("6B175474E89094C44Da98b954EedeAC495271d0F");

fn on(network: Network, to: &ChainAddress, data: &[u8], value: U256) -> CallEffect {
    effect_of(&Decoder::builtin().decode(network, to, data, value).unwrap())
}

fn reference() -> PaymentReference {
    PaymentReference::new([7; 8])
}

fn kinds(effect: &CallEffect) -> Vec<(FlowKind, u64)> {
    effect
        .flows
        .iter()
        .map(|f| (f.kind, f.amount.to::<u64>()))
        .collect()
}

#[test]
fn erc20_fee_proxy_skips_the_fee_leg_for_a_zero_fee_or_a_zero_fee_address() {
    // ERC20FeeProxy.sol :43-48: `if (_feeAmount > 0 && _feeAddress != address(0))`.
    let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
        .parse()
        .unwrap();
    let builder = Builder::new(Network::Base);
    let payment =
        Erc20FeePayment::new(usdc, PAYEE.parse().unwrap(), U256::from(100u8), reference());
    let with_fee = builder
        .erc20_fee(
            &payment
                .clone()
                .with_fee(U256::from(3u8), FEE.parse().unwrap()),
        )
        .unwrap();
    let effect = on(Network::Base, &with_fee.to, &with_fee.data, U256::ZERO);
    assert_eq!(
        kinds(&effect),
        [(FlowKind::Payment, 100), (FlowKind::Fee, 3)]
    );
    assert_eq!(effect.native, NativeRule::None);
    // A fee to the zero address (encoded by hand: the builder refuses it) is skipped.
    let call = securepay::contracts::abi::IERC20FeeProxy::transferFromWithReferenceAndFeeCall {
        _tokenAddress: usdc.abi(),
        _to: PAYEE.parse::<ChainAddress>().unwrap().abi(),
        _amount: U256::from(100u8),
        _paymentReference: Bytes::from(vec![7; 8]),
        _feeAmount: U256::from(3u8),
        _feeAddress: Address::ZERO,
    };
    let effect = on(Network::Base, &with_fee.to, &call.abi_encode(), U256::ZERO);
    assert_eq!(kinds(&effect), [(FlowKind::Payment, 100)]);
}

#[test]
fn native_fee_proxy_pays_value_less_fee_and_the_exact_variant_refunds_the_rest() {
    // EthereumFeeProxy.sol :32-45 (all of msg.value paid out), :55-74 (exact, rest refunded).
    let builder = Builder::new(Network::Base);
    let payment = NativeFeePayment::new(PAYEE.parse().unwrap(), U256::from(1000u16), reference())
        .with_fee(U256::from(5u8), FEE.parse().unwrap());
    let tx = builder.native_fee(&payment).unwrap();
    let effect = on(Network::Base, &tx.to, &tx.data, tx.value);
    assert_eq!(
        kinds(&effect),
        [(FlowKind::Payment, 1000), (FlowKind::Fee, 5)]
    );
    assert_eq!(effect.native, NativeRule::Consumed);
    let exact = builder.native_fee_exact(&payment).unwrap();
    let effect = on(Network::Base, &exact.to, &exact.data, exact.value);
    assert_eq!(
        effect.native,
        NativeRule::AtLeast {
            required: U256::from(1005u16),
            excess: Excess::Refunded
        }
    );
    assert_eq!(effect.required_value(0), Some(exact.value));
}

#[test]
fn legacy_erc20_batches_pull_rows_and_fee_into_the_batch_contract_and_charge_per_mille() {
    // BatchPayments.sol :123-185: Σ(amount + fee) pulled by the batch contract, the batch fee
    // ⌊Σ amount × batchFee / 1000⌋ pulled from the payer to the fee address.
    let builder = Builder::new(Network::Mainnet);
    let row = |amount: u64| BatchPayee {
        to: PAYEE.parse().unwrap(),
        amount: U256::from(amount),
        reference: reference(),
        fee_amount: U256::from(2u8),
    };
    let usdc = ChainAddress::from_abi(Network::Mainnet, USDC_MAINNET);
    let tx = builder
        .batch_erc20(usdc, &[row(1000), row(999)], FEE.parse().unwrap())
        .unwrap();
    let effect = on(Network::Mainnet, &tx.to, &tx.data, U256::ZERO);
    assert!(effect.flows.iter().all(|f| f.puller == Some(tx.to)));
    let fee = effect.batch_fee.clone().unwrap();
    assert_eq!(fee.unit, RateUnit::PerMille);
    assert_eq!(fee.bases, [(Asset::Token(usdc), U256::from(1999u16))]);
    assert_eq!(
        fee.at_rate(10).unwrap(),
        [(Asset::Token(usdc), U256::from(19u8))]
    ); // floor(19.99)
    assert_eq!(fee.puller, Some(tx.to));
}

#[test]
fn legacy_native_batches_need_the_batch_fee_and_refund_the_rest() {
    // BatchPayments.sol :67-109 and Request Network's own test (eth-batch-proxy.test.ts :150-162).
    let row = BatchPayee {
        to: "0xf17f52151EbEF6C7334FAD080c5704D77216b732"
            .parse()
            .unwrap(),
        amount: U256::from(1000u16),
        reference: "0x86dfbccad783599a".parse().unwrap(),
        fee_amount: U256::from(2u8),
    };
    let fee_to = "0xC5fdf4076b8F3A5357c5E395ab970B5B54098Fef"
        .parse()
        .unwrap();
    let tx = Builder::new(Network::Mainnet)
        .batch_native(&[row, row], fee_to, 10)
        .unwrap();
    assert_eq!(tx.value, U256::from(2024u16));
    let effect = on(Network::Mainnet, &tx.to, &tx.data, tx.value);
    assert_eq!(
        effect.native,
        NativeRule::AtLeast {
            required: U256::from(2004u16),
            excess: Excess::Refunded
        }
    );
    assert_eq!(effect.required_value(0), Some(U256::from(2004u16)));
}

#[test]
fn tron_erc20_batch_payments_charge_no_batch_fee() {
    // ERC20BatchPayments (Tron only) has no batch fee (contracts-notes §1.3).
    let table = Deployments::builtin();
    let batch = table
        .address(Network::Tron, Contract::Erc20BatchPayments)
        .unwrap();
    let call = securepay::contracts::abi::IBatchPayments::batchERC20PaymentsWithReferenceCall {
        _tokenAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
            .parse::<ChainAddress>()
            .unwrap()
            .abi(),
        _recipients: vec![Address::repeat_byte(3)],
        _amounts: vec![U256::from(10u8)],
        _paymentReferences: vec![Bytes::from(vec![7; 8])],
        _feeAmounts: vec![U256::ZERO],
        _feeAddress: Address::repeat_byte(4),
    };
    let effect = on(Network::Tron, &batch, &call.abi_encode(), U256::ZERO);
    assert!(effect.batch_fee.is_none());
    assert_eq!(kinds(&effect), [(FlowKind::Payment, 10)]);
}

fn detail(path: Vec<Address>, max_to_spend: u64, fee: u64) -> RequestDetail {
    RequestDetail {
        recipient: PAYEE.parse::<ChainAddress>().unwrap().abi(),
        requestAmount: U256::from(100u8),
        path,
        paymentReference: Bytes::from(vec![7; 8]),
        feeAmount: U256::from(fee),
        maxToSpend: U256::from(max_to_spend),
        maxRateTimespan: U256::ZERO,
    }
}

fn batch_payments(groups: Vec<(u8, Vec<RequestDetail>)>, fee_address: Address) -> Vec<u8> {
    Bcp::batchPaymentsCall {
        metaDetails: groups
            .into_iter()
            .map(|(id, details)| MetaDetail {
                paymentNetworkId: U256::from(id),
                requestDetails: details,
            })
            .collect(),
        pathsToUSD: vec![],
        feeAddress: fee_address,
    }
    .abi_encode()
}

fn bcp() -> ChainAddress {
    Deployments::builtin()
        .address(Network::Mainnet, Contract::BatchConversionPayments)
        .unwrap()
}

#[test]
fn batch_conversion_payments_charge_per_ten_thousand_on_each_token_sum() {
    // BatchNoConversionPayments.sol: feeDenominator 10000 (:34), floor on the token sums (:299).
    let fee = FEE.parse::<ChainAddress>().unwrap();
    let data = batch_payments(
        vec![(
            2,
            vec![
                detail(vec![USDC_MAINNET], 0, 1),
                detail(vec![DAI_MAINNET], 0, 1),
            ],
        )],
        fee.abi(),
    );
    let effect = on(Network::Mainnet, &bcp(), &data, U256::ZERO);
    assert!(effect.hazards.is_empty(), "{:?}", effect.hazards);
    let batch_fee = effect.batch_fee.clone().unwrap();
    assert_eq!(batch_fee.unit, RateUnit::PerTenThousand);
    assert_eq!(batch_fee.bases.len(), 2, "one base per token");
    assert_eq!(
        batch_fee
            .at_rate(30)
            .unwrap()
            .iter()
            .map(|(_, f)| f.to::<u64>())
            .collect::<Vec<_>>(),
        [0, 0],
        "⌊100 × 30 / 10000⌋ = 0"
    );
    // A batchPayments with only ERC-20 groups keeps any value sent (only native groups refund).
    assert_eq!(
        effect.native,
        NativeRule::AtLeast {
            required: U256::ZERO,
            excess: Excess::Kept
        }
    );
}

#[test]
fn batch_rows_the_contract_mishandles_are_hazards() {
    let fee = FEE.parse::<ChainAddress>().unwrap().abi();
    let hazards = |groups| {
        on(
            Network::Mainnet,
            &bcp(),
            &batch_payments(groups, fee),
            U256::ZERO,
        )
        .hazards
    };
    // getUTokens (BatchNoConversionPayments.sol :395-437): a path of two tokens pulls maxToSpend
    // of the last one, and nothing is refunded.
    let two_tokens = hazards(vec![(
        2,
        vec![detail(vec![USDC_MAINNET, DAI_MAINNET], 500, 0)],
    )]);
    assert!(
        matches!(two_tokens[..], [Hazard::Stranded { amount, .. }] if amount == U256::from(500u16))
    );
    // A one-token row's maxToSpend is read by neither id 1 nor id 2 (:239, :411, :430): the
    // row alone is pulled.
    let max_to_spend = hazards(vec![(2, vec![detail(vec![USDC_MAINNET], 500, 0)])]);
    assert_eq!(max_to_spend, []);
    let max_to_spend = hazards(vec![(1, vec![detail(vec![USDC_MAINNET], 500, 0)])]);
    assert_eq!(max_to_spend, []);
    // id 1 pulls the first row's token for every row (:230-276).
    let mixed = hazards(vec![(
        1,
        vec![
            detail(vec![USDC_MAINNET], 0, 0),
            detail(vec![DAI_MAINNET], 0, 0),
        ],
    )]);
    assert!(matches!(mixed[..], [Hazard::Unverifiable { .. }]));
    // A row fee to the zero address is pulled by the batch contract and skipped by the proxy.
    let data = batch_payments(
        vec![(2, vec![detail(vec![USDC_MAINNET], 0, 7)])],
        Address::ZERO,
    );
    let effect = on(Network::Mainnet, &bcp(), &data, U256::ZERO);
    assert!(matches!(effect.hazards[..], [Hazard::Stranded { .. }]));
    assert!(
        effect
            .flows
            .iter()
            .any(|f| f.kind == FlowKind::Stranded && f.to == bcp())
    );
    // Conversion groups depend on a market rate.
    let conversion = hazards(vec![(
        0,
        vec![detail(vec![USDC_MAINNET, DAI_MAINNET], 500, 0)],
    )]);
    assert!(matches!(conversion[..], [Hazard::Unverifiable { .. }]));
}

#[test]
fn native_groups_need_their_rows_and_batch_fee_and_refund_the_rest() {
    // BatchNoConversionPayments.sol :170-217.
    let eth = Address::ZERO;
    let data = batch_payments(
        vec![(3, vec![detail(vec![eth], 0, 2), detail(vec![eth], 0, 2)])],
        FEE.parse::<ChainAddress>().unwrap().abi(),
    );
    let effect = on(Network::Mainnet, &bcp(), &data, U256::from(204u8));
    assert_eq!(
        effect.native,
        NativeRule::AtLeast {
            required: U256::from(204u8),
            excess: Excess::Refunded
        }
    );
    assert_eq!(
        effect.required_value(100),
        Some(U256::from(204u8 + 2)),
        "1 % of 200"
    );
}
