//! The policy JSON readers. Byte 0 picks the reader: the `accessPolicy` fields, a payment or a
//! destination policy, a stored snapshot, a gate event, a payee destination request, a KYT plan;
//! the rest is the JSON text. Property: what is accepted serializes, and the serialized JSON
//! reads back to an equal value.
#![no_main]

use libfuzzer_sys::fuzz_target;
use securepay::policy::{
    AccessPolicyFields, DestinationPolicy, GateEvent, KytPlan, PayeeDestinationRequest,
    PaymentPolicy, PolicySnapshot,
};

macro_rules! round_trip {
    ($type:ty, $text:expr) => {
        if let Ok(value) = <$type>::from_str($text) {
            let json = serde_json::to_string(&value).expect("serializes");
            let again = <$type>::from_str(&json).unwrap_or_else(|e| {
                panic!("{}: {json} does not read back: {e}", stringify!($type))
            });
            assert_eq!(again, value, "{}: {} -> {json}", stringify!($type), $text);
        }
    };
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match which % 7 {
        0 => round_trip!(AccessPolicyFields, text),
        1 => round_trip!(PaymentPolicy, text),
        2 => round_trip!(DestinationPolicy, text),
        3 => round_trip!(PolicySnapshot, text),
        4 => round_trip!(GateEvent, text),
        5 => round_trip!(PayeeDestinationRequest, text),
        _ => round_trip!(KytPlan, text),
    }
});
