//! The answer of detection: what was paid, refunded and charged in fees, and what was left out
//! and why.

use std::fmt;

use alloy_primitives::{Address, I256, U256};
use serde::{Serialize, Serializer};

use super::ignored::Ignored;
use crate::address::ChainAddress;
use crate::amount::{Amount, Decimals};
use crate::calldata::PaymentReference;
use crate::contracts::Contract;
use crate::currency::Currency;
use crate::network::Network;
use crate::partial::{Applied, Ledger, LedgerError, TxHash};

/// What a payment event moved: a token, or the network's native currency.
///
/// ```
/// use securepay::detect::Asset;
/// assert_eq!(serde_json::to_string(&Asset::Native)?, r#""native""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Asset {
    /// The network's native currency.
    Native,
    /// A token contract.
    Token(ChainAddress),
}

impl fmt::Display for Asset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Asset::Native => f.write_str("native"),
            Asset::Token(token) => token.fmt(f),
        }
    }
}

impl Serialize for Asset {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// How the settlement's currency is denominated.
///
/// ```
/// use securepay::detect::CurrencyKind;
/// assert_eq!(serde_json::to_string(&CurrencyKind::Fiat)?, r#""fiat""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CurrencyKind {
    /// A token: the amounts are the token's.
    Token,
    /// The native currency.
    Native,
    /// A fiat currency: conversions only, amounts in its smallest units (cents).
    Fiat,
}

/// The currency a settlement's amounts are in: the request's (from the criteria), or the
/// first counted payment's when the criteria name none.
///
/// ```
/// use securepay::detect::{CurrencyKind, SettledCurrency};
/// # use securepay::detect::{detect, ChainData, Criteria};
/// # use securepay::calldata::PaymentReference;
/// # use securepay::currency::Catalog;
/// # use securepay::network::Network;
/// # let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8])).with_currency(Catalog::builtin().get("EUR")?.clone())?;
/// let settlement = detect(&ChainData::Logs(vec![]), &criteria)?;
/// let eur: &SettledCurrency = settlement.currency.as_ref().ok_or("no currency")?;
/// assert_eq!((eur.kind, eur.decimals.map(|d| d.get())), (CurrencyKind::Fiat, Some(2)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SettledCurrency {
    /// Token, native or fiat.
    pub kind: CurrencyKind,
    /// The currency's hash as a conversion names it: the token address, or a native or fiat
    /// currency's hash.
    pub hash: Address,
    /// The currency of the catalog (or the criteria), when known.
    pub currency: Option<Currency>,
    /// Its decimals, when known.
    pub decimals: Option<Decimals>,
}

impl Serialize for SettledCurrency {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Wire<'a> {
            id: Option<String>,
            kind: CurrencyKind,
            hash: String,
            decimals: Option<u8>,
            #[serde(skip)]
            _of: std::marker::PhantomData<&'a ()>,
        }
        Wire {
            id: self.currency.as_ref().map(|c| c.id().to_string()),
            kind: self.kind,
            hash: format!("{:#x}", self.hash),
            decimals: self.decimals.map(Decimals::get),
            _of: std::marker::PhantomData,
        }
        .serialize(serializer)
    }
}

/// The conversion part of a payment made through a conversion proxy: the event pair's second
/// event, and what the first one moved.
///
/// ```
/// # use securepay::detect::Conversion;
/// fn crypto(conversion: &Conversion) -> String { conversion.amount_in_crypto.to_string() }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Conversion {
    /// `TransferWithConversionAndReference.currency`: the request currency's hash.
    #[serde(serialize_with = "hex_address")]
    pub currency: Address,
    /// The token or native amount paid (the fee-proxy event's `amount`).
    #[serde(serialize_with = "crate::serde_util::u256_decimal")]
    pub amount_in_crypto: U256,
    /// The token or native fee paid (the fee-proxy event's `feeAmount`).
    #[serde(serialize_with = "crate::serde_util::u256_decimal")]
    pub fee_in_crypto: U256,
    /// The event's `maxRateTimespan`.
    #[serde(serialize_with = "crate::serde_util::u256_decimal")]
    pub max_rate_timespan: U256,
    /// The log index of the fee-proxy event paired with the conversion event.
    pub payment_log_index: u64,
}

fn hex_address<S: Serializer>(address: &Address, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&format_args!("{address:#x}"))
}

