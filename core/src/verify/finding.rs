//! Findings: what the verifier saw, how serious it is, where, and the data to say it in any
//! language.

use crate::prelude::*;

use core::fmt;

use serde::{Deserialize, Serialize};

use super::render::{AssetRef, Party, Quantity};
use crate::calldata::DecodeError;
use crate::calldata::lifi::LifiDecodeError;
use crate::currency::TokenBehaviour;
use crate::network::Network;
use crate::pay::Problem;

/// How serious a finding is.
///
/// ```
/// use securepay_core::verify::Severity;
///
/// assert!(Severity::Danger > Severity::Caution);
/// assert_eq!(Severity::Caution.to_string(), "caution");
/// assert_eq!(serde_json::to_string(&Severity::Danger)?, r#""danger""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Allowed, but the person should see it (an unlimited approval, a refund of excess value).
    Caution,
    /// Signing would move value differently from what was agreed: do not sign.
    Danger,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Caution => "caution",
            Severity::Danger => "danger",
        })
    }
}

/// Defines [`FindingCode`] from one table: variant, wire string, severity, and what it means.
macro_rules! finding_codes {
    ($($(#[$doc:meta])* $variant:ident = $text:literal => $severity:ident,)*) => {
        /// What a finding is about: a closed list, serialized as its snake_case string.
        ///
        /// A program branches on the code; a wallet renders it in its own language from the
        /// code and the finding's [`Details`].
        ///
        /// ```
        /// use securepay_core::verify::FindingCode;
        ///
        /// assert_eq!(FindingCode::PaymentAmount.as_str(), "payment_amount");
        /// assert_eq!(serde_json::to_string(&FindingCode::ApprovalUnlimited)?, r#""approval_unlimited""#);
        /// assert_eq!("payer_fees_above_max".parse::<FindingCode>(), Ok(FindingCode::PayerFeesAboveMax));
        /// assert!(FindingCode::ALL.iter().all(|c| c.as_str().parse::<FindingCode>() == Ok(*c)));
        /// # Ok::<(), serde_json::Error>(())
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(rename_all = "snake_case")]
        #[non_exhaustive]
        pub enum FindingCode {
            $($(#[$doc])* $variant,)*
        }

        impl FindingCode {
            /// Every code, in declaration order.
            pub const ALL: &'static [FindingCode] = &[$(FindingCode::$variant,)*];

            /// The stable snake_case string.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(FindingCode::$variant => $text,)*
                }
            }

            /// How serious a finding of this code is: a property of the code, never of the
            /// call that finds it.
            ///
            /// ```
            /// use securepay_core::verify::{FindingCode, Severity};
            ///
            /// assert_eq!(FindingCode::PaymentAmount.severity(), Severity::Danger);
            /// assert_eq!(FindingCode::ApprovalUnlimited.severity(), Severity::Caution);
            /// // An approval above the need: a caution for a payment contract, a danger for
            /// // an upgradeable one.
            /// assert_eq!(FindingCode::ApprovalRemainder.severity(), Severity::Caution);
            /// assert_eq!(FindingCode::ApprovalAboveNeed.severity(), Severity::Danger);
            /// ```
            pub const fn severity(self) -> Severity {
                match self {
                    $(FindingCode::$variant => Severity::$severity,)*
                }
            }
        }

        impl core::str::FromStr for FindingCode {
            type Err = UnknownFindingCode;

            fn from_str(text: &str) -> Result<FindingCode, UnknownFindingCode> {
                match text {
                    $($text => Ok(FindingCode::$variant),)*
                    _ => Err(UnknownFindingCode(text.to_owned())),
                }
            }
        }
    };
}

finding_codes! {
    /// The bytes are not a pay response of any shape (malformed JSON, a field a shape does not
    /// define, a transaction field besides `to`, `data`, `value`, a body too large).
    ResponseUnreadable = "response_unreadable" => Danger,
    /// A metadata index points past the end of `transactions`.
    StructureIndexOutOfRange = "structure_index_out_of_range" => Danger,
    /// Two metadata roles claim the same transaction.
    StructureOverlappingIndices = "structure_overlapping_indices" => Danger,
    /// More fee transactions than fee entries.
    StructureFeeLegCount = "structure_fee_leg_count" => Danger,
    /// `feeTransactionIndices` out of order.
    StructureFeeLegOrder = "structure_fee_leg_order" => Danger,
    /// Fee entries on different networks in a same-chain payment.
    StructureFeeEntryNetwork = "structure_fee_entry_network" => Danger,
    /// A fee entry's `chainId` is not its network's.
    StructureFeeEntryChainId = "structure_fee_entry_chain_id" => Danger,
    /// `childCount` is not the number of children.
    StructureChildCount = "structure_child_count" => Danger,
    /// A child's `position` is not its index.
    StructureChildPosition = "structure_child_position" => Danger,
    /// A parallel array of a multicall disagrees with its children.
    StructureParallelArray = "structure_parallel_array" => Danger,
    /// Destination calls in a same-chain multicall.
    StructureDestinationCallOnSameChain = "structure_destination_call_on_same_chain" => Danger,
    /// A cross-chain child without a destination call.
    StructureMissingDestinationCall = "structure_missing_destination_call" => Danger,
    /// `destinationCalls` does not mirror the children's destination calls.
    StructureDestinationCallsMirror = "structure_destination_calls_mirror" => Danger,
    /// The top-level `chainId` is not the network's.
    StructureChainIdNetwork = "structure_chain_id_network" => Danger,
    /// `executableLegCount` is missing from a multicall (informational).
    StructureMissingExecutableLegCount = "structure_missing_executable_leg_count" => Caution,
    /// The amount summary does not add up.
    StructureAmountSummary = "structure_amount_summary" => Danger,
    /// A legacy batch without a batch call.
    StructureNoPaymentTransaction = "structure_no_payment_transaction" => Danger,
    /// A transaction's `to` is of the other address family (Base58 on an EVM chain, `0x` on Tron).
    AddressFamily = "address_family" => Danger,
    /// The target is neither a known contract nor a catalog token on that chain.
    UnknownTarget = "unknown_target" => Danger,
    /// A selector of no known function.
    UnknownSelector = "unknown_selector" => Danger,
    /// A known selector sent to a contract that does not have it.
    SelectorNotOnTarget = "selector_not_on_target" => Danger,
    /// Calldata that is truncated, has trailing bytes, dirty padding or non-canonical offsets.
    NonCanonicalCalldata = "non_canonical_calldata" => Danger,
    /// No calldata: a plain transfer of native value.
    PlainTransfer = "plain_transfer" => Danger,
    /// Native value sent to a function that does not accept it.
    ValueOnNonPayable = "value_on_non_payable" => Danger,
    /// Native value below what the call needs (it would revert).
    ValueMismatch = "value_mismatch" => Danger,
    /// Native value the call does not need and the contract keeps.
    ValueStranded = "value_stranded" => Danger,
    /// Native value the call does not need; the contract refunds it.
    ValueRefunded = "value_refunded" => Caution,
    /// Native value the call does not need, which the contract refunds only after it has
    /// called an address the response chooses with the gas to run code (a fee address, a
    /// batch row's recipient no agreement names): that code can re-enter the contract and take
    /// the balance first, so the value counts as leaving the wallet (against `maxPayerFees`).
    /// `details.party` names the address, `details.field` the function.
    ValueAtRisk = "value_at_risk" => Caution,
    /// A call whose outflow cannot be stated exactly (conversion at a market rate).
    UnverifiableCall = "unverifiable_call" => Danger,
    /// A call that cannot succeed: the contract's own checks refuse it (read from its source),
    /// or every token of its kind in the crate's facts makes it revert. The payer pays gas, the
    /// payee is not paid, approvals stay. `details.reason` says why (`details.behaviour` and
    /// `details.asset` for a token behaviour).
    CallReverts = "call_reverts" => Danger,
    /// A mirror list (`ERC20ApprovalTransactions`, `batchPaymentTransaction` of a multicall)
    /// is not the transaction it mirrors.
    MirrorMismatch = "mirror_mismatch" => Danger,
    /// A transaction does something else than its metadata role (an approval among the
    /// payments, a payment among the approvals).
    NotAnApproval = "not_an_approval" => Danger,
    /// An agreed payment is not made.
    PaymentMissing = "payment_missing" => Danger,
    /// An agreed payment is made more than once.
    PaymentDuplicated = "payment_duplicated" => Danger,
    /// The payee receives another amount than agreed.
    PaymentAmount = "payment_amount" => Danger,
    /// The agreed amount goes to someone else.
    PaymentPayee = "payment_payee" => Danger,
    /// The payment carries another reference.
    PaymentReference = "payment_reference" => Danger,
    /// The payment is made in another token or on another chain.
    PaymentToken = "payment_token" => Danger,
    /// Value leaves the wallet in an asset or to a place no agreement covers.
    UndeclaredOutflow = "undeclared_outflow" => Danger,
    /// What leaves the wallet beyond the agreed payments exceeds `maxPayerFees`.
    PayerFeesAboveMax = "payer_fees_above_max" => Danger,
    /// Payee-side deductions exceed `maxPayeeFees`.
    PayeeFeesAboveMax = "payee_fees_above_max" => Danger,
    /// A fee entry no transaction pays.
    FeeNotPaid = "fee_not_paid" => Danger,
    /// A fee the transactions pay that the fee bundle does not declare.
    FeeUndeclared = "fee_undeclared" => Danger,
    /// A fee entry's bearer disagrees with what the transactions do.
    FeeBearerMismatch = "fee_bearer_mismatch" => Danger,
    /// A fee entry in another currency than the payment.
    FeeCurrency = "fee_currency" => Danger,
    /// A fee entry on a chain where no fee of it is paid.
    FeeNetwork = "fee_network" => Danger,
    /// A fee entry whose amount is not an exact amount of the currency.
    FeeAmountUnreadable = "fee_amount_unreadable" => Danger,
    /// `amountSummary` disagrees with the decoded effects.
    AmountSummaryMismatch = "amount_summary_mismatch" => Danger,
    /// A metadata label (`network`, `paymentCurrencyId`, `sourceAmount`, `eoaApproval`)
    /// disagrees with the transactions or the agreement.
    LabelMismatch = "label_mismatch" => Danger,
    /// A batch contract's on-chain fee (at most the stated figure).
    BatchFee = "batch_fee" => Caution,
    /// A batch contract may charge an on-chain fee whose rate the expectation does not state.
    BatchFeeRateUnknown = "batch_fee_rate_unknown" => Danger,
    /// A batch call whose `feeAddress` is the zero address: the batch contract transfers its
    /// batch fee there unconditionally, which burns it (tokens that allow it, the native
    /// currency) or makes the whole call fail (tokens that refuse it).
    BatchFeeAddressZero = "batch_fee_address_zero" => Danger,
    /// A token of the payment may behave in a way that changes what the payment moves (a fee
    /// on transfer): no fact of the crate proves the behaviour absent for that token
    /// ([`crate::currency::TokenFacts`]), so the worst case is said. `details.behaviour` names
    /// it, `details.asset` the token.
    TokenBehaviour = "token_behaviour" => Caution,
    /// An approval of a token this payment does not spend.
    ApprovalToken = "approval_token" => Danger,
    /// An approval to a spender that pulls nothing in this payment.
    ApprovalSpender = "approval_spender" => Danger,
    /// An approval of 0 for the zero address: it does nothing, and a token that refuses an
    /// approval of the zero address (OpenZeppelin's, USDC) makes it fail.
    ApprovalZeroAddress = "approval_zero_address" => Caution,
    /// An unlimited approval.
    ApprovalUnlimited = "approval_unlimited" => Caution,
    /// An approval above what the payment pulls, for a spender that pulls only on its
    /// caller's call (the payment contracts) or the payer's own smart account: the remainder
    /// stays approved to it.
    ApprovalRemainder = "approval_remainder" => Caution,
    /// An approval above what the payment pulls, for an upgradeable contract (the LI.FI
    /// diamond): an allowance left to it can be taken later.
    ApprovalAboveNeed = "approval_above_need" => Danger,
    /// An approval below what the payment pulls (the payment would fail).
    ApprovalBelowNeed = "approval_below_need" => Caution,
    /// A smart-account EOA transaction that is not an approval.
    EoaApprovalNotApprove = "eoa_approval_not_approve" => Danger,
    /// A smart-account EOA approval to someone other than the agreed smart account.
    EoaApprovalSpender = "eoa_approval_spender" => Danger,
    /// A smart-account EOA approval of a token the payment does not spend.
    EoaApprovalToken = "eoa_approval_token" => Danger,
    /// A `transferFrom` the smart account makes that is not the funding step of the agreed
    /// flow: from the agreed payer to the agreed smart account, in the token the account then
    /// spends, at most what it spends.
    SmartAccountFunding = "smart_account_funding" => Danger,
    /// The smart account pays from its own balance, beyond what the funding step moves into
    /// it: the payment relies on tokens already there.
    SmartAccountOwnBalance = "smart_account_own_balance" => Caution,
    /// The multicall is on another network than agreed.
    NetworkMismatch = "network_mismatch" => Danger,
    /// The multicall's chain id is not the agreed network's.
    ChainIdMismatch = "chain_id_mismatch" => Danger,
    /// A multicall child disagrees with the agreed payment.
    ChildMismatch = "child_mismatch" => Danger,
    /// A cross-chain route or bridge call that the expectation does not agree to.
    CrossChainNotAgreed = "cross_chain_not_agreed" => Danger,
    /// The response needs the payer's address to be verified (a cross-chain refund address, a
    /// smart account's funding step) and the expectation does not give it (`payer`).
    PayerMissing = "payer_missing" => Danger,
    /// The route's stated source network is not the agreed one.
    SourceNetworkMismatch = "source_network_mismatch" => Danger,
    /// A bridge entry point that is not allowed (another bridge, a packed Across call).
    BridgeNotAllowed = "bridge_not_allowed" => Danger,
    /// Bridge calldata that does not decode strictly.
    BridgeCallInvalid = "bridge_call_invalid" => Danger,
    /// The bridge sends another token than the agreed source currency.
    BridgeToken = "bridge_token" => Danger,
    /// The bridge delivers to another chain than the agreed network.
    BridgeDestination = "bridge_destination" => Danger,
    /// The bridge's receiver on the destination chain is not LI.FI's ReceiverAcrossV4.
    BridgeReceiver = "bridge_receiver" => Danger,
    /// The bridge refunds to someone other than the payer.
    BridgeRefundAddress = "bridge_refund_address" => Danger,
    /// The bridge delivers another token than the payment's.
    BridgeOutputToken = "bridge_output_token" => Danger,
    /// The bridge delivers less than its destination calls pull.
    BridgeOutputAmount = "bridge_output_amount" => Danger,
    /// The bridge has no destination call, or its message does not decode.
    BridgeMessage = "bridge_message" => Danger,
    /// A destination call to another contract than the destination chain's ERC20FeeProxy.
    DestinationCallTarget = "destination_call_target" => Danger,
    /// A destination call that is not the child's `destinationCall`, or not a payment.
    DestinationCallMismatch = "destination_call_mismatch" => Danger,
    /// The destination message's receiver (who gets everything if the call fails) is not the
    /// payee.
    DestinationReceiver = "destination_receiver" => Danger,
    /// Source-side swaps whose DEX calldata stays opaque.
    SourceSwaps = "source_swaps" => Caution,
    /// More than `maxSourceAmount` leaves the wallet on the source chain.
    SourceAmountAboveMax = "source_amount_above_max" => Danger,
    /// The Tron transaction about to be signed cannot be read as one: its signed bytes are
    /// not the strict encoding of a `Transaction.raw` (an undeclared field, trailing bytes), a
    /// contract's parameter is not the strict encoding of its message, or `raw_data` is not
    /// a transaction's JSON.
    TronTransactionUnreadable = "tron_transaction_unreadable" => Danger,
    /// A Tron transaction was given but the payment is not signed on Tron.
    TronNetwork = "tron_network" => Danger,
    /// `raw_data` (what the person is shown) does not encode to `raw_data_hex` (what is
    /// signed).
    TronRawDataMismatch = "tron_raw_data_mismatch" => Danger,
    /// `txID` is not SHA-256 of `raw_data_hex`.
    TronTxIdMismatch = "tron_tx_id_mismatch" => Danger,
    /// Not exactly one contract in the transaction.
    TronContractCount = "tron_contract_count" => Danger,
    /// A contract that is not a `TriggerSmartContract` (a `TransferContract` sends TRX).
    TronContractType = "tron_contract_type" => Danger,
    /// The contract called and its calldata are not those of any transaction of the verified
    /// pay response.
    TronCallNotInResponse = "tron_call_not_in_response" => Danger,
    /// TRX (`call_value`) or a TRC-10 token (`call_token_value`) sent with the call.
    TronCallValue = "tron_call_value" => Danger,
    /// The transaction's owner (the signer) is not the agreed payer, or no Tron payer was
    /// agreed.
    TronOwner = "tron_owner" => Danger,
    /// `fee_limit` above the agreed `maxTronFeeLimit`.
    TronFeeLimitAboveMax = "tron_fee_limit_above_max" => Danger,
    /// A signature that does not recover to the owner.
    TronSignature = "tron_signature" => Danger,
}

/// A string that is not a finding code.
///
/// ```
/// use securepay_core::verify::FindingCode;
///
/// let error = "payment_lost".parse::<FindingCode>().unwrap_err();
/// assert_eq!(error.to_string(), "unknown finding code \"payment_lost\"");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown finding code {0:?}")]
pub struct UnknownFindingCode(pub String);

impl fmt::Display for FindingCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<str> for FindingCode {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for FindingCode {
    /// A code equals its snake_case string: `finding.code == "payment_amount"`.
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl From<&Problem> for FindingCode {
    /// The code of a structural problem: one per problem, no fallback.
    fn from(problem: &Problem) -> FindingCode {
        match problem {
            Problem::IndexOutOfRange { .. } => FindingCode::StructureIndexOutOfRange,
            Problem::OverlappingIndices { .. } => FindingCode::StructureOverlappingIndices,
            Problem::FeeLegCount { .. } => FindingCode::StructureFeeLegCount,
            Problem::FeeLegOrder => FindingCode::StructureFeeLegOrder,
            Problem::FeeEntryNetwork { .. } => FindingCode::StructureFeeEntryNetwork,
            Problem::FeeEntryChainId { .. } => FindingCode::StructureFeeEntryChainId,
            Problem::ChildCount { .. } => FindingCode::StructureChildCount,
            Problem::ChildPosition { .. } => FindingCode::StructureChildPosition,
            Problem::ParallelArray { .. } => FindingCode::StructureParallelArray,
            Problem::DestinationCallOnSameChain { .. } => {
                FindingCode::StructureDestinationCallOnSameChain
            }
            Problem::MissingDestinationCall { .. } => FindingCode::StructureMissingDestinationCall,
            Problem::DestinationCallsMirror { .. } => FindingCode::StructureDestinationCallsMirror,
            Problem::ChainIdNetwork { .. } => FindingCode::StructureChainIdNetwork,
            Problem::MissingExecutableLegCount => FindingCode::StructureMissingExecutableLegCount,
            Problem::AmountSummary { .. } => FindingCode::StructureAmountSummary,
            Problem::NoPaymentTransaction => FindingCode::StructureNoPaymentTransaction,
        }
    }
}

impl From<&DecodeError> for FindingCode {
    /// The code of a calldata that does not decode: one per error, no fallback.
    fn from(error: &DecodeError) -> FindingCode {
        match error {
            DecodeError::Network(_)
            | DecodeError::UnknownTarget { .. }
            | DecodeError::AmbiguousTarget(_) => FindingCode::UnknownTarget,
            DecodeError::UnknownSelector(_) => FindingCode::UnknownSelector,
            DecodeError::SelectorNotOnTarget { .. } => FindingCode::SelectorNotOnTarget,
            DecodeError::NoCalldata { .. } => FindingCode::PlainTransfer,
            DecodeError::ValueOnNonPayable { .. } => FindingCode::ValueOnNonPayable,
            DecodeError::ValueBelowFee { .. } => FindingCode::ValueMismatch,
            DecodeError::TooShort(_)
            | DecodeError::Truncated(_)
            | DecodeError::TrailingBytes { .. }
            | DecodeError::DirtyValue(_)
            | DecodeError::NonCanonical(_)
            | DecodeError::ArrayLengthMismatch(_)
            | DecodeError::InvalidPaymentNetworkId(_) => FindingCode::NonCanonicalCalldata,
            DecodeError::Bridge(LifiDecodeError::NotAllowed { .. })
            | DecodeError::Bridge(LifiDecodeError::UnknownSelector(_)) => {
                FindingCode::BridgeNotAllowed
            }
            DecodeError::Bridge(_) => FindingCode::BridgeCallInvalid,
        }
    }
}

/// A list (or single-transaction field) of a pay response, by its JSON key.
///
/// ```
/// use securepay_core::verify::ResponseList;
///
/// assert_eq!(ResponseList::Erc20ApprovalTransactions.key(), "ERC20ApprovalTransactions");
/// assert_eq!(serde_json::to_string(&ResponseList::FeeBundleFees)?, r#""feeBundle.fees""#);
/// assert!(ResponseList::Transactions == "transactions");
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[non_exhaustive]
pub enum ResponseList {
    /// `transactions`.
    #[serde(rename = "transactions")]
    Transactions,
    /// `eoaApprovalTransactions`.
    #[serde(rename = "eoaApprovalTransactions")]
    EoaApprovalTransactions,
    /// `ERC20ApprovalTransactions`.
    #[serde(rename = "ERC20ApprovalTransactions")]
    Erc20ApprovalTransactions,
    /// `batchPaymentTransaction`.
    #[serde(rename = "batchPaymentTransaction")]
    BatchPaymentTransaction,
    /// `ERC20BatchPaymentTransaction`.
    #[serde(rename = "ERC20BatchPaymentTransaction")]
    Erc20BatchPaymentTransaction,
    /// `ETHBatchPaymentTransaction`.
    #[serde(rename = "ETHBatchPaymentTransaction")]
    EthBatchPaymentTransaction,
    /// `children`.
    #[serde(rename = "children")]
    Children,
    /// `destinationCalls`.
    #[serde(rename = "destinationCalls")]
    DestinationCalls,
    /// `feeBundle.fees`.
    #[serde(rename = "feeBundle.fees")]
    FeeBundleFees,
}

impl ResponseList {
    /// The JSON key.
    pub const fn key(self) -> &'static str {
        match self {
            ResponseList::Transactions => "transactions",
            ResponseList::EoaApprovalTransactions => "eoaApprovalTransactions",
            ResponseList::Erc20ApprovalTransactions => "ERC20ApprovalTransactions",
            ResponseList::BatchPaymentTransaction => "batchPaymentTransaction",
            ResponseList::Erc20BatchPaymentTransaction => "ERC20BatchPaymentTransaction",
            ResponseList::EthBatchPaymentTransaction => "ETHBatchPaymentTransaction",
            ResponseList::Children => "children",
            ResponseList::DestinationCalls => "destinationCalls",
            ResponseList::FeeBundleFees => "feeBundle.fees",
        }
    }
}

impl fmt::Display for ResponseList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl PartialEq<&str> for ResponseList {
    /// A list equals its JSON key.
    fn eq(&self, other: &&str) -> bool {
        self.key() == *other
    }
}

/// Where a finding is: a transaction list of the response and the index in it.
///
/// ```
/// use securepay_core::verify::{Location, ResponseList};
///
/// assert_eq!(Location { list: ResponseList::Transactions, index: Some(1) }.to_string(), "transactions[1]");
/// assert_eq!(Location { list: ResponseList::BatchPaymentTransaction, index: None }.to_string(), "batchPaymentTransaction");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Location {
    /// The list.
    pub list: ResponseList,
    /// The index in that list (none for single transactions).
    pub index: Option<usize>,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.index {
            Some(index) => write!(f, "{}[{index}]", self.list),
            None => self.list.fmt(f),
        }
    }
}

