//! Currencies: `GET /v2/currencies` (filters `network`, `symbol`, `id`, `firstOnly`) and
//! `GET /v2/currencies/{currencyId}/conversion-routes` (`network` or `networks`).

use serde::{Deserialize, Serialize};

use super::url::encode;
use super::{Api, BodyError, Credential, Endpoint, RequestError};
use crate::currency::{Currency, CurrencyQuery};
use crate::network::Network;

/// The answer of `GET /v2/currencies`: a bare array, or one object with `firstOnly=true` or
/// `id=…` (the owned counterpart of [`QueryAnswer`](crate::currency::QueryAnswer)).
///
/// ```
/// use securepay::api::{parse_parts, CurrenciesAnswer};
///
/// let one: CurrenciesAnswer = parse_parts(200, br#"{"id": "USDT-mainnet", "name": "USDT", "symbol": "USDT", "decimals": 6, "address": "0xdAC17F958D2ee523a2206206994597C13D831ec7", "network": "mainnet", "type": "ERC20", "hash": "0xdac17f958d2ee523a2206206994597c13d831ec7", "chainId": 1}"#)?; // firstOnly=true or id=…
/// let CurrenciesAnswer::One(usdt) = one else { unreachable!() };
/// assert_eq!((usdt.id().as_str(), usdt.decimals().get()), ("USDT-mainnet", 6));
/// assert_eq!(parse_parts::<CurrenciesAnswer>(200, b"[]")?, CurrenciesAnswer::List(vec![]));
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum CurrenciesAnswer {
    /// Every match.
    List(Vec<Currency>),
    /// One currency.
    One(Currency),
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
/// use securepay::api::{parse_parts, ConversionRoutesAnswer};
///
/// let body = br#"{"currencyId": "USD", "network": "mainnet", "conversionRoutes": [{"id": "USDT-mainnet", "name": "USDT", "symbol": "USDT", "decimals": 6, "address": "0xdAC17F958D2ee523a2206206994597C13D831ec7", "network": "mainnet", "type": "ERC20", "hash": "0xdac17f958d2ee523a2206206994597c13d831ec7", "chainId": 1}]}"#;
/// let routes: ConversionRoutesAnswer = parse_parts(200, body)?;
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

impl Api {
    /// `GET /v2/currencies`. `firstOnly` needs both `network` and `symbol`. Answer:
    /// [`CurrenciesAnswer`].
    ///
    /// ```no_run
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
    ) -> Result<http::Request<Vec<u8>>, RequestError> {
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
        let endpoint = Endpoint::ListCurrencies;
        self.build(endpoint, credential, endpoint.path_template(), &pairs, None)
    }

    /// `GET /v2/currencies/{currencyId}/conversion-routes`: what an invoice in `currency_id`
    /// (USD, EUR, CNY, GBP, JPY) may be paid in. Answer: [`ConversionRoutesAnswer`].
    ///
    /// ```no_run
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
    ) -> Result<http::Request<Vec<u8>>, RequestError> {
        if currency_id.is_empty() || currency_id.chars().any(char::is_control) {
            return Err(BodyError::Invalid {
                field: "currencyId",
                reason: format!("{currency_id:?} is not a currency id"),
            }
            .into());
        }
        let pairs = match filter {
            RouteFilter::All => Vec::new(),
            RouteFilter::Network(network) => vec![("network", network.id().to_owned())],
            RouteFilter::Networks(networks) if networks.is_empty() => {
                return Err(BodyError::TooFew {
                    field: "networks",
                    min: 1,
                    given: 0,
                }
                .into())
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
        let path = format!("/v2/currencies/{}/conversion-routes", encode(currency_id));
        self.build(
            Endpoint::GetConversionRoutes,
            credential,
            &path,
            &pairs,
            None,
        )
    }
}
