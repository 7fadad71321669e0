//! Issue 29 item 6: errors keep their typed causes. Each converted variant answers its cause
//! from `std::error::Error::source()` (a downcast to the concrete type succeeds), and its
//! message is the text it was when the cause was flattened into a `String`.

use std::error::Error;

use serde_json::json;

/// The cause of `error`, downcast to `T`.
fn cause<T: Error + 'static>(error: &dyn Error) -> &T {
    error
        .source()
        .unwrap_or_else(|| panic!("{error}: no source"))
        .downcast_ref::<T>()
        .unwrap_or_else(|| {
            panic!(
                "{error}: the source is not a {}",
                std::any::type_name::<T>()
            )
        })
}

mod tron {
    use super::*;
    use securepay::address::TronAddressError;
    use securepay::tron::{TronTransaction, TronTransactionError};

    /// A transaction whose `raw_data` is `raw_data`: the other fields are well formed.
    fn with_raw(raw_data: serde_json::Value) -> TronTransaction {
        TronTransaction::from_value(&json!({
            "visible": true,
            "txID": "00".repeat(32),
            "raw_data": raw_data,
            "raw_data_hex": "00",
        }))
        .unwrap()
    }

    #[test]
    fn json_keeps_serde_json_error() {
        let error = TronTransaction::from_str("{\"txID\": 1}").unwrap_err();
        assert!(matches!(error, TronTransactionError::Json(_)), "{error:?}");
        assert_eq!(
            error.to_string(),
            "tron transaction: invalid type: integer `1`, expected a string at line 1 column 10"
        );
        assert_eq!(cause::<serde_json::Error>(&error).column(), 10);
        let error = TronTransaction::from_value(&json!([])).unwrap_err();
        assert!(matches!(error, TronTransactionError::Json(_)), "{error:?}");
        cause::<serde_json::Error>(&error);
    }

    #[test]
    fn field_json_keeps_serde_json_error() {
        let error = with_raw(json!(1)).shown_raw().unwrap_err();
        assert!(
            matches!(&error, TronTransactionError::FieldJson { field, .. } if field == "raw_data"),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            "tron transaction raw_data: invalid type: integer `1`, expected struct RawJson"
        );
        cause::<serde_json::Error>(&error);
        let raw = json!({
            "contract": [{"parameter": {"value": {"amount": "1"}, "type_url": "t"}, "type": "TransferContract"}],
            "ref_block_bytes": "00", "ref_block_hash": "00", "expiration": 1,
        });
        let error = with_raw(raw).shown_raw().unwrap_err();
        assert_eq!(
            error.to_string(),
            "tron transaction raw_data.contract[0].parameter.value: invalid type: string \"1\", expected i64"
        );
        cause::<serde_json::Error>(&error);
    }

    #[test]
    fn address_keeps_the_address_error() {
        let raw = json!({
            "contract": [{
                "parameter": {"value": {"owner_address": "T1", "to_address": "T1", "amount": 1}, "type_url": "t"},
                "type": "TransferContract",
            }],
            "ref_block_bytes": "00", "ref_block_hash": "00", "expiration": 1,
        });
        let error = with_raw(raw).shown_raw().unwrap_err();
        assert!(
            matches!(&error, TronTransactionError::Address { field, .. } if field == "raw_data.contract[0].parameter.value.owner_address"),
            "{error:?}"
        );
        let source = cause::<TronAddressError>(&error);
        assert_eq!(
            error.to_string(),
            format!(
                "tron transaction raw_data.contract[0].parameter.value.owner_address: {source}"
            )
        );
        assert_eq!(
            error.to_string(),
            "tron transaction raw_data.contract[0].parameter.value.owner_address: invalid base58check Tron address: T1: decodes to 2 bytes, expected 25"
        );
    }
}
