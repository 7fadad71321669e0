//! The protobuf messages a Tron wallet signs, from `core/Tron.proto`,
//! `core/contract/smart_contract.proto` and `core/contract/balance_contract.proto` of
//! tronprotocol/protocol, with the field numbers written there. Only the fields a payment
//! transaction uses are declared: [`decode_raw`] refuses any other (a field prost would skip
//! is a byte the person never saw), trailing bytes and every non-canonical encoding, by
//! requiring that the decoded message encodes back to exactly the bytes it came from.

use crate::prelude::*;

use prost::Message;

/// `Transaction.raw`: what is signed (its SHA-256 is the transaction id).
#[derive(Clone, PartialEq, Eq, Message)]
pub struct Raw {
    /// Bytes 6..8 of the reference block's number.
    #[prost(bytes = "vec", tag = "1")]
    pub ref_block_bytes: Vec<u8>,
    /// The reference block's number (unused by TronWeb).
    #[prost(int64, tag = "3")]
    pub ref_block_num: i64,
    /// Bytes 8..16 of the reference block's hash.
    #[prost(bytes = "vec", tag = "4")]
    pub ref_block_hash: Vec<u8>,
    /// When the transaction expires, in milliseconds since the Unix epoch.
    #[prost(int64, tag = "8")]
    pub expiration: i64,
    /// The contracts (calls) of the transaction: the protocol executes one.
    #[prost(message, repeated, tag = "11")]
    pub contract: Vec<Contract>,
    /// When the transaction was made, in milliseconds since the Unix epoch.
    #[prost(int64, tag = "14")]
    pub timestamp: i64,
    /// The most TRX (in SUN) the caller lets the call burn for energy.
    #[prost(int64, tag = "18")]
    pub fee_limit: i64,
}

/// `Transaction.Contract`: one call, its type and its parameter.
#[derive(Clone, PartialEq, Eq, Message)]
pub struct Contract {
    /// The contract type (`ContractType`).
    #[prost(enumeration = "ContractType", tag = "1")]
    pub r#type: i32,
    /// The call's message, packed.
    #[prost(message, optional, tag = "2")]
    pub parameter: Option<Any>,
}

/// `Transaction.Contract.ContractType`, every type declared by
/// `tronprotocol/protocol@4c726956542b8dff5a4bd5c54aa07cd9da257d08:core/Tron.proto:338-380`,
/// with its number. `AccountCreateContract = 0` comes first, as there: prost writes no
/// field for the first variant (its default), so were `TransferContract = 1` first, the
/// `08 01` every wallet writes for a TRX transfer would not encode back (a real transfer
/// refused as not canonical) and a contract without a type field would read as a TRX
/// transfer. Undeclared numbers are kept as numbers by the decoder; the checks refuse every
/// type but [`ContractType::TriggerSmartContract`].
///
/// ```
/// use prost::Message;
/// use securepay_core::tron::proto::{decode_strict, Contract, ContractType};
///
/// // A TRX transfer's contract writes its type, `08 01`; it encodes back byte for byte.
/// let transfer = Contract { r#type: ContractType::TransferContract as i32, parameter: None };
/// assert_eq!(transfer.encode_to_vec(), [0x08, 0x01]);
/// let read: Contract = decode_strict("Contract", &[0x08, 0x01])?;
/// assert_eq!(read.r#type(), ContractType::TransferContract);
/// // No type field is type 0, not a TRX transfer.
/// let untyped: Contract = decode_strict("Contract", &[])?;
/// assert_eq!(untyped.r#type(), ContractType::AccountCreateContract);
/// # Ok::<(), securepay_core::tron::proto::ProtoError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, prost::Enumeration)]
#[repr(i32)]
#[non_exhaustive] // the protocol adds types
#[allow(missing_docs)] // the protocol's names; the types the checks meet are described
pub enum ContractType {
    /// Creates an account (type 0, also what a contract without a type field is).
    AccountCreateContract = 0,
    /// A TRX transfer.
    TransferContract = 1,
    TransferAssetContract = 2,
    VoteAssetContract = 3,
    VoteWitnessContract = 4,
    WitnessCreateContract = 5,
    AssetIssueContract = 6,
    WitnessUpdateContract = 8,
    ParticipateAssetIssueContract = 9,
    AccountUpdateContract = 10,
    FreezeBalanceContract = 11,
    UnfreezeBalanceContract = 12,
    WithdrawBalanceContract = 13,
    UnfreezeAssetContract = 14,
    UpdateAssetContract = 15,
    ProposalCreateContract = 16,
    ProposalApproveContract = 17,
    ProposalDeleteContract = 18,
    SetAccountIdContract = 19,
    CustomContract = 20,
    CreateSmartContract = 30,
    /// A smart-contract call (a TRC-20 approval, an ERC20FeeProxy payment).
    TriggerSmartContract = 31,
    GetContract = 32,
    UpdateSettingContract = 33,
    ExchangeCreateContract = 41,
    ExchangeInjectContract = 42,
    ExchangeWithdrawContract = 43,
    ExchangeTransactionContract = 44,
    UpdateEnergyLimitContract = 45,
    AccountPermissionUpdateContract = 46,
    ClearABIContract = 48,
    UpdateBrokerageContract = 49,
    ShieldedTransferContract = 51,
    MarketSellAssetContract = 52,
    MarketCancelOrderContract = 53,
    FreezeBalanceV2Contract = 54,
    UnfreezeBalanceV2Contract = 55,
    WithdrawExpireUnfreezeContract = 56,
    DelegateResourceContract = 57,
    UnDelegateResourceContract = 58,
    CancelAllUnfreezeV2Contract = 59,
}

