//! The responses under test: what the crate's fixtures build (`PaymentPlan`, feature
//! `fixtures`: single and multicall, ERC-20 and native, fees borne by the payer or the payee,
//! as legs or inside the payment call, the smart-account flow, exact native payments with a
//! refunded excess, a USDT-style reset before the approval, the multicall's mirror lists) and
//! legacy `BatchPayments` batches made with `Builder` (one token, several tokens, native), and
//! native batches on `BatchConversionPayments` (`batchNativePayments`, `batchPayments` with a
//! native group; 0.1.0 and 0.2.0), each with the agreement it satisfies: its caps exact, absent
//! when zero, or with slack.

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolCall;
use securepay::address::ChainAddress;
use securepay::calldata::{
    Allowance, BatchPayee, BatchTokenPayee, Builder, Erc20FeePayment, Flow, NativeFeePayment,
    PaymentReference,
};
use securepay::contracts::abi::{IERC20, IEthereumFeeProxy};
use securepay::currency::{Catalog, Currency};
use securepay::network::Network;
use securepay::pay::{
    ApprovalPlan, FeeBearer, LegacyBatchMetadata, LegacyBatchPayment, PayResponse, PaymentPlan,
    PlannedFee, PlannedPayment, SmartAccountFlow,
};
use securepay::transaction::Transaction;
use securepay::verify::Expectation;

use crate::evm::response::Signer;

/// The payer's EOA (the funding EOA and owner of the smart account in that flow).
pub const PAYER: Address = Address::repeat_byte(0x7a);
/// The agreed smart account.
pub const SMART_ACCOUNT: Address = Address::repeat_byte(0x5a);
/// The fee recipients.
pub const FEE_A: Address = Address::repeat_byte(0x9a);
pub const FEE_B: Address = Address::repeat_byte(0x9b);
/// Someone no agreement names.
pub const STRANGER: Address = Address::repeat_byte(0xbe);

/// The payee of payment `i`.
pub fn payee(i: usize) -> Address {
    let mut bytes = [0x42u8; 20];
    bytes[19] = u8::try_from(i + 1).unwrap_or(0xff);
    Address::from(bytes)
}

/// What kind of response.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `PaymentPlan::build`: single or multicall.
    Plan,
    /// Legacy `BatchPayments`, one token (`batchERC20PaymentsWithReference`).
    LegacyErc20,
    /// Legacy `BatchPayments`, `batchERC20PaymentsMultiTokensWithReference`.
    LegacyMultiToken,
    /// Legacy `BatchPayments`, native.
    LegacyNative,
    /// `BatchConversionPayments`, native rows without conversion: `batchNativePayments`, or
    /// `batchPayments` with one native group (`key` bit 0), on 0.1.0 or, on Ethereum, 0.2.0
    /// (`key` bit 1); the rate per ten thousand.
    ConversionNative,
}

/// How the agreement states its caps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caps {
    /// Exactly the fees.
    Exact,
    /// Absent where the fees are zero (an absent cap is zero).
    OmitZero,
    /// The fees and this many units more.
    Slack(u64),
}

/// One fee of a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeeSpec {
    /// Borne by the payee (out of its leg) rather than the payer (on top).
    pub payee_borne: bool,
    /// In ten-thousandths of a whole unit.
    pub amount: u64,
    /// The payment it belongs to.
    pub request: usize,
    /// The second fee recipient.
    pub second: bool,
}

/// A response to build, as the fixtures allow it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    /// The shape.
    pub kind: Kind,
    /// The payment currency (a catalog id).
    pub currency: &'static str,
    /// Each payment, in ten-thousandths of a whole unit.
    pub amounts: Vec<u64>,
    /// The fees (plans) or, per row, the row fee (legacy batches, `amount` only).
    pub fees: Vec<FeeSpec>,
    /// The first fee rides inside the payment call (single plans).
    pub fee_in_call: bool,
    /// 0 none, 1 exact, 2 unlimited.
    pub approval: u8,
    /// A zero approval first (USDT's reset).
    pub reset: bool,
    /// The smart-account flow (token plans).
    pub smart_account: bool,
    /// Native plans through `transferExactEthWithReferenceAndFee`, each sending this many
    /// ten-thousandths more (refunded).
    pub exact_native: Option<u64>,
    /// The multicall's mirror lists.
    pub mirrors: bool,
    /// The caps.
    pub caps: Caps,
    /// The legacy batch contract's rate (per mille).
    pub rate: u16,
    /// Which key holds a legacy batch call: 0 `batchPaymentTransaction`, 1 the ERC-20 or ETH
    /// one (`ConversionNative`: the entry point and version, see there).
    pub key: u8,
}

