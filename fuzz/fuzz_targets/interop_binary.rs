//! `InteropAddress::from_bytes` (ERC-7930): decode → encode returns the input bytes exactly
//! (strict decoding accepts one byte string per address), the hex text round-trips, and the
//! name of the address carries the same chain and account.
#![no_main]

use libfuzzer_sys::fuzz_target;
use securepay::address::{ChecksumStatus, InteropAddress, InteropName};

fuzz_target!(|data: &[u8]| {
    if let Ok(address) = InteropAddress::from_bytes(data) {
        assert_eq!(address.to_bytes(), data, "decode → encode is the input");
        let hex = address.to_hex();
        assert_eq!(hex, format!("0x{}", alloy_primitives::hex::encode(data)));
        assert_eq!(InteropAddress::from_hex(&hex), Ok(address));
        assert_eq!(hex.parse::<InteropAddress>(), Ok(address));
        assert_eq!(address.to_string(), hex);
        assert_eq!(
            InteropAddress::from_hex(&hex.to_uppercase().replacen("0X", "0x", 1)),
            Ok(address)
        );
        assert_eq!(
            InteropAddress::new(address.chain_id(), address.address()),
            Ok(address)
        );
        let name = InteropName::from_binary(&address);
        assert_eq!(name.to_binary(), address);
        let checked = name.to_checked_string();
        let parsed = InteropName::parse(&checked).expect("the checked name parses");
        assert_eq!(parsed.to_binary(), address);
        assert_eq!(parsed.checksum_status(), ChecksumStatus::Verified);
        assert_eq!(parsed.given_checksum(), Some(address.checksum()));
        assert_eq!(InteropName::parse(&name.to_string()), Ok(name));
    }
    // The same bytes as text.
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(address) = InteropAddress::from_hex(text) {
            assert!(address.to_hex().eq_ignore_ascii_case(text), "{text}");
        }
    }
});
