//! Payee destination request bodies (`POST`/`PUT /v1/payee-destination`):
//! `{ tokenAddress, chainId, accessPolicy? }`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::access::AccessPolicyWire;
use super::{AccessPolicyError, AccessPolicyFields, DestinationPolicy, JsonError};
use crate::address::{ChainAddress, ChainAddressError};
use crate::currency::{Catalog, Currency};
use crate::network::{Network, NetworkError};
use crate::wire::json::{Object, present};

/// The symbol the catalog gives USDT0, which is never a destination token.
const USDT0: &str = "USDT0";

/// Why a payee destination request body is refused.
///
/// ```
/// use securepay::policy::{DestinationError, PayeeDestinationRequest};
///
/// // DAI is in the catalog, but a destination is paid in USDC or USDT.
/// let dai = PayeeDestinationRequest::new(1, "0x6B175474E89094C44Da98b954EedeAC495271d0F", None);
/// assert!(matches!(dai, Err(DestinationError::NotADestinationToken { ref symbol, .. }) if symbol == "DAI"));
/// assert!(matches!(PayeeDestinationRequest::new(5, "0x6B175474E89094C44Da98b954EedeAC495271d0F", None),
///     Err(DestinationError::Chain(_)))); // Goerli is not a network of the service
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DestinationError {
    /// The input is empty or only whitespace.
    #[error(transparent)]
    Empty(#[from] crate::wire::EmptyInput),
    /// `chainId` is not one of the eight networks.
    #[error("chainId: {0}")]
    Chain(#[from] NetworkError),
    /// `tokenAddress` is not an address of the network's family (Base58 on Tron, hex on EVM).
    #[error("tokenAddress on {network}: {source}")]
    TokenAddress {
        /// The network of `chainId`.
        network: Network,
        /// Why the text is not an address there.
        source: ChainAddressError,
    },
    /// `tokenAddress` is USDT0, which is never a destination token.
    #[error(
        "tokenAddress {token} is USDT0 on {network}: USDT0 is never a destination token; use USDC or USDT"
    )]
    Usdt0 {
        /// The token.
        token: ChainAddress,
        /// The network.
        network: Network,
    },
    /// `tokenAddress` is a known currency that is not a destination token.
    #[error(
        "tokenAddress {token} is {symbol} on {network}, which is not a destination token: use USDC or USDT"
    )]
    NotADestinationToken {
        /// The token.
        token: ChainAddress,
        /// Its symbol in the catalog.
        symbol: String,
        /// The network.
        network: Network,
    },
    /// `tokenAddress` is not in the catalog on this network.
    #[error(
        "tokenAddress {token} is not a known token on {network}: a destination is USDC or USDT"
    )]
    UnknownToken {
        /// The token.
        token: ChainAddress,
        /// The network.
        network: Network,
    },
    /// `accessPolicy` is invalid for a destination.
    #[error("accessPolicy: {0}")]
    Policy(#[from] AccessPolicyError),
    /// Not a destination body (not JSON, wrong JSON type, unknown, missing or repeated field,
    /// in the body or its `accessPolicy`). The `serde_json::Error` (line, column, category) is
    /// the [`source()`](std::error::Error::source).
    #[error("not a payee destination body: {0}")]
    Json(#[source] JsonError),
}

/// A validated payee destination request body: `{ tokenAddress, chainId, accessPolicy? }`.
///
/// `chainId` must be one of the eight networks (Tron is `728126428`); `tokenAddress` must be
/// a destination token of the catalog on that network (USDC or USDT, never USDT0), in the
/// network's address form (Base58 on Tron). `accessPolicy` follows [`DestinationPolicy`].
///
/// ```
/// use securepay::network::Network;
/// use securepay::policy::{DestinationError, PayeeDestinationRequest};
///
/// let tron = PayeeDestinationRequest::from_str(r#"{"tokenAddress":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","chainId":728126428}"#)?;
/// assert_eq!(tron.network(), Network::Tron);
/// assert_eq!(tron.currency().id().as_str(), "USDT-tron");
///
/// let usdt0 = PayeeDestinationRequest::from_str(r#"{"tokenAddress":"0x01bFF41798a0BcF287b996046Ca68b395DbC1071","chainId":10}"#);
/// assert!(matches!(usdt0, Err(DestinationError::Usdt0 { .. })));
/// # Ok::<(), DestinationError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "Object<DestinationWire>")]
pub struct PayeeDestinationRequest {
    network: Network,
    currency: Currency,
    access_policy: Option<DestinationPolicy>,
}

impl PayeeDestinationRequest {
    /// Validates a body against the built-in catalog.
    ///
    /// ```
    /// use securepay::policy::{DestinationPolicy, PayeeDestinationRequest};
    ///
    /// let policy = DestinationPolicy::from_str(r#"{"mode": "kyt_all_wallets", "screeningProvider": "hypernative"}"#)?;
    /// let body = PayeeDestinationRequest::new(8453, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", Some(policy))?;
    /// assert_eq!(body.currency().id().as_str(), "USDC-base");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        chain_id: u64,
        token_address: &str,
        access_policy: Option<DestinationPolicy>,
    ) -> Result<PayeeDestinationRequest, DestinationError> {
        PayeeDestinationRequest::new_in(Catalog::builtin(), chain_id, token_address, access_policy)
    }

    /// Validates a body against `catalog`.
    ///
    /// ```
    /// use securepay::currency::Catalog;
    /// use securepay::policy::{DestinationError, PayeeDestinationRequest};
    ///
    /// let usdc_base = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
    /// assert!(PayeeDestinationRequest::new_in(Catalog::builtin(), 8453, usdc_base, None).is_ok());
    /// let unknown = PayeeDestinationRequest::new_in(&Catalog::empty(), 8453, usdc_base, None);
    /// assert!(matches!(unknown, Err(DestinationError::UnknownToken { .. })));
    /// ```
    pub fn new_in(
        catalog: &Catalog,
        chain_id: u64,
        token_address: &str,
        access_policy: Option<DestinationPolicy>,
    ) -> Result<PayeeDestinationRequest, DestinationError> {
        let network = Network::from_chain_id(chain_id)?;
        let token = ChainAddress::parse(network, token_address)
            .map_err(|source| DestinationError::TokenAddress { network, source })?;
        if let Some(currency) = catalog
            .destination_tokens(network)
            .find(|c| c.token_address() == Some(token))
        {
            return Ok(PayeeDestinationRequest {
                network,
                currency: currency.clone(),
                access_policy,
            });
        }
        let known: Vec<&Currency> = catalog.by_token_address(network, &token).collect();
        if known.iter().any(|c| c.symbol() == USDT0) {
            return Err(DestinationError::Usdt0 { token, network });
        }
        match known.first() {
            Some(currency) => Err(DestinationError::NotADestinationToken {
                token,
                symbol: currency.symbol().to_owned(),
                network,
            }),
            None => Err(DestinationError::UnknownToken { token, network }),
        }
    }

    /// Reads and validates a body from JSON text (built-in catalog).
    ///
    /// ```
    /// use securepay::policy::{DestinationError, PayeeDestinationRequest};
    ///
    /// let body = PayeeDestinationRequest::from_str(
    ///     r#"{"tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "chainId": 8453, "accessPolicy": {"hidePayeeAddress": true}}"#,
    /// )?;
    /// assert_eq!(body.access_policy().and_then(|p| p.hide_payee_address()), Some(true));
    /// // On Tron the token is written in Base58, not hex.
    /// let hex_on_tron = PayeeDestinationRequest::from_str(
    ///     r#"{"tokenAddress": "0xa614f803B6FD780986A42c78Ec9c7f77e6DeD13C", "chainId": 728126428}"#);
    /// assert!(matches!(hex_on_tron, Err(DestinationError::TokenAddress { .. })));
    /// # Ok::<(), DestinationError>(())
    /// ```
    pub fn from_str(text: &str) -> Result<PayeeDestinationRequest, DestinationError> {
        crate::wire::EmptyInput::check(
            text.as_bytes(),
            "a payee destination body (a JSON object)",
        )?;
        serde_json::from_str::<Object<DestinationWire>>(text)
            .map_err(|e| DestinationError::Json(e.into()))?
            .0
            .validate(Catalog::builtin())
    }

    /// Reads and validates a body from a JSON value against `catalog`.
    ///
    /// ```
    /// use serde_json::json;
    /// use securepay::currency::Catalog;
    /// use securepay::policy::{DestinationError, PayeeDestinationRequest};
    ///
    /// let value = json!({"tokenAddress": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "chainId": 728126428});
    /// let body = PayeeDestinationRequest::from_value_with(&value, Catalog::builtin())?;
    /// assert_eq!(serde_json::to_value(&body)?, value); // written back as given
    /// let inherit = json!({"tokenAddress": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "chainId": 728126428, "accessPolicy": {"mode": "inherit"}});
    /// assert!(matches!(PayeeDestinationRequest::from_value_with(&inherit, Catalog::builtin()), Err(DestinationError::Policy(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_value_with(
        value: &Value,
        catalog: &Catalog,
    ) -> Result<PayeeDestinationRequest, DestinationError> {
        Object::<DestinationWire>::deserialize(value)
            .map_err(|e| DestinationError::Json(e.into()))?
            .0
            .validate(catalog)
    }

    /// The network of `chainId`.
    ///
    /// ```
    /// use securepay::network::Network;
    /// use securepay::policy::PayeeDestinationRequest;
    ///
    /// let body = PayeeDestinationRequest::new(8453, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", None)?;
    /// assert_eq!(body.network(), Network::Base);
    /// # Ok::<(), securepay::policy::DestinationError>(())
    /// ```
    pub const fn network(&self) -> Network {
        self.network
    }

    /// The destination token's currency (USDC or USDT on the network).
    ///
    /// ```
    /// use securepay::policy::PayeeDestinationRequest;
    ///
    /// let body = PayeeDestinationRequest::new(728126428, "TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8", None)?;
    /// assert_eq!((body.currency().symbol(), body.currency().decimals().get()), ("USDC", 6));
    /// # Ok::<(), securepay::policy::DestinationError>(())
    /// ```
    pub const fn currency(&self) -> &Currency {
        &self.currency
    }

    /// `tokenAddress`, parsed.
    ///
    /// ```
    /// use securepay::policy::PayeeDestinationRequest;
    ///
    /// let body = PayeeDestinationRequest::new(8453, "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913", None)?;
    /// assert_eq!(body.token_address().to_string(), "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    /// # Ok::<(), securepay::policy::DestinationError>(())
    /// ```
    pub fn token_address(&self) -> ChainAddress {
        *self.currency.address()
    }

    /// The destination's `accessPolicy`, if given.
    ///
    /// ```
    /// use securepay::policy::PayeeDestinationRequest;
    ///
    /// let body = PayeeDestinationRequest::new(8453, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", None)?;
    /// assert!(body.access_policy().is_none()); // screening then defaults to off
    /// # Ok::<(), securepay::policy::DestinationError>(())
    /// ```
    pub const fn access_policy(&self) -> Option<&DestinationPolicy> {
        self.access_policy.as_ref()
    }
}

