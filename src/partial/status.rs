//! The answer of `GET /v2/request/{requestId}`: whether and how much a request is paid.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::amount::{Amount, AmountError, Decimals};
use crate::webhook::FeeType;
use crate::wire::json::{strict_value, strict_values, unique_fields};
use crate::wire::{DecimalText, open_enum};

open_enum! {
    /// `status` of a request. No enum is published; the docs name `partially_paid` ("until
    /// the request is fully paid"). Any other value is kept as text.
    ///
    /// ```
    /// use securepay::partial::RequestState;
    ///
    /// assert_eq!(RequestState::parse("partially_paid"), RequestState::PartiallyPaid);
    /// assert_eq!(RequestState::parse("paid"), RequestState::Other("paid".into())); // kept, not guessed
    /// ```
    RequestState {
        /// `partially_paid`.
        PartiallyPaid = "partially_paid",
    }
}

open_enum! {
    /// `rateSource` / `currentMarketRateSource`: where a conversion rate came from.
    ///
    /// ```
    /// use securepay::partial::RateSource;
    ///
    /// let source: RateSource = serde_json::from_str(r#""chainlink""#)?;
    /// assert_eq!(source, RateSource::Chainlink);
    /// assert_eq!(RateSource::Mixed.as_str(), "mixed");
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    RateSource {
        /// `lifi`.
        Lifi = "lifi",
        /// `chainlink`.
        Chainlink = "chainlink",
        /// `coingecko`.
        Coingecko = "coingecko",
        /// `unknown`: the service's own value for an unknown source.
        Unknown = "unknown",
        /// `mixed`: several payments at different rates.
        Mixed = "mixed",
    }
}

/// The status of a request (`GET /v2/request/{requestId}`), with the OpenAPI schema's fields
/// and the extra fields the docs name (`requestAmount`, `detectionSource`, `note`,
/// `payerAddress`, `payerEoaAddress`, `paidAmount`, `receivedAmount`, `excessAmount`, `payee`).
///
/// `hasBeenPaid` is required: it is the canonical "fully paid" flag, and a status without it
/// says nothing. Amounts are decimal strings ([`DecimalText`]); rates and USD figures are kept
/// as text.
///
/// ```
/// use securepay::amount::Decimals;
/// use securepay::partial::{RequestState, RequestStatus};
///
/// let status: RequestStatus = serde_json::from_str(r#"{
///   "hasBeenPaid": false, "status": "partially_paid",
///   "conversionBreakdown": { "paidAmount": "75.00", "remainingAmount": "25.00", "payments": [] }
/// }"#)?;
/// assert_eq!(status.status, Some(RequestState::PartiallyPaid));
/// let usdc = Decimals::new(6)?;
/// assert_eq!(status.paid_in(usdc).transpose()?.map(|a| a.to_string()), Some("75".to_owned()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RequestStatus {
    /// `hasBeenPaid`: whether the request is fully paid.
    pub has_been_paid: bool,
    /// `paymentReference`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_reference: Option<String>,
    /// `requestId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// `isListening`: whether the service watches for payments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_listening: Option<bool>,
    /// `txHash` (null until paid).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tx_hash: Option<String>,
    /// `recurrence`, as given.
    #[serde(
        default,
        deserialize_with = "strict_value",
        skip_serializing_if = "Option::is_none"
    )]
    pub recurrence: Option<Value>,
    /// `originalRequestId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_request_id: Option<String>,
    /// `status`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<RequestState>,
    /// `isCryptoToFiatAvailable` (also read from the prose name `isCryptoToFiatAllowed`).
    #[serde(
        default,
        alias = "isCryptoToFiatAllowed",
        skip_serializing_if = "Option::is_none"
    )]
    pub is_crypto_to_fiat_available: Option<bool>,
    /// `originalRequestPaymentReference`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_request_payment_reference: Option<String>,
    /// `payments` (untyped objects in the schema), as given.
    #[serde(
        default,
        deserialize_with = "strict_values",
        skip_serializing_if = "Option::is_none"
    )]
    pub payments: Option<Vec<Value>>,
    /// `isRecurrenceStopped`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_recurrence_stopped: Option<bool>,
    /// `customerInfo` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer_info: Option<CustomerInfo>,
    /// `reference` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// `amountInUsd` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount_in_usd: Option<String>,
    /// `conversionRate` (nullable; null for partially paid requests and multiple payments).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion_rate: Option<String>,
    /// `rateSource`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate_source: Option<RateSource>,
    /// `conversionBreakdown` (nullable): paid and remaining amounts, payment by payment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion_breakdown: Option<ConversionBreakdown>,
    /// `fees` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fees: Option<Vec<RequestFee>>,
    /// `requestAmount` (docs, not in the schema).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_amount: Option<DecimalText>,
    /// `detectionSource`: `request-network` or `lifi` (docs, not in the schema).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detection_source: Option<String>,
    /// `note`: text for LI.FI-fallback settlements (docs, not in the schema).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// `payerAddress` (nullable; docs, not in the schema).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payer_address: Option<String>,
    /// `payerEoaAddress` (nullable; docs, not in the schema).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payer_eoa_address: Option<String>,
    /// `paidAmount` (docs, not in the schema).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paid_amount: Option<DecimalText>,
    /// `receivedAmount` (docs, not in the schema).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub received_amount: Option<DecimalText>,
    /// `excessAmount`: what was paid above the request's amount (docs, not in the schema).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub excess_amount: Option<DecimalText>,
    /// `payee` (the quickstart example).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payee: Option<String>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

