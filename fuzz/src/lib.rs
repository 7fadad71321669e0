//! Shared fixtures of the fuzz targets: the calldata targets of each network, and pay responses
//! with the expectations they satisfy (for `pay_response`, `expectation` and `verify_bound`).
//! Built once.
//!
//! The seed generator (`examples/make_seeds.rs`) uses the same tables, so the first bytes of a
//! `calldata_decode` seed select the same network and contract as in the target, and a
//! structured `verify_bound` seed selects the same shape.

use std::sync::OnceLock;

pub mod bound;

use alloy_primitives::{Address, U256};
use securepay::address::ChainAddress;
use securepay::amount::format_units;
use securepay::calldata::{Allowance, BatchPayee, Builder, Flow, PaymentReference};
use securepay::contracts::Deployments;
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::pay::{
    ApprovalPlan, CrossChainRoute, FeeBearer, LegacyBatchPayment, PayResponse, PaymentPlan,
    PlannedFee, PlannedPayment, SmartAccountFlow,
};
use securepay::verify::Expectation;
use serde_json::{Value, json};

/// The addresses `calldata_decode` may call on `network`: every deployment of the built-in
/// table on that network, then every token of the built-in catalog on it, without repeats,
/// in table order.
pub fn calldata_targets(network: Network) -> &'static [ChainAddress] {
    static TARGETS: OnceLock<Vec<Vec<ChainAddress>>> = OnceLock::new();
    let all = TARGETS.get_or_init(|| {
        Network::ALL
            .iter()
            .map(|&network| {
                let mut list: Vec<ChainAddress> = Vec::new();
                let deployments = Deployments::builtin()
                    .iter()
                    .filter(|d| d.network() == network)
                    .map(|d| d.address());
                let tokens = Catalog::builtin()
                    .currencies()
                    .filter(|c| c.chain_network() == Some(network))
                    .filter_map(|c| c.token_address());
                for address in deployments.chain(tokens) {
                    if !list.contains(&address) {
                        list.push(address);
                    }
                }
                list
            })
            .collect()
    });
    let slot = Network::ALL
        .iter()
        .position(|n| *n == network)
        .unwrap_or_default();
    all.get(slot).map_or(&[], Vec::as_slice)
}

/// A pay response and the expectation it satisfies (no danger finding).
pub struct VerifyCase {
    /// A name for people.
    pub name: &'static str,
    /// The response.
    pub response: PayResponse,
    /// The expectation, as JSON text.
    pub expectation_json: String,
    /// The expectation, parsed.
    pub expectation: Expectation,
}

/// The shapes [`build_case`] makes, each a valid response of any number of payments (where the
/// shape allows several) with the expectation it satisfies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// One ERC-20 payment on Base, a payer- and a payee-borne fee leg, an exact approval.
    Single,
    /// One native payment on Base with a payer-borne fee leg.
    Native,
    /// One USDT payment on Tron with a payer-borne fee leg.
    Tron,
    /// A same-chain multicall on Base: a payer- and a payee-borne fee on the first child, an
    /// unlimited approval of ERC20FeeProxy.
    SameChain,
    /// A same-chain multicall of the smart-account flow (an EOA approval of the smart account).
    SmartAccount,
    /// USDT on Optimism bridged to USDC on Base (LI.FI Across V4): one payment is the single
    /// shape (with a payer-borne destination fee), more the `evm_cross_chain` multicall.
    CrossChain,
    /// A legacy `batchERC20PaymentsWithReference` on Ethereum with the 10 ‰ batch fee.
    LegacyBatch,
    /// A same-chain multicall with a payer-borne fee on every child and a payee-borne one on
    /// every other child: as many fee legs as children.
    FeePerChild,
}

impl Shape {
    /// Every shape, in the order a structured `verify_bound` input's first byte selects.
    pub const ALL: [Shape; 8] = [
        Shape::Single,
        Shape::Native,
        Shape::Tron,
        Shape::SameChain,
        Shape::SmartAccount,
        Shape::CrossChain,
        Shape::LegacyBatch,
        Shape::FeePerChild,
    ];

    /// Whether the shape holds several payments.
    pub fn is_multi(self) -> bool {
        !matches!(self, Shape::Single | Shape::Native | Shape::Tron)
    }
}

const FEE_RECIPIENT: &str = "0x9795d480C2C50392A4714A0F468059C6448DeCe2";
const TRON_FEE_RECIPIENT: &str = "TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs";
const TRON_PAYEE: &str = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE";
const PAYER: &str = "0x2222222222222222222222222222222222222222";
const SMART_ACCOUNT: &str = "0x1111111111111111111111111111111111111111";

/// The `i`-th payee on `network` (distinct for every `i` below 65,536).
pub fn payee(network: Network, i: usize) -> ChainAddress {
    let mut bytes = [0x42u8; 20];
    let low = u16::try_from(i).unwrap_or(u16::MAX).to_be_bytes();
    bytes[18] = low[0];
    bytes[19] = low[1];
    ChainAddress::from_abi(network, Address::from(bytes))
}

