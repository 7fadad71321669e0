//! The second attack (issue 24): what got through 0.2.0, class by class, each built against the
//! class rather than the quoted example, with the valid cases of the same class that must still
//! pass. A child of `adversary`, whose builders and tampering helpers it uses.

use super::*;

use alloy_primitives::B256;
use securepay::calldata::BatchTokenPayee;

// ============================================================================================
// Class A: every pull leaves the wallet — a batch fee sent to the zero address
// ============================================================================================

/// Replaces every ABI word holding `FEE_TO` in the calldata by the zero address (the batch
/// calls name their fee address once; no payee of these tests is `FEE_TO`).
pub(super) fn with_zero_fee_address(mut tx: Transaction) -> Transaction {
    let word = B256::left_padding_from(abi(FEE_TO).as_slice());
    let mut data = tx.data.to_vec();
    let mut replaced = 0;
    let mut at = 4;
    while at + 32 <= data.len() {
        if data[at..at + 32] == word[..] {
            data[at..at + 32].fill(0);
            replaced += 1;
        }
        at += 32;
    }
    assert!(replaced > 0, "no fee address word in the calldata");
    tx.data = data.into();
    tx
}

/// A legacy `BatchPayments` ERC-20 batch on Ethereum of `token` (decimals `decimals`): two
/// payees, a row fee on the first, the contract's rate of 10 per mille stated and capped.
fn legacy_token_batch(currency_id: &str, zero_fee_address: bool) -> (PayResponse, Value) {
    let mainnet = |text: &str| at(Network::Mainnet, text);
    let token = currency(currency_id).token_address().unwrap();
    let decimals = currency(currency_id).decimals().get();
    let unit = 10u64.pow(u32::from(decimals.min(12)));
    let payees = vec![
        BatchPayee {
            to: mainnet(PAYEE),
            amount: u(100 * unit),
            reference: reference(1),
            fee_amount: u(unit),
        },
        BatchPayee {
            to: mainnet(PAYEE_2),
            amount: u(50 * unit),
            reference: reference(2),
            fee_amount: U256::ZERO,
        },
    ];
    let builder = Builder::new(Network::Mainnet);
    let mut batch = builder
        .batch_erc20(token, &payees, mainnet(FEE_TO))
        .unwrap();
    if zero_fee_address {
        batch = with_zero_fee_address(batch);
    }
    // 150 units of payments, 1 of row fee, 1.5 of batch fee (10 per mille of 150).
    let pulled = 151 * unit + 3 * unit / 2;
    let approval = builder
        .approve_for(Flow::LegacyBatch, token, Allowance::Exact(u(pulled)))
        .unwrap();
    let response = PayResponse::LegacyBatch(LegacyBatchPayment {
        erc20_approval_transactions: vec![approval],
        batch_payment_transaction: Some(batch),
        erc20_batch_payment_transaction: None,
        eth_batch_payment_transaction: None,
        metadata: None,
    });
    let expectation = json!({
        "network": "mainnet", "currency": currency_id, "batchFeeRate": 10,
        "maxPayerFees": human(unit + 3 * unit / 2, decimals),
        "payments": payees.iter().map(|p| json!({"payee": p.to.to_string(),
            "amount": human(p.amount.to::<u64>(), decimals), "reference": p.reference.to_string()})).collect::<Vec<_>>(),
    });
    (response, expectation)
}

const USDT_MAINNET: &str = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
const USDC_MAINNET: &str = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

