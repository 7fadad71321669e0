//! Mutations of a case, read from bytes (so that the proptest and the fuzz target
//! `verify_against_evm` draw from the same space): a calldata word changed (any word of any
//! transaction of any list: amounts, addresses, offsets, lengths, references), a native value
//! changed, a target changed, transactions swapped, deleted, duplicated or inserted (crafted
//! approvals, transfers, `transferFrom`s and payments to parties and contracts), a transaction
//! moved between the wallet's and the account's lists, the mirror lists and the legacy batch
//! keys rewritten, a metadata index moved, and the agreement changed (caps, rate, payer).
//!
//! A mutated case is a new case: its response as mutated, its agreement as mutated. The
//! property does not ask whether the mutation "should" pass: only that when its verdict binds,
//! the execution keeps the (mutated) agreement.

use alloy_primitives::{Address, U256};
use securepay::address::ChainAddress;
use securepay::calldata::{
    Allowance, Builder, Erc20FeePayment, NativeFeePayment, PaymentReference,
};
use securepay::contracts::{Contract, Deployments};
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::pay::PayResponse;
use securepay::transaction::Transaction;
use securepay::verify::Expectation;

use super::case::{Case, FEE_A, FEE_B, PAYER, SMART_ACCOUNT, STRANGER, payee};
use crate::evm::tokens::Behaviour;

/// Bytes read one at a time; past the end every byte is 0.
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// A reader of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    /// The next byte.
    pub fn u8(&mut self) -> u8 {
        let byte = self.bytes.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        byte
    }

    /// The next two bytes, big-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_be_bytes([self.u8(), self.u8()])
    }

    /// Whether bytes are left.
    pub fn more(&self) -> bool {
        self.at < self.bytes.len()
    }
}

/// How a number changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumOp {
    Add(u16),
    Sub(u16),
    Zero,
    Max,
    Double,
    Half,
    /// Plus one unit of 10^k.
    AddPow(u8),
}

impl NumOp {
    fn read(r: &mut Reader<'_>) -> NumOp {
        match r.u8() % 7 {
            0 => NumOp::Add(r.u16() % 4 + 1),
            1 => NumOp::Sub(r.u16() % 4 + 1),
            2 => NumOp::Zero,
            3 => NumOp::Max,
            4 => NumOp::Double,
            5 => NumOp::Half,
            _ => NumOp::AddPow(r.u8() % 19),
        }
    }

    /// `value` changed.
    pub fn apply(self, value: U256) -> U256 {
        match self {
            NumOp::Add(n) => value.saturating_add(U256::from(n)),
            NumOp::Sub(n) => value.saturating_sub(U256::from(n)),
            NumOp::Zero => U256::ZERO,
            NumOp::Max => U256::MAX,
            NumOp::Double => value.saturating_mul(U256::from(2u8)),
            NumOp::Half => value / U256::from(2u8),
            NumOp::AddPow(k) => value.saturating_add(U256::from(10u64).pow(U256::from(k))),
        }
    }
}

/// How a 32-byte calldata word changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WordOp {
    /// As a number.
    Num(NumOp),
    /// Replaced by an address of the pool.
    Address(u8),
    /// Replaced by another word of the same calldata.
    CopyFrom(u8),
}

/// One mutation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mutation {
    /// A word of the calldata of transaction `tx` (of every list, in `sites` order).
    Word { tx: u8, word: u8, op: WordOp },
    /// The native value of a transaction.
    Value { tx: u8, op: NumOp },
    /// The target of a transaction, replaced by an address of the pool.
    To { tx: u8, pick: u8 },
    /// Two transactions of the main list swapped.
    Swap { a: u8, b: u8 },
    /// A transaction removed from its list.
    Delete { tx: u8 },
    /// A transaction of the main list sent twice.
    Duplicate { tx: u8 },
    /// A crafted transaction inserted in the main list (or the wallet's list).
    Insert {
        at: u8,
        craft: u8,
        pick: u8,
        amount: NumOp,
        eoa: bool,
    },
    /// The multicall's mirror lists rewritten: 0 removed, 1 the approvals mirror set to the
    /// main list's first transaction, 2 the batch mirror set to another transaction.
    Mirror { op: u8, tx: u8 },
    /// A legacy batch call moved (0) or copied (1) to another key.
    LegacyKey { op: u8, key: u8 },
    /// A metadata index moved.
    Index { field: u8, op: NumOp },
    /// The agreement changed: 0 maxPayerFees, 1 maxPayeeFees, 2 the batch fee rate, 3 no payer,
    /// 4 a payment's amount, 5 no smart account.
    Agreement { what: u8, op: NumOp },
}

