//! Payouts: `POST /v2/payouts` (create a request and get its calldata in one call, one-time or
//! recurring) and `POST /v2/payouts/batch` (EVM only: a Tron payee is refused here).

use serde::Serialize;

use super::body::{check_date, check_fee_percentage, check_length, check_positive};
use super::outgoing::json_parts;
use super::outgoing::sealed::{Parts, Sealed};
use super::requests::{CustomerInfoBody, Frequency, address_on, currency_id, payment_network};
use super::{
    Api, BatchPayoutCalldata, BodyError, Credential, Endpoint, OutgoingRequest, PayoutResponse,
    PreparedRequest, RequestError,
};
use crate::address::ChainAddress;
use crate::amount::HumanAmount;
use crate::currency::CurrencyId;
use crate::network::{ChainKind, Network};

/// A platform fee taken at payment time: `feePercentage` (`"2.5"` for 2.5 %, 0 to 100) and
/// `feeAddress`, always together.
///
/// ```
/// use securepay::api::{CreatePayout, PayoutFee};
///
/// let fee = PayoutFee::new("2.5", "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?)?; // 2.5 %
/// let body = CreatePayout::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "100".parse()?, "USDC-base", "USDC-base")?.fee(fee)?;
/// let json = serde_json::to_value(&body)?;
/// assert_eq!((json["feePercentage"].as_str(), json["feeAddress"].as_str()), (Some("2.5"), Some("0x9795d480C2C50392A4714A0F468059C6448DeCe2")));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayoutFee {
    percentage: HumanAmount,
    address: ChainAddress,
}

impl PayoutFee {
    /// Checks the percentage; the address is checked against the payment's network when the
    /// fee is attached.
    ///
    /// ```
    /// use securepay::api::{BodyError, PayoutFee};
    ///
    /// assert!(PayoutFee::new("100", "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?).is_ok());
    /// let above = PayoutFee::new("100.5", "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?);
    /// assert!(matches!(above, Err(BodyError::FeePercentage(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(percentage: &str, address: ChainAddress) -> Result<PayoutFee, BodyError> {
        Ok(PayoutFee {
            percentage: check_fee_percentage(percentage)?,
            address,
        })
    }

    fn check_on(&self, network: Network) -> Result<(), BodyError> {
        if !self.address.fits(network) {
            return Err(BodyError::WrongNetwork {
                field: "feeAddress",
                value: self.address.to_string(),
                network,
            });
        }
        Ok(())
    }
}

/// `recurrence` of `POST /v2/payouts`: `{startDate, frequency, totalPayments (2–256), payer}`;
/// the payer is not the payee.
///
/// ```
/// use securepay::api::{CreatePayout, Frequency, PayoutRecurrence};
///
/// let monthly = PayoutRecurrence::new("2026-04-01", Frequency::Monthly, 12, "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570".parse()?)?;
/// let body = CreatePayout::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "100".parse()?, "USDC-base", "USDC-base")?.recurrence(monthly)?;
/// assert_eq!(serde_json::to_value(&body)?["recurrence"]["frequency"], "MONTHLY");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PayoutRecurrence {
    start_date: String,
    frequency: Frequency,
    total_payments: u16,
    payer: ChainAddress,
}

impl PayoutRecurrence {
    /// Checks the date form and the count (the payer is checked when attached).
    ///
    /// ```
    /// use securepay::api::{BodyError, Frequency, PayoutRecurrence};
    ///
    /// let payer = "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570".parse()?;
    /// assert!(PayoutRecurrence::new("2026-02-29", Frequency::Daily, 30, payer).is_err()); // no such day
    /// let once = PayoutRecurrence::new("2026-03-01", Frequency::Daily, 1, payer);
    /// assert!(matches!(once, Err(BodyError::Invalid { field: "recurrence.totalPayments", .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        start_date: &str,
        frequency: Frequency,
        total_payments: u16,
        payer: ChainAddress,
    ) -> Result<PayoutRecurrence, BodyError> {
        check_date("recurrence.startDate", start_date)?;
        if !(2..=256).contains(&total_payments) {
            return Err(BodyError::Invalid {
                field: "recurrence.totalPayments",
                reason: format!("{total_payments} is not between 2 and 256"),
            });
        }
        Ok(PayoutRecurrence {
            start_date: start_date.to_owned(),
            frequency,
            total_payments,
            payer,
        })
    }
}

