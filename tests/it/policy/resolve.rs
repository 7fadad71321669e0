//! Resolution with provenance (the table of every plan × payment × destination case) and
//! the snapshot stored at creation.

use securepay::policy::ScreeningProvider::{Hypernative, MerkleScience};
use securepay::policy::{
    AccessPolicyError, DestinationPolicy, KytPlan, Mode, PaymentPolicy, PlanOwner, PolicySettings,
    PolicySnapshot, ResolveError, Screening, SnapshotError, Source, resolve,
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

// ---------------------------------------------------------------- resolution

#[derive(Debug, Clone, Copy)]
enum PlanCase {
    None,
    Orchestrator,
    Platform,
}

#[derive(Debug, Clone, Copy)]
enum PaymentCase {
    Absent,
    Same,
    Different,
    Inherit,
}

#[derive(Debug, Clone, Copy)]
enum DestinationCase {
    Absent,
    Off,
    Kyt,
}

/// What a row expects: the screening and who decided it, or the conflict.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Want {
    Resolved(Screening, Source),
    ModeConflict,
    ProviderConflict,
}

fn plan_of(case: PlanCase) -> Option<KytPlan> {
    match case {
        PlanCase::None => None,
        // hypernative, with merklescience as backup
        PlanCase::Orchestrator => Some(
            KytPlan::from_value(
                &json!({ "definedBy": "orchestrator", "kyt": { "providers": [
                { "provider": "hypernative" }, { "provider": "merklescience" }] } }),
            )
            .unwrap(),
        ),
        PlanCase::Platform => Some(KytPlan::platform(Screening::Kyt(MerkleScience))),
    }
}

/// "Same" repeats the plan's values; "different" contradicts them (a provider for the
/// orchestrator plan, the mode for the platform plan). Without a plan, "same" asks for
/// hypernative screening and "different" turns it off.
fn payment_of(plan: PlanCase, case: PaymentCase) -> Option<PaymentPolicy> {
    let kyt = |p: &str| json!({ "mode": "kyt_all_wallets", "screeningProvider": p });
    let value = match (plan, case) {
        (_, PaymentCase::Absent) => return None,
        (_, PaymentCase::Inherit) => json!({ "mode": "inherit" }),
        (PlanCase::None | PlanCase::Orchestrator, PaymentCase::Same) => kyt("hypernative"),
        (PlanCase::Platform, PaymentCase::Same) => kyt("merklescience"),
        (PlanCase::None | PlanCase::Platform, PaymentCase::Different) => json!({ "mode": "off" }),
        (PlanCase::Orchestrator, PaymentCase::Different) => kyt("merklescience"),
    };
    Some(payment(value))
}

fn destination_of(case: DestinationCase) -> Option<DestinationPolicy> {
    match case {
        DestinationCase::Absent => None,
        DestinationCase::Off => Some(destination(json!({ "mode": "off" }))),
        DestinationCase::Kyt => Some(destination(json!({
            "mode": "kyt_all_wallets", "screeningProvider": "merklescience", "hideUntilApproved": true
        }))),
    }
}

