//! `POST /v2/payer` (KYC data) and `PATCH /v2/payer/{clientUserId}` (agreement) bodies,
//! validated locally before they are sent.

use serde::{Deserialize, Deserializer, Serialize};

use super::fields::{Checks, ClientUserId, PayerBodyError};

/// The beneficiary type values the API accepts (`individual`, `business`).
pub(crate) const BENEFICIARY_TYPES: &[&str] = &["individual", "business"];
const BENEFICIARY_LIST: &str = "individual, business";

/// The fields of `POST /v2/payer` as given by the caller (unchecked). Build it, then turn it
/// into a [`CreatePayer`], which checks every field.
///
/// Required (OpenAPI): `clientUserId`, `email`, `firstName`, `lastName`, `beneficiaryType`
/// (`individual` | `business`), `dateOfBirth` (`YYYY-MM-DD`), `addressLine1`, `city`,
/// `state`, `postcode`, `country` (2 letters), `nationality` (2 letters), `phone` (E.164),
/// `ssn`. Optional: `companyName`, `addressLine2`, `sourceOfFunds`, `businessActivity`.
///
/// ```
/// use securepay::offramp::PayerDraft;
///
/// let draft: PayerDraft = serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payer-individualBeneficiary.json")))?;
/// assert_eq!((draft.first_name.as_str(), draft.company_name), ("John", None));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
// An absent required field reads as empty, so the checks report it as `FieldError::Missing`
// together with every other invalid field.
#[serde(rename_all = "camelCase", default)]
pub struct PayerDraft {
    /// `clientUserId`: your id of the payer.
    pub client_user_id: String,
    /// `email`.
    pub email: String,
    /// `firstName`.
    pub first_name: String,
    /// `lastName`.
    pub last_name: String,
    /// `beneficiaryType`: `individual` or `business`.
    pub beneficiary_type: String,
    /// `companyName`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub company_name: Option<String>,
    /// `dateOfBirth` (`YYYY-MM-DD`).
    pub date_of_birth: String,
    /// `addressLine1`.
    pub address_line1: String,
    /// `addressLine2`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub address_line2: Option<String>,
    /// `city`.
    pub city: String,
    /// `state`.
    pub state: String,
    /// `postcode`.
    pub postcode: String,
    /// `country` (ISO 3166-1 alpha-2).
    pub country: String,
    /// `nationality` (ISO 3166-1 alpha-2).
    pub nationality: String,
    /// `phone` (E.164).
    pub phone: String,
    /// `ssn`.
    pub ssn: String,
    /// `sourceOfFunds`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_of_funds: Option<String>,
    /// `businessActivity`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub business_activity: Option<String>,
}

/// A checked `POST /v2/payer` body (KYC data of a payer). It serializes to the API's JSON.
///
/// ```
/// use securepay::offramp::{CreatePayer, PayerDraft};
///
/// let draft = PayerDraft {
///     client_user_id: "user-123".into(), email: "john.doe@example.com".into(),
///     first_name: "John".into(), last_name: "Doe".into(), beneficiary_type: "individual".into(),
///     date_of_birth: "1985-12-12".into(), address_line1: "123 Main Street".into(),
///     city: "New York".into(), state: "NY".into(), postcode: "10001".into(),
///     country: "US".into(), nationality: "US".into(), phone: "+12125551234".into(),
///     ssn: "123-45-6789".into(), ..Default::default()
/// };
/// let body = CreatePayer::new(draft.clone())?;
/// assert_eq!(body.client_user_id().as_str(), "user-123");
/// assert_eq!(serde_json::to_value(&body)?["beneficiaryType"], "individual");
///
/// let bad = PayerDraft { date_of_birth: "1985-02-30".into(), phone: "555 1234".into(), ..draft };
/// assert_eq!(CreatePayer::new(bad).unwrap_err().fields().len(), 2); // every bad field is listed
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct CreatePayer {
    draft: PayerDraft,
    #[serde(skip)]
    client_user_id: ClientUserId,
}

impl CreatePayer {
    /// Checks every field of `draft`; all the invalid ones are reported together.
    ///
    /// ```
    /// use securepay::offramp::{CreatePayer, FieldError, PayerDraft};
    ///
    /// let draft: PayerDraft = serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payer-individualBeneficiary.json")))?;
    /// assert!(CreatePayer::new(draft.clone()).is_ok());
    /// let company = PayerDraft { beneficiary_type: "company".into(), ..draft };
    /// let error = CreatePayer::new(company).unwrap_err();
    /// assert!(matches!(&error.fields()[0], FieldError::NotAllowed { field: "beneficiaryType", .. }));
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn new(draft: PayerDraft) -> Result<CreatePayer, PayerBodyError> {
        let mut checks = Checks::default();
        let client_user_id = ClientUserId::parse(&draft.client_user_id);
        if let Err(error) = &client_user_id {
            checks.push(error.clone());
        }
        checks.email("email", &draft.email);
        checks.required("firstName", &draft.first_name);
        checks.required("lastName", &draft.last_name);
        checks.one_of(
            "beneficiaryType",
            &draft.beneficiary_type,
            BENEFICIARY_TYPES,
            BENEFICIARY_LIST,
        );
        checks.date("dateOfBirth", &draft.date_of_birth);
        checks.required("addressLine1", &draft.address_line1);
        checks.required("city", &draft.city);
        checks.required("state", &draft.state);
        checks.required("postcode", &draft.postcode);
        checks.country("country", &draft.country);
        checks.country("nationality", &draft.nationality);
        checks.phone("phone", &draft.phone);
        checks.required("ssn", &draft.ssn);
        match (checks.finish(), client_user_id) {
            (Ok(()), Ok(client_user_id)) => Ok(CreatePayer {
                draft,
                client_user_id,
            }),
            (Err(error), _) => Err(error),
            (Ok(()), Err(error)) => Err(PayerBodyError::Invalid(vec![error])),
        }
    }