/// The body of `POST /v2/payouts`.
///
/// ```
/// use securepay::api::CreatePayout;
///
/// let tron = CreatePayout::new("TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW", "10".parse()?, "USDT-tron", "USDT-tron")?;
/// assert_eq!(serde_json::to_string(&tron)?, r#"{"payee":"TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW","amount":"10","invoiceCurrency":"USDT-tron","paymentCurrency":"USDT-tron"}"#);
/// assert!(CreatePayout::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "10".parse()?, "USDT-tron", "USDT-tron").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CreatePayout {
    payee: ChainAddress,
    amount: HumanAmount,
    invoice_currency: CurrencyId,
    payment_currency: CurrencyId,
    #[serde(skip_serializing_if = "Option::is_none")]
    fee_percentage: Option<HumanAmount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fee_address: Option<ChainAddress>,
    #[serde(skip_serializing_if = "Option::is_none")]
    recurrence: Option<PayoutRecurrence>,
    #[serde(skip_serializing_if = "Option::is_none")]
    payer_wallet: Option<ChainAddress>,
    #[serde(skip_serializing_if = "Option::is_none")]
    customer_info: Option<CustomerInfoBody>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reference: Option<String>,
    #[serde(skip)]
    network: Network,
}

impl CreatePayout {
    /// The required fields; `payee` must be an address of the payment currency's network.
    ///
    /// ```
    /// use securepay::api::{BodyError, CreatePayout};
    ///
    /// let body = CreatePayout::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "0.5".parse()?, "USD", "USDC-base")?;
    /// assert_eq!(serde_json::to_value(&body)?["invoiceCurrency"], "USD"); // paid in USDC at the rate
    /// let zero = CreatePayout::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "0".parse()?, "USDC-base", "USDC-base");
    /// assert_eq!(zero, Err(BodyError::ZeroAmount { field: "amount" }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        payee: &str,
        amount: HumanAmount,
        invoice_currency: &str,
        payment_currency: &str,
    ) -> Result<CreatePayout, BodyError> {
        check_positive("amount", &amount)?;
        let invoice_currency = currency_id("invoiceCurrency", invoice_currency)?;
        let payment_currency = currency_id("paymentCurrency", payment_currency)?;
        let network = payment_network("paymentCurrency", &payment_currency)?;
        Ok(CreatePayout {
            payee: address_on("payee", network, payee)?,
            amount,
            invoice_currency,
            payment_currency,
            fee_percentage: None,
            fee_address: None,
            recurrence: None,
            payer_wallet: None,
            customer_info: None,
            reference: None,
            network,
        })
    }

    /// `feePercentage` and `feeAddress`.
    ///
    /// ```
    /// use securepay::api::{BodyError, CreatePayout, PayoutFee};
    ///
    /// let tron = CreatePayout::new("TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW", "10".parse()?, "USDT-tron", "USDT-tron")?;
    /// let evm_fee = PayoutFee::new("1", "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?)?;
    /// assert!(matches!(tron.fee(evm_fee), Err(BodyError::WrongNetwork { field: "feeAddress", .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fee(mut self, fee: PayoutFee) -> Result<CreatePayout, BodyError> {
        fee.check_on(self.network)?;
        self.fee_percentage = Some(fee.percentage);
        self.fee_address = Some(fee.address);
        Ok(self)
    }

    /// `recurrence`: the payer must be of the network and not the payee.
    ///
    /// ```
    /// use securepay::api::{BodyError, CreatePayout, Frequency, PayoutRecurrence};
    ///
    /// let body = CreatePayout::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "100".parse()?, "USDC-base", "USDC-base")?;
    /// let to_self = PayoutRecurrence::new("2026-04-01", Frequency::Weekly, 4, "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?)?;
    /// assert!(matches!(body.recurrence(to_self), Err(BodyError::Invalid { field: "recurrence.payer", .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn recurrence(mut self, recurrence: PayoutRecurrence) -> Result<CreatePayout, BodyError> {
        if !recurrence.payer.fits(self.network) {
            return Err(BodyError::WrongNetwork {
                field: "recurrence.payer",
                value: recurrence.payer.to_string(),
                network: self.network,
            });
        }
        if recurrence.payer == self.payee {
            return Err(BodyError::Invalid {
                field: "recurrence.payer",
                reason: "cannot be the same as the payee address".into(),
            });
        }
        self.recurrence = Some(recurrence);
        Ok(self)
    }

    /// `payerWallet`: used to check whether the payer's approval exists (written under this
    /// name; `payerAddress` is its alias).
    ///
    /// ```
    /// use securepay::api::CreatePayout;
    ///
    /// let body = CreatePayout::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "100".parse()?, "USDC-base", "USDC-base")?
    ///     .payer_wallet("0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570")?;
    /// assert_eq!(serde_json::to_value(&body)?["payerWallet"], "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570"); // written EIP-55
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn payer_wallet(mut self, payer: &str) -> Result<CreatePayout, BodyError> {
        self.payer_wallet = Some(address_on("payerWallet", self.network, payer)?);
        Ok(self)
    }

    /// `customerInfo`.
    ///
    /// ```
    /// use securepay::api::{CreatePayout, CustomerInfoBody};
    ///
    /// let body = CreatePayout::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "100".parse()?, "USDC-base", "USDC-base")?;
    /// let info = CustomerInfoBody { email: Some("john.doe@example".into()), ..Default::default() };
    /// assert!(body.customer_info(info).is_err()); // not an e-mail address
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn customer_info(mut self, info: CustomerInfoBody) -> Result<CreatePayout, BodyError> {
        info.check()?;
        self.customer_info = Some(info);
        Ok(self)
    }

    /// `reference` (1–255 characters).
    ///
    /// ```
    /// use securepay::api::CreatePayout;
    ///
    /// let body = CreatePayout::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "100".parse()?, "USDC-base", "USDC-base")?.reference("PAYOUT-2026-042")?;
    /// assert_eq!(serde_json::to_value(&body)?["reference"], "PAYOUT-2026-042");
    /// assert!(CreatePayout::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "100".parse()?, "USDC-base", "USDC-base")?.reference("").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reference(mut self, reference: &str) -> Result<CreatePayout, BodyError> {
        check_length("reference", reference, 1, 255)?;
        self.reference = Some(reference.to_owned());
        Ok(self)
    }
}

