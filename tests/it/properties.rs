//! Property tests: format → parse round trips for amounts, EVM and Tron addresses, interop
//! names; and no parser panics on arbitrary text.

use alloy_primitives::{Address, U256};
use proptest::prelude::*;
use securepay::address::{EvmAddress, InteropAddress, InteropName, TronAddress};
use securepay::amount::{Amount, Decimals, format_units, parse_units};

fn any_u256() -> impl Strategy<Value = U256> {
    prop_oneof![
        any::<[u8; 32]>().prop_map(U256::from_be_bytes),
        any::<u64>().prop_map(U256::from),
        Just(U256::ZERO),
        Just(U256::MAX),
    ]
}

fn any_address() -> impl Strategy<Value = Address> {
    any::<[u8; 20]>().prop_map(Address::from)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn amount_units_to_text_to_units(units in any_u256(), decimals in 0u8..=77) {
        let decimals = Decimals::new(decimals).unwrap();
        let text = format_units(units, decimals);
        prop_assert_eq!(parse_units(&text, decimals).unwrap(), units);
        prop_assert_eq!(Amount::from_units(units, decimals).to_string(), text);
    }

    #[test]
    fn amount_text_to_units_to_text_is_canonical(
        integer in "(0|[1-9][0-9]{0,30})",
        fraction in proptest::option::of("[0-9]{1,18}"),
    ) {
        let decimals = Decimals::new(18).unwrap();
        let text = match &fraction { Some(f) => format!("{integer}.{f}"), None => integer.clone() };
        let units = parse_units(&text, decimals).unwrap();
        let canonical = format_units(units, decimals);
        prop_assert_eq!(parse_units(&canonical, decimals).unwrap(), units);
        let trimmed = match &fraction {
            Some(f) if !f.trim_end_matches('0').is_empty() => format!("{integer}.{}", f.trim_end_matches('0')),
            _ => integer,
        };
        prop_assert_eq!(canonical, trimmed);
    }

    #[test]
    fn evm_address_format_parse(address in any_address()) {
        let evm = EvmAddress::new(address);
        prop_assert_eq!(EvmAddress::parse(&evm.to_string()).unwrap(), evm);
        prop_assert_eq!(EvmAddress::parse(&format!("{address:#x}")).unwrap(), evm);
        let upper = format!("0x{}", alloy_primitives::hex::encode_upper(address));
        prop_assert_eq!(EvmAddress::parse(&upper).unwrap(), evm);
    }

    #[test]
    fn tron_address_format_parse(address in any_address()) {
        let tron = TronAddress::from_abi(address);
        prop_assert_eq!(TronAddress::parse(&tron.to_base58()).unwrap(), tron);
        prop_assert_eq!(TronAddress::from_hex(&tron.to_hex()).unwrap(), tron);
        prop_assert!(tron.to_base58().starts_with('T'));
        prop_assert_eq!(tron.to_base58().len(), 34);
    }

    #[test]
    fn interop_name_binary_round_trip(address in any_address(), chain_id in 1u64..=u64::MAX) {
        let binary = InteropAddress::new(Some(chain_id), Some(address)).unwrap();
        let name = InteropName::from_binary(&binary);
        let parsed = InteropName::parse(&name.to_checked_string()).unwrap();
        prop_assert_eq!(parsed.to_binary(), binary);
        prop_assert_eq!(InteropAddress::from_bytes(&binary.to_bytes()).unwrap(), binary);
        prop_assert_eq!(InteropAddress::from_hex(&binary.to_hex()).unwrap(), binary);
    }

    #[test]
    fn integer_text_round_trips_at_every_width(limbs in any::<[u64; 4]>(), bits in 0usize..=256) {
        // Every width, so that the one-u64 fast path (up to 19 decimal or 16 hex digits) and
        // the general loop are both crossed, and their boundary.
        let value = alloy_primitives::U256::from_limbs(limbs) >> (256 - bits);
        prop_assert_eq!(securepay::amount::parse_uint(&value.to_string()), Ok(value));
        prop_assert_eq!(securepay::amount::parse_uint(&format!("{value:#x}")), Ok(value));
        prop_assert_eq!(securepay::amount::parse_uint(&format!("0x{value:064x}")), Ok(value));
    }

    #[test]
    fn parsers_never_panic_on_arbitrary_text(text in ".{0,120}", decimals in 0u8..=77) {
        let decimals = Decimals::new(decimals).unwrap();
        let _ = parse_units(&text, decimals);
        let _ = securepay::amount::parse_uint(&text);
        let _ = EvmAddress::parse(&text);
        let _ = TronAddress::parse(&text);
        let _ = TronAddress::from_hex(&text);
        let _ = InteropName::parse(&text);
        let _ = InteropAddress::from_hex(&text);
        let _ = securepay::address::DestinationId::parse(&text);
        let _ = text.parse::<securepay::currency::CurrencyId>();
        let _ = text.parse::<securepay::network::Network>();
    }

    #[test]
    fn binary_reader_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
        if let Ok(binary) = InteropAddress::from_bytes(&bytes) {
            prop_assert_eq!(binary.to_bytes(), bytes);
        }
    }
}
