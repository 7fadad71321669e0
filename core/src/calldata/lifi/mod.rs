//! LI.FI bridge calldata: strict decoding of the two AcrossFacetV4 entry points a Request Network
//! cross-chain route may call, of the Across V4 destination message, and the LI.FI periphery
//! addresses a verifier compares them with.
//!
//! Only `startBridgeTokensViaAcrossV4` (`0xa1f1ce43`) and `swapAndStartBridgeTokensViaAcrossV4`
//! (`0x1794958f`) are decoded. Every other function of `tests/data/reference/lifi-abi.json` (other bridges,
//! older Across facets, the packed Across entry points, same-chain swaps, Permit2Proxy wrappers,
//! CalldataVerificationFacet, …) is recognised and refused with
//! [`LifiDecodeError::NotAllowed`]; anything else is [`LifiDecodeError::UnknownSelector`]. The
//! encoding must be strict: trailing bytes, dirty padding and non-canonical offsets are errors,
//! and the `bytes32` address words of the Across data must hold EVM addresses.
//!
//! Decoding checks the encoding, not the route: whether the fields agree with each other and with
//! the payment is the verifier's job ([`crate::verify`]).
//!
//! ```
//! use securepay_core::calldata::lifi::{decode_bridge_call, LifiDecodeError};
//!
//! let mut relay = vec![0xae, 0x32, 0x85, 0x90]; // RelayFacet.startBridgeTokensViaRelay
//! relay.extend_from_slice(&[0u8; 64]);
//! assert_eq!(
//!     decode_bridge_call(&relay),
//!     Err(LifiDecodeError::NotAllowed { selector: [0xae, 0x32, 0x85, 0x90], function: "startBridgeTokensViaRelay", packed: false })
//! );
//! ```

use crate::prelude::*;

pub mod abi;
mod facts;
mod known;
mod types;

use alloy_primitives::hex;
use alloy_sol_types::abi::AbiDecoderConfig;
use alloy_sol_types::{SolCall, SolType};

use abi::AcrossFacetV4::{
    startBridgeTokensViaAcrossV4Call as StartCall,
    swapAndStartBridgeTokensViaAcrossV4Call as SwapAndStartCall,
};
use abi::AcrossV4Message;

pub use facts::{ExecutorVersion, erc20_proxy, executor, executor_version, receiver_across_v4};
pub use types::{AcrossBridgeCall, AcrossV4, BridgeData, DestinationMessage, SwapData};

const STRICT: AbiDecoderConfig = AbiDecoderConfig::new().strict(true);

const START: [u8; 4] = StartCall::SELECTOR;
const SWAP_AND_START: [u8; 4] = SwapAndStartCall::SELECTOR;
const START_NAME: &str = "startBridgeTokensViaAcrossV4";
const SWAP_AND_START_NAME: &str = "swapAndStartBridgeTokensViaAcrossV4";
const MESSAGE: &str = "destination message";

