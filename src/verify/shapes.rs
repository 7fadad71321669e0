//! The walk of each response shape: decode every transaction on its chain, sort the calls into
//! approvals, payments, fee legs and bridge calls, then settle the accounts.

use alloy_primitives::U256;

use super::accounting::{Entry, Flows};
use super::finding::{Finding, Location, Severity};
use super::legs::{effect, required_value, Approval, Asset, Effect, Leg, LegKind};
use super::summary::{short, Summary};
use super::{Expectation, Verdict, Verifier};
use crate::address::PayeeAddress;
use crate::amount::{format_units, Decimals};
use crate::calldata::{Call, DecodeError, Decoder};
use crate::contracts::Contract;
use crate::network::Network;
use crate::pay::{
    ExecutionKind, LegacyBatchPayment, MulticallPayment, PayResponse, Problem, RouteType,
    SinglePayment,
};
use crate::transaction::Transaction;

/// One verification in progress.
pub(super) struct Run<'v, 'e> {
    pub verifier: &'v Verifier<'v>,
    pub exp: &'e Expectation,
    pub findings: Vec<Finding>,
    pub lines: Vec<String>,
}

/// What one transaction does.
enum Outcome {
    Effect(Effect),
    Bridge(String),
    Failed,
}

pub(super) fn run(verifier: &Verifier<'_>, response: &PayResponse, exp: &Expectation) -> Verdict {
    let mut run = Run {
        verifier,
        exp,
        findings: Vec::new(),
        lines: Vec::new(),
    };
    for problem in response.problems() {
        let severity = match problem {
            Problem::MissingExecutableLegCount => Severity::Caution,
            _ => Severity::Danger,
        };
        run.push(
            severity,
            structure_code(&problem),
            None,
            problem.to_string(),
        );
    }
    match response {
        PayResponse::Single(single) => run.single(single),
        PayResponse::Multicall(multicall) => run.multicall(multicall),
        PayResponse::LegacyBatch(batch) => run.legacy(batch),
    }
    Verdict {
        findings: run.findings,
        summary: Summary { lines: run.lines },
    }
}

fn structure_code(problem: &Problem) -> &'static str {
    match problem.code() {
        "index_out_of_range" => "structure_index_out_of_range",
        "overlapping_indices" => "structure_overlapping_indices",
        "fee_leg_count" => "structure_fee_leg_count",
        "fee_leg_order" => "structure_fee_leg_order",
        "fee_entry_network" => "structure_fee_entry_network",
        "fee_entry_chain_id" => "structure_fee_entry_chain_id",
        "child_count" => "structure_child_count",
        "child_position" => "structure_child_position",
        "parallel_array" => "structure_parallel_array",
        "destination_call_on_same_chain" => "structure_destination_call_on_same_chain",
        "missing_destination_call" => "structure_missing_destination_call",
        "destination_calls_mirror" => "structure_destination_calls_mirror",
        "chain_id_network" => "structure_chain_id_network",
        "missing_executable_leg_count" => "structure_missing_executable_leg_count",
        "amount_summary" => "structure_amount_summary",
        _ => "structure_problem",
    }
}

impl Run<'_, '_> {
    pub(super) fn push(
        &mut self,
        severity: Severity,
        code: &'static str,
        transaction: Option<Location>,
        message: String,
    ) {
        self.findings.push(Finding {
            severity,
            code,
            transaction,
            message,
        });
    }

    pub(super) fn danger(&mut self, code: &'static str, at: Option<Location>, message: String) {
        self.push(Severity::Danger, code, at, message);
    }

    pub(super) fn caution(&mut self, code: &'static str, at: Option<Location>, message: String) {
        self.push(Severity::Caution, code, at, message);
    }

    pub(super) fn at(&self, list: &'static str, index: Option<usize>) -> Option<Location> {
        Some(Location { list, index })
    }

    pub(super) fn symbol(&self) -> &str {
        self.exp.currency.symbol()
    }

    pub(super) fn human(&self, units: U256) -> String {
        format_units(units, self.exp.currency.decimals())
    }

