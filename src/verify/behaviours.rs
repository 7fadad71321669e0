//! Token behaviours that change what a payment moves: for each token the transactions move,
//! each such behaviour the crate's facts ([`crate::currency::TokenFacts`]) do not prove absent
//! is said as a caution, once per token. The amounts the verifier checks are what the calls ask
//! the token to move; a token that takes a fee on transfer moves less to every recipient.
//!
//! One behaviour that makes a call fail is in the calldata itself: a batch contract pulls its
//! fee even when it is 0, and a token that refuses zero-value transfers (LEND) makes the whole
//! batch fail; it is said where a batch pulls 0 of a token not proven to accept it.
//!
//! Behaviours that can only make a transaction fail in a state the verifier cannot see (a pause,
//! a blocklist, an allowance left non-zero on a token with approval-race protection) are not
//! findings: the wallet's simulation sees that state, and a failed transaction moves nothing.

use std::collections::BTreeSet;

use super::finding::{Details, FindingCode};
use super::run::Run;
use crate::address::ChainAddress;
use crate::calldata::effect::Asset;
use crate::currency::{TokenBehaviour, TokenFacts};
use crate::network::Network;

impl Run<'_, '_> {
    /// A caution per token moved and per amount-changing behaviour it may have.
    pub(super) fn check_token_behaviours(&mut self) {
        let tokens: BTreeSet<(Network, ChainAddress)> = self
            .legs
            .iter()
            .filter_map(|leg| match leg.asset {
                Asset::Token(token) => Some((leg.network, token)),
                Asset::Native => None,
            })
            .collect();
        let facts = TokenFacts::builtin();
        for (network, token) in tokens {
            for &behaviour in TokenBehaviour::ALL {
                if !behaviour.changes_amounts() || !facts.may_have(network, &token, behaviour) {
                    continue;
                }
                let asset = self.asset(network, Asset::Token(token));
                let fact = facts.fact(network, &token, behaviour);
                let message = match fact {
                    Some(fact) => format!(
                        "{asset} can take a fee on each transfer ({}): every recipient would then receive less than the amounts shown",
                        fact.source
                    ),
                    None => format!(
                        "no fact proves that {asset} takes no fee on transfer: if it took one, every recipient would receive less than the amounts shown"
                    ),
                };
                self.caution(
                    FindingCode::TokenBehaviour,
                    None,
                    Details {
                        asset: Some(asset),
                        behaviour: Some(behaviour),
                        reason: fact.map(|f| f.source.to_owned()),
                        ..Details::on(network)
                    },
                    message,
                );
            }
        }
        let zero_pulls = std::mem::take(&mut self.zero_pulls);
        let mut said: BTreeSet<(Network, ChainAddress)> = BTreeSet::new();
        for &(at, network, token) in &zero_pulls {
            let behaviour = TokenBehaviour::RevertOnZeroValueTransfer;
            if !facts.may_have(network, &token, behaviour) || !said.insert((network, token)) {
                continue;
            }
            let asset = self.asset(network, Asset::Token(token));
            self.caution(
                FindingCode::TokenBehaviour,
                Some(at),
                Details {
                    asset: Some(asset.clone()),
                    behaviour: Some(behaviour),
                    ..Details::on(network)
                },
                format!(
                    "the batch contract pulls a batch fee of 0 {asset}: if {asset} refuses zero-value transfers (no fact proves it does not), the whole call fails"
                ),
            );
        }
        self.zero_pulls = zero_pulls;
    }
}
