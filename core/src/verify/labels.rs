//! The response's labels against the effects: the fee bundle (each entry paid, each fee paid
//! declared, bearers as the transactions make them), the amount summary, the children, the
//! destination calls, the networks. Labels never make anything pass; a disagreement is a danger.

use crate::prelude::*;

use alloc::collections::BTreeMap;

use alloy_primitives::{Bytes, U256};

use super::accounting::Settlement;
use super::finding::{Case, Details, FindingCode, Location, ResponseList};
use super::render::{AssetRef, AssetToken};
use super::run::{FeeLabel, LegKind, Run};
use super::walk::at;
use crate::address::ChainAddress;
use crate::calldata::effect::Asset;
use crate::contracts::Contract;
use crate::network::Network;
use crate::pay::{
    AmountSummary, ExecutionKind, FeeBearer, FeeBundle, MulticallPayment, PayMetadata, PayResponse,
};

/// The fee bundle of a response that gives none: no fee.
static NO_FEES: FeeBundle = FeeBundle {
    bundle_id: None,
    default_fee_bearer: None,
    amount_summary: None,
    fees: Vec::new(),
};

impl Run<'_, '_> {
    /// Cross-checks every label of the response with the effects.
    pub(super) fn check_labels(&mut self, response: &PayResponse, s: &Settlement) {
        // A shape that can declare fees and declares none (`feeBundle` null or absent) declares
        // that no fee is paid: a fee leg in its transactions contradicts it.
        match response {
            PayResponse::Single(single) => {
                self.source_labels(&single.metadata);
                let bundle = single.fee_bundle.as_ref().unwrap_or(&NO_FEES);
                self.fee_bundle(bundle, &|_| Some(0), s);
            }
            PayResponse::Multicall(multicall) => {
                self.multicall_labels(multicall);
                self.source_labels(&multicall.metadata);
                let bundle = multicall.fee_bundle.as_ref().unwrap_or(&NO_FEES);
                let children: BTreeMap<&str, usize> = multicall
                    .children
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (c.request_id.as_str(), i))
                    .collect();
                self.fee_bundle(bundle, &|request| children.get(request).copied(), s);
            }
            PayResponse::LegacyBatch(_) => {}
        }
    }

    /// `metadata.eoaApproval` names the smart account the wallet approves: the agreed one.
    fn eoa_label(&mut self, metadata: &PayMetadata) {
        let Some(label) = &metadata.eoa_approval else {
            return;
        };
        let network = self.exp.signing_network();
        let asset = self.asset(network, Asset::Token(label.token_address));
        if let Some(account) = self
            .exp
            .smart_account()
            .filter(|a| a.abi() != label.spender.abi())
        {
            let party = self.party(network, &label.spender);
            self.finding(
                FindingCode::EoaApprovalSpender,
                None,
                Details {
                    party: Some(party.clone()),
                    expected_party: Some(super::Party::SmartAccount { address: account }),
                    asset: Some(asset.clone()),
                    field: Some("metadata.eoaApproval.spender".into()),
                    ..Details::on(network)
                },
            );
        }
        let spent = self.source_asset().map_or(self.payment_asset(), |(_, a)| a);
        if Asset::Token(label.token_address.on_network(network)) != spent {
            self.label(
                "metadata.eoaApproval.tokenAddress",
                Details {
                    asset: Some(asset),
                    ..Details::on(network)
                },
            );
        }
    }

    /// A label of the response, `field`, that disagrees with the transactions or the
    /// agreement.
    fn label(&mut self, field: &str, details: Details) {
        self.finding(
            FindingCode::LabelMismatch,
            None,
            Details {
                field: Some(field.to_owned()),
                ..details
            },
        );
    }

    /// `metadata.network` and `metadata.paymentCurrencyId` name the agreed payment network and
    /// currency; a cross-chain `metadata.sourceAmount` is what the bridge calls take.
    fn metadata_labels(&mut self, metadata: &PayMetadata) {
        let network = self.exp.network();
        if let Some(stated) = metadata.network.as_deref().filter(|n| *n != network.id()) {
            self.label(
                "metadata.network",
                Details {
                    stated: Some(stated.to_owned()),
                    ..Details::on(network)
                },
            );
        }
        let currency = self.exp.currency().id().clone();
        if let Some(stated) = metadata.payment_currency_id.as_deref().filter(|id| {
            self.v.catalog.get(id).map(|c| c.id().clone()).ok() != Some(currency.clone())
        }) {
            self.label(
                "metadata.paymentCurrencyId",
                Details {
                    stated: Some(stated.to_owned()),
                    ..Details::on(network)
                },
            );
        }
        let (Some(cross), Some(stated)) =
            (self.exp.cross_chain().cloned(), &metadata.source_amount)
        else {
            return;
        };
        let source = cross.network();
        let taken = self
            .legs
            .iter()
            .filter(|l| l.kind == LegKind::Bridge && l.network == source)
            .fold(U256::ZERO, |t, l| t.saturating_add(l.amount));
        let stated_units = crate::amount::HumanAmount::parse(stated)
            .and_then(|a| a.value_in(cross.currency().decimals()))
            .ok();
        if stated_units != Some(taken) {
            let actual = self.quantity(
                source,
                self.source_asset().map_or(Asset::Native, |(_, a)| a),
                taken,
            );
            self.label(
                "metadata.sourceAmount",
                Details {
                    stated: Some(stated.to_string()),
                    actual: Some(actual),
                    ..Details::on(source)
                },
            );
        }
    }

    /// `metadata.sourceNetwork` and `metadata.sourceTokenAddress` must be the agreed route's.
    fn source_labels(&mut self, metadata: &PayMetadata) {
        self.eoa_label(metadata);
        self.metadata_labels(metadata);
        let Some(cross) = self.exp.cross_chain().cloned() else {
            return;
        };
        if let Some(stated) = metadata.source_network.filter(|n| *n != cross.network()) {
            self.finding(
                FindingCode::SourceNetworkMismatch,
                None,
                Details {
                    field: Some("metadata.sourceNetwork".into()),
                    ..Details::on(stated)
                },
            );
        }
        let token = metadata
            .source_token_address
            .as_deref()
            .map(|t| ChainAddress::parse(cross.network(), t));
        if let Some(stated) =
            token.filter(|t| t.as_ref().ok() != cross.currency().token_address().as_ref())
        {
            self.finding(
                FindingCode::BridgeToken,
                None,
                Details {
                    field: Some("metadata.sourceTokenAddress".into()),
                    reason: Some(match stated {
                        Ok(address) => address.to_string(),
                        Err(error) => error.to_string(),
                    }),
                    ..Details::on(cross.network())
                },
            );
        }
    }

    /// A multicall's network, chain id, children and destination calls.
    fn multicall_labels(&mut self, multicall: &MulticallPayment) {
        let network = self.exp.network();
        if multicall.network != Some(network) {
            self.finding(
                FindingCode::NetworkMismatch,
                None,
                Details {
                    network: multicall.network,
                    ..Details::default()
                },
            );
        }
        if let Some(chain_id) = multicall.chain_id.filter(|id| *id != network.chain_id()) {
            self.finding(
                FindingCode::ChainIdMismatch,
                None,
                Details {
                    field: Some(format!("chainId {chain_id}")),
                    ..Details::on(network)
                },
            );
        }
        self.children(multicall);
        if multicall.execution_kind == ExecutionKind::EvmCrossChain {
            self.destination_labels(multicall);
        }
    }

    /// Children agree with the agreed payments, in order.
    fn children(&mut self, multicall: &MulticallPayment) {
        if multicall.children.len() != self.exp.payments().len() {
            // Compared by position, every child after the first difference would differ.
            self.finding(
                FindingCode::ChildMismatch,
                None,
                Details {
                    field: Some(format!("children ({})", multicall.children.len())),
                    stated: Some(multicall.children.len().to_string()),
                    ..Details::default()
                },
            );
            return;
        }
        let decimals = self.exp.currency().decimals();
        for (index, (child, payment)) in multicall
            .children
            .iter()
            .zip(self.exp.payments())
            .enumerate()
        {
            let mut wrong = Vec::new();
            if &child.payee != payment.payee().address_for_transaction() {
                wrong.push(format!("payee {}", self.party(child.network, &child.payee)));
            }
            if child.amount.value_in(decimals).ok() != Some(payment.units()) {
                wrong.push(format!("amount {}", child.amount));
            }
            let same_currency = self
                .v
                .catalog
                .get(child.payment_currency.as_str())
                .is_ok_and(|c| c.id() == self.exp.currency().id());
            if !same_currency {
                wrong.push(format!("currency {}", child.payment_currency));
            }
            if payment.reference().is_some() && child.payment_reference != payment.reference() {
                let found = child
                    .payment_reference
                    .map_or_else(|| "null".into(), |r| r.to_string());
                wrong.push(format!("reference {found}"));
            }
            if child.network != self.exp.network() {
                wrong.push(format!("network {}", child.network));
            }
            // The token labels name the payment currency (its address: the token, or the
            // catalog's address of a native currency) and, cross-chain, the agreed source one.
            let payment_currency = Some(self.exp.currency().address().abi());
            let source = match self.exp.cross_chain() {
                Some(cross) => Some(cross.currency().address().abi()),
                None => payment_currency,
            };
            for (field, stated, expected) in [
                ("tokenAddress", child.token_address, payment_currency),
                (
                    "paymentCurrencyAddress",
                    child.payment_currency_address,
                    payment_currency,
                ),
                ("sourceTokenAddress", child.source_token_address, source),
            ] {
                if let Some(stated) = stated.filter(|s| Some(s.abi()) != expected) {
                    wrong.push(format!("{field} {stated}"));
                }
            }
            if !wrong.is_empty() {
                self.finding(
                    FindingCode::ChildMismatch,
                    Some(at(ResponseList::Children, Some(index))),
                    Details {
                        field: Some(wrong.join(", ")),
                        expected_party: self.payee_party(index),
                        ..Details::default()
                    },
                );
            }
        }
    }

    /// Each child's `destinationCall` must be a call of a bridge message (same calldata, to the
    /// destination chain's ERC20FeeProxy), and each message call must be a child's.
    fn destination_labels(&mut self, multicall: &MulticallPayment) {
        let destination = self.exp.network();
        let mut carried: BTreeMap<Bytes, Vec<Location>> = BTreeMap::new();
        for (location, calldata) in core::mem::take(&mut self.destination_calls) {
            carried.entry(calldata).or_default().push(location);
        }
        for (index, child) in multicall.children.iter().enumerate() {
            let Some(call) = &child.destination_call else {
                continue;
            };
            let location = Some(at(ResponseList::Children, Some(index)));
            let target = call.target.on_network(destination);
            let on_proxy = call.network == destination
                && call.chain_id.is_none_or(|id| id == destination.chain_id())
                && call.target.abi() == call.contract_address.abi()
                && self.contract_at(destination, &target) == Some(Contract::Erc20FeeProxy);
            let found = carried.get_mut(&call.calldata).and_then(Vec::pop).is_some();
            let case = match (on_proxy, found) {
                (true, true) => continue,
                (false, _) => Case::NotOnFeeProxy,
                (true, false) => Case::NotInBridgeMessage,
            };
            self.finding(
                FindingCode::DestinationCallMismatch,
                location,
                Details {
                    party: Some(self.party(destination, &target)),
                    case: Some(case),
                    ..Details::on(call.network)
                },
            );
        }
        for location in carried.into_values().flatten() {
            self.finding(
                FindingCode::DestinationCallMismatch,
                Some(location),
                Details {
                    case: Some(Case::UndeclaredByChild),
                    ..Details::on(destination)
                },
            );
        }
    }

    /// Each fee entry must be paid by a leg (its network, currency, recipient, amount); each fee
    /// leg must be declared when a bundle is given; payee-borne entries must be what the payees
    /// actually receive less.
    fn fee_bundle(
        &mut self,
        bundle: &FeeBundle,
        payment_of: &dyn Fn(&str) -> Option<usize>,
        s: &Settlement,
    ) {
        let mut ledger = FeeLedger {
            open: self.open_fee_legs(s),
            declared_payee: vec![U256::ZERO; self.exp.payments().len()],
        };
        for (index, entry) in bundle.fees.iter().enumerate() {
            let location = Some(at(ResponseList::FeeBundleFees, Some(index)));
            let bearer = entry.fee_bearer.or(bundle.default_fee_bearer);
            self.fee_entry(location, entry, bearer, payment_of, &mut ledger);
        }
        self.undeclared_fee_legs(ledger.open);
        self.payee_fee_mismatches(&ledger.declared_payee, s);
        if let Some(summary) = &bundle.amount_summary {
            self.amount_summary(summary, s);
        }
    }

    /// The legs a fee entry may declare (a payment, fee or transfer leg of a non-zero amount
    /// that pays no agreed payment), each open, by (network, asset, recipient, amount) then
    /// index: an entry takes the first one of its key still open.
    fn open_fee_legs(&self, s: &Settlement) -> Vec<(LegKey, usize, bool)> {
        let mut open: Vec<(LegKey, usize, bool)> = self
            .legs
            .iter()
            .enumerate()
            .filter(|(index, leg)| {
                matches!(
                    leg.kind,
                    LegKind::Payment | LegKind::Fee | LegKind::Transfer
                ) && !leg.amount.is_zero()
                    && !s.is_payment(*index).unwrap_or(true)
            })
            .map(|(index, leg)| ((leg.network, leg.asset, leg.to, leg.amount), index, true))
            .collect();
        super::order::sort_by(&mut open, |a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
        open
    }

    /// One fee entry at `location`, borne by `bearer` (the payer when none is said): a
    /// payee-borne one is added to its payment's deductions, and a non-zero one takes the first
    /// open leg of its key, which it labels, or is not paid.
    fn fee_entry(
        &mut self,
        location: Option<Location>,
        entry: &crate::pay::FeeEntry,
        bearer: Option<FeeBearer>,
        payment_of: &dyn Fn(&str) -> Option<usize>,
        ledger: &mut FeeLedger,
    ) {
        let Some((asset, units)) = self.fee_entry_units(location, entry) else {
            return;
        };
        let bearer = bearer.unwrap_or(FeeBearer::Payer);
        if bearer == FeeBearer::Payee {
            match payment_of(&entry.request_id).and_then(|p| ledger.declared_payee.get_mut(p)) {
                Some(total) => *total = total.saturating_add(units),
                None => self.finding(
                    FindingCode::FeeBearerMismatch,
                    location,
                    Details {
                        field: Some(format!("requestId {}", entry.request_id)),
                        stated: Some(entry.request_id.clone()),
                        ..Details::default()
                    },
                ),
            }
        }
        if units.is_zero() {
            return;
        }
        let recipient = entry.recipient.on_network(entry.network);
        let key = (entry.network, asset, recipient, units);
        match take_open_leg(&mut ledger.open, &key) {
            Some(leg) => {
                let label = entry.fee_label.as_deref().or(entry.fee_type.as_deref());
                let label = label.map(shown_label);
                if let Some(leg) = self.legs.get_mut(leg) {
                    leg.fee_label = Some(FeeLabel { label, bearer });
                }
            }
            None => {
                let quantity = self.quantity(entry.network, asset, units);
                let party = self.party(entry.network, &recipient);
                self.finding(
                    FindingCode::FeeNotPaid,
                    location,
                    Details {
                        expected: Some(quantity.clone()),
                        party: Some(party.clone()),
                        ..Details::on(entry.network)
                    },
                );
            }
        }
    }

    /// Each leg no entry took is an undeclared fee: by key, the later legs of one key first.
    fn undeclared_fee_legs(&mut self, mut open: Vec<(LegKey, usize, bool)>) {
        open.retain(|(_, _, is_open)| *is_open);
        super::order::sort_by(&mut open, |a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        for leg_index in open.into_iter().map(|(_, index, _)| index) {
            let Some(leg) = self.legs.get(leg_index).cloned() else {
                continue;
            };
            let quantity = self.quantity(leg.network, leg.asset, leg.amount);
            let party = self.party(leg.network, &leg.to);
            self.finding(
                FindingCode::FeeUndeclared,
                Some(leg.at),
                Details {
                    actual: Some(quantity.clone()),
                    party: Some(party.clone()),
                    ..Details::on(leg.network)
                },
            );
        }
    }

    /// Each payment whose payee-borne entries (`declared_payee`) are not what its payee
    /// actually receives less is a bearer mismatch.
    fn payee_fee_mismatches(&mut self, declared_payee: &[U256], s: &Settlement) {
        for (index, (declared, actual)) in declared_payee.iter().zip(s.deductions()).enumerate() {
            if declared != actual {
                let expected = Some(self.in_payment_currency(*declared));
                let found = Some(self.in_payment_currency(*actual));
                self.finding(
                    FindingCode::FeeBearerMismatch,
                    None,
                    Details {
                        expected,
                        actual: found,
                        expected_party: self.payee_party(index),
                        ..Details::on(self.exp.network())
                    },
                );
            }
        }
    }

    /// A fee entry's asset and amount; an entry in a currency or on a network where nothing of
    /// this payment is paid is a danger.
    fn fee_entry_units(
        &mut self,
        location: Option<Location>,
        entry: &crate::pay::FeeEntry,
    ) -> Option<(Asset, U256)> {
        let currency = self
            .v
            .catalog
            .get(entry.payment_currency_id.as_str())
            .ok()
            .cloned();
        let payment = (self.exp.network(), self.exp.currency().id().clone());
        let source = self
            .exp
            .cross_chain()
            .map(|c| (c.network(), c.currency().id().clone()));
        let Some(currency) = currency.filter(|c| {
            let id = c.id().clone();
            (c.chain_network(), &id) == (Some(payment.0), &payment.1)
                || source
                    .as_ref()
                    .is_some_and(|s| (c.chain_network(), &id) == (Some(s.0), &s.1))
        }) else {
            self.finding(
                FindingCode::FeeCurrency,
                location,
                Details {
                    field: Some(entry.payment_currency_id.to_string()),
                    ..Details::default()
                },
            );
            return None;
        };
        if currency.chain_network() != Some(entry.network) {
            self.finding(
                FindingCode::FeeNetwork,
                location,
                Details {
                    field: Some(currency.id().to_string()),
                    ..Details::on(entry.network)
                },
            );
            return None;
        }
        let asset = currency.token_address().map_or(Asset::Native, Asset::Token);
        let Ok(units) = entry.amount.value_in(currency.decimals()) else {
            // The entry's currency, as the catalog names it.
            let currency = super::mask::asset(
                self.exp,
                AssetRef {
                    network: entry.network,
                    token: currency.token_address().map(AssetToken::Address),
                    currency: Some(currency.id().clone()),
                    symbol: Some(currency.shared_symbol()),
                    decimals: Some(currency.decimals().get()),
                },
            );
            self.finding(
                FindingCode::FeeAmountUnreadable,
                location,
                Details {
                    field: Some(entry.amount.to_string()),
                    asset: Some(currency),
                    ..Details::default()
                },
            );
            return None;
        };
        Some((asset, units))
    }

    /// The amount summary against the effects.
    fn amount_summary(&mut self, summary: &AmountSummary, s: &Settlement) {
        let decimals = self.exp.currency().decimals();
        let checks = [
            ("grossAmount", &summary.gross_amount, s.gross),
            (
                "netRecipientAmount",
                &summary.net_recipient_amount,
                s.received,
            ),
            (
                "totalFees",
                &summary.total_fees,
                s.payee_fees.saturating_add(s.beyond),
            ),
            ("payeeBorneFees", &summary.payee_borne_fees, s.payee_fees),
            ("payerBorneFees", &summary.payer_borne_fees, s.beyond),
            ("payerTotal", &summary.payer_total, s.total),
        ];
        for (field, stated, computed) in checks {
            if stated.value_in(decimals).ok() == Some(computed) {
                continue;
            }
            let actual = Some(self.in_payment_currency(computed));
            let stated_quantity = stated
                .value_in(decimals)
                .ok()
                .map(|units| self.in_payment_currency(units));
            self.finding(
                FindingCode::AmountSummaryMismatch,
                None,
                Details {
                    actual: actual.clone(),
                    expected: stated_quantity,
                    field: Some(format!("amountSummary.{field} {stated}")),
                    ..Details::on(self.exp.network())
                },
            );
        }
    }
}

/// A leg a fee entry declares: its network, asset, recipient and amount.
type LegKey = (Network, Asset, ChainAddress, U256);

/// The fee bundle's bookkeeping while its entries are checked.
struct FeeLedger {
    /// The legs an entry may declare, by key then index, each still open or taken
    /// ([`Run::open_fee_legs`]).
    open: Vec<(LegKey, usize, bool)>,
    /// What the payee-borne entries deduct from each agreed payment, in the payments' order.
    declared_payee: Vec<U256>,
}

/// Takes the first open leg of `key` in `open` (sorted by key then index) and returns its index,
/// or `None` when every leg of the key is taken. The legs of one key are a run, its taken ones a
/// prefix of it: found in O(log n).
fn take_open_leg(open: &mut [(LegKey, usize, bool)], key: &LegKey) -> Option<usize> {
    let start = open.partition_point(|(k, _, _)| k < key);
    let run = open.get_mut(start..).unwrap_or_default();
    let len = run.partition_point(|(k, _, _)| k == key);
    let run = run.get_mut(..len).unwrap_or_default();
    let taken = run.partition_point(|(_, _, is_open)| !*is_open);
    run.get_mut(taken).map(|(_, index, is_open)| {
        *is_open = false;
        *index
    })
}

/// The most characters of a fee entry's label a summary line shows.
pub(super) const MAX_SHOWN_LABEL_CHARS: usize = 64;

/// A fee entry's label as a summary line shows it: its first [`MAX_SHOWN_LABEL_CHARS`]
/// characters, then `…` when there are more. The label is the server's text, shown beside
/// the amount a person checks: it is never long enough to push anything off a screen, and a
/// megabyte label is not copied into the verdict.
fn shown_label(label: &str) -> String {
    match label.char_indices().nth(MAX_SHOWN_LABEL_CHARS) {
        Some((end, _)) => format!("{}…", label.get(..end).unwrap_or_default()),
        None => label.to_owned(),
    }
}
