//! `GET /v2/payments`: search the payments of the caller's account by transaction hash, wallet,
//! payment reference, request id, merchant reference, type or currency, one page at a time
//! ([`SearchPayments`], answer [`PaymentsPage`]). [`PaymentPages`](super::PaymentPages) walks
//! every page.
//!
//! Source: <https://docs.request.network/api-reference/openapi.v2.json>
//! (`PaymentV2Controller_searchPayments_v2`).

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};

use super::body::check_date;
use super::outgoing::sealed::{Parts, Sealed};
use super::{Api, BodyError, Credential, Endpoint, OutgoingRequest, PreparedRequest, RequestError};
use crate::address::ChainAddress;
use crate::calldata::PaymentReference;
use crate::currency::CurrencyId;
use crate::partial::{CustomerInfo, RateSource};
use crate::webhook::FeeType;
use crate::wire::json::unique_fields;
use crate::wire::{DecimalText, TxHash, open_enum};

/// The largest `limit` a search asks for. The API description gives no bound (only the
/// example `"20"`): this one is the SDK's, so that a page is never larger than a caller
/// expects.
pub const MAX_SEARCH_LIMIT: u32 = 100;

/// A payment's `type`, as a search filter and in the answer: `direct` (same currency),
/// `conversion` (currency conversion), `crosschain` (cross-chain payment), `recurring`
/// (subscription payment).
///
/// ```
/// use securepay::api::PaymentType;
///
/// assert_eq!("crosschain".parse::<PaymentType>(), Ok(PaymentType::Crosschain));
/// assert_eq!(PaymentType::Recurring.as_str(), "recurring");
/// assert!(serde_json::from_str::<PaymentType>(r#""swap""#).is_err()); // not a documented type
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PaymentType {
    /// `direct`: paid in the invoice currency.
    Direct,
    /// `conversion`: paid in another currency, converted.
    Conversion,
    /// `crosschain`: paid from another network.
    Crosschain,
    /// `recurring`: a subscription payment.
    Recurring,
}

impl PaymentType {
    /// Every type, in the description's order.
    pub const ALL: [PaymentType; 4] = [
        PaymentType::Direct,
        PaymentType::Conversion,
        PaymentType::Crosschain,
        PaymentType::Recurring,
    ];

    /// The wire spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            PaymentType::Direct => "direct",
            PaymentType::Conversion => "conversion",
            PaymentType::Crosschain => "crosschain",
            PaymentType::Recurring => "recurring",
        }
    }
}

impl fmt::Display for PaymentType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for PaymentType {
    type Err = BodyError;

    fn from_str(text: &str) -> Result<PaymentType, BodyError> {
        PaymentType::ALL
            .into_iter()
            .find(|t| t.as_str() == text)
            .ok_or_else(|| BodyError::Invalid {
                field: "type",
                reason: format!("{text:?} is not one of direct, conversion, crosschain, recurring"),
            })
    }
}

/// An instant in UTC written as ISO 8601 with the `Z` suffix, as the search's `fromDate` and
/// `toDate` take it ("Must be in ISO 8601 format in UTC (ending with 'Z')"):
/// `YYYY-MM-DDTHH:MM:SS` with an optional fraction of 1 to 9 digits, then `Z`. The date must
/// exist (month 1–12, the month's days, 29 February in leap years only), hours 00–23,
/// minutes and seconds 00–59. The text is kept as given; instants compare by time, whatever
/// the number of fraction digits.
///
/// ```
/// use securepay::api::UtcTimestamp;
///
/// let from: UtcTimestamp = "2024-01-01T00:00:00.000Z".parse()?;
/// let to: UtcTimestamp = "2024-01-31T23:59:59.999Z".parse()?;
/// assert!(from < to);
/// assert_eq!(from, "2024-01-01T00:00:00Z".parse()?); // the same instant
/// assert_eq!(from.as_str(), "2024-01-01T00:00:00.000Z"); // the text as given
/// assert!("2024-01-01T00:00:00+02:00".parse::<UtcTimestamp>().is_err()); // UTC, with Z
/// assert!("2023-02-29T00:00:00Z".parse::<UtcTimestamp>().is_err()); // not a leap year
/// # Ok::<(), securepay::api::BodyError>(())
/// ```
#[derive(Debug, Clone)]
pub struct UtcTimestamp {
    text: String,
    /// Year, month, day, hour, minute, second, nanoseconds.
    key: (u32, u32, u32, u32, u32, u32, u32),
}

