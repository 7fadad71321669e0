//! The walk of every transaction a signature would send, under every key of every shape:
//! decoded strictly on the chain it is signed on, turned into its effect, its native value
//! checked, its legs and approvals recorded. Mirror lists are compared with what they mirror.

use crate::prelude::*;

use alloy_primitives::U256;

use super::finding::{Case, Details, FindingCode, Location, ResponseList};
use super::run::{Leg, LegKind, Placed, Refund, Run};
use crate::calldata::effect::{
    Asset, BatchFee, CallEffect, CalloutRole, Excess, FlowKind, Hazard, NativeRule, effect_of,
};
use crate::calldata::{DecodeError, DecodedCall, Decoder};
use crate::contracts::Contract;
use crate::network::Network;
use crate::pay::{
    ExecutionKind, LegacyBatchPayment, MulticallPayment, PayMetadata, PayResponse, RouteType,
    SinglePayment,
};
use crate::transaction::Transaction;

/// What the metadata says a transaction is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Role {
    Approval,
    Payment,
    Fee,
    Unlabelled,
}

impl Run<'_, '_> {
    /// Walks every transaction of the response.
    pub(super) fn walk(&mut self, response: &PayResponse) {
        let network = self.exp.signing_network();
        match response {
            PayResponse::Single(single) => self.single(single, network),
            PayResponse::Multicall(multicall) => self.multicall(multicall, network),
            PayResponse::LegacyBatch(batch) => self.legacy(batch, network),
        }
    }

    /// Room for a leg per transaction that can move value (calldata, or native value), so
    /// that tens of thousands of transfers never double the list. A transaction with neither
    /// moves nothing: room is not made for it (8 MiB of empty transactions would otherwise
    /// reserve three times the body for legs that never come).
    fn reserve_legs(&mut self, transactions: &[Transaction]) {
        let moving = transactions
            .iter()
            .filter(|tx| !tx.data.is_empty() || !tx.value.is_zero())
            .count();
        self.legs.reserve_exact(moving);
    }

    fn single(&mut self, single: &SinglePayment, network: Network) {
        if single.metadata.route_type == Some(RouteType::Crosschain) {
            self.route_not_agreed(Case::CrossChainRoute);
        }
        let pay = single.metadata.payment_transaction_index;
        self.reserve_legs(&single.transactions);
        for (index, tx) in single.transactions.iter().enumerate() {
            let role = match index.cmp(&pay) {
                core::cmp::Ordering::Less => Role::Approval,
                core::cmp::Ordering::Equal => Role::Payment,
                core::cmp::Ordering::Greater => Role::Fee,
            };
            self.transaction(
                at(ResponseList::Transactions, Some(index)),
                tx,
                network,
                role,
            );
        }
        self.eoa_approvals(single.eoa_approval_transactions.as_deref(), network);
    }

    fn multicall(&mut self, multicall: &MulticallPayment, network: Network) {
        match multicall.execution_kind {
            ExecutionKind::EvmCrossChain => self.route_not_agreed(Case::CrossChainMulticall),
            ExecutionKind::EvmSameChain if self.exp.cross_chain().is_some() => self.finding(
                FindingCode::NetworkMismatch,
                None,
                Details {
                    field: Some("executionKind evm_same_chain".into()),
                    ..Details::on(self.exp.network())
                },
            ),
            ExecutionKind::EvmSameChain => {}
        }
        let roles = multicall_roles(&multicall.metadata, multicall.transactions.len());
        self.reserve_legs(&multicall.transactions);
        for (index, tx) in multicall.transactions.iter().enumerate() {
            let role = roles.get(index).copied().unwrap_or(Role::Unlabelled);
            self.transaction(
                at(ResponseList::Transactions, Some(index)),
                tx,
                network,
                role,
            );
        }
        self.eoa_approvals(multicall.eoa_approval_transactions.as_deref(), network);
        self.mirrors(multicall);
    }

    fn legacy(&mut self, batch: &LegacyBatchPayment, network: Network) {
        for (index, tx) in batch.erc20_approval_transactions.iter().enumerate() {
            let location = at(ResponseList::Erc20ApprovalTransactions, Some(index));
            self.transaction(location, tx, network, Role::Approval);
        }
        let named = legacy_batch_calls(batch);
        for (list, tx) in named {
            if let Some(tx) = tx {
                self.transaction(at(list, None), tx, network, Role::Payment);
            }
        }
    }

