//! The `securepay` command line (package `securepay-cli`, binary `securepay`, installed with
//! `cargo install --path cli`): a thin shell over the `securepay` library. Every subcommand
//! reads arguments or standard input and writes JSON to standard output, diagnostics to
//! standard error.
//!
//! Exit status: `0` success; `1` the input was understood and the answer is "no" (a currency
//! that does not exist, calldata that is not a payment); `2` text that does not parse (a wrong
//! EIP-55 or ERC-7828 checksum included), with a one-line reason on standard error.
//!
//! Streaming commands (`encode`, `policy gate`) answer every input line in order, one JSON line
//! each, and exit `2` at the end if any line failed. An error line names its input line (the
//! first is 1): `{"line":7,"error":"…"}`; a place within the line is its column (`expected
//! value at column 12`). A blank line is skipped (no answer); an input with no line to answer
//! (empty or blank) is unusable: exit 2 with the reason (`empty input: expected …`).

#![forbid(unsafe_code)]
#![warn(unreachable_pub, unnameable_types, unused_crate_dependencies)]
// A unit-test build links the dev-dependencies the integration tests use.
#![cfg_attr(test, allow(unused_crate_dependencies))]
#![deny(missing_docs)]
// JSON entry points are named as serde_json's (`CallSpec::from_str`), not `FromStr`.
#![allow(clippy::should_implement_trait)]

mod address;
mod amount;
mod currencies;
mod decode;
mod detect;
mod encode;
mod interop;
mod policy;
mod verify;
mod webhook;

use std::io::{self, BufRead, Read, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use serde_json::Value;

/// How a command ended: an answer (exit 0), a "no" (exit 1) or unusable input (exit 2).
#[derive(Debug)]
pub(crate) enum Outcome {
    /// Success: print this JSON text.
    Answer(String),
    /// The input was understood and the answer is "no": print the JSON text, exit 1.
    No {
        /// The answer (JSON text), printed to standard output.
        answer: String,
        /// A one-line reason, printed to standard error.
        reason: String,
    },
    /// Unusable input: print the reason to standard error, exit 2.
    Unusable(String),
    /// The answer is already written to standard output (a large one is never held as text);
    /// `no` is the reason of a "no" (exit 1), printed to standard error.
    Written {
        /// The reason of a "no", if the answer is one.
        no: Option<String>,
    },
    /// A streaming command that already wrote its lines; `failed` tells whether any failed.
    Streamed {
        /// Whether any line failed.
        failed: bool,
    },
}

impl Outcome {
    fn unusable(error: impl std::fmt::Display) -> Outcome {
        Outcome::Unusable(error.to_string())
    }

    /// Success with `value` serialized in its own field order.
    fn answer(value: &impl serde::Serialize) -> Outcome {
        match serde_json::to_string(value) {
            Ok(text) => Outcome::Answer(text),
            Err(error) => Outcome::Unusable(format!("cannot write the answer: {error}")),
        }
    }

    /// A "no" with `value` as the answer.
    fn no(value: &impl serde::Serialize, reason: impl std::fmt::Display) -> Outcome {
        Outcome::No {
            answer: serde_json::to_string(value).unwrap_or_else(|_| "{}".to_owned()),
            reason: reason.to_string(),
        }
    }
}

#[derive(Debug, Parser)]
#[command(
    name = "securepay",
    version,
    about = "Build, check and explain crypto payments."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Canonical forms of an EVM or Tron address.
    Address(address::Args),
    /// An ERC-7828 name, an ERC-7930 binary address (0x…) or a destination id, checked.
    Interop(interop::Args),
    /// Convert between human decimal amounts and smallest units.
    Amount(amount::Args),
    /// Query the built-in currency catalog (GET /v2/currencies semantics).
    Currencies(currencies::Args),
    /// Conversion routes of an invoice currency (USD, EUR, CNY, GBP, JPY).
    Routes(currencies::RoutesArgs),
    /// Encode calls read as JSON lines from standard input (with the payment rules of the
    /// builders; --raw: any ABI-valid call).
    #[command(long_about = encode::RULES_HELP)]
    Encode(encode::Args),
    /// Strictly decode calldata sent to a known contract or token, or an Across V4 call to the
    /// LI.FI diamond.
    Decode(decode::Args),
    /// The payment reference of a request.
    Reference(decode::ReferenceArgs),
    /// Check a pay response against what the payer agreed to, before signing: exit 0 no danger
    /// finding, 1 a danger finding (do not sign), 2 unusable input.
    Verify(verify::Args),
    /// Payment access policy: resolve a payment's screening configuration, or drive the payer
    /// screening gate.
    Policy(policy::Args),
    /// Verify or parse a webhook delivery (raw body on standard input).
    Webhook(webhook::Args),
    /// What chain data (eth_getLogs logs, receipts, TronGrid events) says was paid for a
    /// request.
    Detect(detect::Args),
}

