//! Payloads of the payment events: `payment.confirmed` / `payment.partial` (and their
//! `.client_id` / `.checkout` variants), `payment.failed`, `payment.refunded`,
//! `payment.processing`, `request.recurring`.
//!
//! Field names are the service's (<https://docs.request.network/api-reference/webhooks>). Amounts are decimal strings kept as
//! [`DecimalText`]; convert them with the currency's decimals. `network` is a free string (the
//! docs show both `"ethereum"` and the network id `"sepolia"`); `requestId` is not validated
//! beyond consistency with the legacy `requestID`. Fields this version does not model are kept
//! in `extra` and written back unchanged.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::status::{FeeType, PaymentProcessor, SubStatus};
use super::{DecimalText, EventError, EventScope};
use crate::address::{ChainAddress, ChainAddressError};
use crate::amount::{Amount, AmountError, Decimals};
use crate::currency::{Catalog, Currency, CurrencyNetwork};
use crate::network::{Network, NetworkError};
use crate::wire::json::{payload_fields, strict_value, unique_fields};

/// `requestId` and its legacy duplicate `requestID`, as the payment events carry them.
///
/// When both are present they must agree ([`Event`](super::Event) parsing refuses the event
/// otherwise); the value is not validated further (a ULID appears in one doc example where a
/// 66-hex id is usual).
///
/// ```
/// use securepay::webhook::RequestIds;
///
/// let ids: RequestIds = serde_json::from_str(r#"{"requestId": "01ab", "requestID": "01ab"}"#)?;
/// assert_eq!((ids.request_id.as_deref(), ids.legacy.as_deref()), (Some("01ab"), Some("01ab")));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[non_exhaustive]
pub struct RequestIds {
    /// `requestId`.
    #[serde(rename = "requestId", default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// `requestID`: the legacy duplicate.
    #[serde(rename = "requestID", default, skip_serializing_if = "Option::is_none")]
    pub legacy: Option<String>,
}

impl RequestIds {
    /// `requestId`, or `requestID` when only that one is present.
    ///
    /// ```
    /// use securepay::webhook::RequestIds;
    ///
    /// let legacy_only: RequestIds = serde_json::from_str(r#"{"requestID": "01ab"}"#)?;
    /// assert_eq!(legacy_only.get(), Some("01ab"));
    /// assert_eq!(RequestIds::default().get(), None);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn get(&self) -> Option<&str> {
        self.request_id.as_deref().or(self.legacy.as_deref())
    }

    /// Refuses two different ids, and no id at all when one is `required`.
    pub(crate) fn check(&self, event: &str, required: bool) -> Result<(), EventError> {
        match (&self.request_id, &self.legacy) {
            (Some(id), Some(legacy)) if id != legacy => Err(EventError::RequestIdMismatch {
                event: event.to_owned(),
                request_id: id.clone(),
                legacy: legacy.clone(),
            }),
            (None, None) if required => Err(EventError::MissingRequestId {
                event: event.to_owned(),
            }),
            _ => Ok(()),
        }
    }
}

