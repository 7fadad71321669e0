//! The structured mode of `verify_bound`: a few bytes describe how to blow up a valid pay
//! response, so that amplification attacks (a count, an index list, a repeated array or calldata
//! far larger than what the response's bytes would have to pay for) are one mutation away.
//!
//! An input is `[shape, size, op…]`: `shape` (0..=7) picks a [`Shape`], `size` picks the number
//! of payments from [`SIZES`], and each op (at most [`MAX_OPS`]) is a tag byte and its
//! parameters (missing bytes read as zero):
//!
//! | tag % 8 | op | parameters |
//! |---|---|---|
//! | 0 | set a number field | field, kind, `u32` |
//! | 1 | set an index list | list, pattern, `u16` length, multiplier (1..=64) |
//! | 2 | repeat an array's elements | array, flags (bit 0: renumber `position`, bit 1: set `childCount`, bits 2..: multiplier), `u16` length |
//! | 3 | repeat calldata words | calldata, `u16` first word, words, `u16` times |
//! | 4 | set a calldata word | calldata, `u16` word, kind, `u32` |
//! | 5 | offset bomb: an ABI array of `n` offsets to one element | calldata, `u16` word, `u16` n |
//! | 6 | long string in any string leaf | leaf (`u16`), pattern, `u16` length, multiplier |
//! | 7 | deep or wide JSON under `metadata.rawStep` | depth, `u16` width |
//!
//! [`expand`] applies them to the response's JSON and serializes it; growth stops at
//! [`SMALL_BUDGET`] bytes (1 MiB: fast runs, and an amplification shows at that size already),
//! or at [`BUDGET`] when bit 7 of `size` is set (a little over the 8 MiB
//! [`securepay::verify::MAX_RESPONSE_BYTES`], so the size refusal is reached too).
//!
//! `VERIFY_BOUND_MAX_INDICES=N` caps the index lists ops 1 and 2 make at `N` entries: a run can
//! then look past a known, still open finding about long index lists (see `fuzz/README.md`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::HashMap;
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use alloy_primitives::U256;
use securepay::verify::{Expectation, MAX_RESPONSE_BYTES, verify_slice};
use serde_json::{Map, Number, Value};

use crate::{Shape, build_case};

/// The numbers of payments a structured input may ask for (the service's documented cap is
/// 150 children, 1,000 at most).
pub const SIZES: [usize; 8] = [1, 2, 3, 10, 50, 150, 500, 1000];

/// The most ops one input applies.
pub const MAX_OPS: usize = 12;

/// How large an expanded response may grow when bit 7 of the size byte is set (bytes of JSON,
/// estimated while growing).
pub const BUDGET: usize = MAX_RESPONSE_BYTES + 64 * 1024;

/// How large an expanded response may grow otherwise.
pub const SMALL_BUDGET: usize = 1 << 20;

/// The most entries an index list made by ops 1 and 2 may have (`VERIFY_BOUND_MAX_INDICES`).
fn max_indices() -> usize {
    static MAX: OnceLock<usize> = OnceLock::new();
    *MAX.get_or_init(|| {
        std::env::var("VERIFY_BOUND_MAX_INDICES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(usize::MAX)
    })
}

/// The first byte of a structured input is below this; any other first byte makes the input a
/// raw pay response body (a JSON text starts with `{` or white space).
pub const STRUCTURED_BELOW: u8 = 8;

/// The system allocator, counting the bytes live and their peak: a binary that declares it
/// its `#[global_allocator]` gets the memory of [`measure`].
pub struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn allocated(size: usize) {
    let live = LIVE.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

// SAFETY: every call is passed to `System` unchanged; the counters only observe.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as received; the caller upholds `alloc`'s contract.
        let ptr = unsafe { System.alloc(layout) };
        if !ptr.is_null() {
            allocated(layout.size());
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as received; the caller upholds `alloc_zeroed`'s contract.
        let ptr = unsafe { System.alloc_zeroed(layout) };
        if !ptr.is_null() {
            allocated(layout.size());
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded as received; `ptr` came from this allocator with `layout`.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded as received; the caller upholds `realloc`'s contract.
        let new = unsafe { System.realloc(ptr, layout, new_size) };
        if !new.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            allocated(new_size);
        }
        new
    }
}

/// One `verify_slice` of `bytes` (the verdict dropped inside): its time, and the most bytes
/// it had live at once beyond those live before it (0 unless [`Counting`] is the global
/// allocator).
pub fn measure(bytes: &[u8], expectation: &Expectation) -> (Duration, usize) {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let start = Instant::now();
    drop(black_box(verify_slice(black_box(bytes), expectation)));
    let elapsed = start.elapsed();
    (elapsed, PEAK.load(Ordering::Relaxed).saturating_sub(before))
}

/// A valid response as JSON, its serialized size, and the expectation it satisfies.
pub struct Base {
    /// The response.
    pub json: Value,
    /// Its serialized length.
    pub len: usize,
    /// What it pays.
    pub expectation: Expectation,
}

/// The valid response of `shape` with `n` payments (built once, then kept).
pub fn base(shape: Shape, n: usize) -> &'static Base {
    static CACHE: OnceLock<Mutex<HashMap<(Shape, usize), &'static Base>>> = OnceLock::new();
    let n = if shape.is_multi() { n } else { 1 };
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    cache.entry((shape, n)).or_insert_with(|| {
        let case = build_case(shape, n);
        let json = serde_json::to_value(&case.response).expect("a response serializes");
        let len = serde_json::to_vec(&json).expect("JSON").len();
        Box::leak(Box::new(Base {
            json,
            len,
            expectation: case.expectation,
        }))
    })
}

