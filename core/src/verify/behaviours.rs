//! Token behaviours that change what a payment moves: for each token the transactions move,
//! each such behaviour the crate's facts ([`crate::currency::TokenFacts`]) do not prove absent
//! is said as a caution, once per token; one they prove absent is an
//! [`Assumption`](super::Assumption) of the verdict, with the fact's source. The amounts the verifier checks are what the calls ask
//! the token to move; a token that takes a fee on transfer moves less to every recipient.
//!
//! One behaviour that makes a call fail is in the calldata itself: a transfer of 0. A batch
//! contract pulls its fee even when it is 0, a call may move 0 (a payment, a funding step), and
//! a token that refuses zero-value transfers (LEND) makes the call fail; it is said where a call
//! moves 0 of a token not proven to accept it.
//!
//! Behaviours that can only make a transaction fail in a state the verifier cannot see (a pause,
//! a blocklist, an allowance left non-zero on a token with approval-race protection) are not
//! findings: the wallet's simulation sees that state, and a failed transaction moves nothing.

use crate::prelude::*;

use alloc::collections::BTreeSet;

use super::assumption::Assumption;
use super::finding::{Case, Details, FindingCode, Location};
use super::run::Run;
use crate::address::ChainAddress;
use crate::calldata::effect::Asset;
use crate::currency::{TokenBehaviour, TokenFacts};
use crate::network::Network;

impl Run<'_, '_> {
    /// A caution per token moved and per amount-changing behaviour it may have.
    pub(super) fn check_token_behaviours(&mut self) {
        let mut tokens: Vec<(Network, ChainAddress)> = self
            .legs
            .iter()
            .filter_map(|leg| match leg.asset {
                Asset::Token(token) => Some((leg.network, token)),
                Asset::Native => None,
            })
            .collect();
        super::order::sort_by(&mut tokens, Ord::cmp);
        tokens.dedup();
        let facts = TokenFacts::builtin();
        for (network, token) in tokens {
            for &behaviour in TokenBehaviour::ALL {
                if !behaviour.changes_amounts() {
                    continue;
                }
                let asset = self.asset(network, Asset::Token(token));
                let fact = facts.fact(network, &token, behaviour);
                if let Some(fact) = fact.filter(|f| !f.present) {
                    // Proven absent: what the verdict relies on, not a finding.
                    let changeable = facts.may_have(network, &token, TokenBehaviour::Upgradeable);
                    self.assumptions.push(Assumption::new(
                        asset,
                        behaviour,
                        fact.source,
                        changeable,
                    ));
                    continue;
                }
                self.finding(
                    FindingCode::TokenBehaviour,
                    None,
                    Details {
                        asset: Some(asset),
                        behaviour: Some(behaviour),
                        reason: fact.map(|f| f.source.to_owned()),
                        ..Details::on(network)
                    },
                );
            }
        }
        // Transfers of 0: a batch fee of 0 (the batch contracts pull it anyway), and any other
        // leg or `transferFrom` of 0 a call makes.
        let mut zero: Vec<(Location, Network, ChainAddress, bool)> = self
            .zero_pulls
            .iter()
            .map(|&(at, network, token)| (at, network, token, true))
            .collect();
        for leg in &self.legs {
            if let (Asset::Token(token), true) = (leg.asset, leg.amount.is_zero()) {
                zero.push((leg.at, leg.network, token, false));
            }
        }
        for step in &self.moved {
            if step.moves.amount.is_zero() {
                zero.push((step.at, step.network, step.moves.token, false));
            }
        }
        let mut said: BTreeSet<(Network, ChainAddress)> = BTreeSet::new();
        for (at, network, token, batch_fee) in zero {
            let behaviour = TokenBehaviour::RevertOnZeroValueTransfer;
            if !facts.may_have(network, &token, behaviour) || !said.insert((network, token)) {
                continue;
            }
            let asset = self.asset(network, Asset::Token(token));
            self.finding(
                FindingCode::TokenBehaviour,
                Some(at),
                Details {
                    asset: Some(asset),
                    behaviour: Some(behaviour),
                    case: batch_fee.then_some(Case::ZeroBatchFee),
                    ..Details::on(network)
                },
            );
        }
    }
}
