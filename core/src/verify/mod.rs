//! Pre-sign verification: prove a pay response does exactly what the payer agreed to, and say
//! it plainly.
//!
//! **Trust model.** Trusted: the [`Expectation`] (what the payer agreed to,
//! every cap included) and the facts compiled into the crate (contracts per chain, what each
//! contract function does, tokens, the bridge's receivers). Untrusted: every byte of the pay
//! response — transactions, `feeBundle`, `amountSummary`, `metadata`, children, labels. An
//! untrusted field may only label a line of the summary or add a finding; it never makes
//! anything pass, and no count, index or length in it sizes a loop or an allocation.
//!
//! **How.** Every transaction of every list of the response is decoded strictly on the chain it
//! is signed on and becomes its effect ([`crate::calldata::effect`]: what it pulls from the
//! wallet, for whom, with what native value, refunded or kept). Then, from effects only:
//! - each agreed payment reaches its payee exactly once, in the agreed token on the agreed
//!   chain, with the agreed reference;
//! - what the payees receive less than agreed is at most `maxPayeeFees`; what leaves the wallet
//!   beyond the agreed payments is at most `maxPayerFees`; **an absent cap is zero**;
//! - every pull leaves the wallet and is accounted, whoever receives it: no token behaviour is
//!   assumed (a batch whose fee address is zero is refused unless nothing is sent there: a
//!   batch fee of 0 in native value, or in a token proven not to refuse the zero address; a
//!   fee, batch fee or transfer to a contract of the table or a catalog token is refused: it
//!   stays in that contract);
//! - **every address may run code**: native value a contract refunds only after it has called
//!   an address the response chose (a fee address, a row recipient no agreement names) can be
//!   taken by a re-entry before the refund: it counts as leaving the wallet (`value_at_risk`,
//!   against `maxPayerFees`), read from the contract's order of calls
//!   ([`crate::calldata::effect::Callout`]);
//! - **one reading for every reader**: a transaction's `value` written as a bare JSON number
//!   above `Number.MAX_SAFE_INTEGER` is refused (`response_unreadable`), as are such integers in
//!   a Tron transaction's `raw_data`: a wallet that reads the response with `JSON.parse` would
//!   sign another value ([`crate::transaction::UnsafeJsonNumber`]);
//! - **safe means it goes through**: a call the contract's own checks refuse (read from its
//!   source: too many batch groups, an empty group, a native group after the balance was
//!   refunded, more than `maxToSpend`) or that every token of its kind makes fail under the
//!   crate's facts (a `bool` required from a token that returns nothing) is `call_reverts`, a
//!   danger: the payer pays gas, the payee is not paid, approvals stay;
//! - approvals go only to contracts that pull that token in this response, for what they pull
//!   (an unlimited approval of an immutable payment contract is a caution, of the upgradeable
//!   bridge a danger); a smart-account EOA approval names exactly the agreed smart account;
//! - allowances are followed in the order the wallet sends the transactions (an approval
//!   replaces an allowance, it does not add to it): a pull before any approval relies on an
//!   allowance given earlier, a pull beyond what the last approval left would fail, what stays
//!   approved is said, each a caution that names it; a second non-zero approval over one not
//!   spent is a caution for a token that may have approval-race protection;
//! - a smart account's funding step (`transferFrom`) goes from the agreed payer to the agreed
//!   smart account, for at most what the account spends; what the account pays beyond what the
//!   funding step has moved to it by then relies on the account's own balance (a caution), and
//!   what the wallet leaves approved to the account is said;
//! - token behaviours the crate's facts do not prove absent ([`crate::currency::TokenFacts`])
//!   and that would change what the payment moves (a fee on transfer), or make a call fail on
//!   what its calldata says (a batch fee of 0 for a token that may refuse zero-value
//!   transfers), are cautions (`token_behaviour`);
//! - a cross-chain route must be agreed (`sourceNetwork`, `sourceCurrency`, `maxSourceAmount`,
//!   and the `payer` its refunds go to) and is proved from the bridge calldata itself: the LI.FI
//!   Across V4 call is decoded, its destination message must pay the agreed payee through the
//!   destination chain's ERC20FeeProxy, each deposit's input covers its output in value, and at
//!   most `maxSourceAmount` leaves the wallet on the source chain; the destination leg must go
//!   through as LI.FI's Executor of that chain runs it
//!   ([`crate::calldata::lifi::executor_version`]): what the calls pull is within what the
//!   bridge delivers, no step's `fromAmount` is 0 or, where the Executor checks it, above what
//!   it holds at that step (otherwise the receiver sends the bridged tokens to the message's
//!   receiver without the payment); a `fromAmount` below what a call pulls is allowed (LibSwap
//!   approves the maximum); a fee or payment to LI.FI's receiver or Executor is refused;
//! - the fee bundle, the amount summary, the children and the metadata must agree with the
//!   effects (a disagreement is a danger; a fee leg no entry declares is one, and no bundle
//!   declares no fee).
//!
//! What cannot be accounted for is a [`Severity::Danger`] finding; what is allowed but worth
//! seeing is a [`Severity::Caution`]. The [`Summary`] says what the signature does, from the
//! effects, masking the payee when `hidePayeeAddress` is set.
//!
//! **Bounds.** Work and memory are linear in the response's bytes (sorted maps, no quadratic
//! scan), and memory is at most four times them (`tests/it/verify/memory.rs` measures it at
//! the cap): the reader ([`PayResponse::from_slice`], which [`verify_slice`] uses) refuses
//! bodies above [`MAX_RESPONSE_BYTES`] and lists of children above
//! [`MAX_CHILDREN`](crate::pay::MAX_CHILDREN), and keeps the open JSON of `metadata` as text;
//! a verdict lists at most [`MAX_FINDINGS_PER_CODE`] findings of each code, and one more finding of that code says how
//! many more there are, at the highest severity among them (so a verdict with any danger is
//! never safe).
//!
//! ```
//! use securepay_core::pay::PayResponse;
//! use securepay_core::verify::{verify, Expectation, FindingCode};
//!
//! // What the server sent: approve 10.5 USDC on Base, then pay through ERC20FeeProxy.
//! let body = serde_json::json!({"paymentType": "single", "feeBundle": null,
//!   "metadata": {"stepsRequired": 2, "needsApproval": true, "approvalTransactionIndex": 0, "paymentTransactionIndex": 1},
//!   "transactions": [
//!     {"to": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "value": "0", "data": concat!("0x095ea7b3",
//!       "0000000000000000000000001892196e80c4c17ea5100da765ab48c1fe2fb814",
//!       "0000000000000000000000000000000000000000000000000000000000a037a0")},
//!     {"to": "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814", "value": "0", "data": concat!("0xc219a14d",
//!       "000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda02913",
//!       "0000000000000000000000006923831acf5c327260d7ac7c9dff5b1c3cb3c7d7",
//!       "0000000000000000000000000000000000000000000000000000000000a037a0",
//!       "00000000000000000000000000000000000000000000000000000000000000c0",
//!       "0000000000000000000000000000000000000000000000000000000000000000",
//!       "0000000000000000000000000000000000000000000000000000000000000000",
//!       "0000000000000000000000000000000000000000000000000000000000000008",
//!       "1a2b3c4d5e6f7081000000000000000000000000000000000000000000000000")}]});
//! let response = PayResponse::from_slice(&serde_json::to_vec(&body)?)?;
//! let expectation = Expectation::from_str(r#"{"network":"base","currency":"USDC-base",
//!   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"10.50","reference":"0x1a2b3c4d5e6f7081"}]}"#)?;
//! let verdict = verify(&response, &expectation);
//! assert!(verdict.is_safe(), "{verdict}");
//! assert!(verdict.summary.lines[0].to_string().starts_with("Approve 10.5 USDC"));
//!
//! let wrong = Expectation::from_str(r#"{"network":"base","currency":"USDC-base",
//!   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"10.49"}]}"#)?;
//! let verdict = verify(&response, &wrong);
//! assert!(verdict.findings.iter().any(|f| f.code == FindingCode::PaymentAmount));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::prelude::*;

