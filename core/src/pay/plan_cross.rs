//! Building cross-chain pay responses: per payment, a LI.FI Across V4 bridge call whose
//! destination message pays the payee (and the fees) through the destination chain's
//! ERC20FeeProxy — the route the service documents
//! (<https://docs.request.network/api-features/crosschain-payments>: Across only; and
//! <https://docs.request.network/api-features/payment-detection>: "the ERC-20 Fee Proxy contract
//! as the last payment leg").

use crate::prelude::*;

use alloy_primitives::{Address, B256, Bytes, U256};
use alloy_sol_types::SolCall;

use super::fee::FeeBundle;
use super::metadata::PayMetadata;
use super::plan::{PaymentPlan, PaymentPlanError, PlannedFee, PlannedPayment};
use super::shapes::{DestinationCall, ExecutionKind, MulticallPayment, PayResponse, SinglePayment};
use crate::address::ChainAddress;
use crate::amount::HumanAmount;
use crate::calldata::lifi::{
    AcrossBridgeCall, AcrossV4, BridgeData, DestinationMessage, SwapData, receiver_across_v4,
};
use crate::calldata::{Allowance, Builder};
use crate::contracts::abi::IERC20FeeProxy;
use crate::contracts::{Contract, Deployments};
use crate::currency::Currency;
use crate::network::Network;
use crate::transaction::Transaction;

/// The source side of a cross-chain route: where the payer signs and what it sends.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::currency::Catalog;
/// use securepay_core::network::Network;
/// use securepay_core::pay::{ApprovalPlan, CrossChainRoute, PaymentPlan, PlannedPayment, PayResponse};
///
/// let catalog = Catalog::builtin();
/// let plan = PaymentPlan {
///     network: Network::Base,
///     currency: catalog.get("USDC-base")?.clone(),
///     payments: vec![PlannedPayment {
///         request_id: "01e2".into(), secure_payment_token: None,
///         payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
///         amount: U256::from(10_000_000u64), reference: "0x1a2b3c4d5e6f7081".parse()?,
///     }],
///     fees: vec![], approval: ApprovalPlan::Exact, smart_account: None, parent_token: None, bundle_id: None,
/// };
/// let route = CrossChainRoute {
///     network: Network::Optimism,
///     currency: catalog.get("USDT-optimism")?.clone(),
///     payer: "0x2222222222222222222222222222222222222222".parse()?,
///     source_amounts: vec![U256::from(10_020_000u64)], // what each bridge call takes
///     quote_timestamp: 1_773_740_000,
///     fill_deadline: 1_773_750_000,
/// };
/// let PayResponse::Single(single) = plan.build_cross_chain(&route)? else { unreachable!() };
/// assert_eq!(single.transactions.len(), 2); // the approval of the LI.FI diamond, the bridge call
/// assert_eq!(single.transactions[1].to.to_string(), "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrossChainRoute {
    /// The source network (an EVM chain with the LI.FI diamond).
    pub network: Network,
    /// The source currency (a token on the source network).
    pub currency: Currency,
    /// The wallet that signs: Across refunds a failed transfer to it.
    pub payer: ChainAddress,
    /// What each payment's bridge call takes from the wallet (one per payment, in order).
    pub source_amounts: Vec<U256>,
    /// The Across quote's timestamp (Unix seconds).
    pub quote_timestamp: u32,
    /// The Across fill deadline (Unix seconds).
    pub fill_deadline: u32,
}

impl PaymentPlan {
    /// Builds the cross-chain response of this plan (its `network` and `currency` are the
    /// destination's) from `route`'s source: one payment gives the single shape
    /// (`routeType: "crosschain"`), several the `evm_cross_chain` multicall. Each payment is one
    /// `startBridgeTokensViaAcrossV4` call whose destination message pays the payee (less its
    /// payee-borne fees) and each fee through the destination ERC20FeeProxy, the payee being
    /// the message's receiver; one approval of the source token to the diamond comes first.
    pub fn build_cross_chain(
        &self,
        route: &CrossChainRoute,
    ) -> Result<PayResponse, PaymentPlanError> {
        self.build_cross_chain_with(Deployments::builtin(), route)
    }

