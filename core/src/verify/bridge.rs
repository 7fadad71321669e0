//! Cross-chain routes, proved from the bridge calldata itself (the Across V4 facet,
//! `lifinance/contracts@ef00558f:src/Facets/AcrossFacetV4.sol:96`, and its destination message,
//! `lifinance/contracts@ef00558f:src/Periphery/ReceiverAcrossV4.sol:68`): the LI.FI diamond's
//! Across V4 entry point is decoded with `sol!`; what it takes
//! from the wallet on the source chain is a leg there, and every call of its destination
//! message (each one an ERC20FeeProxy payment executed from the bridged funds) is a leg on the
//! destination chain, paid from the bridge, not from the wallet.

use crate::prelude::*;

use alloy_primitives::{Address, Bytes, U256};

use super::finding::{Case, Details, FindingCode, Location};
use super::render::Party;
use super::run::{Leg, LegKind, Refund, Route, Run};
use crate::address::ChainAddress;
use crate::calldata::effect::{Asset, FlowKind, effect_of};
use crate::calldata::lifi::{
    AcrossBridgeCall, LifiDecodeError, SwapData, decode_bridge_call, decode_destination_message,
    executor_version, receiver_across_v4,
};
use crate::calldata::{Call, DecodedCall, Decoder};
use crate::contracts::Contract;
use crate::network::Network;
use crate::transaction::Transaction;

/// `outputAmountMultiplier` is a fraction of 10^18 (AcrossFacetV4.sol :144-147).
const MULTIPLIER_ONE: u128 = 1_000_000_000_000_000_000;

impl Run<'_, '_> {
    /// A call to the LI.FI diamond on `network`.
    pub(super) fn bridge_call(&mut self, location: Location, tx: &Transaction, network: Network) {
        let at = Some(location);
        let diamond = Party::Contract {
            address: tx.to,
            contract: Contract::LiFiDiamond,
        };
        let Some(cross) = self.exp.cross_chain().cloned() else {
            self.finding(
                FindingCode::CrossChainNotAgreed,
                at,
                Details {
                    party: Some(diamond),
                    ..Details::on(network)
                },
            );
            return;
        };
        let call = match decode_bridge_call(&tx.data) {
            Ok(call) => call,
            Err(error) => {
                let code = match error {
                    LifiDecodeError::NotAllowed { .. } | LifiDecodeError::UnknownSelector(_) => {
                        FindingCode::BridgeNotAllowed
                    }
                    _ => FindingCode::BridgeCallInvalid,
                };
                self.cannot_read(location);
                self.finding(
                    code,
                    at,
                    Details {
                        party: Some(diamond),
                        reason: Some(error.to_string()),
                        ..Details::on(network)
                    },
                );
                return;
            }
        };
        if !tx.value.is_zero() {
            // `refundExcessNative(msg.sender)` on both entry points: an ERC-20 route refunds
            // every unit of value to the caller.
            let quantity = self.quantity(network, Asset::Native, tx.value);
            self.finding(
                FindingCode::ValueRefunded,
                at,
                Details {
                    actual: Some(quantity.clone()),
                    party: Some(diamond),
                    ..Details::on(network)
                },
            );
            self.refunds.push(Refund {
                network,
                amount: tx.value,
                contract: tx.to,
            });
        }
        let source_token = cross.currency().token_address().map(|t| t.abi());
        let destination = self.exp.network();
        self.bridge_fields(location, network, &call, source_token);
        let sent = self.source_pull(location, network, tx.to, &call, source_token);
        let delivered = match call.source_swaps.is_empty() {
            true => Some(call.across.output_amount),
            false => call
                .bridge
                .min_amount
                .checked_mul(U256::from(call.across.output_amount_multiplier))
                .and_then(|product| product.checked_div(U256::from(MULTIPLIER_ONE))),
        }
        .unwrap_or_default();
        let pulled = self.destination_message(location, &call, delivered);
        if let Some(pulled) = pulled.filter(|pulled| delivered < *pulled) {
            let expected = Some(self.in_payment_currency(pulled));
            let actual = Some(self.in_payment_currency(delivered));
            self.finding(
                FindingCode::BridgeOutputAmount,
                at,
                Details {
                    case: Some(Case::DestinationCallsPull),
                    expected,
                    actual,
                    ..Details::on(destination)
                },
            );
        }
        let route = Route {
            at: location,
            source: network,
            bridged: call.bridge.min_amount,
            sent,
            sent_asset: source_token.map_or(Asset::Native, |t| {
                Asset::Token(ChainAddress::from_abi(network, t))
            }),
            delivered,
            delivered_asset: self.payment_asset(),
        };
        self.deposit_covers_output(&route);
        self.routes.push(route);
    }