    /// An address for people: a masked payee is `hidden`.
    pub(super) fn who(&self, address: &PayeeAddress) -> String {
        if self.exp.hide_payee_address && self.exp.is_payee(address) {
            crate::policy::MASKED_TEXT.to_owned()
        } else {
            address.to_string()
        }
    }

    pub(super) fn asset_name(&self, asset: Asset) -> String {
        match asset {
            Asset::Native => "the native currency".to_owned(),
            Asset::Token(token) => self.token_symbol(self.exp.network, &token),
        }
    }

    /// The symbol of a token on `network`, or its address.
    pub(super) fn token_symbol(&self, network: Network, token: &PayeeAddress) -> String {
        let token = PayeeAddress::from_abi(network, token.abi());
        let symbol = self
            .verifier
            .catalog
            .by_token_address(network, &token)
            .map(|c| c.symbol().to_owned())
            .next();
        symbol.unwrap_or_else(|| token.to_string())
    }

    /// An amount of a token on `network` in its human units, or in smallest units if unknown.
    pub(super) fn human_of(&self, network: Network, token: &PayeeAddress, units: U256) -> String {
        let token = PayeeAddress::from_abi(network, token.abi());
        let decimals = self
            .verifier
            .catalog
            .by_token_address(network, &token)
            .map(|c| c.decimals())
            .next();
        format_units(units, decimals.unwrap_or(Decimals::ZERO))
    }

    /// What a contract is, for people.
    pub(super) fn contract_name(&self, network: Network, address: &PayeeAddress) -> String {
        if let Some(bridge) = self.verifier.bridge(network, address) {
            return format!("the {} bridge", bridge.name);
        }
        match self
            .verifier
            .deployments
            .contract_at(network, &PayeeAddress::from_abi(network, address.abi()))
        {
            Ok(Contract::Erc20FeeProxy) => "the payment contract (ERC20FeeProxy)".to_owned(),
            Ok(contract) => format!("{contract}"),
            Err(_)
                if self
                    .exp
                    .smart_account
                    .as_ref()
                    .is_some_and(|a| a.abi() == address.abi()) =>
            {
                format!("your smart account {address}")
            }
            Err(_) => address.to_string(),
        }
    }

    /// Decodes each transaction of `list` on `network`.
    fn decode_all(
        &mut self,
        list: &'static str,
        transactions: &[Transaction],
        network: Network,
    ) -> Vec<(Location, Outcome)> {
        transactions
            .iter()
            .enumerate()
            .map(|(index, tx)| {
                let location = Location {
                    list,
                    index: Some(index),
                };
                (location, self.decode_one(location, tx, network))
            })
            .collect()
    }

    fn decode_one(&mut self, location: Location, tx: &Transaction, network: Network) -> Outcome {
        let at = Some(location);
        if let Some(bridge) = self.verifier.bridge(network, &tx.to) {
            let name = bridge.name.clone();
            self.caution(
                "bridge_call",
                at,
                format!(
                    "calls the {name} bridge at {} on {network}; its route calldata is not decoded",
                    tx.to
                ),
            );
            if !tx.value.is_zero() {
                self.danger(
                    "value_mismatch",
                    at,
                    format!(
                        "sends {} native units to the bridge, beyond the token being bridged",
                        tx.value
                    ),
                );
            }
            return Outcome::Bridge(name);
        }
        let decoded = match Decoder::new(self.verifier.deployments, self.verifier.catalog)
            .decode(network, &tx.to, &tx.data, tx.value)
        {
            Ok(decoded) => decoded,
            Err(error) => {
                let code = match &error {
                    DecodeError::UnknownTarget { .. }
                    | DecodeError::AmbiguousTarget(_)
                    | DecodeError::Network(_) => "unknown_target",
                    DecodeError::UnknownSelector(_) => "unknown_selector",
                    DecodeError::SelectorNotOnTarget { .. } => "selector_not_on_target",
                    DecodeError::NoCalldata { .. } => "plain_transfer",
                    DecodeError::ValueOnNonPayable { .. } => "value_on_non_payable",
                    DecodeError::ValueBelowFee { .. } => "value_mismatch",
                    _ => "non_canonical_calldata",
                };
                let message = match &error {
                    DecodeError::UnknownTarget { to, .. } => format!(
                        "{} is neither a known contract nor a payment token on {network}",
                        self.who(to)
                    ),
                    DecodeError::NoCalldata { to, value } => format!(
                        "a plain transfer of {value} native units to {}, not a payment call",
                        self.who(to)
                    ),
                    other => other.to_string(),
                };
                self.danger(code, at, message);
                return Outcome::Failed;
            }
        };
        if let Some(required) = required_value(&decoded) {
            if tx.value > required
                && matches!(
                    decoded.call,
                    Call::LegacyBatch(_) | Call::BatchPayments(_) | Call::BatchRequests(_)
                )
            {
                self.caution("batch_fee", at, format!("sends {} native units more than the payments and fees: the batch contract's fee", tx.value.saturating_sub(required)));
            } else if tx.value != required {
                self.danger(
                    "value_mismatch",
                    at,
                    format!(
                        "sends {} native units but the call needs exactly {required}",
                        tx.value
                    ),
                );
            }
        }
        let outcome = effect(&decoded, location);
        if let Effect::Unverifiable(reason) = &outcome {
            self.danger("unverifiable_call", at, reason.clone());
        }
        Outcome::Effect(outcome)
    }

