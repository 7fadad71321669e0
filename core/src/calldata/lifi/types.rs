//! The typed values of an AcrossFacetV4 call and of an Across V4 destination message, their
//! conversions from and to the `sol!` types, their encoders, and their JSON: every field named
//! as in the ABI, addresses with their EIP-55 checksum, amounts and chain ids as decimal
//! strings, bytes as `0x` hex.

use crate::prelude::*;

use alloy_primitives::{Address, B256, Bytes, U256};
use alloy_sol_types::{SolCall, SolType};
use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::abi::AcrossFacetV4::{
    AcrossV4Data as SolAcrossV4Data, startBridgeTokensViaAcrossV4Call as StartCall,
    swapAndStartBridgeTokensViaAcrossV4Call as SwapAndStartCall,
};
use super::abi::{AcrossV4Message, ILiFi, LibSwap};
use super::{LifiDecodeError, START, START_NAME, SWAP_AND_START, SWAP_AND_START_NAME};
use crate::address::{ChainAddress, EvmAddress};
use crate::serde_util::entry;

/// `ILiFi.BridgeData`, typed.
///
/// ```
/// use alloy_primitives::{Address, B256, U256};
/// use securepay_core::calldata::lifi::BridgeData;
///
/// let bridge = BridgeData {
///     transaction_id: B256::repeat_byte(1),
///     bridge: "across".into(),
///     integrator: "lifi-api".into(),
///     referrer: Address::ZERO,
///     sending_asset_id: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831".parse()?,
///     receiver: "0x638252F8B5977b5A870756955164319FC9dAdF5B".parse()?,
///     min_amount: U256::from(1_000_000u64),
///     destination_chain_id: U256::from(1u8),
///     has_source_swaps: false,
///     has_destination_call: false,
/// };
/// assert_eq!(bridge.clone(), bridge);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BridgeData {
    /// `transactionId`: LI.FI's tracking id (informational).
    pub transaction_id: B256,
    /// `bridge`: the tool key, e.g. `across`.
    pub bridge: String,
    /// `integrator`: the integrator string.
    pub integrator: String,
    /// `referrer`.
    pub referrer: Address,
    /// `sendingAssetId`: the token pulled from the caller (`startBridge…`) or bridged after the
    /// swaps (`swapAndStartBridge…`); zero for the native currency.
    pub sending_asset_id: Address,
    /// `receiver`: the final recipient on the destination chain.
    pub receiver: Address,
    /// `minAmount`: the amount bridged (`startBridge…`) or the minimum after the swaps.
    pub min_amount: U256,
    /// `destinationChainId`: passed to the Across SpokePool.
    pub destination_chain_id: U256,
    /// `hasSourceSwaps`.
    pub has_source_swaps: bool,
    /// `hasDestinationCall`.
    pub has_destination_call: bool,
}

impl From<ILiFi::BridgeData> for BridgeData {
    fn from(d: ILiFi::BridgeData) -> Self {
        BridgeData {
            transaction_id: d.transactionId,
            bridge: d.bridge,
            integrator: d.integrator,
            referrer: d.referrer,
            sending_asset_id: d.sendingAssetId,
            receiver: d.receiver,
            min_amount: d.minAmount,
            destination_chain_id: d.destinationChainId,
            has_source_swaps: d.hasSourceSwaps,
            has_destination_call: d.hasDestinationCall,
        }
    }
}

impl From<BridgeData> for ILiFi::BridgeData {
    fn from(d: BridgeData) -> Self {
        ILiFi::BridgeData {
            transactionId: d.transaction_id,
            bridge: d.bridge,
            integrator: d.integrator,
            referrer: d.referrer,
            sendingAssetId: d.sending_asset_id,
            receiver: d.receiver,
            minAmount: d.min_amount,
            destinationChainId: d.destination_chain_id,
            hasSourceSwaps: d.has_source_swaps,
            hasDestinationCall: d.has_destination_call,
        }
    }
}

