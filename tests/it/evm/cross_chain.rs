//! Cross-chain routes (LI.FI Across V4): the source leg is checked by decoding only (the LI.FI
//! diamond is not compiled here), but each bridge call's destination message is executed on the
//! destination chain as LI.FI's contracts run it, against the real ERC20FeeProxy.
//!
//! The emulation, from LI.FI's contracts (`ReceiverAcrossV4.handleV3AcrossMessage` →
//! `Executor.swapAndCompleteBridgeTokens`, lifinance/contracts): Across credits the deposit's
//! `outputAmount` of the destination token to the `receiverAddress` (ReceiverAcrossV4); the
//! receiver hands it to the Executor; for each `SwapData` the Executor approves `approveTo`
//! (`LibAsset.maxApproveERC20`: when the allowance is below `fromAmount`, a reset to 0 then the
//! maximum) and calls `callTo` with `callData`; what is left goes to the message's `receiver`. Here
//! the LI.FI addresses act as accounts without code, the calls they make sent from them, so that
//! every token behaviour runs quickly; `destination.rs` runs the same leg through LI.FI's own
//! ReceiverAcrossV4 and each chain's Executor, compiled from their sources.
//!
//! Checked: the verdict of each route is safe, and the destination calls pay each payee exactly
//! its agreed amount (less its payee-borne fees) and each fee recipient its fee, leave nothing
//! with the receiver or the Executor, and nothing beyond to the message's receiver; under every
//! token behaviour of the destination token, where the verdict does not name it.

use alloy_primitives::{Address, I256, U256};
use alloy_sol_types::SolCall;
use securepay::address::ChainAddress;
use securepay::calldata::PaymentReference;
use securepay::calldata::lifi::{
    decode_bridge_call, decode_destination_message, executor, receiver_across_v4,
};
use securepay::contracts::abi::IERC20;
use securepay::contracts::{Contract, Deployments};
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::pay::{
    ApprovalPlan, CrossChainRoute, FeeBearer, PayResponse, PaymentPlan, PlannedFee, PlannedPayment,
};
use securepay::transaction::Transaction;
use securepay::verify::{Expectation, verify};

use super::abi::ITestToken;
use super::chain::Chain;
use super::observe::{Asset, Changes};
use super::property::check::{contradicts_facts, named};
use super::tokens::Behaviour;

const PAYER: Address = Address::repeat_byte(0x2e);
const FEE_A: Address = Address::repeat_byte(0x9c);
const FEE_B: Address = Address::repeat_byte(0x9d);

fn payee(i: usize) -> Address {
    let mut bytes = [0x43u8; 20];
    bytes[19] = u8::try_from(i + 1).unwrap();
    Address::from(bytes)
}

/// A route to `destination` (a currency id) from `source`: the payments (whole units / 100)
/// and fees (payee-borne?, units / 100, request).
struct Route {
    destination: &'static str,
    source: &'static str,
    amounts: Vec<u64>,
    fees: Vec<(bool, u64, usize)>,
}

/// The response, its agreement, the plan, the source network.
fn build(route: &Route) -> (PayResponse, Expectation, PaymentPlan, Network) {
    let catalog = Catalog::builtin();
    let currency = catalog.get(route.destination).unwrap().clone();
    let network = currency.chain_network().unwrap();
    let unit = U256::from(10u8).pow(U256::from(currency.decimals().get() - 2));
    let at = |a: Address| ChainAddress::from_abi(network, a);
    let plan = PaymentPlan {
        network,
        currency,
        payments: route
            .amounts
            .iter()
            .enumerate()
            .map(|(i, x)| PlannedPayment {
                request_id: format!("req{i}"),
                secure_payment_token: Some(
                    format!("01JD3E6JD46KY4KKV7X9V1{i:04X}").parse().unwrap(),
                ),
                payee: at(payee(i)),
                amount: U256::from(*x) * unit,
                reference: PaymentReference::new([u8::try_from(i).unwrap() + 0x31; 8]),
            })
            .collect(),
        fees: route
            .fees
            .iter()
            .enumerate()
            .map(|(k, (payee_borne, x, request))| PlannedFee {
                request_id: format!("req{request}"),
                fee_component_id: None,
                fee_type: Some("platform".into()),
                fee_label: None,
                bearer: if *payee_borne {
                    FeeBearer::Payee
                } else {
                    FeeBearer::Payer
                },
                amount: U256::from(*x) * unit,
                recipient: at(if k % 2 == 0 { FEE_A } else { FEE_B }),
            })
            .collect(),
        approval: ApprovalPlan::Exact,
        smart_account: None,
        parent_token: Some("01JD3E6JD46KY4KKV7X9V1MZ00".parse().unwrap()),
        bundle_id: None,
    };
    let source = catalog.get(route.source).unwrap().clone();
    let source_network = source.chain_network().unwrap();
    let source_unit = U256::from(10u8).pow(U256::from(source.decimals().get() - 2));
    // What each bridge takes: the payment and its payer-borne fees, and 1 % for the relayer.
    let source_amounts = route
        .amounts
        .iter()
        .enumerate()
        .map(|(i, x)| {
            let on_top: u64 = route
                .fees
                .iter()
                .filter(|(payee_borne, _, request)| !payee_borne && *request == i)
                .map(|(_, fee, _)| fee)
                .sum();
            U256::from((x + on_top) * 101 / 100) * source_unit
        })
        .collect();
    let cross = CrossChainRoute {
        network: source_network,
        currency: source,
        payer: ChainAddress::from_abi(source_network, PAYER),
        source_amounts,
        quote_timestamp: 1_773_740_000,
        fill_deadline: 1_773_750_000,
    };
    let response = plan.build_cross_chain(&cross).unwrap();
    let expectation = Expectation::for_cross_chain_plan(&plan, &cross).unwrap();
    (response, expectation, plan, source_network)
}

