//! Reading the chain data a caller fetched: a JSON array of `eth_getLogs` log objects or of
//! `eth_getTransactionReceipt` receipts, one receipt, or the JSON-RPC answer holding either,
//! as any provider writes them.
//!
//! Strict: every field this reader uses is read once and checked (hex quantities in their
//! compact form, hashes of 32 bytes, addresses of 20, at most four topics); `blockNumber`,
//! `transactionIndex` and `logIndex` may also be JSON integers (ethers v5's `Log`, which
//! Request Network's own fixtures use); a key given twice, known or not, is refused; other
//! fields are accepted and ignored. Bounded: at most [`MAX_CHAIN_JSON_BYTES`] bytes and
//! [`MAX_LOGS`] logs and receipts together (receipts' logs included).

use std::cell::Cell;
use std::fmt;
use std::marker::PhantomData;

use alloy_primitives::{Address, B256, Bytes};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use super::hex;
use super::keys::{Key, KeySeed, Seen, fields};
use super::log::{Log, MAX_LOGS, Receipt, ReceiptStatus, Topics};
use crate::partial::TxHash;
use crate::wire::JsonError;
use crate::wire::json::StrictValue;

/// The largest chain JSON read: 32 MiB.
pub const MAX_CHAIN_JSON_BYTES: usize = 32 * 1024 * 1024;

/// Why chain JSON was refused.
///
/// ```
/// use securepay::detect::{ChainData, ChainJsonError};
/// use securepay::network::Network;
///
/// let error = ChainData::from_slice(Network::Base, br#"{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"header not found"}}"#).unwrap_err();
/// assert!(matches!(error, ChainJsonError::Rpc { code: -32000, .. }));
/// assert!(ChainData::from_slice(Network::Base, b"[{\"address\":\"0x00\"}]").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChainJsonError {
    /// The input is empty or only whitespace.
    #[error(transparent)]
    Empty(#[from] crate::wire::EmptyInput),
    /// More bytes than [`MAX_CHAIN_JSON_BYTES`].
    #[error("chain JSON: {bytes} bytes, above the {max} bytes read")]
    TooLarge {
        /// The size given.
        bytes: usize,
        /// The limit.
        max: usize,
    },
    /// More logs and receipts than [`MAX_LOGS`].
    #[error("chain JSON: more than {max} logs and receipts")]
    TooManyLogs {
        /// The limit.
        max: usize,
    },
    /// Not JSON, or not a log, receipt or JSON-RPC answer of the shape read here (the message
    /// and position say which field).
    #[error("chain JSON: {0}")]
    Json(#[source] JsonError),
    /// The JSON-RPC answer is an error.
    #[error("chain JSON: the node answered error {code}: {message}")]
    Rpc {
        /// `error.code`.
        code: i64,
        /// `error.message`.
        message: String,
    },
    /// The JSON-RPC answer's `result` is `null` (a receipt the node does not have: unknown or
    /// still pending).
    #[error("chain JSON: the node's result is null (no receipt for this transaction yet?)")]
    NoResult,
    /// A log of a receipt names another transaction or block than its receipt.
    #[error(
        "chain JSON: receipt {transaction_hash}: its log {position} names another transaction or block"
    )]
    ReceiptLogMismatch {
        /// The receipt's transaction.
        transaction_hash: TxHash,
        /// The log's position in the receipt's `logs`.
        position: usize,
    },
    /// Chain JSON read from a stream was refused ([`Detector::detect_reader`]): what was
    /// wrong and where in the input (the same words as [`ChainJsonError::Json`] for the same
    /// fault). Its source, when serde_json found the fault, counts lines and columns from the
    /// start of the element it was reading.
    ///
    /// [`Detector::detect_reader`]: super::Detector::detect_reader
    #[error("chain JSON: {message} at line {line} column {column}")]
    At {
        /// What was wrong.
        message: String,
        /// The line of the input (from 1).
        line: usize,
        /// The column (from 1, in bytes).
        column: usize,
        /// serde_json's error, if it found the fault.
        #[source]
        source: Option<JsonError>,
    },
    /// TronGrid event JSON was refused.
    #[error(transparent)]
    Tron(#[from] super::tron::TronJsonError),
}

