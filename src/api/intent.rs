//! `POST /v2/secure-payments/{token}/intent`: what the payer broadcast, for a single payment
//! or a multicall parent, and the service's receipt.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::BodyError;
use crate::address::EvmAddress;
use crate::amount::HumanAmount;
use crate::calldata::PaymentReference;
use crate::network::Network;
use crate::pay::{ExecutionKind, SecurePaymentToken, SourceToken};
use crate::wire::TxHash;
use crate::wire::json::{present, required};

/// The transaction a payer broadcast: a transaction hash, or a Safe transaction hash still
/// waiting for execution (with its optional execution deadline). Exactly one of the two.
///
/// ```
/// use securepay::api::{BodyError, Broadcast, RecordIntent};
/// use securepay::network::Network;
/// use securepay::pay::SourceToken;
///
/// let safe_tx_hash = "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef".parse()?;
/// let no_deadline = Broadcast::Safe { safe_tx_hash, deadline: Some(0) };
/// assert!(matches!(RecordIntent::single(no_deadline, Network::Base, SourceToken::Usdc), Err(BodyError::Invalid { field: "safePaymentDeadline", .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Broadcast {
    /// `txHash`.
    Transaction(TxHash),
    /// `safeTxHash`, and `safePaymentDeadline` (Unix seconds, above zero) when known.
    Safe {
        /// The Safe transaction hash.
        safe_tx_hash: TxHash,
        /// The hard on-chain execution deadline.
        deadline: Option<u64>,
    },
}

impl Broadcast {
    fn fields(&self) -> (Option<TxHash>, Option<TxHash>, Option<u64>) {
        match *self {
            Broadcast::Transaction(hash) => (Some(hash), None, None),
            Broadcast::Safe {
                safe_tx_hash,
                deadline,
            } => (None, Some(safe_tx_hash), deadline),
        }
    }

    fn check(&self) -> Result<(), BodyError> {
        if let Broadcast::Safe {
            deadline: Some(0), ..
        } = self
        {
            return Err(BodyError::Invalid {
                field: "safePaymentDeadline",
                reason: "must be above 0 (Unix seconds)".into(),
            });
        }
        Ok(())
    }
}

/// How the payment was routed (`routeKind`). A closed enum.
///
/// ```
/// use securepay::api::RouteKind;
///
/// assert_eq!(serde_json::to_string(&RouteKind::SameChainConversion)?, r#""same_chain_conversion""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum RouteKind {
    /// `same_chain`.
    SameChain,
    /// `same_chain_conversion`.
    SameChainConversion,
    /// `crosschain`.
    Crosschain,
}

/// The bridge used (`bridgeTool`). A closed enum.
///
/// ```
/// use securepay::api::BridgeTool;
///
/// assert_eq!(serde_json::from_str::<BridgeTool>(r#""stargate""#)?, BridgeTool::Stargate);
/// assert!(serde_json::from_str::<BridgeTool>(r#""hop""#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum BridgeTool {
    /// `across`.
    Across,
    /// `stargate`.
    Stargate,
}

fn query_name<S: Serializer>(network: &Network, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(network.query_name().unwrap_or_default())
}

fn check_chain(network: Network) -> Result<Network, BodyError> {
    match network.query_name() {
        Some(_) => Ok(network),
        None => Err(BodyError::Invalid {
            field: "chain",
            reason: format!(
                "{network} has no source-chain name (BASE, OPTIMISM, ARBITRUM, ETHEREUM, POLYGON, BNB)"
            ),
        }),
    }
}

/// The intent of a single payment: `{txHash | safeTxHash, chain, token, …}`.
///
/// ```
/// use securepay::api::{Broadcast, BridgeTool, RecordIntent, RouteKind};
/// use securepay::network::Network;
/// use securepay::pay::SourceToken;
///
/// let mut body = RecordIntent::single(Broadcast::Transaction("0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef".parse()?), Network::ArbitrumOne, SourceToken::Usdt)?;
/// if let RecordIntent::Single(intent) = &mut body {
///     intent.route_kind = Some(RouteKind::Crosschain);
///     intent.bridge_tool = Some(BridgeTool::Across);
/// }
/// let json = serde_json::to_value(&body)?;
/// assert_eq!((json["chain"].as_str(), json["bridgeTool"].as_str()), (Some("ARBITRUM"), Some("across")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SingleIntent {
    #[serde(skip_serializing_if = "Option::is_none")]
    tx_hash: Option<TxHash>,
    #[serde(skip_serializing_if = "Option::is_none")]
    safe_tx_hash: Option<TxHash>,
    #[serde(skip_serializing_if = "Option::is_none")]
    safe_payment_deadline: Option<u64>,
    #[serde(serialize_with = "query_name")]
    chain: Network,
    token: SourceToken,
    /// `executionKind`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub execution_kind: Option<ExecutionKind>,
    /// `payerAddress`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payer_address: Option<EvmAddress>,
    /// `payerEoaAddress`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payer_eoa_address: Option<EvmAddress>,
    /// `sourceNetwork`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_network: Option<Network>,
    /// `sourceToken`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_token: Option<String>,
    /// `sourceAmount`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_amount: Option<HumanAmount>,
    /// `routeKind`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub route_kind: Option<RouteKind>,
    /// `bridgeTool`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bridge_tool: Option<BridgeTool>,
}

