//! Building pay responses from a payment plan: the backend's side of the API's shapes.

use crate::prelude::*;

use alloy_primitives::U256;

use super::fee::{AmountSummary, ChainIdText, FeeBearer, FeeBundle, FeeEntry};
use super::metadata::{ApprovalType, EoaApproval, PayMetadata};
use super::shapes::{Child, ExecutionKind, MulticallPayment, PayResponse, SinglePayment};
use super::token::SecurePaymentToken;
use crate::address::ChainAddress;
use crate::amount::HumanAmount;
use crate::calldata::{
    Allowance, BuildError, Builder, Erc20FeePayment, Flow, NativeFeePayment, PaymentReference,
};
use crate::contracts::Deployments;
use crate::currency::{Currency, CurrencyType};
use crate::network::Network;
use crate::transaction::Transaction;

/// Why a plan could not be built.
///
/// ```
/// use securepay_core::pay::PaymentPlanError;
/// # use alloy_primitives::U256;
/// # use securepay_core::calldata::PaymentReference;
/// # use securepay_core::currency::Catalog;
/// # use securepay_core::network::Network;
/// # use securepay_core::pay::{ApprovalPlan, PaymentPlan, PlannedPayment};
/// # let mut plan = PaymentPlan {
/// #     network: Network::Base,
/// #     currency: Catalog::builtin().get("USDC-base")?.clone(),
/// #     payments: vec![PlannedPayment {
/// #         request_id: "01cc00".into(),
/// #         secure_payment_token: None,
/// #         payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
/// #         amount: U256::from(25_000_000u64),
/// #         reference: PaymentReference::new([0x11; 8]),
/// #     }],
/// #     fees: vec![],
/// #     approval: ApprovalPlan::Exact,
/// #     smart_account: None,
/// #     parent_token: None,
/// #     bundle_id: None,
/// # };
/// plan.payments.clear();
/// assert_eq!(plan.build(), Err(PaymentPlanError::NoPayments));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PaymentPlanError {
    /// No payment in the plan.
    #[error("a payment plan needs at least one payment")]
    NoPayments,
    /// The currency is not on the plan's network, or is fiat.
    #[error("currency {currency} cannot be paid on {network}")]
    Currency {
        /// The currency id.
        currency: String,
        /// The network.
        network: Network,
    },
    /// Several payments on Tron: Tron payments are single-recipient.
    #[error("{}", crate::calldata::TRON_BATCH_MESSAGE)]
    TronMulticall,
    /// A multicall without its parent token or a child's token.
    #[error(
        "a multicall needs the parent token and every child's secure-payment token (missing: {0})"
    )]
    MissingToken(String),
    /// A fee names a request that has no payment in the plan.
    #[error("fee {index} names request {request_id}, which has no payment in the plan")]
    UnknownFeeRequest {
        /// The fee.
        index: usize,
        /// The request it names.
        request_id: String,
    },
    /// Payee-borne fees leave nothing (or less than nothing) for the payee.
    #[error("payee-borne fees of request {0} are not below its amount")]
    FeesExceedPayment(String),
    /// The sums overflow 256 bits.
    #[error("the plan's amounts overflow uint256")]
    Overflow,
    /// A cross-chain route's source amounts do not pair up with the payments.
    #[error("the route has {amounts} source amount(s) for {payments} payment(s)")]
    SourceAmounts {
        /// Source amounts given.
        amounts: usize,
        /// Payments in the plan.
        payments: usize,
    },
    /// No LI.FI receiver is known on the destination network, or the destination is paid in
    /// its native currency (a bridge route delivers a token).
    #[error(
        "no cross-chain route can end on {0} in this currency (a LI.FI ReceiverAcrossV4 and a token are needed)"
    )]
    NoBridgeReceiver(Network),
    /// A contract the plan needs is not in the deployment table.
    #[error(transparent)]
    Contracts(#[from] crate::contracts::ContractsError),
    /// A call could not be built.
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// One payment of a plan.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::amount::{Decimals, HumanAmount};
/// use securepay_core::calldata::PaymentReference;
/// use securepay_core::pay::PlannedPayment;
///
/// let payment = PlannedPayment {
///     request_id: "01cc00".into(),
///     secure_payment_token: None,
///     payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
///     amount: HumanAmount::parse("25")?.to_units(Decimals::new(6)?)?, // 25 USDC
///     reference: PaymentReference::new([0x11; 8]),
/// };
/// assert_eq!(payment.amount, U256::from(25_000_000u64));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedPayment {
    /// The request paid.
    pub request_id: String,
    /// The child's secure-payment token (needed for multicalls).
    pub secure_payment_token: Option<SecurePaymentToken>,
    /// The payee.
    pub payee: ChainAddress,
    /// The amount owed, before payee-borne fees, in smallest units.
    pub amount: U256,
    /// The payment reference.
    pub reference: PaymentReference,
}

