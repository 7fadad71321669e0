//! Client ID management (`/v2/client-ids`, API key only): create a Client ID for a frontend
//! (restricted to its allowed domains) or a backend, list them, read, update and revoke one
//! (<https://docs.request.network/api-reference/openapi.v2.json>,
//! <https://docs.request.network/api-features/client-id-management>).
//!
//! The bodies are checked against the description when they are made: `label` of 1 to 100
//! characters, 1 to 10 allowed domains, each an [`Origin`] (`https://host[:port]`, plain `http`
//! only on localhost, no path, query or fragment), listed once; `feePercentage` from 0 to 100
//! with at most 2 decimals, always with its `feeAddress`; expiries above zero; `status` one of
//! `active`, `inactive`, `revoked`.

use std::num::NonZeroU32;

use http::StatusCode;
use serde::{Serialize, Serializer};

use super::as_given::no_content_request;
use super::body::{check_fee_percentage, check_identifier, check_length};
use super::outgoing::json_parts;
use super::outgoing::sealed::{Parts, Sealed};
use super::{
    AnswerAsGiven, Api, ApiError, ApiErrorKind, BodyError, ClientIdRecord, ClientIdStatus,
    Credential, Endpoint, ErrorBody, Origin, OutgoingRequest, PreparedRequest, RequestError,
};
use crate::address::ChainAddress;
use crate::amount::HumanAmount;

/// Implements [`OutgoingRequest`] for a request answered with Client ID records: as
/// [`parse_parts`](super::parse_parts), but a success answer that is not the model keeps no
/// copy of its body in the [`ApiError`] (the body carries `clientId`, a credential, and the
/// error may be logged). The reason (serde's message, which never quotes the Client ID) is
/// kept.
macro_rules! client_id_answer {
    ($request:ident, $response:ty) => {
        impl OutgoingRequest for $request {
            const ENDPOINT: Endpoint = Endpoint::$request;
            type Response = $response;

            /// As [`parse_parts`](crate::api::parse_parts), without a copy of a success body
            /// that is not the model (it carries a Client ID).
            fn parse_parts(status: StatusCode, body: &[u8]) -> Result<$response, ApiError> {
                without_copy(super::parse_parts(status, body))
            }

            /// As [`parse_response`](crate::api::parse_response), without a copy of a success
            /// body that is not the model (it carries a Client ID).
            fn parse_response<B: AsRef<[u8]>>(
                response: &http::Response<B>,
            ) -> Result<$response, ApiError> {
                without_copy(super::parse_parts(
                    response.status(),
                    response.body().as_ref(),
                ))
            }
        }
    };
}

/// Drops the copy of the body an [`InvalidBody`](ApiErrorKind::InvalidBody) error keeps.
fn without_copy<T>(parsed: Result<T, ApiError>) -> Result<T, ApiError> {
    parsed.map_err(|mut error| {
        if matches!(error.kind, ApiErrorKind::InvalidBody(_)) {
            error.body = Box::new(ErrorBody::Raw(String::new()));
        }
        error
    })
}

/// The most allowed domains a Client ID takes (`maxItems`).
pub const MAX_ALLOWED_DOMAINS: usize = 10;

/// The internal identifier of a Client ID (`id` in its record, `{id}` in
/// `/v2/client-ids/{id}`; the description's example is `"123"`), not the `cli_…` Client ID:
/// non-empty, no control character. Sent as one percent-encoded path segment.
///
/// ```
/// use securepay::api::ClientIdInternalId;
///
/// let id: ClientIdInternalId = "123".parse()?;
/// assert_eq!(id.as_str(), "123");
/// assert!("".parse::<ClientIdInternalId>().is_err());
/// assert!("12\n3".parse::<ClientIdInternalId>().is_err());
/// # Ok::<(), securepay::api::BodyError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClientIdInternalId(String);

impl ClientIdInternalId {
    /// Checks an identifier: non-empty, no control character.
    pub fn new(text: &str) -> Result<ClientIdInternalId, BodyError> {
        check_identifier(
            "id",
            "a Client ID's internal identifier (empty or with a control character)",
            text,
        )?;
        Ok(ClientIdInternalId(text.to_owned()))
    }

