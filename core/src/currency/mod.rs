//! Currencies: the API's currency object, currency ids, the built-in catalog with the API's
//! query semantics, destination tokens, conversion routes and cross-chain sources, and what the
//! crate holds as fact about how tokens behave ([`TokenFacts`]).
//!
//! ```
//! use securepay_core::currency::{Catalog, SourceEndpoint};
//! use securepay_core::network::Network;
//!
//! let catalog = Catalog::builtin();
//! let usdc_bsc = catalog.get("USDC-bsc")?;
//! assert_eq!(usdc_bsc.decimals().get(), 18); // Binance-peg USDC has 18 decimals
//!
//! let destinations: Vec<_> = catalog.destination_tokens(Network::ArbitrumOne).map(|c| c.symbol()).collect();
//! assert_eq!(destinations, ["USDC", "USDT"]); // never USDT0
//!
//! let sources: Vec<_> = catalog.cross_chain_sources(Network::Base, SourceEndpoint::SecurePay).map(|c| c.symbol()).collect();
//! assert_eq!(sources, ["USDC", "USDT", "EURC"]);
//! # Ok::<(), securepay_core::currency::CatalogError>(())
//! ```

mod behaviour;
mod builtin;
mod catalog;
mod id;
mod model;
mod rows;

pub use behaviour::{TokenBehaviour, TokenFact, TokenFacts};
pub use catalog::{
    Catalog, CatalogEntry, CatalogError, ConversionRoutes, CurrencyQuery, QueryAnswer,
    SourceEndpoint, crypto_to_fiat_networks, invoice_currencies,
};
pub use id::{CurrencyId, CurrencyIdError};
pub use model::{Currency, CurrencyError, CurrencyFields, CurrencyNetwork, CurrencyType};
