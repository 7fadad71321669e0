//! Accounting: every expected payment paid exactly once, every other outflow a declared fee,
//! approvals only to the contracts that pull the funds.

use std::collections::BTreeMap;

use alloy_primitives::U256;

use super::expectation::ExpectedPayment;
use super::legs::{Approval, Asset, Leg};
use super::shapes::Run;
use super::summary::short;
use crate::address::PayeeAddress;
use crate::amount::format_units;
use crate::network::Network;
use crate::pay::{FeeBearer, FeeBundle};

/// A fee entry, read in smallest units.
pub(super) struct Entry {
    pub index: usize,
    pub units: Option<U256>,
    pub payer_borne: bool,
    pub recipient: PayeeAddress,
    pub label: String,
    /// The expected payment the fee belongs to (for payee-borne fees).
    pub payment: Option<usize>,
    pub paid: bool,
}

/// The value flows found in the transactions.
#[derive(Default)]
pub(super) struct Flows {
    /// Main legs of the payment calls.
    pub payments: Vec<Leg>,
    /// Fees paid inside proxy calls.
    pub proxy_fees: Vec<Leg>,
    /// Main legs of the fee-leg transactions, in fee order.
    pub fee_legs: Vec<Leg>,
}

impl Flows {
    pub(super) fn all(&self) -> impl Iterator<Item = &Leg> {
        self.payments
            .iter()
            .chain(&self.proxy_fees)
            .chain(&self.fee_legs)
    }
}

impl Run<'_, '_> {
    /// Reads the fee entries; `payment_of` tells which expected payment a fee entry belongs to.
    pub(super) fn entries(
        &mut self,
        bundle: Option<&FeeBundle>,
        fee_network: Network,
        payment_of: &dyn Fn(&str) -> Option<usize>,
    ) -> Vec<Entry> {
        let Some(bundle) = bundle else {
            return Vec::new();
        };
        let mut entries = Vec::with_capacity(bundle.fees.len());
        for (index, fee) in bundle.fees.iter().enumerate() {
            let at = self.at("feeBundle.fees", Some(index));
            let same_currency = self
                .verifier
                .catalog
                .get(fee.payment_currency_id.as_str())
                .map(|c| c.id() == self.exp.currency.id())
                .unwrap_or(false);
            if !same_currency {
                self.danger(
                    "fee_currency",
                    at,
                    format!(
                        "the fee is in {} but the payment is in {}",
                        fee.payment_currency_id,
                        self.exp.currency.id()
                    ),
                );
            }
            if fee.network != fee_network {
                self.danger(
                    "fee_network",
                    at,
                    format!(
                        "the fee is on {} but its legs run on {fee_network}",
                        fee.network
                    ),
                );
            }
            let units = fee.amount.to_units(self.exp.currency.decimals()).ok();
            if units.is_none() {
                self.danger(
                    "fee_amount_unreadable",
                    at,
                    format!(
                        "fee amount {} is not an exact amount of {}",
                        fee.amount,
                        self.symbol()
                    ),
                );
            }
            let bearer = fee
                .fee_bearer
                .or(bundle.default_fee_bearer)
                .unwrap_or(FeeBearer::Payer);
            let label = fee
                .fee_label
                .clone()
                .or_else(|| fee.fee_type.clone())
                .unwrap_or_else(|| "fee".to_owned());
            entries.push(Entry {
                index,
                units,
                payer_borne: bearer == FeeBearer::Payer,
                recipient: fee.recipient,
                label,
                payment: payment_of(&fee.request_id),
                paid: false,
            });
        }
        entries
    }

    /// The amount each expected payment's leg must carry: the agreed amount minus the
    /// payee-borne fees that belong to it.
    fn expected_legs(&mut self, entries: &[Entry]) -> Vec<Option<U256>> {
        (0..self.exp.payments.len())
            .map(|i| {
                let borne = entries
                    .iter()
                    .filter(|e| !e.payer_borne && e.payment == Some(i))
                    .try_fold(U256::ZERO, |total, e| total.checked_add(e.units?))?;
                self.exp.payments.get(i)?.units.checked_sub(borne)
            })
            .collect()
    }