    /// The identifier.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::str::FromStr for ClientIdInternalId {
    type Err = BodyError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        ClientIdInternalId::new(text)
    }
}

/// A Client ID's fee: `feePercentage` (`"2.5"` for 2.5 %, 0 to 100, at most 2 decimals; `"0"`
/// lets the fees of API requests take precedence, any other value overrides them) and the
/// `feeAddress` that receives it, always together ("Required if feePercentage is set").
///
/// ```
/// use securepay::api::{BodyError, ClientIdFee};
///
/// let fee = ClientIdFee::new("2.55", "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
/// assert_eq!(fee.percentage().as_str(), "2.55");
/// assert!(matches!(ClientIdFee::new("2.555", "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"), Err(BodyError::Invalid { field: "feePercentage", .. })));
/// assert!(matches!(ClientIdFee::new("101", "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"), Err(BodyError::FeePercentage(_))));
/// assert!(matches!(ClientIdFee::new("1", "0x1234"), Err(BodyError::Address { field: "feeAddress", .. })));
/// # Ok::<(), BodyError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientIdFee {
    percentage: HumanAmount,
    address: ChainAddress,
}

impl ClientIdFee {
    /// Checks the percentage (a decimal from 0 to 100 with at most 2 decimals) and the
    /// address (EVM, or Tron Base58).
    pub fn new(percentage: &str, address: &str) -> Result<ClientIdFee, BodyError> {
        let percentage = check_fee_percentage(percentage)?;
        if percentage.fraction_digits() > 2 {
            return Err(BodyError::Invalid {
                field: "feePercentage",
                reason: format!("{percentage} has more than 2 decimal places"),
            });
        }
        Ok(ClientIdFee {
            percentage,
            address: wallet("feeAddress", address)?,
        })
    }

    /// `feePercentage`.
    pub fn percentage(&self) -> &HumanAmount {
        &self.percentage
    }

    /// `feeAddress`.
    pub fn address(&self) -> &ChainAddress {
        &self.address
    }
}

/// An address field (EVM, or Tron Base58).
fn wallet(field: &'static str, text: &str) -> Result<ChainAddress, BodyError> {
    ChainAddress::parse_any(text).map_err(|source| BodyError::Address { field, source })
}

/// `label`: 1 to 100 characters.
fn check_label(label: &str) -> Result<String, BodyError> {
    check_length("label", label, 1, 100)?;
    Ok(label.to_owned())
}

/// `allowedDomains`: 1 to 10 origins, each once.
fn check_domains(domains: Vec<Origin>) -> Result<Vec<Origin>, BodyError> {
    if domains.is_empty() {
        return Err(BodyError::TooFew {
            field: "allowedDomains",
            min: 1,
            given: 0,
        });
    }
    if domains.len() > MAX_ALLOWED_DOMAINS {
        return Err(BodyError::TooMany {
            field: "allowedDomains",
            max: MAX_ALLOWED_DOMAINS,
            given: domains.len(),
        });
    }
    for (index, domain) in domains.iter().enumerate() {
        if domains.iter().take(index).any(|d| d == domain) {
            return Err(BodyError::Duplicate {
                field: "allowedDomains",
                value: domain.as_str().to_owned(),
            });
        }
    }
    Ok(domains)
}

fn origins<S: Serializer>(domains: &[Origin], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_seq(domains.iter().map(Origin::as_str))
}

fn some_origins<S: Serializer>(
    domains: &Option<Vec<Origin>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match domains {
        Some(domains) => origins(domains, serializer),
        None => serializer.serialize_none(),
    }
}

