//! The `POST /v2/payer/{clientUserId}/payment-details` body (the payer's bank account),
//! validated locally before it is sent.

use serde::{Deserialize, Serialize};

use super::fields::{Checks, PayerBodyError};
use super::payer::BENEFICIARY_TYPES;

const RAILS: &[&str] = &["local", "swift", "wire"];
const ACCOUNT_TYPES: &[&str] = &["checking", "savings"];

/// The fields of `POST /v2/payer/{clientUserId}/payment-details` as given by the caller
/// (unchecked). Build it, then turn it into a [`CreatePaymentDetails`].
///
/// Required (OpenAPI): `bankName`, `accountName`, `beneficiaryType` (`individual` |
/// `business`), `currency` (3 letters; the examples write it lowercase, `usd`),
/// `addressLine1`, `city`, `country` (2 letters), `dateOfBirth` (`YYYY-MM-DD`), `postalCode`.
/// Optional: `rails` (`local` | `swift` | `wire`, default `local`), `accountType`
/// (`checking` | `savings`), and the bank identifiers. Which identifiers each rail needs is not
/// published, so they are not checked.
///
/// ```
/// use securepay::offramp::PaymentDetailsDraft;
///
/// let draft: PaymentDetailsDraft = serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payment-details-ukAccount.json")))?;
/// assert_eq!((draft.sort_code.as_deref(), draft.iban), (Some("200000"), None));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
// An absent required field reads as empty, so the checks report it as `FieldError::Missing`
// together with every other invalid field.
#[serde(rename_all = "camelCase", default)]
pub struct PaymentDetailsDraft {
    /// `bankName`.
    pub bank_name: String,
    /// `accountName`: the account holder.
    pub account_name: String,
    /// `accountNumber`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_number: Option<String>,
    /// `routingNumber` (US).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub routing_number: Option<String>,
    /// `beneficiaryType`: `individual` or `business`.
    pub beneficiary_type: String,
    /// `currency` (ISO 4217, 3 letters).
    pub currency: String,
    /// `addressLine1`.
    pub address_line1: String,
    /// `addressLine2`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address_line2: Option<String>,
    /// `city`.
    pub city: String,
    /// `state`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<String>,
    /// `country` (ISO 3166-1 alpha-2).
    pub country: String,
    /// `dateOfBirth` (`YYYY-MM-DD`).
    pub date_of_birth: String,
    /// `postalCode`.
    pub postal_code: String,
    /// `rails`: `local` (default), `swift`, `wire`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rails: Option<String>,
    /// `sortCode` (UK).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sort_code: Option<String>,
    /// `iban`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iban: Option<String>,
    /// `swiftBic`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub swift_bic: Option<String>,
    /// `documentNumber`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document_number: Option<String>,
    /// `documentType`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub document_type: Option<String>,
    /// `accountType`: `checking` or `savings`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_type: Option<String>,
    /// `ribNumber` (France).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rib_number: Option<String>,
    /// `bsbNumber` (Australia).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bsb_number: Option<String>,
    /// `ncc` (New Zealand).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ncc: Option<String>,
    /// `branchCode`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub branch_code: Option<String>,
    /// `bankCode`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bank_code: Option<String>,
    /// `ifsc` (India).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ifsc: Option<String>,
}

/// A checked `POST /v2/payer/{clientUserId}/payment-details` body
/// ([`Api::create_payment_details`](crate::api::Api::create_payment_details) sends it).
///
/// ```
/// use securepay::offramp::{CreatePaymentDetails, PaymentDetailsDraft};
///
/// let draft = PaymentDetailsDraft {
///     bank_name: "Barclays".into(), account_name: "Jane Smith".into(),
///     account_number: Some("12345678".into()), beneficiary_type: "individual".into(),
///     currency: "gbp".into(), address_line1: "123 High Street".into(), city: "London".into(),
///     postal_code: "SW1A 1AA".into(), country: "GB".into(), date_of_birth: "1988-07-10".into(),
///     rails: Some("local".into()), sort_code: Some("200000".into()), ..Default::default()
/// };
/// assert!(CreatePaymentDetails::new(draft.clone()).is_ok());
/// let bad = PaymentDetailsDraft { rails: Some("sepa".into()), currency: "pounds".into(), ..draft };
/// assert_eq!(CreatePaymentDetails::new(bad).unwrap_err().fields().len(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct CreatePaymentDetails {
    draft: PaymentDetailsDraft,
}

impl CreatePaymentDetails {
    /// Checks every field of `draft`; all the invalid ones are reported together.
    ///
    /// ```
    /// use securepay::offramp::{CreatePaymentDetails, FieldError, PaymentDetailsDraft};
    ///
    /// let draft: PaymentDetailsDraft = serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payment-details-ukAccount.json")))?;
    /// let no_bank = PaymentDetailsDraft { bank_name: "  ".into(), ..draft };
    /// let error = CreatePaymentDetails::new(no_bank).unwrap_err();
    /// assert_eq!(error.fields(), [FieldError::Missing { field: "bankName" }]);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn new(draft: PaymentDetailsDraft) -> Result<CreatePaymentDetails, PayerBodyError> {
        let mut checks = Checks::default();
        checks.required("bankName", &draft.bank_name);
        checks.required("accountName", &draft.account_name);
        checks.one_of(
            "beneficiaryType",
            &draft.beneficiary_type,
            BENEFICIARY_TYPES,
            "individual, business",
        );
        checks.currency("currency", &draft.currency);
        checks.required("addressLine1", &draft.address_line1);
        checks.required("city", &draft.city);
        checks.country("country", &draft.country);
        checks.date("dateOfBirth", &draft.date_of_birth);
        checks.required("postalCode", &draft.postal_code);
        if let Some(rails) = &draft.rails {
            checks.one_of("rails", rails, RAILS, "local, swift, wire");
        }
        if let Some(account_type) = &draft.account_type {
            checks.one_of(
                "accountType",
                account_type,
                ACCOUNT_TYPES,
                "checking, savings",
            );
        }
        checks.finish()?;
        Ok(CreatePaymentDetails { draft })
    }

    /// Reads and checks a JSON body.
    ///
    /// ```
    /// use securepay::offramp::CreatePaymentDetails;
    ///
    /// let body = CreatePaymentDetails::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payment-details-swiftInternational.json")))?;
    /// assert_eq!(body.fields().rails.as_deref(), Some("swift"));
    /// # Ok::<(), securepay::offramp::PayerBodyError>(())
    /// ```
    pub fn from_str(json: &str) -> Result<CreatePaymentDetails, PayerBodyError> {
        let draft: PaymentDetailsDraft = super::fields::read_object(json)?;
        CreatePaymentDetails::new(draft)
    }

    /// The fields.
    ///
    /// ```
    /// use securepay::offramp::CreatePaymentDetails;
    ///
    /// let body = CreatePaymentDetails::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payment-details-localUSBusiness.json")))?;
    /// assert_eq!(body.fields().beneficiary_type, "business");
    /// # Ok::<(), securepay::offramp::PayerBodyError>(())
    /// ```
    pub const fn fields(&self) -> &PaymentDetailsDraft {
        &self.draft
    }
}