/// A payment or refund that counts.
///
/// `amount` and `fee` are in the settlement's currency: the event's own amounts, or for a
/// conversion the request-currency amounts of its `TransferWithConversionAndReference` (fiat
/// amounts unpadded from Chainlink's 8 decimals, rounding down, as Request Network does).
/// `amount` excludes the fee.
///
/// ```
/// # use securepay::detect::PaymentEvent;
/// fn describe(p: &PaymentEvent) -> String {
///     format!("{} to {} in {} (log {} of block {})", p.amount, p.payee, p.transaction_hash, p.log_index, p.block_number)
/// }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentEvent {
    /// The network.
    pub network: Network,
    /// The transaction.
    pub transaction_hash: TxHash,
    /// The log's index (on Tron, TronGrid's `event_index`).
    pub log_index: u64,
    /// The block.
    pub block_number: u64,
    /// Blocks since, counting the event's own (when the head block is given).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirmations: Option<u64>,
    /// The contract that emitted the event.
    pub contract: Contract,
    /// The versions of the contract deployed at the emitter's address on this network.
    pub versions: Vec<String>,
    /// The emitter's address.
    pub emitter: ChainAddress,
    /// What moved.
    pub token: Asset,
    /// The recipient (`to`).
    pub payee: ChainAddress,
    /// The amount, in the settlement's currency, fee excluded.
    #[serde(serialize_with = "crate::serde_util::u256_decimal")]
    pub amount: U256,
    /// The fee, in the settlement's currency.
    #[serde(serialize_with = "crate::serde_util::u256_decimal")]
    pub fee: U256,
    /// The fee recipient (`feeAddress`; none for the proxies without a fee).
    pub fee_address: Option<ChainAddress>,
    /// The payment reference the event's topic is the hash of.
    pub reference: PaymentReference,
    /// For a conversion payment, its conversion part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conversion: Option<Conversion>,
    /// The contract the transaction called, when it is another known contract (a batch
    /// contract, which calls the proxy): known for receipts only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub via: Option<Contract>,
}

/// Whether an event is a payment or a refund.
///
/// ```
/// use securepay::detect::Role;
/// assert_eq!(serde_json::to_string(&Role::Refund)?, r#""refund""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// An event of the payment reference.
    Payment,
    /// An event of the refund reference.
    Refund,
}

/// A fee of a counted payment or refund (zero fees are not listed).
///
/// ```
/// # use securepay::detect::Fee;
/// fn counted(fees: &[Fee]) -> usize { fees.iter().filter(|f| f.counted).count() }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Fee {
    /// The transaction.
    pub transaction_hash: TxHash,
    /// The log index of the event.
    pub log_index: u64,
    /// Of a payment or of a refund.
    pub role: Role,
    /// The fee, in the settlement's currency.
    #[serde(serialize_with = "crate::serde_util::u256_decimal")]
    pub amount: U256,
    /// The fee recipient.
    pub fee_address: Option<ChainAddress>,
    /// Whether it counts in the fee balance: paid to the request's fee address (false when the
    /// criteria name none).
    pub counted: bool,
}

/// A tie between events and the request that the criteria did not give, so was not checked.
///
/// ```
/// use securepay::detect::Unchecked;
/// assert_eq!(serde_json::to_string(&Unchecked::Payee)?, r#""payee""#);
/// assert_eq!(serde_json::to_string(&Unchecked::FeeAddress)?, r#""fee_address""#);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Unchecked {
    /// No payee: a payment to anyone with the reference counts.
    Payee,
    /// No currency: the first counted payment's currency is the settlement's.
    Currency,
    /// No fee address: no fee counts in the fee balance.
    FeeAddress,
    /// A refund reference but no refund address: a refund to anyone counts.
    RefundAddress,
}

/// What the chain data says was paid for one request.
///
/// `balance` is the sum of the payments' amounts minus the refunds' (Request Network's
/// `getBalance`, `RequestNetwork/requestNetwork@f1942807:packages/payment-detection/src/payment-detector-base.ts:75-85`):
/// it may be negative and is not capped at the expected amount. Payments and refunds are in
/// block and log order.
///
/// ```
/// use securepay::calldata::PaymentReference;
/// use securepay::detect::{detect, ChainData, Criteria};
/// use securepay::network::Network;
///
/// let settlement = detect(&ChainData::Logs(vec![]), &Criteria::new(Network::Base, PaymentReference::new([1; 8])))?;
/// assert!(!settlement.is_paid());
/// assert_eq!(settlement.balance.to_string(), "0");
/// # Ok::<(), securepay::detect::DetectError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Settlement {
    /// The network.
    pub network: Network,
    /// The payment reference.
    pub reference: PaymentReference,
    /// The currency of the amounts (none when nothing counted and the criteria name none).
    pub currency: Option<SettledCurrency>,
    /// Payments minus refunds, in the currency's smallest units.
    #[serde(serialize_with = "i256_decimal")]
    pub balance: I256,
    /// The payments that count.
    pub payments: Vec<PaymentEvent>,
    /// The refunds that count.
    pub refunds: Vec<PaymentEvent>,
    /// The fees of the payments and refunds that count.
    pub fees: Vec<Fee>,
    /// The fees paid to the request's fee address, refunds' included (Request Network adds
    /// them); none when the criteria name no fee address.
    #[serde(serialize_with = "crate::serde_util::u256_decimal_opt")]
    pub fee_balance: Option<U256>,
    /// Every log (or receipt) that does not count, and why.
    pub ignored: Vec<Ignored>,
    /// The ties the criteria did not give.
    pub unchecked: Vec<Unchecked>,
}

fn i256_decimal<S: Serializer>(value: &I256, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(value)
}

