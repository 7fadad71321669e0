//! `GET /v2/request/{requestId}/routes`: the ways a payer's wallet can pay a request (the
//! request's own chain, or a cross-chain bridge from a chain where the payer has the balance),
//! each with its fee, fee breakdown and speed.
//!
//! Source: <https://docs.request.network/api-reference/openapi.v2.json>, operation
//! `getRequestPaymentRoutes`.

use std::fmt;

use serde::de::{MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::body::{check_fee_percentage, check_positive};
use super::outgoing::sealed::{Parts, Sealed};
use super::requests::check_request_id;
use super::{
    Api, BodyError, Credential, Endpoint, OutgoingRequest, PaymentFee, PreparedRequest,
    RequestError,
};
use crate::address::ChainAddress;
use crate::amount::HumanAmount;
use crate::wire::json::{StrictValue, duplicate, required};

/// `GET /v2/request/{requestId}/routes?wallet=…`: the payment routes open to `wallet`,
/// optionally for a partial `amount` and with a platform fee (`feePercentage`, `feeAddress`).
///
/// ```
/// use securepay::api::{Api, Credential, GetRequestRoutes};
///
/// let routes = GetRequestRoutes::new("01e273ec", "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)
///     .amount("25.5".parse()?)?
///     .fee("2.5", "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?)?;
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &routes)?;
/// assert_eq!(request.uri().path(), "/v2/request/01e273ec/routes");
/// assert_eq!(request.uri().query(), Some("wallet=0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7&amount=25.5&feePercentage=2.5&feeAddress=0x9795d480C2C50392A4714A0F468059C6448DeCe2"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GetRequestRoutes {
    /// `{requestId}`: checked when the request is built (non-empty, no control character).
    pub request_id: String,
    /// `wallet` (required): the payer's address.
    pub wallet: ChainAddress,
    /// `amount`: a partial amount, human-readable, above zero.
    pub amount: Option<HumanAmount>,
    /// `feePercentage` (a decimal from 0 to 100, `2.5` for 2.5 %) and `feeAddress`.
    pub fee: Option<(HumanAmount, ChainAddress)>,
}

impl GetRequestRoutes {
    /// The routes of `request_id` for the payer `wallet`.
    pub fn new(request_id: &str, wallet: ChainAddress) -> GetRequestRoutes {
        GetRequestRoutes {
            request_id: request_id.to_owned(),
            wallet,
            amount: None,
            fee: None,
        }
    }

    /// `amount`: pay part of the request (human-readable, above zero).
    ///
    /// ```
    /// use securepay::api::{BodyError, GetRequestRoutes};
    ///
    /// let routes = GetRequestRoutes::new("01e273ec", "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?);
    /// assert_eq!(routes.amount("0".parse()?), Err(BodyError::ZeroAmount { field: "amount" }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn amount(mut self, amount: HumanAmount) -> Result<GetRequestRoutes, BodyError> {
        check_positive("amount", &amount)?;
        self.amount = Some(amount);
        Ok(self)
    }

    /// `feePercentage` and `feeAddress`: a fee applied at payment time. The percentage is the
    /// API's text (`"2.5"` for 2.5 %), a decimal from 0 to 100.
    ///
    /// ```
    /// use securepay::api::{BodyError, GetRequestRoutes};
    ///
    /// let routes = GetRequestRoutes::new("01e273ec", "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?);
    /// let above = routes.fee("101", "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?);
    /// assert!(matches!(above, Err(BodyError::FeePercentage(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fee(
        mut self,
        percentage: &str,
        address: ChainAddress,
    ) -> Result<GetRequestRoutes, BodyError> {
        let percentage = check_fee_percentage(percentage)?;
        self.fee = Some((percentage, address));
        Ok(self)
    }
}

impl Sealed for GetRequestRoutes {
    fn parts(&self) -> Result<Parts, RequestError> {
        check_request_id(&self.request_id)?;
        let mut query = vec![("wallet", self.wallet.to_string())];
        if let Some(amount) = &self.amount {
            check_positive("amount", amount)?;
            query.push(("amount", amount.to_string()));
        }
        if let Some((percentage, address)) = &self.fee {
            let percentage = check_fee_percentage(&percentage.to_string())?;
            query.push(("feePercentage", percentage.to_string()));
            query.push(("feeAddress", address.to_string()));
        }
        Ok(Parts::new().path(self.request_id.as_str()).query(query))
    }
}