/// `LibSwap.SwapData`, typed: one call made by the diamond (a source swap or fee step) or by
/// the Executor (a destination call).
///
/// ```
/// use alloy_primitives::{bytes, Address, U256};
/// use securepay_core::calldata::lifi::SwapData;
///
/// let proxy = "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814".parse()?; // ERC20FeeProxy on Base
/// let pay = SwapData {
///     call_to: proxy,
///     approve_to: proxy,
///     sending_asset_id: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?,
///     receiving_asset_id: Address::ZERO,
///     from_amount: U256::from(10_500_000u64),
///     call_data: bytes!("c219a14d"),
///     requires_deposit: false,
/// };
/// assert_eq!(pay.call_data.get(..4), Some(&[0xc2, 0x19, 0xa1, 0x4d][..]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwapData {
    /// `callTo`: the contract called.
    pub call_to: Address,
    /// `approveTo`: the spender approved for `from_amount` of `sending_asset_id`.
    pub approve_to: Address,
    /// `sendingAssetId`: the token spent; zero for the native currency (sent as value).
    pub sending_asset_id: Address,
    /// `receivingAssetId`: the token expected back.
    pub receiving_asset_id: Address,
    /// `fromAmount`.
    pub from_amount: U256,
    /// `callData`: the calldata sent to `call_to`.
    pub call_data: Bytes,
    /// `requiresDeposit`: whether the diamond pulls `from_amount` from the caller first.
    pub requires_deposit: bool,
}

impl From<LibSwap::SwapData> for SwapData {
    fn from(s: LibSwap::SwapData) -> Self {
        SwapData {
            call_to: s.callTo,
            approve_to: s.approveTo,
            sending_asset_id: s.sendingAssetId,
            receiving_asset_id: s.receivingAssetId,
            from_amount: s.fromAmount,
            call_data: s.callData,
            requires_deposit: s.requiresDeposit,
        }
    }
}

impl From<SwapData> for LibSwap::SwapData {
    fn from(s: SwapData) -> Self {
        LibSwap::SwapData {
            callTo: s.call_to,
            approveTo: s.approve_to,
            sendingAssetId: s.sending_asset_id,
            receivingAssetId: s.receiving_asset_id,
            fromAmount: s.from_amount,
            callData: s.call_data,
            requiresDeposit: s.requires_deposit,
        }
    }
}

/// `AcrossFacetV4.AcrossV4Data`, typed. The four `bytes32` address words are EVM addresses
/// here: decoding refuses a word whose upper 12 bytes are not zero
/// ([`LifiDecodeError::AddressWord`]), so a non-EVM destination never decodes.
///
/// ```
/// use alloy_primitives::{Bytes, B256, U256};
/// use securepay_core::calldata::lifi::AcrossV4;
///
/// let payer = "0x638252F8B5977b5A870756955164319FC9dAdF5B".parse()?;
/// let across = AcrossV4 {
///     receiver_address: payer,
///     refund_address: payer,
///     sending_asset_id: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831".parse()?,
///     receiving_asset_id: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48".parse()?,
///     output_amount: U256::from(999_000u64),
///     output_amount_multiplier: 999_000_000_000_000_000,
///     exclusive_relayer: B256::ZERO,
///     quote_timestamp: 1_773_620_423,
///     fill_deadline: 1_773_629_493,
///     exclusivity_parameter: 0,
///     message: Bytes::new(),
/// };
/// assert!(across.message.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AcrossV4 {
    /// `receiverAddress`: the Across `recipient` on the destination chain (the payee without a
    /// destination call, LI.FI's ReceiverAcrossV4 with one).
    pub receiver_address: Address,
    /// `refundAddress`: the Across `depositor`, refunded if the deposit expires.
    pub refund_address: Address,
    /// `sendingAssetId`: the Across `inputToken` of the ERC-20 path (the facet does not check it
    /// against `BridgeData::sending_asset_id`).
    pub sending_asset_id: Address,
    /// `receivingAssetId`: the Across `outputToken` on the destination chain.
    pub receiving_asset_id: Address,
    /// `outputAmount`: delivered on the destination chain (ignored and recomputed by
    /// `swapAndStartBridge…`).
    pub output_amount: U256,
    /// `outputAmountMultiplier` (1e18 = 1): `swapAndStartBridge…` delivers
    /// `postSwapAmount * multiplier / 1e18`.
    pub output_amount_multiplier: u128,
    /// `exclusiveRelayer`, kept as the raw word.
    pub exclusive_relayer: B256,
    /// `quoteTimestamp`.
    pub quote_timestamp: u32,
    /// `fillDeadline`.
    pub fill_deadline: u32,
    /// `exclusivityParameter`.
    pub exclusivity_parameter: u32,
    /// `message`: the destination message (empty without a destination call); see
    /// [`decode_destination_message`](super::decode_destination_message).
    pub message: Bytes,
}

