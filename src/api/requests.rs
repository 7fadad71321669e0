//! Requests: create (`POST /v2/request`), status (`GET /v2/request/{requestId}`) and calldata
//! (`GET /v2/request/{requestId}/pay`, with a partial `amount`).

use serde::{Deserialize, Serialize};

use super::body::{check_date, check_identifier, check_length, check_positive};
use super::outgoing::json_parts;
use super::outgoing::sealed::{Parts, Sealed};
use super::{
    Api, BodyError, Credential, Endpoint, OutgoingRequest, PreparedRequest, RequestError,
    RequestPayResponse,
};
use crate::address::ChainAddress;
use crate::amount::HumanAmount;
use crate::calldata::PaymentReference;
use crate::currency::CurrencyId;
use crate::network::Network;
use crate::partial::RequestStatus;
use crate::pay::RequestPayQuery;

/// How often a recurring request or payout repeats. A closed enum.
///
/// ```
/// use securepay::api::Frequency;
///
/// assert_eq!(serde_json::to_string(&Frequency::Weekly)?, r#""WEEKLY""#);
/// assert_eq!(serde_json::from_str::<Frequency>(r#""YEARLY""#)?, Frequency::Yearly);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
#[non_exhaustive]
pub enum Frequency {
    /// `DAILY`.
    Daily,
    /// `WEEKLY`.
    Weekly,
    /// `MONTHLY`.
    Monthly,
    /// `YEARLY`.
    Yearly,
}

/// `recurrence` of `POST /v2/request`: `{startDate, frequency}`. The start date must not be in
/// the past: the service checks it (this crate has no clock); here it must be `YYYY-MM-DD`.
///
/// ```
/// use securepay::api::{Frequency, Recurrence};
///
/// let monthly = Recurrence::new("2030-01-31", Frequency::Monthly)?;
/// assert_eq!(serde_json::to_string(&monthly)?, r#"{"startDate":"2030-01-31","frequency":"MONTHLY"}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Recurrence {
    start_date: String,
    frequency: Frequency,
}

impl Recurrence {
    /// Checks the date form.
    ///
    /// ```
    /// use securepay::api::{BodyError, Frequency, Recurrence};
    ///
    /// assert!(Recurrence::new("2028-02-29", Frequency::Yearly).is_ok()); // a leap year
    /// let error = Recurrence::new("01/02/2030", Frequency::Daily).unwrap_err();
    /// assert!(matches!(error, BodyError::Invalid { field: "recurrence.startDate", .. }));
    /// ```
    pub fn new(start_date: &str, frequency: Frequency) -> Result<Recurrence, BodyError> {
        check_date("recurrence.startDate", start_date)?;
        Ok(Recurrence {
            start_date: start_date.to_owned(),
            frequency,
        })
    }
}

/// `customerInfo.address`, for request bodies.
///
/// ```
/// use securepay::api::{CreateRequest, CustomerAddressBody, CustomerInfoBody};
///
/// let address = CustomerAddressBody { country: Some("USA".into()), ..Default::default() };
/// let info = CustomerInfoBody { address: Some(address), ..Default::default() };
/// let body = CreateRequest::new("10".parse()?, "USD", "USDC-base")?;
/// assert!(body.customer_info(info).is_err()); // country is 2 letters (ISO 3166-1 alpha-2)
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomerAddressBody {
    /// `street` (at most 255 characters).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub street: Option<String>,
    /// `city` (at most 100).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub city: Option<String>,
    /// `state` (at most 100).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// `postalCode` (at most 20).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub postal_code: Option<String>,
    /// `country`: ISO 3166-1 alpha-2 (2 characters).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
}

/// `customerInfo` for request and payout bodies (checked when attached).
///
/// ```
/// use securepay::api::{CreateRequest, CustomerAddressBody, CustomerInfoBody};
///
/// let info = CustomerInfoBody {
///     first_name: Some("John".into()),
///     email: Some("john.doe@example.com".into()),
///     address: Some(CustomerAddressBody { city: Some("New York".into()), country: Some("US".into()), ..Default::default() }),
///     ..Default::default()
/// };
/// let body = CreateRequest::new("10".parse()?, "USD", "USDC-base")?.customer_info(info)?;
/// assert_eq!(serde_json::to_value(&body)?["customerInfo"]["address"]["city"], "New York");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomerInfoBody {
    /// `firstName` (1–100 characters).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    /// `lastName` (1–100 characters).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    /// `email` (at most 255 characters, an address).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// `address`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address: Option<CustomerAddressBody>,
}

