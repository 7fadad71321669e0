//! Secure payments: create (incoming), payout links, multicall payout links, and the three
//! token endpoints (display data, calldata, intent).

use http::StatusCode;
use serde::{Deserialize, Serialize};

use super::body::{check_length, check_positive, check_redirect};
use super::outgoing::json_parts;
use super::outgoing::sealed::{Parts, Sealed};
use super::{
    Api, ApiError, ApiErrorKind, BodyCause, BodyError, Credential, Endpoint, FeePlan,
    IntentRecorded, OutgoingRequest, PreparedRequest, RecordIntent, RequestError,
    SecurePaymentInfo,
};
use crate::address::{ChainAddress, DestinationId};
use crate::amount::HumanAmount;
use crate::currency::CurrencyId;
use crate::network::Network;
use crate::pay::{PayResponse, PayResponseError, SecurePayQuery, SecurePaymentToken};
use crate::policy::PaymentPolicy;
use crate::wire::ErrorBody;

/// The most items of one incoming secure payment ("EVM batches up to 200 payees per link",
/// <https://docs.request.network/use-cases/quickstart>).
pub const MAX_SECURE_PAYMENT_ITEMS: usize = 200;

/// One item of `POST /v2/secure-payments` (`requests[]`).
///
/// ```
/// use securepay::api::SecurePaymentItem;
///
/// let item = SecurePaymentItem::new("10".parse()?)?.to_destination("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?);
/// assert_eq!(item.destination_id.as_ref().map(|d| d.network()), Some(securepay::network::Network::Base));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SecurePaymentItem {
    /// `destinationId`: optional when the Client ID is bound to a destination; if sent, it must
    /// equal the destination the service resolves (else 403).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destination_id: Option<DestinationId>,
    /// `amount`, human-readable.
    pub amount: HumanAmount,
}

impl SecurePaymentItem {
    /// An item of `amount` (above zero) to the caller's bound destination.
    ///
    /// ```
    /// use securepay::api::{BodyError, SecurePaymentItem};
    ///
    /// assert_eq!(SecurePaymentItem::new("0".parse()?), Err(BodyError::ZeroAmount { field: "requests[].amount" }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(amount: HumanAmount) -> Result<SecurePaymentItem, BodyError> {
        check_positive("requests[].amount", &amount)?;
        Ok(SecurePaymentItem {
            destination_id: None,
            amount,
        })
    }

    /// Names the destination explicitly.
    ///
    /// ```
    /// use securepay::api::SecurePaymentItem;
    ///
    /// let item = SecurePaymentItem::new("10".parse()?)?.to_destination("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?);
    /// assert_eq!(serde_json::to_value(&item)?["destinationId"], "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_destination(mut self, destination_id: DestinationId) -> SecurePaymentItem {
        self.destination_id = Some(destination_id);
        self
    }
}

/// The optional fields shared by the two secure-payment creation bodies.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
struct LinkOptions {
    #[serde(skip_serializing_if = "Option::is_none")]
    reference: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    redirect_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    redirect_label: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    access_policy: Option<PaymentPolicy>,
}

impl LinkOptions {
    fn reference(&mut self, reference: &str) -> Result<(), BodyError> {
        check_length("reference", reference, 1, 255)?;
        self.reference = Some(reference.to_owned());
        Ok(())
    }

    fn redirect(&mut self, url: &str, label: Option<&str>) -> Result<(), BodyError> {
        check_redirect(Some(url), label)?;
        self.redirect_url = Some(url.to_owned());
        self.redirect_label = label.map(str::to_owned);
        Ok(())
    }
}

