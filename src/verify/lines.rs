//! The summary, written from the effects: approvals, bridges, payments, fees, refunds, totals.

use std::collections::BTreeMap;

use alloy_primitives::U256;

use super::accounting::Settlement;
use super::run::{LegKind, Run};
use super::summary::SummaryLine;
use crate::calldata::effect::Asset;
use crate::network::Network;

impl Run<'_, '_> {
    /// Writes the summary lines.
    pub(super) fn summarize(&mut self, s: &Settlement) {
        let approvals: Vec<_> = self
            .eoa_approvals
            .iter()
            .chain(&self.approvals)
            .copied()
            .collect();
        for placed in approvals {
            let (network, approval) = (placed.network, placed.approval);
            let asset = self.asset(network, Asset::Token(approval.token));
            let amount = (approval.amount != U256::MAX).then(|| asset.quantity(approval.amount));
            let spender = self.party(network, &approval.spender);
            self.lines.push(SummaryLine::Approve {
                network,
                asset,
                amount,
                spender,
                cross_chain: network != self.exp.network(),
            });
        }
        let destination = self.exp.network();
        for route in self.routes.clone() {
            let sent = self.quantity(route.source, route.sent_asset, route.sent);
            let delivered = self.quantity(destination, route.delivered_asset, route.delivered);
            self.lines.push(SummaryLine::Bridge {
                source: route.source,
                destination,
                sent,
                delivered,
            });
        }
        let source = self.exp.cross_chain().map(|c| c.network());
        let mut fees = Vec::new();
        let mut totals: BTreeMap<(bool, Network, Asset), (U256, bool)> = BTreeMap::new();
        for (index, leg) in self.legs.clone().into_iter().enumerate() {
            if !leg.bridged {
                let first = leg.network == destination && leg.asset == self.payment_asset();
                let total = totals.entry((!first, leg.network, leg.asset)).or_default();
                total.0 = total.0.saturating_add(leg.amount);
                total.1 |= leg.at_most;
            }
            let amount = self.quantity(leg.network, leg.asset, leg.amount);
            let recipient = self.party(leg.network, &leg.to);
            let to_payee = leg.network == destination && !self.payments_of(&leg.to).is_empty();
            match leg.kind {
                LegKind::Bridge => {}
                LegKind::Payment
                    if to_payee || s.is_payment.get(index).copied().unwrap_or(false) =>
                {
                    self.lines.push(SummaryLine::Pay {
                        network: leg.network,
                        payee: recipient,
                        amount,
                        reference: leg.reference.as_ref().map(super::run::reference_text),
                        bridged_from: if leg.bridged { source } else { None },
                    });
                }
                LegKind::BatchFee => fees.push(SummaryLine::BatchFee {
                    network: leg.network,
                    recipient,
                    amount,
                }),
                LegKind::Payment | LegKind::Fee | LegKind::Transfer | LegKind::Stranded => {
                    let label = self.fee_labels.get(&index).cloned();
                    fees.push(SummaryLine::Fee {
                        network: leg.network,
                        recipient,
                        amount,
                        label: label.as_ref().and_then(|l| l.label.clone()),
                        bearer: label.map(|l| l.bearer),
                    });
                }
            }
        }
        self.lines.extend(fees);
        for refund in self.refunds.clone() {
            let amount = self.quantity(refund.network, Asset::Native, refund.amount);
            let contract = self.party(refund.network, &refund.contract);
            self.lines.push(SummaryLine::Refund {
                network: refund.network,
                amount,
                contract,
            });
        }
        for ((_, network, asset), (units, at_most)) in totals {
            let amount = self.quantity(network, asset, units);
            let cross_chain = network != self.exp.network();
            self.lines.push(SummaryLine::Total {
                amount,
                at_most,
                cross_chain,
            });
        }
    }
}