impl UtcTimestamp {
    /// Checks `text` (see the type's rules).
    ///
    /// ```
    /// use securepay::api::UtcTimestamp;
    ///
    /// let error = UtcTimestamp::parse("2024-01-01 10:00:00Z").unwrap_err();
    /// assert_eq!(error.to_string(), r#"timestamp: "2024-01-01 10:00:00Z" is not YYYY-MM-DDTHH:MM:SS[.fraction]Z (ISO 8601 in UTC)"#);
    /// assert!(UtcTimestamp::parse("2024-01-01T24:00:00Z").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<UtcTimestamp, BodyError> {
        let invalid = |reason: &str| BodyError::Invalid {
            field: "timestamp",
            reason: format!("{text:?} {reason}"),
        };
        let form = || invalid("is not YYYY-MM-DDTHH:MM:SS[.fraction]Z (ISO 8601 in UTC)");
        let rest = text.strip_suffix('Z').ok_or_else(form)?;
        let (date, time) = rest.split_once('T').ok_or_else(form)?;
        if date.len() != 10 {
            return Err(form());
        }
        check_date("timestamp", date).map_err(|_| {
            if date.bytes().enumerate().all(|(i, b)| match i {
                4 | 7 => b == b'-',
                _ => b.is_ascii_digit(),
            }) {
                invalid("has no such date")
            } else {
                form()
            }
        })?;
        let (clock, fraction) = match time.split_once('.') {
            Some((clock, fraction)) => (clock, Some(fraction)),
            None => (time, None),
        };
        let number = |s: &str| -> Option<u32> {
            (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse().ok())
                .flatten()
        };
        let mut fields = clock.split(':');
        let (Some(hour), Some(minute), Some(second), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(form());
        };
        if [hour, minute, second].iter().any(|f| f.len() != 2) {
            return Err(form());
        }
        let (Some(hour), Some(minute), Some(second)) =
            (number(hour), number(minute), number(second))
        else {
            return Err(form());
        };
        if hour > 23 || minute > 59 || second > 59 {
            return Err(invalid("has no such time of day"));
        }
        let nanos = match fraction {
            None => 0,
            Some(digits) if (1..=9).contains(&digits.len()) => {
                let value = number(digits).ok_or_else(form)?;
                let width = u32::try_from(digits.len()).unwrap_or(9);
                value.saturating_mul(10u32.saturating_pow(9u32.saturating_sub(width)))
            }
            Some(_) => return Err(form()),
        };
        let mut parts = date.split('-').filter_map(number);
        let (Some(year), Some(month), Some(day)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(form());
        };
        Ok(UtcTimestamp {
            text: text.to_owned(),
            key: (year, month, day, hour, minute, second, nanos),
        })
    }

    /// The text as given.
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl PartialEq for UtcTimestamp {
    fn eq(&self, other: &UtcTimestamp) -> bool {
        self.key == other.key
    }
}

impl Eq for UtcTimestamp {}

impl PartialOrd for UtcTimestamp {
    fn partial_cmp(&self, other: &UtcTimestamp) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for UtcTimestamp {
    fn cmp(&self, other: &UtcTimestamp) -> Ordering {
        self.key.cmp(&other.key)
    }
}

impl FromStr for UtcTimestamp {
    type Err = BodyError;