    /// A cross-chain response (`case` says how it says so) without a cross-chain agreement.
    fn route_not_agreed(&mut self, case: Case) {
        if self.exp.cross_chain().is_none() {
            let details = Details {
                case: Some(case),
                ..Details::default()
            };
            self.finding(FindingCode::CrossChainNotAgreed, None, details);
        }
    }

    /// A multicall's `ERC20ApprovalTransactions` and `batchPaymentTransaction` must be the very
    /// transactions of `transactions` they mirror: a wallet may sign either list.
    fn mirrors(&mut self, multicall: &MulticallPayment) {
        let metadata = &multicall.metadata;
        let mirrored = |index: Option<usize>| index.and_then(|i| multicall.transactions.get(i));
        for (k, tx) in multicall
            .erc20_approval_transactions
            .iter()
            .flatten()
            .enumerate()
        {
            let index = metadata
                .approval_transaction_indices
                .as_deref()
                .and_then(|indices| indices.get(k).copied());
            if mirrored(index) != Some(tx) {
                self.mirror_mismatch(
                    at(ResponseList::Erc20ApprovalTransactions, Some(k)),
                    "approvalTransactionIndices",
                    index,
                );
            }
        }
        if let Some(tx) = &multicall.batch_payment_transaction {
            let index = metadata.batch_payment_transaction_index;
            if mirrored(index) != Some(tx) {
                self.mirror_mismatch(
                    at(ResponseList::BatchPaymentTransaction, None),
                    "batchPaymentTransactionIndex",
                    index,
                );
            }
        }
    }

    fn mirror_mismatch(&mut self, location: Location, field: &str, index: Option<usize>) {
        self.finding(
            FindingCode::MirrorMismatch,
            Some(location),
            Details {
                field: Some(field.to_owned()),
                stated: index.map(|index| index.to_string()),
                ..Details::default()
            },
        );
    }

    /// The approvals a smart-account flow's funding wallet signs: approvals only, of a token the
    /// payment spends, to exactly the agreed smart account.
    fn eoa_approvals(&mut self, transactions: Option<&[Transaction]>, network: Network) {
        for (index, tx) in transactions.unwrap_or_default().iter().enumerate() {
            let location = at(ResponseList::EoaApprovalTransactions, Some(index));
            if !self.fits(location, tx, network) {
                continue;
            }
            let Some(decoded) = self.decode(location, tx, network) else {
                continue;
            };
            let effect = effect_of(&decoded);
            let Some(approval) = effect.approval else {
                self.finding(
                    FindingCode::EoaApprovalNotApprove,
                    Some(location),
                    Details {
                        field: Some(decoded.call.function().to_owned()),
                        ..Details::on(network)
                    },
                );
                continue;
            };
            self.eoa_approvals.push(Placed {
                at: location,
                network,
                approval,
            });
        }
    }

    /// Decodes, accounts and checks one transaction of the main lists.
    fn transaction(&mut self, location: Location, tx: &Transaction, network: Network, role: Role) {
        if !self.fits(location, tx, network) {
            return;
        }
        if self.contract_at(network, &tx.to) == Some(Contract::LiFiDiamond) {
            if role == Role::Approval {
                self.finding(
                    FindingCode::NotAnApproval,
                    Some(location),
                    Details {
                        case: Some(Case::BridgeAmongApprovals),
                        ..Details::on(network)
                    },
                );
            }
            self.bridge_call(location, tx, network);
            return;
        }
        let Some(decoded) = self.decode(location, tx, network) else {
            return;
        };
        let effect = effect_of(&decoded);
        self.check_role(location, role, &effect, &decoded);
        self.apply(location, tx, &decoded, effect);
    }

    /// Whether `to` is an address of the chain the transaction is signed on (Base58 on Tron,
    /// `0x` on EVM chains); if not, a finding.
    fn fits(&mut self, location: Location, tx: &Transaction, network: Network) -> bool {
        if tx.to.fits(network) {
            return true;
        }
        self.cannot_read(location);
        self.finding(
            FindingCode::AddressFamily,
            Some(location),
            Details {
                party: Some(super::Party::Other { address: tx.to }),
                ..Details::on(network)
            },
        );
        false
    }

