//! Approvals: a spender is a contract that this response's own transactions use to pull that
//! token, for what they pull. Above that: a caution for the immutable payment contracts that
//! only pull from their caller, a danger for an upgradeable spender (the LI.FI diamond). The
//! smart-account flow's wallet approvals name exactly the agreed smart account.

use crate::prelude::*;

use alloy_primitives::U256;

use super::allowances::Key;
use super::finding::{Case, Details, FindingCode, Location};
use super::render::AssetRef;
use super::run::{Placed, Run};
use crate::address::ChainAddress;
use crate::calldata::effect::Asset;
use crate::contracts::Contract;
use crate::network::Network;

impl Run<'_, '_> {
    /// Checks every approval against what the legs pull.
    pub(super) fn check_approvals(&mut self) {
        // What each (network, token, spender) pulls, sorted by that key.
        let mut need: Vec<(Key, U256)> = self
            .legs
            .iter()
            .filter(|l| !l.bridged)
            .filter_map(|leg| match (leg.puller, leg.asset) {
                (Some(puller), Asset::Token(token)) => {
                    Some(((leg.network, token, puller), leg.amount))
                }
                _ => None,
            })
            .collect();
        super::order::sort_by_key(&mut need, |(key, _)| *key);
        need.dedup_by(|later, kept| {
            let same = later.0 == kept.0;
            if same {
                kept.1 = kept.1.saturating_add(later.1);
            }
            same
        });
        // Taken while the checks borrow `self`, put back whole (not pushed back one by one).
        let approvals = core::mem::take(&mut self.approvals);
        for placed in &approvals {
            let key = (
                placed.network,
                placed.approval.token,
                placed.approval.spender,
            );
            self.approval(
                placed,
                need.binary_search_by(|(k, _)| k.cmp(&key))
                    .ok()
                    .and_then(|i| need.get(i))
                    .map(|(_, amount)| *amount),
                pulls_token(&need, placed.network, placed.approval.token),
            );
        }
        self.approvals = approvals;
        self.follow_allowances(&need);
        let eoa_approvals = core::mem::take(&mut self.eoa_approvals);
        for placed in &eoa_approvals {
            self.eoa_approval(placed, &need);
        }
        self.eoa_approvals = eoa_approvals;
    }

    /// Where an approval is, its token, and the details every finding about it carries (token,
    /// spender, amount approved).
    fn approval_details(&mut self, placed: &Placed) -> (Option<Location>, AssetRef, Details) {
        let (network, approval) = (placed.network, placed.approval);
        let asset_ref = self.asset(network, Asset::Token(approval.token));
        let spender = self.party(network, &approval.spender);
        let details = Details {
            asset: Some(asset_ref.clone()),
            party: Some(spender),
            actual: Some(asset_ref.quantity(approval.amount)),
            ..Details::on(network)
        };
        (Some(placed.at), asset_ref, details)
    }

    fn approval(&mut self, placed: &Placed, need: Option<U256>, token_pulled: bool) {
        let (network, approval) = (placed.network, placed.approval);
        let (at, asset_ref, mut details) = self.approval_details(placed);
        details.expected = need.map(|n| asset_ref.quantity(n));
        if approval.amount.is_zero() {
            // A reset (USDT-style): it grants nothing. Of the zero address it does nothing
            // either, and tokens that refuse it (OpenZeppelin's, USDC) make it fail.
            if approval.spender.is_zero() {
                self.finding(FindingCode::ApprovalZeroAddress, at, details);
            }
            return;
        }
        let Some(need) = need else {
            let code = if token_pulled {
                FindingCode::ApprovalSpender
            } else {
                FindingCode::ApprovalToken
            };
            self.finding(code, at, details);
            return;
        };
        // Above the need: the upgradeable bridge may take it later (a danger); what an
        // immutable contract is left approved is said by `follow_allowances`.
        let upgradeable =
            self.contract_at(network, &approval.spender) == Some(Contract::LiFiDiamond);
        if approval.amount <= need || !upgradeable {
            return;
        }
        self.finding(FindingCode::ApprovalAboveNeed, at, details);
    }

    fn eoa_approval(&mut self, placed: &Placed, need: &[(Key, U256)]) {
        let (network, approval) = (placed.network, placed.approval);
        let (at, _, details) = self.approval_details(placed);
        if !pulls_token(need, network, approval.token) {
            self.finding(FindingCode::EoaApprovalToken, at, details.clone());
        }
        match self.exp.smart_account() {
            Some(account) if account.abi() == approval.spender.abi() => {
                if approval.amount == U256::MAX {
                    let details = Details {
                        case: Some(Case::WalletApproval),
                        ..details
                    };
                    self.finding(FindingCode::ApprovalUnlimited, at, details);
                }
            }
            Some(account) => self.finding(
                FindingCode::EoaApprovalSpender,
                at,
                Details {
                    expected_party: Some(super::Party::SmartAccount { address: account }),
                    ..details
                },
            ),
            None => self.finding(FindingCode::EoaApprovalSpender, at, details),
        }
    }
}

/// Whether some leg pulls `token` on `network` (`need`: sorted by key).
fn pulls_token(need: &[(Key, U256)], network: Network, token: ChainAddress) -> bool {
    let first = need.partition_point(|((n, t, _), _)| (*n, *t) < (network, token));
    need.get(first)
        .is_some_and(|((n, t, _), _)| *n == network && *t == token)
}
