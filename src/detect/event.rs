//! Decoding a log of a known contract into the payment event that contract emits: the
//! contract decides which events are read (an event its source never emits is not a payment),
//! and the log is decoded strictly with the `sol!` declarations of
//! [`contracts::events`](crate::contracts::events): exactly two topics, exactly the event's
//! data words, address words with zero padding.

use std::fmt;

use alloy_primitives::{Address, B256, U256};
use alloy_sol_types::SolEvent;
use alloy_sol_types::abi::AbiDecoderConfig;

use super::abi_error::AbiError;
use super::log::Topics;
use super::tron::{TronEvent, tron_address};
use crate::contracts::Contract;
use crate::contracts::events::{
    ConversionProxyEvents, ERC20FeeProxyEvents, ERC20ProxyEvents, EthereumFeeProxyEvents,
    EthereumProxyEvents,
};

const STRICT: AbiDecoderConfig = AbiDecoderConfig::new().strict(true);

/// A payment event, decoded. Addresses are the 20 bytes of the ABI (a Tron address's body).
///
/// ```
/// use alloy_primitives::{address, b256, bytes, U256};
/// use securepay::contracts::Contract;
/// use securepay::detect::{ProxyEvent, Topics};
///
/// // RN's any-to-eth fixture: the native fee event EthConversionProxy emits by delegatecall.
/// let topics = Topics::new(&[
///     b256!("a1c241e337c4610a9d0f881111e977e9dc8690c85fe2108897bb1483c66e6a96"),
///     b256!("01b253ade0cb0ae6ce8d28c4d74a6161059059d7cd7d073a040018b1a11390ac"),
/// ]).ok_or("topics")?;
/// let data = bytes!("0000000000000000000000000e8d9cb9e11278ad6e2ba1ca90385c7295dc6532000000000000000000000000000000000000000000000000004b3b3736d318ac000000000000000000000000000000000000000000000000000013425bf5758700000000000000000000000035d0e078755cd84d3e0656caab417dee1d7939c7");
/// let (event, _) = ProxyEvent::decode(Contract::EthConversionProxy, &topics, &data)?.ok_or("not a payment")?;
/// let ProxyEvent::NativeFee { amount, .. } = event else { return Err("native".into()) };
/// assert_eq!(amount, U256::from(21_175_731_582_343_340u64));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProxyEvent {
    /// ERC-20 `TransferWithReferenceAndFee` (ERC20FeeProxy; Erc20ConversionProxy's first event).
    Erc20Fee {
        /// `tokenAddress`.
        token: Address,
        /// `to`.
        to: Address,
        /// `amount`.
        amount: U256,
        /// `feeAmount`.
        fee_amount: U256,
        /// `feeAddress`.
        fee_address: Address,
    },
    /// Native `TransferWithReferenceAndFee` (EthereumFeeProxy; EthConversionProxy's first event).
    NativeFee {
        /// `to`.
        to: Address,
        /// `amount`.
        amount: U256,
        /// `feeAmount`.
        fee_amount: U256,
        /// `feeAddress`.
        fee_address: Address,
    },
    /// `TransferWithConversionAndReference` (the conversion proxies' second event).
    Conversion {
        /// `amount`, in the request's currency.
        amount: U256,
        /// `currency`: the request currency's hash (`path[0]`).
        currency: Address,
        /// `feeAmount`, in the request's currency.
        fee_amount: U256,
        /// `maxRateTimespan`.
        max_rate_timespan: U256,
    },
    /// ERC-20 `TransferWithReference` (ERC20Proxy).
    Erc20 {
        /// `tokenAddress`.
        token: Address,
        /// `to`.
        to: Address,
        /// `amount`.
        amount: U256,
    },
    /// Native `TransferWithReference` (EthereumProxy).
    Native {
        /// `to`.
        to: Address,
        /// `amount`.
        amount: U256,
    },
}

/// Why a log with a payment event's topic was not that event.
///
/// ```
/// use alloy_primitives::{b256, Bytes};
/// use securepay::contracts::Contract;
/// use securepay::detect::{EventError, ProxyEvent, Topics};
///
/// let topics = Topics::new(&[b256!("9f16cbcc523c67a60c450e5ffe4f3b7b6dbe772e7abcadb2686ce029a9a0a2b6")]).ok_or("topics")?;
/// let error = ProxyEvent::decode(Contract::Erc20FeeProxy, &topics, &Bytes::new()).unwrap_err();
/// assert_eq!(error, EventError::TopicCount { found: 1 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EventError {
    /// Not exactly two topics (the signature and the indexed reference).
    #[error("{found} topics; the event has 2 (its signature and the reference's hash)")]
    TopicCount {
        /// The number of topics.
        found: usize,
    },
    /// The data is not the strict ABI encoding of the event's fields. The decoder's error is
    /// the [`source()`](std::error::Error::source).
    #[error("data is not the strict ABI encoding of the event: {0}")]
    Abi(#[source] AbiError),
    /// A TronGrid field is missing or unreadable.
    #[error("result field {field:?}: {problem}")]
    TronField {
        /// The field.
        field: &'static str,
        /// What was wrong.
        problem: String,
    },
}