/// The body of `POST /v2/client-ids`: `label` and `allowedDomains` (required), and optionally
/// a fee, an operator wallet for commerce payments and default commerce expiries.
///
/// ```
/// use securepay::api::{BodyError, ClientIdFee, CreateClientId};
///
/// let body = CreateClientId::new("My Client ID with Fees", vec!["https://example.com".parse()?, "https://app.example.com".parse()?])?
///     .fee(ClientIdFee::new("2.5", "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?);
/// assert_eq!(serde_json::to_string(&body)?, r#"{"label":"My Client ID with Fees","allowedDomains":["https://example.com","https://app.example.com"],"feePercentage":"2.5","feeAddress":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}"#);
/// assert!(matches!(CreateClientId::new("", vec!["https://example.com".parse()?]), Err(BodyError::Length { field: "label", .. })));
/// assert!(matches!(CreateClientId::new("x", vec![]), Err(BodyError::TooFew { field: "allowedDomains", .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateClientId {
    label: String,
    #[serde(serialize_with = "origins")]
    allowed_domains: Vec<Origin>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fee_percentage: Option<HumanAmount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fee_address: Option<ChainAddress>,
    #[serde(skip_serializing_if = "Option::is_none")]
    operator_wallet_address: Option<ChainAddress>,
    #[serde(skip_serializing_if = "Option::is_none")]
    default_pre_approval_expiry: Option<NonZeroU32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    default_authorization_expiry: Option<NonZeroU32>,
}

impl CreateClientId {
    /// The required fields: `label` (1 to 100 characters) and `allowedDomains` (1 to 10
    /// origins, each once).
    ///
    /// ```
    /// use securepay::api::{BodyError, CreateClientId, Origin};
    ///
    /// let twice: Vec<Origin> = vec!["https://example.com".parse()?, "https://example.com".parse()?];
    /// assert!(matches!(CreateClientId::new("Shop", twice), Err(BodyError::Duplicate { field: "allowedDomains", .. })));
    /// let eleven: Vec<Origin> = (0..11).map(|i| format!("https://shop{i}.example.com").parse()).collect::<Result<_, _>>()?;
    /// assert!(matches!(CreateClientId::new("Shop", eleven), Err(BodyError::TooMany { max: 10, given: 11, .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(label: &str, allowed_domains: Vec<Origin>) -> Result<CreateClientId, BodyError> {
        Ok(CreateClientId {
            label: check_label(label)?,
            allowed_domains: check_domains(allowed_domains)?,
            fee_percentage: None,
            fee_address: None,
            operator_wallet_address: None,
            default_pre_approval_expiry: None,
            default_authorization_expiry: None,
        })
    }

    /// `feePercentage` and `feeAddress`.
    pub fn fee(mut self, fee: ClientIdFee) -> CreateClientId {
        self.fee_percentage = Some(fee.percentage);
        self.fee_address = Some(fee.address);
        self
    }

    /// `operatorWalletAddress`: the wallet the API's operator wallet acts for in commerce
    /// payments.
    ///
    /// ```
    /// use securepay::api::CreateClientId;
    ///
    /// let body = CreateClientId::new("Shop", vec!["https://example.com".parse()?])?
    ///     .operator_wallet("0x1234567890123456789012345678901234567890".parse()?);
    /// assert_eq!(serde_json::to_value(&body)?["operatorWalletAddress"], "0x1234567890123456789012345678901234567890");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn operator_wallet(mut self, wallet: ChainAddress) -> CreateClientId {
        self.operator_wallet_address = Some(wallet);
        self
    }

    /// `defaultPreApprovalExpiry`, in seconds (above zero; it overrides the value given to
    /// `/v2/commerce-payments/authorize/calldata`).
    ///
    /// ```
    /// use std::num::NonZeroU32;
    /// use securepay::api::CreateClientId;
    ///
    /// let body = CreateClientId::new("Shop", vec!["https://example.com".parse()?])?
    ///     .default_pre_approval_expiry(NonZeroU32::new(3600).ok_or("zero")?)
    ///     .default_authorization_expiry(NonZeroU32::new(86400).ok_or("zero")?);
    /// let json = serde_json::to_value(&body)?;
    /// assert_eq!((json["defaultPreApprovalExpiry"].as_u64(), json["defaultAuthorizationExpiry"].as_u64()), (Some(3600), Some(86400)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn default_pre_approval_expiry(mut self, seconds: NonZeroU32) -> CreateClientId {
        self.default_pre_approval_expiry = Some(seconds);
        self
    }

    /// `defaultAuthorizationExpiry`, in seconds (above zero; it overrides the value given to
    /// `/v2/commerce-payments/authorize/calldata`).
    pub fn default_authorization_expiry(mut self, seconds: NonZeroU32) -> CreateClientId {
        self.default_authorization_expiry = Some(seconds);
        self
    }
}