    /// Strictly decodes a transaction; a failure is a finding.
    fn decode(
        &mut self,
        location: Location,
        tx: &Transaction,
        network: Network,
    ) -> Option<DecodedCall> {
        match Decoder::new(self.v.deployments, self.v.catalog)
            .decode(network, &tx.to, &tx.data, tx.value)
        {
            Ok(decoded) => Some(decoded),
            Err(error) => {
                self.decode_failure(location, tx, network, &error);
                None
            }
        }
    }

    fn decode_failure(
        &mut self,
        location: Location,
        tx: &Transaction,
        network: Network,
        error: &DecodeError,
    ) {
        // A target the tables cannot name (a network they do not serve, an address registered
        // twice) is not named: the reason says why.
        let party = match error {
            DecodeError::Network(_) | DecodeError::AmbiguousTarget(_) => None,
            _ => Some(self.party(network, &tx.to)),
        };
        let actual = match error {
            DecodeError::NoCalldata { .. }
            | DecodeError::ValueOnNonPayable { .. }
            | DecodeError::ValueBelowFee { .. } => {
                Some(self.quantity(network, Asset::Native, tx.value))
            }
            _ => None,
        };
        let expected = match error {
            DecodeError::ValueBelowFee { fee, .. } => {
                Some(self.quantity(network, Asset::Native, *fee))
            }
            _ => None,
        };
        let field = match error {
            DecodeError::UnknownSelector(selector) => {
                Some(format!("0x{}", alloy_primitives::hex::encode(selector)))
            }
            DecodeError::SelectorNotOnTarget { function, .. } => Some((*function).to_owned()),
            _ => None,
        };
        self.cannot_read(location);
        self.finding(
            FindingCode::from(error),
            Some(location),
            Details {
                party,
                actual,
                expected,
                field,
                reason: Some(error.to_string()),
                ..Details::on(network)
            },
        );
    }

    /// The metadata's role of a transaction must be what the transaction does.
    fn check_role(
        &mut self,
        location: Location,
        role: Role,
        effect: &CallEffect,
        decoded: &DecodedCall,
    ) {
        if effect.moves.is_some() {
            return; // a funding step: neither an approval nor a payment (checked on its own)
        }
        let approves = effect.approval.is_some();
        let case = match (role, approves) {
            (Role::Approval, false) => Case::TransferAmongApprovals,
            (Role::Payment | Role::Fee, true) => Case::ApprovalAmongPayments,
            _ => return,
        };
        self.finding(
            FindingCode::NotAnApproval,
            Some(location),
            Details {
                field: Some(decoded.call.function().to_owned()),
                case: Some(case),
                ..Details::on(decoded.network)
            },
        );
    }

    /// Records what a decoded call does and checks its native value.
    fn apply(
        &mut self,
        location: Location,
        tx: &Transaction,
        decoded: &DecodedCall,
        effect: CallEffect,
    ) {
        let network = decoded.network;
        if let Some(approval) = effect.approval {
            self.approvals.push(Placed {
                at: location,
                network,
                approval,
            });
        }
        if let Some(moves) = effect.moves {
            self.moved.push(super::run::Moved {
                at: location,
                network,
                moves,
            });
        }
        for hazard in &effect.hazards {
            self.hazard(location, network, decoded, hazard);
        }
        self.checked_returns(location, decoded, &effect);
        for flow in &effect.flows {
            let kind = match flow.kind {
                FlowKind::Payment => LegKind::Payment,
                FlowKind::Fee => LegKind::Fee,
                FlowKind::BatchFee => LegKind::BatchFee,
                FlowKind::Transfer => LegKind::Transfer,
                FlowKind::Stranded => LegKind::Stranded,
            };
            self.legs.push(Leg {
                at: location,
                network,
                asset: flow.asset,
                amount: flow.amount,
                to: flow.to,
                reference: flow.reference.clone(),
                kind,
                puller: flow.puller,
                bridged: false,
                at_most: false,
                fee_label: None,
            });
        }
        self.native_value(location, tx, decoded, &effect);
        self.token_batch_fees(location, decoded, &effect);
        self.batch_fee_address_zero(location, network, &effect);
    }

