//! Issue 36, item 2: the ERC-7730 descriptors (`erc7730/registry/requestnetwork/`, written by
//! `cargo run -p securepay-erc7730`) show what the verifier's summary says.
//!
//! For the crate's fixtures of every shape (single ERC-20 with and without fees, native,
//! multicall, smart account, cross-chain, legacy batch; Tron has no descriptor) and a call of every function of
//! every described contract (no-fee proxies, conversion proxies, every `BatchConversionPayments`
//! function), each transaction a wallet signs is read as a clear-signing wallet reads it: the
//! descriptor bound to its chain and address, the format whose key hashes to its selector, the
//! calldata decoded with that key's types, each field's path resolved and formatted
//! (`erc7730/src/reader.rs`, the generator's reader, included here). ERC-20 `transfer` and
//! `approve` legs are read with the registry's usual ERC-20 formats. What is shown (payees,
//! amounts with their token, fees and their recipient, references) must be what the verifier's
//! summary of the same response states; a descriptor with two labels swapped, or a fee pointed
//! at the amount, fails the comparison.

use std::collections::BTreeMap;

use alloy_primitives::{Address, Bytes, U256, address};
use alloy_sol_types::SolCall;
use serde_json::{Value, json};

use securepay::address::ChainAddress;
use securepay::calldata::{
    Allowance, BatchGroup, BatchPayee, BatchPaymentNetwork, BatchRequest, BatchTokenPayee, Builder,
    Erc20ConversionPayment, Erc20FeePayment, Fee, Flow, NativeConversionPayment, NativeFeePayment,
    PaymentReference,
};
use securepay::contracts::abi::{
    IBatchConversionPayments, IERC20Proxy, IEthereumProxy, RequestDetail,
};
use securepay::contracts::{Contract, Deployments};
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::pay::{
    ApprovalPlan, CrossChainRoute, FeeBearer, LegacyBatchPayment, PayResponse, PaymentPlan,
    PlannedFee, PlannedPayment, SmartAccountFlow,
};
use securepay::transaction::Transaction;
use securepay::verify::{Expectation, FindingCode, SummaryLine, Verdict, verify};

#[allow(dead_code)] // the generator's uses of the reader are not all this test's
#[path = "../../erc7730/src/reader.rs"]
mod reader;

use reader::{Container, Screen, Shown};

const REGISTRY: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/erc7730/registry/requestnetwork"
);
const PAYEE: Address = address!("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7");
const PAYEE_2: Address = address!("0x4242424242424242424242424242424242424202");
const FEE_TO: Address = address!("0x9795d480C2C50392A4714A0F468059C6448DeCe2");
const USDC_BASE: Address = address!("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
const USDC_MAINNET: Address = address!("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const DAI_MAINNET: Address = address!("0x6B175474E89094C44Da98b954EedeAC495271d0F");
const USDC_SEPOLIA: Address = address!("0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238");
/// The USD currency hash.
const USD: Address = address!("0x775eb53d00dd0acd3ec1696472105d579b9b386b");
/// `ETH-sepolia-sepolia` and `ETH-base-base`, the native currencies' hashes.
const ETH_SEPOLIA: Address = address!("0xbb3546497a53cd710beb11b84c5240327f145bcb");
const ETH_BASE: Address = address!("0xb678b03f3f3a6ea652ad1d183032fac176d83b08");

/// The registry's usual ERC-20 formats (`transfer`, `approve`), for the legs of a response that
/// call a token rather than a Request Network contract.
fn erc20_descriptor() -> Value {
    json!({
        "metadata": { "owner": "ERC-20 token" },
        "display": { "formats": {
            "transfer(address to,uint256 value)": { "intent": "Send", "fields": [
                { "path": "to", "label": "To", "format": "addressName" },
                { "path": "value", "label": "Amount", "format": "tokenAmount", "params": { "tokenPath": "@.to" } }
            ]},
            "approve(address spender,uint256 value)": { "intent": "Approve", "fields": [
                { "path": "spender", "label": "Spender", "format": "addressName" },
                { "path": "value", "label": "Amount", "format": "tokenAmount", "params": { "tokenPath": "@.to" } }
            ]},
            "transferFrom(address from,address to,uint256 value)": { "intent": "Move", "fields": [
                { "path": "from", "label": "From", "format": "addressName" },
                { "path": "to", "label": "To", "format": "addressName" },
                { "path": "value", "label": "Amount", "format": "tokenAmount", "params": { "tokenPath": "@.to" } }
            ]}
        }}
    })
}

/// The committed descriptors, by file name.
fn descriptors() -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(REGISTRY).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.ends_with(".json") {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            out.insert(name, serde_json::from_str(&text).unwrap());
        }
    }
    assert_eq!(out.len(), 8, "{:?}", out.keys());
    out
}

