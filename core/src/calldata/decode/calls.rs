//! Decoded calls: every known payment function with named, typed arguments.
//!
//! Field names follow the ABI (snake case in Rust, the ABI's own spelling in JSON), and
//! addresses are of the network's family (Base58 on Tron).

use crate::prelude::*;

use alloy_primitives::{Address, Bytes, U256};
use alloy_sol_types::SolCall;
use serde::Serialize;

use crate::address::ChainAddress;
use crate::calldata::BatchPaymentNetwork;
use crate::contracts::abi::{
    IBatchConversionPayments as Bcp, IBatchPayments as Bp, IERC20, IERC20FeeProxy, IERC20Proxy,
    IErc20ConversionProxy, IEthConversionProxy, IEthereumFeeProxy, IEthereumProxy,
};
use crate::serde_util::{bytes_hex, u256_decimal};

/// The function name of a `sol!` signature: `"approve(address,uint256)"` → `"approve"`.
const fn function_name(signature: &'static str) -> &'static str {
    let bytes = signature.as_bytes();
    let mut rest = bytes;
    while let [first, tail @ ..] = rest {
        if *first == b'(' {
            break;
        }
        rest = tail;
    }
    // Cut before an ASCII byte of a `&str`: always UTF-8.
    let Some((name, _)) = bytes.split_at_checked(bytes.len().saturating_sub(rest.len())) else {
        return signature;
    };
    match core::str::from_utf8(name) {
        Ok(name) => name,
        Err(_) => signature,
    }
}

/// The Solidity name of a generated call, from its [`SolCall::SIGNATURE`] (a constant).
pub(super) trait FunctionName: SolCall {
    /// `"approve"` for `approve(address,uint256)`.
    const FUNCTION: &'static str = function_name(Self::SIGNATURE);
}

impl<C: SolCall> FunctionName for C {}

/// A decoded call, by function.
///
/// Serializes as the function's arguments, named as in the ABI.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::calldata::{Builder, Call, Decoder, Erc20FeePayment};
/// use securepay_core::network::Network;
///
/// let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
/// let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
/// let tx = Builder::new(Network::Base).erc20_fee(&Erc20FeePayment::new(usdc, payee, U256::from(10_500_000u64), "0xe23a6b02059c2b30".parse()?))?;
/// let call = Decoder::builtin().decode(Network::Base, &tx.to, &tx.data, tx.value)?.call;
/// assert!(matches!(&call, Call::Erc20FeeTransfer(args) if args.token_address == usdc));
/// let json = serde_json::to_value(&call)?;
/// assert_eq!((&json["_amount"], &json["_paymentReference"]), (&"10500000".into(), &"0xe23a6b02059c2b30".into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum Call {
    /// `ERC20FeeProxy.transferFromWithReferenceAndFee`.
    Erc20FeeTransfer(Erc20FeeTransfer),
    /// `EthereumFeeProxy.transferWithReferenceAndFee` (the amount is the value minus the fee).
    NativeFeeTransfer(NativeFeeTransfer),
    /// `EthereumFeeProxy.transferExactEthWithReferenceAndFee`.
    NativeFeeExactTransfer(NativeFeeExactTransfer),
    /// ERC-20 `approve`.
    Approve(Approve),
    /// ERC-20 `transfer`.
    Transfer(Transfer),
    /// ERC-20 `transferFrom` (a smart account's funding step).
    TransferFrom(TransferFrom),
    /// `Erc20ConversionProxy.transferFromWithReferenceAndFee`.
    Erc20ConversionTransfer(Erc20ConversionTransfer),
    /// `EthConversionProxy.transferWithReferenceAndFee`.
    NativeConversionTransfer(NativeConversionTransfer),
    /// Legacy batch: `batchERC20PaymentsWithReference`, `batchERC20PaymentsMultiTokensWithReference`
    /// or `batchEthPaymentsWithReference`.
    LegacyBatch(LegacyBatch),
    /// `BatchConversionPayments.batchPayments`.
    BatchPayments(BatchPayments),
    /// A `BatchConversionPayments` function over one list of requests.
    BatchRequests(BatchRequests),
    /// `ERC20Proxy.transferFromWithReference` (no fee).
    Erc20ProxyTransfer(Erc20ProxyTransfer),
    /// `EthereumProxy.transferWithReference` (no fee; the amount is the value).
    NativeProxyTransfer(NativeProxyTransfer),
}

