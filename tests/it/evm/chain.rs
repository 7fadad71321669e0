//! A chain in the test process: revm over an in-memory state, one transaction after the other,
//! gas free (price 0), each transaction observed (see `observe`).

use alloy_primitives::{Address, Bytes, I256, U256};
use alloy_sol_types::SolCall;
use revm::context::TxEnv;
use revm::context::result::{ExecutionResult, Output, ResultAndState};
use revm::database::{CacheDB, EmptyDB};
use revm::primitives::TxKind;
use revm::state::AccountInfo;
use revm::{Context, DatabaseCommit, DatabaseRef, ExecuteEvm, MainBuilder, MainContext};
use securepay::network::Network;

use super::abi::ITestToken;
use super::artifacts::artifact;
use super::observe::{Asset, Changes, Outcome, Status, TokenState};

/// Gas for every transaction (far above what any payment here uses).
const GAS_LIMIT: u64 = 30_000_000;

/// The block every transaction runs in.
const BLOCK_NUMBER: u64 = 20_000_000;
const TIMESTAMP: u64 = 1_750_000_000;

/// The account that sends the creation transactions.
pub const DEPLOYER: Address = Address::repeat_byte(0xde);

/// The reason of `Error(string)` revert data, or `Panic(code)` described; `None` otherwise.
fn revert_reason(output: &[u8]) -> Option<String> {
    use alloy_sol_types::{Panic, Revert, SolError};
    Revert::abi_decode(output)
        .map(|revert| revert.reason)
        .or_else(|_| Panic::abi_decode(output).map(|panic| panic.to_string()))
        .ok()
}

/// A chain: its state, and the test tokens whose balances every transaction observes. A clone
/// is an independent copy of both.
#[derive(Clone)]
pub struct Chain {
    /// The network whose chain id and deployment addresses it has.
    pub network: Network,
    db: CacheDB<EmptyDB>,
    tokens: Vec<Address>,
}

impl Chain {
    /// An empty chain with the chain id of `network`.
    pub fn empty(network: Network) -> Chain {
        Chain {
            network,
            db: CacheDB::new(EmptyDB::default()),
            tokens: Vec::new(),
        }
    }

    fn account(&self, who: Address) -> AccountInfo {
        self.db
            .basic_ref(who)
            .expect("the in-memory state does not fail")
            .unwrap_or_default()
    }

    /// The native balance of `who`.
    pub fn balance(&self, who: Address) -> U256 {
        self.account(who).balance
    }

    /// Whether `who` has code.
    pub fn has_code(&self, who: Address) -> bool {
        !self.account(who).is_empty_code_hash()
    }

    /// Gives `who` `amount` more of the native currency.
    pub fn fund(&mut self, who: Address, amount: U256) {
        let mut info = self.account(who);
        info.balance += amount;
        self.db.insert_account_info(who, info);
    }

    /// Runs `tx` on the current state without committing it; panics if the EVM refuses it.
    fn execute(
        &mut self,
        caller: Address,
        kind: TxKind,
        data: Bytes,
        value: U256,
    ) -> ResultAndState {
        self.try_execute(caller, kind, data, value)
            .unwrap_or_else(|error| panic!("the EVM refused the transaction: {error}"))
    }

    /// Runs `tx` on the current state without committing it, or says why the EVM refuses it
    /// (a value above the sender's balance: no wallet can send it).
    fn try_execute(
        &mut self,
        caller: Address,
        kind: TxKind,
        data: Bytes,
        value: U256,
    ) -> Result<ResultAndState, String> {
        let nonce = self.account(caller).nonce;
        let chain_id = self.network.chain_id();
        let tx = TxEnv {
            caller,
            gas_limit: GAS_LIMIT,
            gas_price: 0,
            kind,
            value,
            data,
            nonce,
            chain_id: Some(chain_id),
            ..TxEnv::default()
        };
        let mut evm = Context::mainnet()
            .with_db(&mut self.db)
            .modify_cfg_chained(|cfg| cfg.chain_id = chain_id)
            .modify_block_chained(|block| {
                block.number = U256::from(BLOCK_NUMBER);
                block.timestamp = U256::from(TIMESTAMP);
                block.basefee = 0;
                block.gas_limit = GAS_LIMIT;
            })
            .build_mainnet();
        evm.transact(tx).map_err(|error| format!("{error:?}"))
    }

    /// Creates `key` (`unit:Contract` of evm/compiled.json) with ABI-encoded constructor
    /// arguments `args`, from [`DEPLOYER`]; panics if the constructor reverts.
    pub fn create(&mut self, key: &str, args: &[u8]) -> Address {
        let mut code = artifact(key).creation.to_vec();
        code.extend_from_slice(args);
        let ResultAndState { result, state } =
            self.execute(DEPLOYER, TxKind::Create, code.into(), U256::ZERO);
        let ExecutionResult::Success {
            output: Output::Create(_, Some(address)),
            ..
        } = result
        else {
            panic!("creating {key} failed: {result:?}");
        };
        self.db.commit(state);
        address
    }

