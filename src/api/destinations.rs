//! Payee destinations on the Auth API (`{auth_url}/v1/payee-destination`, session cookie):
//! create (re-issuing the same body reactivates and updates the destination in place),
//! update, and read the active one. These endpoints are not in `openapi.v2.json`; they are
//! documented at <https://docs.request.network/api-features/payee-destinations>.

use serde::{Deserialize, Deserializer, Serialize};

use super::outgoing::sealed::{Parts, Sealed};
use super::{Api, Credential, Endpoint, OutgoingRequest, PreparedRequest, RequestError};
use crate::address::{ChainAddress, DestinationId};
use crate::policy::{DestinationPolicy, PayeeDestinationRequest};

/// A payee destination as the Auth API answers it.
///
/// Read strictly: `destinationId` must parse (its wallet, chain and token are checked against
/// `walletAddress`, `chainId` and `tokenAddress`, so a destination that contradicts itself is
/// refused), and `accessPolicy` follows [`DestinationPolicy`].
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, PayeeDestination};
/// use securepay::network::Network;
///
/// let body = r#"{"id": "01HXEXAMPLE123", "chainId": 8453,
///   "destinationId": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
///   "walletAddress": "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"}"#;
/// let destination: PayeeDestination = parse_parts(StatusCode::CREATED, body.as_bytes())?;
/// assert_eq!(destination.destination_id.network(), Network::Base);
/// // A chainId that contradicts destinationId is refused.
/// let mainnet = body.replace(r#""chainId": 8453"#, r#""chainId": 1"#);
/// assert!(parse_parts::<PayeeDestination>(StatusCode::CREATED, mainnet.as_bytes()).is_err());
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PayeeDestination {
    /// `id`.
    pub id: String,
    /// `destinationId`: `{humanReadableInteropAddress}:{tokenAddress}`.
    pub destination_id: DestinationId,
    /// `walletAddress`.
    pub wallet_address: ChainAddress,
    /// `tokenAddress`.
    pub token_address: ChainAddress,
    /// `chainId`.
    pub chain_id: u64,
    /// `accessPolicy`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access_policy: Option<DestinationPolicy>,
    /// `binaryInteropAddress` (ERC-7930, hex).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub binary_interop_address: Option<String>,
    /// `humanReadableInteropAddress` (ERC-7828).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub human_readable_interop_address: Option<String>,
    /// `claimed`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claimed: Option<bool>,
    /// `active`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active: Option<bool>,
    /// `createdAt` (ISO 8601).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_at: Option<String>,
}

impl<'de> Deserialize<'de> for PayeeDestination {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Wire {
            id: String,
            destination_id: DestinationId,
            wallet_address: String,
            token_address: String,
            chain_id: u64,
            #[serde(default)]
            access_policy: Option<DestinationPolicy>,
            #[serde(default)]
            binary_interop_address: Option<String>,
            #[serde(default)]
            human_readable_interop_address: Option<String>,
            #[serde(default)]
            claimed: Option<bool>,
            #[serde(default)]
            active: Option<bool>,
            #[serde(default)]
            created_at: Option<String>,
        }
        let wire = Wire::deserialize(deserializer)?;
        let network = wire.destination_id.network();
        if network.chain_id() != wire.chain_id {
            return Err(D::Error::custom(format!(
                "chainId {} is not the chain of destinationId {} ({})",
                wire.chain_id,
                wire.destination_id,
                network.chain_id()
            )));
        }
        let address = |field: &str, text: &str, expected: ChainAddress| {
            let parsed = ChainAddress::parse(network, text)
                .map_err(|e| D::Error::custom(format!("{field}: {e}")))?;
            if parsed != expected {
                return Err(D::Error::custom(format!(
                    "{field} {text} is not the one in destinationId ({expected})"
                )));
            }
            Ok(parsed)
        };
        let wallet_address = address(
            "walletAddress",
            &wire.wallet_address,
            wire.destination_id.wallet(),
        )?;
        let token_address = address(
            "tokenAddress",
            &wire.token_address,
            wire.destination_id.token(),
        )?;
        if let Some(name) = &wire.human_readable_interop_address {
            if !wire
                .destination_id
                .as_str()
                .starts_with(&format!("{name}:"))
            {
                return Err(D::Error::custom(format!(
                    "destinationId {} does not start with humanReadableInteropAddress {name}",
                    wire.destination_id
                )));
            }
        }
        Ok(PayeeDestination {
            id: wire.id,
            destination_id: wire.destination_id,
            wallet_address,
            token_address,
            chain_id: wire.chain_id,
            access_policy: wire.access_policy,
            binary_interop_address: wire.binary_interop_address,
            human_readable_interop_address: wire.human_readable_interop_address,
            claimed: wire.claimed,
            active: wire.active,
            created_at: wire.created_at,
        })
    }
}

/// `POST {auth_url}/v1/payee-destination`: creates the destination, or reactivates it and
/// updates it in place (so the same body may be sent again safely).
///
/// ```
/// use securepay::api::{Api, CreatePayeeDestination, Credential};
/// use securepay::policy::PayeeDestinationRequest;
///
/// let body = PayeeDestinationRequest::from_str(r#"{"tokenAddress":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","chainId":728126428}"#)?;
/// let request = Api::new().prepare(&Credential::session_cookie("siwe-session")?, &CreatePayeeDestination::new(body))?;
/// assert_eq!(request.uri(), "https://auth.request.network/v1/payee-destination");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct CreatePayeeDestination {
    /// The body (`{tokenAddress, chainId, accessPolicy?}`).
    pub body: PayeeDestinationRequest,
}

