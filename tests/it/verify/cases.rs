//! Pre-sign verification: valid responses of every shape verify with no danger finding, and
//! every tampering of them gives one.
// Plans build the responses under test: feature `fixtures` (on with --all-features).

use alloy_primitives::{Address, Bytes, U256};
use alloy_sol_types::SolCall;
use securepay::address::ChainAddress;
use securepay::calldata::{Allowance, BatchPayee, Builder, Flow, PaymentReference};
use securepay::contracts::abi::{IERC20, IERC20FeeProxy, IEthereumFeeProxy};
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::pay::{
    ApprovalPlan, ChainIdText, CrossChainRoute, FeeBearer, FeeEntry, LegacyBatchPayment,
    PayResponse, PaymentPlan, PlannedFee, PlannedPayment, SmartAccountFlow,
};
use securepay::transaction::Transaction;
use securepay::verify::{Expectation, Severity, Verdict, verify};
use serde_json::json;

const STRANGER: &str = "0x000000000000000000000000000000000000bEEF";
const FEE_RECIPIENT: &str = "0x9795d480C2C50392A4714A0F468059C6448DeCe2";
const PAYER: &str = "0x2222222222222222222222222222222222222222";

fn addr(network: Network, text: &str) -> ChainAddress {
    ChainAddress::parse(network, text).unwrap()
}

/// A valid response with the expectation it satisfies.
#[derive(Clone)]
struct Case {
    name: &'static str,
    response: PayResponse,
    expectation: serde_json::Value,
}

impl Case {
    fn expectation(&self) -> Expectation {
        Expectation::from_str(&self.expectation.to_string()).unwrap()
    }

    fn verdict(&self) -> Verdict {
        verify(&self.response, &self.expectation())
    }
}

fn payee(i: u8) -> ChainAddress {
    let mut bytes = [0x42u8; 20];
    bytes[19] = i;
    ChainAddress::from_abi(Network::Base, Address::from(bytes))
}

fn plan(
    network: Network,
    currency: &str,
    payees: Vec<(ChainAddress, u64)>,
    fees: Vec<(FeeBearer, u64)>,
    approval: ApprovalPlan,
) -> (PaymentPlan, serde_json::Value) {
    let currency = Catalog::builtin().get(currency).unwrap().clone();
    let payments: Vec<PlannedPayment> = payees
        .iter()
        .enumerate()
        .map(|(i, (payee, amount))| PlannedPayment {
            request_id: format!("req{i}"),
            secure_payment_token: Some(format!("01JD3E6JD46KY4KKV7X9V0{i:04X}").parse().unwrap()),
            payee: *payee,
            amount: U256::from(*amount),
            reference: PaymentReference::new([i as u8 + 1; 8]),
        })
        .collect();
    let fee_recipient = if network == Network::Tron {
        addr(network, "TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs")
    } else {
        addr(network, FEE_RECIPIENT)
    };
    let fees: Vec<PlannedFee> = fees
        .iter()
        .map(|(bearer, amount)| PlannedFee {
            request_id: "req0".into(),
            fee_component_id: None,
            fee_type: Some("platform".into()),
            fee_label: None,
            bearer: *bearer,
            amount: U256::from(*amount),
            recipient: fee_recipient,
        })
        .collect();
    let plan = PaymentPlan {
        network,
        currency,
        payments,
        fees,
        approval,
        smart_account: None,
        parent_token: Some("01JD3E6JD46KY4KKV7X9V0MZ00".parse().unwrap()),
        bundle_id: None,
    };
    // What a wallet states for it: the payments, caps equal to the fees shown.
    let expectation = serde_json::to_value(Expectation::for_plan(&plan).unwrap()).unwrap();
    (plan, expectation)
}

fn built(name: &'static str, (plan, expectation): (PaymentPlan, serde_json::Value)) -> Case {
    Case {
        name,
        response: plan.build().unwrap(),
        expectation,
    }
}

