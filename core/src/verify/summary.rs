//! The clear-signing summary: a few structured lines a wallet renders for the person signing.

use crate::prelude::*;

use core::fmt;

use serde::Serialize;

use super::render::{AssetRef, Party, Quantity, short};
use crate::network::Network;
use crate::pay::FeeBearer;

/// One line of the summary, as data. `Display` is the English rendering.
///
/// Lines are stated from the decoded transactions, not from the expectation, so a swapped
/// payee or an inflated fee reads as it would happen.
///
/// ```
/// use securepay_core::verify::{verify, Expectation, SummaryLine};
/// # let response = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
/// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#)?;
/// let summary = verify(&response, &agreed).summary;
/// let SummaryLine::Pay { amount, .. } = &summary.lines[1] else { panic!("a payment line") };
/// assert_eq!(amount.units.to::<u64>(), 826_250_000); // what the payee receives
/// assert_eq!(summary.lines[1].to_string(), "Pay 826.25 USDC to 0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7 on Base, reference 0xe23a6b02059c2b30");
/// // Serialized: `kind` in snake_case, fields in camelCase.
/// let total = serde_json::to_value(&summary.lines[4])?;
/// assert_eq!((&total["kind"], &total["atMost"], &total["crossChain"]), (&"total".into(), &false.into(), &false.into()));
/// assert_eq!(serde_json::to_value(&summary.lines[1])?["bridgedFrom"], serde_json::Value::Null);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(
    tag = "kind",
    rename_all = "snake_case",
    rename_all_fields = "camelCase"
)]
#[non_exhaustive]
pub enum SummaryLine {
    /// An approval: `amount` `None` is unlimited.
    Approve {
        /// The chain.
        network: Network,
        /// The token.
        asset: AssetRef,
        /// The amount, `None` for unlimited.
        amount: Option<Quantity>,
        /// The spender.
        spender: Party,
        /// Whether it is signed on the source chain of a cross-chain route (then the text
        /// names the chain).
        cross_chain: bool,
    },
    /// A payment to a payee.
    Pay {
        /// The chain where the payee is paid.
        network: Network,
        /// The payee.
        payee: Party,
        /// What the payee receives.
        amount: Quantity,
        /// The payment reference, `0x` hex.
        reference: Option<String>,
        /// The chain the funds come from, for a bridged payment.
        bridged_from: Option<Network>,
    },
    /// A fee.
    Fee {
        /// The chain.
        network: Network,
        /// Who receives it.
        recipient: Party,
        /// How much.
        amount: Quantity,
        /// The fee entry's label (`platform fee`), when an entry declares it.
        label: Option<String>,
        /// Who bears it per the transactions: `payer` on top, `payee` out of the payment;
        /// `None` when no fee entry declares it.
        bearer: Option<FeeBearer>,
    },
    /// A batch contract's on-chain fee: at most `amount`.
    BatchFee {
        /// The chain.
        network: Network,
        /// Who receives it.
        recipient: Party,
        /// The most it can be.
        amount: Quantity,
    },
    /// Value the contract sends back.
    Refund {
        /// The chain.
        network: Network,
        /// How much.
        amount: Quantity,
        /// The contract that refunds it.
        contract: Party,
    },
    /// Native value beyond the payments that the contract refunds only after it has called
    /// an address the response chose, which can take it first (`value_at_risk`): counted as
    /// leaving the wallet.
    AtRisk {
        /// The chain.
        network: Network,
        /// How much.
        amount: Quantity,
        /// The contract that would refund it.
        contract: Party,
    },
    /// A bridge transfer.
    Bridge {
        /// The source chain.
        source: Network,
        /// The destination chain.
        destination: Network,
        /// What leaves the wallet into the bridge.
        sent: Quantity,
        /// The least it delivers on the destination chain.
        delivered: Quantity,
    },
    /// The Tron transaction about to be signed (see
    /// [`Verifier::verify_tron`](super::Verifier::verify_tron)).
    TronTransaction(super::TronDetails),
    /// What cannot be shown: a transaction cannot be read (its calldata does not decode for
    /// what it calls) or the response itself cannot, so no payment, fee or total is stated
    /// (each would be a guess). The findings say where and why; this line is the summary's
    /// only one.
    ///
    /// ```
    /// use securepay_core::verify::{verify_slice, Expectation, SummaryLine};
    ///
    /// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base",
    ///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"1"}]}"#)?;
    /// let verdict = verify_slice(b"[]", &agreed);
    /// assert!(matches!(verdict.summary.lines[..], [SummaryLine::NotShown { .. }]));
    /// assert_eq!(verdict.summary.to_lines(), ["Not shown: the response cannot be read, so no payment, fee or total is stated"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    NotShown {
        /// How many transactions cannot be read (1 with no `first` when the response itself
        /// cannot).
        unreadable: usize,
        /// The first of them, in the response's order.
        first: Option<super::Location>,
    },
    /// Everything of one asset that leaves the wallet on one chain.
    Total {
        /// What leaves.
        amount: Quantity,
        /// Whether `amount` is an upper bound (a batch fee whose rate is on chain).
        at_most: bool,
        /// Whether it leaves on the source chain of a cross-chain route (then the text names
        /// the chain).
        cross_chain: bool,
    },
}