impl Sealed for CreateClientId {
    fn parts(&self) -> Result<Parts, RequestError> {
        json_parts(self)
    }
}

// `POST /v2/client-ids`: the body is the request.
client_id_answer!(CreateClientId, ClientIdRecord);

/// `GET /v2/client-ids`: every Client ID of the platform.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{Api, Credential, ListClientIds};
///
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &ListClientIds)?;
/// assert_eq!(request.uri(), "https://api.request.network/v2/client-ids");
/// let list = request.parse_parts(StatusCode::OK, br#"[{"id": "123", "label": "Shop", "lastUsedAt": null}]"#)?;
/// assert_eq!(list[0].label.as_deref(), Some("Shop"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ListClientIds;

impl Sealed for ListClientIds {
    fn parts(&self) -> Result<Parts, RequestError> {
        Ok(Parts::new())
    }
}

client_id_answer!(ListClientIds, Vec<ClientIdRecord>);

/// `GET /v2/client-ids/{id}`.
///
/// ```
/// use securepay::api::{Api, Credential, GetClientId};
///
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &GetClientId::new("123".parse()?))?;
/// assert_eq!(request.uri().path(), "/v2/client-ids/123");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GetClientId {
    /// `{id}`.
    pub id: ClientIdInternalId,
}

impl GetClientId {
    /// The request for `id`.
    pub fn new(id: ClientIdInternalId) -> GetClientId {
        GetClientId { id }
    }
}

impl Sealed for GetClientId {
    fn parts(&self) -> Result<Parts, RequestError> {
        Ok(Parts::new().path(self.id.as_str()))
    }
}

client_id_answer!(GetClientId, ClientIdRecord);

/// `PUT /v2/client-ids/{id}`: the fields to change, each optional (an empty body changes
/// nothing). The nullable fields can be unset (`null`): the fee (percentage and address
/// together), the operator wallet, the expiries.
///
/// ```
/// use securepay::api::{BodyError, ClientIdStatus, UpdateClientId};
///
/// let update = UpdateClientId::new("123".parse()?).fee(None).status(ClientIdStatus::Inactive)?;
/// assert_eq!(serde_json::to_string(&update)?, r#"{"feePercentage":null,"feeAddress":null,"status":"inactive"}"#);
/// let unknown = UpdateClientId::new("123".parse()?).status(ClientIdStatus::parse("paused"));
/// assert!(matches!(unknown, Err(BodyError::Invalid { field: "status", .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UpdateClientId {
    #[serde(skip)]
    id: ClientIdInternalId,
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<String>,
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "some_origins"
    )]
    allowed_domains: Option<Vec<Origin>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fee_percentage: Option<Option<HumanAmount>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fee_address: Option<Option<ChainAddress>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    operator_wallet_address: Option<Option<ChainAddress>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    default_pre_approval_expiry: Option<Option<NonZeroU32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    default_authorization_expiry: Option<Option<NonZeroU32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<ClientIdStatus>,
}

impl UpdateClientId {
    /// An update of the Client ID `id` that changes nothing yet.
    pub fn new(id: ClientIdInternalId) -> UpdateClientId {
        UpdateClientId {
            id,
            label: None,
            allowed_domains: None,
            fee_percentage: None,
            fee_address: None,
            operator_wallet_address: None,
            default_pre_approval_expiry: None,
            default_authorization_expiry: None,
            status: None,
        }
    }

    /// The Client ID this update changes (`{id}`).
    pub fn id(&self) -> &ClientIdInternalId {
        &self.id
    }