impl CustomerInfoBody {
    /// Checks the OpenAPI bounds.
    pub(crate) fn check(&self) -> Result<(), BodyError> {
        let opt = |field, value: &Option<String>, min, max| match value {
            Some(text) => check_length(field, text, min, max),
            None => Ok(()),
        };
        opt("customerInfo.firstName", &self.first_name, 1, 100)?;
        opt("customerInfo.lastName", &self.last_name, 1, 100)?;
        opt("customerInfo.email", &self.email, 3, 255)?;
        if let Some(email) = &self.email {
            let valid = email.split_once('@').is_some_and(|(local, domain)| {
                !local.is_empty() && domain.contains('.') && !domain.contains('@')
            }) && !email.chars().any(char::is_whitespace);
            if !valid {
                return Err(BodyError::Invalid {
                    field: "customerInfo.email",
                    reason: format!("{email:?} is not an email address"),
                });
            }
        }
        if let Some(address) = &self.address {
            opt("customerInfo.address.street", &address.street, 0, 255)?;
            opt("customerInfo.address.city", &address.city, 0, 100)?;
            opt("customerInfo.address.state", &address.state, 0, 100)?;
            opt(
                "customerInfo.address.postalCode",
                &address.postal_code,
                0,
                20,
            )?;
            opt("customerInfo.address.country", &address.country, 2, 2)?;
        }
        Ok(())
    }
}

/// Reads a currency id for a body field.
pub(crate) fn currency_id(field: &'static str, text: &str) -> Result<CurrencyId, BodyError> {
    CurrencyId::parse(text).map_err(|source| BodyError::Currency { field, source })
}

/// The network of a payment currency (never fiat).
pub(crate) fn payment_network(field: &'static str, id: &CurrencyId) -> Result<Network, BodyError> {
    id.network().ok_or_else(|| BodyError::Invalid {
        field,
        reason: format!("{id} is not a currency on one of the eight networks"),
    })
}

/// Reads an address of `network` for a body field.
pub(crate) fn address_on(
    field: &'static str,
    network: Network,
    text: &str,
) -> Result<ChainAddress, BodyError> {
    ChainAddress::parse(network, text).map_err(|_| BodyError::WrongNetwork {
        field,
        value: text.to_owned(),
        network,
    })
}

/// The body of `POST /v2/request`.
///
/// Checked here: `amount` above zero, `paymentCurrency` a currency of one of the eight
/// networks, `payee` and `payer` addresses of that network, crypto-to-fiat only in an eligible
/// currency (USDC on mainnet, matic, arbitrum-one, sepolia), `reference` of 1–255 characters,
/// the `customerInfo` bounds. `payee` may be omitted: for crypto-to-fiat, and when the Client
/// ID is bound to a payee destination.
///
/// ```
/// use securepay::api::{CreateRequest, Frequency, Recurrence};
///
/// let body = CreateRequest::new("10".parse()?, "USD", "ETH-sepolia-sepolia")?
///     .payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?
///     .recurrence(Recurrence::new("2030-01-01", Frequency::Yearly)?);
/// assert_eq!(serde_json::to_string(&body)?, r#"{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"10","invoiceCurrency":"USD","paymentCurrency":"ETH-sepolia-sepolia","recurrence":{"startDate":"2030-01-01","frequency":"YEARLY"}}"#);
///
/// let offramp = CreateRequest::new("25.50".parse()?, "USD", "USDC-sepolia")?.crypto_to_fiat()?;
/// assert!(serde_json::to_string(&offramp)?.contains(r#""isCryptoToFiatAvailable":true"#));
/// assert!(CreateRequest::new("25.50".parse()?, "USD", "USDC-optimism")?.crypto_to_fiat().is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateRequest {
    #[serde(skip_serializing_if = "Option::is_none")]
    payer: Option<ChainAddress>,
    #[serde(skip_serializing_if = "Option::is_none")]
    payee: Option<ChainAddress>,
    amount: HumanAmount,
    invoice_currency: CurrencyId,
    payment_currency: CurrencyId,
    #[serde(skip_serializing_if = "Option::is_none")]
    recurrence: Option<Recurrence>,
    #[serde(skip_serializing_if = "Option::is_none")]
    is_crypto_to_fiat_available: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    customer_info: Option<CustomerInfoBody>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reference: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    original_request_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    original_request_payment_reference: Option<PaymentReference>,
}

