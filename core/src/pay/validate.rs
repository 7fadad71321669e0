//! Structural validation of pay responses: a typed list of every problem, not the first one.

use crate::prelude::*;

use core::fmt;

use serde::Serialize;

use super::fee::{AmountSummary, FeeBundle};
use super::shapes::{ExecutionKind, MulticallPayment, PayResponse, SinglePayment};
use crate::amount::{HumanAmount, common_scale};
use crate::network::Network;

/// One structural problem of a pay response. [`Problem::code`] is stable; `Display` says what
/// is wrong and where.
///
/// ```
/// use securepay_core::pay::{PayResponse, Problem};
///
/// let response = PayResponse::from_slice(br#"{"paymentType": "single", "feeBundle": null,
///     "transactions": [{"to": "0xd9C3889eB8DA6ce449bfFE3cd194d08A436e96f2", "data": "0x", "value": "1"}],
///     "metadata": {"stepsRequired": 1, "needsApproval": false, "paymentTransactionIndex": 1}}"#)?;
/// let problems = response.problems();
/// assert!(matches!(problems[0], Problem::IndexOutOfRange { index: 1, len: 1, .. }));
/// assert_eq!(problems[0].to_string(), "metadata.paymentTransactionIndex = 1 but there are 1 transactions");
/// // Serialized (a finding's `details.problem`): `code`, then the fields in camelCase.
/// let count = Problem::ChildCount { child_count: Some(4), children: 3 };
/// assert_eq!(serde_json::to_string(&count)?, r#"{"code":"child_count","childCount":4,"children":3}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(
    tag = "code",
    rename_all = "snake_case",
    rename_all_fields = "camelCase"
)]
#[non_exhaustive]
pub enum Problem {
    /// An index field points past the end of `transactions`.
    IndexOutOfRange {
        /// The metadata field.
        field: &'static str,
        /// The index.
        index: usize,
        /// The number of transactions.
        len: usize,
    },
    /// Two roles claim the same transaction.
    OverlappingIndices {
        /// One role.
        first: &'static str,
        /// The other role.
        second: &'static str,
        /// The transaction index.
        index: usize,
    },
    /// More fee transactions than fee entries: a fee transaction that no entry declares. (Entries
    /// may outnumber fee transactions: a fee carried inside a payment call, as its `_feeAmount`,
    /// has no transaction of its own.)
    FeeLegCount {
        /// Fee transactions.
        transactions: usize,
        /// Fee entries.
        entries: usize,
    },
    /// The fee transaction indices are not in increasing order.
    FeeLegOrder,
    /// A fee entry's `network` or `chainId` disagrees with the payment's.
    FeeEntryNetwork {
        /// The fee entry.
        entry: usize,
        /// What it says.
        found: String,
        /// What the payment is on.
        expected: String,
    },
    /// A fee entry's `chainId` is not the chain id of its `network`.
    FeeEntryChainId {
        /// The fee entry.
        entry: usize,
        /// Its network.
        network: Network,
        /// Its chain id.
        chain_id: u64,
    },
    /// `childCount` is not the number of children.
    ChildCount {
        /// `metadata.childCount` (absent: `None`).
        child_count: Option<usize>,
        /// The number of children.
        children: usize,
    },
    /// A child's `position` is not its index.
    ChildPosition {
        /// The child's index.
        index: usize,
        /// Its `position`.
        position: usize,
    },
    /// A parallel array disagrees with the children.
    ParallelArray {
        /// The array (`childTokens`, `requestIds`, `payees`, `amounts`, `references`).
        field: &'static str,
        /// The first index where it disagrees (or its length if shorter).
        index: usize,
    },
    /// A same-chain multicall carries destination calls.
    DestinationCallOnSameChain {
        /// The child, or `None` for the top-level `destinationCalls`.
        child: Option<usize>,
    },
    /// A cross-chain child has no destination call.
    MissingDestinationCall {
        /// The child.
        child: usize,
    },
    /// `destinationCalls` does not mirror the children's `destinationCall`.
    DestinationCallsMirror {
        /// The first index where they differ.
        index: usize,
    },
    /// The top-level `chainId` is not the chain id of `network`.
    ChainIdNetwork {
        /// The network.
        network: Network,
        /// The chain id.
        chain_id: u64,
    },
    /// `executableLegCount` is absent from a multicall.
    MissingExecutableLegCount,
    /// The amount summary does not add up.
    AmountSummary {
        /// The equation that fails.
        rule: &'static str,
    },
    /// A shape without any payment transaction.
    NoPaymentTransaction,
}

