//! The third attack (issue 33): what got through 0.3.0 because every address was modelled as
//! inert and every call as going through, class by class, each built against the class rather
//! than the quoted example, with the valid cases of the same class that must pass. A child of
//! `adversary`, whose builders it uses. The same classes run in the test EVM
//! (`tests/it/evm/reentry.rs`, `tests/it/evm/cannot_succeed.rs`).

use super::*;

use alloy_sol_types::SolCall;
use securepay::contracts::abi::{IBatchConversionPayments, IBatchPayments, IERC20Proxy};
use securepay::verify::Finding;

const ETH_BASE_HASH: &str = "0xb678b03f3f3a6ea652ad1d183032fac176d83b08";
const DAI_MAINNET: &str = "0x6B175474E89094C44Da98b954EedeAC495271d0F";
const USDT_MAINNET_TOKEN: &str = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
const USDC_MAINNET_TOKEN: &str = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const ZERO: &str = "0x0000000000000000000000000000000000000000";

fn has(verdict: &Verdict, code: FindingCode) -> bool {
    verdict.findings.iter().any(|f| f.code == code)
}

fn finding(verdict: &Verdict, code: FindingCode) -> Option<&Finding> {
    verdict.findings.iter().find(|f| f.code == code)
}

/// A legacy-shape response with one batch call in `batchPaymentTransaction` and `approvals`.
fn legacy(approvals: Vec<Transaction>, batch: Transaction) -> PayResponse {
    PayResponse::LegacyBatch(LegacyBatchPayment {
        erc20_approval_transactions: approvals,
        batch_payment_transaction: Some(batch),
        erc20_batch_payment_transaction: None,
        eth_batch_payment_transaction: None,
        metadata: None,
    })
}

/// A native row of `BatchConversionPayments` on Base.
fn native_row(payee: &str, wei: u64, fee: u64, i: u8) -> BatchRequest {
    BatchRequest {
        recipient: on_base(payee),
        request_amount: u(wei),
        path: vec![abi(ETH_BASE_HASH)],
        reference: reference(i),
        fee_amount: u(fee),
        max_to_spend: U256::ZERO,
        max_rate_timespan: U256::ZERO,
    }
}

/// The expectation of native payments on Base: `payees` (payee, wei, reference index), the
/// contract's rate `rate` (per ten thousand) stated, `max_payer` wei of payer fees.
fn native_expectation(payees: &[(&str, u64, u8)], rate: u32, max_payer: u64) -> Value {
    json!({
        "network": "base", "currency": "ETH-base-base", "batchFeeRate": rate,
        "maxPayerFees": human(max_payer, 18),
        "payments": payees.iter().map(|(payee, wei, i)| json!({"payee": payee,
            "amount": human(*wei, 18), "reference": reference(*i).to_string()})).collect::<Vec<_>>(),
    })
}

fn with_value(mut tx: Transaction, value: U256) -> Transaction {
    tx.value = value;
    tx
}

// ============================================================================================
// Class 1: native value left in a batch contract that calls out before it refunds
// ============================================================================================

/// `batchNativePayments` of two agreed payees (1 000 000 and 2 000 000 wei), fee address
/// `fee_to`, at `rate`, sent `extra` wei more than it needs; the payer's fees capped at
/// `max_payer`.
fn native_batch_with_extra(
    rate: u32,
    fee_to: &str,
    rows: Vec<BatchRequest>,
    extra: u64,
    max_payer: u64,
) -> (PayResponse, Value) {
    let tx = Builder::new(Network::Base)
        .batch_requests_native(&rows, true, on_base(fee_to), rate)
        .unwrap();
    let value = tx.value + u(extra);
    let expectation = native_expectation(
        &[(PAYEE, 1_000_000, 1), (PAYEE_2, 2_000_000, 2)],
        rate,
        max_payer,
    );
    (legacy(vec![], with_value(tx, value)), expectation)
}

fn agreed_native_rows() -> Vec<BatchRequest> {
    vec![
        native_row(PAYEE, 1_000_000, 0, 1),
        native_row(PAYEE_2, 2_000_000, 0, 2),
    ]
}

