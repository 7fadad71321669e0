//! The `accessPolicy` object and its validation (payment and destination levels, the
//! allowlist, round trips on documented JSON) and Client ID KYT plans.

use crate::common;

use securepay::address::{ChainAddress, ChainAddressError};
use securepay::policy::ScreeningProvider::{Hypernative, MerkleScience};
use securepay::policy::{
    AccessPolicyError, AccessPolicyFields, AllowedPayers, DestinationPolicy, KytPlan, KytPlanError,
    KytProvider, Mode, PaymentPolicy, PlanOwner, PolicySettings, Screening, ScreeningFailure,
    ScreeningProvider, resolve,
};
use serde_json::{Value, json};

const EVM_PAYER: &str = "0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B";
const TRON_PAYER: &str = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8";

fn payment(value: Value) -> PaymentPolicy {
    PaymentPolicy::from_value(&value).unwrap()
}

fn destination(value: Value) -> DestinationPolicy {
    DestinationPolicy::from_value(&value).unwrap()
}

fn payment_err(value: Value) -> AccessPolicyError {
    PaymentPolicy::from_value(&value).unwrap_err()
}

fn destination_err(value: Value) -> AccessPolicyError {
    DestinationPolicy::from_value(&value).unwrap_err()
}

// ---------------------------------------------------------------- the model and validation

#[test]
fn mode_is_closed_to_off_kyt_all_wallets_and_inherit() {
    for (text, mode) in [
        ("off", Mode::Off),
        ("kyt_all_wallets", Mode::KytAllWallets),
        ("inherit", Mode::Inherit),
    ] {
        assert_eq!(text.parse::<Mode>().unwrap(), mode);
        assert_eq!(mode.to_string(), text);
        assert_eq!(serde_json::to_value(mode).unwrap(), json!(text));
    }
    for bad in ["OFF", "kyt", "kyt-all-wallets", "", "on", "strict"] {
        assert_eq!(
            bad.parse::<Mode>(),
            Err(AccessPolicyError::UnknownMode(bad.to_owned()))
        );
        assert_eq!(
            payment_err(json!({ "mode": bad })),
            AccessPolicyError::UnknownMode(bad.to_owned())
        );
    }
}

#[test]
fn screening_provider_is_closed_to_hypernative_and_merklescience() {
    assert_eq!("hypernative".parse(), Ok(Hypernative));
    assert_eq!("merklescience".parse(), Ok(MerkleScience));
    for bad in [
        "Hypernative",
        "merkle_science",
        "merkle-science",
        "chainalysis",
        "",
    ] {
        assert_eq!(
            bad.parse::<ScreeningProvider>(),
            Err(AccessPolicyError::UnknownProvider(bad.to_owned()))
        );
        assert_eq!(
            payment_err(json!({ "mode": "kyt_all_wallets", "screeningProvider": bad })),
            AccessPolicyError::UnknownProvider(bad.to_owned())
        );
    }
}