impl Spec {
    /// A plain spec of `kind` in `currency`: one payment, no fee, an exact approval.
    pub fn new(kind: Kind, currency: &'static str) -> Spec {
        Spec {
            kind,
            currency,
            amounts: vec![12_345],
            fees: Vec::new(),
            fee_in_call: false,
            approval: 1,
            reset: false,
            smart_account: false,
            exact_native: None,
            mirrors: false,
            caps: Caps::Exact,
            rate: 0,
            key: 0,
        }
    }
}

/// A response and the agreement it satisfies, and who signs it.
#[derive(Debug, Clone)]
pub struct Case {
    /// What it is, for people.
    pub name: String,
    /// The response.
    pub response: PayResponse,
    /// The agreement.
    pub expectation: Expectation,
    /// Who signs.
    pub signer: Signer,
    /// The legacy batch contract's rate (per mille) on the chain.
    pub legacy_rate: u16,
}

impl Case {
    /// The chain.
    pub fn network(&self) -> Network {
        self.expectation.network()
    }
}

pub fn currency(id: &str) -> Currency {
    Catalog::builtin()
        .get(id)
        .unwrap_or_else(|e| panic!("{id}: {e}"))
        .clone()
}

fn on(network: Network, address: Address) -> ChainAddress {
    ChainAddress::from_abi(network, address)
}

/// Units of `x` ten-thousandths of a whole unit of a currency with `decimals` (at least 4).
pub fn scaled(x: u64, decimals: u8) -> U256 {
    U256::from(x) * U256::from(10u8).pow(U256::from(decimals.saturating_sub(4)))
}

fn reference(i: usize) -> PaymentReference {
    PaymentReference::new([u8::try_from(i + 1).unwrap_or(0xff); 8])
}

fn caps(
    builder: securepay::verify::ExpectationBuilder,
    caps: Caps,
    payer: U256,
    payee: U256,
    decimals: u8,
) -> securepay::verify::ExpectationBuilder {
    let slack = |fees: U256| match caps {
        Caps::Slack(x) => Some(fees + scaled(x, decimals)),
        Caps::OmitZero if fees.is_zero() => None,
        _ => Some(fees),
    };
    let mut builder = builder;
    if let Some(max) = slack(payer) {
        builder = builder.max_payer_fees(max);
    }
    if let Some(max) = slack(payee) {
        builder = builder.max_payee_fees(max);
    }
    builder
}

/// The response and agreement of `spec`; `None` where the fixtures cannot make it.
pub fn build(spec: &Spec) -> Option<Case> {
    match spec.kind {
        Kind::Plan => build_plan(spec),
        Kind::ConversionNative => build_conversion_native(spec),
        _ => build_legacy(spec),
    }
}