    /// Reads and checks a JSON body.
    ///
    /// ```
    /// use securepay::offramp::CreatePayer;
    ///
    /// let json = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payer-businessBeneficiary.json"));
    /// let body = CreatePayer::from_str(json)?;
    /// assert_eq!(body.fields().beneficiary_type, "business");
    /// # Ok::<(), securepay::offramp::PayerBodyError>(())
    /// ```
    pub fn from_str(json: &str) -> Result<CreatePayer, PayerBodyError> {
        let draft: PayerDraft = super::fields::read_object(json)?;
        CreatePayer::new(draft)
    }

    /// The checked client user id.
    ///
    /// ```
    /// use securepay::offramp::CreatePayer;
    ///
    /// let body = CreatePayer::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payer-individualBeneficiary.json")))?;
    /// assert_eq!(body.client_user_id().as_str(), "user-123");
    /// # Ok::<(), securepay::offramp::PayerBodyError>(())
    /// ```
    pub const fn client_user_id(&self) -> &ClientUserId {
        &self.client_user_id
    }

    /// The fields.
    ///
    /// ```
    /// use securepay::offramp::CreatePayer;
    ///
    /// let body = CreatePayer::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/offramp/payer-individualBeneficiary.json")))?;
    /// assert_eq!((body.fields().country.as_str(), body.fields().phone.as_str()), ("US", "+12125551234"));
    /// # Ok::<(), securepay::offramp::PayerBodyError>(())
    /// ```
    pub const fn fields(&self) -> &PayerDraft {
        &self.draft
    }
}

/// The `PATCH /v2/payer/{clientUserId}` body: `{"agreementCompleted": true}`.
///
/// Writes the OpenAPI name `agreementCompleted`; reads it, or the prose form
/// `{"agreement_status": "completed"}`.
///
/// ```
/// use securepay::offramp::UpdatePayer;
///
/// let body = UpdatePayer::agreement_completed();
/// assert_eq!(serde_json::to_string(&body)?, r#"{"agreementCompleted":true}"#);
/// let prose: UpdatePayer = serde_json::from_str(r#"{"agreement_status":"completed"}"#)?;
/// assert_eq!(prose, body);
/// assert!(serde_json::from_str::<UpdatePayer>("{}").is_err()); // agreementCompleted must be provided
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UpdatePayer {
    agreement_completed: bool,
}

impl UpdatePayer {
    /// The body that records the agreement as completed.
    ///
    /// ```
    /// use securepay::offramp::UpdatePayer;
    ///
    /// assert!(UpdatePayer::agreement_completed().is_completed());
    /// assert_eq!(UpdatePayer::agreement_completed(), UpdatePayer::new(true));
    /// ```
    pub const fn agreement_completed() -> UpdatePayer {
        UpdatePayer {
            agreement_completed: true,
        }
    }

    /// A body with an explicit value.
    ///
    /// ```
    /// use securepay::offramp::UpdatePayer;
    ///
    /// assert_eq!(serde_json::to_string(&UpdatePayer::new(false))?, r#"{"agreementCompleted":false}"#);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub const fn new(agreement_completed: bool) -> UpdatePayer {
        UpdatePayer {
            agreement_completed,
        }
    }

    /// Whether the body records the agreement as completed.
    ///
    /// ```
    /// use securepay::offramp::UpdatePayer;
    ///
    /// let body: UpdatePayer = serde_json::from_str(r#"{"agreementCompleted": false}"#)?;
    /// assert!(!body.is_completed());
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub const fn is_completed(&self) -> bool {
        self.agreement_completed
    }
}

impl<'de> Deserialize<'de> for UpdatePayer {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase", deny_unknown_fields)]
        struct Wire {
            agreement_completed: Option<bool>,
            #[serde(rename = "agreement_status")]
            agreement_status: Option<String>,
        }
        let wire = Wire::deserialize(deserializer)?;
        let prose = match wire.agreement_status.as_deref() {
            None => None,
            Some("completed") => Some(true),
            Some(other) => {
                return Err(serde::de::Error::custom(format_args!(
                    "agreement_status {other:?}: only \"completed\" can be set"
                )));
            }
        };
        match (wire.agreement_completed, prose) {
            (Some(a), Some(b)) if a != b => Err(serde::de::Error::custom(
                "agreementCompleted and agreement_status disagree",
            )),
            (Some(value), _) | (None, Some(value)) => Ok(UpdatePayer::new(value)),
            (None, None) => Err(serde::de::Error::custom(
                "agreementCompleted must be provided",
            )),
        }
    }
}
