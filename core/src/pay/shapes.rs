//! The three shapes of `GET /v2/secure-payments/{token}/pay`.

use crate::prelude::*;

use alloy_primitives::Bytes;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::fee::FeeBundle;
use super::metadata::{LegacyBatchMetadata, MetadataWire, PayMetadata};
use super::read::{MAX_RESPONSE_BYTES, PayResponseError, children_list};
use super::token::SecurePaymentToken;
use crate::address::ChainAddress;
use crate::amount::HumanAmount;
use crate::calldata::PaymentReference;
use crate::currency::CurrencyId;
use crate::network::Network;
use crate::transaction::Transaction;

/// How a multicall settles. A closed enum: an unknown value is an error.
///
/// ```
/// use securepay_core::pay::ExecutionKind;
///
/// assert_eq!(serde_json::from_str::<ExecutionKind>(r#""evm_cross_chain""#)?, ExecutionKind::EvmCrossChain);
/// assert!(serde_json::from_str::<ExecutionKind>(r#""tron_batch""#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ExecutionKind {
    /// `evm_same_chain`: one bundle on the payment's chain.
    EvmSameChain,
    /// `evm_cross_chain`: a LI.FI route per child, each ending in a call of the destination
    /// chain's ERC20FeeProxy.
    EvmCrossChain,
}

/// Shape A: `paymentType: "single"`.
///
/// ```
/// use securepay_core::pay::PayResponse;
///
/// let body = br#"{"paymentType": "single", "feeBundle": null,
///     "transactions": [{"to": "0xd9C3889eB8DA6ce449bfFE3cd194d08A436e96f2", "data": "0x", "value": "200000000000000000"}],
///     "metadata": {"stepsRequired": 1, "needsApproval": false, "paymentTransactionIndex": 0}}"#;
/// let PayResponse::Single(single) = PayResponse::from_slice(body)? else { unreachable!() };
/// assert_eq!(single.transactions[single.metadata.payment_transaction_index].value.to_string(), "200000000000000000");
/// assert!(single.fee_bundle.is_none() && single.eoa_approval_transactions.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SinglePayment {
    /// The calls, in order: approvals, the main payment, then one fee leg per fee entry.
    pub transactions: Vec<Transaction>,
    /// Approvals the funding EOA signs in the smart-account flow.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eoa_approval_transactions: Option<Vec<Transaction>>,
    /// The fee bundle; `null` when no fee plan applies.
    pub fee_bundle: Option<FeeBundle>,
    /// The metadata.
    pub metadata: Box<PayMetadata>,
}

/// Shape B: the legacy batch (no `paymentType`). The batch call may come under
/// `batchPaymentTransaction` or, as the schema names them, `ERC20BatchPaymentTransaction` /
/// `ETHBatchPaymentTransaction` (both when a batch mixes ERC-20 and native payments).
///
/// ```
/// use securepay_core::pay::PayResponse;
///
/// let body = br#"{"ERC20ApprovalTransactions": [], "metadata": {"hasEnoughBalance": true},
///     "ETHBatchPaymentTransaction": {"to": "0x0DD57FFe83a53bCbd657e234B16A3e74fEDb8fBA", "data": "0x73535e55", "value": {"type": "BigNumber", "hex": "0x07d4"}}}"#;
/// let PayResponse::LegacyBatch(batch) = PayResponse::from_slice(body)? else { unreachable!() };
/// assert!(batch.batch_payment_transaction.is_none()); // the schema's key, not the docs' one
/// assert_eq!(batch.eth_batch_payment_transaction.map(|tx| tx.value.to::<u64>()), Some(2004));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LegacyBatchPayment {
    /// Approvals to sign first.
    #[serde(rename = "ERC20ApprovalTransactions")]
    pub erc20_approval_transactions: Vec<Transaction>,
    /// The batch call, under the name the docs use.
    #[serde(
        rename = "batchPaymentTransaction",
        skip_serializing_if = "Option::is_none"
    )]
    pub batch_payment_transaction: Option<Transaction>,
    /// The ERC-20 batch call, under the schema's name.
    #[serde(
        rename = "ERC20BatchPaymentTransaction",
        skip_serializing_if = "Option::is_none"
    )]
    pub erc20_batch_payment_transaction: Option<Transaction>,
    /// The native batch call, under the schema's name.
    #[serde(
        rename = "ETHBatchPaymentTransaction",
        skip_serializing_if = "Option::is_none"
    )]
    pub eth_batch_payment_transaction: Option<Transaction>,
    /// The metadata, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metadata: Option<LegacyBatchMetadata>,
}