impl From<serde_json::Error> for ChainJsonError {
    fn from(error: serde_json::Error) -> ChainJsonError {
        ChainJsonError::Json(JsonError::from(error))
    }
}

/// The chain data of one network, as read.
///
/// ```
/// use securepay::detect::ChainData;
/// use securepay::network::Network;
///
/// let logs = ChainData::from_slice(Network::Base, br#"[{"address":"0x1892196e80c4c17ea5100da765ab48c1fe2fb814",
///   "topics":[],"data":"0x","blockNumber":"0x10","transactionHash":"0x1111111111111111111111111111111111111111111111111111111111111111",
///   "logIndex":"0x0","removed":false}]"#)?;
/// assert_eq!(logs.log_count(), 1);
/// # Ok::<(), securepay::detect::ChainJsonError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ChainData {
    /// `eth_getLogs` log objects.
    Logs(Vec<Log>),
    /// `eth_getTransactionReceipt` receipts.
    Receipts(Vec<Receipt>),
    /// TronGrid events (Tron).
    Tron(Vec<super::tron::TronEvent>),
}

impl ChainData {
    /// Reads chain JSON for `network`: TronGrid's event JSON on Tron
    /// ([`TronEvent`](super::TronEvent)), JSON-RPC logs or receipts elsewhere.
    pub fn from_slice(
        network: crate::network::Network,
        bytes: &[u8],
    ) -> Result<ChainData, ChainJsonError> {
        if bytes.len() > MAX_CHAIN_JSON_BYTES {
            return Err(ChainJsonError::TooLarge {
                bytes: bytes.len(),
                max: MAX_CHAIN_JSON_BYTES,
            });
        }
        if network.kind() == crate::network::ChainKind::Tron {
            crate::wire::EmptyInput::check(bytes, "TronGrid events (a JSON object)")?;
            return Ok(ChainData::Tron(super::tron::read_events(bytes)?));
        }
        crate::wire::EmptyInput::check(
            bytes,
            "chain JSON (an array of logs or receipts, or its JSON-RPC answer)",
        )?;
        read_evm(bytes)
    }

    /// How many logs (or Tron events) the data holds.
    ///
    /// ```
    /// # use securepay::detect::ChainData;
    /// assert_eq!(ChainData::Logs(vec![]).log_count(), 0);
    /// ```
    pub fn log_count(&self) -> usize {
        match self {
            ChainData::Logs(logs) => logs.len(),
            ChainData::Receipts(receipts) => receipts.iter().map(|r| r.logs.len()).sum(),
            ChainData::Tron(events) => events.len(),
        }
    }
}

fn read_evm(bytes: &[u8]) -> Result<ChainData, ChainJsonError> {
    let budget = Budget::new();
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    let parsed = Top {
        budget: &budget,
        envelope: true,
    }
    .deserialize(&mut deserializer)
    .and_then(|top| deserializer.end().map(|()| top));
    let top = match parsed {
        Ok(top) => top,
        Err(_) if budget.exceeded.get() => {
            return Err(ChainJsonError::TooManyLogs { max: MAX_LOGS });
        }
        Err(error) => return Err(error.into()),
    };
    match top {
        Parsed::Logs(logs) => Ok(ChainData::Logs(logs)),
        Parsed::Receipts(receipts) => {
            for receipt in &receipts {
                check_receipt(receipt)?;
            }
            Ok(ChainData::Receipts(receipts))
        }
        Parsed::Rpc { code, message } => Err(ChainJsonError::Rpc { code, message }),
        Parsed::NoResult => Err(ChainJsonError::NoResult),
    }
}

/// Each log of a receipt is of its transaction and block.
pub(super) fn check_receipt(receipt: &Receipt) -> Result<(), ChainJsonError> {
    for (position, log) in receipt.logs.iter().enumerate() {
        let same_tx = log.transaction_hash == Some(receipt.transaction_hash);
        let same_block = log.block_number == Some(receipt.block_number);
        if !same_tx || !same_block {
            return Err(ChainJsonError::ReceiptLogMismatch {
                transaction_hash: receipt.transaction_hash,
                position,
            });
        }
    }
    Ok(())
}

/// The count of logs read so far, shared by every level of the reader.
pub(super) struct Budget {
    logs: Cell<usize>,
    exceeded: Cell<bool>,
}