/// Runs the command line with the process arguments and standard streams.
///
/// ```
/// use std::process::ExitCode;
///
/// // Without a subcommand (a doctest has no arguments), the usage goes to standard error and the
/// // exit status is 2: unusable input.
/// assert_eq!(securepay_cli::main(), ExitCode::from(2));
/// ```
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let code = if error.use_stderr() { 2 } else { 0 };
            let _ = error.print();
            return ExitCode::from(code);
        }
    };
    let stdin = io::stdin();
    // Streamed answers are written through one buffer (standard output alone flushes every
    // line), and flushed before the exit status is decided.
    let mut stdout = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut outcome = run(cli.command, &mut stdin.lock(), &mut stdout);
    if stdout.flush().is_err() {
        outcome = Outcome::Unusable("cannot write standard output".to_owned());
    }
    drop(stdout);
    finish(outcome)
}

fn run(command: Command, input: &mut dyn BufRead, output: &mut dyn Write) -> Outcome {
    match command {
        Command::Address(args) => address::run(&args),
        Command::Interop(args) => interop::run(&args),
        Command::Amount(args) => amount::run(&args),
        Command::Currencies(args) => currencies::run(&args),
        Command::Routes(args) => currencies::routes(&args),
        Command::Encode(args) => encode::run(&args, input, output),
        Command::Decode(args) => decode::run(&args, input),
        Command::Reference(args) => decode::reference(&args),
        Command::Verify(args) => verify::run(&args, input, output),
        Command::Policy(args) => policy::run(&args, input, output),
        Command::Webhook(args) => webhook::run(&args, input),
        Command::Detect(args) => detect::run(&args, input, output),
    }
}