impl LegacyBatchPayment {
    /// Every batch call present, whatever its key.
    ///
    /// ```
    /// use securepay_core::pay::PayResponse;
    ///
    /// let body = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/legacy_batch_schema_names.json"));
    /// let PayResponse::LegacyBatch(batch) = PayResponse::from_slice(body)? else { unreachable!() };
    /// // ERC20BatchPaymentTransaction and ETHBatchPaymentTransaction, in that order
    /// let values: Vec<u64> = batch.batch_transactions().map(|tx| tx.value.to::<u64>()).collect();
    /// assert_eq!(values, [0, 2004]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn batch_transactions(&self) -> impl Iterator<Item = &Transaction> {
        [
            &self.batch_payment_transaction,
            &self.erc20_batch_payment_transaction,
            &self.eth_batch_payment_transaction,
        ]
        .into_iter()
        .flatten()
    }
}

/// The call a cross-chain route makes on the destination chain (`destinationCall`).
///
/// ```
/// use securepay_core::network::Network;
/// use securepay_core::pay::DestinationCall;
///
/// let call: DestinationCall = serde_json::from_str(r#"{"network": "base", "chain": "bas", "chainId": 8453,
///     "target": "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814",
///     "contractAddress": "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814", "calldata": "0xc219a14d"}"#)?;
/// assert_eq!((call.network, call.chain_id), (Network::Base, Some(8453)));
/// assert_eq!(call.calldata.as_ref(), [0xc2, 0x19, 0xa1, 0x4d]); // transferFromWithReferenceAndFee
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct DestinationCall {
    /// The destination network.
    pub network: Network,
    /// The LI.FI chain identifier.
    pub chain: String,
    /// The destination chain id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain_id: Option<u64>,
    /// The contract called (an alias of `contractAddress`).
    pub target: ChainAddress,
    /// The ERC20FeeProxy of the destination chain.
    pub contract_address: ChainAddress,
    /// The proxy calldata.
    #[serde(with = "hex_bytes")]
    pub calldata: Bytes,
}

/// One child of a multicall.
///
/// ```
/// use securepay_core::pay::Child;
///
/// let child: Child = serde_json::from_str(r#"{"position": 1, "securePaymentToken": "01JD3E6JD46KY4KKV7X9V0MZ8B",
///     "requestId": "01cc01", "payee": "0x742d35Cc6634C0532925a3b844Bc454e4438f44e", "amount": "15.5",
///     "paymentCurrency": "USDC-base", "paymentReference": "0x2222222222222222",
///     "paymentCurrencyAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "sourceTokenAddress": null,
///     "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "network": "base"}"#)?;
/// assert_eq!((child.position, child.amount.as_str()), (1, "15.5"));
/// assert_eq!(child.payment_reference.map(|r| r.bytes()), Some([0x22; 8]));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Child {
    /// The child's position, 0 to n-1 in order.
    pub position: usize,
    /// The child's own secure-payment token.
    pub secure_payment_token: SecurePaymentToken,
    /// The child's request.
    pub request_id: String,
    /// The payee.
    pub payee: ChainAddress,
    /// The amount, in human units of the payment currency.
    pub amount: HumanAmount,
    /// The payment currency.
    pub payment_currency: CurrencyId,
    /// The payment reference.
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub payment_reference: Option<PaymentReference>,
    /// The payment currency's token.
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub payment_currency_address: Option<ChainAddress>,
    /// Cross-chain: the token paid from the source chain.
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub source_token_address: Option<ChainAddress>,
    /// The token the payee receives.
    #[serde(deserialize_with = "crate::serde_util::nullable")]
    pub token_address: Option<ChainAddress>,
    /// The child's network.
    pub network: Network,
    /// Cross-chain only: the destination-chain call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destination_call: Option<DestinationCall>,
}

