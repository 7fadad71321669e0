//! What a wallet UI tells the payer screening gate, and its JSON form.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{json, Map, Value};

use super::{GateError, ScreeningProvider};
use crate::address::PayeeAddress;

/// A screening provider's definitive answer for one wallet.
///
/// ```
/// use securepay::policy::{GateEvent, ScreeningOutcome};
///
/// let event = GateEvent::from_json(r#"{"event": "screened", "wallet": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "status": "approved"}"#)?;
/// let GateEvent::Screened { outcome, .. } = event else { unreachable!() };
/// assert_eq!(outcome, ScreeningOutcome::Approved);
/// # Ok::<(), securepay::policy::GateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScreeningOutcome {
    /// `approved`: the wallet passed.
    Approved,
    /// `rejected`: the wallet failed; definitive (no fallback to a backup provider).
    Rejected,
}

impl ScreeningOutcome {
    /// The wire text.
    ///
    /// ```no_run
    /// use securepay::policy::ScreeningOutcome;
    ///
    /// assert_eq!(ScreeningOutcome::Rejected.as_str(), "rejected");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            ScreeningOutcome::Approved => "approved",
            ScreeningOutcome::Rejected => "rejected",
        }
    }
}

/// An event of the payer flow, in the order the wallet UI sees them.
///
/// JSON (one object per line for `securepay policy gate`):
///
/// | event | JSON |
/// |---|---|
/// | a wallet connected (`smartAccount` for an EVM smart-account payment; `wallet` is then the EOA) | `{"event":"connected","wallet":"0x…","smartAccount":"0x…"}` |
/// | a screening result for one wallet (`provider` optional) | `{"event":"screened","wallet":"0x…","status":"approved"\|"rejected","provider":"hypernative"}` |
/// | a technical failure of the provider screening one wallet | `{"event":"provider_error","wallet":"0x…"}` |
/// | the wallet disconnected | `{"event":"disconnected"}` |
///
/// Addresses starting `0x` are EVM addresses (any case that EVM parsing accepts), others Tron
/// Base58. Unknown events, fields and statuses are errors.
///
/// ```
/// use securepay::policy::{GateEvent, ScreeningOutcome};
///
/// let event = GateEvent::from_json(r#"{"event":"screened","wallet":"0xab5801a7d398351b8be11c439e05c5b3259aec9b","status":"rejected"}"#)?;
/// assert!(matches!(event, GateEvent::Screened { outcome: ScreeningOutcome::Rejected, .. }));
/// assert!(GateEvent::from_json(r#"{"event":"screened","wallet":"0xab5801a7d398351b8be11c439e05c5b3259aec9b","status":"maybe"}"#).is_err());
/// # Ok::<(), securepay::policy::GateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GateEvent {
    /// A wallet connected. For an EVM smart-account payment, `wallet` is the EOA and
    /// `smart_account` the account: both are screened, the EOA is checked against the
    /// allowlist.
    Connected {
        /// The wallet (the EOA for a smart account).
        wallet: PayeeAddress,
        /// The smart account, if the payment is made from one.
        smart_account: Option<PayeeAddress>,
    },
    /// The provider's answer for one wallet.
    Screened {
        /// The wallet screened.
        wallet: PayeeAddress,
        /// The answer.
        outcome: ScreeningOutcome,
        /// The provider that answered, when known; it must be the one screening the wallet.
        provider: Option<ScreeningProvider>,
    },
    /// The provider screening `wallet` failed technically (no answer).
    ProviderError {
        /// The wallet being screened.
        wallet: PayeeAddress,
    },
    /// The wallet disconnected.
    Disconnected,
}