impl Call {
    /// The Solidity function name.
    ///
    /// ```
    /// use alloy_primitives::{hex, U256};
    /// use securepay_core::calldata::Decoder;
    /// use securepay_core::network::Network;
    ///
    /// let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
    /// let data = hex!("095ea7b30000000000000000000000001892196e80c4c17ea5100da765ab48c1fe2fb81400000000000000000000000000000000000000000000000000000000315739c0");
    /// let decoded = Decoder::builtin().decode(Network::Base, &usdc, &data, U256::ZERO)?;
    /// assert_eq!(decoded.call.function(), "approve");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn function(&self) -> &'static str {
        match self {
            Call::Erc20FeeTransfer(_) => {
                IERC20FeeProxy::transferFromWithReferenceAndFeeCall::FUNCTION
            }
            Call::NativeFeeTransfer(_) => {
                IEthereumFeeProxy::transferWithReferenceAndFeeCall::FUNCTION
            }
            Call::NativeFeeExactTransfer(_) => {
                IEthereumFeeProxy::transferExactEthWithReferenceAndFeeCall::FUNCTION
            }
            Call::Approve(_) => IERC20::approveCall::FUNCTION,
            Call::Transfer(_) => IERC20::transferCall::FUNCTION,
            Call::TransferFrom(_) => IERC20::transferFromCall::FUNCTION,
            Call::Erc20ConversionTransfer(_) => {
                IErc20ConversionProxy::transferFromWithReferenceAndFeeCall::FUNCTION
            }
            Call::NativeConversionTransfer(_) => {
                IEthConversionProxy::transferWithReferenceAndFeeCall::FUNCTION
            }
            Call::LegacyBatch(batch) => batch.function(),
            Call::BatchPayments(_) => Bcp::batchPaymentsCall::FUNCTION,
            Call::BatchRequests(batch) => batch.function.name(),
            Call::Erc20ProxyTransfer(_) => IERC20Proxy::transferFromWithReferenceCall::FUNCTION,
            Call::NativeProxyTransfer(_) => IEthereumProxy::transferWithReferenceCall::FUNCTION,
        }
    }
}

/// `transferFromWithReferenceAndFee(_tokenAddress, _to, _amount, _paymentReference, _feeAmount, _feeAddress)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Erc20FeeTransfer {
    /// `_tokenAddress`.
    #[serde(rename = "_tokenAddress")]
    pub token_address: ChainAddress,
    /// `_to`.
    #[serde(rename = "_to")]
    pub to: ChainAddress,
    /// `_amount`.
    #[serde(rename = "_amount", serialize_with = "u256_decimal")]
    pub amount: U256,
    /// `_paymentReference`.
    #[serde(rename = "_paymentReference", serialize_with = "bytes_hex")]
    pub payment_reference: Bytes,
    /// `_feeAmount`.
    #[serde(rename = "_feeAmount", serialize_with = "u256_decimal")]
    pub fee_amount: U256,
    /// `_feeAddress`.
    #[serde(rename = "_feeAddress")]
    pub fee_address: ChainAddress,
}

/// `transferWithReferenceAndFee(_to, _paymentReference, _feeAmount, _feeAddress)` with
/// `amount = value - _feeAmount`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NativeFeeTransfer {
    /// `_to`.
    #[serde(rename = "_to")]
    pub to: ChainAddress,
    /// `_paymentReference`.
    #[serde(rename = "_paymentReference", serialize_with = "bytes_hex")]
    pub payment_reference: Bytes,
    /// `_feeAmount`.
    #[serde(rename = "_feeAmount", serialize_with = "u256_decimal")]
    pub fee_amount: U256,
    /// `_feeAddress`.
    #[serde(rename = "_feeAddress")]
    pub fee_address: ChainAddress,
    /// The amount the payee receives: the value minus the fee.
    #[serde(rename = "amount", serialize_with = "u256_decimal")]
    pub amount: U256,
}