    /// A new `label` (1 to 100 characters).
    pub fn label(mut self, label: &str) -> Result<UpdateClientId, BodyError> {
        self.label = Some(check_label(label)?);
        Ok(self)
    }

    /// New `allowedDomains` (1 to 10 origins, each once), replacing the list.
    ///
    /// ```
    /// use securepay::api::UpdateClientId;
    ///
    /// let update = UpdateClientId::new("123".parse()?).label("Updated Client ID Label")?.allowed_domains(vec!["https://newdomain.com".parse()?])?;
    /// assert_eq!(serde_json::to_string(&update)?, r#"{"label":"Updated Client ID Label","allowedDomains":["https://newdomain.com"]}"#);
    /// assert!(UpdateClientId::new("123".parse()?).allowed_domains(vec![]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn allowed_domains(mut self, domains: Vec<Origin>) -> Result<UpdateClientId, BodyError> {
        self.allowed_domains = Some(check_domains(domains)?);
        Ok(self)
    }

    /// Sets the fee (`feePercentage` and `feeAddress`), or unsets both (`null`) with `None`.
    pub fn fee(mut self, fee: Option<ClientIdFee>) -> UpdateClientId {
        let (percentage, address) = match fee {
            Some(fee) => (Some(fee.percentage), Some(fee.address)),
            None => (None, None),
        };
        self.fee_percentage = Some(percentage);
        self.fee_address = Some(address);
        self
    }

    /// Sets `operatorWalletAddress`, or unsets it (`null`: the API's operator wallet acts)
    /// with `None`. Only new payments use the change.
    ///
    /// ```
    /// use securepay::api::UpdateClientId;
    ///
    /// let update = UpdateClientId::new("123".parse()?).operator_wallet(None);
    /// assert_eq!(serde_json::to_string(&update)?, r#"{"operatorWalletAddress":null}"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn operator_wallet(mut self, wallet: Option<ChainAddress>) -> UpdateClientId {
        self.operator_wallet_address = Some(wallet);
        self
    }

    /// Sets `defaultPreApprovalExpiry` (seconds, above zero), or unsets it with `None`.
    pub fn default_pre_approval_expiry(mut self, seconds: Option<NonZeroU32>) -> UpdateClientId {
        self.default_pre_approval_expiry = Some(seconds);
        self
    }

    /// Sets `defaultAuthorizationExpiry` (seconds, above zero), or unsets it with `None`.
    pub fn default_authorization_expiry(mut self, seconds: Option<NonZeroU32>) -> UpdateClientId {
        self.default_authorization_expiry = Some(seconds);
        self
    }

    /// Sets `status`: `active`, `inactive` or `revoked` (the service refuses to reactivate a
    /// revoked Client ID). A status the description does not list is refused.
    pub fn status(mut self, status: ClientIdStatus) -> Result<UpdateClientId, BodyError> {
        if !status.is_known() {
            return Err(BodyError::Invalid {
                field: "status",
                reason: format!(
                    "{status:?} is not one of {}",
                    ClientIdStatus::KNOWN.join(", ")
                ),
            });
        }
        self.status = Some(status);
        Ok(self)
    }
}

impl Sealed for UpdateClientId {
    fn parts(&self) -> Result<Parts, RequestError> {
        Parts::new()
            .path(self.id.as_str())
            .json(Self::ENDPOINT, self)
    }
}

client_id_answer!(UpdateClientId, ClientIdRecord);

/// `DELETE /v2/client-ids/{id}`: revokes the Client ID (it cannot be reactivated). The
/// description gives the `200` answer no content: an empty body reads as
/// [`AnswerAsGiven`]`(null)`, anything else is kept as given.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{Api, Credential, RevokeClientId};
///
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &RevokeClientId::new("123".parse()?))?;
/// assert_eq!((request.method().as_str(), request.uri().path()), ("DELETE", "/v2/client-ids/123"));
/// assert!(request.parse_parts(StatusCode::OK, b"")?.0.is_null());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct RevokeClientId {
    /// `{id}`.
    pub id: ClientIdInternalId,
}