fn class_1_scenarios() -> Vec<Scenario> {
    use FindingCode::PayerFeesAboveMax;
    let mut out = Vec::new();
    // The batch fee at 30 per ten thousand of 3 000 000 wei is 9 000 wei, paid to the fee
    // address with `call` before the refund.
    for extra in [1u64, 7_000, 1_000_000_000_000] {
        out.push(danger(
            format!("1.1 batchNativePayments, batch fee to a server-chosen address, {extra} wei extra, fees capped at the batch fee"),
            run_pair(native_batch_with_extra(30, FEE_TO, agreed_native_rows(), extra, 9_000)),
            &[PayerFeesAboveMax],
        ));
    }
    // batchPayments with a native group (id 3), and with an ERC-20 group before it.
    let groups = |extra_group: bool| {
        let mut groups = vec![BatchGroup {
            network: BatchPaymentNetwork::Native,
            requests: agreed_native_rows(),
        }];
        if extra_group {
            groups.insert(
                0,
                BatchGroup {
                    network: BatchPaymentNetwork::MultiErc20,
                    requests: vec![row(PAYEE, 10_000_000, USDC_BASE, 3)],
                },
            );
        }
        groups
    };
    let tx = Builder::new(Network::Base)
        .batch_payments(&groups(false), &[], on_base(FEE_TO), 30)
        .unwrap();
    let value = tx.value + u(50_000);
    out.push(danger(
        "1.2 batchPayments, one native group, 50 000 wei extra",
        run(
            &legacy(vec![], with_value(tx, value)),
            &native_expectation(&[(PAYEE, 1_000_000, 1), (PAYEE_2, 2_000_000, 2)], 30, 9_000),
        ),
        &[PayerFeesAboveMax],
    ));
    // A batch fee of 0, but a small row to a stranger within the cap: the stranger is paid
    // through the EthereumFeeProxy's `_to.call` and re-enters before the refund.
    let mut rows = agreed_native_rows();
    rows.push(native_row(STRANGER, 100, 0, 9));
    let (response, expectation) = native_batch_with_extra(0, FEE_TO, rows.clone(), 5_000, 100);
    out.push(danger(
        "1.3 batchNativePayments, batch fee 0, a stranger row of 100 wei within the cap, 5 000 wei extra",
        run(&response, &expectation),
        &[PayerFeesAboveMax],
    ));
    // The stranger first.
    rows.rotate_right(1);
    let (response, expectation) = native_batch_with_extra(0, FEE_TO, rows, 5_000, 100);
    out.push(danger(
        "1.4 the stranger's row first",
        run(&response, &expectation),
        &[PayerFeesAboveMax],
    ));
    // The same in a multicall the smart account sends: the excess still counts.
    // Valid: exact value, or nothing the server chose runs before the refund.
    out.push(safe(
        "1.5 control: batchNativePayments with exact value",
        run_pair(native_batch_with_extra(
            30,
            FEE_TO,
            agreed_native_rows(),
            0,
            9_000,
        )),
    ));
    let refunded = run_pair(native_batch_with_extra(
        0,
        FEE_TO,
        agreed_native_rows(),
        5_000,
        0,
    ));
    assert!(
        has(&refunded, FindingCode::ValueRefunded),
        "a batch fee of 0 and agreed payees only: the excess is refunded\n{refunded}"
    );
    out.push(safe(
        "1.6 control: batch fee 0, only agreed payees, extra value refunded",
        refunded,
    ));
    // The extra within the cap: it passes, said as at risk, counted as leaving the wallet.
    let within = run_pair(native_batch_with_extra(
        30,
        FEE_TO,
        agreed_native_rows(),
        7_000,
        16_000,
    ));
    out.push(safe("1.7 the extra within maxPayerFees", within));
    // The legacy BatchPayments (guarded, fee paid with `transfer`) refunds safely.
    let (r, e) = native_batch(Some(u(2000 + 4 + 20 + 999)));
    out.push(safe(
        "1.8 control: legacy BatchPayments with extra value",
        run(&r, &e),
    ));
    out
}

#[test]
fn class_1_native_value_left_in_a_contract_that_calls_out_first() {
    check(&class_1_scenarios());
}

