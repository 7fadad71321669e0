//! Accounting from effects only: each agreed payment reaches its payee exactly once, in the
//! agreed token on the agreed chain; what the payees receive less than agreed is at most
//! `maxPayeeFees`; what leaves beyond the agreed payments is at most `maxPayerFees`; on a
//! cross-chain route, what leaves the wallet on the source chain is at most `maxSourceAmount`.
//! An absent cap is zero. Every lookup goes through a sorted map: no scan of the legs per leg.

use crate::prelude::*;

use alloc::collections::BTreeMap;

use alloy_primitives::U256;

use super::finding::{Details, FindingCode};
use super::run::{Leg, LegKind, Run, reference_text};
use crate::calldata::effect::Asset;

/// The outcome of the accounting, for the labels' cross-checks and the summary.
pub(super) struct Settlement {
    /// For each agreed payment, the leg that pays it and what its payee receives less than
    /// agreed (one list: one allocation).
    payments: Vec<(Option<usize>, U256)>,
    /// For each leg, whether it pays an agreed payment, and whether it was already reported as
    /// a payment in the wrong asset.
    legs: Vec<(bool, bool)>,
    /// Σ deductions.
    pub payee_fees: U256,
    /// What leaves in the payment asset beyond the agreed payments.
    pub beyond: U256,
    /// Everything in the payment asset, on the payment network.
    pub total: U256,
    /// Σ agreed payments.
    pub gross: U256,
    /// Σ what the payees receive.
    pub received: U256,
}

impl Settlement {
    /// The leg that pays agreed payment `payment`, if any.
    pub(crate) fn paid_by(&self, payment: usize) -> Option<usize> {
        self.payments.get(payment).and_then(|(leg, _)| *leg)
    }

    /// Whether leg `leg` pays an agreed payment (`None`: no such leg).
    pub(crate) fn is_payment(&self, leg: usize) -> Option<bool> {
        self.legs.get(leg).map(|(is_payment, _)| *is_payment)
    }

    /// What each agreed payment's payee receives less than agreed, in agreed order.
    pub(crate) fn deductions(&self) -> impl Iterator<Item = &U256> {
        self.payments.iter().map(|(_, deduction)| deduction)
    }

    /// Records `leg` as the one that pays (or was meant to pay: a diagnosed payment stays a
    /// danger, but is not reported missing too) agreed payment `payment`.
    fn take(&mut self, payment: usize, leg: usize) {
        if let Some((slot, _)) = self.payments.get_mut(payment) {
            *slot = Some(leg);
        }
        if let Some((flag, _)) = self.legs.get_mut(leg) {
            *flag = true;
        }
    }
}

impl Run<'_, '_> {
    /// Settles the legs against the expectation.
    pub(super) fn settle(&mut self) -> Settlement {
        let payments = self.exp.payments().len();
        let mut s = Settlement {
            payments: vec![(None, U256::ZERO); payments],
            legs: vec![(false, false); self.legs.len()],
            payee_fees: U256::ZERO,
            beyond: U256::ZERO,
            total: U256::ZERO,
            gross: U256::ZERO,
            received: U256::ZERO,
        };
        let legs = core::mem::take(&mut self.legs);
        self.match_payments(&legs, &mut s);
        self.diagnose(&legs, &mut s);
        for (index, payment) in self.exp.payments().iter().enumerate() {
            s.gross = s.gross.saturating_add(payment.units());
            if s.paid_by(index).is_none() {
                let expected = Some(self.in_payment_currency(payment.units()));
                let payee = self.payee_party(index);
                self.finding(
                    FindingCode::PaymentMissing,
                    None,
                    Details {
                        expected,
                        expected_party: payee,
                        expected_reference: payment.reference().map(|r| r.to_string()),
                        ..Details::on(self.exp.network())
                    },
                );
            }
        }
        self.amounts(&legs, &mut s);
        self.caps(&legs, &mut s);
        self.legs = legs;
        s
    }

    /// Whether a leg is in the payment asset on the payment network.
    fn in_payment_asset(&self, leg: &Leg) -> bool {
        leg.network == self.exp.network() && leg.asset == self.payment_asset()
    }