impl OutgoingRequest for GetRequestRoutes {
    const ENDPOINT: Endpoint = Endpoint::GetRequestRoutes;
    type Response = RequestRoutes;
}

/// A JSON number kept exactly as the service wrote it (`0.001`, `0`, `1.5e-7`): the route
/// answers give fees and price impacts as JSON numbers, which a double would round. Written
/// back as the same number.
///
/// ```
/// use securepay::api::ExactNumber;
///
/// let fee: ExactNumber = serde_json::from_str("0.001")?;
/// assert_eq!(fee.as_str(), "0.001");
/// assert!(!fee.is_zero());
/// assert!(serde_json::from_str::<ExactNumber>("0.0").map(|n| n.is_zero())?);
/// assert!(serde_json::from_str::<ExactNumber>(r#""0.001""#).is_err()); // a number, not text
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ExactNumber(String);

impl ExactNumber {
    /// The number's JSON text, as written.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether the number is zero (`0`, `0.0`, `-0`, `0e5`).
    pub fn is_zero(&self) -> bool {
        let mantissa = self.0.split(['e', 'E']).next().unwrap_or_default();
        mantissa.chars().all(|c| matches!(c, '0' | '.' | '-'))
    }

    /// The number as a whole count (`12`, `12.0`), or `None` when it has a fraction, a sign
    /// or an exponent, or does not fit.
    ///
    /// ```
    /// use securepay::api::ExactNumber;
    ///
    /// let seconds: ExactNumber = serde_json::from_str("120")?;
    /// assert_eq!(seconds.as_u64(), Some(120));
    /// assert_eq!(serde_json::from_str::<ExactNumber>("1.5")?.as_u64(), None);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn as_u64(&self) -> Option<u64> {
        let (whole, fraction) = self.0.split_once('.').unwrap_or((&self.0, ""));
        if !fraction.chars().all(|c| c == '0') {
            return None;
        }
        whole.parse().ok()
    }

    /// The number from JSON text that serde_json read as a number.
    fn checked<E: serde::de::Error>(text: &str) -> Result<ExactNumber, E> {
        let number = text.starts_with(|c: char| c == '-' || c.is_ascii_digit());
        if !number {
            return Err(E::custom(format_args!(
                "expected a JSON number, found {text}"
            )));
        }
        Ok(ExactNumber(text.to_owned()))
    }
}

impl fmt::Display for ExactNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for ExactNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ExactNumber({})", self.0)
    }
}

impl Serialize for ExactNumber {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match RawValue::from_string(self.0.clone()) {
            Ok(raw) => raw.serialize(serializer),
            Err(e) => Err(serde::ser::Error::custom(e)),
        }
    }
}

impl<'de> Deserialize<'de> for ExactNumber {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = Box::<RawValue>::deserialize(deserializer)?;
        ExactNumber::checked(raw.get())
    }
}

/// A route's `speed`: `"FAST"` for direct payments, a number of seconds for cross-chain ones
/// (the description: "Route speed - 'FAST' for direct payments, number of seconds for
/// crosschain"). Another text is kept as given: the schema allows any string.
///
/// ```
/// use securepay::api::RouteSpeed;
///
/// assert_eq!(serde_json::from_str::<RouteSpeed>(r#""FAST""#)?, RouteSpeed::Fast);
/// let RouteSpeed::Seconds(seconds) = serde_json::from_str::<RouteSpeed>("45")? else { unreachable!() };
/// assert_eq!(seconds.as_u64(), Some(45));
/// assert_eq!(serde_json::to_string(&RouteSpeed::Fast)?, r#""FAST""#);
/// assert!(serde_json::from_str::<RouteSpeed>("true").is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum RouteSpeed {
    /// `"FAST"`.
    Fast,
    /// A number of seconds (cross-chain), exactly as written.
    Seconds(ExactNumber),
    /// Another text.
    Other(String),
}