/// Why LI.FI calldata or an Across destination message was not accepted.
///
/// ```
/// use securepay_core::calldata::lifi::{decode_bridge_call, LifiDecodeError};
///
/// assert_eq!(decode_bridge_call(&[0xa1, 0xf1]), Err(LifiDecodeError::TooShort(2)));
/// assert_eq!(decode_bridge_call(&[0xd7, 0x55, 0x6c, 0x1e]), Err(LifiDecodeError::UnknownSelector([0xd7, 0x55, 0x6c, 0x1e])));
/// // The selector of startBridgeTokensViaAcrossV4 with no arguments.
/// assert_eq!(decode_bridge_call(&[0xa1, 0xf1, 0xce, 0x43]), Err(LifiDecodeError::Truncated("startBridgeTokensViaAcrossV4")));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LifiDecodeError {
    /// Fewer than 4 bytes: no selector.
    #[error("calldata of {0} byte(s) is too short to hold a function selector")]
    TooShort(usize),
    /// A selector of no function in `tests/data/reference/lifi-abi.json`.
    #[error("unknown LI.FI function selector 0x{}", hex::encode(.0))]
    UnknownSelector([u8; 4]),
    /// A known LI.FI (or listed) function other than the two AcrossFacetV4 entry points.
    #[error(
        "{function} (0x{}, {}){} is not allowed: only {START_NAME} and {SWAP_AND_START_NAME} pass",
        hex::encode(.selector),
        contract_of(*.selector),
        if *.packed { ", a packed entry point without BridgeData," } else { "" }
    )]
    NotAllowed {
        /// The selector.
        selector: [u8; 4],
        /// The function it names in `tests/data/reference/lifi-abi.json`.
        function: &'static str,
        /// Whether it is a packed Across entry point (no ABI `BridgeData`).
        packed: bool,
    },
    /// The arguments end early.
    #[error("{0}: calldata is truncated")]
    Truncated(&'static str),
    /// Bytes after the canonical encoding.
    #[error("{function}: {extra} unexpected byte(s) after the arguments")]
    TrailingBytes {
        /// The function (or `destination message`).
        function: &'static str,
        /// How many bytes follow the encoding.
        extra: usize,
    },
    /// A value word with non-zero padding (an address, bool or small integer that is not clean).
    #[error("{0}: a value is not canonically encoded (dirty padding in an address, bool or int)")]
    DirtyValue(&'static str),
    /// Non-canonical offsets or lengths, or dirty padding after dynamic data.
    #[error("{0}: the encoding is not canonical (offsets, lengths or padding of dynamic data)")]
    NonCanonical(&'static str),
    /// A `bytes32` field of the Across data that must hold an EVM address has non-zero upper 12
    /// bytes (a non-EVM destination or garbage).
    #[error("AcrossV4Data.{field} is not an EVM address: its upper 12 bytes are not zero")]
    AddressWord {
        /// The Solidity field name (`receiverAddress`, `refundAddress`, `sendingAssetId`,
        /// `receivingAssetId`).
        field: &'static str,
    },
    /// `swapAndStartBridgeTokensViaAcrossV4` with an empty `SwapData[]`: a swap-and-bridge call
    /// with no swap, which would re-encode as `startBridgeTokensViaAcrossV4`.
    #[error("{SWAP_AND_START_NAME} with an empty swap list")]
    EmptySourceSwaps,
}

/// One function of `tests/data/reference/lifi-abi.json`.
///
/// ```
/// use securepay_core::calldata::lifi::known_function;
///
/// let relay = known_function([0xae, 0x32, 0x85, 0x90]).ok_or("listed")?;
/// assert_eq!((relay.name, relay.contract, relay.packed), ("startBridgeTokensViaRelay", "RelayFacet", false));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct KnownFunction {
    /// The 4-byte selector.
    pub selector: [u8; 4],
    /// The function name.
    pub name: &'static str,
    /// The contract (facet or periphery) it belongs to: the lifi-contract-types factory
    /// (`lifinance/lifi-contract-types@06cf58dc:dist/factories/<Contract>__factory.js`) the entry
    /// was copied from, as `gen/lifi-provenance.json` records it.
    pub contract: &'static str,
    /// An older ABI of that contract (copied from an earlier lifi-contract-types commit,
    /// `gen/lifi-provenance.json`): a previous version of
    /// the function, with other parameter types.
    pub historical: bool,
    /// A packed Across entry point (AcrossFacetPackedV3/V4): no ABI `BridgeData`.
    pub packed: bool,
    /// The canonical signature (tuples expanded) the selector is the `keccak256` of.
    pub signature: &'static str,
}

/// Every function of `tests/data/reference/lifi-abi.json` (94), in file order; the two accepted
/// AcrossFacetV4 entry points included.
///
/// ```
/// use securepay_core::calldata::lifi::known_functions;
///
/// assert_eq!(known_functions().len(), 94);
/// assert_eq!(known_functions().iter().filter(|f| f.packed).count(), 8);
/// ```
pub fn known_functions() -> &'static [KnownFunction] {
    known::KNOWN_FUNCTIONS
}

/// The function of `tests/data/reference/lifi-abi.json` with this selector, if any.
///
/// ```
/// use securepay_core::calldata::lifi::known_function;
///
/// let packed = known_function([0x36, 0xb9, 0x24, 0x04]).ok_or("listed")?;
/// assert_eq!((packed.name, packed.packed), ("startBridgeTokensViaAcrossV4ERC20Packed", true));
/// assert!(known_function([0, 0, 0, 0]).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn known_function(selector: [u8; 4]) -> Option<&'static KnownFunction> {
    known::KNOWN_FUNCTIONS
        .iter()
        .find(|f| f.selector == selector)
}

fn contract_of(selector: [u8; 4]) -> &'static str {
    known_function(selector).map_or("unknown contract", |f| f.contract)
}

/// Maps a strict decoding failure to its precise error, checking first whether only trailing
/// bytes were wrong. `decode` runs with the configuration it is given; `size` is the canonical
/// size of a decoded value.
fn strict<T>(
    what: &'static str,
    len: usize,
    decode: impl Fn(AbiDecoderConfig) -> Result<T, alloy_sol_types::Error>,
    size: impl Fn(&T) -> usize,
) -> Result<T, LifiDecodeError> {
    decode(STRICT).map_err(|error| {
        if let Ok(decoded) = decode(STRICT.validate_allow_trailing_bytes(true)) {
            return LifiDecodeError::TrailingBytes {
                function: what,
                extra: len.saturating_sub(size(&decoded)),
            };
        }
        match error {
            alloy_sol_types::Error::Overrun => LifiDecodeError::Truncated(what),
            alloy_sol_types::Error::TypeCheckFail { .. } => LifiDecodeError::DirtyValue(what),
            _ => LifiDecodeError::NonCanonical(what),
        }
    })
}