/// One payment of a batch (`requests[]`).
///
/// ```
/// use securepay::api::BatchItem;
///
/// let item = BatchItem::new("0xb07d2398d2004378cad234da0ef14f1c94a530e4", "50".parse()?, "FAU-sepolia", "FAU-sepolia")?;
/// assert_eq!(serde_json::to_value(&item)?["payee"], "0xb07D2398d2004378cad234DA0EF14f1c94A530e4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchItem {
    payee: ChainAddress,
    amount: HumanAmount,
    invoice_currency: CurrencyId,
    payment_currency: CurrencyId,
    #[serde(skip)]
    network: Network,
}

impl BatchItem {
    /// One payment. A Tron payee or a Tron currency is refused with the service's message:
    /// batches are EVM-only.
    ///
    /// ```
    /// use securepay::api::{BatchItem, BodyError};
    ///
    /// let wrong_chain = BatchItem::new("TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW", "10".parse()?, "USDC-base", "USDC-base");
    /// assert_eq!(wrong_chain, Err(BodyError::TronBatch)); // a Tron payee, even with an EVM currency
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        payee: &str,
        amount: HumanAmount,
        invoice_currency: &str,
        payment_currency: &str,
    ) -> Result<BatchItem, BodyError> {
        check_positive("requests[].amount", &amount)?;
        let invoice_currency = currency_id("requests[].invoiceCurrency", invoice_currency)?;
        let payment_currency = currency_id("requests[].paymentCurrency", payment_currency)?;
        let network = payment_network("requests[].paymentCurrency", &payment_currency)?;
        let payee = ChainAddress::parse_any(payee).map_err(|source| BodyError::Address {
            field: "requests[].payee",
            source,
        })?;
        if payee.is_tron() || network.kind() == ChainKind::Tron {
            return Err(BodyError::TronBatch);
        }
        Ok(BatchItem {
            payee: address_on("requests[].payee", network, &payee.to_string())?,
            amount,
            invoice_currency,
            payment_currency,
            network,
        })
    }
}