/// The address in a `bytes32` word, if its upper 12 bytes are zero.
fn address_word(word: B256, field: &'static str) -> Result<Address, LifiDecodeError> {
    let address = Address::from_word(word);
    if address.into_word() == word {
        Ok(address)
    } else {
        Err(LifiDecodeError::AddressWord { field })
    }
}

impl TryFrom<SolAcrossV4Data> for AcrossV4 {
    type Error = LifiDecodeError;

    fn try_from(d: SolAcrossV4Data) -> Result<Self, LifiDecodeError> {
        Ok(AcrossV4 {
            receiver_address: address_word(d.receiverAddress, "receiverAddress")?,
            refund_address: address_word(d.refundAddress, "refundAddress")?,
            sending_asset_id: address_word(d.sendingAssetId, "sendingAssetId")?,
            receiving_asset_id: address_word(d.receivingAssetId, "receivingAssetId")?,
            output_amount: d.outputAmount,
            output_amount_multiplier: d.outputAmountMultiplier,
            exclusive_relayer: d.exclusiveRelayer,
            quote_timestamp: d.quoteTimestamp,
            fill_deadline: d.fillDeadline,
            exclusivity_parameter: d.exclusivityParameter,
            message: d.message,
        })
    }
}

impl From<AcrossV4> for SolAcrossV4Data {
    fn from(d: AcrossV4) -> Self {
        SolAcrossV4Data {
            receiverAddress: d.receiver_address.into_word(),
            refundAddress: d.refund_address.into_word(),
            sendingAssetId: d.sending_asset_id.into_word(),
            receivingAssetId: d.receiving_asset_id.into_word(),
            outputAmount: d.output_amount,
            outputAmountMultiplier: d.output_amount_multiplier,
            exclusiveRelayer: d.exclusive_relayer,
            quoteTimestamp: d.quote_timestamp,
            fillDeadline: d.fill_deadline,
            exclusivityParameter: d.exclusivity_parameter,
            message: d.message,
        }
    }
}

/// A decoded AcrossFacetV4 call: `startBridgeTokensViaAcrossV4` when `source_swaps` is empty,
/// `swapAndStartBridgeTokensViaAcrossV4` otherwise (a swap-and-bridge call with no swap is
/// refused, so the function follows from the fields).
///
/// ```
/// use alloy_primitives::{Address, Bytes, B256, U256};
/// use securepay_core::calldata::lifi::{decode_bridge_call, AcrossBridgeCall, AcrossV4, BridgeData};
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
/// assert_eq!((call.function(), call.selector()), ("startBridgeTokensViaAcrossV4", [0xa1, 0xf1, 0xce, 0x43]));
/// assert_eq!(decode_bridge_call(&call.abi_encode())?, call);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AcrossBridgeCall {
    /// `_bridgeData`.
    pub bridge: BridgeData,
    /// `_swapData`: the source swaps of `swapAndStartBridgeTokensViaAcrossV4` (never empty
    /// there); empty for `startBridgeTokensViaAcrossV4`.
    pub source_swaps: Vec<SwapData>,
    /// `_acrossData`.
    pub across: AcrossV4,
}

