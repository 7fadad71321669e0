//! Exact decimal amounts: the grammar, each rejection with its own error, conversions.

use alloy_primitives::U256;
use securepay::amount::{
    Amount, AmountError, Decimals, UintError, format_units, parse_uint, parse_units,
};

fn d(decimals: u8) -> Decimals {
    Decimals::new(decimals).unwrap()
}

#[test]
fn parses_exact_amounts() {
    assert_eq!(parse_units("0", d(6)).unwrap(), U256::ZERO);
    assert_eq!(
        parse_units("10.50", d(6)).unwrap(),
        U256::from(10_500_000u64)
    );
    assert_eq!(
        parse_units("1000000.01", d(6)).unwrap(),
        U256::from(1_000_000_010_000u64)
    );
    assert_eq!(
        parse_units("1234.5", d(18)).unwrap(),
        U256::from(1_234_500_000_000_000_000_000u128)
    );
    assert_eq!(parse_units("0.000001", d(6)).unwrap(), U256::from(1u8));
    assert_eq!(parse_units("100", d(0)).unwrap(), U256::from(100u8));
    assert_eq!(
        parse_units("827.50", d(6)).unwrap(),
        parse_units("827.5", d(6)).unwrap()
    );
}

#[test]
fn each_malformed_input_has_its_own_error() {
    let six = d(6);
    let cases: Vec<(&str, AmountError)> = vec![
        ("", AmountError::Empty),
        ("-1", AmountError::Negative),
        ("+1", AmountError::PlusSign),
        (" 1", AmountError::Whitespace { position: 0 }),
        ("1 ", AmountError::Whitespace { position: 1 }),
        ("1e6", AmountError::Exponent { position: 1 }),
        ("1E6", AmountError::Exponent { position: 1 }),
        ("1_000", AmountError::DigitSeparator { position: 1 }),
        ("1,5", AmountError::Comma { position: 1 }),
        (".5", AmountError::MissingIntegerDigits),
        ("5.", AmountError::MissingFractionDigits),
        ("00.1", AmountError::LeadingZero),
        ("01", AmountError::LeadingZero),
        ("0x10", AmountError::Hex),
        ("1.2.3", AmountError::SecondDecimalPoint { position: 3 }),
        (
            "1.0000001",
            AmountError::TooPrecise {
                given: 7,
                decimals: 6,
            },
        ),
        (
            "١٢",
            AmountError::NonAsciiDigit {
                character: '١',
                position: 0,
            },
        ),
        (
            "1５",
            AmountError::NonAsciiDigit {
                character: '５',
                position: 1,
            },
        ),
        (
            "12a",
            AmountError::InvalidCharacter {
                character: 'a',
                position: 2,
            },
        ),
        // Positions count characters, not bytes; the first wrong character is the one named.
        (
            "١.٢.3",
            AmountError::NonAsciiDigit {
                character: '١',
                position: 0,
            },
        ),
        (
            "1.5é",
            AmountError::InvalidCharacter {
                character: 'é',
                position: 3,
            },
        ),
        (
            "é1.2.3",
            AmountError::InvalidCharacter {
                character: 'é',
                position: 0,
            },
        ),
        ("1..", AmountError::SecondDecimalPoint { position: 2 }),
        (
            "1-",
            AmountError::InvalidCharacter {
                character: '-',
                position: 1,
            },
        ),
    ];
    for (input, expected) in cases {
        assert_eq!(
            parse_units(input, six),
            Err(expected.clone()),
            "input {input:?}"
        );
        assert!(!expected.to_string().is_empty());
    }
}

#[test]
fn too_precise_is_never_rounded_even_with_zero_decimals() {
    assert_eq!(
        parse_units("1.5", d(0)),
        Err(AmountError::TooPrecise {
            given: 1,
            decimals: 0
        })
    );
    assert_eq!(
        parse_units("0.1234567", d(6)),
        Err(AmountError::TooPrecise {
            given: 7,
            decimals: 6
        })
    );
}

#[test]
fn overflow_of_256_bits_is_an_error() {
    let max = U256::MAX.to_string();
    assert_eq!(parse_units(&max, d(0)).unwrap(), U256::MAX);
    let over = "115792089237316195423570985008687907853269984665640564039457584007913129639936";
    assert_eq!(parse_units(over, d(0)), Err(AmountError::Overflow));
    assert_eq!(
        parse_units("1", d(77)).unwrap(),
        U256::from(10u8).pow(U256::from(77u8))
    );
    assert_eq!(parse_units("1000", d(77)), Err(AmountError::Overflow));
}

#[test]
fn text_longer_than_100_bytes_is_rejected() {
    let long = format!("1.{}", "0".repeat(99));
    assert_eq!(
        parse_units(&long, d(77)),
        Err(AmountError::TooLong { len: 101 })
    );
}

#[test]
fn decimals_above_77_are_rejected() {
    assert_eq!(
        Decimals::new(78),
        Err(AmountError::DecimalsOutOfRange { decimals: 78 })
    );
    assert_eq!(Decimals::new(77).unwrap().get(), 77);
}

#[test]
fn formats_canonically() {
    assert_eq!(format_units(U256::ZERO, d(6)), "0");
    assert_eq!(format_units(U256::from(10_500_000u64), d(6)), "10.5");
    assert_eq!(format_units(U256::from(1u8), d(6)), "0.000001");
    assert_eq!(format_units(U256::from(1_000_000u64), d(6)), "1");
    assert_eq!(format_units(U256::from(123u8), d(0)), "123");
    assert_eq!(
        format_units(U256::MAX, d(77)),
        "1.15792089237316195423570985008687907853269984665640564039457584007913129639935"
    );
}

#[test]
fn payment_amounts_must_be_positive() {
    assert_eq!(Amount::parse_positive("0", d(6)), Err(AmountError::Zero));
    assert_eq!(
        Amount::parse_positive("0.000", d(6)),
        Err(AmountError::Zero)
    );
    let amount = Amount::parse_positive("0.000001", d(6)).unwrap();
    assert_eq!(amount.units(), U256::from(1u8));
    assert_eq!(amount.to_string(), "0.000001");
    assert!(Amount::parse("0", d(6)).unwrap().is_zero());
}

#[test]
fn integer_text_in_smallest_units() {
    assert_eq!(parse_uint("0").unwrap(), U256::ZERO);
    assert_eq!(parse_uint("0x0").unwrap(), U256::ZERO);
    assert_eq!(
        parse_uint("0x02c68af0bb140000").unwrap(),
        U256::from(200_000_000_000_000_000u64)
    );
    assert_eq!(parse_uint(&U256::MAX.to_string()).unwrap(), U256::MAX);
    assert_eq!(
        parse_uint(&format!("0x{}", "f".repeat(64))).unwrap(),
        U256::MAX
    );
    for bad in [
        "", "-1", "+1", "01", "1.0", "0x", "0xg", " 1", "1e3", "0X10",
    ] {
        assert_eq!(
            parse_uint(bad),
            Err(UintError::Invalid(bad.into())),
            "{bad:?}"
        );
    }
    assert_eq!(
        parse_uint(
            "115792089237316195423570985008687907853269984665640564039457584007913129639936"
        ),
        Err(UintError::Overflow)
    );
    assert_eq!(
        parse_uint(&format!("0x1{}", "0".repeat(64))),
        Err(UintError::Overflow)
    );
    assert_eq!(UintError::Overflow.to_string(), "exceeds uint256");
    assert_eq!(
        UintError::Invalid("-1".into()).to_string(),
        "not a uint (decimal or 0x-hex string): \"-1\""
    );
}
