//! `InteropName::parse` (ERC-7828): Display → parse gives the same name and the same text;
//! the checked form verifies; the binary form round-trips through ERC-7930 bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use securepay::address::{
    ChecksumStatus, InteropAccount, InteropAddress, InteropError, InteropName,
};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let name = match InteropName::parse(text) {
        Ok(name) => name,
        Err(InteropError::ChecksumMismatch { given, computed }) => {
            assert_ne!(given, computed);
            // The same body with the computed checksum is accepted.
            let (body, _) = text.rsplit_once('#').expect("a checksum was given");
            let fixed = InteropName::parse(&format!("{body}#{computed}"))
                .expect("the computed checksum verifies");
            assert_eq!(fixed.checksum_status(), ChecksumStatus::Verified);
            return;
        }
        Err(_) => return,
    };
    let display = name.to_string();
    let again = InteropName::parse(&display).expect("Display parses");
    assert_eq!(again, name, "{text} -> {display}");
    assert_eq!(again.to_string(), display, "Display is stable");

    // The binary form.
    let binary = name.to_binary();
    assert_eq!(InteropAddress::from_bytes(&binary.to_bytes()), Ok(binary));
    assert_eq!(binary.chain_id(), name.chain_id());
    assert_eq!(binary.address(), name.account().map(|a| a.abi()));

    // The checked form.
    let checked = name.to_checked_string();
    let checked_name = InteropName::parse(&checked).expect("the checked form parses");
    assert_eq!(checked_name.account(), name.account());
    assert_eq!(checked_name.chain_id(), name.chain_id());
    match name.account() {
        Some(InteropAccount::Tron(_)) => {
            assert_eq!(name.computed_checksum(), None);
            let expected = if name.given_checksum().is_some() {
                ChecksumStatus::NotVerifiable
            } else {
                ChecksumStatus::Absent
            };
            assert_eq!(name.checksum_status(), expected);
            assert_eq!(checked_name.checksum_status(), expected);
        }
        _ => {
            assert_eq!(checked_name.checksum_status(), ChecksumStatus::Verified);
            assert_eq!(name.computed_checksum(), Some(binary.checksum()));
            if let Some(given) = name.given_checksum() {
                assert_eq!(given, binary.checksum());
                assert_eq!(name.checksum_status(), ChecksumStatus::Verified);
                assert_eq!(checked, display);
            }
            // Hex accounts are all the binary form carries.
            let from_binary = InteropName::from_binary(&binary);
            assert_eq!(from_binary.account(), name.account());
            assert_eq!(from_binary.chain_id(), name.chain_id());
        }
    }
});
