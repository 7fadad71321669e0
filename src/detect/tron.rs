//! TronGrid's event JSON (`/v1/contracts/:address/events`, `/v1/transactions/:id/events`): the
//! answer `{success, data[], meta}` or its `data` array alone.
//!
//! The shape is TronWeb's `EventResponse` (`tronprotocol/tronweb@2b8777566e494aa3bfcb95748ce7b3df8dd8b6c2`,
//! `src/types/Event.ts:43-66`): each event has `block_number`, `block_timestamp` (ms),
//! `contract_address`, `event_index`, `event_name`, `result{}`, `result_type{}`, `event`,
//! `transaction_id` and `_unconfirmed`. Neither TronWeb nor Request Network documents how
//! `result` writes an address or the indexed `bytes paymentReference`, so the decoder
//! ([`super::event`]) accepts the unambiguous forms only: an address as `0x` + 40 hex, `41` +
//! 40 hex or Base58, the reference as the 32-byte topic hash (the only thing a log holds of an
//! indexed `bytes`).

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use super::keys::{Key, KeySeed, Seen, fields};
use super::log::MAX_LOGS;
use crate::address::TronAddress;
use crate::partial::TxHash;
use crate::wire::JsonError;

/// The most fields of an event's `result` (or `result_type`) read.
pub const MAX_RESULT_FIELDS: usize = 64;

/// Why TronGrid event JSON was refused.
///
/// ```
/// use securepay::detect::{ChainData, ChainJsonError, TronJsonError};
/// use securepay::network::Network;
///
/// let error = ChainData::from_slice(Network::Tron, br#"{"success":false,"error":"rate limited"}"#).unwrap_err();
/// assert!(matches!(error, ChainJsonError::Tron(TronJsonError::NotSuccess { .. })));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TronJsonError {
    /// Not JSON, or not TronGrid's event JSON (the message and position say which field).
    #[error("TronGrid events: {0}")]
    Json(#[source] JsonError),
    /// The answer says `success: false`.
    #[error("TronGrid events: the answer is not a success ({})", message.as_deref().unwrap_or("no error given"))]
    NotSuccess {
        /// Its `error`, when it gives one.
        message: Option<String>,
    },
    /// More events than [`MAX_LOGS`].
    #[error("TronGrid events: more than {max} events")]
    TooManyEvents {
        /// The limit.
        max: usize,
    },
}

/// An event as TronGrid writes it. `result` and `result_type` keep the text given; the payment
/// events are decoded from them when the emitter is known.
///
/// ```
/// use securepay::detect::ChainData;
/// use securepay::network::Network;
///
/// let data = ChainData::from_slice(Network::Tron, br#"{"success":true,"meta":{"at":1,"page_size":1},"data":[{
///   "block_number":79300000,"block_timestamp":1767225600000,"contract_address":"TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd",
///   "event_index":0,"event_name":"TransferWithReferenceAndFee","result":{},"result_type":{},
///   "transaction_id":"6c42a6a1b4f0c5bc0d1e3e7a8f9b2c4d5e6f708192a3b4c5d6e7f8091a2b3c4d"}]}"#)?;
/// let ChainData::Tron(events) = data else { unreachable!() };
/// assert_eq!(events[0].contract_address.to_string(), "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd");
/// assert!(!events[0].unconfirmed);
/// # Ok::<(), securepay::detect::ChainJsonError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct TronEvent {
    /// `contract_address`: the emitter.
    pub contract_address: TronAddress,
    /// `event_name`.
    pub event_name: String,
    /// `event`: the declaration text, when given.
    pub event: Option<String>,
    /// `result`: the event's fields by name, as given.
    pub result: Vec<(String, String)>,
    /// `result_type`: the fields' Solidity types by name, as given.
    pub result_type: Vec<(String, String)>,
    /// `block_number`.
    pub block_number: u64,
    /// `block_timestamp` (milliseconds).
    pub block_timestamp: Option<u64>,
    /// `event_index`: the event's position in its transaction.
    pub event_index: u64,
    /// `transaction_id`.
    pub transaction_id: TxHash,
    /// `_unconfirmed`: not yet in a solidified block (absent is `false`).
    pub unconfirmed: bool,
}