/// Shape C: `paymentType: "multicall"`.
///
/// ```
/// use securepay_core::pay::{ExecutionKind, PayResponse};
///
/// let body = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/multicall_cross_chain.json"));
/// let PayResponse::Multicall(multicall) = PayResponse::from_slice(body)? else { unreachable!() };
/// assert_eq!(multicall.execution_kind, ExecutionKind::EvmCrossChain);
/// assert_eq!(multicall.token.to_string(), "01JD3E6JD46KY4KKV7X9V0MZ80");
/// assert_eq!(multicall.children.len(), 2);
/// assert_eq!(multicall.metadata.bridge_tx_indices, Some(vec![1, 2]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MulticallPayment {
    /// The calls, in order: approvals, payments (or bridge calls), then fee legs.
    pub transactions: Vec<Transaction>,
    /// Approvals the funding EOA signs in the smart-account flow.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eoa_approval_transactions: Option<Vec<Transaction>>,
    /// The fee bundle; `null` when no fee plan applies.
    pub fee_bundle: Option<FeeBundle>,
    /// Same-chain or cross-chain.
    pub execution_kind: ExecutionKind,
    /// The parent secure-payment token.
    pub token: SecurePaymentToken,
    /// The (destination) network.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub network: Option<Network>,
    /// Its chain id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chain_id: Option<u64>,
    /// The children's tokens, in order.
    pub child_tokens: Vec<SecurePaymentToken>,
    /// The children's requests, in order.
    pub request_ids: Vec<String>,
    /// The children.
    pub children: Vec<Child>,
    /// The children's payees, in order.
    pub payees: Vec<ChainAddress>,
    /// The children's amounts, in order.
    pub amounts: Vec<HumanAmount>,
    /// The children's references, in order.
    pub references: Vec<Option<PaymentReference>>,
    /// Approvals under the legacy key, if present.
    #[serde(
        rename = "ERC20ApprovalTransactions",
        skip_serializing_if = "Option::is_none"
    )]
    pub erc20_approval_transactions: Option<Vec<Transaction>>,
    /// The batch call under the legacy key, if present.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub batch_payment_transaction: Option<Transaction>,
    /// Cross-chain only: a mirror of the children's destination calls.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destination_calls: Option<Vec<DestinationCall>>,
    /// The metadata.
    pub metadata: Box<PayMetadata>,
}

/// A pay response, in one of its three shapes.
///
/// ```
/// use securepay_core::pay::PayResponse;
///
/// let json = r#"{"paymentType":"single","transactions":[{"to":"0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814","data":"0x","value":{"type":"BigNumber","hex":"0x00"}}],"feeBundle":null,"metadata":{"stepsRequired":1,"needsApproval":false,"paymentTransactionIndex":0}}"#;
/// let response: PayResponse = serde_json::from_str(json)?;
/// let PayResponse::Single(single) = &response else { unreachable!() };
/// assert_eq!(single.transactions.len(), 1);
/// assert!(serde_json::to_string(&response)?.contains(r#""value":"0""#)); // written back as a decimal string
/// assert!(serde_json::from_str::<PayResponse>(r#"{"paymentType":"triple"}"#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[allow(clippy::large_enum_variant)] // 576 against 320 bytes, metadata already boxed: not worth an allocation
#[non_exhaustive]
pub enum PayResponse {
    /// Shape A.
    Single(SinglePayment),
    /// Shape B.
    LegacyBatch(LegacyBatchPayment),
    /// Shape C.
    Multicall(MulticallPayment),
}

