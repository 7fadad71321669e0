//! `securepay encode`: one call object per input line (the `input` objects of
//! `abi-calls.jsonl`), one answer per output line.

use std::io::{BufRead, Write};

use serde_json::{json, Value};

use super::{stream, Outcome};
use crate::address::{EvmAddress, TronAddress};

#[derive(Debug, clap::Args)]
pub(super) struct Args {}

pub(super) fn run(_args: &Args, input: &mut dyn BufRead, output: &mut dyn Write) -> Outcome {
    stream(input, output, encode_line)
}

fn encode_line(line: &str) -> Result<Value, String> {
    let value: Value = serde_json::from_str(line).map_err(|e| format!("not a JSON object: {e}"))?;
    // A whole vector line ({"id", "input": {...}, "expected"}) is accepted for convenience.
    let call = match value.get("input") {
        Some(input) if value.get("kind").is_none() => input,
        _ => &value,
    };
    let object = call.as_object().ok_or("not a JSON object")?;
    let kind = object
        .get("kind")
        .and_then(Value::as_str)
        .ok_or("missing \"kind\"")?;
    let field = |name: &str| -> Result<&str, String> {
        object
            .get(name)
            .and_then(Value::as_str)
            .ok_or_else(|| format!("{name}: missing or not a string"))
    };
    let only = |allowed: &[&str]| -> Result<(), String> {
        match object.keys().find(|k| !allowed.contains(&k.as_str())) {
            Some(unknown) => Err(format!("unknown field {unknown:?} for kind {kind}")),
            None => Ok(()),
        }
    };
    match kind {
        "tron_address" => {
            only(&["kind", "address"])?;
            tron_address(field("address")?).map_err(|e| format!("address: {e}"))
        }
        "eip55" => {
            only(&["kind", "address"])?;
            let address = field("address")?;
            EvmAddress::parse(address)
                .map(|a| json!({ "result": a.to_checksum() }))
                .map_err(|e| match e {
                    crate::address::EvmAddressError::BadChecksum(_) => {
                        format!("address: mixed-case input with a {e}")
                    }
                    other => format!("address: {other}"),
                })
        }
        other => Err(format!("unknown kind {other:?}")),
    }
}

/// Base58 → `41…` hex; `41…` hex, `0x41…` hex or a `0x` 20-byte body → Base58.
fn tron_address(text: &str) -> Result<Value, String> {
    let digits = text.strip_prefix("0x").unwrap_or(text);
    let is_hex = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_hexdigit());
    if text.starts_with("0x") && digits.len() == 40 && is_hex {
        let mut body = [0u8; 20];
        alloy_primitives::hex::decode_to_slice(digits, &mut body).map_err(|e| e.to_string())?;
        let tron = TronAddress::from_abi(body.into());
        return Ok(json!({ "result": tron.to_base58() }));
    }
    if is_hex && digits.len() == 42 {
        let tron = TronAddress::from_hex(text).map_err(|e| e.to_string())?;
        return Ok(json!({ "result": tron.to_base58() }));
    }
    let tron = TronAddress::parse(text).map_err(|e| e.to_string())?;
    Ok(json!({ "result": tron.to_hex() }))
}