    /// The structured part of the call against the agreement and the compiled facts.
    fn bridge_fields(
        &mut self,
        location: Location,
        network: Network,
        call: &AcrossBridgeCall,
        source_token: Option<Address>,
    ) {
        let mut wrong: Vec<(FindingCode, Details)> = Vec::new();
        self.bridge_data_faults(network, call, source_token, &mut wrong);
        self.bridge_party_faults(network, call, &mut wrong);
        let destination = self.exp.network();
        let across = &call.across;
        if Some(across.receiving_asset_id) != self.exp.token().map(|t| t.abi()) {
            let asset = Some(self.asset(
                destination,
                Asset::Token(ChainAddress::from_abi(
                    destination,
                    across.receiving_asset_id,
                )),
            ));
            wrong.push((
                FindingCode::BridgeOutputToken,
                Details {
                    asset,
                    ..Details::default()
                },
            ));
        }
        for (code, details) in wrong {
            let details = Details {
                network: details.network.or(Some(network)),
                ..details
            };
            self.finding(code, Some(location), details);
        }
    }

    /// The bridge data's own fields (the source token on both sides, the destination chain,
    /// the swap and destination-call flags): what is wrong is added to `wrong`.
    fn bridge_data_faults(
        &mut self,
        network: Network,
        call: &AcrossBridgeCall,
        source_token: Option<Address>,
        wrong: &mut Vec<(FindingCode, Details)>,
    ) {
        let destination = self.exp.network();
        let (bridge, across) = (&call.bridge, &call.across);
        let asset_of = |address: Address| Asset::Token(ChainAddress::from_abi(network, address));
        if Some(bridge.sending_asset_id) != source_token {
            let asset = Some(self.asset(network, asset_of(bridge.sending_asset_id)));
            wrong.push((
                FindingCode::BridgeToken,
                Details {
                    asset,
                    field: Some("BridgeData.sendingAssetId".into()),
                    ..Details::default()
                },
            ));
        }
        if across.sending_asset_id != bridge.sending_asset_id {
            let asset = Some(self.asset(network, asset_of(across.sending_asset_id)));
            wrong.push((
                FindingCode::BridgeToken,
                Details {
                    asset,
                    field: Some("acrossData.sendingAssetId".into()),
                    ..Details::default()
                },
            ));
        }
        if bridge.destination_chain_id != U256::from(destination.chain_id()) {
            wrong.push((
                FindingCode::BridgeDestination,
                Details {
                    field: Some(format!(
                        "destinationChainId {}",
                        bridge.destination_chain_id
                    )),
                    stated: Some(bridge.destination_chain_id.to_string()),
                    ..Details::on(destination)
                },
            ));
        }
        if bridge.has_source_swaps == call.source_swaps.is_empty() {
            wrong.push((FindingCode::BridgeCallInvalid, Details::default()));
        }
        if !bridge.has_destination_call || across.message.is_empty() {
            wrong.push((FindingCode::BridgeMessage, Details::default()));
        }
    }