/// One fee of a plan, paid as its own leg after the payments.
///
/// ```
/// use securepay_core::pay::{FeeBearer, PayResponse, PlannedFee};
/// # use alloy_primitives::U256;
/// # use securepay_core::calldata::PaymentReference;
/// # use securepay_core::currency::Catalog;
/// # use securepay_core::network::Network;
/// # use securepay_core::pay::{ApprovalPlan, PaymentPlan, PlannedPayment};
/// # let mut plan = PaymentPlan {
/// #     network: Network::Base,
/// #     currency: Catalog::builtin().get("USDC-base")?.clone(),
/// #     payments: vec![PlannedPayment {
/// #         request_id: "01cc00".into(),
/// #         secure_payment_token: None,
/// #         payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
/// #         amount: U256::from(25_000_000u64),
/// #         reference: PaymentReference::new([0x11; 8]),
/// #     }],
/// #     fees: vec![],
/// #     approval: ApprovalPlan::Exact,
/// #     smart_account: None,
/// #     parent_token: None,
/// #     bundle_id: None,
/// # };
/// plan.fees.push(PlannedFee {
///     request_id: "01cc00".into(),
///     fee_component_id: None,
///     fee_type: Some("platform".into()),
///     fee_label: None,
///     bearer: FeeBearer::Payee, // out of the payee's 25 USDC
///     amount: U256::from(200_000u64),
///     recipient: "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?,
/// });
/// let PayResponse::Single(single) = plan.build()? else { unreachable!() };
/// let summary = single.fee_bundle.and_then(|bundle| bundle.amount_summary).ok_or("no summary")?;
/// assert_eq!((summary.net_recipient_amount.as_str(), summary.payer_total.as_str()), ("24.8", "25"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlannedFee {
    /// The request the fee belongs to (one of the plan's payments).
    pub request_id: String,
    /// The fee component's id.
    pub fee_component_id: Option<String>,
    /// The fee type.
    pub fee_type: Option<String>,
    /// A label for people.
    pub fee_label: Option<String>,
    /// Who bears it: the payer on top, or out of the payee's leg.
    pub bearer: FeeBearer,
    /// The fee in smallest units.
    pub amount: U256,
    /// Who receives it.
    pub recipient: ChainAddress,
}

/// Whether the plan approves the proxy first, and how much.
///
/// ```
/// use securepay_core::pay::PayResponse;
/// # use alloy_primitives::U256;
/// # use securepay_core::calldata::PaymentReference;
/// # use securepay_core::currency::Catalog;
/// # use securepay_core::network::Network;
/// # use securepay_core::pay::{ApprovalPlan, PaymentPlan, PlannedPayment};
/// # let mut plan = PaymentPlan {
/// #     network: Network::Base,
/// #     currency: Catalog::builtin().get("USDC-base")?.clone(),
/// #     payments: vec![PlannedPayment {
/// #         request_id: "01cc00".into(),
/// #         secure_payment_token: None,
/// #         payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
/// #         amount: U256::from(25_000_000u64),
/// #         reference: PaymentReference::new([0x11; 8]),
/// #     }],
/// #     fees: vec![],
/// #     approval: ApprovalPlan::Exact,
/// #     smart_account: None,
/// #     parent_token: None,
/// #     bundle_id: None,
/// # };
/// plan.approval = ApprovalPlan::None; // the allowance is already there
/// let PayResponse::Single(single) = plan.build()? else { unreachable!() };
/// assert_eq!(single.transactions.len(), 1);
/// assert!(!single.metadata.needs_approval);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApprovalPlan {
    /// No approval (the allowance is already there, or the currency is native).
    None,
    /// Exactly what the payment pulls (every leg).
    Exact,
    /// `2^256 - 1`.
    Unlimited,
}