fn build_plan(spec: &Spec) -> Option<Case> {
    let cur = currency(spec.currency);
    let network = cur.chain_network()?;
    let decimals = cur.decimals().get();
    let token = cur.token_address();
    let payments: Vec<PlannedPayment> = spec
        .amounts
        .iter()
        .enumerate()
        .map(|(i, x)| PlannedPayment {
            request_id: format!("req{i}"),
            secure_payment_token: Some(
                format!("01JD3E6JD46KY4KKV7X9V0{i:04X}")
                    .parse()
                    .expect("a token"),
            ),
            payee: on(network, payee(i)),
            amount: scaled(*x, decimals),
            reference: reference(i),
        })
        .collect();
    let fees: Vec<PlannedFee> = spec
        .fees
        .iter()
        .map(|f| PlannedFee {
            request_id: format!("req{}", f.request % spec.amounts.len()),
            fee_component_id: None,
            fee_type: Some("platform".into()),
            fee_label: None,
            bearer: if f.payee_borne {
                FeeBearer::Payee
            } else {
                FeeBearer::Payer
            },
            amount: scaled(f.amount, decimals),
            recipient: on(network, if f.second { FEE_B } else { FEE_A }),
        })
        .collect();
    let smart = spec.smart_account && token.is_some();
    let plan = PaymentPlan {
        network,
        currency: cur.clone(),
        payments,
        fees,
        approval: match (spec.approval, token.is_some()) {
            (_, false) | (0, _) => ApprovalPlan::None,
            (1, _) => ApprovalPlan::Exact,
            _ => ApprovalPlan::Unlimited,
        },
        smart_account: smart.then(|| SmartAccountFlow {
            account: on(network, SMART_ACCOUNT),
            funding_eoa: on(network, PAYER),
        }),
        parent_token: Some("01JD3E6JD46KY4KKV7X9V0MZ00".parse().expect("a token")),
        bundle_id: None,
    };
    let mut response = plan.build().ok()?;
    let borne = |bearer: FeeBearer| {
        plan.fees
            .iter()
            .filter(|f| f.bearer == bearer)
            .fold(U256::ZERO, |t, f| t + f.amount)
    };
    let mut builder = Expectation::builder(network, cur.clone()).payer(on(network, PAYER));
    for payment in &plan.payments {
        builder = builder.payment(payment.payee, payment.amount, Some(payment.reference));
    }
    if smart {
        builder = builder.smart_account(on(network, SMART_ACCOUNT));
    }
    let builder = caps(
        builder,
        spec.caps,
        borne(FeeBearer::Payer),
        borne(FeeBearer::Payee),
        decimals,
    );
    let expectation = builder.build().ok()?;
    let mut name = format!(
        "{} {} payment(s) in {}",
        if spec.amounts.len() == 1 {
            "single"
        } else {
            "multicall"
        },
        spec.amounts.len(),
        spec.currency
    );
    if spec.fee_in_call && fee_in_call(&plan, &mut response) {
        name.push_str(", fee in the call");
    }
    if let Some(extra) = spec.exact_native {
        if token.is_none() {
            exact_native(network, &mut response, scaled(extra, decimals));
            name.push_str(", exact native with a refund");
        }
    }
    if spec.reset && reset_approval(&mut response) {
        name.push_str(", reset before the approval");
    }
    if spec.mirrors && add_mirrors(&mut response) {
        name.push_str(", mirrors");
    }
    name.push_str(&format!(
        ", fees {:?}, approval {}, caps {:?}",
        spec.fees, spec.approval, spec.caps
    ));
    let signer = if smart {
        name.push_str(", smart account");
        Signer::SmartAccount {
            owner: PAYER,
            account: SMART_ACCOUNT,
        }
    } else {
        Signer::Eoa(PAYER)
    };
    Some(Case {
        name,
        response,
        expectation,
        signer,
        legacy_rate: 0,
    })
}

/// A single payment whose first fee rides inside the payment call (`_feeAmount` to
/// `_feeAddress`), its own fee transaction removed; the fee bundle still declares it.
fn fee_in_call(plan: &PaymentPlan, response: &mut PayResponse) -> bool {
    let (PayResponse::Single(single), [payment], Some(fee)) =
        (response, plan.payments.as_slice(), plan.fees.first())
    else {
        return false;
    };
    let builder = Builder::new(plan.network);
    let borne = plan
        .fees
        .iter()
        .filter(|f| f.bearer == FeeBearer::Payee)
        .fold(U256::ZERO, |t, f| t + f.amount);
    let leg = payment.amount - borne;
    let pay = single.metadata.payment_transaction_index;
    let tx = match plan.currency.token_address() {
        Some(token) => builder.erc20_fee(
            &Erc20FeePayment::new(token, payment.payee, leg, payment.reference)
                .with_fee(fee.amount, fee.recipient),
        ),
        None => builder.native_fee(
            &NativeFeePayment::new(payment.payee, leg, payment.reference)
                .with_fee(fee.amount, fee.recipient),
        ),
    };
    let Ok(tx) = tx else {
        return false;
    };
    single.transactions[pay] = tx;
    single.transactions.remove(pay + 1);
    single.metadata.steps_required -= 1;
    true
}

/// Native payments through `transferExactEthWithReferenceAndFee`, each sending `extra` more
/// than it needs (the contract refunds it).
fn exact_native(network: Network, response: &mut PayResponse, extra: U256) {
    let transactions = match response {
        PayResponse::Single(s) => &mut s.transactions,
        PayResponse::Multicall(m) => &mut m.transactions,
        _ => return,
    };
    let builder = Builder::new(network);
    for tx in transactions.iter_mut() {
        let Ok(call) = IEthereumFeeProxy::transferWithReferenceAndFeeCall::abi_decode(&tx.data)
        else {
            continue;
        };
        let Ok(bytes) = <[u8; 8]>::try_from(&call._paymentReference[..]) else {
            continue;
        };
        let mut payment = NativeFeePayment::new(
            on(network, call._to),
            tx.value - call._feeAmount,
            PaymentReference::new(bytes),
        );
        if !call._feeAmount.is_zero() {
            payment = payment.with_fee(call._feeAmount, on(network, call._feeAddress));
        }
        if let Ok(mut exact) = builder.native_fee_exact(&payment) {
            exact.value += extra;
            *tx = exact;
        }
    }
}

