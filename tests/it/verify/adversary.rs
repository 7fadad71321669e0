//! The pay response is the adversary (issue 13, DESIGN.md §6): one test per class of what got
//! through, each built against the class from valid responses (`PaymentPlan`, `Builder`,
//! `build_cross_chain`, `tests/data/pay`), attacks of our own against the rules, the valid
//! cases that must pass, and a French rendering of every finding and summary line from the
//! structured data alone.
//!
//! A scenario is a verdict and what it must be: a danger (of named codes, where the rules say
//! which) or safe. A class test checks all its scenarios and lists every failure at once.
// Plans build the responses under test: feature `fixtures` (on with --all-features).

use crate::common;

use std::alloc::System;
use std::collections::BTreeSet;
use std::sync::{Mutex, MutexGuard, PoisonError};

use alloy_primitives::{Address, Bytes, U256};
use alloy_sol_types::SolCall;
use securepay::address::ChainAddress;
use securepay::amount::{Decimals, HumanAmount, format_units};
use securepay::calldata::effect::effect_of;
use securepay::calldata::lifi::{
    AcrossBridgeCall, DestinationMessage, SwapData, decode_bridge_call, decode_destination_message,
};
use securepay::calldata::{
    Allowance, BatchGroup, BatchPayee, BatchPaymentNetwork, BatchRequest, Builder, Decoder,
    Erc20FeePayment, Flow, NativeFeePayment, PaymentReference,
};
use securepay::contracts::Contract;
use securepay::contracts::abi::{IERC20, IERC20FeeProxy};
use securepay::currency::{Catalog, Currency, TokenBehaviour};
use securepay::network::Network;
use securepay::pay::{
    AmountSummary, ApprovalPlan, ChainIdText, CrossChainRoute, FeeBearer, FeeBundle, FeeEntry,
    LegacyBatchPayment, MulticallPayment, PayMetadata, PayResponse, PaymentPlan, PlannedFee,
    PlannedPayment, RouteType, SinglePayment, SmartAccountFlow,
};
use securepay::transaction::Transaction;
use securepay::verify::{
    AssetRef, Details, Expectation, FindingCode, Party, Quantity, Severity, SummaryLine, Verdict,
    verify, verify_slice,
};
use serde_json::{Value, json};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};

mod second;
mod third;

