//! Shared fixtures of the fuzz targets: the calldata targets of each network, and pay responses
//! with the expectations they satisfy (for `pay_response` and `expectation`). Built once.
//!
//! The seed generator (`examples/make_seeds.rs`) uses the same tables, so the first bytes of a
//! `calldata_decode` seed select the same network and contract as in the target.

use std::sync::OnceLock;

use alloy_primitives::{Address, U256};
use securepay::address::PayeeAddress;
use securepay::calldata::PaymentReference;
use securepay::contracts::Deployments;
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::pay::{
    ApprovalPlan, FeeBearer, PayResponse, PaymentPlan, PlannedFee, PlannedPayment,
};
use securepay::verify::Expectation;

/// The addresses `calldata_decode` may call on `network`: every deployment of the built-in
/// table on that network, then every token of the built-in catalog on it, without repeats,
/// in table order.
pub fn calldata_targets(network: Network) -> &'static [PayeeAddress] {
    static TARGETS: OnceLock<Vec<Vec<PayeeAddress>>> = OnceLock::new();
    let all = TARGETS.get_or_init(|| {
        Network::ALL
            .iter()
            .map(|&network| {
                let mut list: Vec<PayeeAddress> = Vec::new();
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

/// A pay response and the expectation it satisfies.
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

const FEE_RECIPIENT: &str = "0x9795d480C2C50392A4714A0F468059C6448DeCe2";

fn payee(network: Network, i: u8) -> PayeeAddress {
    let mut bytes = [0x42u8; 20];
    bytes[19] = i;
    PayeeAddress::from_abi(network, Address::from(bytes))
}

fn plan_case(
    name: &'static str,
    network: Network,
    currency: &str,
    payees: Vec<(PayeeAddress, u64)>,
    fees: Vec<(FeeBearer, u64)>,
    approval: ApprovalPlan,
) -> VerifyCase {
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
            reference: PaymentReference::new([i as u8 + 1; 8]),
        })
        .collect();
    let fee_recipient = if network == Network::Tron {
        PayeeAddress::parse(network, "TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs").expect("fee")
    } else {
        PayeeAddress::parse(network, FEE_RECIPIENT).expect("fee")
    };
    let fees = fees
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
    let decimals = currency.decimals();
    let expectation_json = serde_json::json!({
        "network": network.id(),
        "currency": currency.id().as_str(),
        "payments": payments.iter().map(|p| serde_json::json!({
            "payee": p.payee.to_string(),
            "amount": securepay::amount::format_units(p.amount, decimals),
            "reference": p.reference.to_string(),
        })).collect::<Vec<_>>(),
        "maxPayerFees": "1",
    })
    .to_string();
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
    VerifyCase {
        name,
        response: plan.build().expect("plan"),
        expectation: Expectation::from_json(&expectation_json).expect("expectation"),
        expectation_json,
    }
}

/// Valid responses of every shape the plan builder makes, and the cross-chain multicall of
/// `tests/data/pay`, each with its expectation.
pub fn verify_cases() -> &'static [VerifyCase] {
    static CASES: OnceLock<Vec<VerifyCase>> = OnceLock::new();
    CASES.get_or_init(|| {
        let cross_json = r#"{
            "network": "base", "currency": "USDC-base", "sourceNetwork": "optimism",
            "payments": [
                {"payee": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "amount": "25", "reference": "0x1111111111111111"},
                {"payee": "0x742d35Cc6634C0532925a3b844Bc454e4438f44e", "amount": "15.5", "reference": "0x2222222222222222"}
            ]
        }"#;
        vec![
            plan_case(
                "single ERC-20",
                Network::Base,
                "USDC-base",
                vec![(payee(Network::Base, 1), 10_500_000)],
                vec![(FeeBearer::Payer, 100_000)],
                ApprovalPlan::Exact,
            ),
            plan_case(
                "single native",
                Network::Base,
                "ETH-base-base",
                vec![(payee(Network::Base, 1), 200_000_000_000_000_000)],
                vec![(FeeBearer::Payer, 1_000_000_000_000)],
                ApprovalPlan::None,
            ),
            plan_case(
                "single Tron",
                Network::Tron,
                "USDT-tron",
                vec![(
                    PayeeAddress::parse(Network::Tron, "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE")
                        .expect("tron"),
                    5_000_000,
                )],
                vec![(FeeBearer::Payer, 10_000)],
                ApprovalPlan::Exact,
            ),
            plan_case(
                "multicall same-chain",
                Network::Base,
                "USDC-base",
                (1..=3)
                    .map(|i| (payee(Network::Base, i), 1_000_000 * u64::from(i)))
                    .collect(),
                vec![(FeeBearer::Payer, 50_000), (FeeBearer::Payee, 20_000)],
                ApprovalPlan::Unlimited,
            ),
            VerifyCase {
                name: "multicall cross-chain",
                response: PayResponse::from_slice(include_bytes!(
                    "../../tests/data/pay/multicall_cross_chain.json"
                ))
                .expect("cross-chain response"),
                expectation: Expectation::from_json(cross_json).expect("expectation"),
                expectation_json: cross_json.to_owned(),
            },
        ]
    })
}
