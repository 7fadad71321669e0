//! EVM and Tron addresses, network-bound payee addresses, and the address vectors of
//! `abi-calls.jsonl` (`eip55`, `tron_address`).

use crate::common;

use alloy_primitives::address;
use securepay::address::{
    ChainAddress, ChainAddressError, EvmAddress, EvmAddressError, TronAddress, TronAddressError,
};
use securepay::network::Network;

#[test]
fn evm_accepts_lowercase_uppercase_and_exact_eip55() {
    let checksummed = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    for text in [
        "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed",
        "0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED",
        checksummed,
    ] {
        assert_eq!(
            EvmAddress::parse(text).unwrap().to_string(),
            checksummed,
            "{text}"
        );
    }
}

#[test]
fn evm_rejects_bad_checksum_prefix_length_and_characters() {
    assert_eq!(
        EvmAddress::parse("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"),
        Err(EvmAddressError::BadChecksum(
            "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD".into()
        ))
    );
    assert!(matches!(
        EvmAddress::parse("5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"),
        Err(EvmAddressError::MissingPrefix(_))
    ));
    assert!(matches!(
        EvmAddress::parse("0X5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"),
        Err(EvmAddressError::MissingPrefix(_))
    ));
    assert!(matches!(
        EvmAddress::parse("0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea"),
        Err(EvmAddressError::WrongLength { len: 38, .. })
    ));
    assert!(matches!(
        EvmAddress::parse("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed00"),
        Err(EvmAddressError::WrongLength { len: 42, .. })
    ));
    assert!(matches!(
        EvmAddress::parse("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg"),
        Err(EvmAddressError::InvalidCharacter {
            character: 'g',
            position: 41,
            ..
        })
    ));
    assert!(matches!(
        EvmAddress::parse("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaé"),
        Err(EvmAddressError::InvalidCharacter {
            character: 'é', ..
        })
    ));
    assert!(matches!(
        EvmAddress::parse(""),
        Err(EvmAddressError::MissingPrefix(_))
    ));
}

#[test]
fn evm_serde_writes_eip55_and_reads_with_the_same_rules() {
    let a = EvmAddress::parse("0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359").unwrap();
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        "\"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359\""
    );
    assert_eq!(
        serde_json::from_str::<EvmAddress>("\"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359\"")
            .unwrap(),
        a
    );
    assert!(
        serde_json::from_str::<EvmAddress>("\"0xfb6916095ca1df60bB79Ce92cE3Ea74c37c5d359\"")
            .is_err()
    );
}

#[test]
fn eip55_vectors_of_abi_calls() {
    for vector in common::abi_vectors_of("eip55") {
        let input = common::s(&vector["input"], "address");
        match vector.get("expected").and_then(|e| e.as_str()) {
            Some(expected) => assert_eq!(
                EvmAddress::parse(input).unwrap().to_string(),
                expected,
                "{}",
                vector["id"]
            ),
            None => {
                let error = EvmAddress::parse(input).unwrap_err();
                assert!(
                    matches!(error, EvmAddressError::BadChecksum(_)),
                    "{}",
                    vector["id"]
                );
                let expected_error = common::s(&vector, "expected_error");
                assert!(
                    expected_error.ends_with(&error.to_string()),
                    "{expected_error} vs {error}"
                );
            }
        }
    }
}

#[test]
fn tron_base58_and_hex_forms() {
    let usdt = TronAddress::parse("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").unwrap();
    assert_eq!(usdt.to_hex(), "41a614f803b6fd780986a42c78ec9c7f77e6ded13c");
    assert_eq!(
        usdt.abi(),
        address!("a614f803b6fd780986a42c78ec9c7f77e6ded13c")
    );
    assert_eq!(TronAddress::from_abi(usdt.abi()), usdt);
    assert_eq!(
        TronAddress::from_hex("41a614f803b6fd780986a42c78ec9c7f77e6ded13c").unwrap(),
        usdt
    );
    assert_eq!(
        TronAddress::from_hex("0x41a614f803b6fd780986a42c78ec9c7f77e6ded13c").unwrap(),
        usdt
    );
    assert_eq!(usdt.to_string(), "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    assert_eq!(
        serde_json::to_string(&usdt).unwrap(),
        "\"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t\""
    );
}

