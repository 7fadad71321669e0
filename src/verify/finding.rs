//! Findings: what the verifier saw, how serious it is, and where.

use std::fmt;

use serde::Serialize;

/// How serious a finding is.
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