impl fmt::Display for SummaryLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SummaryLine::Approve {
                network,
                asset,
                amount,
                spender,
                cross_chain,
            } => write_approve(f, *network, asset, amount.as_ref(), spender, *cross_chain),
            SummaryLine::Pay {
                network,
                payee,
                amount,
                reference,
                bridged_from,
            } => write_pay(
                f,
                *network,
                payee,
                amount,
                reference.as_deref(),
                *bridged_from,
            ),
            SummaryLine::Fee {
                recipient,
                amount,
                label,
                bearer,
                ..
            } => write_fee(f, recipient, amount, label.as_deref(), *bearer),
            SummaryLine::BatchFee {
                recipient, amount, ..
            } => write!(
                f,
                "Batch fee of at most {amount} to {} (set on chain by the batch contract)",
                recipient.label()
            ),
            SummaryLine::Refund {
                amount, contract, ..
            } => write!(f, "Refund of {amount} from {} to you", contract.label()),
            SummaryLine::AtRisk {
                amount, contract, ..
            } => write!(
                f,
                "{amount} beyond the payments may not come back: {} refunds it only after calling an address the server chose, which can take it first",
                contract.label()
            ),
            SummaryLine::Bridge {
                source,
                destination,
                sent,
                delivered,
            } => write!(
                f,
                "Bridge {sent} from {} to {}, delivering at least {delivered}",
                source.display_name(),
                destination.display_name()
            ),
            SummaryLine::TronTransaction(tron) => write_tron(f, tron),
            SummaryLine::NotShown { unreadable, first } => {
                write_not_shown(f, *unreadable, first.as_ref())
            }
            SummaryLine::Total {
                amount,
                at_most,
                cross_chain,
            } => write_total(f, amount, *at_most, *cross_chain),
        }
    }
}

/// An approval's line: of `amount` (unlimited when `None`) for `spender`, naming the chain
/// when it is the source chain of a cross-chain route.
fn write_approve(
    f: &mut fmt::Formatter<'_>,
    network: Network,
    asset: &AssetRef,
    amount: Option<&Quantity>,
    spender: &Party,
    cross_chain: bool,
) -> fmt::Result {
    let on = match cross_chain {
        true => format!(" on {}", network.display_name()),
        false => String::new(),
    };
    match amount {
        Some(amount) => write!(f, "Approve {amount}{on} for {}", spender.label()),
        None => write!(f, "Approve unlimited {asset}{on} for {}", spender.label()),
    }
}

/// A payment's line: what the payee receives, where, its reference and the chain it is
/// bridged from.
fn write_pay(
    f: &mut fmt::Formatter<'_>,
    network: Network,
    payee: &Party,
    amount: &Quantity,
    reference: Option<&str>,
    bridged_from: Option<Network>,
) -> fmt::Result {
    write!(
        f,
        "Pay {amount} to {} on {}",
        payee.label(),
        network.display_name()
    )?;
    if let Some(reference) = reference {
        write!(f, ", reference {reference}")?;
    }
    match bridged_from {
        Some(source) => write!(f, ", bridged from {}", source.display_name()),
        None => Ok(()),
    }
}

/// A fee's line: how much to whom, its label and who bears it (or that no entry declares it).
fn write_fee(
    f: &mut fmt::Formatter<'_>,
    recipient: &Party,
    amount: &Quantity,
    label: Option<&str>,
    bearer: Option<FeeBearer>,
) -> fmt::Result {
    let what = match (label, bearer) {
        (_, None) => "not a declared fee".to_owned(),
        (label, Some(bearer)) => {
            let label = label.unwrap_or("fee");
            match bearer {
                FeeBearer::Payer => format!("{label}, paid by you"),
                FeeBearer::Payee => format!("{label}, deducted from the payment"),
            }
        }
    };
    write!(f, "Fee {amount} to {} ({what})", recipient.label())
}