#[test]
fn closed_enums_match_the_openapi_access_policy_schemas() {
    for file in [
        "policy/openapi-secure-payments-access-policy.json",
        "policy/openapi-payouts-access-policy.json",
    ] {
        let schema = common::read_json(file);
        let modes: Vec<Mode> = schema["properties"]["mode"]["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().parse().unwrap())
            .collect();
        assert_eq!(modes, [Mode::Inherit, Mode::Off, Mode::KytAllWallets]);
        let providers: Vec<ScreeningProvider> = schema["properties"]["screeningProvider"]["enum"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().parse().unwrap())
            .collect();
        assert_eq!(providers, ScreeningProvider::ALL);
        assert_eq!(schema["properties"]["screeningProvider"]["nullable"], true);
        let mut fields: Vec<&str> = schema["properties"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        fields.sort_unstable();
        assert_eq!(
            fields,
            [
                "allowedPayerAddresses",
                "hidePayeeAddress",
                "hideUntilApproved",
                "mode",
                "screeningProvider"
            ]
        );
    }
}

#[test]
fn openapi_schema_extracts_equal_the_shared_reference() {
    let Some(text) = common::shared_text("reference/openapi.v2.json") else {
        return;
    };
    let openapi: Value = serde_json::from_str(&text).unwrap();
    let body = |path: &str| {
        openapi["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
            ["properties"]["accessPolicy"]
            .clone()
    };
    assert_eq!(
        common::read_json("policy/openapi-secure-payments-access-policy.json"),
        body("/v2/secure-payments")
    );
    assert_eq!(
        common::read_json("policy/openapi-payouts-access-policy.json"),
        body("/v2/secure-payments/payouts")
    );
}

/// What validating a policy gives: the screening it sets, or its error.
type Outcome = Result<Option<Screening>, AccessPolicyError>;

/// Every combination of `mode` × `screeningProvider` at both levels, with the outcome each
/// must have; every invalid combination has its own error.
#[test]
fn every_invalid_mode_and_provider_combination_has_its_own_error() {
    use AccessPolicyError as E;
    let hyper = || "hypernative".to_owned();
    // (mode, screeningProvider, payment outcome, destination outcome)
    let table: Vec<(Option<&str>, Option<Value>, Outcome, Outcome)> = vec![
        (None, None, Ok(None), Ok(None)),
        (None, Some(Value::Null), Ok(None), Ok(None)),
        (
            None,
            Some(json!("hypernative")),
            Err(E::ProviderWithoutMode(hyper())),
            Err(E::ProviderWithoutMode(hyper())),
        ),
        (
            Some("off"),
            None,
            Ok(Some(Screening::Off)),
            Ok(Some(Screening::Off)),
        ),
        (
            Some("off"),
            Some(Value::Null),
            Ok(Some(Screening::Off)),
            Ok(Some(Screening::Off)),
        ),
        (
            Some("off"),
            Some(json!("hypernative")),
            Err(E::ProviderWithModeOff(hyper())),
            Err(E::ProviderWithModeOff(hyper())),
        ),
        (
            Some("kyt_all_wallets"),
            None,
            Err(E::ProviderRequired),
            Err(E::ProviderRequired),
        ),
        (
            Some("kyt_all_wallets"),
            Some(Value::Null),
            Err(E::ProviderRequired),
            Err(E::ProviderRequired),
        ),
        (
            Some("kyt_all_wallets"),
            Some(json!("hypernative")),
            Ok(Some(Screening::Kyt(Hypernative))),
            Ok(Some(Screening::Kyt(Hypernative))),
        ),
        (
            Some("inherit"),
            None,
            Ok(None),
            Err(E::InheritAtDestination),
        ),
        (
            Some("inherit"),
            Some(Value::Null),
            Ok(None),
            Err(E::InheritAtDestination),
        ),
        (
            Some("inherit"),
            Some(json!("hypernative")),
            Err(E::ProviderWithInherit(hyper())),
            Err(E::InheritAtDestination),
        ),
    ];
    for (mode, provider, want_payment, want_destination) in table {
        let mut object = json!({});
        if let Some(mode) = mode {
            object["mode"] = json!(mode);
        }
        if let Some(provider) = provider {
            object["screeningProvider"] = provider;
        }
        let got_payment = PaymentPolicy::from_value(&object).map(|p| p.sets_screening());
        let got_destination = DestinationPolicy::from_value(&object).map(|p| p.sets_screening());
        assert_eq!(got_payment, want_payment, "payment {object}");
        assert_eq!(got_destination, want_destination, "destination {object}");
    }
}

#[test]
fn kyt_all_wallets_requires_a_provider_and_there_is_no_default() {
    assert_eq!(
        payment_err(json!({ "mode": "kyt_all_wallets", "hideUntilApproved": true })),
        AccessPolicyError::ProviderRequired
    );
    assert_eq!(
        destination_err(json!({ "mode": "kyt_all_wallets", "screeningProvider": null })),
        AccessPolicyError::ProviderRequired
    );
    let message = AccessPolicyError::ProviderRequired.to_string();
    assert!(message.contains("no default"), "{message}");
}

#[test]
fn mode_off_takes_no_provider_but_accepts_it_absent_or_null() {
    assert_eq!(
        destination(json!({ "mode": "off", "screeningProvider": null })).screening(),
        Screening::Off
    );
    assert_eq!(
        destination_err(json!({ "mode": "off", "screeningProvider": "merklescience" })),
        AccessPolicyError::ProviderWithModeOff("merklescience".to_owned())
    );
}

#[test]
fn destination_mode_defaults_to_off() {
    let policy = destination(json!({ "hideUntilApproved": true }));
    assert_eq!(policy.mode(), None);
    assert_eq!(policy.screening(), Screening::Off);
}

#[test]
fn inherit_is_accepted_on_payments_only() {
    assert_eq!(
        payment(json!({ "mode": "inherit" })).mode(),
        Some(Mode::Inherit)
    );
    assert_eq!(
        destination_err(json!({ "mode": "inherit" })),
        AccessPolicyError::InheritAtDestination
    );
}

#[test]
fn the_allowlist_is_set_per_payment_not_on_a_destination() {
    assert_eq!(
        destination_err(json!({ "allowedPayerAddresses": [EVM_PAYER] })),
        AccessPolicyError::AllowlistAtDestination
    );
}

#[test]
fn privacy_flags_are_independent_of_mode() {
    for mode in [
        json!({ "mode": "off" }),
        json!({ "mode": "kyt_all_wallets", "screeningProvider": "hypernative" }),
        json!({}),
    ] {
        for (until, payee) in [(true, false), (false, true), (true, true)] {
            let mut object = mode.clone();
            object["hideUntilApproved"] = json!(until);
            object["hidePayeeAddress"] = json!(payee);
            let d = destination(object.clone());
            assert_eq!(d.hide_until_approved(), Some(until));
            assert_eq!(d.hide_payee_address(), Some(payee));
            let p = payment(object);
            assert_eq!(p.hide_until_approved(), Some(until));
        }
    }
}

#[test]
fn an_invalid_allowed_payer_address_is_refused_at_creation_naming_the_entry() {
    let error = payment_err(json!({ "allowedPayerAddresses": [EVM_PAYER, "0x1234", TRON_PAYER] }));
    match &error {
        AccessPolicyError::InvalidPayerAddress { index, entry, .. } => {
            assert_eq!(*index, 1);
            assert_eq!(entry, "0x1234");
        }
        other => panic!("{other:?}"),
    }
    assert!(
        error
            .to_string()
            .contains("allowedPayerAddresses[1] \"0x1234\"")
    );
    for bad in [
        "",
        " 0xab5801a7d398351b8be11c439e05c5b3259aec9b",
        "TJRabPrwbZy45sbavfcjinPJC18kjpRTv9",
        "hello",
    ] {
        assert!(
            matches!(
                payment_err(json!({ "allowedPayerAddresses": [bad] })),
                AccessPolicyError::InvalidPayerAddress { index: 0, .. }
            ),
            "{bad:?}"
        );
    }
    assert!(matches!(
        payment_err(json!({ "allowedPayerAddresses": [EVM_PAYER, 42] })),
        AccessPolicyError::Json(error) if error.to_string() == "invalid type: integer `42`, expected a string"
    ));
}

#[test]
fn evm_allowlist_entries_match_case_insensitively() {
    let list = AllowedPayers::parse(&[EVM_PAYER]).unwrap();
    for text in [
        EVM_PAYER.to_owned(),
        EVM_PAYER.to_lowercase(),
        format!("0x{}", EVM_PAYER[2..].to_uppercase()),
    ] {
        assert!(
            list.allows(&ChainAddress::parse_any(&text).unwrap()),
            "{text}"
        );
    }
    // An entry written in lowercase matches the checksummed wallet too.
    let lower = AllowedPayers::parse(&[EVM_PAYER.to_lowercase()]).unwrap();
    assert!(lower.allows(&ChainAddress::parse_any(EVM_PAYER).unwrap()));
    let other = ChainAddress::parse_any("0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570").unwrap();
    assert!(!list.allows(&other));
}

#[test]
fn a_mixed_case_evm_entry_with_a_wrong_checksum_is_refused() {
    let typo = "0xAB5801a7D398351b8bE11C439e05C5B3259aeC9B";
    assert!(matches!(
        payment_err(json!({ "allowedPayerAddresses": [typo] })),
        AccessPolicyError::InvalidPayerAddress {
            source: ChainAddressError::Evm(_),
            ..
        }
    ));
}

#[test]
fn tron_allowlist_entries_match_case_sensitively() {
    let list = AllowedPayers::parse(&[TRON_PAYER]).unwrap();
    assert!(list.allows(&ChainAddress::parse_any(TRON_PAYER).unwrap()));
    // Another case is not the same Tron address: it is refused as an entry and never matches.
    let swapped: String = TRON_PAYER
        .chars()
        .map(|c| {
            if c.is_ascii_lowercase() {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    assert!(ChainAddress::parse_any(&swapped).is_err());
    assert!(AllowedPayers::parse(&[swapped.as_str()]).is_err());
    assert!(AllowedPayers::parse(&[TRON_PAYER.to_lowercase()]).is_err());
}

#[test]
fn an_evm_entry_never_matches_a_tron_wallet_with_the_same_bytes() {
    let tron = ChainAddress::parse_any("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").unwrap();
    let evm_same_bytes = format!("{:#x}", tron.abi());
    let list = AllowedPayers::parse(&[evm_same_bytes]).unwrap();
    assert!(!list.allows(&tron));
}

#[test]
fn an_empty_or_absent_allowlist_allows_everyone() {
    let anyone = ChainAddress::parse_any(TRON_PAYER).unwrap();
    let empty = payment(json!({ "allowedPayerAddresses": [] }));
    assert!(empty.allowed_payers().unwrap().is_everyone());
    assert!(empty.allowed_payers().unwrap().allows(&anyone));
    let resolved = resolve(None, Some(&payment(json!({}))), None).unwrap();
    assert!(resolved.allowed_payers().allows(&anyone));
}

#[test]
fn unknown_fields_nulls_and_wrong_types_are_refused() {
    for bad in [
        json!({ "allowedPayerAddress": [EVM_PAYER] }),
        json!({ "mode": null }),
        json!({ "hideUntilApproved": null }),
        json!({ "hidePayeeAddress": "true" }),
        json!({ "allowedPayerAddresses": null }),
        json!({ "allowedPayerAddresses": EVM_PAYER }),
        json!({ "mode": 1 }),
        json!({ "screeningProvider": 1, "mode": "kyt_all_wallets" }),
        json!([]),
        json!("off"),
    ] {
        assert!(
            matches!(
                PaymentPolicy::from_value(&bad),
                Err(AccessPolicyError::Json(_))
            ),
            "{bad}"
        );
    }
    assert!(matches!(
        PaymentPolicy::from_str("{not json"),
        Err(AccessPolicyError::Json(_))
    ));
}

#[test]
fn documented_access_policies_round_trip() {
    let destination_example = common::read_json("policy/destination-access-policy.json");
    let d = DestinationPolicy::from_value(&destination_example).unwrap();
    assert_eq!(d.screening(), Screening::Kyt(Hypernative));
    assert_eq!(serde_json::to_value(&d).unwrap(), destination_example);

    let response = common::read_json("policy/destination-response.json");
    let d: DestinationPolicy = serde_json::from_value(response["accessPolicy"].clone()).unwrap();
    assert_eq!(serde_json::to_value(&d).unwrap(), response["accessPolicy"]);

    let body = common::read_json("policy/create-body-allowlist.json");
    let p = PaymentPolicy::from_value(&body["accessPolicy"]).unwrap();
    assert_eq!(p.sets_screening(), None);
    assert_eq!(p.allowed_payers().unwrap().addresses().len(), 1);
    assert_eq!(serde_json::to_value(&p).unwrap(), body["accessPolicy"]);

    for text in [
        r#"{"mode":"off","screeningProvider":null,"hideUntilApproved":false,"hidePayeeAddress":false}"#,
        r#"{"mode":"inherit","allowedPayerAddresses":["TJRabPrwbZy45sbavfcjinPJC18kjpRTv8","0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B"]}"#,
        r#"{}"#,
    ] {
        let p = PaymentPolicy::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&p).unwrap(), text);
        let fields: AccessPolicyFields = serde_json::from_str(text).unwrap();
        assert_eq!(PaymentPolicy::new(fields).unwrap(), p);
    }
}

#[test]
fn allowlist_entries_are_written_back_in_canonical_form() {
    let p = payment(json!({ "allowedPayerAddresses": [EVM_PAYER.to_lowercase()] }));
    assert_eq!(
        serde_json::to_value(&p).unwrap(),
        json!({ "allowedPayerAddresses": [EVM_PAYER] })
    );
}

// ---------------------------------------------------------------- KYT plans

#[test]
fn an_orchestrator_plan_lists_a_primary_and_an_optional_backup() {
    let intent = common::read_json("policy/link-intent.json");
    let plan =
        KytPlan::from_value(&json!({ "definedBy": "orchestrator", "kyt": intent["kyt"] })).unwrap();
    assert_eq!(plan.owner(), PlanOwner::Orchestrator);
    assert_eq!(plan.screening(), Screening::Kyt(Hypernative));
    assert_eq!(plan.backup(), Some(MerkleScience));
    assert_eq!(
        plan.providers()[0].policy_id(),
        Some("11111111-1111-4111-8111-111111111111")
    );
    assert_eq!(plan.providers()[1].policy_id(), None);
    let written = serde_json::to_value(&plan).unwrap();
    assert_eq!(written["kyt"], intent["kyt"]);
    assert_eq!(KytPlan::from_value(&written).unwrap(), plan);
}

#[test]
fn the_backup_provider_is_used_only_after_a_technical_failure_of_the_primary() {
    let plan = KytPlan::orchestrator(vec![
        KytProvider::new(Hypernative, None).unwrap(),
        KytProvider::new(MerkleScience, None).unwrap(),
    ])
    .unwrap();
    assert_eq!(
        plan.provider_after(Hypernative, ScreeningFailure::Technical),
        Some(MerkleScience)
    );
    assert_eq!(
        plan.provider_after(Hypernative, ScreeningFailure::Rejected),
        None
    );
    assert_eq!(
        plan.provider_after(MerkleScience, ScreeningFailure::Technical),
        None
    );
    let single =
        KytPlan::orchestrator(vec![KytProvider::new(MerkleScience, None).unwrap()]).unwrap();
    assert_eq!(
        single.provider_after(MerkleScience, ScreeningFailure::Technical),
        None
    );
    let resolved = resolve(Some(&plan), None, None).unwrap();
    assert_eq!(resolved.backup_provider(), Some(MerkleScience));
    assert_eq!(
        resolved.provider_after(Hypernative, ScreeningFailure::Technical),
        Some(MerkleScience)
    );
    assert_eq!(
        resolved.provider_after(Hypernative, ScreeningFailure::Rejected),
        None
    );
}

#[test]
fn orchestrator_provider_lists_hold_one_or_two_unique_entries() {
    let plan = |providers: Value| {
        KytPlan::from_value(
            &json!({ "definedBy": "orchestrator", "kyt": { "providers": providers } }),
        )
    };
    assert_eq!(plan(json!([])), Err(KytPlanError::NoProviders));
    assert_eq!(
        plan(
            json!([{ "provider": "hypernative" }, { "provider": "merklescience" }, { "provider": "hypernative" }])
        ),
        Err(KytPlanError::TooManyProviders(3))
    );
    assert_eq!(
        plan(json!([{ "provider": "hypernative" }, { "provider": "hypernative" }])),
        Err(KytPlanError::DuplicateProvider(Hypernative))
    );
    assert_eq!(
        plan(
            json!([{ "provider": "hypernative" }, { "provider": "merklescience", "policyId": "policy-1" }])
        ),
        Err(KytPlanError::InvalidPolicyId {
            index: 1,
            value: "policy-1".to_owned()
        })
    );
    assert_eq!(
        plan(json!([{ "provider": "hypernative", "priority": 1 }]))
            .map(|_| ())
            .unwrap_err()
            .to_string(),
        "not a KYT plan object: unknown field `priority`, expected `provider` or `policyId`"
    );
    assert_eq!(
        plan(json!([{ "provider": "chainalysis" }])),
        Err(KytPlanError::Policy(AccessPolicyError::UnknownProvider(
            "chainalysis".to_owned()
        )))
    );
    assert!(KytProvider::new(Hypernative, Some("not-a-uuid")).is_err());
}

#[test]
fn malformed_plans_each_have_their_own_error() {
    let plan = |v: Value| KytPlan::from_value(&v);
    assert_eq!(
        plan(json!({ "definedBy": "orchestrator", "mode": "off" })),
        Err(KytPlanError::OrchestratorPlanOff)
    );
    assert_eq!(
        plan(
            json!({ "definedBy": "platform", "kyt": { "providers": [{ "provider": "hypernative" }] } })
        ),
        Err(KytPlanError::ProvidersOnPlatformPlan)
    );
    assert_eq!(
        plan(json!({ "definedBy": "platform", "mode": "inherit" })),
        Err(KytPlanError::InheritInPlan)
    );
    assert_eq!(
        plan(json!({ "definedBy": "platform" })),
        Err(KytPlanError::ModeRequired)
    );
    assert_eq!(
        plan(json!({ "definedBy": "client", "mode": "off" })),
        Err(KytPlanError::UnknownOwner("client".to_owned()))
    );
    assert_eq!(
        plan(json!({ "definedBy": "platform", "mode": "kyt_all_wallets" })),
        Err(KytPlanError::Policy(AccessPolicyError::ProviderRequired))
    );
    assert!(matches!(
        plan(
            json!({ "definedBy": "orchestrator", "mode": "kyt_all_wallets", "screeningProvider": "merklescience",
                     "kyt": { "providers": [{ "provider": "hypernative" }] } })
        ),
        Err(KytPlanError::KytDisagrees { .. })
    ));
    assert!(matches!(
        plan(json!({ "mode": "off" })),
        Err(KytPlanError::Json(_))
    ));
    assert!(matches!(
        plan(json!({ "definedBy": "platform", "mode": "off", "extra": 1 })),
        Err(KytPlanError::Json(_))
    ));
    // A platform plan may turn screening off.
    assert_eq!(
        plan(json!({ "definedBy": "platform", "mode": "off", "screeningProvider": null }))
            .unwrap()
            .screening(),
        Screening::Off
    );
}

#[test]
fn a_client_id_has_at_most_one_plan_orchestrator_or_platform_never_both() {
    let mut settings = PolicySettings::new();
    settings
        .set_plan(KytPlan::platform(Screening::Kyt(Hypernative)))
        .unwrap();
    settings
        .set_plan(KytPlan::platform(Screening::Off))
        .unwrap(); // same owner: replaced
    assert_eq!(settings.plan().unwrap().screening(), Screening::Off);
    let orchestrator =
        KytPlan::new(PlanOwner::Orchestrator, Screening::Kyt(MerkleScience)).unwrap();
    assert_eq!(
        settings.set_plan(orchestrator.clone()),
        Err(KytPlanError::PlanAlreadyDefined {
            existing: PlanOwner::Platform,
            new: PlanOwner::Orchestrator
        })
    );
    assert_eq!(settings.plan().unwrap().owner(), PlanOwner::Platform);
    settings.remove_plan();
    settings.set_plan(orchestrator).unwrap();
    assert_eq!(settings.plan().unwrap().owner(), PlanOwner::Orchestrator);
}

#[test]
fn every_policy_reader_refuses_a_key_given_twice_and_an_array_for_an_object() {
    use securepay::policy::{
        DestinationError, GateError, GateEvent, PayeeDestinationRequest, PolicySnapshot,
        SnapshotError,
    };
    use std::error::Error as _;

    let policy = r#"{"mode": "off", "hidePayeeAddress": true, "hidePayeeAddress": false}"#;
    let error = AccessPolicyFields::from_str(policy).unwrap_err();
    let AccessPolicyError::Json(json) = &error else {
        panic!("{error}")
    };
    assert!(
        json.to_string()
            .starts_with("duplicate field `hidePayeeAddress`")
    );
    assert_eq!((json.line(), json.column()), (1, 60)); // the end of the second key
    // The source is serde_json's error itself.
    let source = error.source().unwrap().downcast_ref::<serde_json::Error>();
    assert_eq!(source.map(serde_json::Error::column), Some(60));
    assert!(matches!(
        PaymentPolicy::from_str(policy),
        Err(AccessPolicyError::Json(_))
    ));
    assert!(matches!(
        DestinationPolicy::from_str(policy),
        Err(AccessPolicyError::Json(_))
    ));

    for plan in [
        r#"{"definedBy": "platform", "definedBy": "orchestrator", "mode": "off"}"#,
        r#"{"definedBy": "orchestrator", "kyt": {"providers": [{"provider": "hypernative", "provider": "merklescience"}]}}"#,
        r#"{"definedBy": "orchestrator", "kyt": {"providers": [["hypernative"]]}}"#,
        r#"["platform", "off"]"#,
    ] {
        assert!(
            matches!(KytPlan::from_str(plan), Err(KytPlanError::Json(_))),
            "{plan}"
        );
    }

    let stored = serde_json::to_string(&resolve(None, None, None).unwrap()).unwrap();
    assert!(PolicySnapshot::from_str(&stored).is_ok());
    let twice = stored.replacen('{', r#"{"mode": "off", "#, 1);
    assert!(
        matches!(
            PolicySnapshot::from_str(&twice),
            Err(SnapshotError::Json(_))
        ),
        "{twice}"
    );

    let usdc_base = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
    for body in [
        json!({ "tokenAddress": usdc_base, "chainId": 8453 })
            .to_string()
            .replacen('{', r#"{"chainId": 1, "#, 1),
        format!(
            r#"{{"tokenAddress": "{usdc_base}", "chainId": 8453, "accessPolicy": {{"mode": "off", "mode": "off"}}}}"#
        ),
        format!(r#"{{"tokenAddress": "{usdc_base}", "chainId": 8453, "accessPolicy": ["off"]}}"#),
        format!(r#"["{usdc_base}", 8453]"#),
    ] {
        assert!(
            matches!(
                PayeeDestinationRequest::from_str(&body),
                Err(DestinationError::Json(_))
            ),
            "{body}"
        );
    }

    let wallet = "0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570";
    for event in [
        format!(r#"{{"event": "disconnected", "event": "connected", "wallet": "{wallet}"}}"#),
        format!(r#"{{"event": "connected", "wallet": "{wallet}", "wallet": "{wallet}"}}"#),
        r#"["disconnected"]"#.to_owned(),
        format!(r#"["connected", "{wallet}"]"#),
    ] {
        assert!(
            matches!(
                GateEvent::from_str(&event),
                Err(GateError::MalformedEvent(_))
            ),
            "{event}"
        );
    }
}