    /// Each payment leg to an agreed payee, in the agreed asset, is matched to one agreed
    /// payment of that payee with the same reference (an exact amount first).
    fn match_payments(&mut self, legs: &[Leg], s: &mut Settlement) {
        for (index, leg) in legs.iter().enumerate() {
            if leg.kind != LegKind::Payment || !self.in_payment_asset(leg) {
                continue;
            }
            let candidates = self.payments_of(&leg.to);
            if candidates.is_empty() {
                continue;
            }
            let fits = |p: &usize| {
                self.exp.payments().get(*p).is_some_and(|payment| {
                    payment
                        .reference()
                        .is_none_or(|r| leg.reference.as_deref() == Some(&r.bytes()[..]))
                })
            };
            let open = |p: &&usize| s.paid_by(**p).is_none();
            let exact = |p: &&usize| {
                self.exp
                    .payments()
                    .get(**p)
                    .is_some_and(|payment| payment.units() == leg.amount)
            };
            // Several open payments of this payee fit (no reference agreed): the exact amount,
            // else the smallest agreed amount the leg does not exceed (the least deduction),
            // else the largest.
            let units = |p: &usize| self.exp.payments().get(*p).map(|e| e.units());
            let fitting = || candidates.iter().filter(|p| fits(p)).filter(open);
            let chosen = fitting()
                .find(exact)
                .or_else(|| {
                    fitting()
                        .filter(|p| units(p) >= Some(leg.amount))
                        .min_by_key(|p| units(p))
                })
                .or_else(|| fitting().max_by_key(|p| units(p)));
            if let Some(payment) = chosen {
                s.take(*payment, index);
                continue;
            }
            let duplicated = candidates.iter().any(fits);
            let open_payment = candidates.iter().copied().find(|p| s.paid_by(*p).is_none());
            let amount = self.in_payment_currency(leg.amount);
            let party = self.party(leg.network, &leg.to);
            let reference = leg.reference.as_ref().map(reference_text);
            if duplicated {
                self.finding(
                    FindingCode::PaymentDuplicated,
                    Some(leg.at),
                    Details {
                        actual: Some(amount.clone()),
                        party: Some(party.clone()),
                        reference,
                        ..Details::on(leg.network)
                    },
                );
                continue;
            }
            let Some(payment) = open_payment else {
                continue;
            };
            s.take(payment, index);
            let wanted = self
                .exp
                .payments()
                .get(payment)
                .and_then(|p| p.reference())
                .map(|r| r.to_string());
            self.finding(
                FindingCode::PaymentReference,
                Some(leg.at),
                Details {
                    actual: Some(amount),
                    party: Some(party.clone()),
                    reference: reference.clone(),
                    expected_reference: wanted.clone(),
                    ..Details::on(leg.network)
                },
            );
        }
    }

    /// Payments still open: a payment leg with their reference and amount that goes to
    /// someone else (a swapped payee), or that pays their payee in another asset.
    fn diagnose(&mut self, legs: &[Leg], s: &mut Settlement) {
        let mut by_reference: BTreeMap<[u8; 8], Vec<usize>> = BTreeMap::new();
        let mut by_amount: BTreeMap<U256, Vec<usize>> = BTreeMap::new();
        for (index, payment) in self.exp.payments().iter().enumerate() {
            if s.paid_by(index).is_some() {
                continue;
            }
            match payment.reference() {
                Some(reference) => by_reference
                    .entry(reference.bytes())
                    .or_default()
                    .push(index),
                None => by_amount.entry(payment.units()).or_default().push(index),
            }
        }
        for (index, leg) in legs.iter().enumerate() {
            if leg.kind != LegKind::Payment || s.is_payment(index).unwrap_or(true) {
                continue;
            }
            let to_payee = !self.payments_of(&leg.to).is_empty();
            let in_asset = self.in_payment_asset(leg);
            let by_ref = leg
                .reference
                .as_ref()
                .and_then(|r| <[u8; 8]>::try_from(r.as_slice()).ok())
                .and_then(|r| by_reference.get(&r));
            let candidates = by_ref.or_else(|| by_amount.get(&leg.amount));
            let Some(payment) =
                candidates.and_then(|c| c.iter().copied().find(|p| s.paid_by(*p).is_none()))
            else {
                continue;
            };
            let Some(expected) = self.exp.payments().get(payment) else {
                continue;
            };
            let (units, payee) = (expected.units(), self.payee_party(payment));
            let party = self.party(leg.network, &leg.to);
            let actual = Some(self.quantity(leg.network, leg.asset, leg.amount));
            let code = if !in_asset && (to_payee || leg.amount == units) {
                FindingCode::PaymentToken
            } else if in_asset && !to_payee && (by_ref.is_some() || leg.amount == units) {
                FindingCode::PaymentPayee
            } else {
                continue;
            };
            s.take(payment, index);
            if let Some((_, flag)) = s.legs.get_mut(index) {
                *flag = code == FindingCode::PaymentToken;
            }
            let expected = Some(self.in_payment_currency(units));
            self.finding(
                code,
                Some(leg.at),
                Details {
                    expected,
                    actual,
                    party: Some(party),
                    expected_party: payee,
                    reference: leg.reference.as_ref().map(reference_text),
                    ..Details::on(leg.network)
                },
            );
        }
    }

