//! Strict decoding: `(network, to, data, value)` → the contract called and its typed arguments.
//!
//! The target is identified by network and address together (never the address alone), the
//! selector must belong to that contract, and the arguments must be strictly ABI-encoded:
//! trailing bytes, dirty padding and non-canonical offsets are errors, never skipped.

mod calls;
mod convert;

use std::fmt;

use alloy_primitives::{Address, U256};
use alloy_sol_types::abi::AbiDecoderConfig;
use alloy_sol_types::SolCall;
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

pub use calls::{
    Approve, BatchFunction, BatchPayments, BatchRequests, Call, Erc20ConversionTransfer,
    Erc20FeeTransfer, Erc20ProxyTransfer, LegacyBatch, LegacyBatchTokens, MetaDetail,
    NativeConversionTransfer, NativeFeeExactTransfer, NativeFeeTransfer, NativeProxyTransfer,
    RequestDetail, Transfer, UsdLimit,
};

use crate::address::PayeeAddress;
use crate::contracts::abi::{
    IBatchConversionPayments as Bcp, IBatchPayments as Bp, IERC20FeeProxy, IERC20Proxy,
    IErc20ConversionProxy, IEthConversionProxy, IEthereumFeeProxy, IEthereumProxy, IERC20,
};
use crate::contracts::{Contract, ContractsError, Deployments};
use crate::currency::{Catalog, CurrencyId};
use crate::network::{ChainKind, Network, NetworkError};

