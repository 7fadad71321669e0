//! `securepay verify --expect E.json --response R.json [--tron-tx TX.json] [--text]` (any one
//! file may be `-`, for standard input). With `--tron-tx`, the TronWeb transaction about to be
//! signed is checked against the response and the expectation too.

use std::io::BufRead;

use super::{Outcome, read_input};
use securepay::pay::PayResponse;
use securepay::tron::TronTransaction;
use securepay::verify::{Expectation, Verifier, verify};

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

pub(super) fn run(args: &Args, input: &mut dyn BufRead) -> Outcome {
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
    let expectation = match read_input("--expect", &args.expect, input)
        .and_then(|bytes| Expectation::from_slice(&bytes).map_err(|e| format!("--expect: {e}")))
    {
        Ok(expectation) => expectation,
        Err(reason) => return Outcome::Unusable(reason),
    };
    let response = match read_input("--response", &args.response, input)
        .and_then(|bytes| PayResponse::from_slice(&bytes).map_err(|e| format!("response: {e}")))
    {
        Ok(response) => response,
        Err(reason) => return Outcome::Unusable(reason),
    };
    let verdict = match &args.tron_tx {
        None => verify(&response, &expectation),
        Some(path) => match read_input("--tron-tx", path, input).and_then(|bytes| {
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
    let answer = if args.text {
        Outcome::Answer(verdict.to_string().trim_end().to_owned())
    } else {
        match serde_json::to_string(&verdict) {
            Ok(json) => Outcome::Answer(json),
            Err(error) => return Outcome::Unusable(error.to_string()),
        }
    };
    match answer {
        Outcome::Answer(text) if dangers > 0 => Outcome::No {
            answer: text,
            reason: format!("{dangers} danger finding(s): do not sign"),
        },
        other => other,
    }
}