mod accounting;
mod allowances;
mod approvals;
mod assumption;
mod behaviours;
mod bridge;
mod deposits;
mod expectation;
mod finding;
mod funding;
mod labels;
mod lines;
mod mask;
mod message;
mod order;
mod recipients;
mod render;
mod run;
mod summary;
mod tron;
mod walk;

use core::fmt;

use serde::Serialize;

pub use assumption::Assumption;
pub use expectation::{
    CrossChain, Expectation, ExpectationBuilder, ExpectationError, ExpectedPayment,
    MAX_EXPECTATION_BYTES,
};
pub use finding::{
    Case, Details, Finding, FindingCode, Location, ResponseList, Severity, UnknownFindingCode,
};
pub use render::{AssetRef, AssetToken, Party, Quantity};
pub use run::MAX_FINDINGS_PER_CODE;
pub use summary::{Summary, SummaryLine};
pub use tron::{SignedTronTransaction, TronDetails};

use crate::contracts::Deployments;
use crate::currency::Catalog;
use crate::pay::PayResponse;

/// The largest pay response [`verify_slice`] reads (the reader's [`crate::pay::MAX_RESPONSE_BYTES`]).
/// The same bound applies to every answer the API layer reads
/// (`securepay::api::parse_parts` and the `client` feature's `Client`).
pub use crate::pay::MAX_RESPONSE_BYTES;