impl RevokeClientId {
    /// The request for `id`.
    pub fn new(id: ClientIdInternalId) -> RevokeClientId {
        RevokeClientId { id }
    }
}

impl Sealed for RevokeClientId {
    fn parts(&self) -> Result<Parts, RequestError> {
        Ok(Parts::new().path(self.id.as_str()))
    }
}

no_content_request!(RevokeClientId, RevokeClientId, AnswerAsGiven);

impl Api {
    /// `POST /v2/client-ids` (API key only). Answer: [`ClientIdRecord`], whose `client_id` is
    /// the new credential.
    ///
    /// ```
    /// use securepay::api::{Api, CreateClientId, Credential};
    ///
    /// let body = CreateClientId::new("My Client ID", vec!["https://example.com".parse()?])?;
    /// let request = Api::new().create_client_id(&Credential::api_key("sk_test")?, &body)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/client-ids");
    /// assert_eq!(request.body().as_slice(), br#"{"label":"My Client ID","allowedDomains":["https://example.com"]}"#);
    /// let frontend = Credential::client_id("cli_test", Some("https://example.com"))?;
    /// assert!(Api::new().create_client_id(&frontend, &body).is_err()); // API key only
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create_client_id(
        &self,
        credential: &Credential,
        body: &CreateClientId,
    ) -> Result<PreparedRequest<CreateClientId>, RequestError> {
        self.prepare(credential, body)
    }

    /// `GET /v2/client-ids`. Answer: `Vec<`[`ClientIdRecord`]`>`.
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    ///
    /// let request = Api::new().list_client_ids(&Credential::api_key("sk_test")?)?;
    /// assert_eq!((request.method().as_str(), request.uri().path()), ("GET", "/v2/client-ids"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn list_client_ids(
        &self,
        credential: &Credential,
    ) -> Result<PreparedRequest<ListClientIds>, RequestError> {
        self.prepare(credential, &ListClientIds)
    }

    /// `GET /v2/client-ids/{id}`. Answer: [`ClientIdRecord`].
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    ///
    /// let request = Api::new().get_client_id(&Credential::api_key("sk_test")?, &"a/b".parse()?)?;
    /// assert_eq!(request.uri().path(), "/v2/client-ids/a%2Fb"); // one segment
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get_client_id(
        &self,
        credential: &Credential,
        id: &ClientIdInternalId,
    ) -> Result<PreparedRequest<GetClientId>, RequestError> {
        self.prepare(credential, &GetClientId::new(id.clone()))
    }

    /// `PUT /v2/client-ids/{id}`. Answer: [`ClientIdRecord`].
    ///
    /// ```
    /// use securepay::api::{Api, ClientIdFee, Credential, UpdateClientId};
    ///
    /// let update = UpdateClientId::new("123".parse()?).fee(Some(ClientIdFee::new("1.5", "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?));
    /// let request = Api::new().update_client_id(&Credential::api_key("sk_test")?, &update)?;
    /// assert_eq!((request.method().as_str(), request.uri().path()), ("PUT", "/v2/client-ids/123"));
    /// assert_eq!(request.body().as_slice(), br#"{"feePercentage":"1.5","feeAddress":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"}"#);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn update_client_id(
        &self,
        credential: &Credential,
        update: &UpdateClientId,
    ) -> Result<PreparedRequest<UpdateClientId>, RequestError> {
        self.prepare(credential, update)
    }

    /// `DELETE /v2/client-ids/{id}`: revokes the Client ID for good. Answer:
    /// [`AnswerAsGiven`] (the description gives no content).
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    ///
    /// let request = Api::new().revoke_client_id(&Credential::api_key("sk_test")?, &"123".parse()?)?;
    /// assert_eq!(request.method(), "DELETE");
    /// assert!(request.body().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn revoke_client_id(
        &self,
        credential: &Credential,
        id: &ClientIdInternalId,
    ) -> Result<PreparedRequest<RevokeClientId>, RequestError> {
        self.prepare(credential, &RevokeClientId::new(id.clone()))
    }
}