/// Why calldata was not accepted.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay::calldata::{DecodeError, Decoder};
/// use securepay::network::Network;
///
/// let decoder = Decoder::builtin();
/// let proxy = "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814".parse()?; // ERC20FeeProxy on Base
/// assert_eq!(decoder.decode(Network::Base, &proxy, &[0xc2, 0x19], U256::ZERO), Err(DecodeError::TooShort(2)));
/// let transfer = [0xa9, 0x05, 0x9c, 0xbb]; // ERC-20 transfer, sent to the proxy
/// let err = decoder.decode(Network::Base, &proxy, &transfer, U256::ZERO).unwrap_err();
/// assert!(matches!(err, DecodeError::SelectorNotOnTarget { function: "transfer", .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// The chain id is not one of the service's networks.
    #[error(transparent)]
    Network(#[from] NetworkError),
    /// No calldata at all: a plain transfer of native value, not a contract call.
    #[error("no calldata: a plain transfer of {value} native units to {to}, not a payment call")]
    NoCalldata {
        /// The recipient.
        to: PayeeAddress,
        /// The value.
        value: U256,
    },
    /// Fewer than 4 bytes: no selector.
    #[error("calldata of {0} byte(s) is too short to hold a function selector")]
    TooShort(usize),
    /// Neither a known contract on this network nor a token of the catalog.
    #[error("{to} is neither a known contract nor a known token on {network}")]
    UnknownTarget {
        /// The network.
        network: Network,
        /// The address called.
        to: PayeeAddress,
    },
    /// The address is registered as two different contracts.
    #[error(transparent)]
    AmbiguousTarget(ContractsError),
    /// A selector of no known payment function.
    #[error("unknown function selector 0x{}", alloy_primitives::hex::encode(.0))]
    UnknownSelector([u8; 4]),
    /// A known selector sent to a contract that does not have that function.
    #[error("{function} (0x{}) is not a function of {target}", alloy_primitives::hex::encode(.selector))]
    SelectorNotOnTarget {
        /// The selector.
        selector: [u8; 4],
        /// The function it names.
        function: &'static str,
        /// The contract called.
        target: String,
    },
    /// The arguments end early.
    #[error("{0}: calldata is truncated")]
    Truncated(&'static str),
    /// Bytes after the canonical encoding.
    #[error("{function}: {extra} unexpected byte(s) after the arguments")]
    TrailingBytes {
        /// The function.
        function: &'static str,
        /// How many bytes follow the encoding.
        extra: usize,
    },
    /// A value word with non-zero padding (an address or a bool that is not clean).
    #[error("{0}: a value is not canonically encoded (dirty padding in an address or bool word)")]
    DirtyValue(&'static str),
    /// Non-canonical offsets or lengths, or dirty padding after dynamic data.
    #[error("{0}: the encoding is not canonical (offsets, lengths or padding of dynamic data)")]
    NonCanonical(&'static str),
    /// The parallel arrays of a batch have different lengths.
    #[error("{0}: the parallel arrays have different lengths")]
    ArrayLengthMismatch(&'static str),
    /// A `batchPayments` group with an id outside 0–4.
    #[error("batchPayments: paymentNetworkId {0} is not one of 0-4")]
    InvalidPaymentNetworkId(U256),
    /// Native value sent to a function that does not accept it.
    #[error("{function} is not payable but the transaction sends {value}")]
    ValueOnNonPayable {
        /// The function.
        function: &'static str,
        /// The value.
        value: U256,
    },
    /// `transferWithReferenceAndFee` with a value below its fee (the call would revert).
    #[error("transferWithReferenceAndFee: value {value} is below the fee {fee}")]
    ValueBelowFee {
        /// The value.
        value: U256,
        /// The fee.
        fee: U256,
    },
}

/// What was called.
///
/// ```
/// use securepay::calldata::{Decoder, Target};
/// use securepay::contracts::Contract;
/// use securepay::network::Network;
///
/// let usdt = "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9".parse()?;
/// let target = Decoder::builtin().target(Network::ArbitrumOne, &usdt)?;
/// assert_eq!(target.to_string(), "token USDT-arbitrum-one/USDT0-arbitrum-one");
/// assert_eq!(Target::Contract(Contract::Erc20FeeProxy).to_string(), "ERC20FeeProxy");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// One of the service's contracts (its versions at that address:
    /// [`Deployments::at`](crate::contracts::Deployments::at)).
    Contract(Contract),
    /// A token of the catalog (several ids when they share the contract, like USDT and USDT0).
    Token {
        /// The currencies at the address.
        currencies: Vec<CurrencyId>,
    },
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Contract(contract) => contract.fmt(f),
            Target::Token { currencies } => {
                let ids: Vec<&str> = currencies.iter().map(CurrencyId::as_str).collect();
                write!(f, "token {}", ids.join("/"))
            }
        }
    }
}

/// A strictly decoded call.
///
/// Serializes as `{"network","to","contract","currencies"?,"function","args","value"}`.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay::calldata::{Builder, Decoder, NativeFeePayment, Target};
/// use securepay::contracts::Contract;
/// use securepay::network::Network;
///
/// let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
/// let payment = NativeFeePayment::new(payee, U256::from(200_000_000_000_000_000u64), "0xe23a6b02059c2b30".parse()?);
/// let tx = Builder::new(Network::Base).native_fee(&payment)?;
/// let decoded = Decoder::builtin().decode(Network::Base, &tx.to, &tx.data, tx.value)?;
/// assert_eq!(decoded.target, Target::Contract(Contract::EthereumFeeProxy));
/// let json = serde_json::to_value(&decoded)?;
/// assert_eq!((&json["function"], &json["value"]), (&"transferWithReferenceAndFee".into(), &"200000000000000000".into()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedCall {
    /// The network.
    pub network: Network,
    /// The address called (Base58 on Tron).
    pub to: PayeeAddress,
    /// What it is.
    pub target: Target,
    /// The native value sent.
    pub value: U256,
    /// The function and its arguments.
    pub call: Call,
}

impl Serialize for DecodedCall {
    /// `{"network","to","contract","currencies"?,"function","args","value"}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("DecodedCall", 7)?;
        out.serialize_field("network", &self.network)?;
        out.serialize_field("to", &self.to)?;
        match &self.target {
            Target::Contract(contract) => out.serialize_field("contract", contract.name())?,
            Target::Token { currencies } => {
                let standard = if self.network.kind() == ChainKind::Tron {
                    "TRC20"
                } else {
                    "ERC20"
                };
                out.serialize_field("contract", standard)?;
                out.serialize_field("currencies", currencies)?;
            }
        }
        out.serialize_field("function", self.call.function())?;
        out.serialize_field("args", &self.call)?;
        out.serialize_field("value", &self.value.to_string())?;
        out.end()
    }
}