/// The result of a verification: the findings, and a summary for the person signing.
///
/// ```
/// use securepay_core::pay::PayResponse;
/// use securepay_core::verify::{verify, Expectation};
///
/// // A single USDC payment on Base with a platform fee (payer) and a protocol fee (payee).
/// let response = PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
/// let expectation = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#)?;
/// let verdict = verify(&response, &expectation);
/// assert!(verdict.is_safe(), "{verdict}");
/// // No finding; one assumption: USDC takes no fee on transfer (Circle's FiatToken), which
/// // its issuer could change by upgrading the token.
/// assert!(verdict.findings.is_empty());
/// assert_eq!(verdict.assumptions.len(), 1);
/// assert_eq!(verdict.summary.lines.last().map(ToString::to_string).as_deref(), Some("Total leaving your wallet: 827.8 USDC"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// Every finding, in the order found: at most [`MAX_FINDINGS_PER_CODE`] of a code, then
    /// one of that code that counts the rest.
    pub findings: Vec<Finding>,
    /// What the verdict relies on that no transaction shows: facts about the tokens moved,
    /// each with its source ([`Assumption`]).
    pub assumptions: Vec<Assumption>,
    /// What the signature does, for people.
    pub summary: Summary,
}

/// The one JSON shape of a verdict, on every face (the `securepay verify` command, the npm
/// package): `safe` first, then `findings`, `assumptions`, and `summary`, an array of lines,
/// each its data and its English `text`.
///
/// ```
/// use securepay_core::verify::{verify, Expectation};
/// # let response = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
/// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#)?;
/// let json = serde_json::to_value(verify(&response, &agreed))?;
/// assert_eq!(json["safe"], true);
/// assert_eq!(json["findings"], serde_json::json!([]));
/// assert_eq!(json["assumptions"][0]["behaviour"], "fee_on_transfer");
/// assert_eq!(json["summary"][4]["text"], "Total leaving your wallet: 827.8 USDC");
/// assert!(serde_json::to_string(&verify(&response, &agreed))?.starts_with(r#"{"safe":true,"findings":[],"assumptions":["#));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Serialize for Verdict {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Shape<'a, L: Serialize> {
            safe: bool,
            findings: &'a [Finding],
            assumptions: &'a [Assumption],
            summary: L,
        }
        Shape {
            safe: self.is_safe(),
            findings: &self.findings,
            assumptions: &self.assumptions,
            summary: self.summary.lines_with_text(),
        }
        .serialize(serializer)
    }
}