impl Problem {
    /// A stable code for the problem (`index_out_of_range`, `fee_leg_count`, …).
    ///
    /// ```
    /// use securepay_core::pay::Problem;
    ///
    /// assert_eq!(Problem::FeeLegOrder.code(), "fee_leg_order");
    /// assert_eq!(Problem::AmountSummary { rule: "totalFees = payeeBorneFees + payerBorneFees" }.code(), "amount_summary");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            Problem::IndexOutOfRange { .. } => "index_out_of_range",
            Problem::OverlappingIndices { .. } => "overlapping_indices",
            Problem::FeeLegCount { .. } => "fee_leg_count",
            Problem::FeeLegOrder => "fee_leg_order",
            Problem::FeeEntryNetwork { .. } => "fee_entry_network",
            Problem::FeeEntryChainId { .. } => "fee_entry_chain_id",
            Problem::ChildCount { .. } => "child_count",
            Problem::ChildPosition { .. } => "child_position",
            Problem::ParallelArray { .. } => "parallel_array",
            Problem::DestinationCallOnSameChain { .. } => "destination_call_on_same_chain",
            Problem::MissingDestinationCall { .. } => "missing_destination_call",
            Problem::DestinationCallsMirror { .. } => "destination_calls_mirror",
            Problem::ChainIdNetwork { .. } => "chain_id_network",
            Problem::MissingExecutableLegCount => "missing_executable_leg_count",
            Problem::AmountSummary { .. } => "amount_summary",
            Problem::NoPaymentTransaction => "no_payment_transaction",
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::IndexOutOfRange { field, index, len } => write!(
                f,
                "metadata.{field} = {index} but there are {len} transactions"
            ),
            Problem::OverlappingIndices {
                first,
                second,
                index,
            } => write!(
                f,
                "transaction {index} is claimed by both {first} and {second}"
            ),
            Problem::FeeLegCount {
                transactions,
                entries,
            } => write!(
                f,
                "{transactions} fee transaction(s) but {entries} feeBundle.fees entries"
            ),
            Problem::FeeLegOrder => write!(
                f,
                "metadata.feeTransactionIndices are not in increasing order"
            ),
            Problem::FeeEntryNetwork {
                entry,
                found,
                expected,
            } => write!(
                f,
                "feeBundle.fees[{entry}] is on {found} but the payment is on {expected}"
            ),
            Problem::FeeEntryChainId {
                entry,
                network,
                chain_id,
            } => write!(
                f,
                "feeBundle.fees[{entry}].chainId {chain_id} is not the chain id of {network} ({})",
                network.chain_id()
            ),
            Problem::ChildCount {
                child_count,
                children,
            } => match child_count {
                Some(count) => write!(
                    f,
                    "metadata.childCount is {count} but there are {children} children"
                ),
                None => write!(f, "metadata.childCount is missing ({children} children)"),
            },
            Problem::ChildPosition { index, position } => {
                write!(f, "children[{index}].position is {position}")
            }
            Problem::ParallelArray { field, index } => {
                write!(f, "{field}[{index}] does not match children[{index}]")
            }
            Problem::DestinationCallOnSameChain { child: Some(child) } => write!(
                f,
                "children[{child}] has a destinationCall in a same-chain multicall"
            ),
            Problem::DestinationCallOnSameChain { child: None } => {
                write!(f, "destinationCalls present in a same-chain multicall")
            }
            Problem::MissingDestinationCall { child } => write!(
                f,
                "children[{child}] has no destinationCall in a cross-chain multicall"
            ),
            Problem::DestinationCallsMirror { index } => write!(
                f,
                "destinationCalls[{index}] does not mirror children[{index}].destinationCall"
            ),
            Problem::ChainIdNetwork { network, chain_id } => write!(
                f,
                "chainId {chain_id} is not the chain id of {network} ({})",
                network.chain_id()
            ),
            Problem::MissingExecutableLegCount => {
                write!(f, "metadata.executableLegCount is missing")
            }
            Problem::AmountSummary { rule } => {
                write!(f, "feeBundle.amountSummary does not add up: {rule}")
            }
            Problem::NoPaymentTransaction => write!(f, "no payment transaction"),
        }
    }
}