/// Reads bytes, then zeros once they run out.
struct Reader<'a> {
    data: &'a [u8],
}

impl Reader<'_> {
    fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }
}

/// The `metadata` and top-level number fields op 0 may set.
const NUMBER_FIELDS: [(&str, &str); 12] = [
    ("metadata", "approvalTransactionsCount"),
    ("metadata", "approvalTransactionIndex"),
    ("metadata", "paymentTransactionIndex"),
    ("metadata", "batchPaymentTransactionIndex"),
    ("metadata", "childCount"),
    ("metadata", "executableLegCount"),
    ("metadata", "stepsRequired"),
    ("metadata", "executionDeadline"),
    ("metadata", "safePaymentDeadline"),
    ("", "chainId"),
    ("children", "position"),
    ("destinationCalls", "chainId"),
];

/// The index lists op 1 may set.
const INDEX_LISTS: [&str; 3] = [
    "feeTransactionIndices",
    "approvalTransactionIndices",
    "bridgeTxIndices",
];

/// The arrays op 2 may repeat, as paths; a missing transaction list is made from
/// `transactions` (so the mirrors and the lists a shape does not define are reached).
const ARRAYS: [&[&str]; 14] = [
    &["transactions"],
    &["children"],
    &["feeBundle", "fees"],
    &["destinationCalls"],
    &["childTokens"],
    &["requestIds"],
    &["payees"],
    &["amounts"],
    &["references"],
    &["ERC20ApprovalTransactions"],
    &["eoaApprovalTransactions"],
    &["metadata", "approvalTransactionIndices"],
    &["metadata", "feeTransactionIndices"],
    &["metadata", "bridgeTxIndices"],
];

/// What op 6 repeats into a string leaf.
const PATTERNS: [&str; 10] = ["a", "0", "9", "é", "\u{0}", "\\", "1.", "💥", "ff", " "];

/// A response blown up by the description in `data` (without the shape byte's meaning of
/// "structured": `data[0]` is the shape), serialized, with the expectation of the valid
/// response it started from.
pub fn expand(data: &[u8]) -> (Vec<u8>, &'static Expectation) {
    let mut r = Reader { data };
    let shape = Shape::ALL[usize::from(r.u8()) % Shape::ALL.len()];
    let size_byte = r.u8();
    let n = SIZES[usize::from(size_byte) % SIZES.len()];
    let base = base(shape, n);
    let mut json = base.json.clone();
    // What is used of BUDGET: a small input starts as if the difference were used already.
    let mut size = if size_byte & 0x80 == 0 {
        base.len + (BUDGET - SMALL_BUDGET)
    } else {
        base.len
    };
    for _ in 0..MAX_OPS {
        if r.data.is_empty() {
            break;
        }
        let tag = r.u8();
        match tag % 8 {
            0 => set_number(&mut json, &mut r),
            1 => set_index_list(&mut json, &mut r, &mut size),
            2 => repeat_array(&mut json, &mut r, &mut size),
            3 => calldata_op(&mut json, &mut r, &mut size, repeat_words),
            4 => calldata_op(&mut json, &mut r, &mut size, set_word),
            5 => calldata_op(&mut json, &mut r, &mut size, offset_bomb),
            6 => long_string(&mut json, &mut r, &mut size),
            _ => raw_step(&mut json, &mut r, &mut size),
        }
    }
    (
        serde_json::to_vec(&json).expect("JSON serializes"),
        &base.expectation,
    )
}