/// The body of `POST /v2/secure-payments`: one item (a single incoming payment) or several to
/// the same destination (the legacy incoming batch).
///
/// Checked here: 1 to [`MAX_SECURE_PAYMENT_ITEMS`] items, amounts above zero, every explicit
/// `destinationId` the same, no batch to a Tron destination, `reference` and
/// `payerIdentifier` of 1–255 characters, the redirect rules, and the `accessPolicy` rules of
/// [`PaymentPolicy`]. The deprecated `feePercentage` / `feeAddress` are never written (the
/// service ignores them: fees come from the fee plan snapshot).
///
/// ```
/// use securepay::api::{CreateSecurePayment, SecurePaymentItem};
///
/// let body = CreateSecurePayment::new(vec![SecurePaymentItem::new("10".parse()?)?])?
///     .reference("INV-2026-0042")?;
/// assert_eq!(serde_json::to_string(&body)?, r#"{"requests":[{"amount":"10"}],"reference":"INV-2026-0042"}"#);
/// assert!(body.clone().redirect("javascript:alert(1)", None).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateSecurePayment {
    requests: Vec<SecurePaymentItem>,
    #[serde(skip_serializing_if = "Option::is_none")]
    payer_identifier: Option<String>,
    #[serde(flatten)]
    options: LinkOptions,
}

impl CreateSecurePayment {
    /// Checks the items.
    ///
    /// ```
    /// use securepay::api::{BodyError, CreateSecurePayment, SecurePaymentItem};
    ///
    /// let tron = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8@eip155:728126428#5F89A3B2:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
    /// let batch = CreateSecurePayment::new(vec![
    ///     SecurePaymentItem::new("1".parse()?)?.to_destination(tron.parse()?),
    ///     SecurePaymentItem::new("2".parse()?)?.to_destination(tron.parse()?),
    /// ]);
    /// assert_eq!(batch, Err(BodyError::TronBatch)); // a single Tron payment is fine, a batch is not
    /// assert!(matches!(CreateSecurePayment::new(vec![]), Err(BodyError::TooFew { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(requests: Vec<SecurePaymentItem>) -> Result<CreateSecurePayment, BodyError> {
        let given = requests.len();
        if given == 0 {
            return Err(BodyError::TooFew {
                field: "requests",
                min: 1,
                given,
            });
        }
        if given > MAX_SECURE_PAYMENT_ITEMS {
            return Err(BodyError::TooMany {
                field: "requests",
                max: MAX_SECURE_PAYMENT_ITEMS,
                given,
            });
        }
        for item in &requests {
            check_positive("requests[].amount", &item.amount)?;
        }
        let mut named = requests
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.destination_id.as_ref().map(|d| (i, d)));
        if let Some((_, first)) = named.next() {
            if let Some((index, other)) = named.find(|(_, d)| d.as_str() != first.as_str()) {
                return Err(BodyError::DestinationMismatch {
                    first: first.to_string(),
                    other: other.to_string(),
                    index,
                });
            }
            if given > 1 && first.network() == Network::Tron {
                return Err(BodyError::TronBatch);
            }
        }
        Ok(CreateSecurePayment {
            requests,
            payer_identifier: None,
            options: LinkOptions::default(),
        })
    }

    /// `reference` (1–255 characters): the merchant's reference.
    ///
    /// ```
    /// use securepay::api::{BodyError, CreateSecurePayment, SecurePaymentItem};
    ///
    /// let body = CreateSecurePayment::new(vec![SecurePaymentItem::new("10".parse()?)?])?;
    /// assert!(matches!(body.reference(""), Err(BodyError::Length { field: "reference", min: 1, .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reference(mut self, reference: &str) -> Result<CreateSecurePayment, BodyError> {
        self.options.reference(reference)?;
        Ok(self)
    }

    /// `payerIdentifier` (1–255 characters).
    ///
    /// ```
    /// use securepay::api::{CreateSecurePayment, SecurePaymentItem};
    ///
    /// let body = CreateSecurePayment::new(vec![SecurePaymentItem::new("10".parse()?)?])?.payer_identifier("customer-8841")?;
    /// assert_eq!(serde_json::to_value(&body)?["payerIdentifier"], "customer-8841");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn payer_identifier(mut self, payer: &str) -> Result<CreateSecurePayment, BodyError> {
        check_length("payerIdentifier", payer, 1, 255)?;
        self.payer_identifier = Some(payer.to_owned());
        Ok(self)
    }

    /// `redirectUrl` and optionally `redirectLabel` (shown after a successful payment; there is
    /// no automatic redirect).
    ///
    /// ```
    /// use securepay::api::{BodyError, CreateSecurePayment, SecurePaymentItem};
    ///
    /// let body = CreateSecurePayment::new(vec![SecurePaymentItem::new("10".parse()?)?])?;
    /// let done = body.clone().redirect("https://mydomain.com/thanks", Some("Back to the shop"))?;
    /// assert_eq!(serde_json::to_value(&done)?["redirectLabel"], "Back to the shop");
    /// let html = body.redirect("https://mydomain.com/thanks", Some("<b>Back</b>"));
    /// assert!(matches!(html, Err(BodyError::Pattern { field: "redirectLabel", character: '<', .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn redirect(
        mut self,
        url: &str,
        label: Option<&str>,
    ) -> Result<CreateSecurePayment, BodyError> {
        self.options.redirect(url, label)?;
        Ok(self)
    }

    /// `accessPolicy`: the payment's override (omitted, the destination's policy applies).
    ///
    /// ```
    /// use securepay::api::{CreateSecurePayment, SecurePaymentItem};
    /// use securepay::policy::PaymentPolicy;
    ///
    /// let policy = PaymentPolicy::from_str(r#"{"allowedPayerAddresses": ["0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570"]}"#)?;
    /// let body = CreateSecurePayment::new(vec![SecurePaymentItem::new("10".parse()?)?])?.access_policy(policy);
    /// // Written back in canonical form.
    /// assert_eq!(serde_json::to_value(&body)?["accessPolicy"]["allowedPayerAddresses"][0], "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn access_policy(mut self, policy: PaymentPolicy) -> CreateSecurePayment {
        self.options.access_policy = Some(policy);
        self
    }

    /// The items.
    ///
    /// ```
    /// use securepay::api::{CreateSecurePayment, SecurePaymentItem};
    ///
    /// let items = vec![SecurePaymentItem::new("10".parse()?)?, SecurePaymentItem::new("2.5".parse()?)?];
    /// let body = CreateSecurePayment::new(items)?;
    /// assert_eq!(body.requests()[1].amount.as_str(), "2.5");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn requests(&self) -> &[SecurePaymentItem] {
        &self.requests
    }
}

