//! The payer request bodies (`POST /v2/payer`, `PATCH /v2/payer/{clientUserId}`,
//! `POST /v2/payer/{clientUserId}/payment-details`) validated locally, and the payer answers.

use crate::common;

use securepay::offramp::{
    ClientUserId, ComplianceStatus, CreatePayer, CreatePaymentDetails, FieldError, PayerBodyError,
    PayerCreated, PayerDraft, PaymentDetailCreated, PaymentDetailsDraft, PaymentDetailsList,
    UpdatePayer,
};
use securepay::webhook::{AgreementStatus, KycStatus, PaymentDetailStatus};
use serde_json::{Value, json};

/// A change made to a valid draft.
type Change<T> = fn(&mut T);

fn example(name: &str) -> Value {
    common::read_json(&format!("offramp/{name}.json"))
}

fn payer() -> PayerDraft {
    serde_json::from_value(example("payer-individualBeneficiary")).unwrap()
}

fn details() -> PaymentDetailsDraft {
    serde_json::from_value(example("payment-details-localUSBusiness")).unwrap()
}

fn invalid_payer(draft: PayerDraft) -> Vec<FieldError> {
    CreatePayer::new(draft).unwrap_err().fields().to_vec()
}

#[test]
fn the_openapi_payer_examples_are_valid_and_serialize_back_unchanged() {
    for name in ["payer-individualBeneficiary", "payer-businessBeneficiary"] {
        let original = example(name);
        let body = CreatePayer::from_str(&original.to_string()).unwrap();
        assert_eq!(serde_json::to_value(&body).unwrap(), original, "{name}");
    }
}