    /// The parties the call names (the destination receiver contract and the refund address)
    /// against the deployments and the agreed payer: what is wrong is added to `wrong`.
    fn bridge_party_faults(
        &self,
        network: Network,
        call: &AcrossBridgeCall,
        wrong: &mut Vec<(FindingCode, Details)>,
    ) {
        let destination = self.exp.network();
        let across = &call.across;
        match receiver_across_v4(destination) {
            Some(receiver) if receiver == across.receiver_address => {}
            known => wrong.push((
                FindingCode::BridgeReceiver,
                Details {
                    party: Some(Party::Other {
                        address: ChainAddress::from_abi(destination, across.receiver_address),
                    }),
                    expected_party: known.map(|receiver| Party::Other {
                        address: ChainAddress::from_abi(destination, receiver),
                    }),
                    ..Details::on(destination)
                },
            )),
        }
        let refund_to = ChainAddress::from_abi(network, across.refund_address);
        // The payer's own smart account, when agreed, is the payer's too.
        let to_account = self
            .exp
            .smart_account()
            .is_some_and(|account| account.abi() == across.refund_address);
        match self.exp.payer() {
            None => wrong.push((
                FindingCode::PayerMissing,
                Details {
                    party: Some(Party::Other { address: refund_to }),
                    field: Some("payer".into()),
                    ..Details::default()
                },
            )),
            Some(payer) if payer.abi() != across.refund_address && !to_account => wrong.push((
                FindingCode::BridgeRefundAddress,
                Details {
                    party: Some(Party::Other { address: refund_to }),
                    expected_party: Some(Party::Other { address: payer }),
                    ..Details::default()
                },
            )),
            Some(_) => {}
        }
    }

    /// What the call takes from the wallet on the source chain (a leg pulled by the diamond),
    /// and its source swaps: each deposit must be of the source token; their DEX calls stay
    /// opaque (a caution that names them).
    fn source_pull(
        &mut self,
        location: Location,
        network: Network,
        diamond: ChainAddress,
        call: &AcrossBridgeCall,
        source_token: Option<Address>,
    ) -> U256 {
        let mut pulls: Vec<(Address, U256)> = Vec::new();
        if call.source_swaps.is_empty() {
            pulls.push((call.bridge.sending_asset_id, call.bridge.min_amount));
        } else {
            let targets: Vec<String> = call
                .source_swaps
                .iter()
                .map(|s| ChainAddress::from_abi(network, s.call_to).to_string())
                .collect();
            self.finding(
                FindingCode::SourceSwaps,
                Some(location),
                Details {
                    field: Some(targets.join(", ")),
                    ..Details::on(network)
                },
            );
            if call
                .source_swaps
                .iter()
                .any(|s| s.sending_asset_id == Address::ZERO)
            {
                // A native swap spends msg.value from the diamond's balance: only what is left
                // is refunded (SwapperV2/LibSwap), so the value would not come back.
                let asset = Some(self.asset(network, Asset::Native));
                self.finding(
                    FindingCode::BridgeToken,
                    Some(location),
                    Details {
                        asset,
                        field: Some("swapData.sendingAssetId".into()),
                        ..Details::on(network)
                    },
                );
            }
            for swap in call.source_swaps.iter().filter(|s| s.requires_deposit) {
                pulls.push((swap.sending_asset_id, swap.from_amount));
            }
        }
        let mut total = U256::ZERO;
        for (token, amount) in pulls {
            if Some(token) != source_token {
                let asset = Some(self.asset(
                    network,
                    Asset::Token(ChainAddress::from_abi(network, token)),
                ));
                self.finding(
                    FindingCode::BridgeToken,
                    Some(location),
                    Details {
                        asset,
                        ..Details::on(network)
                    },
                );
            }
            total = total.saturating_add(amount);
            self.legs.push(Leg {
                at: location,
                network,
                asset: if token == Address::ZERO {
                    Asset::Native
                } else {
                    Asset::Token(ChainAddress::from_abi(network, token))
                },
                amount,
                to: diamond,
                reference: None,
                kind: LegKind::Bridge,
                puller: (token != Address::ZERO).then_some(diamond),
                bridged: false,
                at_most: false,
                fee_label: None,
            });
        }
        total
    }

