//! Request Network's detection rules, applied to logs a caller handed over.
//!
//! Sources are `RequestNetwork/requestNetwork@f1942807e7f7cf03d7186e290768f8c668359402`
//! (`pd/` = `packages/payment-detection/`):
//!
//! - An event counts when its emitter is the payment network's proxy on the network: RN's
//!   `getLogs` filters carry the proxy's address (`pd/src/erc20/proxy-info-retriever.ts:74-84`).
//!   RN knows the request's version and accepts one deployment; here every deployment of the
//!   table at the emitter's address counts, and the event says which versions those are.
//! - Its second topic is `keccak256` of the 8 reference bytes (`pd/src/utils.ts:227-229`):
//!   the payment reference for payments, the refund reference for refunds
//!   (`pd/src/utils.ts:149-176`). RN leaves this to the node's filter; here it is checked.
//! - `to` is the payee, for refunds the refund address, compared as addresses
//!   (`pd/src/erc20/proxy-info-retriever.ts:116-120`, lower-cased there).
//! - ERC-20 payments are in the request's token (`:116-120`); native payments need no token.
//! - A conversion event is paired with the fee-proxy event its proxy emitted just before it in
//!   the same transaction: the proxy `delegatecall`s the fee proxy, then emits
//!   (`packages/smart-contracts/src/contracts/Erc20ConversionProxy.sol:77-99`). RN pairs with
//!   the first such event of the transaction (`pd/src/any/retrievers/any-to-any-proxy.ts:101`),
//!   the same for one conversion per transaction; an unpaired event never counts (`:102-104`).
//!   The pair counts when its token is accepted, its `maxRateTimespan` is at most the
//!   request's (`:122`, the RPC path's rule; RN's TheGraph path and spec disagree), its
//!   currency is the request currency's hash and its `to` is the payee (`:115-127`); its
//!   amounts are the conversion event's, unpadded for fiat (`:132-147`, `pd/src/utils.ts:29-63`).
//! - Balance: payments minus refunds (`pd/src/payment-detector-base.ts:75-85`). Fees: every
//!   non-zero fee of a counted payment or refund paid to the request's fee address
//!   (`pd/src/fee-reference-based-detector.ts:109-126`); an event with another fee address
//!   still counts in the balance (PR #790, `6da7f8bc0`).

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use alloy_primitives::{Address, B256, I256, U256};

use super::DetectError;
use super::criteria::{Criteria, Denomination};
use super::event::ProxyEvent;
use super::ignored::{Ignored, IgnoredReason, LogRef};
use super::log::{Log, Receipt, ReceiptStatus};
use super::settlement::{
    Asset, Conversion, CurrencyKind, Fee, PaymentEvent, Role, SettledCurrency, Settlement,
    Unchecked,
};
use super::tron::TronEvent;
use crate::address::ChainAddress;
use crate::contracts::{Contract, ContractsError, Deployments};
use crate::currency::{Catalog, Currency, CurrencyType};
use crate::partial::TxHash;

/// Where an event is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct At {
    block: u64,
    log_index: u64,
    tx: TxHash,
}

/// A payment event of a known contract, with the reference of the request.
#[derive(Debug, Clone)]
struct Observed {
    at: At,
    emitter: ChainAddress,
    contract: Contract,
    role: Role,
    topic: B256,
    event: ProxyEvent,
    via: Option<Contract>,
}

impl Observed {
    fn log_ref(&self) -> LogRef {
        LogRef {
            transaction_hash: Some(self.at.tx),
            log_index: Some(self.at.log_index),
            block_number: Some(self.at.block),
            emitter: Some(self.emitter),
        }
    }
}

/// A conversion event and the fee-proxy event paired with it.
struct Pair {
    conversion: Observed,
    payment: ProxyEvent,
    payment_log_index: u64,
}

enum Candidate {
    Plain(Observed),
    Conversion(Pair),
}

impl Candidate {
    fn observed(&self) -> &Observed {
        match self {
            Candidate::Plain(o) => o,
            Candidate::Conversion(pair) => &pair.conversion,
        }
    }
}

