//! Chain JSON read from a stream ([`Detector::detect_reader`](super::Detector::detect_reader)):
//! the readers of [`ChainData::from_slice`](super::ChainData::from_slice), one log or receipt
//! at a time.
//!
//! The input is read in 64 KiB reads into a window that holds the element being read (it grows
//! only for an element larger than itself). Each element of the top-level array, or of a
//! JSON-RPC answer's `result` array, is read by the same strict reader as the whole-slice one
//! and handed on at once: memory holds one element, not the input nor its logs. The rest of a
//! JSON-RPC answer (`jsonrpc`, `id`, `error`, a `result` that is not an array, any other key)
//! is kept as its text, `"result":[]` in place of a streamed array, and read by the
//! whole-slice reader at the end: the same checks (a key given twice, result or error, fields
//! mixed) in one place.
//!
//! An element is parsed where it lies in the window. When the parse runs into the window's
//! end before the input's (the element continues in the next read), the window is filled and
//! the element parsed again from its start: the reader never guesses where an element ends.

use std::io::{self, Read};

use std::cell::Cell;

use serde::Deserialize;
use serde::de::{DeserializeOwned, DeserializeSeed, Deserializer};
use serde_json::value::RawValue;

use super::DetectError;
use super::log::{Log, MAX_LOGS, Receipt};
use super::read::{Budget, ChainJsonError, Item, ItemSeed, MAX_CHAIN_JSON_BYTES, Parsed, Place};
use super::read::{Top, check_receipt};
use crate::wire::{EmptyInput, JsonError};

/// Bytes asked of the reader at a time.
const CHUNK: usize = 64 * 1024;

/// A parse that ends (or fails) this close to the window's end may have been cut by it: the
/// longest token whose cut reads as another error than the end of input is a number (`1e`,
/// `1.`), a byte or two.
const CUT_ZONE: usize = 8;

/// What the reader expects, for the empty-input error (as the whole-slice reader says it).
const EXPECTED: &str = "chain JSON (an array of logs or receipts, or its JSON-RPC answer)";

