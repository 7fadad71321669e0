//! Token behaviours that change what a payment moves: for each token the transactions move,
//! each such behaviour the crate's facts ([`crate::currency::TokenFacts`]) do not prove absent
//! is said as a caution, once per token. The amounts the verifier checks are what the calls ask
//! the token to move; a token that takes a fee on transfer moves less to every recipient.
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
    }
}
