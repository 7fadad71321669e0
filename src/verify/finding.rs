//! Findings: what the verifier saw, how serious it is, and where.

use std::fmt;

use serde::Serialize;

/// How serious a finding is.
///
/// ```
/// use securepay::verify::Severity;
///
/// assert!(Severity::Danger > Severity::Caution);
/// assert_eq!(Severity::Caution.to_string(), "caution");
/// assert_eq!(serde_json::to_string(&Severity::Danger)?, r#""danger""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Allowed, but the person should see it (an unlimited approval, an undecoded bridge call).
    Caution,
    /// Signing would move value differently from what was agreed: do not sign.
    Danger,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Caution => "caution",
            Severity::Danger => "danger",
        })
    }
}

/// Where a finding is: a transaction list of the response and the index in it.
///
/// ```
/// use securepay::verify::Location;
///
/// assert_eq!(Location { list: "transactions", index: Some(1) }.to_string(), "transactions[1]");
/// assert_eq!(Location { list: "batchPaymentTransaction", index: None }.to_string(), "batchPaymentTransaction");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Location {
    /// `transactions`, `eoaApprovalTransactions`, `ERC20ApprovalTransactions`,
    /// `batchPaymentTransaction`, `destinationCalls`, `children`, `feeBundle.fees`.
    pub list: &'static str,
    /// The index in that list (none for single transactions).
    pub index: Option<usize>,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.index {
            Some(index) => write!(f, "{}[{index}]", self.list),
            None => f.write_str(self.list),
        }
    }
}

/// One finding of a verification.
///
/// `code` is stable and meant for programs; `message` is for people (it never shows a masked
/// payee).
///
/// ```
/// use securepay::verify::{verify, Expectation, Severity};
/// # let response = securepay::pay::PayResponse::from_slice(include_bytes!("../../tests/data/pay/single_erc20_fees.json"))?;
///
/// // The response pays 827.50 USDC (826.25 after the payee's fee); the payer agreed to 827.49.
/// let agreed = Expectation::from_json(r#"{"network":"base","currency":"USDC-base","hidePayeeAddress":true,
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.49"}]}"#)?;
/// let finding = &verify(&response, &agreed).findings[0];
/// assert_eq!((finding.severity, finding.code), (Severity::Danger, "payment_amount"));
/// assert_eq!(finding.to_string(), "DANGER [payment_amount] transactions[1]: pays 826.25 USDC to hidden instead of the agreed 826.24");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// How serious it is.
    pub severity: Severity,
    /// A stable code (`payment_amount`, `approval_unlimited`, …).
    pub code: &'static str,
    /// The transaction concerned, if one is.
    pub transaction: Option<Location>,
    /// What was found, for people.
    pub message: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = self.severity.to_string().to_uppercase();
        match self.transaction {
            Some(location) => write!(f, "{severity} [{}] {location}: {}", self.code, self.message),
            None => write!(f, "{severity} [{}] {}", self.code, self.message),
        }
    }
}