impl Budget {
    pub(super) fn new() -> Budget {
        Budget {
            logs: Cell::new(0),
            exceeded: Cell::new(false),
        }
    }

    /// The logs and receipts counted so far.
    pub(super) fn count(&self) -> usize {
        self.logs.get()
    }

    /// Forgets what was counted after `count` (a value read again).
    pub(super) fn reset(&self, count: usize) {
        self.logs.set(count);
    }

    /// Whether more than [`MAX_LOGS`] were read.
    pub(super) fn exceeded(&self) -> bool {
        self.exceeded.get()
    }

    fn one_more<E: de::Error>(&self) -> Result<(), E> {
        let count = self.logs.get().saturating_add(1);
        if count > MAX_LOGS {
            self.exceeded.set(true);
            return Err(E::custom(format_args!(
                "more than {MAX_LOGS} logs and receipts"
            )));
        }
        self.logs.set(count);
        Ok(())
    }
}

/// What the top level holds.
pub(super) enum Parsed {
    Logs(Vec<Log>),
    Receipts(Vec<Receipt>),
    Rpc { code: i64, message: String },
    NoResult,
}

/// The top-level value: an array of logs or receipts, one receipt or log, or (when `envelope`)
/// a JSON-RPC answer holding one of these.
#[derive(Clone, Copy)]
pub(super) struct Top<'b> {
    budget: &'b Budget,
    envelope: bool,
}

impl<'b> Top<'b> {
    /// The top-level reader (`envelope`: a JSON-RPC answer may be read here).
    pub(super) fn new(budget: &'b Budget, envelope: bool) -> Top<'b> {
        Top { budget, envelope }
    }
}

impl<'de> DeserializeSeed<'de> for Top<'_> {
    type Value = Parsed;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Parsed, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Top<'_> {
    type Value = Parsed;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a JSON array of eth_getLogs log objects or of eth_getTransactionReceipt receipts, a receipt, or a JSON-RPC answer holding them",
        )
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Parsed, A::Error> {
        let mut logs = Vec::new();
        let mut receipts = Vec::new();
        let seed = ItemSeed {
            budget: self.budget,
            place: Place::Array,
        };
        while let Some(item) = seq.next_element_seed(seed)? {
            match item {
                Item::Log(log) if receipts.is_empty() => logs.push(*log),
                Item::Receipt(receipt) if logs.is_empty() => receipts.push(*receipt),
                _ => {
                    return Err(de::Error::custom(
                        "an array holds logs or receipts, not both",
                    ));
                }
            }
        }
        Ok(if receipts.is_empty() {
            Parsed::Logs(logs)
        } else {
            Parsed::Receipts(receipts)
        })
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Parsed, A::Error> {
        let place = if self.envelope {
            Place::Top
        } else {
            Place::Result
        };
        match read_item(self.budget, place, map)? {
            Item::Log(log) => Ok(Parsed::Logs(vec![*log])),
            Item::Receipt(receipt) => Ok(Parsed::Receipts(vec![*receipt])),
            Item::Envelope(parsed) => Ok(parsed),
        }
    }

    fn visit_unit<E: de::Error>(self) -> Result<Parsed, E> {
        if self.envelope {
            Err(E::invalid_type(de::Unexpected::Unit, &self))
        } else {
            Ok(Parsed::NoResult)
        }
    }
}

/// Where an object is read: what it may be.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// The top level: a log, a receipt or a JSON-RPC answer.
    Top,
    /// A JSON-RPC `result`: a log or a receipt.
    Result,
    /// An element of an array: a log or a receipt.
    Array,
    /// An element of a receipt's `logs`: a log.
    ReceiptLogs,
}

pub(super) enum Item {
    Log(Box<Log>),
    Receipt(Box<Receipt>),
    Envelope(Parsed),
}

#[derive(Clone, Copy)]
pub(super) struct ItemSeed<'b> {
    budget: &'b Budget,
    place: Place,
}

