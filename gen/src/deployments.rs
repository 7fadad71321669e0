//! `core/src/contracts/builtin.rs` from `tests/data/reference/deployments.json`.

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::json::{At, Json};
use crate::{GenError, Output, evm_address, header, literal, network_variant, tron_body};

pub(crate) const INPUT: &str = "tests/data/reference/deployments.json";
const OUTPUT: &str = "core/src/contracts/builtin.rs";

/// Networks of the file that are not payment networks of the service, left out (the file's
/// `_source`: "'nile' is Tron's testnet and is not a supported payment network").
const SKIPPED_NETWORKS: &[&str] = &["nile"];

/// The `Contract` variant of an artifact name (`ERC20FeeProxy` → `Erc20FeeProxy`).
fn contract_variant(name: &str) -> String {
    match name.strip_prefix("ERC20") {
        Some(rest) => format!("Erc20{rest}"),
        None => name.to_owned(),
    }
}

struct Row {
    contract: String,
    network: String,
    version: String,
    address: String,
    creation_block: u64,
}

pub(crate) fn render(json: &Json) -> Result<Output, GenError> {
    let file = At::new(INPUT, json);
    let mut rows = Vec::new();
    let mut defaults = Vec::new();
    let mut seen = BTreeSet::new();
    for (name, contract) in file.req("contracts")?.members()? {
        let variant = contract_variant(name);
        defaults.push((variant.clone(), contract.req("defaultVersion")?.str()?));
        for (network, versions) in contract.req("networks")?.members()? {
            if SKIPPED_NETWORKS.contains(&network) {
                continue;
            }
            for (version, deployment) in versions.members()? {
                let text = deployment.req("address")?.str()?;
                let what = format!("{name} on {network} {version}");
                let address = if network == "tron" {
                    tron_body(INPUT, &what, text)?
                } else {
                    evm_address(INPUT, &what, text)?
                };
                if !seen.insert((name, network, version)) {
                    return Err(deployment.error("listed twice"));
                }
                rows.push(Row {
                    contract: variant.clone(),
                    network: network_variant(network),
                    version: version.to_owned(),
                    address,
                    creation_block: deployment.req("creationBlock")?.u64()?,
                });
            }
        }
    }
    Ok(Output {
        path: OUTPUT,
        text: text(&rows, &defaults),
    })
}

fn text(rows: &[Row], defaults: &[(String, &str)]) -> String {
    let networks: BTreeSet<&str> = rows.iter().map(|r| r.network.as_str()).collect();
    let mut out = header(&[INPUT]);
    out.push_str(&format!(
        "//! The deployment table, compiled in from `{INPUT}`\n\
         //! (the service's contract artifacts at RequestNetwork/requestNetwork@f1942807). Tron's Nile\n\
         //! testnet entries are left out: Nile is not a payment network of the service.\n\
         //! `tests/it/contracts.rs` checks every row against the reference file.\n\n"
    ));
    out.push_str("use alloy_primitives::address;\n\n");
    out.push_str("use super::Contract::{self, *};\nuse super::Row;\n");
    let list: Vec<&str> = networks.into_iter().collect();
    let _ = writeln!(
        out,
        "use crate::network::Network::{{{}}};\n",
        list.join(", ")
    );
    out.push_str(
        "/// Every deployment of the file, in file order: contract, network, version, address (a Tron\n\
         /// address's 20-byte body on Tron), creation block.\n\
         pub(super) const DEPLOYMENTS: &[Row] = &[\n",
    );
    for row in rows {
        let _ = write!(
            out,
            "    (\n        {},\n        {},\n        {},\n        address!({}),\n        {},\n    ),\n",
            row.contract,
            row.network,
            literal(&row.version),
            literal(&row.address),
            row.creation_block
        );
    }
    out.push_str("];\n\n");
    out.push_str(
        "/// The default version of each contract of the file (its `defaultVersion`).\n\
         pub(super) const DEFAULT_VERSIONS: &[(Contract, &str)] = &[\n",
    );
    for (contract, version) in defaults {
        let _ = writeln!(out, "    ({contract}, {}),", literal(version));
    }
    out.push_str("];\n");
    out
}