impl AcrossBridgeCall {
    /// The function this call is: `startBridgeTokensViaAcrossV4` without source swaps,
    /// `swapAndStartBridgeTokensViaAcrossV4` with them.
    ///
    /// ```
    /// use alloy_primitives::{Address, Bytes, B256, U256};
    /// use securepay_core::calldata::lifi::{AcrossBridgeCall, AcrossV4, BridgeData, SwapData};
    ///
    /// # let bridge = BridgeData {
    /// #     transaction_id: B256::ZERO, bridge: "across".into(), integrator: String::new(),
    /// #     referrer: Address::ZERO, sending_asset_id: Address::ZERO, receiver: Address::ZERO,
    /// #     min_amount: U256::ZERO, destination_chain_id: U256::ZERO,
    /// #     has_source_swaps: false, has_destination_call: false,
    /// # };
    /// # let across = AcrossV4 {
    /// #     receiver_address: Address::ZERO, refund_address: Address::ZERO, sending_asset_id: Address::ZERO,
    /// #     receiving_asset_id: Address::ZERO, output_amount: U256::ZERO, output_amount_multiplier: 0,
    /// #     exclusive_relayer: B256::ZERO, quote_timestamp: 0, fill_deadline: 0,
    /// #     exclusivity_parameter: 0, message: Bytes::new(),
    /// # };
    /// # let swap = SwapData {
    /// #     call_to: Address::ZERO, approve_to: Address::ZERO, sending_asset_id: Address::ZERO,
    /// #     receiving_asset_id: Address::ZERO, from_amount: U256::ZERO, call_data: Bytes::new(),
    /// #     requires_deposit: true,
    /// # };
    /// let mut call = AcrossBridgeCall { bridge, source_swaps: vec![], across };
    /// assert_eq!(call.function(), "startBridgeTokensViaAcrossV4");
    /// call.source_swaps.push(swap);
    /// assert_eq!(call.function(), "swapAndStartBridgeTokensViaAcrossV4");
    /// ```
    pub fn function(&self) -> &'static str {
        if self.source_swaps.is_empty() {
            START_NAME
        } else {
            SWAP_AND_START_NAME
        }
    }

    /// The selector of [`function`](Self::function): `0xa1f1ce43` or `0x1794958f`.
    ///
    /// ```
    /// use alloy_sol_types::SolCall;
    /// use securepay_core::calldata::lifi::abi::AcrossFacetV4::swapAndStartBridgeTokensViaAcrossV4Call;
    ///
    /// assert_eq!(swapAndStartBridgeTokensViaAcrossV4Call::SELECTOR, [0x17, 0x94, 0x95, 0x8f]);
    /// ```
    pub fn selector(&self) -> [u8; 4] {
        if self.source_swaps.is_empty() {
            START
        } else {
            SWAP_AND_START
        }
    }

    /// The calldata of this call (selector and arguments), encoded by the `sol!` types;
    /// [`decode_bridge_call`](super::decode_bridge_call) gives the call back.
    ///
    /// ```
    /// use alloy_primitives::{Address, Bytes, B256, U256};
    /// use securepay_core::calldata::lifi::{decode_bridge_call, AcrossBridgeCall, AcrossV4, BridgeData, SwapData};
    ///
    /// let weth: Address = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2".parse()?;
    /// let fee_step = SwapData {
    ///     call_to: "0x685527c551Cc40ce1f1C9818cD8683307076E4eD".parse()?, approve_to: Address::ZERO,
    ///     sending_asset_id: Address::ZERO, receiving_asset_id: Address::ZERO,
    ///     from_amount: U256::from(1000u16), call_data: Bytes::from_static(&[0x0e, 0x8a, 0xe6, 0x7f]),
    ///     requires_deposit: true,
    /// };
    /// let call = AcrossBridgeCall {
    ///     bridge: BridgeData {
    ///         transaction_id: B256::ZERO, bridge: "across".into(), integrator: "_ledger".into(),
    ///         referrer: Address::ZERO, sending_asset_id: Address::ZERO, receiver: Address::repeat_byte(1),
    ///         min_amount: U256::from(990u16), destination_chain_id: U256::from(8453u16),
    ///         has_source_swaps: true, has_destination_call: false,
    ///     },
    ///     source_swaps: vec![fee_step],
    ///     across: AcrossV4 {
    ///         receiver_address: Address::repeat_byte(1), refund_address: Address::repeat_byte(2),
    ///         sending_asset_id: weth, receiving_asset_id: "0x4200000000000000000000000000000000000006".parse()?,
    ///         output_amount: U256::from(980u16), output_amount_multiplier: 990_000_000_000_000_000,
    ///         exclusive_relayer: B256::ZERO, quote_timestamp: 0, fill_deadline: 0,
    ///         exclusivity_parameter: 0, message: Bytes::new(),
    ///     },
    /// };
    /// let data = call.abi_encode();
    /// assert_eq!(data.get(..4), Some(&[0x17, 0x94, 0x95, 0x8f][..]));
    /// assert_eq!(decode_bridge_call(&data)?, call);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn abi_encode(&self) -> Vec<u8> {
        let bridge = ILiFi::BridgeData::from(self.bridge.clone());
        let across = SolAcrossV4Data::from(self.across.clone());
        if self.source_swaps.is_empty() {
            StartCall {
                _bridgeData: bridge,
                _acrossData: across,
            }
            .abi_encode()
        } else {
            SwapAndStartCall {
                _bridgeData: bridge,
                _swapData: self.source_swaps.iter().cloned().map(Into::into).collect(),
                _acrossData: across,
            }
            .abi_encode()
        }
    }
}

