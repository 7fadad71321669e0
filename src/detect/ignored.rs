//! The logs that do not count, each with its reason.

use std::fmt;

use alloy_primitives::{Address, U256};
use serde::{Serialize, Serializer};

use super::event::EventError;
use crate::address::ChainAddress;
use crate::contracts::Contract;
use crate::partial::TxHash;

/// Which log (or receipt) an entry is about: as much of its position as the input gave.
///
/// ```
/// use securepay::detect::LogRef;
/// let failed = LogRef { transaction_hash: None, log_index: None, block_number: Some(5), emitter: None };
/// assert_eq!(serde_json::to_string(&failed)?, r#"{"transactionHash":null,"logIndex":null,"blockNumber":5,"address":null}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LogRef {
    /// The transaction.
    pub transaction_hash: Option<TxHash>,
    /// The log's index (none for a receipt without logs).
    pub log_index: Option<u64>,
    /// The block.
    pub block_number: Option<u64>,
    /// The emitter (none for a receipt without logs).
    #[serde(rename = "address")]
    pub emitter: Option<ChainAddress>,
}

/// Why a log does not count.
///
/// ```
/// use securepay::detect::IgnoredReason;
/// assert_eq!(IgnoredReason::Removed.code(), "removed");
/// assert_eq!(IgnoredReason::Removed.to_string(), "removed by a chain reorganisation (removed: true)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum IgnoredReason {
    /// The log is flagged `removed: true`: a chain reorganisation dropped it.
    Removed,
    /// The log is pending (no block yet).
    Pending,
    /// TronGrid flags the event `_unconfirmed`.
    Unconfirmed,
    /// The transaction failed (`status: 0x0`): its logs never count.
    FailedTransaction,
    /// The emitter is no known contract on the network.
    UnknownEmitter,
    /// The deployment table registers two contracts at the emitter's address.
    AmbiguousEmitter {
        /// One.
        first: Contract,
        /// The other.
        second: Contract,
    },
    /// A known contract, but not one of its payment events.
    NotAPaymentEvent {
        /// The emitter's contract.
        contract: Contract,
    },
    /// A payment event's topic, but not that event's strict encoding.
    Malformed {
        /// The emitter's contract.
        contract: Contract,
        /// What was wrong.
        problem: EventError,
    },
    /// In a block before the emitter's deployment.
    BeforeDeployment {
        /// The emitter's contract.
        contract: Contract,
        /// Its (earliest) creation block.
        creation_block: u64,
    },
    /// The same log (transaction and index) given again.
    Duplicate,
    /// The topic is the hash of another reference.
    OtherReference,
    /// Paid in, or valued in, another currency than the settlement's.
    OtherCurrency {
        /// The event's token, or a conversion's currency hash.
        found: Address,
        /// The settlement's (token address or currency hash).
        expected: Address,
    },
    /// A conversion valued in a currency hash the catalog does not know (the criteria name no
    /// currency, so its decimals are unknown).
    UnknownCurrency {
        /// The hash.
        hash: Address,
    },
    /// A conversion paid in a token outside the accepted tokens.
    OtherToken {
        /// The token.
        token: ChainAddress,
    },
    /// Paid to another address than the payee (a refund: than the refund address).
    OtherPayee {
        /// The event's `to`.
        found: ChainAddress,
        /// The payee (or refund address).
        expected: ChainAddress,
    },
    /// A conversion whose `maxRateTimespan` is above the request's.
    MaxRateTimespan {
        /// The event's.
        found: U256,
        /// The request's.
        max: U256,
    },
    /// A conversion proxy's fee-proxy event without its conversion event, or a conversion
    /// event without the fee-proxy event before it in its transaction.
    Unpaired {
        /// Which of the pair this log is.
        conversion: bool,
    },
    /// Counting it would overflow the balance.
    Overflow,
}