impl CreateRequest {
    /// The required fields: `amount` (human, above zero), `invoiceCurrency` (`USD`, a token id),
    /// `paymentCurrency` (a token id such as `USDC-base`).
    ///
    /// ```
    /// use securepay::api::{BodyError, CreateRequest};
    ///
    /// let body = CreateRequest::new("0.05".parse()?, "ETH-mainnet", "ETH-mainnet")?;
    /// assert_eq!(serde_json::to_value(&body)?["amount"], "0.05");
    /// let fiat = CreateRequest::new("10".parse()?, "USD", "EUR"); // paid in a token, never in fiat
    /// assert!(matches!(fiat, Err(BodyError::Invalid { field: "paymentCurrency", .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        amount: HumanAmount,
        invoice_currency: &str,
        payment_currency: &str,
    ) -> Result<CreateRequest, BodyError> {
        check_positive("amount", &amount)?;
        let invoice_currency = currency_id("invoiceCurrency", invoice_currency)?;
        let payment_currency = currency_id("paymentCurrency", payment_currency)?;
        payment_network("paymentCurrency", &payment_currency)?;
        Ok(CreateRequest {
            payer: None,
            payee: None,
            amount,
            invoice_currency,
            payment_currency,
            recurrence: None,
            is_crypto_to_fiat_available: None,
            customer_info: None,
            reference: None,
            original_request_id: None,
            original_request_payment_reference: None,
        })
    }

    fn network(&self) -> Result<Network, BodyError> {
        payment_network("paymentCurrency", &self.payment_currency)
    }

    /// `payee`: an address of the payment currency's network.
    ///
    /// ```
    /// use securepay::api::{BodyError, CreateRequest};
    ///
    /// let tron = CreateRequest::new("10".parse()?, "USDT-tron", "USDT-tron")?;
    /// assert!(matches!(tron.payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"), Err(BodyError::WrongNetwork { field: "payee", .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn payee(mut self, payee: &str) -> Result<CreateRequest, BodyError> {
        self.payee = Some(address_on("payee", self.network()?, payee)?);
        Ok(self)
    }

    /// `payer`: an address of the payment currency's network.
    ///
    /// ```
    /// use securepay::api::CreateRequest;
    ///
    /// let body = CreateRequest::new("10".parse()?, "USD", "USDC-base")?.payer("0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570")?;
    /// assert_eq!(serde_json::to_value(&body)?["payer"], "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn payer(mut self, payer: &str) -> Result<CreateRequest, BodyError> {
        self.payer = Some(address_on("payer", self.network()?, payer)?);
        Ok(self)
    }

    /// `recurrence`.
    ///
    /// ```
    /// use securepay::api::{CreateRequest, Frequency, Recurrence};
    ///
    /// let body = CreateRequest::new("9.99".parse()?, "USD", "USDC-base")?.recurrence(Recurrence::new("2030-01-01", Frequency::Monthly)?);
    /// assert_eq!(serde_json::to_value(&body)?["recurrence"]["frequency"], "MONTHLY");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn recurrence(mut self, recurrence: Recurrence) -> CreateRequest {
        self.recurrence = Some(recurrence);
        self
    }

    /// `isCryptoToFiatAvailable: true`, in an eligible payment currency only.
    ///
    /// ```
    /// use securepay::api::{BodyError, CreateRequest};
    ///
    /// let body = CreateRequest::new("25.50".parse()?, "USD", "USDC-arbitrum-one")?.crypto_to_fiat()?;
    /// assert_eq!(serde_json::to_value(&body)?["isCryptoToFiatAvailable"], true);
    /// let usdt = CreateRequest::new("25.50".parse()?, "USD", "USDT-mainnet")?.crypto_to_fiat();
    /// assert!(matches!(usdt, Err(BodyError::NotEligible(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn crypto_to_fiat(mut self) -> Result<CreateRequest, BodyError> {
        crate::offramp::check_eligibility(
            crate::currency::Catalog::builtin(),
            self.payment_currency.as_str(),
        )
        .map_err(BodyError::NotEligible)?;
        self.is_crypto_to_fiat_available = Some(true);
        Ok(self)
    }

    /// `customerInfo`.
    ///
    /// ```
    /// use securepay::api::{BodyError, CreateRequest, CustomerInfoBody};
    ///
    /// let info = CustomerInfoBody { last_name: Some(String::new()), ..Default::default() };
    /// let body = CreateRequest::new("10".parse()?, "USD", "USDC-base")?;
    /// assert!(matches!(body.customer_info(info), Err(BodyError::Length { field: "customerInfo.lastName", .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn customer_info(mut self, info: CustomerInfoBody) -> Result<CreateRequest, BodyError> {
        info.check()?;
        self.customer_info = Some(info);
        Ok(self)
    }

    /// `reference` (1–255 characters).
    ///
    /// ```
    /// use securepay::api::CreateRequest;
    ///
    /// let body = CreateRequest::new("10".parse()?, "USD", "USDC-base")?.reference("ORDER-2024-001234")?;
    /// assert_eq!(serde_json::to_value(&body)?["reference"], "ORDER-2024-001234");
    /// assert!(CreateRequest::new("10".parse()?, "USD", "USDC-base")?.reference(&"x".repeat(256)).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reference(mut self, reference: &str) -> Result<CreateRequest, BodyError> {
        check_length("reference", reference, 1, 255)?;
        self.reference = Some(reference.to_owned());
        Ok(self)
    }

    /// `originalRequestId` and `originalRequestPaymentReference` (recurring payments).
    ///
    /// ```
    /// use securepay::api::CreateRequest;
    ///
    /// let body = CreateRequest::new("10".parse()?, "USD", "USDC-base")?
    ///     .original_request("0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93", "0x2c3366941274c34c".parse()?)?;
    /// assert_eq!(serde_json::to_value(&body)?["originalRequestPaymentReference"], "0x2c3366941274c34c");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn original_request(
        mut self,
        request_id: &str,
        payment_reference: PaymentReference,
    ) -> Result<CreateRequest, BodyError> {
        check_length("originalRequestId", request_id, 1, usize::MAX)?;
        self.original_request_id = Some(request_id.to_owned());
        self.original_request_payment_reference = Some(payment_reference);
        Ok(self)
    }
}