    fn from_str(text: &str) -> Result<UtcTimestamp, BodyError> {
        UtcTimestamp::parse(text)
    }
}

impl fmt::Display for UtcTimestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl Serialize for UtcTimestamp {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for UtcTimestamp {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        UtcTimestamp::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// The filters that make a search: at least one of them must be given ("Most search
/// parameters are optional, but at least one must be provided"). `fromDate`, `toDate`, `limit`
/// and `offset` narrow a search but do not make one.
const FILTERS: &str = "txHash, walletAddress, paymentReference, requestId, reference, type, invoiceCurrency, paymentCurrency";

/// A free-text filter (`requestId`, `reference`): 1 to 255 characters, no control character,
/// no whitespace at either end.
fn check_text(field: &'static str, text: &str) -> Result<(), BodyError> {
    super::body::check_length(field, text, 1, 255)?;
    if let Some(character) = text.chars().find(|c| c.is_control()) {
        return Err(BodyError::Invalid {
            field,
            reason: format!("{text:?} contains the control character {character:?}"),
        });
    }
    if text.trim() != text {
        return Err(BodyError::Invalid {
            field,
            reason: format!("{text:?} starts or ends with whitespace"),
        });
    }
    Ok(())
}

/// `limit`: 1 to [`MAX_SEARCH_LIMIT`].
fn check_limit(limit: u32) -> Result<(), BodyError> {
    if !(1..=MAX_SEARCH_LIMIT).contains(&limit) {
        return Err(BodyError::Invalid {
            field: "limit",
            reason: format!("{limit} is not from 1 to {MAX_SEARCH_LIMIT}"),
        });
    }
    Ok(())
}

/// `GET /v2/payments`: a search of payments, by typed filters (AND-ed by the service), one
/// page at a time (`limit`, `offset`). A search without any filter is refused when the
/// request is built, as the service refuses it; so are `toDate` before `fromDate` (the
/// service's "toDate must be after or equal to fromDate") and a `limit` outside 1 to
/// [`MAX_SEARCH_LIMIT`].
///
/// Hashes, addresses and references are written in one form: a transaction hash as `0x` and
/// 64 lowercase hex digits, an EVM wallet in EIP-55 form, a Tron wallet in Base58.
///
/// ```
/// use securepay::api::{Api, Credential, PaymentType, SearchPayments};
///
/// let search = SearchPayments::new()
///     .wallet_address("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)
///     .payment_type(PaymentType::Conversion)
///     .from_date("2024-01-01T00:00:00.000Z".parse()?)
///     .limit(50)?;
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &search)?;
/// assert_eq!(request.uri().query(), Some("walletAddress=0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7&type=conversion&fromDate=2024-01-01T00%3A00%3A00.000Z&limit=50"));
///
/// // Dates and a page are not a search: one filter at least.
/// let dates_only = SearchPayments::new().from_date("2024-01-01T00:00:00.000Z".parse()?);
/// assert!(Api::new().prepare(&Credential::api_key("sk_test")?, &dates_only).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchPayments {
    /// `txHash`: the source or destination transaction (every payment of a batch).
    pub tx_hash: Option<TxHash>,
    /// `walletAddress`: the payer or the payee, EVM or Tron.
    pub wallet_address: Option<ChainAddress>,
    /// `paymentReference`: the 8-byte on-chain reference.
    pub payment_reference: Option<PaymentReference>,
    /// `requestId`: checked when the request is built (1–255 characters, no control
    /// character, no surrounding whitespace).
    pub request_id: Option<String>,
    /// `reference`: the merchant's own reference, checked as `request_id` is.
    pub reference: Option<String>,
    /// `type`.
    pub payment_type: Option<PaymentType>,
    /// `invoiceCurrency` (`USD`, `USDC-base`…).
    pub invoice_currency: Option<CurrencyId>,
    /// `paymentCurrency` (`ETH-sepolia-sepolia`, `USDC-base`…).
    pub payment_currency: Option<CurrencyId>,
    /// `fromDate` (inclusive).
    pub from_date: Option<UtcTimestamp>,
    /// `toDate` (inclusive): not before `fromDate`.
    pub to_date: Option<UtcTimestamp>,
    /// `limit`: the page size asked for, 1 to [`MAX_SEARCH_LIMIT`]; the service's default
    /// when absent.
    pub limit: Option<u32>,
    /// `offset`: how many results to skip.
    pub offset: Option<u64>,
}

impl SearchPayments {
    /// A search with no filter yet: add at least one before building the request.
    pub fn new() -> SearchPayments {
        SearchPayments::default()
    }

    /// Filters by transaction hash (source or destination).
    ///
    /// ```
    /// use securepay::api::{Api, Credential, SearchPayments};
    ///
    /// let search = SearchPayments::new().tx_hash("0x1234567890ABCDEF1234567890abcdef1234567890abcdef1234567890abcdef".parse()?);
    /// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &search)?;
    /// assert_eq!(request.uri().query(), Some("txHash=0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tx_hash(mut self, hash: TxHash) -> SearchPayments {
        self.tx_hash = Some(hash);
        self
    }

