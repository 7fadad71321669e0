//! Every transaction of a pay response, sent in order as the wallet would: from the payer's
//! account, or, in the smart-account flow, the EOA's approvals first and then the smart
//! account's calls as one all-or-nothing batch.

use alloy_primitives::{Address, Bytes, U256};
use alloy_sol_types::SolCall;
use securepay::pay::PayResponse;
use securepay::transaction::Transaction;

use super::abi::ISmartAccount;
use super::chain::Chain;
use super::observe::Outcome;

/// Who signs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signer {
    /// An externally owned account sends each transaction itself.
    Eoa(Address),
    /// A smart account (evm/contracts/securepay/SmartAccount.sol) runs the response's
    /// `transactions` as one batch, sent by its owner, the EOA that also signs the
    /// `eoaApprovalTransactions`.
    SmartAccount {
        /// The owner and funding EOA.
        owner: Address,
        /// The smart account.
        account: Address,
    },
}

impl Signer {
    /// The account the payment calls come from (`msg.sender` of the first call).
    pub fn payer(self) -> Address {
        match self {
            Signer::Eoa(eoa) => eoa,
            Signer::SmartAccount { account, .. } => account,
        }
    }

    fn eoa(self) -> Address {
        match self {
            Signer::Eoa(eoa) | Signer::SmartAccount { owner: eoa, .. } => eoa,
        }
    }
}

impl Chain {
    /// Sends one transaction of a response from `from`.
    pub fn send_transaction(&mut self, from: Address, tx: &Transaction) -> Outcome {
        self.send(from, tx.to.abi(), tx.data.clone(), tx.value)
    }

    /// Sends `calls` from the smart account of `signer` in one batch.
    pub fn send_batch(
        &mut self,
        owner: Address,
        account: Address,
        calls: &[Transaction],
    ) -> Outcome {
        let calls: Vec<ISmartAccount::Call> = calls
            .iter()
            .map(|tx| ISmartAccount::Call {
                to: tx.to.abi(),
                value: tx.value,
                data: tx.data.clone(),
            })
            .collect();
        let data: Bytes = ISmartAccount::executeBatchCall { calls }
            .abi_encode()
            .into();
        self.send(owner, account, data, U256::ZERO)
    }

    /// Sends every transaction of `response` in order; one outcome per transaction sent (the
    /// smart account's batch is one). A transaction that reverts does not stop the next ones,
    /// as a wallet may still send them: the caller asserts.
    pub fn send_response(&mut self, response: &PayResponse, signer: Signer) -> Vec<Outcome> {
        let (first, calls): (Vec<&Transaction>, Vec<&Transaction>) = match response {
            PayResponse::Single(single) => (
                single.eoa_approval_transactions.iter().flatten().collect(),
                single.transactions.iter().collect(),
            ),
            PayResponse::Multicall(multicall) => (
                multicall
                    .eoa_approval_transactions
                    .iter()
                    .flatten()
                    .collect(),
                multicall.transactions.iter().collect(),
            ),
            PayResponse::LegacyBatch(batch) => (
                Vec::new(),
                batch
                    .erc20_approval_transactions
                    .iter()
                    .chain(batch.batch_transactions())
                    .collect(),
            ),
            other => panic!("a response shape the harness does not know: {other:?}"),
        };
        let mut outcomes: Vec<Outcome> = first
            .into_iter()
            .map(|tx| self.send_transaction(signer.eoa(), tx))
            .collect();
        match signer {
            Signer::Eoa(eoa) => {
                outcomes.extend(calls.into_iter().map(|tx| self.send_transaction(eoa, tx)));
            }
            Signer::SmartAccount { owner, account } => {
                let calls: Vec<Transaction> = calls.into_iter().cloned().collect();
                outcomes.push(self.send_batch(owner, account, &calls));
            }
        }
        outcomes
    }

    /// A smart account owned by `owner`.
    pub fn deploy_smart_account(&mut self, owner: Address) -> Address {
        use alloy_sol_types::SolValue;
        self.create(
            "securepay/SmartAccount.sol:SmartAccount",
            &(owner,).abi_encode_params(),
        )
    }
}
