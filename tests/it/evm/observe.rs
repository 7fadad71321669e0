//! What an execution did: its status (with the revert reason), its logs, every balance change
//! per asset and address (native currency from the state diff; tokens from each test token's
//! own record of its holders), and the allowances left.

use std::collections::BTreeMap;
use std::fmt;

use alloy_primitives::{Address, Bytes, I256, Log, U256};

/// What moves: the native currency or a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Asset {
    /// The network's currency.
    Native,
    /// A token, by contract.
    Token(Address),
}

/// How a transaction ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// It ran to the end.
    Success,
    /// It reverted: the reason when the data is `Error(string)` or `Panic(uint256)`.
    Revert {
        /// The decoded reason, if any.
        reason: Option<String>,
        /// The revert data.
        output: Bytes,
    },
    /// The EVM stopped it (out of gas, invalid opcode, …).
    Halt(String),
}

/// Signed balance changes, per (asset, address); zero changes are not kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Changes(BTreeMap<(Asset, Address), I256>);

impl Changes {
    /// Adds `delta` to the change of `who` in `asset`.
    pub fn add(&mut self, asset: Asset, who: Address, delta: I256) {
        let entry = self.0.entry((asset, who)).or_insert(I256::ZERO);
        *entry += delta;
        if entry.is_zero() {
            self.0.remove(&(asset, who));
        }
    }

    /// `amount` moved from `from` to `to`.
    pub fn moved(&mut self, asset: Asset, from: Address, to: Address, amount: U256) {
        let amount = I256::try_from(amount).expect("amount below 2^255");
        self.add(asset, from, -amount);
        self.add(asset, to, amount);
    }

    /// Every change of `other` added to these.
    pub fn merge(&mut self, other: &Changes) {
        for (&(asset, who), &delta) in &other.0 {
            self.add(asset, who, delta);
        }
    }

    /// The change of `who` in `asset` (zero if none).
    pub fn of(&self, asset: Asset, who: Address) -> I256 {
        self.0.get(&(asset, who)).copied().unwrap_or(I256::ZERO)
    }

    /// Every non-zero change.
    pub fn entries(&self) -> impl Iterator<Item = (Asset, Address, I256)> + '_ {
        self.0
            .iter()
            .map(|(&(asset, who), &delta)| (asset, who, delta))
    }

    /// No change at all.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for Changes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (asset, who, delta) in self.entries() {
            match asset {
                Asset::Native => writeln!(f, "  native   {who}: {delta}")?,
                Asset::Token(token) => writeln!(f, "  {token} {who}: {delta}")?,
            }
        }
        Ok(())
    }
}

/// Every balance and non-zero allowance of the test tokens at one moment.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TokenState {
    /// Per (token, holder): the balance.
    pub balances: BTreeMap<(Address, Address), U256>,
    /// Per (token, owner, spender): the allowance, when not zero.
    pub allowances: BTreeMap<(Address, Address, Address), U256>,
}

impl TokenState {
    /// The changes from `before` to `self`.
    pub fn changes_since(&self, before: &TokenState) -> Changes {
        let mut changes = Changes::default();
        let keys = before.balances.keys().chain(self.balances.keys());
        for &(token, holder) in keys.collect::<std::collections::BTreeSet<_>>() {
            let old = before
                .balances
                .get(&(token, holder))
                .copied()
                .unwrap_or_default();
            let new = self
                .balances
                .get(&(token, holder))
                .copied()
                .unwrap_or_default();
            let delta = I256::try_from(new).expect("balance below 2^255")
                - I256::try_from(old).expect("balance below 2^255");
            changes.add(Asset::Token(token), holder, delta);
        }
        changes
    }
}

/// One transaction, executed and committed.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// How it ended.
    pub status: Status,
    /// Its logs (none when it reverted).
    pub logs: Vec<Log>,
    /// Every balance change it made, native (gas is free here: price 0) and tokens.
    pub changes: Changes,
    /// The test tokens' non-zero allowances after it.
    pub allowances: BTreeMap<(Address, Address, Address), U256>,
    /// Gas used.
    pub gas_used: u64,
}

impl Outcome {
    /// Whether it ran to the end.
    pub fn succeeded(&self) -> bool {
        self.status == Status::Success
    }

    /// The revert reason, or a panic saying the transaction did not revert with one.
    pub fn revert_reason(&self) -> &str {
        match &self.status {
            Status::Revert {
                reason: Some(reason),
                ..
            } => reason,
            other => panic!("expected a revert with a reason, got {other:?}"),
        }
    }

    /// Panics with the status unless the transaction succeeded.
    #[track_caller]
    pub fn assert_success(&self) -> &Outcome {
        assert!(
            self.succeeded(),
            "the transaction failed: {:?}",
            self.status
        );
        self
    }

    /// The allowance `owner` → `spender` of `token` left after it.
    pub fn allowance(&self, token: Address, owner: Address, spender: Address) -> U256 {
        self.allowances
            .get(&(token, owner, spender))
            .copied()
            .unwrap_or_default()
    }
}
