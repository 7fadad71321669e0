//! The package's functions on Rust types: JSON text in, JSON text out, a [`Refusal`] (the
//! `code` the thrown Error carries, and the library's one-line reason) for unusable input. The
//! `#[wasm_bindgen]` layer only converts at the boundary.

use alloy_primitives::U256;

use securepay::address::ChainAddress;
use securepay::amount::{Decimals, format_units, parse_uint, parse_units};
use securepay::calldata::decode::{
    BatchFunction, LegacyBatch, LegacyBatchTokens, RequestDetail, UsdLimit,
};
use securepay::calldata::{AnyCall, Call, DecodedCall, Decoder, PaymentReference};
use securepay::network::Network;
use securepay::pay::PayResponse;
use securepay::tron::TronTransaction;
use securepay::verify::{Expectation, Verdict, Verifier};
use securepay::webhook::{SignatureError, verify_signature};
/// JSON text of an answer (the boundary's, shared with the detect module).
pub use securepay_wasm_boundary::Json;
pub use securepay_wasm_boundary::Refusal;
use securepay_wasm_boundary::json;

/// The JSON text of an answer; failing to write one is a bug (`internal`).
fn answer(value: &impl serde::Serialize) -> Result<Json, Refusal> {
    json(value).map_err(Refusal::with("internal"))
}

/// The verdict as the package returns it: the library's one verdict shape (`{safe, findings,
/// assumptions, summary}`, summary lines with their `text`, the same JSON `securepay verify`
/// writes), serialized in one pass (no intermediate JSON tree).
fn verdict_json(verdict: &Verdict) -> Result<Json, Refusal> {
    answer(verdict)
}

/// Verifies the response bytes against the expectation text, and the TronWeb transaction
/// text when given.
///
/// ```
/// let response = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json"));
/// let agreed = r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#;
/// let verdict: serde_json::Value = serde_json::from_str(&securepay_wasm::core::verify(agreed, response, None)?.0).map_err(|e| e.to_string())?;
/// assert_eq!(verdict["safe"], true);
/// assert_eq!(verdict["summary"][4]["text"], "Total leaving your wallet: 827.8 USDC");
/// // `safe` comes first: the package's `verdict()` (wasm/npm/verdict.js) reads it from the text.
/// assert!(securepay_wasm::core::verify(agreed, response, None)?.0.starts_with(r#"{"safe":true,"#));
/// assert!(securepay_wasm::core::verify(agreed, br#"{"paymentType":"single"}"#, None)?.0.starts_with(r#"{"safe":false,"#));
/// let refused = securepay_wasm::core::verify("{}", response, None).unwrap_err(); // not an expectation
/// assert_eq!(refused.code, "invalid_expectation");
/// # Ok::<(), String>(())
/// ```
pub fn verify(expectation: &str, response: &[u8], tron: Option<&str>) -> Result<Json, Refusal> {
    let expectation =
        Expectation::from_str(expectation).map_err(Refusal::with("invalid_expectation"))?;
    let verifier = Verifier::builtin();
    let verdict = match tron {
        None => verifier.verify_slice(response, &expectation),
        Some(tx) => {
            let tx =
                TronTransaction::from_str(tx).map_err(Refusal::with("invalid_tron_transaction"))?;
            match PayResponse::from_slice(response) {
                Ok(response) => verifier.verify_tron(&response, &expectation, &tx),
                // The response's own finding says it is unreadable.
                Err(_) => verifier.verify_slice(response, &expectation),
            }
        }
    };
    verdict_json(&verdict)
}

