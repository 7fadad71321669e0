//! Strict decoding: `(network, to, data, value)` → the contract called and its typed arguments.
//!
//! The target is identified by network and address together (never the address alone), the
//! selector must belong to that contract, and the arguments must be strictly ABI-encoded:
//! trailing bytes, dirty padding and non-canonical offsets are errors, never skipped.

use crate::prelude::*;

mod bridge;
mod calls;
mod convert;

use core::fmt;

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolCall;
use alloy_sol_types::abi::AbiDecoderConfig;
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

pub use bridge::{
    AnyCall, DecodedBridgeCall, Destination, DestinationCall, DestinationMessage,
    UnknownDestination,
};
pub use calls::{
    Approve, BatchFunction, BatchPayments, BatchRequests, Call, Erc20ConversionTransfer,
    Erc20FeeTransfer, Erc20ProxyTransfer, LegacyBatch, LegacyBatchTokens, MetaDetail,
    NativeConversionTransfer, NativeFeeExactTransfer, NativeFeeTransfer, NativeProxyTransfer,
    RequestDetail, Transfer, TransferFrom, UsdLimit,
};

use convert::{Convert, Interface, any_function};

use crate::address::ChainAddress;
use crate::calldata::lifi::LifiDecodeError;
use crate::contracts::abi::IBatchConversionPayments::IBatchConversionPaymentsCalls;
use crate::contracts::abi::IBatchPayments::{self, IBatchPaymentsCalls};
use crate::contracts::abi::IERC20::IERC20Calls;
use crate::contracts::abi::IERC20FeeProxy::IERC20FeeProxyCalls;
use crate::contracts::abi::IERC20Proxy::IERC20ProxyCalls;
use crate::contracts::abi::IErc20ConversionProxy::IErc20ConversionProxyCalls;
use crate::contracts::abi::IEthConversionProxy::IEthConversionProxyCalls;
use crate::contracts::abi::IEthereumFeeProxy::IEthereumFeeProxyCalls;
use crate::contracts::abi::IEthereumProxy::IEthereumProxyCalls;
use crate::contracts::{Contract, ContractsError, Deployments};
use crate::currency::{Catalog, CurrencyId};
use crate::network::{ChainKind, Network, NetworkError};

/// Why calldata was not accepted.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::calldata::{DecodeError, Decoder};
/// use securepay_core::network::Network;
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
        to: ChainAddress,
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
        to: ChainAddress,
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
    /// A call to the LI.FI diamond that is not one of the two AcrossFacetV4 entry points
    /// (another LI.FI function, named, or a selector of none), or whose encoding is not
    /// canonical ([`Decoder::decode_any`]).
    #[error("LI.FI diamond: {0}")]
    Bridge(#[source] LifiDecodeError),
}

/// What was called.
///
/// ```
/// use securepay_core::calldata::{Decoder, Target};
/// use securepay_core::contracts::Contract;
/// use securepay_core::network::Network;
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
/// use securepay_core::calldata::{Builder, Decoder, NativeFeePayment, Target};
/// use securepay_core::contracts::Contract;
/// use securepay_core::network::Network;
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
    pub to: ChainAddress,
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
/// use securepay_core::calldata::{Builder, Call, Decoder, Erc20FeePayment};
/// use securepay_core::network::Network;
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
    /// ```
    /// use alloy_primitives::{hex, U256};
    /// use securepay_core::calldata::{Call, Decoder};
    /// use securepay_core::network::Network;
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

/// What a decoded call carries besides the call: the network, the address called, what it is
/// and the value sent.
struct Frame {
    network: Network,
    to: ChainAddress,
    target: Target,
    value: U256,
}

impl Frame {
    /// Decodes `args` strictly with the interface `I` and converts the call.
    #[inline]
    fn decode<I: Interface>(
        self,
        selector: [u8; 4],
        args: &[u8],
    ) -> Result<DecodedCall, DecodeError> {
        let call = match I::decode_raw(selector, args, STRICT) {
            Ok(call) => call.into_call(
                &Convert {
                    network: self.network,
                },
                self.value,
            )?,
            Err(error) => return Err(refused::<I>(selector, args, &self.target, error)),
        };
        Ok(DecodedCall {
            network: self.network,
            to: self.to,
            target: self.target,
            value: self.value,
            call,
        })
    }
}