fn valid_cases() -> Vec<Case> {
    let usdc = "USDC-base";
    let mut cases = vec![
        built(
            "single ERC20 without approval",
            plan(
                Network::Base,
                usdc,
                vec![(payee(1), 10_500_000)],
                vec![],
                ApprovalPlan::None,
            ),
        ),
        built(
            "single ERC20 with approval",
            plan(
                Network::Base,
                usdc,
                vec![(payee(1), 10_500_000)],
                vec![],
                ApprovalPlan::Exact,
            ),
        ),
        built(
            "single ERC20 with payer- and payee-borne fee legs",
            plan(
                Network::Base,
                usdc,
                vec![(payee(1), 10_500_000)],
                vec![(FeeBearer::Payer, 300_000), (FeeBearer::Payee, 200_000)],
                ApprovalPlan::Exact,
            ),
        ),
        built(
            "single native",
            plan(
                Network::Base,
                "ETH-base-base",
                vec![(payee(1), 200_000_000_000_000_000)],
                vec![(FeeBearer::Payer, 1_000_000_000_000)],
                ApprovalPlan::None,
            ),
        ),
        built(
            "single Tron",
            plan(
                Network::Tron,
                "USDT-tron",
                vec![(
                    addr(Network::Tron, "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"),
                    5_000_000,
                )],
                vec![(FeeBearer::Payer, 10_000)],
                ApprovalPlan::Exact,
            ),
        ),
        built(
            "multicall same-chain, 3 children",
            plan(
                Network::Base,
                usdc,
                (1..=3)
                    .map(|i| (payee(i), 1_000_000 * u64::from(i)))
                    .collect(),
                vec![(FeeBearer::Payer, 50_000)],
                ApprovalPlan::Unlimited,
            ),
        ),
        built(
            "multicall same-chain, 150 children",
            plan(
                Network::Base,
                usdc,
                (0..150).map(|i| (payee(i), 1_000 + u64::from(i))).collect(),
                vec![(FeeBearer::Payer, 1_000)],
                ApprovalPlan::Exact,
            ),
        ),
    ];
    let (mut smart, expectation) = plan(
        Network::Base,
        usdc,
        vec![(payee(1), 7_000_000), (payee(2), 3_000_000)],
        vec![],
        ApprovalPlan::Exact,
    );
    smart.smart_account = Some(SmartAccountFlow {
        account: addr(Network::Base, "0x1111111111111111111111111111111111111111"),
        funding_eoa: addr(Network::Base, "0x2222222222222222222222222222222222222222"),
    });
    let mut expectation = expectation;
    expectation["smartAccount"] = json!("0x1111111111111111111111111111111111111111");
    // The account's funding step pulls from the payer's wallet: the payer is agreed.
    expectation["payer"] = json!("0x2222222222222222222222222222222222222222");
    cases.push(Case {
        name: "multicall same-chain, smart account",
        response: smart.build().unwrap(),
        expectation,
    });
    cases.push(cross_chain_case(
        "multicall cross-chain with destination calls",
        vec![(payee(1), 25_000_000), (payee(2), 15_500_000)],
        vec![],
    ));
    cases.push(cross_chain_case(
        "single cross-chain with a payer-borne destination fee",
        vec![(payee(1), 10_000_000)],
        vec![(FeeBearer::Payer, 20_000)],
    ));
    cases.push(legacy_case());
    cases
}

/// USDT on Optimism bridged to USDC on Base, each payment's bridge call taking its amount and
/// fees plus 0.1 USDT of bridge costs.
fn cross_chain_case(
    name: &'static str,
    payees: Vec<(ChainAddress, u64)>,
    fees: Vec<(FeeBearer, u64)>,
) -> Case {
    let (plan, _) = plan(
        Network::Base,
        "USDC-base",
        payees,
        fees,
        ApprovalPlan::Exact,
    );
    let source_amounts: Vec<U256> = plan
        .payments
        .iter()
        .map(|p| {
            let fees = plan
                .fees
                .iter()
                .filter(|f| f.request_id == p.request_id && f.bearer == FeeBearer::Payer)
                .fold(U256::ZERO, |t, f| t + f.amount);
            p.amount + fees + U256::from(100_000u64)
        })
        .collect();
    let route = CrossChainRoute {
        network: Network::Optimism,
        currency: Catalog::builtin().get("USDT-optimism").unwrap().clone(),
        payer: addr(Network::Optimism, PAYER),
        source_amounts,
        quote_timestamp: 1_773_740_000,
        fill_deadline: 1_773_750_000,
    };
    let expectation =
        serde_json::to_value(Expectation::for_cross_chain_plan(&plan, &route).unwrap()).unwrap();
    Case {
        name,
        response: plan.build_cross_chain(&route).unwrap(),
        expectation,
    }
}