/// Strictly decodes `data` sent to `to` on `network` with `value` (smallest units): a call of
/// the service's contracts or of a token, or an Across V4 call to the LI.FI diamond with its
/// destination message (`Decoder::decode_any`).
///
/// ```
/// let call = securepay_wasm::core::decode("base", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
///     "0x095ea7b30000000000000000000000001892196e80c4c17ea5100da765ab48c1fe2fb8140000000000000000000000000000000000000000000000000000000000a037a0", None)?;
/// assert!(call.0.contains("\"function\":\"approve\""));
/// let short = securepay_wasm::core::decode("base", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "0x12", None).unwrap_err();
/// assert_eq!(short.code, "undecodable_call");
/// // At the LI.FI diamond, another LI.FI function is refused by name.
/// let relay = format!("0xae328590{}", "00".repeat(64));
/// let refused = securepay_wasm::core::decode("mainnet", "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE", &relay, None).unwrap_err();
/// assert!(refused.reason.starts_with("LI.FI diamond: startBridgeTokensViaRelay (0xae328590, RelayFacet) is not allowed"), "{refused}");
/// assert_eq!(securepay_wasm::core::decode("basee", "0x00", "0x", None).unwrap_err().code, "invalid_network");
/// # Ok::<(), String>(())
/// ```
pub fn decode(network: &str, to: &str, data: &str, value: Option<&str>) -> Result<Json, Refusal> {
    let refuse = |code, what| move |e: String| Refusal::new(code, format!("{what}: {e}"));
    let network = Network::from_name(network)
        .map_err(|e| e.to_string())
        .map_err(refuse("invalid_network", "network"))?;
    let to = ChainAddress::parse(network, to)
        .map_err(|e| e.to_string())
        .map_err(refuse("invalid_address", "to"))?;
    let value = match value {
        Some(value) => parse_uint(value)
            .map_err(|e| e.to_string())
            .map_err(refuse("invalid_value", "value"))?,
        None => U256::ZERO,
    };
    let bytes = data
        .strip_prefix("0x")
        .filter(|digits| digits.bytes().all(|b| b.is_ascii_hexdigit()))
        .and_then(|digits| alloy_primitives::hex::decode(digits).ok())
        .ok_or_else(|| Refusal::new("invalid_calldata", "data: not 0x-prefixed even-length hex"))?;
    let decoded = Decoder::builtin()
        .decode_any(network, &to, &bytes, value)
        .map_err(Refusal::with("undecodable_call"))?;
    let call = match &decoded {
        AnyCall::Call(call) => description(call),
        _ => None,
    };
    // `{…decoded…,"call":…}`: the decoded call's own JSON, then `call` (spliced rather than
    // serialized through a `#[serde(flatten)]` wrapper, which made the module 10 KB larger
    // gzipped: a second copy of the decoded calls' serializers).
    let Json(mut text) = answer(&decoded)?;
    let call = call.unwrap_or_else(|| "null".to_owned());
    if text.pop() != Some('}') {
        return Err(Refusal::new(
            "internal",
            "internal: a decoded call is not an object",
        ));
    }
    text.push_str(",\"call\":");
    text.push_str(&call);
    text.push('}');
    Ok(Json(text))
}

