//! The summary, written from the effects: approvals, bridges, payments, fees, refunds, totals.

use alloc::collections::BTreeMap;

use alloy_primitives::U256;

use super::accounting::Settlement;
use super::run::{Leg, LegKind, Placed, Run};
use super::summary::SummaryLine;
use crate::calldata::effect::Asset;
use crate::network::Network;

/// What leaves the wallet, by (not the payment's own asset on the agreed network, network,
/// asset): the units and whether they are an upper bound.
type Totals = BTreeMap<(bool, Network, Asset), (U256, bool)>;

impl Run<'_, '_> {
    /// Writes the summary lines: approvals, bridges, payments, fees, refunds, totals.
    pub(super) fn summarize(&mut self, s: &Settlement) {
        let mut legs = core::mem::take(&mut self.legs);
        let totals = self.totals(&legs);
        self.reserve_lines(legs.len(), totals.len());
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
        self.bridge_lines();
        self.leg_lines(&mut legs, s);
        self.legs = legs;
        self.refund_lines();
        self.total_lines(totals);
    }

    /// What leaves the wallet per chain and asset, from the legs that are not bridged: the
    /// units and whether they are an upper bound, the payment's own asset on the agreed network
    /// first.
    fn totals(&self, legs: &[Leg]) -> Totals {
        let mut totals = Totals::new();
        let destination = self.exp.network();
        for leg in legs.iter().filter(|leg| !leg.bridged) {
            let first = leg.network == destination && leg.asset == self.payment_asset();
            let total = totals.entry((!first, leg.network, leg.asset)).or_default();
            total.0 = total.0.saturating_add(leg.amount);
            total.1 |= leg.at_most;
        }
        totals
    }

    /// Reserves the lines at once: as many as the approvals, routes, `legs`, refunds and
    /// `totals`, so that tens of thousands of legs never double the list while it grows.
    fn reserve_lines(&mut self, legs: usize, totals: usize) {
        let lines = [
            self.eoa_approvals.len(),
            self.approvals.len(),
            self.routes.len(),
            legs,
            self.refunds.len(),
            totals,
        ];
        self.lines
            .reserve_exact(lines.iter().fold(0, |sum, n| sum.saturating_add(*n)));
    }

    /// The line of each bridge route: what it sends and the least it delivers.
    fn bridge_lines(&mut self) {
        let destination = self.exp.network();
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
    }

    /// The line of each leg but the bridges': the payments first, then the fees, in the order
    /// of the legs.
    fn leg_lines(&mut self, legs: &mut [Leg], s: &Settlement) {
        let destination = self.exp.network();
        let source = self.exp.cross_chain().map(|c| c.network());
        for payments in [true, false] {
            for (index, leg) in legs.iter_mut().enumerate() {
                let to_payee = leg.network == destination && !self.payments_of(&leg.to).is_empty();
                let payment = leg.kind == LegKind::Payment
                    && (to_payee || s.is_payment(index).unwrap_or(false));
                if leg.kind == LegKind::Bridge || payment != payments {
                    continue;
                }
                let line = self.leg_line(leg, payment, source);
                self.lines.push(line);
            }
        }
    }

    /// The line of `leg`: a payment (bridged from `source` when the leg is bridged), a batch
    /// fee, value at risk or a fee.
    fn leg_line(&mut self, leg: &mut Leg, payment: bool, source: Option<Network>) -> SummaryLine {
        let amount = self.quantity(leg.network, leg.asset, leg.amount);
        let recipient = self.party(leg.network, &leg.to);
        match leg.kind {
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
        }
    }

    /// The line of each refund of native value.
    fn refund_lines(&mut self) {
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
    }

    /// The line of each total, in the order of `totals`' keys.
    fn total_lines(&mut self, totals: Totals) {
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