fn legacy_case() -> Case {
    let builder = Builder::new(Network::Mainnet);
    let usdc = addr(
        Network::Mainnet,
        "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    );
    let payees: Vec<BatchPayee> = (1..=3u8)
        .map(|i| BatchPayee {
            to: ChainAddress::from_abi(Network::Mainnet, payee(i).abi()),
            amount: U256::from(1_000_000u64 * u64::from(i)),
            reference: PaymentReference::new([i; 8]),
            fee_amount: U256::ZERO,
        })
        .collect();
    let batch = builder
        .batch_erc20(usdc, &payees, addr(Network::Mainnet, FEE_RECIPIENT))
        .unwrap();
    let approval = builder
        .approve_for(
            Flow::LegacyBatch,
            usdc,
            Allowance::Exact(U256::from(6_060_000u64)), // the payments and the 1 % batch fee
        )
        .unwrap();
    let response = PayResponse::LegacyBatch(LegacyBatchPayment {
        erc20_approval_transactions: vec![approval],
        batch_payment_transaction: Some(batch),
        erc20_batch_payment_transaction: None,
        eth_batch_payment_transaction: None,
        metadata: None,
    });
    let expectation = json!({
        "network": "mainnet", "currency": "USDC-mainnet",
        "batchFeeRate": 10, "maxPayerFees": "0.06", // BatchPayments' on-chain rate, per mille
        "payments": payees.iter().map(|p| json!({"payee": p.to.to_string(), "amount": securepay::amount::format_units(p.amount, securepay::amount::Decimals::new(6).unwrap()), "reference": p.reference.to_string()})).collect::<Vec<_>>()
    });
    Case {
        name: "legacy batch",
        response,
        expectation,
    }
}

#[test]
fn every_valid_response_verifies_with_no_danger_finding() {
    for case in valid_cases() {
        let verdict = case.verdict();
        assert!(verdict.is_safe(), "{}:\n{verdict}", case.name);
        assert!(
            verdict
                .summary
                .lines
                .iter()
                .any(|l| l.to_string().starts_with("Total leaving your wallet")),
            "{}",
            case.name
        );
    }
}

// ---- tampering helpers -------------------------------------------------------------------

/// Every calldata a signature sends or proves, with the value beside it when there is one.
fn calldata_mut(response: &mut PayResponse) -> Vec<(&mut Bytes, Option<&mut U256>)> {
    fn push_txs<'a>(
        txs: &'a mut [Transaction],
        out: &mut Vec<(&'a mut Bytes, Option<&'a mut U256>)>,
    ) {
        for tx in txs.iter_mut() {
            out.push((&mut tx.data, Some(&mut tx.value)));
        }
    }
    let mut out = Vec::new();
    match response {
        PayResponse::Single(s) => push_txs(&mut s.transactions, &mut out),
        PayResponse::Multicall(m) => {
            push_txs(&mut m.transactions, &mut out);
            for child in m.children.iter_mut() {
                if let Some(call) = child.destination_call.as_mut() {
                    out.push((&mut call.calldata, None));
                }
            }
        }
        PayResponse::LegacyBatch(b) => {
            push_txs(&mut b.erc20_approval_transactions, &mut out);
            if let Some(tx) = b.batch_payment_transaction.as_mut() {
                out.push((&mut tx.data, Some(&mut tx.value)));
            }
        }
        _ => panic!("not a case this test builds"),
    }
    out
}

fn sync_mirror(response: &mut PayResponse) {
    if let PayResponse::Multicall(m) = response {
        if m.destination_calls.is_some() {
            m.destination_calls = Some(
                m.children
                    .iter()
                    .filter_map(|c| c.destination_call.clone())
                    .collect(),
            );
        }
    }
}

/// Rewrites the first main payment call (the call paying the first expected payee).
fn rewrite_payment(
    response: &mut PayResponse,
    payee: ChainAddress,
    change: &dyn Fn(&mut PaymentArgs),
) -> bool {
    let mut done = false;
    for (data, value) in calldata_mut(response) {
        if done {
            break;
        }
        if let Ok(mut call) = IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode(data) {
            if call._to == payee.abi() {
                let mut args = PaymentArgs { to: call._to, amount: call._amount, token: Some(call._tokenAddress), reference: call._paymentReference.clone(), fee: call._feeAmount, fee_address: call._feeAddress };
                change(&mut args);
                call._to = args.to;
                call._amount = args.amount;
                call._tokenAddress = args.token.unwrap();
                call._paymentReference = args.reference;
                call._feeAmount = args.fee;
                call._feeAddress = args.fee_address;
                *data = call.abi_encode().into();
                done = true;
            }
        } else if let (Ok(mut call), Some(value)) = (IEthereumFeeProxy::transferWithReferenceAndFeeCall::abi_decode(data), value) {
            if call._to == payee.abi() {
                let mut args = PaymentArgs { to: call._to, amount: *value - call._feeAmount, token: None, reference: call._paymentReference.clone(), fee: call._feeAmount, fee_address: call._feeAddress };
                change(&mut args);
                call._to = args.to;
                call._paymentReference = args.reference;
                call._feeAmount = args.fee;
                call._feeAddress = args.fee_address;
                *value = args.amount + args.fee;
                *data = call.abi_encode().into();
                done = true;
            }
        } else if let Ok(mut call) = securepay::contracts::abi::IBatchPayments::batchERC20PaymentsWithReferenceCall::abi_decode(data) {
            let mut args = PaymentArgs { to: call._recipients[0], amount: call._amounts[0], token: Some(call._tokenAddress), reference: call._paymentReferences[0].clone(), fee: call._feeAmounts[0], fee_address: call._feeAddress };
            change(&mut args);
            call._recipients[0] = args.to;
            call._amounts[0] = args.amount;
            call._tokenAddress = args.token.unwrap();
            call._paymentReferences[0] = args.reference;
            call._feeAmounts[0] = args.fee;
            call._feeAddress = args.fee_address;
            *data = call.abi_encode().into();
            done = true;
        }
    }
    sync_mirror(response);
    done
}