    /// What each payee receives against the agreed amount (a payment made in another asset is
    /// reported as such, not compared).
    fn amounts(&mut self, legs: &[Leg], s: &mut Settlement) {
        let no_payee_fees = self.exp.max_payee_fees().is_zero();
        for (index, payment) in self.exp.payments().iter().enumerate() {
            let Some(leg) = s.paid_by(index).and_then(|l| legs.get(l)) else {
                continue;
            };
            if !self.in_payment_asset(leg) {
                continue;
            }
            s.received = s.received.saturating_add(leg.amount);
            let units = payment.units();
            if leg.amount == units {
                continue;
            }
            let deduction = units.saturating_sub(leg.amount);
            if let Some((_, slot)) = s.payments.get_mut(index) {
                *slot = deduction;
            }
            s.payee_fees = s.payee_fees.saturating_add(deduction);
            if leg.amount > units || no_payee_fees {
                let expected = Some(self.in_payment_currency(units));
                let actual = Some(self.in_payment_currency(leg.amount));
                let party = self.party(leg.network, &leg.to);
                self.finding(
                    FindingCode::PaymentAmount,
                    Some(leg.at),
                    Details {
                        expected,
                        actual,
                        party: Some(party),
                        ..Details::on(leg.network)
                    },
                );
            }
        }
    }

    /// The caps: payee-side deductions, what leaves beyond the payments, and on a cross-chain
    /// route what leaves on the source chain. Value in an asset no agreement covers is refused.
    fn caps(&mut self, legs: &[Leg], s: &mut Settlement) {
        let source = self.source_asset();
        let mut source_total = U256::ZERO;
        for (index, leg) in legs.iter().enumerate() {
            if self.in_payment_asset(leg) {
                s.total = s.total.saturating_add(leg.amount);
                continue;
            }
            if !leg.bridged && Some((leg.network, leg.asset)) == source {
                source_total = source_total.saturating_add(leg.amount);
                continue;
            }
            if s.legs.get(index).is_some_and(|(_, reported)| *reported) {
                continue; // a payee paid in another asset: reported as payment_token
            }
            let quantity = self.quantity(leg.network, leg.asset, leg.amount);
            let party = self.party(leg.network, &leg.to);
            let asset = self.asset(leg.network, leg.asset);
            self.finding(
                FindingCode::UndeclaredOutflow,
                Some(leg.at),
                Details {
                    actual: Some(quantity.clone()),
                    party: Some(party.clone()),
                    asset: Some(asset),
                    ..Details::on(leg.network)
                },
            );
        }
        s.beyond = s.total.saturating_sub(s.gross);
        let (network, asset) = (self.exp.network(), self.payment_asset());
        let max_payer = self.exp.max_payer_fees();
        self.cap(
            FindingCode::PayerFeesAboveMax,
            (network, asset),
            s.beyond,
            max_payer,
        );
        let max_payee = self.exp.max_payee_fees();
        if !max_payee.is_zero() {
            self.cap(
                FindingCode::PayeeFeesAboveMax,
                (network, asset),
                s.payee_fees,
                max_payee,
            );
        }
        if let (Some(source), Some(cross)) = (source, self.exp.cross_chain()) {
            let max = cross.max_units();
            self.cap(FindingCode::SourceAmountAboveMax, source, source_total, max);
        }
    }

    /// A danger when `actual` of an asset is above the agreed `max`.
    fn cap(
        &mut self,
        code: FindingCode,
        (network, asset): (crate::network::Network, Asset),
        actual: U256,
        max: U256,
    ) {
        if actual <= max {
            return;
        }
        let expected = self.quantity(network, asset, max);
        let actual = self.quantity(network, asset, actual);
        self.finding(
            code,
            None,
            Details {
                expected: Some(expected),
                actual: Some(actual),
                ..Details::on(network)
            },
        );
    }
}