fn class_a_scenarios() -> Vec<Scenario> {
    use FindingCode::{BatchFeeAddressZero, PayerFeesAboveMax};
    let mut out = Vec::new();
    let approved = 30_090_000;

    // BatchConversionPayments on Base: every ERC-20 entry point, fee address zero.
    let calls: Vec<(&str, Transaction)> = vec![
        ("batchMultiERC20Payments", multi_erc20(&usdc_rows())),
        (
            "batchERC20Payments",
            Builder::new(Network::Base)
                .batch_requests_erc20(&usdc_rows(), &[], on_base(FEE_TO))
                .unwrap(),
        ),
        (
            "batchPayments, one ERC-20 group (id 1)",
            batch_payments(BatchPaymentNetwork::Erc20, &usdc_rows()),
        ),
        (
            "batchPayments, one multi-ERC-20 group (id 2)",
            batch_payments(BatchPaymentNetwork::MultiErc20, &usdc_rows()),
        ),
    ];
    for (what, tx) in calls {
        out.push(safe(
            format!("A.0 control: {what} with a fee address"),
            run_pair(conversion_batch(tx.clone(), approved)),
        ));
        let zero = with_zero_fee_address(tx);
        out.push(danger(
            format!("A.1 {what}, fee address zero, rate stated and capped"),
            run_pair(conversion_batch(zero.clone(), approved)),
            &[BatchFeeAddressZero],
        ));
        // The rate stated but the cap at zero: the burned fee is counted against it.
        let (r, mut e) = conversion_batch(zero.clone(), approved);
        e["maxPayerFees"] = json!("0");
        out.push(danger(
            format!("A.1 {what}, fee address zero, maxPayerFees 0: the burned fee counts"),
            run(&r, &e),
            &[BatchFeeAddressZero, PayerFeesAboveMax],
        ));
        // No rate agreed: the owner-set rate is burned.
        let (r, mut e) = conversion_batch(zero, approved);
        e.as_object_mut().unwrap().remove("batchFeeRate");
        e["maxPayerFees"] = json!("0");
        out.push(danger(
            format!("A.1 {what}, fee address zero, no batchFeeRate agreed"),
            run(&r, &e),
            &[BatchFeeAddressZero],
        ));
    }

    // Legacy BatchPayments on Ethereum, in tokens that burn (USDT, DAI) and that revert (USDC).
    for (symbol, id) in [
        ("USDT", "USDT-mainnet"),
        ("DAI", "DAI-mainnet"),
        ("USDC", "USDC-mainnet"),
    ] {
        out.push(safe(
            format!("A.0 control: legacy {symbol} batch with a fee address"),
            run_pair(legacy_token_batch(id, false)),
        ));
        out.push(danger(
            format!("A.2 legacy {symbol} batch, fee address zero"),
            run_pair(legacy_token_batch(id, true)),
            &[BatchFeeAddressZero],
        ));
        let (r, mut e) = legacy_token_batch(id, true);
        e.as_object_mut().unwrap().remove("batchFeeRate");
        out.push(danger(
            format!("A.2 legacy {symbol} batch, fee address zero, no rate agreed"),
            run(&r, &e),
            &[BatchFeeAddressZero],
        ));
    }

    // The legacy multi-token batch.
    let mainnet = |text: &str| at(Network::Mainnet, text);
    let rows = [
        (USDT_MAINNET, PAYEE, 5_000_000u64, 1u8),
        (USDC_MAINNET, PAYEE_2, 7_000_000, 2),
    ];
    let payees: Vec<BatchTokenPayee> = rows
        .iter()
        .map(|(token, to, amount, i)| BatchTokenPayee {
            token: mainnet(token),
            payee: BatchPayee {
                to: mainnet(to),
                amount: u(*amount),
                reference: reference(*i),
                fee_amount: U256::ZERO,
            },
        })
        .collect();
    let multi = Builder::new(Network::Mainnet)
        .batch_erc20_multi(&payees, mainnet(FEE_TO))
        .unwrap();
    let response = PayResponse::LegacyBatch(LegacyBatchPayment {
        erc20_approval_transactions: vec![],
        batch_payment_transaction: Some(with_zero_fee_address(multi)),
        erc20_batch_payment_transaction: None,
        eth_batch_payment_transaction: None,
        metadata: None,
    });
    let expectation = json!({
        "network": "mainnet", "currency": "USDT-mainnet", "batchFeeRate": 10, "maxPayerFees": "1",
        "payments": [{"payee": PAYEE, "amount": "5", "reference": reference(1).to_string()}],
    });
    out.push(danger(
        "A.2 legacy multi-token batch, fee address zero",
        run(&response, &expectation),
        &[BatchFeeAddressZero],
    ));

    // Native batches: the batch fee (and the row fees) sent to the zero address are burned.
    let (mut r, e) = native_batch(None);
    if let PayResponse::LegacyBatch(b) = &mut r {
        let tx = b.eth_batch_payment_transaction.take().unwrap();
        b.eth_batch_payment_transaction = Some(with_zero_fee_address(tx));
    }
    out.push(danger(
        "A.3 legacy native batch, fee address zero",
        run(&r, &e),
        &[BatchFeeAddressZero],
    ));
    let native_rows: Vec<BatchRequest> = [(PAYEE, 1u8), (PAYEE_2, 2)]
        .iter()
        .map(|(to, i)| BatchRequest {
            recipient: on_base(to),
            request_amount: u(1_000_000_000_000_000),
            path: vec![],
            reference: reference(*i),
            fee_amount: U256::ZERO,
            max_to_spend: U256::ZERO,
            max_rate_timespan: U256::ZERO,
        })
        .collect();
    let tx = Builder::new(Network::Base)
        .batch_requests_native(&native_rows, true, on_base(FEE_TO), 30)
        .unwrap();
    let response = PayResponse::LegacyBatch(LegacyBatchPayment {
        erc20_approval_transactions: vec![],
        batch_payment_transaction: Some(with_zero_fee_address(tx)),
        erc20_batch_payment_transaction: None,
        eth_batch_payment_transaction: None,
        metadata: None,
    });
    let expectation = json!({
        "network": "base", "currency": "ETH-base-base", "batchFeeRate": 30,
        "maxPayerFees": "0.000006",
        "payments": [
            {"payee": PAYEE, "amount": "0.001", "reference": reference(1).to_string()},
            {"payee": PAYEE_2, "amount": "0.001", "reference": reference(2).to_string()},
        ],
    });
    out.push(danger(
        "A.3 batchNativePayments, fee address zero",
        run(&response, &expectation),
        &[BatchFeeAddressZero],
    ));
    out
}

