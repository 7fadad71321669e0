//! Peak memory of reading and verifying a pay response at the size cap: for bodies of every
//! kind of repetition a server could send, each a few bytes under
//! [`MAX_RESPONSE_BYTES`](securepay::pay::MAX_RESPONSE_BYTES) (tens of thousands of small
//! transactions, payments, approvals, fee entries, children, tiny mirror strings, one huge
//! calldata, a long index list, open JSON of small objects, a long label), `verify_slice` must
//! grow the process's peak resident memory by at most [`PER_BYTE`] times the body plus
//! [`CONSTANT`].
//!
//! Each body is verified in a child process of this test binary of its own (memory the
//! allocator keeps from one body would hide the next one's), which reads the body from a file,
//! resets its peak (`/proc/self/clear_refs`), verifies, and reads its peak back (`VmHWM` of
//! `/proc/self/status`): Linux only, skipped elsewhere with a message. The figures are printed
//! (`cargo test --test it verify::memory -- --nocapture`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use securepay::pay::MAX_RESPONSE_BYTES;
use securepay::verify::{Expectation, verify_slice};
use serde_json::Value;

use crate::common;

/// Peak memory allowed per byte of body. Measured at the cap (debug build, 2026-11-26): 3.75 x
/// the body at most (31.4 MB against the 41.9 MB allowed with [`CONSTANT`]), for tens of
/// thousands of token transfers (each a transaction, a leg, a summary line; the lines reserved
/// at once, the legs for the transactions that can move value, never doubled). Before: 4.8 x
/// here and 5.05 x on a CI machine (42.4 MB, over), from the summary's list doubling while the
/// legs were copied; 4.4 x for a long `feeTransactionIndices` (now refused past
/// `MAX_TRANSACTION_INDICES`) and for a long fee label (now shown in 64 characters).
const PER_BYTE: usize = 4;

/// Peak memory allowed to any body whatever its size: the catalog and tables built on first
/// use (about 2 MB, measured with a body refused at once), and the allocator's own arenas.
const CONSTANT: usize = 8 << 20;

/// The body file the child verifies (set only in a child).
const BODY: &str = "SECUREPAY_MEMORY_BODY";
/// The expectation file the child verifies against.
const EXPECT: &str = "SECUREPAY_MEMORY_EXPECT";

const PROXY: &str = "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814";
const USDC: &str = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const PAYEE: &str = "6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7";

/// A same-chain multicall of three children on Base with a platform fee and the smart-account
/// flow, and what it pays.
const MULTICALL: &str = "pay/multicall_same_chain.json";
const MULTICALL_AGREED: &str = r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.18",
  "smartAccount":"0x1111111111111111111111111111111111111111","payments":[
  {"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"10","reference":"0x0101010101010101"},
  {"payee":"0x742d35Cc6634C0532925a3b844Bc454e4438f44e","amount":"20","reference":"0x0202020202020202"},
  {"payee":"0xb07D2398d2004378cad234DA0EF14f1c94A530e4","amount":"30","reference":"0x0303030303030303"}]}"#;
/// A USDT payment on Tron, and what it pays.
const TRON: &str = "pay/single_tron.json";
const TRON_AGREED: &str = r#"{"network":"tron","currency":"USDT-tron","payments":[
  {"payee":"TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE","amount":"10","reference":"0x0909090909090909"}]}"#;

/// What fills a body to the cap: a list (its entries kept, then `item` as often as fits), or
/// a string (`opening`, then `item` as often as fits, an even number of times).
enum Fill {
    List {
        kept: Vec<Value>,
        item: String,
    },
    Text {
        opening: String,
        item: char,
    },
    /// One object of distinct keys (`{"0":0,"1":0,…}`): the most keys one object can have.
    Keys,
}

/// One kind of body: a base response, where the filler goes, and what it is.
struct Kind {
    name: &'static str,
    base: &'static str,
    agreed: &'static str,
    /// Puts the placeholder where the filler goes and says what fills it.
    fill: fn(&mut Value) -> Fill,
}

const PLACEHOLDER: &str = "@FILL@";

fn place(slot: &mut Value) -> Value {
    std::mem::replace(slot, Value::String(PLACEHOLDER.into()))
}

/// Keeps the list at `slot` and repeats `item` after it.
fn after(slot: &mut Value, item: Value) -> Fill {
    let kept = place(slot).as_array().cloned().unwrap_or_default();
    Fill::List {
        kept,
        item: item.to_string(),
    }
}

/// Repeats `item` in place of what is at `slot`.
fn only(slot: &mut Value, item: Value) -> Fill {
    place(slot);
    Fill::List {
        kept: vec![],
        item: item.to_string(),
    }
}

fn call(to: &str, data: String, value: &str) -> Value {
    serde_json::json!({ "to": to, "data": data, "value": value })
}

fn word(hex: &str) -> String {
    format!("{hex:0>64}")
}