/// A zero approval of the same token and spender before the first approval (USDT must be reset
/// to zero before a new allowance), the metadata's indices moved along.
fn reset_approval(response: &mut PayResponse) -> bool {
    let (transactions, meta) = match response {
        PayResponse::Single(s) => (&mut s.transactions, &mut s.metadata),
        PayResponse::Multicall(m) => (&mut m.transactions, &mut m.metadata),
        _ => return false,
    };
    if meta.approval_transaction_index != Some(0) {
        return false;
    }
    let Some(first) = transactions.first() else {
        return false;
    };
    let Ok(approve) = IERC20::approveCall::abi_decode(&first.data) else {
        return false;
    };
    let reset = Transaction {
        to: first.to,
        data: IERC20::approveCall {
            spender: approve.spender,
            amount: U256::ZERO,
        }
        .abi_encode()
        .into(),
        value: U256::ZERO,
    };
    transactions.insert(0, reset);
    meta.approval_transactions_count = Some(meta.approval_transactions_count.unwrap_or(1) + 1);
    meta.payment_transaction_index += 1;
    meta.steps_required += 1;
    if let Some(indices) = &mut meta.approval_transaction_indices {
        indices.iter_mut().for_each(|i| *i += 1);
        indices.insert(0, 0);
    }
    if let Some(indices) = &mut meta.fee_transaction_indices {
        indices.iter_mut().for_each(|i| *i += 1);
    }
    true
}

/// A multicall's optional mirror lists: the approvals and the (first) payment transaction.
fn add_mirrors(response: &mut PayResponse) -> bool {
    let PayResponse::Multicall(m) = response else {
        return false;
    };
    let approvals: Vec<Transaction> = m
        .metadata
        .approval_transaction_indices
        .iter()
        .flatten()
        .filter_map(|i| m.transactions.get(*i).cloned())
        .collect();
    if !approvals.is_empty() {
        m.erc20_approval_transactions = Some(approvals);
    }
    let pay = m.metadata.payment_transaction_index;
    m.batch_payment_transaction = m.transactions.get(pay).cloned();
    m.metadata.batch_payment_transaction_index = Some(pay);
    true
}

fn build_legacy(spec: &Spec) -> Option<Case> {
    let cur = currency(spec.currency);
    let network = cur.chain_network()?;
    let decimals = cur.decimals().get();
    let native = spec.kind == Kind::LegacyNative;
    if native != cur.token_address().is_none() {
        return None;
    }
    let builder = Builder::new(network);
    let rows: Vec<BatchPayee> = spec
        .amounts
        .iter()
        .enumerate()
        .map(|(i, x)| BatchPayee {
            to: on(network, payee(i)),
            amount: scaled(*x, decimals),
            reference: reference(i),
            fee_amount: spec
                .fees
                .get(i)
                .map_or(U256::ZERO, |f| scaled(f.amount, decimals)),
        })
        .collect();
    let fee_address = on(network, FEE_A);
    let amounts = rows.iter().fold(U256::ZERO, |t, r| t + r.amount);
    let row_fees = rows.iter().fold(U256::ZERO, |t, r| t + r.fee_amount);
    let rate = spec.rate;
    let batch_fee = amounts * U256::from(rate) / U256::from(1000u16);
    let mut expectation = Expectation::builder(network, cur.clone())
        .payer(on(network, PAYER))
        .batch_fee_rate(u32::from(rate));
    for row in &rows {
        expectation = expectation.payment(row.to, row.amount, Some(row.reference));
    }
    let expectation = caps(
        expectation,
        spec.caps,
        row_fees + batch_fee,
        U256::ZERO,
        decimals,
    )
    .build()
    .ok()?;
    let (approvals, batch) = if native {
        (
            Vec::new(),
            builder
                .batch_native(&rows, fee_address, u32::from(rate))
                .ok()?,
        )
    } else {
        let token = cur.token_address()?;
        let allowance = match spec.approval {
            2 => Allowance::Unlimited,
            _ => Allowance::Exact(amounts + row_fees + batch_fee),
        };
        let approvals = match spec.approval {
            0 => Vec::new(),
            _ => vec![
                builder
                    .approve_for(Flow::LegacyBatch, token, allowance)
                    .ok()?,
            ],
        };
        let batch = if spec.kind == Kind::LegacyMultiToken {
            let rows: Vec<BatchTokenPayee> = rows
                .iter()
                .map(|payee| BatchTokenPayee {
                    token,
                    payee: *payee,
                })
                .collect();
            builder.batch_erc20_multi(&rows, fee_address).ok()?
        } else {
            builder.batch_erc20(token, &rows, fee_address).ok()?
        };
        (approvals, batch)
    };
    let mut legacy = LegacyBatchPayment {
        erc20_approval_transactions: approvals,
        batch_payment_transaction: None,
        erc20_batch_payment_transaction: None,
        eth_batch_payment_transaction: None,
        metadata: Some(LegacyBatchMetadata::new(true)),
    };
    match (spec.key & 1 != 0, native) {
        (false, _) => legacy.batch_payment_transaction = Some(batch),
        (true, false) => legacy.erc20_batch_payment_transaction = Some(batch),
        (true, true) => legacy.eth_batch_payment_transaction = Some(batch),
    }
    Some(Case {
        name: format!(
            "legacy {:?} of {} row(s) in {}, row fees {:?}, rate {rate}, approval {}, caps {:?}, key {}",
            spec.kind,
            rows.len(),
            spec.currency,
            spec.fees.iter().map(|f| f.amount).collect::<Vec<_>>(),
            spec.approval,
            spec.caps,
            spec.key
        ),
        response: PayResponse::LegacyBatch(legacy),
        expectation,
        signer: Signer::Eoa(PAYER),
        legacy_rate: rate,
    })
}

