//! A case run on a chain of its network: Request Network's contracts at the table's addresses,
//! the payment token a test token of one behaviour (at the catalog's address, with the
//! currency's decimals), any other catalog token the response calls a standard one, the smart
//! account at the agreed address, the payer funded far beyond the agreement (so that taking too
//! much shows as a balance change, not as a revert; at least the agreement and its caps, up to
//! 2^200 units), then every transaction sent in order as the wallet would.
//!
//! What the verdict says the payment relies on is set up first: a `approval_below_need`
//! caution without any approval names an allowance given earlier, which the chain then has
//! (exactly the need). That is the state the verifier cannot see; the rest starts empty: no
//! token is paused, no address blocked, no allowance left over (the behaviours that only make
//! a transaction fail in a state the verifier cannot see stay dormant).
//!
//! Addresses by behaviour (issue 33): a run may also place hostile code (`evm/hostile.rs`, one
//! mode per run) at every address the response chooses (`chosen`): every address in its
//! calldata or as a target that is not the payer's, an agreed payee, a contract of the table, a
//! catalog token or a currency hash. Under the re-entering mode the attacker also calls each of
//! them once after the response has run (`Execution::after`): it takes the allowances the payer
//! left it.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Mutex, OnceLock, PoisonError};

use alloy_primitives::{Address, U256};
use alloy_sol_types::{SolCall, SolValue};
use securepay::calldata::decode::{BatchFunction, LegacyBatchTokens};
use securepay::calldata::{BatchPaymentNetwork, Call, Decoder};
use securepay::contracts::abi::IERC20;
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::pay::PayResponse;
use securepay::transaction::Transaction;
use securepay::verify::{FindingCode, Party, Verdict};

use super::case::{Case, PAYER, SMART_ACCOUNT};
use crate::evm::chain::Chain;
use crate::evm::hostile::{ATTACKER, CONFIG, Hostility};
use crate::evm::observe::Outcome;
use crate::evm::response::Signer;
use crate::evm::tokens::Behaviour;

/// An allowance the chain has before the response runs, as the verdict says the payment relies
/// on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seeded {
    /// The token.
    pub token: Address,
    /// Whose.
    pub owner: Address,
    /// For whom.
    pub spender: Address,
    /// How much.
    pub amount: U256,
}

/// What running a case did.
#[derive(Debug, Clone)]
pub struct Execution {
    /// Each transaction sent (the smart account's batch is one), with where it comes from.
    pub outcomes: Vec<(String, Outcome)>,
    /// The allowances set up first.
    pub seeded: Vec<Seeded>,
    /// The payment token and its behaviour (`None` for the native currency).
    pub token: Option<(Address, Behaviour)>,
    /// Every contract the chain has before the response runs.
    pub contracts: Vec<Address>,
    /// Transactions sent to an address without code (they would succeed and do nothing).
    pub no_code: Vec<Address>,
    /// The outcomes (by name) of transactions that send native value, even 0, to an address
    /// with code or to a precompile: whether it takes it is code the verifier cannot see.
    pub native_to_code: Vec<String>,
    /// The agreement and its caps exceed what the payer was given (at most 2^200 units): a
    /// revert for want of funds is the payer's balance, which the verifier cannot see.
    pub underfunded: bool,
    /// The hostile code of the run, if any.
    pub hostility: Option<Hostility>,
    /// Where it is (`chosen`).
    pub hostile: Vec<Address>,
    /// The attacker's calls after the response (re-entering mode), each named: not the
    /// wallet's, so not bound to succeed; what they move counts.
    pub after: Vec<(String, Outcome)>,
}