/// The body of `POST /v2/secure-payments/payouts`: an outgoing payout link from raw recipient
/// details.
///
/// Checked here: `recipient` is an address of `network`, `currency` is an id on `network`,
/// `amount` is above zero, plus the shared rules of [`CreateSecurePayment`].
/// `creatorWalletAddress` is required by the API description (its own example omits it).
///
/// ```
/// use securepay::api::CreatePayoutLink;
/// use securepay::network::Network;
///
/// let body = CreatePayoutLink::new(
///     Network::Sepolia,
///     "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
///     "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570",
///     "FAU-sepolia",
///     "10".parse()?,
/// )?;
/// assert_eq!(serde_json::to_value(&body)?["network"], "sepolia");
/// assert!(CreatePayoutLink::new(Network::Tron, "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
///     "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570", "USDT-tron", "10".parse()?).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CreatePayoutLink {
    recipient: ChainAddress,
    creator_wallet_address: ChainAddress,
    network: Network,
    currency: CurrencyId,
    amount: HumanAmount,
    #[serde(skip_serializing_if = "Option::is_none")]
    recipient_identifier: Option<String>,
    #[serde(flatten)]
    options: LinkOptions,
}

impl CreatePayoutLink {
    /// Checks the required fields.
    ///
    /// ```
    /// use securepay::api::{BodyError, CreatePayoutLink};
    /// use securepay::network::Network;
    ///
    /// let other_chain = CreatePayoutLink::new(Network::Base, "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    ///     "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570", "USDC-optimism", "10".parse()?);
    /// assert!(matches!(other_chain, Err(BodyError::WrongNetwork { field: "currency", .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        network: Network,
        recipient: &str,
        creator_wallet_address: &str,
        currency: &str,
        amount: HumanAmount,
    ) -> Result<CreatePayoutLink, BodyError> {
        let recipient =
            ChainAddress::parse(network, recipient).map_err(|_| BodyError::WrongNetwork {
                field: "recipient",
                value: recipient.to_owned(),
                network,
            })?;
        let creator = ChainAddress::parse_any(creator_wallet_address).map_err(|source| {
            BodyError::Address {
                field: "creatorWalletAddress",
                source,
            }
        })?;
        let currency_id = CurrencyId::parse(currency).map_err(|source| BodyError::Currency {
            field: "currency",
            source,
        })?;
        if currency_id.network() != Some(network) {
            return Err(BodyError::WrongNetwork {
                field: "currency",
                value: currency.to_owned(),
                network,
            });
        }
        check_positive("amount", &amount)?;
        Ok(CreatePayoutLink {
            recipient,
            creator_wallet_address: creator,
            network,
            currency: currency_id,
            amount,
            recipient_identifier: None,
            options: LinkOptions::default(),
        })
    }

    /// `reference` (1–255 characters).
    ///
    /// ```
    /// # use securepay::api::CreatePayoutLink;
    /// # use securepay::network::Network;
    /// # let link = CreatePayoutLink::new(Network::Sepolia, "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    /// #     "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570", "FAU-sepolia", "10".parse()?)?;
    /// let link = link.reference("PAYOUT-2026-042")?;
    /// assert_eq!(serde_json::to_value(&link)?["reference"], "PAYOUT-2026-042");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reference(mut self, reference: &str) -> Result<CreatePayoutLink, BodyError> {
        self.options.reference(reference)?;
        Ok(self)
    }

    /// `recipientIdentifier` (1–255 characters).
    ///
    /// ```
    /// # use securepay::api::CreatePayoutLink;
    /// # use securepay::network::Network;
    /// # let link = CreatePayoutLink::new(Network::Sepolia, "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    /// #     "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570", "FAU-sepolia", "10".parse()?)?;
    /// let link = link.recipient_identifier("vendor-1138")?;
    /// assert_eq!(serde_json::to_value(&link)?["recipientIdentifier"], "vendor-1138");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn recipient_identifier(mut self, id: &str) -> Result<CreatePayoutLink, BodyError> {
        check_length("recipientIdentifier", id, 1, 255)?;
        self.recipient_identifier = Some(id.to_owned());
        Ok(self)
    }

    /// `redirectUrl` and optionally `redirectLabel`.
    ///
    /// ```
    /// use securepay::api::BodyError;
    /// # use securepay::api::CreatePayoutLink;
    /// # use securepay::network::Network;
    /// # let link = CreatePayoutLink::new(Network::Sepolia, "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    /// #     "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570", "FAU-sepolia", "10".parse()?)?;
    /// assert!(link.clone().redirect("http://localhost:3000/done", None).is_ok());
    /// assert!(matches!(link.redirect("https://", None), Err(BodyError::UnsafeRedirectUrl(_)))); // no host
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn redirect(
        mut self,
        url: &str,
        label: Option<&str>,
    ) -> Result<CreatePayoutLink, BodyError> {
        self.options.redirect(url, label)?;
        Ok(self)
    }

    /// `accessPolicy` (the allowlist is not enforced for payouts:
    /// <https://docs.request.network/use-cases/restrict-payer-wallets>).
    ///
    /// ```
    /// use securepay::policy::PaymentPolicy;
    /// # use securepay::api::CreatePayoutLink;
    /// # use securepay::network::Network;
    /// # let link = CreatePayoutLink::new(Network::Sepolia, "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    /// #     "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570", "FAU-sepolia", "10".parse()?)?;
    /// let policy = PaymentPolicy::from_str(r#"{"mode": "kyt_all_wallets", "screeningProvider": "hypernative"}"#)?;
    /// let link = link.access_policy(policy);
    /// assert_eq!(serde_json::to_value(&link)?["accessPolicy"]["screeningProvider"], "hypernative");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn access_policy(mut self, policy: PaymentPolicy) -> CreatePayoutLink {
        self.options.access_policy = Some(policy);
        self
    }
}

