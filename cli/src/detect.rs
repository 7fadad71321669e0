//! `securepay detect --network N --reference R [--refund-reference R2] [--payee A]
//! [--currency C] [--fee-address F] --logs FILE`: what chain data says was paid for a request.
//! The file (or `-`, standard input) is a JSON array of `eth_getLogs` log objects or of
//! `eth_getTransactionReceipt` receipts, or the JSON-RPC answer holding them; on Tron,
//! TronGrid's event JSON. Exit 1 when no payment counts.

use std::io::{self, BufRead, Write};

use super::{Outcome, read_input};
use securepay::currency::Catalog;
use securepay::detect::{ChainData, Criteria, CriteriaText, MAX_CHAIN_JSON_BYTES, detect};

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

pub(super) fn run(args: &Args, input: &mut dyn BufRead, output: &mut dyn Write) -> Outcome {
    let criteria = match criteria(args) {
        Ok(criteria) => criteria,
        Err(reason) => return Outcome::Unusable(reason),
    };
    let settlement = match read_input(
        "--logs",
        &args.logs,
        input,
        MAX_CHAIN_JSON_BYTES,
        "chain data",
    )
    .and_then(|bytes| {
        ChainData::from_slice(criteria.network(), &bytes).map_err(|e| format!("--logs: {e}"))
    })
    .and_then(|chain| detect(&chain, &criteria).map_err(|e| format!("--logs: {e}")))
    {
        Ok(settlement) => settlement,
        Err(reason) => return Outcome::Unusable(reason),
    };
    // Written as it is made: every ignored log is listed, so the answer can be as large as
    // the chain data, and is never held whole.
    let written = serde_json::to_writer(&mut *output, &settlement)
        .map_err(io::Error::from)
        .and_then(|()| writeln!(output));
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