#[test]
fn tron_rejects_bad_checksum_alphabet_length_and_version() {
    assert_eq!(
        TronAddress::parse("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u"),
        Err(TronAddressError::BadChecksum(
            "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u".into()
        ))
    );
    assert_eq!(
        TronAddressError::BadChecksum("X".into()).to_string(),
        "invalid base58check Tron address: X"
    );
    assert!(matches!(
        TronAddress::parse("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60"),
        Err(TronAddressError::InvalidCharacter {
            character: '0',
            position: 33,
            ..
        })
    ));
    assert!(matches!(
        TronAddress::parse("TR7NHqjeKQxGTCi8q8ZY4pL8"),
        Err(TronAddressError::WrongLength { .. })
    ));
    assert_eq!(TronAddress::parse(""), Err(TronAddressError::Empty));
    // A valid Base58Check payload with version 0x00 (a Bitcoin address) is not Tron.
    assert!(matches!(
        TronAddress::parse("1BoatSLRHtKNngkdXEeobR76b53LETtpyT"),
        Err(TronAddressError::WrongVersion { version: 0x00, .. })
    ));
    for bad in [
        "42a614f803b6fd780986a42c78ec9c7f77e6ded13c",
        "41a614f803",
        "41zz14f803b6fd780986a42c78ec9c7f77e6ded13c",
    ] {
        assert!(
            matches!(
                TronAddress::from_hex(bad),
                Err(TronAddressError::InvalidHex(_))
            ),
            "{bad}"
        );
    }
}

#[test]
fn tron_address_vectors_of_abi_calls() {
    for vector in common::abi_vectors_of("tron_address") {
        let input = common::s(&vector["input"], "address");
        let result = if input.starts_with('T') {
            TronAddress::parse(input).map(|a| a.to_hex())
        } else if input.len() == 42 && input.starts_with("0x") {
            Ok(TronAddress::from_abi(input.parse().unwrap()).to_base58())
        } else {
            TronAddress::from_hex(input).map(|a| a.to_base58())
        };
        match vector.get("expected").and_then(|e| e.as_str()) {
            Some(expected) => assert_eq!(result.unwrap(), expected, "{}", vector["id"]),
            None => {
                let error = result.unwrap_err();
                assert!(
                    common::s(&vector, "expected_error").ends_with(&error.to_string()),
                    "{error}"
                );
            }
        }
    }
}

#[test]
fn payee_addresses_cannot_mix_networks() {
    let tron_text = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
    let evm_text = "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c";
    assert!(
        ChainAddress::parse(Network::Tron, tron_text)
            .unwrap()
            .is_tron()
    );
    assert!(matches!(
        ChainAddress::parse(Network::Base, tron_text),
        Err(ChainAddressError::WrongFamily {
            network: Network::Base,
            ..
        })
    ));
    assert!(matches!(
        ChainAddress::parse(Network::Tron, evm_text),
        Err(ChainAddressError::WrongFamily {
            network: Network::Tron,
            ..
        })
    ));
    for network in Network::ALL.into_iter().filter(|n| n.is_evm()) {
        let payee = ChainAddress::parse(network, evm_text).unwrap();
        assert!(payee.fits(network));
        assert!(!payee.fits(Network::Tron));
    }
    assert!(matches!(
        ChainAddress::parse(Network::Base, "0xnothex"),
        Err(ChainAddressError::Evm(_))
    ));
}

#[test]
fn payee_abi_form_is_the_20_bytes() {
    let tron = ChainAddress::parse(Network::Tron, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").unwrap();
    assert_eq!(
        tron.abi(),
        address!("a614f803b6fd780986a42c78ec9c7f77e6ded13c")
    );
    assert_eq!(ChainAddress::from_abi(Network::Tron, tron.abi()), tron);
    assert_eq!(tron.to_string(), "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
}

#[test]
fn a_tron_text_longer_than_any_address_is_refused_before_decoding() {
    let long = "a".repeat(100_000);
    assert_eq!(
        securepay::address::TronAddress::parse(&long).unwrap_err(),
        securepay::address::TronAddressError::TooLong { length: 100_000 }
    );
    let at_most = "T".to_owned() + &"1".repeat(34); // 35 characters: decoded, then refused
    assert!(!matches!(
        securepay::address::TronAddress::parse(&at_most),
        Err(securepay::address::TronAddressError::TooLong { .. })
    ));
}