impl PayResponse {
    /// Reads a pay response from the bytes of a JSON body (at most [`MAX_RESPONSE_BYTES`]).
    ///
    /// ```
    /// use securepay_core::pay::PayResponse;
    ///
    /// let response = PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_tron.json")))?;
    /// assert!(matches!(response, PayResponse::Single(_)));
    /// let error = PayResponse::from_slice(br#"{"paymentType": "single"}"#).unwrap_err();
    /// assert!(error.to_string().contains("missing field `transactions`"));
    /// // Text that is not UTF-8 is refused with where it stops being UTF-8.
    /// let error = PayResponse::from_slice(b"{\"paymentType\": \"\xff\"}").unwrap_err();
    /// assert!(error.to_string().contains("invalid UTF-8 at byte 17"), "{error}");
    /// // A body is a JSON object: serde's array form of a struct is refused.
    /// assert!(PayResponse::from_slice(b"[]").is_err());
    /// // A transaction list under a key the shape does not define is refused, never ignored.
    /// let foreign = br#"{"paymentType":"single","transactions":[],"feeBundle":null,
    ///   "metadata":{"stepsRequired":1,"needsApproval":false,"paymentTransactionIndex":0},
    ///   "ERC20ApprovalTransactions":[{"to":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913","data":"0x","value":"0"}]}"#;
    /// let error = PayResponse::from_slice(foreign).unwrap_err();
    /// assert!(error.to_string().contains("`ERC20ApprovalTransactions` is not a field of this shape"), "{error}");
    /// # Ok::<(), securepay_core::pay::PayResponseError>(())
    /// ```
    pub fn from_slice(bytes: &[u8]) -> Result<PayResponse, PayResponseError> {
        if bytes.len() > MAX_RESPONSE_BYTES {
            return Err(PayResponseError::TooLarge { size: bytes.len() });
        }
        crate::wire::EmptyInput::check(bytes, "a pay response (a JSON object)")?;
        if !crate::serde_util::opens_object(bytes) {
            return Err(PayResponseError::NotAnObject);
        }
        // UTF-8 checked once for the whole body, not string by string as `from_slice` does
        // (measured 8% of a verification).
        let text = core::str::from_utf8(bytes).map_err(PayResponseError::NotUtf8)?;
        serde_json::from_str(text).map_err(|e| PayResponseError::Json(e.into()))
    }

    /// Reads a pay response from JSON text (at most [`MAX_RESPONSE_BYTES`]).
    ///
    /// ```
    /// use securepay_core::pay::PayResponse;
    ///
    /// let text = r#"{"ERC20ApprovalTransactions": [], "metadata": {"hasEnoughBalance": true}}"#;
    /// assert!(matches!(PayResponse::from_str(text)?, PayResponse::LegacyBatch(_)));
    /// # Ok::<(), securepay_core::pay::PayResponseError>(())
    /// ```
    pub fn from_str(text: &str) -> Result<PayResponse, PayResponseError> {
        PayResponse::from_slice(text.as_bytes())
    }
}

/// Every field of the three shapes, read in one pass; the shape is then chosen by
/// `paymentType`, its required fields checked, and every field it does not define refused: the
/// response is a closed world, so a transaction list under a key the shape does not have (an
/// `ERC20ApprovalTransactions` in a single payment, `eoaApprovalTransactions` in a legacy batch)
/// is an error, never ignored. Duplicate keys are refused by the derive.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct AnyShape {
    /// Absent, `null` (both the legacy batch shape) or the shape's name.
    #[serde(default, deserialize_with = "present")]
    payment_type: Option<Option<crate::text::ShortText>>,
    transactions: Option<Vec<Transaction>>,
    eoa_approval_transactions: Option<Vec<Transaction>>,
    #[serde(default, deserialize_with = "present")]
    fee_bundle: Option<Option<FeeBundle>>,
    /// Written in place into its box as it is read (`MetadataWire`).
    metadata: Option<MetadataWire>,
    execution_kind: Option<ExecutionKind>,
    token: Option<SecurePaymentToken>,
    network: Option<Network>,
    chain_id: Option<u64>,
    #[serde(default, deserialize_with = "child_tokens")]
    child_tokens: Option<Vec<SecurePaymentToken>>,
    #[serde(default, deserialize_with = "request_ids")]
    request_ids: Option<Vec<String>>,
    #[serde(default, deserialize_with = "children")]
    children: Option<Vec<Child>>,
    #[serde(default, deserialize_with = "payees")]
    payees: Option<Vec<ChainAddress>>,
    #[serde(default, deserialize_with = "amounts")]
    amounts: Option<Vec<HumanAmount>>,
    #[serde(default, deserialize_with = "references")]
    references: Option<Vec<Option<PaymentReference>>>,
    #[serde(rename = "ERC20ApprovalTransactions")]
    erc20_approval_transactions: Option<Vec<Transaction>>,
    batch_payment_transaction: Option<Transaction>,
    #[serde(rename = "ERC20BatchPaymentTransaction")]
    erc20_batch_payment_transaction: Option<Transaction>,
    #[serde(rename = "ETHBatchPaymentTransaction")]
    eth_batch_payment_transaction: Option<Transaction>,
    #[serde(default, deserialize_with = "destination_calls")]
    destination_calls: Option<Vec<DestinationCall>>,
}