fn left(size: usize) -> usize {
    BUDGET.saturating_sub(size)
}

fn transactions_len(json: &Value) -> u64 {
    json.get("transactions")
        .and_then(Value::as_array)
        .map_or(0, |t| t.len() as u64)
}

fn number(json: &Value, kind: u8, param: u32) -> Value {
    let t = transactions_len(json);
    let n: u64 = match kind % 10 {
        0 => u64::from(param),
        1 => 10_000_000,
        2 => u64::from(u32::MAX),
        3 => u64::MAX,
        4 => 1 << 53,
        5 => 0,
        6 => t.saturating_sub(1),
        7 => t,
        8 => u64::from(param).saturating_mul(1000),
        _ => return Value::from(-1),
    };
    Value::Number(Number::from(n))
}

fn set_number(json: &mut Value, r: &mut Reader<'_>) {
    let (parent, field) = NUMBER_FIELDS[usize::from(r.u8()) % NUMBER_FIELDS.len()];
    let (kind, param) = (r.u8(), r.u32());
    let value = number(json, kind, param);
    let target = match parent {
        "" => Some(json),
        "metadata" => json.get_mut("metadata"),
        list => {
            // An element of a list: the element `param % len`.
            json.get_mut(list)
                .and_then(Value::as_array_mut)
                .and_then(|items| {
                    let len = items.len().max(1);
                    items.get_mut(param as usize % len)
                })
        }
    };
    if let Some(Value::Object(map)) = target {
        map.insert(field.to_owned(), value);
    }
}

/// A xorshift generator: shuffles without a dependency.
struct Xorshift(u64);

impl Xorshift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn shuffle(&mut self, items: &mut [u64]) {
        for i in (1..items.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}

fn set_index_list(json: &mut Value, r: &mut Reader<'_>, size: &mut usize) {
    let field = INDEX_LISTS[usize::from(r.u8()) % INDEX_LISTS.len()];
    let pattern = r.u8();
    let len = usize::from(r.u16()) * (1 + usize::from(r.u8() % 64));
    // Each entry is at least 2 bytes of JSON (`9,`).
    let room = left(*size);
    let len = len.min(room / 2).min(max_indices());
    let t = transactions_len(json).max(1);
    let mut rng = Xorshift(0x9E37_79B9_7F4A_7C15 ^ len as u64);
    let mut list: Vec<u64> = match pattern % 8 {
        0 => (0..len as u64).collect(),
        1 => (0..len as u64).rev().collect(),
        2 => vec![u64::from(pattern / 8); len],
        3 | 6 => {
            let mut list: Vec<u64> = (0..len as u64).collect();
            rng.shuffle(&mut list);
            list
        }
        4 => (0..len as u64).map(|i| i % t).collect(),
        5 => (0..len as u64).map(|i| u64::MAX - i).collect(),
        _ => (0..len as u64).map(|i| (1 << 32) + i).collect(),
    };
    if pattern % 8 == 6 {
        list.iter_mut().for_each(|i| *i %= t);
    }
    // Keep what fits: the decimal digits and a comma of each entry.
    let mut used = 2;
    let fits = list
        .iter()
        .take_while(|i| {
            used += i.checked_ilog10().unwrap_or(0) as usize + 2;
            used <= room
        })
        .count();
    list.truncate(fits);
    *size += used.min(room);
    if let Some(Value::Object(metadata)) = json.get_mut("metadata") {
        metadata.insert(
            field.to_owned(),
            Value::Array(list.into_iter().map(Value::from).collect()),
        );
    }
}

fn get_path<'a>(json: &'a mut Value, path: &[&str]) -> Option<&'a mut Value> {
    path.iter().try_fold(json, |v, key| v.get_mut(*key))
}

