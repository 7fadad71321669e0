//! The currency catalog and its queries, with the API's semantics.

use crate::prelude::*;

use once_cell::race::OnceBox;

use serde::Serialize;

use super::builtin::{
    CONVERSION_PAYMENT_SYMBOLS, CROSS_CHAIN_SOURCE_SYMBOLS, CRYPTO_TO_FIAT_NETWORKS,
    CRYPTO_TO_FIAT_SYMBOL, CURRENCIES, FIAT, INVOICE_CURRENCIES, PAY_ENDPOINT_EXTRA_SOURCE_SYMBOLS,
};
use super::rows::BuiltinAddress;
use super::{Currency, CurrencyError, CurrencyId, CurrencyIdError, CurrencyNetwork, CurrencyType};
use crate::address::{ChainAddress, EvmAddress, TronAddress};
use crate::amount::Decimals;
use crate::network::Network;

/// Why a catalog query or change failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CatalogError {
    /// Nothing matches (the API answers 404 "Token not found").
    #[error("currency not found: {0}")]
    NotFound(String),
    /// `firstOnly` without both `network` and `symbol`.
    #[error("firstOnly needs both network and symbol")]
    FirstOnlyNeedsNetworkAndSymbol,
    /// An id or alias that is already in the catalog.
    #[error("currency id {0} is already in the catalog")]
    DuplicateId(String),
    /// A conversion-route query for a currency that is not an invoice currency.
    #[error("{0} is not an invoice currency: conversion routes exist for USD, EUR, CNY, GBP, JPY")]
    NotAnInvoiceCurrency(String),
    /// A malformed alias.
    #[error(transparent)]
    Id(#[from] CurrencyIdError),
    /// A malformed currency.
    #[error(transparent)]
    Currency(#[from] CurrencyError),
}

/// A currency with what the catalog knows about it beyond the API object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogEntry {
    currency: Currency,
    destination: bool,
    verified: bool,
    aliases: Vec<CurrencyId>,
}

impl CatalogEntry {
    /// An entry for `currency`: not a destination token, address verified, no aliases.
    pub fn new(currency: Currency) -> CatalogEntry {
        CatalogEntry {
            currency,
            destination: false,
            verified: true,
            aliases: Vec::new(),
        }
    }

    /// Marks whether a payee destination may be registered in this token.
    pub fn with_destination(mut self, destination: bool) -> CatalogEntry {
        self.destination = destination;
        self
    }

    /// Adds another id this currency answers to (`USDC-optimism` for `USDCn-optimism`).
    pub fn with_alias(mut self, alias: &str) -> Result<CatalogEntry, CatalogError> {
        let alias = CurrencyId::parse_on(alias, self.currency.network())?;
        self.aliases.push(alias);
        Ok(self)
    }

    /// The currency.
    pub const fn currency(&self) -> &Currency {
        &self.currency
    }

    /// Whether a payee destination may be registered in this token (USDC and USDT only).
    pub const fn is_destination(&self) -> bool {
        self.destination
    }

    /// `false` when the address comes only from third-party sources (USDT0 on Optimism).
    pub const fn is_verified(&self) -> bool {
        self.verified
    }

    /// The other ids of this currency.
    pub fn aliases(&self) -> &[CurrencyId] {
        &self.aliases
    }

    fn answers_to(&self, id: &str) -> bool {
        self.currency.id().as_str() == id || self.aliases.iter().any(|a| a.as_str() == id)
    }

    /// Whether the conversion-route and crypto-to-fiat rules see this currency as `symbol`:
    /// its symbol, or the symbol part of one of its aliases. The token list calls the Sepolia
    /// test USDC `fUSDC` (id `fUSDC-sepolia`) and its plain id `USDC-sepolia` stays an alias,
    /// so it is still the USDC of those rules (and `fUSDT-sepolia` the USDT).
    fn goes_by(&self, symbol: &str) -> bool {
        self.currency.symbol() == symbol || self.aliases.iter().any(|a| a.symbol_part() == symbol)
    }
}