fn parse(network: Network, text: &str) -> ChainAddress {
    ChainAddress::parse(network, text).expect("address")
}

fn reference(i: usize) -> PaymentReference {
    PaymentReference::new((i as u64 + 1).to_be_bytes())
}

/// A plan of `payees` with `fees` (request index, bearer, amount), and the expectation JSON it
/// satisfies: caps exactly the fees of each side, as a wallet sets them.
fn plan(
    network: Network,
    currency: &str,
    payees: Vec<(ChainAddress, u64)>,
    fees: Vec<(usize, FeeBearer, u64)>,
    approval: ApprovalPlan,
) -> (PaymentPlan, Value) {
    let currency = Catalog::builtin().get(currency).expect("catalog").clone();
    let payments: Vec<PlannedPayment> = payees
        .iter()
        .enumerate()
        .map(|(i, (payee, amount))| PlannedPayment {
            request_id: format!("req{i}"),
            secure_payment_token: Some(
                format!("01JD3E6JD46KY4KKV7X9V0{i:04X}")
                    .parse()
                    .expect("token"),
            ),
            payee: *payee,
            amount: U256::from(*amount),
            reference: reference(i),
        })
        .collect();
    let fee_recipient = if network == Network::Tron {
        parse(network, TRON_FEE_RECIPIENT)
    } else {
        parse(network, FEE_RECIPIENT)
    };
    let fees: Vec<PlannedFee> = fees
        .iter()
        .map(|(request, bearer, amount)| PlannedFee {
            request_id: format!("req{request}"),
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
        parent_token: Some("01JD3E6JD46KY4KKV7X9V0MZ00".parse().expect("token")),
        bundle_id: None,
    };
    let expectation = Expectation::for_plan(&plan).expect("the plan's own expectation");
    (plan, serde_json::to_value(expectation).expect("json"))
}

fn case(name: &'static str, response: PayResponse, expectation: Value) -> VerifyCase {
    let expectation_json = expectation.to_string();
    VerifyCase {
        name,
        response,
        expectation: Expectation::from_str(&expectation_json).expect("expectation"),
        expectation_json,
    }
}

fn built(name: &'static str, (plan, expectation): (PaymentPlan, Value)) -> VerifyCase {
    case(name, plan.build().expect("plan"), expectation)
}

/// Base payees `0..n` paid 1 USDC + i units each.
fn base_payees(n: usize) -> Vec<(ChainAddress, u64)> {
    (0..n)
        .map(|i| (payee(Network::Base, i), 1_000_000 + i as u64))
        .collect()
}

/// A valid response of `shape` with `n` payments (1 for the single shapes; at least 2 for the
/// same-chain multicalls, which have no single form) and the expectation it satisfies.
pub fn build_case(shape: Shape, n: usize) -> VerifyCase {
    let n = if shape.is_multi() { n.max(1) } else { 1 };
    let usdc = "USDC-base";
    match shape {
        Shape::Single => built(
            "single ERC-20",
            plan(
                Network::Base,
                usdc,
                vec![(payee(Network::Base, 1), 10_500_000)],
                vec![
                    (0, FeeBearer::Payer, 100_000),
                    (0, FeeBearer::Payee, 20_000),
                ],
                ApprovalPlan::Exact,
            ),
        ),
        Shape::Native => built(
            "single native",
            plan(
                Network::Base,
                "ETH-base-base",
                vec![(payee(Network::Base, 1), 200_000_000_000_000_000)],
                vec![(0, FeeBearer::Payer, 1_000_000_000_000)],
                ApprovalPlan::None,
            ),
        ),
        Shape::Tron => built(
            "single Tron",
            plan(
                Network::Tron,
                "USDT-tron",
                vec![(parse(Network::Tron, TRON_PAYEE), 5_000_000)],
                vec![(0, FeeBearer::Payer, 10_000)],
                ApprovalPlan::Exact,
            ),
        ),
        Shape::SameChain => built(
            "multicall same-chain",
            plan(
                Network::Base,
                usdc,
                base_payees(n.max(2)),
                vec![(0, FeeBearer::Payer, 50_000), (0, FeeBearer::Payee, 20_000)],
                ApprovalPlan::Unlimited,
            ),
        ),
        Shape::FeePerChild => {
            let n = n.max(2);
            let fees = (0..n)
                .flat_map(|i| {
                    let payer = Some((i, FeeBearer::Payer, 1_000 + i as u64));
                    let payee = (i % 2 == 0).then_some((i, FeeBearer::Payee, 500));
                    payer.into_iter().chain(payee)
                })
                .collect();
            built(
                "multicall same-chain, a fee per child",
                plan(
                    Network::Base,
                    usdc,
                    base_payees(n),
                    fees,
                    ApprovalPlan::Exact,
                ),
            )
        }
        Shape::SmartAccount => {
            let (mut smart, mut expectation) = plan(
                Network::Base,
                usdc,
                base_payees(n.max(2)),
                vec![],
                ApprovalPlan::Exact,
            );
            smart.smart_account = Some(SmartAccountFlow {
                account: parse(Network::Base, SMART_ACCOUNT),
                funding_eoa: parse(Network::Base, PAYER),
            });
            expectation["smartAccount"] = json!(SMART_ACCOUNT);
            case(
                "multicall same-chain, smart account",
                smart.build().expect("plan"),
                expectation,
            )
        }
        Shape::CrossChain => cross_chain_case(n),
        Shape::LegacyBatch => legacy_case(n),
    }
}

/// USDT on Optimism bridged to USDC on Base, each payment's bridge call taking its amount and
/// fees plus 0.1 USDT of bridge costs; a payer-borne destination fee when there is one payment.
fn cross_chain_case(n: usize) -> VerifyCase {
    let (plan, mut expectation) = plan(
        Network::Base,
        "USDC-base",
        (0..n)
            .map(|i| (payee(Network::Base, i), 25_000_000 + i as u64))
            .collect(),
        // A fee on a cross-chain multicall is refused today (its destination call is declared
        // by no child): only the single shape carries one.
        if n == 1 {
            vec![(0, FeeBearer::Payer, 30_000)]
        } else {
            vec![]
        },
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
    let total = source_amounts.iter().fold(U256::ZERO, |t, a| t + *a);
    let route = CrossChainRoute {
        network: Network::Optimism,
        currency: Catalog::builtin()
            .get("USDT-optimism")
            .expect("catalog")
            .clone(),
        payer: parse(Network::Optimism, PAYER),
        source_amounts,
        quote_timestamp: 1_773_740_000,
        fill_deadline: 1_773_750_000,
    };
    expectation["sourceNetwork"] = json!("optimism");
    expectation["sourceCurrency"] = json!("USDT-optimism");
    expectation["maxSourceAmount"] = json!(format_units(
        total,
        securepay::amount::Decimals::new(6).expect("decimals")
    ));
    expectation["payer"] = json!(PAYER);
    let name = if n == 1 {
        "single cross-chain"
    } else {
        "multicall cross-chain"
    };
    case(
        name,
        plan.build_cross_chain(&route).expect("cross-chain plan"),
        expectation,
    )
}

/// A legacy ERC-20 batch of `n` USDC payees on Ethereum: the approval covers the payments and
/// the 10 ‰ batch fee, which the expectation states (`batchFeeRate`) and caps.
fn legacy_case(n: usize) -> VerifyCase {
    let network = Network::Mainnet;
    let builder = Builder::new(network);
    let usdc = parse(network, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    let payees: Vec<BatchPayee> = (0..n)
        .map(|i| BatchPayee {
            to: payee(network, i),
            amount: U256::from(1_000_000u64 * (i as u64 + 1)),
            reference: reference(i),
            fee_amount: U256::ZERO,
        })
        .collect();
    let sum = payees.iter().fold(U256::ZERO, |t, p| t + p.amount);
    let batch_fee = sum * U256::from(10u64) / U256::from(1_000u64);
    let batch = builder
        .batch_erc20(usdc, &payees, parse(network, FEE_RECIPIENT))
        .expect("batch");
    let approval = builder
        .approve_for(Flow::LegacyBatch, usdc, Allowance::Exact(sum + batch_fee))
        .expect("approval");
    let response = PayResponse::LegacyBatch(LegacyBatchPayment {
        erc20_approval_transactions: vec![approval],
        batch_payment_transaction: Some(batch),
        erc20_batch_payment_transaction: None,
        eth_batch_payment_transaction: None,
        metadata: None,
    });
    let six = securepay::amount::Decimals::new(6).expect("decimals");
    let expectation = json!({
        "network": "mainnet", "currency": "USDC-mainnet",
        "batchFeeRate": 10, // BatchPayments' on-chain rate, per mille
        "maxPayerFees": format_units(batch_fee, six),
        "payments": payees.iter().map(|p| json!({
            "payee": p.to.to_string(),
            "amount": format_units(p.amount, six),
            "reference": p.reference.to_string(),
        })).collect::<Vec<_>>(),
    });
    case("legacy batch", response, expectation)
}

/// Valid responses of every shape (single ERC-20, native, Tron; same-chain multicall;
/// cross-chain multicall and single; legacy batch), each with its expectation.
pub fn verify_cases() -> &'static [VerifyCase] {
    static CASES: OnceLock<Vec<VerifyCase>> = OnceLock::new();
    CASES.get_or_init(|| {
        vec![
            build_case(Shape::Single, 1),
            build_case(Shape::Native, 1),
            build_case(Shape::Tron, 1),
            build_case(Shape::SameChain, 3),
            build_case(Shape::CrossChain, 2),
            build_case(Shape::CrossChain, 1),
            build_case(Shape::LegacyBatch, 3),
        ]
    })
}
