//! `securepay verify --expect E.json --response R.json [--text]` (either file may be `-`, for
//! standard input).

use std::io::BufRead;

use super::{Outcome, read_input};
use securepay::pay::PayResponse;
use securepay::verify::{Expectation, verify};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The expectation: what the payer agreed to (JSON file, or `-` for standard input).
    #[arg(long)]
    expect: std::path::PathBuf,
    /// The pay response to check (JSON file, or `-` for standard input).
    #[arg(long)]
    response: std::path::PathBuf,
    /// Print the readable summary and findings instead of JSON.
    #[arg(long)]
    text: bool,
}

pub(super) fn run(args: &Args, input: &mut dyn BufRead) -> Outcome {
    if args.expect.as_os_str() == "-" && args.response.as_os_str() == "-" {
        return Outcome::unusable("--expect and --response cannot both be standard input (-)");
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
    let verdict = verify(&response, &expectation);
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