/// Decodes calls against a deployment table and a currency catalog.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay::calldata::{Builder, Call, Decoder, Erc20FeePayment};
/// use securepay::network::Network;
///
/// let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
/// let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
/// let tx = Builder::new(Network::Base).erc20_fee(&Erc20FeePayment::new(usdc, payee, U256::from(5u8), "0x1a2b3c4d5e6f7081".parse()?))?;
/// let decoded = Decoder::builtin().decode(Network::Base, &tx.to, &tx.data, tx.value)?;
/// let Call::Erc20FeeTransfer(args) = decoded.call else { panic!("an ERC20FeeProxy call") };
/// assert_eq!((args.to, args.amount), (payee, U256::from(5u8)));
///
/// let mut tampered = tx.data.to_vec();
/// tampered.extend([0u8; 32]);
/// assert!(Decoder::builtin().decode(Network::Base, &tx.to, &tampered, tx.value).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Decoder<'a> {
    deployments: &'a Deployments,
    catalog: &'a Catalog,
}

impl Decoder<'static> {
    /// A decoder over the built-in deployment table and currency catalog.
    ///
    /// ```no_run
    /// use alloy_primitives::{hex, U256};
    /// use securepay::calldata::{Call, Decoder};
    /// use securepay::network::Network;
    ///
    /// // The approval of a Tron payment: USDT-TRC20, spender the Tron ERC20FeeProxy.
    /// let usdt = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".parse()?;
    /// let data = hex!("095ea7b30000000000000000000000001b6ca35d39842cf8fbe49000653a1505412da6590000000000000000000000000000000000000000000000000000000000989680");
    /// let decoded = Decoder::builtin().decode(Network::Tron, &usdt, &data, U256::ZERO)?;
    /// let Call::Approve(approve) = decoded.call else { panic!("an approval") };
    /// assert_eq!(approve.spender.to_string(), "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd");
    /// assert_eq!(approve.amount, U256::from(10_000_000u64));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn builtin() -> Decoder<'static> {
        Decoder {
            deployments: Deployments::builtin(),
            catalog: Catalog::builtin(),
        }
    }
}

const STRICT: AbiDecoderConfig = AbiDecoderConfig::new().strict(true);

const ERC20_FEE: [u8; 4] = IERC20FeeProxy::transferFromWithReferenceAndFeeCall::SELECTOR;
const NATIVE_FEE: [u8; 4] = IEthereumFeeProxy::transferWithReferenceAndFeeCall::SELECTOR;
const NATIVE_FEE_EXACT: [u8; 4] =
    IEthereumFeeProxy::transferExactEthWithReferenceAndFeeCall::SELECTOR;
const APPROVE: [u8; 4] = IERC20::approveCall::SELECTOR;
const TRANSFER: [u8; 4] = IERC20::transferCall::SELECTOR;
const ERC20_CONVERSION: [u8; 4] =
    IErc20ConversionProxy::transferFromWithReferenceAndFeeCall::SELECTOR;
const NATIVE_CONVERSION: [u8; 4] = IEthConversionProxy::transferWithReferenceAndFeeCall::SELECTOR;
const BATCH_ERC20: [u8; 4] = Bp::batchERC20PaymentsWithReferenceCall::SELECTOR;
const BATCH_ERC20_MULTI: [u8; 4] = Bp::batchERC20PaymentsMultiTokensWithReferenceCall::SELECTOR;
const BATCH_ETH: [u8; 4] = Bp::batchEthPaymentsWithReferenceCall::SELECTOR;
const BATCH_PAYMENTS: [u8; 4] = Bcp::batchPaymentsCall::SELECTOR;
const BATCH_MULTI_ERC20_CONVERSION: [u8; 4] = Bcp::batchMultiERC20ConversionPaymentsCall::SELECTOR;
const BATCH_NATIVE_CONVERSION: [u8; 4] = Bcp::batchNativeConversionPaymentsCall::SELECTOR;
const BATCH_NC_ERC20: [u8; 4] = Bcp::batchERC20PaymentsCall::SELECTOR;
const BATCH_NC_MULTI_ERC20: [u8; 4] = Bcp::batchMultiERC20PaymentsCall::SELECTOR;
const BATCH_NC_NATIVE: [u8; 4] = Bcp::batchNativePaymentsCall::SELECTOR;
const ERC20_PROXY: [u8; 4] = IERC20Proxy::transferFromWithReferenceCall::SELECTOR;
const NATIVE_PROXY: [u8; 4] = IEthereumProxy::transferWithReferenceCall::SELECTOR;

