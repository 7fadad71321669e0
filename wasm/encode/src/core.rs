//! The module's function on Rust types: JSON text in, JSON text out, a [`Refusal`] (the thrown
//! Error's `code` and the library's one-line reason) for unusable input. The `#[wasm_bindgen]` layer only converts at the boundary.

use securepay_core::calldata::spec::CallSpec;
/// JSON text of an answer (the boundary's, shared with the main and detect modules).
pub use securepay_wasm_boundary::Json;
pub use securepay_wasm_boundary::Refusal;
use securepay_wasm_boundary::json;

/// Encodes a call description (the CLI's JSON call format): `{data, to?, value?}` or
/// `{result}`.
///
/// ```
/// let answer = securepay_wasm_encode::core::encode(r#"{"kind":"erc20_approve","spender":"0x8375561e1ba0d14ceb38ed6ec1f8dda6ac02faf9","amount":"0"}"#)?;
/// assert!(answer.0.starts_with(r#"{"data":"0x095ea7b3"#));
/// assert_eq!(securepay_wasm_encode::core::encode("{}").unwrap_err().code, "invalid_call");
/// # Ok::<(), String>(())
/// ```
pub fn encode(call: &str) -> Result<Json, Refusal> {
    let answer = CallSpec::from_str(call)
        .and_then(|spec| spec.answer())
        .map_err(Refusal::with("invalid_call"))?;
    let mut out = Vec::new();
    answer.write_json(&mut out);
    String::from_utf8(out)
        .map(Json)
        .map_err(Refusal::with("internal"))
}

/// An ERC-7828 name (`address@eip155:chain#CHECKSUM`) or ERC-7930 binary (`0x…` hex), read
/// and checked (a wrong checksum is refused): `{name, binary, chainType, chainId, network,
/// address, checksum, checksumStatus}`, as `securepay interop` answers.
///
/// ```
/// let info = securepay_wasm_encode::core::interop_name("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:1#4CA88C9C")?;
/// assert!(info.0.contains(r#""binary":"0x00010000010114d8da6bf26964af9d7eed9e03e53415d37aa96045""#));
/// let wrong = securepay_wasm_encode::core::interop_name("0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045@eip155:1#00000000").unwrap_err();
/// assert_eq!(wrong.code, "invalid_interop_name");
/// # Ok::<(), String>(())
/// ```
pub fn interop_name(text: &str) -> Result<Json, Refusal> {
    use securepay_core::address::{InteropAddress, InteropName};
    let name = match text.contains('@') {
        true => InteropName::parse(text),
        false => InteropAddress::from_hex(text).map(|binary| InteropName::from_binary(&binary)),
    }
    .map_err(Refusal::with("invalid_interop_name"))?;
    json(&securepay_core::address::InteropInfo::of(&name)).map_err(Refusal::with("internal"))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    const TYPES: &str = include_str!("types.d.ts");

    /// The repeated union of networks is the library's list, in order.
    #[test]
    fn the_typescript_networks_are_the_library_s() {
        let networks: Vec<&str> = securepay_core::network::Network::ALL
            .iter()
            .map(|n| n.id())
            .collect();
        assert_eq!(
            securepay_wasm_boundary::typescript_union(TYPES, "Network").unwrap(),
            networks
        );
    }

    /// Each member of the `CallDescription` union is a kind of the CLI's table (`encode
    /// --help`), with its required fields and its optional ones (and `network`), in order.
    #[test]
    fn the_typescript_call_descriptions_are_the_cli_s_kinds() {
        let start = TYPES.find("export type CallDescription =").unwrap();
        let typed: Vec<String> = TYPES
            .get(start..)
            .unwrap()
            .lines()
            .skip(1)
            .map_while(|line| line.strip_prefix("  | { kind: \""))
            .map(|member| {
                let (kind, fields) = member.split_once('"').unwrap();
                // `; field: type; … }` (`};` on the last member).
                let fields = fields
                    .trim_start_matches(';')
                    .trim_end_matches([' ', '}', ';']);
                let names = |optional: bool| {
                    fields
                        .split("; ")
                        .filter_map(|field| field.trim().split_once(':'))
                        .map(|(name, _)| name)
                        .filter(|name| name.ends_with('?') == optional)
                        .map(|name| name.trim_end_matches('?'))
                        .filter(|name| *name != "network")
                        .collect::<Vec<_>>()
                };
                let (required, optional) = (names(false).join(", "), names(true).join(", "));
                match optional.is_empty() {
                    true => format!("{kind} {required}"),
                    false => format!("{kind} {required} [{optional}]"),
                }
            })
            .collect();
        let help = securepay_core::calldata::spec::kinds_help();
        let cli: Vec<String> = help
            .lines()
            .filter_map(|line| line.strip_prefix("  "))
            .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(typed.len(), 17);
        assert_eq!(typed, cli);
        // `network` is optional in each member.
        assert_eq!(
            TYPES.matches("; network?: Network;").count(),
            typed.len(),
            "network?: Network in each member"
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
}
