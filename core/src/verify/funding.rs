//! A smart account's funding step: inside the account's calls, `transferFrom(payer → account,
//! amount)` pulls the payer's tokens with the allowance the payer's wallet gave the account
//! (the hosted flow batches "approval, funding, and settlement" in one operation: Request
//! Network's docs, `api-features/secure-payment-pages.mdx`, "Smart Account Payments"). It is
//! accepted only as exactly that: from the agreed payer, to the agreed smart account, in a token
//! the account then spends, for at most what it spends. Any other `transferFrom` moves someone's
//! tokens where nothing was agreed: a danger.

use crate::prelude::*;

use alloc::collections::BTreeMap;

use alloy_primitives::U256;

use super::finding::{Case, Details, FindingCode, Location};
use super::render::Party;
use super::run::{Moved, Run, send_order};
use crate::address::ChainAddress;
use crate::calldata::effect::Asset;
use crate::network::Network;

impl Run<'_, '_> {
    /// Checks every `transferFrom` of the response.
    pub(super) fn check_funding(&mut self) {
        let moved = core::mem::take(&mut self.moved);
        // What the account spends per token (every leg taken from it on its chain) and funds.
        // (Only read for a funding step: without one, not built.)
        let mut spent: BTreeMap<(Network, ChainAddress), U256> = BTreeMap::new();
        for leg in self.legs.iter().filter(|l| !l.bridged && !moved.is_empty()) {
            if let Asset::Token(token) = leg.asset {
                let total = spent.entry((leg.network, token)).or_default();
                *total = total.saturating_add(leg.amount);
            }
        }
        // Per token: what the funding steps pull, and where the first one is.
        let mut funded: BTreeMap<(Network, ChainAddress), (U256, Location)> = BTreeMap::new();
        for step in &moved {
            let key = (step.network, step.moves.token);
            if self.funding_parties(step, spent.contains_key(&key)) {
                let (total, _) = funded.entry(key).or_insert((U256::ZERO, step.at));
                *total = total.saturating_add(step.moves.amount);
            }
        }
        for ((network, token), (amount, at)) in funded {
            let spends = spent.get(&(network, token)).copied().unwrap_or_default();
            let at = Some(at);
            let asset = self.asset(network, Asset::Token(token));
            if amount > spends {
                let (actual, expected) = (asset.quantity(amount), asset.quantity(spends));
                let account = self.exp.smart_account().map(|address| Party::SmartAccount {
                    address: address.on_network(network),
                });
                self.finding(
                    FindingCode::SmartAccountFunding,
                    at,
                    Details {
                        actual: Some(actual.clone()),
                        expected: Some(expected.clone()),
                        asset: Some(asset),
                        party: account,
                        ..Details::on(network)
                    },
                );
                continue;
            }
            self.funding_allowance(network, token, amount);
        }
        self.moved = moved;
        self.wallet_allowance_left();
        self.account_balance_relied_on();
    }