impl Mutation {
    /// One mutation read from `r`.
    pub fn read(r: &mut Reader<'_>) -> Mutation {
        match r.u8() % 16 {
            0..=4 => Mutation::Word {
                tx: r.u8(),
                word: r.u8(),
                op: match r.u8() % 3 {
                    0 => WordOp::Num(NumOp::read(r)),
                    1 => WordOp::Address(r.u8()),
                    _ => WordOp::CopyFrom(r.u8()),
                },
            },
            5 | 6 => Mutation::Value {
                tx: r.u8(),
                op: NumOp::read(r),
            },
            7 => Mutation::To {
                tx: r.u8(),
                pick: r.u8(),
            },
            8 => Mutation::Swap {
                a: r.u8(),
                b: r.u8(),
            },
            9 => Mutation::Delete { tx: r.u8() },
            10 => Mutation::Duplicate { tx: r.u8() },
            11 | 12 => Mutation::Insert {
                at: r.u8(),
                craft: r.u8(),
                pick: r.u8(),
                amount: NumOp::read(r),
                eoa: r.u8() % 4 == 0,
            },
            13 => Mutation::Mirror {
                op: r.u8(),
                tx: r.u8(),
            },
            14 => match r.u8() % 2 {
                0 => Mutation::LegacyKey {
                    op: r.u8(),
                    key: r.u8(),
                },
                _ => Mutation::Index {
                    field: r.u8(),
                    op: NumOp::read(r),
                },
            },
            _ => Mutation::Agreement {
                what: r.u8(),
                op: NumOp::read(r),
            },
        }
    }
}

/// What a run draws from bytes: a fixture (an index into the list), the behaviour of its
/// payment token, and one to three mutations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draw {
    pub fixture: usize,
    pub behaviour: Behaviour,
    pub mutations: Vec<Mutation>,
}

impl Draw {
    /// A draw read from `bytes`; `fixtures` is the number of fixtures.
    pub fn read(bytes: &[u8], fixtures: usize) -> Draw {
        let mut r = Reader::new(bytes);
        let fixture = usize::from(r.u16()) % fixtures.max(1);
        let all = Behaviour::ALL;
        let behaviour = all[usize::from(r.u8()) % all.len()];
        let count = 1 + usize::from(r.u8() % 3);
        let mutations = (0..count).map(|_| Mutation::read(&mut r)).collect();
        Draw {
            fixture,
            behaviour,
            mutations,
        }
    }
}

/// The addresses a mutation picks from: the parties, the contracts of the network, its tokens.
fn pool(case: &Case) -> Vec<Address> {
    let network = case.network();
    let mut pool = vec![
        PAYER,
        SMART_ACCOUNT,
        payee(0),
        payee(1),
        payee(2),
        FEE_A,
        FEE_B,
        STRANGER,
        Address::ZERO,
    ];
    for contract in [
        Contract::Erc20FeeProxy,
        Contract::EthereumFeeProxy,
        Contract::BatchPayments,
        Contract::BatchConversionPayments,
    ] {
        if let Ok(address) = Deployments::builtin().address(network, contract) {
            pool.push(address.abi());
        }
    }
    for currency in Catalog::builtin().currencies() {
        if currency.chain_network() == Some(network) {
            if let Some(token) = currency.token_address() {
                pool.push(token.abi());
            }
        }
    }
    pool
}

fn pick<T: Copy>(items: &[T], index: u8) -> Option<T> {
    if items.is_empty() {
        return None;
    }
    items.get(usize::from(index) % items.len()).copied()
}