/// The answer (201) of `POST /v2/request`.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, RequestCreated};
///
/// let created: RequestCreated = parse_parts(StatusCode::CREATED, br#"{"requestId": "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb", "paymentReference": "0xb3581f0b0f74cc61"}"#)?;
/// assert_eq!(created.payment_reference.bytes(), [0xb3, 0x58, 0x1f, 0x0b, 0x0f, 0x74, 0xcc, 0x61]);
/// assert!(parse_parts::<RequestCreated>(StatusCode::CREATED, br#"{"requestId": "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb", "paymentReference": "0xb358"}"#).is_err());
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct RequestCreated {
    /// `paymentReference`: `0x` and 16 hex digits.
    pub payment_reference: PaymentReference,
    /// `requestId`: 66 hex digits.
    pub request_id: String,
}

/// Checks a request id for a path: non-empty, no control character (it is percent-encoded in
/// the path, so it cannot reach another path).
pub(crate) fn check_request_id(request_id: &str) -> Result<(), BodyError> {
    check_identifier("requestId", "a request id", request_id)
}

impl Sealed for CreateRequest {
    fn parts(&self) -> Result<Parts, RequestError> {
        json_parts(self)
    }
}

/// `POST /v2/request`: the body is the request.
impl OutgoingRequest for CreateRequest {
    const ENDPOINT: Endpoint = Endpoint::CreateRequest;
    type Response = RequestCreated;
}

/// `GET /v2/request/{requestId}`: whether and how much a request is paid.
///
/// ```
/// use securepay::api::{Api, Credential, GetRequestStatus, RequestError};
///
/// let key = Credential::api_key("sk_test")?;
/// let request = Api::new().prepare(&key, &GetRequestStatus::new("01e273ec"))?;
/// assert_eq!(request.uri().path(), "/v2/request/01e273ec");
/// assert!(matches!(Api::new().prepare(&key, &GetRequestStatus::new("")), Err(RequestError::Body(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GetRequestStatus {
    /// `{requestId}`: checked when the request is built (non-empty, no control character).
    pub request_id: String,
}

impl GetRequestStatus {
    /// The request for `request_id`.
    pub fn new(request_id: &str) -> GetRequestStatus {
        GetRequestStatus {
            request_id: request_id.to_owned(),
        }
    }
}