/// The answer (201) of `POST /v2/secure-payments` and `POST /v2/secure-payments/payouts`.
///
/// `token` must be a ULID (the documented example `01ABC123DEF456GHI789JKL` is a 23-character
/// placeholder and is refused). `feePlan` is required but nullable in the API description; its
/// examples omit it, so an absent `feePlan` reads as `null`.
///
/// ```
/// use http::StatusCode;
/// use securepay::api::{parse_parts, SecurePaymentCreated};
///
/// let created: SecurePaymentCreated = parse_parts(StatusCode::CREATED, br#"{"requestIds": ["01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb"],
///     "securePaymentUrl": "https://pay.request.network/?token=01JD3E6JD46KY4KKV7X9V0MZ7W", "token": "01JD3E6JD46KY4KKV7X9V0MZ7W"}"#)?;
/// assert_eq!(created.fee_plan, None); // absent reads as null
/// let placeholder = br#"{"requestIds": [], "securePaymentUrl": "u", "token": "01ABC123DEF456GHI789JKL"}"#;
/// assert!(parse_parts::<SecurePaymentCreated>(StatusCode::CREATED, placeholder).is_err()); // not a ULID
/// # Ok::<(), securepay::api::ApiError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct SecurePaymentCreated {
    /// `requestIds`: one request per item.
    pub request_ids: Vec<String>,
    /// `securePaymentUrl`: the page to send the payer to (treat as opaque).
    pub secure_payment_url: String,
    /// `token`.
    pub token: SecurePaymentToken,
    /// `feePlan` (null when fees do not apply).
    #[serde(default)]
    pub fee_plan: Option<FeePlan>,
}