fn kinds() -> Vec<Kind> {
    vec![
        Kind {
            name: "small transactions (no calldata)",
            base: MULTICALL,
            agreed: MULTICALL_AGREED,
            fill: |b| after(&mut b["transactions"], call(PROXY, "0x".into(), "0")),
        },
        Kind {
            name: "payment transactions (the first child's, again)",
            base: MULTICALL,
            agreed: MULTICALL_AGREED,
            fill: |b| {
                let payment = b["transactions"][1].clone();
                after(&mut b["transactions"], payment)
            },
        },
        Kind {
            name: "token transfers to the payee",
            base: MULTICALL,
            agreed: MULTICALL_AGREED,
            fill: |b| {
                let data = format!("0xa9059cbb{}{}", word(PAYEE), word("1"));
                after(&mut b["transactions"], call(USDC, data, "0"))
            },
        },
        Kind {
            name: "approvals of the payment contract",
            base: MULTICALL,
            agreed: MULTICALL_AGREED,
            fill: |b| {
                let data = format!("0x095ea7b3{}{}", word(&PROXY[2..]), word("1"));
                after(&mut b["transactions"], call(USDC, data, "0"))
            },
        },
        Kind {
            name: "calls of an unknown contract",
            base: MULTICALL,
            agreed: MULTICALL_AGREED,
            fill: |b| {
                let to = "0x000000000000000000000000000000000000dEaD";
                after(&mut b["transactions"], call(to, "0x12345678".into(), "1"))
            },
        },
        Kind {
            name: "EOA approvals",
            base: MULTICALL,
            agreed: MULTICALL_AGREED,
            fill: |b| {
                let approval = b["eoaApprovalTransactions"][0].clone();
                after(&mut b["eoaApprovalTransactions"], approval)
            },
        },
        Kind {
            name: "fee entries",
            base: MULTICALL,
            agreed: MULTICALL_AGREED,
            fill: |b| {
                let fee = b["feeBundle"]["fees"][0].clone();
                after(&mut b["feeBundle"]["fees"], fee)
            },
        },
        Kind {
            name: "children (refused past 1,000)",
            base: MULTICALL,
            agreed: MULTICALL_AGREED,
            fill: |b| {
                let child = b["children"][0].clone();
                after(&mut b["children"], child)
            },
        },
        Kind {
            name: "tiny request ids (refused past 1,000)",
            base: MULTICALL,
            agreed: MULTICALL_AGREED,
            fill: |b| only(&mut b["requestIds"], "a".into()),
        },
        Kind {
            name: "one huge calldata",
            base: MULTICALL,
            agreed: MULTICALL_AGREED,
            fill: |b| {
                let data = place(&mut b["transactions"][1]["data"]);
                Fill::Text {
                    opening: data.as_str().unwrap().into(),
                    item: '0',
                }
            },
        },
        Kind {
            name: "feeTransactionIndices (refused past 65,536)",
            base: MULTICALL,
            agreed: MULTICALL_AGREED,
            fill: |b| only(&mut b["metadata"]["feeTransactionIndices"], 9.into()),
        },
        Kind {
            name: "metadata.rawStep of small objects",
            base: MULTICALL,
            agreed: MULTICALL_AGREED,
            fill: |b| only(&mut b["metadata"]["rawStep"], serde_json::json!({"a": 0})),
        },
        Kind {
            name: "metadata.rawStep, one object of many keys",
            base: MULTICALL,
            agreed: MULTICALL_AGREED,
            fill: |b| {
                place(&mut b["metadata"]["rawStep"]);
                Fill::Keys
            },
        },
        Kind {
            name: "a long fee label",
            base: MULTICALL,
            agreed: MULTICALL_AGREED,
            fill: |b| {
                place(&mut b["feeBundle"]["fees"][0]["feeLabel"]);
                Fill::Text {
                    opening: String::new(),
                    item: 'x',
                }
            },
        },
        Kind {
            name: "Tron payment transactions",
            base: TRON,
            agreed: TRON_AGREED,
            fill: |b| {
                let payment = b["transactions"][1].clone();
                after(&mut b["transactions"], payment)
            },
        },
    ]
}

