//! Approvals: a spender is a contract that this response's own transactions use to pull that
//! token, for what they pull. Above that: a caution for the immutable payment contracts that
//! only pull from their caller, a danger for an upgradeable spender (the LI.FI diamond). The
//! smart-account flow's wallet approvals name exactly the agreed smart account.

use std::collections::BTreeMap;

use alloy_primitives::U256;

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
        let mut need: BTreeMap<(Network, ChainAddress, ChainAddress), U256> = BTreeMap::new();
        let mut pulled_tokens: BTreeMap<(Network, ChainAddress), ()> = BTreeMap::new();
        for leg in self.legs.iter().filter(|l| !l.bridged) {
            if let (Some(puller), Asset::Token(token)) = (leg.puller, leg.asset) {
                let entry = need.entry((leg.network, token, puller)).or_default();
                *entry = entry.saturating_add(leg.amount);
                pulled_tokens.insert((leg.network, token), ());
            }
        }
        for placed in std::mem::take(&mut self.approvals) {
            let key = (
                placed.network,
                placed.approval.token,
                placed.approval.spender,
            );
            self.approval(
                &placed,
                need.get(&key).copied(),
                pulled_tokens.contains_key(&(placed.network, placed.approval.token)),
            );
            self.approvals.push(placed);
        }
        self.follow_allowances(&need);
        for placed in std::mem::take(&mut self.eoa_approvals) {
            self.eoa_approval(&placed, &pulled_tokens);
            self.eoa_approvals.push(placed);
        }
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
            FindingCode::ApprovalAboveNeedUpgradeable,
            at,
            details,
            format!("approves {amount} of {asset_ref} for {spender}, an upgradeable contract, which pulls {needed}: an allowance left to it can be taken later"),
        );
    }

    fn eoa_approval(
        &mut self,
        placed: &Placed,
        pulled_tokens: &BTreeMap<(Network, ChainAddress), ()>,
    ) {
        let (network, approval) = (placed.network, placed.approval);
        let (at, asset_ref, spender, details) = self.approval_details(placed);
        if !pulled_tokens.contains_key(&(network, approval.token)) {
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