/// The chain of `network` with the table's contracts, the smart account and the hostile code's
/// configuration (the table's contracts to re-enter, the catalog's tokens and the payer's
/// accounts to take allowances from), built once per network and cloned.
fn template(network: Network) -> Chain {
    static TEMPLATES: OnceLock<Mutex<BTreeMap<u64, Chain>>> = OnceLock::new();
    let templates = TEMPLATES.get_or_init(|| Mutex::new(BTreeMap::new()));
    let mut templates = templates.lock().unwrap_or_else(PoisonError::into_inner);
    templates
        .entry(network.chain_id())
        .or_insert_with(|| {
            let (mut chain, _) = Chain::request_network(network);
            chain.place(
                "securepay/SmartAccount.sol:SmartAccount",
                &(PAYER,).abi_encode_params(),
                SMART_ACCOUNT,
            );
            // The contracts with a payable entry point (the others cannot hold or refund
            // native value: re-entering them takes nothing).
            let targets: Vec<Address> = securepay::contracts::Deployments::builtin()
                .iter()
                .filter(|d| d.network() == network && payable(d.contract()))
                .map(|d| d.address().abi())
                .filter(|a| chain.has_code(*a))
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            let tokens: Vec<Address> = catalog_tokens(network).into_iter().collect();
            chain.place_hostile_config(&targets, &tokens, &[PAYER, SMART_ACCOUNT]);
            chain
        })
        .clone()
}

/// Whether `contract` has a payable entry point (`BatchPayments`, `BatchConversionPayments`,
/// the native proxies).
fn payable(contract: securepay::contracts::Contract) -> bool {
    use securepay::contracts::Contract as C;
    matches!(
        contract,
        C::BatchPayments
            | C::BatchConversionPayments
            | C::EthereumFeeProxy
            | C::EthereumProxy
            | C::EthConversionProxy
    )
}

/// Every address of the deployment table on `network` (every version, with code here or not).
fn table(network: Network) -> BTreeSet<Address> {
    securepay::contracts::Deployments::builtin()
        .iter()
        .filter(|d| d.network() == network)
        .map(|d| d.address().abi())
        .collect()
}

/// The catalog's tokens on `network`.
fn catalog_tokens(network: Network) -> BTreeSet<Address> {
    Catalog::builtin()
        .currencies()
        .filter(|c| c.chain_network() == Some(network))
        .filter_map(|c| c.token_address().map(|t| t.abi()))
        .collect()
}

/// The catalog's currency hashes (a conversion path's native currency, a fiat currency): names,
/// not accounts anyone controls.
fn currency_hashes() -> BTreeSet<Address> {
    Catalog::builtin()
        .currencies()
        .filter_map(|c| c.hash().map(|h| h.abi()))
        .collect()
}

/// The addresses `case`'s response chooses, where hostile code goes: every target and every
/// calldata word that holds an address, apart from the payer's accounts, the agreed payees, the
/// table's contracts, the catalog's tokens and currency hashes, and what already has code on
/// `chain`. A word below 2^120 is read as a number (an amount, an offset, a length; the payer
/// is given at most about 2^100 units), not as an address: an address with five leading zero
/// bytes is out of reach of anyone's key and of any practical CREATE2 search.
pub fn chosen(case: &Case, chain: &Chain) -> Vec<Address> {
    let network = case.network();
    let exp = &case.expectation;
    let mut spared: BTreeSet<Address> = table(network);
    spared.extend(catalog_tokens(network));
    spared.extend(currency_hashes());
    spared.extend([PAYER, SMART_ACCOUNT, case.signer.payer(), CONFIG, ATTACKER]);
    spared.extend(exp.payer().map(|p| p.abi()));
    spared.extend(exp.smart_account().map(|a| a.abi()));
    spared.extend(
        exp.payments()
            .iter()
            .map(|p| p.payee().address_for_transaction().abi()),
    );
    let floor = U256::from(1u64) << 120;
    let mut found = BTreeSet::new();
    for tx in every_transaction(&case.response) {
        if tx.to.is_tron() {
            continue;
        }
        found.insert(tx.to.abi());
        for word in tx.data.get(4..).unwrap_or_default().chunks_exact(32) {
            if word[..12].iter().all(|b| *b == 0) && U256::from_be_slice(word) >= floor {
                found.insert(Address::from_slice(&word[12..]));
            }
        }
    }
    found
        .into_iter()
        .filter(|a| !spared.contains(a) && !chain.has_code(*a))
        .collect()
}