/// `google.protobuf.Any`.
#[derive(Clone, PartialEq, Eq, Message)]
pub struct Any {
    /// `type.googleapis.com/protocol.<Message>`.
    #[prost(string, tag = "1")]
    pub type_url: String,
    /// The message's bytes.
    #[prost(bytes = "vec", tag = "2")]
    pub value: Vec<u8>,
}

/// `TriggerSmartContract`: a call of `contract_address` with `data`, from `owner_address`.
#[derive(Clone, PartialEq, Eq, Message)]
pub struct TriggerSmartContract {
    /// The caller: `41` and 20 bytes.
    #[prost(bytes = "vec", tag = "1")]
    pub owner_address: Vec<u8>,
    /// The contract called: `41` and 20 bytes.
    #[prost(bytes = "vec", tag = "2")]
    pub contract_address: Vec<u8>,
    /// TRX (SUN) sent with the call.
    #[prost(int64, tag = "3")]
    pub call_value: i64,
    /// The calldata.
    #[prost(bytes = "vec", tag = "4")]
    pub data: Vec<u8>,
    /// TRC-10 token units sent with the call.
    #[prost(int64, tag = "5")]
    pub call_token_value: i64,
    /// The TRC-10 token sent.
    #[prost(int64, tag = "6")]
    pub token_id: i64,
}

/// `TransferContract`: `amount` SUN from `owner_address` to `to_address`.
#[derive(Clone, PartialEq, Eq, Message)]
pub struct TransferContract {
    /// The sender.
    #[prost(bytes = "vec", tag = "1")]
    pub owner_address: Vec<u8>,
    /// The receiver.
    #[prost(bytes = "vec", tag = "2")]
    pub to_address: Vec<u8>,
    /// SUN sent.
    #[prost(int64, tag = "3")]
    pub amount: i64,
}

/// The `type_url` of a packed [`TriggerSmartContract`].
pub const TRIGGER_SMART_CONTRACT_URL: &str = "type.googleapis.com/protocol.TriggerSmartContract";
/// The `type_url` of a packed [`TransferContract`].
pub const TRANSFER_CONTRACT_URL: &str = "type.googleapis.com/protocol.TransferContract";

/// Why bytes are not the strict encoding of a message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ProtoError {
    /// Not a protobuf encoding of the message. prost's error is the
    /// [`source()`](core::error::Error::source).
    #[error("{message}: not a protobuf encoding ({source})")]
    Malformed {
        /// The message.
        message: &'static str,
        /// prost's error.
        source: prost::DecodeError,
    },
    /// Decodes, but not to exactly these bytes: a field the message does not declare, a field
    /// given twice, trailing bytes, or a non-canonical encoding.
    #[error(
        "{message}: holds bytes the decoded message does not (an undeclared field, a repeated field, trailing bytes or a non-canonical encoding)"
    )]
    NotCanonical {
        /// The message.
        message: &'static str,
    },
}

/// Decodes `bytes` as `M`, refusing anything but the exact encoding of the decoded message.
pub fn decode_strict<M: Message + Default>(
    message: &'static str,
    bytes: &[u8],
) -> Result<M, ProtoError> {
    let decoded = M::decode(bytes).map_err(|source| ProtoError::Malformed { message, source })?;
    // An encoding is never longer than what it was decoded from when nothing was skipped.
    if decoded.encoded_len() != bytes.len() || decoded.encode_to_vec() != bytes {
        return Err(ProtoError::NotCanonical { message });
    }
    Ok(decoded)
}

/// Decodes the signed bytes of a transaction (`raw_data_hex`) strictly.
///
/// ```
/// use securepay_core::tron::proto::{decode_raw, ContractType};
///
/// let hex = "0a023f7a220864a1ae3b319e004840e0dcf99a95345aae01081f12a9010a31747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e54726967676572536d617274436f6e747261637412740a154113725648737f56638ae13292d03f6dce1f9d5c01121541a614f803b6fd780986a42c78ec9c7f77e6ded13c2244095ea7b30000000000000000000000001b6ca35d39842cf8fbe49000653a1505412da6590000000000000000000000000000000000000000000000000000000086ad991d708088f69a9534900180c2d72f";
/// let bytes = alloy_primitives::hex::decode(hex)?;
/// let raw = decode_raw(&bytes)?;
/// assert_eq!(raw.fee_limit, 100_000_000); // 100 TRX
/// assert_eq!(raw.contract[0].r#type(), ContractType::TriggerSmartContract);
/// // One more byte is refused, not skipped.
/// let mut longer = bytes.clone();
/// longer.extend_from_slice(&[0x50, 0x01]); // field 10 (`data`, a memo), which is not declared
/// assert!(decode_raw(&longer).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn decode_raw(bytes: &[u8]) -> Result<Raw, ProtoError> {
    decode_strict("Transaction.raw", bytes)
}