/// An asset and an amount of it: `None` for the native currency.
type Amount = (Option<Address>, U256);

/// One payment a screen shows.
#[derive(Debug, Default, Clone)]
struct Row {
    payee: Option<Address>,
    amount: Option<Amount>,
    fee: Option<Amount>,
    reference: Option<String>,
    amount_and_fee: Option<Amount>,
    max_to_spend: Option<Amount>,
    request_amount: Option<(Amount, bool)>,
    request_fee: Option<(Amount, bool)>,
}

fn amount_of(shown: &Shown) -> Result<(Amount, bool), String> {
    match shown {
        Shown::Amount {
            units,
            token,
            known,
        } => Ok(((*token, *units), *known)),
        other => Err(format!("an amount label shows {other:?}")),
    }
}

fn address_of(shown: &Shown) -> Result<Address, String> {
    match shown {
        Shown::Address(a) => Ok(*a),
        other => Err(format!("an address label shows {other:?}")),
    }
}

/// What a screen claims, read by its labels (the generator's `Role` labels).
fn rows_of(screen: &Screen) -> Result<(Vec<Row>, Option<Address>), String> {
    let mut rows: Vec<Row> = Vec::new();
    let mut fee_recipient = None;
    for field in &screen.fields {
        if field.label == "Payee" {
            rows.push(Row {
                payee: Some(address_of(&field.shown)?),
                ..Row::default()
            });
            continue;
        }
        if field.label == "Fee recipient" {
            fee_recipient = Some(address_of(&field.shown)?);
            continue;
        }
        if field.label == "Payment kind" {
            continue;
        }
        let row = rows
            .last_mut()
            .ok_or_else(|| format!("{} before any payee", field.label))?;
        match field.label.as_str() {
            "Amount" => row.amount = Some(amount_of(&field.shown)?.0),
            "Fee" => row.fee = Some(amount_of(&field.shown)?.0),
            "Amount and fee" => row.amount_and_fee = Some(amount_of(&field.shown)?.0),
            "At most spent (amount and fee)" => row.max_to_spend = Some(amount_of(&field.shown)?.0),
            "Request amount (request currency)" => {
                row.request_amount = Some(amount_of(&field.shown)?)
            }
            "Fee (request currency)" => row.request_fee = Some(amount_of(&field.shown)?),
            "Payment reference" => row.reference = Some(field.text.clone()),
            other => return Err(format!("a label with no meaning: {other:?}")),
        }
    }
    Ok((rows, fee_recipient))
}

/// What a wallet shows for a whole response, as claims the summary must make.
#[derive(Debug, Default)]
struct Claims {
    /// (payee, asset, units, reference).
    pays: Vec<(Address, Option<Address>, U256, Option<String>)>,
    /// Per (recipient, asset): the fees.
    fees: BTreeMap<(Address, Option<Address>), U256>,
    /// Plain token transfers (`transfer` legs): (to, token, units).
    sends: Vec<(Address, Option<Address>, U256)>,
    /// The fee recipient of each batch screen.
    batch_fee_recipients: Vec<Address>,
    /// Conversion rows whose amount only the rate decides: (payee, most spent).
    conversions: Vec<(Address, Amount)>,
    /// Calls no descriptor of these reads (the LI.FI bridge).
    unread: Vec<Address>,
    /// The screens, for messages.
    screens: Vec<Screen>,
}

/// Every transaction of a response a wallet signs, in order.
fn signed(response: &PayResponse) -> Vec<Transaction> {
    let mut out = Vec::new();
    match response {
        PayResponse::Single(s) => {
            out.extend(s.eoa_approval_transactions.iter().flatten().cloned());
            out.extend(s.transactions.iter().cloned());
        }
        PayResponse::Multicall(m) => {
            out.extend(m.eoa_approval_transactions.iter().flatten().cloned());
            out.extend(m.erc20_approval_transactions.iter().flatten().cloned());
            out.extend(m.transactions.iter().cloned());
            out.extend(m.batch_payment_transaction.iter().cloned());
        }
        PayResponse::LegacyBatch(b) => {
            out.extend(b.erc20_approval_transactions.iter().cloned());
            out.extend(b.batch_transactions().cloned());
        }
        _ => panic!("a response shape this test does not know"),
    }
    out
}