/// The call description (`securepay encode`'s JSON call format, `calldata::spec`, with its
/// `network`) that encodes the decoded call again: the same data, to the same address, with
/// the same value, as JSON text. `None` for the calls no kind of the format makes
/// (`transferFrom`, the ERC20Proxy and EthereumProxy, two of BatchConversionPayments'
/// functions, the LI.FI diamond) and for a native batch whose value no batch fee rate gives.
///
/// Written as text: every value is an address (hex or Base58), `0x` hex, a decimal integer, a
/// kind or a network id, none of which JSON escapes. (Built as `serde_json::Value`s, it made
/// the module 11 KB larger gzipped.)
fn description(decoded: &DecodedCall) -> Option<String> {
    let kind = |kind: &str| ("kind", format!("\"{kind}\""));
    let mut fields: Vec<(&str, String)> = match &decoded.call {
        Call::Erc20FeeTransfer(c) => vec![
            kind("erc20_fee"),
            ("token", address(&c.token_address)),
            ("to", address(&c.to)),
            ("amount", units(&c.amount)),
            ("reference", hex(&c.payment_reference)),
            ("feeAmount", units(&c.fee_amount)),
            ("feeAddress", address(&c.fee_address)),
        ],
        Call::NativeFeeTransfer(c) => vec![
            kind("eth_fee"),
            ("to", address(&c.to)),
            ("reference", hex(&c.payment_reference)),
            ("feeAmount", units(&c.fee_amount)),
            ("feeAddress", address(&c.fee_address)),
            ("amount", units(&c.amount)),
        ],
        Call::NativeFeeExactTransfer(c) => vec![
            kind("eth_fee_exact"),
            ("to", address(&c.to)),
            ("amount", units(&c.amount)),
            ("reference", hex(&c.payment_reference)),
            ("feeAmount", units(&c.fee_amount)),
            ("feeAddress", address(&c.fee_address)),
        ],
        Call::Approve(c) => vec![
            kind("erc20_approve"),
            ("spender", address(&c.spender)),
            ("amount", units(&c.amount)),
            ("token", address(&decoded.to)),
        ],
        Call::Transfer(c) => vec![
            kind("erc20_transfer"),
            ("to", address(&c.to)),
            ("amount", units(&c.amount)),
            ("token", address(&decoded.to)),
        ],
        Call::Erc20ConversionTransfer(c) => vec![
            kind("erc20_conversion"),
            ("to", address(&c.to)),
            ("requestAmount", units(&c.request_amount)),
            ("path", path(&c.path)),
            ("reference", hex(&c.payment_reference)),
            ("maxToSpend", units(&c.max_to_spend)),
            ("maxRateTimespan", units(&c.max_rate_timespan)),
            ("feeAmount", units(&c.fee_amount)),
            ("feeAddress", address(&c.fee_address)),
        ],
        Call::NativeConversionTransfer(c) => vec![
            kind("eth_conversion"),
            ("to", address(&c.to)),
            ("requestAmount", units(&c.request_amount)),
            ("path", path(&c.path)),
            ("reference", hex(&c.payment_reference)),
            ("maxRateTimespan", units(&c.max_rate_timespan)),
            ("feeAmount", units(&c.fee_amount)),
            ("feeAddress", address(&c.fee_address)),
            // The value sent is at most what the conversion may take.
            ("maxToSpend", units(&decoded.value)),
        ],
        Call::LegacyBatch(batch) => {
            let per_payment = matches!(batch.tokens, LegacyBatchTokens::PerPayment { .. });
            let payees = list(
                batch
                    .payments()
                    .map(|(token, to, amount, reference, fee)| {
                        let mut payee = vec![
                            ("to", address(to)),
                            ("amount", units(&amount)),
                            ("reference", hex(reference)),
                            ("feeAmount", units(&fee)),
                        ];
                        if let (true, Some(token)) = (per_payment, token) {
                            payee.push(("token", address(token)));
                        }
                        object(&payee)
                    })
                    .collect(),
            );
            let mut fields = match &batch.tokens {
                LegacyBatchTokens::Single { token_address } => {
                    vec![kind("batch_erc20"), ("token", address(token_address))]
                }
                LegacyBatchTokens::PerPayment { .. } => vec![kind("batch_erc20_multi")],
                LegacyBatchTokens::Native {} => vec![kind("batch_eth")],
            };
            fields.push(("payees", payees));
            fields.push(("feeAddress", address(&batch.fee_address)));
            fields
        }
        Call::BatchRequests(batch) => {
            let (name, limit) = match (batch.function, &batch.usd_limit) {
                (BatchFunction::Erc20, UsdLimit::Paths { paths_to_usd }) => {
                    ("batch_nc_erc20", ("pathsToUSD", paths(paths_to_usd)))
                }
                (BatchFunction::MultiErc20, UsdLimit::Paths { paths_to_usd }) => {
                    ("batch_nc_multi_erc20", ("pathsToUSD", paths(paths_to_usd)))
                }
                (BatchFunction::Native, UsdLimit::Skip { skip_fee_usd_limit }) => (
                    "batch_nc_native",
                    ("skipFeeUSDLimit", skip_fee_usd_limit.to_string()),
                ),
                _ => return None,
            };
            vec![
                kind(name),
                ("requests", requests(&batch.request_details)),
                limit,
                ("feeAddress", address(&batch.fee_address)),
            ]
        }
        Call::BatchPayments(batch) => {
            let meta = list(
                batch
                    .meta_details
                    .iter()
                    .map(|m| {
                        object(&[
                            (
                                "paymentNetworkId",
                                format!("\"{}\"", m.payment_network_id.id()),
                            ),
                            ("requests", requests(&m.request_details)),
                        ])
                    })
                    .collect(),
            );
            vec![
                kind("batch_conv_payments"),
                ("metaDetails", meta),
                ("pathsToUSD", paths(&batch.paths_to_usd)),
                ("feeAddress", address(&batch.fee_address)),
            ]
        }
        _ => return None,
    };
    // A native batch's value is its payments, fees and the batch fee at the contract's rate,
    // which the format takes as `batchFee`: the rate whose value is the one sent.
    let native_batch = matches!(
        &decoded.call,
        Call::LegacyBatch(LegacyBatch {
            tokens: LegacyBatchTokens::Native {},
            ..
        }) | Call::BatchPayments(_)
    ) || matches!(&decoded.call, Call::BatchRequests(b) if b.function == BatchFunction::Native);
    if native_batch {
        let effect = securepay::calldata::effect::effect_of(decoded);
        let at = |rate: u32| effect.required_value(rate);
        // The least rate whose value is at least the one sent (the value grows with the rate).
        let (mut low, mut high) = (0u32, u32::MAX);
        while low < high {
            let mid = low + (high - low) / 2;
            match at(mid) {
                Some(v) if v >= decoded.value => high = mid,
                Some(_) => low = mid.saturating_add(1),
                None => high = mid,
            }
        }
        if at(low) != Some(decoded.value) {
            return None;
        }
        fields.push(("batchFee", format!("\"{low}\"")));
    }
    fields.push(("network", format!("\"{}\"", decoded.network.id())));
    Some(object(&fields))
}