struct PaymentArgs {
    to: Address,
    amount: U256,
    token: Option<Address>,
    reference: Bytes,
    fee: U256,
    fee_address: Address,
}

fn first_payee(case: &Case) -> ChainAddress {
    *case.expectation().payments()[0]
        .payee()
        .address_for_transaction()
}

fn stranger() -> Address {
    STRANGER.parse::<ChainAddress>().unwrap().abi()
}

/// The transaction list a new call can be appended to, with the payment network.
fn push_transaction(response: &mut PayResponse, tx: Transaction) {
    match response {
        PayResponse::Single(s) => s.transactions.push(tx),
        PayResponse::Multicall(m) => m.transactions.push(tx),
        PayResponse::LegacyBatch(b) => b.erc20_approval_transactions.push(tx),
        _ => panic!("not a case this test builds"),
    }
}

fn token_of(case: &Case) -> Option<ChainAddress> {
    case.expectation().token()
}

type Mutation = fn(&Case) -> Option<(PayResponse, serde_json::Value)>;

fn mutations() -> Vec<(&'static str, Mutation)> {
    vec![
        ("payee swapped", |c| {
            let mut r = c.response.clone();
            rewrite_payment(&mut r, first_payee(c), &|a| a.to = stranger())
                .then_some((r, c.expectation.clone()))
        }),
        ("amount +1 unit", |c| {
            let mut r = c.response.clone();
            rewrite_payment(&mut r, first_payee(c), &|a| a.amount += U256::from(1u8))
                .then_some((r, c.expectation.clone()))
        }),
        ("amount -1 unit", |c| {
            let mut r = c.response.clone();
            rewrite_payment(&mut r, first_payee(c), &|a| a.amount -= U256::from(1u8))
                .then_some((r, c.expectation.clone()))
        }),
        ("token swapped", |c| {
            let mut r = c.response.clone();
            let other: Address = "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2"
                .parse()
                .unwrap();
            let mut touched = false;
            if c.expectation["network"] != "tron" && token_of(c).is_some() {
                touched = rewrite_payment(&mut r, first_payee(c), &|a| a.token = Some(other));
            }
            touched.then_some((r, c.expectation.clone()))
        }),
        ("target contract swapped to another chain's proxy", |c| {
            let mut r = c.response.clone();
            let elsewhere: ChainAddress = "0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE"
                .parse()
                .unwrap(); // Optimism/Sepolia ERC20FeeProxy
            match &mut r {
                PayResponse::Single(s) => {
                    s.transactions[s.metadata.payment_transaction_index].to = elsewhere
                }
                PayResponse::Multicall(m) => match m.children[0].destination_call.as_mut() {
                    Some(call) => {
                        call.target = elsewhere;
                        call.contract_address = elsewhere;
                        sync_mirror(&mut r);
                    }
                    None => m.transactions[m.metadata.payment_transaction_index].to = elsewhere,
                },
                PayResponse::LegacyBatch(b) => {
                    b.batch_payment_transaction.as_mut().unwrap().to = elsewhere
                }
                _ => panic!("not a case this test builds"),
            }
            Some((r, c.expectation.clone()))
        }),
        ("reference changed", |c| {
            let mut r = c.response.clone();
            rewrite_payment(&mut r, first_payee(c), &|a| {
                a.reference = Bytes::from(vec![9u8; 8])
            })
            .then_some((r, c.expectation.clone()))
        }),
        ("approval spender changed", |c| {
            let mut r = c.response.clone();
            let mut touched = false;
            for (data, _) in calldata_mut(&mut r) {
                if let Ok(mut call) = IERC20::approveCall::abi_decode(data) {
                    call.spender = stranger();
                    *data = call.abi_encode().into();
                    touched = true;
                    break;
                }
            }
            touched.then_some((r, c.expectation.clone()))
        }),
        ("extra transfer to a stranger", |c| {
            let mut r = c.response.clone();
            let (network, token) = match c.expectation["sourceNetwork"].as_str() {
                Some(_) => (
                    Network::Optimism,
                    "0x94b008aA00579c1307B0EF2c499aD98a8ce58e58".to_owned(),
                ),
                None => {
                    let exp = c.expectation();
                    (
                        exp.network(),
                        exp.token()
                            .map(|t| t.to_string())
                            .unwrap_or_else(|| "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".into()),
                    )
                }
            };
            let recipient = if network == Network::Tron {
                "TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs".parse().unwrap()
            } else {
                STRANGER.parse().unwrap()
            };
            let tx = Builder::new(network)
                .erc20_transfer(addr(network, &token), recipient, U256::from(1u8))
                .unwrap();
            push_transaction(&mut r, tx);
            Some((r, c.expectation.clone()))
        }),
        (
            "extra fee leg with a matching invented fee entry, maxPayerFees 0",
            |c| {
                let exp = c.expectation();
                let mut r = c.response.clone();
                let token = exp.token()?;
                let recipient = ChainAddress::from_abi(exp.network(), stranger());
                let reference = exp.payments()[0].reference().unwrap();
                let tx = Builder::new(exp.network())
                    .erc20_fee(&securepay::calldata::Erc20FeePayment::new(
                        token,
                        recipient,
                        U256::from(1000u16),
                        reference,
                    ))
                    .ok()?;
                let entry = {
                    let mut entry = FeeEntry::new(
                        "req0",
                        securepay::amount::HumanAmount::from_units(
                            U256::from(1000u16),
                            exp.currency().decimals(),
                        ),
                        exp.currency().id().clone(),
                        exp.network(),
                        recipient,
                    );
                    entry.fee_type = Some("invented".into());
                    entry.fee_bearer = Some(FeeBearer::Payer);
                    entry.chain_id = ChainIdText(exp.network().chain_id());
                    entry
                };
                match &mut r {
                    PayResponse::Single(s) => {
                        s.transactions.push(tx);
                        s.fee_bundle.as_mut()?.fees.push(entry);
                    }
                    PayResponse::Multicall(m) => {
                        m.transactions.push(tx);
                        m.fee_bundle.as_mut()?.fees.push(entry);
                        m.metadata
                            .fee_transaction_indices
                            .as_mut()?
                            .push(m.transactions.len() - 1);
                    }
                    PayResponse::LegacyBatch(_) => return None,
                    _ => panic!("not a case this test builds"),
                }
                let mut expectation = c.expectation.clone();
                expectation["maxPayerFees"] = json!("0");
                Some((r, expectation))
            },
        ),
        ("fee leg redirected", |c| {
            let mut r = c.response.clone();
            let fee: ChainAddress = FEE_RECIPIENT.parse().unwrap();
            let tron_fee: ChainAddress = "TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs".parse().unwrap();
            let fee_payees = [fee, tron_fee];
            let mut touched = false;
            for (data, value) in calldata_mut(&mut r) {
                if let Ok(mut call) =
                    IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode(data)
                {
                    if fee_payees.iter().any(|p| p.abi() == call._to) {
                        call._to = stranger();
                        *data = call.abi_encode().into();
                        touched = true;
                        break;
                    }
                } else if let Ok(mut call) =
                    IEthereumFeeProxy::transferWithReferenceAndFeeCall::abi_decode(data)
                {
                    if fee.abi() == call._to {
                        call._to = stranger();
                        *data = call.abi_encode().into();
                        let _ = value;
                        touched = true;
                        break;
                    }
                }
            }
            touched.then_some((r, c.expectation.clone()))
        }),
        ("fee added inside the proxy call", |c| {
            let mut r = c.response.clone();
            rewrite_payment(&mut r, first_payee(c), &|a| {
                a.fee = U256::from(5u8);
                a.fee_address = stranger();
            })
            .then_some((r, c.expectation.clone()))
        }),
        ("value changed", |c| {
            let mut r = c.response.clone();
            if c.expectation.get("sourceNetwork").is_some() {
                return None; // the bridge refunds any value: a caution, tested on its own
            }
            match &mut r {
                PayResponse::Single(s) => {
                    s.transactions[s.metadata.payment_transaction_index].value += U256::from(1u8)
                }
                PayResponse::Multicall(m) => {
                    m.transactions[m.metadata.payment_transaction_index].value += U256::from(1u8)
                }
                PayResponse::LegacyBatch(b) => {
                    b.batch_payment_transaction.as_mut().unwrap().value += U256::from(1u8)
                }
                _ => panic!("not a case this test builds"),
            }
            Some((r, c.expectation.clone()))
        }),
        ("32 trailing zero bytes on the payment calldata", |c| {
            let mut r = c.response.clone();
            let mut touched = false;
            let payee = first_payee(c);
            for (data, _) in calldata_mut(&mut r) {
                let pays = data.windows(20).any(|w| w == payee.abi().as_slice());
                if pays {
                    let mut bytes = data.to_vec();
                    bytes.extend([0u8; 32]);
                    *data = bytes.into();
                    touched = true;
                    break;
                }
            }
            sync_mirror(&mut r);
            touched.then_some((r, c.expectation.clone()))
        }),
        ("dirty address padding", |c| {
            let mut r = c.response.clone();
            let mut touched = false;
            let payee = first_payee(c);
            for (data, _) in calldata_mut(&mut r) {
                if let Some(offset) = data.windows(20).position(|w| w == payee.abi().as_slice()) {
                    let mut bytes = data.to_vec();
                    bytes[offset - 1] = 0xff; // the last padding byte before the address
                    *data = bytes.into();
                    touched = true;
                    break;
                }
            }
            sync_mirror(&mut r);
            touched.then_some((r, c.expectation.clone()))
        }),
        ("a child dropped", |c| {
            let mut r = c.response.clone();
            let PayResponse::Multicall(m) = &mut r else {
                return None;
            };
            m.children.pop();
            m.child_tokens.pop();
            m.request_ids.pop();
            m.payees.pop();
            m.amounts.pop();
            m.references.pop();
            if let Some(calls) = m.destination_calls.as_mut() {
                calls.pop();
            }
            m.metadata.child_count = Some(m.children.len());
            Some((r, c.expectation.clone()))
        }),
        ("a payment duplicated", |c| {
            let mut r = c.response.clone();
            match &mut r {
                PayResponse::Single(s) => {
                    let payment = s.transactions[s.metadata.payment_transaction_index].clone();
                    s.transactions
                        .insert(s.metadata.payment_transaction_index, payment);
                }
                PayResponse::Multicall(m) => {
                    let child = m.children[0].clone();
                    m.children.insert(1, child);
                    for (i, child) in m.children.iter_mut().enumerate() {
                        child.position = i;
                    }
                    m.metadata.child_count = Some(m.children.len());
                    let index = m.metadata.payment_transaction_index;
                    let payment = m.transactions[index].clone();
                    m.transactions.insert(index, payment);
                }
                PayResponse::LegacyBatch(b) => {
                    let batch = b.batch_payment_transaction.clone();
                    b.erc20_batch_payment_transaction = batch;
                }
                _ => panic!("not a case this test builds"),
            }
            Some((r, c.expectation.clone()))
        }),
        ("chainId changed", |c| {
            let mut r = c.response.clone();
            match &mut r {
                PayResponse::Multicall(m) => {
                    m.chain_id = Some(1);
                    if let Some(call) = m.children[0].destination_call.as_mut() {
                        call.chain_id = Some(1);
                    }
                }
                PayResponse::Single(s) => {
                    let fee = s.fee_bundle.as_mut()?.fees.first_mut()?;
                    fee.chain_id = ChainIdText(1);
                }
                PayResponse::LegacyBatch(_) => return None,
                _ => panic!("not a case this test builds"),
            }
            Some((r, c.expectation.clone()))
        }),
    ]
}