impl PayResponse {
    /// Every structural problem of the response (empty when it is well-formed).
    ///
    /// ```
    /// use securepay_core::pay::{PayResponse, Problem};
    ///
    /// // A legacy batch answer without any batch call
    /// let response = PayResponse::from_slice(br#"{"ERC20ApprovalTransactions": []}"#)?;
    /// assert_eq!(response.problems(), [Problem::NoPaymentTransaction]);
    /// let single = PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
    /// assert!(single.problems().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn problems(&self) -> Vec<Problem> {
        let mut problems = Vec::new();
        match self {
            PayResponse::Single(single) => single.check(&mut problems),
            PayResponse::Multicall(multicall) => multicall.check(&mut problems),
            PayResponse::LegacyBatch(batch) => {
                if batch.batch_transactions().next().is_none() {
                    problems.push(Problem::NoPaymentTransaction);
                }
            }
        }
        problems
    }
}

/// Marks transaction indices with their role and reports out-of-range and overlapping ones,
/// the first of each kind.
struct Roles {
    owner: Vec<Option<&'static str>>,
    /// The (field, other field) pairs already reported: a list of a million bad indices is one
    /// problem, not a million (the response must not size the work or the findings).
    reported: Vec<(&'static str, Option<&'static str>)>,
}

impl Roles {
    fn new(len: usize) -> Roles {
        Roles {
            owner: vec![None; len],
            reported: Vec::new(),
        }
    }

    /// Whether this kind of problem is reported for the first time (a handful of kinds: the
    /// roles are a fixed set of metadata fields).
    fn first(&mut self, key: (&'static str, Option<&'static str>)) -> bool {
        if self.reported.contains(&key) {
            return false;
        }
        self.reported.push(key);
        true
    }

    fn claim(&mut self, role: &'static str, index: usize, problems: &mut Vec<Problem>) {
        let len = self.owner.len();
        match self.owner.get_mut(index) {
            None => {
                if self.first((role, None)) {
                    problems.push(Problem::IndexOutOfRange {
                        field: role,
                        index,
                        len,
                    });
                }
            }
            Some(slot @ None) => *slot = Some(role),
            Some(Some(first)) if same_role(first, role) => {}
            Some(Some(first)) => {
                let first = *first;
                if self.first((first, Some(role))) {
                    problems.push(Problem::OverlappingIndices {
                        first,
                        second: role,
                        index,
                    });
                }
            }
        }
    }
}

/// The main payment may be the batch payment, or (cross-chain) a bridge call: all three name
/// the payment role.
fn same_role(a: &str, b: &str) -> bool {
    let payment = |r: &str| {
        matches!(
            r,
            "paymentTransactionIndex" | "batchPaymentTransactionIndex" | "bridgeTxIndices"
        )
    };
    a == b || (payment(a) && payment(b))
}