impl Verdict {
    /// Whether no finding is a danger.
    ///
    /// ```
    /// use securepay_core::verify::{verify, Expectation, FindingCode};
    /// # let response = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
    /// // 827.80 USDC leaves the wallet; the payer agreed to 827.49 and at most 0.30 more.
    /// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25",
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.49"}]}"#)?;
    /// let verdict = verify(&response, &agreed);
    /// assert!(!verdict.is_safe());
    /// assert_eq!(verdict.findings[0].code, FindingCode::PayerFeesAboveMax);
    /// assert_eq!(verdict.findings[0].details.actual.as_ref().map(|q| q.to_string()).as_deref(), Some("0.31 USDC"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_safe(&self) -> bool {
        !self.findings.iter().any(|f| f.severity == Severity::Danger)
    }

    /// The findings of one severity.
    ///
    /// ```
    /// use securepay_core::verify::{verify, Expectation, FindingCode, Severity};
    /// # let response = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
    /// // No `maxPayerFees`: it is zero, so the 0.3 USDC platform fee paid on top is a danger.
    /// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","maxPayeeFees":"1.25",
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50"}]}"#)?;
    /// let verdict = verify(&response, &agreed);
    /// let dangers: Vec<FindingCode> = verdict.findings_of(Severity::Danger).map(|f| f.code).collect();
    /// assert_eq!(dangers, [FindingCode::PayerFeesAboveMax]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn findings_of(&self, severity: Severity) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(move |f| f.severity == severity)
    }
}

/// The summary, then the findings, as English text.
///
/// ```
/// use securepay_core::verify::{verify, Expectation};
/// # let response = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
/// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#)?;
/// let text = verify(&response, &agreed).to_string();
/// assert!(text.starts_with("Approve 827.8 USDC for the payment contract (ERC20FeeProxy)\n"));
/// assert!(text.ends_with("No findings: the transactions do what was agreed.\n\
///   Relies on: USDC takes no fee on transfer today (its issuer can upgrade the token and change that)\n"));
///
/// // A native payment: nothing to say.
/// let native = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_native.json")))?;
/// let agreed = Expectation::from_str(r#"{"network":"base","currency":"ETH-base-base",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"0.2","reference":"0xe23a6b02059c2b30"}]}"#)?;
/// assert!(verify(&native, &agreed).to_string().ends_with("No findings: the transactions do what was agreed.\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.summary.lines {
            writeln!(f, "{line}")?;
        }
        if self.findings.is_empty() {
            writeln!(f, "No findings: the transactions do what was agreed.")?;
        }
        for finding in &self.findings {
            writeln!(f, "{finding}")?;
        }
        for assumption in &self.assumptions {
            writeln!(f, "{assumption}")?;
        }
        Ok(())
    }
}

/// Verifies pay responses against a deployment table and a currency catalog (the bridge is
/// the table's LI.FI diamond).
///
/// ```
/// use securepay_core::contracts::Deployments;
/// use securepay_core::currency::Catalog;
/// use securepay_core::verify::{Expectation, FindingCode, Verifier};
/// # let response = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
///
/// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#)?;
/// assert!(Verifier::builtin().verify(&response, &agreed).is_safe());
/// // Without the ERC20FeeProxy in the table, the payment goes to an unknown contract.
/// let no_contracts = Deployments::empty();
/// let verdict = Verifier::new(&no_contracts, Catalog::builtin()).verify(&response, &agreed);
/// assert!(verdict.findings.iter().any(|f| f.code == FindingCode::UnknownTarget));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Verifier<'a> {
    deployments: &'a Deployments,
    catalog: &'a Catalog,
}

impl Verifier<'static> {
    /// A verifier over the built-in tables.
    pub fn builtin() -> Verifier<'static> {
        Verifier::new(Deployments::builtin(), Catalog::builtin())
    }
}

