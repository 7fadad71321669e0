//! `securepay currencies [--network N] [--symbol S] [--id I] [--first-only]` and
//! `securepay routes FIAT [--network N]`.

use serde_json::json;

use super::{Outcome, optional_network};
use securepay::currency::{Catalog, CatalogError, CurrencyQuery};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    // The help lists the networks (`network_help`).
    #[arg(long, help = crate::network_help("Only currencies on this network"))]
    network: Option<String>,
    /// Only currencies with this symbol.
    #[arg(long)]
    symbol: Option<String>,
    /// The currency with this id (or alias); answers one object.
    #[arg(long)]
    id: Option<String>,
    /// Answer the first match as one object (needs --network and --symbol).
    #[arg(long)]
    first_only: bool,
}

#[derive(Debug, clap::Args)]
pub(super) struct RoutesArgs {
    /// The invoice currency: USD, EUR, CNY, GBP or JPY.
    currency: String,
    // The help lists the networks (`network_help`).
    #[arg(long, help = crate::network_help("Only routes on this network"))]
    network: Option<String>,
}

pub(super) fn run(args: &Args) -> Outcome {
    let network = match optional_network(args.network.as_deref()) {
        Ok(network) => network,
        Err(unusable) => return unusable,
    };
    let query = CurrencyQuery {
        network,
        symbol: args.symbol.clone(),
        id: args.id.clone(),
        first_only: args.first_only,
    };
    match Catalog::builtin().query(&query) {
        Ok(answer) => Outcome::answer(&answer),
        Err(error @ CatalogError::NotFound(_)) => Outcome::no(
            &json!({ "statusCode": 404, "message": "Token not found", "error": "Not Found" }),
            error,
        ),
        Err(error) => Outcome::unusable(error),
    }
}

pub(super) fn routes(args: &RoutesArgs) -> Outcome {
    let network = match optional_network(args.network.as_deref()) {
        Ok(network) => network,
        Err(unusable) => return unusable,
    };
    match Catalog::builtin().conversion_routes(&args.currency, network) {
        Ok(routes) => Outcome::answer(&routes),
        Err(error) => Outcome::unusable(error),
    }
}