/// Reads every transaction of `response` on `network` with `descriptors`.
fn claims(
    network: Network,
    response: &PayResponse,
    descriptors: &BTreeMap<String, Value>,
) -> Result<Claims, String> {
    let mut claims = Claims::default();
    let erc20 = erc20_descriptor();
    let lifi = Deployments::builtin()
        .address(network, Contract::LiFiDiamond)
        .ok();
    for tx in signed(response) {
        let to = tx.to.abi();
        let container = Container {
            network,
            to,
            value: tx.value,
        };
        let bound: Vec<&Value> = descriptors
            .values()
            .filter(|d| reader::binds(d, network.chain_id(), to))
            .collect();
        let descriptor = match bound.as_slice() {
            [one] => *one,
            [] if lifi.is_some_and(|l| l.abi() == to) => {
                claims.unread.push(to);
                continue;
            }
            [] => &erc20,
            _ => return Err(format!("{to}: bound by {} descriptors", bound.len())),
        };
        let screen =
            reader::render(descriptor, container, &tx.data).map_err(|e| format!("{to}: {e}"))?;
        if screen.intent == "Send" {
            let to_field = screen
                .fields
                .iter()
                .find(|f| f.label == "To")
                .ok_or("no To")?;
            let value = screen
                .fields
                .iter()
                .find(|f| f.label == "Amount")
                .ok_or("no Amount")?;
            let ((token, units), _) = amount_of(&value.shown)?;
            claims
                .sends
                .push((address_of(&to_field.shown)?, token, units));
        } else if screen.intent != "Approve" && screen.intent != "Move" {
            assert_eq!(screen.owner, "Request Network");
            let (rows, fee_recipient) = rows_of(&screen)?;
            if screen.intent.contains("batch") {
                claims
                    .batch_fee_recipients
                    .push(fee_recipient.ok_or("a batch screen without its fee recipient")?);
            }
            for row in rows {
                let payee = row.payee.ok_or("a row without a payee")?;
                // What the payee receives, as the screen states it.
                let (paid, fee) = match (row.amount, row.amount_and_fee, row.request_amount) {
                    (Some(amount), _, _) => (Some(amount), row.fee),
                    (None, Some((asset, sent)), _) => {
                        let fee = row.fee.ok_or("an amount and fee without the fee")?;
                        if fee.0 != asset {
                            return Err("an amount and fee of two assets".into());
                        }
                        let amount = sent.checked_sub(fee.1).ok_or("a fee above what is sent")?;
                        (Some((asset, amount)), Some(fee))
                    }
                    // A conversion of a path of one token: the request's currency is the token.
                    (None, None, Some((amount, true))) => {
                        (Some(amount), row.request_fee.map(|(fee, _)| fee))
                    }
                    (None, None, _) => {
                        let most = row
                            .max_to_spend
                            .ok_or("a conversion without what it spends")?;
                        claims.conversions.push((payee, most));
                        (None, None)
                    }
                };
                if let Some((asset, units)) = paid {
                    claims
                        .pays
                        .push((payee, asset, units, row.reference.clone()));
                }
                if let Some((asset, units)) = fee.filter(|(_, units)| !units.is_zero()) {
                    let recipient = fee_recipient.ok_or("a fee without its recipient")?;
                    *claims.fees.entry((recipient, asset)).or_default() += units;
                }
            }
        }
        claims.screens.push(screen);
    }
    Ok(claims)
}

fn token_of(party_asset: &securepay::verify::AssetRef) -> Option<Address> {
    party_asset.token.and_then(|t| t.address().map(|a| a.abi()))
}

/// The comparison: what the screens show is what the summary states.
fn compare(
    network: Network,
    response: &PayResponse,
    verdict: &Verdict,
    descriptors: &BTreeMap<String, Value>,
) -> Result<Claims, String> {
    let claims = claims(network, response, descriptors)?;
    let mut pays = claims.pays.clone();
    let mut sends = claims.sends.clone();
    let mut fees: BTreeMap<(Address, Option<Address>), U256> = BTreeMap::new();
    let mut bridged = 0;
    for line in &verdict.summary.lines {
        match line {
            SummaryLine::Pay {
                payee,
                amount,
                reference,
                bridged_from,
                ..
            } => {
                if bridged_from.is_some() {
                    // Delivered by the bridge on another chain: no descriptor of these shows it.
                    bridged += 1;
                    continue;
                }
                let payee = payee.address().ok_or("a hidden payee")?.abi();
                let token = token_of(&amount.asset);
                let at = pays.iter().position(|(p, t, u, r)| {
                    *p == payee && *t == token && *u == amount.units && r == reference
                });
                match at {
                    Some(at) => {
                        pays.remove(at);
                    }
                    None => match sends
                        .iter()
                        .position(|s| *s == (payee, token, amount.units))
                    {
                        Some(at) => {
                            sends.remove(at);
                        }
                        None => {
                            return Err(format!(
                                "the summary's {line} is not shown; shown: {:?}",
                                claims.pays
                            ));
                        }
                    },
                }
            }
            SummaryLine::Fee {
                recipient, amount, ..
            } => {
                let recipient = recipient.address().ok_or("a hidden fee recipient")?.abi();
                *fees
                    .entry((recipient, token_of(&amount.asset)))
                    .or_default() += amount.units;
            }
            SummaryLine::BatchFee { recipient, .. } => {
                let recipient = recipient
                    .address()
                    .ok_or("a hidden batch fee recipient")?
                    .abi();
                if !claims.batch_fee_recipients.contains(&recipient) {
                    return Err(format!(
                        "the summary's {line}: the screens name {:?}",
                        claims.batch_fee_recipients
                    ));
                }
            }
            _ => {}
        }
    }
    // A fee sent as its own proxy call (a fee leg of the response) or as a token transfer is
    // shown as a payment to the fee recipient: the response's fee bundle, which only the
    // verifier reads, makes it a fee. Its recipient, asset and amount are still shown.
    let mut shown_fees = claims.fees.clone();
    for (to, token, units, _) in pays {
        *shown_fees.entry((to, token)).or_default() += units;
    }
    for (to, token, units) in sends {
        *shown_fees.entry((to, token)).or_default() += units;
    }
    if shown_fees != fees {
        return Err(format!("fees shown {shown_fees:?}, the summary's {fees:?}"));
    }
    if bridged > 0 && claims.unread.is_empty() {
        return Err("a bridged payment with no bridge call".into());
    }
    // A conversion's outflow depends on a market rate: the screen shows its payee and the most
    // it spends, the verifier says it cannot check it.
    if !claims.conversions.is_empty()
        && !verdict
            .findings
            .iter()
            .any(|f| f.code == FindingCode::UnverifiableCall)
    {
        return Err("a conversion the verifier does not call unverifiable".into());
    }
    Ok(claims)
}