#[test]
fn every_tampering_gives_a_danger_finding() {
    let cases = valid_cases();
    for (name, mutate) in mutations() {
        let mut applied = 0;
        for case in &cases {
            let Some((response, expectation)) = mutate(case) else {
                continue;
            };
            applied += 1;
            let expectation = Expectation::from_str(&expectation.to_string()).unwrap();
            let verdict = verify(&response, &expectation);
            assert!(
                !verdict.is_safe(),
                "{name} on {}: no danger finding\n{verdict}",
                case.name
            );

            // The tampered response still round-trips: the danger comes from the content, not the form.
            let json = serde_json::to_string(&response).unwrap();
            assert_eq!(
                serde_json::from_str::<PayResponse>(&json).unwrap(),
                response
            );
        }
        assert!(applied > 0, "{name} applied to no response");
    }
}

#[test]
fn a_known_contract_of_another_chain_is_an_unknown_target() {
    let case = &valid_cases()[1];
    let mut response = case.response.clone();
    let PayResponse::Single(single) = &mut response else {
        panic!()
    };
    // The Base proxy's bytes, sent to on Optimism: verify the same response as an Optimism payment.
    single.transactions[1].to = "0x0DfbEe143b42B41eFC5A6F87bFD1fFC78c2f0aC9"
        .parse()
        .unwrap(); // the proxy of arbitrum/matic/bsc
    let verdict = verify(&response, &case.expectation());
    assert!(
        verdict
            .findings
            .iter()
            .any(|f| f.code == "unknown_target" && f.severity == Severity::Danger),
        "{verdict}"
    );
}

