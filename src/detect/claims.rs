//! A `payment.confirmed` / `payment.partial` webhook against the chain: each claim it makes
//! (its transaction, reference, network, amount, payee, currency, and the totals) compared with
//! the settlement detected from that transaction's receipt, or from all the request's logs.

use std::fmt;

use serde::{Serialize, Serializer};

use super::criteria::Denomination;
use super::ignored::IgnoredReason;
use super::settlement::Settlement;
use crate::address::ChainAddress;
use crate::amount::{Amount, Decimals, format_units};
use crate::calldata::PaymentReference;
use crate::currency::Catalog;
use crate::partial::TxHash;
use crate::webhook::{DecimalText, Event, PaymentUpdate};

/// What the settlement was detected from.
///
/// ```
/// use securepay::detect::Coverage;
/// assert_ne!(Coverage::Transaction, Coverage::History);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Coverage {
    /// The receipt of the webhook's transaction only: the totals cannot be checked.
    Transaction,
    /// Every log of the request's reference: the totals are checked too.
    History,
}

/// A claim of a payment webhook.
///
/// ```
/// use securepay::detect::Claim;
/// assert_eq!(serde_json::to_string(&Claim::TxHash)?, r#""tx_hash""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Claim {
    /// That this is a payment (`payment.confirmed` or `payment.partial`).
    Event,
    /// `paymentReference`.
    PaymentReference,
    /// `network`.
    Network,
    /// `txHash`: the transaction paid the request.
    TxHash,
    /// `amount`: what this transaction paid.
    Amount,
    /// `payee`.
    Payee,
    /// `currency`.
    Currency,
    /// `totalAmountPaid`.
    TotalAmountPaid,
    /// `payment.confirmed`: the request is paid in full (`expectedAmount`).
    Settled,
}

/// What is wrong with a claim.
///
/// ```
/// use securepay::detect::ClaimProblem;
/// let problem = ClaimProblem::Mismatch { claimed: "100".into(), on_chain: "60".into() };
/// assert_eq!(problem.to_string(), "the webhook says 100, the chain 60");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ClaimProblem {
    /// The webhook does not make a claim it needs (a payment without `txHash`).
    Missing,
    /// The claim is not readable.
    Unreadable {
        /// Why.
        reason: String,
    },
    /// The chain says otherwise.
    Mismatch {
        /// What the webhook says.
        claimed: String,
        /// What the chain says.
        on_chain: String,
    },
    /// The chain has less than the webhook says.
    Short {
        /// What the webhook says.
        claimed: String,
        /// What the chain has.
        on_chain: String,
    },
    /// No payment of the request counts in the transaction; each of its logs that was left out
    /// is listed with its reason.
    NotFound {
        /// The reasons its logs were left out (empty when the data holds nothing of it).
        ignored: Vec<IgnoredReason>,
    },
}

impl fmt::Display for ClaimProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClaimProblem::Missing => f.write_str("the webhook does not say"),
            ClaimProblem::Unreadable { reason } => write!(f, "unreadable: {reason}"),
            ClaimProblem::Mismatch { claimed, on_chain } => {
                write!(f, "the webhook says {claimed}, the chain {on_chain}")
            }
            ClaimProblem::Short { claimed, on_chain } => {
                write!(
                    f,
                    "the webhook says {claimed}, the chain has only {on_chain}"
                )
            }
            ClaimProblem::NotFound { ignored } if ignored.is_empty() => {
                f.write_str("no payment of the request in this transaction")
            }
            ClaimProblem::NotFound { ignored } => {
                f.write_str("no payment of the request in this transaction: ")?;
                for (i, why) in ignored.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{why}")?;
                }
                Ok(())
            }
        }
    }
}

/// A claim the chain does not bear out. Serialized as `{"claim":…,"problem":…,"why":…}`.
///
/// ```
/// use securepay::detect::{Claim, ClaimFinding, ClaimProblem};
/// let finding = ClaimFinding { claim: Claim::TxHash, problem: ClaimProblem::Missing };
/// assert_eq!(finding.to_string(), "txHash: the webhook does not say");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimFinding {
    /// The claim.
    pub claim: Claim,
    /// What is wrong with it.
    pub problem: ClaimProblem,
}

impl fmt::Display for ClaimFinding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let claim = match self.claim {
            Claim::Event => "event",
            Claim::PaymentReference => "paymentReference",
            Claim::Network => "network",
            Claim::TxHash => "txHash",
            Claim::Amount => "amount",
            Claim::Payee => "payee",
            Claim::Currency => "currency",
            Claim::TotalAmountPaid => "totalAmountPaid",
            Claim::Settled => "expectedAmount",
        };
        write!(f, "{claim}: {}", self.problem)
    }
}

impl Serialize for ClaimFinding {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Wire {
            claim: Claim,
            problem: &'static str,
            why: String,
        }
        Wire {
            claim: self.claim,
            problem: match self.problem {
                ClaimProblem::Missing => "missing",
                ClaimProblem::Unreadable { .. } => "unreadable",
                ClaimProblem::Mismatch { .. } => "mismatch",
                ClaimProblem::Short { .. } => "short",
                ClaimProblem::NotFound { .. } => "not_found",
            },
            why: self.to_string(),
        }
        .serialize(serializer)
    }
}