    /// Filters by wallet (payer or payee).
    ///
    /// ```
    /// use securepay::address::ChainAddress;
    /// use securepay::api::{Api, Credential, SearchPayments};
    ///
    /// let search = SearchPayments::new().wallet_address(ChainAddress::parse_any("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")?);
    /// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &search)?;
    /// assert_eq!(request.uri().query(), Some("walletAddress=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn wallet_address(mut self, wallet: ChainAddress) -> SearchPayments {
        self.wallet_address = Some(wallet);
        self
    }

    /// Filters by payment reference.
    ///
    /// ```
    /// use securepay::api::SearchPayments;
    ///
    /// let search = SearchPayments::new().payment_reference("0xb3581f0b0f74cc61".parse()?);
    /// assert!(search.payment_reference.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn payment_reference(mut self, reference: PaymentReference) -> SearchPayments {
        self.payment_reference = Some(reference);
        self
    }

    /// Filters by request id (1–255 characters, no control character, no surrounding
    /// whitespace).
    ///
    /// ```
    /// use securepay::api::{BodyError, SearchPayments};
    ///
    /// let search = SearchPayments::new().request_id("01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb")?;
    /// assert!(search.request_id.is_some());
    /// assert!(matches!(SearchPayments::new().request_id(""), Err(BodyError::Length { field: "requestId", .. })));
    /// # Ok::<(), BodyError>(())
    /// ```
    pub fn request_id(mut self, request_id: &str) -> Result<SearchPayments, BodyError> {
        check_text("requestId", request_id)?;
        self.request_id = Some(request_id.to_owned());
        Ok(self)
    }

    /// Filters by merchant reference (checked as [`request_id`](Self::request_id) is).
    ///
    /// ```
    /// use securepay::api::{Api, Credential, SearchPayments};
    ///
    /// let search = SearchPayments::new().reference("ORDER 2024/001234")?;
    /// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &search)?;
    /// assert_eq!(request.uri().query(), Some("reference=ORDER%202024%2F001234"));
    /// assert!(SearchPayments::new().reference("ORDER\n1").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reference(mut self, reference: &str) -> Result<SearchPayments, BodyError> {
        check_text("reference", reference)?;
        self.reference = Some(reference.to_owned());
        Ok(self)
    }

    /// Filters by payment type.
    pub fn payment_type(mut self, payment_type: PaymentType) -> SearchPayments {
        self.payment_type = Some(payment_type);
        self
    }

    /// Filters by invoice currency.
    ///
    /// ```
    /// use securepay::api::SearchPayments;
    ///
    /// let search = SearchPayments::new().invoice_currency("USD".parse()?).payment_currency("USDC-base".parse()?);
    /// assert_eq!(search.payment_currency.map(|c| c.to_string()).as_deref(), Some("USDC-base"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn invoice_currency(mut self, currency: CurrencyId) -> SearchPayments {
        self.invoice_currency = Some(currency);
        self
    }

    /// Filters by payment currency.
    pub fn payment_currency(mut self, currency: CurrencyId) -> SearchPayments {
        self.payment_currency = Some(currency);
        self
    }

    /// Only payments from this instant (inclusive).
    pub fn from_date(mut self, from: UtcTimestamp) -> SearchPayments {
        self.from_date = Some(from);
        self
    }

    /// Only payments until this instant (inclusive); it must not be before `fromDate`.
    ///
    /// ```
    /// use securepay::api::{Api, Credential, SearchPayments};
    ///
    /// let backwards = SearchPayments::new().reference("ORDER-1")?
    ///     .from_date("2024-02-01T00:00:00Z".parse()?)
    ///     .to_date("2024-01-31T23:59:59.999Z".parse()?);
    /// let error = Api::new().prepare(&Credential::api_key("sk_test")?, &backwards).unwrap_err();
    /// assert_eq!(error.to_string(), "toDate: toDate must be after or equal to fromDate (2024-01-31T23:59:59.999Z is before 2024-02-01T00:00:00Z)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_date(mut self, to: UtcTimestamp) -> SearchPayments {
        self.to_date = Some(to);
        self
    }

    /// The page size: 1 to [`MAX_SEARCH_LIMIT`].
    ///
    /// ```
    /// use securepay::api::SearchPayments;
    ///
    /// assert!(SearchPayments::new().limit(100).is_ok());
    /// assert_eq!(SearchPayments::new().limit(0).unwrap_err().to_string(), "limit: 0 is not from 1 to 100");
    /// assert!(SearchPayments::new().limit(101).is_err());
    /// ```
    pub fn limit(mut self, limit: u32) -> Result<SearchPayments, BodyError> {
        check_limit(limit)?;
        self.limit = Some(limit);
        Ok(self)
    }

    /// How many results to skip.
    pub fn offset(mut self, offset: u64) -> SearchPayments {
        self.offset = Some(offset);
        self
    }

    /// Whether at least one filter is given (dates, `limit` and `offset` are not filters).
    ///
    /// ```
    /// use securepay::api::{PaymentType, SearchPayments};
    ///
    /// assert!(!SearchPayments::new().offset(20).has_filter());
    /// assert!(SearchPayments::new().payment_type(PaymentType::Direct).has_filter());
    /// ```
    pub fn has_filter(&self) -> bool {
        self.tx_hash.is_some()
            || self.wallet_address.is_some()
            || self.payment_reference.is_some()
            || self.request_id.is_some()
            || self.reference.is_some()
            || self.payment_type.is_some()
            || self.invoice_currency.is_some()
            || self.payment_currency.is_some()
    }

    /// The checks the request is built with: a filter, valid texts, dates in order, a limit
    /// in bounds.
    pub(crate) fn check(&self) -> Result<(), BodyError> {
        if !self.has_filter() {
            return Err(BodyError::Invalid {
                field: "filters",
                reason: format!("a search needs at least one of {FILTERS}"),
            });
        }
        if let Some(id) = &self.request_id {
            check_text("requestId", id)?;
        }
        if let Some(reference) = &self.reference {
            check_text("reference", reference)?;
        }
        if let (Some(from), Some(to)) = (&self.from_date, &self.to_date) {
            if to < from {
                return Err(BodyError::Invalid {
                    field: "toDate",
                    reason: format!(
                        "toDate must be after or equal to fromDate ({to} is before {from})"
                    ),
                });
            }
        }
        if let Some(limit) = self.limit {
            check_limit(limit)?;
        }
        Ok(())
    }
}