#[test]
fn plain_native_transfers_and_transfers_among_approvals_are_dangers() {
    let case = &valid_cases()[1];
    let mut response = case.response.clone();
    let PayResponse::Single(single) = &mut response else {
        panic!()
    };
    single.transactions.push(Transaction {
        to: STRANGER.parse().unwrap(),
        data: Bytes::new(),
        value: U256::from(1u8),
    });
    let verdict = verify(&response, &case.expectation());
    assert!(
        verdict.findings.iter().any(|f| f.code == "plain_transfer"),
        "{verdict}"
    );

    let mut response = case.response.clone();
    let PayResponse::Single(single) = &mut response else {
        panic!()
    };
    let transfer = Builder::new(Network::Base)
        .erc20_transfer(
            addr(Network::Base, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"),
            STRANGER.parse().unwrap(),
            U256::from(1u8),
        )
        .unwrap();
    single.transactions.insert(0, transfer);
    single.metadata.payment_transaction_index += 1;
    single.metadata.approval_transactions_count = Some(2);
    let verdict = verify(&response, &case.expectation());
    assert!(
        verdict.findings.iter().any(|f| f.code == "not_an_approval"),
        "{verdict}"
    );
}

#[test]
fn payer_fees_are_capped_inclusively_and_an_absent_cap_is_zero() {
    let case = &valid_cases()[2]; // payer fee 0.30, payee fee 0.20
    let mut exp = case.expectation.clone();
    exp["maxPayerFees"] = json!("0.30");
    assert!(
        verify(
            &case.response,
            &Expectation::from_str(&exp.to_string()).unwrap()
        )
        .is_safe(),
        "equal to the cap is fine"
    );
    exp["maxPayerFees"] = json!("0.29");
    let verdict = verify(
        &case.response,
        &Expectation::from_str(&exp.to_string()).unwrap(),
    );
    assert!(
        verdict
            .findings
            .iter()
            .any(|f| f.code == "payer_fees_above_max" && f.severity == Severity::Danger)
    );
    exp.as_object_mut().unwrap().remove("maxPayerFees");
    let verdict = verify(
        &case.response,
        &Expectation::from_str(&exp.to_string()).unwrap(),
    );
    assert!(!verdict.is_safe(), "no cap is a cap of zero");
    let finding = verdict
        .findings
        .iter()
        .find(|f| f.code == "payer_fees_above_max")
        .unwrap();
    assert_eq!(
        finding.details.actual.as_ref().unwrap().units,
        U256::from(300_000u64)
    );
    assert_eq!(finding.details.expected.as_ref().unwrap().units, U256::ZERO);
}

#[test]
fn unlimited_approvals_of_immutable_contracts_are_cautions_said_plainly() {
    let cases = valid_cases();
    let unlimited = cases
        .iter()
        .find(|c| c.name == "multicall same-chain, 3 children")
        .unwrap()
        .verdict();
    assert!(unlimited.is_safe(), "{unlimited}");
    assert!(
        unlimited
            .findings
            .iter()
            .any(|f| f.code == "approval_unlimited"
                && f.severity == Severity::Caution
                && f.message().contains("unlimited"))
    );
    assert!(unlimited.summary.lines.iter().any(|l| {
        l.to_string()
            .starts_with("Approve unlimited USDC for the payment contract")
    }));
    let cross = cases
        .iter()
        .find(|c| c.name.starts_with("multicall cross-chain"))
        .unwrap()
        .verdict();
    // Only the worst case of the tokens: no fact proves that they take no fee on transfer.
    assert!(
        cross.findings.iter().all(|f| f.code == "token_behaviour"),
        "{cross}"
    );
    let lines = cross.summary.to_lines();
    assert!(
        lines
            .iter()
            .any(|l| l == "Bridge 25.1 USDT from Optimism to Base, delivering at least 25 USDC"),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with(
            "Pay 25 USDC to 0x4242424242424242424242424242424242424201 on Base, reference 0x0101010101010101, bridged from Optimism"
        )),
        "{lines:?}"
    );
    let legacy = cases
        .iter()
        .find(|c| c.name == "legacy batch")
        .unwrap()
        .verdict();
    assert!(legacy.is_safe(), "{legacy}");
    assert!(legacy.summary.to_lines().iter().any(|l| l
        == "Batch fee of at most 0.06 USDC to 0x9795d480C2C50392A4714A0F468059C6448DeCe2 (set on chain by the batch contract)"));
}