/// The smart-account flow: an EOA funds a smart account, which executes the bundle.
///
/// ```
/// use securepay_core::pay::{PayResponse, SmartAccountFlow};
/// # use alloy_primitives::U256;
/// # use securepay_core::calldata::PaymentReference;
/// # use securepay_core::currency::Catalog;
/// # use securepay_core::network::Network;
/// # use securepay_core::pay::{ApprovalPlan, PaymentPlan, PlannedPayment};
/// # let mut plan = PaymentPlan {
/// #     network: Network::Base,
/// #     currency: Catalog::builtin().get("USDC-base")?.clone(),
/// #     payments: vec![PlannedPayment {
/// #         request_id: "01cc00".into(),
/// #         secure_payment_token: None,
/// #         payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
/// #         amount: U256::from(25_000_000u64),
/// #         reference: PaymentReference::new([0x11; 8]),
/// #     }],
/// #     fees: vec![],
/// #     approval: ApprovalPlan::Exact,
/// #     smart_account: None,
/// #     parent_token: None,
/// #     bundle_id: None,
/// # };
/// plan.smart_account = Some(SmartAccountFlow {
///     account: "0x1111111111111111111111111111111111111111".parse()?,
///     funding_eoa: "0x2222222222222222222222222222222222222222".parse()?,
/// });
/// let PayResponse::Single(single) = plan.build()? else { unreachable!() };
/// assert_eq!(single.eoa_approval_transactions.map(|txs| txs.len()), Some(1));
/// assert_eq!(single.metadata.eoa_approval.map(|a| a.spender.to_string()),
///     Some("0x1111111111111111111111111111111111111111".to_owned()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SmartAccountFlow {
    /// The smart account that executes the transactions.
    pub account: ChainAddress,
    /// The EOA that holds the funds and approves the smart account.
    pub funding_eoa: ChainAddress,
}

/// A payment to build: one payee gives Shape A (`single`); several give Shape C (`multicall`,
/// `evm_same_chain`). Transactions come in the order the service uses: approvals, then the
/// payments (one ERC20FeeProxy or EthereumFeeProxy call per payee), then one fee leg per fee (a
/// proxy call to the fee recipient that carries the payment's reference). Payee-borne fees
/// reduce the payee's leg; payer-borne fees are legs on top.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::calldata::PaymentReference;
/// use securepay_core::currency::Catalog;
/// use securepay_core::network::Network;
/// use securepay_core::pay::{ApprovalPlan, PayResponse, PaymentPlan, PlannedPayment};
///
/// let plan = PaymentPlan {
///     network: Network::Base,
///     currency: Catalog::builtin().get("USDC-base")?.clone(),
///     payments: vec![PlannedPayment {
///         request_id: "01cc00".into(),
///         secure_payment_token: None,
///         payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
///         amount: U256::from(25_000_000u64),
///         reference: PaymentReference::new([0x11; 8]),
///     }],
///     fees: vec![],
///     approval: ApprovalPlan::Exact,
///     smart_account: None,
///     parent_token: None,
///     bundle_id: None,
/// };
/// let PayResponse::Single(single) = plan.build()? else { unreachable!() };
/// assert_eq!(single.metadata.payment_transaction_index, 1); // after the approval
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentPlan {
    /// The network.
    pub network: Network,
    /// The payment currency (a token, or the network's native currency).
    pub currency: Currency,
    /// The payments.
    pub payments: Vec<PlannedPayment>,
    /// The fees.
    pub fees: Vec<PlannedFee>,
    /// The approval.
    pub approval: ApprovalPlan,
    /// The smart-account flow, if any.
    pub smart_account: Option<SmartAccountFlow>,
    /// The multicall's parent token.
    pub parent_token: Option<SecurePaymentToken>,
    /// The fee bundle's id.
    pub bundle_id: Option<String>,
}