impl SinglePayment {
    fn check(&self, problems: &mut Vec<Problem>) {
        let len = self.transactions.len();
        let mut roles = Roles::new(len);
        let payment = self.metadata.payment_transaction_index;
        roles.claim("paymentTransactionIndex", payment, problems);
        if let Some(first) = self.metadata.approval_transaction_index {
            // The count comes from the response: it never sizes the loop beyond the
            // transactions actually present.
            let count = self.metadata.approval_transactions_count.unwrap_or(1);
            let end = first.saturating_add(count);
            for index in first..end.min(len) {
                roles.claim("approvalTransactionIndex", index, problems);
            }
            if end > len {
                problems.push(Problem::IndexOutOfRange {
                    field: "approvalTransactionsCount",
                    index: end.saturating_sub(1),
                    len,
                });
            }
        }
        let fee_transactions = len.saturating_sub(payment.saturating_add(1));
        for index in payment.saturating_add(1)..len {
            roles.claim("fee legs", index, problems);
        }
        let entries = self.fee_bundle.as_ref().map_or(0, |b| b.fees.len());
        if payment < len && fee_transactions > entries {
            problems.push(Problem::FeeLegCount {
                transactions: fee_transactions,
                entries,
            });
        }
        if let Some(bundle) = &self.fee_bundle {
            let cross_chain = self.metadata.route_type == Some(super::RouteType::Crosschain);
            check_fee_bundle(bundle, None, cross_chain, problems);
        }
    }
}

impl MulticallPayment {
    fn check(&self, problems: &mut Vec<Problem>) {
        let m = &self.metadata;
        let mut roles = Roles::new(self.transactions.len());
        roles.claim(
            "paymentTransactionIndex",
            m.payment_transaction_index,
            problems,
        );
        if let Some(index) = m.batch_payment_transaction_index {
            roles.claim("batchPaymentTransactionIndex", index, problems);
        }
        for &index in m.approval_transaction_indices.iter().flatten() {
            roles.claim("approvalTransactionIndices", index, problems);
        }
        for &index in m.bridge_tx_indices.iter().flatten() {
            roles.claim("bridgeTxIndices", index, problems);
        }
        let fee_indices = m.fee_transaction_indices.as_deref().unwrap_or(&[]);
        for &index in fee_indices {
            roles.claim("feeTransactionIndices", index, problems);
        }
        if fee_indices
            .windows(2)
            .any(|w| matches!(w, [a, b] if a >= b))
        {
            problems.push(Problem::FeeLegOrder);
        }
        let entries = self.fee_bundle.as_ref().map_or(0, |b| b.fees.len());
        if fee_indices.len() > entries {
            problems.push(Problem::FeeLegCount {
                transactions: fee_indices.len(),
                entries,
            });
        }
        if m.child_count != Some(self.children.len()) {
            problems.push(Problem::ChildCount {
                child_count: m.child_count,
                children: self.children.len(),
            });
        }
        if m.executable_leg_count.is_none() {
            problems.push(Problem::MissingExecutableLegCount);
        }
        if let (Some(network), Some(chain_id)) = (self.network, self.chain_id) {
            if network.chain_id() != chain_id {
                problems.push(Problem::ChainIdNetwork { network, chain_id });
            }
        }
        self.check_children(problems);
        if let Some(bundle) = &self.fee_bundle {
            let cross_chain = self.execution_kind == ExecutionKind::EvmCrossChain;
            check_fee_bundle(bundle, self.network, cross_chain, problems);
        }
    }

