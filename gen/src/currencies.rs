//! `core/src/currency/builtin.rs` from `tests/data/reference/currencies.json`.

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::json::{At, Json};
use crate::{GenError, Output, evm_address, header, literal, network_variant, tron_body};

pub(crate) const INPUT: &str = "tests/data/reference/currencies.json";
const OUTPUT: &str = "core/src/currency/builtin.rs";

/// The `CurrencyType` variant of a `type`.
fn kind_variant(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "ERC20" => "Erc20",
        "ETH" => "Eth",
        "TRC20" => "Trc20",
        _ => return None,
    })
}

pub(crate) fn render(json: &Json) -> Result<Output, GenError> {
    let file = At::new(INPUT, json);
    let mut out = header(&[INPUT]);
    out.push_str(&format!(
        "//! The built-in currency catalog, compiled in from `{INPUT}`\n\
         //! (the service's token list v1.5.0 for the eight networks, plus EURC from Circle's\n\
         //! published addresses; each row of the file names its source). Ids, symbols and names\n\
         //! are the token list's (`USDCn-optimism`, `USDCn-matic`, `fUSDC-sepolia`,\n\
         //! `fUSDT-sepolia`); the plain ids (`USDC-optimism`, …) stay aliases.\n\
         //! `tests/it/currency.rs` checks every row against the reference file.\n\n"
    ));
    out.push_str(
        "use alloy_primitives::address;\n\n\
         use super::CurrencyType::{Erc20, Eth, Trc20};\n\
         use super::rows::BuiltinAddress::{Evm, Tron};\n\
         use super::rows::{BuiltinCurrency, BuiltinFiat};\n\
         use crate::network::Network;\n\n",
    );
    currencies(&file, &mut out)?;
    fiat(&file, &mut out)?;
    lists(&file, &mut out)?;
    Ok(Output {
        path: OUTPUT,
        text: out,
    })
}

fn currencies(file: &At<'_>, out: &mut String) -> Result<(), GenError> {
    out.push_str(
        "/// Every currency of the file, in file order.\n\
         pub(super) const CURRENCIES: &[BuiltinCurrency] = &[\n",
    );
    let mut ids = BTreeSet::new();
    for entry in file.req("currencies")?.items()? {
        let id = entry.req("id")?.str()?;
        if !ids.insert(id) {
            return Err(entry.error(format_args!("id {id:?} listed twice")));
        }
        let network = entry.req("network")?.str()?;
        let kind = entry.req("type")?.str()?;
        let kind =
            kind_variant(kind).ok_or_else(|| entry.error(format_args!("unknown type {kind:?}")))?;
        let text = entry.req("address")?.str()?;
        let address = if network == "tron" {
            let body = tron_body(INPUT, id, text)?;
            let abi = entry.req("abiHex")?.str()?;
            if !abi.eq_ignore_ascii_case(&body) {
                return Err(entry.error(format_args!("abiHex {abi} is not the body of {text}")));
            }
            format!("Tron(address!({}))", literal(&body))
        } else {
            format!("Evm(address!({}))", literal(&evm_address(INPUT, id, text)?))
        };
        let decimals = entry.req("decimals")?.u64()?;
        if decimals > 77 {
            return Err(entry.error(format_args!("{decimals} decimals")));
        }
        let destination = match entry.get("destination") {
            Some(d) => d.bool()?,
            None => false,
        };
        let verified = match entry.get("verified") {
            Some(v) => v.bool()?,
            None => true,
        };
        let aliases = match entry.get("aliases") {
            Some(a) => a.strs()?,
            None => Vec::new(),
        };
        let aliases: Vec<String> = aliases.iter().map(|a| literal(a)).collect();
        // `Tron` alone is the address variant here: the network is written in full.
        let network = match network_variant(network).as_str() {
            "Tron" => "Network::Tron".to_owned(),
            other => format!("Network::{other}"),
        };
        let _ = write!(
            out,
            "    BuiltinCurrency {{\n        id: {},\n        name: {},\n        symbol: {},\n        \
             decimals: {decimals},\n        address: {address},\n        network: {network},\n        \
             kind: {kind},\n        destination: {destination},\n        verified: {verified},\n        \
             aliases: &[{}],\n    }},\n",
            literal(id),
            literal(entry.req("name")?.str()?),
            literal(entry.req("symbol")?.str()?),
            aliases.join(", "),
        );
    }
    out.push_str("];\n\n");
    Ok(())
}