// The writers of `description`'s values, not inlined: each is called from many places.

/// A decimal integer, quoted.
#[inline(never)]
fn units(n: &U256) -> String {
    format!("\"{n}\"")
}

/// Bytes as quoted `0x` hex.
#[inline(never)]
fn hex(bytes: &alloy_primitives::Bytes) -> String {
    format!("\"{}\"", alloy_primitives::hex::encode_prefixed(bytes))
}

/// An address as the decoder writes it (EIP-55, Base58 on Tron), quoted.
#[inline(never)]
fn address(address: &ChainAddress) -> String {
    format!("\"{address}\"")
}

/// A JSON array of JSON texts.
#[inline(never)]
fn list(items: Vec<String>) -> String {
    format!("[{}]", items.join(","))
}

/// A conversion path: EIP-55 addresses.
#[inline(never)]
fn path(path: &[alloy_primitives::Address]) -> String {
    list(
        path.iter()
            .map(|a| format!("\"{}\"", a.to_checksum(None)))
            .collect(),
    )
}

/// Conversion paths.
fn paths(paths: &[Vec<alloy_primitives::Address>]) -> String {
    list(paths.iter().map(|p| path(p)).collect())
}

/// Conversion requests, named as the call format names them (`ConversionRequest`).
fn requests(requests: &[RequestDetail]) -> String {
    list(
        requests
            .iter()
            .map(|r| {
                object(&[
                    ("recipient", address(&r.recipient)),
                    ("requestAmount", units(&r.request_amount)),
                    ("path", path(&r.path)),
                    ("paymentReference", hex(&r.payment_reference)),
                    ("feeAmount", units(&r.fee_amount)),
                    ("maxToSpend", units(&r.max_to_spend)),
                    ("maxRateTimespan", units(&r.max_rate_timespan)),
                ])
            })
            .collect(),
    )
}

/// A JSON object of fields whose values are JSON text.
#[inline(never)]
fn object(fields: &[(&str, String)]) -> String {
    let fields: Vec<String> = fields
        .iter()
        .map(|(name, value)| format!("\"{name}\":{value}"))
        .collect();
    format!("{{{}}}", fields.join(","))
}

