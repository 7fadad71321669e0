//! Secure payments: create (incoming), payout links, multicall payout links, and the three
//! token endpoints (display data, calldata, intent).

use serde::{Deserialize, Serialize};

use super::body::{check_length, check_positive, check_redirect};
use super::url::encode;
use super::{Api, BodyError, Credential, Endpoint, FeePlan, RecordIntent, RequestError};
use crate::address::{DestinationId, PayeeAddress};
use crate::amount::HumanAmount;
use crate::currency::CurrencyId;
use crate::network::Network;
use crate::pay::{SecurePayQuery, SecurePaymentToken};
use crate::policy::PaymentPolicy;

/// The most items of one incoming secure payment (api-notes §4.2: "EVM batches go up to 200
/// payees").
pub const MAX_SECURE_PAYMENT_ITEMS: usize = 200;

/// One item of `POST /v2/secure-payments` (`requests[]`).
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
    pub fn new(amount: HumanAmount) -> Result<SecurePaymentItem, BodyError> {
        check_positive("requests[].amount", &amount)?;
        Ok(SecurePaymentItem {
            destination_id: None,
            amount,
        })
    }

    /// Names the destination explicitly.
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
    pub fn reference(mut self, reference: &str) -> Result<CreateSecurePayment, BodyError> {
        self.options.reference(reference)?;
        Ok(self)
    }

    /// `payerIdentifier` (1–255 characters).
    pub fn payer_identifier(mut self, payer: &str) -> Result<CreateSecurePayment, BodyError> {
        check_length("payerIdentifier", payer, 1, 255)?;
        self.payer_identifier = Some(payer.to_owned());
        Ok(self)
    }

    /// `redirectUrl` and optionally `redirectLabel` (shown after a successful payment; there is
    /// no automatic redirect).
    pub fn redirect(
        mut self,
        url: &str,
        label: Option<&str>,
    ) -> Result<CreateSecurePayment, BodyError> {
        self.options.redirect(url, label)?;
        Ok(self)
    }

    /// `accessPolicy`: the payment's override (omitted, the destination's policy applies).
    pub fn access_policy(mut self, policy: PaymentPolicy) -> CreateSecurePayment {
        self.options.access_policy = Some(policy);
        self
    }

    /// The items.
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
    recipient: PayeeAddress,
    creator_wallet_address: PayeeAddress,
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
    pub fn new(
        network: Network,
        recipient: &str,
        creator_wallet_address: &str,
        currency: &str,
        amount: HumanAmount,
    ) -> Result<CreatePayoutLink, BodyError> {
        let recipient =
            PayeeAddress::parse(network, recipient).map_err(|_| BodyError::WrongNetwork {
                field: "recipient",
                value: recipient.to_owned(),
                network,
            })?;
        let creator =
            PayeeAddress::parse_any(creator_wallet_address).map_err(|e| BodyError::Invalid {
                field: "creatorWalletAddress",
                reason: e.to_string(),
            })?;
        let currency_id = CurrencyId::parse(currency).map_err(|e| BodyError::Invalid {
            field: "currency",
            reason: e.to_string(),
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
    pub fn reference(mut self, reference: &str) -> Result<CreatePayoutLink, BodyError> {
        self.options.reference(reference)?;
        Ok(self)
    }

    /// `recipientIdentifier` (1–255 characters).
    pub fn recipient_identifier(mut self, id: &str) -> Result<CreatePayoutLink, BodyError> {
        check_length("recipientIdentifier", id, 1, 255)?;
        self.recipient_identifier = Some(id.to_owned());
        Ok(self)
    }

    /// `redirectUrl` and optionally `redirectLabel`.
    pub fn redirect(
        mut self,
        url: &str,
        label: Option<&str>,
    ) -> Result<CreatePayoutLink, BodyError> {
        self.options.redirect(url, label)?;
        Ok(self)
    }

    /// `accessPolicy` (the allowlist is not enforced for payouts: api-notes §5.4).
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

impl Api {
    /// `POST /v2/secure-payments`. Answer: [`SecurePaymentCreated`].
    pub fn create_secure_payment(
        &self,
        credential: &Credential,
        body: &CreateSecurePayment,
    ) -> Result<http::Request<Vec<u8>>, RequestError> {
        let endpoint = Endpoint::CreateSecurePayment;
        self.build_json(endpoint, credential, endpoint.path_template(), body)
    }

    /// `POST /v2/secure-payments/payouts`. Answer: [`SecurePaymentCreated`].
    pub fn create_payout_link(
        &self,
        credential: &Credential,
        body: &CreatePayoutLink,
    ) -> Result<http::Request<Vec<u8>>, RequestError> {
        let endpoint = Endpoint::CreatePayoutSecurePayment;
        self.build_json(endpoint, credential, endpoint.path_template(), body)
    }

    /// `GET /v2/secure-payments/{token}`: display data and the resolved destination, no
    /// calldata. The query (`wallet`, `chain`, `token`, `eoaWallet`, `isSafe`) follows the rules
    /// of [`SecurePayQuery`] for a payment on `payment_network`. Answer:
    /// [`SecurePaymentInfo`](super::SecurePaymentInfo); errors map to
    /// [`PayEndpointError`](crate::pay::PayEndpointError) with
    /// [`ApiError::to_pay_endpoint_error`](super::ApiError::to_pay_endpoint_error).
    pub fn get_secure_payment(
        &self,
        credential: &Credential,
        token: &SecurePaymentToken,
        query: &SecurePayQuery,
        payment_network: Network,
    ) -> Result<http::Request<Vec<u8>>, RequestError> {
        let pairs = query.pairs(payment_network)?;
        let path = format!("/v2/secure-payments/{}", encode(&token.to_string()));
        self.build(Endpoint::GetSecurePayment, credential, &path, &pairs, None)
    }

    /// `GET /v2/secure-payments/{token}/pay`: the calldata. Answer:
    /// [`PayResponse`](crate::pay::PayResponse).
    pub fn get_secure_payment_calldata(
        &self,
        credential: &Credential,
        token: &SecurePaymentToken,
        query: &SecurePayQuery,
        payment_network: Network,
    ) -> Result<http::Request<Vec<u8>>, RequestError> {
        let pairs = query.pairs(payment_network)?;
        let path = format!("/v2/secure-payments/{}/pay", encode(&token.to_string()));
        self.build(
            Endpoint::GetSecurePaymentCalldata,
            credential,
            &path,
            &pairs,
            None,
        )
    }

    /// `POST /v2/secure-payments/{token}/intent`: records the broadcast transaction. Answer:
    /// [`IntentRecorded`](super::IntentRecorded).
    pub fn record_secure_payment_intent(
        &self,
        credential: &Credential,
        token: &SecurePaymentToken,
        body: &RecordIntent,
    ) -> Result<http::Request<Vec<u8>>, RequestError> {
        let path = format!("/v2/secure-payments/{}/intent", encode(&token.to_string()));
        self.build_json(Endpoint::RecordSecurePaymentIntent, credential, &path, body)
    }
}