/// The currency the amounts are in, once known.
struct Settled {
    denomination: Denomination,
    currency: Option<Currency>,
}

/// One detection.
pub(super) struct Run<'a> {
    deployments: &'a Deployments,
    catalog: &'a Catalog,
    criteria: &'a Criteria,
    payment_topic: B256,
    refund_topic: Option<B256>,
    ignored: Vec<Ignored>,
    /// Each log position seen, with the index of its first log's content in `firsts`: the
    /// table moves 48-byte entries when it grows, not the events.
    seen: HashMap<(TxHash, u64), usize>,
    /// The emitter, event and reference topic of the first log at each position.
    firsts: Vec<(ChainAddress, ProxyEvent, B256)>,
    plain: Vec<Observed>,
    conversions: Vec<Observed>,
    pool: Vec<Observed>,
}

impl<'a> Run<'a> {
    pub(super) fn new(
        deployments: &'a Deployments,
        catalog: &'a Catalog,
        criteria: &'a Criteria,
    ) -> Run<'a> {
        Run {
            deployments,
            catalog,
            criteria,
            payment_topic: criteria.reference().topic(),
            refund_topic: criteria.refund_reference().map(|r| r.topic()),
            ignored: Vec::new(),
            seen: HashMap::new(),
            firsts: Vec::new(),
            plain: Vec::new(),
            conversions: Vec::new(),
            pool: Vec::new(),
        }
    }

    /// Room for `logs` logs, when the caller knows how many it holds (already in memory).
    pub(super) fn expect_logs(&mut self, logs: usize) {
        self.seen.reserve(logs);
        self.firsts.reserve(logs);
    }

    fn ignore(&mut self, log: LogRef, why: IgnoredReason) {
        self.ignored.push(Ignored { log, why });
    }

    /// A receipt: a failed transaction's logs never count.
    pub(super) fn receipt(&mut self, receipt: &Receipt) -> Result<(), DetectError> {
        let network = self.criteria.network();
        if receipt.status == ReceiptStatus::Failed {
            if receipt.logs.is_empty() {
                self.ignore(
                    LogRef {
                        transaction_hash: Some(receipt.transaction_hash),
                        log_index: None,
                        block_number: Some(receipt.block_number),
                        emitter: None,
                    },
                    IgnoredReason::FailedTransaction,
                );
            }
            for log in &receipt.logs {
                let emitter = ChainAddress::from_abi(network, log.address);
                self.ignore(log_ref(log, emitter), IgnoredReason::FailedTransaction);
            }
            return Ok(());
        }
        let via = receipt
            .to
            .map(|to| ChainAddress::from_abi(network, to))
            .and_then(|to| self.deployments.contract_at(network, &to).ok());
        for log in &receipt.logs {
            self.log(log, via)?;
        }
        Ok(())
    }

    /// A log of `eth_getLogs` or of a receipt (whose transaction called `via`).
    pub(super) fn log(&mut self, log: &Log, via: Option<Contract>) -> Result<(), DetectError> {
        let emitter = ChainAddress::from_abi(self.criteria.network(), log.address);
        let log_ref = log_ref(log, emitter);
        if log.removed {
            self.ignore(log_ref, IgnoredReason::Removed);
            return Ok(());
        }
        let (Some(block), Some(tx), Some(log_index)) =
            (log.block_number, log.transaction_hash, log.log_index)
        else {
            self.ignore(log_ref, IgnoredReason::Pending);
            return Ok(());
        };
        let at = At {
            block,
            log_index,
            tx,
        };
        self.observe(log_ref, at, emitter, via, |contract| {
            ProxyEvent::decode(contract, &log.topics, &log.data)
        })
    }

    /// An event of TronGrid.
    pub(super) fn tron_event(&mut self, event: &TronEvent) -> Result<(), DetectError> {
        let emitter = ChainAddress::Tron(event.contract_address);
        let log_ref = LogRef {
            transaction_hash: Some(event.transaction_id),
            log_index: Some(event.event_index),
            block_number: Some(event.block_number),
            emitter: Some(emitter),
        };
        if event.unconfirmed {
            self.ignore(log_ref, IgnoredReason::Unconfirmed);
            return Ok(());
        }
        let at = At {
            block: event.block_number,
            log_index: event.event_index,
            tx: event.transaction_id,
        };
        self.observe(log_ref, at, emitter, None, |contract| {
            ProxyEvent::decode_tron(contract, event)
        })
    }

    fn observe(
        &mut self,
        log_ref: LogRef,
        at: At,
        emitter: ChainAddress,
        via: Option<Contract>,
        decode: impl FnOnce(Contract) -> Result<Option<(ProxyEvent, B256)>, super::event::EventError>,
    ) -> Result<(), DetectError> {
        let network = self.criteria.network();
        let contract = match self.deployments.contract_at(network, &emitter) {
            Ok(contract) => contract,
            Err(ContractsError::Ambiguous { first, second, .. }) => {
                self.ignore(log_ref, IgnoredReason::AmbiguousEmitter { first, second });
                return Ok(());
            }
            Err(_) => {
                self.ignore(log_ref, IgnoredReason::UnknownEmitter);
                return Ok(());
            }
        };
        let (event, topic) = match decode(contract) {
            Ok(Some(decoded)) => decoded,
            Ok(None) => {
                self.ignore(log_ref, IgnoredReason::NotAPaymentEvent { contract });
                return Ok(());
            }
            Err(problem) => {
                self.ignore(log_ref, IgnoredReason::Malformed { contract, problem });
                return Ok(());
            }
        };
        let created = self
            .deployments
            .at(network, &emitter)
            .filter(|d| d.contract() == contract)
            .map(|d| d.creation_block())
            .min();
        if let Some(creation_block) = created.filter(|&block| at.block < block) {
            self.ignore(
                log_ref,
                IgnoredReason::BeforeDeployment {
                    contract,
                    creation_block,
                },
            );
            return Ok(());
        }
        match self.seen.entry((at.tx, at.log_index)) {
            Entry::Occupied(first) => {
                if self.firsts.get(*first.get()) != Some(&(emitter, event, topic)) {
                    return Err(DetectError::ConflictingLogs {
                        transaction_hash: at.tx,
                        log_index: at.log_index,
                    });
                }
                self.ignore(log_ref, IgnoredReason::Duplicate);
                return Ok(());
            }
            Entry::Vacant(slot) => {
                slot.insert(self.firsts.len());
                self.firsts.push((emitter, event, topic));
            }
        }
        let role = if topic == self.payment_topic {
            Role::Payment
        } else if Some(topic) == self.refund_topic {
            Role::Refund
        } else {
            self.ignore(log_ref, IgnoredReason::OtherReference);
            return Ok(());
        };
        let observed = Observed {
            at,
            emitter,
            contract,
            role,
            topic,
            event,
            via,
        };
        match (contract, event) {
            (_, ProxyEvent::Conversion { .. }) => self.conversions.push(observed),
            (Contract::Erc20ConversionProxy | Contract::EthConversionProxy, _) => {
                self.pool.push(observed);
            }
            _ => self.plain.push(observed),
        }
        Ok(())
    }

    /// Pairs each conversion event with the nearest fee-proxy event before it from the same
    /// proxy, transaction and reference.
    fn pair(&mut self) -> Vec<Pair> {
        type Group = (Vec<usize>, Vec<usize>);
        let mut groups: HashMap<(TxHash, ChainAddress, B256), Group> = HashMap::new();
        for (i, o) in self.pool.iter().enumerate() {
            groups
                .entry((o.at.tx, o.emitter, o.topic))
                .or_default()
                .0
                .push(i);
        }
        for (i, o) in self.conversions.iter().enumerate() {
            groups
                .entry((o.at.tx, o.emitter, o.topic))
                .or_default()
                .1
                .push(i);
        }
        let mut pairs = Vec::new();
        let mut unpaired = Vec::new();
        for (_, (mut payments, mut conversions)) in groups {
            payments.sort_by_key(|&i| self.pool.get(i).map(|o| o.at.log_index));
            conversions.sort_by_key(|&i| self.conversions.get(i).map(|o| o.at.log_index));
            let mut before = Vec::new();
            let mut next = payments.into_iter().peekable();
            for c in conversions {
                let Some(conversion) = self.conversions.get(c) else {
                    continue;
                };
                while let Some(&p) = next.peek() {
                    match self.pool.get(p) {
                        Some(o) if o.at.log_index < conversion.at.log_index => {
                            before.push(p);
                            next.next();
                        }
                        _ => break,
                    }
                }
                match before.pop().and_then(|p| self.pool.get(p)) {
                    Some(payment) => pairs.push(Pair {
                        conversion: conversion.clone(),
                        payment: payment.event,
                        payment_log_index: payment.at.log_index,
                    }),
                    None => unpaired.push((conversion.log_ref(), true)),
                }
            }
            for p in before.into_iter().chain(next) {
                if let Some(o) = self.pool.get(p) {
                    unpaired.push((o.log_ref(), false));
                }
            }
        }
        unpaired.sort_by_key(|(r, _)| (r.block_number, r.log_index));
        for (log_ref, conversion) in unpaired {
            self.ignore(log_ref, IgnoredReason::Unpaired { conversion });
        }
        pairs
    }

    pub(super) fn finish(mut self) -> Settlement {
        let pairs = self.pair();
        let mut candidates: Vec<Candidate> = std::mem::take(&mut self.plain)
            .into_iter()
            .map(Candidate::Plain)
            .chain(pairs.into_iter().map(Candidate::Conversion))
            .collect();
        candidates.sort_by_key(|c| {
            let at = c.observed().at;
            (at.block, at.log_index, at.tx)
        });
        let mut settled = self.criteria.currency().map(|currency| Settled {
            denomination: Denomination::of(currency),
            currency: Some(currency.clone()),
        });
        let mut balance = I256::ZERO;
        let (mut payments, mut refunds, mut fees) = (Vec::new(), Vec::new(), Vec::new());
        for candidate in candidates {
            match self.count(&candidate, &mut settled, &mut balance) {
                Ok((event, fee)) => {
                    if let Some(fee) = fee {
                        fees.push(fee);
                    }
                    match event.role() {
                        Role::Payment => payments.push(event.0),
                        Role::Refund => refunds.push(event.0),
                    }
                }
                Err(why) => self.ignore(candidate.observed().log_ref(), why),
            }
        }
        let fee_balance = self.criteria.fee_address().map(|_| {
            fees.iter()
                .filter(|f: &&Fee| f.counted)
                .fold(U256::ZERO, |sum, f| sum.saturating_add(f.amount))
        });
        let mut unchecked = Vec::new();
        if self.criteria.payee().is_none() {
            unchecked.push(Unchecked::Payee);
        }
        if self.criteria.currency().is_none() {
            unchecked.push(Unchecked::Currency);
        }
        if self.criteria.fee_address().is_none() {
            unchecked.push(Unchecked::FeeAddress);
        }
        if self.criteria.refund_reference().is_some() && self.criteria.refund_address().is_none() {
            unchecked.push(Unchecked::RefundAddress);
        }
        Settlement {
            network: self.criteria.network(),
            reference: self.criteria.reference(),
            currency: settled.map(settled_currency),
            balance,
            payments,
            refunds,
            fees,
            fee_balance,
            ignored: self.ignored,
            unchecked,
        }
    }

    /// Checks a candidate against the request and counts it, or says why not.
    fn count(
        &self,
        candidate: &Candidate,
        settled: &mut Option<Settled>,
        balance: &mut I256,
    ) -> Result<(Counted, Option<Fee>), IgnoredReason> {
        let network = self.criteria.network();
        let o = candidate.observed();
        let (payment, conversion) = match candidate {
            Candidate::Plain(o) => (o.event, None),
            Candidate::Conversion(pair) => (pair.payment, Some(pair)),
        };
        let legs = Legs::of(payment)?;
        let denomination = self.denomination(legs.valued(conversion), settled)?;
        let to = ChainAddress::from_abi(network, legs.to);
        self.check_recipient(o.role, to)?;
        let valuation = self.valuation(conversion, &legs, denomination)?;
        book(balance, o.role, valuation.amount)?;
        let fee_address = legs.fee_address.map(|a| ChainAddress::from_abi(network, a));
        let fee_entry = self.fee_entry(o, valuation.fee, fee_address);
        let event = self.payment_event(o, legs.token, to, valuation, fee_address);
        Ok((Counted(event, o.role), fee_entry))
    }

    /// The denomination the event's value must be in: the one settled, or the event's own
    /// (which settles it) when none is yet.
    fn denomination(
        &self,
        valued: Valued,
        settled: &mut Option<Settled>,
    ) -> Result<Denomination, IgnoredReason> {
        match settled {
            Some(s) => {
                check_currency(valued, s.denomination, self.native_hash())?;
                Ok(s.denomination)
            }
            None => {
                let found = self.resolve(valued)?;
                let denomination = found.denomination;
                *settled = Some(found);
                Ok(denomination)
            }
        }
    }

    /// Refuses an event whose recipient is not the payee (for a refund, the refund address),
    /// when the criteria name one.
    fn check_recipient(&self, role: Role, to: ChainAddress) -> Result<(), IgnoredReason> {
        let expected_to = match role {
            Role::Payment => self.criteria.payee(),
            Role::Refund => self.criteria.refund_address(),
        };
        if let Some(expected) = expected_to.filter(|expected| *expected != to) {
            return Err(IgnoredReason::OtherPayee {
                found: to,
                expected,
            });
        }
        Ok(())
    }

    /// The amount and fee the event counts for: the fee-proxy event's, or for a conversion
    /// pair the conversion event's in the request's currency (once its token and its
    /// `maxRateTimespan` are accepted), with the conversion's detail.
    fn valuation(
        &self,
        conversion: Option<&Pair>,
        legs: &Legs,
        denomination: Denomination,
    ) -> Result<Valuation, IgnoredReason> {
        match conversion.map(|p| (p, p.conversion.event)) {
            Some((
                pair,
                ProxyEvent::Conversion {
                    amount: requested,
                    currency,
                    fee_amount: requested_fee,
                    max_rate_timespan,
                },
            )) => {
                self.check_conversion(legs.token, max_rate_timespan)?;
                let padding = match denomination {
                    Denomination::Fiat { padding, .. } => padding,
                    _ => 0,
                };
                let detail = Conversion {
                    currency,
                    amount_in_crypto: legs.amount,
                    fee_in_crypto: legs.fee_amount,
                    max_rate_timespan,
                    payment_log_index: pair.payment_log_index,
                };
                Ok(Valuation {
                    amount: unpad(requested, padding),
                    fee: unpad(requested_fee, padding),
                    detail: Some(detail),
                })
            }
            _ => Ok(Valuation {
                amount: legs.amount,
                fee: legs.fee_amount,
                detail: None,
            }),
        }
    }

    /// Refuses a conversion paid in a token the criteria do not accept, or with a
    /// `maxRateTimespan` above the request's.
    fn check_conversion(
        &self,
        token: Option<Address>,
        max_rate_timespan: U256,
    ) -> Result<(), IgnoredReason> {
        if let (Some(token), Some(accepted)) = (token, self.criteria.accepted_tokens()) {
            let token = ChainAddress::from_abi(self.criteria.network(), token);
            if !accepted.contains(&token) {
                return Err(IgnoredReason::OtherToken { token });
            }
        }
        let max = self.criteria.max_rate_timespan();
        if max_rate_timespan > max {
            return Err(IgnoredReason::MaxRateTimespan {
                found: max_rate_timespan,
                max,
            });
        }
        Ok(())
    }

    /// The fee entry of a counted event with a fee above 0, counted when it went to the
    /// request's fee address.
    fn fee_entry(&self, o: &Observed, fee: U256, fee_address: Option<ChainAddress>) -> Option<Fee> {
        (!fee.is_zero()).then(|| Fee {
            transaction_hash: o.at.tx,
            log_index: o.at.log_index,
            role: o.role,
            amount: fee,
            fee_address,
            counted: self.criteria.fee_address().is_some()
                && self.criteria.fee_address() == fee_address,
        })
    }

    /// The counted event as reported: where it is, who emitted it (and its versions), what it
    /// paid to whom, and the reference it paid.
    fn payment_event(
        &self,
        o: &Observed,
        token: Option<Address>,
        to: ChainAddress,
        valuation: Valuation,
        fee_address: Option<ChainAddress>,
    ) -> PaymentEvent {
        let network = self.criteria.network();
        PaymentEvent {
            network,
            transaction_hash: o.at.tx,
            log_index: o.at.log_index,
            block_number: o.at.block,
            confirmations: self.criteria.head_block().map(|head| {
                head.checked_sub(o.at.block)
                    .map_or(0, |d| d.saturating_add(1))
            }),
            contract: o.contract,
            versions: self
                .deployments
                .at(network, &o.emitter)
                .filter(|d| d.contract() == o.contract)
                .map(|d| d.version().to_owned())
                .collect(),
            emitter: o.emitter,
            token: token.map_or(Asset::Native, |t| {
                Asset::Token(ChainAddress::from_abi(network, t))
            }),
            payee: to,
            amount: valuation.amount,
            fee: valuation.fee,
            fee_address,
            reference: match o.role {
                Role::Payment => self.criteria.reference(),
                Role::Refund => self
                    .criteria
                    .refund_reference()
                    .unwrap_or(self.criteria.reference()),
            },
            conversion: valuation.detail,
            via: o.via.filter(|via| *via != o.contract),
        }
    }

    /// The hash of the network's native currency, from the catalog.
    fn native_hash(&self) -> Option<Address> {
        self.native_currency().map(|c| Denomination::of(c).hash())
    }

    fn native_currency(&self) -> Option<&'a Currency> {
        let network = self.criteria.network();
        self.catalog
            .currencies()
            .find(|c| c.kind() == CurrencyType::Eth && c.chain_network() == Some(network))
    }

    /// The currency of the first counted event, when the criteria name none.
    fn resolve(&self, valued: Valued) -> Result<Settled, IgnoredReason> {
        let network = self.criteria.network();
        match valued {
            Valued::Token(token) => Ok(Settled {
                denomination: Denomination::Token(token),
                currency: self
                    .catalog
                    .currencies()
                    .find(|c| {
                        c.kind().is_token()
                            && c.chain_network() == Some(network)
                            && c.address().abi() == token
                    })
                    .cloned(),
            }),
            Valued::Native => {
                let currency = self.native_currency();
                Ok(Settled {
                    denomination: currency
                        .map_or(Denomination::Native(Address::ZERO), Denomination::of),
                    currency: currency.cloned(),
                })
            }
            Valued::Hash(hash) => self
                .catalog
                .currencies()
                .find(|c| {
                    let here =
                        c.kind() == CurrencyType::Iso4217 || c.chain_network() == Some(network);
                    here && Denomination::of(c).hash() == hash
                })
                .map(|currency| Settled {
                    denomination: Denomination::of(currency),
                    currency: Some(currency.clone()),
                })
                .ok_or(IgnoredReason::UnknownCurrency { hash }),
        }
    }
}