/// Strictly decodes LI.FI diamond calldata into an [`AcrossBridgeCall`]: only
/// `startBridgeTokensViaAcrossV4` and `swapAndStartBridgeTokensViaAcrossV4` are accepted.
///
/// Errors: fewer than 4 bytes is [`LifiDecodeError::TooShort`]; another function of
/// `tests/data/reference/lifi-abi.json` is [`LifiDecodeError::NotAllowed`] (naming it); any other selector
/// is [`LifiDecodeError::UnknownSelector`]; a malformed encoding is `Truncated`,
/// `TrailingBytes`, `DirtyValue` or `NonCanonical`; an Across address word that is not an EVM
/// address is `AddressWord`; a swap-and-bridge call without swaps is `EmptySourceSwaps`.
///
/// ```
/// use alloy_primitives::hex;
/// use securepay_core::calldata::lifi::{decode_bridge_call, LifiDecodeError};
///
/// // Permit2Proxy.callDiamondWithEIP2612Signature wraps diamond calldata: refused, not unwrapped.
/// let wrapper = hex!("d7a08473");
/// assert!(matches!(
///     decode_bridge_call(&wrapper),
///     Err(LifiDecodeError::NotAllowed { function: "callDiamondWithEIP2612Signature", packed: false, .. })
/// ));
/// // A packed Across entry point: no ABI arguments, no BridgeData.
/// assert!(matches!(decode_bridge_call(&hex!("36b92404")), Err(LifiDecodeError::NotAllowed { packed: true, .. })));
/// ```
pub fn decode_bridge_call(data: &[u8]) -> Result<AcrossBridgeCall, LifiDecodeError> {
    let Some((selector, args)) = data.split_first_chunk::<4>() else {
        return Err(LifiDecodeError::TooShort(data.len()));
    };
    match *selector {
        START => {
            let call = strict(
                START_NAME,
                args.len(),
                |config| StartCall::abi_decode_raw_with_config(args, config),
                |call| call.abi_encoded_size(),
            )?;
            Ok(AcrossBridgeCall {
                bridge: call._bridgeData.into(),
                source_swaps: Vec::new(),
                across: call._acrossData.try_into()?,
            })
        }
        SWAP_AND_START => {
            let call = strict(
                SWAP_AND_START_NAME,
                args.len(),
                |config| SwapAndStartCall::abi_decode_raw_with_config(args, config),
                |call| call.abi_encoded_size(),
            )?;
            let across = call._acrossData.try_into()?;
            if call._swapData.is_empty() {
                return Err(LifiDecodeError::EmptySourceSwaps);
            }
            Ok(AcrossBridgeCall {
                bridge: call._bridgeData.into(),
                source_swaps: call._swapData.into_iter().map(Into::into).collect(),
                across,
            })
        }
        other => Err(match known_function(other) {
            Some(known) => LifiDecodeError::NotAllowed {
                selector: other,
                function: known.name,
                packed: known.packed,
            },
            None => LifiDecodeError::UnknownSelector(other),
        }),
    }
}

/// Strictly decodes an Across V4 destination message (`AcrossV4::message`) as
/// `abi.encode(bytes32 transactionId, SwapData[] swapData, address receiver)`.
///
/// Errors: `Truncated`, `TrailingBytes`, `DirtyValue` or `NonCanonical`, each naming
/// `destination message`. An empty message (no destination call) is `Truncated`.
///
/// ```
/// use alloy_primitives::{Address, Bytes, B256, U256};
/// use securepay_core::calldata::lifi::{decode_destination_message, DestinationMessage, LifiDecodeError, SwapData};
///
/// let proxy: Address = "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814".parse()?; // ERC20FeeProxy on Base
/// let pay = SwapData {
///     call_to: proxy, approve_to: proxy,
///     sending_asset_id: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?, receiving_asset_id: Address::ZERO,
///     from_amount: U256::from(10_500_000u64), call_data: Bytes::from_static(&[0xc2, 0x19, 0xa1, 0x4d]),
///     requires_deposit: false,
/// };
/// let message = DestinationMessage { transaction_id: B256::repeat_byte(1), swaps: vec![pay], receiver: Address::repeat_byte(2) };
/// let mut bytes = message.abi_encode();
/// assert_eq!(decode_destination_message(&bytes)?, message);
/// bytes.push(0);
/// assert_eq!(
///     decode_destination_message(&bytes),
///     Err(LifiDecodeError::TrailingBytes { function: "destination message", extra: 1 })
/// );
/// assert_eq!(decode_destination_message(&[]), Err(LifiDecodeError::Truncated("destination message")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn decode_destination_message(message: &[u8]) -> Result<DestinationMessage, LifiDecodeError> {
    let decoded = strict(
        MESSAGE,
        message.len(),
        |config| AcrossV4Message::abi_decode_params_with_config(message, config),
        |decoded| AcrossV4Message::abi_encode_params(decoded).len(),
    )?;
    Ok(DestinationMessage {
        transaction_id: decoded.transactionId,
        swaps: decoded.swapData.into_iter().map(Into::into).collect(),
        receiver: decoded.receiver,
    })
}
