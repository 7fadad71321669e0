//! `TronAddress::parse` (Base58Check, version 0x41) and `TronAddress::from_hex`: the text of
//! an accepted address is exactly its Display (Base58 has one spelling per byte string), and
//! Base58 ↔ hex ↔ 20 bytes round-trip.
#![no_main]

use alloy_primitives::Address;
use libfuzzer_sys::fuzz_target;
use securepay::address::{ChainAddress, TronAddress};
use securepay::network::Network;

fuzz_target!(|data: &[u8]| {
    if let Some(bytes) = data.get(..20) {
        let address = TronAddress::from_abi(Address::from_slice(bytes));
        let text = address.to_string();
        assert!(text.starts_with('T'), "{text}");
        assert_eq!(text.len(), 34, "{text}");
        assert_eq!(TronAddress::parse(&text), Ok(address));
        assert_eq!(TronAddress::from_hex(&address.to_hex()), Ok(address));
    }

    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(address) = TronAddress::parse(text) {
        assert_eq!(address.to_string(), text);
        assert_eq!(address.to_base58(), text);
        assert_eq!(TronAddress::parse(&address.to_string()), Ok(address));
        assert_eq!(TronAddress::from_hex(&address.to_hex()), Ok(address));
        assert_eq!(TronAddress::from_abi(address.abi()), address);
        assert_eq!(
            ChainAddress::parse(Network::Tron, text),
            Ok(ChainAddress::Tron(address))
        );
        assert!(ChainAddress::parse(Network::Base, text).is_err());
    }
    if let Ok(address) = TronAddress::from_hex(text) {
        let digits = text.strip_prefix("0x").unwrap_or(text);
        assert!(address.to_hex().eq_ignore_ascii_case(digits), "{text}");
        assert_eq!(TronAddress::parse(&address.to_base58()), Ok(address));
    }
});
