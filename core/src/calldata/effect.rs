//! What each call does, written once from the contracts' sources: what it takes from the
//! caller (which token, how much, pulled by whom, to whom it goes), what native value it needs,
//! and what happens to value beyond that. The builders compute `value` from these rules and the
//! verifier accounts with them.
//!
//! Sources (RequestNetwork/requestNetwork @ f1942807, `packages/smart-contracts/src/contracts/`):
//! - `ERC20FeeProxy.sol` :42-48: pulls `_amount` to `_to`; the fee leg runs only when
//!   `_feeAmount > 0 && _feeAddress != 0`.
//! - `EthereumFeeProxy.sol` :32-45, :55-74: `transferWithReferenceAndFee` pays
//!   `msg.value − fee` to `_to` and the fee to `_feeAddress` (always, even the zero address:
//!   burned); `transferExactEthWithReferenceAndFee` pays `_amount` and the fee and refunds the
//!   rest to the caller.
//! - `BatchPayments.sol` (legacy, `batchFee` per mille, floor on the sum of amounts):
//!   native :67-109 (value Σ(amount + fee) + batch fee, the rest refunded); ERC-20 :123-185 and
//!   :199-286 (Σ(amount + fee) pulled into the batch contract, each row paid through the
//!   ERC20FeeProxy, then the batch fee pulled from the payer to `_feeAddress`; a row's fee with
//!   a zero fee address is skipped by the proxy and stays in the batch contract).
//! - `BatchNoConversionPayments.sol` / `BatchConversionPayments.sol` (`batchFee` per ten
//!   thousand, floor on the sum per group or token; the USD limit only lowers it): ERC-20 groups
//!   pull Σ(amount + fee) of the first row's `path[0]` (id 1) or, per `path[last]`, amount + fee
//!   for one-token paths and `maxToSpend` for longer ones (`getUTokens`, :395-437, never
//!   refunded, id 2); native rows (id 3) are paid through the EthereumFeeProxy and the rest of
//!   the balance is refunded (:170-217); a `batchPayments` without a native group keeps any
//!   value sent (only native groups refund).
//! - Batch fees are sent to `feeAddress` unconditionally: ERC-20 ones pulled with
//!   `transferFrom(payer, feeAddress, fee)` even when the fee is zero
//!   (`BatchNoConversionPayments.sol` :256-260 and :319-322, `BatchPayments.sol` :192-196),
//!   native ones sent with `call`/`transfer` (:206-209, `BatchPayments.sol` :101). What happens
//!   at the zero address depends on the token (burned on USDT and DAI on Ethereum, a revert on
//!   OpenZeppelin tokens and USDC: d-xo/weird-erc20), so no token behaviour is assumed here:
//!   every fee the batch pulls leaves the wallet, whoever receives it, and the verifier refuses
//!   a batch whose fee address is zero.
//!
//! ```
//! use alloy_primitives::U256;
//! use securepay_core::calldata::effect::{effect_of, FlowKind, NativeRule};
//! use securepay_core::calldata::{Builder, Decoder, Erc20FeePayment};
//! use securepay_core::network::Network;
//!
//! let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
//! let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
//! let fee_to = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
//! let payment = Erc20FeePayment::new(usdc, payee, U256::from(1000u16), "0x1a2b3c4d5e6f7081".parse()?)
//!     .with_fee(U256::from(3u8), fee_to);
//! let tx = Builder::new(Network::Base).erc20_fee(&payment)?;
//! let effect = effect_of(&Decoder::builtin().decode(Network::Base, &tx.to, &tx.data, tx.value)?);
//! let flows: Vec<(FlowKind, u64)> = effect.flows.iter().map(|f| (f.kind, f.amount.to::<u64>())).collect();
//! assert_eq!(flows, [(FlowKind::Payment, 1000), (FlowKind::Fee, 3)]);
//! assert!(effect.flows.iter().all(|f| f.puller == Some(tx.to))); // the proxy pulls both
//! assert_eq!(effect.native, NativeRule::None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::prelude::*;

use alloc::collections::BTreeMap;

use alloy_primitives::{Address, Bytes, U256};
use serde::Serialize;

use super::decode::{
    Approve, BatchFunction, BatchPayments, BatchRequests, Erc20FeeTransfer, Erc20ProxyTransfer,
    LegacyBatchTokens, NativeFeeExactTransfer, NativeFeeTransfer, NativeProxyTransfer,
    RequestDetail, Transfer, TransferFrom,
};
use super::{BatchPaymentNetwork, Call, DecodedCall, Target};
use crate::address::ChainAddress;
use crate::contracts::Contract;

/// A value overflowed 256 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Overflow;

/// `a + b`, checked.
pub(crate) fn add(a: U256, b: U256) -> Result<U256, Overflow> {
    a.checked_add(b).ok_or(Overflow)
}

/// What a flow moves: a token (by contract) or the network's native currency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Asset {
    /// A token.
    Token(ChainAddress),
    /// The native currency.
    Native,
}