    /// As [`PaymentPlan::build_cross_chain`], with the caller's deployment table.
    pub fn build_cross_chain_with(
        &self,
        deployments: &Deployments,
        route: &CrossChainRoute,
    ) -> Result<PayResponse, PaymentPlanError> {
        let destination = self.network;
        let token = self.destination_token()?;
        let source_token = self.route_source_token(route)?;
        self.check_source_amounts(route)?;
        let bridge = Bridge {
            route,
            destination,
            token,
            source_token,
            proxy: deployments.address(destination, Contract::Erc20FeeProxy)?,
            diamond: deployments.address(route.network, Contract::LiFiDiamond)?,
            receiver: receiver_across_v4(destination)
                .ok_or(PaymentPlanError::NoBridgeReceiver(destination))?,
        };
        let legs = self.legs()?;
        let source = Builder::with_deployments(route.network, deployments);
        let total = route
            .source_amounts
            .iter()
            .try_fold(U256::ZERO, |t, a| t.checked_add(*a))
            .ok_or(PaymentPlanError::Overflow)?;
        let mut transactions =
            vec![source.approve(source_token, bridge.diamond, Allowance::Exact(total))?];
        let mut children = Vec::with_capacity(self.payments.len());
        for ((payment, leg), sent) in self.payments.iter().zip(&legs).zip(&route.source_amounts) {
            let (transaction, child) = bridge.payment(&self.fees, payment, *leg, *sent)?;
            transactions.push(transaction);
            if let Some(child) = child {
                children.push(child);
            }
        }
        let metadata = bridge.metadata(transactions.len(), total);
        let fee_bundle = self.fee_bundle()?;
        if self.payments.len() == 1 {
            return Ok(PayResponse::Single(SinglePayment {
                transactions,
                eoa_approval_transactions: None,
                fee_bundle,
                metadata: Box::new(metadata),
            }));
        }
        self.cross_chain_multicall(&bridge, transactions, children, metadata, fee_bundle)
    }

    /// The route's source token: a token of the route's network, which must not be the
    /// destination's.
    fn route_source_token(
        &self,
        route: &CrossChainRoute,
    ) -> Result<ChainAddress, PaymentPlanError> {
        match (
            route.currency.chain_network(),
            route.currency.token_address(),
        ) {
            (Some(network), Some(token)) if network == route.network && network != self.network => {
                Ok(token)
            }
            _ => Err(PaymentPlanError::Currency {
                currency: route.currency.id().to_string(),
                network: route.network,
            }),
        }
    }

    /// Refuses a route without exactly one source amount per payment.
    fn check_source_amounts(&self, route: &CrossChainRoute) -> Result<(), PaymentPlanError> {
        if route.source_amounts.len() != self.payments.len() {
            return Err(PaymentPlanError::SourceAmounts {
                amounts: route.source_amounts.len(),
                payments: self.payments.len(),
            });
        }
        Ok(())
    }

