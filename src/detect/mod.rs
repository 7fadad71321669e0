//! Settlement: did it pay? Payments detected from chain data the caller fetched, with no node
//! inside.
//!
//! The caller asks its own node or provider for the logs of a request (`eth_getLogs`) or the
//! receipt of a transaction (`eth_getTransactionReceipt`), or on Tron for TronGrid's events,
//! and hands the JSON over. [`ChainData::from_slice`] reads it strictly; [`detect`] keeps the
//! payment events of the service's contracts emitted by their deployment on that network
//! (never by address alone), ties them to the request by payment reference, and applies
//! Request Network's rules: payments minus refunds, fees to the request's fee address, the
//! conversion proxies' event pairs valued in the request's currency. Everything else is listed
//! in [`Settlement::ignored`] with its reason. A webhook's claims are checked against the
//! settlement of its transaction with [`check_webhook`].
//!
//! ```
//! use securepay::calldata::PaymentReference;
//! use securepay::currency::Catalog;
//! use securepay::detect::{detect, ChainData, Criteria};
//! use securepay::network::Network;
//!
//! // A USDC payment on Base: the ERC20FeeProxy's event, as eth_getLogs returns it.
//! let logs = br#"[{"address":"0x1892196e80c4c17ea5100da765ab48c1fe2fb814",
//!   "topics":["0x9f16cbcc523c67a60c450e5ffe4f3b7b6dbe772e7abcadb2686ce029a9a0a2b6",
//!             "0xc7e7bbdbb3bbe26f1ba184fd1837b30112fe5f54c0da06d6a2af3926c7795d1a"],
//!   "data":"0x000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda029130000000000000000000000006923831acf5c327260d7ac7c9dff5b1c3cb3c7d7000000000000000000000000000000000000000000000000000000003152a5e00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000dead",
//!   "blockNumber":"0x1c9c380","transactionHash":"0x2222222222222222222222222222222222222222222222222222222222222222",
//!   "transactionIndex":"0x3","logIndex":"0x5","blockHash":"0x3333333333333333333333333333333333333333333333333333333333333333","removed":false}]"#;
//! let chain = ChainData::from_slice(Network::Base, logs)?;
//! let criteria = Criteria::new(Network::Base, "0xe23a6b02059c2b30".parse::<PaymentReference>()?)
//!     .with_payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)?
//!     .with_currency(Catalog::builtin().get("USDC-base")?.clone())?;
//! let settlement = detect(&chain, &criteria)?;
//! assert_eq!(settlement.balance_amount().map(|a| a.to_string()).as_deref(), Some("827.5"));
//! assert_eq!(settlement.payments[0].log_index, 5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod abi_error;
mod claims;
mod criteria;
mod criteria_text;
mod event;
mod hex;
mod ignored;
mod keys;
mod log;
mod read;
mod rules;
mod settlement;
mod stream;
mod tron;

pub use abi_error::AbiError;
pub use claims::{Claim, ClaimFinding, ClaimProblem, Coverage, WebhookCheck, check_webhook};
pub use criteria::{Criteria, CriteriaError};
pub use criteria_text::{CriteriaCause, CriteriaField, CriteriaText, CriteriaTextError};
pub use event::{EventError, ProxyEvent};
pub use ignored::{Ignored, IgnoredReason, LogRef};
pub use log::{Log, MAX_LOGS, MAX_TOPICS, Receipt, ReceiptStatus, Topics};
pub use read::{ChainData, ChainJsonError, MAX_CHAIN_JSON_BYTES};
pub use settlement::{
    ApplyError, Asset, Conversion, CurrencyKind, Fee, PaymentEvent, Role, SettledCurrency,
    Settlement, Unchecked,
};
pub use stream::DetectReadError;
pub use tron::{MAX_RESULT_FIELDS, TronEvent, TronJsonError};

use crate::contracts::Deployments;
use crate::currency::Catalog;
use crate::network::{ChainKind, Network};
use crate::partial::TxHash;