    /// What the wallet leaves approved to the smart account once the funding steps are done:
    /// the last approval of each token (an approval replaces the one before), beyond what the
    /// funding steps pull. Unlimited is said where the approval is checked.
    fn wallet_allowance_left(&mut self) {
        let Some(account) = self.exp.smart_account() else {
            return;
        };
        let mut last: BTreeMap<(Network, ChainAddress), super::run::Placed> = BTreeMap::new();
        let mut races = Vec::new();
        let mut eoa_approvals = self.eoa_approvals.clone();
        super::order::sort_by_key(&mut eoa_approvals, |p| send_order(p.at));
        for placed in &eoa_approvals {
            if placed.approval.spender.abi() != account.abi() {
                continue;
            }
            let key = (placed.network, placed.approval.token);
            // The wallet's approvals all come before the account spends anything: a second
            // non-zero one over a non-zero one is refused by approval-race tokens.
            if let Some(before) = last.get(&key) {
                if !before.approval.amount.is_zero() && !placed.approval.amount.is_zero() {
                    races.push(*placed);
                }
            }
            last.insert(key, *placed);
        }
        for placed in races {
            self.approval_race(placed, Some(Case::WalletApproval));
        }
        for ((network, token), placed) in last {
            let amount = placed.approval.amount;
            let funded = self
                .moved
                .iter()
                .filter(|m| {
                    m.network == network
                        && m.moves.token == token
                        && m.moves.to.abi() == account.abi()
                })
                .fold(U256::ZERO, |t, m| t.saturating_add(m.moves.amount));
            if amount == U256::MAX || amount <= funded {
                continue;
            }
            let asset = self.asset(network, Asset::Token(token));
            let (actual, expected) = (asset.quantity(amount), asset.quantity(funded));
            let party = Party::SmartAccount { address: account };
            self.finding(
                FindingCode::ApprovalRemainder,
                Some(placed.at),
                Details {
                    asset: Some(asset),
                    expected: Some(expected),
                    actual: Some(actual),
                    party: Some(party),
                    case: Some(Case::WalletApproval),
                    ..Details::on(network)
                },
            );
        }
    }

    /// An approval above zero over a non-zero allowance this response gave (`case`: the
    /// smart-account flow's wallet approval, or none for the main list): for a token the
    /// crate's facts hold to have approval-race protection (USDT on Ethereum) it cannot succeed,
    /// a danger; for a token that may have it, a caution.
    pub(super) fn approval_race(&mut self, placed: super::run::Placed, case: Option<Case>) {
        let (network, token) = (placed.network, placed.approval.token);
        let behaviour = crate::currency::TokenBehaviour::ApprovalRaceProtection;
        let facts = crate::currency::TokenFacts::builtin();
        if !facts.may_have(network, &token, behaviour) {
            return;
        }
        let asset = self.asset(network, Asset::Token(token));
        let party = self.party(network, &placed.approval.spender);
        let known = facts.fact(network, &token, behaviour).filter(|f| f.present);
        let (code, reason) = match known {
            Some(fact) => (
                FindingCode::CallReverts,
                Some(format!(
                    "{asset} refuses an approval above zero while the allowance is not zero ({}), and the allowance this payment gave {} is not spent yet",
                    fact.source,
                    party.label()
                )),
            ),
            None => (FindingCode::TokenBehaviour, None),
        };
        self.finding(
            code,
            Some(placed.at),
            Details {
                asset: Some(asset),
                party: Some(party),
                behaviour: Some(behaviour),
                reason,
                case,
                ..Details::on(network)
            },
        );
    }

    /// In the smart-account flow, the account pays from what the funding step moved to it by
    /// then: a payment before its funding step, or beyond it, relies on the account already
    /// holding the rest, a balance the verifier cannot see (said, with the amount); without it
    /// the account's batch fails as a whole.
    fn account_balance_relied_on(&mut self) {
        let Some(account) = self.exp.smart_account() else {
            return;
        };
        // (send order, (chain, token), a funding step?, amount)
        type Event = ((u8, usize), (Network, ChainAddress), bool, U256);
        let mut events: Vec<Event> = Vec::new();
        for step in &self.moved {
            if step.moves.to.abi() == account.abi() {
                let key = (step.network, step.moves.token);
                events.push((send_order(step.at), key, true, step.moves.amount));
            }
        }
        for leg in self.legs.iter().filter(|l| !l.bridged) {
            if let Asset::Token(token) = leg.asset {
                events.push((send_order(leg.at), (leg.network, token), false, leg.amount));
            }
        }
        // Within one transaction, what it receives before what it pays.
        super::order::sort_by_key(&mut events, |(order, _, funds, _)| (*order, !*funds));
        let mut balance: BTreeMap<(Network, ChainAddress), (U256, U256)> = BTreeMap::new();
        for (_, key, funds, amount) in events {
            let (held, relied) = balance.entry(key).or_default();
            if funds {
                *held = held.saturating_add(amount);
            } else if let Some(rest) = held.checked_sub(amount) {
                *held = rest;
            } else {
                *relied = relied.saturating_add(amount.saturating_sub(*held));
                *held = U256::ZERO;
            }
        }
        for ((network, token), (_, relied)) in balance {
            if relied.is_zero() {
                continue;
            }
            let asset = self.asset(network, Asset::Token(token));
            let expected = asset.quantity(relied);
            let party = Party::SmartAccount {
                address: account.on_network(network),
            };
            self.finding(
                FindingCode::SmartAccountOwnBalance,
                None,
                Details {
                    asset: Some(asset),
                    expected: Some(expected.clone()),
                    party: Some(party.clone()),
                    ..Details::on(network)
                },
            );
        }
    }