impl TronEvent {
    /// The `result` field `name`, if given.
    ///
    /// ```
    /// # use securepay::detect::ChainData;
    /// # use securepay::network::Network;
    /// # let data = ChainData::from_slice(Network::Tron, br#"[{"block_number":1,"contract_address":"TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd",
    /// #   "event_index":0,"event_name":"E","result":{"amount":"5"},"transaction_id":"6c42a6a1b4f0c5bc0d1e3e7a8f9b2c4d5e6f708192a3b4c5d6e7f8091a2b3c4d"}]"#)?;
    /// # let ChainData::Tron(events) = data else { unreachable!() };
    /// assert_eq!(events[0].field("amount"), Some("5"));
    /// assert_eq!(events[0].field("to"), None);
    /// # Ok::<(), securepay::detect::ChainJsonError>(())
    /// ```
    pub fn field(&self, name: &str) -> Option<&str> {
        self.result
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    /// The `result_type` of field `name`, if given.
    ///
    /// ```
    /// # use securepay::detect::ChainData;
    /// # use securepay::network::Network;
    /// # let data = ChainData::from_slice(Network::Tron, br#"[{"block_number":1,"contract_address":"TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd",
    /// #   "event_index":0,"event_name":"E","result":{"amount":"5"},"result_type":{"amount":"uint256"},"transaction_id":"6c42a6a1b4f0c5bc0d1e3e7a8f9b2c4d5e6f708192a3b4c5d6e7f8091a2b3c4d"}]"#)?;
    /// # let ChainData::Tron(events) = data else { unreachable!() };
    /// assert_eq!(events[0].field_type("amount"), Some("uint256"));
    /// # Ok::<(), securepay::detect::ChainJsonError>(())
    /// ```
    pub fn field_type(&self, name: &str) -> Option<&str> {
        self.result_type
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }
}

pub(super) fn read_events(bytes: &[u8]) -> Result<Vec<TronEvent>, TronJsonError> {
    let count = std::cell::Cell::new(0usize);
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let parsed = TopSeed { count: &count }
        .deserialize(&mut deserializer)
        .and_then(|top| deserializer.end().map(|()| top));
    match parsed {
        Ok(TronTop::Events(events)) => Ok(events),
        Ok(TronTop::NotSuccess(message)) => Err(TronJsonError::NotSuccess { message }),
        Err(_) if count.get() > MAX_LOGS => Err(TronJsonError::TooManyEvents { max: MAX_LOGS }),
        Err(error) => Err(TronJsonError::Json(JsonError::from(error))),
    }
}

enum TronTop {
    Events(Vec<TronEvent>),
    NotSuccess(Option<String>),
}

struct TopSeed<'c> {
    count: &'c std::cell::Cell<usize>,
}

impl<'de> DeserializeSeed<'de> for TopSeed<'_> {
    type Value = TronTop;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<TronTop, D::Error> {
        deserializer.deserialize_any(self)
    }
}

fields!(AnswerField {
    Success = "success",
    Data = "data",
    Meta = "meta",
    Error = "error",
});

impl<'de> Visitor<'de> for TopSeed<'_> {
    type Value = TronTop;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("TronGrid's event answer {success, data, meta} or its data array")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<TronTop, A::Error> {
        EventList { count: self.count }
            .visit_seq(seq)
            .map(TronTop::Events)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<TronTop, A::Error> {
        let mut seen = Seen::new();
        let (mut success, mut data, mut error) = (None, None, None);
        while let Some(key) = map.next_key_seed(KeySeed::<AnswerField>(PhantomData))? {
            let field = match key {
                Key::Known(field) => field,
                Key::Other(name) => {
                    seen.skip_other(name, &mut map)?;
                    continue;
                }
            };
            seen.known(field)?;
            match field {
                AnswerField::Success => success = Some(map.next_value::<bool>()?),
                AnswerField::Data => {
                    data = Some(map.next_value_seed(EventList { count: self.count })?);
                }
                AnswerField::Meta => {
                    map.next_value::<crate::wire::json::StrictValue>()?;
                }
                AnswerField::Error => error = map.next_value::<Option<String>>()?,
            }
        }
        match (success, data) {
            (Some(false), _) => Ok(TronTop::NotSuccess(error)),
            (_, Some(events)) => Ok(TronTop::Events(events)),
            (_, None) => Err(de::Error::custom("a TronGrid answer without `data`")),
        }
    }
}

struct EventList<'c> {
    count: &'c std::cell::Cell<usize>,
}

impl<'de> DeserializeSeed<'de> for EventList<'_> {
    type Value = Vec<TronEvent>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for EventList<'_> {
    type Value = Vec<TronEvent>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of TronGrid events")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut events = Vec::new();
        while let Some(EventReader(event)) = seq.next_element::<EventReader>()? {
            let count = self.count.get().saturating_add(1);
            self.count.set(count);
            if count > MAX_LOGS {
                return Err(de::Error::custom(format_args!(
                    "more than {MAX_LOGS} events"
                )));
            }
            events.push(*event);
        }
        Ok(events)
    }
}