impl Sealed for CreateSecurePayment {
    fn parts(&self) -> Result<Parts, RequestError> {
        json_parts(self)
    }
}

/// `POST /v2/secure-payments`: the body is the request.
impl OutgoingRequest for CreateSecurePayment {
    const ENDPOINT: Endpoint = Endpoint::CreateSecurePayment;
    type Response = SecurePaymentCreated;
}

impl Sealed for CreatePayoutLink {
    fn parts(&self) -> Result<Parts, RequestError> {
        json_parts(self)
    }
}

/// `POST /v2/secure-payments/payouts`: the body is the request.
impl OutgoingRequest for CreatePayoutLink {
    const ENDPOINT: Endpoint = Endpoint::CreatePayoutSecurePayment;
    type Response = SecurePaymentCreated;
}

/// `GET /v2/secure-payments/{token}`: display data and the resolved destination, no calldata.
/// The query follows the rules of [`SecurePayQuery`] for a payment on `payment_network`.
///
/// ```
/// use securepay::api::{Api, Credential, GetSecurePayment};
/// use securepay::network::Network;
/// use securepay::pay::SecurePayQuery;
///
/// let client = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", Some("https://mydomain.com"))?;
/// let get = GetSecurePayment::new("01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?, SecurePayQuery::new(), Network::Base);
/// assert_eq!(Api::new().prepare(&client, &get)?.uri().path(), "/v2/secure-payments/01JD3E6JD46KY4KKV7X9V0MZ7W");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GetSecurePayment {
    /// `{token}`.
    pub token: SecurePaymentToken,
    /// The query (`wallet`, `chain`, `token`, `eoaWallet`, `isSafe`).
    pub query: SecurePayQuery,
    /// The network the secure payment is on (the query's rules depend on it).
    pub payment_network: Network,
}

impl GetSecurePayment {
    /// The request for `token`.
    pub fn new(
        token: SecurePaymentToken,
        query: SecurePayQuery,
        payment_network: Network,
    ) -> GetSecurePayment {
        GetSecurePayment {
            token,
            query,
            payment_network,
        }
    }
}