/// The structured data of a finding: enough to render it in any language without its English
/// `message`, which is itself rendered from the code and these details. Every field is optional;
/// which ones a code fills is stable.
///
/// ```
/// use securepay_core::verify::{verify, Expectation, FindingCode};
/// # let response = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
/// // The response pays 827.50 USDC (826.25 after a 1.25 payee-side fee); no payee fee agreed.
/// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50"}]}"#)?;
/// let verdict = verify(&response, &agreed);
/// let finding = verdict.findings.iter().find(|f| f.code == FindingCode::PaymentAmount).expect("a finding");
/// let (expected, actual) = (finding.details.expected.as_ref().unwrap(), finding.details.actual.as_ref().unwrap());
/// assert_eq!((expected.units.to::<u64>(), actual.units.to::<u64>()), (827_500_000, 826_250_000));
/// assert_eq!(actual.to_string(), "826.25 USDC");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Details {
    /// The chain concerned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub network: Option<Network>,
    /// What was agreed (or the cap).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<Quantity>,
    /// What the transactions do.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actual: Option<Quantity>,
    /// The party concerned: recipient, spender, target.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub party: Option<Party>,
    /// The party that was agreed, when another one is found.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_party: Option<Party>,
    /// The token or native currency concerned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asset: Option<AssetRef>,
    /// The payment reference found (`0x` + 16 hex digits, or other bytes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// The payment reference agreed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_reference: Option<String>,
    /// The response field or function concerned.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// The technical reason (a decoding error), in English.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The structural problem, for `structure_*` codes (its fields say where).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<Problem>,
    /// The token behaviour concerned, for `token_behaviour`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub behaviour: Option<TokenBehaviour>,
    /// What the response states, as it states it, where it disagrees: the `metadata.network`,
    /// `metadata.paymentCurrencyId` or `metadata.sourceAmount` of a `label_mismatch`, the index
    /// a mirror list's field points to (`mirror_mismatch`), the request a fee entry names
    /// (`fee_bearer_mismatch`), the number of children (`child_mismatch`), the destination
    /// chain id (`bridge_destination`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stated: Option<String>,
    /// The party whose tokens a `transferFrom` moves, when that is said (a smart account's
    /// funding step: `smart_account_funding`, `payer_missing`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Party>,
    /// Which situation of its code the finding is, where one code covers several (see
    /// [`Case`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub case: Option<Case>,
    /// For the last finding of a code whose findings were too many to list (see
    /// [`MAX_FINDINGS_PER_CODE`](super::MAX_FINDINGS_PER_CODE)): how many more there are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unlisted: Option<usize>,
}