impl IgnoredReason {
    /// A stable code for the reason.
    pub const fn code(&self) -> &'static str {
        match self {
            IgnoredReason::Removed => "removed",
            IgnoredReason::Pending => "pending",
            IgnoredReason::Unconfirmed => "unconfirmed",
            IgnoredReason::FailedTransaction => "failed_transaction",
            IgnoredReason::UnknownEmitter => "unknown_emitter",
            IgnoredReason::AmbiguousEmitter { .. } => "ambiguous_emitter",
            IgnoredReason::NotAPaymentEvent { .. } => "not_a_payment_event",
            IgnoredReason::Malformed { .. } => "malformed",
            IgnoredReason::BeforeDeployment { .. } => "before_deployment",
            IgnoredReason::Duplicate => "duplicate",
            IgnoredReason::OtherReference => "other_reference",
            IgnoredReason::OtherCurrency { .. } => "other_currency",
            IgnoredReason::UnknownCurrency { .. } => "unknown_currency",
            IgnoredReason::OtherToken { .. } => "other_token",
            IgnoredReason::OtherPayee { .. } => "other_payee",
            IgnoredReason::MaxRateTimespan { .. } => "max_rate_timespan",
            IgnoredReason::Unpaired { .. } => "unpaired",
            IgnoredReason::Overflow => "overflow",
        }
    }
}

impl fmt::Display for IgnoredReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IgnoredReason::Removed => {
                f.write_str("removed by a chain reorganisation (removed: true)")
            }
            IgnoredReason::Pending => f.write_str("pending: not in a block yet"),
            IgnoredReason::Unconfirmed => f.write_str("not confirmed yet (_unconfirmed: true)"),
            IgnoredReason::FailedTransaction => {
                f.write_str("the transaction failed (status 0x0): its logs never count")
            }
            IgnoredReason::UnknownEmitter => {
                f.write_str("emitted by no known contract of the network")
            }
            IgnoredReason::AmbiguousEmitter { first, second } => write!(
                f,
                "the deployment table has both {first} and {second} at the emitter's address"
            ),
            IgnoredReason::NotAPaymentEvent { contract } => {
                write!(f, "not a payment event of {contract}")
            }
            IgnoredReason::Malformed { contract, problem } => {
                write!(f, "a payment event of {contract} badly encoded: {problem}")
            }
            IgnoredReason::BeforeDeployment {
                contract,
                creation_block,
            } => write!(
                f,
                "in a block before {contract} was deployed (block {creation_block})"
            ),
            IgnoredReason::Duplicate => f.write_str("the same log was given before"),
            IgnoredReason::OtherReference => {
                f.write_str("its topic is not the hash of the payment or refund reference")
            }
            IgnoredReason::OtherCurrency { found, expected } => {
                write!(f, "in currency {found:#x}, not {expected:#x}")
            }
            IgnoredReason::UnknownCurrency { hash } => write!(
                f,
                "valued in currency {hash:#x}, which the catalog does not know (name the currency)"
            ),
            IgnoredReason::OtherToken { token } => {
                write!(f, "paid in {token}, not an accepted token")
            }
            IgnoredReason::OtherPayee { found, expected } => {
                write!(f, "paid to {found}, not {expected}")
            }
            IgnoredReason::MaxRateTimespan { found, max } => {
                write!(f, "maxRateTimespan {found} is above the request's {max}")
            }
            IgnoredReason::Unpaired { conversion: true } => f.write_str(
                "a conversion event without the fee-proxy event before it in its transaction",
            ),
            IgnoredReason::Unpaired { conversion: false } => {
                f.write_str("a conversion proxy's payment event without its conversion event")
            }
            IgnoredReason::Overflow => f.write_str("counting it would overflow the balance"),
        }
    }
}

/// A log that does not count, and why. Serialized as `{"log":…,"code":…,"why":…}`.
///
/// ```
/// use securepay::detect::{Ignored, IgnoredReason, LogRef};
/// let entry = Ignored { log: LogRef { transaction_hash: None, log_index: None, block_number: None, emitter: None }, why: IgnoredReason::Pending };
/// let json = serde_json::to_value(&entry)?;
/// assert_eq!((json["code"].as_str(), json["why"].as_str()), (Some("pending"), Some("pending: not in a block yet")));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ignored {
    /// The log.
    pub log: LogRef,
    /// Why it does not count.
    pub why: IgnoredReason,
}

impl Serialize for Ignored {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Wire<'a> {
            log: &'a LogRef,
            code: &'static str,
            why: String,
        }
        Wire {
            log: &self.log,
            code: self.why.code(),
            why: self.why.to_string(),
        }
        .serialize(serializer)
    }
}