fn repeat_array(json: &mut Value, r: &mut Reader<'_>, size: &mut usize) {
    let path = ARRAYS[usize::from(r.u8()) % ARRAYS.len()];
    let flags = r.u8();
    let want = usize::from(r.u16()) * (1 + usize::from(flags >> 2));
    let transactions = json.get("transactions").cloned();
    let Some(Value::Object(parent)) = get_path(json, &path[..path.len() - 1]) else {
        return;
    };
    let key = path[path.len() - 1];
    let source: Vec<Value> = match parent.get(key) {
        Some(Value::Array(items)) if !items.is_empty() => items.clone(),
        _ if key.ends_with("Transactions") => match &transactions {
            Some(Value::Array(items)) if !items.is_empty() => items.clone(),
            _ => return,
        },
        _ => return,
    };
    let each = source
        .iter()
        .map(|v| v.to_string().len() + 1)
        .max()
        .unwrap_or(1);
    let mut want = want.min(left(*size) / each);
    if path.first() == Some(&"metadata") {
        want = want.min(max_indices());
    }
    let mut items: Vec<Value> = (0..want)
        .filter_map(|i| source.get(i % source.len()).cloned())
        .collect();
    if flags & 1 == 1 {
        // Renumber children so that the structure holds further.
        for (i, item) in items.iter_mut().enumerate() {
            if let Value::Object(map) = item {
                if map.contains_key("position") {
                    map.insert("position".into(), Value::from(i));
                }
            }
        }
    }
    *size += want * each;
    parent.insert(key.to_owned(), Value::Array(items));
    if flags & 2 == 2 && key == "children" {
        if let Some(Value::Object(metadata)) = json.get_mut("metadata") {
            metadata.insert("childCount".into(), Value::from(want));
        }
    }
}

/// Every calldata string of the response (`data` of a transaction object, `calldata` of a
/// destination call), as paths.
fn calldata_paths(value: &Value, path: &mut Vec<Seg>, out: &mut Vec<Vec<Seg>>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                path.push(Seg::Key(key.clone()));
                if matches!(v, Value::String(_)) && (key == "data" || key == "calldata") {
                    out.push(path.clone());
                } else {
                    calldata_paths(v, path, out);
                }
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                path.push(Seg::Index(i));
                calldata_paths(v, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// Every string leaf of the response, as paths.
fn string_paths(value: &Value, path: &mut Vec<Seg>, out: &mut Vec<Vec<Seg>>) {
    match value {
        Value::String(_) => out.push(path.clone()),
        Value::Object(map) => {
            for (key, v) in map {
                path.push(Seg::Key(key.clone()));
                string_paths(v, path, out);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                path.push(Seg::Index(i));
                string_paths(v, path, out);
                path.pop();
            }
        }
        _ => {}
    }
}

/// One step of a path into a JSON value.
#[derive(Clone)]
enum Seg {
    Key(String),
    Index(usize),
}

fn at<'a>(json: &'a mut Value, path: &[Seg]) -> Option<&'a mut Value> {
    path.iter().try_fold(json, |v, seg| match seg {
        Seg::Key(key) => v.get_mut(key.as_str()),
        Seg::Index(i) => v.get_mut(*i),
    })
}