/// What a batch pays: new requests, or existing request ids (exactly one of the two).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
enum BatchPayments {
    #[serde(rename = "requests")]
    Requests(Vec<BatchItem>),
    #[serde(rename = "requestIds")]
    RequestIds(Vec<String>),
}

/// The body of `POST /v2/payouts/batch`: several payments on one EVM network, in one
/// transaction.
///
/// ```
/// use securepay::api::{BatchItem, BatchPayout, BodyError};
///
/// let item = BatchItem::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "2".parse()?, "FAU-sepolia", "FAU-sepolia")?;
/// let body = BatchPayout::new(vec![item])?;
/// assert!(serde_json::to_string(&body)?.starts_with(r#"{"requests":[{"payee":"0x6923"#));
///
/// let tron = BatchItem::new("TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW", "10".parse()?, "USDT-tron", "USDT-tron");
/// assert_eq!(tron.unwrap_err().to_string(), "Batch payments are not supported for TRON networks. Please submit individual payment requests.");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchPayout {
    #[serde(flatten)]
    payments: BatchPayments,
    #[serde(skip_serializing_if = "Option::is_none")]
    payer: Option<ChainAddress>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fee_percentage: Option<HumanAmount>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fee_address: Option<ChainAddress>,
}

impl BatchPayout {
    /// New requests, at least one, all on the same network.
    ///
    /// ```
    /// use securepay::api::{BatchItem, BatchPayout, BodyError};
    /// use securepay::network::Network;
    ///
    /// let base = BatchItem::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "10".parse()?, "USDC-base", "USDC-base")?;
    /// let sepolia = BatchItem::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "10".parse()?, "FAU-sepolia", "FAU-sepolia")?;
    /// let mixed = BatchPayout::new(vec![base, sepolia]);
    /// assert_eq!(mixed, Err(BodyError::MixedNetworks { first: Network::Base, other: Network::Sepolia }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(requests: Vec<BatchItem>) -> Result<BatchPayout, BodyError> {
        let first = requests.first().ok_or(BodyError::TooFew {
            field: "requests",
            min: 1,
            given: 0,
        })?;
        if let Some(other) = requests.iter().find(|r| r.network != first.network) {
            return Err(BodyError::MixedNetworks {
                first: first.network,
                other: other.network,
            });
        }
        Ok(BatchPayout {
            payments: BatchPayments::Requests(requests),
            payer: None,
            fee_percentage: None,
            fee_address: None,
        })
    }

    /// Existing requests by id, at least one, each once. Their network is not known here: the
    /// service refuses a Tron batch with the same message.
    ///
    /// ```
    /// use securepay::api::{BatchPayout, BodyError};
    ///
    /// let id = "01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb".to_owned();
    /// let body = BatchPayout::from_request_ids(vec![id.clone()])?;
    /// assert_eq!(serde_json::to_value(&body)?["requestIds"][0], id.as_str());
    /// assert!(matches!(BatchPayout::from_request_ids(vec![id.clone(), id]), Err(BodyError::Duplicate { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_request_ids(request_ids: Vec<String>) -> Result<BatchPayout, BodyError> {
        if request_ids.is_empty() {
            return Err(BodyError::TooFew {
                field: "requestIds",
                min: 1,
                given: 0,
            });
        }
        let mut seen = std::collections::HashSet::new();
        for id in &request_ids {
            super::requests::check_request_id(id)?;
            if !seen.insert(id.as_str()) {
                return Err(BodyError::Duplicate {
                    field: "requestIds",
                    value: id.clone(),
                });
            }
        }
        Ok(BatchPayout {
            payments: BatchPayments::RequestIds(request_ids),
            payer: None,
            fee_percentage: None,
            fee_address: None,
        })
    }

    fn network(&self) -> Option<Network> {
        match &self.payments {
            BatchPayments::Requests(items) => items.first().map(|i| i.network),
            BatchPayments::RequestIds(_) => None,
        }
    }

    fn check_evm(&self, field: &'static str, address: &ChainAddress) -> Result<(), BodyError> {
        match self.network() {
            Some(network) if !address.fits(network) => Err(BodyError::WrongNetwork {
                field,
                value: address.to_string(),
                network,
            }),
            _ if address.is_tron() => Err(BodyError::TronBatch),
            _ => Ok(()),
        }
    }

    /// `payer`: used to check whether approvals are needed.
    ///
    /// ```
    /// use securepay::api::{BatchItem, BatchPayout};
    ///
    /// let item = BatchItem::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "10".parse()?, "USDC-base", "USDC-base")?;
    /// let body = BatchPayout::new(vec![item])?.payer("0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570".parse()?)?;
    /// assert_eq!(serde_json::to_value(&body)?["payer"], "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn payer(mut self, payer: ChainAddress) -> Result<BatchPayout, BodyError> {
        self.check_evm("payer", &payer)?;
        self.payer = Some(payer);
        Ok(self)
    }

    /// `feePercentage` and `feeAddress`.
    ///
    /// ```
    /// use securepay::api::{BatchPayout, BodyError, PayoutFee};
    ///
    /// let body = BatchPayout::from_request_ids(vec!["01e273ecc29d".into()])?;
    /// let tron_fee = PayoutFee::new("1", "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW".parse()?)?;
    /// assert_eq!(body.fee(tron_fee), Err(BodyError::TronBatch));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fee(mut self, fee: PayoutFee) -> Result<BatchPayout, BodyError> {
        self.check_evm("feeAddress", &fee.address)?;
        self.fee_percentage = Some(fee.percentage);
        self.fee_address = Some(fee.address);
        Ok(self)
    }
}

