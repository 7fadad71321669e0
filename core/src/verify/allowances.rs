//! The allowances the payment spends, followed in the order the wallet sends the transactions:
//! `approve` sets an allowance (it does not add to one), each pull spends it. So a pull before
//! any approval of its spender relies on an allowance given earlier (said, with the amount); a
//! pull beyond what the last approval left fails, and no earlier allowance can help, since the
//! approval replaced it (said, at that approval); what is left approved once every pull is done
//! is said at the approval that left it; and a second non-zero approval over one this response
//! gave, without a reset between, fails on a token with approval-race protection (said for a
//! token not proven without it).

use crate::prelude::*;

use alloy_primitives::U256;

use super::finding::{Case, Details, FindingCode};
use super::run::{Run, send_order};
use crate::address::ChainAddress;
use crate::calldata::effect::Asset;
use crate::network::Network;

/// A token and a spender on a chain.
pub(super) type Key = (Network, ChainAddress, ChainAddress);

/// What happens to one allowance, in order.
#[derive(Debug, Clone, Copy)]
enum Event {
    /// The approval at this index of `Run::approvals`, of the allowance at `key`.
    Approve { key: usize, index: usize },
    /// A pull of this much from the allowance at `key`.
    Pull { key: usize, amount: U256 },
}

/// One allowance followed.
#[derive(Debug, Default, Clone)]
struct Allowance {
    /// The approval that set it last and what is left of it; `None` before any approval.
    set: Option<(usize, U256)>,
    /// Pulled before any approval: from an allowance given earlier.
    relied: U256,
    /// The first approval a pull went beyond.
    short: Option<usize>,
    /// Approvals over a non-zero allowance this response gave.
    races: Vec<usize>,
}

/// A sort key for the send order of a transaction (approvals before pulls within one).
fn order_key(at: super::finding::Location, pull: bool) -> u64 {
    let (list, index) = send_order(at);
    let index = u64::try_from(index)
        .unwrap_or(u64::MAX >> 9)
        .min(u64::MAX >> 9);
    (u64::from(list) << 55) | (index << 1) | u64::from(pull)
}

impl Run<'_, '_> {
    /// Follows every allowance that a pull of this response spends (`need`: the keys).
    pub(super) fn follow_allowances(&mut self, need: &[(Key, U256)]) {
        let key_of = |k: &Key| need.binary_search_by(|(key, _)| key.cmp(k));
        let mut events: Vec<(u64, Event)> = Vec::new();
        for (index, placed) in self.approvals.iter().enumerate() {
            let a = placed.approval;
            if let Ok(key) = key_of(&(placed.network, a.token, a.spender)) {
                events.push((order_key(placed.at, false), Event::Approve { key, index }));
            }
        }
        for leg in self.legs.iter().filter(|l| !l.bridged) {
            if let (Some(puller), Asset::Token(token)) = (leg.puller, leg.asset) {
                if let Ok(key) = key_of(&(leg.network, token, puller)) {
                    let amount = leg.amount;
                    events.push((order_key(leg.at, true), Event::Pull { key, amount }));
                }
            }
        }
        super::order::sort_by_key(&mut events, |(order, _)| *order);
        let mut followed: Vec<Allowance> = vec![Allowance::default(); need.len()];
        // Per approval: what is pulled under it.
        let mut pulled: Vec<U256> = vec![U256::ZERO; self.approvals.len()];
        for (_, event) in events {
            match event {
                Event::Approve { key, index } => {
                    let Some(state) = followed.get_mut(key) else {
                        continue;
                    };
                    let amount = self
                        .approvals
                        .get(index)
                        .map_or(U256::ZERO, |p| p.approval.amount);
                    if state
                        .set
                        .is_some_and(|(_, left)| !left.is_zero() && !amount.is_zero())
                    {
                        state.races.push(index);
                    }
                    state.set = Some((index, amount));
                }
                Event::Pull { key, amount } => {
                    let Some(state) = followed.get_mut(key) else {
                        continue;
                    };
                    match &mut state.set {
                        None => state.relied = state.relied.saturating_add(amount),
                        Some((index, left)) => {
                            if let Some(p) = pulled.get_mut(*index) {
                                *p = p.saturating_add(amount);
                            }
                            if *left == U256::MAX {
                                // Unlimited: OpenZeppelin-style tokens do not spend it.
                            } else if let Some(rest) = left.checked_sub(amount) {
                                *left = rest;
                            } else if state.short.is_none() {
                                state.short = Some(*index);
                            }
                        }
                    }
                }
            }
        }
        for (&(key, _), state) in need.iter().zip(&followed) {
            self.said_allowance(key, state, &pulled);
        }
    }

    fn said_allowance(&mut self, key: Key, state: &Allowance, pulled: &[U256]) {
        let (network, token, spender) = key;
        let asset = Asset::Token(token);
        let asset_ref = self.asset(network, asset);
        let party = self.party(network, &spender);
        let details = |expected: U256, actual: U256| Details {
            asset: Some(asset_ref.clone()),
            expected: Some(asset_ref.quantity(expected)),
            actual: Some(asset_ref.quantity(actual)),
            party: Some(party.clone()),
            ..Details::on(network)
        };
        if !state.relied.is_zero() {
            let case = match state.set {
                None => Case::NoApproval,
                Some(_) => Case::PullBeforeApproval,
            };
            self.finding(
                FindingCode::ApprovalBelowNeed,
                None,
                Details {
                    case: Some(case),
                    ..details(state.relied, U256::ZERO)
                },
            );
        }
        if let Some(index) = state.short {
            if let Some(placed) = self.approvals.get(index).copied() {
                let pulled = pulled.get(index).copied().unwrap_or_default();
                let amount = placed.approval.amount;
                self.finding(
                    FindingCode::ApprovalBelowNeed,
                    Some(placed.at),
                    details(pulled, amount),
                );
            }
        }
        for &index in &state.races {
            let Some(placed) = self.approvals.get(index).copied() else {
                continue;
            };
            self.approval_race(placed, None);
        }
        // What is left approved once every pull is done.
        let Some((index, left)) = state.set else {
            return;
        };
        if left.is_zero() || state.short == Some(index) {
            return;
        }
        let Some(placed) = self.approvals.get(index).copied() else {
            return;
        };
        let amount = placed.approval.amount;
        if amount == U256::MAX {
            self.finding(
                FindingCode::ApprovalUnlimited,
                Some(placed.at),
                Details {
                    asset: Some(asset_ref.clone()),
                    party: Some(party.clone()),
                    actual: Some(asset_ref.quantity(amount)),
                    ..Details::on(network)
                },
            );
        } else {
            let pulled = pulled.get(index).copied().unwrap_or_default();
            self.finding(
                FindingCode::ApprovalRemainder,
                Some(placed.at),
                details(pulled, amount),
            );
        }
    }
}
