//! `securepay verify --expect E.json --response R.json [--tron-tx TX.json] [--text]` (any one
//! file may be `-`, for standard input). With `--tron-tx`, the TronWeb transaction about to be
//! signed is checked against the response and the expectation too.

use std::io::{self, BufRead, Write};

use super::{Outcome, read_input};
use securepay::pay::{MAX_RESPONSE_BYTES, PayResponse};
use securepay::tron::{MAX_TRANSACTION_BYTES, TronTransaction};
use securepay::verify::{Expectation, MAX_EXPECTATION_BYTES, Verifier, verify};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The expectation: what the payer agreed to (JSON file, or `-` for standard input).
    #[arg(long)]
    expect: std::path::PathBuf,
    /// The pay response to check (JSON file, or `-` for standard input).
    #[arg(long)]
    response: std::path::PathBuf,
    /// The TronWeb transaction about to be signed (`raw_data`, `raw_data_hex`, `txID`,
    /// `signature[]`; JSON file, or `-` for standard input): checked to be one call of the
    /// response, owned by the payer, with the agreed fee limit.
    #[arg(long)]
    tron_tx: Option<std::path::PathBuf>,
    /// Print the readable summary and findings instead of JSON.
    #[arg(long)]
    text: bool,
}

pub(super) fn run(args: &Args, input: &mut dyn BufRead, output: &mut dyn Write) -> Outcome {
    let stdin_count = [
        Some(&args.expect),
        Some(&args.response),
        args.tron_tx.as_ref(),
    ]
    .into_iter()
    .flatten()
    .filter(|path| path.as_os_str() == "-")
    .count();
    if stdin_count > 1 {
        return Outcome::unusable(
            "only one of --expect, --response and --tron-tx can be standard input (-)",
        );
    }
    // Each input is read with its bound (at most one byte more is read) and parsed, and its
    // bytes are dropped before the next is read.
    let expectation = match read_input(
        "--expect",
        &args.expect,
        input,
        MAX_EXPECTATION_BYTES,
        "an expectation",
    )
    .and_then(|bytes| Expectation::from_slice(&bytes).map_err(|e| format!("--expect: {e}")))
    {
        Ok(expectation) => expectation,
        Err(reason) => return Outcome::Unusable(reason),
    };
    let response = match read_input(
        "--response",
        &args.response,
        input,
        MAX_RESPONSE_BYTES,
        "a pay response",
    )
    .and_then(|bytes| {
        // The reason may quote the response: a hidden payee stays hidden in it.
        PayResponse::from_slice(&bytes)
            .map_err(|e| expectation.mask_payees(format!("--response: {e}")))
    }) {
        Ok(response) => response,
        Err(reason) => return Outcome::Unusable(reason),
    };
    let verdict = match &args.tron_tx {
        None => verify(&response, &expectation),
        Some(path) => match read_input(
            "--tron-tx",
            path,
            input,
            MAX_TRANSACTION_BYTES,
            "a Tron transaction",
        )
        .and_then(|bytes| {
            TronTransaction::from_slice(&bytes).map_err(|e| format!("--tron-tx: {e}"))
        }) {
            Ok(tx) => Verifier::builtin().verify_tron(&response, &expectation, &tx),
            Err(reason) => return Outcome::Unusable(reason),
        },
    };
    let dangers = verdict
        .findings
        .iter()
        .filter(|f| f.severity == securepay::verify::Severity::Danger)
        .count();
    // Written as it is made: a verdict's JSON can be twice the response (each summary line
    // carries its text), and is never held whole.
    let written = if args.text {
        write!(output, "{verdict}")
    } else {
        serde_json::to_writer(&mut *output, &verdict)
            .map_err(io::Error::from)
            .and_then(|()| writeln!(output))
    };
    if written.is_err() {
        return Outcome::Unusable("cannot write standard output".to_owned());
    }
    Outcome::Written {
        no: (dangers > 0).then(|| format!("{dangers} danger finding(s): do not sign")),
    }
}