/// The payment reference of a request.
///
/// ```
/// assert_eq!(securepay_wasm::core::payment_reference("abcd", "salt", "0xf17f52151EbEF6C7334FAD080c5704D77216b732")?, "0x86dfbccad783599a");
/// # Ok::<(), String>(())
/// ```
pub fn payment_reference(request_id: &str, salt: &str, address: &str) -> Result<String, Refusal> {
    PaymentReference::derive(request_id, salt, address)
        .map(|r| r.to_string())
        .map_err(Refusal::with("invalid_reference_input"))
}

fn decimals(decimals: u8) -> Result<Decimals, Refusal> {
    Decimals::new(decimals).map_err(Refusal::with("invalid_decimals"))
}

/// A human amount in smallest units.
///
/// ```
/// assert_eq!(securepay_wasm::core::parse_amount("10.50", 6)?, "10500000");
/// assert_eq!(securepay_wasm::core::parse_amount("1.0000001", 6).unwrap_err().code, "invalid_amount"); // too precise
/// assert_eq!(securepay_wasm::core::parse_amount("1", 78).unwrap_err().code, "invalid_decimals");
/// # Ok::<(), String>(())
/// ```
pub fn parse_amount(text: &str, decimals_: u8) -> Result<String, Refusal> {
    let decimals = decimals(decimals_)?;
    parse_units(text, decimals)
        .map(|units| units.to_string())
        .map_err(Refusal::with("invalid_amount"))
}

/// Smallest units as a human amount.
///
/// ```
/// assert_eq!(securepay_wasm::core::format_amount("10500000", 6)?, "10.5");
/// # Ok::<(), String>(())
/// ```
pub fn format_amount(units: &str, decimals_: u8) -> Result<String, Refusal> {
    let decimals = decimals(decimals_)?;
    let units = parse_uint(units).map_err(Refusal::with("invalid_amount"))?;
    Ok(format_units(units, decimals))
}