/// The units the payer holds of every token: far more than any case moves.
fn funds(decimals: u8) -> U256 {
    U256::from(10u8).pow(U256::from(u32::from(decimals) + 12))
}

/// Every transaction of `response`, in every list.
pub fn every_transaction(response: &PayResponse) -> Vec<&Transaction> {
    match response {
        PayResponse::Single(s) => s
            .transactions
            .iter()
            .chain(s.eoa_approval_transactions.iter().flatten())
            .collect(),
        PayResponse::Multicall(m) => m
            .transactions
            .iter()
            .chain(m.eoa_approval_transactions.iter().flatten())
            .chain(m.erc20_approval_transactions.iter().flatten())
            .chain(m.batch_payment_transaction.iter())
            .collect(),
        PayResponse::LegacyBatch(b) => b
            .erc20_approval_transactions
            .iter()
            .chain(b.batch_transactions())
            .collect(),
        _ => Vec::new(),
    }
}

/// The allowances the verdict says the payment relies on: each `approval_below_need` caution
/// without a transaction (no approval before the pull: an allowance given earlier), for the
/// account the pull is from.
fn relied_on(case: &Case, verdict: &Verdict) -> Vec<Seeded> {
    verdict
        .findings
        .iter()
        .filter(|f| f.code == FindingCode::ApprovalBelowNeed && f.transaction.is_none())
        .filter_map(|f| {
            let d = &f.details;
            let token = d.asset.as_ref()?.token?.address()?.abi();
            let spender = d.party.as_ref()?.address()?.abi();
            let owner = match d.party {
                // The funding step pulls from the EOA for the account.
                Some(Party::SmartAccount { .. }) => PAYER,
                _ => case.signer.payer(),
            };
            Some(Seeded {
                token,
                owner,
                spender,
                amount: d.expected.as_ref()?.units,
            })
        })
        .collect()
}

/// What the verdict says the smart account must hold already (`smart_account_own_balance`
/// cautions): per token, the amount.
fn account_holds(verdict: &Verdict) -> Vec<(Address, U256)> {
    verdict
        .findings
        .iter()
        .filter(|f| f.code == FindingCode::SmartAccountOwnBalance)
        .filter_map(|f| {
            let token = f.details.asset.as_ref()?.token?.address()?.abi();
            Some((token, f.details.expected.as_ref()?.units))
        })
        .collect()
}

/// A precompile (0x01 to 0x11, 0x100): it takes no native value under 2300 gas.
fn precompile(address: Address) -> bool {
    let value = U256::from_be_slice(address.as_slice());
    (!value.is_zero() && value <= U256::from(0x11u8)) || value == U256::from(0x100u16)
}

/// Every address `tx` sends native value to, even 0: payees, fee addresses, the caller's
/// refund.
fn native_recipients(network: Network, tx: &Transaction, caller: Address) -> Vec<Address> {
    let Ok(call) = Decoder::builtin().decode(network, &tx.to, &tx.data, tx.value) else {
        return Vec::new();
    };
    let rows = |details: &[securepay::calldata::decode::RequestDetail]| {
        details
            .iter()
            .map(|d| d.recipient.abi())
            .collect::<Vec<_>>()
    };
    let mut to = match &call.call {
        Call::NativeFeeTransfer(c) => vec![c.to.abi(), c.fee_address.abi()],
        Call::NativeFeeExactTransfer(c) => vec![c.to.abi(), c.fee_address.abi(), caller],
        Call::NativeProxyTransfer(c) => vec![c.to.abi()],
        Call::LegacyBatch(b) if matches!(b.tokens, LegacyBatchTokens::Native {}) => {
            b.recipients.iter().map(|r| r.abi()).collect()
        }
        Call::BatchPayments(b) => b
            .meta_details
            .iter()
            .filter(|g| g.payment_network_id == BatchPaymentNetwork::Native)
            .flat_map(|g| rows(&g.request_details))
            .collect(),
        Call::BatchRequests(b) if b.function == BatchFunction::Native => rows(&b.request_details),
        _ => Vec::new(),
    };
    if !to.is_empty() || !tx.value.is_zero() {
        match &call.call {
            Call::LegacyBatch(b) => to.extend([b.fee_address.abi(), caller]),
            Call::BatchPayments(b) => to.extend([b.fee_address.abi(), caller]),
            Call::BatchRequests(b) => to.extend([b.fee_address.abi(), caller]),
            _ => {}
        }
    }
    to
}