/// Why value moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FlowKind {
    /// The main transfer of a payment call, to its recipient, with its reference.
    Payment,
    /// A fee the call pays (`_feeAmount` to `_feeAddress`).
    Fee,
    /// A batch contract's on-chain fee.
    BatchFee,
    /// A plain token transfer (`transfer`), no reference.
    Transfer,
    /// Value the contract takes and keeps.
    Stranded,
}

/// The payment reference a contract logs with a transfer, as the call carries it: the 8 bytes
/// Request Network derives kept inline (copying one allocates nothing), any other length as
/// decoded. It compares, orders and hashes as its bytes, and shows and serializes as `0x` hex.
///
/// ```
/// use alloy_primitives::Bytes;
/// use securepay_core::calldata::effect::LoggedReference;
///
/// let reference = LoggedReference::new(&Bytes::from(vec![0xe2, 0x3a, 0x6b, 0x02, 0x05, 0x9c, 0x2b, 0x30]));
/// assert_eq!(reference.to_string(), "0xe23a6b02059c2b30");
/// assert_eq!(reference.as_slice().len(), 8);
/// assert_eq!(serde_json::to_string(&reference)?, r#""0xe23a6b02059c2b30""#);
/// let odd = LoggedReference::new(&Bytes::from(vec![1, 2, 3]));
/// assert_eq!(odd.to_string(), "0x010203");
/// assert!(odd < reference);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone)]
pub struct LoggedReference(ReferenceRepr);

#[derive(Clone)]
enum ReferenceRepr {
    Eight([u8; 8]),
    Other(Bytes),
}

impl LoggedReference {
    /// The reference `bytes` (a copy: inline for 8 bytes).
    pub fn new(bytes: &Bytes) -> LoggedReference {
        LoggedReference(match <[u8; 8]>::try_from(bytes.as_ref()) {
            Ok(eight) => ReferenceRepr::Eight(eight),
            Err(_) => ReferenceRepr::Other(bytes.clone()),
        })
    }

    /// Its bytes.
    pub fn as_slice(&self) -> &[u8] {
        match &self.0 {
            ReferenceRepr::Eight(eight) => eight,
            ReferenceRepr::Other(bytes) => bytes,
        }
    }
}

impl core::ops::Deref for LoggedReference {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        self.as_slice()
    }
}

impl AsRef<[u8]> for LoggedReference {
    fn as_ref(&self) -> &[u8] {
        self.as_slice()
    }
}

impl PartialEq for LoggedReference {
    fn eq(&self, other: &LoggedReference) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for LoggedReference {}

impl PartialOrd for LoggedReference {
    fn partial_cmp(&self, other: &LoggedReference) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for LoggedReference {
    fn cmp(&self, other: &LoggedReference) -> core::cmp::Ordering {
        self.as_slice().cmp(other.as_slice())
    }
}

impl core::hash::Hash for LoggedReference {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl core::fmt::Debug for LoggedReference {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(self, f)
    }
}

impl core::fmt::Display for LoggedReference {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("0x")?;
        for byte in self.as_slice() {
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}

impl Serialize for LoggedReference {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&alloy_primitives::hex::encode_prefixed(self.as_slice()))
    }
}

/// One movement of value out of the caller's funds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Flow {
    /// What moves.
    pub asset: Asset,
    /// How much, in smallest units.
    #[serde(serialize_with = "crate::serde_util::u256_decimal")]
    pub amount: U256,
    /// Where it ends.
    pub to: ChainAddress,
    /// The payment reference the contract logs with it.
    pub reference: Option<LoggedReference>,
    /// Why it moves.
    pub kind: FlowKind,
    /// The contract that pulls it with the caller's allowance (`None` for native value and
    /// direct transfers).
    pub puller: Option<ChainAddress>,
}

/// An approval a call gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Approval {
    /// The token.
    pub token: ChainAddress,
    /// Who may pull it.
    pub spender: ChainAddress,
    /// Up to how much (`U256::MAX`: unlimited).
    #[serde(serialize_with = "crate::serde_util::u256_decimal")]
    pub amount: U256,
}

/// Tokens a call moves out of another holder's balance with the allowance that holder gave the
/// caller (`transferFrom(from, to, amount)`): nothing leaves the caller; `from` pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Move {
    /// The token.
    pub token: ChainAddress,
    /// Whose tokens move.
    pub from: ChainAddress,
    /// Where they go.
    pub to: ChainAddress,
    /// How much, in smallest units.
    #[serde(serialize_with = "crate::serde_util::u256_decimal")]
    pub amount: U256,
}

/// What the contract does with value beyond what the call needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Excess {
    /// Sent back to the caller.
    Refunded,
    /// Kept by the contract: lost to the caller.
    Kept,
}

/// The native value a call needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NativeRule {
    /// Not payable: any value is refused (the decoder reports it).
    None,
    /// Every unit sent is paid out by the call's flows (the amount travels as value).
    Consumed,
    /// At least `required` (plus the batch fee, see [`CallEffect::batch_fee`]); `excess` says
    /// what becomes of the rest.
    AtLeast {
        /// The value the flows need, batch fee excluded.
        #[serde(serialize_with = "crate::serde_util::u256_decimal")]
        required: U256,
        /// What happens to value beyond it.
        excess: Excess,
    },
}