    /// A batch whose fee address is zero: the batch contracts send their batch fee there
    /// unconditionally (ERC-20 ones with `transferFrom(payer, 0, fee)` even when the fee is 0,
    /// native ones with `call`/`transfer` of the fee). It is refused unless nothing is sent
    /// there that can be lost or refused: every batch fee is 0 at the agreed rate, and each
    /// token the batch pulls that fee in is proven by the crate's facts not to revert on a
    /// transfer to the zero address (DAI on Ethereum; not USDC, not a token nothing is known
    /// of). The native currency: a call of 0 value is skipped (`BatchNoConversionPayments.sol`
    /// :206) or a `transfer` of 0 to an address without code (`BatchPayments.sol` :102).
    fn batch_fee_address_zero(
        &mut self,
        location: Location,
        network: Network,
        effect: &CallEffect,
    ) {
        let Some(fee) = effect
            .batch_fee
            .as_ref()
            .filter(|f| f.fee_address.is_zero())
        else {
            return;
        };
        let facts = crate::currency::TokenFacts::builtin();
        let rate = self.exp.batch_fee_rate();
        let zero_at_rate = |base: U256| {
            rate.is_some_and(|rate| fee.unit.fee(base, rate).is_some_and(|f| f.is_zero()))
        };
        let harmless = fee.bases.iter().all(|(asset, base)| match asset {
            // Without a stated rate, a native batch fee is bounded by the value beyond the
            // payments, and that leg to the zero address is refused as burned where it is
            // above 0 (`recipients`).
            Asset::Native => rate.is_none() || zero_at_rate(*base),
            Asset::Token(token) => {
                zero_at_rate(*base)
                    && !facts.may_have(
                        network,
                        token,
                        crate::currency::TokenBehaviour::RevertOnTransferToZeroAddress,
                    )
            }
        });
        if harmless {
            return;
        }
        self.finding(
            FindingCode::BatchFeeAddressZero,
            Some(location),
            Details {
                party: Some(self.party(network, &fee.fee_address)),
                ..Details::on(network)
            },
        );
    }

    /// A token the contract calls requiring `true` back: a call every such token makes fail
    /// when the crate's facts hold that the token returns nothing (USDT on Ethereum), a
    /// caution where nothing proves it returns a value.
    fn checked_returns(&mut self, location: Location, decoded: &DecodedCall, effect: &CallEffect) {
        let network = decoded.network;
        let behaviour = crate::currency::TokenBehaviour::MissingReturnValues;
        let facts = crate::currency::TokenFacts::builtin();
        for token in &effect.checked_returns {
            let Some(fact) = facts.fact(network, token, behaviour) else {
                let asset = self.asset(network, Asset::Token(*token));
                self.finding(
                    FindingCode::TokenBehaviour,
                    Some(location),
                    Details {
                        asset: Some(asset),
                        behaviour: Some(behaviour),
                        party: Some(self.party(network, &decoded.to)),
                        ..Details::on(network)
                    },
                );
                continue;
            };
            if !fact.present {
                continue;
            }
            let asset = self.asset(network, Asset::Token(*token));
            let party = self.party(network, &decoded.to);
            let reason = format!(
                "{} requires transferFrom to return true, and {asset} returns nothing ({})",
                party.label(),
                fact.source
            );
            self.finding(
                FindingCode::CallReverts,
                Some(location),
                Details {
                    asset: Some(asset),
                    behaviour: Some(behaviour),
                    party: Some(party),
                    reason: Some(reason),
                    ..Details::on(network)
                },
            );
        }
    }

    fn hazard(
        &mut self,
        location: Location,
        network: Network,
        decoded: &DecodedCall,
        hazard: &Hazard,
    ) {
        match hazard {
            Hazard::Reverts { reason } => {
                let party = self.party(network, &decoded.to);
                self.finding(
                    FindingCode::CallReverts,
                    Some(location),
                    Details {
                        party: Some(party),
                        field: Some(decoded.call.function().to_owned()),
                        reason: Some((*reason).to_owned()),
                        ..Details::on(network)
                    },
                );
            }
            Hazard::Stranded {
                asset,
                amount,
                reason,
            } => {
                let asset_ref = self.asset(network, *asset);
                let actual = Some(asset_ref.quantity(*amount));
                self.finding(
                    FindingCode::ValueStranded,
                    Some(location),
                    Details {
                        asset: Some(asset_ref),
                        actual,
                        reason: Some((*reason).to_owned()),
                        ..Details::on(network)
                    },
                );
            }
            Hazard::Unverifiable { reason } => self.finding(
                FindingCode::UnverifiableCall,
                Some(location),
                Details {
                    reason: Some((*reason).to_owned()),
                    ..Details::on(network)
                },
            ),
        }
    }

