//! What a wallet UI tells the payer screening gate, and its JSON form.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{GateError, ScreeningProvider};
use crate::address::ChainAddress;
use crate::wire::json::Object;

/// A screening provider's definitive answer for one wallet.
///
/// ```
/// use securepay::policy::{GateEvent, ScreeningOutcome};
///
/// let event = GateEvent::from_str(r#"{"event": "screened", "wallet": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "status": "approved"}"#)?;
/// let GateEvent::Screened { outcome, .. } = event else { unreachable!() };
/// assert_eq!(outcome, ScreeningOutcome::Approved);
/// # Ok::<(), securepay::policy::GateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum ScreeningOutcome {
    /// `approved`: the wallet passed.
    Approved,
    /// `rejected`: the wallet failed; definitive (no fallback to a backup provider).
    Rejected,
}

impl ScreeningOutcome {
    /// The wire text.
    ///
    /// ```
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
/// Base58. Unknown events, fields and statuses are errors, and so is a field given twice.
///
/// ```
/// use securepay::policy::{GateEvent, ScreeningOutcome};
///
/// let event = GateEvent::from_str(r#"{"event":"screened","wallet":"0xab5801a7d398351b8be11c439e05c5b3259aec9b","status":"rejected"}"#)?;
/// assert!(matches!(event, GateEvent::Screened { outcome: ScreeningOutcome::Rejected, .. }));
/// assert!(GateEvent::from_str(r#"{"event":"screened","wallet":"0xab5801a7d398351b8be11c439e05c5b3259aec9b","status":"maybe"}"#).is_err());
/// # Ok::<(), securepay::policy::GateError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(
    tag = "event",
    rename_all = "snake_case",
    from = "Object<GateEventWire>"
)]
#[non_exhaustive]
pub enum GateEvent {
    /// A wallet connected. For an EVM smart-account payment, `wallet` is the EOA and
    /// `smart_account` the account: both are screened, the EOA is checked against the
    /// allowlist.
    Connected {
        /// The wallet (the EOA for a smart account).
        wallet: ChainAddress,
        /// The smart account, if the payment is made from one.
        #[serde(rename = "smartAccount", skip_serializing_if = "Option::is_none")]
        smart_account: Option<ChainAddress>,
    },
    /// The provider's answer for one wallet.
    Screened {
        /// The wallet screened.
        wallet: ChainAddress,
        /// The answer.
        #[serde(rename = "status")]
        outcome: ScreeningOutcome,
        /// The provider that answered, when known; it must be the one screening the wallet.
        #[serde(skip_serializing_if = "Option::is_none")]
        provider: Option<ScreeningProvider>,
    },
    /// The provider screening `wallet` failed technically (no answer).
    ProviderError {
        /// The wallet being screened.
        wallet: ChainAddress,
    },
    /// The wallet disconnected.
    Disconnected,
}

/// A gate event as read: `disconnected` is an empty struct, so that a field on it is refused
/// (serde lets a unit variant of an internally tagged enum carry any field).
#[derive(Deserialize)]
#[serde(tag = "event", rename_all = "snake_case", deny_unknown_fields)]
enum GateEventWire {
    Connected {
        wallet: ChainAddress,
        #[serde(rename = "smartAccount", default)]
        smart_account: Option<ChainAddress>,
    },
    Screened {
        wallet: ChainAddress,
        status: ScreeningOutcome,
        #[serde(default)]
        provider: Option<ScreeningProvider>,
    },
    ProviderError {
        wallet: ChainAddress,
    },
    Disconnected {},
}

impl From<Object<GateEventWire>> for GateEvent {
    fn from(Object(wire): Object<GateEventWire>) -> GateEvent {
        match wire {
            GateEventWire::Connected {
                wallet,
                smart_account,
            } => GateEvent::Connected {
                wallet,
                smart_account,
            },
            GateEventWire::Screened {
                wallet,
                status,
                provider,
            } => GateEvent::Screened {
                wallet,
                outcome: status,
                provider,
            },
            GateEventWire::ProviderError { wallet } => GateEvent::ProviderError { wallet },
            GateEventWire::Disconnected {} => GateEvent::Disconnected,
        }
    }
}

impl GateEvent {
    /// Reads an event from JSON text.
    ///
    /// ```
    /// use securepay::policy::{GateError, GateEvent};
    ///
    /// assert_eq!(GateEvent::from_str(r#"{"event": "disconnected"}"#)?, GateEvent::Disconnected);
    /// let error = GateEvent::from_str(r#"{"event": "disconnected", "wallet": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"}"#);
    /// assert!(matches!(error, Err(GateError::MalformedEvent(e)) if e.to_string().starts_with("unknown field `wallet`, there are no fields")));
    /// # Ok::<(), GateError>(())
    /// ```
    pub fn from_str(text: &str) -> Result<GateEvent, GateError> {
        crate::wire::EmptyInput::check(text.as_bytes(), "a gate event (a JSON object)")?;
        serde_json::from_str(text).map_err(|e| GateError::MalformedEvent(e.into()))
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
        GateEvent::deserialize(value).map_err(|e| GateError::MalformedEvent(e.into()))
    }
}
