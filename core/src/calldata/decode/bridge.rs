//! Calls to the LI.FI diamond, decoded for reading: the Across V4 entry point through
//! [`lifi`](crate::calldata::lifi), its destination message, and each call of that message
//! through the [`Decoder`] on the destination chain (`BridgeData.destinationChainId`), as the
//! destination executor makes it.

use crate::prelude::*;

use core::fmt;

use alloy_primitives::{Address, B256, U256};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::serde_util::entry;

use super::{DecodeError, DecodedCall, Decoder};
use crate::address::{ChainAddress, EvmAddress};
use crate::calldata::lifi::{
    AcrossBridgeCall, LifiDecodeError, SwapData, decode_bridge_call, decode_destination_message,
};
use crate::contracts::Contract;
use crate::network::Network;

/// Any call the decoder reads: a call of one of the service's contracts or of a catalog token,
/// or a call to the LI.FI diamond.
///
/// Serializes as the call it holds: [`DecodedCall`]'s
/// `{"network","to","contract","currencies"?,"function","args","value"}`, or
/// [`DecodedBridgeCall`]'s, which adds `"destination"`.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::calldata::{AnyCall, Decoder};
/// use securepay_core::network::Network;
///
/// let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
/// let data = alloy_primitives::hex!("095ea7b30000000000000000000000001892196e80c4c17ea5100da765ab48c1fe2fb81400000000000000000000000000000000000000000000000000000000315739c0");
/// let any = Decoder::builtin().decode_any(Network::Base, &usdc, &data, U256::ZERO)?;
/// assert!(matches!(&any, AnyCall::Call(call) if call.call.function() == "approve"));
/// assert_eq!(serde_json::to_value(&any)?["contract"], "ERC20");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
#[allow(clippy::large_enum_variant)] // one answer per call decoded: not worth an allocation
pub enum AnyCall {
    /// A call of one of the service's contracts or of a token.
    Call(DecodedCall),
    /// A call to the LI.FI diamond.
    Bridge(DecodedBridgeCall),
}

/// A call to the LI.FI diamond: one of the two AcrossFacetV4 entry points, strictly decoded,
/// and its destination message when it carries one.
///
/// Serializes as `{"network","to","contract":"LiFiDiamond","function","args","value",
/// "destination"}`: `args` holds `_bridgeData`, `_swapData` (the source swaps, for
/// `swapAndStartBridgeTokensViaAcrossV4` only) and `_acrossData`, named as in the ABI;
/// `destination` is `null` without a message.
///
/// ```
/// use alloy_primitives::{Address, Bytes, B256, U256};
/// use securepay_core::calldata::lifi::{AcrossBridgeCall, AcrossV4, BridgeData};
/// use securepay_core::calldata::{AnyCall, Decoder};
/// use securepay_core::network::Network;
///
/// let payer: Address = "0x638252F8B5977b5A870756955164319FC9dAdF5B".parse()?;
/// let usdc: Address = "0xaf88d065e77c8cC2239327C5EDb3A432268e5831".parse()?;
/// let call = AcrossBridgeCall {
///     bridge: BridgeData {
///         transaction_id: B256::repeat_byte(7), bridge: "across".into(), integrator: "lifi-api".into(),
///         referrer: Address::ZERO, sending_asset_id: usdc, receiver: payer,
///         min_amount: U256::from(1_000_000u64), destination_chain_id: U256::from(1u8),
///         has_source_swaps: false, has_destination_call: false,
///     },
///     source_swaps: vec![],
///     across: AcrossV4 {
///         receiver_address: payer, refund_address: payer, sending_asset_id: usdc,
///         receiving_asset_id: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48".parse()?,
///         output_amount: U256::from(999_000u64), output_amount_multiplier: 999_000_000_000_000_000,
///         exclusive_relayer: B256::ZERO, quote_timestamp: 1_773_620_423, fill_deadline: 1_773_629_493,
///         exclusivity_parameter: 0, message: Bytes::new(),
///     },
/// };
/// let diamond = "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE".parse()?;
/// let any = Decoder::builtin().decode_any(Network::ArbitrumOne, &diamond, &call.abi_encode(), U256::ZERO)?;
/// let AnyCall::Bridge(bridge) = &any else { panic!("a bridge call") };
/// assert_eq!((&bridge.call, &bridge.destination), (&call, &None));
/// let json = serde_json::to_value(&any)?;
/// assert_eq!((&json["contract"], &json["function"]), (&"LiFiDiamond".into(), &"startBridgeTokensViaAcrossV4".into()));
/// assert_eq!(json["args"]["_bridgeData"]["minAmount"], "1000000");
/// assert_eq!(json["args"]["_acrossData"]["receivingAssetId"], "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
/// assert!(json["destination"].is_null());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedBridgeCall {
    /// The network the call is sent on.
    pub network: Network,
    /// The diamond's address.
    pub to: ChainAddress,
    /// The native value sent.
    pub value: U256,
    /// The entry point and its arguments.
    pub call: AcrossBridgeCall,
    /// The destination message, decoded; `None` when `_acrossData.message` is empty.
    pub destination: Option<Destination>,
}

/// What a bridge call does on the destination chain: its network and its message, each either
/// decoded or with the reason it is not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Destination {
    /// `_bridgeData.destinationChainId` as one of the service's networks.
    pub network: Result<Network, UnknownDestination>,
    /// `_acrossData.message` as the Across V4 destination message.
    pub message: Result<DestinationMessage, LifiDecodeError>,
}