    /// The destination message: every call an ERC20FeeProxy payment on the destination chain,
    /// its legs recorded as delivered from the bridge; the message's receiver is the payee.
    /// Returns what the calls pull, or `None` when the message does not decode.
    fn destination_message(
        &mut self,
        location: Location,
        call: &AcrossBridgeCall,
        delivered: U256,
    ) -> Option<U256> {
        let destination = self.exp.network();
        let at = Some(location);
        let message = match decode_destination_message(&call.across.message) {
            Ok(message) => message,
            Err(error) => {
                self.undecodable(FindingCode::BridgeMessage, at, destination, &error);
                return None;
            }
        };
        // LibSwap.swap reverts on a fromAmount of 0 in every version, and the 2023 Executor
        // (2.0.0) also when it holds less than fromAmount at that step
        // (lifinance/contracts@b0c4183b:src/Libraries/LibSwap.sol:32-33 and :52-57;
        // @ef00558f:src/Libraries/LibSwap.sol:56-57): the whole Executor call reverts and
        // ReceiverAcrossV4 sends the bridged tokens to the message's receiver as a plain
        // transfer (@ef00558f:src/Periphery/ReceiverAcrossV4.sol:100-118). Above that,
        // fromAmount is only an approval threshold (LibAsset.maxApproveERC20 approves
        // type(uint256).max): what the call pulls is bounded by what the Executor holds, checked
        // on the sum below.
        let checks_balance =
            executor_version(destination).is_some_and(|version| version.checks_step_balance());
        let mut pulled = U256::ZERO;
        let mut payees: Vec<ChainAddress> = Vec::new();
        for swap in &message.swaps {
            // What the Executor holds of the bridged token before this step: what the bridge
            // delivers (at least) less what the steps before pulled.
            let held = delivered.saturating_sub(pulled);
            if swap.from_amount.is_zero() || (checks_balance && swap.from_amount > held) {
                let expected = Some(self.in_payment_currency(held));
                let actual = Some(self.in_payment_currency(swap.from_amount));
                self.finding(
                    FindingCode::BridgeOutputAmount,
                    at,
                    Details {
                        case: Some(Case::FromAmount),
                        expected,
                        actual,
                        ..Details::on(destination)
                    },
                );
            }
            if let Some((amount, payee)) = self.destination_swap(location, swap) {
                pulled = pulled.saturating_add(amount);
                payees.extend(payee);
            }
        }
        let receiver = ChainAddress::from_abi(destination, message.receiver);
        let receiver_party = self.party(destination, &receiver);
        let paid_to_receiver = !payees.is_empty() && payees.iter().all(|p| *p == receiver);
        if !paid_to_receiver || self.payments_of(&receiver).is_empty() {
            let actual = Some(self.in_payment_currency(delivered));
            self.finding(
                FindingCode::DestinationReceiver,
                at,
                Details {
                    party: Some(receiver_party.clone()),
                    actual,
                    ..Details::on(destination)
                },
            );
        }
        Some(pulled)
    }

    /// One call of the destination message. Returns what it pulls and the payee it pays.
    fn destination_swap(
        &mut self,
        location: Location,
        swap: &SwapData,
    ) -> Option<(U256, Option<ChainAddress>)> {
        let destination = self.exp.network();
        let at = Some(location);
        let target = ChainAddress::from_abi(destination, swap.call_to);
        if self.contract_at(destination, &target) != Some(Contract::Erc20FeeProxy) {
            let party = self.party(destination, &target);
            self.finding(
                FindingCode::DestinationCallTarget,
                at,
                Details {
                    party: Some(party.clone()),
                    ..Details::on(destination)
                },
            );
            return None;
        }
        self.destination_call_fields(location, swap);
        let decoded = self.destination_call_decoded(location, &target, swap)?;
        Some(self.destination_flows(location, swap, &decoded))
    }

