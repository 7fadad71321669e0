//! Pre-sign verification: prove a pay response does exactly what the payer agreed to, and say
//! it plainly.
//!
//! [`verify`] walks every transaction a signature would send, decodes it strictly on the chain it
//! runs on, and accounts for every unit of value that would leave the wallet: each agreed payment
//! paid exactly once (right token, payee, amount, reference), every other outflow a declared fee
//! (matching its fee entry), approvals only to the contract that pulls the funds. What it cannot
//! account for is a [`Severity::Danger`] finding; what is allowed but worth seeing (an unlimited
//! approval, an undecoded bridge call) is a [`Severity::Caution`]. The [`Summary`] says in a few
//! lines what the signature does, masking the payee when `hidePayeeAddress` is set.
//!
//! Stable finding codes: `structure_<problem>` (see [`crate::pay::Problem::code`]),
//! `unknown_target`, `unknown_selector`, `selector_not_on_target`, `non_canonical_calldata`,
//! `plain_transfer`, `value_on_non_payable`, `value_mismatch`, `unverifiable_call`,
//! `not_an_approval`, `payment_missing`, `payment_duplicated`, `payment_amount`,
//! `payment_payee`, `payment_reference`, `payment_token`, `undeclared_outflow`,
//! `undeclared_fee_in_proxy`, `fee_leg_mismatch`, `fee_not_paid`, `fee_currency`, `fee_network`,
//! `fee_amount_unreadable`, `payer_fees_above_max`, `payer_fees_uncapped`,
//! `amount_summary_mismatch`, `approval_token`, `approval_spender`, `approval_unlimited`,
//! `approval_above_need`, `approval_below_need`, `eoa_approval_not_approve`,
//! `eoa_approval_spender`, `eoa_approval_token`, `network_mismatch`, `chain_id_mismatch`,
//! `child_mismatch`, `source_network_unknown`, `source_network_mismatch`, `bridge_call`,
//! `unknown_bridge`, `destination_call_mismatch`, `crosschain_unverifiable`, `batch_fee`,
//! `batch_fees_undeclared`.
//!
//! ```
//! use alloy_primitives::U256;
//! use securepay::currency::Catalog;
//! use securepay::network::Network;
//! use securepay::pay::{ApprovalPlan, PaymentPlan, PlannedPayment};
//! use securepay::verify::{verify, Expectation};
//!
//! let plan = PaymentPlan {
//!     network: Network::Base,
//!     currency: Catalog::builtin().get("USDC-base")?.clone(),
//!     payments: vec![PlannedPayment {
//!         request_id: "01e2".into(), secure_payment_token: None,
//!         payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
//!         amount: U256::from(10_500_000u64), reference: "0x1a2b3c4d5e6f7081".parse()?,
//!     }],
//!     fees: vec![], approval: ApprovalPlan::Exact, smart_account: None, parent_token: None, bundle_id: None,
//! };
//! let response = plan.build()?;
//! let expectation = Expectation::from_json(r#"{"network":"base","currency":"USDC-base",
//!   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"10.50","reference":"0x1a2b3c4d5e6f7081"}]}"#)?;
//! let verdict = verify(&response, &expectation);
//! assert!(verdict.is_safe(), "{verdict}");
//! assert!(verdict.summary.lines[0].starts_with("Approve 10.5 USDC"));
//!
//! let wrong = Expectation::from_json(r#"{"network":"base","currency":"USDC-base",
//!   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"10.49"}]}"#)?;
//! assert!(!verify(&response, &wrong).is_safe());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod accounting;
mod expectation;
mod finding;
mod legs;
mod shapes;
mod shapes_cross;
mod summary;

use std::fmt;

use serde::Serialize;

pub use expectation::{Expectation, ExpectationError, ExpectedPayment};
pub use finding::{Finding, Location, Severity};
pub use summary::Summary;

use crate::address::PayeeAddress;
use crate::contracts::{Contract, Deployments};
use crate::currency::Catalog;
use crate::network::Network;
use crate::pay::PayResponse;

/// The result of a verification: the findings, and a summary for the person signing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Every finding, in the order found.
    pub findings: Vec<Finding>,
    /// What the signature does, for people.
    pub summary: Summary,
}

impl Verdict {
    /// Whether no finding is a danger.
    pub fn is_safe(&self) -> bool {
        !self.findings.iter().any(|f| f.severity == Severity::Danger)
    }

    /// The findings of one severity.
    pub fn findings_of(&self, severity: Severity) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(move |f| f.severity == severity)
    }

    /// The summary, then the findings, as text.
    pub fn to_text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.summary.lines {
            writeln!(f, "{line}")?;
        }
        if self.findings.is_empty() {
            return writeln!(f, "No findings: the transactions do what was agreed.");
        }
        for finding in &self.findings {
            writeln!(f, "{finding}")?;
        }
        Ok(())
    }
}

/// A bridge contract cross-chain routes may call; its calldata is not decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bridge {
    /// Where it is.
    pub network: Network,
    /// Its address.
    pub address: PayeeAddress,
    /// Its name for people.
    pub name: String,
}

/// Verifies pay responses against a deployment table, a currency catalog and a list of known
/// bridges (by default the LI.FI diamond of the table).
#[derive(Debug, Clone)]
pub struct Verifier<'a> {
    deployments: &'a Deployments,
    catalog: &'a Catalog,
    bridges: Vec<Bridge>,
}

impl Verifier<'static> {
    /// A verifier over the built-in tables.
    pub fn builtin() -> Verifier<'static> {
        Verifier::new(Deployments::builtin(), Catalog::builtin())
    }
}

impl<'a> Verifier<'a> {
    /// A verifier over the caller's tables; the bridges are the table's LI.FI diamonds.
    pub fn new(deployments: &'a Deployments, catalog: &'a Catalog) -> Verifier<'a> {
        let bridges = deployments
            .iter()
            .filter(|d| d.contract() == Contract::LiFiDiamond)
            .map(|d| Bridge {
                network: d.network(),
                address: d.address(),
                name: "LI.FI".into(),
            })
            .collect();
        Verifier {
            deployments,
            catalog,
            bridges,
        }
    }

    /// Adds a bridge cross-chain routes may call.
    pub fn with_bridge(mut self, bridge: Bridge) -> Verifier<'a> {
        self.bridges.push(bridge);
        self
    }

    /// Verifies `response` against `expectation`.
    pub fn verify(&self, response: &PayResponse, expectation: &Expectation) -> Verdict {
        shapes::run(self, response, expectation)
    }

    fn bridge(&self, network: Network, address: &PayeeAddress) -> Option<&Bridge> {
        let address = PayeeAddress::from_abi(network, address.abi());
        self.bridges
            .iter()
            .find(|b| b.network == network && b.address == address)
    }
}

/// Verifies `response` against `expectation` with the built-in tables.
pub fn verify(response: &PayResponse, expectation: &Expectation) -> Verdict {
    static BUILTIN: std::sync::OnceLock<Verifier<'static>> = std::sync::OnceLock::new();
    BUILTIN
        .get_or_init(Verifier::builtin)
        .verify(response, expectation)
}
