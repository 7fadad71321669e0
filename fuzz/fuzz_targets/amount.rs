//! Amounts: `parse_units`, `Amount::parse`, `HumanAmount::parse`, `parse_uint`, `format_units`.
//!
//! Input: byte 0 is the number of decimals (0..=77; above is `DecimalsOutOfRange`), the rest
//! is the text. Properties: parse → format → parse gives the same value; the formatted text is
//! canonical; the three readers agree with each other; and any 32 bytes of units format to a
//! text that reads back to them.
#![no_main]

use alloy_primitives::U256;
use libfuzzer_sys::fuzz_target;
use securepay::amount::{
    Amount, AmountError, Decimals, HumanAmount, MAX_DECIMALS, format_units, parse_uint, parse_units,
};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let decimals = match Decimals::new(first) {
        Ok(d) => {
            assert!(first <= MAX_DECIMALS);
            d
        }
        Err(e) => {
            assert!(first > MAX_DECIMALS);
            assert_eq!(e, AmountError::DecimalsOutOfRange { decimals: first });
            return;
        }
    };

    // Any 32 bytes as units: format, then read back exactly.
    if let Some(word) = rest.get(..32) {
        let units = U256::from_be_slice(word);
        let text = format_units(units, decimals);
        assert_eq!(parse_units(&text, decimals), Ok(units), "{text}");
        assert_eq!(Amount::from_units(units, decimals).to_string(), text);
        let human = HumanAmount::parse(&text).expect("format_units writes the grammar");
        assert_eq!(HumanAmount::from_units(units, decimals), human);
        assert!(
            !text.ends_with('0') || !text.contains('.'),
            "trailing zero: {text}"
        );
    }

    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };

    let units = parse_units(text, decimals);
    let human = HumanAmount::parse(text);
    let amount = Amount::parse(text, decimals);
    assert_eq!(amount.clone().map(|a| a.units()), units.clone());
    match &units {
        Ok(units) => {
            let canonical = format_units(*units, decimals);
            assert_eq!(
                parse_units(&canonical, decimals).as_ref(),
                Ok(units),
                "{text} -> {canonical}"
            );
            let amount = amount.as_ref().expect("same result");
            assert_eq!(amount.to_string(), canonical);
            assert_eq!(
                Amount::parse(&amount.to_string(), decimals).as_ref(),
                Ok(amount)
            );
            // The same grammar: what parse_units reads, HumanAmount reads, with the same value.
            let human = human.as_ref().expect("parse_units accepted it");
            assert_eq!(human.to_units(decimals).as_ref(), Ok(units));
            assert_eq!(human.is_zero(), units.is_zero());
            let back = HumanAmount::from_units(*units, decimals);
            assert!(back.same_value(human), "{back} vs {human}");
            assert_eq!(
                Amount::parse_positive(text, decimals).is_ok(),
                !units.is_zero()
            );
            // Canonical text has no leading zero and no trailing fractional zero.
            if canonical.contains('.') {
                assert!(!canonical.ends_with('0'));
            }
            if canonical == text {
                assert!(!text.contains('.') || !text.ends_with('0'));
            }
        }
        Err(AmountError::TooPrecise { given, decimals: d }) => {
            assert_eq!(*d, decimals.get());
            assert!(*given > usize::from(decimals.get()));
        }
        Err(AmountError::Overflow) => {
            // Only the value is wrong: the text is grammatical.
            // (fraction digits <= decimals <= 77, or it would be TooPrecise).
            assert!(human.is_ok(), "{text:?}: {human:?}");
        }
        Err(e) => {
            // A grammar error: HumanAmount reports the same one.
            assert_eq!(human.as_ref().err(), Some(e), "{text:?}");
        }
    }
    if let Ok(human) = &human {
        assert_eq!(human.as_str(), text);
        assert_eq!(HumanAmount::parse(&human.to_string()).as_ref(), Ok(human));
        assert!(human.fraction_digits() <= usize::from(MAX_DECIMALS));
        // Compared with itself: equal, unless it does not fit 256 bits at its own scale.
        match human.cmp_value(human) {
            Some(order) => assert_eq!(order, std::cmp::Ordering::Equal),
            None => {
                let scale = Decimals::new(human.fraction_digits() as u8).expect("<= 77");
                assert_eq!(human.to_units(scale), Err(AmountError::Overflow));
            }
        }
    }

    if let Ok(value) = parse_uint(text) {
        assert_eq!(parse_uint(&value.to_string()), Ok(value));
        assert_eq!(parse_uint(&format!("{value:#x}")), Ok(value));
        if !text.starts_with("0x") {
            assert_eq!(value.to_string(), text);
        }
    }
});