impl Serialize for RouteSpeed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            RouteSpeed::Fast => serializer.serialize_str("FAST"),
            RouteSpeed::Seconds(seconds) => seconds.serialize(serializer),
            RouteSpeed::Other(text) => serializer.serialize_str(text),
        }
    }
}

impl<'de> Deserialize<'de> for RouteSpeed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let raw = Box::<RawValue>::deserialize(deserializer)?;
        let text = raw.get();
        if text.starts_with('"') {
            let speed: String = serde_json::from_str(text).map_err(D::Error::custom)?;
            return Ok(match speed.as_str() {
                "FAST" => RouteSpeed::Fast,
                _ => RouteSpeed::Other(speed),
            });
        }
        ExactNumber::checked(text)
            .map(RouteSpeed::Seconds)
            .map_err(|_: D::Error| {
                D::Error::custom(format_args!(
                    "speed is \"FAST\" or a number of seconds, found {text}"
                ))
            })
    }
}

/// One route of [`RequestRoutes`]. Required by the schema: `id`, `fee`, `speed`, `chain`,
/// `token`.
///
/// ```
/// use securepay::api::{PaymentRoute, RouteSpeed};
///
/// let route: PaymentRoute = serde_json::from_str(r#"{"id": "POLYGON_BASE_USDC_USDC", "fee": 0.001, "speed": 30,
///     "price_impact": 0.999, "chain": "POLYGON", "token": "USDC"}"#)?;
/// assert_eq!(route.fee.as_str(), "0.001"); // exact: a decimal, 0.001 = 0.1 %
/// assert!(matches!(route.speed, RouteSpeed::Seconds(_)));
/// assert_eq!(route.price_impact.as_ref().map(|p| p.as_str()), Some("0.999"));
/// assert!(!route.is_direct()); // a bridge from Polygon
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PaymentRoute {
    /// `id`: `REQUEST_NETWORK_PAYMENT` for the request's own route, else a name of the
    /// source and target (`POLYGON_BASE_USDC_USDC`, `BASE-BASE-USDC-USDC`).
    pub id: String,
    /// `fee`: the total fee as a decimal (`0.001` is 0.1 %), exactly as written.
    pub fee: ExactNumber,
    /// `feeBreakdown`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fee_breakdown: Option<Vec<PaymentFee>>,
    /// `speed`.
    pub speed: RouteSpeed,
    /// `price_impact` (so written): a decimal, exactly as written.
    #[serde(
        rename = "price_impact",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub price_impact: Option<ExactNumber>,
    /// `chain`: the source chain (`BASE`, `POLYGON`, `MAINNET`…).
    pub chain: String,
    /// `token`: the token symbol (`USDC`).
    pub token: String,
    /// Any other field, kept as sent (no key given twice).
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// Read field by field rather than with serde's `flatten`, which buffers the fields and so
/// loses the text of the JSON numbers [`ExactNumber`] keeps.
impl<'de> Deserialize<'de> for PaymentRoute {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct RouteVisitor;

        impl<'de> Visitor<'de> for RouteVisitor {
            type Value = PaymentRoute;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a payment route (a JSON object)")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PaymentRoute, A::Error> {
                fn once<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
                    map: &mut A,
                    slot: &mut Option<T>,
                    key: &str,
                ) -> Result<(), A::Error> {
                    if slot.is_some() {
                        return Err(duplicate(key));
                    }
                    *slot = Some(map.next_value()?);
                    Ok(())
                }
                let (mut id, mut fee, mut fee_breakdown, mut speed) = (None, None, None, None);
                let (mut price_impact, mut chain, mut token) = (None, None, None);
                let mut extra = Map::new();
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "id" => once(&mut map, &mut id, &key)?,
                        "fee" => once(&mut map, &mut fee, &key)?,
                        "feeBreakdown" => once(&mut map, &mut fee_breakdown, &key)?,
                        "speed" => once(&mut map, &mut speed, &key)?,
                        "price_impact" => once(&mut map, &mut price_impact, &key)?,
                        "chain" => once(&mut map, &mut chain, &key)?,
                        "token" => once(&mut map, &mut token, &key)?,
                        _ => {
                            if extra.contains_key(&key) {
                                return Err(duplicate(&key));
                            }
                            let StrictValue(value) = map.next_value()?;
                            extra.insert(key, value);
                        }
                    }
                }
                Ok(PaymentRoute {
                    id: required(id, "id")?,
                    fee: required(fee, "fee")?,
                    fee_breakdown: fee_breakdown.flatten(),
                    speed: required(speed, "speed")?,
                    price_impact: price_impact.flatten(),
                    chain: required(chain, "chain")?,
                    token: required(token, "token")?,
                    extra,
                })
            }
        }

        deserializer.deserialize_map(RouteVisitor)
    }
}