/// Every transaction of every list of `response`, mutable, in a fixed order.
fn sites(response: &mut PayResponse) -> Vec<&mut Transaction> {
    match response {
        PayResponse::Single(s) => s
            .transactions
            .iter_mut()
            .chain(s.eoa_approval_transactions.iter_mut().flatten())
            .collect(),
        PayResponse::Multicall(m) => m
            .transactions
            .iter_mut()
            .chain(m.eoa_approval_transactions.iter_mut().flatten())
            .chain(m.erc20_approval_transactions.iter_mut().flatten())
            .chain(m.batch_payment_transaction.iter_mut())
            .collect(),
        PayResponse::LegacyBatch(b) => b
            .erc20_approval_transactions
            .iter_mut()
            .chain(b.batch_payment_transaction.iter_mut())
            .chain(b.erc20_batch_payment_transaction.iter_mut())
            .chain(b.eth_batch_payment_transaction.iter_mut())
            .collect(),
        _ => Vec::new(),
    }
}

/// The main list: what the wallet (or the account) sends in order.
fn main_list(response: &mut PayResponse) -> Option<&mut Vec<Transaction>> {
    match response {
        PayResponse::Single(s) => Some(&mut s.transactions),
        PayResponse::Multicall(m) => Some(&mut m.transactions),
        PayResponse::LegacyBatch(b) => Some(&mut b.erc20_approval_transactions),
        _ => None,
    }
}

fn word_address(address: Address) -> [u8; 32] {
    let mut word = [0u8; 32];
    word[12..].copy_from_slice(address.as_slice());
    word
}

/// A crafted transaction: an approval, a transfer, a `transferFrom` or a payment.
fn craft(case: &Case, kind: u8, to: Address, amount: U256) -> Option<Transaction> {
    let network = case.network();
    let builder = Builder::new(network);
    let at = |a: Address| ChainAddress::from_abi(network, a);
    let token = case.expectation.token();
    let reference = PaymentReference::new([1; 8]);
    match (kind % 5, token) {
        (0, Some(token)) => builder
            .approve(token, at(to), Allowance::Exact(amount))
            .ok(),
        (1, Some(token)) => builder.erc20_transfer(token, at(to), amount).ok(),
        (2, Some(token)) => builder.transfer_from(token, at(PAYER), at(to), amount).ok(),
        (3, Some(token)) => builder
            .erc20_fee(&Erc20FeePayment::new(token, at(to), amount, reference))
            .ok(),
        (_, _) => builder
            .native_fee(&NativeFeePayment::new(at(to), amount, reference))
            .ok(),
    }
}

