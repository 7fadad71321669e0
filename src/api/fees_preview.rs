//! `POST /v2/secure-payments/fees/preview`: the fee plan a payment of an amount, currency and
//! flow would get, computed by the resolver the creation endpoints use. Nothing is created or
//! stored. The answer is a [`FeePlan`].

use serde::Serialize;

use super::body::check_positive;
use super::outgoing::json_parts;
use super::outgoing::sealed::{Parts, Sealed};
use super::{
    Api, BodyError, Credential, Endpoint, FeeFlow, FeePlan, OutgoingRequest, PreparedRequest,
    RequestError,
};
use crate::amount::HumanAmount;
use crate::currency::CurrencyId;
use crate::pay::FeeBearer;

/// The body of `POST /v2/secure-payments/fees/preview`.
///
/// Checked here: `amount` above zero (a payment of nothing has no plan), `currency` a symbol
/// (`USDC`: ASCII letters and digits) or a currency id on one of the networks (`USDC-mainnet`).
/// Whether it is a supported stablecoin is the service's to say (400 "Unsupported currency").
///
/// ```
/// use securepay::api::{FeeFlow, PreviewFees};
/// use securepay::pay::FeeBearer;
///
/// let preview = PreviewFees::new("100".parse()?, "USDC", FeeFlow::GetPaid)?.default_fee_bearer(FeeBearer::Payer);
/// assert_eq!(serde_json::to_string(&preview)?, r#"{"amount":"100","currency":"USDC","flow":"get_paid","defaultFeeBearer":"payer"}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PreviewFees {
    amount: HumanAmount,
    currency: String,
    flow: FeeFlow,
    #[serde(skip_serializing_if = "Option::is_none")]
    default_fee_bearer: Option<FeeBearer>,
}

impl PreviewFees {
    /// A preview of `amount` (human-readable, above zero) of `currency` (a symbol or a
    /// currency id) for `flow`.
    ///
    /// ```
    /// use securepay::api::{BodyError, FeeFlow, PreviewFees};
    ///
    /// assert!(PreviewFees::new("12.5".parse()?, "USDC-mainnet", FeeFlow::Pay).is_ok());
    /// assert_eq!(PreviewFees::new("0".parse()?, "USDC", FeeFlow::Pay), Err(BodyError::ZeroAmount { field: "amount" }));
    /// assert!(matches!(PreviewFees::new("1".parse()?, "", FeeFlow::Pay), Err(BodyError::Length { field: "currency", .. })));
    /// assert!(matches!(PreviewFees::new("1".parse()?, "USDC-moon", FeeFlow::Pay), Err(BodyError::Currency { field: "currency", .. })));
    /// assert!(matches!(PreviewFees::new("1".parse()?, "USD C", FeeFlow::Pay), Err(BodyError::Invalid { field: "currency", .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        amount: HumanAmount,
        currency: &str,
        flow: FeeFlow,
    ) -> Result<PreviewFees, BodyError> {
        check_positive("amount", &amount)?;
        check_currency(currency)?;
        Ok(PreviewFees {
            amount,
            currency: currency.to_owned(),
            flow,
            default_fee_bearer: None,
        })
    }

    /// `defaultFeeBearer`: the payment's override of the flow's default (a fee's own
    /// configured bearer still wins).
    ///
    /// ```
    /// use securepay::api::{FeeFlow, PreviewFees};
    /// use securepay::pay::FeeBearer;
    ///
    /// let preview = PreviewFees::new("100".parse()?, "USDC", FeeFlow::Pay)?.default_fee_bearer(FeeBearer::Payee);
    /// assert_eq!(preview.fee_bearer(), Some(FeeBearer::Payee));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn default_fee_bearer(mut self, bearer: FeeBearer) -> PreviewFees {
        self.default_fee_bearer = Some(bearer);
        self
    }

    /// The amount.
    ///
    /// ```
    /// use securepay::api::{FeeFlow, PreviewFees};
    ///
    /// assert_eq!(PreviewFees::new("12.5".parse()?, "USDC", FeeFlow::Pay)?.amount().as_str(), "12.5");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn amount(&self) -> &HumanAmount {
        &self.amount
    }

    /// The currency, as given.
    ///
    /// ```
    /// use securepay::api::{FeeFlow, PreviewFees};
    ///
    /// assert_eq!(PreviewFees::new("1".parse()?, "USDC-base", FeeFlow::Pay)?.currency(), "USDC-base");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn currency(&self) -> &str {
        &self.currency
    }

    /// The flow.
    ///
    /// ```
    /// use securepay::api::{FeeFlow, PreviewFees};
    ///
    /// assert_eq!(PreviewFees::new("1".parse()?, "USDC", FeeFlow::GetPaid)?.flow(), FeeFlow::GetPaid);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn flow(&self) -> FeeFlow {
        self.flow
    }

    /// The fee bearer override, if any.
    ///
    /// ```
    /// use securepay::api::{FeeFlow, PreviewFees};
    ///
    /// assert_eq!(PreviewFees::new("1".parse()?, "USDC", FeeFlow::GetPaid)?.fee_bearer(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fee_bearer(&self) -> Option<FeeBearer> {
        self.default_fee_bearer
    }
}