#[test]
fn every_required_payer_field_is_checked() {
    let required = [
        "clientUserId",
        "email",
        "firstName",
        "lastName",
        "beneficiaryType",
        "dateOfBirth",
        "addressLine1",
        "city",
        "state",
        "postcode",
        "country",
        "nationality",
        "phone",
        "ssn",
    ];
    for wire in required {
        // Absent from the JSON or present but blank: named in the error, with its wire name.
        let mut absent = example("payer-individualBeneficiary");
        absent.as_object_mut().unwrap().remove(wire);
        let mut blank = example("payer-individualBeneficiary");
        blank[wire] = json!("  ");
        for json in [absent, blank] {
            let errors = CreatePayer::from_str(&json.to_string()).unwrap_err();
            let named = errors.fields().iter().any(|e| match e {
                FieldError::Missing { field } => *field == wire,
                FieldError::InvalidClientUserId { .. } => wire == "clientUserId",
                _ => false,
            });
            assert!(named, "{wire}: {errors}");
        }
    }
    // Every absent field is reported at once.
    let errors = CreatePayer::from_str(r#"{"clientUserId":"user-123"}"#).unwrap_err();
    assert_eq!(errors.fields().len(), required.len() - 1, "{errors}");
    // Not an object, or a field of the wrong type: the body does not read.
    assert_eq!(
        CreatePayer::from_str("[]"),
        Err(PayerBodyError::NotAnObject)
    );
    for bad in [r#"{"firstName":1}"#, "{"] {
        assert!(
            matches!(CreatePayer::from_str(bad), Err(PayerBodyError::NotJson(_))),
            "{bad}"
        );
    }
}

#[test]
fn payer_field_formats_follow_the_openapi_constraints() {
    let cases: [(Change<PayerDraft>, &str); 9] = [
        (|d| d.email = "john.doe@".into(), "email"),
        (|d| d.email = "john doe@example.com".into(), "email"),
        (|d| d.beneficiary_type = "company".into(), "beneficiaryType"),
        (|d| d.date_of_birth = "12/12/1985".into(), "dateOfBirth"),
        (|d| d.date_of_birth = "2023-02-29".into(), "dateOfBirth"),
        (|d| d.country = "USA".into(), "country"),
        (|d| d.nationality = "U1".into(), "nationality"),
        (|d| d.phone = "+0123456".into(), "phone"),
        (|d| d.phone = "+1234567890123456".into(), "phone"),
    ];
    for (change, field) in cases {
        let mut draft = payer();
        change(&mut draft);
        let errors = invalid_payer(draft.clone());
        assert_eq!(errors.len(), 1, "{draft:?}: {errors:?}");
        assert!(errors[0].to_string().starts_with(field), "{}", errors[0]);
    }
    // Leap days exist in leap years; E.164 without '+' is accepted by the pattern.
    let mut fine = payer();
    fine.date_of_birth = "2000-02-29".into();
    fine.phone = "12125551234".into();
    assert!(CreatePayer::new(fine).is_ok());
}

#[test]
fn every_invalid_field_is_reported_at_once() {
    let draft = PayerDraft {
        client_user_id: "ok".into(),
        ..Default::default()
    };
    let error = CreatePayer::new(draft).unwrap_err();
    assert_eq!(error.fields().len(), 13);
    assert!(
        error
            .to_string()
            .starts_with("13 invalid field(s): email is required;")
    );
}

#[test]
fn client_user_ids_are_safe_in_paths() {
    let api = securepay::api::Api::new();
    let key = securepay::api::Credential::api_key("sk_test").unwrap();
    let payer_path = |id: &str| {
        let id = ClientUserId::parse(id).unwrap();
        api.get_payer(&key, &id).unwrap().uri().path().to_owned()
    };
    assert_eq!(
        payer_path("user_test123456789"),
        "/v2/payer/user_test123456789"
    );
    let id = ClientUserId::parse("user_test123456789").unwrap();
    assert_eq!(
        api.list_payment_details(&key, &id, None)
            .unwrap()
            .uri()
            .path(),
        "/v2/payer/user_test123456789/payment-details"
    );
    assert_eq!(
        payer_path("jane@example.com"),
        "/v2/payer/jane%40example.com"
    );
    assert_eq!(payer_path("zoë/1"), "/v2/payer/zo%C3%AB%2F1");
    for bad in ["", " user", "user ", "a\nb", "..", "."] {
        assert!(
            matches!(
                ClientUserId::parse(bad),
                Err(FieldError::InvalidClientUserId { .. })
            ),
            "{bad:?}"
        );
    }
    let mut draft = payer();
    draft.client_user_id = "..".into();
    assert!(CreatePayer::new(draft).is_err());
}

#[test]
fn the_agreement_body_writes_the_openapi_name_and_reads_the_prose_one() {
    assert_eq!(
        serde_json::to_value(UpdatePayer::agreement_completed()).unwrap(),
        json!({"agreementCompleted": true})
    );
    let prose: UpdatePayer =
        serde_json::from_value(json!({"agreement_status": "completed"})).unwrap();
    assert!(prose.is_completed());
    let explicit: UpdatePayer =
        serde_json::from_value(json!({"agreementCompleted": false})).unwrap();
    assert!(!explicit.is_completed());
    for bad in [
        json!({}),
        json!({"agreement_status": "pending"}),
        json!({"agreementCompleted": false, "agreement_status": "completed"}),
        json!({"agreementCompleted": "yes"}),
        json!({"agreementCompleted": true, "extra": 1}),
    ] {
        assert!(
            serde_json::from_value::<UpdatePayer>(bad.clone()).is_err(),
            "{bad}"
        );
    }
    let missing = serde_json::from_value::<UpdatePayer>(json!({})).unwrap_err();
    assert!(
        missing
            .to_string()
            .contains("agreementCompleted must be provided")
    );
}

#[test]
fn the_openapi_payment_details_examples_are_valid_and_serialize_back_unchanged() {
    for name in [
        "payment-details-localUSBusiness",
        "payment-details-swiftInternational",
        "payment-details-ukAccount",
    ] {
        let original = example(name);
        let body = CreatePaymentDetails::from_str(&original.to_string()).unwrap();
        assert_eq!(serde_json::to_value(&body).unwrap(), original, "{name}");
    }
}

#[test]
fn payment_details_fields_follow_the_openapi_constraints() {
    let cases: [(Change<PaymentDetailsDraft>, &str); 8] = [
        (|d| d.bank_name = String::new(), "bankName"),
        (|d| d.account_name = " ".into(), "accountName"),
        (
            |d| d.beneficiary_type = "Business".into(),
            "beneficiaryType",
        ),
        (|d| d.currency = "US".into(), "currency"),
        (|d| d.country = "usa".into(), "country"),
        (|d| d.date_of_birth = "1985-13-01".into(), "dateOfBirth"),
        (|d| d.rails = Some("sepa".into()), "rails"),
        (|d| d.account_type = Some("current".into()), "accountType"),
    ];
    for (change, field) in cases {
        let mut draft = details();
        change(&mut draft);
        let error = CreatePaymentDetails::new(draft).unwrap_err();
        assert_eq!(error.fields().len(), 1, "{error}");
        assert!(error.fields()[0].to_string().starts_with(field), "{error}");
    }
    // The currency is 3 letters in either case: the OpenAPI examples write "usd".
    let mut upper = details();
    upper.currency = "USD".into();
    assert!(CreatePaymentDetails::new(upper).is_ok());
    // state is optional here (it is required for POST /v2/payer).
    let mut no_state = details();
    no_state.state = None;
    assert!(CreatePaymentDetails::new(no_state).is_ok());
    // A required field absent from the JSON is named, like a blank one.
    for wire in [
        "bankName",
        "accountName",
        "beneficiaryType",
        "currency",
        "addressLine1",
        "city",
        "country",
        "dateOfBirth",
        "postalCode",
    ] {
        let mut json = example("payment-details-ukAccount");
        json.as_object_mut().unwrap().remove(wire);
        let error = CreatePaymentDetails::from_str(&json.to_string()).unwrap_err();
        assert_eq!(error.fields().len(), 1, "{wire}: {error}");
        assert!(
            error.fields()[0].to_string().starts_with(wire),
            "{wire}: {error}"
        );
    }
}

#[test]
fn the_payer_answers_parse() {
    let created: PayerCreated = serde_json::from_value(example("payer-created")).unwrap();
    assert_eq!(created.status.kyc_status, KycStatus::NotStarted);
    assert_eq!(created.status.agreement_status, AgreementStatus::NotStarted);
    assert!(
        created
            .kyc_url
            .as_deref()
            .unwrap()
            .starts_with("https://sumsub.com/")
    );

    let status: ComplianceStatus = serde_json::from_value(example("compliance-status")).unwrap();
    assert_eq!(status.is_compliant, Some(true));
    let prerequisites = status.prerequisites();
    assert!(prerequisites.kyc.as_ref().unwrap().is_approved());
    assert!(prerequisites.agreement.as_ref().unwrap().is_completed());

    let detail: PaymentDetailCreated =
        serde_json::from_value(example("payment-detail-created")).unwrap();
    assert_eq!(detail.payment_detail.id, "pd_123456");
    assert_eq!(
        serde_json::to_value(&detail).unwrap(),
        example("payment-detail-created")
    );

    let list: PaymentDetailsList = serde_json::from_value(example("payment-details-list")).unwrap();
    assert_eq!(
        list.payment_details[0].status,
        Some(PaymentDetailStatus::Approved)
    );
}