impl Sealed for SearchPayments {
    fn parts(&self) -> Result<Parts, RequestError> {
        self.check()?;
        let mut query: Vec<(&'static str, String)> = Vec::new();
        let mut add = |name: &'static str, value: Option<String>| {
            if let Some(value) = value {
                query.push((name, value));
            }
        };
        add("txHash", self.tx_hash.map(|h| h.to_string()));
        add("walletAddress", self.wallet_address.map(|a| a.to_string()));
        add(
            "paymentReference",
            self.payment_reference.map(|r| r.to_string()),
        );
        add("requestId", self.request_id.clone());
        add("reference", self.reference.clone());
        add("type", self.payment_type.map(|t| t.as_str().to_owned()));
        add(
            "invoiceCurrency",
            self.invoice_currency.as_ref().map(ToString::to_string),
        );
        add(
            "paymentCurrency",
            self.payment_currency.as_ref().map(ToString::to_string),
        );
        add("fromDate", self.from_date.as_ref().map(ToString::to_string));
        add("toDate", self.to_date.as_ref().map(ToString::to_string));
        add("limit", self.limit.map(|l| l.to_string()));
        add("offset", self.offset.map(|o| o.to_string()));
        Ok(Parts::new().query(query))
    }
}

impl OutgoingRequest for SearchPayments {
    const ENDPOINT: Endpoint = Endpoint::SearchPayments;
    type Response = PaymentsPage;
}

open_enum! {
    /// When a fee applies (`fees[].stage` of a searched payment, `feeBreakdown[].stage` of a
    /// payment route). The description lists `sending`, `receiving`, `proxying`, `refunding`
    /// for payments and adds `overall` for routes; one open set serves both, so a stage the
    /// service adds is kept as [`FeeStage::Other`] rather than refusing the answer.
    ///
    /// ```
    /// use securepay::api::FeeStage;
    ///
    /// assert_eq!(FeeStage::parse("proxying"), FeeStage::Proxying);
    /// assert!(!FeeStage::parse("settling").is_known());
    /// ```
    FeeStage {
        /// `sending`.
        Sending = "sending",
        /// `receiving`.
        Receiving = "receiving",
        /// `proxying`.
        Proxying = "proxying",
        /// `refunding`.
        Refunding = "refunding",
        /// `overall` (routes): the route's whole fee.
        Overall = "overall",
    }
}