#[test]
fn resolution_table_every_plan_payment_and_destination_combination() {
    use DestinationCase as D;
    use PaymentCase as P;
    use PlanCase as Pl;
    let off = Screening::Off;
    let hyper = Screening::Kyt(Hypernative);
    let merkle = Screening::Kyt(MerkleScience);
    let r = Want::Resolved;
    let table = [
        // no plan: payment (when it sets a mode) → destination → no screening
        (Pl::None, P::Absent, D::Absent, r(off, Source::Default)),
        (Pl::None, P::Absent, D::Off, r(off, Source::Destination)),
        (Pl::None, P::Absent, D::Kyt, r(merkle, Source::Destination)),
        (Pl::None, P::Same, D::Absent, r(hyper, Source::Payment)),
        (Pl::None, P::Same, D::Off, r(hyper, Source::Payment)),
        (Pl::None, P::Same, D::Kyt, r(hyper, Source::Payment)),
        (Pl::None, P::Different, D::Absent, r(off, Source::Payment)),
        (Pl::None, P::Different, D::Off, r(off, Source::Payment)),
        (Pl::None, P::Different, D::Kyt, r(off, Source::Payment)),
        (Pl::None, P::Inherit, D::Absent, r(off, Source::Default)),
        (Pl::None, P::Inherit, D::Off, r(off, Source::Destination)),
        (Pl::None, P::Inherit, D::Kyt, r(merkle, Source::Destination)),
        // orchestrator plan (hypernative): wins; a different provider is refused
        (
            Pl::Orchestrator,
            P::Absent,
            D::Absent,
            r(hyper, Source::OrchestratorPlan),
        ),
        (
            Pl::Orchestrator,
            P::Absent,
            D::Off,
            r(hyper, Source::OrchestratorPlan),
        ),
        (
            Pl::Orchestrator,
            P::Absent,
            D::Kyt,
            r(hyper, Source::OrchestratorPlan),
        ),
        (
            Pl::Orchestrator,
            P::Same,
            D::Absent,
            r(hyper, Source::OrchestratorPlan),
        ),
        (
            Pl::Orchestrator,
            P::Same,
            D::Off,
            r(hyper, Source::OrchestratorPlan),
        ),
        (
            Pl::Orchestrator,
            P::Same,
            D::Kyt,
            r(hyper, Source::OrchestratorPlan),
        ),
        (
            Pl::Orchestrator,
            P::Different,
            D::Absent,
            Want::ProviderConflict,
        ),
        (
            Pl::Orchestrator,
            P::Different,
            D::Off,
            Want::ProviderConflict,
        ),
        (
            Pl::Orchestrator,
            P::Different,
            D::Kyt,
            Want::ProviderConflict,
        ),
        (
            Pl::Orchestrator,
            P::Inherit,
            D::Absent,
            r(hyper, Source::OrchestratorPlan),
        ),
        (
            Pl::Orchestrator,
            P::Inherit,
            D::Off,
            r(hyper, Source::OrchestratorPlan),
        ),
        (
            Pl::Orchestrator,
            P::Inherit,
            D::Kyt,
            r(hyper, Source::OrchestratorPlan),
        ),
        // platform plan (merklescience): wins; a different mode is refused
        (
            Pl::Platform,
            P::Absent,
            D::Absent,
            r(merkle, Source::PlatformPlan),
        ),
        (
            Pl::Platform,
            P::Absent,
            D::Off,
            r(merkle, Source::PlatformPlan),
        ),
        (
            Pl::Platform,
            P::Absent,
            D::Kyt,
            r(merkle, Source::PlatformPlan),
        ),
        (
            Pl::Platform,
            P::Same,
            D::Absent,
            r(merkle, Source::PlatformPlan),
        ),
        (
            Pl::Platform,
            P::Same,
            D::Off,
            r(merkle, Source::PlatformPlan),
        ),
        (
            Pl::Platform,
            P::Same,
            D::Kyt,
            r(merkle, Source::PlatformPlan),
        ),
        (Pl::Platform, P::Different, D::Absent, Want::ModeConflict),
        (Pl::Platform, P::Different, D::Off, Want::ModeConflict),
        (Pl::Platform, P::Different, D::Kyt, Want::ModeConflict),
        (
            Pl::Platform,
            P::Inherit,
            D::Absent,
            r(merkle, Source::PlatformPlan),
        ),
        (
            Pl::Platform,
            P::Inherit,
            D::Off,
            r(merkle, Source::PlatformPlan),
        ),
        (
            Pl::Platform,
            P::Inherit,
            D::Kyt,
            r(merkle, Source::PlatformPlan),
        ),
    ];
    assert_eq!(table.len(), 3 * 4 * 3);
    for (plan_case, payment_case, destination_case, want) in table {
        let plan = plan_of(plan_case);
        let pay = payment_of(plan_case, payment_case);
        let dest = destination_of(destination_case);
        let row = format!("{plan_case:?} × {payment_case:?} × {destination_case:?}");
        let got = resolve(plan.as_ref(), pay.as_ref(), dest.as_ref());
        match (want, got) {
            (Want::Resolved(screening, source), Ok(resolved)) => {
                assert_eq!(resolved.screening(), screening, "{row}");
                assert_eq!(resolved.provenance().mode, source, "{row}");
                assert_eq!(resolved.provenance().screening_provider, source, "{row}");
                // The plan fixes only mode and provider: the destination's privacy option stays.
                let hides = matches!(destination_case, D::Kyt);
                assert_eq!(resolved.hide_until_approved(), hides, "{row}");
                let flag_source = if hides {
                    Source::Destination
                } else {
                    Source::Default
                };
                assert_eq!(
                    resolved.provenance().hide_until_approved,
                    flag_source,
                    "{row}"
                );
                assert_eq!(
                    resolved.backup_provider(),
                    matches!(plan_case, Pl::Orchestrator).then_some(MerkleScience),
                    "{row}"
                );
            }
            (Want::ModeConflict, Err(ResolveError::ModeConflict { .. }))
            | (Want::ProviderConflict, Err(ResolveError::ProviderConflict { .. })) => {}
            (want, got) => panic!("{row}: wanted {want:?}, got {got:?}"),
        }
    }
}