impl<'a> Verifier<'a> {
    /// A verifier over the caller's tables.
    pub fn new(deployments: &'a Deployments, catalog: &'a Catalog) -> Verifier<'a> {
        Verifier {
            deployments,
            catalog,
        }
    }

    /// Verifies `response` against `expectation`.
    ///
    /// ```
    /// use securepay_core::verify::{Expectation, FindingCode, Verifier};
    /// # let response = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
    /// // The payer expected another reference.
    /// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25",
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0x1a2b3c4d5e6f7081"}]}"#)?;
    /// let verdict = Verifier::builtin().verify(&response, &agreed);
    /// let codes: Vec<FindingCode> = verdict.findings.iter().map(|f| f.code).collect();
    /// assert_eq!(codes, [FindingCode::PaymentReference]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verify(&self, response: &PayResponse, expectation: &Expectation) -> Verdict {
        let tables = run::Tables {
            deployments: self.deployments,
            catalog: self.catalog,
        };
        run::run(tables, response, expectation)
    }

    /// Reads the response bytes and verifies them: bytes that are not a pay response (or more
    /// than [`MAX_RESPONSE_BYTES`]) are a [`FindingCode::ResponseUnreadable`] danger.
    ///
    /// ```
    /// use securepay_core::verify::{Expectation, FindingCode, Verifier};
    ///
    /// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base",
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"1"}]}"#)?;
    /// // A transaction carrying an EIP-7702 authorization list: refused, not ignored.
    /// let body = br#"{"paymentType":"single","feeBundle":null,"metadata":{"stepsRequired":1,"needsApproval":false,"paymentTransactionIndex":0},
    ///   "transactions":[{"to":"0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814","data":"0x","value":"0","authorizationList":[]}]}"#;
    /// let verdict = Verifier::builtin().verify_slice(body, &agreed);
    /// assert_eq!(verdict.findings[0].code, FindingCode::ResponseUnreadable);
    /// assert!(!verdict.is_safe());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verify_slice(&self, bytes: &[u8], expectation: &Expectation) -> Verdict {
        match PayResponse::from_slice(bytes) {
            Ok(response) => self.verify(&response, expectation),
            // The reason may quote the response: a hidden payee stays hidden in it.
            Err(error) => Verdict::unreadable(expectation.mask_payees(error.to_string())),
        }
    }
}

impl Verdict {
    fn unreadable(reason: String) -> Verdict {
        Verdict {
            findings: vec![Finding::new(
                FindingCode::ResponseUnreadable,
                None,
                Details {
                    reason: Some(reason),
                    ..Details::default()
                },
            )],
            assumptions: Vec::new(),
            summary: Summary {
                lines: vec![SummaryLine::NotShown {
                    unreadable: 1,
                    first: None,
                }],
            },
        }
    }
}

/// Verifies `response` against `expectation` with the built-in tables.
///
/// ```
/// use securepay_core::pay::PayResponse;
/// use securepay_core::verify::{verify, Expectation};
///
/// // A native payment of 0.2 ETH on Base, no fee.
/// let response = PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_native.json")))?;
/// let agreed = Expectation::from_str(r#"{"network":"base","currency":"ETH-base-base",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"0.2","reference":"0xe23a6b02059c2b30"}]}"#)?;
/// let verdict = verify(&response, &agreed);
/// assert!(verdict.is_safe(), "{verdict}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn verify(response: &PayResponse, expectation: &Expectation) -> Verdict {
    Verifier::builtin().verify(response, expectation)
}

/// Reads and verifies the bytes of a pay response with the built-in tables (see
/// [`Verifier::verify_slice`]).
///
/// ```
/// use securepay_core::verify::{verify_slice, Expectation};
///
/// let agreed = Expectation::from_str(r#"{"network":"base","currency":"ETH-base-base",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"0.2","reference":"0xe23a6b02059c2b30"}]}"#)?;
/// let verdict = verify_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_native.json")), &agreed);
/// assert!(verdict.is_safe(), "{verdict}");
/// assert!(!verify_slice(b"{}", &agreed).is_safe());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn verify_slice(bytes: &[u8], expectation: &Expectation) -> Verdict {
    Verifier::builtin().verify_slice(bytes, expectation)
}