fields!(EventField {
    BlockNumber = "block_number",
    BlockTimestamp = "block_timestamp",
    ContractAddress = "contract_address",
    EventIndex = "event_index",
    EventName = "event_name",
    Event = "event",
    Result = "result",
    ResultType = "result_type",
    TransactionId = "transaction_id",
    Unconfirmed = "_unconfirmed",
});

struct EventReader(Box<TronEvent>);

impl<'de> serde::Deserialize<'de> for EventReader {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(EventVisitor)
    }
}

struct EventVisitor;

impl<'de> Visitor<'de> for EventVisitor {
    type Value = EventReader;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a TronGrid event object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<EventReader, A::Error> {
        let mut seen = Seen::new();
        let mut contract = None;
        let (mut name, mut event, mut result, mut result_type) = (None, None, None, None);
        let (mut block, mut timestamp, mut index, mut transaction) = (None, None, None, None);
        let mut unconfirmed = false;
        while let Some(key) = map.next_key_seed(KeySeed::<EventField>(PhantomData))? {
            let field = match key {
                Key::Known(field) => field,
                Key::Other(other) => {
                    seen.skip_other(other, &mut map)?;
                    continue;
                }
            };
            seen.known(field)?;
            match field {
                EventField::BlockNumber => block = Some(map.next_value::<u64>()?),
                EventField::BlockTimestamp => timestamp = map.next_value::<Option<u64>>()?,
                EventField::ContractAddress => {
                    contract = Some(map.next_value::<TronAddressText>()?.0);
                }
                EventField::EventIndex => index = Some(map.next_value::<u64>()?),
                EventField::EventName => name = Some(map.next_value::<String>()?),
                EventField::Event => event = map.next_value::<Option<String>>()?,
                EventField::Result => result = Some(map.next_value::<TextMap>()?.0),
                EventField::ResultType => result_type = Some(map.next_value::<TextMap>()?.0),
                EventField::TransactionId => {
                    transaction = Some(map.next_value::<TransactionId>()?.0);
                }
                EventField::Unconfirmed => unconfirmed = map.next_value::<bool>()?,
            }
        }
        let missing = |field: &str| de::Error::custom(format_args!("an event without `{field}`"));
        Ok(EventReader(Box::new(TronEvent {
            contract_address: contract.ok_or_else(|| missing("contract_address"))?,
            event_name: name.ok_or_else(|| missing("event_name"))?,
            event,
            result: result.ok_or_else(|| missing("result"))?,
            result_type: result_type.unwrap_or_default(),
            block_number: block.ok_or_else(|| missing("block_number"))?,
            block_timestamp: timestamp,
            event_index: index.ok_or_else(|| missing("event_index"))?,
            transaction_id: transaction.ok_or_else(|| missing("transaction_id"))?,
            unconfirmed,
        })))
    }
}

/// A Tron address as Base58 or as `41` + 40 hex.
struct TronAddressText(TronAddress);

impl<'de> serde::Deserialize<'de> for TronAddressText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, |text| {
            tron_address(text).map(TronAddressText).ok_or_else(|| {
                format!("{text:?} is not a Tron address (Base58, or 41 and 40 hex digits)")
            })
        })
    }
}

/// A Tron address as Base58, `41` + 40 hex, or `0x` + 40 hex (the ABI form).
pub(super) fn tron_address(text: &str) -> Option<TronAddress> {
    if text.starts_with("0x") {
        let bytes = super::hex::fixed::<20>(text).ok()?;
        return Some(TronAddress::from_abi(bytes.into()));
    }
    if text.len() == 42 && text.starts_with("41") {
        return TronAddress::from_hex(text).ok();
    }
    TronAddress::parse(text).ok()
}

/// `transaction_id`: 64 hex digits.
struct TransactionId(TxHash);

impl<'de> serde::Deserialize<'de> for TransactionId {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, |text| TxHash::parse(text).map(TransactionId))
    }
}

/// An object of strings, no key twice, at most [`MAX_RESULT_FIELDS`] keys.
struct TextMap(Vec<(String, String)>);

impl<'de> serde::Deserialize<'de> for TextMap {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TextMapVisitor;

        impl<'de> Visitor<'de> for TextMapVisitor {
            type Value = TextMap;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object of strings")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<TextMap, A::Error> {
                let mut entries: Vec<(String, String)> = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    if entries.iter().any(|(seen, _)| *seen == key) {
                        return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
                    }
                    if entries.len() >= MAX_RESULT_FIELDS {
                        return Err(de::Error::custom(format_args!(
                            "more than {MAX_RESULT_FIELDS} fields"
                        )));
                    }
                    let value = map.next_value::<String>()?;
                    entries.push((key, value));
                }
                Ok(TextMap(entries))
            }
        }

        deserializer.deserialize_map(TextMapVisitor)
    }
}