// ---- fixtures -----------------------------------------------------------------------------

struct Case {
    name: String,
    network: Network,
    response: PayResponse,
    expectation: Expectation,
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
) -> PaymentPlan {
    let currency = Catalog::builtin().get(currency).unwrap().clone();
    let payments = payees
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
    let recipient = match network {
        Network::Tron => {
            ChainAddress::parse(network, "TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs").unwrap()
        }
        _ => ChainAddress::from_abi(network, FEE_TO),
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
            recipient,
        })
        .collect();
    PaymentPlan {
        network,
        currency,
        payments,
        fees,
        approval,
        smart_account: None,
        parent_token: Some("01JD3E6JD46KY4KKV7X9V0MZ00".parse().unwrap()),
        bundle_id: None,
    }
}

fn planned(name: &str, plan: PaymentPlan) -> Case {
    Case {
        name: name.into(),
        network: plan.network,
        expectation: Expectation::for_plan(&plan).unwrap(),
        response: plan.build().unwrap(),
    }
}

/// One transaction as a single response, with an expectation naming the network (the summary
/// states the transactions, whatever was agreed).
fn single(name: &str, network: Network, currency: &str, tx: Transaction) -> Case {
    single_to(name, network, currency, tx, &[PAYEE])
}

/// [`single`], the payees named (the summary states a payment to anyone else as a fee).
fn single_to(
    name: &str,
    network: Network,
    currency: &str,
    tx: Transaction,
    payees: &[Address],
) -> Case {
    let body = json!({
        "paymentType": "single", "feeBundle": null,
        "transactions": [{ "to": tx.to.to_string(), "data": tx.data.to_string(), "value": tx.value.to_string() }],
        "metadata": { "stepsRequired": 1, "needsApproval": false, "paymentTransactionIndex": 0 }
    });
    let expectation = json!({
        "network": network.id(), "currency": currency,
        "payments": payees.iter().map(|p| json!({ "payee": p.to_checksum(None), "amount": "1" })).collect::<Vec<_>>()
    });
    Case {
        name: name.into(),
        network,
        response: PayResponse::from_str(&body.to_string()).unwrap(),
        expectation: Expectation::from_str(&expectation.to_string()).unwrap(),
    }
}

fn on(network: Network, a: Address) -> ChainAddress {
    ChainAddress::from_abi(network, a)
}

fn to_contract(network: Network, contract: Contract, data: Vec<u8>, value: U256) -> Transaction {
    Transaction {
        to: Deployments::builtin().address(network, contract).unwrap(),
        data: Bytes::from(data),
        value,
    }
}

fn request(
    network: Network,
    token: Address,
    recipient: Address,
    amount: u64,
    byte: u8,
) -> BatchRequest {
    BatchRequest {
        recipient: on(network, recipient),
        request_amount: U256::from(amount),
        path: vec![token],
        reference: PaymentReference::new([byte; 8]),
        fee_amount: U256::from(amount / 100),
        max_to_spend: U256::ZERO,
        max_rate_timespan: U256::ZERO,
    }
}