fn fiat(file: &At<'_>, out: &mut String) -> Result<(), GenError> {
    out.push_str(
        "/// Every fiat (ISO 4217) currency of the file, in file order.\n\
         pub(super) const FIAT: &[BuiltinFiat] = &[\n",
    );
    for entry in file.req("fiat")?.items()? {
        let code = entry.req("id")?.str()?;
        let decimals = entry.req("decimals")?.u64()?;
        if decimals > 18 {
            return Err(entry.error(format_args!("{decimals} decimals")));
        }
        let address = evm_address(INPUT, code, entry.req("address")?.str()?)?;
        let hash = evm_address(INPUT, code, entry.req("hash")?.str()?)?;
        let _ = write!(
            out,
            "    BuiltinFiat {{\n        code: {},\n        name: {},\n        decimals: {decimals},\n        \
             address: address!({}),\n        hash: address!({}),\n    }},\n",
            literal(code),
            literal(entry.req("name")?.str()?),
            literal(&address),
            literal(&hash),
        );
    }
    out.push_str("];\n\n");
    Ok(())
}

/// A `&[&str]` constant.
fn str_list(out: &mut String, doc: &str, name: &str, items: &[&str]) {
    let items: Vec<String> = items.iter().map(|i| literal(i)).collect();
    let _ = writeln!(
        out,
        "/// {doc}\npub(super) const {name}: &[&str] = &[{}];",
        items.join(", ")
    );
}

fn lists(file: &At<'_>, out: &mut String) -> Result<(), GenError> {
    let routes = file.req("conversionRoutes")?;
    let cross = file.req("crossChain")?;
    let to_fiat = file.req("cryptoToFiat")?;
    str_list(
        out,
        "Invoice (fiat) currencies a request may be denominated in and paid through conversion.",
        "INVOICE_CURRENCIES",
        &routes.req("invoiceCurrencies")?.strs()?,
    );
    str_list(
        out,
        "Symbols a fiat invoice may be paid in (`FAU` exists on Sepolia only).",
        "CONVERSION_PAYMENT_SYMBOLS",
        &routes.req("paymentSymbols")?.strs()?,
    );
    str_list(
        out,
        "Cross-chain source tokens.",
        "CROSS_CHAIN_SOURCE_SYMBOLS",
        &cross.req("sourceTokens")?.strs()?,
    );
    str_list(
        out,
        "Source tokens the secure pay endpoint accepts in addition.",
        "PAY_ENDPOINT_EXTRA_SOURCE_SYMBOLS",
        &cross.req("payEndpointAlsoAccepts")?.strs()?,
    );
    let _ = writeln!(
        out,
        "/// The currency crypto-to-fiat requests must be in.\n\
         pub(super) const CRYPTO_TO_FIAT_SYMBOL: &str = {};",
        literal(to_fiat.req("currency")?.str()?)
    );
    let networks: Vec<String> = to_fiat
        .req("networks")?
        .strs()?
        .iter()
        .map(|n| format!("Network::{}", network_variant(n)))
        .collect();
    let _ = writeln!(
        out,
        "/// The networks crypto-to-fiat requests may be on.\n\
         pub(super) const CRYPTO_TO_FIAT_NETWORKS: &[Network] = &[\n    {},\n];",
        networks.join(",\n    ")
    );
    Ok(())
}