    pub(super) fn payment_asset(&self) -> Asset {
        match self.exp.token() {
            Some(token) => Asset::Token(token),
            None => Asset::Native,
        }
    }

    /// Settles the flows against the expectation and the fee entries.
    pub(super) fn settle(
        &mut self,
        flows: &Flows,
        entries: &mut [Entry],
        bundle: Option<&FeeBundle>,
    ) {
        let asset = self.payment_asset();
        let mut slots: Vec<Slot> = self
            .exp
            .payments
            .iter()
            .zip(self.expected_legs(entries))
            .map(|(payment, amount)| Slot {
                payee: *payment.payee.address_for_transaction(),
                expected: payment,
                amount,
                reference: payment.reference.map(|r| r.bytes()),
                state: SlotState::Open,
            })
            .collect();
        for leg in &flows.payments {
            let at = Some(leg.location);
            if leg.asset != asset {
                self.danger(
                    "payment_token",
                    at,
                    format!(
                        "pays {} instead of {}",
                        self.asset_name(leg.asset),
                        self.symbol()
                    ),
                );
                continue;
            }
            let fit = |slot: &Slot| slot.fit(leg);
            if let Some(slot) = slots
                .iter_mut()
                .find(|s| s.state == SlotState::Open && fit(s) == Fit::Full)
            {
                slot.state = SlotState::Matched;
                continue;
            }
            let (amount, symbol, to) = (
                self.human(leg.amount),
                self.symbol().to_owned(),
                self.who(&leg.to),
            );
            if slots
                .iter()
                .any(|s| s.state == SlotState::Matched && fit(s) == Fit::Full)
            {
                self.danger(
                    "payment_duplicated",
                    at,
                    format!("pays {amount} {symbol} to {to} a second time"),
                );
            } else if let Some(slot) = slots
                .iter_mut()
                .find(|s| s.state == SlotState::Open && fit(s) == Fit::ReferenceDiffers)
            {
                slot.state = SlotState::Diagnosed;
                let wanted = slot
                    .reference
                    .map(|r| format!("0x{}", alloy_primitives::hex::encode(r)))
                    .unwrap_or_default();
                self.danger(
                    "payment_reference",
                    at,
                    format!(
                        "pays {to} with reference {} instead of {wanted}",
                        reference_text(&leg.reference)
                    ),
                );
            } else if let Some(slot) = slots
                .iter_mut()
                .find(|s| s.state == SlotState::Open && fit(s) == Fit::AmountDiffers)
            {
                slot.state = SlotState::Diagnosed;
                let wanted = slot
                    .amount
                    .map(|u| format_units(u, self.exp.currency.decimals()))
                    .unwrap_or_else(|| "?".into());
                self.danger(
                    "payment_amount",
                    at,
                    format!("pays {amount} {symbol} to {to} instead of the agreed {wanted}"),
                );
            } else if let Some(slot) = slots
                .iter_mut()
                .find(|s| s.state == SlotState::Open && fit(s) == Fit::PayeeDiffers)
            {
                slot.state = SlotState::Diagnosed;
                self.danger(
                    "payment_payee",
                    at,
                    format!(
                        "pays {amount} {symbol} to {to}, not to the agreed payee {}",
                        slot.expected.payee
                    ),
                );
            } else {
                self.danger("undeclared_outflow", at, format!("sends {amount} {symbol} to {to}, which is neither an agreed payment nor a declared fee"));
            }
        }
        for slot in slots.iter().filter(|s| s.state == SlotState::Open) {
            self.danger(
                "payment_missing",
                None,
                format!(
                    "no transaction pays {} {} to {}",
                    slot.expected.amount,
                    self.symbol(),
                    slot.expected.payee
                ),
            );
        }
        self.settle_fees(flows, entries, asset);
        self.check_fee_totals(entries, bundle);
    }