/// `case` with `mutation` applied; `None` when it does not apply (nothing changes).
pub fn apply(case: &Case, mutation: Mutation) -> Option<Case> {
    let mut next = case.clone();
    let pool = pool(case);
    let network = case.network();
    match mutation {
        Mutation::Word { tx, word, op } => {
            let mut sites = sites(&mut next.response);
            let count = sites.len();
            let tx = sites.get_mut(usize::from(tx) % count.max(1))?;
            let mut data = tx.data.to_vec();
            let words = data.len().checked_sub(4)? / 32;
            let w = usize::from(word) % words.max(1);
            let range = 4 + 32 * w..4 + 32 * (w + 1);
            let old = U256::from_be_slice(data.get(range.clone())?);
            let new: [u8; 32] = match op {
                WordOp::Num(op) => op.apply(old).to_be_bytes(),
                WordOp::Address(p) => word_address(pick(&pool, p)?),
                WordOp::CopyFrom(from) => {
                    let f = usize::from(from) % words.max(1);
                    data.get(4 + 32 * f..4 + 32 * (f + 1))?.try_into().ok()?
                }
            };
            if new[..] == data[range.clone()] {
                return None;
            }
            data[range].copy_from_slice(&new);
            tx.data = data.into();
            next.name = format!("{}; word {w} of a transaction {op:?}", case.name);
        }
        Mutation::Value { tx, op } => {
            let mut sites = sites(&mut next.response);
            let count = sites.len();
            let tx = sites.get_mut(usize::from(tx) % count.max(1))?;
            let new = op.apply(tx.value);
            if new == tx.value {
                return None;
            }
            tx.value = new;
            next.name = format!("{}; a value {op:?}", case.name);
        }
        Mutation::To { tx, pick: p } => {
            let mut sites = sites(&mut next.response);
            let count = sites.len();
            let tx = sites.get_mut(usize::from(tx) % count.max(1))?;
            let to = ChainAddress::from_abi(network, pick(&pool, p)?);
            if to == tx.to {
                return None;
            }
            tx.to = to;
            next.name = format!("{}; a target to {to}", case.name);
        }
        Mutation::Swap { a, b } => {
            let list = main_list(&mut next.response)?;
            let len = list.len();
            let (a, b) = (usize::from(a) % len.max(1), usize::from(b) % len.max(1));
            if a == b || list.get(a)? == list.get(b)? {
                return None;
            }
            list.swap(a, b);
            next.name = format!("{}; transactions {a} and {b} swapped", case.name);
        }
        Mutation::Delete { tx } => {
            let removed = delete(&mut next.response, tx)?;
            next.name = format!("{}; {removed} deleted", case.name);
        }
        Mutation::Duplicate { tx } => {
            let list = main_list(&mut next.response)?;
            let i = usize::from(tx) % list.len().max(1);
            let copy = list.get(i)?.clone();
            list.insert(i + 1, copy);
            next.name = format!("{}; transaction {i} duplicated", case.name);
        }
        Mutation::Insert {
            at,
            craft: kind,
            pick: p,
            amount,
            eoa,
        } => {
            let need = case
                .expectation
                .payments()
                .first()
                .map_or(U256::ZERO, |p| p.units());
            let tx = craft(case, kind, pick(&pool, p)?, amount.apply(need))?;
            let list = match (&mut next.response, eoa) {
                (PayResponse::Single(s), true) => {
                    s.eoa_approval_transactions.get_or_insert_with(Vec::new)
                }
                (PayResponse::Multicall(m), true) => {
                    m.eoa_approval_transactions.get_or_insert_with(Vec::new)
                }
                _ => main_list(&mut next.response)?,
            };
            let i = usize::from(at) % (list.len() + 1);
            list.insert(i, tx);
            next.name = format!(
                "{}; a crafted transaction {kind} inserted at {i}",
                case.name
            );
        }
        Mutation::Mirror { op, tx } => {
            let PayResponse::Multicall(m) = &mut next.response else {
                return None;
            };
            match op % 3 {
                0 => {
                    if m.erc20_approval_transactions.is_none()
                        && m.batch_payment_transaction.is_none()
                    {
                        return None;
                    }
                    m.erc20_approval_transactions = None;
                    m.batch_payment_transaction = None;
                }
                1 => {
                    let first = m.transactions.first()?.clone();
                    m.erc20_approval_transactions = Some(vec![first]);
                }
                _ => {
                    let other = pick(&(0..m.transactions.len()).collect::<Vec<_>>(), tx)?;
                    m.batch_payment_transaction = Some(m.transactions.get(other)?.clone());
                }
            }
            next.name = format!("{}; mirrors {op}", case.name);
        }
        Mutation::LegacyKey { op, key } => {
            let PayResponse::LegacyBatch(b) = &mut next.response else {
                return None;
            };
            let call = b.batch_transactions().next()?.clone();
            if op % 2 == 0 {
                b.batch_payment_transaction = None;
                b.erc20_batch_payment_transaction = None;
                b.eth_batch_payment_transaction = None;
            }
            match key % 3 {
                0 => b.batch_payment_transaction = Some(call),
                1 => b.erc20_batch_payment_transaction = Some(call),
                _ => b.eth_batch_payment_transaction = Some(call),
            }
            next.name = format!(
                "{}; the batch call under key {} (op {op})",
                case.name,
                key % 3
            );
        }
        Mutation::Index { field, op } => {
            let meta = match &mut next.response {
                PayResponse::Single(s) => &mut s.metadata,
                PayResponse::Multicall(m) => &mut m.metadata,
                _ => return None,
            };
            let clamp = |v: U256| usize::try_from(v.min(U256::from(8u8))).unwrap_or(0);
            match field % 3 {
                0 => {
                    let old = meta.payment_transaction_index;
                    meta.payment_transaction_index = clamp(op.apply(U256::from(old)));
                }
                1 => {
                    let old = meta.approval_transaction_index?;
                    meta.approval_transaction_index = Some(clamp(op.apply(U256::from(old))));
                }
                _ => {
                    let indices = meta.fee_transaction_indices.as_mut()?;
                    let first = indices.first_mut()?;
                    *first = clamp(op.apply(U256::from(*first)));
                }
            }
            next.name = format!("{}; metadata index {field} {op:?}", case.name);
        }
        Mutation::Agreement { what, op } => {
            next.expectation = agreement(&case.expectation, what, op)?;
            // The rate is a fact of the chain the payer states: the chain follows it.
            if let Some(rate) = next.expectation.batch_fee_rate() {
                next.legacy_rate = u16::try_from(rate).ok()?;
            }
            next.name = format!("{}; agreement {what} {op:?}", case.name);
        }
    }
    Some(next)
}