#[test]
fn class_1_the_extra_at_risk_is_said_and_counted() {
    let verdict = run_pair(native_batch_with_extra(
        30,
        FEE_TO,
        agreed_native_rows(),
        7_000,
        16_000,
    ));
    assert!(verdict.is_safe(), "{verdict}");
    let at_risk = finding(&verdict, FindingCode::ValueAtRisk).expect("value_at_risk");
    assert_eq!(at_risk.severity, Severity::Caution);
    assert_eq!(
        at_risk.details.actual.as_ref().map(|q| q.units),
        Some(u(7_000))
    );
    assert_eq!(
        at_risk.details.party,
        Some(Party::Other {
            address: on_base(FEE_TO)
        })
    );
    assert!(!has(&verdict, FindingCode::ValueRefunded), "{verdict}");
    // The summary says so, and the total counts it.
    let lines: Vec<String> = verdict
        .summary
        .lines
        .iter()
        .map(|l| l.to_string())
        .collect();
    assert!(
        lines.iter().any(|l| l.contains("may not come back")),
        "{lines:#?}"
    );
    let total = verdict
        .summary
        .lines
        .iter()
        .find_map(|l| match l {
            SummaryLine::Total { amount, .. } => Some(amount.units),
            _ => None,
        })
        .unwrap();
    assert_eq!(total, u(3_000_000 + 9_000 + 7_000));
}

// ============================================================================================
// Class 2: calls that cannot succeed
// ============================================================================================

/// `ERC20Proxy.transferFromWithReference` on Ethereum of `amount` units of `token` to
/// `PAYEE`, after an exact approval of the ERC20Proxy.
fn erc20_proxy(currency_id: &str, token: &str, amount: u64) -> (PayResponse, Value) {
    let mainnet = |t: &str| at(Network::Mainnet, t);
    let proxy = Builder::new(Network::Mainnet)
        .contract(Contract::Erc20Proxy)
        .unwrap();
    let call = IERC20Proxy::transferFromWithReferenceCall {
        _tokenAddress: abi(token),
        _to: abi(PAYEE),
        _amount: u(amount),
        _paymentReference: reference(1).into(),
    };
    let pay = Transaction {
        to: proxy,
        data: call.abi_encode().into(),
        value: U256::ZERO,
    };
    let approval = Builder::new(Network::Mainnet)
        .approve(mainnet(token), proxy, Allowance::Exact(u(amount)))
        .unwrap();
    let response = PayResponse::Single(SinglePayment {
        transactions: vec![approval, pay],
        ..single_template()
    });
    let decimals = currency(currency_id).decimals().get();
    let expectation = json!({
        "network": "mainnet", "currency": currency_id,
        "payments": [{"payee": PAYEE, "amount": human(amount, decimals), "reference": reference(1).to_string()}],
    });
    (response, expectation)
}

/// A single payment's fields besides its transactions: approval at 0, payment at 1.
fn single_template() -> SinglePayment {
    let body = json!({"paymentType": "single", "feeBundle": null,
        "metadata": {"stepsRequired": 2, "needsApproval": true, "approvalTransactionIndex": 0, "paymentTransactionIndex": 1},
        "transactions": []});
    match PayResponse::from_slice(&bytes(&body)).unwrap() {
        PayResponse::Single(single) => single,
        other => panic!("{other:?}"),
    }
}

/// `batchPayments` of raw groups (no builder rule applied), on Base.
fn raw_batch_payments(groups: Vec<(u8, Vec<BatchRequest>)>, value: U256) -> Transaction {
    let detail = |r: &BatchRequest| securepay::contracts::abi::RequestDetail {
        recipient: r.recipient.abi(),
        requestAmount: r.request_amount,
        path: r.path.clone(),
        paymentReference: r.reference.into(),
        feeAmount: r.fee_amount,
        maxToSpend: r.max_to_spend,
        maxRateTimespan: r.max_rate_timespan,
    };
    let call = IBatchConversionPayments::batchPaymentsCall {
        metaDetails: groups
            .iter()
            .map(|(id, rows)| securepay::contracts::abi::MetaDetail {
                paymentNetworkId: U256::from(*id),
                requestDetails: rows.iter().map(detail).collect(),
            })
            .collect(),
        pathsToUSD: vec![],
        feeAddress: abi(FEE_TO),
    };
    Transaction {
        to: Builder::new(Network::Base)
            .contract(Contract::BatchConversionPayments)
            .unwrap(),
        data: call.abi_encode().into(),
        value,
    }
}