/// Defines, for each list of a multicall's children or that mirrors them, its reader of at most
/// [`MAX_CHILDREN`](super::MAX_CHILDREN) entries.
macro_rules! children_lists {
    ($($name:ident: $item:ty = $field:literal,)*) => {$(
        fn $name<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Vec<$item>>, D::Error> {
            children_list(deserializer, $field)
        }
    )*};
}

children_lists! {
    child_tokens: SecurePaymentToken = "childTokens",
    request_ids: String = "requestIds",
    children: Child = "children",
    payees: ChainAddress = "payees",
    amounts: HumanAmount = "amounts",
    references: Option<PaymentReference> = "references",
    destination_calls: DestinationCall = "destinationCalls",
}

/// The shapes, for the fields they do not define.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ShapeName {
    Single,
    Multicall,
    LegacyBatch,
}

impl ShapeName {
    fn name(self) -> &'static str {
        match self {
            ShapeName::Single => "single",
            ShapeName::Multicall => "multicall",
            ShapeName::LegacyBatch => "legacy batch",
        }
    }
}

impl AnyShape {
    /// Refuses every field present (not null) that `shape` does not define.
    fn refuse_foreign<E: serde::de::Error>(&self, shape: ShapeName) -> Result<(), E> {
        use ShapeName::{LegacyBatch, Multicall, Single};
        let fields: [(&str, bool, &[ShapeName]); 17] = [
            (
                "transactions",
                self.transactions.is_some(),
                &[Single, Multicall],
            ),
            (
                "eoaApprovalTransactions",
                self.eoa_approval_transactions.is_some(),
                &[Single, Multicall],
            ),
            ("feeBundle", self.fee_bundle.is_some(), &[Single, Multicall]),
            ("executionKind", self.execution_kind.is_some(), &[Multicall]),
            ("token", self.token.is_some(), &[Multicall]),
            ("network", self.network.is_some(), &[Multicall]),
            ("chainId", self.chain_id.is_some(), &[Multicall]),
            ("childTokens", self.child_tokens.is_some(), &[Multicall]),
            ("requestIds", self.request_ids.is_some(), &[Multicall]),
            ("children", self.children.is_some(), &[Multicall]),
            ("payees", self.payees.is_some(), &[Multicall]),
            ("amounts", self.amounts.is_some(), &[Multicall]),
            ("references", self.references.is_some(), &[Multicall]),
            (
                "ERC20ApprovalTransactions",
                self.erc20_approval_transactions.is_some(),
                &[Multicall, LegacyBatch],
            ),
            (
                "batchPaymentTransaction",
                self.batch_payment_transaction.is_some(),
                &[Multicall, LegacyBatch],
            ),
            (
                "ERC20BatchPaymentTransaction",
                self.erc20_batch_payment_transaction.is_some(),
                &[LegacyBatch],
            ),
            (
                "ETHBatchPaymentTransaction",
                self.eth_batch_payment_transaction.is_some(),
                &[LegacyBatch],
            ),
        ];
        let foreign = fields
            .iter()
            .find(|(_, present, shapes)| *present && !shapes.contains(&shape));
        let destination_calls = self.destination_calls.is_some() && !matches!(shape, Multicall);
        match foreign {
            Some((field, _, _)) => Err(E::custom(format!(
                "{} pay response: `{field}` is not a field of this shape",
                shape.name()
            ))),
            None if destination_calls => Err(E::custom(format!(
                "{} pay response: `destinationCalls` is not a field of this shape",
                shape.name()
            ))),
            None => Ok(()),
        }
    }
}

/// A field that is present, possibly `null`.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    deserializer: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(deserializer).map(Some)
}

fn required<T, E: serde::de::Error>(value: Option<T>, shape: &str, field: &str) -> Result<T, E> {
    value.ok_or_else(|| E::custom(format!("{shape} pay response: missing field `{field}`")))
}