/// A native batch on `BatchConversionPayments` (`Kind::ConversionNative`), the fee address
/// [`FEE_A`], the exact value the contract needs.
fn build_conversion_native(spec: &Spec) -> Option<Case> {
    use securepay::calldata::{BatchGroup, BatchPaymentNetwork, BatchRequest};
    let cur = currency(spec.currency);
    let network = cur.chain_network()?;
    if cur.token_address().is_some() {
        return None;
    }
    let decimals = cur.decimals().get();
    let rows: Vec<BatchRequest> = spec
        .amounts
        .iter()
        .enumerate()
        .map(|(i, x)| BatchRequest {
            recipient: on(network, payee(i)),
            request_amount: scaled(*x, decimals),
            path: Vec::new(),
            reference: reference(i),
            fee_amount: spec
                .fees
                .get(i)
                .map_or(U256::ZERO, |f| scaled(f.amount, decimals)),
            max_to_spend: U256::ZERO,
            max_rate_timespan: U256::ZERO,
        })
        .collect();
    let builder = Builder::new(network);
    let fee_address = on(network, FEE_A);
    let rate = u32::from(spec.rate);
    let mut batch = if spec.key & 1 == 0 {
        builder.batch_requests_native(&rows, true, fee_address, rate)
    } else {
        let group = BatchGroup {
            network: BatchPaymentNetwork::Native,
            requests: rows.clone(),
        };
        builder.batch_payments(&[group], &[], fee_address, rate)
    }
    .ok()?;
    let version = if spec.key & 2 != 0 && network == Network::Mainnet {
        let deployment = securepay::contracts::Deployments::builtin()
            .deployment(
                network,
                securepay::contracts::Contract::BatchConversionPayments,
                Some("0.2.0"),
            )
            .ok()?;
        batch.to = deployment.address();
        "0.2.0"
    } else {
        "0.1.0"
    };
    let amounts = rows.iter().fold(U256::ZERO, |t, r| t + r.request_amount);
    let row_fees = rows.iter().fold(U256::ZERO, |t, r| t + r.fee_amount);
    let batch_fee = amounts * U256::from(rate) / U256::from(10_000u16);
    let mut expectation = Expectation::builder(network, cur.clone())
        .payer(on(network, PAYER))
        .batch_fee_rate(rate);
    for row in &rows {
        expectation = expectation.payment(row.recipient, row.request_amount, Some(row.reference));
    }
    let expectation = caps(
        expectation,
        spec.caps,
        row_fees + batch_fee,
        U256::ZERO,
        decimals,
    )
    .build()
    .ok()?;
    Some(Case {
        name: format!(
            "BatchConversionPayments {version} {} of {} row(s) in {}, row fees {:?}, rate {rate}, caps {:?}",
            if spec.key & 1 == 0 {
                "batchNativePayments"
            } else {
                "batchPayments"
            },
            rows.len(),
            spec.currency,
            spec.fees.iter().map(|f| f.amount).collect::<Vec<_>>(),
            spec.caps,
        ),
        response: PayResponse::LegacyBatch(LegacyBatchPayment {
            erc20_approval_transactions: Vec::new(),
            batch_payment_transaction: Some(batch),
            erc20_batch_payment_transaction: None,
            eth_batch_payment_transaction: None,
            metadata: Some(LegacyBatchMetadata::new(true)),
        }),
        expectation,
        signer: Signer::Eoa(PAYER),
        legacy_rate: 0,
    })
}