impl RequestStatus {
    /// The amount paid so far in a currency with `decimals`: `conversionBreakdown.paidAmount`,
    /// else the top-level `paidAmount`.
    ///
    /// ```
    /// use securepay::amount::Decimals;
    /// use securepay::partial::RequestStatus;
    ///
    /// let status: RequestStatus = serde_json::from_str(r#"{"hasBeenPaid": true, "paidAmount": "0.05"}"#)?;
    /// let eth = Decimals::new(18)?;
    /// assert_eq!(status.paid_in(eth).transpose()?.map(|a| a.units().to::<u64>()), Some(50_000_000_000_000_000));
    /// let unpaid: RequestStatus = serde_json::from_str(r#"{"hasBeenPaid": false}"#)?;
    /// assert!(unpaid.paid_in(eth).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn paid_in(&self, decimals: Decimals) -> Option<Result<Amount, AmountError>> {
        self.conversion_breakdown
            .as_ref()
            .and_then(|b| b.paid_amount.as_ref())
            .or(self.paid_amount.as_ref())
            .map(|a| a.to_amount(decimals))
    }

    /// The amount still due in a currency with `decimals` (`conversionBreakdown.remainingAmount`).
    ///
    /// ```
    /// use securepay::amount::Decimals;
    /// use securepay::partial::RequestStatus;
    ///
    /// let status: RequestStatus = serde_json::from_str(r#"{"hasBeenPaid": false,
    ///     "conversionBreakdown": {"paidAmount": "75.125", "remainingAmount": "24.875"}}"#)?;
    /// let usdc = Decimals::new(6)?;
    /// assert_eq!(status.remaining_in(usdc).transpose()?.map(|a| a.to_string()), Some("24.875".to_owned()));
    /// // More fractional digits than the currency has is an error, not a rounding.
    /// assert!(status.remaining_in(Decimals::new(2)?).is_some_and(|r| r.is_err()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn remaining_in(&self, decimals: Decimals) -> Option<Result<Amount, AmountError>> {
        self.conversion_breakdown
            .as_ref()
            .and_then(|b| b.remaining_amount.as_ref())
            .map(|a| a.to_amount(decimals))
    }
}