impl<'de> Deserialize<'de> for PayResponse {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let any = AnyShape::deserialize(deserializer)?;
        match any.payment_type.as_ref().and_then(Option::as_deref) {
            Some("single") => {
                any.refuse_foreign(ShapeName::Single)?;
                Ok(PayResponse::Single(SinglePayment {
                    transactions: required(any.transactions, "single", "transactions")?,
                    eoa_approval_transactions: any.eoa_approval_transactions,
                    fee_bundle: required(any.fee_bundle, "single", "feeBundle")?,
                    metadata: required(any.metadata, "single", "metadata")?.into_pay("single")?,
                }))
            }
            Some("multicall") => {
                any.refuse_foreign(ShapeName::Multicall)?;
                Ok(PayResponse::Multicall(MulticallPayment {
                    transactions: required(any.transactions, "multicall", "transactions")?,
                    eoa_approval_transactions: any.eoa_approval_transactions,
                    fee_bundle: required(any.fee_bundle, "multicall", "feeBundle")?,
                    execution_kind: required(any.execution_kind, "multicall", "executionKind")?,
                    token: required(any.token, "multicall", "token")?,
                    network: any.network,
                    chain_id: any.chain_id,
                    child_tokens: required(any.child_tokens, "multicall", "childTokens")?,
                    request_ids: required(any.request_ids, "multicall", "requestIds")?,
                    children: required(any.children, "multicall", "children")?,
                    payees: required(any.payees, "multicall", "payees")?,
                    amounts: required(any.amounts, "multicall", "amounts")?,
                    references: required(any.references, "multicall", "references")?,
                    erc20_approval_transactions: any.erc20_approval_transactions,
                    batch_payment_transaction: any.batch_payment_transaction,
                    destination_calls: any.destination_calls,
                    metadata: required(any.metadata, "multicall", "metadata")?
                        .into_pay("multicall")?,
                }))
            }
            Some(other) => Err(serde::de::Error::custom(format!(
                "unknown paymentType {other:?}: expected \"single\" or \"multicall\" (or none for the legacy batch shape)"
            ))),
            None => any.into_legacy_batch().map(PayResponse::LegacyBatch),
        }
    }
}

impl AnyShape {
    /// The legacy batch shape: no field of another shape, `ERC20ApprovalTransactions` given.
    fn into_legacy_batch<E: serde::de::Error>(self) -> Result<LegacyBatchPayment, E> {
        self.refuse_foreign(ShapeName::LegacyBatch)?;
        Ok(LegacyBatchPayment {
            erc20_approval_transactions: required(
                self.erc20_approval_transactions,
                "legacy batch",
                "ERC20ApprovalTransactions",
            )?,
            batch_payment_transaction: self.batch_payment_transaction,
            erc20_batch_payment_transaction: self.erc20_batch_payment_transaction,
            eth_batch_payment_transaction: self.eth_batch_payment_transaction,
            metadata: self.metadata.map(MetadataWire::into_legacy).transpose()?,
        })
    }
}

impl LegacyBatchPayment {
    /// Reads the answer of `POST /v2/payouts/batch`: the legacy batch shape, read as a pay
    /// response is, with no `paymentType` at all (not even `null`), and an absent
    /// `ERC20ApprovalTransactions` read as an empty list (the schema says it is "only present
    /// when token approval is required").
    #[doc(hidden)]
    pub fn deserialize_batch_payout<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<LegacyBatchPayment, D::Error> {
        let mut any = AnyShape::deserialize(deserializer)?;
        if any.payment_type.is_some() {
            return Err(serde::de::Error::custom(
                "a batch payout answer has no paymentType (legacy batch shape expected)",
            ));
        }
        any.erc20_approval_transactions.get_or_insert_with(Vec::new);
        any.into_legacy_batch()
    }
}

impl Serialize for PayResponse {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use crate::serde_util::PaymentTypeTagged as Tagged;
        match self {
            PayResponse::Single(single) => Tagged {
                payment_type: "single",
                shape: single,
            }
            .serialize(serializer),
            PayResponse::Multicall(multicall) => Tagged {
                payment_type: "multicall",
                shape: multicall,
            }
            .serialize(serializer),
            PayResponse::LegacyBatch(batch) => batch.serialize(serializer),
        }
    }
}

mod hex_bytes {
    use alloy_primitives::Bytes;
    use serde::{Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(
        bytes: &Bytes,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        serializer.collect_str(bytes)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Bytes, D::Error> {
        crate::serde_util::parse_str(deserializer, |text| {
            text.strip_prefix("0x")
                .and_then(crate::serde_util::hex_digits)
                .map(Bytes::from)
                .ok_or("calldata: not 0x-prefixed even-length hex")
        })
    }
}