impl Sealed for GetSecurePayment {
    fn parts(&self) -> Result<Parts, RequestError> {
        Ok(Parts::new()
            .path(self.token.to_string())
            .query(self.query.pairs(self.payment_network)?))
    }
}

impl OutgoingRequest for GetSecurePayment {
    const ENDPOINT: Endpoint = Endpoint::GetSecurePayment;
    type Response = SecurePaymentInfo;
}

/// `GET /v2/secure-payments/{token}/pay`: the calldata, with the query rules of
/// [`SecurePayQuery`] for a payment on `payment_network`.
///
/// ```
/// use securepay::api::{Api, Credential, GetSecurePaymentCalldata};
/// use securepay::network::Network;
/// use securepay::pay::{SecurePayQuery, SourceToken};
///
/// let client = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", Some("https://mydomain.com"))?;
/// let query = SecurePayQuery::new().cross_chain(Network::Optimism, SourceToken::Usdt);
/// let get = GetSecurePaymentCalldata::new("01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?, query, Network::Base);
/// assert_eq!(Api::new().prepare(&client, &get)?.uri().query(), Some("chain=OPTIMISM&token=USDT"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct GetSecurePaymentCalldata {
    /// `{token}`.
    pub token: SecurePaymentToken,
    /// The query (`wallet`, `chain`, `token`, `eoaWallet`, `isSafe`).
    pub query: SecurePayQuery,
    /// The network the secure payment is on (the query's rules depend on it).
    pub payment_network: Network,
}

impl GetSecurePaymentCalldata {
    /// The request for `token`.
    pub fn new(
        token: SecurePaymentToken,
        query: SecurePayQuery,
        payment_network: Network,
    ) -> GetSecurePaymentCalldata {
        GetSecurePaymentCalldata {
            token,
            query,
            payment_network,
        }
    }
}

impl Sealed for GetSecurePaymentCalldata {
    fn parts(&self) -> Result<Parts, RequestError> {
        Ok(Parts::new()
            .path(self.token.to_string())
            .query(self.query.pairs(self.payment_network)?))
    }
}

impl OutgoingRequest for GetSecurePaymentCalldata {
    const ENDPOINT: Endpoint = Endpoint::GetSecurePaymentCalldata;
    type Response = PayResponse;

    /// A 2xx body is read by [`PayResponse::from_slice`], the one bounded reader of pay
    /// responses: above [`MAX_RESPONSE_BYTES`](crate::pay::MAX_RESPONSE_BYTES) it is an
    /// [`ApiErrorKind::InvalidBody`](super::ApiErrorKind::InvalidBody), unread.
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::{ApiErrorKind, BodyCause, GetSecurePaymentCalldata, OutgoingRequest};
    /// use securepay::pay::PayResponseError;
    ///
    /// let huge = vec![b' '; securepay::pay::MAX_RESPONSE_BYTES + 1];
    /// let error = GetSecurePaymentCalldata::parse_parts(StatusCode::OK, &huge).unwrap_err();
    /// assert_eq!(error.kind, ApiErrorKind::InvalidBody(BodyCause::PayResponse(
    ///     PayResponseError::TooLarge { size: 8388609 })));
    /// assert_eq!(error.to_string(), "status 200 with a body that is not the documented answer: \
    ///     the response is 8388609 bytes, above the 8388608 bytes a pay response may have");
    /// assert_eq!(error.body.message(), None); // the body is not kept
    /// ```
    fn parse_parts(status: StatusCode, body: &[u8]) -> Result<PayResponse, ApiError> {
        pay_response(status, body)
    }

    fn parse_response<B: AsRef<[u8]>>(
        response: &http::Response<B>,
    ) -> Result<PayResponse, ApiError> {
        pay_response(response.status(), response.body().as_ref())
    }
}