/// One leg of a multicall intent (`transactionIndices[]`).
///
/// ```
/// use securepay::api::TransactionIndex;
///
/// let leg: TransactionIndex = serde_json::from_str(r#"{"childPosition": 2, "transactionIndex": 3, "routeKind": "same_chain"}"#)?;
/// assert_eq!((leg.child_position, leg.transaction_index), (2, 3));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TransactionIndex {
    /// `childPosition`: the child, from 0.
    pub child_position: u32,
    /// `transactionIndex`: the transaction of the submitted batch, from 0.
    pub transaction_index: u32,
    /// `routeTool` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route_tool: Option<String>,
    /// `sourceToken`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_token: Option<String>,
    /// `sourceAmount`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_amount: Option<String>,
    /// `routeKind`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub route_kind: Option<RouteKind>,
    /// `bridgeTool` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bridge_tool: Option<BridgeTool>,
}

/// The intent of a multicall parent: the UserOperation a smart account submitted.
///
/// ```
/// use securepay::api::{RecordIntent, TransactionIndex};
/// use securepay::network::Network;
///
/// let legs = vec![TransactionIndex { child_position: 0, transaction_index: 1, route_tool: None, source_token: None,
///     source_amount: None, route_kind: None, bridge_tool: None }];
/// let body = RecordIntent::multicall(None, Network::Base, "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?, "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef".parse()?, legs)?;
/// let json = serde_json::to_value(&body)?;
/// assert_eq!(json["smartAccountAddress"], "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7");
/// assert!(json.get("txHash").is_none()); // the UserOperation identifies it
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MulticallIntent {
    #[serde(skip_serializing_if = "Option::is_none")]
    tx_hash: Option<TxHash>,
    #[serde(skip_serializing_if = "Option::is_none")]
    safe_tx_hash: Option<TxHash>,
    #[serde(skip_serializing_if = "Option::is_none")]
    safe_payment_deadline: Option<u64>,
    #[serde(serialize_with = "query_name")]
    chain: Network,
    smart_account_address: EvmAddress,
    /// `payerEoaAddress`: the EOA behind the smart account.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payer_eoa_address: Option<EvmAddress>,
    user_op_hash: TxHash,
    transaction_indices: Vec<TransactionIndex>,
}

/// The body of `POST /v2/secure-payments/{token}/intent`: one of the two forms of the API
/// description.
///
/// ```
/// use securepay::api::{Broadcast, RecordIntent};
/// use securepay::network::Network;
/// use securepay::pay::SourceToken;
///
/// let hash = "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef".parse()?;
/// let body = RecordIntent::single(Broadcast::Safe { safe_tx_hash: hash, deadline: Some(1749760800) }, Network::Matic, SourceToken::Usdc)?;
/// assert_eq!(serde_json::to_string(&body)?, r#"{"safeTxHash":"0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef","safePaymentDeadline":1749760800,"chain":"POLYGON","token":"USDC"}"#);
/// assert!(RecordIntent::single(Broadcast::Transaction(hash), Network::Tron, SourceToken::Usdt).is_err()); // no source-chain name
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum RecordIntent {
    /// A single payment.
    Single(Box<SingleIntent>),
    /// A multicall parent.
    Multicall(MulticallIntent),
}