    /// The value sent against what the call needs: below is a revert, above is refunded (a
    /// caution) or kept (a danger); a native batch fee whose rate is not stated is bounded by
    /// the value beyond the payments.
    fn native_value(
        &mut self,
        location: Location,
        tx: &Transaction,
        decoded: &DecodedCall,
        effect: &CallEffect,
    ) {
        let NativeRule::AtLeast { required, excess } = effect.native else {
            return;
        };
        let network = decoded.network;
        let fee = effect.batch_fee.as_ref().and_then(|fee| {
            let base = fee
                .bases
                .iter()
                .find(|(asset, base)| *asset == Asset::Native && !base.is_zero())?;
            Some((fee, base.1))
        });
        let rate = self.exp.batch_fee_rate();
        let fee_units = match (fee, rate) {
            (Some((fee, base)), Some(rate)) => fee.unit.fee(base, rate),
            _ => Some(U256::ZERO),
        };
        let need = fee_units.and_then(|f| required.checked_add(f));
        let Some(need) = need.filter(|need| tx.value >= *need) else {
            let expected = need.map(|n| self.quantity(network, Asset::Native, n));
            let actual = Some(self.quantity(network, Asset::Native, tx.value));
            self.finding(
                FindingCode::ValueMismatch,
                Some(location),
                Details {
                    expected,
                    actual,
                    ..Details::on(network)
                },
            );
            return;
        };
        let mut extra = tx.value.saturating_sub(need);
        if let Some((fee, _)) = fee {
            let (amount, at_most) = match (rate, fee_units) {
                (Some(_), Some(units)) => (units, false),
                _ => (core::mem::take(&mut extra), true),
            };
            self.native_batch_fee(location, network, fee, amount, at_most);
        }
        self.native_excess(location, decoded, effect, excess, extra, fee_units);
    }

    /// A native batch fee of `amount` paid to its fee address: a leg, and when the rate is not
    /// stated (`at_most`, bounded by the value beyond the payments) a finding that names it.
    fn native_batch_fee(
        &mut self,
        location: Location,
        network: Network,
        fee: &BatchFee,
        amount: U256,
        at_most: bool,
    ) {
        if at_most && !amount.is_zero() {
            let quantity = self.quantity(network, Asset::Native, amount);
            self.finding(
                FindingCode::BatchFee,
                Some(location),
                Details {
                    actual: Some(quantity.clone()),
                    party: Some(self.party(network, &fee.fee_address)),
                    ..Details::on(network)
                },
            );
        }
        if !amount.is_zero() {
            self.legs.push(Leg {
                at: location,
                network,
                asset: Asset::Native,
                amount,
                to: fee.fee_address,
                reference: None,
                kind: LegKind::BatchFee,
                puller: None,
                bridged: false,
                at_most,
                fee_label: None,
            });
        }
    }

    /// The value sent beyond what the call needs (`extra`): refunded (a caution, or at risk when
    /// someone runs code before the refund) or kept by the contract (a danger).
    fn native_excess(
        &mut self,
        location: Location,
        decoded: &DecodedCall,
        effect: &CallEffect,
        excess: Excess,
        extra: U256,
        fee_units: Option<U256>,
    ) {
        let network = decoded.network;
        if extra.is_zero() {
            return;
        }
        let quantity = self.quantity(network, Asset::Native, extra);
        let party = self.party(network, &decoded.to);
        let details = Details {
            actual: Some(quantity.clone()),
            party: Some(party.clone()),
            ..Details::on(network)
        };
        // Who runs code before the refund: a row's recipient no agreement names, or the batch
        // fee address when a batch fee is paid to it.
        let batch_fee_paid = fee_units.is_none_or(|units| !units.is_zero());
        let exposed = effect.callouts.iter().find(|callout| match callout.role {
            CalloutRole::Recipient => {
                network != self.exp.network() || self.payments_of(&callout.to).is_empty()
            }
            CalloutRole::BatchFee => batch_fee_paid,
        });
        match (excess, exposed) {
            (Excess::Refunded, Some(callout)) => {
                let at_risk = Details {
                    party: Some(self.party(network, &callout.to)),
                    field: Some(decoded.call.function().to_owned()),
                    ..details
                };
                self.finding(FindingCode::ValueAtRisk, Some(location), at_risk);
                self.native_left(location, decoded, extra, LegKind::AtRisk);
            }
            (Excess::Refunded, None) => {
                self.finding(FindingCode::ValueRefunded, Some(location), details);
                self.refunds.push(Refund {
                    network,
                    amount: extra,
                    contract: decoded.to,
                });
            }
            (Excess::Kept, _) => {
                self.finding(FindingCode::ValueStranded, Some(location), details);
                self.native_left(location, decoded, extra, LegKind::Stranded);
            }
        }
    }