/// Why chain data could not be detected against.
///
/// ```
/// use securepay::calldata::PaymentReference;
/// use securepay::detect::{detect, ChainData, Criteria, DetectError};
/// use securepay::network::Network;
///
/// let tron = Criteria::new(Network::Tron, PaymentReference::new([1; 8]));
/// assert!(matches!(detect(&ChainData::Logs(vec![]), &tron), Err(DetectError::WrongFamily { .. })));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DetectError {
    /// EVM logs for Tron, or TronGrid events for an EVM network.
    #[error("{network} is an {} network: these are {given}", network.kind())]
    WrongFamily {
        /// The criteria's network.
        network: Network,
        /// What the data is.
        given: &'static str,
    },
    /// Two different logs at the same position of the same transaction: the input is not one
    /// chain's.
    #[error("two different logs at index {log_index} of transaction {transaction_hash}")]
    ConflictingLogs {
        /// The transaction.
        transaction_hash: TxHash,
        /// The log index.
        log_index: u64,
    },
}

/// Detection against a deployment table and a currency catalog: the built-in ones, or the
/// caller's (a test network, a new deployment).
///
/// ```
/// use securepay::calldata::PaymentReference;
/// use securepay::contracts::Deployments;
/// use securepay::currency::Catalog;
/// use securepay::detect::{ChainData, Criteria, Detector};
/// use securepay::network::Network;
///
/// let detector = Detector::new(Deployments::builtin(), Catalog::builtin());
/// let settlement = detector.detect(&ChainData::Logs(vec![]), &Criteria::new(Network::Sepolia, PaymentReference::new([7; 8])))?;
/// assert!(settlement.payments.is_empty());
/// # Ok::<(), securepay::detect::DetectError>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Detector<'a> {
    deployments: &'a Deployments,
    catalog: &'a Catalog,
}