impl<'b> ItemSeed<'b> {
    /// Reads one object at `place`.
    pub(super) fn new(budget: &'b Budget, place: Place) -> ItemSeed<'b> {
        ItemSeed { budget, place }
    }
}

impl<'de> DeserializeSeed<'de> for ItemSeed<'_> {
    type Value = Item;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Item, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for ItemSeed<'_> {
    type Value = Item;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Place::ReceiptLogs => f.write_str("a log object"),
            _ => f.write_str("a log object or a receipt"),
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Item, A::Error> {
        read_item(self.budget, self.place, map)
    }
}

fields!(ItemField {
    Address = "address",
    Topics = "topics",
    Data = "data",
    BlockNumber = "blockNumber",
    BlockHash = "blockHash",
    BlockTimestamp = "blockTimestamp",
    TransactionHash = "transactionHash",
    TransactionIndex = "transactionIndex",
    LogIndex = "logIndex",
    Removed = "removed",
    Logs = "logs",
    Status = "status",
    From = "from",
    To = "to",
    Jsonrpc = "jsonrpc",
    Id = "id",
    Result = "result",
    Error = "error",
});

impl ItemField {
    const LOG_ONLY: [ItemField; 5] = [
        ItemField::Address,
        ItemField::Topics,
        ItemField::Data,
        ItemField::LogIndex,
        ItemField::Removed,
    ];
    const RECEIPT_ONLY: [ItemField; 4] = [
        ItemField::Logs,
        ItemField::Status,
        ItemField::From,
        ItemField::To,
    ];
    const ENVELOPE: [ItemField; 4] = [
        ItemField::Jsonrpc,
        ItemField::Id,
        ItemField::Result,
        ItemField::Error,
    ];
}

/// Every field of a log, a receipt and a JSON-RPC answer, read in one pass; what the object
/// is follows from the fields it has.
#[derive(Default)]
struct Fields {
    address: Option<Address>,
    topics: Option<Topics>,
    data: Option<Bytes>,
    block_number: Option<u64>,
    block_hash: Option<B256>,
    block_timestamp: Option<u64>,
    transaction_hash: Option<TxHash>,
    transaction_index: Option<u64>,
    log_index: Option<u64>,
    removed: Option<bool>,
    logs: Option<Vec<Log>>,
    status: Option<ReceiptStatus>,
    from: Option<Address>,
    to: Option<Address>,
    result: Option<Parsed>,
    error: Option<(i64, String)>,
}

fn read_item<'de, A: MapAccess<'de>>(
    budget: &Budget,
    place: Place,
    mut map: A,
) -> Result<Item, A::Error> {
    let mut seen = Seen::new();
    let mut f = Fields::default();
    while let Some(key) = map.next_key_seed(KeySeed::<ItemField>(PhantomData))? {
        let field = match key {
            Key::Known(field) => field,
            Key::Other(name) => {
                seen.skip_other(name, &mut map)?;
                continue;
            }
        };
        seen.known(field)?;
        match field {
            ItemField::Address => f.address = Some(map.next_value::<Addr>()?.0),
            ItemField::Topics => f.topics = Some(map.next_value::<TopicList>()?.0),
            ItemField::Data => f.data = Some(map.next_value::<Data>()?.0),
            ItemField::BlockNumber => f.block_number = map.next_value::<Quantity>()?.0,
            ItemField::BlockHash => f.block_hash = map.next_value::<Option<Word>>()?.map(|w| w.0),
            ItemField::BlockTimestamp => f.block_timestamp = map.next_value::<Quantity>()?.0,
            ItemField::TransactionHash => {
                f.transaction_hash = map.next_value::<Option<Word>>()?.map(|w| TxHash::from(w.0));
            }
            ItemField::TransactionIndex => f.transaction_index = map.next_value::<Quantity>()?.0,
            ItemField::LogIndex => f.log_index = map.next_value::<Quantity>()?.0,
            ItemField::Removed => f.removed = Some(map.next_value()?),
            ItemField::Logs => {
                f.logs = Some(map.next_value_seed(LogList { budget })?);
            }
            ItemField::Status => f.status = Some(map.next_value::<Status>()?.0),
            ItemField::From => f.from = map.next_value::<Option<Addr>>()?.map(|a| a.0),
            ItemField::To => f.to = map.next_value::<Option<Addr>>()?.map(|a| a.0),
            ItemField::Jsonrpc => {
                let version: String = map.next_value()?;
                if version != "2.0" {
                    return Err(de::Error::custom(format_args!(
                        "jsonrpc is \"2.0\", not {version:?}"
                    )));
                }
            }
            ItemField::Id => {
                map.next_value::<StrictValue>()?;
            }
            ItemField::Result => {
                f.result = Some(map.next_value_seed(Top {
                    budget,
                    envelope: false,
                })?);
            }
            ItemField::Error => f.error = Some(map.next_value::<RpcError>()?.0),
        }
    }
    let any = |fields: &[ItemField]| fields.iter().any(|&field| seen.has(field));
    let (log, receipt, envelope) = (
        any(&ItemField::LOG_ONLY),
        any(&ItemField::RECEIPT_ONLY),
        any(&ItemField::ENVELOPE),
    );
    match (log, receipt, envelope) {
        (_, _, true) if place != Place::Top => Err(de::Error::custom(
            "a JSON-RPC answer (jsonrpc, id, result, error) only at the top level",
        )),
        (false, false, true) => envelope_of(f),
        (true, false, false) => {
            budget.one_more()?;
            log_of(f, place == Place::ReceiptLogs).map(|log| Item::Log(Box::new(log)))
        }
        (false, true, false) if place != Place::ReceiptLogs => {
            budget.one_more()?;
            receipt_of(f).map(|receipt| Item::Receipt(Box::new(receipt)))
        }
        (false, true, false) => Err(de::Error::custom(
            "a receipt's logs are log objects, not receipts",
        )),
        (false, false, false) => Err(de::Error::custom(
            "neither a log (address, topics, data) nor a receipt (status, logs)",
        )),
        _ => Err(de::Error::custom(
            "fields of a log, a receipt and a JSON-RPC answer mixed in one object",
        )),
    }
}