/// The unit of a batch contract's `batchFee` rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RateUnit {
    /// Per mille: legacy `BatchPayments` (10 = 1 %).
    PerMille,
    /// Per ten thousand: `BatchConversionPayments` (30 = 0.3 %).
    PerTenThousand,
}

impl RateUnit {
    /// The denominator of the rate.
    pub const fn denominator(self) -> u32 {
        match self {
            RateUnit::PerMille => 1_000,
            RateUnit::PerTenThousand => 10_000,
        }
    }

    /// `⌊base × rate / denominator⌋`, as the contracts compute it; `None` on overflow.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::effect::RateUnit;
    ///
    /// // Request Network's own test: two payees of 1000 wei, batch fee 10 per mille.
    /// assert_eq!(RateUnit::PerMille.fee(U256::from(2000u16), 10), Some(U256::from(20u8)));
    /// assert_eq!(RateUnit::PerTenThousand.fee(U256::from(999u16), 10), Some(U256::ZERO)); // floor
    /// ```
    pub fn fee(self, base: U256, rate: u32) -> Option<U256> {
        base.checked_mul(U256::from(rate))
            .and_then(|product| product.checked_div(U256::from(self.denominator())))
    }
}

/// A batch contract's on-chain fee: its rate is read on chain, not in the calldata, so the
/// effect gives what it applies to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BatchFee {
    /// The unit of the contract's rate.
    pub unit: RateUnit,
    /// Who receives it (the call's `feeAddress`).
    pub fee_address: ChainAddress,
    /// Per asset, the sum the rate applies to.
    pub bases: Vec<(Asset, U256)>,
    /// For tokens: the batch contract, which pulls the fee with the caller's allowance.
    pub puller: Option<ChainAddress>,
}

impl BatchFee {
    /// The fee per asset at `rate` (in the contract's own unit), whoever receives it (at the
    /// zero address it is burned or the call fails, depending on the token: it is never
    /// assumed to stay in the wallet). `None` on overflow.
    pub fn at_rate(&self, rate: u32) -> Option<Vec<(Asset, U256)>> {
        self.bases
            .iter()
            .map(|(asset, base)| Some((*asset, self.unit.fee(*base, rate)?)))
            .collect()
    }
}

/// Something a call's calldata makes the contract do that cannot be accounted as a payment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Hazard {
    /// The contract takes value and keeps part of it.
    Stranded {
        /// What.
        asset: Asset,
        /// How much, when the calldata says.
        #[serde(serialize_with = "crate::serde_util::u256_decimal")]
        amount: U256,
        /// Why, in English.
        reason: &'static str,
    },
    /// The call's outflow cannot be stated from the calldata (a market rate, a row the
    /// contract pays from tokens it did not pull).
    Unverifiable {
        /// Why, in English.
        reason: &'static str,
    },
    /// The call cannot succeed: the contract's own checks refuse what the calldata says (read
    /// from its source). Nothing moves, but the caller pays gas and its approvals stay.
    Reverts {
        /// Why, in English.
        reason: &'static str,
    },
}

/// An address a contract calls with the gas to run code of its own (a `call` that forwards
/// all gas) before it refunds value beyond what the call needs ([`Excess::Refunded`]). Code
/// there can re-enter the contract, which has no reentrancy guard, and take its balance before
/// the refund: the refund is the caller's only if nothing at these addresses is hostile.
///
/// Source: `BatchNoConversionPayments.sol` :170-217 (rows paid through the EthereumFeeProxy,
/// whose `transferExactEthWithReferenceAndFee` pays `_to` with `call` (`EthereumFeeProxy.sol`
/// :63-64); the batch fee paid with `call` when above zero (:205-209); then
/// `address(this).balance` sent to `msg.sender`), `BatchConversionPayments.sol` :275-323 (the
/// same for native conversion rows), RequestNetwork/requestNetwork @ f1942807,
/// `packages/smart-contracts/src/contracts/`. Version 0.1.0 of the batch contract paid its
/// batch fee with `transfer` (2300 gas: no re-entry); the table does not tell the versions'
/// addresses apart in every case, so the batch fee address is listed for both (the stricter
/// reading).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Callout {
    /// Who is called.
    pub to: ChainAddress,
    /// Why.
    pub role: CalloutRole,
}

/// Why a contract calls a [`Callout`] address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CalloutRole {
    /// A row's recipient, paid in native value.
    Recipient,
    /// The batch fee address, paid when the batch fee is above zero.
    BatchFee,
}

/// Everything a call does to the caller's funds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CallEffect {
    /// The value that leaves the caller.
    pub flows: Vec<Flow>,
    /// The approval it gives, if it is an approval.
    pub approval: Option<Approval>,
    /// The tokens it moves out of another holder's balance, if it is a `transferFrom`.
    pub moves: Option<Move>,
    /// The native value it needs.
    pub native: NativeRule,
    /// The batch contract's on-chain fee, if any.
    pub batch_fee: Option<BatchFee>,
    /// What cannot be accounted, or cannot succeed.
    pub hazards: Vec<Hazard>,
    /// The addresses the contract calls with the gas to run code before it refunds excess
    /// native value (see [`Callout`]); empty when the refund cannot be taken by a re-entry
    /// (a guarded contract, a refund computed from `msg.value`) or there is none.
    pub callouts: Vec<Callout>,
    /// The tokens the contract calls requiring a `bool` `true` back
    /// (`require(token.transferFrom(…))`, `ERC20Proxy.sol` :38): a token that returns nothing
    /// makes the call revert. The other contracts call tokens through a `safeTransferFrom`
    /// that accepts no return data.
    pub checked_returns: Vec<ChainAddress>,
}

