//! Payee destinations on the payment API v2 (`/v2/payee-destination`, a Client ID with its
//! `Origin`), where the payee's wallet signs each change with EIP-712: get the typed data and
//! nonce to sign ([`GetPayeeDestinationSigningData`]), then register
//! ([`RegisterPayeeDestination`]) or deactivate ([`DeactivatePayeeDestination`]) with the
//! signature; read a wallet's active destination ([`GetPayeeDestinationForWallet`]) or one by
//! id ([`GetPayeeDestinationById`]) (<https://docs.request.network/api-reference/openapi.v2.json>).
//!
//! These are not the Auth API v1 endpoints of [`destinations`](super::CreatePayeeDestination)
//! (`{auth_url}/v1/payee-destination`, a SIWE session): the names say what differs (signed
//! with a nonce, by wallet, by id), and the v1 types and behaviour are unchanged. The v2
//! description gives none of its success answers a schema, so they are kept as given
//! ([`AnswerAsGiven`], [`PayeeDestinationSigningData`]).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use super::as_given::no_content_request;
use super::outgoing::sealed::{Parts, Sealed};
use super::{
    AnswerAsGiven, Api, BodyError, Credential, Eip712Signature, Endpoint, OutgoingRequest,
    PreparedRequest, RequestError,
};
use crate::address::{ChainAddress, DestinationId};
use crate::network::Network;
use crate::policy::{DestinationError, PayeeDestinationRequest};
use crate::wire::json::unique_fields;

/// What the signing data is for (`action`): adding a destination or deactivating one.
///
/// ```
/// use securepay::api::DestinationAction;
///
/// assert_eq!(DestinationAction::Deactivate.as_str(), "deactivate");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DestinationAction {
    /// `add`.
    Add,
    /// `deactivate`.
    Deactivate,
}

impl DestinationAction {
    /// The query value.
    pub const fn as_str(self) -> &'static str {
        match self {
            DestinationAction::Add => "add",
            DestinationAction::Deactivate => "deactivate",
        }
    }
}

/// `GET /v2/payee-destination/signing-data`: the EIP-712 typed data (with a fresh nonce) that
/// `walletAddress` signs to add or deactivate its destination for `tokenAddress` on `chainId`.
///
/// Checked as the Auth API's destination body is ([`PayeeDestinationRequest`]): `chainId` one
/// of the eight networks, `tokenAddress` a destination token there (USDC or USDT, never
/// USDT0) in the network's address form; `walletAddress` an address of the same family.
///
/// ```
/// use securepay::api::{BodyError, DestinationAction, GetPayeeDestinationSigningData};
///
/// let wallet = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
/// let usdc_base = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
/// assert!(GetPayeeDestinationSigningData::new(wallet, DestinationAction::Add, 8453, usdc_base).is_ok());
/// let goerli = GetPayeeDestinationSigningData::new(wallet, DestinationAction::Add, 5, usdc_base);
/// assert!(matches!(goerli, Err(BodyError::Invalid { field: "chainId", .. })));
/// let tron_wallet = GetPayeeDestinationSigningData::new("TJRabPrwbZy45sbavfcjinPJC18kjpRTv8", DestinationAction::Add, 8453, usdc_base);
/// assert!(matches!(tron_wallet, Err(BodyError::WrongNetwork { field: "walletAddress", .. })));
/// # Ok::<(), BodyError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GetPayeeDestinationSigningData {
    wallet: ChainAddress,
    action: DestinationAction,
    network: Network,
    token: ChainAddress,
}

impl GetPayeeDestinationSigningData {
    /// Checks the four query values (all required).
    pub fn new(
        wallet_address: &str,
        action: DestinationAction,
        chain_id: u64,
        token_address: &str,
    ) -> Result<GetPayeeDestinationSigningData, BodyError> {
        let destination =
            PayeeDestinationRequest::new(chain_id, token_address, None).map_err(|error| {
                let field = match error {
                    DestinationError::Chain(_) => "chainId",
                    _ => "tokenAddress",
                };
                BodyError::Invalid {
                    field,
                    reason: error.to_string(),
                }
            })?;
        let network = destination.network();
        let wallet =
            ChainAddress::parse(network, wallet_address).map_err(|_| BodyError::WrongNetwork {
                field: "walletAddress",
                value: wallet_address.to_owned(),
                network,
            })?;
        Ok(GetPayeeDestinationSigningData {
            wallet,
            action,
            network,
            token: destination.token_address(),
        })
    }