/// Why chain data read from a stream could not be detected against.
///
/// ```
/// use securepay::calldata::PaymentReference;
/// use securepay::detect::{Criteria, DetectReadError, Detector};
/// use securepay::network::Network;
///
/// let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8]));
/// let error = Detector::builtin().detect_reader(&b"[{\"address\": 1}]"[..], &criteria).unwrap_err();
/// assert!(matches!(error, DetectReadError::Json(_)));
/// assert!(error.to_string().starts_with("chain JSON: "), "{error}");
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DetectReadError {
    /// The reader failed.
    #[error("cannot read the chain data: {0}")]
    Io(#[source] io::Error),
    /// The chain JSON was refused.
    #[error(transparent)]
    Json(#[from] ChainJsonError),
    /// The chain data cannot be detected against.
    #[error(transparent)]
    Detect(#[from] DetectError),
}

std::thread_local! {
    /// Set when an element alone holds more than [`MAX_LOGS`] logs and receipts (its reader
    /// can only answer serde's error).
    static ELEMENT_EXCEEDED: Cell<bool> = const { Cell::new(false) };
}

/// An element of a streamed array, read with a count of its own logs and receipts.
struct ArrayElement {
    item: Item,
    logs: usize,
}

impl<'de> Deserialize<'de> for ArrayElement {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ArrayElement, D::Error> {
        let budget = Budget::new();
        match ItemSeed::new(&budget, Place::Array).deserialize(deserializer) {
            Ok(item) => Ok(ArrayElement {
                item,
                logs: budget.count(),
            }),
            Err(error) => {
                ELEMENT_EXCEEDED.with(|exceeded| exceeded.set(budget.exceeded()));
                Err(error)
            }
        }
    }
}

/// What a streamed reading hands on, one at a time.
pub(super) enum Element {
    /// An `eth_getLogs` log.
    Log(Log),
    /// An `eth_getTransactionReceipt` receipt (its logs checked to be its own).
    Receipt(Receipt),
}

/// Reads EVM chain JSON from `reader`, handing each log or receipt to `sink` as it is read.
pub(super) fn read_evm<R: Read>(
    reader: R,
    mut sink: impl FnMut(Element) -> Result<(), DetectError>,
) -> Result<(), DetectReadError> {
    let mut stream = Stream::new(reader);
    let mut kinds = Kinds::default();
    let mut hand_on = |stream: &Stream<R>, item: Item| -> Result<(), DetectReadError> {
        let element = match item {
            Item::Log(log) => Element::Log(*log),
            Item::Receipt(receipt) => {
                check_receipt(&receipt)?;
                Element::Receipt(*receipt)
            }
            Item::Envelope(_) => {
                return Err(stream
                    .error_here("a JSON-RPC answer only at the top level")
                    .into());
            }
        };
        kinds.admit(&element, stream)?;
        sink(element).map_err(DetectReadError::from)
    };
    match stream.peek()? {
        None => {
            // Only whitespace: the error every JSON reader of the library gives.
            EmptyInput::check(b"", EXPECTED).map_err(ChainJsonError::Empty)?;
            return Ok(());
        }
        Some(b'[') => {
            stream.advance(1);
            stream.array(&mut hand_on)?;
        }
        Some(b'{') => {
            let parsed = stream.object(&mut hand_on)?;
            for item in parsed {
                hand_on(&stream, item)?;
            }
        }
        Some(_) => {
            // Neither an array nor an object (which the reader refuses): the whole-slice
            // reader says what it is.
            let value: Box<RawValue> = stream.parse()?;
            let budget = Budget::new();
            let mut deserializer = serde_json::Deserializer::from_str(value.get());
            let parsed = Top::new(&budget, true)
                .deserialize(&mut deserializer)
                .map_err(|error| stream.error_in_window(error))?;
            for item in items_of(parsed)? {
                hand_on(&stream, item)?;
            }
        }
    }
    match stream.peek()? {
        None => Ok(()),
        Some(_) => Err(stream.error_here("trailing characters").into()),
    }
}

/// The items of what the whole-slice reader read, or the answer's error.
fn items_of(parsed: Parsed) -> Result<Vec<Item>, ChainJsonError> {
    match parsed {
        Parsed::Logs(logs) => Ok(logs.into_iter().map(|l| Item::Log(Box::new(l))).collect()),
        Parsed::Receipts(receipts) => Ok(receipts
            .into_iter()
            .map(|r| Item::Receipt(Box::new(r)))
            .collect()),
        Parsed::Rpc { code, message } => Err(ChainJsonError::Rpc { code, message }),
        Parsed::NoResult => Err(ChainJsonError::NoResult),
    }
}

/// Whether the elements read are logs or receipts: an array holds one kind.
#[derive(Default)]
struct Kinds {
    logs: bool,
    receipts: bool,
}

impl Kinds {
    fn admit<R: Read>(
        &mut self,
        element: &Element,
        stream: &Stream<R>,
    ) -> Result<(), ChainJsonError> {
        match element {
            Element::Log(_) => self.logs = true,
            Element::Receipt(_) => self.receipts = true,
        }
        if self.logs && self.receipts {
            return Err(stream.error_here("an array holds logs or receipts, not both"));
        }
        Ok(())
    }
}

/// The input, read into a window.
struct Stream<R> {
    reader: R,
    /// The window: `buf[start..end]` is read and not yet consumed.
    buf: Vec<u8>,
    start: usize,
    end: usize,
    /// The input's offset of `buf[0]`.
    offset: u64,
    /// Bytes read so far.
    read: usize,
    /// The reader said there is no more.
    eof: bool,
    /// The line of `buf[start]` (1-based), and the input's offset where that line begins.
    line: usize,
    line_start: u64,
    /// Logs and receipts read so far (receipts' logs included).
    logs: usize,
}

impl<R: Read> Stream<R> {
    fn new(reader: R) -> Stream<R> {
        Stream {
            reader,
            buf: vec![0; CHUNK],
            start: 0,
            end: 0,
            offset: 0,
            read: 0,
            eof: false,
            line: 1,
            line_start: 0,
            logs: 0,
        }
    }

    /// The unconsumed bytes read.
    fn window(&self) -> &[u8] {
        self.buf.get(self.start..self.end).unwrap_or_default()
    }

    /// Reads more of the input after the window (moving the window to the buffer's front,
    /// growing the buffer when the window fills it). At the input's end, sets `eof`.
    fn fill(&mut self) -> Result<(), DetectReadError> {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.offset = self.offset.saturating_add(self.start as u64);
            self.end = self.end.saturating_sub(self.start);
            self.start = 0;
        }
        if self.end == self.buf.len() {
            let larger = self.buf.len().saturating_mul(2);
            self.buf.resize(larger, 0);
        }
        let free = self.buf.get_mut(self.end..).unwrap_or_default();
        let count = loop {
            match self.reader.read(free) {
                Ok(count) => break count,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(DetectReadError::Io(error)),
            }
        };
        if count == 0 {
            self.eof = true;
            return Ok(());
        }
        self.end = self.end.saturating_add(count);
        self.read = self.read.saturating_add(count);
        if self.read > MAX_CHAIN_JSON_BYTES {
            return Err(ChainJsonError::TooLarge {
                bytes: self.read,
                max: MAX_CHAIN_JSON_BYTES,
            }
            .into());
        }
        Ok(())
    }

    /// Consumes `count` bytes of the window, following the lines they end.
    fn advance(&mut self, count: usize) {
        let taken = self.start.saturating_add(count).min(self.end);
        let consumed = self.buf.get(self.start..taken).unwrap_or_default();
        // One counting pass (vectorized); the last newline is looked for only when there is one.
        let lines = consumed.iter().filter(|&&b| b == b'\n').count();
        if let Some(last) = (lines > 0)
            .then(|| consumed.iter().rposition(|&b| b == b'\n'))
            .flatten()
        {
            self.line = self.line.saturating_add(lines);
            self.line_start = self
                .offset
                .saturating_add(self.start as u64)
                .saturating_add(last as u64)
                .saturating_add(1);
        }
        self.start = taken;
    }

    /// The next byte that is not JSON whitespace (consuming the whitespace), or `None` at the
    /// input's end.
    fn peek(&mut self) -> Result<Option<u8>, DetectReadError> {
        loop {
            let blank = self
                .window()
                .iter()
                .position(|b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r'));
            match blank {
                Some(at) => {
                    self.advance(at);
                    return Ok(self.window().first().copied());
                }
                None => {
                    let all = self.end.saturating_sub(self.start);
                    self.advance(all);
                    if self.eof {
                        return Ok(None);
                    }
                    self.fill()?;
                }
            }
        }
    }

    /// The position (line, column) of the window's byte `at`, as serde_json counts them.
    fn position(&self, at: usize) -> (usize, usize) {
        let before = self
            .buf
            .get(self.start..self.start.saturating_add(at).min(self.end))
            .unwrap_or_default();
        match before.iter().rposition(|&b| b == b'\n') {
            Some(last) => {
                let lines = before.iter().filter(|&&b| b == b'\n').count();
                (
                    self.line.saturating_add(lines),
                    at.saturating_sub(last).max(1),
                )
            }
            None => {
                let here = self.offset.saturating_add(self.start as u64);
                let column = here.saturating_sub(self.line_start).saturating_add(1);
                let column = usize::try_from(column).unwrap_or(usize::MAX);
                (self.line, column.saturating_add(at))
            }
        }
    }

    /// An error at the window's first byte.
    fn error_here(&self, message: &str) -> ChainJsonError {
        let (line, column) = self.position(0);
        ChainJsonError::At {
            message: message.to_owned(),
            line,
            column,
            source: None,
        }
    }

    /// serde_json's `error`, met parsing from the window's start, placed in the input.
    fn error_in_window(&self, error: serde_json::Error) -> ChainJsonError {
        let message = without_position(&error);
        let (line, column) = self.position(0);
        // Line 0: serde_json placed it nowhere (a custom error): the window's start.
        let (line, column) = if error.line() == 0 {
            (line, column)
        } else if error.line() == 1 {
            (
                line,
                column.saturating_add(error.column()).saturating_sub(1),
            )
        } else {
            (
                line.saturating_add(error.line()).saturating_sub(1),
                error.column(),
            )
        };
        ChainJsonError::At {
            message,
            line,
            column,
            source: Some(JsonError::from(error)),
        }
    }

    /// Parses one value at the window's start and consumes it; the window is filled and the
    /// value parsed again while the parse may have been cut by its end.
    fn parse<T: DeserializeOwned>(&mut self) -> Result<T, DetectReadError> {
        loop {
            let window = self.window();
            let mut values = serde_json::Deserializer::from_slice(window).into_iter::<T>();
            let parsed = values.next();
            let used = values.byte_offset();
            let cut = !self.eof && used.saturating_add(CUT_ZONE) >= window.len();
            match parsed {
                Some(Ok(value)) if !cut => {
                    self.advance(used);
                    return Ok(value);
                }
                Some(Err(_)) if ELEMENT_EXCEEDED.with(Cell::take) => {
                    return Err(ChainJsonError::TooManyLogs { max: MAX_LOGS }.into());
                }
                Some(Err(error)) if !(cut || !self.eof && error.is_eof()) => {
                    return Err(self.error_in_window(error).into());
                }
                None if self.eof => return Err(self.end_of_input("a value").into()),
                // Cut by the window's end: read more, and read the value again. The window at
                // least doubles before the next try (or the input ends), so an element larger
                // than a read is parsed a few times over, not once per read.
                _ => {
                    let wanted = window.len().saturating_mul(2).max(1);
                    while !self.eof && self.end.saturating_sub(self.start) < wanted {
                        self.fill()?;
                    }
                }
            }
        }
    }

    /// The elements of an array whose `[` is consumed, each handed to `hand_on`, up to and
    /// including its `]`.
    fn array(
        &mut self,
        hand_on: &mut impl FnMut(&Stream<R>, Item) -> Result<(), DetectReadError>,
    ) -> Result<(), DetectReadError> {
        if self.peek()? == Some(b']') {
            self.advance(1);
            return Ok(());
        }
        loop {
            if self.peek()?.is_none() {
                return Err(self.end_of_input("a list").into());
            }
            let element: ArrayElement = self.parse()?;
            self.logs = self.logs.saturating_add(element.logs);
            if self.logs > MAX_LOGS {
                return Err(ChainJsonError::TooManyLogs { max: MAX_LOGS }.into());
            }
            hand_on(self, element.item)?;
            match self.peek()? {
                Some(b',') => {
                    self.advance(1);
                    if self.peek()? == Some(b']') {
                        return Err(self.error_here("trailing comma").into());
                    }
                }
                Some(b']') => {
                    self.advance(1);
                    return Ok(());
                }
                Some(_) => return Err(self.error_here("expected `,` or `]`").into()),
                None => return Err(self.end_of_input("a list").into()),
            }
        }
    }

    /// A top-level object, its `{` at the window's start: a `result` array streamed to
    /// `hand_on`, the rest read by the whole-slice reader (`"result":[]` in place of the
    /// array). Answers the items that reader found (a log or a receipt at the top, or in a
    /// `result` that is no array).
    fn object(
        &mut self,
        hand_on: &mut impl FnMut(&Stream<R>, Item) -> Result<(), DetectReadError>,
    ) -> Result<Vec<Item>, DetectReadError> {
        let (line, column) = self.position(0);
        self.advance(1);
        let mut rest = Vec::from(&b"{"[..]);
        if self.peek()? == Some(b'}') {
            self.advance(1);
        } else {
            loop {
                match self.peek()? {
                    Some(b'"') => {}
                    Some(_) => return Err(self.error_here("key must be a string").into()),
                    None => return Err(self.end_of_input("an object").into()),
                }
                let key: Box<RawValue> = self.parse()?;
                let name = String::deserialize(&*key).map_err(ChainJsonError::from)?;
                rest.extend_from_slice(key.get().as_bytes());
                match self.peek()? {
                    Some(b':') => self.advance(1),
                    Some(_) => return Err(self.error_here("expected `:`").into()),
                    None => return Err(self.end_of_input("an object").into()),
                }
                rest.push(b':');
                match self.peek()? {
                    Some(b'[') if name == "result" => {
                        self.advance(1);
                        self.array(hand_on)?;
                        rest.extend_from_slice(b"[]");
                    }
                    Some(_) => {
                        let value: Box<RawValue> = self.parse()?;
                        rest.extend_from_slice(value.get().as_bytes());
                    }
                    None => return Err(self.end_of_input("a value").into()),
                }
                match self.peek()? {
                    Some(b',') => {
                        self.advance(1);
                        rest.push(b',');
                        if self.peek()? == Some(b'}') {
                            return Err(self.error_here("trailing comma").into());
                        }
                    }
                    Some(b'}') => {
                        self.advance(1);
                        break;
                    }
                    Some(_) => return Err(self.error_here("expected `,` or `}`").into()),
                    None => return Err(self.end_of_input("an object").into()),
                }
            }
        }
        rest.push(b'}');
        let budget = Budget::new();
        budget.reset(self.logs);
        let mut deserializer = serde_json::Deserializer::from_slice(&rest);
        let parsed = Top::new(&budget, true)
            .deserialize(&mut deserializer)
            .and_then(|parsed| deserializer.end().map(|()| parsed));
        match parsed {
            Ok(parsed) => Ok(items_of(parsed)?),
            Err(_) if budget.exceeded() => {
                Err(ChainJsonError::TooManyLogs { max: MAX_LOGS }.into())
            }
            // The object's text was rebuilt: the error is placed at the object's start.
            Err(error) => {
                let message = without_position(&error);
                Err(ChainJsonError::At {
                    message: format!("{message} (in the object)"),
                    line,
                    column,
                    source: Some(JsonError::from(error)),
                }
                .into())
            }
        }
    }

    /// The input ended inside `what`: placed at its last byte, as serde_json does.
    fn end_of_input(&self, what: &str) -> ChainJsonError {
        let (line, column) = self.position(0);
        ChainJsonError::At {
            message: format!("EOF while parsing {what}"),
            line,
            column: column.saturating_sub(1).max(1),
            source: None,
        }
    }
}

/// serde_json's message of `error` without the position it appends (" at line L column C"),
/// which counts from where that parse began, not from the input's start.
fn without_position(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    text.strip_suffix(&suffix).unwrap_or(&text).to_owned()
}