impl Sealed for GetRequestStatus {
    fn parts(&self) -> Result<Parts, RequestError> {
        check_request_id(&self.request_id)?;
        Ok(Parts::new().path(self.request_id.as_str()))
    }
}

impl OutgoingRequest for GetRequestStatus {
    const ENDPOINT: Endpoint = Endpoint::GetRequestStatus;
    type Response = RequestStatus;
}

/// `GET /v2/request/{requestId}/pay` with the rules of [`RequestPayQuery`].
///
/// ```
/// use securepay::api::{Api, Credential, GetRequestCalldata};
/// use securepay::pay::RequestPayQuery;
///
/// let get = GetRequestCalldata::new("01e273ec", RequestPayQuery::new().partial_amount("25".parse()?));
/// let request = Api::new().prepare(&Credential::api_key("sk_test")?, &get)?;
/// assert_eq!(request.uri(), "https://api.request.network/v2/request/01e273ec/pay?amount=25");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GetRequestCalldata {
    /// `{requestId}`: checked when the request is built (non-empty, no control character).
    pub request_id: String,
    /// The query.
    pub query: RequestPayQuery,
}

impl GetRequestCalldata {
    /// The request for `request_id`.
    pub fn new(request_id: &str, query: RequestPayQuery) -> GetRequestCalldata {
        GetRequestCalldata {
            request_id: request_id.to_owned(),
            query,
        }
    }
}

impl Sealed for GetRequestCalldata {
    fn parts(&self) -> Result<Parts, RequestError> {
        check_request_id(&self.request_id)?;
        Ok(Parts::new()
            .path(self.request_id.as_str())
            .query(self.query.pairs()?))
    }
}

impl OutgoingRequest for GetRequestCalldata {
    const ENDPOINT: Endpoint = Endpoint::GetRequestCalldata;
    type Response = RequestPayResponse;
}

impl Api {
    /// `POST /v2/request`. Answer: [`RequestCreated`].
    ///
    /// ```
    /// use securepay::api::{Api, CreateRequest, Credential};
    ///
    /// let body = CreateRequest::new("10".parse()?, "USD", "USDC-base")?.payee("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7")?;
    /// let request = Api::new().create_request(&Credential::api_key("sk_test")?, &body)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/request");
    /// assert_eq!(request.headers()["content-type"], "application/json");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create_request(
        &self,
        credential: &Credential,
        body: &CreateRequest,
    ) -> Result<PreparedRequest<CreateRequest>, RequestError> {
        self.prepare(credential, body)
    }

    /// `GET /v2/request/{requestId}`. Answer:
    /// [`RequestStatus`](crate::partial::RequestStatus).
    ///
    /// ```
    /// use securepay::api::{Api, Credential, RequestError};
    ///
    /// let key = Credential::api_key("sk_test")?;
    /// let request = Api::new().get_request_status(&key, "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb")?;
    /// assert_eq!(request.method(), "GET");
    /// assert!(matches!(Api::new().get_request_status(&key, ""), Err(RequestError::Body(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get_request_status(
        &self,
        credential: &Credential,
        request_id: &str,
    ) -> Result<PreparedRequest<GetRequestStatus>, RequestError> {
        self.prepare(credential, &GetRequestStatus::new(request_id))
    }

    /// `GET /v2/request/{requestId}/pay` with the rules of [`RequestPayQuery`] (a partial
    /// `amount` above zero, `chain` with `token`, crypto-to-fiat parameters…). Answer:
    /// [`RequestPayResponse`](super::RequestPayResponse).
    ///
    /// ```
    /// use securepay::api::{Api, Credential, RequestError};
    /// use securepay::pay::RequestPayQuery;
    ///
    /// let key = Credential::api_key("sk_test")?;
    /// let partial = RequestPayQuery::new().partial_amount("25".parse()?);
    /// let request = Api::new().get_request_calldata(&key, "01e273ecc29d", &partial)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/request/01e273ecc29d/pay?amount=25");
    /// let zero = RequestPayQuery::new().partial_amount("0".parse()?);
    /// assert!(matches!(Api::new().get_request_calldata(&key, "01e273ecc29d", &zero), Err(RequestError::PayQuery(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get_request_calldata(
        &self,
        credential: &Credential,
        request_id: &str,
        query: &RequestPayQuery,
    ) -> Result<PreparedRequest<GetRequestCalldata>, RequestError> {
        self.prepare(
            credential,
            &GetRequestCalldata::new(request_id, query.clone()),
        )
    }
}