/// An op on the bytes of one calldata (after its 4-byte selector), with its parameters.
type CalldataOp = fn(&mut Vec<u8>, &mut Reader<'_>, usize);

fn calldata_op(json: &mut Value, r: &mut Reader<'_>, size: &mut usize, op: CalldataOp) {
    let mut paths = Vec::new();
    calldata_paths(json, &mut Vec::new(), &mut paths);
    let pick = usize::from(r.u8());
    let Some(path) = paths.get(pick % paths.len().max(1)) else {
        return;
    };
    let Some(Value::String(text)) = at(json, path) else {
        return;
    };
    let Ok(bytes) = alloy_primitives::hex::decode(text.trim_start_matches("0x")) else {
        return;
    };
    let (selector, args) = bytes.split_at(bytes.len().min(4));
    let mut args = args.to_vec();
    let before = args.len();
    // Hex: two characters per byte.
    op(&mut args, r, left(*size) / 2);
    *size += args.len().saturating_sub(before) * 2;
    *text = format!(
        "0x{}{}",
        alloy_primitives::hex::encode(selector),
        alloy_primitives::hex::encode(&args)
    );
}

fn words(args: &[u8]) -> usize {
    args.len() / 32
}

fn word_at(args: &[u8], offset: usize) -> Option<U256> {
    let end = offset.checked_add(32)?;
    args.get(offset..end).map(U256::from_be_slice)
}

/// Repeats `words` words from `first` `times` times, right after them.
fn repeat_words(args: &mut Vec<u8>, r: &mut Reader<'_>, room: usize) {
    let count = words(args);
    let (first, n, times) = (usize::from(r.u16()), usize::from(r.u8() % 32) + 1, r.u16());
    if count == 0 {
        return;
    }
    let first = first % count;
    let n = n.min(count - first);
    let chunk = args[first * 32..(first + n) * 32].to_vec();
    let times = usize::from(times).min(room / chunk.len().max(1));
    let tail = args.split_off((first + n) * 32);
    for _ in 0..times {
        args.extend_from_slice(&chunk);
    }
    args.extend_from_slice(&tail);
}

/// Sets one word: a small number, a length, an offset, or the largest values.
fn set_word(args: &mut Vec<u8>, r: &mut Reader<'_>, _room: usize) {
    let count = words(args);
    let (word, kind, param) = (usize::from(r.u16()), r.u8(), r.u32());
    if count == 0 {
        return;
    }
    let word = word % count;
    let value = match kind % 6 {
        0 => U256::from(param),
        1 => U256::from(u64::MAX),
        2 => U256::MAX,
        3 => U256::from(u64::from(param) * 32),
        4 => U256::from(args.len()),
        _ => U256::from(1u64) << (usize::from(param as u8)),
    };
    args[word * 32..word * 32 + 32].copy_from_slice(&value.to_be_bytes::<32>());
}

/// Makes the ABI array the offset at `word` points to an array of `n` offsets to one and the
/// same element (its first), appended at the end: `n` decodes of the element for `32 n` bytes.
fn offset_bomb(args: &mut Vec<u8>, r: &mut Reader<'_>, room: usize) {
    let count = words(args);
    let (word, n) = (usize::from(r.u16()), usize::from(r.u16()));
    if count == 0 {
        return;
    }
    let word = word % count;
    let Some(array) = word_at(args, word * 32).and_then(|o| usize::try_from(o).ok()) else {
        return;
    };
    let first = array
        .checked_add(32)
        .and_then(|o| word_at(args, o))
        .and_then(|o| usize::try_from(o).ok());
    let Some(element) = first.and_then(|first| array.checked_add(32)?.checked_add(first)) else {
        return;
    };
    let Some(body) = args.get(element..).map(<[u8]>::to_vec) else {
        return;
    };
    let n = n.min(room.saturating_sub(body.len()) / 32);
    let start = args.len();
    args.extend_from_slice(&U256::from(n).to_be_bytes::<32>());
    let offset = U256::from(n * 32);
    for _ in 0..n {
        args.extend_from_slice(&offset.to_be_bytes::<32>());
    }
    args.extend_from_slice(&body);
    args[word * 32..word * 32 + 32].copy_from_slice(&U256::from(start).to_be_bytes::<32>());
}

fn long_string(json: &mut Value, r: &mut Reader<'_>, size: &mut usize) {
    let mut paths = Vec::new();
    string_paths(json, &mut Vec::new(), &mut paths);
    let pick = usize::from(r.u16());
    let pattern = PATTERNS[usize::from(r.u8()) % PATTERNS.len()];
    let len = usize::from(r.u16()) * (1 + usize::from(r.u8() % 16));
    // `\u0000` is six bytes of JSON.
    let len = len.min(left(*size) / (pattern.len() * 6));
    let Some(path) = paths.get(pick % paths.len().max(1)) else {
        return;
    };
    if let Some(Value::String(text)) = at(json, path) {
        // Keep the text's start (a `0x`, a number's digits) and grow it.
        text.push_str(&pattern.repeat(len));
        *size += len * pattern.len() * 6;
    }
}

fn raw_step(json: &mut Value, r: &mut Reader<'_>, size: &mut usize) {
    let depth = usize::from(r.u8());
    let width = usize::from(r.u16()).min(left(*size) / 4);
    let mut value = Value::Array(vec![Value::from(0); width]);
    for _ in 0..depth {
        let mut map = Map::new();
        map.insert("a".into(), value);
        value = Value::Object(map);
    }
    *size += width * 2 + depth * 6;
    if let Some(Value::Object(metadata)) = json.get_mut("metadata") {
        metadata.insert("rawStep".into(), value);
    }
}