/// The bridge calls of a response, in order.
fn bridge_calls(response: &PayResponse, source: Network) -> Vec<Transaction> {
    let diamond = Deployments::builtin()
        .address(source, Contract::LiFiDiamond)
        .unwrap();
    let transactions = match response {
        PayResponse::Single(s) => &s.transactions,
        PayResponse::Multicall(m) => &m.transactions,
        _ => unreachable!(),
    };
    transactions
        .iter()
        .filter(|tx| tx.to == diamond)
        .cloned()
        .collect()
}

/// Every destination message of `response` run on a chain of its destination network, with
/// the destination token of `behaviour`: the balance changes, and the calls that failed.
fn run_destination(
    response: &PayResponse,
    plan: &PaymentPlan,
    source: Network,
    behaviour: Behaviour,
) -> (Changes, Vec<String>) {
    let network = plan.network;
    let token = plan.currency.token_address().unwrap().abi();
    let (mut chain, _) = Chain::request_network(network);
    chain.deploy_token_at(behaviour, plan.currency.decimals().get(), token);
    let receiver = receiver_across_v4(network).unwrap();
    let executor = executor(network).unwrap();
    let mut total = Changes::default();
    let mut failed = Vec::new();
    let mut sent = |chain: &mut Chain, from: Address, to: Address, data: Vec<u8>| {
        let outcome = chain.send(from, to, data.into(), U256::ZERO);
        if !outcome.succeeded() {
            failed.push(format!("{from} → {to}: {:?}", outcome.status));
        }
        total.merge(&outcome.changes);
    };
    for tx in bridge_calls(response, source) {
        let call = decode_bridge_call(&tx.data).unwrap();
        assert_eq!(call.across.receiver_address, receiver);
        assert_eq!(call.across.receiving_asset_id, token);
        let message = decode_destination_message(&call.across.message).unwrap();
        // Across credits the receiver; the receiver hands the tokens to the Executor.
        chain.mint(token, receiver, call.across.output_amount);
        let handoff = IERC20::transferCall {
            to: executor,
            amount: call.across.output_amount,
        };
        sent(&mut chain, receiver, token, handoff.abi_encode());
        for swap in &message.swaps {
            // LibAsset.maxApproveERC20: only below the need, reset to 0 then the maximum.
            let allowance = chain.view_call(
                swap.sending_asset_id,
                ITestToken::allowanceCall {
                    owner: executor,
                    spender: swap.approve_to,
                },
            );
            if allowance < swap.from_amount {
                for amount in [U256::ZERO, U256::MAX] {
                    let approve = IERC20::approveCall {
                        spender: swap.approve_to,
                        amount,
                    };
                    sent(
                        &mut chain,
                        executor,
                        swap.sending_asset_id,
                        approve.abi_encode(),
                    );
                }
            }
            sent(&mut chain, executor, swap.call_to, swap.call_data.to_vec());
        }
        // What is left goes to the message's receiver.
        let left = chain.token_balance(token, executor);
        if !left.is_zero() {
            let sweep = IERC20::transferCall {
                to: message.receiver,
                amount: left,
            };
            sent(&mut chain, executor, token, sweep.abi_encode());
        }
    }
    (total, failed)
}