/// A pay response answer: [`parse_parts`](super::parse_parts) with the bounded reader.
fn pay_response(status: StatusCode, body: &[u8]) -> Result<PayResponse, ApiError> {
    if !status.is_success() {
        return Err(ApiError::from_status(status, body));
    }
    PayResponse::from_slice(body).map_err(|error| {
        let kept = match error {
            PayResponseError::TooLarge { .. } => ErrorBody::Raw(String::new()),
            _ => ErrorBody::Raw(String::from_utf8_lossy(body).into_owned()),
        };
        ApiError {
            status,
            kind: ApiErrorKind::InvalidBody(BodyCause::PayResponse(error)),
            body: Box::new(kept),
        }
    })
}

/// `POST /v2/secure-payments/{token}/intent`: records the broadcast transaction.
///
/// ```
/// use securepay::api::{Api, Broadcast, Credential, RecordIntent, RecordSecurePaymentIntent};
/// use securepay::network::Network;
/// use securepay::pay::SourceToken;
///
/// let client = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", Some("https://mydomain.com"))?;
/// let hash = "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef".parse()?;
/// let intent = RecordIntent::single(Broadcast::Transaction(hash), Network::Base, SourceToken::Usdc)?;
/// let record = RecordSecurePaymentIntent::new("01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?, intent);
/// assert_eq!(Api::new().prepare(&client, &record)?.method(), "POST");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct RecordSecurePaymentIntent {
    /// `{token}`.
    pub token: SecurePaymentToken,
    /// The body.
    pub intent: RecordIntent,
}

impl RecordSecurePaymentIntent {
    /// The request recording `intent` for `token`.
    pub fn new(token: SecurePaymentToken, intent: RecordIntent) -> RecordSecurePaymentIntent {
        RecordSecurePaymentIntent { token, intent }
    }
}

impl Sealed for RecordSecurePaymentIntent {
    fn parts(&self) -> Result<Parts, RequestError> {
        Parts::new()
            .path(self.token.to_string())
            .json(Self::ENDPOINT, &self.intent)
    }
}

impl OutgoingRequest for RecordSecurePaymentIntent {
    const ENDPOINT: Endpoint = Endpoint::RecordSecurePaymentIntent;
    type Response = IntentRecorded;
}

