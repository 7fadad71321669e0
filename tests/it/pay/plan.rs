//! Building pay responses from a payment plan: shapes, order, fee bearers, determinism, and
//! (property) every built response is structurally valid and every call decodes strictly.
// Plans build the responses under test: feature `fixtures` (on with --all-features).

use alloy_primitives::{Address, U256};
use proptest::prelude::*;
use securepay::address::ChainAddress;
use securepay::calldata::{Call, Decoder, PaymentReference, Target};
use securepay::contracts::Contract;
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::pay::{
    ApprovalPlan, FeeBearer, PayResponse, PaymentPlan, PaymentPlanError, PlannedFee,
    PlannedPayment, SmartAccountFlow,
};

fn address(text: &str) -> ChainAddress {
    text.parse().unwrap()
}

const FEE_RECIPIENT: &str = "0x9795d480C2C50392A4714A0F468059C6448DeCe2";

fn payment(request: &str, amount: u64, byte: u8) -> PlannedPayment {
    PlannedPayment {
        request_id: request.into(),
        secure_payment_token: Some(
            format!("01JD3E6JD46KY4KKV7X9V0MZ{byte:02X}")
                .parse()
                .unwrap(),
        ),
        payee: ChainAddress::from_abi(Network::Base, Address::repeat_byte(byte)),
        amount: U256::from(amount),
        reference: PaymentReference::new([byte; 8]),
    }
}

fn fee(request: &str, bearer: FeeBearer, amount: u64) -> PlannedFee {
    PlannedFee {
        request_id: request.into(),
        fee_component_id: None,
        fee_type: Some("platform".into()),
        fee_label: None,
        bearer,
        amount: U256::from(amount),
        recipient: address(FEE_RECIPIENT),
    }
}

fn base_plan(payments: Vec<PlannedPayment>, fees: Vec<PlannedFee>) -> PaymentPlan {
    PaymentPlan {
        network: Network::Base,
        currency: Catalog::builtin().get("USDC-base").unwrap().clone(),
        payments,
        fees,
        approval: ApprovalPlan::Exact,
        smart_account: None,
        parent_token: Some("01JD3E6JD46KY4KKV7X9V0MZ00".parse().unwrap()),
        bundle_id: None,
    }
}

fn decoded(
    tx: &securepay::transaction::Transaction,
    network: Network,
) -> securepay::calldata::DecodedCall {
    Decoder::builtin()
        .decode(network, &tx.to, &tx.data, tx.value)
        .unwrap()
}