impl GateEvent {
    /// Reads an event from JSON text.
    ///
    /// ```
    /// use securepay::policy::{GateError, GateEvent};
    ///
    /// assert_eq!(GateEvent::from_json(r#"{"event": "disconnected"}"#)?, GateEvent::Disconnected);
    /// let error = GateEvent::from_json(r#"{"event": "disconnected", "wallet": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"}"#);
    /// assert_eq!(error, Err(GateError::MalformedEvent(r#"unknown field "wallet" for event disconnected"#.into())));
    /// # Ok::<(), GateError>(())
    /// ```
    pub fn from_json(text: &str) -> Result<GateEvent, GateError> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| GateError::MalformedEvent(e.to_string()))?;
        GateEvent::from_value(&value)
    }

    /// Reads an event from a JSON value.
    ///
    /// ```
    /// use serde_json::json;
    /// use securepay::policy::GateEvent;
    ///
    /// let value = json!({"event": "connected", "wallet": "0x2222222222222222222222222222222222222222",
    ///     "smartAccount": "0x1111111111111111111111111111111111111111"});
    /// let event = GateEvent::from_value(&value)?;
    /// assert!(matches!(event, GateEvent::Connected { smart_account: Some(_), .. }));
    /// assert_eq!(serde_json::to_value(event)?, value); // and back
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_value(value: &Value) -> Result<GateEvent, GateError> {
        let bad = |message: String| GateError::MalformedEvent(message);
        let object = value
            .as_object()
            .ok_or_else(|| bad(format!("expected a JSON object, found {value}")))?;
        let name = object
            .get("event")
            .and_then(Value::as_str)
            .ok_or_else(|| bad("missing \"event\" (a string)".to_owned()))?;
        let allowed: &[&str] = match name {
            "connected" => &["event", "wallet", "smartAccount"],
            "screened" => &["event", "wallet", "status", "provider"],
            "provider_error" => &["event", "wallet"],
            "disconnected" => &["event"],
            other => {
                return Err(bad(format!(
                    "unknown event {other:?}: expected connected, screened, provider_error or disconnected"
                )))
            }
        };
        if let Some(unknown) = object.keys().find(|k| !allowed.contains(&k.as_str())) {
            return Err(bad(format!("unknown field {unknown:?} for event {name}")));
        }
        let text = |field: &str| -> Result<Option<&str>, GateError> {
            match object.get(field) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(text)) => Ok(Some(text)),
                Some(other) => Err(bad(format!("{field} must be a string, found {other}"))),
            }
        };
        let address = |field: &str| -> Result<Option<PayeeAddress>, GateError> {
            text(field)?
                .map(|t| PayeeAddress::parse_any(t).map_err(|e| bad(format!("{field}: {e}"))))
                .transpose()
        };
        let wallet =
            || address("wallet")?.ok_or_else(|| bad(format!("missing wallet for event {name}")));
        Ok(match name {
            "connected" => GateEvent::Connected {
                wallet: wallet()?,
                smart_account: address("smartAccount")?,
            },
            "screened" => GateEvent::Screened {
                wallet: wallet()?,
                outcome: match text("status")? {
                    Some("approved") => ScreeningOutcome::Approved,
                    Some("rejected") => ScreeningOutcome::Rejected,
                    Some(other) => {
                        return Err(bad(format!(
                            "unknown screening status {other:?}: expected approved or rejected"
                        )))
                    }
                    None => return Err(bad("missing status for event screened".to_owned())),
                },
                provider: text("provider")?
                    .map(str::parse::<ScreeningProvider>)
                    .transpose()
                    .map_err(|e| bad(e.to_string()))?,
            },
            "provider_error" => GateEvent::ProviderError { wallet: wallet()? },
            _ => GateEvent::Disconnected,
        })
    }
}

impl Serialize for GateEvent {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut object = Map::new();
        let mut put = |key: &str, value: Value| object.insert(key.to_owned(), value);
        match self {
            GateEvent::Connected {
                wallet,
                smart_account,
            } => {
                put("event", json!("connected"));
                put("wallet", json!(wallet.to_string()));
                if let Some(account) = smart_account {
                    put("smartAccount", json!(account.to_string()));
                }
            }
            GateEvent::Screened {
                wallet,
                outcome,
                provider,
            } => {
                put("event", json!("screened"));
                put("wallet", json!(wallet.to_string()));
                put("status", json!(outcome.as_str()));
                if let Some(provider) = provider {
                    put("provider", json!(provider.as_str()));
                }
            }
            GateEvent::ProviderError { wallet } => {
                put("event", json!("provider_error"));
                put("wallet", json!(wallet.to_string()));
            }
            GateEvent::Disconnected => {
                put("event", json!("disconnected"));
            }
        }
        Value::Object(object).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for GateEvent {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(deserializer)?;
        GateEvent::from_value(&value).map_err(serde::de::Error::custom)
    }
}