    /// The `evm_cross_chain` multicall of several payments: each child with the source token
    /// and its destination call, the metadata completed with the bridge calls' indices.
    fn cross_chain_multicall(
        &self,
        bridge: &Bridge,
        transactions: Vec<Transaction>,
        children: Vec<DestinationCall>,
        mut metadata: PayMetadata,
        fee_bundle: Option<FeeBundle>,
    ) -> Result<PayResponse, PaymentPlanError> {
        let destination = bridge.destination;
        let mut child_list = self.children(Some(bridge.token))?;
        for (child, call) in child_list.iter_mut().zip(children) {
            child.source_token_address = Some(bridge.source_token);
            child.destination_call = Some(call);
        }
        let bridges: Vec<usize> = (1..transactions.len()).collect();
        metadata.approval_transaction_indices = Some(vec![0]);
        metadata.bridge_tx_indices = Some(bridges);
        metadata.fee_transaction_indices = Some(Vec::new());
        metadata.child_count = Some(child_list.len());
        metadata.executable_leg_count = Some(transactions.len().saturating_sub(1));
        metadata.network = Some(destination.id().into());
        metadata.payment_currency_id = Some(self.currency.id().as_str().into());
        let destination_calls = child_list
            .iter()
            .filter_map(|c| c.destination_call.clone())
            .collect();
        Ok(PayResponse::Multicall(MulticallPayment {
            transactions,
            eoa_approval_transactions: None,
            fee_bundle,
            execution_kind: ExecutionKind::EvmCrossChain,
            token: self
                .parent_token
                .ok_or_else(|| PaymentPlanError::MissingToken("the parent token".into()))?,
            network: Some(destination),
            chain_id: Some(destination.chain_id()),
            child_tokens: child_list.iter().map(|c| c.secure_payment_token).collect(),
            request_ids: child_list.iter().map(|c| c.request_id.clone()).collect(),
            payees: child_list.iter().map(|c| c.payee).collect(),
            amounts: child_list.iter().map(|c| c.amount.clone()).collect(),
            references: child_list.iter().map(|c| c.payment_reference).collect(),
            children: child_list,
            erc20_approval_transactions: None,
            batch_payment_transaction: None,
            destination_calls: Some(destination_calls),
            metadata: Box::new(metadata),
        }))
    }
}

/// What every bridge call of a cross-chain response shares: the route (the source side), the
/// destination network and token, and the contracts on either side.
struct Bridge<'a> {
    /// The source side.
    route: &'a CrossChainRoute,
    /// The destination network (the plan's).
    destination: Network,
    /// The destination token (the plan's currency).
    token: ChainAddress,
    /// The source token (the route's currency).
    source_token: ChainAddress,
    /// The destination ERC20FeeProxy, which each destination call goes through.
    proxy: ChainAddress,
    /// The LI.FI diamond of the source network, which each bridge call goes to.
    diamond: ChainAddress,
    /// LI.FI's Across V4 receiver on the destination network.
    receiver: Address,
}

