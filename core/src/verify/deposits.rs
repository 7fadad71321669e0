//! Each bridge deposit stands on its own: totals can stay equal while input moves from one
//! deposit to another, leaving one that asks for more than it puts in (never filled: its
//! payment is not made) and one that tips its relayer. So, per deposit, in value (the source and
//! the destination token may have different decimals, e.g. USDT on BNB Chain has 18, USDC on
//! Base 6):
//! - its input (`BridgeData.minAmount`, what the bridge deposits) covers its output (what the
//!   relayer must deliver): Across fills a deposit only when the relayer gains from it;
//! - its relayer fee (what it takes from the wallet less its output) is at most what the
//!   agreement leaves beyond every deposit's output (`maxSourceAmount` − Σ outputs).
//!
//! The stablecoins a route bridges are valued one for one; the agreement (`maxSourceAmount` in
//! the source currency for payments in the destination currency) already relies on that.

use alloy_primitives::U256;

use super::finding::{Details, FindingCode};
use super::run::{Route, Run};
use crate::amount::Decimals;

/// Amounts of two currencies brought to the larger of their decimals.
#[derive(Clone, Copy)]
struct Scale {
    source: U256,
    destination: U256,
}

impl Scale {
    fn new(source: Decimals, destination: Decimals) -> Scale {
        let (s, d) = (source.get(), destination.get());
        let ten = U256::from(10u8);
        Scale {
            source: ten.pow(U256::from(d.saturating_sub(s))),
            destination: ten.pow(U256::from(s.saturating_sub(d))),
        }
    }

    /// Source units at the common scale (`None` on overflow).
    fn scale_source(self, units: U256) -> Option<U256> {
        units.checked_mul(self.source)
    }

    /// Destination units at the common scale (`None` on overflow).
    fn scale_destination(self, units: U256) -> Option<U256> {
        units.checked_mul(self.destination)
    }
}

impl Run<'_, '_> {
    /// The common scale of the agreed route's source currency and the payment currency.
    fn deposit_scale(&self) -> Option<Scale> {
        let cross = self.exp.cross_chain()?;
        Some(Scale::new(
            cross.currency().decimals(),
            self.exp.currency().decimals(),
        ))
    }

    /// A deposit whose input does not cover its output, in value.
    pub(super) fn deposit_covers_output(&mut self, route: &Route) {
        let Some(scale) = self.deposit_scale() else {
            return;
        };
        let input = scale.scale_source(route.bridged);
        let output = scale.scale_destination(route.delivered);
        if matches!((input, output), (Some(i), Some(o)) if o <= i) {
            return;
        }
        let destination = self.exp.network();
        let actual = Some(self.in_payment_currency(route.delivered));
        let expected = Some(self.quantity(route.source, route.sent_asset, route.bridged));
        self.finding(
            FindingCode::BridgeOutputAmount,
            Some(route.at),
            Details {
                expected,
                actual,
                field: Some("outputAmount".into()),
                ..Details::on(destination)
            },
        );
    }

    /// Each deposit's relayer fee against what the agreement leaves beyond all the outputs.
    pub(super) fn deposit_fees(&mut self) {
        let (Some(scale), Some(cross)) = (self.deposit_scale(), self.exp.cross_chain()) else {
            return;
        };
        let max = scale.scale_source(cross.max_units());
        let outputs = self.routes.iter().try_fold(U256::ZERO, |total, route| {
            total.checked_add(scale.scale_destination(route.delivered)?)
        });
        let slack = match (max, outputs) {
            (Some(max), Some(outputs)) => max.saturating_sub(outputs),
            _ => U256::ZERO,
        };
        for route in self.routes.clone() {
            let fee = scale
                .scale_source(route.sent)
                .zip(scale.scale_destination(route.delivered))
                .map(|(input, output)| input.saturating_sub(output));
            if fee.is_some_and(|fee| fee <= slack) {
                continue;
            }
            // Back to source units (rounded down: the figure shown is at most the real one).
            let in_source = |units: U256| units.checked_div(scale.source).unwrap_or_default();
            let fee = fee.map_or(route.sent, in_source);
            let actual = Some(self.quantity(route.source, route.sent_asset, fee));
            let expected = Some(self.quantity(route.source, route.sent_asset, in_source(slack)));
            self.finding(
                FindingCode::SourceAmountAboveMax,
                Some(route.at),
                Details {
                    expected,
                    actual,
                    field: Some("minAmount".into()),
                    ..Details::on(route.source)
                },
            );
        }
    }
}