/// The Across V4 destination message `(bytes32 transactionId, SwapData[] swapData, address
/// receiver)` (`lifinance/contracts@ef00558f:src/Periphery/ReceiverAcrossV4.sol:68`), typed: LI.FI's ReceiverAcrossV4 hands `swaps` to the Executor,
/// which sends leftovers to `receiver`; if the swaps revert, `receiver` gets the whole bridged
/// amount.
///
/// ```
/// use alloy_primitives::{Address, B256};
/// use securepay_core::calldata::lifi::{decode_destination_message, DestinationMessage};
///
/// let message = DestinationMessage { transaction_id: B256::repeat_byte(9), swaps: vec![], receiver: Address::repeat_byte(3) };
/// assert_eq!(decode_destination_message(&message.abi_encode())?, message);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DestinationMessage {
    /// `transactionId`.
    pub transaction_id: B256,
    /// `swapData`: the calls the Executor makes on the destination chain.
    pub swaps: Vec<SwapData>,
    /// `receiver`: gets leftovers, or everything if the calls revert.
    pub receiver: Address,
}

impl DestinationMessage {
    /// The message bytes (`abi.encode` of the three values, no selector), encoded by the `sol!`
    /// type; [`decode_destination_message`](super::decode_destination_message) gives the message
    /// back.
    ///
    /// ```
    /// use alloy_primitives::{Address, B256};
    /// use securepay_core::calldata::lifi::DestinationMessage;
    ///
    /// let message = DestinationMessage { transaction_id: B256::ZERO, swaps: vec![], receiver: Address::ZERO };
    /// assert_eq!(message.abi_encode().len(), 4 * 32); // id, offset of the list, receiver, length 0
    /// ```
    pub fn abi_encode(&self) -> Vec<u8> {
        let message = AcrossV4Message {
            transactionId: self.transaction_id,
            swapData: self.swaps.iter().cloned().map(Into::into).collect(),
            receiver: self.receiver,
        };
        AcrossV4Message::abi_encode_params(&message)
    }
}

// JSON. Every value is written through a type the decoder's other answers already serialize
// (`ChainAddress`, `fmt::Arguments`, `u64`, `bool`, `str`), each field by the out-of-line
// `entry`: the size budget of the WebAssembly package counts the code of each.

/// An address with its EIP-55 checksum.
fn checksummed(address: Address) -> ChainAddress {
    ChainAddress::Evm(EvmAddress::new(address))
}

impl Serialize for BridgeData {
    /// `{"transactionId","bridge","integrator","referrer","sendingAssetId","receiver",
    /// "minAmount","destinationChainId","hasSourceSwaps","hasDestinationCall"}`, named as in the
    /// ABI: addresses with their checksum, the amount and the chain id decimal strings.
    ///
    /// ```
    /// use alloy_primitives::{Address, B256, U256};
    /// use securepay_core::calldata::lifi::BridgeData;
    ///
    /// let bridge = BridgeData {
    ///     transaction_id: B256::repeat_byte(1), bridge: "across".into(), integrator: "lifi-api".into(),
    ///     referrer: Address::ZERO, sending_asset_id: "0xaf88d065e77c8cC2239327C5EDb3A432268e5831".parse()?,
    ///     receiver: "0x638252F8B5977b5A870756955164319FC9dAdF5B".parse()?, min_amount: U256::from(1_000_000u64),
    ///     destination_chain_id: U256::from(1u8), has_source_swaps: false, has_destination_call: false,
    /// };
    /// let json = serde_json::to_value(&bridge)?;
    /// assert_eq!(json["transactionId"], format!("0x{}", "01".repeat(32)));
    /// assert_eq!((&json["sendingAssetId"], &json["minAmount"]), (&"0xaf88d065e77c8cC2239327C5EDb3A432268e5831".into(), &"1000000".into()));
    /// assert_eq!((&json["destinationChainId"], &json["hasDestinationCall"]), (&"1".into(), &false.into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_map(Some(10))?;
        entry(
            &mut out,
            "transactionId",
            &format_args!("{}", self.transaction_id),
        )?;
        entry(&mut out, "bridge", self.bridge.as_str())?;
        entry(&mut out, "integrator", self.integrator.as_str())?;
        entry(&mut out, "referrer", &checksummed(self.referrer))?;
        entry(
            &mut out,
            "sendingAssetId",
            &checksummed(self.sending_asset_id),
        )?;
        entry(&mut out, "receiver", &checksummed(self.receiver))?;
        entry(&mut out, "minAmount", &format_args!("{}", self.min_amount))?;
        entry(
            &mut out,
            "destinationChainId",
            &format_args!("{}", self.destination_chain_id),
        )?;
        entry(&mut out, "hasSourceSwaps", &self.has_source_swaps)?;
        entry(&mut out, "hasDestinationCall", &self.has_destination_call)?;
        out.end()
    }
}