/// Counts allocations: class 6 checks that no count from the response sizes an allocation.
#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The tests of this file run one at a time, so that an allocation count is one verification's.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Whether the calling test `name` (of this module) runs its body here: the allocation
/// counter is the whole process's, and the tests of other modules of this binary run on other
/// threads, so a test that counts allocations runs alone in a child process of this test
/// binary. In the parent this waits for the child, fails with its output if it failed, and
/// answers `false`; in the child it answers `true`.
fn alone_in_a_process(name: &str) -> bool {
    const ALONE: &str = "SECUREPAY_TEST_ALONE";
    if std::env::var_os(ALONE).is_some() {
        return true;
    }
    let module = module_path!().split_once("::").map_or("", |(_, path)| path);
    let test = format!("{module}::{name}");
    let output = std::process::Command::new(std::env::current_exe().unwrap())
        .args([test.as_str(), "--exact", "--test-threads=1"])
        .env(ALONE, "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report = format!("{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    assert!(output.status.success(), "{test}, run alone:\n{report}");
    assert!(
        stdout.contains("1 passed"),
        "{test} did not run alone:\n{report}"
    );
    false
}

// ---- parties, tokens, contracts -----------------------------------------------------------

const PAYEE: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const PAYEE_2: &str = "0x742d35Cc6634C0532925a3b844Bc454e4438f44e";
const STRANGER: &str = "0x000000000000000000000000000000000000bEEF";
const FEE_TO: &str = "0x9795d480C2C50392A4714A0F468059C6448DeCe2";
const PAYER: &str = "0x2222222222222222222222222222222222222222";
const SMART_ACCOUNT: &str = "0x1111111111111111111111111111111111111111";
const DIAMOND: &str = "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE";
const BASE_PROXY: &str = "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814";
const OPTIMISM_PROXY: &str = "0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE";
const BASE_ERC20_PROXY_LIFI: &str = "0x74a55CaDb12501A3707E9F3C5dfd8b563C6A5940";
const BASE_EXECUTOR: &str = "0x4DaC9d1769b9b304cb04741DCDEb2FC14aBdF110";
const BASE_RECEIVER_ACROSS_V3: &str = "0xca6e6B692F568055adA0bF72A06D1EBbC938Fb23";
const BASE_RECEIVER_ACROSS_V4: &str = "0x33b255b5db44A78c34381f89f1a454bc0Ef49871";
const OPTIMISM_RECEIVER_ACROSS_V4: &str = "0xe417AD5eb9e919567620A48B3757cc182cCdf9e4";
const USDC_BASE: &str = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const USDT_BASE: &str = "0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2";
const USDT_OPTIMISM: &str = "0x94b008aA00579c1307B0EF2c499aD98a8ce58e58";
const USDC_OPTIMISM: &str = "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85";
const TRON_PAYEE: &str = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE";
const TRON_FEE_TO: &str = "TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs";

fn at(network: Network, text: &str) -> ChainAddress {
    ChainAddress::parse(network, text).unwrap()
}

fn on_base(text: &str) -> ChainAddress {
    at(Network::Base, text)
}

fn on_optimism(text: &str) -> ChainAddress {
    at(Network::Optimism, text)
}

fn abi(text: &str) -> Address {
    ChainAddress::parse_any(text).unwrap().abi()
}

fn currency(id: &str) -> Currency {
    Catalog::builtin().get(id).unwrap().clone()
}

fn reference(i: u8) -> PaymentReference {
    PaymentReference::new([i; 8])
}

fn human(units: u64, decimals: u8) -> String {
    format_units(U256::from(units), Decimals::new(decimals).unwrap())
}

fn u(units: u64) -> U256 {
    U256::from(units)
}

// ---- scenarios -----------------------------------------------------------------------------

/// What a verdict must be.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Want {
    /// Some danger, and a danger of each of these codes.
    Danger(Vec<FindingCode>),
    /// No danger.
    Safe,
}

/// One verdict of one attack (or valid case), and what it must be.
struct Scenario {
    name: String,
    verdict: Verdict,
    want: Want,
}

fn danger(name: impl Into<String>, verdict: Verdict, codes: &[FindingCode]) -> Scenario {
    Scenario {
        name: name.into(),
        verdict,
        want: Want::Danger(codes.to_vec()),
    }
}

fn safe(name: impl Into<String>, verdict: Verdict) -> Scenario {
    Scenario {
        name: name.into(),
        verdict,
        want: Want::Safe,
    }
}

fn has_danger(verdict: &Verdict, code: FindingCode) -> bool {
    verdict
        .findings
        .iter()
        .any(|f| f.code == code && f.severity == Severity::Danger)
}

/// Checks every scenario and reports every failure.
fn check(scenarios: &[Scenario]) {
    let mut failures = Vec::new();
    for s in scenarios {
        match &s.want {
            Want::Safe if !s.verdict.is_safe() => {
                failures.push(format!(
                    "{}: a valid response is refused\n{}",
                    s.name, s.verdict
                ));
            }
            Want::Safe => {}
            Want::Danger(codes) => {
                if s.verdict.is_safe() {
                    failures.push(format!("{}: no danger\n{}", s.name, s.verdict));
                    continue;
                }
                for code in codes {
                    if !has_danger(&s.verdict, *code) {
                        failures.push(format!("{}: no {code} danger\n{}", s.name, s.verdict));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} scenario checks failed:\n\n{}",
        failures.len(),
        scenarios.len(),
        failures.join("\n")
    );
}

// ---- valid responses -----------------------------------------------------------------------

/// A fee of a plan: the payment it belongs to, who bears it, how much, to whom.
type FeeSpec = (usize, FeeBearer, u64, ChainAddress);

/// A plan and the expectation a wallet would set for it: the agreed payments, and caps equal to
/// the fees shown (both caps always written, zero included).
fn plan(
    network: Network,
    currency_id: &str,
    payees: &[(ChainAddress, u64)],
    fees: &[FeeSpec],
    approval: ApprovalPlan,
) -> (PaymentPlan, Value) {
    let currency = currency(currency_id);
    let payments: Vec<PlannedPayment> = payees
        .iter()
        .enumerate()
        .map(|(i, (payee, amount))| PlannedPayment {
            request_id: format!("req{i}"),
            secure_payment_token: Some(format!("01JD3E6JD46KY4KKV7X9V0{i:04X}").parse().unwrap()),
            payee: *payee,
            amount: u(*amount),
            reference: reference(i as u8 + 1),
        })
        .collect();
    let fees: Vec<PlannedFee> = fees
        .iter()
        .map(|(payment, bearer, amount, to)| PlannedFee {
            request_id: format!("req{payment}"),
            fee_component_id: None,
            fee_type: Some("platform".into()),
            fee_label: Some("platform fee".into()),
            bearer: *bearer,
            amount: u(*amount),
            recipient: *to,
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

/// A plan in USDC on Base.
fn usdc_plan(payees: &[(ChainAddress, u64)], fees: &[FeeSpec]) -> (PaymentPlan, Value) {
    plan(
        Network::Base,
        "USDC-base",
        payees,
        fees,
        ApprovalPlan::Exact,
    )
}

fn built((plan, expectation): (PaymentPlan, Value)) -> (PayResponse, Value) {
    (plan.build().unwrap(), expectation)
}

fn expect(value: &Value) -> Expectation {
    Expectation::from_str(&value.to_string()).unwrap()
}

fn run(response: &PayResponse, expectation: &Value) -> Verdict {
    verify(response, &expect(expectation))
}

fn run_slice(bytes: &[u8], expectation: &Value) -> Verdict {
    verify_slice(bytes, &expect(expectation))
}

fn body(response: &PayResponse) -> Value {
    serde_json::to_value(response).unwrap()
}

fn bytes(value: &Value) -> Vec<u8> {
    serde_json::to_vec(value).unwrap()
}

/// USDT on Optimism bridged to USDC on Base: each payment's bridge call takes its amount, its
/// payer-borne fees and `bridge_cost` of USDT; the payer is `PAYER`.
fn cross(
    payees: &[(ChainAddress, u64)],
    fees: &[FeeSpec],
    bridge_cost: u64,
) -> (PayResponse, Value) {
    let (plan, _) = usdc_plan(payees, fees);
    let source_amounts: Vec<U256> = plan
        .payments
        .iter()
        .map(|p| {
            let fees = plan
                .fees
                .iter()
                .filter(|f| f.request_id == p.request_id && f.bearer == FeeBearer::Payer)
                .fold(U256::ZERO, |t, f| t + f.amount);
            p.amount + fees + u(bridge_cost)
        })
        .collect();
    let route = CrossChainRoute {
        network: Network::Optimism,
        currency: currency("USDT-optimism"),
        payer: on_optimism(PAYER),
        source_amounts,
        quote_timestamp: 1_773_740_000,
        fill_deadline: 1_773_750_000,
    };
    let expectation = Expectation::for_cross_chain_plan(&plan, &route).unwrap();
    (
        plan.build_cross_chain(&route).unwrap(),
        serde_json::to_value(expectation).unwrap(),
    )
}

/// A single USDC payment on Base whose fee is carried inside the proxy call (`_feeAmount` to
/// `_feeAddress`), declared in the fee bundle, borne by `bearer`: 10 USDC agreed, 0.3 of fee.
fn in_call_fee(bearer: FeeBearer) -> (PayResponse, Value) {
    let (amount, fee) = (10_000_000u64, 300_000u64);
    let builder = Builder::new(Network::Base);
    let usdc = on_base(USDC_BASE);
    let (leg, pulled, payer_fees, payee_fees) = match bearer {
        FeeBearer::Payer => (amount, amount + fee, fee, 0),
        FeeBearer::Payee => (amount - fee, amount, 0, fee),
        _ => panic!("not a case this test builds"),
    };
    let payment = builder
        .erc20_fee(
            &Erc20FeePayment::new(usdc, on_base(PAYEE), u(leg), reference(1))
                .with_fee(u(fee), on_base(FEE_TO)),
        )
        .unwrap();
    let approval = builder
        .approve_for(Flow::Erc20Fee, usdc, Allowance::Exact(u(pulled)))
        .unwrap();
    let six = Decimals::new(6).unwrap();
    let h = |units: u64| HumanAmount::from_units(u(units), six);
    let bundle = {
        let mut bundle = FeeBundle::new(vec![fee_entry("req0", bearer, fee, on_base(FEE_TO))]);
        bundle.bundle_id = Some("bundle-1".into());
        bundle.default_fee_bearer = Some(bearer);
        bundle.amount_summary = Some(AmountSummary::new(
            h(amount),
            h(amount - payee_fees),
            h(fee),
            h(payee_fees),
            h(payer_fees),
            h(amount + payer_fees),
        ));
        bundle
    };
    let metadata = PayMetadata {
        steps_required: 2,
        needs_approval: true,
        payment_transaction_index: 1,
        approval_transaction_index: Some(0),
        approval_transactions_count: Some(1),
        ..PayMetadata::default()
    };
    let response = PayResponse::Single(SinglePayment {
        transactions: vec![approval, payment],
        eoa_approval_transactions: None,
        fee_bundle: Some(bundle),
        metadata: Box::new(metadata),
    });
    let expectation = json!({
        "network": "base", "currency": "USDC-base",
        "payments": [{"payee": PAYEE, "amount": "10", "reference": reference(1).to_string()}],
        "maxPayerFees": human(payer_fees, 6), "maxPayeeFees": human(payee_fees, 6),
    });
    (response, expectation)
}

/// A fee entry of a USDC fee on Base.
fn fee_entry(request: &str, bearer: FeeBearer, units: u64, to: ChainAddress) -> FeeEntry {
    {
        let mut entry = FeeEntry::new(
            request,
            HumanAmount::from_units(u(units), Decimals::new(6).unwrap()),
            currency("USDC-base").id().clone(),
            Network::Base,
            to,
        );
        entry.fee_type = Some("platform".into());
        entry.fee_label = Some("platform fee".into());
        entry.fee_bearer = Some(bearer);
        entry.chain_id = ChainIdText(8453);
        entry
    }
}

// ---- tampering helpers ---------------------------------------------------------------------

fn single_mut(response: &mut PayResponse) -> &mut SinglePayment {
    match response {
        PayResponse::Single(single) => single,
        _ => panic!("not a single payment"),
    }
}

fn multi_mut(response: &mut PayResponse) -> &mut MulticallPayment {
    match response {
        PayResponse::Multicall(multicall) => multicall,
        _ => panic!("not a multicall"),
    }
}

fn txs_mut(response: &mut PayResponse) -> &mut Vec<Transaction> {
    match response {
        PayResponse::Single(single) => &mut single.transactions,
        PayResponse::Multicall(multicall) => &mut multicall.transactions,
        PayResponse::LegacyBatch(_) => panic!("a legacy batch has no transactions list"),
        _ => panic!("not a case this test builds"),
    }
}

fn txs(response: &PayResponse) -> &[Transaction] {
    match response {
        PayResponse::Single(single) => &single.transactions,
        PayResponse::Multicall(multicall) => &multicall.transactions,
        PayResponse::LegacyBatch(_) => panic!("a legacy batch has no transactions list"),
        _ => panic!("not a case this test builds"),
    }
}

fn metadata_mut(response: &mut PayResponse) -> &mut PayMetadata {
    match response {
        PayResponse::Single(single) => &mut single.metadata,
        PayResponse::Multicall(multicall) => &mut multicall.metadata,
        PayResponse::LegacyBatch(_) => panic!("a legacy batch has no pay metadata"),
        _ => panic!("not a case this test builds"),
    }
}

fn fee_bundle_mut(response: &mut PayResponse) -> &mut FeeBundle {
    match response {
        PayResponse::Single(single) => single.fee_bundle.as_mut().unwrap(),
        PayResponse::Multicall(multicall) => multicall.fee_bundle.as_mut().unwrap(),
        PayResponse::LegacyBatch(_) => panic!("a legacy batch has no fee bundle"),
        _ => panic!("not a case this test builds"),
    }
}

/// The positions of the bridge calls (transactions to the LI.FI diamond).
fn bridge_positions(response: &PayResponse) -> Vec<usize> {
    let diamond = abi(DIAMOND);
    txs(response)
        .iter()
        .enumerate()
        .filter(|(_, tx)| tx.to.abi() == diamond)
        .map(|(i, _)| i)
        .collect()
}

/// Decodes the `k`-th bridge call, edits its typed fields and encodes it back.
fn edit_bridge(response: &mut PayResponse, k: usize, edit: impl FnOnce(&mut AcrossBridgeCall)) {
    let index = bridge_positions(response)[k];
    let tx = &mut txs_mut(response)[index];
    let mut call = decode_bridge_call(&tx.data).unwrap();
    edit(&mut call);
    tx.data = call.abi_encode().into();
}

/// Decodes the destination message of a bridge call, edits it and encodes it back.
fn edit_message(call: &mut AcrossBridgeCall, edit: impl FnOnce(&mut DestinationMessage)) {
    let mut message = decode_destination_message(&call.across.message).unwrap();
    edit(&mut message);
    call.across.message = message.abi_encode().into();
}

/// Makes a cross-chain multicall's labels say what its bridge messages do: child `k`'s
/// `destinationCall` is the first call of bridge `k`'s message, and `destinationCalls` mirrors
/// the children (so that only the tampering under test is seen).
fn sync_children(response: &mut PayResponse) {
    if !matches!(response, PayResponse::Multicall(_)) {
        return;
    }
    // A message that does not decode (or has no call) leaves its child as it was.
    let calls: Vec<Option<Bytes>> = bridge_positions(response)
        .into_iter()
        .map(|index| {
            let call = decode_bridge_call(&txs(response)[index].data).ok()?;
            let message = decode_destination_message(&call.across.message).ok()?;
            Some(message.swaps.first()?.call_data.clone())
        })
        .collect();
    let multicall = multi_mut(response);
    for (child, calldata) in multicall.children.iter_mut().zip(calls) {
        if let (Some(call), Some(calldata)) = (child.destination_call.as_mut(), calldata) {
            call.calldata = calldata;
        }
    }
    multicall.destination_calls = Some(
        multicall
            .children
            .iter()
            .filter_map(|c| c.destination_call.clone())
            .collect(),
    );
}

/// ERC20FeeProxy calldata.
fn proxy_call(
    token: &str,
    to: &str,
    amount: u64,
    reference: PaymentReference,
    fee: u64,
    fee_to: Address,
) -> Bytes {
    IERC20FeeProxy::transferFromWithReferenceAndFeeCall {
        _tokenAddress: abi(token),
        _to: abi(to),
        _amount: u(amount),
        _paymentReference: reference.into(),
        _feeAmount: u(fee),
        _feeAddress: fee_to,
    }
    .abi_encode()
    .into()
}

/// A destination swap calling the Base ERC20FeeProxy with `call_data`, spending USDC.
fn proxy_swap(call_data: Bytes, from_amount: u64) -> SwapData {
    SwapData {
        call_to: abi(BASE_PROXY),
        approve_to: abi(BASE_PROXY),
        sending_asset_id: abi(USDC_BASE),
        receiving_asset_id: abi(USDC_BASE),
        from_amount: u(from_amount),
        call_data,
        requires_deposit: false,
    }
}

fn approve(network: Network, token: &str, spender: &str, amount: U256) -> Transaction {
    Builder::new(network)
        .approve(
            at(network, token),
            at(network, spender),
            Allowance::Exact(amount),
        )
        .unwrap()
}

fn transfer(network: Network, token: &str, to: &str, amount: u64) -> Transaction {
    Builder::new(network)
        .erc20_transfer(at(network, token), at(network, to), u(amount))
        .unwrap()
}

/// Rewrites the approval calldata of a transaction.
fn set_approval_amount(tx: &mut Transaction, amount: U256) {
    let mut call = IERC20::approveCall::abi_decode(&tx.data).unwrap();
    call.amount = amount;
    tx.data = call.abi_encode().into();
}

/// Inserts `key: value` into the JSON object at `path` of a response body.
fn insert(body: &mut Value, path: &[&str], key: &str, value: Value) {
    let mut target = &mut *body;
    for step in path {
        target = match step.parse::<usize>() {
            Ok(index) => &mut target[index],
            Err(_) => &mut target[*step],
        };
    }
    target
        .as_object_mut()
        .unwrap_or_else(|| panic!("{path:?} is not an object"))
        .insert(key.into(), value);
}

// ============================================================================================
// Class 1: fees bounded by the response itself
// ============================================================================================

fn class_1_scenarios() -> Vec<Scenario> {
    use FindingCode::{FeeBearerMismatch, PayeeFeesAboveMax, PayerFeesAboveMax, PaymentAmount};
    let mut out = Vec::new();
    let (payee, payee_2, stranger) = (on_base(PAYEE), on_base(PAYEE_2), on_base(STRANGER));

    // 1.1 A payee-borne "fee" of 99 % to a stranger: the payee gets 1 USDC of the agreed 100.
    let (r, mut e) = built(usdc_plan(
        &[(payee, 100_000_000)],
        &[(0, FeeBearer::Payee, 99_000_000, stranger)],
    ));
    e.as_object_mut().unwrap().remove("maxPayeeFees");
    out.push(danger(
        "1.1 single, 99 % payee-borne fee leg to a stranger, no maxPayeeFees (zero)",
        run(&r, &e),
        &[PaymentAmount],
    ));
    e["maxPayeeFees"] = json!("0.5");
    out.push(danger(
        "1.1 single, 99 % payee-borne fee leg to a stranger, maxPayeeFees 0.5",
        run(&r, &e),
        &[PayeeFeesAboveMax],
    ));
    let (r, mut e) = built(usdc_plan(
        &[(payee, 10_000_000), (payee_2, 20_000_000)],
        &[(1, FeeBearer::Payee, 19_800_000, stranger)],
    ));
    e["maxPayeeFees"] = json!("0.2");
    out.push(danger(
        "1.1 multicall, child 1 loses 99 % to a stranger, maxPayeeFees 0.2",
        run(&r, &e),
        &[PayeeFeesAboveMax],
    ));
    // Inside the proxy call: `_amount` 1 USDC to the payee, `_feeAmount` 99 to the stranger.
    let (mut r, mut e) = in_call_fee(FeeBearer::Payee);
    let single = single_mut(&mut r);
    single.transactions[1] = Builder::new(Network::Base)
        .erc20_fee(
            &Erc20FeePayment::new(on_base(USDC_BASE), payee, u(100_000), reference(1))
                .with_fee(u(9_900_000), stranger),
        )
        .unwrap();
    let bundle = single.fee_bundle.as_mut().unwrap();
    bundle.fees[0] = fee_entry("req0", FeeBearer::Payee, 9_900_000, stranger);
    bundle.amount_summary = None;
    out.push(danger(
        "1.1 single, 99 % fee inside the proxy call, declared payee-borne, maxPayeeFees 0.3",
        run(&r, &e),
        &[PayeeFeesAboveMax],
    ));
    e.as_object_mut().unwrap().remove("maxPayeeFees");
    out.push(danger(
        "1.1 single, 99 % fee inside the proxy call, declared payee-borne, no maxPayeeFees",
        run(&r, &e),
        &[PaymentAmount],
    ));
    // Cross-chain: the destination message pays the payee 1 % and the stranger 99 %.
    let (r, mut e) = cross(
        &[(payee, 10_000_000)],
        &[(0, FeeBearer::Payee, 9_900_000, stranger)],
        100_000,
    );
    e["maxPayeeFees"] = json!("0.1");
    out.push(danger(
        "1.1 cross-chain, destination message pays 99 % to a stranger, maxPayeeFees 0.1",
        run(&r, &e),
        &[PayeeFeesAboveMax],
    ));

    // 1.2 A fee entry marked payee-borne whose requestId matches no child, paid on top by the
    // payer: it must count against maxPayerFees (zero here), whatever its label.
    let (mut r, mut e) = built(usdc_plan(
        &[(payee, 10_000_000), (payee_2, 20_000_000)],
        &[(0, FeeBearer::Payer, 500_000, stranger)],
    ));
    let entry = &mut fee_bundle_mut(&mut r).fees[0];
    entry.fee_bearer = Some(FeeBearer::Payee);
    entry.request_id = "ghost".into();
    fee_bundle_mut(&mut r).amount_summary = None;
    e["maxPayerFees"] = json!("0");
    e["maxPayeeFees"] = json!("0.5");
    out.push(danger(
        "1.2 multicall, payer-paid fee labelled payee-borne with requestId of no child",
        run(&r, &e),
        &[PayerFeesAboveMax, FeeBearerMismatch],
    ));
    let (mut r, mut e) = built(usdc_plan(
        &[(payee, 10_000_000)],
        &[(0, FeeBearer::Payer, 500_000, stranger)],
    ));
    let entry = &mut fee_bundle_mut(&mut r).fees[0];
    entry.fee_bearer = Some(FeeBearer::Payee);
    entry.request_id = "ghost".into();
    fee_bundle_mut(&mut r).amount_summary = None;
    e["maxPayerFees"] = json!("0");
    e["maxPayeeFees"] = json!("0.5");
    out.push(danger(
        "1.2 single, payer-paid fee labelled payee-borne with an unknown requestId",
        run(&r, &e),
        &[PayerFeesAboveMax],
    ));
    // The bundle's default bearer says payee, the entry says nothing.
    let (mut r, mut e) = built(usdc_plan(
        &[(payee, 10_000_000)],
        &[(0, FeeBearer::Payer, 500_000, stranger)],
    ));
    let bundle = fee_bundle_mut(&mut r);
    bundle.fees[0].fee_bearer = None;
    bundle.default_fee_bearer = Some(FeeBearer::Payee);
    bundle.amount_summary = None;
    e["maxPayerFees"] = json!("0");
    e["maxPayeeFees"] = json!("0.5");
    out.push(danger(
        "1.2 single, payer-paid fee whose bearer is the bundle's default 'payee'",
        run(&r, &e),
        &[PayerFeesAboveMax],
    ));
    // The amount summary agrees with the lie.
    let (mut r, mut e) = built(usdc_plan(
        &[(payee, 10_000_000)],
        &[(0, FeeBearer::Payer, 500_000, stranger)],
    ));
    let bundle = fee_bundle_mut(&mut r);
    bundle.fees[0].fee_bearer = Some(FeeBearer::Payee);
    let six = Decimals::new(6).unwrap();
    bundle.amount_summary = Some(AmountSummary::new(
        HumanAmount::from_units(u(10_000_000), six),
        HumanAmount::from_units(u(9_500_000), six),
        HumanAmount::from_units(u(500_000), six),
        HumanAmount::from_units(u(500_000), six),
        HumanAmount::from_units(U256::ZERO, six),
        HumanAmount::from_units(u(10_000_000), six),
    ));
    e["maxPayerFees"] = json!("0");
    e["maxPayeeFees"] = json!("0.5");
    out.push(danger(
        "1.2 single, payer-paid fee labelled payee-borne, amount summary agreeing with the label",
        run(&r, &e),
        &[PayerFeesAboveMax],
    ));

    // 1.3 No maxPayerFees: an absent cap is zero, for every payer fee of every shape.
    let mut no_cap = |name: &str, response: &PayResponse, mut expectation: Value| {
        expectation.as_object_mut().unwrap().remove("maxPayerFees");
        out.push(danger(
            format!("1.3 {name}, no maxPayerFees"),
            run(response, &expectation),
            &[PayerFeesAboveMax],
        ));
    };
    let (r, e) = built(usdc_plan(
        &[(payee, 10_000_000)],
        &[(0, FeeBearer::Payer, 1, on_base(FEE_TO))],
    ));
    no_cap("single ERC-20, a payer fee leg of one unit", &r, e);
    let (r, e) = built(plan(
        Network::Base,
        "ETH-base-base",
        &[(payee, 200_000_000_000_000_000)],
        &[(0, FeeBearer::Payer, 1_000_000_000_000, on_base(FEE_TO))],
        ApprovalPlan::None,
    ));
    no_cap("single native, a payer fee leg", &r, e);
    let (r, e) = built(plan(
        Network::Tron,
        "USDT-tron",
        &[(at(Network::Tron, TRON_PAYEE), 5_000_000)],
        &[(0, FeeBearer::Payer, 10_000, at(Network::Tron, TRON_FEE_TO))],
        ApprovalPlan::Exact,
    ));
    no_cap("single Tron, a payer fee leg", &r, e);
    let (r, e) = built(usdc_plan(
        &[(payee, 1_000_000), (payee_2, 2_000_000)],
        &[(1, FeeBearer::Payer, 50_000, on_base(FEE_TO))],
    ));
    no_cap("multicall, a payer fee leg", &r, e);
    let (r, e) = in_call_fee(FeeBearer::Payer);
    no_cap("single, a payer fee inside the proxy call", &r, e);
    let (r, e) = cross(
        &[(payee, 10_000_000)],
        &[(0, FeeBearer::Payer, 20_000, on_base(FEE_TO))],
        100_000,
    );
    no_cap("cross-chain, a payer fee in the destination message", &r, e);
    let (r, e) = legacy_erc20_batch();
    no_cap(
        "legacy ERC-20 batch, the batch fee at the stated rate",
        &r,
        e,
    );
    // The documented fixture: 827.50 USDC with a 0.30 platform fee paid by the payer.
    let fixture = PayResponse::from_slice(
        &std::fs::read(common::data_path("pay/single_erc20_fees.json")).unwrap(),
    )
    .unwrap();
    no_cap(
        "tests/data/pay/single_erc20_fees.json",
        &fixture,
        json!({"network": "base", "currency": "USDC-base", "maxPayeeFees": "1.25",
            "payments": [{"payee": PAYEE, "amount": "827.50", "reference": "0xe23a6b02059c2b30"}]}),
    );
    out
}

#[test]
fn class_1_fees_bounded_by_the_response_itself() {
    let _serial = serial();
    check(&class_1_scenarios());
}

// ============================================================================================
// Class 2: transactions never looked at
// ============================================================================================

fn class_2_scenarios() -> Vec<Scenario> {
    use FindingCode::{
        EoaApprovalNotApprove, EoaApprovalSpender, EoaApprovalToken, MirrorMismatch,
    };
    let mut out = Vec::new();
    let (payee, payee_2) = (on_base(PAYEE), on_base(PAYEE_2));

    // 2.1 eoaApprovalTransactions of a cross-chain multicall (signed on the source chain).
    let (base, e) = cross(&[(payee, 25_000_000), (payee_2, 15_500_000)], &[], 100_000);
    let mut with_smart = e.clone();
    with_smart["smartAccount"] = json!(SMART_ACCOUNT);
    let eoa = |txs: Vec<Transaction>| {
        let mut r = base.clone();
        multi_mut(&mut r).eoa_approval_transactions = Some(txs);
        r
    };
    let drainer = approve(Network::Optimism, USDT_OPTIMISM, STRANGER, U256::MAX);
    out.push(danger(
        "2.1 cross-chain multicall, eoaApprovalTransactions approves a stranger, no smartAccount",
        run(&eoa(vec![drainer.clone()]), &e),
        &[EoaApprovalSpender],
    ));
    out.push(danger(
        "2.1 cross-chain multicall, eoaApprovalTransactions approves a stranger, smartAccount agreed",
        run(&eoa(vec![drainer.clone()]), &with_smart),
        &[EoaApprovalSpender],
    ));
    out.push(danger(
        "2.1 cross-chain multicall, the smart account approved, then a stranger",
        run(
            &eoa(vec![
                approve(Network::Optimism, USDT_OPTIMISM, SMART_ACCOUNT, U256::MAX),
                drainer.clone(),
            ]),
            &with_smart,
        ),
        &[EoaApprovalSpender],
    ));
    out.push(danger(
        "2.1 cross-chain multicall, the smart account approved for a token the route does not spend",
        run(
            &eoa(vec![approve(
                Network::Optimism,
                USDC_OPTIMISM,
                SMART_ACCOUNT,
                U256::MAX,
            )]),
            &with_smart,
        ),
        &[EoaApprovalToken],
    ));
    out.push(danger(
        "2.1 cross-chain multicall, a transfer to a stranger among the EOA approvals",
        run(
            &eoa(vec![transfer(
                Network::Optimism,
                USDT_OPTIMISM,
                STRANGER,
                1_000_000,
            )]),
            &with_smart,
        ),
        &[EoaApprovalNotApprove],
    ));
    let eoa_payment = Builder::new(Network::Optimism)
        .erc20_fee(&Erc20FeePayment::new(
            on_optimism(USDT_OPTIMISM),
            on_optimism(STRANGER),
            u(1_000_000),
            reference(1),
        ))
        .unwrap();
    out.push(danger(
        "2.1 cross-chain multicall, a proxy payment to a stranger among the EOA approvals",
        run(&eoa(vec![eoa_payment]), &with_smart),
        &[EoaApprovalNotApprove],
    ));
    out.push(danger(
        "2.1 cross-chain multicall, an EOA approval of the LI.FI diamond",
        run(
            &eoa(vec![approve(
                Network::Optimism,
                USDT_OPTIMISM,
                DIAMOND,
                U256::MAX,
            )]),
            &with_smart,
        ),
        &[EoaApprovalSpender],
    ));

    // 2.2 A multicall's mirrors: ERC20ApprovalTransactions / batchPaymentTransaction.
    let (same, e_same) = built(plan(
        Network::Base,
        "USDC-base",
        &[(payee, 7_000_000), (payee_2, 3_000_000)],
        &[],
        ApprovalPlan::Exact,
    ));
    let mirror = |edit: &dyn Fn(&mut MulticallPayment)| {
        let mut r = same.clone();
        edit(multi_mut(&mut r));
        r
    };
    let base_drainer = approve(Network::Base, USDC_BASE, STRANGER, U256::MAX);
    out.push(safe(
        "2.2 control: the mirrors are the very transactions they mirror",
        run(
            &mirror(&|m| {
                m.erc20_approval_transactions = Some(vec![m.transactions[0].clone()]);
                m.batch_payment_transaction = Some(m.transactions[1].clone());
                m.metadata.batch_payment_transaction_index = Some(1);
            }),
            &e_same,
        ),
    ));
    out.push(danger(
        "2.2 ERC20ApprovalTransactions holds a drainer approval",
        run(
            &mirror(&|m| m.erc20_approval_transactions = Some(vec![base_drainer.clone()])),
            &e_same,
        ),
        &[MirrorMismatch],
    ));
    out.push(danger(
        "2.2 ERC20ApprovalTransactions holds the approval, then a drainer",
        run(
            &mirror(&|m| {
                m.erc20_approval_transactions =
                    Some(vec![m.transactions[0].clone(), base_drainer.clone()]);
            }),
            &e_same,
        ),
        &[MirrorMismatch],
    ));
    out.push(danger(
        "2.2 ERC20ApprovalTransactions: the approval with one wei of value",
        run(
            &mirror(&|m| {
                let mut tx = m.transactions[0].clone();
                tx.value = u(1);
                m.erc20_approval_transactions = Some(vec![tx]);
            }),
            &e_same,
        ),
        &[MirrorMismatch],
    ));
    out.push(danger(
        "2.2 ERC20ApprovalTransactions: the approval, unlimited",
        run(
            &mirror(&|m| {
                let mut tx = m.transactions[0].clone();
                set_approval_amount(&mut tx, U256::MAX);
                m.erc20_approval_transactions = Some(vec![tx]);
            }),
            &e_same,
        ),
        &[MirrorMismatch],
    ));
    out.push(danger(
        "2.2 ERC20ApprovalTransactions without approvalTransactionIndices",
        run(
            &mirror(&|m| {
                m.erc20_approval_transactions = Some(vec![m.transactions[0].clone()]);
                m.metadata.approval_transaction_indices = None;
            }),
            &e_same,
        ),
        &[MirrorMismatch],
    ));
    out.push(danger(
        "2.2 batchPaymentTransaction is a transfer to a stranger",
        run(
            &mirror(&|m| {
                m.batch_payment_transaction =
                    Some(transfer(Network::Base, USDC_BASE, STRANGER, 10_000_000));
                m.metadata.batch_payment_transaction_index = Some(1);
            }),
            &e_same,
        ),
        &[MirrorMismatch],
    ));
    out.push(danger(
        "2.2 batchPaymentTransaction is the payment, with no batchPaymentTransactionIndex",
        run(
            &mirror(&|m| m.batch_payment_transaction = Some(m.transactions[1].clone())),
            &e_same,
        ),
        &[MirrorMismatch],
    ));
    out.push(danger(
        "2.2 batchPaymentTransaction: the payment's calldata sent to another chain's proxy",
        run(
            &mirror(&|m| {
                let mut tx = m.transactions[1].clone();
                tx.to = on_base(OPTIMISM_PROXY);
                m.batch_payment_transaction = Some(tx);
                m.metadata.batch_payment_transaction_index = Some(1);
            }),
            &e_same,
        ),
        &[MirrorMismatch],
    ));
    let mut r = base.clone();
    let m = multi_mut(&mut r);
    let mut unlimited = m.transactions[0].clone();
    set_approval_amount(&mut unlimited, U256::MAX);
    m.erc20_approval_transactions = Some(vec![unlimited]);
    out.push(danger(
        "2.2 cross-chain multicall, ERC20ApprovalTransactions approves the diamond unlimited",
        run(&r, &e),
        &[MirrorMismatch],
    ));
    let mut r = base.clone();
    let m = multi_mut(&mut r);
    let mut other = m.transactions[2].clone();
    edit_bridge_data(&mut other, |call| {
        call.across.refund_address = abi(STRANGER);
    });
    m.batch_payment_transaction = Some(other);
    m.metadata.batch_payment_transaction_index = Some(2);
    out.push(danger(
        "2.2 cross-chain multicall, batchPaymentTransaction is a bridge call refunding a stranger",
        run(&r, &e),
        &[MirrorMismatch],
    ));

    // 2.3 Keys a shape does not define are refused at parse: verify_slice says unreadable.
    let unreadable = |name: &str, body: Value, e: &Value| {
        danger(
            format!("2.3 {name}"),
            run_slice(&bytes(&body), e),
            &[FindingCode::ResponseUnreadable],
        )
    };
    let (legacy, e_legacy) = legacy_erc20_batch();
    let mut b = body(&legacy);
    b["eoaApprovalTransactions"] = json!([base_drainer_json()]);
    out.push(unreadable(
        "legacy batch with eoaApprovalTransactions",
        b,
        &e_legacy,
    ));
    let mut b = body(&legacy);
    b["transactions"] = json!([base_drainer_json()]);
    out.push(unreadable("legacy batch with transactions", b, &e_legacy));
    let (single, e_single) = built(usdc_plan(&[(payee, 10_000_000)], &[]));
    for key in [
        "ERC20ApprovalTransactions",
        "batchPaymentTransaction",
        "ERC20BatchPaymentTransaction",
        "ETHBatchPaymentTransaction",
        "destinationCalls",
        "children",
        "approvalTransactions",
    ] {
        let mut b = body(&single);
        let value = match key {
            "batchPaymentTransaction"
            | "ERC20BatchPaymentTransaction"
            | "ETHBatchPaymentTransaction" => base_drainer_json(),
            _ => json!([base_drainer_json()]),
        };
        b[key] = value;
        out.push(unreadable(
            &format!("single payment with {key}"),
            b,
            &e_single,
        ));
    }
    for key in ["ERC20BatchPaymentTransaction", "ETHBatchPaymentTransaction"] {
        let mut b = body(&same);
        b[key] = base_drainer_json();
        out.push(unreadable(&format!("multicall with {key}"), b, &e_same));
    }
    // A second `transactions` key (the first one read is a drainer).
    let text = serde_json::to_string(&single).unwrap();
    let twice = format!(
        "{{\"transactions\":[{}],{}",
        base_drainer_json(),
        &text[1..]
    );
    out.push(danger(
        "2.3 single payment with two transactions keys",
        run_slice(twice.as_bytes(), &e_single),
        &[FindingCode::ResponseUnreadable],
    ));
    // The same, the second key written with a JSON escape (`\u0074ransactions`).
    let escaped = format!(
        "{{\"\\u0074ransactions\":[{}],{}",
        base_drainer_json(),
        &text[1..]
    );
    out.push(danger(
        "2.3 single payment with transactions and \\u0074ransactions",
        run_slice(escaped.as_bytes(), &e_single),
        &[FindingCode::ResponseUnreadable],
    ));
    // A list under a key of another case, and a paymentType of another case.
    let mut b = body(&single);
    b["Transactions"] = json!([base_drainer_json()]);
    out.push(unreadable("single payment with Transactions", b, &e_single));
    let mut b = body(&single);
    b["paymentType"] = json!("Single");
    out.push(unreadable("paymentType Single", b, &e_single));
    let mut b = body(&legacy);
    b["destinationCalls"] = json!([]);
    out.push(unreadable(
        "legacy batch with destinationCalls",
        b,
        &e_legacy,
    ));
    out
}

fn base_drainer_json() -> Value {
    serde_json::to_value(approve(Network::Base, USDC_BASE, STRANGER, U256::MAX)).unwrap()
}

/// Edits the bridge call of one transaction.
fn edit_bridge_data(tx: &mut Transaction, edit: impl FnOnce(&mut AcrossBridgeCall)) {
    let mut call = decode_bridge_call(&tx.data).unwrap();
    edit(&mut call);
    tx.data = call.abi_encode().into();
}

#[test]
fn class_2_transactions_never_looked_at() {
    let _serial = serial();
    check(&class_2_scenarios());
}

/// A legacy `BatchPayments` ERC-20 batch on Ethereum: three USDC payees, the contract's batch
/// fee of 10 per mille stated (`batchFeeRate`) and capped by `maxPayerFees`.
fn legacy_erc20_batch() -> (PayResponse, Value) {
    let builder = Builder::new(Network::Mainnet);
    let usdc = at(
        Network::Mainnet,
        "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    );
    let payees: Vec<BatchPayee> = (1..=3u8)
        .map(|i| BatchPayee {
            to: at(
                Network::Mainnet,
                &format!("0x42424242424242424242424242424242424242{i:02x}"),
            ),
            amount: u(1_000_000 * u64::from(i)),
            reference: reference(i),
            fee_amount: U256::ZERO,
        })
        .collect();
    let batch = builder
        .batch_erc20(usdc, &payees, at(Network::Mainnet, FEE_TO))
        .unwrap();
    let approval = builder
        .approve_for(Flow::LegacyBatch, usdc, Allowance::Exact(u(6_060_000)))
        .unwrap();
    let response = PayResponse::LegacyBatch(LegacyBatchPayment {
        erc20_approval_transactions: vec![approval],
        batch_payment_transaction: Some(batch),
        erc20_batch_payment_transaction: None,
        eth_batch_payment_transaction: None,
        metadata: None,
    });
    let expectation = json!({
        "network": "mainnet", "currency": "USDC-mainnet", "batchFeeRate": 10, "maxPayerFees": "0.06",
        "payments": payees.iter().map(|p| json!({"payee": p.to.to_string(),
            "amount": format_units(p.amount, Decimals::new(6).unwrap()), "reference": p.reference.to_string()})).collect::<Vec<_>>(),
    });
    (response, expectation)
}

// ============================================================================================
// Class 3: approvals
// ============================================================================================

/// A same-chain USDC payment on Base in the smart-account flow (the funding EOA approves the
/// smart account, unlimited, which pulls what it pays), with the expectation a wallet would
/// set (its payer, the funding EOA; no smartAccount yet).
fn smart_account_single(payees: &[(ChainAddress, u64)]) -> (PayResponse, Value) {
    let (mut plan, mut expectation) = usdc_plan(payees, &[]);
    expectation["payer"] = json!(PAYER);
    plan.smart_account = Some(SmartAccountFlow {
        account: on_base(SMART_ACCOUNT),
        funding_eoa: on_base(PAYER),
    });
    (plan.build().unwrap(), expectation)
}

fn class_3_scenarios() -> Vec<Scenario> {
    use FindingCode::{
        ApprovalAboveNeed, ApprovalSpender, BridgeToken, CrossChainNotAgreed, EoaApprovalSpender,
    };
    let mut out = Vec::new();
    let (payee, payee_2) = (on_base(PAYEE), on_base(PAYEE_2));

    // 3.1 EOA approvals: exactly the agreed smart account; none agreed is a danger.
    let (r, e) = smart_account_single(&[(payee, 10_000_000)]);
    out.push(danger(
        "3.1 single, EOA approves the smart account but no smartAccount was agreed",
        run(&r, &e),
        &[EoaApprovalSpender],
    ));
    let mut with_smart = e.clone();
    with_smart["smartAccount"] = json!(SMART_ACCOUNT);
    out.push(safe(
        "3.1 control: the same with smartAccount agreed",
        run(&r, &with_smart),
    ));
    for (who, spender) in [
        ("a stranger", STRANGER),
        ("the payee", PAYEE),
        ("the fee recipient", FEE_TO),
        ("the ERC20FeeProxy", BASE_PROXY),
        ("the LI.FI diamond", DIAMOND),
    ] {
        let mut r = r.clone();
        single_mut(&mut r).eoa_approval_transactions =
            Some(vec![approve(Network::Base, USDC_BASE, spender, U256::MAX)]);
        out.push(danger(
            format!("3.1 single, EOA approves {who}, no smartAccount agreed"),
            run(&r, &e),
            &[EoaApprovalSpender],
        ));
        out.push(danger(
            format!("3.1 single, EOA approves {who} instead of the agreed smart account"),
            run(&r, &with_smart),
            &[EoaApprovalSpender],
        ));
    }
    let (r, e) = smart_account_single(&[(payee, 7_000_000), (payee_2, 3_000_000)]);
    out.push(danger(
        "3.1 multicall, EOA approves the (unagreed) smart account",
        run(&r, &e),
        &[EoaApprovalSpender],
    ));

    // 3.2 Approvals of the LI.FI diamond (upgradeable): exactly what the bridge pulls.
    let (cross_single, e_cross) = cross(&[(payee, 10_000_000)], &[], 100_000);
    let need = u(10_100_000);
    for (name, amount) in [
        ("2^256-2", U256::MAX - u(1)),
        ("2^256-1 (unlimited)", U256::MAX),
        ("need + 1 unit", need + u(1)),
        ("twice the need", need * u(2)),
    ] {
        let mut r = cross_single.clone();
        set_approval_amount(&mut txs_mut(&mut r)[0], amount);
        out.push(danger(
            format!("3.2 cross-chain single, approves the diamond for {name}"),
            run(&r, &e_cross),
            &[ApprovalAboveNeed],
        ));
    }
    out.push(safe(
        "3.2 control: the diamond approved for exactly what it pulls",
        run(&cross_single, &e_cross),
    ));
    let (cross_multi, e_multi) = cross(&[(payee, 25_000_000), (payee_2, 15_500_000)], &[], 100_000);
    let mut r = cross_multi.clone();
    set_approval_amount(&mut txs_mut(&mut r)[0], U256::MAX - u(1));
    out.push(danger(
        "3.2 cross-chain multicall, approves the diamond for 2^256-2",
        run(&r, &e_multi),
        &[ApprovalAboveNeed],
    ));
    let mut r = cross_single.clone();
    txs_mut(&mut r).insert(
        1,
        approve(Network::Optimism, USDT_OPTIMISM, DIAMOND, U256::MAX - u(1)),
    );
    metadata_mut(&mut r).payment_transaction_index = 2;
    metadata_mut(&mut r).approval_transactions_count = Some(2);
    out.push(danger(
        "3.2 cross-chain single, a second approval of the diamond for 2^256-2",
        run(&r, &e_cross),
        &[ApprovalAboveNeed],
    ));
    let (same, e_same) = built(usdc_plan(&[(payee, 10_000_000)], &[]));
    let mut r = same.clone();
    txs_mut(&mut r).insert(
        0,
        approve(Network::Base, USDC_BASE, DIAMOND, U256::MAX - u(1)),
    );
    metadata_mut(&mut r).payment_transaction_index = 2;
    metadata_mut(&mut r).approval_transactions_count = Some(2);
    out.push(danger(
        "3.2 same-chain single, an approval of the diamond, which pulls nothing",
        run(&r, &e_same),
        &[ApprovalSpender],
    ));

    // 3.3 The source token is the agreed sourceCurrency, never metadata.sourceTokenAddress.
    let mut r = cross_single.clone();
    txs_mut(&mut r)[0] = approve(Network::Optimism, USDC_OPTIMISM, DIAMOND, need);
    edit_bridge(&mut r, 0, |call| {
        call.bridge.sending_asset_id = abi(USDC_OPTIMISM);
        call.across.sending_asset_id = abi(USDC_OPTIMISM);
    });
    metadata_mut(&mut r).source_token_address = Some(USDC_OPTIMISM.into());
    metadata_mut(&mut r).source_token = Some("USDC".into());
    out.push(danger(
        "3.3 cross-chain single, the route takes USDC named by metadata.sourceTokenAddress, USDT agreed",
        run(&r, &e_cross),
        &[BridgeToken],
    ));
    let mut r = cross_multi.clone();
    txs_mut(&mut r)[0] = approve(Network::Optimism, USDC_OPTIMISM, DIAMOND, u(40_700_000));
    for k in 0..2 {
        edit_bridge(&mut r, k, |call| {
            call.bridge.sending_asset_id = abi(USDC_OPTIMISM);
            call.across.sending_asset_id = abi(USDC_OPTIMISM);
        });
    }
    metadata_mut(&mut r).source_token_address = Some(USDC_OPTIMISM.into());
    for child in &mut multi_mut(&mut r).children {
        child.source_token_address = Some(on_optimism(USDC_OPTIMISM));
    }
    out.push(danger(
        "3.3 cross-chain multicall, the route takes USDC named by metadata and children",
        run(&r, &e_multi),
        &[BridgeToken],
    ));
    let mut r = cross_single.clone();
    metadata_mut(&mut r).source_token_address = Some(USDC_OPTIMISM.into());
    out.push(danger(
        "3.3 cross-chain single, metadata.sourceTokenAddress disagrees with the bridge call",
        run(&r, &e_cross),
        &[BridgeToken],
    ));
    let mut r = cross_single.clone();
    metadata_mut(&mut r).source_token_address = Some("not an address".into());
    out.push(danger(
        "3.3 cross-chain single, metadata.sourceTokenAddress is not an address",
        run(&r, &e_cross),
        &[BridgeToken],
    ));
    let mut r = cross_single.clone();
    edit_bridge(&mut r, 0, |call| {
        call.across.sending_asset_id = abi(USDC_OPTIMISM);
    });
    out.push(danger(
        "3.3 cross-chain single, acrossData.sendingAssetId is another token than BridgeData's",
        run(&r, &e_cross),
        &[BridgeToken],
    ));
    let mut r = cross_single.clone();
    txs_mut(&mut r)[0] = approve(Network::Optimism, USDC_OPTIMISM, DIAMOND, need);
    edit_bridge(&mut r, 0, |call| {
        call.bridge.sending_asset_id = abi(USDC_OPTIMISM);
    });
    out.push(danger(
        "3.3 cross-chain single, BridgeData pulls USDC, acrossData deposits the agreed USDT",
        run(&r, &e_cross),
        &[BridgeToken],
    ));

    // 3.4 A bridge call without a cross-chain agreement is a danger, whatever the labels say.
    let (mut on_opt, _) = plan(
        Network::Optimism,
        "USDCn-optimism",
        &[(on_optimism(PAYEE), 10_000_000)],
        &[],
        ApprovalPlan::Exact,
    );
    on_opt.parent_token = None;
    let route = CrossChainRoute {
        network: Network::Base,
        currency: currency("USDC-base"),
        payer: on_base(PAYER),
        source_amounts: vec![u(10_050_000)],
        quote_timestamp: 1_773_740_000,
        fill_deadline: 1_773_750_000,
    };
    let from_base = on_opt.build_cross_chain(&route).unwrap();
    let e_base = json!({"network": "base", "currency": "USDC-base", "maxPayerFees": "0.05",
        "payments": [{"payee": PAYEE, "amount": "10", "reference": reference(1).to_string()}]});
    out.push(danger(
        "3.4 single crosschain route from Base, only a Base payment agreed",
        run(&from_base, &e_base),
        &[CrossChainNotAgreed],
    ));
    for route_type in [Some(RouteType::Samechain), None] {
        let mut r = from_base.clone();
        metadata_mut(&mut r).route_type = route_type;
        metadata_mut(&mut r).source_network = None;
        metadata_mut(&mut r).source_token_address = None;
        out.push(danger(
            format!(
                "3.4 single with a bridge call, routeType {route_type:?}, no cross-chain agreed"
            ),
            run(&r, &e_base),
            &[CrossChainNotAgreed],
        ));
    }
    let bridge_tx = txs(&from_base)[1].clone();
    let mut r = same.clone();
    txs_mut(&mut r).push(bridge_tx.clone());
    out.push(danger(
        "3.4 same-chain single, a bridge call as a trailing fee leg",
        run(&r, &e_same),
        &[CrossChainNotAgreed],
    ));
    let (mut multi, e_multi_same) =
        built(usdc_plan(&[(payee, 7_000_000), (payee_2, 3_000_000)], &[]));
    txs_mut(&mut multi).push(bridge_tx);
    out.push(danger(
        "3.4 same-chain multicall, a bridge call appended",
        run(&multi, &e_multi_same),
        &[CrossChainNotAgreed],
    ));
    out
}

#[test]
fn class_3_approvals() {
    let _serial = serial();
    check(&class_3_scenarios());
    // The summary never calls a stranger "your smart account".
    let (mut r, e) = smart_account_single(&[(on_base(PAYEE), 10_000_000)]);
    single_mut(&mut r).eoa_approval_transactions =
        Some(vec![approve(Network::Base, USDC_BASE, STRANGER, U256::MAX)]);
    for expectation in [e.clone(), {
        let mut e = e;
        e["smartAccount"] = json!(SMART_ACCOUNT);
        e
    }] {
        let verdict = run(&r, &expectation);
        assert!(!verdict.is_safe(), "{verdict}");
        for line in &verdict.summary.lines {
            if let SummaryLine::Approve { spender, .. } = line {
                assert!(
                    !matches!(spender, Party::SmartAccount { .. }),
                    "the stranger is named as the smart account: {line}"
                );
            }
        }
        assert!(
            !verdict.to_string().contains("your smart account 0x0000"),
            "{verdict}"
        );
    }
}

// ============================================================================================
// Class 4: contract semantics
// ============================================================================================

/// A `BatchConversionPayments` row of the no-conversion functions: `path` the token alone,
/// `maxToSpend` and `maxRateTimespan` zero.
fn row(payee: &str, amount: u64, token: &str, i: u8) -> BatchRequest {
    BatchRequest {
        recipient: on_base(payee),
        request_amount: u(amount),
        path: vec![abi(token)],
        reference: reference(i),
        fee_amount: U256::ZERO,
        max_to_spend: U256::ZERO,
        max_rate_timespan: U256::ZERO,
    }
}

/// A batch call to the BatchConversionPayments of Base in the legacy batch shape, after an
/// approval of the batch contract for `approved` USDC; the expectation pays 10 USDC to `PAYEE`
/// and 20 to `PAYEE_2` (references 1 and 2), states the contract's rate (30 per ten thousand:
/// 0.09 USDC on 30) and caps the payer's fees at that batch fee.
fn conversion_batch(batch: Transaction, approved: u64) -> (PayResponse, Value) {
    let approval = Builder::new(Network::Base)
        .approve_for(
            Flow::BatchConversion,
            on_base(USDC_BASE),
            Allowance::Exact(u(approved)),
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
        "network": "base", "currency": "USDC-base", "batchFeeRate": 30, "maxPayerFees": "0.09",
        "payments": [
            {"payee": PAYEE, "amount": "10", "reference": reference(1).to_string()},
            {"payee": PAYEE_2, "amount": "20", "reference": reference(2).to_string()},
        ],
    });
    (response, expectation)
}

fn usdc_rows() -> Vec<BatchRequest> {
    vec![
        row(PAYEE, 10_000_000, USDC_BASE, 1),
        row(PAYEE_2, 20_000_000, USDC_BASE, 2),
    ]
}

/// `batchMultiERC20Payments` of `rows`.
fn multi_erc20(rows: &[BatchRequest]) -> Transaction {
    Builder::new(Network::Base)
        .batch_requests_multi_erc20(rows, &[], on_base(FEE_TO))
        .unwrap()
}

/// `batchPayments` of one ERC-20 group of `rows`.
fn batch_payments(group: BatchPaymentNetwork, rows: &[BatchRequest]) -> Transaction {
    Builder::new(Network::Base)
        .batch_payments(
            &[BatchGroup {
                network: group,
                requests: rows.to_vec(),
            }],
            &[],
            on_base(FEE_TO),
            30,
        )
        .unwrap()
}

/// Request Network's own test of `batchEthPaymentsWithReference`: two payees of 1000 wei, a fee
/// of 2 each, `batchFee` 10 per mille.
fn native_batch_rows() -> Vec<BatchPayee> {
    [
        "0xf17f52151EbEF6C7334FAD080c5704D77216b732",
        "0xC5fdf4076b8F3A5357c5E395ab970B5B54098Fef",
    ]
    .iter()
    .enumerate()
    .map(|(i, to)| BatchPayee {
        to: at(Network::Mainnet, to),
        amount: u(1000),
        reference: reference(i as u8 + 1),
        fee_amount: u(2),
    })
    .collect()
}

fn native_batch(value: Option<U256>) -> (PayResponse, Value) {
    let rows = native_batch_rows();
    let mut tx = Builder::new(Network::Mainnet)
        .batch_native(&rows, at(Network::Mainnet, FEE_TO), 10)
        .unwrap();
    if let Some(value) = value {
        tx.value = value;
    }
    let response = PayResponse::LegacyBatch(LegacyBatchPayment {
        erc20_approval_transactions: vec![],
        batch_payment_transaction: None,
        erc20_batch_payment_transaction: None,
        eth_batch_payment_transaction: Some(tx),
        metadata: None,
    });
    let expectation = json!({
        "network": "mainnet", "currency": "ETH-mainnet", "batchFeeRate": 10,
        "maxPayerFees": human(24, 18),
        "payments": rows.iter().map(|p| json!({"payee": p.to.to_string(), "amount": human(1000, 18),
            "reference": p.reference.to_string()})).collect::<Vec<_>>(),
    });
    (response, expectation)
}

/// An edit of a batch row.
type RowEdit = fn(&mut BatchRequest);

fn class_4_scenarios() -> Vec<Scenario> {
    use FindingCode::{PayerFeesAboveMax, UnverifiableCall, ValueMismatch, ValueStranded};
    let mut out = Vec::new();
    let approved = 30_090_000;

    out.push(safe(
        "4.0 control: batchMultiERC20Payments of one-token paths",
        run_pair(conversion_batch(multi_erc20(&usdc_rows()), approved)),
    ));
    for group in [BatchPaymentNetwork::Erc20, BatchPaymentNetwork::MultiErc20] {
        out.push(safe(
            format!("4.0 control: batchPayments, one {group:?} group"),
            run_pair(conversion_batch(
                batch_payments(group, &usdc_rows()),
                approved,
            )),
        ));
    }

    // 4.1 Non-conversion rows with a path of two tokens: the contract pulls maxToSpend of the
    // path's last token and refunds nothing. (A maxToSpend on a one-token row is ignored by the
    // contract: second.rs, class E.)
    let variants: [(&str, RowEdit); 3] = [
        ("a path USDC→USDT", |r| r.path.push(abi(USDT_BASE))),
        ("a path USDT→USDC", |r| r.path.insert(0, abi(USDT_BASE))),
        ("a path of two tokens and a maxToSpend", |r| {
            r.path.push(abi(USDT_BASE));
            r.max_to_spend = u(50_000_000);
        }),
    ];
    for (what, edit) in variants {
        let mut rows = usdc_rows();
        edit(&mut rows[0]);
        out.push(danger(
            format!("4.1 batchMultiERC20Payments, a row with {what}"),
            run_pair(conversion_batch(multi_erc20(&rows), approved + 50_000_000)),
            &[ValueStranded],
        ));
        for group in [BatchPaymentNetwork::Erc20, BatchPaymentNetwork::MultiErc20] {
            out.push(danger(
                format!("4.1 batchPayments {group:?} group, a row with {what}"),
                run_pair(conversion_batch(
                    batch_payments(group, &rows),
                    approved + 50_000_000,
                )),
                &[ValueStranded],
            ));
        }
    }
    // batchERC20Payments pulls the first row's token for every row.
    let mut rows = usdc_rows();
    rows[1].path = vec![abi(USDT_BASE)];
    let tx = Builder::new(Network::Base)
        .batch_requests_erc20(&rows, &[], on_base(FEE_TO))
        .unwrap();
    out.push(danger(
        "4.1 batchERC20Payments, the second row in another token",
        run_pair(conversion_batch(tx, approved)),
        &[UnverifiableCall],
    ));

    // 4.2 Native value sent to a batchPayments of ERC-20 groups only: kept by the contract.
    for group in [BatchPaymentNetwork::Erc20, BatchPaymentNetwork::MultiErc20] {
        for value in [1u64, 1_000_000_000_000_000_000] {
            let mut tx = batch_payments(group, &usdc_rows());
            tx.value = u(value);
            out.push(danger(
                format!("4.2 batchPayments {group:?} group only, {value} wei of value"),
                run_pair(conversion_batch(tx, approved)),
                &[ValueStranded],
            ));
        }
    }

    // 4.3 The legacy native batch: Σamount + Σfee + Σamount·batchFee/1000 = 2000 + 4 + 20.
    out.push(safe(
        "4.3 batchEthPaymentsWithReference with the builder's value (2024)",
        run_pair(native_batch(None)),
    ));
    let (mut r, e) = native_batch(None);
    if let PayResponse::LegacyBatch(b) = &mut r {
        b.batch_payment_transaction = b.eth_batch_payment_transaction.take();
    }
    out.push(safe(
        "4.3 the same under batchPaymentTransaction",
        run(&r, &e),
    ));
    for value in [2004u64, 2023, 2000, 0] {
        out.push(danger(
            format!("4.3 batchEthPaymentsWithReference with value {value}: it reverts"),
            run_pair(native_batch(Some(u(value)))),
            &[ValueMismatch],
        ));
    }
    let (r, mut e) = native_batch(Some(u(1_000_000_000_002_004)));
    e.as_object_mut().unwrap().remove("batchFeeRate");
    out.push(danger(
        "4.3 no batchFeeRate: 0.001 ETH of excess value may all be the batch fee, above maxPayerFees",
        run(&r, &e),
        &[PayerFeesAboveMax],
    ));
    let (r, mut e) = native_batch(None);
    e["maxPayerFees"] = json!(human(4, 18));
    out.push(danger(
        "4.3 the batch fee counts against maxPayerFees (only the row fees allowed)",
        run(&r, &e),
        &[PayerFeesAboveMax],
    ));
    out
}

fn run_pair((response, expectation): (PayResponse, Value)) -> Verdict {
    run(&response, &expectation)
}

#[test]
fn class_4_contract_semantics() {
    let _serial = serial();
    check(&class_4_scenarios());
    // The builder computes the legacy native batch's value from the effect table.
    let rows = native_batch_rows();
    let tx = Builder::new(Network::Mainnet)
        .batch_native(&rows, at(Network::Mainnet, FEE_TO), 10)
        .unwrap();
    assert_eq!(
        tx.value,
        u(2024),
        "Request Network's test expects 2000 + 24"
    );
    let decoded = Decoder::builtin()
        .decode(Network::Mainnet, &tx.to, &tx.data, tx.value)
        .unwrap();
    assert_eq!(effect_of(&decoded).required_value(10), Some(u(2024)));
    assert_eq!(effect_of(&decoded).required_value(0), Some(u(2004)));
    // And the value of a batchPayments of ERC-20 groups only is zero.
    let tx = batch_payments(BatchPaymentNetwork::MultiErc20, &usdc_rows());
    assert_eq!(tx.value, U256::ZERO);
}

// ============================================================================================
// Class 5: fields the wallet might sign
// ============================================================================================

/// Fields a wallet might sign, refused on any transaction object.
fn signable_fields() -> Vec<(&'static str, Value)> {
    vec![
        ("chainId", json!(8453)),
        ("chainId", json!("0x2105")),
        ("gas", json!("0x5208")),
        ("gasLimit", json!("21000")),
        ("gasPrice", json!("1000000000")),
        ("maxFeePerGas", json!("1000000000")),
        ("maxPriorityFeePerGas", json!("1")),
        ("type", json!(2)),
        ("type", json!("0x4")),
        ("nonce", json!(0)),
        ("from", json!(PAYER)),
        ("accessList", json!([])),
        ("input", json!("0x")),
        (
            "authorizationList",
            json!([{"chainId": "0x2105", "address": STRANGER, "nonce": "0x0",
                "yParity": "0x0", "r": "0x01", "s": "0x01"}]),
        ),
        ("authorizationList", json!([])),
    ]
}

fn class_5_scenarios() -> Vec<Scenario> {
    let mut out = Vec::new();
    let (single, e_single) = built(usdc_plan(&[(on_base(PAYEE), 10_000_000)], &[]));
    let (smart, mut e_smart) = smart_account_single(&[(on_base(PAYEE), 10_000_000)]);
    e_smart["smartAccount"] = json!(SMART_ACCOUNT);
    let (multi, e_multi) = built(usdc_plan(
        &[(on_base(PAYEE), 7_000_000), (on_base(PAYEE_2), 3_000_000)],
        &[(1, FeeBearer::Payer, 10_000, on_base(FEE_TO))],
    ));
    let mut mirrored = multi.clone();
    let m = multi_mut(&mut mirrored);
    m.erc20_approval_transactions = Some(vec![m.transactions[0].clone()]);
    m.batch_payment_transaction = Some(m.transactions[1].clone());
    m.metadata.batch_payment_transaction_index = Some(1);
    let (legacy, e_legacy) = legacy_erc20_batch();
    let (native, e_native) = native_batch(None);
    let (cross_single, e_cross) = cross(&[(on_base(PAYEE), 10_000_000)], &[], 100_000);
    let places: Vec<(&str, &PayResponse, &Value, Vec<&str>)> = vec![
        ("single", &single, &e_single, vec!["transactions", "0"]),
        ("single", &single, &e_single, vec!["transactions", "1"]),
        (
            "smart-account single",
            &smart,
            &e_smart,
            vec!["eoaApprovalTransactions", "0"],
        ),
        ("multicall", &multi, &e_multi, vec!["transactions", "3"]),
        (
            "multicall",
            &mirrored,
            &e_multi,
            vec!["ERC20ApprovalTransactions", "0"],
        ),
        (
            "multicall",
            &mirrored,
            &e_multi,
            vec!["batchPaymentTransaction"],
        ),
        (
            "legacy batch",
            &legacy,
            &e_legacy,
            vec!["ERC20ApprovalTransactions", "0"],
        ),
        (
            "legacy batch",
            &legacy,
            &e_legacy,
            vec!["batchPaymentTransaction"],
        ),
        (
            "legacy native batch",
            &native,
            &e_native,
            vec!["ETHBatchPaymentTransaction"],
        ),
        (
            "cross-chain single",
            &cross_single,
            &e_cross,
            vec!["transactions", "1"],
        ),
    ];
    for (shape, response, expectation, path) in &places {
        out.push(safe(
            format!("5.0 control: {shape} read from its bytes"),
            run_slice(&bytes(&body(response)), expectation),
        ));
        for (field, value) in signable_fields() {
            let mut b = body(response);
            insert(&mut b, path, field, value.clone());
            out.push(danger(
                format!("5.1 {shape}, {} carries {field}: {value}", path.join(".")),
                run_slice(&bytes(&b), expectation),
                &[FindingCode::ResponseUnreadable],
            ));
        }
    }
    // `value` in a form that is not an amount, or a BigNumber with more in it.
    for value in [
        json!(-1),
        json!(1.5),
        json!("1e3"),
        json!("-1"),
        json!(""),
        json!(true),
        json!(null),
        json!({"type": "BigNumber", "hex": "0x0", "chainId": 8453}),
        json!({"type": "BigNumber", "hex": "0x0", "gas": "0x5208"}),
        json!({"type": "Other", "hex": "0x0"}),
    ] {
        let mut b = body(&single);
        insert(&mut b, &["transactions", "1"], "value", value.clone());
        out.push(danger(
            format!("5.2 single, value {value}"),
            run_slice(&bytes(&b), &e_single),
            &[FindingCode::ResponseUnreadable],
        ));
    }
    // A duplicated field inside a transaction object.
    let text = serde_json::to_string(&single).unwrap();
    let needle = format!("\"to\":\"{BASE_PROXY}\"");
    assert!(text.contains(&needle), "{text}");
    let twice = text.replacen(&needle, &format!("{needle},\"to\":\"{STRANGER}\""), 1);
    out.push(danger(
        "5.2 single, a transaction with two `to` fields",
        run_slice(twice.as_bytes(), &e_single),
        &[FindingCode::ResponseUnreadable],
    ));
    out
}

#[test]
fn class_5_fields_the_wallet_might_sign() {
    let _serial = serial();
    check(&class_5_scenarios());
}

// ============================================================================================
// Class 6: work driven by the response
// ============================================================================================

/// Verifies `bytes` and returns the verdict with the bytes allocated meanwhile.
fn measured(bytes: &[u8], expectation: &Expectation) -> (Verdict, usize) {
    let region = Region::new(GLOBAL);
    let verdict = verify_slice(bytes, expectation);
    let stats = region.change();
    (verdict, stats.bytes_allocated)
}

/// The allocation budget of one verification of a small body: about 25 KB are used; an
/// allocation per count of 10^7 counts would be at least 10^7 bytes.
const SMALL_BODY_BUDGET: usize = 256 * 1024;

/// A deterministic shuffle (xorshift), for index lists.
fn shuffled(n: usize, mut seed: u64) -> Vec<usize> {
    let mut list: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        list.swap(i, (seed % (i as u64 + 1)) as usize);
    }
    list
}

/// Small bodies with huge counts or indices: the name, the bytes, the expectation, and whether
/// the rules refuse it (`stepsRequired` is informational).
fn class_6_small_bodies() -> Vec<(String, Vec<u8>, Value, bool)> {
    let mut out = Vec::new();
    let (single, e_single) = built(usdc_plan(&[(on_base(PAYEE), 10_000_000)], &[]));
    for count in [10_000_000u64, u64::MAX, u64::MAX - 1, 1 << 32] {
        for first in [0u64, u64::MAX] {
            let mut b = body(&single);
            b["metadata"]["approvalTransactionsCount"] = json!(count);
            b["metadata"]["approvalTransactionIndex"] = json!(first);
            out.push((
                format!(
                    "single, approvalTransactionIndex {first}, approvalTransactionsCount {count}"
                ),
                bytes(&b),
                e_single.clone(),
                true,
            ));
        }
    }
    for (field, value, refused) in [
        ("paymentTransactionIndex", json!(u64::MAX), true),
        ("stepsRequired", json!(u32::MAX), false),
    ] {
        let mut b = body(&single);
        b["metadata"][field] = value.clone();
        out.push((
            format!("single, {field} {value}"),
            bytes(&b),
            e_single.clone(),
            refused,
        ));
    }
    let (multi, e_multi) = built(usdc_plan(
        &[(on_base(PAYEE), 7_000_000), (on_base(PAYEE_2), 3_000_000)],
        &[(1, FeeBearer::Payer, 10_000, on_base(FEE_TO))],
    ));
    for (field, value) in [
        ("childCount", json!(1_000_000_000_000u64)),
        ("childCount", json!(u64::MAX)),
        ("executableLegCount", json!(u64::MAX)),
        (
            "approvalTransactionIndices",
            json!([u64::MAX, 10_000_000, 0]),
        ),
        ("bridgeTxIndices", json!([u64::MAX])),
        ("batchPaymentTransactionIndex", json!(u64::MAX)),
        ("feeTransactionIndices", json!([u64::MAX, 3])),
        ("paymentTransactionIndex", json!(u64::MAX)),
    ] {
        let mut b = body(&multi);
        b["metadata"][field] = value.clone();
        out.push((
            format!("multicall, {field} {value}"),
            bytes(&b),
            e_multi.clone(),
            field != "executableLegCount",
        ));
    }
    out
}

#[test]
fn class_6_work_driven_by_the_response() {
    if !alone_in_a_process("class_6_work_driven_by_the_response") {
        return;
    }
    let _serial = serial();
    // Counts and indices of a small body size nothing: the verification ends, with a few
    // findings, allocating a small budget.
    for (name, body, expectation, refused) in class_6_small_bodies() {
        assert!(
            body.len() < 4096,
            "{name}: a small body ({} bytes)",
            body.len()
        );
        let expectation = expect(&expectation);
        let (verdict, allocated) = measured(&body, &expectation);
        assert_eq!(!verdict.is_safe(), refused, "{name}\n{verdict}");
        assert!(
            verdict.findings.len() <= 10,
            "{name}: {} findings\n{verdict}",
            verdict.findings.len()
        );
        assert!(
            allocated < SMALL_BODY_BUDGET,
            "{name}: {allocated} bytes allocated for a {}-byte body",
            body.len()
        );
    }

    // 40,000 shuffled feeTransactionIndices in a body (indices far past the transactions).
    let (multi, e_multi) = built(usdc_plan(
        &[(on_base(PAYEE), 7_000_000), (on_base(PAYEE_2), 3_000_000)],
        &[(1, FeeBearer::Payer, 10_000, on_base(FEE_TO))],
    ));
    let mut b = body(&multi);
    b["metadata"]["feeTransactionIndices"] = json!(shuffled(40_000, 0x9e37_79b9_7f4a_7c15));
    let verdict = run_slice(&bytes(&b), &e_multi);
    assert!(
        has_danger(&verdict, FindingCode::StructureFeeLegOrder),
        "{verdict}"
    );

    // 40,000 real fee legs, their indices shuffled (in memory: the body is above 8 MiB).
    let fees: Vec<FeeSpec> = (0..40_000)
        .map(|i| (i % 2, FeeBearer::Payer, 1, on_base(FEE_TO)))
        .collect();
    let (mut r, e) = built(usdc_plan(
        &[(on_base(PAYEE), 7_000_000), (on_base(PAYEE_2), 3_000_000)],
        &fees,
    ));
    let verdict = run(&r, &e);
    assert!(verdict.is_safe(), "40,000 fee legs in order");
    let indices = multi_mut(&mut r)
        .metadata
        .fee_transaction_indices
        .take()
        .unwrap();
    let order = shuffled(indices.len(), 0x2545_f491_4f6c_dd1d);
    multi_mut(&mut r).metadata.fee_transaction_indices =
        Some(order.iter().map(|i| indices[*i]).collect());
    let verdict = run(&r, &e);
    assert!(has_danger(&verdict, FindingCode::StructureFeeLegOrder));

    // Nesting 200,000 deep under metadata.rawStep (an object the schema leaves open).
    let (single, e_single) = built(usdc_plan(&[(on_base(PAYEE), 10_000_000)], &[]));
    let text = serde_json::to_string(&single).unwrap();
    let deep = format!("{}{}", "[".repeat(200_000), "]".repeat(200_000));
    let nested = text.replacen(
        "\"metadata\":{",
        &format!("\"metadata\":{{\"rawStep\":{{\"x\":{deep}}},"),
        1,
    );
    assert_ne!(nested, text);
    let verdict = run_slice(nested.as_bytes(), &e_single);
    assert!(
        has_danger(&verdict, FindingCode::ResponseUnreadable),
        "{verdict}"
    );

    // ABI "zip bombs": calldata whose dynamic elements all point at one large element (a
    // decoder that follows offsets blindly would build N copies of it), and array lengths far
    // beyond the calldata. Each is refused with a small allocation.
    for (name, response, expectation, code) in calldata_bombs() {
        let expectation = expect(&expectation);
        let region = Region::new(GLOBAL);
        let verdict = verify(&response, &expectation);
        let allocated = region.change().bytes_allocated;
        assert!(has_danger(&verdict, code), "{name}: no {code}\n{verdict}");
        assert!(
            allocated < BOMB_BUDGET,
            "{name}: {allocated} bytes allocated"
        );
    }
}

/// The allocation budget of the verification of a calldata bomb: about 1.3 MB are used (the
/// calldata is about 2 MB); a decoder copying the shared element would allocate 5 GB.
const BOMB_BUDGET: usize = 16 * 1024 * 1024;

fn word(value: usize) -> [u8; 32] {
    U256::from(value).to_be_bytes::<32>()
}

/// Calldata bombs, each in a response with the expectation it is checked against.
fn calldata_bombs() -> Vec<(String, PayResponse, Value, FindingCode)> {
    let mut out = Vec::new();
    let (n, blob) = (10_000usize, 512 * 1024usize);
    // BatchPayments.batchERC20PaymentsWithReference(token, recipients, amounts, refs, fees,
    // feeAddress): the N references all point at one reference of `blob` bytes.
    let (legacy, e_legacy) = legacy_erc20_batch();
    let refs_size = 32 + 32 * n + 32 + blob;
    let recipients = 6 * 32;
    let amounts = recipients + 32 * (1 + n);
    let refs = amounts + 32 * (1 + n);
    let fees = refs + refs_size;
    let mut data = vec![0xc6, 0xe6, 0xd9, 0x8b];
    data.extend_from_slice(
        &abi("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48")
            .into_word()
            .0,
    );
    for offset in [recipients, amounts, refs, fees] {
        data.extend_from_slice(&word(offset));
    }
    data.extend_from_slice(&abi(FEE_TO).into_word().0);
    data.extend_from_slice(&word(n));
    for _ in 0..n {
        data.extend_from_slice(&abi(PAYEE).into_word().0);
    }
    data.extend_from_slice(&word(n));
    for _ in 0..n {
        data.extend_from_slice(&word(1_000_000));
    }
    data.extend_from_slice(&word(n));
    for _ in 0..n {
        data.extend_from_slice(&word(32 * n)); // every element at the first element's place
    }
    data.extend_from_slice(&word(blob));
    data.extend(std::iter::repeat_n(0x11u8, blob));
    data.extend_from_slice(&word(n));
    data.extend(std::iter::repeat_n(0u8, 32 * n));
    let mut r = legacy.clone();
    if let PayResponse::LegacyBatch(b) = &mut r {
        b.batch_payment_transaction.as_mut().unwrap().data = data.clone().into();
    }
    out.push((
        format!("legacy batch, {n} references sharing one {blob}-byte reference"),
        r,
        e_legacy.clone(),
        FindingCode::NonCanonicalCalldata,
    ));
    // The same call claiming 2^40 recipients.
    let mut huge = data.clone();
    huge[4 + 6 * 32..4 + 7 * 32].copy_from_slice(&word(1 << 40));
    let mut r = legacy.clone();
    if let PayResponse::LegacyBatch(b) = &mut r {
        b.batch_payment_transaction.as_mut().unwrap().data = huge.into();
    }
    out.push((
        "legacy batch, 2^40 recipients claimed".into(),
        r,
        e_legacy,
        FindingCode::NonCanonicalCalldata,
    ));

    // A destination message of N swaps that all point at one swap with `blob` bytes of callData.
    let (single, e_single) = cross(&[(on_base(PAYEE), 10_000_000)], &[], 100_000);
    let one = DestinationMessage {
        transaction_id: Default::default(),
        swaps: vec![proxy_swap(Bytes::from(vec![0x22; blob]), 10_000_000)],
        receiver: abi(PAYEE),
    }
    .abi_encode();
    let element = &one[5 * 32..]; // after the head (3 words), the length and the offset
    let mut message = one[..3 * 32].to_vec();
    message.extend_from_slice(&word(n));
    for _ in 0..n {
        message.extend_from_slice(&word(32 * n));
    }
    message.extend_from_slice(element);
    let mut r = single.clone();
    edit_bridge(&mut r, 0, |c| c.across.message = message.clone().into());
    out.push((
        format!("bridge message, {n} swaps sharing one swap of {blob} bytes of callData"),
        r,
        e_single.clone(),
        FindingCode::BridgeMessage,
    ));
    let mut huge = message;
    huge[3 * 32..4 * 32].copy_from_slice(&word(1 << 40));
    let mut r = single;
    edit_bridge(&mut r, 0, |c| c.across.message = huge.into());
    out.push((
        "bridge message, 2^40 swaps claimed".into(),
        r,
        e_single,
        FindingCode::BridgeMessage,
    ));
    out
}

// ============================================================================================
// Class 7: valid responses accepted (and an address of the other family refused)
// ============================================================================================

fn class_7_scenarios() -> Vec<Scenario> {
    use FindingCode::AddressFamily;
    let mut out = Vec::new();
    let (payee, payee_2) = (on_base(PAYEE), on_base(PAYEE_2));
    let fee_to = on_base(FEE_TO);

    // 7.1 A fee carried inside the proxy call, declared in the fee bundle.
    for bearer in [FeeBearer::Payer, FeeBearer::Payee] {
        let (r, e) = in_call_fee(bearer);
        out.push(safe(
            format!("7.1 single, the fee inside the proxy call, borne by the {bearer:?}"),
            run(&r, &e),
        ));
        out.push(safe(
            format!("7.1 the same read from its bytes ({bearer:?})"),
            run_slice(&bytes(&body(&r)), &e),
        ));
    }
    let (mut r, e) = in_call_fee(FeeBearer::Payer);
    fee_bundle_mut(&mut r).amount_summary = None;
    out.push(safe("7.1 the same, no amount summary", run(&r, &e)));

    // 7.2 Cross-chain routes with fees. (The multicalls built by `build_cross_chain` with fee
    // calls in the destination message: see `class_7_hole_cross_chain_multicall_with_fees`.)
    for (what, fees) in cross_fee_sets().iter() {
        let (r, e) = cross(&[(payee, 25_000_000)], fees, 100_000);
        out.push(safe(
            format!("7.2 cross-chain single with {what}"),
            run(&r, &e),
        ));
    }
    let (r, e) = cross(&[(payee, 25_000_000), (payee_2, 15_500_000)], &[], 100_000);
    out.push(safe("7.2 cross-chain multicall without fee", run(&r, &e)));
    let (r, e) = cross_multicall_fee_in_call();
    out.push(safe(
        "7.2 cross-chain multicall, a payer fee inside child 0's destination proxy call",
        run(&r, &e),
    ));

    // 7.3 Valid same-chain cases of every shape.
    let (r, e) = built(usdc_plan(
        &[(payee, 10_500_000)],
        &[
            (0, FeeBearer::Payer, 300_000, fee_to),
            (0, FeeBearer::Payee, 200_000, fee_to),
        ],
    ));
    out.push(safe(
        "7.3 single with payer and payee fee legs",
        run(&r, &e),
    ));
    let (r, e) = built(plan(
        Network::Tron,
        "USDT-tron",
        &[(at(Network::Tron, TRON_PAYEE), 5_000_000)],
        &[(0, FeeBearer::Payer, 10_000, at(Network::Tron, TRON_FEE_TO))],
        ApprovalPlan::Exact,
    ));
    out.push(safe("7.3 single Tron with a fee", run(&r, &e)));
    let tron = (r, e);
    out.push(safe(
        "7.3 legacy ERC-20 batch",
        run_pair(legacy_erc20_batch()),
    ));
    let (r, e) = built(plan(
        Network::Base,
        "ETH-base-base",
        &[(payee, 200_000_000_000_000_000)],
        &[(0, FeeBearer::Payer, 1_000_000_000_000, fee_to)],
        ApprovalPlan::None,
    ));
    out.push(safe("7.3 single native with a fee", run(&r, &e)));

    // 7.4 A `to` of the other address family: Base58 on an EVM chain, 0x on Tron.
    let (same, e_same) = built(usdc_plan(&[(payee, 10_000_000)], &[]));
    for index in [0, 1] {
        let mut r = same.clone();
        let tx = &mut txs_mut(&mut r)[index];
        tx.to = ChainAddress::from_abi(Network::Tron, tx.to.abi()); // the same 20 bytes
        out.push(danger(
            format!("7.4 Base single, transactions[{index}].to in Base58 (same bytes)"),
            run(&r, &e_same),
            &[AddressFamily],
        ));
        out.push(danger(
            format!("7.4 Base single, transactions[{index}].to in Base58, read from bytes"),
            run_slice(&bytes(&body(&r)), &e_same),
            &[AddressFamily],
        ));
    }
    let mut r = same.clone();
    txs_mut(&mut r)[1].to = at(Network::Tron, "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd");
    out.push(danger(
        "7.4 Base single, the payment sent to the Tron proxy's Base58 address",
        run(&r, &e_same),
        &[AddressFamily],
    ));
    let (smart, mut e_smart) = smart_account_single(&[(payee, 10_000_000)]);
    e_smart["smartAccount"] = json!(SMART_ACCOUNT);
    let mut r = smart.clone();
    let eoa = &mut single_mut(&mut r)
        .eoa_approval_transactions
        .as_mut()
        .unwrap()[0];
    eoa.to = ChainAddress::from_abi(Network::Tron, eoa.to.abi());
    out.push(danger(
        "7.4 Base smart-account single, the EOA approval's token in Base58",
        run(&r, &e_smart),
        &[AddressFamily],
    ));
    let (mut r, e) = legacy_erc20_batch();
    if let PayResponse::LegacyBatch(b) = &mut r {
        let tx = b.batch_payment_transaction.as_mut().unwrap();
        tx.to = ChainAddress::from_abi(Network::Tron, tx.to.abi());
    }
    out.push(danger(
        "7.4 legacy batch, the batch call's `to` in Base58",
        run(&r, &e),
        &[AddressFamily],
    ));
    let (mut r, e) = cross(&[(payee, 10_000_000)], &[], 100_000);
    let tx = &mut txs_mut(&mut r)[1];
    tx.to = ChainAddress::from_abi(Network::Tron, tx.to.abi());
    out.push(danger(
        "7.4 cross-chain single, the diamond's address in Base58",
        run(&r, &e),
        &[AddressFamily],
    ));
    let (tron_response, e_tron) = tron;
    for index in [0, 1] {
        let mut r = tron_response.clone();
        let tx = &mut txs_mut(&mut r)[index];
        tx.to = ChainAddress::from_abi(Network::Base, tx.to.abi());
        out.push(danger(
            format!("7.4 Tron single, transactions[{index}].to in 0x form"),
            run(&r, &e_tron),
            &[AddressFamily],
        ));
    }
    out
}

#[test]
fn class_7_valid_responses_are_accepted() {
    let _serial = serial();
    check(&class_7_scenarios());
}

/// Fees of a route to USDC on Base: a payer fee, a payee fee, both, on one child or two.
fn cross_fee_sets() -> Vec<(&'static str, Vec<FeeSpec>)> {
    let fee_to = on_base(FEE_TO);
    vec![
        (
            "a payer fee on child 0",
            vec![(0, FeeBearer::Payer, 20_000, fee_to)],
        ),
        (
            "a payee fee on child 0",
            vec![(0, FeeBearer::Payee, 30_000, fee_to)],
        ),
        (
            "a payer and a payee fee on child 0",
            vec![
                (0, FeeBearer::Payer, 20_000, fee_to),
                (0, FeeBearer::Payee, 10_000, fee_to),
            ],
        ),
    ]
}

/// A cross-chain multicall (25 and 15.5 USDC) whose child 0 carries a payer fee of 0.02 USDC
/// inside its destination proxy call (`_feeAmount`), declared in the fee bundle.
fn cross_multicall_fee_in_call() -> (PayResponse, Value) {
    let (mut r, mut e) = cross(
        &[(on_base(PAYEE), 25_000_000), (on_base(PAYEE_2), 15_500_000)],
        &[],
        100_000,
    );
    edit_bridge(&mut r, 0, |call| {
        call.bridge.min_amount += u(20_000);
        call.across.output_amount += u(20_000);
        edit_message(call, |m| {
            m.swaps[0] = proxy_swap(
                proxy_call(
                    USDC_BASE,
                    PAYEE,
                    25_000_000,
                    reference(1),
                    20_000,
                    abi(FEE_TO),
                ),
                25_020_000,
            );
        });
    });
    set_approval_amount(&mut txs_mut(&mut r)[0], u(40_720_000));
    sync_children(&mut r);
    multi_mut(&mut r).fee_bundle = Some({
        let mut bundle = FeeBundle::new(vec![fee_entry(
            "req0",
            FeeBearer::Payer,
            20_000,
            on_base(FEE_TO),
        )]);
        bundle.default_fee_bearer = Some(FeeBearer::Payer);
        bundle
    });
    multi_mut(&mut r).metadata.source_amount = Some("40.72".into()); // the label follows the edit
    e["maxPayerFees"] = json!("0.02");
    e["maxSourceAmount"] = json!("40.72");
    (r, e)
}

/// Was a HOLE (valid refused), fixed: a cross-chain multicall built by
/// `PaymentPlan::build_cross_chain` from a plan with fees carries each fee as its own call of
/// the destination message (after the payee's call); a child declares one `destinationCall`
/// (the payee's), and a fee call needs none (the fee bundle declares it).
#[test]
fn class_7_cross_chain_multicall_with_fees_is_accepted() {
    let _serial = serial();
    check(&class_7_hole_scenarios());
}

fn class_7_hole_scenarios() -> Vec<Scenario> {
    let mut fee_sets = cross_fee_sets();
    let fee_to = on_base(FEE_TO);
    fee_sets.push((
        "fees on both children",
        vec![
            (0, FeeBearer::Payer, 20_000, fee_to),
            (1, FeeBearer::Payer, 40_000, fee_to),
        ],
    ));
    fee_sets
        .iter()
        .map(|(what, fees)| {
            let (r, e) = cross(
                &[(on_base(PAYEE), 25_000_000), (on_base(PAYEE_2), 15_500_000)],
                fees,
                100_000,
            );
            safe(
                format!("7.2 cross-chain multicall with {what}"),
                run(&r, &e),
            )
        })
        .collect()
}

// ============================================================================================
// Attacks of our own against the rules: cross-chain routes
// ============================================================================================

/// A `SwapData` of a destination message calling `call_to` with `call_data`.
fn swap_to(call_to: &str, call_data: Bytes, from_amount: u64) -> SwapData {
    SwapData {
        call_to: abi(call_to),
        approve_to: abi(call_to),
        ..proxy_swap(call_data, from_amount)
    }
}

type BridgeEdit = Box<dyn Fn(&mut AcrossBridgeCall)>;

fn cross_route_scenarios() -> Vec<Scenario> {
    use FindingCode::*;
    let mut out = Vec::new();
    let (payee, payee_2) = (on_base(PAYEE), on_base(PAYEE_2));
    let (single, e_single) = cross(&[(payee, 10_000_000)], &[], 100_000);
    let (multi, e_multi) = cross(&[(payee, 25_000_000), (payee_2, 15_500_000)], &[], 100_000);
    let attacks: Vec<(&str, Vec<FindingCode>, BridgeEdit)> = vec![
        (
            "the message's receiver (who gets everything if the call fails) is a stranger",
            vec![DestinationReceiver],
            Box::new(|c| edit_message(c, |m| m.receiver = abi(STRANGER))),
        ),
        (
            "the message's receiver is the payer",
            vec![DestinationReceiver],
            Box::new(|c| edit_message(c, |m| m.receiver = abi(PAYER))),
        ),
        (
            "approveTo is a stranger, callTo the ERC20FeeProxy",
            vec![DestinationCallTarget],
            Box::new(|c| edit_message(c, |m| m.swaps[0].approve_to = abi(STRANGER))),
        ),
        (
            "approveTo is LI.FI's Executor, callTo the ERC20FeeProxy",
            vec![DestinationCallTarget],
            Box::new(|c| edit_message(c, |m| m.swaps[0].approve_to = abi(BASE_EXECUTOR))),
        ),
        (
            "the destination call is a USDC transfer to the payee (callTo the token)",
            vec![DestinationCallTarget],
            Box::new(|c| {
                edit_message(c, |m| {
                    let amount = m.swaps[0].from_amount.to::<u64>();
                    let data = IERC20::transferCall {
                        to: abi(PAYEE),
                        amount: u(amount),
                    }
                    .abi_encode()
                    .into();
                    m.swaps[0] = swap_to(USDC_BASE, data, amount);
                })
            }),
        ),
        (
            "the destination call goes to a stranger's contract",
            vec![DestinationCallTarget],
            Box::new(|c| {
                edit_message(c, |m| {
                    m.swaps[0].call_to = abi(STRANGER);
                    m.swaps[0].approve_to = abi(STRANGER);
                })
            }),
        ),
        (
            "the destination call goes to LI.FI's ERC20Proxy",
            vec![DestinationCallTarget],
            Box::new(|c| {
                edit_message(c, |m| {
                    m.swaps[0].call_to = abi(BASE_ERC20_PROXY_LIFI);
                    m.swaps[0].approve_to = abi(BASE_ERC20_PROXY_LIFI);
                })
            }),
        ),
        (
            "the destination call goes to the ERC20FeeProxy of Optimism",
            vec![DestinationCallTarget],
            Box::new(|c| {
                edit_message(c, |m| {
                    m.swaps[0].call_to = abi(OPTIMISM_PROXY);
                    m.swaps[0].approve_to = abi(OPTIMISM_PROXY);
                })
            }),
        ),
        (
            "refundAddress is a stranger",
            vec![BridgeRefundAddress],
            Box::new(|c| c.across.refund_address = abi(STRANGER)),
        ),
        (
            "refundAddress is the payee",
            vec![BridgeRefundAddress],
            Box::new(|c| c.across.refund_address = abi(PAYEE)),
        ),
        (
            "receiverAddress is the payee, not ReceiverAcrossV4",
            vec![BridgeReceiver],
            Box::new(|c| c.across.receiver_address = abi(PAYEE)),
        ),
        (
            "receiverAddress is Base's ReceiverAcrossV3",
            vec![BridgeReceiver],
            Box::new(|c| c.across.receiver_address = abi(BASE_RECEIVER_ACROSS_V3)),
        ),
        (
            "receiverAddress is Optimism's ReceiverAcrossV4 (the source chain's)",
            vec![BridgeReceiver],
            Box::new(|c| c.across.receiver_address = abi(OPTIMISM_RECEIVER_ACROSS_V4)),
        ),
        (
            "minAmount one unit above maxSourceAmount",
            vec![SourceAmountAboveMax],
            Box::new(|c| c.bridge.min_amount += u(1)),
        ),
        (
            "minAmount ten times the agreed source amount",
            vec![SourceAmountAboveMax],
            Box::new(|c| c.bridge.min_amount *= u(10)),
        ),
        (
            "outputAmount one unit below what the destination calls pull",
            vec![BridgeOutputAmount],
            Box::new(|c| {
                let pulled =
                    decode_destination_message(&c.across.message).unwrap().swaps[0].from_amount;
                c.across.output_amount = pulled - u(1);
            }),
        ),
        (
            "the destination call's fromAmount one unit above what the bridge delivers (Base's Executor 2.0.0 reverts: the receiver's fallback)",
            vec![BridgeOutputAmount],
            Box::new(|c| {
                let delivered = c.across.output_amount;
                edit_message(c, |m| m.swaps[0].from_amount = delivered + u(1));
            }),
        ),
        (
            "the destination step's receivingAssetId is a stranger's account (the Executor's balanceOf reverts: the receiver's fallback)",
            vec![DestinationCallMismatch],
            Box::new(|c| edit_message(c, |m| m.swaps[0].receiving_asset_id = abi(STRANGER))),
        ),
        (
            "the destination step's receivingAssetId is the ERC20FeeProxy",
            vec![DestinationCallMismatch],
            Box::new(|c| edit_message(c, |m| m.swaps[0].receiving_asset_id = abi(BASE_PROXY))),
        ),
        (
            "the destination call's fromAmount is 0 (LibSwap reverts: the receiver's fallback)",
            vec![BridgeOutputAmount],
            Box::new(|c| edit_message(c, |m| m.swaps[0].from_amount = U256::ZERO)),
        ),
        (
            "destinationChainId is Arbitrum",
            vec![BridgeDestination],
            Box::new(|c| c.bridge.destination_chain_id = u(42161)),
        ),
        (
            "destinationChainId is LI.FI's Tron id",
            vec![BridgeDestination],
            Box::new(|c| c.bridge.destination_chain_id = u(1_885_080_386_571_452)),
        ),
        (
            "hasDestinationCall false (the message kept)",
            vec![BridgeMessage],
            Box::new(|c| c.bridge.has_destination_call = false),
        ),
        (
            "no destination call at all",
            vec![BridgeMessage],
            Box::new(|c| {
                c.bridge.has_destination_call = false;
                c.across.message = Bytes::new();
            }),
        ),
        (
            "a message that does not decode",
            vec![BridgeMessage],
            Box::new(|c| c.across.message = Bytes::from(vec![0xab; 100])),
        ),
        (
            "receivingAssetId is USDT on Base",
            vec![BridgeOutputToken],
            Box::new(|c| c.across.receiving_asset_id = abi(USDT_BASE)),
        ),
        (
            "the destination call spends USDT (sendingAssetId)",
            vec![DestinationCallMismatch],
            Box::new(|c| edit_message(c, |m| m.swaps[0].sending_asset_id = abi(USDT_BASE))),
        ),
        (
            "the destination proxy call pays in USDT",
            vec![PaymentToken],
            Box::new(|c| {
                edit_message(c, |m| {
                    let mut call = IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode(
                        &m.swaps[0].call_data,
                    )
                    .unwrap();
                    call._tokenAddress = abi(USDT_BASE);
                    m.swaps[0].call_data = call.abi_encode().into();
                })
            }),
        ),
        (
            "the destination call pays a stranger (the receiver still the payee)",
            vec![PaymentPayee, DestinationReceiver],
            Box::new(|c| {
                edit_message(c, |m| {
                    let mut call = IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode(
                        &m.swaps[0].call_data,
                    )
                    .unwrap();
                    call._to = abi(STRANGER);
                    m.swaps[0].call_data = call.abi_encode().into();
                })
            }),
        ),
        (
            "the destination call pays one unit more (bridge amounts raised to match)",
            vec![PaymentAmount],
            Box::new(|c| {
                c.across.output_amount += u(1);
                edit_message(c, |m| {
                    let mut call = IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode(
                        &m.swaps[0].call_data,
                    )
                    .unwrap();
                    call._amount += u(1);
                    m.swaps[0].call_data = call.abi_encode().into();
                    m.swaps[0].from_amount += u(1);
                })
            }),
        ),
        (
            "the destination call pays one unit less",
            vec![PaymentAmount],
            Box::new(|c| {
                edit_message(c, |m| {
                    let mut call = IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode(
                        &m.swaps[0].call_data,
                    )
                    .unwrap();
                    call._amount -= u(1);
                    m.swaps[0].call_data = call.abi_encode().into();
                })
            }),
        ),
        (
            "the destination call carries another reference",
            vec![PaymentReference],
            Box::new(|c| {
                edit_message(c, |m| {
                    let mut call = IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode(
                        &m.swaps[0].call_data,
                    )
                    .unwrap();
                    call._paymentReference = reference(9).into();
                    m.swaps[0].call_data = call.abi_encode().into();
                })
            }),
        ),
        (
            "a fee of 1 USDC to a stranger inside the destination call",
            vec![PayerFeesAboveMax],
            Box::new(|c| {
                c.across.output_amount += u(1_000_000);
                edit_message(c, |m| {
                    let mut call = IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode(
                        &m.swaps[0].call_data,
                    )
                    .unwrap();
                    call._feeAmount = u(1_000_000);
                    call._feeAddress = abi(STRANGER);
                    m.swaps[0].call_data = call.abi_encode().into();
                    m.swaps[0].from_amount += u(1_000_000);
                })
            }),
        ),
        (
            "an extra destination call paying a stranger 1 USDC",
            vec![PayerFeesAboveMax],
            Box::new(|c| {
                c.across.output_amount += u(1_000_000);
                edit_message(c, |m| {
                    let data = proxy_call(
                        USDC_BASE,
                        STRANGER,
                        1_000_000,
                        reference(1),
                        0,
                        Address::ZERO,
                    );
                    m.swaps.push(proxy_swap(data, 1_000_000));
                })
            }),
        ),
        (
            "the payee's call twice in the message",
            vec![PaymentDuplicated],
            Box::new(|c| {
                c.across.output_amount *= u(2);
                edit_message(c, |m| {
                    let again = m.swaps[0].clone();
                    m.swaps.push(again);
                })
            }),
        ),
        (
            "a destination call that is an approval, not a payment",
            vec![DestinationCallMismatch],
            Box::new(|c| {
                edit_message(c, |m| {
                    m.swaps[0].call_data = IERC20::approveCall {
                        spender: abi(STRANGER),
                        amount: U256::MAX,
                    }
                    .abi_encode()
                    .into();
                })
            }),
        ),
        (
            "the destination proxy call with 32 trailing bytes",
            vec![DestinationCallMismatch],
            Box::new(|c| {
                edit_message(c, |m| {
                    let mut data = m.swaps[0].call_data.to_vec();
                    data.extend([0u8; 32]);
                    m.swaps[0].call_data = data.into();
                })
            }),
        ),
        (
            "a source swap depositing USDC, not the agreed USDT",
            vec![BridgeToken],
            Box::new(|c| {
                c.bridge.has_source_swaps = true;
                c.source_swaps = vec![SwapData {
                    call_to: abi(STRANGER),
                    approve_to: abi(STRANGER),
                    sending_asset_id: abi(USDC_OPTIMISM),
                    receiving_asset_id: abi(USDT_OPTIMISM),
                    from_amount: c.bridge.min_amount,
                    call_data: Bytes::from(vec![0x12, 0x34, 0x56, 0x78]),
                    requires_deposit: true,
                }];
            }),
        ),
        (
            "a source swap depositing more USDT than maxSourceAmount",
            vec![SourceAmountAboveMax],
            Box::new(|c| {
                c.bridge.has_source_swaps = true;
                c.source_swaps = vec![SwapData {
                    call_to: abi(STRANGER),
                    approve_to: abi(STRANGER),
                    sending_asset_id: abi(USDT_OPTIMISM),
                    receiving_asset_id: abi(USDT_OPTIMISM),
                    from_amount: c.bridge.min_amount * u(3),
                    call_data: Bytes::from(vec![0x12, 0x34, 0x56, 0x78]),
                    requires_deposit: true,
                }];
            }),
        ),
        (
            "hasSourceSwaps true without source swaps",
            vec![BridgeCallInvalid],
            Box::new(|c| c.bridge.has_source_swaps = true),
        ),
    ];
    for (what, codes, edit) in &attacks {
        let mut r = single.clone();
        edit_bridge(&mut r, 0, |c| edit(c));
        out.push(danger(
            format!("x.cross single: {what}"),
            run(&r, &e_single),
            codes,
        ));
        let mut r = multi.clone();
        edit_bridge(&mut r, 0, |c| edit(c));
        sync_children(&mut r);
        out.push(danger(
            format!("x.cross multicall: {what}"),
            run(&r, &e_multi),
            codes,
        ));
    }

    // Controls: what is allowed stays allowed.
    for (what, edit) in [
        (
            "the destination call's fromAmount one unit below what it pulls (a threshold: LibSwap approves the maximum)",
            Box::new(|c: &mut AcrossBridgeCall| edit_message(c, |m| m.swaps[0].from_amount -= u(1)))
                as BridgeEdit,
        ),
        (
            "the destination call's fromAmount is 1",
            Box::new(|c: &mut AcrossBridgeCall| edit_message(c, |m| m.swaps[0].from_amount = u(1))),
        ),
        (
            "the destination step's receivingAssetId is the native currency",
            Box::new(|c: &mut AcrossBridgeCall| {
                edit_message(c, |m| m.swaps[0].receiving_asset_id = Address::ZERO)
            }),
        ),
    ] {
        let mut r = single.clone();
        edit_bridge(&mut r, 0, |c| edit(c));
        out.push(safe(format!("x.cross control: {what}"), run(&r, &e_single)));
    }
    let mut r = single.clone();
    txs_mut(&mut r)[1].value = u(1_000_000_000_000_000);
    out.push(safe(
        "x.cross control: native value sent to the bridge (refunded by the facet: a caution)",
        run(&r, &e_single),
    ));
    let mut r = single.clone();
    edit_bridge(&mut r, 0, |c| {
        c.bridge.has_source_swaps = true;
        c.source_swaps = vec![SwapData {
            call_to: abi(STRANGER),
            approve_to: abi(STRANGER),
            sending_asset_id: abi(USDT_OPTIMISM),
            receiving_asset_id: abi(USDT_OPTIMISM),
            from_amount: c.bridge.min_amount,
            call_data: Bytes::from(vec![0x12, 0x34, 0x56, 0x78]),
            requires_deposit: true,
        }];
    });
    out.push(safe(
        "x.cross control: a source swap of the agreed token within maxSourceAmount (a caution)",
        run(&r, &e_single),
    ));

    // Whole bridge calls: refused entry points, a second bridge call, trailing bytes.
    for (what, selector) in [
        ("startBridgeTokensViaAcrossV3", [0x28, 0xcc, 0x43, 0x16]),
        (
            "startBridgeTokensViaAcrossV4ERC20Packed",
            [0x36, 0xb9, 0x24, 0x04],
        ),
        ("startBridgeTokensViaRelay", [0xae, 0x32, 0x85, 0x90]),
        ("an unknown selector", [0xde, 0xad, 0xbe, 0xef]),
    ] {
        let mut r = single.clone();
        let mut data = selector.to_vec();
        data.extend_from_slice(&txs(&r)[1].data[4..]);
        txs_mut(&mut r)[1].data = data.into();
        out.push(danger(
            format!("x.cross single: the diamond called with {what}"),
            run(&r, &e_single),
            &[BridgeNotAllowed],
        ));
    }
    let mut r = single.clone();
    let mut data = txs(&r)[1].data.to_vec();
    data.extend([0u8; 32]);
    txs_mut(&mut r)[1].data = data.into();
    out.push(danger(
        "x.cross single: 32 trailing bytes on the bridge call",
        run(&r, &e_single),
        &[BridgeCallInvalid],
    ));
    let mut r = single.clone();
    let again = txs(&r)[1].clone();
    txs_mut(&mut r).push(again);
    let mut e = e_single.clone();
    e["maxSourceAmount"] = json!("20.2");
    out.push(danger(
        "x.cross single: the bridge call twice (maxSourceAmount covering both)",
        run(&r, &e),
        &[PaymentDuplicated],
    ));
    let mut r = multi.clone();
    let again = txs(&r)[1].clone();
    txs_mut(&mut r).push(again);
    out.push(danger(
        "x.cross multicall: child 0's bridge call twice",
        run(&r, &e_multi),
        &[PaymentDuplicated],
    ));

    // Labels of the multicall.
    let mut r = multi.clone();
    metadata_mut(&mut r).source_network = Some(Network::ArbitrumOne);
    out.push(danger(
        "x.cross multicall: metadata.sourceNetwork is Arbitrum",
        run(&r, &e_multi),
        &[SourceNetworkMismatch],
    ));
    let mut r = multi.clone();
    multi_mut(&mut r).network = Some(Network::ArbitrumOne);
    multi_mut(&mut r).chain_id = Some(42161);
    out.push(danger(
        "x.cross multicall: the multicall says it pays on Arbitrum",
        run(&r, &e_multi),
        &[NetworkMismatch],
    ));
    let mut r = multi.clone();
    multi_mut(&mut r).execution_kind = securepay::pay::ExecutionKind::EvmSameChain;
    out.push(danger(
        "x.cross multicall: executionKind evm_same_chain on an agreed route",
        run(&r, &e_multi),
        &[NetworkMismatch],
    ));
    let stranger_call = proxy_call(
        USDC_BASE,
        STRANGER,
        25_000_000,
        reference(1),
        0,
        Address::ZERO,
    );
    let mut r = multi.clone();
    multi_mut(&mut r).destination_calls.as_mut().unwrap()[0].calldata = stranger_call.clone();
    out.push(danger(
        "x.cross multicall: destinationCalls lies (mirror of the children)",
        run(&r, &e_multi),
        &[StructureDestinationCallsMirror],
    ));
    let mut r = multi.clone();
    multi_mut(&mut r).children[0]
        .destination_call
        .as_mut()
        .unwrap()
        .calldata = stranger_call.clone();
    out.push(danger(
        "x.cross multicall: child 0's destinationCall lies (mirror not updated)",
        run(&r, &e_multi),
        &[DestinationCallMismatch],
    ));
    let mut r = multi.clone();
    edit_bridge(&mut r, 0, |c| {
        edit_message(c, |m| {
            m.swaps[0].call_data = stranger_call.clone();
            m.receiver = abi(STRANGER);
        })
    });
    out.push(danger(
        "x.cross multicall: the bridge pays a stranger while child 0 and the mirror declare the payee",
        run(&r, &e_multi),
        &[DestinationCallMismatch, PaymentPayee],
    ));
    let mut r = multi.clone();
    for call in multi_mut(&mut r)
        .children
        .iter_mut()
        .filter_map(|c| c.destination_call.as_mut())
        .take(1)
    {
        call.target = on_base(STRANGER);
        call.contract_address = on_base(STRANGER);
    }
    sync_children(&mut r);
    out.push(danger(
        "x.cross multicall: child 0's destinationCall targets a stranger",
        run(&r, &e_multi),
        &[DestinationCallMismatch],
    ));

    // The right amount on the wrong chain: a route to Arbitrum when Base was agreed.
    let (arb_plan, _) = plan(
        Network::ArbitrumOne,
        "USDC-arbitrum-one",
        &[(at(Network::ArbitrumOne, PAYEE), 10_000_000)],
        &[],
        ApprovalPlan::Exact,
    );
    let route = CrossChainRoute {
        network: Network::Optimism,
        currency: currency("USDT-optimism"),
        payer: on_optimism(PAYER),
        source_amounts: vec![u(10_100_000)],
        quote_timestamp: 1_773_740_000,
        fill_deadline: 1_773_750_000,
    };
    out.push(danger(
        "x.cross single: the route pays the right amount on Arbitrum, Base agreed",
        run(&arb_plan.build_cross_chain(&route).unwrap(), &e_single),
        &[BridgeDestination],
    ));

    // Issue 33, class 3: a declared fee whose recipient is LI.FI's receiver, Executor or
    // ERC20Proxy of the destination chain (the receiver and the proxy keep it; the Executor
    // passes it on to the message's receiver), whoever bears it; executed in
    // tests/it/evm/destination.rs.
    for (what, to) in [
        ("Base's LI.FI Executor", BASE_EXECUTOR),
        ("Base's LI.FI ReceiverAcrossV4", BASE_RECEIVER_ACROSS_V4),
        ("Base's LI.FI ERC20Proxy", BASE_ERC20_PROXY_LIFI),
    ] {
        for bearer in [FeeBearer::Payer, FeeBearer::Payee] {
            let (r, e) = cross(
                &[(payee, 10_000_000)],
                &[(0, bearer, 300_000, on_base(to))],
                100_000,
            );
            out.push(danger(
                format!("x.cross: a declared {bearer:?}-borne fee to {what}"),
                run(&r, &e),
                &[UndeclaredOutflow],
            ));
        }
    }
    out
}

#[test]
fn extra_attacks_on_cross_chain_routes() {
    let _serial = serial();
    check(&cross_route_scenarios());
}

// ============================================================================================
// Attacks of our own against the rules: same-chain payments
// ============================================================================================

fn same_chain_scenarios() -> Vec<Scenario> {
    use FindingCode::*;
    let mut out = Vec::new();
    let (payee, payee_2, stranger, fee_to) = (
        on_base(PAYEE),
        on_base(PAYEE_2),
        on_base(STRANGER),
        on_base(FEE_TO),
    );
    let (fees, e_fees) = built(usdc_plan(
        &[(payee, 10_500_000)],
        &[
            (0, FeeBearer::Payer, 300_000, fee_to),
            (0, FeeBearer::Payee, 200_000, fee_to),
        ],
    ));
    let (multi, e_multi) = built(usdc_plan(
        &[(payee, 7_000_000), (payee_2, 3_000_000)],
        &[(1, FeeBearer::Payer, 50_000, fee_to)],
    ));
    let six = Decimals::new(6).unwrap();
    let h = |units: u64| HumanAmount::from_units(u(units), six);

    // The amount summary lies, consistently (it adds up) or not.
    let mut r = fees.clone();
    fee_bundle_mut(&mut r).amount_summary = Some(AmountSummary::new(
        h(10_500_000),
        h(10_300_000),
        h(300_000),
        h(200_000),
        h(100_000),
        h(10_600_000),
    ));
    out.push(danger(
        "x.same single: amountSummary says 0.1 of payer fees (0.3 paid), adding up",
        run(&r, &e_fees),
        &[AmountSummaryMismatch],
    ));
    let mut r = fees.clone();
    fee_bundle_mut(&mut r)
        .amount_summary
        .as_mut()
        .unwrap()
        .payer_total = h(10_000_000);
    out.push(danger(
        "x.same single: amountSummary.payerTotal 10 (not adding up)",
        run(&r, &e_fees),
        &[StructureAmountSummary],
    ));

    // Duplicated payments.
    let mut r = fees.clone();
    let payment = txs(&r)[1].clone();
    txs_mut(&mut r).push(payment);
    fee_bundle_mut(&mut r)
        .fees
        .push(fee_entry("req0", FeeBearer::Payer, 10_300_000, payee));
    fee_bundle_mut(&mut r).amount_summary = None;
    let mut e = e_fees.clone();
    e["maxPayerFees"] = json!("20");
    out.push(danger(
        "x.same single: the payment again as a declared 'fee' to the payee, caps covering it",
        run(&r, &e),
        &[PaymentDuplicated],
    ));
    let mut r = fees.clone();
    let payment = txs(&r)[1].clone();
    txs_mut(&mut r).insert(1, payment);
    metadata_mut(&mut r).payment_transaction_index = 2;
    metadata_mut(&mut r).approval_transactions_count = Some(1);
    out.push(danger(
        "x.same single: the payment twice in a row",
        run(&r, &e_fees),
        &[PaymentDuplicated],
    ));
    let (legacy, e_legacy) = legacy_erc20_batch();
    let mut r = legacy.clone();
    if let PayResponse::LegacyBatch(b) = &mut r {
        b.erc20_batch_payment_transaction = b.batch_payment_transaction.clone();
    }
    out.push(danger(
        "x.same legacy batch: the batch under batchPaymentTransaction and ERC20BatchPaymentTransaction",
        run(&r, &e_legacy),
        &[PaymentDuplicated],
    ));
    // Split in two legs: the first within maxPayeeFees, the second a duplicate.
    let (plain, e_plain) = built(usdc_plan(&[(payee, 10_000_000)], &[]));
    let mut r = plain.clone();
    let half = Builder::new(Network::Base)
        .erc20_fee(&Erc20FeePayment::new(
            on_base(USDC_BASE),
            payee,
            u(5_000_000),
            reference(1),
        ))
        .unwrap();
    txs_mut(&mut r)[1] = half.clone();
    txs_mut(&mut r).push(half);
    fee_bundle_mut_or_default(&mut r).fees.push(fee_entry(
        "req0",
        FeeBearer::Payee,
        5_000_000,
        payee,
    ));
    let mut e = e_plain.clone();
    e["maxPayeeFees"] = json!("5");
    out.push(danger(
        "x.same single: the payment split in two halves with the same reference",
        run(&r, &e),
        &[PaymentDuplicated],
    ));

    // The right amount on the wrong chain.
    let (on_opt, _) = built(plan(
        Network::Optimism,
        "USDCn-optimism",
        &[(on_optimism(PAYEE), 10_000_000)],
        &[],
        ApprovalPlan::Exact,
    ));
    out.push(danger(
        "x.same single: paid on Optimism in USDC, Base agreed",
        run(&on_opt, &e_plain),
        &[UnknownTarget],
    ));
    let (on_arb, _) = built(plan(
        Network::ArbitrumOne,
        "USDC-arbitrum-one",
        &[
            (at(Network::ArbitrumOne, PAYEE), 7_000_000),
            (at(Network::ArbitrumOne, PAYEE_2), 3_000_000),
        ],
        &[(
            1,
            FeeBearer::Payer,
            50_000,
            at(Network::ArbitrumOne, FEE_TO),
        )],
        ApprovalPlan::Exact,
    ));
    out.push(danger(
        "x.same multicall: paid on Arbitrum, Base agreed",
        run(&on_arb, &e_multi),
        // Arbitrum's addresses are no contract on Base: nothing is read, nothing settled
        // (issue 34, item 4).
        &[UnknownTarget],
    ));
    let (_, e_cross) = cross(&[(payee, 10_000_000)], &[], 100_000);
    out.push(danger(
        "x.same single: a Base payment where a route from Optimism was agreed",
        run(&plain, &e_cross),
        &[UnknownTarget],
    ));

    // References, payees and amounts of the children swapped or shifted.
    let mut r = multi.clone();
    let (a, b) = (txs(&r)[1].clone(), txs(&r)[2].clone());
    let mut a_call =
        IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode(&a.data).unwrap();
    let mut b_call =
        IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode(&b.data).unwrap();
    std::mem::swap(&mut a_call._paymentReference, &mut b_call._paymentReference);
    txs_mut(&mut r)[1].data = a_call.abi_encode().into();
    txs_mut(&mut r)[2].data = b_call.abi_encode().into();
    out.push(danger(
        "x.same multicall: the two children's references swapped",
        run(&r, &e_multi),
        &[PaymentReference],
    ));
    let mut r = multi.clone();
    let mut call =
        IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode(&txs(&r)[1].data).unwrap();
    call._to = stranger.abi();
    txs_mut(&mut r)[1].data = call.abi_encode().into();
    out.push(danger(
        "x.same multicall: child 0 paid to a stranger (its label still the payee)",
        run(&r, &e_multi),
        &[PaymentPayee],
    ));
    let mut r = multi.clone();
    multi_mut(&mut r).children[1].amount = h(2_000_000);
    multi_mut(&mut r).amounts[1] = h(2_000_000);
    out.push(danger(
        "x.same multicall: child 1 says 2 USDC where 3 were agreed",
        run(&r, &e_multi),
        &[ChildMismatch],
    ));
    let mut r = plain.clone();
    txs_mut(&mut r)[1] = transfer(Network::Base, USDC_BASE, PAYEE, 10_000_000);
    out.push(danger(
        "x.same single: a plain transfer to the payee instead of the proxy (no reference)",
        run(&r, &e_plain),
        &[PaymentMissing],
    ));

    // Approvals.
    let mut approvals = |what: &str, tx: Transaction, code: FindingCode| {
        let mut r = plain.clone();
        txs_mut(&mut r).insert(0, tx);
        metadata_mut(&mut r).payment_transaction_index = 2;
        metadata_mut(&mut r).approval_transactions_count = Some(2);
        out.push(danger(
            format!("x.same single: an extra approval {what}"),
            run(&r, &e_plain),
            &[code],
        ));
    };
    approvals(
        "of USDT to the ERC20FeeProxy",
        approve(Network::Base, USDT_BASE, BASE_PROXY, U256::MAX),
        ApprovalToken,
    );
    approvals(
        "of USDC to the BatchConversionPayments (which pulls nothing here)",
        Builder::new(Network::Base)
            .approve_for(
                Flow::BatchConversion,
                on_base(USDC_BASE),
                Allowance::Unlimited,
            )
            .unwrap(),
        ApprovalSpender,
    );
    approvals(
        "of USDC to a stranger",
        approve(Network::Base, USDC_BASE, STRANGER, u(1)),
        ApprovalSpender,
    );
    approvals(
        "of USDC to the payee",
        approve(Network::Base, USDC_BASE, PAYEE, U256::MAX),
        ApprovalSpender,
    );
    let mut increase = vec![0x39, 0x50, 0x93, 0x51]; // increaseAllowance(address,uint256)
    increase.extend_from_slice(&approve(Network::Base, USDC_BASE, STRANGER, U256::MAX).data[4..]);
    approvals(
        "by increaseAllowance(stranger, max)",
        Transaction {
            to: on_base(USDC_BASE),
            data: increase.into(),
            value: U256::ZERO,
        },
        UnknownSelector,
    );
    let mut r = plain.clone();
    set_approval_amount(&mut txs_mut(&mut r)[0], U256::MAX);
    out.push(safe(
        "x.same control: an unlimited approval of the ERC20FeeProxy (a caution)",
        run(&r, &e_plain),
    ));

    // Native value where none is due, or more than the call pays.
    for index in [0, 1] {
        let mut r = plain.clone();
        txs_mut(&mut r)[index].value = u(1);
        out.push(danger(
            format!("x.same single: one wei of value on transactions[{index}]"),
            run(&r, &e_plain),
            &[ValueOnNonPayable],
        ));
    }
    let (native, e_native) = built(plan(
        Network::Base,
        "ETH-base-base",
        &[(payee, 200_000_000_000_000_000)],
        &[],
        ApprovalPlan::None,
    ));
    let mut r = native.clone();
    txs_mut(&mut r)[0].value += u(1_000_000_000_000_000);
    out.push(danger(
        "x.same native single: 0.001 ETH more value than the payment (the payee gets it all)",
        run(&r, &e_native),
        &[PaymentAmount],
    ));
    let mut r = native.clone();
    txs_mut(&mut r)[0] = Builder::new(Network::Base)
        .native_fee_exact(&NativeFeePayment::new(
            payee,
            u(200_000_000_000_000_000),
            reference(1),
        ))
        .unwrap();
    txs_mut(&mut r)[0].value += u(1_000_000_000_000_000);
    out.push(safe(
        "x.same control: transferExactEthWithReferenceAndFee with excess value (refunded: a caution)",
        run(&r, &e_native),
    ));

    // Fee labels.
    let mut r = fees.clone();
    let mut call =
        IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode(&txs(&r)[2].data).unwrap();
    call._to = stranger.abi();
    txs_mut(&mut r)[2].data = call.abi_encode().into();
    out.push(danger(
        "x.same single: the fee leg redirected to a stranger, the bundle still naming the recipient",
        run(&r, &e_fees),
        &[FeeNotPaid, FeeUndeclared],
    ));
    let mut r = fees.clone();
    fee_bundle_mut(&mut r).fees[0].payment_currency_id = currency("USDT-base").id().clone();
    out.push(danger(
        "x.same single: a fee entry in USDT",
        run(&r, &e_fees),
        &[FeeCurrency],
    ));
    let mut r = fees.clone();
    fee_bundle_mut(&mut r).fees[0].amount = HumanAmount::parse("0.3000001").unwrap();
    out.push(danger(
        "x.same single: a fee entry of 0.3000001 USDC (7 decimals)",
        run(&r, &e_fees),
        &[FeeAmountUnreadable],
    ));
    let mut r = fees.clone();
    let entry = &mut fee_bundle_mut(&mut r).fees[0];
    entry.network = Network::Optimism;
    entry.chain_id = ChainIdText(10);
    out.push(danger(
        "x.same single: a fee entry on Optimism",
        run(&r, &e_fees),
        &[FeeNetwork],
    ));
    let mut r = fees.clone();
    fee_bundle_mut(&mut r)
        .fees
        .push(fee_entry("req0", FeeBearer::Payer, 1, fee_to));
    out.push(danger(
        "x.same single: a fee entry no transaction pays",
        run(&r, &e_fees),
        &[FeeNotPaid],
    ));

    // Structure, decoding and value cases, one per remaining code.
    let mut r = fees.clone();
    fee_bundle_mut(&mut r).fees[0].chain_id = ChainIdText(1);
    out.push(danger(
        "x.same single: a fee entry's chainId is Ethereum's",
        run(&r, &e_fees),
        &[StructureFeeEntryChainId],
    ));
    let mut r = multi.clone();
    multi_mut(&mut r).children.swap(0, 1);
    out.push(danger(
        "x.same multicall: the children in the wrong order (positions 1, 0)",
        run(&r, &e_multi),
        &[StructureChildPosition, ChildMismatch],
    ));
    let mut r = multi.clone();
    multi_mut(&mut r).payees[0] = stranger;
    out.push(danger(
        "x.same multicall: payees[0] is a stranger (children unchanged)",
        run(&r, &e_multi),
        &[StructureParallelArray],
    ));
    let mut r = multi.clone();
    multi_mut(&mut r).chain_id = Some(1);
    out.push(danger(
        "x.same multicall: chainId 1 with network base",
        run(&r, &e_multi),
        &[StructureChainIdNetwork, ChainIdMismatch],
    ));
    let mut r = multi.clone();
    multi_mut(&mut r).metadata.executable_leg_count = None;
    out.push(safe(
        "x.same control: a multicall without executableLegCount (a caution)",
        run(&r, &e_multi),
    ));
    let mut r = legacy_erc20_batch().0;
    if let PayResponse::LegacyBatch(b) = &mut r {
        b.batch_payment_transaction = None;
    }
    out.push(danger(
        "x.same legacy batch: approvals only, no batch call",
        run(&r, &e_legacy),
        &[StructureNoPaymentTransaction, PaymentMissing],
    ));
    let (cross_multi, e_cross_multi) =
        cross(&[(payee, 25_000_000), (payee_2, 15_500_000)], &[], 100_000);
    let mut r = cross_multi.clone();
    multi_mut(&mut r).children[1].destination_call = None;
    multi_mut(&mut r).destination_calls.as_mut().unwrap().pop();
    out.push(danger(
        "x.cross multicall: child 1 without its destinationCall",
        run(&r, &e_cross_multi),
        &[StructureMissingDestinationCall],
    ));
    let mut r = plain.clone();
    txs_mut(&mut r)[1].data = approve(Network::Base, USDC_BASE, STRANGER, U256::MAX).data;
    out.push(danger(
        "x.same single: an approve(stranger, max) sent to the ERC20FeeProxy",
        run(&r, &e_plain),
        &[SelectorNotOnTarget],
    ));
    let mut r = plain.clone();
    txs_mut(&mut r)[1] = Transaction {
        to: payee,
        data: Bytes::new(),
        value: u(1_000_000_000_000_000),
    };
    out.push(danger(
        "x.same single: a plain native transfer to the payee instead of the payment",
        run(&r, &e_plain),
        &[PlainTransfer],
    ));
    let mut r = native.clone();
    let fee_payment = Builder::new(Network::Base)
        .native_fee(
            &NativeFeePayment::new(payee, u(200_000_000_000_000_000), reference(1))
                .with_fee(u(1_000_000_000_000), fee_to),
        )
        .unwrap();
    txs_mut(&mut r)[0] = Transaction {
        value: u(1),
        ..fee_payment
    };
    out.push(danger(
        "x.same native single: value below the in-call fee",
        run(&r, &e_native),
        &[ValueMismatch],
    ));
    let (r, mut e) = native_batch(None);
    e.as_object_mut().unwrap().remove("batchFeeRate");
    out.push(safe(
        "x.same control: a legacy native batch without batchFeeRate (the fee bounded by the value: a caution)",
        run(&r, &e),
    ));

    // Batch fees.
    let mut e = e_legacy.clone();
    e.as_object_mut().unwrap().remove("batchFeeRate");
    out.push(danger(
        "x.same legacy batch: the batch fee's rate not stated",
        run(&legacy, &e),
        &[BatchFeeRateUnknown],
    ));
    let call = securepay::contracts::abi::IBatchPayments::batchERC20PaymentsWithReferenceCall {
        _tokenAddress: abi("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"),
        _recipients: vec![abi("0x4242424242424242424242424242424242424201")],
        _amounts: vec![u(1_000_000)],
        _paymentReferences: vec![reference(1).into()],
        _feeAmounts: vec![u(500_000)],
        _feeAddress: Address::ZERO,
    };
    let mut r = legacy.clone();
    if let PayResponse::LegacyBatch(b) = &mut r {
        b.batch_payment_transaction.as_mut().unwrap().data = call.abi_encode().into();
    }
    let e = json!({"network": "mainnet", "currency": "USDC-mainnet", "batchFeeRate": 10, "maxPayerFees": "1",
        "payments": [{"payee": "0x4242424242424242424242424242424242424201", "amount": "1", "reference": reference(1).to_string()}]});
    out.push(danger(
        "x.same legacy batch: a row fee with a zero fee address (kept by the batch contract)",
        run(&r, &e),
        &[ValueStranded],
    ));
    out
}

fn fee_bundle_mut_or_default(response: &mut PayResponse) -> &mut FeeBundle {
    let bundle = match response {
        PayResponse::Single(single) => &mut single.fee_bundle,
        PayResponse::Multicall(multicall) => &mut multicall.fee_bundle,
        PayResponse::LegacyBatch(_) => panic!("a legacy batch has no fee bundle"),
        _ => panic!("not a case this test builds"),
    };
    bundle.get_or_insert_with(|| FeeBundle::new(vec![]))
}

#[test]
fn extra_attacks_on_same_chain_payments() {
    let _serial = serial();
    check(&same_chain_scenarios());
}

// ============================================================================================
// A masked payee stays masked, whatever the response does
// ============================================================================================

/// Responses that name the (masked) payee's address in places other than a payment on the
/// payment network, with `hidePayeeAddress`; `leaks` says whether the verifier shows it today.
fn masking_scenarios() -> Vec<(String, Verdict, bool)> {
    let payee = on_base(PAYEE);
    let (single, mut e) = cross(&[(payee, 10_000_000)], &[], 100_000);
    e["hidePayeeAddress"] = json!(true);
    let mut out = Vec::new();
    let mut case = |name: &str, edit: &dyn Fn(&mut PayResponse), leaks: bool| {
        let mut r = single.clone();
        edit(&mut r);
        out.push((name.to_owned(), run(&r, &e), leaks));
    };
    case("the route as built", &|_| {}, false);
    case(
        "destinationChainId is Arbitrum (the message still pays the payee)",
        &|r| edit_bridge(r, 0, |c| c.bridge.destination_chain_id = u(42161)),
        false,
    );
    case(
        "refundAddress is the payee",
        &|r| edit_bridge(r, 0, |c| c.across.refund_address = abi(PAYEE)),
        true,
    );
    case(
        "receiverAddress is the payee",
        &|r| edit_bridge(r, 0, |c| c.across.receiver_address = abi(PAYEE)),
        true,
    );
    case(
        "the deposit's receivingAssetId is the payee (an asset named by the response)",
        &|r| edit_bridge(r, 0, |c| c.across.receiving_asset_id = abi(PAYEE)),
        false,
    );
    case(
        "the bridge's sendingAssetId is the payee (an asset named by the response)",
        &|r| edit_bridge(r, 0, |c| c.bridge.sending_asset_id = abi(PAYEE)),
        false,
    );
    case(
        "a source-chain transfer to the payee's address",
        &|r| txs_mut(r).push(transfer(Network::Optimism, USDT_OPTIMISM, PAYEE, 5)),
        true,
    );
    case(
        "an EOA approval naming the payee on the source chain",
        &|r| {
            single_mut(r).eoa_approval_transactions = Some(vec![approve(
                Network::Optimism,
                USDT_OPTIMISM,
                PAYEE,
                U256::MAX,
            )]);
        },
        true,
    );
    // Same chain: the payee's address as the target of a transaction.
    let (plain, mut e) = built(usdc_plan(&[(payee, 10_000_000)], &[]));
    e["hidePayeeAddress"] = json!(true);
    for (name, data, value) in [
        (
            "a plain native transfer to the payee (details.reason)",
            Bytes::new(),
            u(1),
        ),
        (
            "a call to the payee's address (details.reason)",
            Bytes::from(vec![1, 2, 3, 4, 5]),
            U256::ZERO,
        ),
    ] {
        let mut r = plain.clone();
        txs_mut(&mut r)[1] = Transaction {
            to: payee,
            data,
            value,
        };
        out.push((name.to_owned(), run(&r, &e), true));
    }
    let mut r = plain.clone();
    txs_mut(&mut r)[1] = Builder::new(Network::Base)
        .erc20_fee(&Erc20FeePayment::new(
            on_base(USDC_BASE),
            on_base(STRANGER),
            u(10_000_000),
            reference(1),
        ))
        .unwrap();
    out.push(("the payment to a stranger".to_owned(), run(&r, &e), false));
    // The payee's address as the token of the payment: the verdict names the asset paid.
    let mut r = plain.clone();
    txs_mut(&mut r)[1] = Builder::new(Network::Base)
        .erc20_fee(&Erc20FeePayment::new(
            payee,
            payee,
            u(10_000_000),
            reference(0),
        ))
        .unwrap();
    out.push((
        "the payment's token is the payee's address (an asset named by the response)".to_owned(),
        run(&r, &e),
        false,
    ));
    let mut r = plain;
    txs_mut(&mut r)[1].data = Bytes::from(vec![0xc2, 0x19, 0xa1, 0x4d]);
    out.push(("a truncated payment call".to_owned(), run(&r, &e), false));
    out
}

/// Whether any output of the verdict (text, JSON) shows the payee's address, in full or short.
fn shows_payee(verdict: &Verdict) -> bool {
    let everything = format!(
        "{verdict}\n{verdict:?}\n{}",
        serde_json::to_string(verdict).unwrap()
    );
    let lower = everything.to_lowercase();
    let payee = PAYEE.to_lowercase();
    lower.contains(&payee[2..]) || everything.contains("0x6923…C7D7")
}

#[test]
fn extra_a_masked_payee_stays_masked() {
    let _serial = serial();
    for (name, verdict, leaks) in masking_scenarios() {
        if !leaks {
            assert!(
                !shows_payee(&verdict),
                "{name}: the masked payee shows\n{verdict}"
            );
        }
    }
}

/// HOLE (masking): with `hidePayeeAddress`, a response that puts the payee's address where the
/// verifier names parties without masking them makes the outputs show it: the messages of
/// `bridge_refund_address` and `bridge_receiver` write the raw address; parties on the source
/// chain (a transfer's recipient, an EOA approval's spender) are not masked, in the findings,
/// their details and the summary; and `details.reason` of `plain_transfer` / `unknown_target`
/// is the decoder's English error, which writes the target (the payee) in full, on the payment
/// chain too (the JSON of the verdict shows it). (`Finding.message` is documented never to show
/// a masked payee.) Each response is still refused: a leak, not a loss.
#[test]
fn extra_a_masked_payee_is_masked_in_every_finding() {
    let _serial = serial();
    let leaking: Vec<String> = masking_scenarios()
        .into_iter()
        .filter(|(_, verdict, _)| shows_payee(verdict))
        .map(|(name, verdict, _)| format!("{name}:\n{verdict}"))
        .collect();
    assert!(
        leaking.is_empty(),
        "the masked payee shows:\n{}",
        leaking.join("\n")
    );
}

// ============================================================================================
// Task 2: findings and summary lines in French, from the structured data alone
// ============================================================================================

/// `0x1234…abcd` (six leading, four trailing characters), as the English summary shortens.
fn fr_short(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= 14 {
        return text.to_owned();
    }
    let head: String = chars[..6].iter().collect();
    let tail: String = chars[chars.len() - 4..].iter().collect();
    format!("{head}…{tail}")
}

fn fr_asset(asset: &AssetRef) -> String {
    match (&asset.symbol, &asset.token) {
        (Some(symbol), _) => symbol.to_string(),
        (None, Some(token)) => format!("le jeton {token}"),
        (None, None) => format!("la monnaie native de {}", asset.network.display_name()),
    }
}

/// `10,5 USDC`: a decimal comma, and the asset.
fn fr_amount(quantity: &Quantity) -> String {
    match quantity.human() {
        Some(human) => format!("{} {}", human.replace('.', ","), fr_asset(&quantity.asset)),
        None => format!("{} unités de {}", quantity.units, fr_asset(&quantity.asset)),
    }
}

fn fr_contract(contract: Contract) -> String {
    match contract {
        Contract::Erc20FeeProxy => "le contrat de paiement (ERC20FeeProxy)".into(),
        Contract::LiFiDiamond => "le pont LI.FI".into(),
        other => format!("le contrat {other}"),
    }
}

/// A party in full; a masked payee stays masked.
fn fr_party(party: &Party) -> String {
    match party {
        Party::Hidden => "le bénéficiaire (masqué)".into(),
        Party::Payee { address } => format!("le bénéficiaire {address}"),
        Party::Contract { contract, .. } => fr_contract(*contract),
        Party::SmartAccount { address } => format!("votre compte intelligent {address}"),
        Party::Other { address } => format!("l'adresse {address}"),
    }
}

/// "à" and a party, with the French contraction (`au contrat`, `à l'adresse`).
fn fr_to(party: String) -> String {
    match party.strip_prefix("le ") {
        Some(rest) => format!("au {rest}"),
        None => format!("à {party}"),
    }
}

/// A party in a summary line: short addresses.
fn fr_party_short(party: &Party) -> String {
    match party {
        Party::Hidden => "le bénéficiaire (masqué)".into(),
        Party::Contract { contract, .. } => fr_contract(*contract),
        Party::SmartAccount { address } => {
            format!(
                "votre compte intelligent {}",
                fr_short(&address.to_string())
            )
        }
        Party::Payee { address } | Party::Other { address } => fr_short(&address.to_string()),
    }
}

/// Renders a finding in French from its code and details only (never its `message`). A piece
/// of data a template needs and the details lack reads `?`; the test checks that none is lacking.
fn fr(code: FindingCode, d: &Details) -> String {
    let q = |q: &Option<Quantity>| q.as_ref().map_or_else(|| "?".to_owned(), fr_amount);
    let (expected, actual) = (q(&d.expected), q(&d.actual));
    let party = d.party.as_ref().map_or_else(|| "?".to_owned(), fr_party);
    let expected_party = d
        .expected_party
        .as_ref()
        .map_or_else(|| "?".to_owned(), fr_party);
    let (to_party, to_expected_party) = (fr_to(party.clone()), fr_to(expected_party.clone()));
    let network = d.network.map_or("?", Network::display_name);
    let asset = d
        .asset
        .as_ref()
        .or_else(|| d.actual.as_ref().map(|q| &q.asset))
        .or_else(|| d.expected.as_ref().map(|q| &q.asset))
        .map_or_else(|| "?".to_owned(), fr_asset);
    let field = d.field.as_deref().unwrap_or("?");
    let technical = d
        .reason
        .as_deref()
        .map(|r| format!(" (détail technique, en anglais : {r})"))
        .unwrap_or_default();
    match code {
        FindingCode::ResponseUnreadable => {
            format!(
                "La réponse n'est pas une réponse de paiement lisible : ne signez pas.{technical}"
            )
        }
        FindingCode::StructureIndexOutOfRange => {
            format!("Un index des métadonnées pointe au-delà des transactions.{technical}")
        }
        FindingCode::StructureOverlappingIndices => {
            format!("Deux rôles des métadonnées revendiquent la même transaction.{technical}")
        }
        FindingCode::StructureFeeLegCount => {
            format!("Il y a plus de transactions de frais que de frais déclarés.{technical}")
        }
        FindingCode::StructureFeeLegOrder => format!(
            "Les index des transactions de frais ne sont pas en ordre croissant.{technical}"
        ),
        FindingCode::StructureFeeEntryNetwork => {
            format!("Des frais déclarés sont sur des réseaux différents.{technical}")
        }
        FindingCode::StructureFeeEntryChainId => format!(
            "L'identifiant de chaîne d'un frais déclaré n'est pas celui de son réseau.{technical}"
        ),
        FindingCode::StructureChildCount => {
            format!("Le nombre d'enfants annoncé n'est pas celui des enfants.{technical}")
        }
        FindingCode::StructureChildPosition => {
            format!("La position d'un enfant n'est pas son rang.{technical}")
        }
        FindingCode::StructureParallelArray => {
            format!("Une liste parallèle du multicall contredit ses enfants.{technical}")
        }
        FindingCode::StructureDestinationCallOnSameChain => {
            format!("Des appels de destination dans un multicall sur une seule chaîne.{technical}")
        }
        FindingCode::StructureMissingDestinationCall => format!(
            "Un enfant d'un paiement inter-chaînes n'a pas d'appel de destination.{technical}"
        ),
        FindingCode::StructureDestinationCallsMirror => format!(
            "destinationCalls ne reflète pas les appels de destination des enfants.{technical}"
        ),
        FindingCode::StructureChainIdNetwork => {
            format!("L'identifiant de chaîne n'est pas celui du réseau annoncé.{technical}")
        }
        FindingCode::StructureMissingExecutableLegCount => {
            "executableLegCount manque (simple information).".into()
        }
        FindingCode::StructureAmountSummary => {
            format!("Le récapitulatif des montants ne tombe pas juste.{technical}")
        }
        FindingCode::StructureNoPaymentTransaction => {
            "Le lot n'a aucune transaction de paiement.".into()
        }
        FindingCode::AddressFamily => {
            format!("La transaction va {to_party}, qui n'est pas une adresse de {network}.")
        }
        FindingCode::UnknownTarget => {
            format!("{party} n'est ni un contrat connu ni un jeton de paiement sur {network}.")
        }
        FindingCode::UnknownSelector => format!(
            "La transaction appelle une fonction inconnue de {party} sur {network}.{technical}"
        ),
        FindingCode::SelectorNotOnTarget => {
            format!("La fonction appelée n'existe pas sur {party}.{technical}")
        }
        FindingCode::NonCanonicalCalldata => {
            format!("Les données de l'appel à {party} ne sont pas encodées strictement.{technical}")
        }
        FindingCode::PlainTransfer => {
            format!("Un simple transfert de {actual} {to_party}, pas un appel de paiement.")
        }
        FindingCode::ValueOnNonPayable => {
            format!("Envoie {actual} {to_party}, qui n'accepte pas de monnaie native.")
        }
        FindingCode::ValueMismatch => match &d.expected {
            Some(_) => format!(
                "Envoie {actual} alors que l'appel exige au moins {expected} : il échouerait."
            ),
            None => format!(
                "Envoie {actual}, moins que ce que l'appel exige : il échouerait.{technical}"
            ),
        },
        FindingCode::ValueStranded => {
            format!("{actual} envoyés que le contrat ne rend pas.{technical}")
        }
        FindingCode::ValueRefunded => {
            format!("Envoie {actual} de trop ; {party} vous le rembourse.")
        }
        FindingCode::ValueAtRisk => format!(
            "Envoie {actual} de trop ; {field} ne le rembourse qu'après avoir appelé {party}, choisi par le serveur, qui peut le prendre avant : compté comme sortant de votre portefeuille."
        ),
        FindingCode::CallReverts => match d.behaviour {
            Some(_) => format!(
                "Cet appel ne peut pas aboutir : {party} exige que {asset} renvoie true, et {asset} ne renvoie rien. Vous paieriez le gaz, sans payer le bénéficiaire."
            ),
            None => format!(
                "Cet appel ne peut pas aboutir : le contrat le refuse.{technical} Vous paieriez le gaz, sans payer le bénéficiaire."
            ),
        },
        FindingCode::UnverifiableCall => format!(
            "Le montant de cet appel dépend d'un taux de marché : il ne peut pas être vérifié.{technical}"
        ),
        FindingCode::MirrorMismatch => format!(
            "Cette liste miroir n'est pas la transaction que désigne {field} : un portefeuille qui la signerait signerait autre chose."
        ),
        FindingCode::NotAnApproval => format!(
            "La transaction ({field}) ne fait pas ce que son rôle dans les métadonnées annonce."
        ),
        FindingCode::PaymentMissing => {
            format!("Aucune transaction ne paie {expected} {to_expected_party}.")
        }
        FindingCode::PaymentDuplicated => format!("Paie {actual} {to_party} une seconde fois."),
        FindingCode::PaymentAmount => {
            format!("Paie {actual} {to_party} au lieu des {expected} convenus.")
        }
        FindingCode::PaymentPayee => format!(
            "Paie {actual} {to_party}, et non au bénéficiaire convenu ({expected_party}) ; {expected} étaient convenus."
        ),
        FindingCode::PaymentReference => format!(
            "Paie {party} avec la référence {} au lieu de {}.",
            d.reference.as_deref().unwrap_or("?"),
            d.expected_reference.as_deref().unwrap_or("?")
        ),
        FindingCode::PaymentToken => {
            format!("Paie {party} en {actual}, et non dans la devise convenue ({expected}).")
        }
        FindingCode::UndeclaredOutflow => format!(
            "Envoie {actual} {to_party} sur {network} : aucun accord ne couvre {asset} sur cette chaîne."
        ),
        FindingCode::PayerFeesAboveMax => format!(
            "{actual} quittent votre portefeuille en plus des paiements convenus, au-delà du maximum convenu de {expected}."
        ),
        FindingCode::PayeeFeesAboveMax => format!(
            "Les bénéficiaires reçoivent {actual} de moins que convenu, au-delà du maximum convenu de {expected}."
        ),
        FindingCode::FeeNotPaid => format!(
            "Des frais déclarés ({expected} pour {party}) ne sont payés par aucune transaction."
        ),
        FindingCode::FeeUndeclared => {
            format!("Paie {actual} {to_party}, que le détail des frais ne déclare pas.")
        }
        FindingCode::FeeBearerMismatch => match (&d.expected, &d.actual) {
            (Some(_), Some(_)) => format!(
                "Le détail des frais déduit {expected} du paiement, mais le bénéficiaire reçoit {actual} de moins que convenu."
            ),
            _ => format!(
                "Le détail des frais déduit des frais d'un paiement qui n'est pas dans cette réponse ({field})."
            ),
        },
        FindingCode::FeeCurrency => {
            format!("Des frais sont déclarés en {field}, et non dans la devise du paiement.")
        }
        FindingCode::FeeNetwork => format!(
            "Des frais sont déclarés sur {network}, où aucun frais de ce paiement n'est payé."
        ),
        FindingCode::FeeAmountUnreadable => {
            format!("Le montant de frais {field} n'est pas un montant exact de la devise.")
        }
        FindingCode::AmountSummaryMismatch => format!(
            "Le récapitulatif des montants indique {expected} ({field}), mais les transactions font {actual}."
        ),
        FindingCode::LabelMismatch => {
            format!("Une étiquette de la réponse ({field}) contredit les transactions ou l'accord.")
        }
        FindingCode::BatchFee => {
            format!("Le contrat de lot prélève des frais d'au plus {actual} pour {party}.")
        }
        FindingCode::BatchFeeRateUnknown => format!(
            "Le contrat de lot prélève pour {party} des frais à un taux que ni l'appel ni l'accord n'indiquent (batchFeeRate)."
        ),
        FindingCode::ApprovalToken => {
            format!("Autorise {party} à dépenser du {asset}, que ce paiement ne dépense pas.")
        }
        FindingCode::ApprovalSpender => format!(
            "Autorise {party} à dépenser du {asset}, alors qu'il ne prélève rien dans ce paiement."
        ),
        FindingCode::ApprovalUnlimited => {
            format!("Autorise {party} à dépenser du {asset} sans limite, jusqu'à révocation.")
        }
        FindingCode::ApprovalZeroAddress => format!(
            "Autorise l'adresse nulle à dépenser 0 {asset} : cela ne fait rien, et un jeton qui refuse d'autoriser l'adresse nulle (ceux d'OpenZeppelin, USDC) le fait échouer."
        ),
        FindingCode::ApprovalRemainder => {
            format!("Autorise {party} à dépenser {actual}, alors qu'il ne prélève que {expected}.")
        }
        FindingCode::ApprovalAboveNeed => format!(
            "Autorise {party}, un contrat modifiable, à dépenser {actual}, alors qu'il ne prélève que {expected} : le reste pourrait être pris plus tard."
        ),
        FindingCode::ApprovalBelowNeed => format!(
            "Autorise {party} à dépenser {actual}, mais le paiement prélève {expected} : il échouerait."
        ),
        FindingCode::EoaApprovalNotApprove => format!(
            "Une transaction de votre portefeuille de financement n'est pas une autorisation ({field})."
        ),
        FindingCode::EoaApprovalSpender => match &d.expected_party {
            Some(_) => format!(
                "Votre portefeuille autorise {party} à dépenser du {asset}, et non {expected_party}."
            ),
            None => format!(
                "Votre portefeuille autorise {party} à dépenser du {asset}, sans compte intelligent convenu : impossible de le distinguer d'un inconnu."
            ),
        },
        FindingCode::EoaApprovalToken => format!(
            "Votre portefeuille autorise la dépense de {asset}, que ce paiement ne dépense pas."
        ),
        FindingCode::BatchFeeAddressZero => format!(
            "Le contrat de lot envoie ses frais à l'adresse nulle ({party}) : ils sont brûlés, ou l'appel échoue, selon le jeton."
        ),
        FindingCode::TokenBehaviour => match d.behaviour {
            Some(TokenBehaviour::FeeOnTransfer) => format!(
                "Rien ne prouve que {asset} ne prélève pas de frais à chaque transfert : s'il en prélevait, chaque destinataire recevrait moins que les montants affichés."
            ),
            Some(TokenBehaviour::RevertOnZeroValueTransfer) => format!(
                "Le contrat de lot prélève des frais de 0 {asset} : si {asset} refuse les transferts de zéro (rien ne prouve le contraire), tout l'appel échoue."
            ),
            _ => format!("{asset} peut se comporter autrement qu'un jeton ordinaire."),
        },
        FindingCode::SmartAccountOwnBalance => format!(
            "{party} paie {expected} de plus que ce que l'étape d'approvisionnement lui a versé à ce moment : cela suppose qu'il le détient déjà ; sinon, tout le lot échoue."
        ),
        FindingCode::SmartAccountFunding => match (&d.actual, &d.expected) {
            (_, Some(_)) => format!(
                "Le compte intelligent prélève {actual} de votre portefeuille mais n'en dépense que {expected} : le reste y resterait."
            ),
            (_, None) => format!(
                "Le compte intelligent déplace {actual} vers {party} hors de l'étape d'approvisionnement convenue."
            ),
        },
        FindingCode::PayerMissing => format!(
            "Aucun payeur n'est convenu ({field}) : on ne peut pas dire si {party} est vous."
        ),
        FindingCode::NetworkMismatch => match (d.network, &d.field) {
            (_, Some(field)) => {
                format!("Le multicall se dit « {field} », ce qui contredit l'itinéraire convenu.")
            }
            (Some(_), None) => {
                format!("Le multicall est sur {network}, pas sur le réseau convenu.")
            }
            (None, None) => "Le multicall n'indique pas le réseau convenu.".into(),
        },
        FindingCode::ChainIdMismatch => {
            format!("L'identifiant de chaîne ({field}) n'est pas celui de {network}.")
        }
        FindingCode::ChildMismatch => {
            format!("Un enfant du multicall contredit le paiement convenu : {field}.")
        }
        FindingCode::CrossChainNotAgreed => {
            "Un transfert entre chaînes qui n'a pas été convenu (réseau, devise et montant source)."
                .into()
        }
        FindingCode::SourceNetworkMismatch => {
            format!("L'itinéraire dit partir de {network}, et non du réseau source convenu.")
        }
        FindingCode::BridgeNotAllowed => {
            format!("Cet appel au pont LI.FI n'est pas autorisé.{technical}")
        }
        FindingCode::BridgeCallInvalid => {
            format!("L'appel au pont n'est pas encodé strictement, ou se contredit.{technical}")
        }
        FindingCode::BridgeToken => match &d.asset {
            Some(_) => format!("Le pont envoie du {asset}, et non la devise source convenue."),
            None => format!("{field} ne désigne pas la devise source convenue.{technical}"),
        },
        FindingCode::BridgeDestination => {
            format!("Le pont livre sur une autre chaîne ({field}) que le réseau convenu.")
        }
        FindingCode::BridgeReceiver => format!(
            "Le pont livre {to_party}, et non au ReceiverAcrossV4 de LI.FI qui exécute l'appel de destination."
        ),
        FindingCode::BridgeRefundAddress => format!(
            "Un transfert du pont qui échoue serait remboursé {to_party}, et non à vous ({expected_party})."
        ),
        FindingCode::BridgeOutputToken => {
            format!("Le pont livre du {asset}, et non la devise du paiement.")
        }
        FindingCode::BridgeOutputAmount => format!(
            "Le pont livre au moins {actual}, mais les appels de destination prélèvent {expected} : ils échoueraient."
        ),
        FindingCode::BridgeMessage => format!(
            "Le pont n'a pas d'appel de destination lisible : rien ne prouve que le bénéficiaire est payé.{technical}"
        ),
        FindingCode::DestinationCallTarget => {
            format!("L'appel de destination s'adresse {to_party}, et non au ERC20FeeProxy.")
        }
        FindingCode::DestinationCallMismatch => {
            format!("Un appel de destination n'est pas le paiement déclaré.{technical}")
        }
        FindingCode::DestinationReceiver => format!(
            "Si l'appel de destination échoue, {party} reçoit tout ce que livre le pont ({actual})."
        ),
        FindingCode::SourceSwaps => format!(
            "L'itinéraire échange des jetons avant le pont via {field} : ces appels ne sont pas décodés ; ce qu'ils prennent à votre portefeuille l'est."
        ),
        FindingCode::SourceAmountAboveMax => format!(
            "{actual} quittent votre portefeuille sur {network}, au-delà du maximum convenu de {expected}."
        ),
        FindingCode::TronTransactionUnreadable => format!(
            "La transaction Tron à signer ne se lit pas strictement : ne signez pas.{technical}"
        ),
        FindingCode::TronNetwork => {
            format!("Une transaction Tron est fournie, mais le paiement se signe sur {network}.")
        }
        FindingCode::TronRawDataMismatch => format!(
            "La transaction affichée (raw_data) n'est pas celle qui serait signée (raw_data_hex) : ne signez pas.{technical}"
        ),
        FindingCode::TronTxIdMismatch => {
            format!("Le txID n'est pas le SHA-256 des octets signés.{technical}")
        }
        FindingCode::TronContractCount => {
            format!("La transaction ne contient pas exactement l'appel vérifié.{technical}")
        }
        FindingCode::TronContractType => format!(
            "La transaction n'est pas un appel de contrat (TriggerSmartContract).{technical}"
        ),
        FindingCode::TronCallNotInResponse => {
            "L'appel signé n'est aucune des transactions vérifiées de la réponse.".to_owned()
        }
        FindingCode::TronCallValue => {
            format!("L'appel envoie aussi des TRX ou un jeton TRC-10.{technical}")
        }
        FindingCode::TronOwner => format!(
            "La transaction n'est pas signée par le payeur convenu (ou aucun payeur Tron n'est convenu).{technical}"
        ),
        FindingCode::TronFeeLimitAboveMax => format!(
            "La transaction peut brûler jusqu'à {actual} en énergie, au-delà du maximum convenu de {expected}."
        ),
        FindingCode::TronSignature => {
            format!("Une signature n'est pas celle du propriétaire de la transaction.{technical}")
        }
        other => panic!("no French template for {other}"),
    }
}

/// Renders a summary line in French from its fields only.
fn fr_line(line: &SummaryLine) -> String {
    match line {
        SummaryLine::Approve {
            network,
            asset,
            amount,
            spender,
            ..
        } => match amount {
            Some(amount) => format!(
                "Autoriser {} sur {} pour {}",
                fr_amount(amount),
                network.display_name(),
                fr_party_short(spender)
            ),
            None => format!(
                "Autoriser sans limite {} sur {} pour {}",
                fr_asset(asset),
                network.display_name(),
                fr_party_short(spender)
            ),
        },
        SummaryLine::Pay {
            network,
            payee,
            amount,
            reference,
            bridged_from,
        } => {
            let mut text = format!(
                "Payer {} {} sur {}",
                fr_amount(amount),
                fr_to(fr_party_short(payee)),
                network.display_name()
            );
            if let Some(reference) = reference {
                text.push_str(&format!(", référence {}", fr_short(reference)));
            }
            if let Some(source) = bridged_from {
                text.push_str(&format!(", transféré depuis {}", source.display_name()));
            }
            text
        }
        SummaryLine::Fee {
            recipient,
            amount,
            label,
            bearer,
            ..
        } => {
            let what = match bearer {
                None => "frais non déclarés".to_owned(),
                Some(bearer) => {
                    let label = label.as_deref().unwrap_or("frais");
                    match bearer {
                        FeeBearer::Payer => format!("{label}, à votre charge"),
                        FeeBearer::Payee => format!("{label}, déduits du paiement"),
                        _ => panic!("not a case this test builds"),
                    }
                }
            };
            format!(
                "Frais de {} {} ({what})",
                fr_amount(amount),
                fr_to(fr_party_short(recipient))
            )
        }
        SummaryLine::BatchFee {
            recipient, amount, ..
        } => format!(
            "Frais de lot d'au plus {} {} (fixés sur la chaîne par le contrat de lot)",
            fr_amount(amount),
            fr_to(fr_party_short(recipient))
        ),
        SummaryLine::Refund {
            amount, contract, ..
        } => format!(
            "Remboursement de {} par {}",
            fr_amount(amount),
            fr_party_short(contract)
        ),
        SummaryLine::AtRisk {
            amount, contract, ..
        } => format!(
            "{} en trop peuvent ne pas revenir : {} ne les rembourse qu'après avoir appelé une adresse choisie par le serveur",
            fr_amount(amount),
            fr_party_short(contract)
        ),
        SummaryLine::Bridge {
            source,
            destination,
            sent,
            delivered,
        } => format!(
            "Transférer {} de {} vers {}, pour au moins {} livrés",
            fr_amount(sent),
            source.display_name(),
            destination.display_name(),
            fr_amount(delivered)
        ),
        SummaryLine::Total {
            amount, at_most, ..
        } => format!(
            "Total débité de votre portefeuille sur {} : {}{}",
            amount.asset.network.display_name(),
            if *at_most { "au plus " } else { "" },
            fr_amount(amount)
        ),
        SummaryLine::TronTransaction(tron) => format!(
            "Transaction Tron {} : limite de frais {}, expire à {} ms (Unix)",
            tron.tx_id,
            fr_amount(&tron.fee_limit),
            tron.expiration
        ),
        SummaryLine::NotShown { unreadable, first } => match first {
            None => "Non affiché : la réponse est illisible".to_owned(),
            Some(first) => {
                format!("Non affiché : {unreadable} transaction(s) illisible(s), dont {first}")
            }
        },
        other => panic!("no French rendering for the summary line {other:?}"),
    }
}

/// A piece of data a finding's meaning needs.
#[derive(Debug, Clone, Copy)]
enum Slot {
    Expected,
    Actual,
    Party,
    ExpectedParty,
    /// `asset`, or the asset of a quantity.
    Asset,
    Network,
    Field,
    Reference,
    ExpectedReference,
    Behaviour,
}

fn filled(d: &Details, slot: Slot) -> bool {
    match slot {
        Slot::Expected => d.expected.is_some(),
        Slot::Actual => d.actual.is_some(),
        Slot::Party => d.party.is_some(),
        Slot::ExpectedParty => d.expected_party.is_some(),
        Slot::Asset => d.asset.is_some() || d.actual.is_some() || d.expected.is_some(),
        Slot::Network => d.network.is_some(),
        Slot::Field => d.field.is_some(),
        Slot::Reference => d.reference.is_some(),
        Slot::ExpectedReference => d.expected_reference.is_some(),
        Slot::Behaviour => d.behaviour.is_some(),
    }
}

/// What each code needs to be rendered meaningfully: every group must have one slot filled.
fn needs(code: FindingCode) -> Vec<Vec<Slot>> {
    use Slot::*;
    let all = |slots: &[Slot]| slots.iter().map(|s| vec![*s]).collect::<Vec<_>>();
    match code {
        FindingCode::PaymentAmount => all(&[Expected, Actual, Party]),
        FindingCode::PaymentPayee => all(&[Expected, Actual, Party, ExpectedParty]),
        FindingCode::PaymentMissing => all(&[Expected, ExpectedParty]),
        FindingCode::PaymentDuplicated => all(&[Actual, Party]),
        FindingCode::PaymentReference => all(&[Party, Reference, ExpectedReference]),
        FindingCode::PaymentToken => all(&[Expected, Actual, Party]),
        FindingCode::UndeclaredOutflow => all(&[Actual, Party, Network]),
        FindingCode::PayerFeesAboveMax | FindingCode::PayeeFeesAboveMax => all(&[Expected, Actual]),
        FindingCode::SourceAmountAboveMax => all(&[Expected, Actual, Network]),
        FindingCode::FeeNotPaid => all(&[Expected, Party]),
        FindingCode::FeeUndeclared => all(&[Actual, Party]),
        FindingCode::FeeBearerMismatch => vec![vec![Field, Expected], vec![Field, Actual]],
        FindingCode::FeeCurrency | FindingCode::FeeAmountUnreadable => all(&[Field]),
        FindingCode::FeeNetwork => all(&[Network]),
        FindingCode::AmountSummaryMismatch => all(&[Field, Actual]),
        FindingCode::LabelMismatch => all(&[Field]),
        FindingCode::BatchFee => all(&[Actual, Party]),
        FindingCode::BatchFeeRateUnknown => all(&[Party]),
        FindingCode::ApprovalToken
        | FindingCode::ApprovalSpender
        | FindingCode::ApprovalZeroAddress
        | FindingCode::ApprovalUnlimited
        | FindingCode::EoaApprovalSpender => all(&[Asset, Party]),
        FindingCode::ApprovalRemainder
        | FindingCode::ApprovalAboveNeed
        | FindingCode::ApprovalBelowNeed => all(&[Asset, Party, Expected, Actual]),
        FindingCode::EoaApprovalToken => all(&[Asset]),
        FindingCode::BatchFeeAddressZero => all(&[Party, Network]),
        FindingCode::TokenBehaviour => all(&[Asset, Behaviour]),
        FindingCode::SmartAccountFunding => vec![vec![Actual, Expected], vec![Asset]],
        FindingCode::SmartAccountOwnBalance => all(&[Asset, Party, Expected]),
        FindingCode::PayerMissing => all(&[Party, Field]),
        FindingCode::EoaApprovalNotApprove
        | FindingCode::NotAnApproval
        | FindingCode::MirrorMismatch
        | FindingCode::ChildMismatch
        | FindingCode::ChainIdMismatch
        | FindingCode::BridgeDestination
        | FindingCode::SourceSwaps => all(&[Field]),
        FindingCode::AddressFamily | FindingCode::UnknownTarget => all(&[Party, Network]),
        FindingCode::SelectorNotOnTarget | FindingCode::NonCanonicalCalldata => all(&[Party]),
        FindingCode::PlainTransfer
        | FindingCode::ValueOnNonPayable
        | FindingCode::ValueRefunded => all(&[Actual, Party]),
        FindingCode::ValueAtRisk => all(&[Actual, Party, Field]),
        FindingCode::CallReverts => all(&[Party]),
        FindingCode::ValueMismatch | FindingCode::ValueStranded => all(&[Actual]),
        FindingCode::BridgeReceiver | FindingCode::DestinationCallTarget => all(&[Party]),
        FindingCode::BridgeRefundAddress => all(&[Party, ExpectedParty]),
        FindingCode::BridgeOutputToken => all(&[Asset]),
        FindingCode::BridgeOutputAmount => all(&[Expected, Actual]),
        FindingCode::BridgeToken => vec![vec![Asset, Field]],
        FindingCode::DestinationReceiver => all(&[Party, Actual]),
        FindingCode::SourceNetworkMismatch => all(&[Network]),
        FindingCode::NetworkMismatch => vec![vec![Network, Field]],
        _ => vec![],
    }
}

/// Every verdict of this file's scenarios (holes included), with its name.
fn every_verdict() -> Vec<(String, Verdict)> {
    let mut all: Vec<(String, Verdict)> = Vec::new();
    for scenarios in [
        class_1_scenarios(),
        class_2_scenarios(),
        class_3_scenarios(),
        class_4_scenarios(),
        class_5_scenarios(),
        class_7_scenarios(),
        class_7_hole_scenarios(),
        native_source_swap_scenarios(),
        label_scenarios(),
        cross_route_scenarios(),
        same_chain_scenarios(),
        second::verdicts(),
        third::verdicts(),
    ] {
        all.extend(scenarios.into_iter().map(|s| (s.name, s.verdict)));
    }
    for (name, body, expectation, _) in class_6_small_bodies() {
        all.push((name, run_slice(&body, &expectation)));
    }
    for (name, response, expectation, _) in calldata_bombs() {
        all.push((name, run(&response, &expectation)));
    }
    for (name, verdict, _) in masking_scenarios() {
        all.push((format!("masked: {name}"), verdict));
    }
    all
}

#[test]
fn every_code_and_summary_line_renders_in_french_from_structured_data() {
    let _serial = serial();
    // Every code has a template (the match panics on one without).
    for code in FindingCode::ALL {
        let text = fr(*code, &Details::default());
        assert!(!text.is_empty(), "{code}");
    }

    let mut failures = Vec::new();
    let mut codes_seen = BTreeSet::new();
    let mut kinds_seen = BTreeSet::new();
    for (name, verdict) in every_verdict() {
        for finding in &verdict.findings {
            codes_seen.insert(finding.code);
            let d = &finding.details;
            let text = fr(finding.code, d);
            for group in needs(finding.code) {
                if !group.iter().any(|slot| filled(d, *slot)) {
                    failures.push(format!(
                        "{name}: {} lacks {group:?} to be rendered: {text}\n  details: {}",
                        finding.code,
                        serde_json::to_string(d).unwrap()
                    ));
                }
            }
            // The template uses the data it is given: its amounts and its (unmasked) parties.
            for quantity in [&d.expected, &d.actual].into_iter().flatten() {
                let needed = needs(finding.code).concat();
                let is_needed = needed
                    .iter()
                    .any(|s| matches!(s, Slot::Expected | Slot::Actual));
                if is_needed && !text.contains(&fr_amount(quantity)) {
                    failures.push(format!(
                        "{name}: {} does not show {}: {text}",
                        finding.code,
                        fr_amount(quantity)
                    ));
                }
            }
            if let Some(address) = d.party.as_ref().and_then(Party::address) {
                if needs(finding.code)
                    .concat()
                    .iter()
                    .any(|s| matches!(s, Slot::Party))
                    && matches!(d.party, Some(Party::Other { .. } | Party::Payee { .. }))
                    && !text.contains(&address.to_string())
                {
                    failures.push(format!(
                        "{name}: {} does not name {address}: {text}",
                        finding.code
                    ));
                }
            }
            // No placeholder: every piece of data a template shows is there.
            let without_reason = Details {
                reason: None,
                ..d.clone()
            };
            let plain = fr(finding.code, &without_reason);
            if plain.contains('?') {
                failures.push(format!(
                    "{name}: {} renders a placeholder: {plain}",
                    finding.code
                ));
            }
        }
        for line in &verdict.summary.lines {
            let kind = serde_json::to_value(line).unwrap()["kind"]
                .as_str()
                .unwrap()
                .to_owned();
            kinds_seen.insert(kind);
            let text = fr_line(line);
            assert!(!text.contains('?'), "{name}: {text}");
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    // Two renderings in full: a summary, and findings with their amounts and parties.
    let (r, e) = in_call_fee(FeeBearer::Payer);
    let lines: Vec<String> = run(&r, &e).summary.lines.iter().map(fr_line).collect();
    assert_eq!(
        lines,
        [
            "Autoriser 10,3 USDC sur Base pour le contrat de paiement (ERC20FeeProxy)",
            "Payer 10 USDC à 0x6923…C7D7 sur Base, référence 0x0101…0101",
            "Frais de 0,3 USDC à 0x9795…eCe2 (platform fee, à votre charge)",
            "Total débité de votre portefeuille sur Base : 10,3 USDC",
        ]
    );
    let mut hidden = e.clone();
    hidden["hidePayeeAddress"] = json!(true);
    hidden["maxPayerFees"] = json!("0.1");
    let verdict = run(&r, &hidden);
    assert_eq!(
        fr_line(&verdict.summary.lines[1]),
        "Payer 10 USDC au bénéficiaire (masqué) sur Base, référence 0x0101…0101"
    );
    let french: Vec<String> = verdict
        .findings
        .iter()
        .map(|f| fr(f.code, &f.details))
        .collect();
    assert_eq!(
        french,
        [
            "0,3 USDC quittent votre portefeuille en plus des paiements convenus, au-delà du maximum convenu de 0,1 USDC.",
        ]
    );
    let (r, e) = built(usdc_plan(&[(on_base(PAYEE), 10_000_000)], &[]));
    let mut r = r;
    let mut call =
        IERC20FeeProxy::transferFromWithReferenceAndFeeCall::abi_decode(&txs(&r)[1].data).unwrap();
    call._amount = u(9_990_000);
    txs_mut(&mut r)[1].data = call.abi_encode().into();
    let verdict = run(&r, &e);
    let finding = verdict
        .findings
        .iter()
        .find(|f| f.code == FindingCode::PaymentAmount)
        .unwrap();
    assert_eq!(
        fr(finding.code, &finding.details),
        format!("Paie 9,99 USDC au bénéficiaire {PAYEE} au lieu des 10 USDC convenus.")
    );

    // Every kind of summary line was rendered.
    let kinds: BTreeSet<String> = [
        "approve",
        "pay",
        "fee",
        "batch_fee",
        "refund",
        "at_risk",
        "bridge",
        "not_shown",
        "total",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(kinds_seen, kinds);
    let unseen: Vec<&FindingCode> = FindingCode::ALL
        .iter()
        .filter(|c| !codes_seen.contains(*c))
        .collect();
    eprintln!(
        "{} of {} codes produced by the scenarios; not produced: {unseen:?}",
        codes_seen.len(),
        FindingCode::ALL.len()
    );
}

// ============================================================================================
// Holes found by the attacks of our own
// ============================================================================================

/// A DEX router a source swap may call (opaque to the verifier, as every DEX target).
const DEX: &str = "0x6131B5fae19EA4f9D964eAc0408E4408b66337b5";

/// A source swap of `swapAndStartBridgeTokensViaAcrossV4` on Optimism.
fn source_swap(sending: Address, from_amount: U256, requires_deposit: bool) -> SwapData {
    SwapData {
        call_to: abi(DEX),
        approve_to: abi(DEX),
        sending_asset_id: sending,
        receiving_asset_id: abi(USDT_OPTIMISM),
        from_amount,
        call_data: Bytes::from(vec![0x12, 0x34, 0x56, 0x78]),
        requires_deposit,
    }
}

/// HOLE: native value sent with `swapAndStartBridgeTokensViaAcrossV4` is reported as refunded
/// (`value_refunded`, a caution, and a "Refund of 1 ETH" summary line), but a source swap whose
/// `sendingAssetId` is the native asset and whose `requiresDeposit` is false spends the
/// diamond's native balance, which holds `msg.value` during the call (LibSwap.swap sends
/// `fromAmount` as value; `refundExcessNative` refunds only what is left). The payer's ETH is
/// swapped and its proceeds bridged to the payee: value leaves the wallet beyond the agreement,
/// uncounted. Expected: a danger (the native value is an outflow no agreement covers).
#[test]
fn extra_native_value_spent_by_a_source_swap_is_refused() {
    let _serial = serial();
    check(&native_source_swap_scenarios());
}

fn native_source_swap_scenarios() -> Vec<Scenario> {
    let (single, e) = cross(&[(on_base(PAYEE), 10_000_000)], &[], 100_000);
    let one_eth = u(1_000_000_000_000_000_000);
    let mut out = Vec::new();
    for (what, swaps) in [
        (
            "a USDT deposit swap, then a native swap of 1 ETH without deposit",
            vec![
                source_swap(abi(USDT_OPTIMISM), u(10_100_000), true),
                source_swap(Address::ZERO, one_eth, false),
            ],
        ),
        (
            "a native swap of 1 ETH without deposit, then the USDT deposit swap",
            vec![
                source_swap(Address::ZERO, one_eth, false),
                source_swap(abi(USDT_OPTIMISM), u(10_100_000), true),
            ],
        ),
    ] {
        let mut r = single.clone();
        edit_bridge(&mut r, 0, |c| {
            c.bridge.has_source_swaps = true;
            c.source_swaps = swaps.clone();
        });
        txs_mut(&mut r)[1].value = one_eth;
        out.push(danger(
            format!("swapAndStart with 1 ETH of value: {what}"),
            run(&r, &e),
            &[],
        ));
    }
    out
}

/// HOLE (labels): the trust model has the response's labels cross-checked with the effects (a
/// disagreement is a danger; `metadata.sourceNetwork` and `metadata.sourceTokenAddress` are),
/// but these labels, which state amounts, tokens and parties a wallet may show, can say
/// anything: `metadata.sourceAmount`, `metadata.paymentCurrencyId`, `metadata.network`,
/// `metadata.eoaApproval` (spender, token), and a child's `sourceTokenAddress`, `tokenAddress`
/// and `paymentCurrencyAddress`. The transactions are right in each case (the summary, from the
/// effects, is right): only a display of the labels is misled.
#[test]
fn extra_labels_that_disagree_with_the_effects_are_refused() {
    let _serial = serial();
    check(&label_scenarios());
}

/// An edit of a multicall's labels.
type MulticallEdit = Box<dyn Fn(&mut MulticallPayment)>;

fn label_scenarios() -> Vec<Scenario> {
    let mut out = Vec::new();
    let (multi, e) = cross(
        &[(on_base(PAYEE), 25_000_000), (on_base(PAYEE_2), 15_500_000)],
        &[],
        100_000,
    );
    let edits: Vec<(&str, MulticallEdit)> = vec![
        (
            "metadata.sourceAmount says 1 USDT (the bridges take 40.7)",
            Box::new(|m| m.metadata.source_amount = Some("1".into())),
        ),
        (
            "metadata.paymentCurrencyId says USDT-base",
            Box::new(|m| m.metadata.payment_currency_id = Some("USDT-base".into())),
        ),
        (
            "metadata.network says optimism",
            Box::new(|m| m.metadata.network = Some("optimism".into())),
        ),
        (
            "child 0's sourceTokenAddress is USDC on Optimism (the bridge takes USDT)",
            Box::new(|m| m.children[0].source_token_address = Some(on_optimism(USDC_OPTIMISM))),
        ),
        (
            "child 0's tokenAddress is USDT on Base (the payee gets USDC)",
            Box::new(|m| m.children[0].token_address = Some(on_base(USDT_BASE))),
        ),
        (
            "child 0's paymentCurrencyAddress is USDT on Base",
            Box::new(|m| m.children[0].payment_currency_address = Some(on_base(USDT_BASE))),
        ),
    ];
    for (what, edit) in edits {
        let mut r = multi.clone();
        edit(multi_mut(&mut r));
        out.push(danger(
            format!("cross-chain multicall: {what}"),
            run(&r, &e),
            &[],
        ));
    }
    let (smart, mut e) = smart_account_single(&[(on_base(PAYEE), 10_000_000)]);
    e["smartAccount"] = json!(SMART_ACCOUNT);
    let mut r = smart.clone();
    single_mut(&mut r)
        .metadata
        .eoa_approval
        .as_mut()
        .unwrap()
        .spender = on_base(STRANGER);
    out.push(danger(
        "smart-account single: metadata.eoaApproval names a stranger as spender",
        run(&r, &e),
        &[],
    ));
    let mut r = smart;
    single_mut(&mut r)
        .metadata
        .eoa_approval
        .as_mut()
        .unwrap()
        .token_address = on_base(USDT_BASE);
    out.push(danger(
        "smart-account single: metadata.eoaApproval names USDT",
        run(&r, &e),
        &[],
    ));
    out
}