/// A query of `GET /v2/currencies`: `network`, `symbol`, `id`, `firstOnly`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CurrencyQuery {
    /// Only currencies on this network.
    pub network: Option<Network>,
    /// Only currencies with this symbol (ASCII case-insensitive).
    pub symbol: Option<String>,
    /// Only the currency with this id or alias; answers one object.
    pub id: Option<String>,
    /// Answer the first match as one object; needs `network` and `symbol`.
    pub first_only: bool,
}

/// The answer to a [`CurrencyQuery`]: a list, or one object for `firstOnly` and `id`. Serializes
/// as the API does: a bare JSON array or a single object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum QueryAnswer<'a> {
    /// Every match, in catalog order.
    List(Vec<&'a Currency>),
    /// One currency.
    One(&'a Currency),
}

/// Which pay endpoint a cross-chain source token is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SourceEndpoint {
    /// `GET /v2/request/{id}/pay`: USDC, USDT, USDT0.
    RequestPay,
    /// `GET /v2/secure-payments/{token}/pay`: USDC, USDT, USDT0 and EURC.
    SecurePay,
}

/// The answer of `GET /v2/currencies/{currencyId}/conversion-routes`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConversionRoutes<'a> {
    /// The invoice currency.
    pub currency_id: String,
    /// The network asked for, or `null` for all.
    pub network: Option<Network>,
    /// The currencies the invoice may be paid in.
    pub conversion_routes: Vec<&'a Currency>,
}

/// A set of currencies: the built-in catalog, optionally extended by the caller.
///
/// ```
/// use securepay_core::currency::{Catalog, CurrencyQuery, QueryAnswer};
/// use securepay_core::network::Network;
///
/// let catalog = Catalog::builtin();
/// let usdc = catalog.get("USDC-base")?;
/// assert_eq!(usdc.decimals().get(), 6);
/// assert_eq!(catalog.get("USDC-optimism")?.id().as_str(), "USDCn-optimism"); // an alias
///
/// let query = CurrencyQuery { network: Some(Network::Bsc), symbol: Some("USDT".into()), first_only: true, ..Default::default() };
/// let QueryAnswer::One(usdt) = catalog.query(&query)? else { unreachable!() };
/// assert_eq!(usdt.decimals().get(), 18);
/// # Ok::<(), securepay_core::currency::CatalogError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Catalog {
    entries: Vec<CatalogEntry>,
}

impl Catalog {
    /// An empty catalog.
    pub fn empty() -> Catalog {
        Catalog::default()
    }