/// A counted event and its role.
struct Counted(PaymentEvent, Role);

impl Counted {
    fn role(&self) -> Role {
        self.1
    }
}

/// What a payment event pays, as it reads: its token (none for native), its recipient, its
/// amount and its fee with the fee's address (none for the proxies without a fee).
#[derive(Debug, Clone, Copy)]
struct Legs {
    token: Option<Address>,
    to: Address,
    amount: U256,
    fee_amount: U256,
    fee_address: Option<Address>,
}

impl Legs {
    /// The legs of a fee-proxy or proxy event; a conversion event alone is unpaired.
    fn of(payment: ProxyEvent) -> Result<Legs, IgnoredReason> {
        let (token, to, amount, fee_amount, fee_address) = match payment {
            ProxyEvent::Erc20Fee {
                token,
                to,
                amount,
                fee_amount,
                fee_address,
            } => (Some(token), to, amount, fee_amount, Some(fee_address)),
            ProxyEvent::NativeFee {
                to,
                amount,
                fee_amount,
                fee_address,
            } => (None, to, amount, fee_amount, Some(fee_address)),
            ProxyEvent::Erc20 { token, to, amount } => (Some(token), to, amount, U256::ZERO, None),
            ProxyEvent::Native { to, amount } => (None, to, amount, U256::ZERO, None),
            ProxyEvent::Conversion { .. } => {
                return Err(IgnoredReason::Unpaired { conversion: true });
            }
        };
        Ok(Legs {
            token,
            to,
            amount,
            fee_amount,
            fee_address,
        })
    }