impl SwapData {
    /// Writes the seven fields, named as in the ABI, into an object being serialized: the
    /// `SwapData` itself, or a destination call that adds its decoded call.
    pub(crate) fn serialize_fields<M: SerializeMap>(&self, out: &mut M) -> Result<(), M::Error> {
        entry(out, "callTo", &checksummed(self.call_to))?;
        entry(out, "approveTo", &checksummed(self.approve_to))?;
        entry(out, "sendingAssetId", &checksummed(self.sending_asset_id))?;
        entry(
            out,
            "receivingAssetId",
            &checksummed(self.receiving_asset_id),
        )?;
        entry(out, "fromAmount", &format_args!("{}", self.from_amount))?;
        entry(out, "callData", &format_args!("{}", self.call_data))?;
        entry(out, "requiresDeposit", &self.requires_deposit)
    }
}

impl Serialize for SwapData {
    /// `{"callTo","approveTo","sendingAssetId","receivingAssetId","fromAmount","callData",
    /// "requiresDeposit"}`: addresses with their checksum, the amount a decimal string, the
    /// calldata `0x` hex.
    ///
    /// ```
    /// use alloy_primitives::{bytes, Address, U256};
    /// use securepay_core::calldata::lifi::SwapData;
    ///
    /// let proxy = "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814".parse()?;
    /// let pay = SwapData {
    ///     call_to: proxy, approve_to: proxy, sending_asset_id: Address::ZERO, receiving_asset_id: Address::ZERO,
    ///     from_amount: U256::from(10_500_000u64), call_data: bytes!("c219a14d"), requires_deposit: false,
    /// };
    /// assert_eq!(
    ///     serde_json::to_string(&pay)?,
    ///     r#"{"callTo":"0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814","approveTo":"0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814","sendingAssetId":"0x0000000000000000000000000000000000000000","receivingAssetId":"0x0000000000000000000000000000000000000000","fromAmount":"10500000","callData":"0xc219a14d","requiresDeposit":false}"#
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_map(Some(7))?;
        self.serialize_fields(&mut out)?;
        out.end()
    }
}