    /// Native value beyond what a call needs that leaves the wallet into the called contract
    /// (kept there, or at risk there): a leg of `kind` to it.
    fn native_left(&mut self, at: Location, decoded: &DecodedCall, amount: U256, kind: LegKind) {
        self.legs.push(Leg {
            at,
            network: decoded.network,
            asset: Asset::Native,
            amount,
            to: decoded.to,
            reference: None,
            kind,
            puller: None,
            bridged: false,
            at_most: false,
            fee_label: None,
        });
    }

    /// A token batch fee: at the stated rate, pulled from the wallet by the batch contract,
    /// whoever receives it; with no stated rate, refused.
    fn token_batch_fees(&mut self, location: Location, decoded: &DecodedCall, effect: &CallEffect) {
        let Some(fee) = &effect.batch_fee else {
            return;
        };
        let network = decoded.network;
        let charged = fee
            .bases
            .iter()
            .any(|(asset, base)| matches!(asset, Asset::Token(_)) && !base.is_zero());
        if !charged {
            return;
        }
        let Some(rate) = self.exp.batch_fee_rate() else {
            let party = self.party(network, &fee.fee_address);
            self.finding(
                FindingCode::BatchFeeRateUnknown,
                Some(location),
                Details {
                    party: Some(party.clone()),
                    ..Details::on(network)
                },
            );
            return;
        };
        let Some(fees) = fee.at_rate(rate) else {
            let party = self.party(network, &decoded.to);
            self.finding(
                FindingCode::UnverifiableCall,
                Some(location),
                Details {
                    party: Some(party),
                    reason: Some("the batch fee overflows uint256".to_owned()),
                    ..Details::on(network)
                },
            );
            return;
        };
        for (asset, units) in fees {
            if let (Asset::Token(token), true) = (asset, units.is_zero()) {
                // The contracts pull the batch fee even when it is 0.
                self.zero_pulls.push((location, network, token));
            }
            if matches!(asset, Asset::Token(_)) && !units.is_zero() {
                self.legs.push(Leg {
                    at: location,
                    network,
                    asset,
                    amount: units,
                    to: fee.fee_address,
                    reference: None,
                    kind: LegKind::BatchFee,
                    puller: fee.puller,
                    bridged: false,
                    at_most: false,
                    fee_label: None,
                });
            }
        }
    }
}

/// The role of each transaction of a multicall per its metadata (indices beyond the list are
/// structural problems, reported elsewhere; they size nothing here).
fn multicall_roles(metadata: &PayMetadata, len: usize) -> Vec<Role> {
    let mut roles = vec![Role::Unlabelled; len];
    let mut set = |indices: &[usize], role: Role| {
        for index in indices {
            if let Some(slot) = roles.get_mut(*index) {
                *slot = role;
            }
        }
    };
    set(
        metadata
            .approval_transaction_indices
            .as_deref()
            .unwrap_or_default(),
        Role::Approval,
    );
    set(
        metadata
            .fee_transaction_indices
            .as_deref()
            .unwrap_or_default(),
        Role::Fee,
    );
    set(
        metadata.bridge_tx_indices.as_deref().unwrap_or_default(),
        Role::Payment,
    );
    set(&[metadata.payment_transaction_index], Role::Payment);
    if let Some(index) = metadata.batch_payment_transaction_index {
        set(&[index], Role::Payment);
    }
    roles
}

/// The batch calls of a legacy batch, each under its key.
pub(super) fn legacy_batch_calls(
    batch: &LegacyBatchPayment,
) -> [(ResponseList, &Option<Transaction>); 3] {
    [
        (
            ResponseList::BatchPaymentTransaction,
            &batch.batch_payment_transaction,
        ),
        (
            ResponseList::Erc20BatchPaymentTransaction,
            &batch.erc20_batch_payment_transaction,
        ),
        (
            ResponseList::EthBatchPaymentTransaction,
            &batch.eth_batch_payment_transaction,
        ),
    ]
}

/// A location in a list of the response.
pub(super) fn at(list: ResponseList, index: Option<usize>) -> Location {
    Location { list, index }
}
