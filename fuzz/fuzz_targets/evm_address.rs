//! `EvmAddress::parse`: Display → parse round-trips, Display is the EIP-55 form, and only
//! all-lowercase, all-uppercase or exact EIP-55 text is accepted.
#![no_main]

use alloy_primitives::Address;
use libfuzzer_sys::fuzz_target;
use securepay::address::{EvmAddress, EvmAddressError, ChainAddress};
use securepay::network::Network;

fuzz_target!(|data: &[u8]| {
    // Any 20 bytes: the EIP-55 text and both single-case forms read back to them.
    if let Some(bytes) = data.get(..20) {
        let address = EvmAddress::new(Address::from_slice(bytes));
        let text = address.to_string();
        assert_eq!(text, address.to_checksum());
        assert_eq!(EvmAddress::parse(&text), Ok(address));
        let body = &text[2..];
        assert_eq!(
            EvmAddress::parse(&format!("0x{}", body.to_lowercase())),
            Ok(address)
        );
        assert_eq!(
            EvmAddress::parse(&format!("0x{}", body.to_uppercase())),
            Ok(address)
        );
    }

    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match EvmAddress::parse(text) {
        Ok(address) => {
            let display = address.to_string();
            assert_eq!(display, address.to_checksum());
            assert_eq!(EvmAddress::parse(&display), Ok(address));
            assert_eq!(display.to_lowercase(), text.to_lowercase());
            let body = &text[2..];
            let lower = body.bytes().any(|b| b.is_ascii_lowercase());
            let upper = body.bytes().any(|b| b.is_ascii_uppercase());
            if lower && upper {
                assert_eq!(display, text, "mixed case accepted only as exact EIP-55");
            }
            // The same through the network-aware parser, on an EVM network.
            assert_eq!(
                ChainAddress::parse(Network::Base, text).map(|p| p.abi()),
                Ok(address.into_inner())
            );
            assert!(ChainAddress::parse(Network::Tron, text).is_err());
        }
        Err(EvmAddressError::BadChecksum(input)) => {
            assert_eq!(input, text);
            // Well-formed hex: the single-case forms are accepted.
            let body = &text[2..];
            assert!(EvmAddress::parse(&format!("0x{}", body.to_lowercase())).is_ok());
        }
        Err(_) => {}
    }
});