#[test]
fn the_summary_says_what_happens_and_masks_a_hidden_payee_everywhere() {
    let case = &valid_cases()[2];
    let verdict = case.verdict();
    let lines = verdict.summary.to_lines();
    assert!(
        lines
            .iter()
            .any(|l| l == "Pay 10.3 USDC to 0x4242424242424242424242424242424242424201 on Base, reference 0x0101010101010101"),
        "the payee receives the agreed 10.5 less the fee it bears: {lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "Fee 0.2 USDC to 0x9795d480C2C50392A4714A0F468059C6448DeCe2 (platform, deducted from the payment)"),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "Fee 0.3 USDC to 0x9795d480C2C50392A4714A0F468059C6448DeCe2 (platform, paid by you)"),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "Total leaving your wallet: 10.8 USDC"),
        "{lines:?}"
    );
    let mut hidden = case.expectation.clone();
    hidden["hidePayeeAddress"] = json!(true);
    let expectation = Expectation::from_str(&hidden.to_string()).unwrap();
    let (response, _) = (mutations()[0].1)(case).unwrap(); // payee swapped: findings mention payees
    for verdict in [
        verify(&case.response, &expectation),
        verify(&response, &expectation),
    ] {
        let everything = format!(
            "{verdict} {verdict:?} {} {expectation:?} {}",
            serde_json::to_string(&verdict).unwrap(),
            serde_json::to_string(&expectation).unwrap()
        );
        let payee = payee(1).to_string();
        assert!(
            !everything.contains(&payee) && !everything.contains(&payee.to_lowercase()[2..]),
            "the payee leaks: {everything}"
        );
        assert!(!everything.contains("0x4242…4201"));
        assert!(everything.contains("hidden"));
    }
    assert_eq!(
        expectation.payments()[0].payee().address_for_transaction(),
        &payee(1),
        "the checks use the real address"
    );
}

