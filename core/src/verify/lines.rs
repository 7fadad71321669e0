//! The summary, written from the effects: approvals, bridges, payments, fees, refunds, totals.

use alloc::collections::BTreeMap;

use alloy_primitives::U256;

use super::accounting::Settlement;
use super::run::{LegKind, Placed, Run};
use super::summary::SummaryLine;
use crate::calldata::effect::Asset;
use crate::network::Network;

impl Run<'_, '_> {
    /// Writes the summary lines.
    #[expect(
        clippy::too_many_lines,
        reason = "to be split (issue 36): one step per function"
    )]
    pub(super) fn summarize(&mut self, s: &Settlement) {
        // The lines are as many as the approvals, routes, legs, refunds and totals: reserved
        // at once, so that tens of thousands of legs never double the list while it grows.
        let mut legs = core::mem::take(&mut self.legs);
        let mut totals: BTreeMap<(bool, Network, Asset), (U256, bool)> = BTreeMap::new();
        let destination = self.exp.network();
        for leg in legs.iter().filter(|leg| !leg.bridged) {
            let first = leg.network == destination && leg.asset == self.payment_asset();
            let total = totals.entry((!first, leg.network, leg.asset)).or_default();
            total.0 = total.0.saturating_add(leg.amount);
            total.1 |= leg.at_most;
        }
        let lines = [
            self.eoa_approvals.len(),
            self.approvals.len(),
            self.routes.len(),
            legs.len(),
            self.refunds.len(),
            totals.len(),
        ];
        self.lines
            .reserve_exact(lines.iter().fold(0, |sum, n| sum.saturating_add(*n)));
        for index in 0..self.eoa_approvals.len() {
            if let Some(&placed) = self.eoa_approvals.get(index) {
                self.approve_line(placed);
            }
        }
        for index in 0..self.approvals.len() {
            if let Some(&placed) = self.approvals.get(index) {
                self.approve_line(placed);
            }
        }
        for index in 0..self.routes.len() {
            let Some(route) = self.routes.get(index).cloned() else {
                continue;
            };
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
        // The payments first, then the fees, in the order of the legs.
        for payments in [true, false] {
            for (index, leg) in legs.iter_mut().enumerate() {
                let to_payee = leg.network == destination && !self.payments_of(&leg.to).is_empty();
                let payment = leg.kind == LegKind::Payment
                    && (to_payee || s.is_payment(index).unwrap_or(false));
                if leg.kind == LegKind::Bridge || payment != payments {
                    continue;
                }
                let amount = self.quantity(leg.network, leg.asset, leg.amount);
                let recipient = self.party(leg.network, &leg.to);
                let line = match leg.kind {
                    _ if payment => SummaryLine::Pay {
                        network: leg.network,
                        payee: recipient,
                        amount,
                        reference: leg.reference.as_ref().map(super::run::reference_text),
                        bridged_from: if leg.bridged { source } else { None },
                    },
                    LegKind::BatchFee => SummaryLine::BatchFee {
                        network: leg.network,
                        recipient,
                        amount,
                    },
                    LegKind::AtRisk => SummaryLine::AtRisk {
                        network: leg.network,
                        amount,
                        contract: recipient,
                    },
                    _ => {
                        // Each leg has one line: its label moves into it.
                        let label = leg.fee_label.take();
                        SummaryLine::Fee {
                            network: leg.network,
                            recipient,
                            amount,
                            bearer: label.as_ref().map(|l| l.bearer),
                            label: label.and_then(|l| l.label),
                        }
                    }
                };
                self.lines.push(line);
            }
        }
        self.legs = legs;
        for index in 0..self.refunds.len() {
            let Some(&refund) = self.refunds.get(index) else {
                continue;
            };
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

    /// The line of an approval.
    fn approve_line(&mut self, placed: Placed) {
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
}