impl<'a> Detector<'a> {
    /// Detection against `deployments` (which contract is at which address) and `catalog`
    /// (currencies, for decimals and hashes).
    pub const fn new(deployments: &'a Deployments, catalog: &'a Catalog) -> Detector<'a> {
        Detector {
            deployments,
            catalog,
        }
    }

    /// The built-in deployment table and catalog.
    ///
    /// ```
    /// use securepay::detect::Detector;
    /// let _ = Detector::builtin();
    /// ```
    pub fn builtin() -> Detector<'static> {
        Detector::new(Deployments::builtin(), Catalog::builtin())
    }

    /// What `chain` says was paid for the request `criteria` describes.
    pub fn detect(
        &self,
        chain: &ChainData,
        criteria: &Criteria,
    ) -> Result<Settlement, DetectError> {
        let network = criteria.network();
        let tron = network.kind() == ChainKind::Tron;
        let mut run = rules::Run::new(self.deployments, self.catalog, criteria);
        run.expect_logs(chain.log_count());
        match chain {
            ChainData::Logs(logs) => {
                if tron {
                    return Err(DetectError::WrongFamily {
                        network,
                        given: "EVM logs",
                    });
                }
                for log in logs {
                    run.log(log, None)?;
                }
            }
            ChainData::Receipts(receipts) => {
                if tron {
                    return Err(DetectError::WrongFamily {
                        network,
                        given: "EVM receipts",
                    });
                }
                for receipt in receipts {
                    run.receipt(receipt)?;
                }
            }
            ChainData::Tron(events) => {
                if !tron {
                    return Err(DetectError::WrongFamily {
                        network,
                        given: "TronGrid events",
                    });
                }
                for event in events {
                    run.tron_event(event)?;
                }
            }
        }
        Ok(run.finish())
    }

    /// What the chain data `reader` yields says was paid for the request `criteria`
    /// describes: [`Detector::detect`] of [`ChainData::from_slice`], read as a stream.
    ///
    /// Each log or receipt is detected as it is read, so memory holds the settlement and one
    /// element of the input, not the input (up to [`MAX_CHAIN_JSON_BYTES`]) nor its logs.
    /// The same input is refused or read the same way as by [`ChainData::from_slice`]; an error
    /// names its line and column in the input ([`ChainJsonError::At`]). On Tron, TronGrid's
    /// event JSON is read whole (at most [`MAX_CHAIN_JSON_BYTES`]) and then detected against.
    ///
    /// ```
    /// use securepay::calldata::PaymentReference;
    /// use securepay::currency::Catalog;
    /// use securepay::detect::{Criteria, Detector};
    /// use securepay::network::Network;
    ///
    /// // An eth_getLogs answer, as a node writes it, read from any `std::io::Read`.
    /// let answer = br#"{"jsonrpc":"2.0","id":1,"result":[{"address":"0x1892196e80c4c17ea5100da765ab48c1fe2fb814",
    ///   "topics":["0x9f16cbcc523c67a60c450e5ffe4f3b7b6dbe772e7abcadb2686ce029a9a0a2b6",
    ///             "0xc7e7bbdbb3bbe26f1ba184fd1837b30112fe5f54c0da06d6a2af3926c7795d1a"],
    ///   "data":"0x000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda029130000000000000000000000006923831acf5c327260d7ac7c9dff5b1c3cb3c7d7000000000000000000000000000000000000000000000000000000003152a5e00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000dead",
    ///   "blockNumber":"0x1c9c380","transactionHash":"0x2222222222222222222222222222222222222222222222222222222222222222",
    ///   "transactionIndex":"0x3","logIndex":"0x5","removed":false}]}"#;
    /// let criteria = Criteria::new(Network::Base, "0xe23a6b02059c2b30".parse::<PaymentReference>()?)
    ///     .with_currency(Catalog::builtin().get("USDC-base")?.clone())?;
    /// let settlement = Detector::builtin().detect_reader(&answer[..], &criteria)?;
    /// assert_eq!(settlement.balance_amount().map(|a| a.to_string()).as_deref(), Some("827.5"));
    ///
    /// // A fault is placed in the input.
    /// let error = Detector::builtin().detect_reader(&b"[\n{\"address\": 1}]"[..], &criteria).unwrap_err();
    /// assert!(error.to_string().contains("at line 2 column"), "{error}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn detect_reader(
        &self,
        reader: impl std::io::Read,
        criteria: &Criteria,
    ) -> Result<Settlement, DetectReadError> {
        let network = criteria.network();
        if network.kind() == ChainKind::Tron {
            let mut bytes = Vec::new();
            let limit = u64::try_from(MAX_CHAIN_JSON_BYTES)
                .unwrap_or(u64::MAX)
                .saturating_add(1);
            std::io::Read::read_to_end(&mut reader.take(limit), &mut bytes)
                .map_err(DetectReadError::Io)?;
            let chain = ChainData::from_slice(network, &bytes)?;
            return Ok(self.detect(&chain, criteria)?);
        }
        let mut run = rules::Run::new(self.deployments, self.catalog, criteria);
        stream::read_evm(reader, |element| match element {
            stream::Element::Log(log) => run.log(&log, None),
            stream::Element::Receipt(receipt) => run.receipt(&receipt),
        })?;
        Ok(run.finish())
    }
}

/// [`Detector::detect`] with the built-in deployment table and catalog.
///
/// ```
/// use securepay::calldata::PaymentReference;
/// use securepay::detect::{detect, ChainData, Criteria};
/// use securepay::network::Network;
///
/// let settlement = detect(&ChainData::Receipts(vec![]), &Criteria::new(Network::Base, PaymentReference::new([1; 8])))?;
/// assert_eq!(settlement.balance.to_string(), "0");
/// # Ok::<(), securepay::detect::DetectError>(())
/// ```
pub fn detect(chain: &ChainData, criteria: &Criteria) -> Result<Settlement, DetectError> {
    Detector::builtin().detect(chain, criteria)
}