/// Removes transaction `tx` (of every list, in `sites` order).
fn delete(response: &mut PayResponse, tx: u8) -> Option<String> {
    let count = sites(response).len();
    let mut k = usize::from(tx) % count.max(1);
    let lists: Vec<&mut Vec<Transaction>> = match response {
        PayResponse::Single(s) => {
            let mut lists = vec![&mut s.transactions];
            lists.extend(s.eoa_approval_transactions.as_mut());
            lists
        }
        PayResponse::Multicall(m) => {
            let mut lists = vec![&mut m.transactions];
            lists.extend(m.eoa_approval_transactions.as_mut());
            lists.extend(m.erc20_approval_transactions.as_mut());
            lists
        }
        PayResponse::LegacyBatch(b) => vec![&mut b.erc20_approval_transactions],
        _ => return None,
    };
    for list in lists {
        if k < list.len() {
            list.remove(k);
            return Some(format!("transaction {k} of a list"));
        }
        k -= list.len();
    }
    match response {
        PayResponse::Multicall(m) => m
            .batch_payment_transaction
            .take()
            .map(|_| "the batch mirror".into()),
        PayResponse::LegacyBatch(b) => [
            &mut b.batch_payment_transaction,
            &mut b.erc20_batch_payment_transaction,
            &mut b.eth_batch_payment_transaction,
        ]
        .into_iter()
        .find(|slot| slot.is_some())?
        .take()
        .map(|_| "the batch call".into()),
        _ => None,
    }
}

/// The agreement with one thing changed.
fn agreement(exp: &Expectation, what: u8, op: NumOp) -> Option<Expectation> {
    let mut builder = Expectation::builder(exp.network(), exp.currency().clone());
    let what = what % 6;
    for (k, payment) in exp.payments().iter().enumerate() {
        let units = if what == 4 && k == 0 {
            op.apply(payment.units())
        } else {
            payment.units()
        };
        if units.is_zero() {
            return None;
        }
        builder = builder.payment(
            *payment.payee().address_for_transaction(),
            units,
            payment.reference(),
        );
    }
    if let (Some(payer), false) = (exp.payer(), what == 3) {
        builder = builder.payer(payer);
    }
    if let (Some(account), false) = (exp.smart_account(), what == 5) {
        builder = builder.smart_account(account);
    }
    let payer_cap = if what == 0 {
        op.apply(exp.max_payer_fees())
    } else {
        exp.max_payer_fees()
    };
    let payee_cap = if what == 1 {
        op.apply(exp.max_payee_fees())
    } else {
        exp.max_payee_fees()
    };
    builder = builder.max_payer_fees(payer_cap).max_payee_fees(payee_cap);
    let rate = match (exp.batch_fee_rate(), what == 2) {
        (Some(rate), true) => {
            Some(u32::try_from(op.apply(U256::from(rate)).min(U256::from(1000u16))).ok()?)
        }
        (rate, _) => rate,
    };
    if let Some(rate) = rate {
        builder = builder.batch_fee_rate(rate);
    }
    let next = builder.build().ok()?;
    (next != *exp).then_some(next)
}

/// The network a case signs on (for the fuzz target's reports).
pub fn network(case: &Case) -> Network {
    case.network()
}