/// The payload of `payment.confirmed` and `payment.partial` (all scopes): `amount` is this
/// transaction, `totalAmountPaid` the cumulative total, `expectedAmount` the request's amount.
///
/// ```
/// use securepay::webhook::{Event, EventScope, SubStatus};
///
/// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.confirmed.json")))?;
/// let Event::PaymentConfirmed(payment) = event else { unreachable!() };
/// assert_eq!(payment.scope, EventScope::Core);
/// assert_eq!(payment.sub_status, Some(SubStatus::Empty)); // a crypto payment
/// assert_eq!(payment.fees.map(|fees| fees.len()), Some(1));
/// # Ok::<(), securepay::webhook::EventError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentUpdate {
    /// Which variant of the event delivered this payload (from the event name).
    #[serde(skip)]
    pub scope: EventScope,
    /// `requestId` and the legacy `requestID`.
    #[serde(flatten)]
    pub ids: RequestIds,
    /// `paymentReference` (`0x` + 16 hex).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_reference: Option<String>,
    /// `explorer`: the Request Scan URL.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explorer: Option<String>,
    /// `amount`: this transaction's amount (human decimal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<DecimalText>,
    /// `totalAmountPaid`: the cumulative amount paid (human decimal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_amount_paid: Option<DecimalText>,
    /// `expectedAmount`: the request's amount (human decimal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_amount: Option<DecimalText>,
    /// `timestamp` (ISO 8601).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// `txHash`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tx_hash: Option<String>,
    /// `payerAddress` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payer_address: Option<String>,
    /// `payerEoaAddress` (nullable): the EOA behind a smart account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payer_eoa_address: Option<String>,
    /// `payee` (in the Client ID example).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payee: Option<String>,
    /// `network`: a free string (`"ethereum"` or a network id such as `"sepolia"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<String>,
    /// `currency` (a symbol such as `USDC`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    /// `paymentCurrency`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_currency: Option<String>,
    /// `isCryptoToFiat`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_crypto_to_fiat: Option<bool>,
    /// `subStatus` (`""` for crypto payments).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sub_status: Option<SubStatus>,
    /// `paymentProcessor`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_processor: Option<PaymentProcessor>,
    /// `fees`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fees: Option<Vec<EventFee>>,
    /// `clientId` (`.client_id` variant).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client_id: Option<String>,
    /// `origin` (`.client_id` variant).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
    /// `recurringPayment` (`{ "id": … }`).
    #[serde(
        default,
        deserialize_with = "strict_value",
        skip_serializing_if = "Option::is_none"
    )]
    pub recurring_payment: Option<Value>,
    /// `customerInfo`.
    #[serde(
        default,
        deserialize_with = "strict_value",
        skip_serializing_if = "Option::is_none"
    )]
    pub customer_info: Option<Value>,
    /// `reference`: the merchant's reference.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// `conversionRate`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion_rate: Option<String>,
    /// `convertedAmountSource`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub converted_amount_source: Option<String>,
    /// `convertedAmountDestination`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub converted_amount_destination: Option<String>,
    /// `conversionRateSource`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion_rate_source: Option<String>,
    /// `conversionRateDestination`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion_rate_destination: Option<String>,
    /// `rateProvider`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate_provider: Option<String>,
    /// Any other field, kept as sent (no field given twice; `event` is the envelope's, not
    /// the payload's).
    #[serde(flatten, deserialize_with = "payload_fields")]
    pub extra: Map<String, Value>,
}

impl PaymentUpdate {
    /// `requestId`, or the legacy `requestID` when only that one is present.
    ///
    /// ```
    /// use securepay::webhook::Event;
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.partial.client_id", "requestID": "01ab"}"#)?;
    /// let Event::PaymentPartial(payment) = event else { unreachable!() };
    /// assert_eq!(payment.request_id(), Some("01ab"));
    /// # Ok::<(), securepay::webhook::EventError>(())
    /// ```
    pub fn request_id(&self) -> Option<&str> {
        self.ids.get()
    }