#[test]
fn under_a_plan_a_payment_with_a_different_mode_or_provider_is_refused_with_a_clear_error() {
    let orchestrator = plan_of(PlanCase::Orchestrator).unwrap();
    let error = resolve(
        Some(&orchestrator),
        Some(&payment(json!({ "mode": "off" }))),
        None,
    )
    .unwrap_err();
    assert_eq!(
        error,
        ResolveError::ModeConflict {
            owner: PlanOwner::Orchestrator,
            plan: Mode::KytAllWallets,
            payment: Mode::Off
        }
    );
    assert_eq!(
        error.to_string(),
        "the Client ID's orchestrator-defined KYT plan fixes mode kyt_all_wallets, but the payment's accessPolicy sets mode off: omit mode (or use inherit) or set it to kyt_all_wallets"
    );
    let platform_off = KytPlan::platform(Screening::Off);
    let error = resolve(
        Some(&platform_off),
        Some(&payment(
            json!({ "mode": "kyt_all_wallets", "screeningProvider": "hypernative" }),
        )),
        None,
    )
    .unwrap_err();
    assert!(matches!(
        error,
        ResolveError::ModeConflict {
            owner: PlanOwner::Platform,
            ..
        }
    ));
    // The backup provider is not "the plan's provider": naming it is a conflict too.
    let error = resolve(
        Some(&orchestrator),
        Some(&payment(
            json!({ "mode": "kyt_all_wallets", "screeningProvider": "merklescience" }),
        )),
        None,
    )
    .unwrap_err();
    assert_eq!(
        error,
        ResolveError::ProviderConflict {
            owner: PlanOwner::Orchestrator,
            plan: Some(Hypernative),
            payment: MerkleScience
        }
    );
    assert!(
        error
            .to_string()
            .contains("fixes screeningProvider hypernative")
    );
}

#[test]
fn under_a_plan_the_payment_still_sets_the_allowlist_and_with_screening_the_privacy_options() {
    let plan = plan_of(PlanCase::Platform).unwrap();
    let pay = payment(json!({
        "mode": "inherit", "hideUntilApproved": true, "hidePayeeAddress": true,
        "allowedPayerAddresses": [EVM_PAYER]
    }));
    let dest = destination(json!({ "mode": "off", "hidePayeeAddress": false }));
    let resolved = resolve(Some(&plan), Some(&pay), Some(&dest)).unwrap();
    assert_eq!(resolved.screening(), Screening::Kyt(MerkleScience));
    assert!(resolved.hide_until_approved() && resolved.hide_payee_address());
    assert_eq!(resolved.allowed_payers().addresses().len(), 1);
    let p = resolved.provenance();
    assert_eq!(
        (
            p.mode,
            p.hide_until_approved,
            p.hide_payee_address,
            p.allowed_payer_addresses
        ),
        (
            Source::PlatformPlan,
            Source::Payment,
            Source::Payment,
            Source::Payment
        )
    );
}

#[test]
fn under_a_plan_without_screening_a_payment_cannot_turn_a_privacy_option_on() {
    let plan = KytPlan::platform(Screening::Off);
    assert_eq!(
        resolve(
            Some(&plan),
            Some(&payment(json!({ "hidePayeeAddress": true }))),
            None
        )
        .unwrap_err(),
        ResolveError::PrivacyWithoutScreening {
            owner: PlanOwner::Platform,
            flag: "hidePayeeAddress"
        }
    );
    // `false` is accepted and ignored: the destination's value stays.
    let dest = destination(json!({ "hideUntilApproved": true }));
    let resolved = resolve(
        Some(&plan),
        Some(&payment(
            json!({ "hideUntilApproved": false, "allowedPayerAddresses": [TRON_PAYER] }),
        )),
        Some(&dest),
    )
    .unwrap();
    assert!(resolved.hide_until_approved());
    assert_eq!(
        resolved.provenance().hide_until_approved,
        Source::Destination
    );
    assert_eq!(
        resolved.provenance().allowed_payer_addresses,
        Source::Payment
    );
}