    /// What the event is valued in: its token, the native currency, or the conversion's.
    fn valued(&self, conversion: Option<&Pair>) -> Valued {
        match (conversion.map(|p| p.conversion.event), self.token) {
            (Some(ProxyEvent::Conversion { currency, .. }), _) => Valued::Hash(currency),
            (_, Some(token)) => Valued::Token(token),
            (_, None) => Valued::Native,
        }
    }
}

/// What a counted event counts for in the request's currency, and its conversion's detail.
struct Valuation {
    amount: U256,
    fee: U256,
    detail: Option<Conversion>,
}

/// Adds a payment's amount to the balance, or takes a refund's from it; an amount beyond
/// `I256` or a balance overflowing leaves the balance as it was.
fn book(balance: &mut I256, role: Role, amount: U256) -> Result<(), IgnoredReason> {
    let signed = I256::try_from(amount).map_err(|_| IgnoredReason::Overflow)?;
    *balance = match role {
        Role::Payment => balance.checked_add(signed),
        Role::Refund => balance.checked_sub(signed),
    }
    .ok_or(IgnoredReason::Overflow)?;
    Ok(())
}

/// What an event is valued in.
#[derive(Debug, Clone, Copy)]
enum Valued {
    Token(Address),
    Native,
    Hash(Address),
}