    /// `amount` in a currency with `decimals`, exactly.
    ///
    /// ```
    /// use securepay::amount::Decimals;
    /// use securepay::webhook::Event;
    ///
    /// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.partial.json")))?;
    /// let Event::PaymentPartial(payment) = event else { unreachable!() };
    /// let amount = payment.amount_in(Decimals::new(6)?).transpose()?; // USDC
    /// assert_eq!(amount.map(|a| a.units().to::<u64>()), Some(50_000_000));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn amount_in(&self, decimals: Decimals) -> Option<Result<Amount, AmountError>> {
        self.amount.as_ref().map(|a| a.to_amount(decimals))
    }

    /// `totalAmountPaid` in a currency with `decimals`, exactly.
    ///
    /// ```
    /// use securepay::amount::Decimals;
    /// use securepay::webhook::Event;
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.partial", "requestId": "01ab", "totalAmountPaid": "75.25"}"#)?;
    /// let Event::PaymentPartial(payment) = event else { unreachable!() };
    /// assert_eq!(payment.total_amount_paid_in(Decimals::new(6)?).transpose()?.map(|a| a.to_string()), Some("75.25".to_owned()));
    /// assert!(payment.total_amount_paid_in(Decimals::new(1)?).is_some_and(|r| r.is_err())); // never rounded
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn total_amount_paid_in(&self, decimals: Decimals) -> Option<Result<Amount, AmountError>> {
        self.total_amount_paid
            .as_ref()
            .map(|a| a.to_amount(decimals))
    }

    /// `expectedAmount` in a currency with `decimals`, exactly.
    ///
    /// ```
    /// use securepay::amount::Decimals;
    /// use securepay::webhook::Event;
    ///
    /// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.partial.json")))?;
    /// let Event::PaymentPartial(payment) = event else { unreachable!() };
    /// let expected = payment.expected_amount_in(Decimals::new(6)?).transpose()?;
    /// assert_eq!(expected.map(|a| a.to_string()), Some("100".to_owned())); // "100.0" as sent
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn expected_amount_in(&self, decimals: Decimals) -> Option<Result<Amount, AmountError>> {
        self.expected_amount.as_ref().map(|a| a.to_amount(decimals))
    }

    /// `network` read as the service's payloads name networks ([`Network::from_name`]:
    /// `"ethereum"` is Ethereum mainnet, ids such as `"sepolia"` in any case).
    ///
    /// ```
    /// use securepay::network::Network;
    /// use securepay::webhook::Event;
    ///
    /// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.partial.json")))?;
    /// let Event::PaymentPartial(payment) = event else { unreachable!() };
    /// assert_eq!(payment.network.as_deref(), Some("ethereum"));
    /// assert_eq!(payment.parsed_network().transpose()?, Some(Network::Mainnet));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parsed_network(&self) -> Option<Result<Network, NetworkError>> {
        self.network.as_deref().map(Network::from_name)
    }

    /// The currency `currency` (a symbol) names on `network`, in `catalog`: its decimals read
    /// `amount`, `totalAmountPaid` and `expectedAmount` exactly. `None` when the payload has no
    /// network or no currency; an error when the network is unknown, or the symbol names no
    /// currency of the network or several (then the payload does not say which).
    ///
    /// ```
    /// use securepay::currency::Catalog;
    /// use securepay::webhook::Event;
    ///
    /// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.partial.json")))?;
    /// let Event::PaymentPartial(payment) = event else { unreachable!() };
    /// let usdc = payment.currency_in(Catalog::builtin()).transpose()?.ok_or("no currency")?;
    /// assert_eq!(usdc.id().as_str(), "USDC-mainnet");
    /// let amount = payment.amount_in(usdc.decimals()).transpose()?;
    /// assert_eq!(amount.map(|a| a.units().to::<u64>()), Some(50_000_000));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn currency_in<'c>(
        &self,
        catalog: &'c Catalog,
    ) -> Option<Result<&'c Currency, PaymentCurrencyError>> {
        let (network, symbol) = (self.network.as_deref()?, self.currency.as_deref()?);
        Some(currency_on(catalog, network, symbol))
    }

    /// `payerAddress` as an EVM or Tron address, when present. Mixed case must be the exact
    /// EIP-55 checksum: the service's own documented `payment.confirmed` example
    /// (`0x92Fc3406…e4d5`) is not, so for it this returns the checksum error while the raw
    /// text stays in `payer_address`.
    ///
    /// ```
    /// use securepay::webhook::Event;
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.confirmed", "requestId": "01ab",
    ///     "payerAddress": "0x6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7"}"#)?;
    /// let Event::PaymentConfirmed(payment) = event else { unreachable!() };
    /// let payer = payment.payer().transpose()?.map(|a| a.to_string());
    /// assert_eq!(payer.as_deref(), Some("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn payer(&self) -> Option<Result<ChainAddress, ChainAddressError>> {
        self.payer_address.as_deref().map(ChainAddress::parse_any)
    }

    /// `payerEoaAddress` as an EVM or Tron address, when present.
    ///
    /// ```
    /// use securepay::webhook::Event;
    ///
    /// let event = Event::parse_unverified(br#"{"event": "payment.confirmed", "requestId": "01ab",
    ///     "payerAddress": "0x1111111111111111111111111111111111111111", "payerEoaAddress": null}"#)?;
    /// let Event::PaymentConfirmed(payment) = event else { unreachable!() };
    /// assert!(payment.payer_eoa().is_none()); // paid from an EOA directly, not a smart account
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn payer_eoa(&self) -> Option<Result<ChainAddress, ChainAddressError>> {
        self.payer_eoa_address
            .as_deref()
            .map(ChainAddress::parse_any)
    }
}