/// `transferExactEthWithReferenceAndFee(_to, _amount, _paymentReference, _feeAmount, _feeAddress)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NativeFeeExactTransfer {
    /// `_to`.
    #[serde(rename = "_to")]
    pub to: ChainAddress,
    /// `_amount`.
    #[serde(rename = "_amount", serialize_with = "u256_decimal")]
    pub amount: U256,
    /// `_paymentReference`.
    #[serde(rename = "_paymentReference", serialize_with = "bytes_hex")]
    pub payment_reference: Bytes,
    /// `_feeAmount`.
    #[serde(rename = "_feeAmount", serialize_with = "u256_decimal")]
    pub fee_amount: U256,
    /// `_feeAddress`.
    #[serde(rename = "_feeAddress")]
    pub fee_address: ChainAddress,
}

/// `approve(spender, amount)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Approve {
    /// `spender`.
    pub spender: ChainAddress,
    /// `amount` (`2^256-1` is an unlimited approval).
    #[serde(serialize_with = "u256_decimal")]
    pub amount: U256,
}

/// `transfer(to, amount)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Transfer {
    /// `to`.
    pub to: ChainAddress,
    /// `amount`.
    #[serde(serialize_with = "u256_decimal")]
    pub amount: U256,
}

/// `transferFrom(from, to, amount)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TransferFrom {
    /// `from`: whose tokens move (with the allowance it gave the caller).
    pub from: ChainAddress,
    /// `to`.
    pub to: ChainAddress,
    /// `amount`.
    #[serde(serialize_with = "u256_decimal")]
    pub amount: U256,
}

/// `Erc20ConversionProxy.transferFromWithReferenceAndFee(_to, _requestAmount, _path,
/// _paymentReference, _feeAmount, _feeAddress, _maxToSpend, _maxRateTimespan)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Erc20ConversionTransfer {
    /// `_to`.
    #[serde(rename = "_to")]
    pub to: ChainAddress,
    /// `_requestAmount`.
    #[serde(rename = "_requestAmount", serialize_with = "u256_decimal")]
    pub request_amount: U256,
    /// `_path`: currency hashes, ending with the token paid.
    #[serde(rename = "_path")]
    pub path: Vec<Address>,
    /// `_paymentReference`.
    #[serde(rename = "_paymentReference", serialize_with = "bytes_hex")]
    pub payment_reference: Bytes,
    /// `_feeAmount`.
    #[serde(rename = "_feeAmount", serialize_with = "u256_decimal")]
    pub fee_amount: U256,
    /// `_feeAddress`.
    #[serde(rename = "_feeAddress")]
    pub fee_address: ChainAddress,
    /// `_maxToSpend`.
    #[serde(rename = "_maxToSpend", serialize_with = "u256_decimal")]
    pub max_to_spend: U256,
    /// `_maxRateTimespan`.
    #[serde(rename = "_maxRateTimespan", serialize_with = "u256_decimal")]
    pub max_rate_timespan: U256,
}

/// `EthConversionProxy.transferWithReferenceAndFee(_to, _requestAmount, _path,
/// _paymentReference, _feeAmount, _feeAddress, _maxRateTimespan)`; the value is the most the
/// payer spends.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NativeConversionTransfer {
    /// `_to`.
    #[serde(rename = "_to")]
    pub to: ChainAddress,
    /// `_requestAmount`.
    #[serde(rename = "_requestAmount", serialize_with = "u256_decimal")]
    pub request_amount: U256,
    /// `_path`: currency hashes, ending with the native currency's hash.
    #[serde(rename = "_path")]
    pub path: Vec<Address>,
    /// `_paymentReference`.
    #[serde(rename = "_paymentReference", serialize_with = "bytes_hex")]
    pub payment_reference: Bytes,
    /// `_feeAmount`.
    #[serde(rename = "_feeAmount", serialize_with = "u256_decimal")]
    pub fee_amount: U256,
    /// `_feeAddress`.
    #[serde(rename = "_feeAddress")]
    pub fee_address: ChainAddress,
    /// `_maxRateTimespan`.
    #[serde(rename = "_maxRateTimespan", serialize_with = "u256_decimal")]
    pub max_rate_timespan: U256,
}

/// Which token a legacy batch pays in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum LegacyBatchTokens {
    /// `batchERC20PaymentsWithReference`: one `_tokenAddress`.
    Single {
        /// `_tokenAddress`.
        #[serde(rename = "_tokenAddress")]
        token_address: ChainAddress,
    },
    /// `batchERC20PaymentsMultiTokensWithReference`: `_tokenAddresses`, one per payment.
    PerPayment {
        /// `_tokenAddresses`.
        #[serde(rename = "_tokenAddresses")]
        token_addresses: Vec<ChainAddress>,
    },
    /// `batchEthPaymentsWithReference`: the native currency.
    Native {},
}