impl PaymentRoute {
    /// The id of the request's own route (paid on its chain, without a bridge).
    pub const DIRECT_ID: &'static str = "REQUEST_NETWORK_PAYMENT";

    /// Whether this is the request's own route ([`PaymentRoute::DIRECT_ID`]).
    pub fn is_direct(&self) -> bool {
        self.id == PaymentRoute::DIRECT_ID
    }
}

/// The answer of `GET /v2/request/{requestId}/routes`: `{"routes": [...]}` (possibly empty).
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, RequestRoutes, RouteSpeed};
///
/// let answer: RequestRoutes = parse_parts(StatusCode::OK, br#"{"routes": [{"id": "REQUEST_NETWORK_PAYMENT", "fee": 0,
///     "speed": "FAST", "price_impact": 0, "chain": "BASE", "token": "USDC"}]}"#)?;
/// assert!(answer.routes[0].is_direct());
/// assert_eq!(answer.routes[0].speed, RouteSpeed::Fast);
/// assert!(parse_parts::<RequestRoutes>(StatusCode::OK, br#"{"routes": [{"id": "X", "speed": "FAST", "chain": "BASE", "token": "USDC"}]}"#).is_err()); // no fee
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RequestRoutes {
    /// `routes`.
    pub routes: Vec<PaymentRoute>,
}

impl Api {
    /// `GET /v2/request/{requestId}/routes?wallet=…`: the routes open to `wallet`. Answer:
    /// [`RequestRoutes`]. For `amount` and the fee, build a [`GetRequestRoutes`] and
    /// [`prepare`](Api::prepare) it.
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    ///
    /// let key = Credential::api_key("sk_test")?;
    /// let request = Api::new().get_request_routes(&key, "01e273ecc29d", &"TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd".parse()?)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/request/01e273ecc29d/routes?wallet=TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get_request_routes(
        &self,
        credential: &Credential,
        request_id: &str,
        wallet: &ChainAddress,
    ) -> Result<PreparedRequest<GetRequestRoutes>, RequestError> {
        self.prepare(credential, &GetRequestRoutes::new(request_id, *wallet))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_read_from_a_json_value_keep_their_numbers() {
        let value = serde_json::json!({"routes": [{"id": "X", "fee": 0.001, "speed": 30,
            "price_impact": 0, "chain": "BASE", "token": "USDC", "brandNew": {"a": 1}}]});
        let routes: RequestRoutes = serde_json::from_value(value.clone()).unwrap();
        assert_eq!(routes.routes[0].fee.as_str(), "0.001");
        assert_eq!(
            routes.routes[0].speed,
            RouteSpeed::Seconds(ExactNumber("30".to_owned()))
        );
        assert_eq!(serde_json::to_value(&routes).unwrap(), value);
    }

    #[test]
    fn zero_and_whole_numbers_are_recognised() {
        for zero in ["0", "0.0", "-0", "0e5", "0.000E-3"] {
            assert!(ExactNumber(zero.to_owned()).is_zero(), "{zero}");
        }
        for other in ["1", "0.001", "1e-7", "-0.5"] {
            assert!(!ExactNumber(other.to_owned()).is_zero(), "{other}");
        }
        assert_eq!(ExactNumber("12.00".to_owned()).as_u64(), Some(12));
        assert_eq!(ExactNumber("-1".to_owned()).as_u64(), None);
        assert_eq!(ExactNumber("1e3".to_owned()).as_u64(), None);
    }
}