/// The function a known selector names, whatever the target.
fn function_of(selector: [u8; 4]) -> Option<&'static str> {
    Some(match selector {
        ERC20_FEE | ERC20_CONVERSION => "transferFromWithReferenceAndFee",
        NATIVE_FEE | NATIVE_CONVERSION => "transferWithReferenceAndFee",
        NATIVE_FEE_EXACT => "transferExactEthWithReferenceAndFee",
        APPROVE => "approve",
        TRANSFER => "transfer",
        BATCH_ERC20 => "batchERC20PaymentsWithReference",
        BATCH_ERC20_MULTI => "batchERC20PaymentsMultiTokensWithReference",
        BATCH_ETH => "batchEthPaymentsWithReference",
        BATCH_PAYMENTS => "batchPayments",
        BATCH_MULTI_ERC20_CONVERSION => "batchMultiERC20ConversionPayments",
        BATCH_NATIVE_CONVERSION => "batchNativeConversionPayments",
        BATCH_NC_ERC20 => "batchERC20Payments",
        BATCH_NC_MULTI_ERC20 => "batchMultiERC20Payments",
        BATCH_NC_NATIVE => "batchNativePayments",
        ERC20_PROXY => "transferFromWithReference",
        NATIVE_PROXY => "transferWithReference",
        _ => return None,
    })
}

/// Strictly decodes the arguments of `C`, naming what is wrong on failure.
#[inline]
fn strict<C: SolCall>(args: &[u8]) -> Result<C, DecodeError> {
    C::abi_decode_raw_with_config(args, STRICT).map_err(|error| {
        let function = function_of(C::SELECTOR).unwrap_or("call");
        if let Ok(decoded) =
            C::abi_decode_raw_with_config(args, STRICT.validate_allow_trailing_bytes(true))
        {
            return DecodeError::TrailingBytes {
                function,
                extra: args.len().saturating_sub(decoded.abi_encoded_size()),
            };
        }
        match error {
            alloy_sol_types::Error::Overrun => DecodeError::Truncated(function),
            alloy_sol_types::Error::TypeCheckFail { .. } => DecodeError::DirtyValue(function),
            _ => DecodeError::NonCanonical(function),
        }
    })
}

