//! `POST /v2/secure-payments/batch-payouts`: one batch payout link made of existing pending
//! payout links ("The individual tokens are invalidated and a new batch payment URL is
//! returned. All payouts must target the same network."). The answer is a
//! [`SecurePaymentCreated`].

use std::collections::HashSet;

use serde::Serialize;

use super::body::check_redirect;
use super::outgoing::json_parts;
use super::outgoing::sealed::{Parts, Sealed};
use super::{
    Api, BodyError, Credential, Endpoint, MAX_SECURE_PAYMENT_ITEMS, OutgoingRequest,
    PreparedRequest, RequestError, SecurePaymentCreated,
};
use crate::pay::SecurePaymentToken;

/// The fewest payout links one batch takes (`tokens`, `minItems: 2`).
pub const MIN_BATCH_PAYOUT_TOKENS: usize = 2;

/// The body of `POST /v2/secure-payments/batch-payouts`: the tokens of 2 to
/// [`MAX_SECURE_PAYMENT_ITEMS`] pending single payout links, each once, and optionally the
/// redirect after payment.
///
/// Checked here: at least [`MIN_BATCH_PAYOUT_TOKENS`] tokens (the API description's
/// `minItems`); each token once (the description combines "existing pending single payout
/// secure payments" into one link: a payout given twice would be one payout paid twice, or
/// refused); at most [`MAX_SECURE_PAYMENT_ITEMS`] (the description gives no maximum; "EVM
/// batches up to 200 payees per link", <https://docs.request.network/use-cases/quickstart>);
/// the redirect rules of the other creation bodies. The tokens' network cannot be checked
/// here: the service refuses tokens on different networks (400).
///
/// ```
/// use securepay::api::CreateBatchPayoutLink;
///
/// let a = "01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?;
/// let b = "01JD3E6JD46KY4KKV7X9V0MZ7X".parse()?;
/// let body = CreateBatchPayoutLink::new(vec![a, b])?.redirect("https://mydomain.com/paid", Some("Back"))?;
/// assert_eq!(serde_json::to_string(&body)?, r#"{"tokens":["01JD3E6JD46KY4KKV7X9V0MZ7W","01JD3E6JD46KY4KKV7X9V0MZ7X"],"redirectUrl":"https://mydomain.com/paid","redirectLabel":"Back"}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CreateBatchPayoutLink {
    tokens: Vec<SecurePaymentToken>,
    #[serde(skip_serializing_if = "Option::is_none")]
    redirect_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    redirect_label: Option<String>,
}

impl CreateBatchPayoutLink {
    /// Checks the tokens: 2 to [`MAX_SECURE_PAYMENT_ITEMS`], each once.
    ///
    /// ```
    /// use securepay::api::{BodyError, CreateBatchPayoutLink};
    ///
    /// let a: securepay::pay::SecurePaymentToken = "01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?;
    /// assert_eq!(CreateBatchPayoutLink::new(vec![a]), Err(BodyError::TooFew { field: "tokens", min: 2, given: 1 }));
    /// assert_eq!(CreateBatchPayoutLink::new(vec![a, a]),
    ///     Err(BodyError::Duplicate { field: "tokens", value: "01JD3E6JD46KY4KKV7X9V0MZ7W".into() }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(tokens: Vec<SecurePaymentToken>) -> Result<CreateBatchPayoutLink, BodyError> {
        let given = tokens.len();
        if given < MIN_BATCH_PAYOUT_TOKENS {
            return Err(BodyError::TooFew {
                field: "tokens",
                min: MIN_BATCH_PAYOUT_TOKENS,
                given,
            });
        }
        if given > MAX_SECURE_PAYMENT_ITEMS {
            return Err(BodyError::TooMany {
                field: "tokens",
                max: MAX_SECURE_PAYMENT_ITEMS,
                given,
            });
        }
        let mut seen = HashSet::with_capacity(given);
        if let Some(twice) = tokens.iter().find(|t| !seen.insert(**t)) {
            return Err(BodyError::Duplicate {
                field: "tokens",
                value: twice.to_string(),
            });
        }
        Ok(CreateBatchPayoutLink {
            tokens,
            redirect_url: None,
            redirect_label: None,
        })
    }

    /// `redirectUrl` and optionally `redirectLabel` (1–255 characters, none of
    /// ``<>&"'` ``), shown after a successful payment.
    ///
    /// ```
    /// use securepay::api::{BodyError, CreateBatchPayoutLink};
    ///
    /// let tokens = vec!["01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?, "01JD3E6JD46KY4KKV7X9V0MZ7X".parse()?];
    /// let body = CreateBatchPayoutLink::new(tokens)?;
    /// assert!(matches!(body.clone().redirect("javascript:alert(1)", None), Err(BodyError::UnsafeRedirectUrl(_))));
    /// assert!(matches!(body.redirect("https://mydomain.com", Some("")), Err(BodyError::Length { field: "redirectLabel", .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn redirect(
        mut self,
        url: &str,
        label: Option<&str>,
    ) -> Result<CreateBatchPayoutLink, BodyError> {
        check_redirect(Some(url), label)?;
        self.redirect_url = Some(url.to_owned());
        self.redirect_label = label.map(str::to_owned);
        Ok(self)
    }

    /// The tokens, in order.
    ///
    /// ```
    /// use securepay::api::CreateBatchPayoutLink;
    ///
    /// let tokens = vec!["01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?, "01JD3E6JD46KY4KKV7X9V0MZ7X".parse()?];
    /// assert_eq!(CreateBatchPayoutLink::new(tokens.clone())?.tokens(), tokens.as_slice());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tokens(&self) -> &[SecurePaymentToken] {
        &self.tokens
    }
}

impl Sealed for CreateBatchPayoutLink {
    fn parts(&self) -> Result<Parts, RequestError> {
        json_parts(self)
    }
}

/// `POST /v2/secure-payments/batch-payouts`: the body is the request.
impl OutgoingRequest for CreateBatchPayoutLink {
    const ENDPOINT: Endpoint = Endpoint::CreateBatchPayoutSecurePayment;
    type Response = SecurePaymentCreated;
}

impl Api {
    /// `POST /v2/secure-payments/batch-payouts`: an API key, a Client ID or a session (no
    /// orchestrator key). Answer: [`SecurePaymentCreated`].
    ///
    /// ```
    /// use securepay::api::{Api, CreateBatchPayoutLink, Credential};
    ///
    /// let tokens = vec!["01JD3E6JD46KY4KKV7X9V0MZ7W".parse()?, "01JD3E6JD46KY4KKV7X9V0MZ7X".parse()?];
    /// let body = CreateBatchPayoutLink::new(tokens)?;
    /// let request = Api::new().create_batch_payout_link(&Credential::session_bearer("siwe-session")?, &body)?;
    /// assert_eq!(request.uri(), "https://api.request.network/v2/secure-payments/batch-payouts");
    /// let orchestrator = Credential::orchestrator("orc_5ZkJ2v9", "cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4", None)?;
    /// assert!(Api::new().create_batch_payout_link(&orchestrator, &body).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn create_batch_payout_link(
        &self,
        credential: &Credential,
        body: &CreateBatchPayoutLink,
    ) -> Result<PreparedRequest<CreateBatchPayoutLink>, RequestError> {
        self.prepare(credential, body)
    }
}