/// Why a webhook's `network` and `currency` do not name one currency of the catalog.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PaymentCurrencyError {
    /// The network is not one of the service's.
    #[error("network: {0}")]
    Network(#[from] NetworkError),
    /// No currency of the network has this symbol.
    #[error("no currency {symbol:?} on {network}")]
    Unknown {
        /// The symbol.
        symbol: String,
        /// The network.
        network: Network,
    },
    /// Several currencies of the network have this symbol.
    #[error("{symbol:?} on {network} names several currencies: {}", ids.join(", "))]
    Ambiguous {
        /// The symbol.
        symbol: String,
        /// The network.
        network: Network,
        /// The currencies it may be.
        ids: Vec<String>,
    },
}

fn currency_on<'c>(
    catalog: &'c Catalog,
    network: &str,
    symbol: &str,
) -> Result<&'c Currency, PaymentCurrencyError> {
    let network = Network::from_name(network)?;
    let mut found = catalog
        .currencies()
        .filter(|c| *c.network() == CurrencyNetwork::Chain(network) && c.symbol() == symbol);
    let Some(first) = found.next() else {
        return Err(PaymentCurrencyError::Unknown {
            symbol: symbol.to_owned(),
            network,
        });
    };
    let others: Vec<String> = found.map(|c| c.id().to_string()).collect();
    if others.is_empty() {
        return Ok(first);
    }
    Err(PaymentCurrencyError::Ambiguous {
        symbol: symbol.to_owned(),
        network,
        ids: std::iter::once(first.id().to_string())
            .chain(others)
            .collect(),
    })
}

/// A fee in a webhook: `{ "type": "network", "amount": "0.02", "currency": "ETH" }`.
///
/// ```
/// use securepay::webhook::{EventFee, FeeType};
///
/// let fee: EventFee = serde_json::from_str(r#"{"type": "network", "amount": "0.02", "currency": "ETH"}"#)?;
/// assert_eq!(fee.fee_type, Some(FeeType::Network));
/// assert_eq!(fee.amount.map(|a| a.to_string()), Some("0.02".to_owned()));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct EventFee {
    /// `type`.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub fee_type: Option<FeeType>,
    /// `amount` (human decimal).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<DecimalText>,
    /// `currency` (a symbol).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    /// `provider`, when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider: Option<String>,
    /// Any other field, kept as sent (no field given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// The payload of `payment.failed`: `subStatus` says why (`failed`, `bounced` for the offramp;
/// e.g. `insufficient_funds` for crypto).
///
/// ```
/// use securepay::webhook::{Event, PaymentProcessor, SubStatus};
///
/// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.failed.json")))?;
/// let Event::PaymentFailed(failed) = event else { unreachable!() };
/// assert_eq!(failed.sub_status, Some(SubStatus::InsufficientFunds));
/// assert_eq!(failed.payment_processor, Some(PaymentProcessor::RequestNetwork));
/// # Ok::<(), securepay::webhook::EventError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentFailed {
    /// `requestId` and the legacy `requestID`.
    #[serde(flatten)]
    pub ids: RequestIds,
    /// `paymentReference`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_reference: Option<String>,
    /// `subStatus`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sub_status: Option<SubStatus>,
    /// `paymentProcessor`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_processor: Option<PaymentProcessor>,
    /// `timestamp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// Any other field, kept as sent (no field given twice; `event` is the envelope's, not
    /// the payload's).
    #[serde(flatten, deserialize_with = "payload_fields")]
    pub extra: Map<String, Value>,
}