/// Which situation of its code a finding is, where one code covers several: a wallet that
/// renders findings in its own language says each its own way. Serialized in snake_case.
///
/// ```
/// use securepay_core::verify::Case;
///
/// assert_eq!(serde_json::to_string(&Case::WalletApproval)?, r#""wallet_approval""#);
/// assert_eq!(serde_json::from_str::<Case>(r#""no_approval""#)?, Case::NoApproval);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Case {
    /// `not_an_approval`: a LI.FI bridge call among the approvals.
    BridgeAmongApprovals,
    /// `not_an_approval`: a transfer of value among the approvals.
    TransferAmongApprovals,
    /// `not_an_approval`: an approval where the metadata declares a payment or a fee leg.
    ApprovalAmongPayments,
    /// `cross_chain_not_agreed`: the response is a cross-chain route (`metadata.routeType`).
    CrossChainRoute,
    /// `cross_chain_not_agreed`: the response is a cross-chain multicall
    /// (`executionKind` `evm_cross_chain`).
    CrossChainMulticall,
    /// `approval_below_need`: no approval of the spender at all; the payment relies on an
    /// allowance given earlier.
    NoApproval,
    /// `approval_below_need`: the spender pulls before any approval of it; the payment relies
    /// on an allowance given earlier.
    PullBeforeApproval,
    /// `approval_unlimited`, `approval_remainder`, `approval_below_need`, `token_behaviour`: an
    /// approval the smart-account flow's wallet signs (`eoaApprovalTransactions`) for the
    /// smart account's funding step.
    WalletApproval,
    /// `approval_below_need`: the smart-account flow's wallet does not approve the smart
    /// account its funding step pulls with.
    WalletNoApproval,
    /// `token_behaviour`: a batch contract pulls a batch fee of 0.
    ZeroBatchFee,
    /// `undeclared_outflow`: value sent to the zero address.
    Burned,
    /// `undeclared_outflow`: value sent to a contract that keeps it.
    KeptByContract,
    /// `destination_call_target`: the destination message approves another address than the
    /// ERC20FeeProxy it calls.
    DestinationApproval,
    /// `destination_call_mismatch`: a child's `destinationCall` is not a call of the
    /// ERC20FeeProxy on the destination chain.
    NotOnFeeProxy,
    /// `destination_call_mismatch`: a child's `destinationCall` is not a call any bridge
    /// message makes.
    NotInBridgeMessage,
    /// `destination_call_mismatch`: a bridge message makes a destination call no child
    /// declares.
    UndeclaredByChild,
    /// `destination_call_mismatch`: the destination call spends another token than the
    /// payment's.
    OtherToken,
    /// `bridge_output_amount`: the destination calls pull more than the bridge delivers.
    DestinationCallsPull,
    /// `bridge_output_amount`: a destination call's `fromAmount` makes LI.FI's Executor revert
    /// (so the receiver sends the bridged tokens to the message's receiver, without the
    /// payment): 0 on every chain, or above what the Executor holds at that step on a chain
    /// whose Executor checks it ([`crate::calldata::lifi::ExecutorVersion::V2_0_0`]).
    /// `expected` is what it holds, `actual` the `fromAmount`. A `fromAmount` below what the
    /// call pulls is not one: it is an approval threshold, not a cap.
    FromAmount,
    /// `undeclared_outflow`: value sent to LI.FI's receiver, Executor or ERC20Proxy of the
    /// route's chain (the receiver and the proxy keep it; the Executor passes what it gains on
    /// to the message's receiver): not to the party it is declared for.
    LifiContract,
    /// `destination_call_mismatch`: a destination step's `receivingAssetId` is neither the
    /// payment's token nor the native currency: LI.FI's Executor reads its balance with all its
    /// gas, and an address that cannot answer (no code or no `balanceOf`, for Executor 2.0.0)
    /// or burns that gas (every version) makes it revert (the receiver's fallback).
    ReceivingAsset,
}