#[test]
fn single_plan_orders_approval_payment_then_fee_legs_and_applies_bearers() {
    let plan = base_plan(
        vec![payment("r1", 10_000_000, 1)],
        vec![
            fee("r1", FeeBearer::Payer, 300_000),
            fee("r1", FeeBearer::Payee, 200_000),
        ],
    );
    let PayResponse::Single(single) = plan.build().unwrap() else {
        panic!("shape A")
    };
    assert_eq!(single.transactions.len(), 4);
    assert_eq!(single.metadata.approval_transaction_index, Some(0));
    assert_eq!(single.metadata.payment_transaction_index, 1);
    let Call::Approve(approve) = decoded(&single.transactions[0], Network::Base).call else {
        panic!()
    };
    assert_eq!(
        approve.amount,
        U256::from(10_000_000u64 - 200_000 + 300_000 + 200_000),
        "exactly what the proxy pulls"
    );
    assert_eq!(
        approve.spender.to_string(),
        "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814"
    );
    let Call::Erc20FeeTransfer(main) = decoded(&single.transactions[1], Network::Base).call else {
        panic!()
    };
    assert_eq!(
        main.amount,
        U256::from(9_800_000u64),
        "payee-borne fees reduce the payee's leg"
    );
    let legs: Vec<U256> = single.transactions[2..]
        .iter()
        .map(|tx| match decoded(tx, Network::Base).call {
            Call::Erc20FeeTransfer(leg) => {
                assert_eq!(leg.to.to_string(), FEE_RECIPIENT);
                assert_eq!(
                    leg.payment_reference.as_ref(),
                    &[1u8; 8],
                    "fee legs carry the payment's reference"
                );
                leg.amount
            }
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        legs,
        [U256::from(300_000u64), U256::from(200_000u64)],
        "in fees order"
    );
    let bundle = single.fee_bundle.unwrap();
    let summary = bundle.amount_summary.unwrap();
    assert_eq!(
        [
            summary.gross_amount.as_str(),
            summary.net_recipient_amount.as_str(),
            summary.total_fees.as_str(),
            summary.payer_total.as_str()
        ],
        ["10", "9.8", "0.5", "10.3"]
    );
}

#[test]
fn native_and_tron_plans() {
    let mut native = base_plan(
        vec![payment("r1", 1_000, 1)],
        vec![fee("r1", FeeBearer::Payer, 10)],
    );
    native.currency = Catalog::builtin().get("ETH-base-base").unwrap().clone();
    let PayResponse::Single(single) = native.build().unwrap() else {
        panic!()
    };
    assert_eq!(
        single.transactions.len(),
        2,
        "no approval for the native currency"
    );
    assert_eq!(single.transactions[0].value, U256::from(1_000u64));
    assert_eq!(single.transactions[1].value, U256::from(10u64));
    assert_eq!(
        decoded(&single.transactions[0], Network::Base).target,
        Target::Contract(Contract::EthereumFeeProxy)
    );

    let tron = PaymentPlan {
        network: Network::Tron,
        currency: Catalog::builtin().get("USDT-tron").unwrap().clone(),
        payments: vec![PlannedPayment {
            payee: address("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"),
            ..payment("t1", 5_000_000, 3)
        }],
        fees: vec![PlannedFee {
            recipient: address("TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs"),
            ..fee("t1", FeeBearer::Payer, 10_000)
        }],
        approval: ApprovalPlan::Exact,
        smart_account: None,
        parent_token: None,
        bundle_id: None,
    };
    let PayResponse::Single(single) = tron.build().unwrap() else {
        panic!()
    };
    assert_eq!(
        single.transactions[1].to.to_string(),
        "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd"
    );
    assert_eq!(single.fee_bundle.unwrap().fees[0].chain_id.0, 728_126_428);
    let two = PaymentPlan {
        payments: vec![tron.payments[0].clone(), tron.payments[0].clone()],
        ..tron.clone()
    };
    assert_eq!(
        two.build().unwrap_err().to_string(),
        "Batch payments are not supported for TRON networks. Please submit individual payment requests."
    );
}

#[test]
fn multicall_plan_fills_children_parallel_arrays_and_indices() {
    let payments: Vec<_> = (1..=3)
        .map(|i| payment(&format!("r{i}"), 1_000_000 * u64::from(i), i))
        .collect();
    let mut plan = base_plan(payments, vec![fee("r2", FeeBearer::Payer, 5_000)]);
    plan.smart_account = Some(SmartAccountFlow {
        account: address("0x1111111111111111111111111111111111111111"),
        funding_eoa: address("0x2222222222222222222222222222222222222222"),
    });
    let response = plan.build().unwrap();
    assert_eq!(response.problems(), vec![]);
    let PayResponse::Multicall(multicall) = response else {
        panic!("shape C")
    };
    assert_eq!(multicall.children.len(), 3);
    assert_eq!(multicall.metadata.child_count, Some(3));
    // The approval, the smart account's funding step, three payments, the fee.
    assert_eq!(multicall.metadata.fee_transaction_indices, Some(vec![5]));
    assert_eq!(multicall.metadata.payment_transaction_index, 2);
    assert_eq!(
        &multicall.transactions[1].data[..4],
        &[0x23, 0xb8, 0x72, 0xdd],
        "transferFrom(EOA, account, total)"
    );
    assert_eq!(multicall.amounts[2].as_str(), "3");
    assert_eq!(multicall.chain_id, Some(8453));
    let eoa = multicall.eoa_approval_transactions.unwrap();
    let Call::Approve(approve) = decoded(&eoa[0], Network::Base).call else {
        panic!()
    };
    assert_eq!(
        approve.spender.to_string(),
        "0x1111111111111111111111111111111111111111"
    );
    assert_eq!(approve.amount, U256::MAX);
    let mut missing = plan.clone();
    missing.payments[1].secure_payment_token = None;
    assert!(matches!(
        missing.build(),
        Err(PaymentPlanError::MissingToken(_))
    ));
}

#[test]
fn plans_are_deterministic_byte_for_byte() {
    let plan = base_plan(
        (1..=4).map(|i| payment(&format!("r{i}"), 777, i)).collect(),
        vec![fee("r1", FeeBearer::Payee, 7)],
    );
    let first = serde_json::to_vec(&plan.build().unwrap()).unwrap();
    let second = serde_json::to_vec(&plan.clone().build().unwrap()).unwrap();
    assert_eq!(first, second);
}

#[test]
fn plan_errors() {
    assert!(matches!(
        base_plan(vec![], vec![]).build(),
        Err(PaymentPlanError::NoPayments)
    ));
    assert!(matches!(
        base_plan(
            vec![payment("r1", 100, 1)],
            vec![fee("r1", FeeBearer::Payee, 100)]
        )
        .build(),
        Err(PaymentPlanError::FeesExceedPayment(_))
    ));
    assert!(matches!(
        base_plan(
            vec![payment("r1", 100, 1)],
            vec![fee("nope", FeeBearer::Payer, 1)]
        )
        .build(),
        Err(PaymentPlanError::UnknownFeeRequest { index: 0, .. })
    ));
    let mut wrong = base_plan(vec![payment("r1", 100, 1)], vec![]);
    wrong.currency = Catalog::builtin().get("USDC-optimism").unwrap().clone();
    assert!(matches!(
        wrong.build(),
        Err(PaymentPlanError::Currency { .. })
    ));
    let mut fee_to_zero = base_plan(
        vec![payment("r1", 100, 1)],
        vec![fee("r1", FeeBearer::Payer, 1)],
    );
    fee_to_zero.fees[0].recipient = ChainAddress::from_abi(Network::Base, Address::ZERO);
    assert!(
        fee_to_zero.build().is_ok(),
        "a leg to the zero address is a payment to it, refused only by the amount rules"
    );
}

fn plan_strategy() -> impl Strategy<Value = PaymentPlan> {
    (
        proptest::collection::vec((1u64..1_000_000_000, 1u8..=200), 1..12),
        proptest::collection::vec(
            (any::<bool>(), 1u64..1_000, any::<prop::sample::Index>()),
            0..4,
        ),
        prop_oneof![
            Just(ApprovalPlan::None),
            Just(ApprovalPlan::Exact),
            Just(ApprovalPlan::Unlimited)
        ],
    )
        .prop_map(|(payees, fees, approval)| {
            let payments: Vec<_> = payees
                .iter()
                .enumerate()
                .map(|(i, (amount, byte))| payment(&format!("r{i}"), *amount + 1_000, *byte))
                .collect();
            let fees = fees
                .iter()
                .map(|(payer, amount, index)| {
                    let request = &payments[index.index(payments.len())].request_id;
                    fee(
                        request,
                        if *payer {
                            FeeBearer::Payer
                        } else {
                            FeeBearer::Payee
                        },
                        *amount,
                    )
                })
                .collect();
            PaymentPlan {
                approval,
                ..base_plan(payments, fees)
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn every_built_response_is_valid_round_trips_and_decodes(plan in plan_strategy()) {
        let response = plan.build().unwrap();
        prop_assert_eq!(response.problems(), vec![]);
        let json = serde_json::to_string(&response).unwrap();
        prop_assert_eq!(&serde_json::from_str::<PayResponse>(&json).unwrap(), &response);
        let transactions = match &response {
            PayResponse::Single(single) => &single.transactions,
            PayResponse::Multicall(multicall) => &multicall.transactions,
            PayResponse::LegacyBatch(_) => unreachable!(),
            _ => panic!("not a case this test builds"),
        };
        let mut paid = U256::ZERO;
        for tx in transactions {
            match Decoder::builtin().decode(Network::Base, &tx.to, &tx.data, tx.value).unwrap().call {
                Call::Erc20FeeTransfer(leg) => paid += leg.amount,
                Call::Approve(_) => {}
                other => prop_assert!(false, "unexpected call {:?}", other),
            }
        }
        let gross: U256 = plan.payments.iter().map(|p| p.amount).fold(U256::ZERO, |a, b| a + b);
        let payer_fees: U256 = plan.fees.iter().filter(|f| f.bearer == FeeBearer::Payer).map(|f| f.amount).fold(U256::ZERO, |a, b| a + b);
        prop_assert_eq!(paid, gross + payer_fees, "what leaves the payer: gross + payer-borne fees");
    }
}

/// The cross-chain answer committed for the `wallet_verify` example is exactly what the plan
/// builds: 10 USDC to the payee on Base, paid with 10.08 USDT from Optimism.
#[test]
fn committed_cross_chain_fixture_is_what_the_plan_builds() {
    use securepay::pay::CrossChainRoute;
    let catalog = Catalog::builtin();
    let plan = PaymentPlan {
        network: Network::Base,
        currency: catalog.get("USDC-base").unwrap().clone(),
        payments: vec![PlannedPayment {
            request_id: "01e2".into(),
            secure_payment_token: None,
            payee: address("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"),
            amount: U256::from(10_000_000u64),
            reference: "0x1a2b3c4d5e6f7081".parse().unwrap(),
        }],
        fees: vec![],
        approval: ApprovalPlan::Exact,
        smart_account: None,
        parent_token: None,
        bundle_id: None,
    };
    let route = CrossChainRoute {
        network: Network::Optimism,
        currency: catalog.get("USDT-optimism").unwrap().clone(),
        payer: address("0x2222222222222222222222222222222222222222"),
        source_amounts: vec![U256::from(10_080_000u64)],
        quote_timestamp: 1_773_740_000,
        fill_deadline: 1_773_750_000,
    };
    let committed = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pay/single_crosschain_optimism_to_base.json"
    ));
    let built = serde_json::to_string_pretty(&plan.build_cross_chain(&route).unwrap()).unwrap();
    assert_eq!(built.trim_end(), committed.trim_end());
}