impl CallEffect {
    fn new(native: NativeRule) -> CallEffect {
        CallEffect {
            flows: Vec::new(),
            approval: None,
            moves: None,
            native,
            batch_fee: None,
            hazards: Vec::new(),
            callouts: Vec::new(),
            checked_returns: Vec::new(),
        }
    }

    fn reverts(&mut self, reason: &'static str) {
        self.hazards.push(Hazard::Reverts { reason });
    }

    /// The value the call needs with the batch contract's rate `batch_fee_rate` (its own unit):
    /// `None` for calls whose value is the amount itself ([`NativeRule::Consumed`]) and on
    /// overflow.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::effect::effect_of;
    /// use securepay_core::calldata::{BatchPayee, Builder, Decoder};
    /// use securepay_core::network::Network;
    ///
    /// // Request Network's test: two payees of 1000 wei with a fee of 2, batchFee 10 per mille.
    /// let payee = "0xf17f52151EbEF6C7334FAD080c5704D77216b732".parse()?;
    /// let row = BatchPayee { to: payee, amount: U256::from(1000u16), reference: "0x86dfbccad783599a".parse()?, fee_amount: U256::from(2u8) };
    /// let fee_to = "0xC5fdf4076b8F3A5357c5E395ab970B5B54098Fef".parse()?;
    /// let tx = Builder::new(Network::Mainnet).batch_native(&[row.clone(), row], fee_to, 10)?;
    /// assert_eq!(tx.value, U256::from(2000 + 24));
    /// let effect = effect_of(&Decoder::builtin().decode(Network::Mainnet, &tx.to, &tx.data, tx.value)?);
    /// assert_eq!(effect.required_value(10), Some(tx.value));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn required_value(&self, batch_fee_rate: u32) -> Option<U256> {
        let NativeRule::AtLeast { required, .. } = self.native else {
            return match self.native {
                NativeRule::None => Some(U256::ZERO),
                _ => None,
            };
        };
        let fee = match &self.batch_fee {
            Some(fee) => fee
                .at_rate(batch_fee_rate)?
                .into_iter()
                .filter(|(asset, _)| *asset == Asset::Native)
                .try_fold(U256::ZERO, |total, (_, fee)| total.checked_add(fee))?,
            None => U256::ZERO,
        };
        required.checked_add(fee)
    }

    fn flow(
        &mut self,
        kind: FlowKind,
        asset: Asset,
        to: ChainAddress,
        amount: U256,
        reference: Option<&Bytes>,
        puller: Option<ChainAddress>,
    ) {
        self.flows.push(Flow {
            asset,
            amount,
            to,
            reference: reference.map(LoggedReference::new),
            kind,
            puller,
        });
    }
}

/// The effect of a strictly decoded call.
pub fn effect_of(call: &DecodedCall) -> CallEffect {
    match &call.call {
        Call::Approve(approve) => approval(call, approve),
        Call::Transfer(transfer) => token_transfer(call, transfer),
        Call::TransferFrom(c) => token_move(call, c),
        Call::Erc20FeeTransfer(c) => erc20_fee_transfer(call, c),
        Call::Erc20ProxyTransfer(c) => erc20_proxy_transfer(call, c),
        Call::NativeFeeTransfer(c) => native_fee_transfer(c),
        Call::NativeFeeExactTransfer(c) => native_fee_exact_transfer(c),
        Call::NativeProxyTransfer(c) => native_proxy_transfer(call, c),
        Call::LegacyBatch(batch) => legacy_batch(call, batch),
        Call::BatchPayments(batch) => batch_payments(call, batch),
        Call::BatchRequests(batch) => batch_requests(call, batch),
        Call::Erc20ConversionTransfer(c) if c.path.len() == 1 => one_token_conversion(call, c),
        Call::Erc20ConversionTransfer(_) => market_rate_conversion(NativeRule::None),
        Call::NativeConversionTransfer(_) => market_rate_conversion(NativeRule::AtLeast {
            required: U256::ZERO,
            excess: Excess::Refunded,
        }),
    }
}

/// ERC-20 `approve`: the allowance given to the spender on the token called.
fn approval(call: &DecodedCall, approve: &Approve) -> CallEffect {
    CallEffect {
        approval: Some(Approval {
            token: call.to,
            spender: approve.spender,
            amount: approve.amount,
        }),
        ..CallEffect::new(NativeRule::None)
    }
}