/// A legacy batch; the parallel arrays have equal lengths (checked when decoding).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LegacyBatch {
    /// The token(s).
    #[serde(flatten)]
    pub tokens: LegacyBatchTokens,
    /// `_recipients`.
    #[serde(rename = "_recipients")]
    pub recipients: Vec<ChainAddress>,
    /// `_amounts`.
    #[serde(
        rename = "_amounts",
        serialize_with = "crate::serde_util::u256_decimal_vec"
    )]
    pub amounts: Vec<U256>,
    /// `_paymentReferences`.
    #[serde(rename = "_paymentReferences")]
    pub payment_references: Vec<Bytes>,
    /// `_feeAmounts`.
    #[serde(
        rename = "_feeAmounts",
        serialize_with = "crate::serde_util::u256_decimal_vec"
    )]
    pub fee_amounts: Vec<U256>,
    /// `_feeAddress`.
    #[serde(rename = "_feeAddress")]
    pub fee_address: ChainAddress,
}

impl LegacyBatch {
    fn function(&self) -> &'static str {
        match self.tokens {
            LegacyBatchTokens::Single { .. } => Bp::batchERC20PaymentsWithReferenceCall::FUNCTION,
            LegacyBatchTokens::PerPayment { .. } => {
                Bp::batchERC20PaymentsMultiTokensWithReferenceCall::FUNCTION
            }
            LegacyBatchTokens::Native {} => Bp::batchEthPaymentsWithReferenceCall::FUNCTION,
        }
    }

    /// Each payment: `(token, recipient, amount, reference, fee)`; the token is `None` for a
    /// native batch.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{BatchPayee, Builder, Call, Decoder};
    /// use securepay_core::network::Network;
    ///
    /// let usdc = "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359".parse()?; // USDC on Polygon
    /// let payee = BatchPayee { to: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?, amount: U256::from(1_000_000u64),
    ///     reference: "0xe23a6b02059c2b30".parse()?, fee_amount: U256::from(1_000u64) };
    /// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// let tx = Builder::new(Network::Matic).batch_erc20(usdc, &[payee, payee], fee)?;
    /// let Call::LegacyBatch(batch) = Decoder::builtin().decode(Network::Matic, &tx.to, &tx.data, tx.value)?.call else { panic!("a legacy batch") };
    /// let payments: Vec<_> = batch.payments().collect();
    /// assert_eq!(payments.len(), 2);
    /// assert_eq!((payments[1].0, payments[1].2, payments[1].4), (Some(&usdc), payee.amount, payee.fee_amount));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn payments(
        &self,
    ) -> impl Iterator<Item = (Option<&ChainAddress>, &ChainAddress, U256, &Bytes, U256)> {
        let tokens = self
            .recipients
            .iter()
            .enumerate()
            .map(move |(i, _)| match &self.tokens {
                LegacyBatchTokens::Single { token_address } => Some(token_address),
                LegacyBatchTokens::PerPayment { token_addresses } => token_addresses.get(i),
                LegacyBatchTokens::Native {} => None,
            });
        tokens
            .zip(&self.recipients)
            .zip(&self.amounts)
            .zip(&self.payment_references)
            .zip(&self.fee_amounts)
            .map(|((((token, to), amount), reference), fee)| (token, to, *amount, reference, *fee))
    }
}

/// A `RequestDetail`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestDetail {
    /// `recipient`.
    pub recipient: ChainAddress,
    /// `requestAmount`.
    #[serde(serialize_with = "u256_decimal")]
    pub request_amount: U256,
    /// `path`.
    pub path: Vec<Address>,
    /// `paymentReference`.
    #[serde(serialize_with = "bytes_hex")]
    pub payment_reference: Bytes,
    /// `feeAmount`.
    #[serde(serialize_with = "u256_decimal")]
    pub fee_amount: U256,
    /// `maxToSpend`.
    #[serde(serialize_with = "u256_decimal")]
    pub max_to_spend: U256,
    /// `maxRateTimespan`.
    #[serde(serialize_with = "u256_decimal")]
    pub max_rate_timespan: U256,
}