/// The webhook's claims against the chain: those the chain does not bear out, and those that
/// could not be checked.
///
/// ```
/// # use securepay::detect::WebhookCheck;
/// fn ship(check: &WebhookCheck) -> bool { check.agrees() }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct WebhookCheck {
    /// The claims the chain does not bear out.
    pub findings: Vec<ClaimFinding>,
    /// The claims not checked: absent from the webhook, or beyond what the settlement covers.
    pub unchecked: Vec<Claim>,
}

impl WebhookCheck {
    /// Whether the chain bears out every claim checked.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::detect::{check_webhook, detect, ChainData, Coverage, Criteria};
    /// # use securepay::network::Network;
    /// # use securepay::webhook::Event;
    /// let settlement = detect(&ChainData::Logs(vec![]), &Criteria::new(Network::Base, PaymentReference::new([1; 8])))?;
    /// let event = Event::parse_unverified(br#"{"event":"payment.partial","requestId":"01ab"}"#)?;
    /// assert!(!check_webhook(&event, &settlement, Coverage::Transaction).agrees()); // no txHash
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn agrees(&self) -> bool {
        self.findings.is_empty()
    }
}

/// Checks a payment webhook against `settlement`, detected for the request the webhook names
/// (its reference, payee and currency) from its transaction's receipt
/// ([`Coverage::Transaction`]) or from all the request's logs ([`Coverage::History`]).
///
/// Amounts are read with the settlement currency's decimals, exactly (never rounded). A webhook
/// that is not a payment event is one finding.
///
/// ```
/// use securepay::calldata::PaymentReference;
/// use securepay::detect::{check_webhook, detect, Claim, ChainData, ClaimProblem, Coverage, Criteria};
/// use securepay::network::Network;
/// use securepay::webhook::Event;
///
/// let event = Event::parse_unverified(br#"{"event":"payment.confirmed","requestId":"01ab","paymentReference":"0x0101010101010101",
///   "txHash":"0x1111111111111111111111111111111111111111111111111111111111111111","amount":"10.0","network":"base"}"#)?;
/// // The node's receipt for that transaction holds no payment of the request.
/// let settlement = detect(&ChainData::Receipts(vec![]), &Criteria::new(Network::Base, PaymentReference::new([1; 8])))?;
/// let check = check_webhook(&event, &settlement, Coverage::Transaction);
/// assert!(!check.agrees());
/// assert_eq!(check.findings[0].claim, Claim::TxHash);
/// assert!(matches!(check.findings[0].problem, ClaimProblem::NotFound { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_webhook(event: &Event, settlement: &Settlement, coverage: Coverage) -> WebhookCheck {
    let mut check = WebhookCheck {
        findings: Vec::new(),
        unchecked: Vec::new(),
    };
    let (payment, confirmed) = match event {
        Event::PaymentConfirmed(p) => (p, true),
        Event::PaymentPartial(p) => (p, false),
        other => {
            check.finding(
                Claim::Event,
                ClaimProblem::Unreadable {
                    reason: format!("{} is not a payment event", other.name()),
                },
            );
            return check;
        }
    };
    check.reference(payment, settlement);
    check.network(payment, settlement);
    let decimals = settlement.currency.as_ref().and_then(|c| c.decimals);
    match transaction(payment) {
        Err(problem) => {
            check.finding(Claim::TxHash, problem);
            check.unchecked.extend([Claim::Amount, Claim::Payee]);
        }
        Ok(tx) => check.transaction(payment, settlement, tx, decimals),
    }
    check.currency(payment, settlement);
    match coverage {
        Coverage::Transaction => {
            check.unchecked.push(Claim::TotalAmountPaid);
            if confirmed {
                check.unchecked.push(Claim::Settled);
            }
        }
        Coverage::History => {
            check.at_least(
                Claim::TotalAmountPaid,
                payment.total_amount_paid.as_ref(),
                settlement,
                decimals,
            );
            if confirmed {
                check.at_least(
                    Claim::Settled,
                    payment.expected_amount.as_ref(),
                    settlement,
                    decimals,
                );
            }
        }
    }
    check
}

fn transaction(payment: &PaymentUpdate) -> Result<TxHash, ClaimProblem> {
    let text = payment.tx_hash.as_deref().ok_or(ClaimProblem::Missing)?;
    TxHash::parse(text).map_err(|error| ClaimProblem::Unreadable {
        reason: error.to_string(),
    })
}

impl WebhookCheck {
    fn finding(&mut self, claim: Claim, problem: ClaimProblem) {
        self.findings.push(ClaimFinding { claim, problem });
    }