#[test]
fn without_a_plan_a_payment_that_sets_no_mode_leaves_screening_to_the_destination() {
    let dest = destination(
        json!({ "mode": "kyt_all_wallets", "screeningProvider": "hypernative", "hidePayeeAddress": true }),
    );
    let pay = payment(json!({ "hidePayeeAddress": false, "allowedPayerAddresses": [] }));
    let resolved = resolve(None, Some(&pay), Some(&dest)).unwrap();
    assert_eq!(resolved.screening(), Screening::Kyt(Hypernative));
    assert_eq!(resolved.provenance().mode, Source::Destination);
    // The payment's explicit privacy value wins over the destination's.
    assert!(!resolved.hide_payee_address());
    assert_eq!(resolved.provenance().hide_payee_address, Source::Payment);
    assert_eq!(
        resolved.provenance().allowed_payer_addresses,
        Source::Payment
    );
}

#[test]
fn a_payment_that_sets_a_mode_uses_its_own_policy_and_keeps_unset_privacy_options_from_the_destination()
 {
    let dest = destination(
        json!({ "mode": "kyt_all_wallets", "screeningProvider": "hypernative", "hidePayeeAddress": true }),
    );
    let pay = payment(json!({ "mode": "off" }));
    let resolved = resolve(None, Some(&pay), Some(&dest)).unwrap();
    assert_eq!(resolved.screening(), Screening::Off);
    assert_eq!(resolved.provenance().mode, Source::Payment);
    assert!(resolved.hide_payee_address());
    assert_eq!(
        resolved.provenance().hide_payee_address,
        Source::Destination
    );
}

#[test]
fn a_destination_without_a_policy_does_not_screen() {
    let resolved = resolve(None, None, None).unwrap();
    assert_eq!(resolved.screening(), Screening::Off);
    assert!(!resolved.hide_until_approved() && !resolved.hide_payee_address());
    assert!(resolved.allowed_payers().is_everyone());
    let p = resolved.provenance();
    for source in [
        p.mode,
        p.screening_provider,
        p.hide_until_approved,
        p.hide_payee_address,
        p.allowed_payer_addresses,
    ] {
        assert_eq!(source, Source::Default);
    }
}

#[test]
fn the_resolved_policy_is_written_with_its_provenance() {
    let resolved = resolve(
        plan_of(PlanCase::Orchestrator).as_ref(),
        Some(&payment(
            json!({ "allowedPayerAddresses": [EVM_PAYER.to_lowercase()] }),
        )),
        Some(&destination(json!({ "hideUntilApproved": true }))),
    )
    .unwrap();
    assert_eq!(
        serde_json::to_value(&resolved).unwrap(),
        json!({
            "mode": "kyt_all_wallets",
            "screeningProvider": "hypernative",
            "backupScreeningProvider": "merklescience",
            "hideUntilApproved": true,
            "hidePayeeAddress": false,
            "allowedPayerAddresses": [EVM_PAYER],
            "provenance": {
                "mode": "orchestrator_plan",
                "screeningProvider": "orchestrator_plan",
                "hideUntilApproved": "destination",
                "hidePayeeAddress": "default",
                "allowedPayerAddresses": "payment"
            }
        })
    );
    let off = resolve(None, None, None).unwrap();
    let written = serde_json::to_value(&off).unwrap();
    assert_eq!(written["screeningProvider"], Value::Null);
    assert!(written.get("backupScreeningProvider").is_none());
}

// ---------------------------------------------------------------- the snapshot