/// A `MetaDetail`: the requests of one payment network.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MetaDetail {
    /// `paymentNetworkId` (0 to 4).
    #[serde(serialize_with = "serialize_network_id")]
    pub payment_network_id: BatchPaymentNetwork,
    /// `requestDetails`.
    pub request_details: Vec<RequestDetail>,
}

fn serialize_network_id<S: serde::Serializer>(
    id: &BatchPaymentNetwork,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&id.id())
}

/// `batchPayments(metaDetails, pathsToUSD, feeAddress)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchPayments {
    /// `metaDetails`.
    pub meta_details: Vec<MetaDetail>,
    /// `pathsToUSD`.
    #[serde(rename = "pathsToUSD")]
    pub paths_to_usd: Vec<Vec<Address>>,
    /// `feeAddress`.
    pub fee_address: ChainAddress,
}

/// Which `BatchConversionPayments` function a [`BatchRequests`] call is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BatchFunction {
    /// `batchERC20Payments`.
    Erc20,
    /// `batchMultiERC20Payments`.
    MultiErc20,
    /// `batchMultiERC20ConversionPayments`.
    MultiErc20Conversion,
    /// `batchNativePayments` (payable).
    Native,
    /// `batchNativeConversionPayments` (payable).
    NativeConversion,
}

impl BatchFunction {
    /// The Solidity function name.
    ///
    /// ```
    /// use securepay_core::calldata::decode::BatchFunction;
    /// assert_eq!(BatchFunction::MultiErc20Conversion.name(), "batchMultiERC20ConversionPayments");
    /// assert_eq!(BatchFunction::Native.name(), "batchNativePayments");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            BatchFunction::Erc20 => Bcp::batchERC20PaymentsCall::FUNCTION,
            BatchFunction::MultiErc20 => Bcp::batchMultiERC20PaymentsCall::FUNCTION,
            BatchFunction::MultiErc20Conversion => {
                Bcp::batchMultiERC20ConversionPaymentsCall::FUNCTION
            }
            BatchFunction::Native => Bcp::batchNativePaymentsCall::FUNCTION,
            BatchFunction::NativeConversion => Bcp::batchNativeConversionPaymentsCall::FUNCTION,
        }
    }
}

/// Whether the batch fee is capped in USD: `pathsToUSD` for ERC-20 functions,
/// `skipFeeUSDLimit` for native ones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum UsdLimit {
    /// `pathsToUSD`.
    Paths {
        /// `pathsToUSD`.
        #[serde(rename = "pathsToUSD")]
        paths_to_usd: Vec<Vec<Address>>,
    },
    /// `skipFeeUSDLimit`.
    Skip {
        /// `skipFeeUSDLimit`.
        #[serde(rename = "skipFeeUSDLimit")]
        skip_fee_usd_limit: bool,
    },
}

/// A `BatchConversionPayments` function over one list of requests.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchRequests {
    /// Which function.
    #[serde(skip)]
    pub function: BatchFunction,
    /// `requestDetails`.
    pub request_details: Vec<RequestDetail>,
    /// `pathsToUSD` or `skipFeeUSDLimit`.
    #[serde(flatten)]
    pub usd_limit: UsdLimit,
    /// `feeAddress`.
    pub fee_address: ChainAddress,
}

/// `ERC20Proxy.transferFromWithReference(_tokenAddress, _to, _amount, _paymentReference)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Erc20ProxyTransfer {
    /// `_tokenAddress`.
    #[serde(rename = "_tokenAddress")]
    pub token_address: ChainAddress,
    /// `_to`.
    #[serde(rename = "_to")]
    pub to: ChainAddress,
    /// `_amount`.
    #[serde(rename = "_amount", serialize_with = "u256_decimal")]
    pub amount: U256,
    /// `_paymentReference`.
    #[serde(rename = "_paymentReference", serialize_with = "bytes_hex")]
    pub payment_reference: Bytes,
}

/// `EthereumProxy.transferWithReference(_to, _paymentReference)`; the amount is the value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NativeProxyTransfer {
    /// `_to`.
    #[serde(rename = "_to")]
    pub to: ChainAddress,
    /// `_paymentReference`.
    #[serde(rename = "_paymentReference", serialize_with = "bytes_hex")]
    pub payment_reference: Bytes,
}