    fn reference(&mut self, payment: &PaymentUpdate, settlement: &Settlement) {
        let Some(text) = payment.payment_reference.as_deref() else {
            self.unchecked.push(Claim::PaymentReference);
            return;
        };
        match PaymentReference::parse(text) {
            Err(error) => self.finding(
                Claim::PaymentReference,
                ClaimProblem::Unreadable {
                    reason: error.to_string(),
                },
            ),
            Ok(reference) if reference != settlement.reference => self.finding(
                Claim::PaymentReference,
                ClaimProblem::Mismatch {
                    claimed: reference.to_string(),
                    on_chain: settlement.reference.to_string(),
                },
            ),
            Ok(_) => {}
        }
    }

    fn network(&mut self, payment: &PaymentUpdate, settlement: &Settlement) {
        match payment.parsed_network() {
            None => self.unchecked.push(Claim::Network),
            Some(Err(error)) => self.finding(
                Claim::Network,
                ClaimProblem::Unreadable {
                    reason: error.to_string(),
                },
            ),
            Some(Ok(network)) if network != settlement.network => self.finding(
                Claim::Network,
                ClaimProblem::Mismatch {
                    claimed: network.to_string(),
                    on_chain: settlement.network.to_string(),
                },
            ),
            Some(Ok(_)) => {}
        }
    }

    fn transaction(
        &mut self,
        payment: &PaymentUpdate,
        settlement: &Settlement,
        tx: TxHash,
        decimals: Option<Decimals>,
    ) {
        if settlement.payments_in(tx).next().is_none() {
            let ignored = settlement
                .ignored
                .iter()
                .filter(|i| i.log.transaction_hash == Some(tx))
                .map(|i| i.why.clone())
                .collect();
            self.finding(Claim::TxHash, ClaimProblem::NotFound { ignored });
            self.unchecked.extend([Claim::Amount, Claim::Payee]);
            return;
        }
        match (payment.amount.as_ref(), decimals) {
            (None, _) => self.unchecked.push(Claim::Amount),
            (Some(_), None) => self.unchecked.push(Claim::Amount),
            (Some(claimed), Some(decimals)) => {
                let paid = settlement.paid_in(tx);
                match (claimed.to_amount(decimals), paid) {
                    (Err(error), _) => self.finding(
                        Claim::Amount,
                        ClaimProblem::Unreadable {
                            reason: error.to_string(),
                        },
                    ),
                    (Ok(claimed), paid) if Some(claimed.units()) != paid => self.finding(
                        Claim::Amount,
                        ClaimProblem::Mismatch {
                            claimed: claimed.to_string(),
                            on_chain: paid.map_or_else(
                                || "more than 2^256-1".to_owned(),
                                |units| format_units(units, decimals),
                            ),
                        },
                    ),
                    (Ok(_), _) => {}
                }
            }
        }
        let Some(text) = payment.payee.as_deref() else {
            self.unchecked.push(Claim::Payee);
            return;
        };
        match ChainAddress::parse(settlement.network, text) {
            Err(error) => self.finding(
                Claim::Payee,
                ClaimProblem::Unreadable {
                    reason: error.to_string(),
                },
            ),
            Ok(payee) => {
                if let Some(other) = settlement.payments_in(tx).find(|p| p.payee != payee) {
                    self.finding(
                        Claim::Payee,
                        ClaimProblem::Mismatch {
                            claimed: payee.to_string(),
                            on_chain: other.payee.to_string(),
                        },
                    );
                }
            }
        }
    }

    /// The webhook's `currency` (a symbol of its network), when the catalog reads it as one
    /// currency.
    fn currency(&mut self, payment: &PaymentUpdate, settlement: &Settlement) {
        let claimed = match payment.currency_in(Catalog::builtin()) {
            Some(Ok(currency)) => currency,
            _ => {
                self.unchecked.push(Claim::Currency);
                return;
            }
        };
        let Some(settled) = &settlement.currency else {
            self.unchecked.push(Claim::Currency);
            return;
        };
        if Denomination::of(claimed).hash() != settled.hash {
            self.finding(
                Claim::Currency,
                ClaimProblem::Mismatch {
                    claimed: claimed.id().to_string(),
                    on_chain: settled
                        .currency
                        .as_ref()
                        .map_or_else(|| format!("{:#x}", settled.hash), |c| c.id().to_string()),
                },
            );
        }
    }

    /// The settlement's balance is at least the webhook's `claimed` amount.
    fn at_least(
        &mut self,
        claim: Claim,
        claimed: Option<&DecimalText>,
        settlement: &Settlement,
        decimals: Option<Decimals>,
    ) {
        let (Some(claimed), Some(decimals)) = (claimed, decimals) else {
            self.unchecked.push(claim);
            return;
        };
        let claimed = match claimed.to_amount(decimals) {
            Ok(amount) => amount,
            Err(error) => {
                self.finding(
                    claim,
                    ClaimProblem::Unreadable {
                        reason: error.to_string(),
                    },
                );
                return;
            }
        };
        let balance = settlement.balance_amount();
        let enough = balance.is_some_and(|b: Amount| b.units() >= claimed.units());
        if !enough {
            self.finding(
                claim,
                ClaimProblem::Short {
                    claimed: claimed.to_string(),
                    on_chain: balance.map_or_else(
                        || settlement.balance.to_string() + " (units)",
                        |b| b.to_string(),
                    ),
                },
            );
        }
    }
}
