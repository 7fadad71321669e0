//! Set-up shared by the examples of this module's documentation, so that each example shows
//! only what it is about. Hidden: not part of the API, no stability promise.

use super::{PayerGate, PaymentPolicy, resolve};
use crate::address::ChainAddress;

/// The payee of the examples.
pub const PAYEE: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";

/// A gate for a payment with the `accessPolicy` `access_policy` (JSON text), no KYT plan and
/// no destination policy, paying [`PAYEE`]; no wallet connected yet.
///
/// ```
/// use securepay::policy::{doc_support, GateStatus};
///
/// let gate = doc_support::gate(r#"{"mode": "off"}"#)?;
/// assert_eq!(gate.state().status, GateStatus::WaitingForWallet);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn gate(access_policy: &str) -> Result<PayerGate, Box<dyn std::error::Error>> {
    let policy = resolve(None, Some(&PaymentPolicy::from_str(access_policy)?), None)?;
    Ok(PayerGate::new(&policy, ChainAddress::parse_any(PAYEE)?))
}