/// ERC-20 `transfer`: the amount of the token called, to the recipient.
fn token_transfer(call: &DecodedCall, transfer: &Transfer) -> CallEffect {
    let mut e = CallEffect::new(NativeRule::None);
    let asset = Asset::Token(call.to);
    e.flow(
        FlowKind::Transfer,
        asset,
        transfer.to,
        transfer.amount,
        None,
        None,
    );
    e
}

/// ERC-20 `transferFrom`: the tokens it moves between two other accounts.
fn token_move(call: &DecodedCall, c: &TransferFrom) -> CallEffect {
    CallEffect {
        moves: Some(Move {
            token: call.to,
            from: c.from,
            to: c.to,
            amount: c.amount,
        }),
        ..CallEffect::new(NativeRule::None)
    }
}

/// `ERC20FeeProxy.transferFromWithReferenceAndFee`: the payment and its fee, pulled by the
/// proxy.
fn erc20_fee_transfer(call: &DecodedCall, c: &Erc20FeeTransfer) -> CallEffect {
    let mut e = CallEffect::new(NativeRule::None);
    let asset = Asset::Token(c.token_address);
    let fee = (c.fee_amount, c.fee_address);
    fee_proxy_payment(
        &mut e,
        asset,
        c.to,
        c.amount,
        &c.payment_reference,
        fee,
        Some(call.to),
    );
    e
}

/// `ERC20Proxy.transferFromWithReference`: the payment pulled by the proxy, which checks the
/// token's return value.
fn erc20_proxy_transfer(call: &DecodedCall, c: &Erc20ProxyTransfer) -> CallEffect {
    let mut e = CallEffect::new(NativeRule::None);
    let reference = Some(&c.payment_reference);
    let asset = Asset::Token(c.token_address);
    e.flow(
        FlowKind::Payment,
        asset,
        c.to,
        c.amount,
        reference,
        Some(call.to),
    );
    e.checked_returns.push(c.token_address);
    e
}

/// `EthereumFeeProxy.transferWithReferenceAndFee`: the value is consumed, the fee out of it.
fn native_fee_transfer(c: &NativeFeeTransfer) -> CallEffect {
    let mut e = CallEffect::new(NativeRule::Consumed);
    native_payment(
        &mut e,
        c.to,
        c.amount,
        &c.payment_reference,
        c.fee_amount,
        c.fee_address,
    );
    e
}

/// `EthereumFeeProxy.transferExactEthWithReferenceAndFee`: at least the amount plus the fee,
/// the rest refunded.
fn native_fee_exact_transfer(c: &NativeFeeExactTransfer) -> CallEffect {
    let required = c.amount.checked_add(c.fee_amount);
    let mut e = CallEffect::new(at_least(required, Excess::Refunded));
    native_payment(
        &mut e,
        c.to,
        c.amount,
        &c.payment_reference,
        c.fee_amount,
        c.fee_address,
    );
    overflow_hazard(&mut e, required);
    e
}

/// `EthereumProxy.transferWithReference`: the whole value to the payee.
fn native_proxy_transfer(call: &DecodedCall, c: &NativeProxyTransfer) -> CallEffect {
    let mut e = CallEffect::new(NativeRule::Consumed);
    let reference = Some(&c.payment_reference);
    e.flow(
        FlowKind::Payment,
        Asset::Native,
        c.to,
        call.value,
        reference,
        None,
    );
    e
}

/// `BatchConversionPayments.batchPayments`: each group's rows, at most five groups.
fn batch_payments(call: &DecodedCall, batch: &BatchPayments) -> CallEffect {
    let network = call.network;
    let token = |address: Address| Asset::Token(ChainAddress::from_abi(network, address));
    let mut rows = Rows::new(call.to, batch.fee_address);
    if batch.meta_details.len() >= 6 {
        // `BatchConversionPayments.sol` :99.
        rows.effect
            .reverts("batchPayments takes at most five groups (require(metaDetails.length < 6))");
    }
    // A native group (id 3) refunds the whole balance to the caller unless the last
    // group is a native conversion group (:121-133, `BatchNoConversionPayments.sol`
    // :211-215).
    let last_is_native_conversion = batch
        .meta_details
        .last()
        .is_some_and(|g| g.payment_network_id == BatchPaymentNetwork::NativeConversion);
    rows.refunds_each_native_group = !last_is_native_conversion;
    for group in &batch.meta_details {
        rows.group(group.payment_network_id, &group.request_details, &token);
    }
    rows.finish(Some(Excess::Kept))
}

/// A `BatchConversionPayments` function over one list of requests: its rows as one group.
fn batch_requests(call: &DecodedCall, batch: &BatchRequests) -> CallEffect {
    let network = call.network;
    let token = |address: Address| Asset::Token(ChainAddress::from_abi(network, address));
    let mut rows = Rows::new(call.to, batch.fee_address);
    let group = match batch.function {
        BatchFunction::Erc20 => BatchPaymentNetwork::Erc20,
        BatchFunction::MultiErc20 => BatchPaymentNetwork::MultiErc20,
        BatchFunction::Native => BatchPaymentNetwork::Native,
        BatchFunction::MultiErc20Conversion => BatchPaymentNetwork::MultiErc20Conversion,
        BatchFunction::NativeConversion => BatchPaymentNetwork::NativeConversion,
    };
    rows.group(group, &batch.request_details, &token);
    // Of the one-list functions only the native ones are payable.
    rows.finish(None)
}