impl ProxyEvent {
    /// Decodes a log emitted by `contract`: `Ok(None)` when its first topic is not a payment
    /// event of that contract, and with the event the reference topic (the second topic).
    pub fn decode(
        contract: Contract,
        topics: &Topics,
        data: &[u8],
    ) -> Result<Option<(ProxyEvent, B256)>, EventError> {
        let Some(&signature) = topics.first() else {
            return Ok(None);
        };
        let words = topics.as_slice();
        let wanted = |hash: B256| signature == hash;
        let event = match contract {
            Contract::Erc20FeeProxy | Contract::Erc20ConversionProxy
                if wanted(ERC20FeeProxyEvents::TransferWithReferenceAndFee::SIGNATURE_HASH) =>
            {
                let e = strict::<ERC20FeeProxyEvents::TransferWithReferenceAndFee>(words, data)?;
                ProxyEvent::Erc20Fee {
                    token: e.tokenAddress,
                    to: e.to,
                    amount: e.amount,
                    fee_amount: e.feeAmount,
                    fee_address: e.feeAddress,
                }
            }
            Contract::EthereumFeeProxy | Contract::EthConversionProxy
                if wanted(EthereumFeeProxyEvents::TransferWithReferenceAndFee::SIGNATURE_HASH) =>
            {
                let e = strict::<EthereumFeeProxyEvents::TransferWithReferenceAndFee>(words, data)?;
                ProxyEvent::NativeFee {
                    to: e.to,
                    amount: e.amount,
                    fee_amount: e.feeAmount,
                    fee_address: e.feeAddress,
                }
            }
            Contract::Erc20ConversionProxy | Contract::EthConversionProxy
                if wanted(
                    ConversionProxyEvents::TransferWithConversionAndReference::SIGNATURE_HASH,
                ) =>
            {
                let e = strict::<ConversionProxyEvents::TransferWithConversionAndReference>(
                    words, data,
                )?;
                ProxyEvent::Conversion {
                    amount: e.amount,
                    currency: e.currency,
                    fee_amount: e.feeAmount,
                    max_rate_timespan: e.maxRateTimespan,
                }
            }
            Contract::Erc20Proxy
                if wanted(ERC20ProxyEvents::TransferWithReference::SIGNATURE_HASH) =>
            {
                let e = strict::<ERC20ProxyEvents::TransferWithReference>(words, data)?;
                ProxyEvent::Erc20 {
                    token: e.tokenAddress,
                    to: e.to,
                    amount: e.amount,
                }
            }
            Contract::EthereumProxy
                if wanted(EthereumProxyEvents::TransferWithReference::SIGNATURE_HASH) =>
            {
                let e = strict::<EthereumProxyEvents::TransferWithReference>(words, data)?;
                ProxyEvent::Native {
                    to: e.to,
                    amount: e.amount,
                }
            }
            _ => return Ok(None),
        };
        // Exactly two topics (checked by `strict`): the second is the reference's hash.
        let reference = words.get(1).copied().unwrap_or_default();
        Ok(Some((event, reference)))
    }