    fn check_eoa_approvals(
        &mut self,
        transactions: Option<&Vec<Transaction>>,
        network: Network,
        tokens: &[PayeeAddress],
    ) {
        let Some(transactions) = transactions else {
            return;
        };
        for (location, outcome) in self.decode_all("eoaApprovalTransactions", transactions, network)
        {
            let at = Some(location);
            match outcome {
                Outcome::Effect(Effect::Approval(approval)) => {
                    let symbol = self.token_symbol(network, &approval.token);
                    if !tokens.contains(&approval.token) {
                        self.danger(
                            "eoa_approval_token",
                            at,
                            format!("approves {symbol}, which this payment does not spend"),
                        );
                    }
                    match self.exp.smart_account {
                        Some(account) if account.abi() != approval.spender.abi() => {
                            self.danger("eoa_approval_spender", at, format!("approves {} instead of your smart account {account}", approval.spender));
                        }
                        None => self.caution("eoa_approval_spender", at, format!("approves {}, the smart account of this flow (no smart account was given to check it)", approval.spender)),
                        _ => {}
                    }
                    let amount = if approval.amount == U256::MAX {
                        "unlimited".to_owned()
                    } else {
                        self.human_of(network, &approval.token, approval.amount)
                    };
                    if approval.amount == U256::MAX {
                        self.caution(
                            "approval_unlimited",
                            at,
                            format!(
                                "your wallet approves an unlimited amount of {symbol} for {}",
                                approval.spender
                            ),
                        );
                    }
                    self.lines.push(format!(
                        "Approve {amount} {symbol} for your smart account {}",
                        short(&approval.spender.to_string())
                    ));
                }
                Outcome::Failed => {}
                _ => self.danger(
                    "eoa_approval_not_approve",
                    at,
                    "the smart-account flow's EOA transactions must only approve the smart account"
                        .to_owned(),
                ),
            }
        }
    }

    /// Sorts decoded calls: approvals, and the legs of the others into `flows` with `place`.
    fn collect(
        &mut self,
        decoded: Vec<(Location, Outcome)>,
        flows: &mut Flows,
        approvals: &mut Vec<Approval>,
        place: &dyn Fn(usize) -> Place,
    ) -> Vec<String> {
        let mut bridges = Vec::new();
        for (location, outcome) in decoded {
            let index = location.index.unwrap_or_default();
            match (outcome, place(index)) {
                (Outcome::Effect(Effect::Approval(approval)), Place::FeeLeg) => {
                    self.danger(
                        "not_an_approval",
                        Some(location),
                        "an approval where a fee leg was declared".to_owned(),
                    );
                    approvals.push(approval);
                }
                (Outcome::Effect(Effect::Approval(approval)), _) => approvals.push(approval),
                (Outcome::Effect(Effect::Legs(legs)), place) => {
                    if place == Place::Approval {
                        self.danger(
                            "not_an_approval",
                            Some(location),
                            "a transfer of value among the approvals".to_owned(),
                        );
                    }
                    for leg in legs {
                        match (leg.kind, place) {
                            (LegKind::ProxyFee, _) => flows.proxy_fees.push(leg),
                            (LegKind::Main, Place::FeeLeg) => flows.fee_legs.push(leg),
                            (LegKind::Main, _) => flows.payments.push(leg),
                        }
                    }
                }
                (Outcome::Bridge(name), _) => bridges.push(name),
                (Outcome::Effect(Effect::Unverifiable(_)) | Outcome::Failed, _) => {}
            }
        }
        bridges
    }
}