/// Whether the signature header signs the body: a header that does not (a wrong digest, or one
/// of the wrong form: empty, not hex, not 64 digits) is `false`; an empty secret, which can
/// verify nothing, is refused (`invalid_secret`).
///
/// ```
/// let secret = "f3c189a4b5e6d7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2";
/// let body = br#"{"event":"payment.failed"}"#;
/// let header = securepay::webhook::sign(secret, body).map_err(|e| e.to_string())?;
/// assert_eq!(securepay_wasm::core::verify_webhook_signature(secret, body, &header), Ok(true));
/// assert_eq!(securepay_wasm::core::verify_webhook_signature(secret, b"{}", &header), Ok(false));
/// assert_eq!(securepay_wasm::core::verify_webhook_signature(secret, body, "zz"), Ok(false));
/// assert_eq!(securepay_wasm::core::verify_webhook_signature(secret, body, ""), Ok(false));
/// assert_eq!(securepay_wasm::core::verify_webhook_signature("", body, &header).unwrap_err().code, "invalid_secret");
/// # Ok::<(), String>(())
/// ```
pub fn verify_webhook_signature(secret: &str, body: &[u8], header: &str) -> Result<bool, Refusal> {
    // The library reads the header first; an empty secret is refused whatever the header.
    if secret.is_empty() {
        return Err(Refusal::new(
            "invalid_secret",
            SignatureError::EmptySecret.to_string(),
        ));
    }
    match verify_signature(secret, body, header) {
        Ok(_) => Ok(true),
        Err(error @ (SignatureError::EmptySecret | SignatureError::KeyRejected)) => {
            Err(Refusal::new("invalid_secret", error.to_string()))
        }
        // A mismatch, and every malformed header: it does not sign this body.
        Err(_) => Ok(false),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use securepay::verify::FindingCode;

    const TYPES: &str = include_str!("types.d.ts");

    /// The quoted strings of the union `name` of this module's declarations.
    fn union(name: &str) -> Vec<&'static str> {
        securepay_wasm_boundary::typescript_union(TYPES, name).unwrap()
    }

    /// The TypeScript union of finding codes is the closed list, in order.
    #[test]
    fn the_typescript_finding_codes_are_the_library_s() {
        let all: Vec<&str> = FindingCode::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(union("FindingCode"), all);
    }

    /// The TypeScript union of finding cases (`details.case`) is the library's list, in order.
    #[test]
    fn the_typescript_finding_cases_are_the_library_s() {
        let all: Vec<String> = securepay::verify::Case::ALL
            .iter()
            .map(|c| {
                serde_json::to_value(c)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect();
        assert_eq!(union("FindingCase"), all);
    }

    /// The TypeScript union of token behaviours is the library's list, in order.
    #[test]
    fn the_typescript_token_behaviours_are_the_library_s() {
        let all: Vec<&str> = securepay::currency::TokenBehaviour::ALL
            .iter()
            .map(|b| b.as_str())
            .collect();
        assert_eq!(union("TokenBehaviour"), all);
    }

    /// The package's verdict is the library's one JSON shape, byte for byte: what `securepay
    /// verify` writes (issue 34, item 5).
    #[test]
    fn the_package_verdict_is_the_library_s_json() {
        let response = include_bytes!("../../tests/data/pay/single_erc20_fees.json");
        for agreed in [
            r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25",
              "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#,
            r#"{"network":"base","currency":"USDC-base",
              "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50"}]}"#,
        ] {
            let expectation = securepay::verify::Expectation::from_str(agreed).unwrap();
            let library =
                serde_json::to_string(&securepay::verify::verify_slice(response, &expectation))
                    .unwrap();
            assert_eq!(super::verify(agreed, response, None).unwrap().0, library);
            let value: serde_json::Value = serde_json::from_str(&library).unwrap();
            let keys: Vec<&str> = value
                .as_object()
                .unwrap()
                .keys()
                .map(String::as_str)
                .collect();
            assert_eq!(keys, ["assumptions", "findings", "safe", "summary"]);
            assert!(library.starts_with(r#"{"safe":"#), "{library}");
        }
    }

    /// The unions of networks and contract names are the library's lists, in order.
    #[test]
    fn the_typescript_networks_and_contracts_are_the_library_s() {
        use securepay::contracts::Contract;
        use securepay::network::Network;
        let networks: Vec<&str> = Network::ALL.iter().map(|n| n.id()).collect();
        assert_eq!(union("Network"), networks);
        let contracts: Vec<&str> = Contract::ALL.iter().map(|c| c.name()).collect();
        assert_eq!(union("ContractName"), contracts);
    }

    /// The members of a union of object types, one a line (`  | { code: "…"; field: type; … }`),
    /// as `code field field…` (the fields sorted).
    fn members(name: &str, tag: &str) -> Vec<String> {
        let start = TYPES.find(&format!("export type {name} =")).unwrap();
        TYPES
            .get(start..)
            .unwrap()
            .lines()
            .skip(1)
            .map_while(|line| line.strip_prefix(&format!("  | {{ {tag}: \"")))
            .map(|member| {
                let (tag, fields) = member.split_once('"').unwrap();
                let mut names: Vec<&str> = fields
                    .split(';')
                    .filter_map(|field| field.trim().split_once(':'))
                    .map(|(name, _)| name.trim_end_matches('?'))
                    .collect();
                names.sort_unstable();
                [tag].into_iter().chain(names).collect::<Vec<_>>().join(" ")
            })
            .collect()
    }

    /// The `Problem` union is every structural problem, with the fields it serializes: one of
    /// each (a new field does not compile here), and a code for each `structure_*` finding.
    #[test]
    fn the_typescript_problems_are_the_library_s() {
        use securepay::network::Network;
        use securepay::pay::Problem;
        let every = [
            Problem::IndexOutOfRange {
                field: "f",
                index: 0,
                len: 0,
            },
            Problem::OverlappingIndices {
                first: "a",
                second: "b",
                index: 0,
            },
            Problem::FeeLegCount {
                transactions: 0,
                entries: 0,
            },
            Problem::FeeLegOrder,
            Problem::FeeEntryNetwork {
                entry: 0,
                found: String::new(),
                expected: String::new(),
            },
            Problem::FeeEntryChainId {
                entry: 0,
                network: Network::Base,
                chain_id: 1,
            },
            Problem::ChildCount {
                child_count: None,
                children: 0,
            },
            Problem::ChildPosition {
                index: 0,
                position: 0,
            },
            Problem::ParallelArray {
                field: "f",
                index: 0,
            },
            Problem::DestinationCallOnSameChain { child: None },
            Problem::MissingDestinationCall { child: 0 },
            Problem::DestinationCallsMirror { index: 0 },
            Problem::ChainIdNetwork {
                network: Network::Base,
                chain_id: 1,
            },
            Problem::MissingExecutableLegCount,
            Problem::AmountSummary { rule: "r" },
            Problem::NoPaymentTransaction,
        ];
        let serialized: Vec<String> = every
            .iter()
            .map(|problem| {
                let value = serde_json::to_value(problem).unwrap();
                let object = value.as_object().unwrap();
                let mut fields: Vec<&str> = object
                    .keys()
                    .map(String::as_str)
                    .filter(|k| *k != "code")
                    .collect();
                fields.sort_unstable();
                [object.get("code").and_then(|c| c.as_str()).unwrap()]
                    .into_iter()
                    .chain(fields)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(members("Problem", "code"), serialized);
        let structure: Vec<&str> = FindingCode::ALL
            .iter()
            .filter_map(|c| c.as_str().strip_prefix("structure_"))
            .collect();
        let codes: Vec<&str> = every.iter().map(|p| p.code()).collect();
        assert_eq!(codes, structure);
    }

    /// A `value` written as a bare JSON number that `JSON.parse` reads as another integer
    /// (0.2 ETH + 3 wei reads as 0.2 ETH): the package's verdict is unsafe and says why; the
    /// same value as a string is safe (issue 33, class 4).
    #[test]
    fn a_value_a_javascript_wallet_reads_otherwise_is_unsafe() {
        let agreed = r#"{"network":"base","currency":"ETH-base-base","payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"0.200000000000000003","reference":"0xe23a6b02059c2b30"}]}"#;
        let fixture = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../tests/data/pay/single_native.json"
        ));
        let needle = r#""value": "200000000000000000""#;
        assert!(fixture.contains(needle));
        let verdict = |value: &str| -> serde_json::Value {
            let body = fixture.replace(needle, &format!(r#""value": {value}"#));
            serde_json::from_str(&super::verify(agreed, body.as_bytes(), None).unwrap().0).unwrap()
        };
        let safe = |verdict: &serde_json::Value| verdict.pointer("/safe").cloned();
        assert_eq!(safe(&verdict(r#""200000000000000003""#)), Some(true.into()));
        let refused = verdict("200000000000000003");
        assert_eq!(safe(&refused), Some(false.into()));
        let code = refused.pointer("/findings/0/code").and_then(|c| c.as_str());
        assert_eq!(code, Some("response_unreadable"));
        let message = refused
            .pointer("/findings/0/message")
            .and_then(|m| m.as_str())
            .unwrap();
        assert!(
            message.contains("a JavaScript wallet reads it as 200000000000000000, 3 less"),
            "{message}"
        );
    }

    /// The TypeScript union of error codes is the boundary's list, in order.
    #[test]
    fn the_typescript_error_codes_are_the_boundary_s() {
        assert_eq!(
            securepay_wasm_boundary::typescript_union(TYPES, "ErrorCode").unwrap(),
            securepay_wasm_boundary::ERROR_CODES
        );
    }

    /// The call description repeated for `decode`'s answer is the encode module's, line for
    /// line.
    #[test]
    fn the_call_description_is_the_encode_module_s() {
        let encode = include_str!("../encode/src/types.d.ts");
        let block = |types: &'static str| {
            let start = types.find("/** A payee of `batch_erc20`").unwrap();
            let rest = types.get(start..).unwrap();
            let end = rest.find(" | { kind: \"eip55\"").unwrap();
            rest.get(..end).unwrap()
        };
        assert_eq!(block(TYPES), block(encode));
    }

    /// `decode`'s `call` encodes the same call again, for every kind of call the format has:
    /// each vector of tests/data/vectors/abi-calls.jsonl that encodes with a network, and one
    /// `erc20_transfer` and one `eth_conversion` (kinds the vectors do not have).
    #[test]
    fn decode_s_call_encodes_the_same_call_for_every_kind() {
        use securepay::calldata::spec::CallSpec;
        use securepay::network::Network;
        use serde_json::{Value, json};
        let encode = |call: &Value| -> Option<Value> {
            let answer = CallSpec::from_value(call).ok()?.answer().ok()?;
            serde_json::to_value(&answer).ok()
        };
        let vectors = include_str!("../../tests/data/vectors/abi-calls.jsonl");
        let mut inputs: Vec<Value> = vectors
            .lines()
            .map(|line| serde_json::from_str::<Value>(line).unwrap())
            .filter(|v| v.get("expected").is_some())
            .map(|v| v["input"].clone())
            .collect();
        inputs.push(
            json!({"kind": "erc20_transfer", "to": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
            "amount": "827500000", "token": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"}),
        );
        inputs.push(json!({"kind": "eth_conversion", "to": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
            "requestAmount": "100000000", "path": ["0x775eb53d00dd0acd3ec1696472105d579b9b386b", "0xf5af88e117747e87fc5929f2ff87221b1447652e"],
            "reference": "0xe23a6b02059c2b30", "maxRateTimespan": "0", "feeAmount": "0",
            "feeAddress": "0x0000000000000000000000000000000000000000", "maxToSpend": "100000000000000000"}));
        let mut kinds = std::collections::BTreeMap::<String, usize>::new();
        for input in &inputs {
            let kind = input["kind"].as_str().unwrap().to_owned();
            if matches!(
                kind.as_str(),
                "payment_reference" | "tron_address" | "eip55"
            ) {
                continue;
            }
            // What a kind needs with a network: the value of a native payment (`amount` of
            // `eth_fee`), the batch fee rate of a native batch, an approval's token.
            let mut variants = vec![input.clone()];
            for (field, value) in [
                ("amount", "1000"),
                ("batchFee", "10"),
                ("token", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"),
            ] {
                if input.get(field).is_none() {
                    let mut variant = input.clone();
                    variant[field] = json!(value);
                    variants.push(variant);
                }
            }
            for (network, mut call) in Network::ALL
                .iter()
                .flat_map(|n| variants.iter().map(move |v| (n, v.clone())))
            {
                call["network"] = json!(network.id());
                let Some(encoded) = encode(&call) else {
                    continue;
                };
                // Encoding takes any token; decoding knows the catalog's.
                let Ok(decoded) = super::decode(
                    network.id(),
                    encoded["to"].as_str().unwrap(),
                    encoded["data"].as_str().unwrap(),
                    encoded["value"].as_str(),
                ) else {
                    continue;
                };
                let decoded: Value = serde_json::from_str(&decoded.0).unwrap();
                let again = &decoded["call"];
                assert_eq!(again["kind"], json!(kind), "{call} -> {decoded}");
                assert_eq!(encode(again).as_ref(), Some(&encoded), "{call} -> {again}");
                *kinds.entry(kind.clone()).or_default() += 1;
            }
        }
        let kinds: Vec<&str> = kinds.keys().map(String::as_str).collect();
        assert_eq!(
            kinds,
            [
                "batch_conv_payments",
                "batch_erc20",
                "batch_erc20_multi",
                "batch_eth",
                "batch_nc_erc20",
                "batch_nc_multi_erc20",
                "batch_nc_native",
                "erc20_approve",
                "erc20_conversion",
                "erc20_fee",
                "erc20_transfer",
                "eth_conversion",
                "eth_fee",
                "eth_fee_exact",
            ]
        );
    }
}