    /// `walletAddress`.
    pub const fn wallet(&self) -> ChainAddress {
        self.wallet
    }

    /// `action`.
    pub const fn action(&self) -> DestinationAction {
        self.action
    }

    /// The network of `chainId`.
    pub const fn network(&self) -> Network {
        self.network
    }

    /// `tokenAddress`.
    pub const fn token(&self) -> ChainAddress {
        self.token
    }
}

impl Sealed for GetPayeeDestinationSigningData {
    fn parts(&self) -> Result<Parts, RequestError> {
        Ok(Parts::new().query(vec![
            ("walletAddress", self.wallet.to_string()),
            ("action", self.action.as_str().to_owned()),
            ("tokenAddress", self.token.to_string()),
            ("chainId", self.network.chain_id().to_string()),
        ]))
    }
}

impl OutgoingRequest for GetPayeeDestinationSigningData {
    const ENDPOINT: Endpoint = Endpoint::GetPayeeDestinationSigningData;
    type Response = PayeeDestinationSigningData;
}

/// The answer of `GET /v2/payee-destination/signing-data`: "the complete EIP-712 signing data
/// structure" with its nonce. The description gives it no schema, so the object is kept as
/// given (no key given twice at any depth); [`nonce`](PayeeDestinationSigningData::nonce)
/// reads a top-level `nonce` text when there is one.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{GetPayeeDestinationSigningData, OutgoingRequest};
///
/// let body = br#"{"nonce": "n-42", "domain": {"name": "Request Network", "version": "1", "chainId": 8453},
///   "types": {"PayeeDestination": [{"name": "walletAddress", "type": "address"}]},
///   "primaryType": "PayeeDestination", "message": {"walletAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}}"#;
/// let data = GetPayeeDestinationSigningData::parse_parts(StatusCode::OK, body)?;
/// assert_eq!(data.nonce(), Some("n-42"));
/// assert_eq!(data.0["primaryType"], "PayeeDestination");
/// assert!(GetPayeeDestinationSigningData::parse_parts(StatusCode::OK, b"[]").is_err()); // an object
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct PayeeDestinationSigningData(pub Map<String, Value>);

impl PayeeDestinationSigningData {
    /// The top-level `nonce`, when it is a text: what [`SignedDestinationAction`] sends back.
    pub fn nonce(&self) -> Option<&str> {
        self.0.get("nonce").and_then(Value::as_str)
    }
}

impl<'de> Deserialize<'de> for PayeeDestinationSigningData {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        unique_fields(deserializer).map(PayeeDestinationSigningData)
    }
}

/// The body of the signed v2 calls (`POST /v2/payee-destination` and
/// `DELETE /v2/payee-destination/{destinationId}`): the payee's EIP-712 `signature` and the
/// `nonce` of the signing data it signed (at least one character).
///
/// ```
/// use securepay::api::{BodyError, SignedDestinationAction};
///
/// let signature = format!("0x{}1b", "ab".repeat(64)).parse()?;
/// let body = SignedDestinationAction::new(signature, "n-42")?;
/// assert_eq!(serde_json::to_value(&body)?["nonce"], "n-42");
/// assert!(matches!(SignedDestinationAction::new(body.signature().clone(), ""), Err(BodyError::Invalid { field: "nonce", .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SignedDestinationAction {
    signature: Eip712Signature,
    nonce: String,
}

impl SignedDestinationAction {
    /// The body: `nonce` must not be empty (`minLength` 1).
    pub fn new(
        signature: Eip712Signature,
        nonce: &str,
    ) -> Result<SignedDestinationAction, BodyError> {
        if nonce.is_empty() {
            return Err(BodyError::Invalid {
                field: "nonce",
                reason: "empty: the nonce of the signing data has at least 1 character".to_owned(),
            });
        }
        Ok(SignedDestinationAction {
            signature,
            nonce: nonce.to_owned(),
        })
    }

