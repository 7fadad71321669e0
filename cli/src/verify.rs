//! `securepay verify --expect E.json --response R.json [--text]`.

use super::Outcome;
use securepay::pay::PayResponse;
use securepay::verify::{Expectation, verify};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The expectation: what the payer agreed to (JSON).
    #[arg(long)]
    expect: std::path::PathBuf,
    /// The pay response to check (JSON).
    #[arg(long)]
    response: std::path::PathBuf,
    /// Print the readable summary and findings instead of JSON.
    #[arg(long)]
    text: bool,
}

pub(super) fn run(args: &Args) -> Outcome {
    let read = |path: &std::path::Path| {
        std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
    };
    let expectation = match read(&args.expect).and_then(|bytes| {
        let text =
            String::from_utf8(bytes).map_err(|e| format!("{}: {e}", args.expect.display()))?;
        Expectation::from_str(&text).map_err(|e| e.to_string())
    }) {
        Ok(expectation) => expectation,
        Err(reason) => return Outcome::Unusable(reason),
    };
    let response = match read(&args.response)
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