/// `currency`: at least one character (`minLength: 1`); a symbol of ASCII letters and digits,
/// or, with a `-`, a currency id on one of the networks.
fn check_currency(currency: &str) -> Result<(), BodyError> {
    if currency.is_empty() {
        return Err(BodyError::Length {
            field: "currency",
            min: 1,
            max: 255,
            given: 0,
        });
    }
    if currency.contains('-') {
        let id = CurrencyId::parse(currency).map_err(|source| BodyError::Currency {
            field: "currency",
            source,
        })?;
        if id.network().is_none() {
            return Err(BodyError::Invalid {
                field: "currency",
                reason: format!("{currency:?} is not a token on a network"),
            });
        }
        return Ok(());
    }
    if currency.len() > 255 || !currency.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(BodyError::Invalid {
            field: "currency",
            reason: format!(
                "{currency:?} is neither a symbol (ASCII letters and digits) nor a currency id"
            ),
        });
    }
    Ok(())
}

impl Sealed for PreviewFees {
    fn parts(&self) -> Result<Parts, RequestError> {
        json_parts(self)
    }
}

/// `POST /v2/secure-payments/fees/preview`: the body is the request.
impl OutgoingRequest for PreviewFees {
    const ENDPOINT: Endpoint = Endpoint::PreviewFees;
    type Response = FeePlan;
}

impl Api {
    /// `POST /v2/secure-payments/fees/preview`: the fee plan a payment would get, with no side
    /// effect. Answer: [`FeePlan`].
    ///
    /// ```
    /// use http::StatusCode;
    /// use securepay::api::{Api, Credential, FeeFlow, PreviewFees};
    /// use securepay::pay::FeeBearer;
    ///
    /// let preview = PreviewFees::new("100".parse()?, "USDC", FeeFlow::Pay)?;
    /// let request = Api::new().preview_fees(&Credential::api_key("sk_test")?, &preview)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/secure-payments/fees/preview");
    /// let plan = request.parse_parts(StatusCode::OK, br#"{"version": 1, "flow": "pay", "defaultFeeBearer": "payer",
    ///     "grossAmountUsd": "100.00", "netRecipientAmountUsd": "100.00", "payerTotalAmountUsd": "100.10", "totalFeesUsd": "0.10",
    ///     "payeeBorneFeesUsd": "0", "payerBorneFeesUsd": "0.10", "fees": []}"#)?;
    /// assert_eq!((plan.default_fee_bearer, plan.payer_total_amount_usd.as_str()), (FeeBearer::Payer, "100.10"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn preview_fees(
        &self,
        credential: &Credential,
        body: &PreviewFees,
    ) -> Result<PreparedRequest<PreviewFees>, RequestError> {
        self.prepare(credential, body)
    }
}