impl RecordIntent {
    /// A single payment's intent; the optional fields are public on [`SingleIntent`].
    ///
    /// ```
    /// use securepay::api::{Broadcast, RecordIntent};
    /// use securepay::network::Network;
    /// use securepay::pay::SourceToken;
    ///
    /// let body = RecordIntent::single(Broadcast::Transaction("0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef".parse()?), Network::Base, SourceToken::Usdc)?;
    /// assert_eq!(serde_json::to_string(&body)?, r#"{"txHash":"0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef","chain":"BASE","token":"USDC"}"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn single(
        broadcast: Broadcast,
        chain: Network,
        token: SourceToken,
    ) -> Result<RecordIntent, BodyError> {
        broadcast.check()?;
        let (tx_hash, safe_tx_hash, safe_payment_deadline) = broadcast.fields();
        Ok(RecordIntent::Single(Box::new(SingleIntent {
            tx_hash,
            safe_tx_hash,
            safe_payment_deadline,
            chain: check_chain(chain)?,
            token,
            execution_kind: None,
            payer_address: None,
            payer_eoa_address: None,
            source_network: None,
            source_token: None,
            source_amount: None,
            route_kind: None,
            bridge_tool: None,
        })))
    }

    /// A multicall parent's intent: 1 to 250 legs.
    ///
    /// ```
    /// use securepay::api::{BodyError, RecordIntent};
    /// use securepay::network::Network;
    ///
    /// let none = RecordIntent::multicall(None, Network::Base, "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?, "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef".parse()?, vec![]);
    /// assert_eq!(none, Err(BodyError::TooFew { field: "transactionIndices", min: 1, given: 0 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn multicall(
        broadcast: Option<Broadcast>,
        chain: Network,
        smart_account_address: EvmAddress,
        user_op_hash: TxHash,
        transaction_indices: Vec<TransactionIndex>,
    ) -> Result<RecordIntent, BodyError> {
        if let Some(broadcast) = &broadcast {
            broadcast.check()?;
        }
        let given = transaction_indices.len();
        if given == 0 {
            return Err(BodyError::TooFew {
                field: "transactionIndices",
                min: 1,
                given,
            });
        }
        if given > 250 {
            return Err(BodyError::TooMany {
                field: "transactionIndices",
                max: 250,
                given,
            });
        }
        let (tx_hash, safe_tx_hash, safe_payment_deadline) =
            broadcast.map_or((None, None, None), |b| b.fields());
        Ok(RecordIntent::Multicall(MulticallIntent {
            tx_hash,
            safe_tx_hash,
            safe_payment_deadline,
            chain: check_chain(chain)?,
            smart_account_address,
            payer_eoa_address: None,
            user_op_hash,
            transaction_indices,
        }))
    }
}

/// The answer of a single payment's intent.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, IntentRecorded};
///
/// let answer: IntentRecorded = parse_parts(StatusCode::OK, br#"{"intentId": "01HXEXAMPLE123", "paymentReference": "0xb3581f0b0f74cc61", "txHash": "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef", "isListening": true}"#)?;
/// let IntentRecorded::Tracked(tracked) = answer else { unreachable!() };
/// assert!(tracked.is_listening);
/// assert_eq!(tracked.payment_reference.to_string(), "0xb3581f0b0f74cc61");
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct IntentTracked {
    /// `intentId`: the tracking intent created or reused.
    pub intent_id: String,
    /// `paymentReference`.
    pub payment_reference: PaymentReference,
    /// `txHash`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tx_hash: Option<TxHash>,
    /// `safeTxHash`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safe_tx_hash: Option<TxHash>,
    /// `safePaymentDeadline`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safe_payment_deadline: Option<u64>,
    /// `isListening`: whether the service monitors it.
    pub is_listening: bool,
    /// `payerAddress`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payer_address: Option<String>,
}

/// The answer of a multicall parent's intent: an audit-only receipt (never polled).
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, IntentRecorded};
///
/// let answer: IntentRecorded = parse_parts(StatusCode::OK, br#"{"receiptId": "r1", "multicallId": "m1", "parentToken": "01JD3E6JD46KY4KKV7X9V0MZ7W", "sourceChain": "BASE", "smartAccountAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "userOpHash": "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef", "transactionIndices": [{"childPosition": 0, "transactionIndex": 1}], "isListening": false}"#)?;
/// let IntentRecorded::Multicall(receipt) = answer else { unreachable!() };
/// assert_eq!((receipt.source_chain.as_str(), receipt.is_listening), ("BASE", false)); // audit only
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct MulticallReceipt {
    /// `receiptId`.
    pub receipt_id: String,
    /// `multicallId`.
    pub multicall_id: String,
    /// `parentToken`.
    pub parent_token: SecurePaymentToken,
    /// `txHash`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tx_hash: Option<TxHash>,
    /// `safeTxHash`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safe_tx_hash: Option<TxHash>,
    /// `safePaymentDeadline`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safe_payment_deadline: Option<u64>,
    /// `sourceChain`, as its query name (`BASE`, …).
    pub source_chain: String,
    /// `smartAccountAddress`.
    pub smart_account_address: EvmAddress,
    /// `userOpHash`.
    pub user_op_hash: TxHash,
    /// `transactionIndices`.
    pub transaction_indices: Vec<TransactionIndex>,
    /// `isListening`: always `false`.
    pub is_listening: bool,
}