fn class_2_scenarios() -> Vec<Scenario> {
    use FindingCode::CallReverts;
    let mut out = Vec::new();
    // ERC20Proxy requires `transferFrom` to return true; USDT on Ethereum returns nothing.
    for amount in [1u64, 10_000_000, 123_456_789] {
        out.push(danger(
            format!("2.1 ERC20Proxy with USDT on Ethereum, {amount} units"),
            run_pair(erc20_proxy("USDT-mainnet", USDT_MAINNET_TOKEN, amount)),
            &[CallReverts],
        ));
    }
    out.push(safe(
        "2.2 control: ERC20Proxy with USDC on Ethereum (FiatToken returns true)",
        run_pair(erc20_proxy("USDC-mainnet", USDC_MAINNET_TOKEN, 10_000_000)),
    ));
    // batchPayments: more than five groups.
    let usdc_group = |i: u8| (2u8, vec![row(PAYEE, 1_000_000, USDC_BASE, i)]);
    for groups in [6usize, 7, 9] {
        let tx = raw_batch_payments(
            (0..groups).map(|i| usdc_group(i as u8 + 1)).collect(),
            U256::ZERO,
        );
        out.push(danger(
            format!("2.3 batchPayments with {groups} groups"),
            run_pair(conversion_batch(tx, 100_000_000)),
            &[CallReverts],
        ));
    }
    // An empty ERC-20 group (id 1 reads requestDetails[0]), before or after a valid group.
    let rows = usdc_rows();
    for (name, groups) in [
        (
            "empty id-1 group first",
            vec![(1u8, vec![]), (2u8, rows.clone())],
        ),
        (
            "empty id-1 group last",
            vec![(2u8, rows.clone()), (1u8, vec![])],
        ),
    ] {
        out.push(danger(
            format!("2.4 batchPayments, {name}"),
            run_pair(conversion_batch(
                raw_batch_payments(groups, U256::ZERO),
                30_090_000,
            )),
            &[CallReverts],
        ));
    }
    // Two native groups: the first refunds the whole balance, the second finds none.
    let a = vec![native_row(PAYEE, 1_000_000, 0, 1)];
    let b = vec![native_row(PAYEE_2, 2_000_000, 0, 2)];
    for (name, groups) in [
        (
            "two native groups",
            vec![(3u8, a.clone()), (3u8, b.clone())],
        ),
        (
            "two native groups around an ERC-20 group",
            vec![(3u8, a.clone()), (2u8, vec![]), (3u8, b.clone())],
        ),
    ] {
        let tx = raw_batch_payments(groups, u(3_000_000));
        out.push(danger(
            format!("2.5 batchPayments, {name}, exact value"),
            run(
                &legacy(vec![], tx),
                &native_expectation(&[(PAYEE, 1_000_000, 1), (PAYEE_2, 2_000_000, 2)], 0, 0),
            ),
            &[CallReverts],
        ));
    }
    // One native group with both rows, exact value: goes through.
    let tx = raw_batch_payments(vec![(3u8, [a, b].concat())], u(3_000_000));
    out.push(safe(
        "2.6 control: one native group, exact value, batch fee 0",
        run(
            &legacy(vec![], tx),
            &native_expectation(&[(PAYEE, 1_000_000, 1), (PAYEE_2, 2_000_000, 2)], 0, 0),
        ),
    ));
    // batchERC20Payments with no rows reads requestDetails[0].
    let call = IBatchConversionPayments::batchERC20PaymentsCall {
        requestDetails: vec![],
        pathsToUSD: vec![],
        feeAddress: abi(FEE_TO),
    };
    let empty = Transaction {
        to: Builder::new(Network::Base)
            .contract(Contract::BatchConversionPayments)
            .unwrap(),
        data: call.abi_encode().into(),
        value: U256::ZERO,
    };
    out.push(danger(
        "2.7 batchERC20Payments with no rows",
        run_pair(conversion_batch(empty, 0)),
        &[CallReverts],
    ));
    // An ERC-20 row without a path: `rD.path[0]` reverts.
    let mut pathless = usdc_rows();
    pathless[1].path.clear();
    out.push(danger(
        "2.8 batchMultiERC20Payments, a row with an empty path",
        run_pair(conversion_batch(multi_erc20(&pathless), 30_090_000)),
        &[CallReverts],
    ));
    out
}

