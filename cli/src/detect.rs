//! `securepay detect --network N --reference R [--refund-reference R2] [--payee A]
//! [--currency C] [--fee-address F] --logs FILE`: what chain data says was paid for a request.
//! The file (or `-`, standard input) is a JSON array of `eth_getLogs` log objects or of
//! `eth_getTransactionReceipt` receipts, or the JSON-RPC answer holding them; on Tron,
//! TronGrid's event JSON. Exit 1 when no payment counts.

use std::io::{self, BufRead, Write};

use super::Outcome;
use securepay::currency::Catalog;
use securepay::detect::{
    ChainJsonError, Criteria, CriteriaText, DetectReadError, Detector, MAX_CHAIN_JSON_BYTES,
    Settlement,
};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    // The help lists the networks (`network_help`).
    #[arg(long, help = crate::network_help("The network of the chain data"))]
    network: String,
    /// The request's payment reference (0x and 16 hex digits).
    #[arg(long)]
    reference: String,
    /// The request's refund reference: its events are refunds.
    #[arg(long)]
    refund_reference: Option<String>,
    /// The payee: a payment counts only when paid to it.
    #[arg(long)]
    payee: Option<String>,
    /// The request's currency (a catalog id: USDC-base, ETH-base-base, EUR…).
    #[arg(long)]
    currency: Option<String>,
    /// The request's fee address: only its fees count in the fee balance.
    #[arg(long)]
    fee_address: Option<String>,
    /// The chain data: a JSON file, or `-` for standard input.
    #[arg(long)]
    logs: std::path::PathBuf,
}

/// The library's criteria from the flags; a refusal names its flag.
fn criteria(args: &Args) -> Result<Criteria, String> {
    let text = CriteriaText {
        refund_reference: args.refund_reference.clone(),
        payee: args.payee.clone(),
        currency: args.currency.clone(),
        fee_address: args.fee_address.clone(),
        ..CriteriaText::new(&args.network, &args.reference)
    };
    text.criteria(Catalog::builtin())
        .map_err(|error| format!("{}: {}", error.field.flag(), error.cause))
}

/// The settlement of the chain data, read as a stream (the file, or standard input): each log
/// is detected as it is read, so memory holds the settlement and one log, not the input.
fn settle(args: &Args, input: &mut dyn BufRead, criteria: &Criteria) -> Result<Settlement, String> {
    let detector = Detector::builtin();
    if args.logs.as_os_str() == "-" {
        return detector
            .detect_reader(input, criteria)
            .map_err(|error| match error {
                DetectReadError::Json(ChainJsonError::TooLarge { max, .. }) => format!(
                    "--logs: standard input is more than {max} bytes, the most chain data may have"
                ),
                DetectReadError::Io(e) => format!("--logs: cannot read standard input: {e}"),
                other => format!("--logs: {other}"),
            });
    }
    let shown = args.logs.display();
    // A regular file larger than the bound is refused unread.
    let (file, _) = super::open_at_most("--logs", &args.logs, MAX_CHAIN_JSON_BYTES, "chain data")?;
    detector
        .detect_reader(file, criteria)
        .map_err(|error| match error {
            DetectReadError::Json(ChainJsonError::TooLarge { max, .. }) => {
                format!("--logs: {shown} is more than {max} bytes, the most chain data may have")
            }
            DetectReadError::Io(e) => format!("--logs: cannot read {shown}: {e}"),
            other => format!("--logs: {other}"),
        })
}

pub(super) fn run(args: &Args, input: &mut dyn BufRead, output: &mut dyn Write) -> Outcome {
    let criteria = match criteria(args) {
        Ok(criteria) => criteria,
        Err(reason) => return Outcome::Unusable(reason),
    };
    let settlement = match settle(args, input, &criteria) {
        Ok(settlement) => settlement,
        Err(reason) => return Outcome::Unusable(reason),
    };
    // Written as it is made: every ignored log is listed, so the answer can be as large as
    // the chain data, and is never held whole. serde_json writes a token at a time: a buffer
    // of this type takes them without a call through `dyn Write` each.
    let mut buffered = io::BufWriter::with_capacity(1 << 16, &mut *output);
    let written = serde_json::to_writer(&mut buffered, &settlement)
        .map_err(io::Error::from)
        .and_then(|()| writeln!(buffered))
        .and_then(|()| buffered.flush());
    drop(buffered);
    if written.is_err() {
        return Outcome::Unusable("cannot write standard output".to_owned());
    }
    Outcome::Written {
        no: (!settlement.is_paid()).then(|| {
            format!(
                "no payment of {} counts ({} log(s) ignored)",
                settlement.reference,
                settlement.ignored.len()
            )
        }),
    }
}