    fn settle_fees(&mut self, flows: &Flows, entries: &mut [Entry], asset: Asset) {
        for leg in &flows.proxy_fees {
            let entry = entries.iter_mut().find(|e| {
                !e.paid
                    && e.recipient == leg.to
                    && e.units == Some(leg.amount)
                    && leg.asset == asset
            });
            match entry {
                Some(entry) => entry.paid = true,
                None => self.danger(
                    "undeclared_fee_in_proxy",
                    Some(leg.location),
                    format!(
                        "the call pays a fee of {} {} to {} that no fee entry declares",
                        self.human(leg.amount),
                        self.asset_name(leg.asset),
                        self.who(&leg.to)
                    ),
                ),
            }
        }
        let mut remaining = entries.iter_mut().filter(|e| !e.paid);
        for leg in &flows.fee_legs {
            let at = Some(leg.location);
            match remaining.next() {
                Some(entry) => {
                    entry.paid = true;
                    if leg.asset != asset {
                        self.danger(
                            "fee_leg_mismatch",
                            at,
                            format!(
                                "the fee leg pays {} instead of {}",
                                self.asset_name(leg.asset),
                                self.symbol()
                            ),
                        );
                    } else if leg.to != entry.recipient {
                        self.danger(
                            "fee_leg_mismatch",
                            at,
                            format!(
                                "the fee leg pays {}, not the declared recipient {} of fee {}",
                                self.who(&leg.to),
                                entry.recipient,
                                entry.index
                            ),
                        );
                    } else if entry.units != Some(leg.amount) {
                        let declared = entry
                            .units
                            .map(|u| self.human(u))
                            .unwrap_or_else(|| "?".into());
                        self.danger(
                            "fee_leg_mismatch",
                            at,
                            format!(
                                "the fee leg pays {} {} but fee {} declares {declared}",
                                self.human(leg.amount),
                                self.symbol(),
                                entry.index
                            ),
                        );
                    }
                }
                None => self.danger(
                    "undeclared_outflow",
                    at,
                    format!(
                        "sends {} {} to {} as a fee leg with no fee entry",
                        self.human(leg.amount),
                        self.asset_name(leg.asset),
                        self.who(&leg.to)
                    ),
                ),
            }
        }
        for entry in entries.iter().filter(|e| !e.paid) {
            self.danger(
                "fee_not_paid",
                self.at("feeBundle.fees", Some(entry.index)),
                format!(
                    "fee {} ({}) is declared but no transaction pays it",
                    entry.index, entry.label
                ),
            );
        }
    }

    fn check_fee_totals(&mut self, entries: &[Entry], bundle: Option<&FeeBundle>) {
        let sum = |payer: bool| {
            entries
                .iter()
                .filter(|e| e.payer_borne == payer)
                .try_fold(U256::ZERO, |t, e| t.checked_add(e.units?))
        };
        let (payer, payee) = (sum(true), sum(false));
        match (payer, self.exp.max_payer_fees) {
            (Some(payer), Some(max)) if payer > max => {
                self.danger(
                    "payer_fees_above_max",
                    None,
                    format!(
                        "fees paid on top total {} {}, above the agreed maximum of {}",
                        self.human(payer),
                        self.symbol(),
                        self.human(max)
                    ),
                );
            }
            (Some(payer), None) if !payer.is_zero() => {
                self.caution(
                    "payer_fees_uncapped",
                    None,
                    format!(
                        "you pay {} {} of fees on top; no maximum was agreed",
                        self.human(payer),
                        self.symbol()
                    ),
                );
            }
            _ => {}
        }
        let Some(summary) = bundle.and_then(|b| b.amount_summary.as_ref()) else {
            return;
        };
        let decimals = self.exp.currency.decimals();
        let gross = self
            .exp
            .payments
            .iter()
            .try_fold(U256::ZERO, |t, p| t.checked_add(p.units));
        let checks = [
            ("grossAmount", &summary.gross_amount, gross),
            ("payeeBorneFees", &summary.payee_borne_fees, payee),
            ("payerBorneFees", &summary.payer_borne_fees, payer),
            (
                "payerTotal",
                &summary.payer_total,
                gross.zip(payer).and_then(|(g, p)| g.checked_add(p)),
            ),
        ];
        for (field, stated, computed) in checks {
            if stated.to_units(decimals).ok() != computed {
                let computed = computed
                    .map(|c| self.human(c))
                    .unwrap_or_else(|| "?".into());
                self.danger("amount_summary_mismatch", None, format!("amountSummary.{field} is {stated} but the payments and fee entries give {computed}"));
            }
        }
    }