    /// Decodes a TronGrid event emitted by `contract` (only `ERC20FeeProxy` exists on Tron):
    /// `Ok(None)` when it is not the contract's payment event. The event's `result_type`, and
    /// the types in its `event` text, must be those of the declaration when given.
    ///
    /// ```
    /// # use securepay::contracts::Contract;
    /// # use securepay::detect::{ChainData, ProxyEvent};
    /// # use securepay::network::Network;
    /// let data = ChainData::from_slice(Network::Tron, br#"[{"block_number":1,"contract_address":"TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd",
    ///   "event_index":0,"event_name":"Transfer","result":{},"transaction_id":"6c42a6a1b4f0c5bc0d1e3e7a8f9b2c4d5e6f708192a3b4c5d6e7f8091a2b3c4d"}]"#)?;
    /// let ChainData::Tron(events) = data else { unreachable!() };
    /// assert_eq!(ProxyEvent::decode_tron(Contract::Erc20FeeProxy, &events[0])?, None); // not the payment event
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decode_tron(
        contract: Contract,
        event: &TronEvent,
    ) -> Result<Option<(ProxyEvent, B256)>, EventError> {
        if contract != Contract::Erc20FeeProxy || event.event_name != "TransferWithReferenceAndFee"
        {
            return Ok(None);
        }
        const FIELDS: [(&str, &str); 6] = [
            ("tokenAddress", "address"),
            ("to", "address"),
            ("amount", "uint256"),
            ("paymentReference", "bytes"),
            ("feeAmount", "uint256"),
            ("feeAddress", "address"),
        ];
        if let Some(text) = &event.event {
            if signature_types(text).as_deref()
                != Some(ERC20FeeProxyEvents::TransferWithReferenceAndFee::SIGNATURE)
            {
                return Err(EventError::TronField {
                    field: "event",
                    problem: format!(
                        "{text:?} is not {}",
                        ERC20FeeProxyEvents::TransferWithReferenceAndFee::SIGNATURE
                    ),
                });
            }
        }
        for (field, wanted) in FIELDS {
            if let Some(given) = event.field_type(field) {
                if given != wanted {
                    return Err(EventError::TronField {
                        field,
                        problem: format!("result_type {given:?}, not {wanted:?}"),
                    });
                }
            }
        }
        let text = |field: &'static str| {
            event.field(field).ok_or(EventError::TronField {
                field,
                problem: "missing".to_owned(),
            })
        };
        let address = |field: &'static str| {
            let given = text(field)?;
            tron_address(given)
                .map(|a| a.abi())
                .ok_or_else(|| EventError::TronField {
                    field,
                    problem: format!(
                        "{given:?} is not an address (0x or 41 and 40 hex digits, or Base58)"
                    ),
                })
        };
        let amount = |field: &'static str| {
            let given = text(field)?;
            decimal(given).ok_or_else(|| EventError::TronField {
                field,
                problem: format!("{given:?} is not a whole number in decimal"),
            })
        };
        let given = text("paymentReference")?;
        let reference = super::hex::word(given)
            .or_else(|_| super::hex::word(&format!("0x{given}")))
            .map_err(|_| EventError::TronField {
                field: "paymentReference",
                problem: format!(
                    "{given:?} is not the 32-byte hash of the reference (the indexed topic)"
                ),
            })?;
        let decoded = ProxyEvent::Erc20Fee {
            token: address("tokenAddress")?,
            to: address("to")?,
            amount: amount("amount")?,
            fee_amount: amount("feeAmount")?,
            fee_address: address("feeAddress")?,
        };
        Ok(Some((decoded, reference)))
    }
}

/// Decodes `E` strictly from exactly two topics and its data.
fn strict<E: SolEvent>(topics: &[B256], data: &[u8]) -> Result<E, EventError> {
    if topics.len() != 2 {
        return Err(EventError::TopicCount {
            found: topics.len(),
        });
    }
    E::decode_raw_log_with_config(topics.iter().copied(), data, STRICT)
        .map_err(|error| EventError::Abi(error.into()))
}

/// A whole number in decimal (`0` or no leading zero), at most 78 digits.
fn decimal(text: &str) -> Option<U256> {
    let canonical = !text.is_empty()
        && text.len() <= 78
        && text.bytes().all(|b| b.is_ascii_digit())
        && !(text.len() > 1 && text.starts_with('0'));
    canonical
        .then(|| U256::from_str_radix(text, 10).ok())
        .flatten()
}

/// `Name(type name, type indexed name, …)` as its canonical signature `Name(type,type,…)`.
fn signature_types(text: &str) -> Option<String> {
    let (name, rest) = text.split_once('(')?;
    let fields = rest.strip_suffix(')')?;
    let types: Vec<&str> = fields
        .split(',')
        .map(|field| field.split_whitespace().next().unwrap_or_default())
        .collect();
    if types.iter().any(|t| t.is_empty()) {
        return None;
    }
    Some(format!("{}({})", name.trim(), types.join(",")))
}

impl fmt::Display for ProxyEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ProxyEvent::Erc20Fee { .. } => "TransferWithReferenceAndFee (ERC-20)",
            ProxyEvent::NativeFee { .. } => "TransferWithReferenceAndFee (native)",
            ProxyEvent::Conversion { .. } => "TransferWithConversionAndReference",
            ProxyEvent::Erc20 { .. } => "TransferWithReference (ERC-20)",
            ProxyEvent::Native { .. } => "TransferWithReference (native)",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signature_text_keeps_types_only() {
        assert_eq!(
            signature_types(
                "TransferWithReferenceAndFee(address tokenAddress,address to,uint256 amount,bytes indexed paymentReference,uint256 feeAmount,address feeAddress)"
            )
            .as_deref(),
            Some(ERC20FeeProxyEvents::TransferWithReferenceAndFee::SIGNATURE)
        );
        assert_eq!(
            signature_types("E(address,uint256)").as_deref(),
            Some("E(address,uint256)")
        );
        assert_eq!(signature_types("E(address,)"), None);
    }

    #[test]
    fn decimals_are_canonical() {
        assert_eq!(decimal("0"), Some(U256::ZERO));
        assert_eq!(decimal("1500000"), Some(U256::from(1_500_000u64)));
        assert_eq!(decimal("015"), None);
        assert_eq!(decimal("+1"), None);
        assert_eq!(decimal(""), None);
        assert_eq!(decimal(&"9".repeat(79)), None);
        assert_eq!(decimal(&"9".repeat(78)), None); // above 2^256-1
    }
}
