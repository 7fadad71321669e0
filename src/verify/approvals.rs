//! Approvals: a spender is a contract that this response's own transactions use to pull that
//! token, for what they pull. Above that: a caution for the immutable payment contracts that
//! only pull from their caller, a danger for an upgradeable spender (the LI.FI diamond). The
//! smart-account flow's wallet approvals name exactly the agreed smart account.

use alloy_primitives::U256;

use super::allowances::Key;
use super::finding::{Details, FindingCode, Location};
use super::render::{AssetRef, Party};
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
        let approvals = std::mem::take(&mut self.approvals);
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
        let eoa_approvals = std::mem::take(&mut self.eoa_approvals);
        for placed in &eoa_approvals {
            self.eoa_approval(placed, &need);
        }
        self.eoa_approvals = eoa_approvals;
    }

    /// Where an approval is, its token and spender as shown, and the details every finding about
    /// it carries (token, spender, amount approved).
    fn approval_details(
        &mut self,
        placed: &Placed,
    ) -> (Option<Location>, AssetRef, Party, Details) {
        let (network, approval) = (placed.network, placed.approval);
        let asset_ref = self.asset(network, Asset::Token(approval.token));
        let spender = self.party(network, &approval.spender);
        let details = Details {
            asset: Some(asset_ref.clone()),
            party: Some(spender.clone()),
            actual: Some(asset_ref.quantity(approval.amount)),
            ..Details::on(network)
        };
        (Some(placed.at), asset_ref, spender, details)
    }

    fn approval(&mut self, placed: &Placed, need: Option<U256>, token_pulled: bool) {
        let (network, approval) = (placed.network, placed.approval);
        let (at, asset_ref, spender, mut details) = self.approval_details(placed);
        details.expected = need.map(|n| asset_ref.quantity(n));
        if approval.amount.is_zero() {
            // A reset (USDT-style): it grants nothing. Of the zero address it does nothing
            // either, and tokens that refuse it (OpenZeppelin's, USDC) make it fail.
            if approval.spender.is_zero() {
                self.finding(
                    FindingCode::ApprovalZeroAddress,
                    at,
                    details,
                    format!("approves 0 {asset_ref} for the zero address: it does nothing, and a token that refuses an approval of the zero address (OpenZeppelin's, USDC) makes it fail"),
                );
            }
            return;
        }
        let Some(need) = need else {
            let (code, message) = if token_pulled {
                (
                    FindingCode::ApprovalSpender,
                    format!(
                        "approves {asset_ref} for {spender}, which pulls nothing in this payment"
                    ),
                )
            } else {
                (
                    FindingCode::ApprovalToken,
                    format!(
                        "approves {asset_ref} for {spender}, but this payment spends no {asset_ref}"
                    ),
                )
            };
            self.finding(code, at, details, message);
            return;
        };
        // Above the need: the upgradeable bridge may take it later (a danger); what an
        // immutable contract is left approved is said by `follow_allowances`.
        let upgradeable =
            self.contract_at(network, &approval.spender) == Some(Contract::LiFiDiamond);
        if approval.amount <= need || !upgradeable {
            return;
        }
        let amount = if approval.amount == U256::MAX {
            "an unlimited amount".to_owned()
        } else {
            asset_ref.quantity(approval.amount).to_string()
        };
        let needed = asset_ref.quantity(need);
        self.finding(
            FindingCode::ApprovalAboveNeed,
            at,
            details,
            format!("approves {amount} of {asset_ref} for {spender}, an upgradeable contract, which pulls {needed}: an allowance left to it can be taken later"),
        );
    }

    fn eoa_approval(&mut self, placed: &Placed, need: &[(Key, U256)]) {
        let (network, approval) = (placed.network, placed.approval);
        let (at, asset_ref, spender, details) = self.approval_details(placed);
        if !pulls_token(need, network, approval.token) {
            self.finding(
                FindingCode::EoaApprovalToken,
                at,
                details.clone(),
                format!("your wallet approves {asset_ref}, which this payment does not spend"),
            );
        }
        match self.exp.smart_account() {
            Some(account) if account.abi() == approval.spender.abi() => {
                if approval.amount == U256::MAX {
                    self.finding(
                        FindingCode::ApprovalUnlimited,
                        at,
                        details,
                        format!("your wallet approves an unlimited amount of {asset_ref} for {spender}"),
                    );
                }
            }
            Some(account) => self.finding(
                FindingCode::EoaApprovalSpender,
                at,
                Details {
                    expected_party: Some(super::Party::SmartAccount { address: account }),
                    ..details
                },
                format!("your wallet approves {spender} instead of your smart account {account}"),
            ),
            None => self.finding(
                FindingCode::EoaApprovalSpender,
                at,
                details,
                format!("your wallet approves {asset_ref} for {spender}, but no smart account was agreed (smartAccount): it cannot be told from a stranger"),
            ),
        }
    }
}

/// Whether some leg pulls `token` on `network` (`need`: sorted by key).
fn pulls_token(need: &[(Key, U256)], network: Network, token: ChainAddress) -> bool {
    let first = need.partition_point(|((n, t, _), _)| (*n, *t) < (network, token));
    need.get(first)
        .is_some_and(|((n, t, _), _)| *n == network && *t == token)
}