fn routes() -> Vec<Route> {
    vec![
        Route {
            destination: "USDC-base",
            source: "USDT-optimism",
            amounts: vec![1_000],
            fees: vec![],
        },
        Route {
            destination: "USDC-base",
            source: "USDT-optimism",
            amounts: vec![1_000],
            fees: vec![(false, 3, 0), (true, 125, 0)],
        },
        Route {
            destination: "USDC-mainnet",
            source: "USDC-arbitrum-one",
            amounts: vec![1_000, 25, 777],
            fees: vec![(false, 3, 0), (true, 7, 2)],
        },
        Route {
            destination: "USDC-bsc",
            source: "USDT-arbitrum-one",
            amounts: vec![250, 1_999],
            fees: vec![(true, 1, 1)],
        },
        Route {
            destination: "USDCn-optimism",
            source: "USDC-arbitrum-one",
            amounts: vec![42],
            fees: vec![(false, 1, 0)],
        },
        Route {
            destination: "USDCn-matic",
            source: "USDT-optimism",
            amounts: vec![5, 6],
            fees: vec![],
        },
    ]
}

#[test]
fn each_destination_message_pays_each_payee_exactly_its_agreed_amount() {
    let mut failures = Vec::new();
    for route in routes() {
        let (response, expectation, plan, source) = build(&route);
        let verdict = verify(&response, &expectation);
        assert!(verdict.is_safe(), "{}: {verdict}", route.destination);
        let token = Asset::Token(plan.currency.token_address().unwrap().abi());
        for behaviour in Behaviour::ALL {
            // A behaviour a fact proves absent for the token is not one of its runs.
            let abi = plan.currency.token_address().unwrap().abi();
            if contradicts_facts(plan.network, abi, behaviour) {
                continue;
            }
            let said = named(behaviour).is_some_and(|name| {
                verdict
                    .findings
                    .iter()
                    .any(|f| f.details.behaviour == Some(name))
            });
            let (changes, failed) = run_destination(&response, &plan, source, behaviour);
            let mut expected = Changes::default();
            let legs = plan.payments.iter().map(|p| {
                let borne = plan
                    .fees
                    .iter()
                    .filter(|f| f.bearer == FeeBearer::Payee && f.request_id == p.request_id)
                    .fold(U256::ZERO, |t, f| t + f.amount);
                (p.payee.abi(), p.amount - borne)
            });
            let fees = plan.fees.iter().map(|f| (f.recipient.abi(), f.amount));
            let mut delivered = U256::ZERO;
            for (to, amount) in legs.chain(fees) {
                expected.add(token, to, I256::try_from(amount).unwrap());
                delivered += amount;
            }
            // What Across delivered, all of it passed on.
            let minted: I256 = expected
                .entries()
                .map(|(_, _, delta)| delta)
                .fold(I256::ZERO, |t, d| t + d);
            assert_eq!(minted, I256::try_from(delivered).unwrap());
            let observed_total: I256 = changes
                .entries()
                .filter(|(asset, _, delta)| *asset == token && *delta > I256::ZERO)
                .map(|(_, _, delta)| delta)
                .fold(I256::ZERO, |t, d| t + d);
            if said {
                // The fee-on-transfer token delivers less: the verdict says it may.
                continue;
            }
            let kept: Vec<_> = changes
                .entries()
                .filter(|(_, who, delta)| *delta > I256::ZERO && expected.of(token, *who) != *delta)
                .collect();
            if !kept.is_empty() || observed_total != minted || !failed.is_empty() {
                failures.push(format!(
                    "{} ({behaviour:?}): failed {failed:?}\nobserved\n{changes}expected\n{expected}",
                    route.destination
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_destination_message_that_pays_someone_else_is_refused() {
    // The same route with the payee's call paying a stranger: verify refuses it; executed, the
    // stranger is paid (the execution is what the verdict protects from).
    let route = &routes()[1];
    let (response, expectation, plan, source) = build(route);
    let stranger = Address::repeat_byte(0xbe);
    let mut json = serde_json::to_string(&response).unwrap();
    let payee_word = format!("{:x}", payee(0)).to_lowercase();
    let stranger_word = format!("{stranger:x}").to_lowercase();
    assert!(json.contains(&payee_word));
    json = json.replace(&payee_word, &stranger_word);
    let tampered = PayResponse::from_slice(json.as_bytes()).unwrap();
    assert!(!verify(&tampered, &expectation).is_safe());
    let (changes, failed) = run_destination(&tampered, &plan, source, Behaviour::Standard);
    assert!(failed.is_empty(), "{failed:?}");
    let token = Asset::Token(plan.currency.token_address().unwrap().abi());
    assert!(changes.of(token, stranger) > I256::ZERO, "{changes}");
    assert_eq!(changes.of(token, payee(0)), I256::ZERO, "{changes}");
}