/// `conversionBreakdown`: the paid and remaining amounts of a request paid in several parts.
///
/// ```
/// use securepay::partial::{RateSource, RequestStatus};
///
/// let status: RequestStatus = serde_json::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/partial/status-partiallyPaidWithBreakdown.json")))?;
/// let breakdown = status.conversion_breakdown.ok_or("no breakdown")?;
/// assert_eq!(breakdown.current_market_rate_source, Some(RateSource::Coingecko));
/// assert_eq!(breakdown.payments.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ConversionBreakdown {
    /// `paidAmount`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paid_amount: Option<DecimalText>,
    /// `paidAmountInUsd`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paid_amount_in_usd: Option<String>,
    /// `remainingAmount`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining_amount: Option<DecimalText>,
    /// `remainingAmountInUsd`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining_amount_in_usd: Option<String>,
    /// `currentMarketRate` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_market_rate: Option<String>,
    /// `currentMarketRateSource` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_market_rate_source: Option<RateSource>,
    /// `payments`: each payment with its amount and rate.
    #[serde(default)]
    pub payments: Vec<BreakdownPayment>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// One payment of a `conversionBreakdown`.
///
/// ```
/// use securepay::partial::{BreakdownPayment, RateSource};
///
/// let payment: BreakdownPayment = serde_json::from_str(r#"{"amount": "75.00", "amountInUsd": "75.00",
///     "conversionRate": "2487.52", "rateSource": "chainlink", "timestamp": "2025-01-01T10:00:00Z"}"#)?;
/// assert_eq!(payment.amount.as_ref().map(|a| a.as_str()), Some("75.00"));
/// assert_eq!(payment.rate_source, Some(RateSource::Chainlink));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct BreakdownPayment {
    /// `amount`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<DecimalText>,
    /// `amountInUsd`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount_in_usd: Option<String>,
    /// `conversionRate`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion_rate: Option<String>,
    /// `rateSource`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate_source: Option<RateSource>,
    /// `timestamp`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timestamp: Option<String>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// A fee of a request: `{type, provider, amount, currency}`.
///
/// ```
/// use securepay::partial::RequestFee;
/// use securepay::webhook::FeeType;
///
/// let fee: RequestFee = serde_json::from_str(r#"{"type": "gas", "provider": "sepolia", "amount": "0.0015", "currency": "ETH"}"#)?;
/// assert_eq!(fee.fee_type, Some(FeeType::Gas));
/// assert_eq!((fee.provider.as_deref(), fee.currency.as_deref()), (Some("sepolia"), Some("ETH")));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RequestFee {
    /// `type`: `gas`, `platform`, `crosschain`, `crypto-to-fiat`, `offramp`.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub fee_type: Option<FeeType>,
    /// `provider` (`request-network`, `lifi`, a network id for gas).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider: Option<String>,
    /// `amount` (human decimal, in `currency`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<DecimalText>,
    /// `currency` (a symbol).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// `customerInfo`: who the merchant billed.
///
/// ```
/// use securepay::partial::RequestStatus;
///
/// let status: RequestStatus = serde_json::from_slice(include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/partial/status-withCustomerInfo.json")))?;
/// let customer = status.customer_info.ok_or("no customer")?;
/// assert_eq!((customer.first_name.as_deref(), customer.email.as_deref()), (Some("John"), Some("john.doe@example.com")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct CustomerInfo {
    /// `firstName`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    /// `lastName`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    /// `email`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// `address`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address: Option<CustomerAddress>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// `customerInfo.address`.
///
/// ```
/// use securepay::partial::CustomerAddress;
///
/// let address: CustomerAddress = serde_json::from_str(r#"{"street": "123 Main Street", "city": "New York",
///     "state": "NY", "postalCode": "10001", "country": "US", "unit": "4B"}"#)?;
/// assert_eq!(address.postal_code.as_deref(), Some("10001"));
/// assert_eq!(address.extra["unit"], "4B"); // an undocumented field is kept
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct CustomerAddress {
    /// `street`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub street: Option<String>,
    /// `city`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    /// `state`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// `postalCode`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub postal_code: Option<String>,
    /// `country` (ISO 3166-1 alpha-2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}
