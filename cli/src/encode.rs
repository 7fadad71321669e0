//! `securepay encode`: one call description per input line (the `input` objects of
//! `abi-calls.jsonl`, optionally with `network`), one answer per output line.

use std::io::{BufRead, Write};

use serde_json::Value;

use super::{Outcome, stream};
use crate::spec::CallSpec;

#[derive(Debug, clap::Args)]
#[command(after_long_help = crate::spec::kinds_help())]
pub(super) struct Args {}

pub(super) fn run(_args: &Args, input: &mut dyn BufRead, output: &mut dyn Write) -> Outcome {
    stream(input, output, encode_line)
}

fn encode_line(line: &str) -> Result<Value, String> {
    let answer = CallSpec::from_str(line)
        .and_then(|spec| spec.answer())
        .map_err(|e| e.to_string())?;
    serde_json::to_value(answer).map_err(|e| e.to_string())
}