/// Every plan the fixture test runs: each shape, currency, fee layout, approval, flow and cap
/// form, in a product small enough to run under every token behaviour.
pub fn fixture_specs() -> Vec<Spec> {
    let fee = |payee_borne, amount, request, second| FeeSpec {
        payee_borne,
        amount,
        request,
        second,
    };
    let fee_layouts: Vec<Vec<FeeSpec>> = vec![
        vec![],
        vec![fee(false, 30, 0, false)],
        vec![fee(true, 125, 0, false)],
        vec![fee(false, 30, 0, false), fee(true, 125, 1, true)],
    ];
    let mut specs = Vec::new();
    for currency in [
        "USDC-base",
        "USDT-mainnet",
        "DAI-mainnet",
        "USDC-bsc",
        "ETH-base-base",
        "BNB-bsc",
    ] {
        let token = !currency.starts_with("ETH") && !currency.starts_with("BNB");
        for (k, fees) in fee_layouts.iter().enumerate() {
            for amounts in [vec![8_275_000], vec![100_000, 2_500, 77_777]] {
                let mut spec = Spec::new(Kind::Plan, currency);
                spec.amounts = amounts.clone();
                spec.fees = fees.clone();
                spec.approval = u8::try_from(k % 3).unwrap_or(1);
                spec.caps = [Caps::Exact, Caps::OmitZero, Caps::Slack(7)][k % 3];
                specs.push(spec.clone());
                if amounts.len() == 1 && !fees.is_empty() {
                    specs.push(Spec {
                        fee_in_call: true,
                        ..spec.clone()
                    });
                }
                if token && k == 1 {
                    specs.push(Spec {
                        smart_account: true,
                        ..spec.clone()
                    });
                    specs.push(Spec {
                        reset: true,
                        approval: 1,
                        mirrors: true,
                        ..spec.clone()
                    });
                }
                if !token && k != 2 {
                    specs.push(Spec {
                        exact_native: Some(3),
                        mirrors: true,
                        ..spec.clone()
                    });
                }
            }
        }
    }
    for (kind, currency) in [
        (Kind::LegacyErc20, "USDC-mainnet"),
        (Kind::LegacyMultiToken, "USDT-matic"),
        (Kind::LegacyErc20, "USDC-bsc"),
        (Kind::LegacyNative, "ETH-mainnet"),
        (Kind::LegacyNative, "BNB-bsc"),
    ] {
        for (rate, fees, approval, key) in [
            (0u16, vec![0u64, 0, 0], 1u8, 0u8),
            (10, vec![30, 0, 5], 2, 1),
            (3, vec![0, 125, 0], 1, 1),
        ] {
            let mut spec = Spec::new(kind, currency);
            spec.amounts = vec![100_000, 2_500, 77_777];
            spec.fees = fees.into_iter().map(|a| fee(false, a, 0, false)).collect();
            spec.rate = rate;
            spec.approval = approval;
            spec.key = key;
            spec.caps = if rate == 3 {
                Caps::Slack(1)
            } else {
                Caps::Exact
            };
            specs.push(spec);
        }
    }
    // Native batches on `BatchConversionPayments` (issue 33): each entry point, both versions.
    for (currency, key, rate, fees, caps) in [
        ("ETH-mainnet", 0u8, 30u16, vec![0u64, 5, 0], Caps::Exact),
        ("ETH-mainnet", 2, 30, vec![], Caps::Slack(1)),
        ("ETH-mainnet", 3, 0, vec![1, 0, 0], Caps::OmitZero),
        ("ETH-base-base", 1, 200, vec![], Caps::Exact),
    ] {
        let mut spec = Spec::new(Kind::ConversionNative, currency);
        spec.amounts = vec![100_000, 2_500, 77_777];
        spec.fees = fees.into_iter().map(|a| fee(false, a, 0, false)).collect();
        spec.rate = rate;
        spec.key = key;
        spec.caps = caps;
        specs.push(spec);
    }
    specs
}
