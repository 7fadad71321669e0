//! `securepay encode`: one call description per input line (the `input` objects of
//! `abi-calls.jsonl`, optionally with `network`), one answer per output line. By default a call
//! is held to the payment rules of the library's builders; `--raw` is the ABI layer alone.

use std::io::{BufRead, Write};

use super::{Outcome, stream_into};
use securepay::calldata::spec::{CallSpec, Rules};

/// What `encode --help` says of the two rule sets.
pub(super) const RULES_HELP: &str =
    "Encode calls read as JSON lines from standard input: one answer line \
per input line ({\"data\"} or {\"result\"}; with \"network\", \"to\" and \"value\" too), an \
error line {\"line\":N,\"error\":\"…\"} for a line that fails (the exit status is then 2, after \
every line is answered). A blank line is skipped.

Rules. By default every call is held to the payment rules of the library's builders \
(securepay::calldata::Builder), each checked by the library itself: a payment amount above 0 \
(erc20_fee, eth_fee when its amount is given, eth_fee_exact, erc20_transfer, erc20_conversion, \
eth_conversion, every payee and request of a batch), a fee above 0 with its recipient, a batch \
with at least one payment and a non-zero fee address, batch_conv_payments with one to five \
groups of ids 0 to 4 and the native-conversion group (4) last, payment references of 8 bytes. \
An approval takes any amount (0 revokes). With --raw, the ABI layer alone: any ABI-valid call \
is encoded (amount 0, a reference of any length, an empty batch), as the ABI test vectors \
need. In both, addresses are of the network's family and \"to\" is the network's contract: \
Tron has no native-currency, conversion or batch contract.";

#[derive(Debug, clap::Args)]
#[command(after_long_help = securepay::calldata::spec::kinds_help())]
pub(super) struct Args {
    /// The ABI layer alone: encode any ABI-valid call, without the builders' payment rules
    /// (for ABI-level test vectors).
    #[arg(long)]
    raw: bool,
}

pub(super) fn run(args: &Args, input: &mut dyn BufRead, output: &mut dyn Write) -> Outcome {
    let rules = if args.raw { Rules::Abi } else { Rules::Payment };
    stream_into(
        input,
        output,
        "one JSON call description per line (see encode --help)",
        |line, out| encode_line(line, rules, out),
    )
}

fn encode_line(line: &str, rules: Rules, out: &mut Vec<u8>) -> Result<(), String> {
    let answer = CallSpec::from_str_with(line, rules)
        .and_then(|spec| spec.answer())
        .map_err(|e| {
            if e.is_payment_rule() {
                format!("{e} (a payment rule; --raw encodes any ABI-valid call)")
            } else {
                e.to_string()
            }
        })?;
    answer.write_json(out);
    Ok(())
}
