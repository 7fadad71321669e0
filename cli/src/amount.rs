//! `securepay amount VALUE --decimals D [--to-human]`.

use serde_json::json;

use super::Outcome;
use securepay::amount::{Decimals, format_units, parse_uint, parse_units};
use securepay::currency::Catalog;

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// A human decimal amount (`10.50`), or smallest units with `--to-human`.
    value: String,
    /// The number of decimals of the currency (0 to 77).
    #[arg(
        long,
        required_unless_present = "currency",
        conflicts_with = "currency"
    )]
    decimals: Option<u8>,
    /// Take the decimals from this catalog currency (`USDC-base`).
    #[arg(long)]
    currency: Option<String>,
    /// VALUE is in smallest units (decimal or 0x hex); print the human amount.
    #[arg(long)]
    to_human: bool,
}

pub(super) fn run(args: &Args) -> Outcome {
    let decimals = match (args.decimals, args.currency.as_deref()) {
        (Some(d), _) => Decimals::new(d).map_err(|e| e.to_string()),
        (None, Some(id)) => Catalog::builtin()
            .get(id)
            .map(|c| c.decimals())
            .map_err(|e| e.to_string()),
        (None, None) => Err("either --decimals or --currency is required".to_owned()),
    };
    let decimals = match decimals {
        Ok(d) => d,
        Err(error) => return Outcome::Unusable(error),
    };
    if args.to_human {
        match parse_uint(&args.value) {
            Ok(units) => Outcome::answer(&json!({ "human": format_units(units, decimals) })),
            Err(error) => Outcome::Unusable(format!("value: {error}")),
        }
    } else {
        match parse_units(&args.value, decimals) {
            Ok(units) => Outcome::answer(&json!({ "units": units.to_string() })),
            Err(error) => Outcome::Unusable(format!("value: {error}")),
        }
    }
}