#[test]
fn class_a_every_pull_is_accounted_and_no_batch_pays_the_zero_address() {
    let _serial = serial();
    check(&class_a_scenarios());
}

#[test]
fn class_a_no_builder_produces_a_batch_with_a_zero_fee_address() {
    use securepay::calldata::BuildError;
    let zero = on_base("0x0000000000000000000000000000000000000000");
    let base = Builder::new(Network::Base);
    let usdc = on_base(USDC_BASE);
    let payee = BatchPayee {
        to: on_base(PAYEE),
        amount: u(1_000_000),
        reference: reference(1),
        fee_amount: U256::ZERO,
    };
    let rows = usdc_rows();
    let group = BatchGroup {
        network: BatchPaymentNetwork::Erc20,
        requests: rows.clone(),
    };
    let results = [
        (
            "batch_erc20",
            base.batch_erc20(usdc, std::slice::from_ref(&payee), zero),
        ),
        (
            "batch_erc20_multi",
            base.batch_erc20_multi(&[BatchTokenPayee { token: usdc, payee }], zero),
        ),
        (
            "batch_native",
            base.batch_native(std::slice::from_ref(&payee), zero, 10),
        ),
        (
            "batch_requests_erc20",
            base.batch_requests_erc20(&rows, &[], zero),
        ),
        (
            "batch_requests_multi_erc20",
            base.batch_requests_multi_erc20(&rows, &[], zero),
        ),
        (
            "batch_payments",
            base.batch_payments(&[group], &[], zero, 30),
        ),
    ];
    for (builder, result) in results {
        assert_eq!(
            result,
            Err(BuildError::BatchFeeAddressZero),
            "{builder} built a batch whose batch fee goes to the zero address"
        );
    }
}

// ============================================================================================
// Class B: a cross-chain route cannot be verified without knowing who pays
// ============================================================================================

fn without_payer(mut expectation: Value) -> Value {
    expectation.as_object_mut().unwrap().remove("payer");
    expectation
}