#[test]
fn an_existing_payment_keeps_its_snapshot_across_destination_and_platform_plan_changes() {
    let mut settings = PolicySettings::new();
    settings.set_destination_policy(Some(destination(json!({
        "mode": "kyt_all_wallets", "screeningProvider": "hypernative", "hideUntilApproved": true
    }))));
    let first = settings.create_payment(None).unwrap();
    let stored = serde_json::to_string(&first).unwrap();

    // A platform plan arrives: new payments follow it, the existing one does not.
    settings
        .set_plan(KytPlan::platform(Screening::Kyt(MerkleScience)))
        .unwrap();
    let second = settings.create_payment(None).unwrap();
    assert_eq!(second.policy().screening(), Screening::Kyt(MerkleScience));
    assert_eq!(second.policy().provenance().mode, Source::PlatformPlan);

    // The plan goes, and the destination is updated to mode off: only new payments revert.
    settings.remove_plan();
    settings.set_destination_policy(Some(destination(json!({ "mode": "off" }))));
    let third = settings.create_payment(None).unwrap();
    assert_eq!(third.policy().screening(), Screening::Off);
    assert!(!third.policy().hide_until_approved());

    assert_eq!(first.policy().screening(), Screening::Kyt(Hypernative));
    assert!(first.policy().hide_until_approved());
    assert_eq!(first.policy().provenance().mode, Source::Destination);
    assert_eq!(serde_json::to_string(&first).unwrap(), stored);
    assert_eq!(second.policy().screening(), Screening::Kyt(MerkleScience));
}

#[test]
fn a_destination_update_to_mode_off_reverts_only_new_payments() {
    let mut settings = PolicySettings::new();
    settings.set_destination_policy(Some(destination(
        json!({ "mode": "kyt_all_wallets", "screeningProvider": "merklescience" }),
    )));
    let before: Vec<PolicySnapshot> = (0..3)
        .map(|_| settings.create_payment(None).unwrap())
        .collect();
    settings.set_destination_policy(Some(destination(json!({ "mode": "off" }))));
    let after = settings.create_payment(None).unwrap();
    assert_eq!(after.policy().screening(), Screening::Off);
    assert_eq!(after.policy().provenance().mode, Source::Destination);
    for snapshot in &before {
        assert_eq!(snapshot.policy().screening(), Screening::Kyt(MerkleScience));
    }
}

#[test]
fn a_stored_snapshot_reads_back_equal() {
    let snapshot = PolicySnapshot::take(
        plan_of(PlanCase::Orchestrator).as_ref(),
        Some(&payment(
            json!({ "hidePayeeAddress": true, "allowedPayerAddresses": [TRON_PAYER, EVM_PAYER] }),
        )),
        None,
    )
    .unwrap();
    let text = serde_json::to_string(&snapshot).unwrap();
    assert_eq!(PolicySnapshot::from_str(&text).unwrap(), snapshot);
    let back: PolicySnapshot = serde_json::from_str(&text).unwrap();
    assert_eq!(back, snapshot);
}

#[test]
fn a_malformed_stored_snapshot_is_refused() {
    let good = serde_json::to_value(
        PolicySnapshot::take(plan_of(PlanCase::Orchestrator).as_ref(), None, None).unwrap(),
    )
    .unwrap();
    let with = |key: &str, value: Value| {
        let mut v = good.clone();
        v[key] = value;
        PolicySnapshot::from_value(&v)
    };
    assert_eq!(
        with("mode", json!("inherit")),
        Err(SnapshotError::Policy(
            AccessPolicyError::InheritInResolvedPolicy
        ))
    );
    assert_eq!(
        with("screeningProvider", Value::Null),
        Err(SnapshotError::Policy(AccessPolicyError::ProviderRequired))
    );
    assert_eq!(
        with("backupScreeningProvider", json!("hypernative")),
        Err(SnapshotError::BackupIsPrimary(Hypernative))
    );
    let mut off = good.clone();
    off["mode"] = json!("off");
    off["screeningProvider"] = Value::Null;
    assert_eq!(
        PolicySnapshot::from_value(&off),
        Err(SnapshotError::BackupWithoutScreening(MerkleScience))
    );
    let mut missing = good.clone();
    missing.as_object_mut().unwrap().remove("hidePayeeAddress");
    assert_eq!(
        PolicySnapshot::from_value(&missing),
        Err(SnapshotError::Missing("hidePayeeAddress"))
    );
    assert!(matches!(
        with("extra", json!(1)),
        Err(SnapshotError::Json(_))
    ));
    assert!(matches!(
        with("allowedPayerAddresses", json!(["nope"])),
        Err(SnapshotError::Json(_))
    ));
    assert!(matches!(
        with("provenance", json!({ "mode": "payment" })),
        Err(SnapshotError::Json(_))
    ));
}