impl Api {
    /// `POST /v2/secure-payments`. Answer: [`SecurePaymentCreated`].
    ///
    /// ```
    /// use securepay::api::{Api, CreateSecurePayment, Credential, SecurePaymentItem};
    ///
    /// let orchestrator = Credential::orchestrator("orc_5ZkJ2v9", "cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", None)?;
    /// let body = CreateSecurePayment::new(vec![SecurePaymentItem::new("10".parse()?)?])?;
    /// let request = Api::new().create_secure_payment(&orchestrator, &body)?;
    /// assert!(request.headers().contains_key("x-orchestrator-key") && request.headers().contains_key("x-client-id"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create_secure_payment(
        &self,
        credential: &Credential,
        body: &CreateSecurePayment,
    ) -> Result<PreparedRequest<CreateSecurePayment>, RequestError> {
        self.prepare(credential, body)
    }

    /// `POST /v2/secure-payments/payouts`. Answer: [`SecurePaymentCreated`].
    ///
    /// ```
    /// use securepay::api::{Api, Credential};
    /// # use securepay::api::CreatePayoutLink;
    /// # use securepay::network::Network;
    /// # let link = CreatePayoutLink::new(Network::Sepolia, "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
    /// #     "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570", "FAU-sepolia", "10".parse()?)?;
    /// let request = Api::new().create_payout_link(&Credential::api_key("sk_test")?, &link)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/secure-payments/payouts");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create_payout_link(
        &self,
        credential: &Credential,
        body: &CreatePayoutLink,
    ) -> Result<PreparedRequest<CreatePayoutLink>, RequestError> {
        self.prepare(credential, body)
    }

    /// `GET /v2/secure-payments/{token}`: display data and the resolved destination, no
    /// calldata. The query (`wallet`, `chain`, `token`, `eoaWallet`, `isSafe`) follows the rules
    /// of [`SecurePayQuery`] for a payment on `payment_network`. Answer:
    /// [`SecurePaymentInfo`](super::SecurePaymentInfo); errors map to
    /// [`PayEndpointError`](crate::pay::PayEndpointError) with
    /// [`ApiError::to_pay_endpoint_error`](super::ApiError::to_pay_endpoint_error).
    ///
    /// ```
    /// use securepay::network::Network;
    /// use securepay::pay::SecurePayQuery;
    /// # use securepay::api::{Api, Credential};
    /// # let client = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", Some("https://mydomain.com"))?;
    /// # let token = "01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?;
    /// let query = SecurePayQuery::new().wallet("0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570".parse()?);
    /// let request = Api::new().get_secure_payment(&client, &token, &query, Network::Base)?;
    /// assert_eq!(request.uri().path(), "/v2/secure-payments/01JD3E6JD46KY4KKV7X9V0MZ7W");
    /// assert_eq!(request.headers()["origin"], "https://mydomain.com");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get_secure_payment(
        &self,
        credential: &Credential,
        token: &SecurePaymentToken,
        query: &SecurePayQuery,
        payment_network: Network,
    ) -> Result<PreparedRequest<GetSecurePayment>, RequestError> {
        let request = GetSecurePayment::new(*token, query.clone(), payment_network);
        self.prepare(credential, &request)
    }

    /// `GET /v2/secure-payments/{token}/pay`: the calldata. Answer:
    /// [`PayResponse`](crate::pay::PayResponse).
    ///
    /// ```
    /// use securepay::network::Network;
    /// use securepay::pay::{SecurePayQuery, SourceToken};
    /// # use securepay::api::{Api, Credential};
    /// # let client = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", Some("https://mydomain.com"))?;
    /// # let token = "01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?;
    /// let query = SecurePayQuery::new().cross_chain(Network::Optimism, SourceToken::Usdt);
    /// let request = Api::new().get_secure_payment_calldata(&client, &token, &query, Network::Base)?;
    /// assert_eq!(request.uri().query(), Some("chain=OPTIMISM&token=USDT"));
    /// assert!(Api::new().get_secure_payment_calldata(&client, &token, &query, Network::Tron).is_err()); // not on Tron
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn get_secure_payment_calldata(
        &self,
        credential: &Credential,
        token: &SecurePaymentToken,
        query: &SecurePayQuery,
        payment_network: Network,
    ) -> Result<PreparedRequest<GetSecurePaymentCalldata>, RequestError> {
        let request = GetSecurePaymentCalldata::new(*token, query.clone(), payment_network);
        self.prepare(credential, &request)
    }

    /// `POST /v2/secure-payments/{token}/intent`: records the broadcast transaction. Answer:
    /// [`IntentRecorded`](super::IntentRecorded).
    ///
    /// ```
    /// use securepay::api::{Broadcast, RecordIntent};
    /// use securepay::network::Network;
    /// use securepay::pay::SourceToken;
    /// # use securepay::api::{Api, Credential};
    /// # let client = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", Some("https://mydomain.com"))?;
    /// # let token = "01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?;
    /// let hash = "0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef".parse()?;
    /// let body = RecordIntent::single(Broadcast::Transaction(hash), Network::Base, SourceToken::Usdc)?;
    /// let request = Api::new().record_secure_payment_intent(&client, &token, &body)?;
    /// assert_eq!(request.uri().path(), "/v2/secure-payments/01JD3E6JD46KY4KKV7X9V0MZ7W/intent");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn record_secure_payment_intent(
        &self,
        credential: &Credential,
        token: &SecurePaymentToken,
        body: &RecordIntent,
    ) -> Result<PreparedRequest<RecordSecurePaymentIntent>, RequestError> {
        let request = RecordSecurePaymentIntent::new(*token, body.clone());
        self.prepare(credential, &request)
    }
}