    /// `signature`.
    pub fn signature(&self) -> &Eip712Signature {
        &self.signature
    }

    /// `nonce`.
    pub fn nonce(&self) -> &str {
        &self.nonce
    }
}

/// `POST /v2/payee-destination`: registers the destination the signed data describes. The
/// description gives the `201` answer no schema: [`AnswerAsGiven`] (an empty body reads as
/// `null`).
///
/// ```
/// use securepay::api::{Api, Credential, RegisterPayeeDestination, SignedDestinationAction};
///
/// let body = SignedDestinationAction::new(format!("0x{}1b", "ab".repeat(64)).parse()?, "n-42")?;
/// let frontend = Credential::client_id("cli_test", Some("https://shop.example"))?;
/// let request = Api::new().prepare(&frontend, &RegisterPayeeDestination::new(body))?;
/// assert_eq!(request.uri(), "https://api.request.network/v2/payee-destination");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct RegisterPayeeDestination {
    /// The body.
    pub body: SignedDestinationAction,
}

impl RegisterPayeeDestination {
    /// The request sending `body`.
    pub fn new(body: SignedDestinationAction) -> RegisterPayeeDestination {
        RegisterPayeeDestination { body }
    }
}

impl Sealed for RegisterPayeeDestination {
    fn parts(&self) -> Result<Parts, RequestError> {
        Parts::new().json(Self::ENDPOINT, &self.body)
    }
}

no_content_request!(
    RegisterPayeeDestination,
    RegisterPayeeDestination,
    AnswerAsGiven
);

/// `GET /v2/payee-destination?walletAddress=`: the active destination of a wallet, or `None`
/// (the service answers `null`, or nothing) when it has none. The answer has no schema in the
/// description: kept as given.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{GetPayeeDestinationForWallet, OutgoingRequest};
///
/// assert_eq!(GetPayeeDestinationForWallet::parse_parts(StatusCode::OK, b"null")?, None);
/// let active = GetPayeeDestinationForWallet::parse_parts(StatusCode::OK, br#"{"active": true}"#)?;
/// assert_eq!(active.map(|a| a.0["active"].clone()), Some(true.into()));
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GetPayeeDestinationForWallet {
    /// `walletAddress` (EVM, or Tron Base58).
    pub wallet: ChainAddress,
}

impl GetPayeeDestinationForWallet {
    /// The request for `wallet`.
    pub fn new(wallet: ChainAddress) -> GetPayeeDestinationForWallet {
        GetPayeeDestinationForWallet { wallet }
    }
}

impl Sealed for GetPayeeDestinationForWallet {
    fn parts(&self) -> Result<Parts, RequestError> {
        Ok(Parts::new().query(vec![("walletAddress", self.wallet.to_string())]))
    }
}

no_content_request!(
    GetPayeeDestinationForWallet,
    GetPayeeDestinationForWallet,
    Option<AnswerAsGiven>
);

/// A destination id in the form the v2 `GET /v2/payee-destination/{destinationId}` describes:
/// `network:walletAddress:tokenAddress` (a legacy form, not the ERC-7828
/// [`DestinationId`]), with `network` one of the eight network ids (`base`, `tron`…) and both
/// addresses of that network's family.
///
/// ```
/// use securepay::api::LegacyDestinationId;
/// use securepay::network::Network;
///
/// let id: LegacyDestinationId = "base:0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
/// assert_eq!(id.network(), Network::Base);
/// assert_eq!(id.to_string(), "base:0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
/// assert!("base:TJRabPrwbZy45sbavfcjinPJC18kjpRTv8:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse::<LegacyDestinationId>().is_err());
/// assert!("goerli:0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse::<LegacyDestinationId>().is_err());
/// # Ok::<(), securepay::api::BodyError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LegacyDestinationId {
    network: Network,
    wallet: ChainAddress,
    token: ChainAddress,
}