    /// Creates `key` with `args` and moves the account, code and storage (the constructor's
    /// work), to `at`: a contract at the address of the deployment table, initialised as its
    /// constructor left it.
    pub fn place(&mut self, key: &str, args: &[u8], at: Address) {
        assert!(!self.has_code(at), "{at} already has code");
        let created = self.create(key, args);
        let account = self
            .db
            .cache
            .accounts
            .remove(&created)
            .expect("the created account is in the cache");
        let balance = self.balance(at);
        self.db.insert_account_info(
            at,
            AccountInfo {
                balance,
                ..account.info
            },
        );
        self.db
            .replace_account_storage(at, account.storage.into_iter().collect())
            .expect("the in-memory state does not fail");
    }

    /// Puts `runtime` (a contract's runtime bytecode, without immutables) at `at` as its code,
    /// with empty storage, keeping its balance: a contract there without a constructor run.
    pub fn put_code(&mut self, at: Address, runtime: Bytes) {
        let balance = self.balance(at);
        let code = revm::state::Bytecode::new_raw(runtime);
        self.db.insert_account_info(
            at,
            AccountInfo {
                balance,
                code_hash: code.hash_slow(),
                code: Some(code),
                ..AccountInfo::default()
            },
        );
    }

    /// Registers `token` (a test token with `snapshot()`) so that every transaction observes
    /// its balances and allowances.
    pub fn watch(&mut self, token: Address) {
        if !self.tokens.contains(&token) {
            self.tokens.push(token);
        }
    }

    /// Runs a call without committing it and returns its output; panics if it fails.
    pub fn view(&mut self, to: Address, data: Vec<u8>) -> Bytes {
        let ResultAndState { result, .. } =
            self.execute(Address::ZERO, TxKind::Call(to), data.into(), U256::ZERO);
        match result {
            ExecutionResult::Success {
                output: Output::Call(output),
                ..
            } => output,
            other => panic!("the view call to {to} failed: {other:?}"),
        }
    }

    /// Calls `call` on `to` as a view.
    pub fn view_call<C: SolCall>(&mut self, to: Address, call: C) -> C::Return {
        let output = self.view(to, call.abi_encode());
        C::abi_decode_returns(&output).expect("the view returns what its ABI says")
    }

    /// Every balance and allowance of the watched tokens.
    pub fn token_state(&mut self) -> TokenState {
        let mut state = TokenState::default();
        for token in self.tokens.clone() {
            let snapshot = self.view_call(token, ITestToken::snapshotCall {});
            for (holder, balance) in snapshot.accounts.iter().zip(&snapshot.balances) {
                state.balances.insert((token, *holder), *balance);
            }
            let pairs = snapshot.owners.iter().zip(&snapshot.spenders);
            for ((owner, spender), allowance) in pairs.zip(&snapshot.allowances) {
                if !allowance.is_zero() {
                    state
                        .allowances
                        .insert((token, *owner, *spender), *allowance);
                }
            }
        }
        state
    }

    /// Sends a transaction from `from` (an account without code) and commits it, observed; a
    /// transaction the EVM refuses to run (a value above the balance) halts and changes
    /// nothing.
    pub fn send(&mut self, from: Address, to: Address, data: Bytes, value: U256) -> Outcome {
        assert!(
            self.has_code(to),
            "{to} has no code on this chain: a call to it would succeed and do nothing"
        );
        let before = self.token_state();
        let ResultAndState { result, state } =
            match self.try_execute(from, TxKind::Call(to), data, value) {
                Ok(executed) => executed,
                Err(error) => {
                    return Outcome {
                        status: Status::Halt(format!("the EVM refuses to send it: {error}")),
                        logs: Vec::new(),
                        changes: Changes::default(),
                        allowances: before.allowances,
                        gas_used: 0,
                    };
                }
            };
        let mut changes = Changes::default();
        for (address, account) in &state {
            if !account.is_touched() {
                continue;
            }
            let old = I256::try_from(self.balance(*address)).expect("balance below 2^255");
            let new = I256::try_from(account.info.balance).expect("balance below 2^255");
            changes.add(Asset::Native, *address, new - old);
        }
        self.db.commit(state);
        let after = self.token_state();
        changes.merge(&after.changes_since(&before));
        let (status, logs, gas_used) = match result {
            ExecutionResult::Success { logs, gas_used, .. } => (Status::Success, logs, gas_used),
            ExecutionResult::Revert { output, gas_used } => (
                Status::Revert {
                    reason: revert_reason(&output),
                    output,
                },
                Vec::new(),
                gas_used,
            ),
            ExecutionResult::Halt { reason, gas_used } => {
                (Status::Halt(format!("{reason:?}")), Vec::new(), gas_used)
            }
        };
        Outcome {
            status,
            logs,
            changes,
            allowances: after.allowances,
            gas_used,
        }
    }

    /// Sends a transaction from `from` and commits it, unobserved (the harness's own set-up:
    /// minting, owner settings); panics unless it succeeds.
    pub fn run(&mut self, from: Address, to: Address, data: Vec<u8>, value: U256) {
        let ResultAndState { result, state } =
            self.execute(from, TxKind::Call(to), data.into(), value);
        assert!(
            result.is_success(),
            "set-up call to {to} failed: {result:?}"
        );
        self.db.commit(state);
    }

    /// Sends `call` to `to` from `from`, observed.
    pub fn send_call<C: SolCall>(&mut self, from: Address, to: Address, call: C) -> Outcome {
        self.send(from, to, call.abi_encode().into(), U256::ZERO)
    }
}
