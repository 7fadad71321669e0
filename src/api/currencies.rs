//! Currencies: `GET /v2/currencies` (filters `network`, `symbol`, `id`, `firstOnly`) and
//! `GET /v2/currencies/{currencyId}/conversion-routes` (`network` or `networks`).

use std::fmt;

use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use super::body::check_identifier;
use super::outgoing::sealed::{Parts, Sealed};
use super::{Api, BodyError, Credential, Endpoint, OutgoingRequest, PreparedRequest, RequestError};
use crate::currency::{Currency, CurrencyQuery};
use crate::network::Network;

/// The answer of `GET /v2/currencies`: a bare array, or one object with `firstOnly=true` or
/// `id=…` (the owned counterpart of [`QueryAnswer`](crate::currency::QueryAnswer)).
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, CurrenciesAnswer};
///
/// let one: CurrenciesAnswer = parse_parts(StatusCode::OK, br#"{"id": "USDT-mainnet", "name": "USDT", "symbol": "USDT", "decimals": 6, "address": "0xdAC17F958D2ee523a2206206994597C13D831ec7", "network": "mainnet", "type": "ERC20", "hash": "0xdac17f958d2ee523a2206206994597c13d831ec7", "chainId": 1}"#)?; // firstOnly=true or id=…
/// let CurrenciesAnswer::One(usdt) = one else { unreachable!() };
/// assert_eq!((usdt.id().as_str(), usdt.decimals().get()), ("USDT-mainnet", 6));
/// assert_eq!(parse_parts::<CurrenciesAnswer>(StatusCode::OK, b"[]")?, CurrenciesAnswer::List(vec![]));
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[non_exhaustive]
pub enum CurrenciesAnswer {
    /// Every match.
    List(Vec<Currency>),
    /// One currency.
    One(Currency),
}

/// An array is the list, an object the one currency: each read typed, so that its errors (a
/// key given twice among them) are the currency's own, not "no variant matched".
impl<'de> Deserialize<'de> for CurrenciesAnswer {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct AnswerVisitor;

        impl<'de> Visitor<'de> for AnswerVisitor {
            type Value = CurrenciesAnswer;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of currencies or one currency")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<CurrenciesAnswer, A::Error> {
                Vec::deserialize(SeqAccessDeserializer::new(seq)).map(CurrenciesAnswer::List)
            }

            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<CurrenciesAnswer, A::Error> {
                Currency::deserialize(MapAccessDeserializer::new(map)).map(CurrenciesAnswer::One)
            }
        }

        deserializer.deserialize_any(AnswerVisitor)
    }
}

/// The network filter of a conversion-routes query.
///
/// ```
/// use securepay::api::{Api, Credential, RouteFilter};
/// use securepay::network::Network;
///
/// let filter = RouteFilter::Networks(vec![Network::Mainnet, Network::Matic]);
/// let request = Api::new().get_conversion_routes(&Credential::api_key("sk_test")?, "EUR", &filter)?;
/// assert_eq!(request.uri(), "https://api.request.network/v2/currencies/EUR/conversion-routes?networks=mainnet%2Cmatic");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum RouteFilter {
    /// Every network (`network` is `null` in the answer).
    #[default]
    All,
    /// `network=…`.
    Network(Network),
    /// `networks=a,b` (the answer has `networks` instead of `network`).
    Networks(Vec<Network>),
}

/// The answer of `GET /v2/currencies/{currencyId}/conversion-routes` (the owned counterpart of
/// [`ConversionRoutes`](crate::currency::ConversionRoutes)). Network names are kept as text:
/// the API description's own example writes `polygon`, which is not one of the eight network
/// ids (`matic`).
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, ConversionRoutesAnswer};
///
/// let body = br#"{"currencyId": "USD", "network": "mainnet", "conversionRoutes": [{"id": "USDT-mainnet", "name": "USDT", "symbol": "USDT", "decimals": 6, "address": "0xdAC17F958D2ee523a2206206994597C13D831ec7", "network": "mainnet", "type": "ERC20", "hash": "0xdac17f958d2ee523a2206206994597c13d831ec7", "chainId": 1}]}"#;
/// let routes: ConversionRoutesAnswer = parse_parts(StatusCode::OK, body)?;
/// assert_eq!((routes.currency_id.as_str(), routes.network.as_deref()), ("USD", Some("mainnet")));
/// assert_eq!(routes.conversion_routes[0].symbol(), "USDT");
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ConversionRoutesAnswer {
    /// `currencyId`.
    pub currency_id: String,
    /// `network` (null for every network; absent with `networks`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network: Option<String>,
    /// `networks`, when asked with `networks=`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub networks: Option<Vec<String>>,
    /// `conversionRoutes`: the currencies the invoice may be paid in.
    pub conversion_routes: Vec<Currency>,
}

/// `GET /v2/currencies`: the catalog, filtered by [`CurrencyQuery`] (`firstOnly` needs both
/// `network` and `symbol`).
///
/// ```
/// use securepay::api::{Api, Credential, ListCurrencies};
/// use securepay::currency::CurrencyQuery;
///
/// let list = ListCurrencies::new(CurrencyQuery { symbol: Some("USDC".into()), ..Default::default() });
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &list)?;
/// assert_eq!(request.uri(), "https://api.request.network/v2/currencies?symbol=USDC");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ListCurrencies {
    /// The filters.
    pub query: CurrencyQuery,
}