impl LegacyDestinationId {
    /// The id of `wallet` receiving `token` on `network`: both must be of the network's family.
    pub fn new(
        network: Network,
        wallet: ChainAddress,
        token: ChainAddress,
    ) -> Result<LegacyDestinationId, BodyError> {
        for (field, address) in [("walletAddress", wallet), ("tokenAddress", token)] {
            if !address.fits(network) {
                return Err(BodyError::WrongNetwork {
                    field,
                    value: address.to_string(),
                    network,
                });
            }
        }
        Ok(LegacyDestinationId {
            network,
            wallet,
            token,
        })
    }

    /// The network.
    pub const fn network(&self) -> Network {
        self.network
    }

    /// The payee wallet.
    pub const fn wallet(&self) -> ChainAddress {
        self.wallet
    }

    /// The token.
    pub const fn token(&self) -> ChainAddress {
        self.token
    }
}

impl std::str::FromStr for LegacyDestinationId {
    type Err = BodyError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let invalid = |reason: String| BodyError::Invalid {
            field: "destinationId",
            reason,
        };
        let mut parts = text.split(':');
        let (Some(network), Some(wallet), Some(token), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(invalid(format!(
                "{text:?} is not network:walletAddress:tokenAddress"
            )));
        };
        let network = Network::from_id(network).map_err(|e| invalid(e.to_string()))?;
        let address = |field: &'static str, text: &str| {
            ChainAddress::parse(network, text).map_err(|_| BodyError::WrongNetwork {
                field,
                value: text.to_owned(),
                network,
            })
        };
        LegacyDestinationId::new(
            network,
            address("walletAddress", wallet)?,
            address("tokenAddress", token)?,
        )
    }
}

impl fmt::Display for LegacyDestinationId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.network, self.wallet, self.token)
    }
}

/// The `{destinationId}` of `DELETE` and `GET /v2/payee-destination/{destinationId}` (the
/// description declares no parameter for it; the read describes the legacy form): the ERC-7828 destination id
/// the service issues (`{wallet}@eip155:{chainId}#{checksum}:{token}`,
/// <https://docs.request.network/api-features/payee-destinations>) or the legacy
/// `network:walletAddress:tokenAddress` of the v2 read by id. Sent as one percent-encoded path
/// segment.
///
/// ```
/// use securepay::api::PayeeDestinationRef;
///
/// let interop: PayeeDestinationRef = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
/// assert!(matches!(interop, PayeeDestinationRef::Interop(_)));
/// let legacy: PayeeDestinationRef = "base:0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
/// assert!(matches!(legacy, PayeeDestinationRef::Legacy(_)));
/// // A wrong ERC-7828 checksum is refused.
/// assert!("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#ABCD1234:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse::<PayeeDestinationRef>().is_err());
/// # Ok::<(), securepay::api::BodyError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PayeeDestinationRef {
    /// The ERC-7828 destination id.
    Interop(DestinationId),
    /// `network:walletAddress:tokenAddress`.
    Legacy(LegacyDestinationId),
}

impl From<DestinationId> for PayeeDestinationRef {
    fn from(id: DestinationId) -> PayeeDestinationRef {
        PayeeDestinationRef::Interop(id)
    }
}

impl From<LegacyDestinationId> for PayeeDestinationRef {
    fn from(id: LegacyDestinationId) -> PayeeDestinationRef {
        PayeeDestinationRef::Legacy(id)
    }
}

impl std::str::FromStr for PayeeDestinationRef {
    type Err = BodyError;

    /// An id with `@` is an ERC-7828 destination id; any other is the legacy form.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.contains('@') {
            return DestinationId::parse(text)
                .map(PayeeDestinationRef::Interop)
                .map_err(|e| BodyError::Invalid {
                    field: "destinationId",
                    reason: e.to_string(),
                });
        }
        text.parse().map(PayeeDestinationRef::Legacy)
    }
}

impl fmt::Display for PayeeDestinationRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PayeeDestinationRef::Interop(id) => f.write_str(id.as_str()),
            PayeeDestinationRef::Legacy(id) => fmt::Display::fmt(id, f),
        }
    }
}