/// A conversion over a market rate (a path of more than one token, or a native conversion):
/// no flow can be checked against the agreed amount.
fn market_rate_conversion(native: NativeRule) -> CallEffect {
    CallEffect {
        hazards: vec![Hazard::Unverifiable {
            reason: "a conversion payment's outflow depends on a market rate: it cannot be checked against the agreed amount",
        }],
        ..CallEffect::new(native)
    }
}

/// `Erc20ConversionProxy` with a path of one token: `ChainlinkConversionPath.getRate` of a
/// one-address path is `PRECISION / PRECISION` (its loop over the path's pairs runs zero times,
/// `ChainlinkConversionPath.sol` :109-124), so the amount and the fee are the request's exactly
/// (`Erc20ConversionProxy.sol` :103-122); above `_maxToSpend` the call reverts (:72); the fee
/// proxy's code runs by `delegatecall` (:75-87), pulling from the caller with the allowance
/// given to the conversion proxy, the fee leg only when `_feeAmount > 0 && _feeAddress != 0`.
fn one_token_conversion(
    call: &DecodedCall,
    c: &super::decode::Erc20ConversionTransfer,
) -> CallEffect {
    let mut e = CallEffect::new(NativeRule::None);
    let Some(token) = c.path.first() else {
        return e;
    };
    let asset = Asset::Token(ChainAddress::from_abi(call.network, *token));
    let fee = (c.fee_amount, c.fee_address);
    let (to, amount) = (c.to, c.request_amount);
    fee_proxy_payment(
        &mut e,
        asset,
        to,
        amount,
        &c.payment_reference,
        fee,
        Some(call.to),
    );
    match c.request_amount.checked_add(c.fee_amount) {
        Some(total) if total <= c.max_to_spend => {}
        Some(_) => e.reverts(
            "the conversion proxy pays more than maxToSpend allows (require(amountToPay + amountToPayInFees <= _maxToSpend))",
        ),
        None => overflow_hazard(&mut e, None),
    }
    e
}

/// `ERC20FeeProxy.transferFromWithReferenceAndFee` (`ERC20FeeProxy.sol` :42-48), called or run
/// by `delegatecall`: `amount` to `to` with the reference, pulled by `puller`; the fee leg only
/// when the fee is above 0 and its address is not zero.
fn fee_proxy_payment(
    e: &mut CallEffect,
    asset: Asset,
    to: ChainAddress,
    amount: U256,
    reference: &Bytes,
    (fee, fee_address): (U256, ChainAddress),
    puller: Option<ChainAddress>,
) {
    e.flow(
        FlowKind::Payment,
        asset,
        to,
        amount,
        Some(reference),
        puller,
    );
    if !fee.is_zero() && !fee_address.is_zero() {
        e.flow(FlowKind::Fee, asset, fee_address, fee, None, puller);
    }
}

/// `EthereumFeeProxy`: the amount to the payee, the fee to the fee address (always sent, even
/// to the zero address).
fn native_payment(
    e: &mut CallEffect,
    to: ChainAddress,
    amount: U256,
    reference: &Bytes,
    fee: U256,
    fee_address: ChainAddress,
) {
    e.flow(
        FlowKind::Payment,
        Asset::Native,
        to,
        amount,
        Some(reference),
        None,
    );
    if !fee.is_zero() {
        e.flow(FlowKind::Fee, Asset::Native, fee_address, fee, None, None);
    }
}

fn at_least(required: Option<U256>, excess: Excess) -> NativeRule {
    NativeRule::AtLeast {
        required: required.unwrap_or(U256::MAX),
        excess,
    }
}

fn overflow_hazard(e: &mut CallEffect, total: Option<U256>) {
    if total.is_none() {
        e.hazards.push(Hazard::Unverifiable {
            reason: "the amounts overflow uint256: the call reverts",
        });
    }
}

/// Legacy `BatchPayments` (and Tron's `ERC20BatchPayments`, which has no batch fee).
fn legacy_batch(call: &DecodedCall, batch: &super::decode::LegacyBatch) -> CallEffect {
    let native = matches!(batch.tokens, LegacyBatchTokens::Native {});
    let batch_contract = call.to;
    let has_batch_fee = call.target == Target::Contract(Contract::BatchPayments);
    let mut required = Some(U256::ZERO);
    let mut e = CallEffect::new(NativeRule::None);
    let mut bases: BTreeMap<Asset, U256> = BTreeMap::new();
    // What the contract pulls per token (Σ amount + fee, `BatchPayments.sol` :140-150, :230-250):
    // a sum beyond uint256 reverts.
    let mut pulled: BTreeMap<Asset, Option<U256>> = BTreeMap::new();
    for (token, to, amount, reference, fee) in batch.payments() {
        let asset = token.map_or(Asset::Native, |t| Asset::Token(*t));
        let base = bases.entry(asset).or_default();
        *base = base.saturating_add(amount);
        let sum = pulled.entry(asset).or_insert(Some(U256::ZERO));
        *sum = sum.and_then(|s| s.checked_add(amount)?.checked_add(fee));
        if native {
            required = required.and_then(|r| r.checked_add(amount)?.checked_add(fee));
            native_payment(&mut e, *to, amount, reference, fee, batch.fee_address);
            continue;
        }
        let puller = Some(batch_contract);
        e.flow(
            FlowKind::Payment,
            asset,
            *to,
            amount,
            Some(reference),
            puller,
        );
        batch_row_fee(&mut e, asset, fee, batch.fee_address, batch_contract);
    }
    if native {
        e.native = at_least(required, Excess::Refunded);
        overflow_hazard(&mut e, required);
    } else if let Some(overflow) = pulled.values().find(|sum| sum.is_none()) {
        overflow_hazard(&mut e, *overflow);
    }
    if has_batch_fee {
        e.batch_fee = Some(BatchFee {
            unit: RateUnit::PerMille,
            fee_address: batch.fee_address,
            bases: bases.into_iter().collect(),
            puller: (!native).then_some(batch_contract),
        });
    }
    e
}