/// The answer (200) of `POST /v2/secure-payments/{token}/intent`, by form.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, IntentRecorded};
///
/// // Told apart by receiptId.
/// assert!(matches!(parse_parts(StatusCode::OK, br#"{"receiptId": "r1", "multicallId": "m1", "parentToken": "01JD3E6JD46KY4KKV7X9V0MZ7W", "sourceChain": "BASE", "smartAccountAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "userOpHash": "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef", "transactionIndices": [{"childPosition": 0, "transactionIndex": 1}], "isListening": false}"#)?, IntentRecorded::Multicall(_)));
/// assert!(matches!(parse_parts(StatusCode::OK, br#"{"intentId": "01HXEXAMPLE123", "paymentReference": "0xb3581f0b0f74cc61", "txHash": "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef", "isListening": true}"#)?, IntentRecorded::Tracked(_)));
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum IntentRecorded {
    /// A multicall receipt (it has `receiptId`).
    Multicall(Box<MulticallReceipt>),
    /// A single payment's tracking intent.
    Tracked(IntentTracked),
}

impl<'de> Deserialize<'de> for IntentRecorded {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// The fields of both answers, read typed in one pass (a key given twice is refused by
        /// name); `receiptId` says which answer it is.
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct AnyAnswer {
            #[serde(default, deserialize_with = "present")]
            receipt_id: Option<String>,
            #[serde(default, deserialize_with = "present")]
            multicall_id: Option<String>,
            #[serde(default, deserialize_with = "present")]
            parent_token: Option<SecurePaymentToken>,
            #[serde(default, deserialize_with = "present")]
            source_chain: Option<String>,
            #[serde(default, deserialize_with = "present")]
            smart_account_address: Option<EvmAddress>,
            #[serde(default, deserialize_with = "present")]
            user_op_hash: Option<TxHash>,
            #[serde(default, deserialize_with = "present")]
            transaction_indices: Option<Vec<TransactionIndex>>,
            #[serde(default, deserialize_with = "present")]
            intent_id: Option<String>,
            #[serde(default, deserialize_with = "present")]
            payment_reference: Option<PaymentReference>,
            #[serde(default)]
            payer_address: Option<String>,
            #[serde(default)]
            tx_hash: Option<TxHash>,
            #[serde(default)]
            safe_tx_hash: Option<TxHash>,
            #[serde(default)]
            safe_payment_deadline: Option<u64>,
            #[serde(default, deserialize_with = "present")]
            is_listening: Option<bool>,
        }
        let any = AnyAnswer::deserialize(deserializer)?;
        let is_listening = required(any.is_listening, "isListening")?;
        let Some(receipt_id) = any.receipt_id else {
            return Ok(IntentRecorded::Tracked(IntentTracked {
                intent_id: required(any.intent_id, "intentId")?,
                payment_reference: required(any.payment_reference, "paymentReference")?,
                tx_hash: any.tx_hash,
                safe_tx_hash: any.safe_tx_hash,
                safe_payment_deadline: any.safe_payment_deadline,
                is_listening,
                payer_address: any.payer_address,
            }));
        };
        Ok(IntentRecorded::Multicall(Box::new(MulticallReceipt {
            receipt_id,
            multicall_id: required(any.multicall_id, "multicallId")?,
            parent_token: required(any.parent_token, "parentToken")?,
            tx_hash: any.tx_hash,
            safe_tx_hash: any.safe_tx_hash,
            safe_payment_deadline: any.safe_payment_deadline,
            source_chain: required(any.source_chain, "sourceChain")?,
            smart_account_address: required(any.smart_account_address, "smartAccountAddress")?,
            user_op_hash: required(any.user_op_hash, "userOpHash")?,
            transaction_indices: required(any.transaction_indices, "transactionIndices")?,
            is_listening,
        })))
    }
}