fn class_b_scenarios() -> Vec<Scenario> {
    use FindingCode::{BridgeRefundAddress, PayerMissing};
    let mut out = Vec::new();
    let (payee, payee_2) = (on_base(PAYEE), on_base(PAYEE_2));
    for (what, (r, e)) in [
        ("single", cross(&[(payee, 10_000_000)], &[], 100_000)),
        (
            "multicall of two",
            cross(&[(payee, 25_000_000), (payee_2, 15_500_000)], &[], 100_000),
        ),
        (
            "single with a payer-borne fee",
            cross(
                &[(payee, 10_000_000)],
                &[(0, FeeBearer::Payer, 50_000, on_base(FEE_TO))],
                100_000,
            ),
        ),
    ] {
        out.push(safe(
            format!("B.0 control: cross-chain {what} with the payer agreed"),
            run(&r, &e),
        ));
        out.push(danger(
            format!("B.1 cross-chain {what}, no payer agreed"),
            run(&r, &without_payer(e.clone())),
            &[PayerMissing],
        ));
        // The refund goes to a stranger: without a payer nobody can tell.
        let mut r = r.clone();
        for k in 0..bridge_positions(&r).len() {
            edit_bridge(&mut r, k, |call| {
                call.across.refund_address = abi(STRANGER);
            });
        }
        out.push(danger(
            format!("B.1 cross-chain {what}, refunds to a stranger, no payer agreed"),
            run(&r, &without_payer(e.clone())),
            &[PayerMissing],
        ));
        // The refund to the payer's agreed smart account is the payer's; to another one, not.
        let mut r = r;
        for k in 0..bridge_positions(&r).len() {
            edit_bridge(&mut r, k, |call| {
                call.across.refund_address = abi(SMART_ACCOUNT);
            });
        }
        let mut with_account = e.clone();
        with_account["smartAccount"] = json!(SMART_ACCOUNT);
        out.push(safe(
            format!("B.0 cross-chain {what}, refunds to the agreed smart account"),
            run(&r, &with_account),
        ));
        out.push(danger(
            format!("B.2 cross-chain {what}, refunds to a smart account nobody agreed"),
            run(&r, &e),
            &[BridgeRefundAddress],
        ));
        out.push(danger(
            format!("B.2 cross-chain {what}, refunds to the smart account, no payer agreed"),
            run(&r, &without_payer(with_account)),
            &[PayerMissing],
        ));
    }
    out
}

#[test]
fn class_b_cross_chain_needs_the_payer() {
    let _serial = serial();
    check(&class_b_scenarios());
}

// ============================================================================================
// Class C: each bridge deposit stands on its own
// ============================================================================================