/// A body as read: `accessPolicy` not validated yet, so that its errors are
/// [`DestinationError::Policy`].
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct DestinationWire {
    token_address: String,
    chain_id: u64,
    #[serde(default, deserialize_with = "present")]
    access_policy: Option<Object<AccessPolicyWire>>,
}

impl DestinationWire {
    /// Validates the body against `catalog`.
    fn validate(self, catalog: &Catalog) -> Result<PayeeDestinationRequest, DestinationError> {
        let wire = self;
        let policy = match wire.access_policy {
            Some(policy) => {
                let fields = AccessPolicyFields::try_from(policy)?;
                Some(DestinationPolicy::new(fields)?)
            }
            None => None,
        };
        PayeeDestinationRequest::new_in(catalog, wire.chain_id, &wire.token_address, policy)
    }
}

impl TryFrom<Object<DestinationWire>> for PayeeDestinationRequest {
    type Error = DestinationError;

    /// Validates against the built-in catalog.
    fn try_from(wire: Object<DestinationWire>) -> Result<Self, DestinationError> {
        wire.0.validate(Catalog::builtin())
    }
}

/// The body as written.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DestinationOut<'a> {
    token_address: ChainAddress,
    chain_id: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    access_policy: Option<&'a DestinationPolicy>,
}

impl Serialize for PayeeDestinationRequest {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        DestinationOut {
            token_address: self.token_address(),
            chain_id: self.network.chain_id(),
            access_policy: self.access_policy.as_ref(),
        }
        .serialize(serializer)
    }
}