/// The body of `kind`: its base with the filler, at most `MAX_RESPONSE_BYTES` and within one
/// entry of it.
fn body(kind: &Kind) -> String {
    let mut base = common::read_json(kind.base);
    let fill = (kind.fill)(&mut base);
    let text = base.to_string();
    let (prefix, suffix) = text
        .split_once(&format!("\"{PLACEHOLDER}\""))
        .unwrap_or_else(|| panic!("{}: no placeholder", kind.name));
    let mut body = String::with_capacity(MAX_RESPONSE_BYTES);
    body.push_str(prefix);
    match fill {
        Fill::List { kept, item } => {
            body.push('[');
            for entry in &kept {
                write!(body, "{entry},").unwrap();
            }
            let room = MAX_RESPONSE_BYTES - body.len() - suffix.len() - 1;
            let times = room / (item.len() + 1);
            for _ in 0..times {
                body.push_str(&item);
                body.push(',');
            }
            body.pop(); // the last comma (or the `[` if nothing fits: refused anyway)
            body.push(']');
        }
        Fill::Text { opening, item } => {
            body.push('"');
            body.push_str(&opening);
            let room = MAX_RESPONSE_BYTES - body.len() - suffix.len() - 1;
            body.extend(std::iter::repeat_n(item, room / 2 * 2));
            body.push('"');
        }
        Fill::Keys => {
            body.push('{');
            let room = MAX_RESPONSE_BYTES - body.len() - suffix.len() - 1;
            let mut key = 0u64;
            loop {
                let entry = format!("\"{key}\":0,");
                if body.len() + entry.len() > MAX_RESPONSE_BYTES - suffix.len() - 1 {
                    break;
                }
                body.push_str(&entry);
                key += 1;
            }
            assert!(room > 0);
            body.pop(); // the last comma
            body.push('}');
        }
    }
    body.push_str(suffix);
    assert!(body.len() <= MAX_RESPONSE_BYTES, "{}", kind.name);
    assert!(
        body.len() > MAX_RESPONSE_BYTES - 1024,
        "{}: {} bytes",
        kind.name,
        body.len()
    );
    body
}

/// The peak resident memory of this process so far, in bytes (`VmHWM`).
fn peak() -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: usize = line
        .trim_start_matches("VmHWM:")
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()?;
    Some(kb * 1024)
}

/// Sets the peak resident memory to the current one (Linux 4.0 and later).
fn reset_peak() -> bool {
    std::fs::write("/proc/self/clear_refs", "5").is_ok()
}

/// In the child: verifies the body once and prints how much the peak grew.
fn measure_alone(body: &Path, agreed: &Path) {
    let bytes = std::fs::read(body).unwrap();
    let expectation = Expectation::from_slice(&std::fs::read(agreed).unwrap()).unwrap();
    assert!(reset_peak(), "cannot reset the peak resident memory");
    let before = peak().unwrap();
    let started = std::time::Instant::now();
    let verdict = verify_slice(&bytes, &expectation);
    let took = started.elapsed();
    let after = peak().unwrap();
    println!(
        "memory: {} {} {} {}",
        bytes.len(),
        after.saturating_sub(before),
        took.as_millis(),
        verdict.findings.len(),
    );
}

#[test]
fn peak_memory_of_a_verification_at_the_cap_is_at_most_four_times_the_body() {
    if let (Some(body), Some(agreed)) = (std::env::var_os(BODY), std::env::var_os(EXPECT)) {
        measure_alone(Path::new(&body), Path::new(&agreed));
        return;
    }
    if peak().is_none() || !reset_peak() {
        eprintln!(
            "skipped: peak memory is read from /proc/self/status and reset through \
             /proc/self/clear_refs (Linux 4.0 and later)"
        );
        return;
    }
    let dir: PathBuf =
        std::env::temp_dir().join(format!("securepay-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let test = format!(
        "{}::peak_memory_of_a_verification_at_the_cap_is_at_most_four_times_the_body",
        module_path!().split_once("::").map_or("", |(_, path)| path)
    );
    let mut report = String::new();
    let mut over = Vec::new();
    for (index, kind) in kinds().iter().enumerate() {
        let body = dir.join(format!("{index}.json"));
        let agreed = dir.join(format!("{index}.expect.json"));
        std::fs::write(&body, self::body(kind)).unwrap();
        std::fs::write(&agreed, kind.agreed).unwrap();
        let output = Command::new(std::env::current_exe().unwrap())
            .args([test.as_str(), "--exact", "--test-threads=1", "--nocapture"])
            .env(BODY, &body)
            .env(EXPECT, &agreed)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{}:\n{stdout}\n{}",
            kind.name,
            String::from_utf8_lossy(&output.stderr)
        );
        let figures: Vec<usize> = stdout
            .lines()
            .find_map(|l| l.split_once("memory: ").map(|(_, figures)| figures))
            .unwrap_or_else(|| panic!("{}: no figures in\n{stdout}", kind.name))
            .split(' ')
            .take(4)
            .map(|f| f.parse().unwrap())
            .collect();
        let [len, grown, millis, findings] = figures[..] else {
            panic!("{}: {figures:?}", kind.name)
        };
        let allowed = PER_BYTE * len + CONSTANT;
        writeln!(
            report,
            "{:<50} {len:>8} bytes  peak +{:>6.1} MB ({:.2} x body)  {millis:>5} ms  {findings} findings",
            kind.name,
            grown as f64 / 1e6,
            grown as f64 / len as f64,
        )
        .unwrap();
        if grown > allowed {
            over.push(kind.name);
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    println!("{report}");
    assert!(
        over.is_empty(),
        "peak memory above {PER_BYTE} x body + {CONSTANT} bytes for {over:?}:\n{report}"
    );
}
