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
///
/// ```
/// use securepay::pay::PayResponse;
/// use securepay::verify::{verify, Expectation};
///
/// // A single USDC payment on Base with a platform fee (payer) and a protocol fee (payee).
/// let response = PayResponse::from_slice(include_bytes!("../../tests/data/pay/single_erc20_fees.json"))?;
/// let expectation = Expectation::from_json(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#)?;
/// let verdict = verify(&response, &expectation);
/// assert!(verdict.findings.is_empty());
/// assert_eq!(verdict.summary.lines.last().map(String::as_str), Some("Total leaving your wallet: 827.8 USDC"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Every finding, in the order found.
    pub findings: Vec<Finding>,
    /// What the signature does, for people.
    pub summary: Summary,
}

impl Verdict {
    /// Whether no finding is a danger.
    ///
    /// ```no_run
    /// use securepay::verify::{verify, Expectation};
    /// # let response = securepay::pay::PayResponse::from_slice(include_bytes!("../../tests/data/pay/single_erc20_fees.json"))?;
    /// // The response pays 827.50 USDC; the payer agreed to 827.49.
    /// let agreed = Expectation::from_json(r#"{"network":"base","currency":"USDC-base",
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.49"}]}"#)?;
    /// let verdict = verify(&response, &agreed);
    /// assert!(!verdict.is_safe());
    /// assert!(verdict.findings.iter().any(|f| f.code == "payment_amount"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_safe(&self) -> bool {
        !self.findings.iter().any(|f| f.severity == Severity::Danger)
    }

    /// The findings of one severity.
    ///
    /// ```no_run
    /// use securepay::verify::{verify, Expectation, Severity};
    /// # let response = securepay::pay::PayResponse::from_slice(include_bytes!("../../tests/data/pay/single_erc20_fees.json"))?;
    /// // No `maxPayerFees`: the 0.3 USDC platform fee the payer pays on top is a caution.
    /// let agreed = Expectation::from_json(r#"{"network":"base","currency":"USDC-base",
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50"}]}"#)?;
    /// let verdict = verify(&response, &agreed);
    /// let cautions: Vec<&str> = verdict.findings_of(Severity::Caution).map(|f| f.code).collect();
    /// assert_eq!(cautions, ["payer_fees_uncapped"]);
    /// assert_eq!(verdict.findings_of(Severity::Danger).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn findings_of(&self, severity: Severity) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(move |f| f.severity == severity)
    }

    /// The summary, then the findings, as text.
    ///
    /// ```no_run
    /// use securepay::verify::{verify, Expectation};
    /// # let response = securepay::pay::PayResponse::from_slice(include_bytes!("../../tests/data/pay/single_erc20_fees.json"))?;
    /// let agreed = Expectation::from_json(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30",
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#)?;
    /// let text = verify(&response, &agreed).to_text();
    /// assert!(text.starts_with("Approve 827.8 USDC for the payment contract (ERC20FeeProxy)\n"));
    /// assert!(text.ends_with("No findings: the transactions do what was agreed.\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
///
/// ```
/// use securepay::verify::Bridge;
/// use securepay::network::Network;
///
/// let lifi = Bridge {
///     network: Network::Optimism,
///     address: "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE".parse()?,
///     name: "LI.FI".into(),
/// };
/// assert!(lifi.address.fits(lifi.network));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
///
/// ```
/// use securepay::verify::{Expectation, Verifier};
/// # let response = securepay::pay::PayResponse::from_slice(include_bytes!("../../tests/data/pay/single_erc20_fees.json"))?;
///
/// let verifier = Verifier::builtin(); // build once, verify many responses
/// let agreed = Expectation::from_json(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#)?;
/// assert!(verifier.verify(&response, &agreed).is_safe());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Verifier<'a> {
    deployments: &'a Deployments,
    catalog: &'a Catalog,
    bridges: Vec<Bridge>,
}

impl Verifier<'static> {
    /// A verifier over the built-in tables.
    ///
    /// ```no_run
    /// use securepay::verify::{Expectation, Verifier};
    /// # let response = securepay::pay::PayResponse::from_slice(include_bytes!("../../tests/data/pay/single_erc20_fees.json"))?;
    /// let agreed = Expectation::from_json(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30",
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#)?;
    /// let verdict = Verifier::builtin().verify(&response, &agreed);
    /// assert_eq!(verdict.summary.lines.len(), 5); // approval, payment, two fees, total
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn builtin() -> Verifier<'static> {
        Verifier::new(Deployments::builtin(), Catalog::builtin())
    }
}