impl Case {
    /// Every case, in declaration order.
    pub const ALL: &'static [Case] = &[
        Case::BridgeAmongApprovals,
        Case::TransferAmongApprovals,
        Case::ApprovalAmongPayments,
        Case::CrossChainRoute,
        Case::CrossChainMulticall,
        Case::NoApproval,
        Case::PullBeforeApproval,
        Case::WalletApproval,
        Case::WalletNoApproval,
        Case::ZeroBatchFee,
        Case::Burned,
        Case::KeptByContract,
        Case::DestinationApproval,
        Case::NotOnFeeProxy,
        Case::NotInBridgeMessage,
        Case::UndeclaredByChild,
        Case::OtherToken,
        Case::DestinationCallsPull,
        Case::FromAmount,
        Case::LifiContract,
        Case::ReceivingAsset,
    ];
}

impl Details {
    /// Details about something on `network`.
    pub(super) fn on(network: Network) -> Details {
        Details {
            network: Some(network),
            ..Details::default()
        }
    }
}

/// One finding of a verification.
///
/// `code` and `details` are for programs and for rendering in any language;
/// [`message`](Finding::message) renders them in English when it is asked (it never shows a
/// masked payee). `Display` writes the severity, the code, the location and that message; the
/// JSON of a finding carries the message as its `message`, after `details`.
///
/// ```
/// use securepay_core::verify::{verify, Expectation, FindingCode, Severity};
/// # let response = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
///
/// // The payee receives 826.25 of the 827.50 agreed (a 1.25 fee is deducted), but the payer
/// // agreed to no payee-side fee (no maxPayeeFees: zero). The payee is hidden.
/// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","hidePayeeAddress":true,
///   "maxPayerFees":"0.30",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50"}]}"#)?;
/// let finding = &verify(&response, &agreed).findings[0];
/// assert_eq!((finding.severity, finding.code), (Severity::Danger, FindingCode::PaymentAmount));
/// assert_eq!(finding.to_string(), "DANGER [payment_amount] transactions[1]: pays 826.25 USDC to hidden instead of the agreed 827.5");
/// assert_eq!(finding.message(), "pays 826.25 USDC to hidden instead of the agreed 827.5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Finding {
    /// How serious it is.
    pub severity: Severity,
    /// What it is about.
    pub code: FindingCode,
    /// The transaction concerned, if one is.
    pub transaction: Option<Location>,
    /// The data of the finding.
    pub details: Details,
    /// The message as `hidePayeeAddress` masked its text, where the masked details would render
    /// another one (a text of the details the masking does not reach; none is known): `None`
    /// for every other finding, whose message is rendered from its code and details.
    pub(super) masked: Option<Box<str>>,
}