    /// Checks approvals: the right token, a spender that pulls funds in this bundle, and an
    /// amount no larger than needed (an unlimited approval is said plainly).
    pub(super) fn check_approvals(
        &mut self,
        approvals: &[Approval],
        legs: &[&Leg],
        tokens: &[PayeeAddress],
        bridges: &[PayeeAddress],
        network: Network,
    ) {
        let mut needed: BTreeMap<(PayeeAddress, PayeeAddress), U256> = BTreeMap::new();
        for leg in legs {
            if let (Some(puller), Asset::Token(token)) = (leg.puller, leg.asset) {
                let entry = needed.entry((token, puller)).or_default();
                *entry = entry.saturating_add(leg.amount);
            }
        }
        for approval in approvals {
            let at = Some(approval.location);
            let symbol = self.token_symbol(network, &approval.token);
            if !tokens.contains(&approval.token) {
                self.danger(
                    "approval_token",
                    at,
                    format!("approves {symbol}, which this payment does not spend"),
                );
                continue;
            }
            let is_bridge = bridges.contains(&approval.spender);
            let need = needed.get(&(approval.token, approval.spender)).copied();
            let spender_name = self.contract_name(network, &approval.spender);
            if need.is_none() && !is_bridge {
                self.danger(
                    "approval_spender",
                    at,
                    format!(
                        "approves {} ({spender_name}), which pulls no funds in this payment",
                        approval.spender
                    ),
                );
                continue;
            }
            if approval.amount == U256::MAX {
                self.caution("approval_unlimited", at, format!("approves an unlimited amount of {symbol} for {spender_name}: it can pull more later, until you revoke it"));
                self.lines
                    .push(format!("Approve unlimited {symbol} for {spender_name}"));
                continue;
            }
            self.lines.push(format!(
                "Approve {} {symbol} for {spender_name}",
                self.human_of(network, &approval.token, approval.amount)
            ));
            match need {
                Some(need) if approval.amount > need => self.caution(
                    "approval_above_need",
                    at,
                    format!(
                        "approves {} {symbol} but the payment pulls {}",
                        self.human_of(network, &approval.token, approval.amount),
                        self.human_of(network, &approval.token, need)
                    ),
                ),
                Some(need) if approval.amount < need => self.caution(
                    "approval_below_need",
                    at,
                    format!(
                        "approves {} {symbol} but the payment pulls {}: it would fail",
                        self.human_of(network, &approval.token, approval.amount),
                        self.human_of(network, &approval.token, need)
                    ),
                ),
                _ => {}
            }
        }
    }
}

/// An expected payment while the legs are matched to it.
struct Slot<'e> {
    payee: PayeeAddress,
    /// The agreed payment (its payee is shown masked when hidden).
    expected: &'e ExpectedPayment,
    /// The amount the payee's leg must carry; `None` if the payee-borne fees do not fit.
    amount: Option<U256>,
    reference: Option<[u8; 8]>,
    state: SlotState,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SlotState {
    Open,
    Matched,
    /// A leg was found that resembles it but differs: reported once.
    Diagnosed,
}

/// How a leg fits an expected payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fit {
    Full,
    ReferenceDiffers,
    AmountDiffers,
    PayeeDiffers,
    None,
}

impl Slot<'_> {
    fn fit(&self, leg: &Leg) -> Fit {
        let payee = self.payee == leg.to;
        let amount = self.amount == Some(leg.amount);
        let reference = self
            .reference
            .is_none_or(|r| leg.reference.as_ref().is_some_and(|b| b.as_ref() == r));
        match (payee, amount, reference) {
            (true, true, true) => Fit::Full,
            (true, true, false) => Fit::ReferenceDiffers,
            (true, false, _) => Fit::AmountDiffers,
            (false, true, true) => Fit::PayeeDiffers,
            _ => Fit::None,
        }
    }
}

fn reference_text(reference: &Option<alloy_primitives::Bytes>) -> String {
    reference
        .as_ref()
        .map_or_else(|| "(none)".to_owned(), |r| short(&r.to_string()))
}
