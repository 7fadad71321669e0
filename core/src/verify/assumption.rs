//! What a verdict relies on that no transaction shows: a standing property of a token the
//! transactions move, held as a fact with its public source ([`crate::currency::TokenFacts`]).
//!
//! A finding is about what this response does; an assumption is about the token and holds for
//! every response that moves it (its issuer can upgrade it, or set a fee later). The verifier
//! checks the amounts the calls ask the token to move, so it relies on the token moving them
//! whole: where a fact proves that, the verdict names the fact here instead of a caution;
//! where none does, the [`FindingCode::TokenBehaviour`](super::FindingCode::TokenBehaviour)
//! caution says so, as before.

use crate::prelude::*;

use core::fmt;

use serde::Serialize;

use super::render::AssetRef;
use crate::currency::TokenBehaviour;
use crate::network::Network;

/// One property of a token a verdict relies on, with its source.
///
/// ```
/// use securepay_core::currency::TokenBehaviour;
/// use securepay_core::verify::{verify, Expectation};
/// # let response = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
/// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#)?;
/// let verdict = verify(&response, &agreed);
/// assert!(verdict.findings.is_empty(), "{verdict}");
/// let assumption = &verdict.assumptions[0];
/// assert_eq!(assumption.behaviour, TokenBehaviour::FeeOnTransfer);
/// assert!(assumption.changeable); // USDC's issuer can upgrade it
/// assert!(assumption.source.starts_with("circlefin/stablecoin-evm@"));
/// assert_eq!(assumption.to_string(), "Relies on: USDC takes no fee on transfer today (its issuer can upgrade the token and change that)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Assumption {
    /// The chain.
    pub network: Network,
    /// The token.
    pub asset: AssetRef,
    /// The behaviour the token is held not to have.
    pub behaviour: TokenBehaviour,
    /// The public source of the fact.
    pub source: &'static str,
    /// Whether the token's code can be replaced (a fact says it can, or none proves it
    /// cannot): the fact holds today, and its issuer can change it.
    pub changeable: bool,
}

impl Assumption {
    /// The assumption that `asset` does not have `behaviour`, from a fact's `source`.
    pub(super) fn new(
        asset: AssetRef,
        behaviour: TokenBehaviour,
        source: &'static str,
        changeable: bool,
    ) -> Assumption {
        Assumption {
            network: asset.network,
            asset,
            behaviour,
            source,
            changeable,
        }
    }

    /// What the verdict relies on, in English, rendered from the asset, the behaviour and
    /// whether the token can change each time it is called
    /// ([`Assumption::write_message`] writes it without making a `String`).
    ///
    /// ```
    /// use securepay_core::verify::{verify, Expectation};
    /// # let response = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
    /// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25",
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#)?;
    /// let verdict = verify(&response, &agreed);
    /// let assumption = &verdict.assumptions[0];
    /// assert_eq!(assumption.message(), "USDC takes no fee on transfer today (its issuer can upgrade the token and change that)");
    /// // The same text follows "Relies on: " in its `Display`, and is its `message` in JSON.
    /// assert_eq!(assumption.to_string(), format!("Relies on: {}", assumption.message()));
    /// assert_eq!(serde_json::to_value(assumption)?["message"], assumption.message());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn message(&self) -> String {
        let mut out = String::new();
        // Writing to a `String` does not fail.
        let _ = self.write_message(&mut out);
        out
    }

    /// Writes [`message`](Assumption::message) to `out` as it renders it: no `String` is made
    /// for the whole text (`Display` of an assumption writes its message this way).
    ///
    /// ```
    /// use securepay_core::verify::{verify, Expectation};
    /// # let response = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
    /// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25",
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#)?;
    /// let verdict = verify(&response, &agreed);
    /// let mut text = String::from("- ");
    /// verdict.assumptions[0].write_message(&mut text)?;
    /// assert_eq!(text, "- USDC takes no fee on transfer today (its issuer can upgrade the token and change that)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_message<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let what = match self.behaviour {
            TokenBehaviour::FeeOnTransfer => "takes no fee on transfer",
            TokenBehaviour::RevertOnTransferToZeroAddress => {
                "does not refuse a transfer to the zero address"
            }
            TokenBehaviour::MissingReturnValues => "returns a value from every call",
            TokenBehaviour::ReturnsFalse => "reverts instead of returning false",
            TokenBehaviour::ApprovalRaceProtection => "accepts an approval over another",
            TokenBehaviour::TransferFromSelfWithoutAllowance => {
                "spends the allowance of every transferFrom"
            }
            TokenBehaviour::Blocklist => "blocks no address",
            TokenBehaviour::Pause => "cannot be paused",
            TokenBehaviour::Upgradeable => "cannot be upgraded",
            TokenBehaviour::RevertOnZeroValueTransfer => "accepts a transfer of 0",
        };
        if self.changeable {
            write!(
                out,
                "{} {what} today (its issuer can upgrade the token and change that)",
                self.asset
            )
        } else {
            write!(
                out,
                "{} {what}, and its code cannot be replaced",
                self.asset
            )
        }
    }

    /// The message, as a value that writes it (for `Debug` and serialization).
    fn text(&self) -> super::render::Text<impl Fn(&mut fmt::Formatter<'_>) -> fmt::Result + '_> {
        super::render::Text(|f: &mut fmt::Formatter<'_>| self.write_message(f))
    }
}

impl fmt::Display for Assumption {
    /// `Relies on: ` and the message, written straight into the formatter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Relies on: ")?;
        self.write_message(f)
    }
}

impl fmt::Debug for Assumption {
    /// The fields, and the message as a `String` field would show it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Assumption")
            .field("network", &self.network)
            .field("asset", &self.asset)
            .field("behaviour", &self.behaviour)
            .field("source", &self.source)
            .field("changeable", &self.changeable)
            .field("message", &self.text())
            .finish()
    }
}

impl Serialize for Assumption {
    /// `network`, `asset`, `behaviour`, `source`, `changeable`, then `message`, written from the
    /// data.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let mut out = serializer.serialize_struct("Assumption", 6)?;
        out.serialize_field("network", &self.network)?;
        out.serialize_field("asset", &self.asset)?;
        out.serialize_field("behaviour", &self.behaviour)?;
        out.serialize_field("source", &self.source)?;
        out.serialize_field("changeable", &self.changeable)?;
        out.serialize_field("message", &self.text())?;
        out.end()
    }
}