/// A fee: of a searched payment (`fees[]`) or of a payment route (`feeBreakdown[]`, the same
/// schema). No field is required by the schema.
///
/// The fee `type` is an open set ([`FeeType`]): the description lists `gas`, `platform`,
/// `crosschain`, `crypto-to-fiat`, `offramp`, and its own example writes `conversion`.
/// Amounts are kept exactly as written ([`DecimalText`]): route fees are human-readable; for
/// searched payments the description calls `amount` human-readable, its examples write base
/// units (`"21000000000000000"` ETH of gas).
///
/// ```
/// use securepay::api::{FeeStage, PaymentFee};
/// use securepay::webhook::FeeType;
///
/// let fee: PaymentFee = serde_json::from_str(r#"{"type": "gas", "stage": "sending", "amount": "0.00021",
///     "amountInUSD": "0.52", "currency": "ETH", "provider": "request-network"}"#)?;
/// assert_eq!((fee.fee_type, fee.stage), (Some(FeeType::Gas), Some(FeeStage::Sending)));
/// assert_eq!(fee.amount_in_usd.map(|a| a.to_string()).as_deref(), Some("0.52"));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentFee {
    /// `type`.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub fee_type: Option<FeeType>,
    /// `stage`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage: Option<FeeStage>,
    /// `provider`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub provider: Option<String>,
    /// `amount`, exactly as written (units unclear: see the type's documentation).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<DecimalText>,
    /// `amountInUSD`.
    #[serde(
        rename = "amountInUSD",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub amount_in_usd: Option<DecimalText>,
    /// `currency`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    /// `receiverAddress`, as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receiver_address: Option<String>,
    /// `network`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<String>,
    /// `rateProvider`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate_provider: Option<String>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// The request a searched payment paid (`request`). No field is required by the schema.
///
/// ```
/// use securepay::api::PaymentRequestInfo;
///
/// let request: PaymentRequestInfo = serde_json::from_str(r#"{"requestId": "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb",
///     "paymentReference": "0xb3581f0b0f74cc61", "hasBeenPaid": true, "customerInfo": null, "reference": "ORDER-2024-001234"}"#)?;
/// assert_eq!(request.has_been_paid, Some(true));
/// assert!(request.customer_info.is_none());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentRequestInfo {
    /// `requestId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// `paymentReference`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payment_reference: Option<PaymentReference>,
    /// `hasBeenPaid`: whether the request is fully paid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub has_been_paid: Option<bool>,
    /// `customerInfo` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer_info: Option<CustomerInfo>,
    /// `reference`: the merchant's reference (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// One payment of a search (`payments[]`).
///
/// # Amount units
///
/// `amount` is kept exactly as the service wrote it, as decimal text ([`DecimalText`]), never
/// converted, because the documentation does not agree on its unit: the schema says "Payment
/// amount as a human-readable decimal string (formatUnits)", while the description's own
/// examples write base units (`"1000000000000000000"` for 1 ETH, `"50000000"` for 50 USDC) and
/// the docs pages write `"100.00"`. The same holds for `convertedAmountSource`,
/// `convertedAmountDestination` and the fees' amounts. Do not call
/// [`DecimalText::to_amount`] on it unless you know which unit your account's answers use.
///
/// ```
/// use securepay::api::{PaymentRecord, PaymentType};
///
/// let payment: PaymentRecord = serde_json::from_str(r#"{"id": "01HXAMPLE1234567890ABCDEF", "amount": "1000000000000000000",
///     "sourceNetwork": "sepolia", "destinationNetwork": "sepolia",
///     "sourceTxHash": "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef", "destinationTxHash": null,
///     "timestamp": "2024-01-15T10:30:00.000Z", "type": "conversion", "currency": "USD", "paymentCurrency": "ETH",
///     "detectionSource": "indexer"}"#)?;
/// assert_eq!(payment.payment_type, PaymentType::Conversion);
/// assert_eq!(payment.amount.as_str(), "1000000000000000000"); // kept as written
/// assert!(payment.destination_tx_hash.is_none());
/// assert_eq!(payment.extra["detectionSource"], "indexer"); // a field the schema does not list
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentRecord {
    /// `id`.
    pub id: String,
    /// `amount`, exactly as written: base units or human-readable (see above).
    pub amount: DecimalText,
    /// `sourceNetwork`: where the payment was sent from.
    pub source_network: String,
    /// `destinationNetwork`: where it was received.
    pub destination_network: String,
    /// `sourceTxHash` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_tx_hash: Option<TxHash>,
    /// `destinationTxHash` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub destination_tx_hash: Option<TxHash>,
    /// `timestamp` (ISO 8601 date-time), as written.
    pub timestamp: String,
    /// `type`.
    #[serde(rename = "type")]
    pub payment_type: PaymentType,
    /// `conversionRateSource` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion_rate_source: Option<DecimalText>,
    /// `conversionRateDestination` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversion_rate_destination: Option<DecimalText>,
    /// `convertedAmountSource` (nullable), exactly as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub converted_amount_source: Option<DecimalText>,
    /// `convertedAmountDestination` (nullable), exactly as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub converted_amount_destination: Option<DecimalText>,
    /// `currency`: the invoice currency.
    pub currency: String,
    /// `paymentCurrency`.
    pub payment_currency: String,
    /// `fees` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fees: Option<Vec<PaymentFee>>,
    /// `recurringPaymentId` (nullable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recurring_payment_id: Option<String>,
    /// `rateProvider` (nullable): `lifi`, `chainlink`, `coingecko`, `unknown`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate_provider: Option<RateSource>,
    /// `request`: the request it paid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request: Option<PaymentRequestInfo>,
    /// Any other field (the docs name `detectionSource` and `note`), kept as sent (no key
    /// given twice).
    #[serde(flatten, deserialize_with = "unique_fields")]
    pub extra: Map<String, Value>,
}