impl Finding {
    /// The message, as a value that writes it (for `Debug` and serialization).
    fn text(&self) -> super::render::Text<impl Fn(&mut fmt::Formatter<'_>) -> fmt::Result + '_> {
        super::render::Text(|f: &mut fmt::Formatter<'_>| self.write_message(f))
    }
}

impl fmt::Display for Finding {
    /// `DANGER [code] location: message`, the message written straight into the formatter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.severity {
            Severity::Caution => "CAUTION",
            Severity::Danger => "DANGER",
        })?;
        write!(f, " [{}] ", self.code)?;
        if let Some(location) = self.transaction {
            write!(f, "{location}: ")?;
        }
        self.write_message(f)
    }
}

impl fmt::Debug for Finding {
    /// The fields, and the message as a `String` field would show it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Finding")
            .field("severity", &self.severity)
            .field("code", &self.code)
            .field("transaction", &self.transaction)
            .field("details", &self.details)
            .field("message", &self.text())
            .finish()
    }
}

impl Serialize for Finding {
    /// `severity`, `code`, `transaction`, `details`, then `message`, written from the data.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let mut out = serializer.serialize_struct("Finding", 5)?;
        out.serialize_field("severity", &self.severity)?;
        out.serialize_field("code", &self.code)?;
        out.serialize_field("transaction", &self.transaction)?;
        out.serialize_field("details", &self.details)?;
        out.serialize_field("message", &self.text())?;
        out.end()
    }
}