    /// The built-in catalog: the currencies of the eight networks and the five invoice fiat
    /// currencies, compiled in.
    pub fn builtin() -> &'static Catalog {
        static BUILTIN: OnceBox<Catalog> = OnceBox::new();
        BUILTIN.get_or_init(|| Box::new(build_builtin()))
    }

    /// Adds an entry; its id and aliases must be new to the catalog.
    pub fn add(&mut self, entry: CatalogEntry) -> Result<(), CatalogError> {
        let ids = core::iter::once(entry.currency.id()).chain(entry.aliases.iter());
        for id in ids {
            if self.entries.iter().any(|e| e.answers_to(id.as_str())) {
                return Err(CatalogError::DuplicateId(id.to_string()));
            }
        }
        self.entries.push(entry);
        Ok(())
    }

    /// Adds a currency (not a destination token, no aliases).
    pub fn add_currency(&mut self, currency: Currency) -> Result<(), CatalogError> {
        self.add(CatalogEntry::new(currency))
    }

    /// Every entry, in catalog order.
    pub fn entries(&self) -> impl Iterator<Item = &CatalogEntry> {
        self.entries.iter()
    }

    /// Every currency, in catalog order.
    pub fn currencies(&self) -> impl Iterator<Item = &Currency> {
        self.entries.iter().map(|e| &e.currency)
    }

    /// The entry with this id or alias.
    pub fn entry(&self, id: &str) -> Result<&CatalogEntry, CatalogError> {
        self.entries
            .iter()
            .find(|e| e.answers_to(id))
            .ok_or_else(|| CatalogError::NotFound(format!("id {id}")))
    }

    /// The currency with this id or alias.
    pub fn get(&self, id: &str) -> Result<&Currency, CatalogError> {
        self.entry(id).map(CatalogEntry::currency)
    }

    /// Answers a query with the API's semantics: `id` and `firstOnly` answer one object,
    /// other queries a list; no match is [`CatalogError::NotFound`].
    pub fn query(&self, query: &CurrencyQuery) -> Result<QueryAnswer<'_>, CatalogError> {
        if query.first_only && (query.network.is_none() || query.symbol.is_none()) {
            return Err(CatalogError::FirstOnlyNeedsNetworkAndSymbol);
        }
        let mut matches = self.entries.iter().filter(|entry| {
            let currency = &entry.currency;
            query
                .network
                .is_none_or(|n| currency.chain_network() == Some(n))
                && query
                    .symbol
                    .as_deref()
                    .is_none_or(|s| currency.symbol().eq_ignore_ascii_case(s))
                && query.id.as_deref().is_none_or(|id| entry.answers_to(id))
        });
        let not_found = || CatalogError::NotFound(describe(query));
        if query.first_only || query.id.is_some() {
            return matches
                .next()
                .map(|e| QueryAnswer::One(&e.currency))
                .ok_or_else(not_found);
        }
        let list: Vec<&Currency> = matches.map(|e| &e.currency).collect();
        if list.is_empty() {
            return Err(not_found());
        }
        Ok(QueryAnswer::List(list))
    }

    /// The currencies on `network` whose token contract is `address`.
    pub fn by_token_address<'a>(
        &'a self,
        network: Network,
        address: &'a ChainAddress,
    ) -> impl Iterator<Item = &'a Currency> + 'a {
        self.currencies().filter(move |c| {
            c.chain_network() == Some(network) && c.token_address().as_ref() == Some(address)
        })
    }

    /// The tokens a payee destination may be registered in on `network` (USDC and USDT; never
    /// USDT0).
    pub fn destination_tokens(&self, network: Network) -> impl Iterator<Item = &Currency> {
        self.entries
            .iter()
            .filter(move |e| e.destination && e.currency.chain_network() == Some(network))
            .map(|e| &e.currency)
    }

    /// Whether `address` is a destination token on `network`.
    pub fn is_destination_token(&self, network: Network, address: &ChainAddress) -> bool {
        self.destination_tokens(network)
            .any(|c| c.token_address().as_ref() == Some(address))
    }

    /// The currencies an invoice in `invoice_currency` (USD, EUR, CNY, GBP, JPY) may be paid
    /// in through conversion: USDC, USDT, DAI (and FAU on Sepolia), on `network` or on all
    /// networks.
    pub fn conversion_routes(
        &self,
        invoice_currency: &str,
        network: Option<Network>,
    ) -> Result<ConversionRoutes<'_>, CatalogError> {
        if !INVOICE_CURRENCIES.contains(&invoice_currency) {
            return Err(CatalogError::NotAnInvoiceCurrency(
                invoice_currency.to_owned(),
            ));
        }
        let conversion_routes = self
            .entries
            .iter()
            .filter(|e| {
                let c = &e.currency;
                c.kind().is_token()
                    && c.chain_network()
                        .is_some_and(|n| network.is_none_or(|want| want == n))
                    && CONVERSION_PAYMENT_SYMBOLS.iter().any(|s| e.goes_by(s))
            })
            .map(|e| &e.currency)
            .collect();
        Ok(ConversionRoutes {
            currency_id: invoice_currency.to_owned(),
            network,
            conversion_routes,
        })
    }

    /// The source tokens a payer may pay from on `network` in a cross-chain route (none on
    /// networks without a cross-chain query name: Tron and Sepolia).
    pub fn cross_chain_sources(
        &self,
        network: Network,
        endpoint: SourceEndpoint,
    ) -> impl Iterator<Item = &Currency> {
        let has_query_name = network.query_name().is_some();
        self.currencies().filter(move |c| {
            let symbol = c.symbol();
            has_query_name
                && c.chain_network() == Some(network)
                && (CROSS_CHAIN_SOURCE_SYMBOLS.contains(&symbol)
                    || (endpoint == SourceEndpoint::SecurePay
                        && PAY_ENDPOINT_EXTRA_SOURCE_SYMBOLS.contains(&symbol)))
        })
    }
}