/// The payload of `payment.refunded`. No example is published, so only the common fields are
/// modelled; everything else is in `extra`.
///
/// ```
/// use securepay::webhook::Event;
///
/// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.refunded.json")))?;
/// let Event::PaymentRefunded(refunded) = event else { unreachable!() };
/// assert_eq!(refunded.payment_reference.as_deref(), Some("0x2c3366941274c34c"));
/// # Ok::<(), securepay::webhook::EventError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentRefunded {
    /// `requestId` and the legacy `requestID`.
    #[serde(flatten)]
    pub ids: RequestIds,
    /// `paymentReference`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_reference: Option<String>,
    /// `paymentProcessor`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_processor: Option<PaymentProcessor>,
    /// `timestamp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// Any other field, kept as sent (no field given twice; `event` is the envelope's, not
    /// the payload's).
    #[serde(flatten, deserialize_with = "payload_fields")]
    pub extra: Map<String, Value>,
}

/// The payload of `payment.processing`: crypto-to-fiat progress.
///
/// ```
/// use securepay::webhook::{Event, PaymentProcessor, SubStatus};
///
/// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/payment.processing.json")))?;
/// let Event::PaymentProcessing(progress) = event else { unreachable!() };
/// assert_eq!(progress.sub_status, SubStatus::OngoingChecks);
/// assert_eq!(progress.payment_processor, Some(PaymentProcessor::RequestTech));
/// assert_eq!(progress.offramp_id.as_deref(), Some("offramp_test123456789"));
/// # Ok::<(), securepay::webhook::EventError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentProcessing {
    /// `requestId` and the legacy `requestID`.
    #[serde(flatten)]
    pub ids: RequestIds,
    /// `paymentReference`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_reference: Option<String>,
    /// `offrampId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offramp_id: Option<String>,
    /// `timestamp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// `subStatus`: where the offramp is (required: the event means nothing without it).
    pub sub_status: SubStatus,
    /// `paymentProcessor` (`request-tech`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_processor: Option<PaymentProcessor>,
    /// `rawPayload`: the provider's payload, as sent.
    #[serde(
        default,
        deserialize_with = "strict_value",
        skip_serializing_if = "Option::is_none"
    )]
    pub raw_payload: Option<Value>,
    /// Any other field, kept as sent (no field given twice; `event` is the envelope's, not
    /// the payload's).
    #[serde(flatten, deserialize_with = "payload_fields")]
    pub extra: Map<String, Value>,
}

/// The payload of `request.recurring`: a new request of a recurring series.
///
/// ```
/// use securepay::webhook::Event;
///
/// let event = Event::parse_unverified(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/webhook/request.recurring.json")))?;
/// let Event::RequestRecurring(next) = event else { unreachable!() };
/// assert_eq!(next.ids.get(), Some("01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb"));
/// assert_eq!(next.original_request_id.as_deref(), Some("0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93"));
/// # Ok::<(), securepay::webhook::EventError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RequestRecurring {
    /// `requestId` (the new request) and the legacy `requestID`.
    #[serde(flatten)]
    pub ids: RequestIds,
    /// `originalRequestId`: the first request of the series.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_request_id: Option<String>,
    /// `paymentReference` of the new request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_reference: Option<String>,
    /// `timestamp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// Any other field, kept as sent (no field given twice; `event` is the envelope's, not
    /// the payload's).
    #[serde(flatten, deserialize_with = "payload_fields")]
    pub extra: Map<String, Value>,
}