fn check_currency(
    valued: Valued,
    settled: Denomination,
    native_hash: Option<Address>,
) -> Result<(), IgnoredReason> {
    let (matches, found) = match valued {
        Valued::Token(token) => (settled == Denomination::Token(token), token),
        Valued::Native => (
            matches!(settled, Denomination::Native(_)),
            native_hash.unwrap_or(Address::ZERO),
        ),
        Valued::Hash(hash) => (settled.hash() == hash, hash),
    };
    if matches {
        Ok(())
    } else {
        Err(IgnoredReason::OtherCurrency {
            found,
            expected: settled.hash(),
        })
    }
}

/// An amount padded to Chainlink's 8 decimals, back in the currency's (rounding down):
/// `unpadAmountFromChainlink` (`pd/src/utils.ts:29-63`).
fn unpad(amount: U256, padding: u8) -> U256 {
    amount
        .checked_div(U256::from(10u8).pow(U256::from(padding)))
        .unwrap_or(amount)
}

fn log_ref(log: &Log, emitter: ChainAddress) -> LogRef {
    LogRef {
        transaction_hash: log.transaction_hash,
        log_index: log.log_index,
        block_number: log.block_number,
        emitter: Some(emitter),
    }
}

fn settled_currency(settled: Settled) -> SettledCurrency {
    let (kind, hash) = match settled.denomination {
        Denomination::Token(token) => (CurrencyKind::Token, token),
        Denomination::Native(hash) => (CurrencyKind::Native, hash),
        Denomination::Fiat { hash, .. } => (CurrencyKind::Fiat, hash),
    };
    SettledCurrency {
        kind,
        hash,
        decimals: settled.currency.as_ref().map(Currency::decimals),
        currency: settled.currency,
    }
}