/// Why `I` refused `args`: a selector of another interface or of none, or what is wrong with
/// the encoding.
#[cold]
#[inline(never)]
fn refused<I: Interface>(
    selector: [u8; 4],
    args: &[u8],
    target: &Target,
    error: alloy_sol_types::Error,
) -> DecodeError {
    let Some(function) = I::function(selector) else {
        return not_on(selector, target);
    };
    let allow_trailing = STRICT.validate_allow_trailing_bytes(true);
    if let Ok(decoded) = I::abi_decode_raw_with_config(selector, args, allow_trailing) {
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
}

/// A selector that is not a function of `target`: of another contract's interface, or of none.
#[cold]
#[inline(never)]
fn not_on(selector: [u8; 4], target: &Target) -> DecodeError {
    match any_function(selector) {
        Some(function) => DecodeError::SelectorNotOnTarget {
            selector,
            function,
            target: target.to_string(),
        },
        None => DecodeError::UnknownSelector(selector),
    }
}

/// The call: the target selects the interface whose generated `…Calls` enum decodes it.
fn call(frame: Frame, selector: [u8; 4], args: &[u8]) -> Result<DecodedCall, DecodeError> {
    let contract = match frame.target {
        Target::Token { .. } => return frame.decode::<IERC20Calls>(selector, args),
        Target::Contract(contract) => contract,
    };
    match contract {
        Contract::Erc20FeeProxy => frame.decode::<IERC20FeeProxyCalls>(selector, args),
        Contract::EthereumFeeProxy => frame.decode::<IEthereumFeeProxyCalls>(selector, args),
        Contract::BatchConversionPayments => {
            frame.decode::<IBatchConversionPaymentsCalls>(selector, args)
        }
        Contract::BatchPayments => frame.decode::<IBatchPaymentsCalls>(selector, args),
        // Tron's ERC20BatchPayments has the two ERC-20 functions of the legacy interface.
        Contract::Erc20BatchPayments
            if selector != IBatchPayments::batchEthPaymentsWithReferenceCall::SELECTOR =>
        {
            frame.decode::<IBatchPaymentsCalls>(selector, args)
        }
        Contract::Erc20ConversionProxy => {
            frame.decode::<IErc20ConversionProxyCalls>(selector, args)
        }
        Contract::EthConversionProxy => frame.decode::<IEthConversionProxyCalls>(selector, args),
        Contract::Erc20Proxy => frame.decode::<IERC20ProxyCalls>(selector, args),
        Contract::EthereumProxy => frame.decode::<IEthereumProxyCalls>(selector, args),
        Contract::Erc20BatchPayments
        | Contract::ChainlinkConversionPath
        | Contract::SingleRequestProxyFactory
        | Contract::LiFiDiamond => Err(not_on(selector, &frame.target)),
    }
}

impl<'a> Decoder<'a> {
    /// A decoder over the caller's deployment table and catalog.
    ///
    /// ```
    /// use securepay_core::calldata::{DecodeError, Decoder};
    /// use securepay_core::contracts::Deployments;
    /// use securepay_core::currency::Catalog;
    /// use securepay_core::network::Network;
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
    /// ```
    /// use securepay_core::calldata::{Decoder, Target};
    /// use securepay_core::contracts::Contract;
    /// use securepay_core::network::Network;
    ///
    /// // The same address is the ERC20FeeProxy on mainnet and the FAU token on Sepolia.
    /// let to = "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C".parse()?;
    /// let decoder = Decoder::builtin();
    /// assert_eq!(decoder.target(Network::Mainnet, &to)?, Target::Contract(Contract::Erc20FeeProxy));
    /// assert_eq!(decoder.target(Network::Sepolia, &to)?.to_string(), "token FAU-sepolia");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn target(&self, network: Network, to: &ChainAddress) -> Result<Target, DecodeError> {
        let to = to.on_network(network);
        match self.deployments.contract_at(network, &to) {
            Ok(contract) => Ok(Target::Contract(contract)),
            Err(ContractsError::UnknownAddress { .. }) => self.token(network, to),
            Err(error) => Err(DecodeError::AmbiguousTarget(error)),
        }
    }

    /// The catalog's tokens at `to` (no contract of the table is there).
    #[inline(never)]
    fn token(&self, network: Network, to: ChainAddress) -> Result<Target, DecodeError> {
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
    /// ```
    /// use alloy_primitives::{address, hex, U256};
    /// use securepay_core::calldata::{DecodeError, Decoder};
    /// use securepay_core::network::Network;
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
        self.decode(network, &ChainAddress::from_abi(network, to), data, value)
    }

    /// Decodes `data` sent to `to` on `network` with `value`, whatever `to` is: a call of the
    /// service's contracts or of a token, as [`decode`](Self::decode) does, or a call to the
    /// LI.FI diamond. Of the diamond's functions only the two AcrossFacetV4 entry points
    /// decode; the destination message and each of its calls are decoded as far as they go,
    /// a part that does not decode holding its reason.
    ///
    /// Errors: those of [`decode`](Self::decode); at the diamond, [`DecodeError::Bridge`] (a
    /// LI.FI function that is not allowed, a selector of none, a malformed encoding).
    ///
    /// ```
    /// use alloy_primitives::{hex, U256};
    /// use securepay_core::calldata::{DecodeError, Decoder};
    /// use securepay_core::calldata::lifi::LifiDecodeError;
    /// use securepay_core::network::Network;
    ///
    /// let diamond = "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE".parse()?;
    /// let mut relay = hex!("ae328590").to_vec(); // RelayFacet.startBridgeTokensViaRelay
    /// relay.extend([0u8; 64]);
    /// let err = Decoder::builtin().decode_any(Network::Mainnet, &diamond, &relay, U256::ZERO).unwrap_err();
    /// assert!(matches!(err, DecodeError::Bridge(LifiDecodeError::NotAllowed { function: "startBridgeTokensViaRelay", .. })));
    /// assert!(err.to_string().starts_with("LI.FI diamond: startBridgeTokensViaRelay (0xae328590, RelayFacet) is not allowed"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decode_any(
        &self,
        network: Network,
        to: &ChainAddress,
        data: &[u8],
        value: U256,
    ) -> Result<AnyCall, DecodeError> {
        let to = to.on_network(network);
        // The diamond as `target` finds it: an address registered as two contracts is not the
        // diamond but ambiguous, which `decode` reports.
        if !data.is_empty()
            && self.deployments.contract_at(network, &to) == Ok(Contract::LiFiDiamond)
        {
            return self.bridge(network, to, data, value).map(AnyCall::Bridge);
        }
        self.decode(network, &to, data, value).map(AnyCall::Call)
    }

    /// Decodes `data` sent to `to` on `network` with `value`.
    ///
    /// The value is part of the call: a native payment's amount is the value minus the fee,
    /// and a non-payable function with a value is refused.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{Builder, Call, DecodeError, Decoder, NativeFeePayment};
    /// use securepay_core::network::Network;
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
        to: &ChainAddress,
        data: &[u8],
        value: U256,
    ) -> Result<DecodedCall, DecodeError> {
        let to = to.on_network(network);
        if data.is_empty() {
            return Err(DecodeError::NoCalldata { to, value });
        }
        let target = self.target(network, &to)?;
        let Some((selector, args)) = data.split_first_chunk::<4>() else {
            return Err(DecodeError::TooShort(data.len()));
        };
        let frame = Frame {
            network,
            to,
            target,
            value,
        };
        call(frame, *selector, args)
    }
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;
    use alloc::collections::BTreeMap;

    use alloy_primitives::{Address, U256};
    use alloy_sol_types::SolCall;

    use super::{DecodeError, Decoder, Target};
    use crate::address::ChainAddress;
    use crate::calldata::effect::{NativeRule, effect_of};
    use crate::contracts::abi::{
        IBatchConversionPayments as Bcp, IBatchPayments as Bp, IERC20, IERC20FeeProxy, IERC20Proxy,
        IErc20ConversionProxy, IEthConversionProxy, IEthereumFeeProxy, IEthereumProxy,
    };
    use crate::contracts::{Contract, Deployment, Deployments};
    use crate::network::Network;

    /// `(interface, function)` → whether `src/contracts/abi.rs` declares it `payable`.
    fn declared() -> BTreeMap<(String, String), bool> {
        let mut interface = String::new();
        let mut functions = BTreeMap::new();
        for line in include_str!("../../contracts/abi.rs")
            .lines()
            .map(str::trim)
        {
            if let Some(rest) = line.strip_prefix("interface ") {
                interface = rest.trim_end_matches(" {").to_owned();
            } else if let Some(rest) = line.strip_prefix("function ") {
                let (name, _) = rest.split_once('(').unwrap();
                let payable = line.contains(") payable");
                functions.insert((interface.clone(), name.to_owned()), payable);
            }
        }
        functions
    }

    /// Calldata of `C` with every argument at its default (empty arrays, zero values).
    fn empty<C: SolCall>() -> Vec<u8>
    where
        for<'a> <C::Parameters<'a> as alloy_sol_types::SolType>::RustType: Default,
    {
        C::new(Default::default()).abi_encode()
    }

    /// Every declared function: its interface, its contract (`None`: a token) and calldata.
    fn cases() -> Vec<(&'static str, Option<Contract>, Vec<u8>)> {
        use Contract::*;
        vec![
            (
                "IERC20FeeProxy",
                Some(Erc20FeeProxy),
                empty::<IERC20FeeProxy::transferFromWithReferenceAndFeeCall>(),
            ),
            (
                "IEthereumFeeProxy",
                Some(EthereumFeeProxy),
                empty::<IEthereumFeeProxy::transferWithReferenceAndFeeCall>(),
            ),
            (
                "IEthereumFeeProxy",
                Some(EthereumFeeProxy),
                empty::<IEthereumFeeProxy::transferExactEthWithReferenceAndFeeCall>(),
            ),
            ("IERC20", None, empty::<IERC20::approveCall>()),
            ("IERC20", None, empty::<IERC20::transferCall>()),
            ("IERC20", None, empty::<IERC20::transferFromCall>()),
            (
                "IErc20ConversionProxy",
                Some(Erc20ConversionProxy),
                empty::<IErc20ConversionProxy::transferFromWithReferenceAndFeeCall>(),
            ),
            (
                "IEthConversionProxy",
                Some(EthConversionProxy),
                empty::<IEthConversionProxy::transferWithReferenceAndFeeCall>(),
            ),
            (
                "IBatchPayments",
                Some(BatchPayments),
                empty::<Bp::batchERC20PaymentsWithReferenceCall>(),
            ),
            (
                "IBatchPayments",
                Some(BatchPayments),
                empty::<Bp::batchERC20PaymentsMultiTokensWithReferenceCall>(),
            ),
            (
                "IBatchPayments",
                Some(BatchPayments),
                empty::<Bp::batchEthPaymentsWithReferenceCall>(),
            ),
            (
                "IBatchConversionPayments",
                Some(BatchConversionPayments),
                empty::<Bcp::batchPaymentsCall>(),
            ),
            (
                "IBatchConversionPayments",
                Some(BatchConversionPayments),
                empty::<Bcp::batchMultiERC20ConversionPaymentsCall>(),
            ),
            (
                "IBatchConversionPayments",
                Some(BatchConversionPayments),
                empty::<Bcp::batchNativeConversionPaymentsCall>(),
            ),
            (
                "IBatchConversionPayments",
                Some(BatchConversionPayments),
                empty::<Bcp::batchERC20PaymentsCall>(),
            ),
            (
                "IBatchConversionPayments",
                Some(BatchConversionPayments),
                empty::<Bcp::batchMultiERC20PaymentsCall>(),
            ),
            (
                "IBatchConversionPayments",
                Some(BatchConversionPayments),
                empty::<Bcp::batchNativePaymentsCall>(),
            ),
            (
                "IERC20Proxy",
                Some(Erc20Proxy),
                empty::<IERC20Proxy::transferFromWithReferenceCall>(),
            ),
            (
                "IEthereumProxy",
                Some(EthereumProxy),
                empty::<IEthereumProxy::transferWithReferenceCall>(),
            ),
        ]
    }

    /// The decoder refuses value exactly for the functions the ABI does not declare `payable`
    /// (the marks of `convert`'s interface table), the effect table agrees, and it names each function as its signature does.
    #[test]
    fn value_is_refused_exactly_where_the_abi_is_not_payable() {
        let declared = declared();
        let decoder = Decoder::builtin();
        let usdc: ChainAddress = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"
            .parse()
            .unwrap();
        let mut seen = BTreeMap::new();
        for (interface, contract, data) in cases() {
            let to = match contract {
                Some(contract) => {
                    let d = Deployments::builtin()
                        .iter()
                        .find(|d| d.contract() == contract && d.network() == Network::Mainnet)
                        .unwrap();
                    d.address()
                }
                None => usdc,
            };
            let free = decoder
                .decode(Network::Mainnet, &to, &data, U256::ZERO)
                .unwrap();
            let function = free.call.function();
            let payable = declared[&(interface.to_owned(), function.to_owned())];
            let takes_value = effect_of(&free).native != NativeRule::None;
            assert_eq!(takes_value, payable, "{interface}.{function}: effect table");
            let paid = decoder.decode(Network::Mainnet, &to, &data, U256::from(1u8));
            match paid {
                Ok(_) => assert!(payable, "{interface}.{function} took value"),
                Err(DecodeError::ValueOnNonPayable { function: f, .. }) => {
                    assert!(!payable, "{interface}.{function} refused value");
                    assert_eq!(f, function);
                }
                Err(other) => panic!("{interface}.{function}: {other}"),
            }
            seen.insert((interface.to_owned(), function.to_owned()), payable);
        }
        assert_eq!(seen, declared, "every declared function has a case");
    }

    #[test]
    fn tron_erc20_batch_payments_has_no_native_batch() {
        let data = empty::<Bp::batchEthPaymentsWithReferenceCall>();
        let batch = Deployments::builtin()
            .address(Network::Tron, Contract::Erc20BatchPayments)
            .unwrap();
        let err = Decoder::builtin()
            .decode(Network::Tron, &batch, &data, U256::ZERO)
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "batchEthPaymentsWithReference (0x73535e55) is not a function of ERC20BatchPayments"
        );
        let erc20 = empty::<Bp::batchERC20PaymentsWithReferenceCall>();
        let decoded = Decoder::builtin()
            .decode(Network::Tron, &batch, &erc20, U256::ZERO)
            .unwrap();
        assert_eq!(
            decoded.target,
            Target::Contract(Contract::Erc20BatchPayments)
        );
    }

    #[test]
    fn an_address_of_two_contracts_is_ambiguous_in_table_order() {
        let at: ChainAddress = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"
            .parse()
            .unwrap();
        let mut table = Deployments::empty();
        for (contract, version) in [
            (Contract::Erc20FeeProxy, "0.1.0"),
            (Contract::Erc20FeeProxy, "0.2.0"),
            (Contract::EthereumFeeProxy, "0.2.0"),
            (Contract::Erc20Proxy, "0.1.0"),
        ] {
            table.set(Deployment::new(contract, Network::Base, version, at, 1).unwrap());
        }
        let decoder = Decoder::new(&table, crate::currency::Catalog::builtin());
        let err = decoder.target(Network::Base, &at).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("{at} on base is registered as both ERC20FeeProxy and EthereumFeeProxy")
        );
        assert!(decoder.target(Network::Optimism, &at).is_err());
        let other = ChainAddress::from_abi(Network::Base, Address::repeat_byte(0x69));
        assert!(matches!(
            decoder.target(Network::Base, &other),
            Err(DecodeError::UnknownTarget { .. })
        ));
    }
}
