//! A log as `eth_getLogs` and `eth_getTransactionReceipt` return it.

use alloy_primitives::{Address, B256, Bytes};

use crate::partial::TxHash;

/// The most logs and receipts (or Tron events) read from one input, receipts' logs included.
pub const MAX_LOGS: usize = 100_000;

/// The most topics a log has: the EVM's `LOG0` to `LOG4`.
pub const MAX_TOPICS: usize = 4;

/// The topics of a log: at most [`MAX_TOPICS`].
///
/// ```
/// use alloy_primitives::B256;
/// use securepay::detect::Topics;
///
/// let topics = Topics::new(&[B256::repeat_byte(1), B256::repeat_byte(2)]).ok_or("too many")?;
/// assert_eq!(topics.as_slice().len(), 2);
/// assert!(Topics::new(&[B256::ZERO; 5]).is_none());
/// # Ok::<(), &str>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Topics {
    words: [B256; MAX_TOPICS],
    len: u8,
}

impl Topics {
    /// The topics `words`, or `None` if there are more than [`MAX_TOPICS`].
    pub fn new(words: &[B256]) -> Option<Topics> {
        let mut topics = Topics::default();
        for word in words {
            topics.push(*word).ok()?;
        }
        Some(topics)
    }

    /// Adds a topic; an error when there are already [`MAX_TOPICS`].
    pub(super) fn push(&mut self, word: B256) -> Result<(), B256> {
        let slot = self.words.get_mut(usize::from(self.len)).ok_or(word)?;
        *slot = word;
        self.len = self.len.saturating_add(1);
        Ok(())
    }

    /// The topics, in order.
    ///
    /// ```
    /// # use securepay::primitives::B256;
    /// # use securepay::detect::Topics;
    /// assert!(Topics::default().as_slice().is_empty());
    /// ```
    pub fn as_slice(&self) -> &[B256] {
        self.words.get(..usize::from(self.len)).unwrap_or_default()
    }

    /// The first topic (an event's signature hash), if any.
    ///
    /// ```
    /// # use securepay::primitives::B256;
    /// # use securepay::detect::Topics;
    /// assert_eq!(Topics::new(&[B256::repeat_byte(7)]).and_then(|t| t.first().copied()), Some(B256::repeat_byte(7)));
    /// assert_eq!(Topics::default().first(), None);
    /// ```
    pub fn first(&self) -> Option<&B256> {
        self.as_slice().first()
    }
}

/// A log, read from a provider's JSON or built by the caller.
///
/// Position fields are `None` for a pending log (JSON-RPC writes them `null`); `removed` is
/// `true` for a log a chain reorganisation dropped (providers re-send it flagged so), and such
/// a log never counts.
///
/// ```
/// use alloy_primitives::{address, Bytes, B256};
/// use securepay::detect::{Log, Topics};
///
/// let log = Log::new(address!("0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814"), Topics::default(), Bytes::new())
///     .at(12_000_000, B256::repeat_byte(0xab).into(), 7);
/// assert_eq!((log.block_number, log.log_index), (Some(12_000_000), Some(7)));
/// assert!(!log.removed);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Log {
    /// `address`: the contract that emitted the log.
    pub address: Address,
    /// `topics`.
    pub topics: Topics,
    /// `data`.
    pub data: Bytes,
    /// `blockNumber`.
    pub block_number: Option<u64>,
    /// `blockHash`.
    pub block_hash: Option<B256>,
    /// `blockTimestamp` (some nodes add it; seconds).
    pub block_timestamp: Option<u64>,
    /// `transactionHash`.
    pub transaction_hash: Option<TxHash>,
    /// `transactionIndex`.
    pub transaction_index: Option<u64>,
    /// `logIndex`: the log's position in its block.
    pub log_index: Option<u64>,
    /// `removed`: dropped by a chain reorganisation (absent is `false`).
    pub removed: bool,
}

impl Log {
    /// A pending log (no position) emitted by `address`.
    pub fn new(address: Address, topics: Topics, data: Bytes) -> Log {
        Log {
            address,
            topics,
            data,
            block_number: None,
            block_hash: None,
            block_timestamp: None,
            transaction_hash: None,
            transaction_index: None,
            log_index: None,
            removed: false,
        }
    }

    /// The same log at `log_index` of transaction `transaction_hash` in block `block_number`.
    pub fn at(mut self, block_number: u64, transaction_hash: TxHash, log_index: u64) -> Log {
        self.block_number = Some(block_number);
        self.transaction_hash = Some(transaction_hash);
        self.log_index = Some(log_index);
        self
    }

    /// The same log flagged `removed` (or not).
    ///
    /// ```
    /// # use alloy_primitives::{Address, Bytes};
    /// # use securepay::detect::{Log, Topics};
    /// assert!(Log::new(Address::ZERO, Topics::default(), Bytes::new()).removed(true).removed);
    /// ```
    pub fn removed(mut self, removed: bool) -> Log {
        self.removed = removed;
        self
    }
}

/// Whether a transaction succeeded (`status` of its receipt).
///
/// ```
/// use securepay::detect::ReceiptStatus;
/// assert_eq!(serde_json::to_string(&ReceiptStatus::Failed)?, r#""failed""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ReceiptStatus {
    /// `0x1`.
    Success,
    /// `0x0`: reverted; its logs (normally none) never count.
    Failed,
}

/// A transaction receipt, read from a provider's JSON or built by the caller.
///
/// ```
/// use alloy_primitives::B256;
/// use securepay::detect::{Receipt, ReceiptStatus};
///
/// let receipt = Receipt::new(B256::repeat_byte(1).into(), 100, ReceiptStatus::Failed, vec![]);
/// assert_eq!(receipt.status, ReceiptStatus::Failed);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Receipt {
    /// `transactionHash`.
    pub transaction_hash: TxHash,
    /// `blockNumber`.
    pub block_number: u64,
    /// `blockHash`.
    pub block_hash: Option<B256>,
    /// `transactionIndex`.
    pub transaction_index: Option<u64>,
    /// `status`.
    pub status: ReceiptStatus,
    /// `from`: the sender.
    pub from: Option<Address>,
    /// `to`: the contract or account called (`None` for a contract creation).
    pub to: Option<Address>,
    /// `logs`, each with the receipt's transaction and block.
    pub logs: Vec<Log>,
}

impl Receipt {
    /// A receipt of `logs`, which take the receipt's transaction hash and block number.
    pub fn new(
        transaction_hash: TxHash,
        block_number: u64,
        status: ReceiptStatus,
        logs: Vec<Log>,
    ) -> Receipt {
        let logs = logs
            .into_iter()
            .map(|mut log| {
                log.transaction_hash = Some(transaction_hash);
                log.block_number = Some(block_number);
                log
            })
            .collect();
        Receipt {
            transaction_hash,
            block_number,
            block_hash: None,
            transaction_index: None,
            status,
            from: None,
            to: None,
            logs,
        }
    }

    /// The same receipt with `to` (the address the transaction called).
    ///
    /// ```
    /// use alloy_primitives::{address, B256};
    /// use securepay::detect::{Receipt, ReceiptStatus};
    ///
    /// let batch = address!("0x3cF63891928B8CeebB81C95426600a18cd59C03f");
    /// let receipt = Receipt::new(B256::repeat_byte(1).into(), 100, ReceiptStatus::Success, vec![]).to(batch);
    /// assert_eq!(receipt.to, Some(batch));
    /// ```
    pub fn to(mut self, to: Address) -> Receipt {
        self.to = Some(to);
        self
    }
}