impl<'a> Decoder<'a> {
    /// A decoder over the caller's deployment table and catalog.
    ///
    /// ```no_run
    /// use securepay::calldata::{DecodeError, Decoder};
    /// use securepay::contracts::Deployments;
    /// use securepay::currency::Catalog;
    /// use securepay::network::Network;
    ///
    /// let no_contracts = Deployments::empty();
    /// let decoder = Decoder::new(&no_contracts, Catalog::builtin());
    /// let proxy = "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814".parse()?;
    /// assert!(matches!(decoder.target(Network::Base, &proxy), Err(DecodeError::UnknownTarget { .. })));
    /// let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
    /// assert!(decoder.target(Network::Base, &usdc).is_ok()); // tokens come from the catalog
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(deployments: &'a Deployments, catalog: &'a Catalog) -> Decoder<'a> {
        Decoder {
            deployments,
            catalog,
        }
    }

    /// What `to` is on `network`: one of the service's contracts or a catalog token.
    ///
    /// ```no_run
    /// use securepay::calldata::{Decoder, Target};
    /// use securepay::contracts::Contract;
    /// use securepay::network::Network;
    ///
    /// // The same address is the ERC20FeeProxy on mainnet and the FAU token on Sepolia.
    /// let to = "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C".parse()?;
    /// let decoder = Decoder::builtin();
    /// assert_eq!(decoder.target(Network::Mainnet, &to)?, Target::Contract(Contract::Erc20FeeProxy));
    /// assert_eq!(decoder.target(Network::Sepolia, &to)?.to_string(), "token FAU-sepolia");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn target(&self, network: Network, to: &PayeeAddress) -> Result<Target, DecodeError> {
        let to = PayeeAddress::from_abi(network, to.abi());
        let mut deployments = self.deployments.at(network, &to);
        if let Some(first) = deployments.next() {
            let contract = first.contract();
            if let Some(other) = deployments.find(|d| d.contract() != contract) {
                return Err(DecodeError::AmbiguousTarget(ContractsError::Ambiguous {
                    network,
                    address: to,
                    first: contract,
                    second: other.contract(),
                }));
            }
            return Ok(Target::Contract(contract));
        }
        let currencies: Vec<CurrencyId> = self
            .catalog
            .by_token_address(network, &to)
            .map(|c| c.id().clone())
            .collect();
        if currencies.is_empty() {
            return Err(DecodeError::UnknownTarget { network, to });
        }
        Ok(Target::Token { currencies })
    }

    /// Decodes a call on the chain `chain_id` (the service's chain ids, Tron's included).
    ///
    /// ```no_run
    /// use alloy_primitives::{address, hex, U256};
    /// use securepay::calldata::{DecodeError, Decoder};
    /// use securepay::network::Network;
    ///
    /// let usdc = address!("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    /// let data = hex!("095ea7b30000000000000000000000001892196e80c4c17ea5100da765ab48c1fe2fb81400000000000000000000000000000000000000000000000000000000315739c0");
    /// let decoded = Decoder::builtin().decode_on_chain(8453, usdc, &data, U256::ZERO)?;
    /// assert_eq!((decoded.network, decoded.call.function()), (Network::Base, "approve"));
    /// let err = Decoder::builtin().decode_on_chain(84532, usdc, &data, U256::ZERO).unwrap_err();
    /// assert!(matches!(err, DecodeError::Network(_)));
    /// # Ok::<(), DecodeError>(())
    /// ```
    pub fn decode_on_chain(
        &self,
        chain_id: u64,
        to: Address,
        data: &[u8],
        value: U256,
    ) -> Result<DecodedCall, DecodeError> {
        let network = Network::from_chain_id(chain_id)?;
        self.decode(network, &PayeeAddress::from_abi(network, to), data, value)
    }

    /// Decodes `data` sent to `to` on `network` with `value`.
    ///
    /// The value is part of the call: a native payment's amount is the value minus the fee,
    /// and a non-payable function with a value is refused.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay::calldata::{Builder, Call, DecodeError, Decoder, NativeFeePayment};
    /// use securepay::network::Network;
    ///
    /// let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
    /// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// let payment = NativeFeePayment::new(payee, U256::from(1000u16), "0xe23a6b02059c2b30".parse()?).with_fee(U256::from(5u8), fee);
    /// let tx = Builder::new(Network::Base).native_fee(&payment)?;
    /// let decoded = Decoder::builtin().decode(Network::Base, &tx.to, &tx.data, tx.value)?;
    /// let Call::NativeFeeTransfer(args) = decoded.call else { panic!("a native payment") };
    /// assert_eq!((args.amount, args.fee_amount), (U256::from(1000u16), U256::from(5u8)));
    /// let err = Decoder::builtin().decode(Network::Base, &tx.to, &tx.data, U256::from(4u8)).unwrap_err();
    /// assert!(matches!(err, DecodeError::ValueBelowFee { .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decode(
        &self,
        network: Network,
        to: &PayeeAddress,
        data: &[u8],
        value: U256,
    ) -> Result<DecodedCall, DecodeError> {
        let to = PayeeAddress::from_abi(network, to.abi());
        if data.is_empty() {
            return Err(DecodeError::NoCalldata { to, value });
        }
        let target = self.target(network, &to)?;
        let (selector, args) = match data.split_first_chunk::<4>() {
            Some((selector, args)) => (*selector, args),
            None => return Err(DecodeError::TooShort(data.len())),
        };
        let function = function_of(selector).ok_or(DecodeError::UnknownSelector(selector))?;
        let convert = convert::Convert { network };
        let on = |contract: Contract| target == Target::Contract(contract);
        let is_token = matches!(target, Target::Token { .. });
        let call = match selector {
            ERC20_FEE if on(Contract::Erc20FeeProxy) => convert.erc20_fee(strict(args)?),
            NATIVE_FEE if on(Contract::EthereumFeeProxy) => {
                convert.native_fee(strict(args)?, value)?
            }
            NATIVE_FEE_EXACT if on(Contract::EthereumFeeProxy) => {
                convert.native_fee_exact(strict(args)?)
            }
            APPROVE if is_token => convert.approve(strict(args)?),
            TRANSFER if is_token => convert.transfer(strict(args)?),
            ERC20_CONVERSION if on(Contract::Erc20ConversionProxy) => {
                convert.erc20_conversion(strict(args)?)
            }
            NATIVE_CONVERSION if on(Contract::EthConversionProxy) => {
                convert.native_conversion(strict(args)?)
            }
            BATCH_ERC20 if on(Contract::BatchPayments) || on(Contract::Erc20BatchPayments) => {
                convert.batch_erc20(strict(args)?)?
            }
            BATCH_ERC20_MULTI
                if on(Contract::BatchPayments) || on(Contract::Erc20BatchPayments) =>
            {
                convert.batch_erc20_multi(strict(args)?)?
            }
            BATCH_ETH if on(Contract::BatchPayments) => convert.batch_eth(strict(args)?)?,
            BATCH_PAYMENTS if on(Contract::BatchConversionPayments) => {
                convert.batch_payments(strict(args)?)?
            }
            BATCH_MULTI_ERC20_CONVERSION if on(Contract::BatchConversionPayments) => {
                let call: Bcp::batchMultiERC20ConversionPaymentsCall = strict(args)?;
                convert.batch_requests(
                    BatchFunction::MultiErc20Conversion,
                    call.requestDetails,
                    UsdLimit::paths(call.pathsToUSD),
                    call.feeAddress,
                )
            }
            BATCH_NC_ERC20 if on(Contract::BatchConversionPayments) => {
                let call: Bcp::batchERC20PaymentsCall = strict(args)?;
                convert.batch_requests(
                    BatchFunction::Erc20,
                    call.requestDetails,
                    UsdLimit::paths(call.pathsToUSD),
                    call.feeAddress,
                )
            }
            BATCH_NC_MULTI_ERC20 if on(Contract::BatchConversionPayments) => {
                let call: Bcp::batchMultiERC20PaymentsCall = strict(args)?;
                convert.batch_requests(
                    BatchFunction::MultiErc20,
                    call.requestDetails,
                    UsdLimit::paths(call.pathsToUSD),
                    call.feeAddress,
                )
            }
            BATCH_NC_NATIVE if on(Contract::BatchConversionPayments) => {
                let call: Bcp::batchNativePaymentsCall = strict(args)?;
                convert.batch_requests(
                    BatchFunction::Native,
                    call.requestDetails,
                    UsdLimit::skip(call.skipFeeUSDLimit),
                    call.feeAddress,
                )
            }
            BATCH_NATIVE_CONVERSION if on(Contract::BatchConversionPayments) => {
                let call: Bcp::batchNativeConversionPaymentsCall = strict(args)?;
                convert.batch_requests(
                    BatchFunction::NativeConversion,
                    call.requestDetails,
                    UsdLimit::skip(call.skipFeeUSDLimit),
                    call.feeAddress,
                )
            }
            ERC20_PROXY if on(Contract::Erc20Proxy) => convert.erc20_proxy(strict(args)?),
            NATIVE_PROXY if on(Contract::EthereumProxy) => convert.native_proxy(strict(args)?),
            _ => {
                return Err(DecodeError::SelectorNotOnTarget {
                    selector,
                    function,
                    target: target.to_string(),
                })
            }
        };
        if !value.is_zero() && !is_payable(selector) {
            return Err(DecodeError::ValueOnNonPayable { function, value });
        }
        Ok(DecodedCall {
            network,
            to,
            target,
            value,
            call,
        })
    }
}

fn is_payable(selector: [u8; 4]) -> bool {
    matches!(
        selector,
        NATIVE_FEE
            | NATIVE_FEE_EXACT
            | NATIVE_CONVERSION
            | BATCH_ETH
            | BATCH_PAYMENTS
            | BATCH_NC_NATIVE
            | BATCH_NATIVE_CONVERSION
            | NATIVE_PROXY
    )
}