fn finish(outcome: Outcome) -> ExitCode {
    let mut stdout = io::stdout().lock();
    match outcome {
        Outcome::Answer(value) => {
            let _ = writeln!(stdout, "{value}");
            ExitCode::SUCCESS
        }
        Outcome::No { answer, reason } => {
            let _ = writeln!(stdout, "{answer}");
            eprintln!("securepay: {}", one_line(&reason));
            ExitCode::from(1)
        }
        Outcome::Unusable(reason) => {
            eprintln!("securepay: {}", one_line(&reason));
            ExitCode::from(2)
        }
        Outcome::Written { no: None } => ExitCode::SUCCESS,
        Outcome::Written { no: Some(reason) } => {
            eprintln!("securepay: {}", one_line(&reason));
            ExitCode::from(1)
        }
        Outcome::Streamed { failed } => ExitCode::from(if failed { 2 } else { 0 }),
    }
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Answers every line of `input` with `answer_line`, in order, one JSON line each; an error
/// becomes `{"line":N,"error":"…"}` and the stream goes on. `expected` says what a line holds,
/// for the refusal of an input without any.
fn stream(
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    expected: &str,
    mut answer_line: impl FnMut(&str) -> Result<Value, String>,
) -> Outcome {
    stream_into(input, output, expected, |line, out| {
        let answer = answer_line(line)?;
        serde_json::to_writer(out, &answer).map_err(|e| e.to_string())
    })
}

/// [`stream`] for an answer that writes its own JSON: `write_answer` appends one answer (no
/// newline) to the buffer, or says why the line has none.
fn stream_into(
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    expected: &str,
    mut write_answer: impl FnMut(&str, &mut Vec<u8>) -> Result<(), String>,
) -> Outcome {
    let mut lines = Lines::default();
    let outcome = stream_chunks(input, output, &mut lines, |chunk, out, lines| {
        answer_lines(chunk, out, lines, &mut write_answer)
    });
    match outcome {
        Outcome::Streamed { failed: false } if lines.answered == 0 => {
            Outcome::Unusable(format!("standard input: {}", empty_input(expected)))
        }
        outcome => outcome,
    }
}

/// The refusal of an input that is empty or blank, worded as the library's
/// [`securepay::EmptyInput`] (`empty input: expected …`), for the inputs the CLI reads itself
/// (a stream, `policy resolve`, `decode -`).
pub(crate) fn empty_input(expected: &str) -> String {
    format!("empty input: expected {expected}")
}

/// Where a stream is: lines read (blank ones included) and lines answered.
#[derive(Debug, Default)]
struct Lines {
    /// The number of the last line read (the first line is 1).
    read: u64,
    /// How many lines were answered (every line but the blank ones).
    answered: u64,
}

/// Appends the error line of line `line`: `{"line":N,"error":"…"}`. serde_json places its
/// errors in the text it read, which is the one line: its `at line 1 column C` is written
/// `at column C`, so that the only line number is the input's.
fn write_error_line(out: &mut Vec<u8>, line: u64, error: &str) {
    use std::io::Write as _;
    // Writing to a `Vec` does not fail, and a string always serializes.
    let _ = write!(out, "{{\"line\":{line},\"error\":");
    let _ = serde_json::to_writer(
        &mut *out,
        &error.replace(" at line 1 column ", " at column "),
    );
    out.extend_from_slice(b"}\n");
}

/// Answers each line of `chunk` (complete lines; the last may lack its newline) into `out`,
/// one JSON line each, a blank line skipped; says whether any line failed.
fn answer_lines(
    chunk: &[u8],
    out: &mut Vec<u8>,
    lines: &mut Lines,
    write_answer: &mut impl FnMut(&str, &mut Vec<u8>) -> Result<(), String>,
) -> bool {
    let mut failed = false;
    let mut rest = chunk.strip_suffix(b"\n").unwrap_or(chunk);
    loop {
        let (line, next) = match memchr::memchr(b'\n', rest) {
            Some(end) => (rest.get(..end).unwrap_or_default(), rest.get(end + 1..)),
            None => (rest, None),
        };
        lines.read += 1;
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if !line.iter().all(u8::is_ascii_whitespace) {
            lines.answered += 1;
            let start = out.len();
            let answered = std::str::from_utf8(line)
                .map_err(|e| format!("the line is not UTF-8 text ({e})"))
                .and_then(|line| write_answer(line, out));
            match answered {
                Ok(()) => out.push(b'\n'),
                Err(error) => {
                    failed = true;
                    out.truncate(start);
                    write_error_line(out, lines.read, &error);
                }
            }
        }
        match next {
            Some(next) => rest = next,
            None => return failed,
        }
    }
}

/// Reads `input` in large reads, hands every run of complete lines to `answer` (which appends
/// their answers to the buffer, counts them in `lines` and says whether any failed) and writes
/// the answers of each read at once: a line typed by hand is answered as soon as it is read.
/// A line longer than [`MAX_INPUT_BYTES`] is answered with an error, and its bytes past that
/// are read and dropped, never held.
fn stream_chunks(
    input: &mut dyn BufRead,
    output: &mut dyn Write,
    lines: &mut Lines,
    mut answer: impl FnMut(&[u8], &mut Vec<u8>, &mut Lines) -> bool,
) -> Outcome {
    const READ: usize = 1 << 16;
    let mut failed = false;
    // `buffer[..held]` is read and not yet answered: at most one incomplete line.
    let mut buffer = vec![0; READ];
    let mut held = 0;
    // The line being read is longer than MAX_INPUT_BYTES: its bytes are dropped to its end.
    let mut dropping = false;
    let mut out = Vec::with_capacity(2 * READ);
    loop {
        if held == buffer.len() {
            if held > MAX_INPUT_BYTES {
                dropping = true;
                held = 0;
            } else {
                // a line longer than the buffer
                buffer.resize((2 * held).min(MAX_INPUT_BYTES + 1), 0);
            }
        }
        let read = loop {
            match input.read(buffer.get_mut(held..).unwrap_or_default()) {
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                read => break read,
            }
        };
        let read = match read {
            Ok(read) => read,
            Err(error) => {
                eprintln!("securepay: cannot read standard input: {error}");
                return Outcome::Streamed { failed: true };
            }
        };
        // `buffer[fresh..filled]` was just read.
        let (mut fresh, mut filled) = (held, held + read);
        if dropping {
            let end = memchr::memchr(b'\n', buffer.get(fresh..filled).unwrap_or_default());
            if end.is_none() && read > 0 {
                held = 0;
                continue;
            }
            dropping = false;
            failed = true;
            lines.read += 1;
            lines.answered += 1;
            let error =
                format!("the line is more than {MAX_INPUT_BYTES} bytes, the most a line may have");
            write_error_line(&mut out, lines.read, &error);
            let after = end.map_or(filled, |end| fresh + end + 1);
            buffer.copy_within(after..filled, 0);
            (fresh, filled) = (0, filled - after);
        }
        let complete = if read == 0 {
            filled
        } else {
            match memchr::memrchr(b'\n', buffer.get(fresh..filled).unwrap_or_default()) {
                Some(end) => fresh + end + 1,
                None => 0,
            }
        };
        if complete > 0 {
            failed |= answer(buffer.get(..complete).unwrap_or_default(), &mut out, lines);
        }
        if !out.is_empty() {
            if output
                .write_all(&out)
                .and_then(|()| output.flush())
                .is_err()
            {
                return Outcome::Streamed { failed: true };
            }
            out.clear();
        }
        buffer.copy_within(complete..filled, 0);
        held = filled - complete;
        if read == 0 {
            return Outcome::Streamed { failed };
        }
    }
}

/// The most bytes of an input the command line reads when the library sets no bound of its own
/// (calldata, a webhook body, a policy, one line of a stream): the largest answer of the service,
/// a pay response ([`securepay::pay::MAX_RESPONSE_BYTES`]). At most one byte more is ever read.
pub(crate) const MAX_INPUT_BYTES: usize = securepay::pay::MAX_RESPONSE_BYTES;

/// The bytes of an input file argument: the file, or standard input for `-`; at most `max`
/// bytes (`kind` names the input in the refusal: "a pay response"). At most `max + 1` bytes
/// are read: a larger input is refused, never held.
pub(crate) fn read_input(
    what: &str,
    path: &std::path::Path,
    input: &mut dyn BufRead,
    max: usize,
    kind: &str,
) -> Result<Vec<u8>, String> {
    if path.as_os_str() == "-" {
        return read_at_most(input, max, 0)
            .map_err(|e| format!("{what}: cannot read standard input: {e}"))?
            .ok_or_else(|| {
                format!("{what}: standard input is more than {max} bytes, the most {kind} may have")
            });
    }
    let shown = path.display();
    let (mut file, size) = open_at_most(what, path, max, kind)?;
    // A smaller file is read into a buffer of its size.
    let hint = size
        .and_then(|size| usize::try_from(size).ok())
        .unwrap_or(0);
    read_at_most(&mut file, max, hint)
        .map_err(|e| format!("{what}: cannot read {shown}: {e}"))?
        .ok_or_else(|| {
            format!("{what}: {shown} is more than {max} bytes, the most {kind} may have")
        })
}

/// Opens the file at `path`, with its size when it is a regular file: a regular file larger
/// than `max` bytes is refused unread, its reason naming `what` and `kind`.
pub(crate) fn open_at_most(
    what: &str,
    path: &std::path::Path,
    max: usize,
    kind: &str,
) -> Result<(std::fs::File, Option<u64>), String> {
    let shown = path.display();
    let file =
        std::fs::File::open(path).map_err(|e| format!("{what}: cannot read {shown}: {e}"))?;
    let size = file
        .metadata()
        .ok()
        .filter(std::fs::Metadata::is_file)
        .map(|m| m.len());
    if let Some(size) = size.filter(|size| *size > max as u64) {
        return Err(format!(
            "{what}: {shown} is {size} bytes, above the {max} bytes {kind} may have"
        ));
    }
    Ok((file, size))
}

/// Reads `reader` to its end if it holds at most `max` bytes (`None` if it holds more: then
/// `max + 1` bytes were read), into a buffer of `hint` bytes to begin with.
///
/// Generic rather than `&mut dyn Read`: a `&mut dyn BufRead` becomes a `&mut dyn Read` only by
/// trait upcasting, which Rust 1.85 (the declared `rust-version`) does not have.
pub(crate) fn read_at_most<R: io::Read + ?Sized>(
    reader: &mut R,
    max: usize,
    hint: usize,
) -> io::Result<Option<Vec<u8>>> {
    let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
    let mut bytes = Vec::with_capacity(hint.min(max));
    reader.take(limit).read_to_end(&mut bytes)?;
    Ok((bytes.len() <= max).then_some(bytes))
}

/// The help of a `--network` flag: `what` it is for, then the names it accepts, from the
/// library's one table of networks (`Network::ALL`, their ids and cross-chain query names), as
/// [`securepay::network::Network::from_name`] reads them.
pub(crate) fn network_help(what: &str) -> String {
    use securepay::network::Network;
    let ids: Vec<&str> = Network::ALL.iter().map(|n| n.id()).collect();
    let other: Vec<String> = Network::ALL
        .iter()
        .filter_map(|n| n.query_name())
        .map(str::to_ascii_lowercase)
        .filter(|name| !ids.contains(&name.as_str()))
        .collect();
    format!(
        "{what}: one of {} (any case; also {})",
        ids.join(", "),
        other.join(", ")
    )
}

/// The network named by an optional `--network` (the service's ids), or the answer that it is
/// unusable.
pub(crate) fn optional_network(
    id: Option<&str>,
) -> Result<Option<securepay::network::Network>, Outcome> {
    id.map(securepay::network::Network::from_name)
        .transpose()
        .map_err(Outcome::unusable)
}

/// `[0-9a-fA-F]`, an even number of them. `alloy_primitives::hex::decode` alone would strip a
/// second `0x`/`0X` itself and read `0x0x12` as `0x12`.
pub(crate) fn hex_digits(digits: &str) -> Option<Vec<u8>> {
    if !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    alloy_primitives::hex::decode(digits).ok()
}