/// Runs `case` with its payment token of `behaviour`, after what `verdict` relies on; every
/// address the response chooses is inert (an account without code).
pub fn execute(case: &Case, verdict: &Verdict, behaviour: Behaviour) -> Execution {
    execute_with(case, verdict, behaviour, None)
}

/// Runs `case` as `execute` does, with the code of `hostility` (if any) at every address the
/// response chooses (`chosen`).
pub fn execute_with(
    case: &Case,
    verdict: &Verdict,
    behaviour: Behaviour,
    hostility: Option<Hostility>,
) -> Execution {
    let network = case.network();
    let mut chain = template(network);
    let mut contracts: Vec<Address> = securepay::contracts::Deployments::builtin()
        .iter()
        .filter(|d| d.network() == network)
        .map(|d| d.address().abi())
        .filter(|a| chain.has_code(*a))
        .collect();
    let currency = case.expectation.currency();
    let decimals = currency.decimals().get();
    let token = case.expectation.token().map(|t| t.abi());
    // Far beyond the agreement, and at least the agreement and its caps (up to 2^200).
    let agreed = case
        .expectation
        .payments()
        .iter()
        .fold(U256::ZERO, |t, p| t.saturating_add(p.units()))
        .saturating_add(case.expectation.max_payer_fees());
    let ceiling = U256::from(1u8) << 200;
    let given = |base: U256| base.max(agreed).min(ceiling);
    let underfunded = agreed > ceiling;
    if let Some(token) = token {
        chain.deploy_token_at(behaviour, decimals, token);
        chain.mint(token, PAYER, given(funds(decimals)));
        contracts.push(token);
    }
    chain.fund(PAYER, given(U256::from(10u8).pow(U256::from(30u8))));
    // A smart account pays native value from its own balance: the payer's too.
    if matches!(case.signer, Signer::SmartAccount { .. }) && token.is_none() {
        chain.fund(SMART_ACCOUNT, given(U256::from(10u8).pow(U256::from(30u8))));
    }
    chain.set_legacy_batch_fee(case.legacy_rate);
    // The rate the payer states is the chain's, for `BatchConversionPayments` too (per ten
    // thousand, at most 200 there).
    if let Some(rate) = case
        .expectation
        .batch_fee_rate()
        .filter(|r| (1..=200).contains(r))
    {
        for d in securepay::contracts::Deployments::builtin().iter() {
            if d.network() == network
                && d.contract() == securepay::contracts::Contract::BatchConversionPayments
                && chain.has_code(d.address().abi())
            {
                chain.set_batch_conversion_fee_at(
                    d.address().abi(),
                    u16::try_from(rate).unwrap_or(0),
                );
            }
        }
    }
    // Any other catalog token the response calls: a standard one, the payer holding some.
    let mut no_code = Vec::new();
    for tx in every_transaction(&case.response) {
        let to = tx.to.abi();
        if tx.to.is_tron() || chain.has_code(to) {
            continue;
        }
        let other = Catalog::builtin().currencies().find(|c| {
            c.chain_network() == Some(network) && c.token_address().map(|t| t.abi()) == Some(to)
        });
        match other {
            Some(other) => {
                let decimals = other.decimals().get();
                chain.deploy_token_at(Behaviour::Standard, decimals, to);
                chain.mint(to, PAYER, funds(decimals));
                contracts.push(to);
            }
            None => no_code.push(to),
        }
    }
    for (token, amount) in account_holds(verdict) {
        if chain.has_code(token) {
            chain.mint(token, SMART_ACCOUNT, amount);
        }
    }
    let seeded = relied_on(case, verdict);
    for seed in &seeded {
        let approve = IERC20::approveCall {
            spender: seed.spender,
            amount: seed.amount,
        };
        if seed.owner == SMART_ACCOUNT {
            let call = Transaction {
                to: securepay::address::ChainAddress::from_abi(network, seed.token),
                data: approve.abi_encode().into(),
                value: U256::ZERO,
            };
            chain
                .send_batch(PAYER, SMART_ACCOUNT, &[call])
                .assert_success();
        } else {
            chain.run(seed.owner, seed.token, approve.abi_encode(), U256::ZERO);
        }
    }
    let hostile = match hostility {
        Some(mode) => {
            let at = chosen(case, &chain);
            for address in &at {
                chain.place_hostile(*address, mode);
            }
            at
        }
        None => Vec::new(),
    };
    let (outcomes, native_to_code) = if no_code.is_empty() {
        send(&mut chain, &case.response, case.signer)
    } else {
        (Vec::new(), Vec::new())
    };
    let mut after = Vec::new();
    if hostility == Some(Hostility::ReEnter) && no_code.is_empty() {
        for address in &hostile {
            let name = format!("the attacker's call to {address} after the response");
            after.push((name, chain.poke(*address)));
        }
    }
    Execution {
        outcomes,
        seeded,
        token: token.map(|t| (t, behaviour)),
        contracts,
        no_code,
        native_to_code,
        underfunded,
        hostility,
        hostile,
        after,
    }
}