/// A row fee of an ERC-20 batch: the batch contract pulls it with the row, and the proxy pays it
/// to the fee address, or skips it when the fee address is zero (then it stays in the batch
/// contract: `BatchPayments.sol` :157-172, `BatchNoConversionPayments.sol` :358-385).
fn batch_row_fee(
    e: &mut CallEffect,
    asset: Asset,
    fee: U256,
    fee_address: ChainAddress,
    batch: ChainAddress,
) {
    let puller = Some(batch);
    match (fee.is_zero(), fee_address.is_zero()) {
        (true, _) => {}
        (false, false) => e.flow(FlowKind::Fee, asset, fee_address, fee, None, puller),
        (false, true) => {
            e.flow(FlowKind::Stranded, asset, batch, fee, None, puller);
            e.hazards.push(Hazard::Stranded {
                asset,
                amount: fee,
                reason: "the batch contract pulls a row's fee but the proxy skips a fee to the zero address: it stays in the batch contract",
            });
        }
    }
}

/// The rows of a `BatchConversionPayments` call, group by group.
struct Rows {
    batch: ChainAddress,
    fee_address: ChainAddress,
    effect: CallEffect,
    native_required: Option<U256>,
    has_native_group: bool,
    bases: BTreeMap<Asset, U256>,
    /// What the contract pulls per token (`getUTokens`, `_batchERC20Payments`): a sum beyond
    /// uint256 reverts.
    pulled: BTreeMap<Asset, Option<U256>>,
    /// Whether each native group (id 3) sends the whole balance back when it ends
    /// (`batchPayments` unless its last group is a native conversion group).
    refunds_each_native_group: bool,
    /// Whether a native group has already sent the whole balance back: a later group that
    /// needs native value finds none.
    balance_refunded: bool,
}

impl Rows {
    fn new(batch: ChainAddress, fee_address: ChainAddress) -> Rows {
        Rows {
            batch,
            fee_address,
            effect: CallEffect::new(NativeRule::None),
            native_required: Some(U256::ZERO),
            has_native_group: false,
            bases: BTreeMap::new(),
            pulled: BTreeMap::new(),
            refunds_each_native_group: false,
            balance_refunded: false,
        }
    }

    /// A later group that needs native value after a native group has refunded the balance
    /// (`BatchNoConversionPayments.sol` :182 `Not enough funds`; `EthConversionProxy` gets
    /// nothing to pay with).
    fn needs_native(&mut self, needs: bool) {
        if needs && self.balance_refunded {
            self.effect.reverts(
                "a group of batchPayments needs native value after a native group has sent the whole balance back: its rows find no funds",
            );
        }
    }

    fn pull(&mut self, asset: Asset, amount: U256, fee: U256) {
        let sum = self.pulled.entry(asset).or_insert(Some(U256::ZERO));
        *sum = sum.and_then(|s| s.checked_add(amount)?.checked_add(fee));
    }

    fn base(&mut self, asset: Asset, amount: U256) {
        let base = self.bases.entry(asset).or_default();
        *base = base.saturating_add(amount);
    }