    fn check_children(&self, problems: &mut Vec<Problem>) {
        for (index, child) in self.children.iter().enumerate() {
            if child.position != index {
                problems.push(Problem::ChildPosition {
                    index,
                    position: child.position,
                });
            }
        }
        let n = self.children.len();
        let mut parallel = |field: &'static str, len: usize, same: &dyn Fn(usize) -> bool| {
            if let Some(index) = (0..n)
                .find(|&i| i >= len || !same(i))
                .or((len != n).then_some(n.min(len)))
            {
                problems.push(Problem::ParallelArray { field, index });
            }
        };
        let children = &self.children;
        let at = |i: usize| children.get(i);
        parallel("childTokens", self.child_tokens.len(), &|i| {
            self.child_tokens.get(i) == at(i).map(|c| &c.secure_payment_token)
        });
        parallel("requestIds", self.request_ids.len(), &|i| {
            self.request_ids.get(i) == at(i).map(|c| &c.request_id)
        });
        parallel("payees", self.payees.len(), &|i| {
            self.payees.get(i) == at(i).map(|c| &c.payee)
        });
        parallel(
            "amounts",
            self.amounts.len(),
            &|i| match (self.amounts.get(i), at(i)) {
                (Some(amount), Some(child)) => amount.same_value(&child.amount),
                _ => false,
            },
        );
        parallel("references", self.references.len(), &|i| {
            self.references.get(i) == at(i).map(|c| &c.payment_reference)
        });
        match self.execution_kind {
            ExecutionKind::EvmSameChain => {
                for (index, child) in self.children.iter().enumerate() {
                    if child.destination_call.is_some() {
                        problems.push(Problem::DestinationCallOnSameChain { child: Some(index) });
                    }
                }
                if self
                    .destination_calls
                    .as_ref()
                    .is_some_and(|calls| !calls.is_empty())
                {
                    problems.push(Problem::DestinationCallOnSameChain { child: None });
                }
            }
            ExecutionKind::EvmCrossChain => {
                for (index, child) in self.children.iter().enumerate() {
                    if child.destination_call.is_none() {
                        problems.push(Problem::MissingDestinationCall { child: index });
                    }
                }
                let mirror = self.destination_calls.as_deref().unwrap_or(&[]);
                let own: Vec<_> = self
                    .children
                    .iter()
                    .filter_map(|c| c.destination_call.as_ref())
                    .collect();
                if let Some(index) =
                    (0..own.len().max(mirror.len())).find(|&i| mirror.get(i) != own.get(i).copied())
                {
                    problems.push(Problem::DestinationCallsMirror { index });
                }
            }
        }
    }
}

/// The fee entries' chain ids, and (same-chain) that they are all on the payment's network. A
/// cross-chain route has fee legs on either chain: each entry is then checked by the verifier
/// against the chain where its effect is.
fn check_fee_bundle(
    bundle: &FeeBundle,
    network: Option<Network>,
    cross_chain: bool,
    problems: &mut Vec<Problem>,
) {
    let expected = network
        .or_else(|| bundle.fees.first().map(|f| f.network))
        .filter(|_| !cross_chain);
    for (entry, fee) in bundle.fees.iter().enumerate() {
        if fee.chain_id.0 != fee.network.chain_id() {
            problems.push(Problem::FeeEntryChainId {
                entry,
                network: fee.network,
                chain_id: fee.chain_id.0,
            });
        }
        if let Some(expected) = expected.filter(|e| *e != fee.network) {
            problems.push(Problem::FeeEntryNetwork {
                entry,
                found: fee.network.to_string(),
                expected: expected.to_string(),
            });
        }
    }
    if let Some(summary) = &bundle.amount_summary {
        check_summary(summary, problems);
    }
}

/// The three equations of the amount summary, exactly, at the precision the values are written.
fn check_summary(s: &AmountSummary, problems: &mut Vec<Problem>) {
    let all: [&HumanAmount; 6] = [
        &s.gross_amount,
        &s.net_recipient_amount,
        &s.total_fees,
        &s.payee_borne_fees,
        &s.payer_borne_fees,
        &s.payer_total,
    ];
    let units = common_scale(all).and_then(|scale| {
        let mut units = [alloy_primitives::U256::ZERO; 6];
        for (unit, amount) in units.iter_mut().zip(all) {
            *unit = amount.to_units(scale).ok()?;
        }
        Some(units)
    });
    let Some([gross, net, total, payee, payer, payer_total]) = units else {
        problems.push(Problem::AmountSummary {
            rule: "the amounts do not fit 256 bits",
        });
        return;
    };
    if payee.checked_add(payer) != Some(total) {
        problems.push(Problem::AmountSummary {
            rule: "totalFees = payeeBorneFees + payerBorneFees",
        });
    }
    if gross.checked_sub(payee) != Some(net) {
        problems.push(Problem::AmountSummary {
            rule: "netRecipientAmount = grossAmount - payeeBorneFees",
        });
    }
    if gross.checked_add(payer) != Some(payer_total) {
        problems.push(Problem::AmountSummary {
            rule: "payerTotal = grossAmount + payerBorneFees",
        });
    }
}