/// A cross-chain payment from `source` in `currency_id` (its decimals `decimals`) to USDC on
/// Base: each deposit takes its payment and `bridge_cost` (in source units).
fn cross_from(
    source: Network,
    currency_id: &str,
    decimals: u8,
    payees: &[(ChainAddress, u64)],
    bridge_cost: U256,
) -> (PayResponse, Value) {
    let (plan, _) = usdc_plan(payees, &[]);
    let scale = U256::from(10u8).pow(U256::from(decimals - 6));
    let source_amounts: Vec<U256> = plan
        .payments
        .iter()
        .map(|p| p.amount * scale + bridge_cost)
        .collect();
    let route = CrossChainRoute {
        network: source,
        currency: currency(currency_id),
        payer: at(source, PAYER),
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

/// Moves `delta` units of input from deposit `from` to deposit `to`.
fn move_input(response: &mut PayResponse, from: usize, to: usize, delta: U256) {
    edit_bridge(response, from, |call| call.bridge.min_amount -= delta);
    edit_bridge(response, to, |call| call.bridge.min_amount += delta);
}

fn class_c_scenarios() -> Vec<Scenario> {
    use FindingCode::BridgeOutputAmount;
    let mut out = Vec::new();
    let (payee, payee_2, payee_3) = (
        on_base(PAYEE),
        on_base(PAYEE_2),
        on_base("0x4242424242424242424242424242424242424203"),
    );

    // Two deposits from Optimism (USDT, 6 decimals), 0.0001 USDT of relayer fee each.
    let two = cross(&[(payee, 25_000_000), (payee_2, 15_500_000)], &[], 100);
    out.push(safe("C.0 control: two deposits", run_pair(two.clone())));
    for delta in [101u64, 500, 1_000, 15_000_000] {
        for (from, to) in [(0, 1), (1, 0)] {
            let (mut r, e) = two.clone();
            move_input(&mut r, from, to, u(delta));
            out.push(danger(
                format!("C.1 {delta} units of input moved from deposit {from} to {to}"),
                run(&r, &e),
                &[BridgeOutputAmount],
            ));
        }
    }
    // Three deposits: the one in the middle gives to both others.
    let three = cross(
        &[
            (payee, 10_000_000),
            (payee_2, 20_000_000),
            (payee_3, 30_000_000),
        ],
        &[],
        100,
    );
    out.push(safe("C.0 control: three deposits", run_pair(three.clone())));
    let (mut r, e) = three.clone();
    move_input(&mut r, 1, 0, u(300));
    move_input(&mut r, 1, 2, u(300));
    out.push(danger(
        "C.1 the middle deposit gives 300 units to each of the others",
        run(&r, &e),
        &[BridgeOutputAmount],
    ));
    // The output raised above the input (the message still pulls the agreed amount).
    let (mut r, e) = two.clone();
    edit_bridge(&mut r, 0, |call| {
        call.across.output_amount = call.bridge.min_amount + u(1)
    });
    out.push(danger(
        "C.2 a deposit asks for one unit more output than its input",
        run(&r, &e),
        &[BridgeOutputAmount],
    ));

    // From BNB Chain: USDT has 18 decimals there, USDC on Base 6. The input is compared with
    // the output in value, not in raw units.
    let eighteen = U256::from(10u8).pow(U256::from(12u8));
    let bsc = cross_from(
        Network::Bsc,
        "USDT-bsc",
        18,
        &[(payee, 10_000_000)],
        u(100_000) * eighteen,
    );
    out.push(safe(
        "C.0 control: one deposit from BNB Chain (18 decimals) to Base (6)",
        run_pair(bsc.clone()),
    ));
    for (what, input) in [
        (
            "the output's raw units (10,000,000 wei of USDT)",
            u(10_000_000),
        ),
        (
            "one unit less than the output in value",
            u(10_000_000) * eighteen - u(1),
        ),
        ("a millionth of it", u(10_100_000) * eighteen / u(1_000_000)),
    ] {
        let (mut r, e) = bsc.clone();
        edit_bridge(&mut r, 0, |call| call.bridge.min_amount = input);
        out.push(danger(
            format!("C.3 BNB Chain deposit whose input is {what}"),
            run(&r, &e),
            &[BridgeOutputAmount],
        ));
    }
    let bsc_two = cross_from(
        Network::Bsc,
        "USDT-bsc",
        18,
        &[(payee, 10_000_000), (payee_2, 20_000_000)],
        u(100) * eighteen,
    );
    out.push(safe(
        "C.0 control: two deposits from BNB Chain",
        run_pair(bsc_two.clone()),
    ));
    let (mut r, e) = bsc_two;
    move_input(&mut r, 0, 1, u(500) * eighteen);
    out.push(danger(
        "C.3 BNB Chain: 500 units of value moved between deposits",
        run(&r, &e),
        &[BridgeOutputAmount],
    ));
    out
}

#[test]
fn class_c_each_bridge_deposit_stands_on_its_own() {
    let _serial = serial();
    check(&class_c_scenarios());
}

// ============================================================================================
// Class D: fee legs the response itself does not declare
// ============================================================================================

fn without_bundle(mut response: PayResponse) -> PayResponse {
    match &mut response {
        PayResponse::Single(single) => single.fee_bundle = None,
        PayResponse::Multicall(multicall) => multicall.fee_bundle = None,
        _ => panic!("no fee bundle in this shape"),
    }
    response
}

fn class_d_scenarios() -> Vec<Scenario> {
    use FindingCode::FeeUndeclared;
    let mut out = Vec::new();
    let (payee, payee_2) = (on_base(PAYEE), on_base(PAYEE_2));
    let payer_fee = |to: &str| (0, FeeBearer::Payer, 300_000u64, on_base(to));
    let cases: Vec<(&str, (PayResponse, Value))> = vec![
        (
            "a fee inside the proxy call, payer-borne",
            in_call_fee(FeeBearer::Payer),
        ),
        (
            "a fee inside the proxy call, payee-borne",
            in_call_fee(FeeBearer::Payee),
        ),
        (
            "a fee leg to the fee recipient",
            built(usdc_plan(&[(payee, 10_000_000)], &[payer_fee(FEE_TO)])),
        ),
        (
            "a fee leg to a stranger",
            built(usdc_plan(&[(payee, 10_000_000)], &[payer_fee(STRANGER)])),
        ),
        (
            "a multicall with a fee leg",
            built(usdc_plan(
                &[(payee, 10_000_000), (payee_2, 5_000_000)],
                &[payer_fee(FEE_TO)],
            )),
        ),
        (
            "a cross-chain fee paid from the bridged funds",
            cross(&[(payee, 10_000_000)], &[payer_fee(FEE_TO)], 100_000),
        ),
    ];
    for (what, (r, e)) in cases {
        out.push(safe(format!("D.0 control: {what}, declared"), run(&r, &e)));
        out.push(danger(
            format!("D.1 {what}, no fee bundle: within the caps, still undeclared"),
            run(&without_bundle(r.clone()), &e),
            &[FeeUndeclared],
        ));
        let mut body = body(&r);
        body.as_object_mut().unwrap().remove("feeBundle");
        if let Ok(parsed) = PayResponse::from_slice(&bytes(&body)) {
            out.push(danger(
                format!("D.1 {what}, the feeBundle key absent"),
                run(&parsed, &e),
                &[FeeUndeclared],
            ));
        }
        let mut r = r;
        fee_bundle_mut(&mut r).fees.clear();
        out.push(danger(
            format!("D.1 {what}, a fee bundle with no fee"),
            run(&r, &e),
            &[FeeUndeclared],
        ));
    }
    out
}

#[test]
fn class_d_every_fee_leg_is_declared() {
    let _serial = serial();
    check(&class_d_scenarios());
}

// ============================================================================================
// Class E: valid batches that were refused — one-token rows with a maxToSpend
// ============================================================================================

fn class_e_scenarios() -> Vec<Scenario> {
    use FindingCode::ValueStranded;
    let mut out = Vec::new();
    let approved = 30_090_000;
    for (what, max) in [
        ("1 USDC", u(1_000_000)),
        ("the row's own amount", u(10_000_000)),
        ("2^256-1", U256::MAX),
    ] {
        let mut rows = usdc_rows();
        rows[0].max_to_spend = max;
        rows[1].max_to_spend = max;
        let calls = [
            ("batchMultiERC20Payments", multi_erc20(&rows)),
            (
                "batchERC20Payments",
                Builder::new(Network::Base)
                    .batch_requests_erc20(&rows, &[], on_base(FEE_TO))
                    .unwrap(),
            ),
            (
                "batchPayments id 1",
                batch_payments(BatchPaymentNetwork::Erc20, &rows),
            ),
            (
                "batchPayments id 2",
                batch_payments(BatchPaymentNetwork::MultiErc20, &rows),
            ),
        ];
        for (call, tx) in calls {
            out.push(safe(
                format!("E.1 {call}, one-token rows with a maxToSpend of {what}: pulls the rows"),
                run_pair(conversion_batch(tx, approved)),
            ));
        }
    }
    // A path of two tokens is still a conversion path outside a conversion group.
    let mut rows = usdc_rows();
    rows[0].path.push(abi(USDT_BASE));
    rows[0].max_to_spend = u(1_000_000);
    out.push(danger(
        "E.2 batchMultiERC20Payments, a row with a path of two tokens",
        run_pair(conversion_batch(multi_erc20(&rows), approved)),
        &[ValueStranded],
    ));
    out
}

#[test]
fn class_e_one_token_rows_ignore_max_to_spend() {
    let _serial = serial();
    check(&class_e_scenarios());
}

// ============================================================================================
// Class F: the smart account's funding step
// ============================================================================================

/// `transferFrom(from, to, amount)` of a token on Base.
fn transfer_from(token: &str, from: &str, to: &str, amount: u64) -> Transaction {
    Transaction {
        to: on_base(token),
        data: IERC20::transferFromCall {
            from: abi(from),
            to: abi(to),
            amount: u(amount),
        }
        .abi_encode()
        .into(),
        value: U256::ZERO,
    }
}

/// The smart-account flow of `payees` (and `fees`) with the funding step the plan builds, and
/// the expectation that names the smart account and the payer (the funding EOA).
fn funded(payees: &[(ChainAddress, u64)], fees: &[FeeSpec]) -> (PayResponse, Value) {
    let (mut plan, _) = usdc_plan(payees, fees);
    plan.smart_account = Some(SmartAccountFlow {
        account: on_base(SMART_ACCOUNT),
        funding_eoa: on_base(PAYER),
    });
    let expectation = serde_json::to_value(Expectation::for_plan(&plan).unwrap()).unwrap();
    (plan.build().unwrap(), expectation)
}

/// The position of the funding call (`transferFrom` on the payment token).
fn funding_position(response: &PayResponse) -> usize {
    txs(response)
        .iter()
        .position(|tx| tx.data.starts_with(&IERC20::transferFromCall::SELECTOR))
        .expect("the smart-account flow funds the account")
}

fn class_f_scenarios() -> Vec<Scenario> {
    use FindingCode::{PayerMissing, SmartAccountFunding};
    let mut out = Vec::new();
    let (payee, payee_2) = (on_base(PAYEE), on_base(PAYEE_2));
    let single = funded(&[(payee, 10_000_000)], &[]);
    let multi = funded(
        &[(payee, 7_000_000), (payee_2, 3_000_000)],
        &[(0, FeeBearer::Payer, 30_000, on_base(FEE_TO))],
    );
    out.push(safe(
        "F.0 the single flow with its funding",
        run_pair(single.clone()),
    ));
    out.push(safe(
        "F.0 the multicall flow with its funding and a fee",
        run_pair(multi.clone()),
    ));
    let (r, e) = single.clone();
    let k = funding_position(&r);
    for (what, tx, codes) in [
        (
            "funds less than the account spends (it holds the rest)",
            transfer_from(USDC_BASE, PAYER, SMART_ACCOUNT, 4_000_000),
            None,
        ),
        (
            "funds one unit more than the account spends",
            transfer_from(USDC_BASE, PAYER, SMART_ACCOUNT, 10_000_001),
            Some(SmartAccountFunding),
        ),
        (
            "pulls from a stranger",
            transfer_from(USDC_BASE, STRANGER, SMART_ACCOUNT, 10_000_000),
            Some(SmartAccountFunding),
        ),
        (
            "sends the payer's tokens to a stranger",
            transfer_from(USDC_BASE, PAYER, STRANGER, 10_000_000),
            Some(SmartAccountFunding),
        ),
        (
            "sends the payer's tokens straight to the payee (no reference)",
            transfer_from(USDC_BASE, PAYER, PAYEE, 10_000_000),
            Some(SmartAccountFunding),
        ),
        (
            "funds the account in another token",
            transfer_from(USDT_BASE, PAYER, SMART_ACCOUNT, 10_000_000),
            Some(SmartAccountFunding),
        ),
    ] {
        let mut r = r.clone();
        txs_mut(&mut r)[k] = tx;
        match codes {
            None => out.push(safe(format!("F.1 the funding step {what}"), run(&r, &e))),
            Some(code) => out.push(danger(
                format!("F.1 the funding step {what}"),
                run(&r, &e),
                &[code],
            )),
        }
    }
    let mut no_account = e.clone();
    no_account.as_object_mut().unwrap().remove("smartAccount");
    out.push(danger(
        "F.2 a funding step, no smartAccount agreed",
        run(&r, &no_account),
        &[SmartAccountFunding],
    ));
    out.push(danger(
        "F.2 a funding step, no payer agreed",
        run(&r, &without_payer(e.clone())),
        &[PayerMissing],
    ));
    // A second funding step doubles what the account takes from the wallet.
    let mut twice = r.clone();
    let funding = txs(&twice)[k].clone();
    txs_mut(&mut twice).insert(k, funding);
    metadata_mut(&mut twice).payment_transaction_index += 1;
    out.push(danger(
        "F.3 the funding step twice",
        run(&twice, &e),
        &[SmartAccountFunding],
    ));
    out
}

#[test]
fn class_f_smart_account_funding() {
    let _serial = serial();
    check(&class_f_scenarios());
}

// ============================================================================================
// Class G: the allowance the verdict relies on
// ============================================================================================

fn has_caution(verdict: &Verdict, code: FindingCode) -> bool {
    verdict
        .findings
        .iter()
        .any(|f| f.code == code && f.severity == Severity::Caution)
}

#[test]
fn class_g_a_payment_without_its_approval_says_what_it_relies_on() {
    let _serial = serial();
    let (payee, payee_2) = (on_base(PAYEE), on_base(PAYEE_2));
    let mut failures = Vec::new();
    let mut cases: Vec<(String, PayResponse, Value)> = Vec::new();
    // The plan without an approval (the server says an allowance exists).
    for payees in [
        vec![(payee, 10_000_000)],
        vec![(payee, 10_000_000), (payee_2, 2_000_000)],
    ] {
        let (r, e) = built(plan(
            Network::Base,
            "USDC-base",
            &payees,
            &[],
            ApprovalPlan::None,
        ));
        cases.push((format!("{} payee(s), no approval", payees.len()), r, e));
    }
    // A cross-chain route without its approval of the diamond.
    let (mut r, e) = cross(&[(payee, 10_000_000)], &[], 100_000);
    txs_mut(&mut r).remove(0);
    let metadata = metadata_mut(&mut r);
    metadata.payment_transaction_index = 0;
    metadata.approval_transaction_index = None;
    metadata.approval_transactions_count = None;
    metadata.needs_approval = false;
    cases.push(("cross-chain, no approval of the diamond".into(), r, e));
    // A batch without its approval.
    let (mut r, e) = conversion_batch(multi_erc20(&usdc_rows()), 30_090_000);
    if let PayResponse::LegacyBatch(b) = &mut r {
        b.erc20_approval_transactions.clear();
    }
    cases.push(("a batch, no approval".into(), r, e));
    // An approval below the need (kept: a caution that says so).
    let (mut r, e) = built(usdc_plan(&[(payee, 10_000_000)], &[]));
    set_approval_amount(&mut txs_mut(&mut r)[0], u(9_000_000));
    cases.push(("an approval below the need".into(), r, e));

    for (name, r, e) in cases {
        let verdict = run(&r, &e);
        let caution = verdict
            .findings
            .iter()
            .find(|f| f.code == FindingCode::ApprovalBelowNeed && f.severity == Severity::Caution);
        match caution {
            None => failures.push(format!("{name}: no approval_below_need caution\n{verdict}")),
            Some(f) if f.details.expected.is_none() || f.details.actual.is_none() => {
                failures.push(format!("{name}: the caution lacks the amounts\n{verdict}"))
            }
            Some(_) => {}
        }
        if !verdict.is_safe() {
            failures.push(format!("{name}: refused\n{verdict}"));
        }
    }
    // With the approval it needs, nothing is said about allowances.
    let (r, e) = built(usdc_plan(&[(payee, 10_000_000)], &[]));
    if has_caution(&run(&r, &e), FindingCode::ApprovalBelowNeed) {
        failures.push("an exact approval: approval_below_need".into());
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every verdict of this file, for the rendering test of the parent module.
pub(super) fn verdicts() -> Vec<Scenario> {
    let mut all = Vec::new();
    for scenarios in [
        class_a_scenarios(),
        class_b_scenarios(),
        class_c_scenarios(),
        class_d_scenarios(),
        class_e_scenarios(),
        class_f_scenarios(),
    ] {
        all.extend(scenarios);
    }
    all
}