/// `DELETE /v2/payee-destination/{destinationId}` with a signed body: deactivates the
/// destination (`active=false`; the record is kept). The answer has no schema in the
/// description: [`AnswerAsGiven`] (an empty body reads as `null`).
///
/// ```
/// use securepay::api::{Api, Credential, DeactivatePayeeDestination, SignedDestinationAction};
///
/// let body = SignedDestinationAction::new(format!("0x{}1b", "ab".repeat(64)).parse()?, "n-43")?;
/// let id = "tron:TJRabPrwbZy45sbavfcjinPJC18kjpRTv8:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".parse()?;
/// let frontend = Credential::client_id("cli_test", Some("https://shop.example"))?;
/// let request = Api::new().prepare(&frontend, &DeactivatePayeeDestination::new(id, body))?;
/// assert_eq!(request.method(), "DELETE");
/// assert!(!request.body().is_empty()); // the signed body
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct DeactivatePayeeDestination {
    /// `{destinationId}`.
    pub destination: PayeeDestinationRef,
    /// The body (signature with `action=deactivate` signing data, and its nonce).
    pub body: SignedDestinationAction,
}

impl DeactivatePayeeDestination {
    /// The request deactivating `destination` with `body`.
    pub fn new(
        destination: PayeeDestinationRef,
        body: SignedDestinationAction,
    ) -> DeactivatePayeeDestination {
        DeactivatePayeeDestination { destination, body }
    }
}

impl Sealed for DeactivatePayeeDestination {
    fn parts(&self) -> Result<Parts, RequestError> {
        Parts::new()
            .path(self.destination.to_string())
            .json(Self::ENDPOINT, &self.body)
    }
}

no_content_request!(
    DeactivatePayeeDestination,
    DeactivatePayeeDestination,
    AnswerAsGiven
);

/// `GET /v2/payee-destination/{destinationId}`. The description gives the id as
/// `network:walletAddress:tokenAddress` ([`LegacyDestinationId`]), a legacy form next to the
/// ERC-7828 destination ids the service issues today; both are taken
/// ([`PayeeDestinationRef`]). The answer has no schema in the description: [`AnswerAsGiven`].
///
/// ```
/// use securepay::api::{Api, Credential, GetPayeeDestinationById, PayeeDestinationRef};
///
/// let id = "base:0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
/// let frontend = Credential::client_id("cli_test", Some("https://shop.example"))?;
/// let request = Api::new().prepare(&frontend, &GetPayeeDestinationById::new(PayeeDestinationRef::Legacy(id)))?;
/// assert_eq!(request.uri().path(), "/v2/payee-destination/base%3A0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7%3A0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GetPayeeDestinationById {
    /// `{destinationId}`.
    pub destination: PayeeDestinationRef,
}

impl GetPayeeDestinationById {
    /// The request for `destination`.
    pub fn new(destination: PayeeDestinationRef) -> GetPayeeDestinationById {
        GetPayeeDestinationById { destination }
    }
}

impl Sealed for GetPayeeDestinationById {
    fn parts(&self) -> Result<Parts, RequestError> {
        Ok(Parts::new().path(self.destination.to_string()))
    }
}

no_content_request!(
    GetPayeeDestinationById,
    GetPayeeDestinationById,
    AnswerAsGiven
);

impl Api {
    /// `GET /v2/payee-destination/signing-data` (Client ID with `Origin`). Answer:
    /// [`PayeeDestinationSigningData`], the EIP-712 typed data for the payee's wallet to sign.
    ///
    /// ```
    /// use securepay::api::{Api, Credential, DestinationAction, GetPayeeDestinationSigningData};
    ///
    /// let query = GetPayeeDestinationSigningData::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", DestinationAction::Add,
    ///     8453, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")?;
    /// let frontend = Credential::client_id("cli_test", Some("https://shop.example"))?;
    /// let request = Api::new().get_payee_destination_signing_data(&frontend, &query)?;
    /// assert_eq!(request.uri().query(), Some("walletAddress=0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7&action=add&tokenAddress=0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913&chainId=8453"));
    /// let backend = Credential::client_id("cli_test", None)?;
    /// assert!(Api::new().get_payee_destination_signing_data(&backend, &query).is_err()); // Origin required
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get_payee_destination_signing_data(
        &self,
        credential: &Credential,
        query: &GetPayeeDestinationSigningData,
    ) -> Result<PreparedRequest<GetPayeeDestinationSigningData>, RequestError> {
        self.prepare(credential, query)
    }

