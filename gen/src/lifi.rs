//! `core/src/calldata/lifi/known.rs` from `tests/data/reference/lifi-abi.json` and the contract of
//! each function, `gen/lifi-provenance.json` (the ABI file does not say which contract a
//! function was copied from).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use alloy_primitives::{hex, keccak256};

use crate::json::{At, Json};
use crate::{GenError, Output, header, literal};

pub(crate) const ABI_INPUT: &str = "tests/data/reference/lifi-abi.json";
pub(crate) const PROVENANCE_INPUT: &str = "gen/lifi-provenance.json";
const OUTPUT: &str = "core/src/calldata/lifi/known.rs";

/// The canonical type of an ABI parameter, tuples expanded (`(address,uint256)[]`).
fn canonical(param: &At<'_>) -> Result<String, GenError> {
    let ty = param.req("type")?.str()?;
    match ty.strip_prefix("tuple") {
        Some(suffix) => {
            let inner = param
                .req("components")?
                .items()?
                .iter()
                .map(canonical)
                .collect::<Result<Vec<_>, _>>()?;
            Ok(format!("({}){suffix}", inner.join(",")))
        }
        None => Ok(ty.to_owned()),
    }
}

struct Provenance<'a> {
    contract: &'a str,
    historical: bool,
}

pub(crate) fn render(abi: &Json, provenance: &Json) -> Result<Output, GenError> {
    let abi = At::new(ABI_INPUT, abi);
    let provenance = At::new(PROVENANCE_INPUT, provenance);
    let mut contracts: BTreeMap<String, (Provenance<'_>, &str)> = BTreeMap::new();
    for row in provenance.req("functions")?.items()? {
        let selector = row.req("selector")?.str()?;
        let entry = Provenance {
            contract: row.req("contract")?.str()?,
            historical: match row.get("historical") {
                Some(h) => h.bool()?,
                None => false,
            },
        };
        let name = row.req("name")?.str()?;
        if contracts
            .insert(selector.to_owned(), (entry, name))
            .is_some()
        {
            return Err(row.error(format_args!("selector {selector} listed twice")));
        }
    }
    let mut out = header(&[ABI_INPUT, PROVENANCE_INPUT]);
    let mut rows = String::new();
    let mut seen = BTreeSet::new();
    for entry in abi.items()? {
        if entry.req("type")?.str()? != "function" {
            continue;
        }
        let name = entry.req("name")?.str()?;
        let inputs = entry
            .req("inputs")?
            .items()?
            .iter()
            .map(canonical)
            .collect::<Result<Vec<_>, _>>()?;
        let signature = format!("{name}({})", inputs.join(","));
        let selector = hex::encode(keccak256(signature.as_bytes()).get(..4).unwrap_or_default());
        if !seen.insert(selector.clone()) {
            return Err(entry.error(format_args!("selector {selector} of {signature} twice")));
        }
        let (from, listed_name) = contracts.get(&selector).ok_or_else(|| {
            entry.error(format_args!(
                "{signature} (0x{selector}) has no row in {PROVENANCE_INPUT}: add its contract"
            ))
        })?;
        if *listed_name != name {
            return Err(entry.error(format_args!(
                "0x{selector} is {name} here but {listed_name} in {PROVENANCE_INPUT}"
            )));
        }
        let packed = from.contract.starts_with("AcrossFacetPacked");
        let _ = write!(
            rows,
            "    KnownFunction {{\n        selector: hex!({}),\n        name: {},\n        \
             contract: {},\n        historical: {},\n        packed: {packed},\n        \
             signature: {},\n    }},\n",
            literal(&selector),
            literal(name),
            literal(from.contract),
            from.historical,
            literal(&signature),
        );
    }
    if let Some(extra) = contracts.keys().find(|s| !seen.contains(*s)) {
        return Err(provenance.error(format_args!(
            "0x{extra} is a function of no entry of {ABI_INPUT}"
        )));
    }
    let _ = write!(
        out,
        "//! Every function of `{ABI_INPUT}` ({} entries), selector → name, in\n\
         //! file order, each selector the `keccak256` of the canonical signature; the contract each\n\
         //! was copied from (`lifinance/lifi-contract-types@06cf58dc:dist/factories/<Contract>__factory.js`,\n\
         //! or an earlier commit for a historical one) as `{PROVENANCE_INPUT}` records it.\n\n\
         use alloy_primitives::hex;\n\n\
         use super::KnownFunction;\n\n\
         /// `(selector, function, contract, historical, packed, canonical signature)` in ABI-file\n\
         /// order.\n\
         pub(super) const KNOWN_FUNCTIONS: &[KnownFunction] = &[\n{rows}];\n",
        seen.len()
    );
    Ok(Output {
        path: OUTPUT,
        text: out,
    })
}