impl ListCurrencies {
    /// The request with `query`.
    pub fn new(query: CurrencyQuery) -> ListCurrencies {
        ListCurrencies { query }
    }
}

impl Sealed for ListCurrencies {
    fn parts(&self) -> Result<Parts, RequestError> {
        let query = &self.query;
        if query.first_only && (query.network.is_none() || query.symbol.is_none()) {
            return Err(BodyError::Invalid {
                field: "firstOnly",
                reason: "firstOnly can only be used when both network and symbol are provided"
                    .into(),
            }
            .into());
        }
        let mut pairs = Vec::new();
        if let Some(network) = query.network {
            pairs.push(("network", network.id().to_owned()));
        }
        if let Some(symbol) = &query.symbol {
            pairs.push(("symbol", symbol.clone()));
        }
        if query.first_only {
            pairs.push(("firstOnly", "true".to_owned()));
        }
        if let Some(id) = &query.id {
            pairs.push(("id", id.clone()));
        }
        Ok(Parts::new().query(pairs))
    }
}

impl OutgoingRequest for ListCurrencies {
    const ENDPOINT: Endpoint = Endpoint::ListCurrencies;
    type Response = CurrenciesAnswer;
}

/// `GET /v2/currencies/{currencyId}/conversion-routes`: what an invoice in `currency_id` (USD,
/// EUR, CNY, GBP, JPY) may be paid in.
///
/// ```
/// use securepay::api::{Api, Credential, GetConversionRoutes, RouteFilter};
///
/// let routes = GetConversionRoutes::new("EUR", RouteFilter::All);
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &routes)?;
/// assert_eq!(request.uri(), "https://api.request.network/v2/currencies/EUR/conversion-routes");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GetConversionRoutes {
    /// `{currencyId}`: checked when the request is built (non-empty, no control character).
    pub currency_id: String,
    /// The network filter.
    pub filter: RouteFilter,
}

impl GetConversionRoutes {
    /// The request for `currency_id`.
    pub fn new(currency_id: &str, filter: RouteFilter) -> GetConversionRoutes {
        GetConversionRoutes {
            currency_id: currency_id.to_owned(),
            filter,
        }
    }
}

impl Sealed for GetConversionRoutes {
    fn parts(&self) -> Result<Parts, RequestError> {
        let currency_id = &self.currency_id;
        check_identifier("currencyId", "a currency id", currency_id)?;
        let pairs = match &self.filter {
            RouteFilter::All => Vec::new(),
            RouteFilter::Network(network) => vec![("network", network.id().to_owned())],
            RouteFilter::Networks(networks) if networks.is_empty() => {
                return Err(BodyError::TooFew {
                    field: "networks",
                    min: 1,
                    given: 0,
                }
                .into());
            }
            RouteFilter::Networks(networks) => vec![(
                "networks",
                networks
                    .iter()
                    .map(|n| n.id())
                    .collect::<Vec<_>>()
                    .join(","),
            )],
        };
        Ok(Parts::new().path(currency_id.as_str()).query(pairs))
    }
}

impl OutgoingRequest for GetConversionRoutes {
    const ENDPOINT: Endpoint = Endpoint::GetConversionRoutes;
    type Response = ConversionRoutesAnswer;
}

impl Api {
    /// `GET /v2/currencies`. `firstOnly` needs both `network` and `symbol`. Answer:
    /// [`CurrenciesAnswer`].
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    /// use securepay::currency::CurrencyQuery;
    /// use securepay::network::Network;
    ///
    /// let query = CurrencyQuery { network: Some(Network::Mainnet), symbol: Some("USDC".into()), first_only: true, ..Default::default() };
    /// let request = Api::new().list_currencies(&Credential::api_key("sk_test")?, &query)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/currencies?network=mainnet&symbol=USDC&firstOnly=true");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn list_currencies(
        &self,
        credential: &Credential,
        query: &CurrencyQuery,
    ) -> Result<PreparedRequest<ListCurrencies>, RequestError> {
        self.prepare(credential, &ListCurrencies::new(query.clone()))
    }

    /// `GET /v2/currencies/{currencyId}/conversion-routes`: what an invoice in `currency_id`
    /// (USD, EUR, CNY, GBP, JPY) may be paid in. Answer: [`ConversionRoutesAnswer`].
    ///
    /// ```
    /// use securepay::api::{Api, Credential, RequestError, RouteFilter};
    /// use securepay::network::Network;
    ///
    /// let key = Credential::api_key("sk_test")?;
    /// let request = Api::new().get_conversion_routes(&key, "USD", &RouteFilter::Network(Network::Base))?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/currencies/USD/conversion-routes?network=base");
    /// let none = Api::new().get_conversion_routes(&key, "USD", &RouteFilter::Networks(vec![]));
    /// assert!(matches!(none, Err(RequestError::Body(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get_conversion_routes(
        &self,
        credential: &Credential,
        currency_id: &str,
        filter: &RouteFilter,
    ) -> Result<PreparedRequest<GetConversionRoutes>, RequestError> {
        self.prepare(
            credential,
            &GetConversionRoutes::new(currency_id, filter.clone()),
        )
    }
}