impl Bridge<'_> {
    /// One payment's bridge call (`sent` taken from the wallet) and the first of its
    /// destination calls (the payee's leg).
    fn payment(
        &self,
        fees: &[PlannedFee],
        payment: &PlannedPayment,
        leg: U256,
        sent: U256,
    ) -> Result<(Transaction, Option<DestinationCall>), PaymentPlanError> {
        let calls = self.destination_payments(fees, payment, leg);
        let delivered = calls
            .iter()
            .try_fold(U256::ZERO, |t, (_, amount)| t.checked_add(*amount))
            .ok_or(PaymentPlanError::Overflow)?;
        let message = self.message(payment, &calls);
        let call = self.across_call(payment, &message, sent, delivered);
        let transaction = Transaction {
            to: self.diamond,
            data: call.abi_encode().into(),
            value: U256::ZERO,
        };
        let child = calls.into_iter().next().map(|(data, _)| DestinationCall {
            network: self.destination,
            chain: self.destination.id().to_owned(),
            chain_id: Some(self.destination.chain_id()),
            target: self.proxy,
            contract_address: self.proxy,
            calldata: data,
        });
        Ok((transaction, child))
    }

    /// The ERC20FeeProxy payments of one payment on the destination: the payee's leg, then
    /// each fee of its request, with their amounts.
    fn destination_payments(
        &self,
        fees: &[PlannedFee],
        payment: &PlannedPayment,
        leg: U256,
    ) -> Vec<(Bytes, U256)> {
        let mut calls = vec![payment_call(
            self.token,
            payment.payee,
            leg,
            payment.reference.bytes(),
        )];
        for fee in fees.iter().filter(|f| f.request_id == payment.request_id) {
            calls.push(payment_call(
                self.token,
                fee.recipient,
                fee.amount,
                payment.reference.bytes(),
            ));
        }
        calls
    }

    /// The destination message: each payment a swap step through the proxy, the payee its
    /// receiver, the reference its transaction id.
    fn message(&self, payment: &PlannedPayment, calls: &[(Bytes, U256)]) -> DestinationMessage {
        DestinationMessage {
            transaction_id: B256::right_padding_from(&payment.reference.bytes()),
            swaps: calls
                .iter()
                .map(|(data, amount)| SwapData {
                    call_to: self.proxy.abi(),
                    approve_to: self.proxy.abi(),
                    sending_asset_id: self.token.abi(),
                    receiving_asset_id: self.token.abi(),
                    from_amount: *amount,
                    call_data: data.clone(),
                    requires_deposit: false,
                })
                .collect(),
            receiver: payment.payee.abi(),
        }
    }

    /// The `startBridgeTokensViaAcrossV4` call: `sent` of the source token bridged, `delivered`
    /// of the destination token handed to the message.
    fn across_call(
        &self,
        payment: &PlannedPayment,
        message: &DestinationMessage,
        sent: U256,
        delivered: U256,
    ) -> AcrossBridgeCall {
        AcrossBridgeCall {
            bridge: BridgeData {
                transaction_id: message.transaction_id,
                bridge: "across".into(),
                integrator: "securepay".into(),
                referrer: Address::ZERO,
                sending_asset_id: self.source_token.abi(),
                receiver: payment.payee.abi(),
                min_amount: sent,
                destination_chain_id: U256::from(self.destination.chain_id()),
                has_source_swaps: false,
                has_destination_call: true,
            },
            source_swaps: Vec::new(),
            across: AcrossV4 {
                receiver_address: self.receiver,
                refund_address: self.route.payer.abi(),
                sending_asset_id: self.source_token.abi(),
                receiving_asset_id: self.token.abi(),
                output_amount: delivered,
                output_amount_multiplier: 1_000_000_000_000_000_000,
                exclusive_relayer: B256::ZERO,
                quote_timestamp: self.route.quote_timestamp,
                fill_deadline: self.route.fill_deadline,
                exclusivity_parameter: 0,
                message: message.abi_encode().into(),
            },
        }
    }

    /// The response's metadata: the approval first, then `steps` transactions in all, and the
    /// source side (`total` of the route's currency).
    fn metadata(&self, steps: usize, total: U256) -> PayMetadata {
        let route = self.route;
        PayMetadata {
            steps_required: u32::try_from(steps).unwrap_or(u32::MAX),
            needs_approval: true,
            payment_transaction_index: 1,
            approval_transaction_index: Some(0),
            approval_transactions_count: Some(1),
            route_type: Some(super::RouteType::Crosschain),
            source_network: Some(route.network),
            source_token: Some(route.currency.symbol().into()),
            source_token_address: Some(self.source_token.to_string().into()),
            source_amount: Some(
                HumanAmount::from_units(total, route.currency.decimals())
                    .as_str()
                    .into(),
            ),
            ..PayMetadata::default()
        }
    }
}

/// An ERC20FeeProxy payment of `amount` of `token` to `to` with `reference`, no in-call fee.
fn payment_call(
    token: ChainAddress,
    to: ChainAddress,
    amount: U256,
    reference: [u8; 8],
) -> (Bytes, U256) {
    let call = IERC20FeeProxy::transferFromWithReferenceAndFeeCall {
        _tokenAddress: token.abi(),
        _to: to.abi(),
        _amount: amount,
        _paymentReference: Bytes::copy_from_slice(&reference),
        _feeAmount: U256::ZERO,
        _feeAddress: Address::ZERO,
    };
    (call.abi_encode().into(), amount)
}