#[test]
fn the_summary_states_what_the_transactions_do_not_what_was_agreed() {
    let case = &valid_cases()[2];
    let (swapped, _) = (mutations()[0].1)(case).unwrap();
    let verdict = verify(&swapped, &case.expectation());
    let stranger = ChainAddress::from_abi(Network::Base, stranger()).to_string();
    // Every address a person must check is shown in full (a short form is 32 bits to forge).
    let shown = format!("Pay 10.3 USDC to {stranger} on Base");
    let lines = verdict.summary.to_lines();
    assert!(lines.iter().any(|l| l.starts_with(&shown)), "{lines:?}");
    assert!(!lines.iter().any(|l| l.contains(&payee(1).to_string())));
    let (inflated, _) = (mutations()[1].1)(case).unwrap();
    let verdict = verify(&inflated, &case.expectation());
    assert!(
        verdict
            .summary
            .to_lines()
            .iter()
            .any(|l| l
                .starts_with("Pay 10.300001 USDC to 0x4242424242424242424242424242424242424201")),
        "{:?}",
        verdict.summary.lines
    );
}

#[test]
fn expectations_are_read_strictly() {
    let base = json!({"network": "base", "currency": "USDC-base", "payments": [{"payee": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "amount": "10.50"}]});
    assert!(Expectation::from_str(&base.to_string()).is_ok());
    let bad = |change: &dyn Fn(&mut serde_json::Value)| {
        let mut value = base.clone();
        change(&mut value);
        Expectation::from_str(&value.to_string()).unwrap_err()
    };
    bad(&|v| v["unknown"] = json!(1));
    bad(&|v| v["payments"][0]["memo"] = json!("x"));
    bad(&|v| v["payments"] = json!([]));
    bad(&|v| v["payments"][0]["amount"] = json!("0"));
    bad(&|v| v["payments"][0]["amount"] = json!("10.5000001"));
    bad(&|v| v["payments"][0]["payee"] = json!("TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"));
    bad(&|v| v["currency"] = json!("USDC-optimism"));
    bad(&|v| v["network"] = json!("nile"));
    bad(&|v| v["payments"][0]["reference"] = json!("0x12"));
    bad(&|v| {
        v.as_object_mut()
            .unwrap()
            .remove("currency")
            .map(drop)
            .unwrap_or(())
    });
    let tron = json!({"network": "tron", "currency": "USDT-tron", "payments": [{"payee": "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", "amount": "5"}]});
    assert!(
        Expectation::from_str(&tron.to_string()).is_ok(),
        "Tron payees are Base58"
    );
}

#[test]
fn responses_and_expectations_are_json_objects_never_serde_array_forms() {
    // Empty input has its own error (tests/it/readers.rs): `empty input: expected …`.
    for body in [&b"[]"[..], b" [null]", b"\"single\"", b"null"] {
        let error = PayResponse::from_slice(body).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("a pay response is a JSON object"),
            "{error}"
        );
    }
    let array = r#"["base", "USDC-base", [["0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "10"]]]"#;
    assert_eq!(
        Expectation::from_str(array).unwrap_err(),
        securepay::verify::ExpectationError::NotAnObject
    );
}