impl CreatePayeeDestination {
    /// The request sending `body`.
    pub fn new(body: PayeeDestinationRequest) -> CreatePayeeDestination {
        CreatePayeeDestination { body }
    }
}

impl Sealed for CreatePayeeDestination {
    fn parts(&self) -> Result<Parts, RequestError> {
        Parts::new().json(Self::ENDPOINT, &self.body)
    }
}

impl OutgoingRequest for CreatePayeeDestination {
    const ENDPOINT: Endpoint = Endpoint::CreatePayeeDestination;
    type Response = PayeeDestination;
}

/// `PUT {auth_url}/v1/payee-destination`.
///
/// ```
/// use securepay::api::{Api, Credential, UpdatePayeeDestination};
/// use securepay::policy::PayeeDestinationRequest;
///
/// let body = PayeeDestinationRequest::from_str(r#"{"tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "chainId": 8453}"#)?;
/// let request = Api::new().prepare(&Credential::session_cookie("siwe-session")?, &UpdatePayeeDestination::new(body))?;
/// assert_eq!(request.method(), "PUT");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct UpdatePayeeDestination {
    /// The body (`{tokenAddress, chainId, accessPolicy?}`).
    pub body: PayeeDestinationRequest,
}

impl UpdatePayeeDestination {
    /// The request sending `body`.
    pub fn new(body: PayeeDestinationRequest) -> UpdatePayeeDestination {
        UpdatePayeeDestination { body }
    }
}

impl Sealed for UpdatePayeeDestination {
    fn parts(&self) -> Result<Parts, RequestError> {
        Parts::new().json(Self::ENDPOINT, &self.body)
    }
}

impl OutgoingRequest for UpdatePayeeDestination {
    const ENDPOINT: Endpoint = Endpoint::UpdatePayeeDestination;
    type Response = PayeeDestination;
}

/// `GET {auth_url}/v1/payee-destination`: the active destination, or `None` (`null`).
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{Api, Credential, GetPayeeDestination};
///
/// let request = Api::new().prepare(&Credential::session_cookie("siwe-session")?, &GetPayeeDestination)?;
/// assert_eq!(request.parse_parts(StatusCode::OK, b"null")?, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GetPayeeDestination;

impl Sealed for GetPayeeDestination {
    fn parts(&self) -> Result<Parts, RequestError> {
        Ok(Parts::new())
    }
}

impl OutgoingRequest for GetPayeeDestination {
    const ENDPOINT: Endpoint = Endpoint::GetPayeeDestination;
    type Response = Option<PayeeDestination>;
}

impl Api {
    /// `POST {auth_url}/v1/payee-destination` (`{tokenAddress, chainId, accessPolicy?}`).
    /// Creating again for the same wallet reactivates the destination and updates it in place,
    /// so the same body may be sent again safely. Answer: [`PayeeDestination`].
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    /// use securepay::policy::PayeeDestinationRequest;
    ///
    /// let body = PayeeDestinationRequest::from_str(r#"{"tokenAddress":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","chainId":728126428}"#)?;
    /// let request = Api::new().create_payee_destination(&Credential::session_cookie("siwe-session")?, &body)?;
    /// assert_eq!(request.uri(), "https://auth.request.network/v1/payee-destination");
    /// assert_eq!(request.body().as_slice(), br#"{"tokenAddress":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","chainId":728126428}"#);
    /// assert!(Api::new().create_payee_destination(&Credential::api_key("sk")?, &body).is_err()); // session only
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create_payee_destination(
        &self,
        credential: &Credential,
        body: &PayeeDestinationRequest,
    ) -> Result<PreparedRequest<CreatePayeeDestination>, RequestError> {
        self.prepare(credential, &CreatePayeeDestination::new(body.clone()))
    }

    /// `PUT {auth_url}/v1/payee-destination`. Answer: [`PayeeDestination`].
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    /// use securepay::policy::PayeeDestinationRequest;
    ///
    /// let body = PayeeDestinationRequest::from_str(r#"{"tokenAddress": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    ///     "chainId": 8453, "accessPolicy": {"mode": "off"}}"#)?;
    /// let request = Api::new().update_payee_destination(&Credential::session_cookie("siwe-session")?, &body)?;
    /// assert_eq!((request.method().as_str(), request.uri().path()), ("PUT", "/v1/payee-destination"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn update_payee_destination(
        &self,
        credential: &Credential,
        body: &PayeeDestinationRequest,
    ) -> Result<PreparedRequest<UpdatePayeeDestination>, RequestError> {
        self.prepare(credential, &UpdatePayeeDestination::new(body.clone()))
    }

    /// `GET {auth_url}/v1/payee-destination`. Answer: `Option<PayeeDestination>` (`null` when
    /// there is no active destination).
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::{parse_parts, Api, Credential, PayeeDestination};
    ///
    /// let request = Api::new().get_payee_destination(&Credential::session_cookie("siwe-session")?)?;
    /// assert_eq!(request.method(), "GET");
    /// // No active destination: the answer is null.
    /// assert_eq!(parse_parts::<Option<PayeeDestination>>(StatusCode::OK, b"null")?, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get_payee_destination(
        &self,
        credential: &Credential,
    ) -> Result<PreparedRequest<GetPayeeDestination>, RequestError> {
        self.prepare(credential, &GetPayeeDestination)
    }
}