    fn group(
        &mut self,
        id: BatchPaymentNetwork,
        details: &[RequestDetail],
        token: &dyn Fn(Address) -> Asset,
    ) {
        match id {
            BatchPaymentNetwork::Erc20 | BatchPaymentNetwork::MultiErc20 => {
                if id == BatchPaymentNetwork::Erc20 && details.is_empty() {
                    // `_batchERC20Payments` reads `requestDetails[0]` (:245-252).
                    self.effect.reverts(
                        "an ERC-20 group without rows: batchERC20Payments reads its first row and reverts",
                    );
                }
                if details.iter().any(|d| d.path.is_empty()) {
                    // `rD.path[0]` (:266, :329) and `getUTokens`' `rD.path[rD.path.length - 1]`.
                    self.effect.reverts(
                        "an ERC-20 row without a token (an empty path): the batch contract reads its first token and reverts",
                    );
                }
                // id 1 pulls the first row's token for every row; id 2 pulls per `path[last]`.
                let first = details.first().and_then(|d| d.path.first()).copied();
                for detail in details {
                    self.erc20_row(id, detail, first, token);
                }
            }
            BatchPaymentNetwork::Native => {
                self.has_native_group = true;
                let needs = details
                    .iter()
                    .any(|d| !d.request_amount.is_zero() || !d.fee_amount.is_zero());
                self.needs_native(needs);
                for d in details {
                    self.callout(d.recipient, CalloutRole::Recipient);
                    self.native_required = self
                        .native_required
                        .and_then(|r| r.checked_add(d.request_amount)?.checked_add(d.fee_amount));
                    self.base(Asset::Native, d.request_amount);
                    native_payment(
                        &mut self.effect,
                        d.recipient,
                        d.request_amount,
                        &d.payment_reference,
                        d.fee_amount,
                        self.fee_address,
                    );
                }
                self.balance_refunded |= self.refunds_each_native_group;
            }
            BatchPaymentNetwork::MultiErc20Conversion | BatchPaymentNetwork::NativeConversion => {
                if id == BatchPaymentNetwork::NativeConversion {
                    // Each row may spend up to its maxToSpend of native value; the batch fee
                    // applies to what is spent (BatchConversionPayments.sol :275-323).
                    self.has_native_group = true;
                    self.needs_native(!details.is_empty());
                    for d in details {
                        self.callout(d.recipient, CalloutRole::Recipient);
                        self.native_required = self
                            .native_required
                            .and_then(|r| r.checked_add(d.max_to_spend));
                        self.base(Asset::Native, d.max_to_spend);
                    }
                }
                self.effect.hazards.push(Hazard::Unverifiable {
                    reason: "a conversion group's outflow depends on a market rate: it cannot be checked against the agreed amount",
                });
            }
        }
    }

    fn callout(&mut self, to: ChainAddress, role: CalloutRole) {
        self.effect.callouts.push(Callout { to, role });
    }

    fn erc20_row(
        &mut self,
        id: BatchPaymentNetwork,
        d: &RequestDetail,
        first: Option<Address>,
        token: &dyn Fn(Address) -> Asset,
    ) {
        if d.path.is_empty() {
            return; // the call reverts (see `group`)
        }
        let [paid] = d.path.as_slice() else {
            let last = d.path.last().map_or(Asset::Native, |t| token(*t));
            self.pull(last, d.max_to_spend, U256::ZERO);
            self.effect.hazards.push(Hazard::Stranded {
                asset: d.path.last().map_or(Asset::Native, |t| token(*t)),
                amount: d.max_to_spend,
                reason: "a non-conversion row with a path of more than one token: the batch contract pulls maxToSpend of the last token, pays the row in the first from its own balance (the call fails unless it holds some) and refunds nothing",
            });
            return;
        };
        // `maxToSpend` of a one-token row is read by neither function: `_batchERC20Payments`
        // never reads it, `getUTokens` adds `requestAmount + feeAmount` for a path of one token
        // (`BatchNoConversionPayments.sol` :239, :411, :430).
        if id == BatchPaymentNetwork::Erc20 && first != Some(*paid) {
            self.effect.hazards.push(Hazard::Unverifiable {
                reason: "batchERC20Payments pulls the first row's token for every row: a row in another token is paid from tokens the contract did not pull",
            });
        }
        let asset = token(*paid);
        let puller = Some(self.batch);
        self.base(asset, d.request_amount);
        self.pull(asset, d.request_amount, d.fee_amount);
        self.effect.flow(
            FlowKind::Payment,
            asset,
            d.recipient,
            d.request_amount,
            Some(&d.payment_reference),
            puller,
        );
        batch_row_fee(
            &mut self.effect,
            asset,
            d.fee_amount,
            self.fee_address,
            self.batch,
        );
    }

    /// The effect; without a native group, the call takes value if `excess_without_native_group`
    /// says what becomes of it (`batchPayments` keeps it) and is not payable if `None`.
    fn finish(mut self, excess_without_native_group: Option<Excess>) -> CallEffect {
        if let Some(overflow) = self.pulled.values().find(|sum| sum.is_none()) {
            overflow_hazard(&mut self.effect, *overflow);
        }
        self.effect.native = if self.has_native_group {
            overflow_hazard(&mut self.effect, self.native_required);
            // The zero address has no code: nothing runs there.
            if !self.fee_address.is_zero() {
                let fee_address = self.fee_address;
                self.callout(fee_address, CalloutRole::BatchFee);
            }
            at_least(self.native_required, Excess::Refunded)
        } else {
            match excess_without_native_group {
                Some(excess) => NativeRule::AtLeast {
                    required: U256::ZERO,
                    excess,
                },
                None => NativeRule::None,
            }
        };
        let token_puller = self
            .bases
            .keys()
            .any(|asset| matches!(asset, Asset::Token(_)))
            .then_some(self.batch);
        self.effect.batch_fee = Some(BatchFee {
            unit: RateUnit::PerTenThousand,
            fee_address: self.fee_address,
            bases: self.bases.into_iter().collect(),
            puller: token_puller,
        });
        self.effect
    }
}