impl Sealed for CreatePayout {
    fn parts(&self) -> Result<Parts, RequestError> {
        json_parts(self)
    }
}

/// `POST /v2/payouts`: the body is the request.
impl OutgoingRequest for CreatePayout {
    const ENDPOINT: Endpoint = Endpoint::CreatePayout;
    type Response = PayoutResponse;
}

impl Sealed for BatchPayout {
    fn parts(&self) -> Result<Parts, RequestError> {
        json_parts(self)
    }
}

/// `POST /v2/payouts/batch`: the body is the request.
impl OutgoingRequest for BatchPayout {
    const ENDPOINT: Endpoint = Endpoint::CreateBatchPayout;
    type Response = BatchPayoutCalldata;
}

impl Api {
    /// `POST /v2/payouts`. Answer: [`PayoutResponse`](super::PayoutResponse).
    ///
    /// ```
    /// use securepay::api::{Api, CreatePayout, Credential};
    ///
    /// let body = CreatePayout::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "100".parse()?, "USDC-base", "USDC-base")?;
    /// let request = Api::new().create_payout(&Credential::api_key("sk_test")?, &body)?;
    /// assert_eq!((request.method().as_str(), request.uri().path()), ("POST", "/v2/payouts"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create_payout(
        &self,
        credential: &Credential,
        body: &CreatePayout,
    ) -> Result<PreparedRequest<CreatePayout>, RequestError> {
        self.prepare(credential, body)
    }

    /// `POST /v2/payouts/batch`. Answer: [`BatchPayoutCalldata`](super::BatchPayoutCalldata). The body cannot hold a Tron
    /// payee: [`BatchItem::new`] refuses it with the service's exact message.
    ///
    /// ```
    /// use securepay::api::{Api, BatchItem, BatchPayout, Credential};
    ///
    /// let body = BatchPayout::new(vec![BatchItem::new("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7", "2".parse()?, "FAU-sepolia", "FAU-sepolia")?])?;
    /// let client = Credential::client_id("cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", None)?;
    /// let request = Api::new().create_batch_payout(&client, &body)?;
    /// assert_eq!(request.uri().path(), "/v2/payouts/batch");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create_batch_payout(
        &self,
        credential: &Credential,
        body: &BatchPayout,
    ) -> Result<PreparedRequest<BatchPayout>, RequestError> {
        self.prepare(credential, body)
    }
}