/// The plan-built responses of every shape (as `tests/it/verify/cases.rs` builds them).
fn shapes() -> Vec<Case> {
    let usdc = "USDC-base";
    let mut cases = vec![
        planned(
            "single ERC-20, no fee, no approval",
            plan(
                Network::Base,
                usdc,
                vec![(payee(1), 10_500_000)],
                vec![],
                ApprovalPlan::None,
            ),
        ),
        planned(
            "single ERC-20 with payer- and payee-borne fees",
            plan(
                Network::Base,
                usdc,
                vec![(payee(1), 10_500_000)],
                vec![(FeeBearer::Payer, 300_000), (FeeBearer::Payee, 200_000)],
                ApprovalPlan::Exact,
            ),
        ),
        planned(
            "single native with a fee",
            plan(
                Network::Base,
                "ETH-base-base",
                vec![(payee(1), 200_000_000_000_000_000)],
                vec![(FeeBearer::Payer, 1_000_000_000_000)],
                ApprovalPlan::None,
            ),
        ),
        planned(
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
    ];
    let mut smart = plan(
        Network::Base,
        usdc,
        vec![(payee(1), 7_000_000), (payee(2), 3_000_000)],
        vec![],
        ApprovalPlan::Exact,
    );
    smart.smart_account = Some(SmartAccountFlow {
        account: on(
            Network::Base,
            address!("0x1111111111111111111111111111111111111111"),
        ),
        funding_eoa: on(
            Network::Base,
            address!("0x2222222222222222222222222222222222222222"),
        ),
    });
    cases.push(planned("multicall same-chain, smart account", smart));
    // Cross-chain: USDT on Optimism bridged to USDC on Base.
    let cross = plan(
        Network::Base,
        usdc,
        vec![(payee(1), 25_000_000), (payee(2), 15_500_000)],
        vec![],
        ApprovalPlan::Exact,
    );
    let route = CrossChainRoute {
        network: Network::Optimism,
        currency: Catalog::builtin().get("USDT-optimism").unwrap().clone(),
        payer: on(
            Network::Optimism,
            address!("0x2222222222222222222222222222222222222222"),
        ),
        source_amounts: cross
            .payments
            .iter()
            .map(|p| p.amount + U256::from(100_000u64))
            .collect(),
        quote_timestamp: 1_773_740_000,
        fill_deadline: 1_773_750_000,
    };
    cases.push(Case {
        name: "multicall cross-chain".into(),
        network: Network::Optimism,
        expectation: Expectation::for_cross_chain_plan(&cross, &route).unwrap(),
        response: cross.build_cross_chain(&route).unwrap(),
    });
    // Legacy batch (BatchPayments on Ethereum) with its approval.
    let builder = Builder::new(Network::Mainnet);
    let payees: Vec<BatchPayee> = (1..=3u8)
        .map(|i| BatchPayee {
            to: on(Network::Mainnet, payee(i).abi()),
            amount: U256::from(1_000_000u64 * u64::from(i)),
            reference: PaymentReference::new([i; 8]),
            fee_amount: U256::from(10_000u64),
        })
        .collect();
    let usdc_mainnet = on(Network::Mainnet, USDC_MAINNET);
    let response = PayResponse::LegacyBatch(LegacyBatchPayment {
        erc20_approval_transactions: vec![
            builder
                .approve_for(
                    Flow::LegacyBatch,
                    usdc_mainnet,
                    Allowance::Exact(U256::from(6_090_000u64)),
                )
                .unwrap(),
        ],
        batch_payment_transaction: Some(
            builder
                .batch_erc20(usdc_mainnet, &payees, on(Network::Mainnet, FEE_TO))
                .unwrap(),
        ),
        erc20_batch_payment_transaction: None,
        eth_batch_payment_transaction: None,
        metadata: None,
    });
    let expectation = json!({
        "network": "mainnet", "currency": "USDC-mainnet", "batchFeeRate": 10, "maxPayerFees": "0.09",
        "payments": payees.iter().map(|p| json!({"payee": p.to.to_string(), "amount": securepay::amount::format_units(p.amount, securepay::amount::Decimals::new(6).unwrap()), "reference": p.reference.to_string()})).collect::<Vec<_>>()
    });
    cases.push(Case {
        name: "legacy batch, one token".into(),
        network: Network::Mainnet,
        response,
        expectation: Expectation::from_str(&expectation.to_string()).unwrap(),
    });
    cases
}

/// A call of every other function of every described contract.
fn calls() -> Vec<Case> {
    let base = Builder::new(Network::Base);
    let mainnet = Builder::new(Network::Mainnet);
    let sepolia = Builder::new(Network::Sepolia);
    let b = |a| on(Network::Base, a);
    let m = |a| on(Network::Mainnet, a);
    let s = |a| on(Network::Sepolia, a);
    let native = NativeFeePayment::new(
        b(PAYEE),
        U256::from(200_000_000_000_000_000u64),
        PaymentReference::new([0x11; 8]),
    )
    .with_fee(U256::from(1_000_000_000_000u64), b(FEE_TO));
    let legacy: Vec<BatchPayee> = [(PAYEE, 1_000_000u64, 1u8), (PAYEE_2, 2_500_000, 2)]
        .into_iter()
        .map(|(to, amount, byte)| BatchPayee {
            to: m(to),
            amount: U256::from(amount),
            reference: PaymentReference::new([byte; 8]),
            fee_amount: U256::from(amount / 100),
        })
        .collect();
    let multi: Vec<BatchTokenPayee> = legacy
        .iter()
        .zip([USDC_MAINNET, DAI_MAINNET])
        .map(|(p, token)| BatchTokenPayee {
            token: m(token),
            payee: *p,
        })
        .collect();
    let legacy_native: Vec<BatchPayee> = legacy
        .iter()
        .map(|p| BatchPayee {
            amount: p.amount * U256::from(1_000_000_000u64),
            fee_amount: p.fee_amount * U256::from(1_000_000_000u64),
            ..*p
        })
        .collect();
    let erc20_rows = vec![
        request(Network::Base, USDC_BASE, PAYEE, 3_000_000, 6),
        request(Network::Base, USDC_BASE, PAYEE_2, 4_000_000, 7),
    ];
    let native_rows = vec![request(
        Network::Sepolia,
        ETH_SEPOLIA,
        PAYEE,
        1_000_000_000_000_000,
        8,
    )];
    let groups = [
        BatchGroup {
            network: BatchPaymentNetwork::MultiErc20,
            requests: vec![request(
                Network::Sepolia,
                USDC_SEPOLIA,
                PAYEE_2,
                5_000_000,
                9,
            )],
        },
        BatchGroup {
            network: BatchPaymentNetwork::Native,
            requests: native_rows.clone(),
        },
    ];
    let conversion_row = |recipient: Address, byte: u8| RequestDetail {
        recipient,
        requestAmount: U256::from(2_000_000_000u64),
        path: vec![USD, USDC_BASE],
        paymentReference: Bytes::from(vec![byte; 8]),
        feeAmount: U256::from(20_000_000u64),
        maxToSpend: U256::from(20_400_000u64),
        maxRateTimespan: U256::ZERO,
    };
    vec![
        single(
            "ERC20Proxy",
            Network::Base,
            "USDC-base",
            to_contract(
                Network::Base,
                Contract::Erc20Proxy,
                IERC20Proxy::transferFromWithReferenceCall {
                    _tokenAddress: USDC_BASE,
                    _to: PAYEE,
                    _amount: U256::from(10_500_000u64),
                    _paymentReference: Bytes::from(vec![0x22; 8]),
                }
                .abi_encode(),
                U256::ZERO,
            ),
        ),
        single(
            "EthereumProxy",
            Network::Base,
            "ETH-base-base",
            to_contract(
                Network::Base,
                Contract::EthereumProxy,
                IEthereumProxy::transferWithReferenceCall {
                    _to: PAYEE,
                    _paymentReference: Bytes::from(vec![0x33; 8]),
                }
                .abi_encode(),
                U256::from(50_000_000_000_000_000u64),
            ),
        ),
        single(
            "EthereumFeeProxy, value = amount + fee",
            Network::Base,
            "ETH-base-base",
            base.native_fee(&native).unwrap(),
        ),
        single(
            "EthereumFeeProxy, exact amount",
            Network::Base,
            "ETH-base-base",
            base.native_fee_exact(&native).unwrap(),
        ),
        single(
            "ERC20FeeProxy with a fee",
            Network::Base,
            "USDC-base",
            base.erc20_fee(
                &Erc20FeePayment::new(
                    b(USDC_BASE),
                    b(PAYEE),
                    U256::from(827_500_000u64),
                    PaymentReference::new([0xe2; 8]),
                )
                .with_fee(U256::from(1_550_000u64), b(FEE_TO)),
            )
            .unwrap(),
        ),
        single(
            "Erc20ConversionProxy, USD paid in USDC",
            Network::Base,
            "USDC-base",
            base.erc20_conversion(&Erc20ConversionPayment {
                to: b(PAYEE),
                request_amount: U256::from(10_000_000_000u64),
                path: vec![USD, USDC_BASE],
                reference: PaymentReference::new([0x44; 8]),
                fee: Some(Fee {
                    amount: U256::from(50_000_000u64),
                    recipient: b(FEE_TO),
                }),
                max_to_spend: U256::from(101_500_000u64),
                max_rate_timespan: U256::ZERO,
            })
            .unwrap(),
        ),
        single(
            "Erc20ConversionProxy, a path of one token",
            Network::Base,
            "USDC-base",
            base.erc20_conversion(&Erc20ConversionPayment {
                to: b(PAYEE),
                request_amount: U256::from(25_000_000u64),
                path: vec![USDC_BASE],
                reference: PaymentReference::new([0x45; 8]),
                fee: Some(Fee {
                    amount: U256::from(250_000u64),
                    recipient: b(FEE_TO),
                }),
                max_to_spend: U256::from(25_250_000u64),
                max_rate_timespan: U256::ZERO,
            })
            .unwrap(),
        ),
        single(
            "EthConversionProxy, USD paid in ETH",
            Network::Sepolia,
            "ETH-sepolia-sepolia",
            sepolia
                .native_conversion(&NativeConversionPayment {
                    to: s(PAYEE),
                    request_amount: U256::from(1_050_000_000u64),
                    path: vec![USD, ETH_SEPOLIA],
                    reference: PaymentReference::new([0x55; 8]),
                    fee: Some(Fee {
                        amount: U256::from(10_000_000u64),
                        recipient: s(FEE_TO),
                    }),
                    max_to_spend: U256::from(4_000_000_000_000_000u64),
                    max_rate_timespan: U256::ZERO,
                })
                .unwrap(),
        ),
        single_to(
            "BatchPayments, several tokens",
            Network::Mainnet,
            "USDC-mainnet",
            mainnet.batch_erc20_multi(&multi, m(FEE_TO)).unwrap(),
            &[PAYEE, PAYEE_2],
        ),
        single_to(
            "BatchPayments, native",
            Network::Mainnet,
            "ETH-mainnet",
            mainnet.batch_native(&legacy_native, m(FEE_TO), 10).unwrap(),
            &[PAYEE, PAYEE_2],
        ),
        single_to(
            "BatchConversionPayments.batchERC20Payments",
            Network::Base,
            "USDC-base",
            base.batch_requests_erc20(&erc20_rows, &[], b(FEE_TO))
                .unwrap(),
            &[PAYEE, PAYEE_2],
        ),
        single_to(
            "BatchConversionPayments.batchMultiERC20Payments",
            Network::Base,
            "USDC-base",
            base.batch_requests_multi_erc20(&erc20_rows, &[], b(FEE_TO))
                .unwrap(),
            &[PAYEE, PAYEE_2],
        ),
        single(
            "BatchConversionPayments.batchNativePayments",
            Network::Sepolia,
            "ETH-sepolia-sepolia",
            sepolia
                .batch_requests_native(&native_rows, true, s(FEE_TO), 30)
                .unwrap(),
        ),
        single_to(
            "BatchConversionPayments.batchPayments, ERC-20 and native groups",
            Network::Sepolia,
            "ETH-sepolia-sepolia",
            sepolia.batch_payments(&groups, &[], s(FEE_TO), 30).unwrap(),
            &[PAYEE, PAYEE_2],
        ),
        single_to(
            "BatchConversionPayments.batchMultiERC20ConversionPayments",
            Network::Base,
            "USDC-base",
            to_contract(
                Network::Base,
                Contract::BatchConversionPayments,
                IBatchConversionPayments::batchMultiERC20ConversionPaymentsCall {
                    requestDetails: vec![
                        conversion_row(PAYEE, 0x0a),
                        conversion_row(PAYEE_2, 0x0b),
                    ],
                    pathsToUSD: vec![],
                    feeAddress: FEE_TO,
                }
                .abi_encode(),
                U256::ZERO,
            ),
            &[PAYEE, PAYEE_2],
        ),
        single(
            "BatchConversionPayments.batchNativeConversionPayments",
            Network::Base,
            "ETH-base-base",
            to_contract(
                Network::Base,
                Contract::BatchConversionPayments,
                IBatchConversionPayments::batchNativeConversionPaymentsCall {
                    requestDetails: vec![RequestDetail {
                        path: vec![USD, ETH_BASE],
                        maxToSpend: U256::from(10_000_000_000_000_000u64),
                        ..conversion_row(PAYEE, 0x0c)
                    }],
                    skipFeeUSDLimit: false,
                    feeAddress: FEE_TO,
                }
                .abi_encode(),
                U256::from(10_000_000_000_000_000u64),
            ),
        ),
    ]
}

fn all_cases() -> Vec<Case> {
    shapes().into_iter().chain(calls()).collect()
}

#[test]
fn every_descriptor_shows_what_the_verifier_summary_says() {
    let descriptors = descriptors();
    let mut read = BTreeMap::<String, usize>::new();
    for case in all_cases() {
        let verdict = verify(&case.response, &case.expectation);
        let claims =
            compare(case.network, &case.response, &verdict, &descriptors).unwrap_or_else(|e| {
                panic!(
                    "{}: {e}\n{}",
                    case.name,
                    verdict.summary.to_lines().join("\n")
                )
            });
        for screen in &claims.screens {
            *read.entry(screen.key.clone()).or_default() += 1;
        }
    }
    // Every format of every descriptor was read at least once.
    for (name, descriptor) in &descriptors {
        for key in descriptor["display"]["formats"].as_object().unwrap().keys() {
            assert!(
                read.contains_key(key),
                "{name}: {key} is read by no fixture"
            );
        }
    }
}

#[test]
fn a_cross_chain_route_and_tron_are_only_the_verifier_s() {
    let descriptors = descriptors();
    let cross = shapes()
        .into_iter()
        .find(|c| c.name == "multicall cross-chain")
        .unwrap();
    let verdict = verify(&cross.response, &cross.expectation);
    let claims = compare(cross.network, &cross.response, &verdict, &descriptors).unwrap();
    // The payer signs an approval and LI.FI calls: no Request Network descriptor reads them.
    assert!(claims.pays.is_empty() && !claims.unread.is_empty());
    assert!(
        verdict
            .summary
            .lines
            .iter()
            .any(|l| matches!(l, SummaryLine::Bridge { .. }))
    );
    // Tron has no EIP-155 chain id: no descriptor is bound to a Tron deployment.
    let tron_proxy = Deployments::builtin()
        .address(Network::Tron, Contract::Erc20FeeProxy)
        .unwrap();
    for descriptor in descriptors.values() {
        for deployment in descriptor["context"]["contract"]["deployments"]
            .as_array()
            .unwrap()
        {
            assert_ne!(
                deployment["address"].as_str().unwrap().to_lowercase(),
                tron_proxy.abi().to_string().to_lowercase()
            );
        }
    }
}

/// A descriptor that shows something else fails the comparison.
#[test]
fn a_descriptor_with_swapped_labels_or_a_wrong_path_fails() {
    let descriptors = descriptors();
    let case = calls()
        .into_iter()
        .find(|c| c.name == "ERC20FeeProxy with a fee")
        .unwrap();
    let verdict = verify(&case.response, &case.expectation);
    compare(case.network, &case.response, &verdict, &descriptors).unwrap();
    let name = "calldata-ERC20FeeProxy.json";
    let key = descriptors[name]["display"]["formats"]
        .as_object()
        .unwrap()
        .keys()
        .next()
        .unwrap()
        .clone();
    let mutate = |edit: &dyn Fn(&mut Vec<Value>)| {
        let mut mutated = descriptors.clone();
        let fields = mutated.get_mut(name).unwrap()["display"]["formats"][&key]["fields"]
            .as_array_mut()
            .unwrap();
        edit(fields);
        compare(case.network, &case.response, &verdict, &mutated)
    };
    let by_path = |fields: &mut Vec<Value>, path: &str| {
        fields.iter().position(|f| f["path"] == path).unwrap()
    };
    // `_to` and `_feeAddress` labels swapped: the payee shown is the fee recipient.
    let swapped = mutate(&|fields| {
        let (to, fee) = (by_path(fields, "_to"), by_path(fields, "_feeAddress"));
        let label = fields[to]["label"].clone();
        fields[to]["label"] = fields[fee]["label"].clone();
        fields[fee]["label"] = label;
    });
    assert!(swapped.is_err(), "swapped labels passed");
    // The fee amount's path pointed at `_amount`.
    let wrong_path = mutate(&|fields| {
        let fee = by_path(fields, "_feeAmount");
        fields[fee]["path"] = json!("_amount");
    });
    let error = wrong_path.unwrap_err();
    assert!(error.starts_with("fees shown"), "{error}");
    // The amount's token pointed at another argument: no longer the token paid.
    let wrong_token = mutate(&|fields| {
        let amount = by_path(fields, "_amount");
        fields[amount]["params"]["tokenPath"] = json!("_to");
    });
    assert!(wrong_token.is_err(), "a wrong token passed");
}

/// The reader finds formats by hashing keys, and decodes strictly.
#[test]
fn the_reader_matches_selectors_and_refuses_bad_calldata() {
    let descriptors = descriptors();
    let proxy = &descriptors["calldata-ERC20FeeProxy.json"];
    let case = calls()
        .into_iter()
        .find(|c| c.name == "ERC20FeeProxy with a fee")
        .unwrap();
    let tx = &signed(&case.response)[0];
    let container = Container {
        network: Network::Base,
        to: tx.to.abi(),
        value: tx.value,
    };
    let screen = reader::render(proxy, container, &tx.data).unwrap();
    assert_eq!(
        screen
            .fields
            .iter()
            .map(|f| f.text.as_str())
            .collect::<Vec<_>>(),
        [
            "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
            "827.5 USDC",
            "1.55 USDC",
            "0x9795d480C2C50392A4714A0F468059C6448DeCe2",
            "0xe2e2e2e2e2e2e2e2",
        ]
    );
    // Cut by a byte: refused. Another selector: no format.
    assert!(reader::render(proxy, container, &tx.data[..tx.data.len() - 1]).is_err());
    let mut other = tx.data.to_vec();
    other[0] ^= 1;
    assert!(
        reader::render(proxy, container, &other)
            .unwrap_err()
            .0
            .starts_with("no format")
    );
    assert_eq!(reader::group_thousands("1234567.25"), "1,234,567.25");
}