/// The Tron transaction's line: its id, the contract it calls, its fee limit and its times.
fn write_tron(f: &mut fmt::Formatter<'_>, tron: &super::TronDetails) -> fmt::Result {
    write!(f, "Tron transaction {}", short(&tron.tx_id.to_string()))?;
    if let Some(contract) = &tron.contract {
        write!(f, ": calls {}", contract.label())?;
    }
    write!(
        f,
        ", fee limit {}, expires at {} ms (Unix), made at {} ms, reference block {}",
        tron.fee_limit, tron.expiration, tron.timestamp, tron.ref_block
    )
}

/// The line of what cannot be shown: the response, or how many transactions and the first.
fn write_not_shown(
    f: &mut fmt::Formatter<'_>,
    unreadable: usize,
    first: Option<&super::Location>,
) -> fmt::Result {
    match (first, unreadable) {
        (None, _) => write!(f, "Not shown: the response cannot be read"),
        (Some(first), 1) => write!(f, "Not shown: what {first} does cannot be read"),
        (Some(first), n) => write!(
            f,
            "Not shown: what {n} transactions do cannot be read (the first: {first})"
        ),
    }?;
    f.write_str(", so no payment, fee or total is stated")
}

/// A total's line: what leaves the wallet (at most, for an on-chain batch fee), naming the
/// chain when it is the source chain of a cross-chain route.
fn write_total(
    f: &mut fmt::Formatter<'_>,
    amount: &Quantity,
    at_most: bool,
    cross_chain: bool,
) -> fmt::Result {
    let on = match cross_chain {
        true => format!(" on {}", amount.asset.network.display_name()),
        false => String::new(),
    };
    let bound = if at_most { "at most " } else { "" };
    write!(f, "Total leaving your wallet{on}: {bound}{amount}")
}

/// What a signature does, in a few lines: approvals, payments, fees, bridges, refunds, totals.
///
/// ```
/// use securepay_core::verify::{verify, Expectation};
/// # let response = securepay_core::pay::PayResponse::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/pay/single_erc20_fees.json")))?;
///
/// let agreed = Expectation::from_str(r#"{"network":"base","currency":"USDC-base","hidePayeeAddress":true,
///   "maxPayerFees":"0.30","maxPayeeFees":"1.25",
///   "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#)?;
/// let summary = verify(&response, &agreed).summary;
/// assert_eq!(summary.to_lines(), [
///     "Approve 827.8 USDC for the payment contract (ERC20FeeProxy)",
///     "Pay 826.25 USDC to hidden on Base, reference 0xe23a6b02059c2b30", // 827.50 less the payee's fee
///     "Fee 0.3 USDC to 0x9795d480C2C50392A4714A0F468059C6448DeCe2 (platform fee, paid by you)",
///     "Fee 1.25 USDC to 0x9795d480C2C50392A4714A0F468059C6448DeCe2 (protocol fee, deducted from the payment)",
///     "Total leaving your wallet: 827.8 USDC",
/// ]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Serialized, an array of lines, each its data (`"kind"`: `approve`, `pay`, `fee`,
/// `batch_fee`, `refund`, `at_risk`, `bridge`, `tron_transaction`, `not_shown`, `total`; fields
/// in camelCase: `crossChain`, `bridgedFrom`, `atMost`) plus `"text"`, the English rendering:
/// the `summary` of a verdict's JSON.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// The lines, in order: approvals, bridges, payments, fees, refunds, totals.
    pub lines: Vec<SummaryLine>,
}

impl Serialize for Summary {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.lines_with_text().serialize(serializer)
    }
}

/// A summary line serialized with its `text`.
#[derive(Serialize)]
struct TextedLine<'a> {
    #[serde(flatten)]
    line: &'a SummaryLine,
    /// The English rendering, written straight into the output (no intermediate `String`).
    #[serde(rename = "text", serialize_with = "as_text")]
    text: &'a SummaryLine,
}

fn as_text<S: serde::Serializer>(line: &&SummaryLine, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(line)
}

impl Summary {
    /// The lines as they serialize: each its data and its `text`.
    ///
    /// ```
    /// use securepay_core::verify::{Summary, SummaryLine};
    ///
    /// let summary = Summary::default();
    /// assert_eq!(serde_json::to_string(&summary.lines_with_text())?, "[]");
    /// assert_eq!(serde_json::to_string(&summary)?, "[]");
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn lines_with_text(&self) -> impl Serialize + '_ {
        self.lines
            .iter()
            .map(|line| TextedLine { line, text: line })
            .collect::<Vec<_>>()
    }

    /// The English rendering of every line.
    pub fn to_lines(&self) -> Vec<String> {
        self.lines.iter().map(ToString::to_string).collect()
    }
}