fn missing<E: de::Error>(what: &str, field: &'static str) -> E {
    E::custom(format_args!("{what} without `{field}`"))
}

/// A log from its fields; in a receipt, the position it leaves out is the receipt's.
fn log_of<E: de::Error>(f: Fields, in_receipt: bool) -> Result<Log, E> {
    let log = Log {
        address: f.address.ok_or_else(|| missing("a log", "address"))?,
        topics: f.topics.ok_or_else(|| missing("a log", "topics"))?,
        data: f.data.ok_or_else(|| missing("a log", "data"))?,
        block_number: f.block_number,
        block_hash: f.block_hash,
        block_timestamp: f.block_timestamp,
        transaction_hash: f.transaction_hash,
        transaction_index: f.transaction_index,
        log_index: f.log_index,
        removed: f.removed.unwrap_or(false),
    };
    // A mined log has its block, transaction and index; a pending one none of them.
    let placed = [
        log.block_number.is_some(),
        log.transaction_hash.is_some(),
        log.log_index.is_some(),
    ];
    if !in_receipt && placed.contains(&true) && placed.contains(&false) {
        return Err(E::custom(
            "a log has all of blockNumber, transactionHash and logIndex, or none (pending)",
        ));
    }
    Ok(log)
}

fn receipt_of<E: de::Error>(f: Fields) -> Result<Receipt, E> {
    let transaction_hash = f
        .transaction_hash
        .ok_or_else(|| missing("a receipt", "transactionHash"))?;
    let block_number = f
        .block_number
        .ok_or_else(|| missing("a receipt", "blockNumber"))?;
    let mut logs = f.logs.ok_or_else(|| missing("a receipt", "logs"))?;
    // A log of a receipt may leave out what its receipt says; what it says is checked after.
    for log in &mut logs {
        if log.log_index.is_none() {
            return Err(E::custom("a receipt's log without `logIndex`"));
        }
        log.transaction_hash.get_or_insert(transaction_hash);
        log.block_number.get_or_insert(block_number);
        if log.block_hash.is_none() {
            log.block_hash = f.block_hash;
        }
        if log.transaction_index.is_none() {
            log.transaction_index = f.transaction_index;
        }
    }
    Ok(Receipt {
        transaction_hash,
        block_number,
        block_hash: f.block_hash,
        transaction_index: f.transaction_index,
        status: f.status.ok_or_else(|| missing("a receipt", "status"))?,
        from: f.from,
        to: f.to,
        logs,
    })
}