/// Where a transaction sits in its shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    Approval,
    Payment,
    FeeLeg,
}

impl Run<'_, '_> {
    fn single(&mut self, single: &SinglePayment) {
        let network = self.exp.network;
        if single.metadata.route_type == Some(RouteType::Crosschain) {
            self.danger("crosschain_unverifiable", None, "a cross-chain single payment has no destination call to check: the payment to the payee cannot be verified before signing".to_owned());
        }
        let decoded = self.decode_all("transactions", &single.transactions, network);
        let pay = single.metadata.payment_transaction_index;
        let mut flows = Flows::default();
        let mut approvals = Vec::new();
        let bridges = self.collect(
            decoded,
            &mut flows,
            &mut approvals,
            &|i| match i.cmp(&pay) {
                std::cmp::Ordering::Less => Place::Approval,
                std::cmp::Ordering::Equal => Place::Payment,
                std::cmp::Ordering::Greater => Place::FeeLeg,
            },
        );
        let tokens: Vec<PayeeAddress> = self.exp.token().into_iter().collect();
        self.check_eoa_approvals(single.eoa_approval_transactions.as_ref(), network, &tokens);
        let mut entries = self.entries(single.fee_bundle.as_ref(), network, &|_| Some(0));
        self.finish(
            &flows,
            &mut entries,
            single.fee_bundle.as_ref(),
            &approvals,
            network,
            &bridges,
        );
    }

    /// Settles, checks approvals and writes the summary of a same-chain bundle.
    fn finish(
        &mut self,
        flows: &Flows,
        entries: &mut [Entry],
        bundle: Option<&crate::pay::FeeBundle>,
        approvals: &[Approval],
        network: Network,
        bridge_names: &[String],
    ) {
        let legs: Vec<&Leg> = flows.all().collect();
        let tokens: Vec<PayeeAddress> = self.exp.token().into_iter().collect();
        let bridges: Vec<PayeeAddress> = if bridge_names.is_empty() {
            Vec::new()
        } else {
            self.verifier
                .bridges
                .iter()
                .filter(|b| b.network == network)
                .map(|b| b.address)
                .collect()
        };
        self.check_approvals(approvals, &legs, &tokens, &bridges, network);
        self.settle(flows, entries, bundle);
        self.summarize(flows, entries, network);
        self.total_line(flows, "");
    }

    /// The summary's last line: every unit of the payment asset that leaves the wallet, with
    /// `note` after it.
    fn total_line(&mut self, flows: &Flows, note: &str) {
        let asset = self.payment_asset();
        let total = flows
            .all()
            .filter(|l| l.asset == asset)
            .fold(U256::ZERO, |t, l| t.saturating_add(l.amount));
        self.lines.push(format!(
            "Total leaving your wallet: {} {}{note}",
            self.human(total),
            self.symbol()
        ));
    }

    /// The summary lines of what the transactions actually move (not of what was agreed: a
    /// swapped payee or an inflated fee shows here as it would happen).
    fn summarize(&mut self, flows: &Flows, entries: &[Entry], network: Network) {
        let asset = self.payment_asset();
        for leg in &flows.payments {
            let reference = leg
                .reference
                .as_ref()
                .map(|r| format!(", reference {}", short(&r.to_string())))
                .unwrap_or_default();
            self.lines.push(format!(
                "Pay {} to {} on {}{reference}",
                self.leg_amount(leg, asset, network),
                short(&self.who(&leg.to)),
                network.display_name()
            ));
        }
        for leg in flows.proxy_fees.iter().chain(&flows.fee_legs) {
            let declared = entries
                .iter()
                .find(|e| {
                    leg.asset == asset && e.recipient == leg.to && e.units == Some(leg.amount)
                })
                .map_or_else(
                    || "not a declared fee".to_owned(),
                    |e| {
                        let bearer = if e.payer_borne {
                            "paid by you"
                        } else {
                            "deducted from the payment"
                        };
                        format!("{}, {bearer}", e.label)
                    },
                );
            self.lines.push(format!(
                "Fee {} to {} ({declared})",
                self.leg_amount(leg, asset, network),
                short(&self.who(&leg.to))
            ));
        }
    }

