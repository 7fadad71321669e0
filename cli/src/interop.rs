//! `securepay interop NAME_OR_HEX`: [`securepay::address::InteropInfo`] as JSON.

use super::Outcome;
use securepay::address::InteropInfo;

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// An ERC-7828 name (`0x…@eip155:8453#CHECKSUM`), ERC-7930 hex (`0x0001…`), or a
    /// destination id (`{name}:{token}`).
    input: String,
}

pub(super) fn run(args: &Args) -> Outcome {
    match InteropInfo::describe(&args.input) {
        Ok(answer) => Outcome::answer(&answer),
        Err(error) => Outcome::unusable(error),
    }
}
