//! `securepay encode`: one call description per input line (the `input` objects of
//! `abi-calls.jsonl`, optionally with `network`), one answer per output line.

use std::io::{BufRead, Write};

use super::{Outcome, stream_into};
use crate::spec::CallSpec;

#[derive(Debug, clap::Args)]
#[command(after_long_help = crate::spec::kinds_help())]
pub(super) struct Args {}

pub(super) fn run(_args: &Args, input: &mut dyn BufRead, output: &mut dyn Write) -> Outcome {
    stream_into(input, output, encode_line)
}

fn encode_line(line: &str, out: &mut Vec<u8>) -> Result<(), String> {
    let answer = CallSpec::from_str(line)
        .and_then(|spec| spec.answer())
        .map_err(|e| e.to_string())?;
    answer.write_json(out);
    Ok(())
}