impl Catalog {
    /// The currency a crypto-to-fiat request must be in on `network` (USDC; on Sepolia the
    /// token list's `fUSDC-sepolia`, alias `USDC-sepolia`), or `None` when crypto-to-fiat is
    /// not offered there (it is on mainnet, matic, arbitrum-one, sepolia).
    pub fn crypto_to_fiat_currency(&self, network: Network) -> Option<&Currency> {
        if !CRYPTO_TO_FIAT_NETWORKS.contains(&network) {
            return None;
        }
        self.entries
            .iter()
            .find(|e| {
                e.currency.chain_network() == Some(network) && e.goes_by(CRYPTO_TO_FIAT_SYMBOL)
            })
            .map(|e| &e.currency)
    }
}

/// The networks crypto-to-fiat requests may be on (USDC on mainnet, matic, arbitrum-one, and
/// sepolia for sandbox keys).
pub fn crypto_to_fiat_networks() -> &'static [Network] {
    CRYPTO_TO_FIAT_NETWORKS
}

/// The invoice (fiat) currencies of conversion routes.
pub fn invoice_currencies() -> &'static [&'static str] {
    INVOICE_CURRENCIES
}

fn describe(query: &CurrencyQuery) -> String {
    let mut parts = Vec::new();
    if let Some(n) = query.network {
        parts.push(format!("network={n}"));
    }
    if let Some(s) = &query.symbol {
        parts.push(format!("symbol={s}"));
    }
    if let Some(id) = &query.id {
        parts.push(format!("id={id}"));
    }
    if parts.is_empty() {
        "the catalog is empty".to_owned()
    } else {
        parts.join(", ")
    }
}

fn build_builtin() -> Catalog {
    let mut entries = Vec::with_capacity(CURRENCIES.len().saturating_add(FIAT.len()));
    for row in CURRENCIES {
        let network = CurrencyNetwork::Chain(row.network);
        let address = match row.address {
            BuiltinAddress::Evm(a) => ChainAddress::Evm(EvmAddress::new(a)),
            BuiltinAddress::Tron(a) => ChainAddress::Tron(TronAddress::from_abi(a)),
        };
        let currency = Currency::from_checked_parts(
            CurrencyId::from_checked(row.id, network.clone()),
            row.name,
            row.symbol,
            Decimals::new(row.decimals).unwrap_or(Decimals::ZERO),
            address,
            network.clone(),
            row.kind,
            address,
            row.network.chain_id(),
        );
        entries.push(CatalogEntry {
            currency,
            destination: row.destination,
            verified: row.verified,
            aliases: row
                .aliases
                .iter()
                .map(|a| CurrencyId::from_checked(a, network.clone()))
                .collect(),
        });
    }
    for fiat in FIAT {
        let currency = Currency::from_checked_parts(
            CurrencyId::from_checked(fiat.code, CurrencyNetwork::Fiat),
            fiat.name,
            fiat.code,
            Decimals::new(fiat.decimals).unwrap_or(Decimals::ZERO),
            ChainAddress::Evm(EvmAddress::new(fiat.address)),
            CurrencyNetwork::Fiat,
            CurrencyType::Iso4217,
            ChainAddress::Evm(EvmAddress::new(fiat.hash)),
            0,
        );
        entries.push(CatalogEntry::new(currency));
    }
    Catalog { entries }
}