    /// The fields of a destination call to the ERC20FeeProxy: its approval target, the token it
    /// spends and the asset the Executor reads after it.
    fn destination_call_fields(&mut self, location: Location, swap: &SwapData) {
        let destination = self.exp.network();
        let at = Some(location);
        if swap.approve_to != swap.call_to {
            let party = self.party(
                destination,
                &ChainAddress::from_abi(destination, swap.approve_to),
            );
            self.finding(
                FindingCode::DestinationCallTarget,
                at,
                Details {
                    case: Some(Case::DestinationApproval),
                    party: Some(party.clone()),
                    ..Details::on(destination)
                },
            );
        }
        if Some(swap.sending_asset_id) != self.exp.token().map(|t| t.abi()) {
            self.finding(
                FindingCode::DestinationCallMismatch,
                at,
                Details {
                    case: Some(Case::OtherToken),
                    ..Details::on(destination)
                },
            );
        }
        // The Executor reads the balance of each step's receivingAssetId (LibSwap's
        // AssetSwapped, its final asset and leftovers:
        // lifinance/contracts@ef00558f:src/Libraries/LibSwap.sol:65 and :94,
        // src/Periphery/Executor.sol:152 and :247; the same at b0c4183b): an address without code or without
        // balanceOf makes the whole call revert, and the receiver falls back. The payment's token
        // and the native currency (address(this).balance) are known to answer.
        let payment_token = self.exp.token().map(|t| t.abi());
        if swap.receiving_asset_id != Address::ZERO
            && Some(swap.receiving_asset_id) != payment_token
        {
            let asset = Some(self.asset(
                destination,
                Asset::Token(ChainAddress::from_abi(destination, swap.receiving_asset_id)),
            ));
            self.finding(
                FindingCode::DestinationCallMismatch,
                at,
                Details {
                    case: Some(Case::ReceivingAsset),
                    asset,
                    ..Details::on(destination)
                },
            );
        }
    }

    /// The destination call's calldata, decoded: `None` (with its finding) when it does not
    /// decode or is not an ERC20FeeProxy payment.
    fn destination_call_decoded(
        &mut self,
        location: Location,
        target: &ChainAddress,
        swap: &SwapData,
    ) -> Option<DecodedCall> {
        let destination = self.exp.network();
        let at = Some(location);
        let decoded = Decoder::new(self.v.deployments, self.v.catalog).decode(
            destination,
            target,
            &swap.call_data,
            U256::ZERO,
        );
        match decoded {
            Ok(decoded) if matches!(decoded.call, Call::Erc20FeeTransfer(_)) => Some(decoded),
            Ok(decoded) => {
                self.finding(
                    FindingCode::DestinationCallMismatch,
                    at,
                    Details {
                        field: Some(decoded.call.function().to_owned()),
                        ..Details::on(destination)
                    },
                );
                None
            }
            Err(error) => {
                let code = FindingCode::DestinationCallMismatch;
                self.undecodable(code, at, destination, &error);
                None
            }
        }
    }

    /// The legs of a decoded destination payment, delivered from the bridge. Returns what it
    /// pulls and the agreed payee it pays (its calldata then recorded for a child to declare).
    fn destination_flows(
        &mut self,
        location: Location,
        swap: &SwapData,
        decoded: &DecodedCall,
    ) -> (U256, Option<ChainAddress>) {
        let destination = self.exp.network();
        let mut pulled = U256::ZERO;
        let mut payee = None;
        for flow in effect_of(decoded).flows {
            pulled = pulled.saturating_add(flow.amount);
            if flow.kind == FlowKind::Payment && !self.payments_of(&flow.to).is_empty() {
                payee = Some(flow.to);
            }
            self.legs.push(Leg {
                at: location,
                network: destination,
                asset: flow.asset,
                amount: flow.amount,
                to: flow.to,
                reference: flow.reference,
                kind: match flow.kind {
                    FlowKind::Payment => LegKind::Payment,
                    _ => LegKind::Fee,
                },
                puller: None,
                bridged: true,
                at_most: false,
                fee_label: None,
            });
        }
        if payee.is_some() {
            // A payment call of an agreed payee: a child declares it (a fee call needs no child;
            // the fee bundle declares it).
            self.destination_calls
                .push((location, Bytes::clone(&swap.call_data)));
        }
        (pulled, payee)
    }
}