#[cfg(test)]
mod tests {
    use super::FindingCode;
    use crate::prelude::*;

    /// `ALL` lists every variant: this match has no wildcard, so a new variant that is not in
    /// the table fails to compile here, and the count pins the table's length.
    #[test]
    fn all_lists_every_code_once() {
        let mut seen = alloc::collections::BTreeSet::new();
        for code in FindingCode::ALL {
            assert!(seen.insert(code.as_str()), "{code} twice");
            match code {
                FindingCode::ResponseUnreadable
                | FindingCode::StructureIndexOutOfRange
                | FindingCode::StructureOverlappingIndices
                | FindingCode::StructureFeeLegCount
                | FindingCode::StructureFeeLegOrder
                | FindingCode::StructureFeeEntryNetwork
                | FindingCode::StructureFeeEntryChainId
                | FindingCode::StructureChildCount
                | FindingCode::StructureChildPosition
                | FindingCode::StructureParallelArray
                | FindingCode::StructureDestinationCallOnSameChain
                | FindingCode::StructureMissingDestinationCall
                | FindingCode::StructureDestinationCallsMirror
                | FindingCode::StructureChainIdNetwork
                | FindingCode::StructureMissingExecutableLegCount
                | FindingCode::StructureAmountSummary
                | FindingCode::StructureNoPaymentTransaction
                | FindingCode::AddressFamily
                | FindingCode::UnknownTarget
                | FindingCode::UnknownSelector
                | FindingCode::SelectorNotOnTarget
                | FindingCode::NonCanonicalCalldata
                | FindingCode::PlainTransfer
                | FindingCode::ValueOnNonPayable
                | FindingCode::ValueMismatch
                | FindingCode::ValueStranded
                | FindingCode::ValueRefunded
                | FindingCode::ValueAtRisk
                | FindingCode::UnverifiableCall
                | FindingCode::CallReverts
                | FindingCode::MirrorMismatch
                | FindingCode::NotAnApproval
                | FindingCode::PaymentMissing
                | FindingCode::PaymentDuplicated
                | FindingCode::PaymentAmount
                | FindingCode::PaymentPayee
                | FindingCode::PaymentReference
                | FindingCode::PaymentToken
                | FindingCode::UndeclaredOutflow
                | FindingCode::PayerFeesAboveMax
                | FindingCode::PayeeFeesAboveMax
                | FindingCode::FeeNotPaid
                | FindingCode::FeeUndeclared
                | FindingCode::FeeBearerMismatch
                | FindingCode::FeeCurrency
                | FindingCode::FeeNetwork
                | FindingCode::FeeAmountUnreadable
                | FindingCode::AmountSummaryMismatch
                | FindingCode::LabelMismatch
                | FindingCode::BatchFee
                | FindingCode::BatchFeeRateUnknown
                | FindingCode::BatchFeeAddressZero
                | FindingCode::TokenBehaviour
                | FindingCode::SmartAccountFunding
                | FindingCode::SmartAccountOwnBalance
                | FindingCode::PayerMissing
                | FindingCode::ApprovalToken
                | FindingCode::ApprovalSpender
                | FindingCode::ApprovalZeroAddress
                | FindingCode::ApprovalUnlimited
                | FindingCode::ApprovalRemainder
                | FindingCode::ApprovalAboveNeed
                | FindingCode::ApprovalBelowNeed
                | FindingCode::EoaApprovalNotApprove
                | FindingCode::EoaApprovalSpender
                | FindingCode::EoaApprovalToken
                | FindingCode::NetworkMismatch
                | FindingCode::ChainIdMismatch
                | FindingCode::ChildMismatch
                | FindingCode::CrossChainNotAgreed
                | FindingCode::SourceNetworkMismatch
                | FindingCode::BridgeNotAllowed
                | FindingCode::BridgeCallInvalid
                | FindingCode::BridgeToken
                | FindingCode::BridgeDestination
                | FindingCode::BridgeReceiver
                | FindingCode::BridgeRefundAddress
                | FindingCode::BridgeOutputToken
                | FindingCode::BridgeOutputAmount
                | FindingCode::BridgeMessage
                | FindingCode::DestinationCallTarget
                | FindingCode::DestinationCallMismatch
                | FindingCode::DestinationReceiver
                | FindingCode::SourceSwaps
                | FindingCode::SourceAmountAboveMax
                | FindingCode::TronTransactionUnreadable
                | FindingCode::TronNetwork
                | FindingCode::TronRawDataMismatch
                | FindingCode::TronTxIdMismatch
                | FindingCode::TronContractCount
                | FindingCode::TronContractType
                | FindingCode::TronCallNotInResponse
                | FindingCode::TronCallValue
                | FindingCode::TronOwner
                | FindingCode::TronFeeLimitAboveMax
                | FindingCode::TronSignature => {}
            }
        }
        assert_eq!(seen.len(), 96);
        // Eleven codes are cautions, the rest dangers (the table says which).
        let cautions: Vec<&str> = FindingCode::ALL
            .iter()
            .filter(|c| c.severity() == super::Severity::Caution)
            .map(|c| c.as_str())
            .collect();
        assert_eq!(
            cautions,
            [
                "structure_missing_executable_leg_count",
                "value_refunded",
                "value_at_risk",
                "batch_fee",
                "token_behaviour",
                "approval_zero_address",
                "approval_unlimited",
                "approval_remainder",
                "approval_below_need",
                "smart_account_own_balance",
                "source_swaps",
            ]
        );
    }
}