    /// `10.5 USDC` for the payment's asset, else the amount in the leg's own units and name.
    fn leg_amount(&self, leg: &Leg, asset: Asset, network: Network) -> String {
        match leg.asset {
            a if a == asset => format!("{} {}", self.human(leg.amount), self.symbol()),
            Asset::Token(token) => format!(
                "{} {}",
                self.human_of(network, &token, leg.amount),
                self.token_symbol(network, &token)
            ),
            Asset::Native => format!("{} native units", leg.amount),
        }
    }

    fn multicall(&mut self, multicall: &MulticallPayment) {
        let network = self.exp.network;
        if multicall.network != Some(network) {
            let found = multicall
                .network
                .map_or_else(|| "no network".to_owned(), |n| n.to_string());
            self.danger(
                "network_mismatch",
                None,
                format!("the multicall is on {found}, not on the agreed {network}"),
            );
        }
        if let Some(chain_id) = multicall.chain_id.filter(|id| *id != network.chain_id()) {
            self.danger(
                "chain_id_mismatch",
                None,
                format!(
                    "chainId {chain_id} is not {network}'s ({})",
                    network.chain_id()
                ),
            );
        }
        self.check_children(multicall);
        let children: Vec<String> = multicall
            .children
            .iter()
            .map(|c| c.request_id.clone())
            .collect();
        let payment_of = move |request: &str| children.iter().position(|r| r == request);
        match multicall.execution_kind {
            ExecutionKind::EvmSameChain => {
                let decoded = self.decode_all("transactions", &multicall.transactions, network);
                let fees = multicall
                    .metadata
                    .fee_transaction_indices
                    .clone()
                    .unwrap_or_default();
                let mut flows = Flows::default();
                let mut approvals = Vec::new();
                let (before, after): (Vec<_>, Vec<_>) = decoded
                    .into_iter()
                    .partition(|(l, _)| !fees.contains(&l.index.unwrap_or_default()));
                let mut ordered = before;
                let mut fee_part: Vec<_> = after;
                fee_part.sort_by_key(|(l, _)| fees.iter().position(|f| Some(*f) == l.index));
                ordered.extend(fee_part);
                let bridges = self.collect(ordered, &mut flows, &mut approvals, &|i| {
                    if fees.contains(&i) {
                        Place::FeeLeg
                    } else {
                        Place::Payment
                    }
                });
                if !bridges.is_empty() {
                    self.danger(
                        "crosschain_unverifiable",
                        None,
                        "a same-chain multicall calls a bridge".to_owned(),
                    );
                }
                let tokens: Vec<PayeeAddress> = self.exp.token().into_iter().collect();
                self.check_eoa_approvals(
                    multicall.eoa_approval_transactions.as_ref(),
                    network,
                    &tokens,
                );
                let mut entries = self.entries(multicall.fee_bundle.as_ref(), network, &payment_of);
                self.finish(
                    &flows,
                    &mut entries,
                    multicall.fee_bundle.as_ref(),
                    &approvals,
                    network,
                    &bridges,
                );
            }
            ExecutionKind::EvmCrossChain => {
                super::shapes_cross::cross_chain(self, multicall, &payment_of)
            }
        }
    }

