//! Which currencies a crypto-to-fiat request may be in: USDC on mainnet, matic, arbitrum-one
//! and sepolia (sandbox).

use crate::currency::{Catalog, Currency, crypto_to_fiat_networks};
use crate::network::Network;

/// Sandbox keys affect crypto-to-fiat only: with a sandbox key the offramp runs on Sepolia
/// USDC and sends no real fiat. Every other payment type (requests, payouts, cross-chain
/// swaps, secure payments) moves real funds with any key.
pub const SANDBOX_NOTE: &str = "Sandbox keys affect crypto-to-fiat only (USDC on Sepolia); every other payment type moves real funds with any key, sandbox or not.";

/// Why a currency cannot be used for a crypto-to-fiat request. Each message lists what is
/// allowed.
///
/// ```
/// use securepay::currency::Catalog;
/// use securepay::offramp::{check_eligibility, EligibilityError};
///
/// let error = check_eligibility(Catalog::builtin(), "USDC-base").unwrap_err();
/// assert!(matches!(error, EligibilityError::NetworkNotSupported { network: securepay::network::Network::Base, .. }));
/// assert!(matches!(check_eligibility(Catalog::builtin(), "USDC-solana"), Err(EligibilityError::UnknownCurrency { .. })));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EligibilityError {
    /// The currency is not in the catalog.
    #[error("unknown currency {currency}: crypto-to-fiat requests must be in {allowed}")]
    UnknownCurrency {
        /// The currency asked for.
        currency: String,
        /// The allowed currency ids.
        allowed: String,
    },
    /// A fiat currency: the request must be paid in a token.
    #[error("{currency} is a fiat currency: crypto-to-fiat requests must be in {allowed}")]
    Fiat {
        /// The currency asked for.
        currency: String,
        /// The allowed currency ids.
        allowed: String,
    },
    /// The network offers crypto-to-fiat, but not in this token.
    #[error(
        "{currency} is not USDC: crypto-to-fiat on {network} is in {expected} only (allowed: {allowed})"
    )]
    NotUsdc {
        /// The currency asked for.
        currency: String,
        /// Its network.
        network: Network,
        /// The USDC of that network.
        expected: String,
        /// The allowed currency ids.
        allowed: String,
    },
    /// The network does not offer crypto-to-fiat.
    #[error("crypto-to-fiat is not offered on {network} ({currency}): it is offered in {allowed}")]
    NetworkNotSupported {
        /// The currency asked for.
        currency: String,
        /// Its network.
        network: Network,
        /// The allowed currency ids.
        allowed: String,
    },
}

/// The currencies a crypto-to-fiat request may be in, in the catalog's order of networks
/// (mainnet, matic, arbitrum-one, sepolia).
///
/// ```
/// use securepay::currency::Catalog;
/// use securepay::offramp::allowed_currencies;
///
/// let ids: Vec<String> = allowed_currencies(Catalog::builtin()).iter().map(|c| c.id().to_string()).collect();
/// assert_eq!(ids, ["USDC-mainnet", "USDCn-matic", "USDC-arbitrum-one", "fUSDC-sepolia"]);
/// assert!(allowed_currencies(&Catalog::empty()).is_empty());
/// ```
pub fn allowed_currencies(catalog: &Catalog) -> Vec<&Currency> {
    crypto_to_fiat_networks()
        .iter()
        .filter_map(|n| catalog.crypto_to_fiat_currency(*n))
        .collect()
}

/// Checks that a crypto-to-fiat request may be in `currency_id` (an id or alias of the
/// catalog) and returns the currency.
///
/// ```
/// use securepay::currency::Catalog;
/// use securepay::offramp::{check_eligibility, EligibilityError};
///
/// let catalog = Catalog::builtin();
/// assert_eq!(check_eligibility(catalog, "USDC-matic")?.decimals().get(), 6);
/// let error = check_eligibility(catalog, "USDC-base").unwrap_err();
/// assert!(error.to_string().contains("USDC-mainnet, USDCn-matic, USDC-arbitrum-one, fUSDC-sepolia"));
/// assert!(matches!(check_eligibility(catalog, "USDT-mainnet"), Err(EligibilityError::NotUsdc { .. })));
/// # Ok::<(), EligibilityError>(())
/// ```
pub fn check_eligibility<'c>(
    catalog: &'c Catalog,
    currency_id: &str,
) -> Result<&'c Currency, EligibilityError> {
    let allowed = || {
        allowed_currencies(catalog)
            .iter()
            .map(|c| c.id().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let currency = catalog
        .get(currency_id)
        .map_err(|_| EligibilityError::UnknownCurrency {
            currency: currency_id.to_owned(),
            allowed: allowed(),
        })?;
    let Some(network) = currency.chain_network() else {
        return Err(EligibilityError::Fiat {
            currency: currency_id.to_owned(),
            allowed: allowed(),
        });
    };
    match catalog.crypto_to_fiat_currency(network) {
        Some(usdc) if usdc.id() == currency.id() => Ok(currency),
        Some(usdc) => Err(EligibilityError::NotUsdc {
            currency: currency_id.to_owned(),
            network,
            expected: usdc.id().to_string(),
            allowed: allowed(),
        }),
        None => Err(EligibilityError::NetworkNotSupported {
            currency: currency_id.to_owned(),
            network,
            allowed: allowed(),
        }),
    }
}

/// Whether crypto-to-fiat on `network` is the sandbox (Sepolia, reached with sandbox keys).
///
/// ```
/// use securepay::network::Network;
/// use securepay::offramp::is_sandbox;
///
/// assert!(is_sandbox(Network::Sepolia));
/// assert!(!is_sandbox(Network::Mainnet)); // real fiat
/// ```
pub const fn is_sandbox(network: Network) -> bool {
    matches!(network, Network::Sepolia)
}