    /// `POST /v2/payee-destination` with the signature of `action=add` signing data. Answer:
    /// [`AnswerAsGiven`].
    ///
    /// ```
    /// use securepay::api::{Api, Credential, SignedDestinationAction};
    ///
    /// let signature = format!("0x{}1b", "ab".repeat(64));
    /// let body = SignedDestinationAction::new(signature.parse()?, "n-42")?;
    /// let frontend = Credential::client_id("cli_test", Some("https://shop.example"))?;
    /// let request = Api::new().register_payee_destination(&frontend, &body)?;
    /// assert_eq!(request.body().as_slice(), format!(r#"{{"signature":"{signature}","nonce":"n-42"}}"#).as_bytes());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn register_payee_destination(
        &self,
        credential: &Credential,
        body: &SignedDestinationAction,
    ) -> Result<PreparedRequest<RegisterPayeeDestination>, RequestError> {
        self.prepare(credential, &RegisterPayeeDestination::new(body.clone()))
    }

    /// `GET /v2/payee-destination?walletAddress=`. Answer: `Option<`[`AnswerAsGiven`]`>`
    /// (`None`: no active destination).
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    ///
    /// let frontend = Credential::client_id("cli_test", Some("https://shop.example"))?;
    /// let request = Api::new().get_payee_destination_for_wallet(&frontend, &"TJRabPrwbZy45sbavfcjinPJC18kjpRTv8".parse()?)?;
    /// assert_eq!(request.uri().query(), Some("walletAddress=TJRabPrwbZy45sbavfcjinPJC18kjpRTv8"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get_payee_destination_for_wallet(
        &self,
        credential: &Credential,
        wallet: &ChainAddress,
    ) -> Result<PreparedRequest<GetPayeeDestinationForWallet>, RequestError> {
        self.prepare(credential, &GetPayeeDestinationForWallet::new(*wallet))
    }

    /// `DELETE /v2/payee-destination/{destinationId}` with the signature of
    /// `action=deactivate` signing data in the body. Answer: [`AnswerAsGiven`].
    ///
    /// ```
    /// use securepay::api::{Api, Credential, SignedDestinationAction};
    ///
    /// let body = SignedDestinationAction::new(format!("0x{}1b", "ab".repeat(64)).parse()?, "n-43")?;
    /// let id = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
    /// let frontend = Credential::client_id("cli_test", Some("https://shop.example"))?;
    /// let request = Api::new().deactivate_payee_destination(&frontend, &id, &body)?;
    /// assert_eq!(request.method(), "DELETE");
    /// assert_eq!(request.uri().path(), "/v2/payee-destination/0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7%40eip155%3A8453%2389CDCBED%3A0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    /// assert_eq!(request.headers()["content-type"], "application/json"); // a DELETE with a body
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn deactivate_payee_destination(
        &self,
        credential: &Credential,
        destination: &PayeeDestinationRef,
        body: &SignedDestinationAction,
    ) -> Result<PreparedRequest<DeactivatePayeeDestination>, RequestError> {
        let request = DeactivatePayeeDestination::new(destination.clone(), body.clone());
        self.prepare(credential, &request)
    }

    /// `GET /v2/payee-destination/{destinationId}`: the described
    /// `network:walletAddress:tokenAddress`, or an ERC-7828 destination id. Answer:
    /// [`AnswerAsGiven`].
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    ///
    /// let id = "tron:TJRabPrwbZy45sbavfcjinPJC18kjpRTv8:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".parse()?;
    /// let frontend = Credential::client_id("cli_test", Some("https://shop.example"))?;
    /// let request = Api::new().get_payee_destination_by_id(&frontend, &id)?;
    /// assert_eq!(request.uri().path(), "/v2/payee-destination/tron%3ATJRabPrwbZy45sbavfcjinPJC18kjpRTv8%3ATR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get_payee_destination_by_id(
        &self,
        credential: &Credential,
        destination: &PayeeDestinationRef,
    ) -> Result<PreparedRequest<GetPayeeDestinationById>, RequestError> {
        self.prepare(
            credential,
            &GetPayeeDestinationById::new(destination.clone()),
        )
    }
}