/// `pagination` of a search answer. Nothing here is trusted to size anything:
/// [`PaymentPages`](super::PaymentPages) checks `offset` and `limit` against what it asked,
/// and never reads `total`.
///
/// ```
/// use securepay::api::Pagination;
///
/// let page: Pagination = serde_json::from_str(r#"{"total": 157, "limit": 20, "offset": 0, "hasMore": true}"#)?;
/// assert!(page.has_more);
/// assert!(serde_json::from_str::<Pagination>(r#"{"total": 157, "limit": 20, "offset": 0}"#).is_err()); // hasMore is required
/// assert!(serde_json::from_str::<Pagination>(r#"{"total": 1, "limit": 20, "offset": -1, "hasMore": false}"#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Pagination {
    /// `total`: the number of matching payments, as the service counts them.
    pub total: u64,
    /// `limit`: the page size.
    pub limit: u64,
    /// `offset`: the results skipped.
    pub offset: u64,
    /// `hasMore`: whether a page follows.
    pub has_more: bool,
}

/// The answer (200) of `GET /v2/payments`: one page of payments and where it is.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{PaymentsPage, SearchPayments, OutgoingRequest};
///
/// let page: PaymentsPage = SearchPayments::parse_parts(StatusCode::OK, br#"{"payments": [],
///     "pagination": {"total": 0, "limit": 20, "offset": 0, "hasMore": false}}"#)?;
/// assert!(page.payments.is_empty() && !page.pagination.has_more);
/// assert!(SearchPayments::parse_parts(StatusCode::OK, br#"{"payments": []}"#).is_err()); // pagination is required
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentsPage {
    /// `payments`, in the service's order.
    pub payments: Vec<PaymentRecord>,
    /// `pagination`.
    pub pagination: Pagination,
}

impl Api {
    /// `GET /v2/payments`: one page of a search. Answer: [`PaymentsPage`]. For every page,
    /// see [`Api::payment_pages`].
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::{Api, Credential, SearchPayments};
    ///
    /// let search = SearchPayments::new().payment_reference("0xb3581f0b0f74cc61".parse()?);
    /// let request = Api::new().search_payments(&Credential::client_id("cli_test", None)?, &search)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/payments?paymentReference=0xb3581f0b0f74cc61");
    /// let page = request.parse_parts(StatusCode::OK, br#"{"payments": [], "pagination": {"total": 0, "limit": 20, "offset": 0, "hasMore": false}}"#)?;
    /// assert_eq!(page.pagination.total, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search_payments(
        &self,
        credential: &Credential,
        search: &SearchPayments,
    ) -> Result<PreparedRequest<SearchPayments>, RequestError> {
        self.prepare(credential, search)
    }
}