/// A single payment on Ethereum through the ERC20FeeProxy of 10 units of `currency_id`, after
/// `approvals` approvals of the proxy for the amount each.
fn approved_twice(currency_id: &str, token: &str, approvals: usize) -> (PayResponse, Value) {
    let mainnet = |t: &str| at(Network::Mainnet, t);
    let builder = Builder::new(Network::Mainnet);
    let payment = Erc20FeePayment::new(mainnet(token), mainnet(PAYEE), u(10_000_000), reference(1));
    let pay = builder.erc20_fee(&payment).unwrap();
    let approve = builder
        .approve_for(
            Flow::Erc20Fee,
            mainnet(token),
            Allowance::Exact(u(10_000_000)),
        )
        .unwrap();
    let mut transactions = vec![approve; approvals];
    transactions.push(pay);
    let mut single = single_template();
    single.metadata.payment_transaction_index = approvals;
    single.transactions = transactions;
    let expectation = json!({
        "network": "mainnet", "currency": currency_id,
        "payments": [{"payee": PAYEE, "amount": "10", "reference": reference(1).to_string()}],
    });
    (PayResponse::Single(single), expectation)
}

#[test]
fn class_2_a_second_approval_usdt_refuses() {
    // USDT on Ethereum refuses `approve(M > 0)` while the allowance is not zero (a fact; the
    // behaviour executed in tests/it/evm/tokens_by_behaviour.rs): the second approval fails.
    let verdict = run_pair(approved_twice("USDT-mainnet", USDT_MAINNET_TOKEN, 2));
    let reverts = finding(&verdict, FindingCode::CallReverts).expect("call_reverts");
    assert_eq!(reverts.severity, Severity::Danger);
    assert_eq!(
        reverts.details.behaviour,
        Some(TokenBehaviour::ApprovalRaceProtection)
    );
    assert_eq!(
        reverts.transaction.and_then(|l| l.index),
        Some(1),
        "{verdict}"
    );
    // One approval: nothing fails.
    let once = run_pair(approved_twice("USDT-mainnet", USDT_MAINNET_TOKEN, 1));
    assert!(once.is_safe(), "{once}");
    // USDC: nothing proves it refuses, nothing proves it does not: a caution.
    let usdc = run_pair(approved_twice("USDC-mainnet", USDC_MAINNET_TOKEN, 2));
    assert!(!has(&usdc, FindingCode::CallReverts), "{usdc}");
}

#[test]
fn class_2_calls_that_cannot_succeed() {
    check(&class_2_scenarios());
}

// ============================================================================================
// Class 5: a conversion payment whose path is the paid token alone
// ============================================================================================

/// `Erc20ConversionProxy` on Base with path `[token]`: 10 USDC to `PAYEE`, a fee of `fee` to
/// `FEE_TO`, `maxToSpend` `max`, after an approval of `approved`.
fn one_token_conversion(token: &str, fee: u64, max: u64, approved: u64) -> (PayResponse, Value) {
    let payment = securepay::calldata::Erc20ConversionPayment {
        to: on_base(PAYEE),
        request_amount: u(10_000_000),
        path: vec![abi(token)],
        reference: reference(1),
        fee: (fee > 0).then(|| securepay::calldata::Fee {
            amount: u(fee),
            recipient: on_base(FEE_TO),
        }),
        max_to_spend: u(max),
        max_rate_timespan: U256::ZERO,
    };
    let builder = Builder::new(Network::Base);
    let pay = builder.erc20_conversion(&payment).unwrap();
    let approval = builder
        .approve_for(
            Flow::Erc20Conversion,
            on_base(USDC_BASE),
            Allowance::Exact(u(approved)),
        )
        .unwrap();
    let fee_bundle = (fee > 0).then(|| {
        FeeBundle::new(vec![fee_entry(
            "req0",
            FeeBearer::Payer,
            fee,
            on_base(FEE_TO),
        )])
    });
    let response = PayResponse::Single(SinglePayment {
        transactions: vec![approval, pay],
        fee_bundle,
        ..single_template()
    });
    let expectation = json!({
        "network": "base", "currency": "USDC-base", "maxPayerFees": human(fee, 6),
        "payments": [{"payee": PAYEE, "amount": "10", "reference": reference(1).to_string()}],
    });
    (response, expectation)
}