    /// Children agree with the agreed payments, in order.
    fn check_children(&mut self, multicall: &MulticallPayment) {
        if multicall.children.len() != self.exp.payments.len() {
            // Compared by position, every child after the first difference would differ: say it once.
            self.danger(
                "child_mismatch",
                None,
                format!(
                    "{} children for {} agreed payments",
                    multicall.children.len(),
                    self.exp.payments.len()
                ),
            );
            return;
        }
        let decimals = self.exp.currency.decimals();
        for (index, (child, payment)) in multicall
            .children
            .iter()
            .zip(&self.exp.payments)
            .enumerate()
        {
            let at = self.at("children", Some(index));
            let mut wrong = Vec::new();
            if &child.payee != payment.payee.address_for_transaction() {
                wrong.push(format!("payee {}", self.who(&child.payee)));
            }
            if child.amount.to_units(decimals).ok() != Some(payment.units) {
                wrong.push(format!("amount {}", child.amount));
            }
            let same_currency = self
                .verifier
                .catalog
                .get(child.payment_currency.as_str())
                .map(|c| c.id() == self.exp.currency.id())
                .unwrap_or(false);
            if !same_currency {
                wrong.push(format!("currency {}", child.payment_currency));
            }
            if payment.reference.is_some() && child.payment_reference != payment.reference {
                wrong.push(format!(
                    "reference {}",
                    child
                        .payment_reference
                        .map(|r| r.to_string())
                        .unwrap_or_else(|| "null".into())
                ));
            }
            if child.network != self.exp.network {
                wrong.push(format!("network {}", child.network));
            }
            if !wrong.is_empty() {
                self.danger(
                    "child_mismatch",
                    at,
                    format!(
                        "child {index} disagrees with the agreed payment: {}",
                        wrong.join(", ")
                    ),
                );
            }
        }
    }

    fn legacy(&mut self, batch: &LegacyBatchPayment) {
        let network = self.exp.network;
        let mut flows = Flows::default();
        let mut approvals = Vec::new();
        let named = [
            ("batchPaymentTransaction", &batch.batch_payment_transaction),
            (
                "ERC20BatchPaymentTransaction",
                &batch.erc20_batch_payment_transaction,
            ),
            (
                "ETHBatchPaymentTransaction",
                &batch.eth_batch_payment_transaction,
            ),
        ];
        for (list, tx) in named {
            let Some(tx) = tx else { continue };
            let location = Location { list, index: None };
            let outcome = self.decode_one(location, tx, network);
            let bridges = self.collect(
                vec![(location, outcome)],
                &mut flows,
                &mut approvals,
                &|_| Place::Payment,
            );
            if !bridges.is_empty() {
                self.danger(
                    "crosschain_unverifiable",
                    Some(location),
                    "a legacy batch calls a bridge".to_owned(),
                );
            }
        }
        if !approvals.is_empty() {
            self.danger(
                "not_an_approval",
                None,
                "a batch transaction is an approval".to_owned(),
            );
        }
        let decoded = self.decode_all(
            "ERC20ApprovalTransactions",
            &batch.erc20_approval_transactions,
            network,
        );
        let mut other = Flows::default();
        self.collect(decoded, &mut other, &mut approvals, &|_| Place::Approval);
        flows.payments.extend(other.payments);
        flows.payments.extend(other.fee_legs);
        self.caution("batch_fee", None, "the batch contract may charge its own batch fee on top of the payments (set on chain, not in the calldata)".to_owned());
        let fees = std::mem::take(&mut flows.proxy_fees);
        let total_fees = fees
            .iter()
            .fold(U256::ZERO, |t, l| t.saturating_add(l.amount));
        if !total_fees.is_zero() {
            let message = format!(
                "the batch pays {} {} of fees that no fee entry declares",
                self.human(total_fees),
                self.symbol()
            );
            match self.exp.max_payer_fees {
                Some(max) if total_fees <= max => {
                    self.caution("batch_fees_undeclared", None, message)
                }
                _ => self.danger("batch_fees_undeclared", None, message),
            }
        }
        let mut entries: Vec<Entry> = Vec::new();
        let legs: Vec<&Leg> = flows.all().chain(&fees).collect();
        let tokens: Vec<PayeeAddress> = self.exp.token().into_iter().collect();
        self.check_approvals(&approvals, &legs, &tokens, &[], network);
        self.settle(&flows, &mut entries, None);
        flows.proxy_fees = fees;
        self.summarize(&flows, &entries, network);
        self.total_line(&flows, " (plus any batch fee)");
    }
}