    /// Whether a `transferFrom` is the funding step of the agreed flow (`spent`: whether the
    /// payment spends its token there); if not, a danger.
    fn funding_parties(&mut self, step: &Moved, spent: bool) -> bool {
        let (network, moves) = (step.network, step.moves);
        let from = self.party(network, &moves.from);
        let to = self.party(network, &moves.to);
        let asset = self.asset(network, Asset::Token(moves.token));
        let quantity = asset.quantity(moves.amount);
        let details = Details {
            actual: Some(quantity),
            party: Some(to),
            from: Some(from),
            asset: Some(asset),
            ..Details::on(network)
        };
        let (payer, account) = (self.exp.payer(), self.exp.smart_account());
        let (code, details) = match (payer, account) {
            (None, _) => (
                FindingCode::PayerMissing,
                Details {
                    field: Some("payer".into()),
                    ..details
                },
            ),
            (_, None) => (
                FindingCode::SmartAccountFunding,
                Details {
                    field: Some("smartAccount".into()),
                    ..details
                },
            ),
            (Some(payer), _) if payer.abi() != moves.from.abi() => (
                FindingCode::SmartAccountFunding,
                Details {
                    expected_party: Some(Party::Other { address: payer }),
                    ..details
                },
            ),
            (_, Some(account)) if account.abi() != moves.to.abi() => (
                FindingCode::SmartAccountFunding,
                Details {
                    expected_party: Some(Party::SmartAccount { address: account }),
                    ..details
                },
            ),
            _ if !spent => (FindingCode::SmartAccountFunding, details),
            _ => return true,
        };
        self.finding(code, Some(step.at), details);
        false
    }

    /// The allowance the funding step spends: the wallet's approval of the smart account, or an
    /// earlier one the verdict relies on.
    fn funding_allowance(&mut self, network: Network, token: ChainAddress, amount: U256) {
        let Some(account) = self.exp.smart_account() else {
            return;
        };
        // The wallet sends its approvals before the account's batch, in order: the last one is
        // the allowance the funding step spends (an approval replaces any given earlier).
        let last = self
            .eoa_approvals
            .iter()
            .filter(|p| {
                p.network == network
                    && p.approval.token == token
                    && p.approval.spender.abi() == account.abi()
            })
            .max_by_key(|p| super::run::send_order(p.at))
            .copied();
        let granted = last.map_or(U256::ZERO, |p| p.approval.amount);
        if granted >= amount {
            return;
        }
        let asset = self.asset(network, Asset::Token(token));
        let (actual, expected) = (asset.quantity(granted), asset.quantity(amount));
        let party = Party::SmartAccount { address: account };
        let case = match last {
            Some(_) => Case::WalletApproval,
            None => Case::WalletNoApproval,
        };
        self.finding(
            FindingCode::ApprovalBelowNeed,
            last.map(|p| p.at),
            Details {
                asset: Some(asset),
                expected: Some(expected),
                actual: Some(actual),
                party: Some(party),
                case: Some(case),
                ..Details::on(network)
            },
        );
    }
}