/// Every transaction of `response` in order, as `Chain::send_response` sends them (the wallet's
/// approvals, then each call, or the smart account's batch), each outcome named; and the names
/// of those that send native value to code.
fn send(
    chain: &mut Chain,
    response: &PayResponse,
    signer: Signer,
) -> (Vec<(String, Outcome)>, Vec<String>) {
    let (first, calls): (Vec<&Transaction>, Vec<&Transaction>) = match response {
        PayResponse::Single(s) => (
            s.eoa_approval_transactions.iter().flatten().collect(),
            s.transactions.iter().collect(),
        ),
        PayResponse::Multicall(m) => (
            m.eoa_approval_transactions.iter().flatten().collect(),
            m.transactions.iter().collect(),
        ),
        PayResponse::LegacyBatch(b) => (
            Vec::new(),
            b.erc20_approval_transactions
                .iter()
                .chain(b.batch_transactions())
                .collect(),
        ),
        _ => return (Vec::new(), Vec::new()),
    };
    let network = chain.network;
    let mut outcomes = Vec::new();
    let mut native_to_code = Vec::new();
    let to_code = |chain: &Chain, txs: &[&Transaction], caller: Address| {
        txs.iter().any(|tx| {
            native_recipients(network, tx, caller)
                .into_iter()
                .any(|r| chain.has_code(r) || precompile(r))
        })
    };
    let owner = match signer {
        Signer::Eoa(eoa) | Signer::SmartAccount { owner: eoa, .. } => eoa,
    };
    for (i, tx) in first.iter().enumerate() {
        let name = format!("the wallet's transaction {i}");
        outcomes.push((name, chain.send_transaction(owner, tx)));
    }
    match signer {
        Signer::Eoa(eoa) => {
            for (i, tx) in calls.iter().enumerate() {
                let name = format!("transaction {i}");
                if to_code(chain, &[tx], eoa) {
                    native_to_code.push(name.clone());
                }
                outcomes.push((name, chain.send_transaction(eoa, tx)));
            }
        }
        Signer::SmartAccount { owner, account } => {
            let name = "the smart account's batch".to_owned();
            if to_code(chain, &calls, account) {
                native_to_code.push(name.clone());
            }
            let calls: Vec<Transaction> = calls.into_iter().cloned().collect();
            outcomes.push((name, chain.send_batch(owner, account, &calls)));
        }
    }
    (outcomes, native_to_code)
}