/// The EOA's unlimited approval of its smart account (the smart-account flow).
struct EoaApprovalStep {
    /// The flow: the account and the EOA that funds it.
    flow: SmartAccountFlow,
    /// The approval transaction the EOA signs.
    approve: Transaction,
    /// The token approved.
    token: ChainAddress,
}

impl PaymentPlan {
    /// Builds the response with the built-in deployment table.
    ///
    /// ```
    /// use securepay_core::pay::PayResponse;
    /// # use alloy_primitives::U256;
    /// # use securepay_core::calldata::PaymentReference;
    /// # use securepay_core::currency::Catalog;
    /// # use securepay_core::network::Network;
    /// # use securepay_core::pay::{ApprovalPlan, PaymentPlan, PlannedPayment};
    /// # let mut plan = PaymentPlan {
    /// #     network: Network::Base,
    /// #     currency: Catalog::builtin().get("USDC-base")?.clone(),
    /// #     payments: vec![PlannedPayment {
    /// #         request_id: "01cc00".into(),
    /// #         secure_payment_token: None,
    /// #         payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
    /// #         amount: U256::from(25_000_000u64),
    /// #         reference: PaymentReference::new([0x11; 8]),
    /// #     }],
    /// #     fees: vec![],
    /// #     approval: ApprovalPlan::Exact,
    /// #     smart_account: None,
    /// #     parent_token: None,
    /// #     bundle_id: None,
    /// # };
    /// let response = plan.build()?;
    /// let PayResponse::Single(single) = &response else { unreachable!() };
    /// // approve, then one ERC20FeeProxy call on Base
    /// assert_eq!(single.transactions[1].to.to_string(), "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814");
    /// assert!(response.problems().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build(&self) -> Result<PayResponse, PaymentPlanError> {
        self.build_with(Deployments::builtin())
    }

    /// Builds the response with the caller's deployment table. The result is deterministic
    /// and passes [`PayResponse::problems`] with no problem.
    ///
    /// ```
    /// use securepay_core::contracts::Deployments;
    /// use securepay_core::pay::PaymentPlanError;
    /// # use alloy_primitives::U256;
    /// # use securepay_core::calldata::PaymentReference;
    /// # use securepay_core::currency::Catalog;
    /// # use securepay_core::network::Network;
    /// # use securepay_core::pay::{ApprovalPlan, PaymentPlan, PlannedPayment};
    /// # let mut plan = PaymentPlan {
    /// #     network: Network::Base,
    /// #     currency: Catalog::builtin().get("USDC-base")?.clone(),
    /// #     payments: vec![PlannedPayment {
    /// #         request_id: "01cc00".into(),
    /// #         secure_payment_token: None,
    /// #         payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
    /// #         amount: U256::from(25_000_000u64),
    /// #         reference: PaymentReference::new([0x11; 8]),
    /// #     }],
    /// #     fees: vec![],
    /// #     approval: ApprovalPlan::Exact,
    /// #     smart_account: None,
    /// #     parent_token: None,
    /// #     bundle_id: None,
    /// # };
    /// assert_eq!(plan.build_with(Deployments::builtin())?, plan.build()?);
    /// // A table that knows no contract cannot build the calls.
    /// assert!(matches!(plan.build_with(&Deployments::empty()), Err(PaymentPlanError::Build(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build_with(&self, deployments: &Deployments) -> Result<PayResponse, PaymentPlanError> {
        let builder = Builder::with_deployments(self.network, deployments);
        let first = self.payments.first().ok_or(PaymentPlanError::NoPayments)?;
        let token = self.same_chain_token()?;
        if self.payments.len() > 1 && self.network == Network::Tron {
            return Err(PaymentPlanError::TronMulticall);
        }
        let legs = self.legs()?;
        let (payment_txs, fee_txs) = self.payment_calls(&builder, token, &legs, first.reference)?;
        let pulled = legs
            .iter()
            .chain(self.fees.iter().map(|f| &f.amount))
            .try_fold(U256::ZERO, |total, amount| total.checked_add(*amount))
            .ok_or(PaymentPlanError::Overflow)?;
        let approval = match (self.approval, token) {
            (ApprovalPlan::None, _) | (_, None) => None,
            (ApprovalPlan::Exact, Some(token)) => {
                Some(builder.approve_for(Flow::Erc20Fee, token, Allowance::Exact(pulled))?)
            }
            (ApprovalPlan::Unlimited, Some(token)) => {
                Some(builder.approve_for(Flow::Erc20Fee, token, Allowance::Unlimited)?)
            }
        };
        let (eoa, funding) = self.smart_account_steps(&builder, token, pulled)?;
        let approvals = usize::from(approval.is_some());
        let payment_index = approvals.saturating_add(usize::from(funding.is_some()));
        let fee_start = payment_index.saturating_add(payment_txs.len());
        let transactions: Vec<Transaction> = approval
            .into_iter()
            .chain(funding)
            .chain(payment_txs)
            .chain(fee_txs)
            .collect();
        let mut metadata = PayMetadata {
            steps_required: u32::try_from(transactions.len()).unwrap_or(u32::MAX),
            needs_approval: approvals > 0,
            payment_transaction_index: payment_index,
            ..PayMetadata::default()
        };
        if approvals > 0 {
            metadata.approval_transaction_index = Some(0);
            metadata.approval_transactions_count = Some(approvals);
        }
        let eoa_approval_transactions = eoa.map(|eoa| self.eoa_approval(eoa, &mut metadata));
        let fee_bundle = self.fee_bundle()?;
        if self.payments.len() == 1 {
            return Ok(PayResponse::Single(SinglePayment {
                transactions,
                eoa_approval_transactions,
                fee_bundle,
                metadata: Box::new(metadata),
            }));
        }
        let children = self.children(token)?;
        metadata.approval_transaction_indices = Some((0..approvals).collect());
        metadata.fee_transaction_indices = Some((fee_start..transactions.len()).collect());
        metadata.child_count = Some(children.len());
        metadata.executable_leg_count = Some(transactions.len().saturating_sub(approvals));
        metadata.network = Some(self.network.id().into());
        metadata.payment_currency_id = Some(self.currency.id().as_str().into());
        Ok(PayResponse::Multicall(MulticallPayment {
            transactions,
            eoa_approval_transactions,
            fee_bundle,
            execution_kind: ExecutionKind::EvmSameChain,
            token: self
                .parent_token
                .ok_or_else(|| PaymentPlanError::MissingToken("the parent token".into()))?,
            network: Some(self.network),
            chain_id: Some(self.network.chain_id()),
            child_tokens: children.iter().map(|c| c.secure_payment_token).collect(),
            request_ids: children.iter().map(|c| c.request_id.clone()).collect(),
            payees: children.iter().map(|c| c.payee).collect(),
            amounts: children.iter().map(|c| c.amount.clone()).collect(),
            references: children.iter().map(|c| c.payment_reference).collect(),
            children,
            erc20_approval_transactions: None,
            batch_payment_transaction: None,
            destination_calls: None,
            metadata: Box::new(metadata),
        }))
    }

    /// The token a same-chain plan pays in (`None` for the network's native currency): its
    /// currency must be on the plan's network.
    fn same_chain_token(&self) -> Result<Option<ChainAddress>, PaymentPlanError> {
        let native = self.currency.kind() == CurrencyType::Eth;
        match (self.currency.chain_network(), self.currency.token_address()) {
            (Some(network), Some(token)) if network == self.network => Ok(Some(token)),
            (Some(network), None) if network == self.network && native => Ok(None),
            _ => Err(PaymentPlanError::Currency {
                currency: self.currency.id().as_str().into(),
                network: self.network,
            }),
        }
    }

    /// The payment calls: one per payee's leg, then one per fee (with the reference of its
    /// request, or of the first payment).
    fn payment_calls(
        &self,
        builder: &Builder<'_>,
        token: Option<ChainAddress>,
        legs: &[U256],
        first_reference: PaymentReference,
    ) -> Result<(Vec<Transaction>, Vec<Transaction>), PaymentPlanError> {
        let mut payment_txs = Vec::with_capacity(legs.len());
        for (payment, amount) in self.payments.iter().zip(legs) {
            payment_txs.push(self.pay(
                builder,
                token,
                payment.payee,
                *amount,
                payment.reference,
            )?);
        }
        let mut fee_txs = Vec::with_capacity(self.fees.len());
        for fee in &self.fees {
            let reference = self
                .reference_of(&fee.request_id)
                .unwrap_or(first_reference);
            fee_txs.push(self.pay(builder, token, fee.recipient, fee.amount, reference)?);
        }
        Ok((payment_txs, fee_txs))
    }

    /// The smart-account flow: the EOA approves the account, which pulls what the payment
    /// spends (the funding step) before it pays. Returns the EOA's approval and the funding
    /// transaction (both `None` without the flow or for the native currency).
    fn smart_account_steps(
        &self,
        builder: &Builder<'_>,
        token: Option<ChainAddress>,
        pulled: U256,
    ) -> Result<(Option<EoaApprovalStep>, Option<Transaction>), PaymentPlanError> {
        Ok(match (self.smart_account, token) {
            (Some(flow), Some(token)) => (
                Some(EoaApprovalStep {
                    flow,
                    approve: builder.approve(token, flow.account, Allowance::Unlimited)?,
                    token,
                }),
                Some(builder.transfer_from(token, flow.funding_eoa, flow.account, pulled)?),
            ),
            _ => (None, None),
        })
    }

    /// The EOA's approval of the smart account, stated in the metadata: the transactions the
    /// EOA signs.
    fn eoa_approval(&self, eoa: EoaApprovalStep, metadata: &mut PayMetadata) -> Vec<Transaction> {
        metadata.eoa_approval_required = Some(true);
        metadata.eoa_approval = Some(EoaApproval {
            owner: eoa.flow.funding_eoa,
            spender: eoa.flow.account,
            token_address: eoa.token,
            currency: self.currency.id().as_str().into(),
            amount: U256::MAX.to_string().into(),
            approval_type: ApprovalType::Unlimited,
        });
        vec![eoa.approve]
    }

    /// The amount of each payee's leg: the amount minus its payee-borne fees.
    /// The destination token of a cross-chain plan (its currency must be a token on its
    /// network).
    pub(super) fn destination_token(&self) -> Result<ChainAddress, PaymentPlanError> {
        match (self.currency.chain_network(), self.currency.token_address()) {
            (Some(network), Some(token)) if network == self.network => Ok(token),
            _ => Err(PaymentPlanError::NoBridgeReceiver(self.network)),
        }
    }

    pub(super) fn legs(&self) -> Result<Vec<U256>, PaymentPlanError> {
        for (index, fee) in self.fees.iter().enumerate() {
            if self.reference_of(&fee.request_id).is_none() {
                return Err(PaymentPlanError::UnknownFeeRequest {
                    index,
                    request_id: fee.request_id.clone(),
                });
            }
        }
        self.payments
            .iter()
            .map(|payment| {
                let borne = self
                    .fees
                    .iter()
                    .filter(|f| f.bearer == FeeBearer::Payee && f.request_id == payment.request_id)
                    .try_fold(U256::ZERO, |total, f| total.checked_add(f.amount))
                    .ok_or(PaymentPlanError::Overflow)?;
                payment
                    .amount
                    .checked_sub(borne)
                    .filter(|leg| !leg.is_zero())
                    .ok_or_else(|| PaymentPlanError::FeesExceedPayment(payment.request_id.clone()))
            })
            .collect()
    }

    fn reference_of(&self, request_id: &str) -> Option<PaymentReference> {
        self.payments
            .iter()
            .find(|p| p.request_id == request_id)
            .map(|p| p.reference)
    }

    fn pay(
        &self,
        builder: &Builder<'_>,
        token: Option<ChainAddress>,
        to: ChainAddress,
        amount: U256,
        reference: PaymentReference,
    ) -> Result<Transaction, PaymentPlanError> {
        Ok(match token {
            Some(token) => {
                builder.erc20_fee(&Erc20FeePayment::new(token, to, amount, reference))?
            }
            None => builder.native_fee(&NativeFeePayment::new(to, amount, reference))?,
        })
    }

    fn human(&self, units: U256) -> HumanAmount {
        HumanAmount::from_units(units, self.currency.decimals())
    }

    pub(super) fn fee_bundle(&self) -> Result<Option<FeeBundle>, PaymentPlanError> {
        if self.fees.is_empty() {
            return Ok(None);
        }
        let sum = |bearer: FeeBearer| {
            self.fees
                .iter()
                .filter(|f| f.bearer == bearer)
                .try_fold(U256::ZERO, |total, f| total.checked_add(f.amount))
                .ok_or(PaymentPlanError::Overflow)
        };
        let (payee, payer) = (sum(FeeBearer::Payee)?, sum(FeeBearer::Payer)?);
        let gross = self
            .payments
            .iter()
            .try_fold(U256::ZERO, |total, p| total.checked_add(p.amount))
            .ok_or(PaymentPlanError::Overflow)?;
        let checked = |value: Option<U256>| value.ok_or(PaymentPlanError::Overflow);
        let summary = AmountSummary {
            gross_amount: self.human(gross),
            net_recipient_amount: self.human(checked(gross.checked_sub(payee))?),
            total_fees: self.human(checked(payee.checked_add(payer))?),
            payee_borne_fees: self.human(payee),
            payer_borne_fees: self.human(payer),
            payer_total: self.human(checked(gross.checked_add(payer))?),
        };
        let fees = self
            .fees
            .iter()
            .map(|fee| FeeEntry {
                request_id: fee.request_id.clone(),
                fee_component_id: fee.fee_component_id.as_deref().map(Into::into),
                fee_type: fee.fee_type.as_deref().map(Into::into),
                fee_label: fee.fee_label.as_deref().map(Into::into),
                fee_bearer: Some(fee.bearer),
                amount: self.human(fee.amount),
                payment_currency_id: self.currency.id().clone(),
                network: self.network,
                chain_id: ChainIdText(self.network.chain_id()),
                recipient: fee.recipient,
            })
            .collect();
        Ok(Some(FeeBundle {
            bundle_id: self.bundle_id.as_deref().map(Into::into),
            default_fee_bearer: self.fees.first().map(|f| f.bearer),
            amount_summary: Some(summary),
            fees,
        }))
    }

    pub(super) fn children(
        &self,
        token: Option<ChainAddress>,
    ) -> Result<Vec<Child>, PaymentPlanError> {
        self.payments
            .iter()
            .enumerate()
            .map(|(position, payment)| {
                Ok(Child {
                    position,
                    secure_payment_token: payment.secure_payment_token.ok_or_else(|| {
                        PaymentPlanError::MissingToken(format!("the token of payment {position}"))
                    })?,
                    request_id: payment.request_id.clone(),
                    payee: payment.payee,
                    amount: self.human(payment.amount),
                    payment_currency: self.currency.id().clone(),
                    payment_reference: Some(payment.reference),
                    payment_currency_address: token,
                    source_token_address: None,
                    token_address: token,
                    network: self.network,
                    destination_call: None,
                })
            })
            .collect()
    }
}
