//! Value sent to a contract the crate knows — a payment contract of the deployment table, a
//! token of the catalog — as a fee, a batch fee or a transfer stays in that contract: none of
//! them can send it on (a token holding its own tokens, a proxy or batch contract holding a
//! fee). Whatever the caps allow, that is value lost, not a fee paid: a danger. So is value sent
//! to the zero address (burned, or the call fails on a token that refuses it). The bridge's
//! deposit (to the LI.FI diamond) is not such value, and a payment to an agreed payee is what
//! was agreed (a payment to anyone else is checked here too). Value sent to LI.FI's
//! `ReceiverAcrossV4`, `Executor` or `ERC20Proxy` of the chain is refused too: the receiver
//! and the proxy keep it
//! (`lifinance/contracts@ef00558f:src/Periphery/ReceiverAcrossV4.sol`, only its owner withdraws),
//! and the Executor sends what it gained during the call to the message's receiver
//! (`lifinance/contracts@ef00558f:src/Periphery/Executor.sol:183-191`), so the party the fee is
//! declared for never gets it.

use super::finding::{Case, Details, FindingCode};
use super::run::{LegKind, Run};
use crate::address::ChainAddress;
use crate::calldata::lifi::{erc20_proxy, executor, receiver_across_v4};
use crate::network::Network;

impl Run<'_, '_> {
    /// Checks that no fee, batch fee, transfer or payment to someone not agreed goes to a known
    /// contract or the zero address.
    pub(super) fn check_recipients(&mut self) {
        let legs = core::mem::take(&mut self.legs);
        for leg in &legs {
            let agreed = leg.kind == LegKind::Payment
                && leg.network == self.exp.network()
                && !self.payments_of(&leg.to).is_empty();
            if agreed
                || matches!(
                    leg.kind,
                    LegKind::Bridge | LegKind::Stranded | LegKind::AtRisk
                )
            {
                continue;
            }
            let burned = leg.to.is_zero();
            let lifi = lifi_periphery(leg.network, &leg.to);
            if !burned && !lifi && !self.known_contract(leg.network, &leg.to) {
                continue;
            }
            let quantity = self.quantity(leg.network, leg.asset, leg.amount);
            let party = self.party(leg.network, &leg.to);
            let asset = self.asset(leg.network, leg.asset);
            self.finding(
                FindingCode::UndeclaredOutflow,
                Some(leg.at),
                Details {
                    actual: Some(quantity),
                    party: Some(party),
                    asset: Some(asset),
                    case: Some(if burned {
                        Case::Burned
                    } else if lifi {
                        Case::LifiContract
                    } else {
                        Case::KeptByContract
                    }),
                    ..Details::on(leg.network)
                },
            );
        }
        self.legs = legs;
    }

    /// Whether `address` on `network` is a contract of the table or a token of the catalog.
    fn known_contract(&self, network: Network, address: &ChainAddress) -> bool {
        if self.contract_at(network, address).is_some() {
            return true;
        }
        let abi = address.abi();
        self.v.catalog.currencies().any(|c| {
            c.chain_network() == Some(network) && c.token_address().is_some_and(|t| t.abi() == abi)
        })
    }
}

/// Whether `address` is LI.FI's `ReceiverAcrossV4`, `Executor` or the `ERC20Proxy` the
/// Executor is bound to, on `network`.
fn lifi_periphery(network: Network, address: &ChainAddress) -> bool {
    let abi = address.abi();
    [receiver_across_v4, executor, erc20_proxy]
        .iter()
        .any(|known| known(network) == Some(abi))
}