/// A `destinationChainId` that is not one of the service's chains: the destination calls are
/// not decoded, since what their targets are depends on the chain.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::calldata::decode::UnknownDestination;
///
/// let solana = UnknownDestination(U256::from(1_151_111_081_099_710u64)); // LI.FI's id for Solana
/// assert!(solana.to_string().starts_with("destinationChainId 1151111081099710 is not one of the service's chains"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "destinationChainId {0} is not one of the service's chains (1, 42161, 10, 8453, 137, 56, 728126428, 11155111): its calls are not decoded"
)]
pub struct UnknownDestination(pub U256);

/// The Across V4 destination message, with each call decoded on the destination chain.
///
/// Serializes as `{"transactionId","swapData","receiver"}`; each element of `swapData` is the
/// `SwapData` with `"call"`, the decoded call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DestinationMessage {
    /// `transactionId`.
    pub transaction_id: B256,
    /// `swapData`: the calls the destination executor makes, in order.
    pub calls: Vec<DestinationCall>,
    /// `receiver`: gets leftovers, or everything the bridge delivers if the calls revert.
    pub receiver: Address,
}

/// One call of a destination message: its `SwapData`, and the call its `callData` makes to
/// `callTo` on the destination chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DestinationCall {
    /// The `SwapData` element.
    pub swap: SwapData,
    /// The call, or why it does not decode; `None` when the destination network is unknown.
    pub call: Option<Result<DecodedCall, DecodeError>>,
}

impl Decoder<'_> {
    /// A call to the diamond ([`Decoder::decode_any`]).
    pub(super) fn bridge(
        &self,
        network: Network,
        to: ChainAddress,
        data: &[u8],
        value: U256,
    ) -> Result<DecodedBridgeCall, DecodeError> {
        let call = decode_bridge_call(data).map_err(|error| match error {
            LifiDecodeError::TooShort(length) => DecodeError::TooShort(length),
            error => DecodeError::Bridge(error),
        })?;
        let destination = (!call.across.message.is_empty()).then(|| self.destination(&call));
        Ok(DecodedBridgeCall {
            network,
            to,
            value,
            call,
            destination,
        })
    }

    /// The destination network and message of `call`, whose message is not empty.
    fn destination(&self, call: &AcrossBridgeCall) -> Destination {
        let chain_id = call.bridge.destination_chain_id;
        let network = u64::try_from(chain_id)
            .ok()
            .and_then(|id| Network::from_chain_id(id).ok())
            .ok_or(UnknownDestination(chain_id));
        let message = decode_destination_message(&call.across.message).map(|message| {
            let mut calls = Vec::with_capacity(message.swaps.len());
            for swap in message.swaps {
                let call = network
                    .ok()
                    .map(|network| self.destination_call(network, &swap));
                calls.push(DestinationCall { swap, call });
            }
            DestinationMessage {
                transaction_id: message.transaction_id,
                calls,
                receiver: message.receiver,
            }
        });
        Destination { network, message }
    }

    /// The call `swap` makes on `network`: `callData` to `callTo`, with `fromAmount` as value
    /// when it spends the native currency (`LibSwap.swap`,
    /// `lifinance/contracts@ef00558f:src/Libraries/LibSwap.sol:60`), none otherwise.
    fn destination_call(
        &self,
        network: Network,
        swap: &SwapData,
    ) -> Result<DecodedCall, DecodeError> {
        let value = if swap.sending_asset_id == Address::ZERO {
            swap.from_amount
        } else {
            U256::ZERO
        };
        let to = ChainAddress::from_abi(network, swap.call_to);
        self.decode(network, &to, &swap.call_data, value)
    }
}

/// A part that decoded, as itself, or `{"error": reason}`.
struct Part<'a, T, E>(&'a Result<T, E>);

impl<T: Serialize, E: fmt::Display> Serialize for Part<'_, T, E> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Ok(part) => part.serialize(serializer),
            Err(error) => undecoded(serializer, error),
        }
    }
}

/// `{"error": reason}`, written once for every kind of part.
#[inline(never)]
fn undecoded<S: Serializer>(serializer: S, error: &dyn fmt::Display) -> Result<S::Ok, S::Error> {
    let mut out = serializer.serialize_map(Some(1))?;
    entry(&mut out, "error", &format_args!("{error}"))?;
    out.end()
}

impl Serialize for DecodedBridgeCall {
    /// `{"network","to","contract":"LiFiDiamond","function","args","value","destination"}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_map(Some(7))?;
        entry(&mut out, "network", &self.network)?;
        entry(&mut out, "to", &self.to)?;
        entry(&mut out, "contract", Contract::LiFiDiamond.name())?;
        entry(&mut out, "function", self.call.function())?;
        entry(&mut out, "args", &self.call)?;
        entry(&mut out, "value", &format_args!("{}", self.value))?;
        entry(&mut out, "destination", &self.destination)?;
        out.end()
    }
}

impl Serialize for Destination {
    /// `{"network","message"}`, each a part.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_map(Some(2))?;
        entry(&mut out, "network", &Part(&self.network))?;
        entry(&mut out, "message", &Part(&self.message))?;
        out.end()
    }
}

impl Serialize for DestinationMessage {
    /// `{"transactionId","swapData","receiver"}`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_map(Some(3))?;
        entry(
            &mut out,
            "transactionId",
            &format_args!("{}", self.transaction_id),
        )?;
        entry(&mut out, "swapData", &self.calls)?;
        entry(
            &mut out,
            "receiver",
            &ChainAddress::Evm(EvmAddress::new(self.receiver)),
        )?;
        out.end()
    }
}

impl Serialize for DestinationCall {
    /// The `SwapData` fields and `"call"` (`null` when the destination network is unknown).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_map(Some(8))?;
        self.swap.serialize_fields(&mut out)?;
        entry(&mut out, "call", &self.call.as_ref().map(Part))?;
        out.end()
    }
}