impl Serialize for AcrossV4 {
    /// `{"receiverAddress","refundAddress","sendingAssetId","receivingAssetId","outputAmount",
    /// "outputAmountMultiplier","exclusiveRelayer","quoteTimestamp","fillDeadline",
    /// "exclusivityParameter","message"}`, named as in the ABI: the four address words as
    /// addresses with their checksum, the amount and the multiplier decimal strings, the relayer
    /// word and the message `0x` hex, the times numbers.
    ///
    /// ```
    /// use alloy_primitives::{Address, Bytes, B256, U256};
    /// use securepay_core::calldata::lifi::AcrossV4;
    ///
    /// let payer: Address = "0x638252F8B5977b5A870756955164319FC9dAdF5B".parse()?;
    /// let across = AcrossV4 {
    ///     receiver_address: payer, refund_address: payer, sending_asset_id: payer, receiving_asset_id: payer,
    ///     output_amount: U256::from(999_000u64), output_amount_multiplier: 999_000_000_000_000_000,
    ///     exclusive_relayer: B256::ZERO, quote_timestamp: 1_773_620_423, fill_deadline: 1_773_629_493,
    ///     exclusivity_parameter: 0, message: Bytes::from_static(&[0xab]),
    /// };
    /// let json = serde_json::to_value(&across)?;
    /// assert_eq!(json["receiverAddress"], "0x638252F8B5977b5A870756955164319FC9dAdF5B");
    /// assert_eq!((&json["outputAmountMultiplier"], &json["quoteTimestamp"]), (&"999000000000000000".into(), &1_773_620_423.into()));
    /// assert_eq!((&json["exclusiveRelayer"], &json["message"]), (&format!("0x{}", "0".repeat(64)).into(), &"0xab".into()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_map(Some(11))?;
        entry(
            &mut out,
            "receiverAddress",
            &checksummed(self.receiver_address),
        )?;
        entry(&mut out, "refundAddress", &checksummed(self.refund_address))?;
        entry(
            &mut out,
            "sendingAssetId",
            &checksummed(self.sending_asset_id),
        )?;
        entry(
            &mut out,
            "receivingAssetId",
            &checksummed(self.receiving_asset_id),
        )?;
        entry(
            &mut out,
            "outputAmount",
            &format_args!("{}", self.output_amount),
        )?;
        entry(
            &mut out,
            "outputAmountMultiplier",
            &format_args!("{}", self.output_amount_multiplier),
        )?;
        entry(
            &mut out,
            "exclusiveRelayer",
            &format_args!("{}", self.exclusive_relayer),
        )?;
        entry(&mut out, "quoteTimestamp", &u64::from(self.quote_timestamp))?;
        entry(&mut out, "fillDeadline", &u64::from(self.fill_deadline))?;
        entry(
            &mut out,
            "exclusivityParameter",
            &u64::from(self.exclusivity_parameter),
        )?;
        entry(&mut out, "message", &format_args!("{}", self.message))?;
        out.end()
    }
}

impl Serialize for AcrossBridgeCall {
    /// The arguments, named as in the ABI: `{"_bridgeData","_swapData","_acrossData"}`, without
    /// `_swapData` for `startBridgeTokensViaAcrossV4` (which has no such parameter).
    ///
    /// ```
    /// use alloy_primitives::{Address, Bytes, B256, U256};
    /// use securepay_core::calldata::lifi::{AcrossBridgeCall, AcrossV4, BridgeData, SwapData};
    ///
    /// # let bridge = BridgeData {
    /// #     transaction_id: B256::ZERO, bridge: "across".into(), integrator: String::new(),
    /// #     referrer: Address::ZERO, sending_asset_id: Address::ZERO, receiver: Address::ZERO,
    /// #     min_amount: U256::ZERO, destination_chain_id: U256::ZERO,
    /// #     has_source_swaps: false, has_destination_call: false,
    /// # };
    /// # let across = AcrossV4 {
    /// #     receiver_address: Address::ZERO, refund_address: Address::ZERO, sending_asset_id: Address::ZERO,
    /// #     receiving_asset_id: Address::ZERO, output_amount: U256::ZERO, output_amount_multiplier: 0,
    /// #     exclusive_relayer: B256::ZERO, quote_timestamp: 0, fill_deadline: 0,
    /// #     exclusivity_parameter: 0, message: Bytes::new(),
    /// # };
    /// # let swap = SwapData {
    /// #     call_to: Address::ZERO, approve_to: Address::ZERO, sending_asset_id: Address::ZERO,
    /// #     receiving_asset_id: Address::ZERO, from_amount: U256::ZERO, call_data: Bytes::new(),
    /// #     requires_deposit: true,
    /// # };
    /// let mut call = AcrossBridgeCall { bridge, source_swaps: vec![], across };
    /// let args = serde_json::to_value(&call)?;
    /// assert!(args.get("_bridgeData").is_some() && args.get("_acrossData").is_some());
    /// assert!(args.get("_swapData").is_none());
    /// call.source_swaps.push(swap);
    /// assert_eq!(serde_json::to_value(&call)?["_swapData"][0]["requiresDeposit"], true);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let swaps = !self.source_swaps.is_empty();
        let mut out = serializer.serialize_map(Some(if swaps { 3 } else { 2 }))?;
        entry(&mut out, "_bridgeData", &self.bridge)?;
        if swaps {
            entry(&mut out, "_swapData", &self.source_swaps)?;
        }
        entry(&mut out, "_acrossData", &self.across)?;
        out.end()
    }
}