fn class_5_scenarios() -> Vec<Scenario> {
    use FindingCode::{CallReverts, PayerFeesAboveMax, PaymentToken};
    vec![
        safe(
            "5.1 Erc20ConversionProxy, path [USDC], exact maxToSpend and approval",
            run_pair(one_token_conversion(USDC_BASE, 0, 10_000_000, 10_000_000)),
        ),
        safe(
            "5.2 path [USDC] with a fee within the cap",
            run_pair(one_token_conversion(
                USDC_BASE, 30_000, 10_030_000, 10_030_000,
            )),
        ),
        safe(
            "5.3 path [USDC], maxToSpend above what is paid (a cap, not a pull)",
            run_pair(one_token_conversion(USDC_BASE, 0, 11_000_000, 10_000_000)),
        ),
        danger(
            "5.4 path [USDC], maxToSpend below the amount: the proxy reverts",
            run_pair(one_token_conversion(USDC_BASE, 0, 9_999_999, 10_000_000)),
            &[CallReverts],
        ),
        danger(
            "5.5 path [USDC] with a fee above the cap",
            run_pair({
                let (r, mut e) = one_token_conversion(USDC_BASE, 30_000, 10_030_000, 10_030_000);
                e["maxPayerFees"] = json!("0.01");
                (r, e)
            }),
            &[PayerFeesAboveMax],
        ),
        danger(
            "5.6 path [USDT] for a USDC payment",
            run_pair(one_token_conversion(USDT_BASE, 0, 10_000_000, 10_000_000)),
            &[PaymentToken],
        ),
    ]
}

#[test]
fn class_5_a_one_token_conversion_path_is_an_exact_payment() {
    check(&class_5_scenarios());
}

// ============================================================================================
// Class 7: a batch whose fee address is zero and whose batch fee is zero
// ============================================================================================

/// A legacy `BatchPayments` ERC-20 batch on Ethereum of `currency_id`, two payees without row
/// fees, the fee address zero, at `rate` per mille, exact approval.
fn legacy_zero_fee_batch(currency_id: &str, token: &str, rate: u32) -> (PayResponse, Value) {
    let mainnet = |t: &str| at(Network::Mainnet, t);
    let decimals = currency(currency_id).decimals().get();
    let unit = 10u64.pow(u32::from(decimals.min(12)));
    let call = IBatchPayments::batchERC20PaymentsWithReferenceCall {
        _tokenAddress: abi(token),
        _recipients: vec![abi(PAYEE), abi(PAYEE_2)],
        _amounts: vec![u(100 * unit), u(50 * unit)],
        _paymentReferences: vec![reference(1).into(), reference(2).into()],
        _feeAmounts: vec![U256::ZERO, U256::ZERO],
        _feeAddress: abi(ZERO),
    };
    let builder = Builder::new(Network::Mainnet);
    let batch_contract = builder.contract(Contract::BatchPayments).unwrap();
    let fee = 150 * unit * u64::from(rate) / 1000;
    let approval = builder
        .approve(
            mainnet(token),
            batch_contract,
            Allowance::Exact(u(150 * unit + fee)),
        )
        .unwrap();
    let batch = Transaction {
        to: batch_contract,
        data: call.abi_encode().into(),
        value: U256::ZERO,
    };
    let expectation = json!({
        "network": "mainnet", "currency": currency_id, "batchFeeRate": rate,
        "maxPayerFees": human(fee, decimals),
        "payments": [
            {"payee": PAYEE, "amount": human(100 * unit, decimals), "reference": reference(1).to_string()},
            {"payee": PAYEE_2, "amount": human(50 * unit, decimals), "reference": reference(2).to_string()},
        ],
    });
    (legacy(vec![approval], batch), expectation)
}

/// A legacy `BatchPayments` native batch on Ethereum, fee address zero, at `rate` per mille,
/// exact value.
fn legacy_zero_fee_native(rate: u32, row_fee: u64) -> (PayResponse, Value) {
    let call = IBatchPayments::batchEthPaymentsWithReferenceCall {
        _recipients: vec![abi(PAYEE), abi(PAYEE_2)],
        _amounts: vec![u(1_000_000), u(2_000_000)],
        _paymentReferences: vec![reference(1).into(), reference(2).into()],
        _feeAmounts: vec![u(row_fee), U256::ZERO],
        _feeAddress: abi(ZERO),
    };
    let fee = 3_000_000 * u64::from(rate) / 1000;
    let batch = Transaction {
        to: Builder::new(Network::Mainnet)
            .contract(Contract::BatchPayments)
            .unwrap(),
        data: call.abi_encode().into(),
        value: u(3_000_000 + row_fee + fee),
    };
    let expectation = json!({
        "network": "mainnet", "currency": "ETH-mainnet", "batchFeeRate": rate,
        "maxPayerFees": human(fee + row_fee, 18),
        "payments": [
            {"payee": PAYEE, "amount": human(1_000_000, 18), "reference": reference(1).to_string()},
            {"payee": PAYEE_2, "amount": human(2_000_000, 18), "reference": reference(2).to_string()},
        ],
    });
    (legacy(vec![], batch), expectation)
}