fn envelope_of<E: de::Error>(f: Fields) -> Result<Item, E> {
    match (f.result, f.error) {
        (Some(_), Some(_)) => Err(E::custom("a JSON-RPC answer has result or error, not both")),
        (None, Some((code, message))) => Ok(Item::Envelope(Parsed::Rpc { code, message })),
        (Some(result), None) => Ok(Item::Envelope(result)),
        (None, None) => Err(E::custom("a JSON-RPC answer without result or error")),
    }
}

/// A receipt's `logs`.
struct LogList<'b> {
    budget: &'b Budget,
}

impl<'de> DeserializeSeed<'de> for LogList<'_> {
    type Value = Vec<Log>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Vec<Log>, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for LogList<'_> {
    type Value = Vec<Log>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of log objects")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Log>, A::Error> {
        let mut logs = Vec::new();
        let seed = ItemSeed {
            budget: self.budget,
            place: Place::ReceiptLogs,
        };
        while let Some(item) = seq.next_element_seed(seed)? {
            match item {
                Item::Log(log) => logs.push(*log),
                _ => return Err(de::Error::custom("a receipt's logs are log objects")),
            }
        }
        Ok(logs)
    }
}

/// Reads a string with `parse` (no copy of the text), saying which kind of text was wanted.
macro_rules! text_reader {
    ($name:ident($inner:ty), $what:literal, $parse:expr) => {
        struct $name($inner);

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                crate::serde_util::parse_str(deserializer, |text| {
                    $parse(text)
                        .map($name)
                        .map_err(|error| format!(concat!($what, " {:?}: {}"), text, error))
                })
            }
        }
    };
}

text_reader!(Word(B256), "hash", hex::word);
text_reader!(Data(Bytes), "data", hex::data);
text_reader!(Addr(Address), "address", hex::address);

/// `status`: `0x1` or `0x0`.
struct Status(ReceiptStatus);

impl<'de> serde::Deserialize<'de> for Status {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        crate::serde_util::parse_str(deserializer, |text| match text {
            "0x1" => Ok(Status(ReceiptStatus::Success)),
            "0x0" => Ok(Status(ReceiptStatus::Failed)),
            other => Err(format!("status {other:?}: 0x1 (success) or 0x0 (failure)")),
        })
    }
}

/// A quantity: a JSON-RPC hex string, a JSON integer (ethers v5), or `null`.
struct Quantity(Option<u64>);

impl<'de> serde::Deserialize<'de> for Quantity {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(QuantityVisitor)
    }
}

struct QuantityVisitor;

impl<'de> Visitor<'de> for QuantityVisitor {
    type Value = Quantity;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a hex quantity (0x…), a whole number or null")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Quantity, E> {
        hex::quantity(text)
            .map(|value| Quantity(Some(value)))
            .map_err(|error| E::custom(format_args!("quantity {text:?}: {error}")))
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<Quantity, E> {
        Ok(Quantity(Some(value)))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Quantity, E> {
        Ok(Quantity(None))
    }
}

/// `topics`: at most four 32-byte words.
struct TopicList(Topics);

impl<'de> serde::Deserialize<'de> for TopicList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct TopicVisitor;

        impl<'de> Visitor<'de> for TopicVisitor {
            type Value = TopicList;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array of at most four 32-byte topics")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<TopicList, A::Error> {
                let mut topics = Topics::default();
                while let Some(Word(word)) = seq.next_element()? {
                    topics.push(word).map_err(|_| {
                        de::Error::custom("a log has at most four topics (LOG0 to LOG4)")
                    })?;
                }
                Ok(TopicList(topics))
            }
        }

        deserializer.deserialize_seq(TopicVisitor)
    }
}

/// A JSON-RPC `error` object: `code` and `message`.
struct RpcError((i64, String));

impl<'de> serde::Deserialize<'de> for RpcError {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let StrictValue(value) = StrictValue::deserialize(deserializer)?;
        let code = value.get("code").and_then(Value::as_i64);
        let message = value.get("message").and_then(Value::as_str);
        match (code, message) {
            (Some(code), Some(message)) => Ok(RpcError((code, message.to_owned()))),
            _ => Err(de::Error::custom(
                "a JSON-RPC error has an integer code and a message",
            )),
        }
    }
}