impl<'a> Verifier<'a> {
    /// A verifier over the caller's tables; the bridges are the table's LI.FI diamonds.
    ///
    /// ```no_run
    /// use securepay::contracts::Deployments;
    /// use securepay::currency::Catalog;
    /// use securepay::verify::{Expectation, Verifier};
    /// # let response = securepay::pay::PayResponse::from_slice(include_bytes!("../../tests/data/pay/single_erc20_fees.json"))?;
    /// let agreed = Expectation::from_json(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30",
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#)?;
    /// // Without the ERC20FeeProxy in the table, the payment goes to an unknown contract.
    /// let no_contracts = Deployments::empty();
    /// let verdict = Verifier::new(&no_contracts, Catalog::builtin()).verify(&response, &agreed);
    /// assert!(verdict.findings.iter().any(|f| f.code == "unknown_target"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```no_run
    /// use securepay::contracts::{Contract, Deployment, Deployments};
    /// use securepay::currency::Catalog;
    /// use securepay::network::Network;
    /// use securepay::verify::{Bridge, Expectation, Verifier};
    ///
    /// // Two payments on Base, paid in USDT from Optimism through the LI.FI diamond.
    /// let response = securepay::pay::PayResponse::from_slice(include_bytes!("../../tests/data/pay/multicall_cross_chain.json"))?;
    /// let agreed = Expectation::from_json(r#"{"network":"base","currency":"USDC-base","sourceNetwork":"optimism","payments":[
    ///   {"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"25","reference":"0x1111111111111111"},
    ///   {"payee":"0x742d35Cc6634C0532925a3b844Bc454e4438f44e","amount":"15.5","reference":"0x2222222222222222"}]}"#)?;
    /// let mut table = Deployments::empty(); // only the proxy the destination calls go to
    /// table.set_default_version(Contract::Erc20FeeProxy, "0.2.0");
    /// table.set(Deployment::new(Contract::Erc20FeeProxy, Network::Base, "0.2.0", "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814".parse()?, 10827274)?);
    /// let verifier = Verifier::new(&table, Catalog::builtin());
    /// assert!(!verifier.verify(&response, &agreed).is_safe()); // calls to an unknown contract
    /// let lifi = Bridge { network: Network::Optimism, address: "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE".parse()?, name: "LI.FI".into() };
    /// let verdict = verifier.with_bridge(lifi).verify(&response, &agreed);
    /// assert!(verdict.is_safe(), "{verdict}");
    /// assert!(verdict.findings.iter().all(|f| f.code == "bridge_call")); // cautions: the route is not decoded
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_bridge(mut self, bridge: Bridge) -> Verifier<'a> {
        self.bridges.push(bridge);
        self
    }

    /// Verifies `response` against `expectation`.
    ///
    /// ```
    /// use securepay::verify::{Expectation, Verifier};
    /// # let response = securepay::pay::PayResponse::from_slice(include_bytes!("../../tests/data/pay/single_erc20_fees.json"))?;
    /// // The payer expected another reference.
    /// let agreed = Expectation::from_json(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30",
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0x1a2b3c4d5e6f7081"}]}"#)?;
    /// let verdict = Verifier::builtin().verify(&response, &agreed);
    /// assert_eq!(verdict.findings.iter().map(|f| f.code).collect::<Vec<_>>(), ["payment_reference"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
///
/// ```
/// use securepay::pay::PayResponse;
/// use securepay::verify::{verify, Expectation};
///
/// // A native payment of 0.2 ETH on Base, no fee.
/// let response = PayResponse::from_slice(include_bytes!("../../tests/data/pay/single_native.json"))?;
/// let agreed = Expectation::from_json(r#"{"network":"base","currency":"ETH-base-base",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"0.2","reference":"0xe23a6b02059c2b30"}]}"#)?;
/// let verdict = verify(&response, &agreed);
/// assert!(verdict.is_safe(), "{verdict}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn verify(response: &PayResponse, expectation: &Expectation) -> Verdict {
    static BUILTIN: std::sync::OnceLock<Verifier<'static>> = std::sync::OnceLock::new();
    BUILTIN
        .get_or_init(Verifier::builtin)
        .verify(response, expectation)
}