/// Why a settlement could not be applied to a ledger.
///
/// ```
/// # use securepay::detect::ApplyError;
/// fn show(error: &ApplyError) -> String { error.to_string() }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ApplyError {
    /// The ledger's currency has other decimals than the settlement's.
    #[error("the ledger counts {ledger} decimals, the settlement {settlement}")]
    Decimals {
        /// The ledger's.
        ledger: u8,
        /// The settlement's.
        settlement: u8,
    },
    /// The ledger refused a payment.
    #[error(transparent)]
    Ledger(#[from] LedgerError),
}

impl Settlement {
    /// Whether any payment counts.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::detect::{detect, ChainData, Criteria};
    /// # use securepay::network::Network;
    /// let settlement = detect(&ChainData::Logs(vec![]), &Criteria::new(Network::Base, PaymentReference::new([1; 8])))?;
    /// assert!(!settlement.is_paid());
    /// # Ok::<(), securepay::detect::DetectError>(())
    /// ```
    pub fn is_paid(&self) -> bool {
        !self.payments.is_empty()
    }

    /// The payments of transaction `tx`.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::detect::{detect, ChainData, Criteria};
    /// # use securepay::network::Network;
    /// # let settlement = detect(&ChainData::Logs(vec![]), &Criteria::new(Network::Base, PaymentReference::new([1; 8])))?;
    /// let tx = "0x1111111111111111111111111111111111111111111111111111111111111111".parse()?;
    /// assert_eq!(settlement.payments_in(tx).count(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn payments_in(&self, tx: TxHash) -> impl Iterator<Item = &PaymentEvent> {
        self.payments
            .iter()
            .filter(move |p| p.transaction_hash == tx)
    }

    /// The sum of the payments of transaction `tx` (`None` if it overflows).
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::detect::{detect, ChainData, Criteria};
    /// # use securepay::network::Network;
    /// # use securepay::primitives::U256;
    /// # let settlement = detect(&ChainData::Logs(vec![]), &Criteria::new(Network::Base, PaymentReference::new([1; 8])))?;
    /// let tx = "0x1111111111111111111111111111111111111111111111111111111111111111".parse()?;
    /// assert_eq!(settlement.paid_in(tx), Some(U256::ZERO));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn paid_in(&self, tx: TxHash) -> Option<U256> {
        self.payments_in(tx)
            .try_fold(U256::ZERO, |sum, p| sum.checked_add(p.amount))
    }

    /// Applies the payments to `ledger`, one ledger payment per transaction (the sum of its
    /// payment events), in block order. A ledger counts payments only: refunds are not applied
    /// (compare [`Settlement::balance`] with [`Ledger::paid`]). The ledger's decimals must be
    /// the settlement currency's when it is known.
    ///
    /// ```
    /// use securepay::amount::{Amount, Decimals};
    /// use securepay::calldata::PaymentReference;
    /// use securepay::detect::{detect, ChainData, Criteria};
    /// use securepay::network::Network;
    /// use securepay::partial::Ledger;
    ///
    /// let settlement = detect(&ChainData::Logs(vec![]), &Criteria::new(Network::Base, PaymentReference::new([1; 8])))?;
    /// let mut ledger = Ledger::new("01ab", Amount::parse_positive("10", Decimals::new(6)?)?)?;
    /// assert!(settlement.apply_to(&mut ledger)?.is_empty()); // nothing paid, nothing applied
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn apply_to(&self, ledger: &mut Ledger) -> Result<Vec<Applied>, ApplyError> {
        if let Some(decimals) = self.currency.as_ref().and_then(|c| c.decimals) {
            if decimals != ledger.decimals() {
                return Err(ApplyError::Decimals {
                    ledger: ledger.decimals().get(),
                    settlement: decimals.get(),
                });
            }
        }
        let mut transactions: Vec<TxHash> = Vec::new();
        for payment in &self.payments {
            if !transactions.contains(&payment.transaction_hash) {
                transactions.push(payment.transaction_hash);
            }
        }
        let mut applied = Vec::with_capacity(transactions.len());
        for tx in transactions {
            let units = self.paid_in(tx).ok_or(LedgerError::Overflow)?;
            if !units.is_zero() {
                applied.push(ledger.apply_units(tx, units)?);
            }
        }
        Ok(applied)
    }

    /// The balance as an amount of the settlement's currency, when it is known and not
    /// negative.
    ///
    /// ```
    /// # use securepay::calldata::PaymentReference;
    /// # use securepay::currency::Catalog;
    /// # use securepay::detect::{detect, ChainData, Criteria};
    /// # use securepay::network::Network;
    /// let usdc = Catalog::builtin().get("USDC-base")?.clone();
    /// let criteria = Criteria::new(Network::Base, PaymentReference::new([1; 8])).with_currency(usdc)?;
    /// let settlement = detect(&ChainData::Logs(vec![]), &criteria)?;
    /// assert_eq!(settlement.balance_amount().map(|a| a.to_string()), Some("0".to_owned()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn balance_amount(&self) -> Option<Amount> {
        let decimals = self.currency.as_ref()?.decimals?;
        let units = U256::try_from(self.balance).ok()?;
        Some(Amount::from_units(units, decimals))
    }
}