fn class_7_scenarios() -> Vec<Scenario> {
    use FindingCode::BatchFeeAddressZero;
    let mut out = vec![
        safe(
            "7.1 DAI batch, fee address zero, batch fee 0 (transferFrom(payer, 0, 0) succeeds on DAI)",
            run_pair(legacy_zero_fee_batch("DAI-mainnet", DAI_MAINNET, 0)),
        ),
        safe(
            "7.2 native legacy batch, fee address zero, batch fee 0, no row fee",
            run_pair(legacy_zero_fee_native(0, 0)),
        ),
        danger(
            "7.3 USDC batch, fee address zero, batch fee 0 (FiatToken refuses the zero address)",
            run_pair(legacy_zero_fee_batch("USDC-mainnet", USDC_MAINNET_TOKEN, 0)),
            &[BatchFeeAddressZero],
        ),
        danger(
            "7.4 USDT batch, fee address zero, batch fee 0 (nothing proves USDT accepts it)",
            run_pair(legacy_zero_fee_batch("USDT-mainnet", USDT_MAINNET_TOKEN, 0)),
            &[BatchFeeAddressZero],
        ),
        danger(
            "7.5 DAI batch, fee address zero, batch fee 10 per mille: burned",
            run_pair(legacy_zero_fee_batch("DAI-mainnet", DAI_MAINNET, 10)),
            &[BatchFeeAddressZero],
        ),
        danger(
            "7.6 native legacy batch, fee address zero, batch fee 10 per mille: burned",
            run_pair(legacy_zero_fee_native(10, 0)),
            &[BatchFeeAddressZero],
        ),
    ];
    // No stated rate: the native batch fee is bounded by the value beyond the payments.
    let (r, mut e) = legacy_zero_fee_native(0, 0);
    e.as_object_mut().unwrap().remove("batchFeeRate");
    out.push(safe(
        "7.8 native legacy batch, fee address zero, no stated rate, exact value",
        run(&r, &e),
    ));
    let (mut r, mut e) = legacy_zero_fee_native(0, 0);
    e.as_object_mut().unwrap().remove("batchFeeRate");
    e["maxPayerFees"] = json!(human(5_000, 18));
    if let PayResponse::LegacyBatch(b) = &mut r {
        let tx = b.batch_payment_transaction.as_mut().unwrap();
        tx.value += u(5_000);
    }
    out.push(danger(
        "7.9 native legacy batch, fee address zero, no stated rate, value beyond the payments",
        run(&r, &e),
        &[FindingCode::UndeclaredOutflow],
    ));
    // BatchConversionPayments native: the fee call is skipped when the fee is 0.
    let tx = Builder::new(Network::Base)
        .batch_requests_native(&agreed_native_rows(), true, on_base(FEE_TO), 0)
        .unwrap();
    let zero = super::second::with_zero_fee_address(tx);
    out.push(safe(
        "7.7 batchNativePayments, fee address zero, batch fee 0, exact value",
        run(
            &legacy(vec![], zero),
            &native_expectation(&[(PAYEE, 1_000_000, 1), (PAYEE_2, 2_000_000, 2)], 0, 0),
        ),
    ));
    out
}

#[test]
fn class_7_a_zero_fee_address_that_receives_nothing() {
    check(&class_7_scenarios());
}

/// Every scenario of this file, for the French rendering of every finding and summary line.
pub(super) fn verdicts() -> Vec<Scenario> {
    [
        class_1_scenarios(),
        class_2_scenarios(),
        class_5_scenarios(),
        class_7_scenarios(),
    ]
    .into_iter()
    .flatten()
    .collect()
}
