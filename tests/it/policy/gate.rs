//! The payer screening gate ("Screening behavior" rules), the payer view, the masked payee,
//! and property tests over random event sequences.

use proptest::prelude::*;
use securepay::address::ChainAddress;
use securepay::network::ChainKind;
use securepay::policy::ScreeningProvider::{Hypernative, MerkleScience};
use securepay::policy::{
    BlockReason, GateError, GateEvent, GateStatus, KytPlan, Masked, PayeeDisplay, PayerGate,
    PayerView, PaymentPolicy, ResolvedPolicy, Screening, ScreeningOutcome, ScreeningProvider,
    Stage, WalletStatus, WalletType, resolve,
};
use serde_json::{Value, json};

const PAYEE: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const TRON_PAYEE: &str = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8";
const EOA: &str = "0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B";
const SMART: &str = "0x2e2e5c79f571ef1658d4c2d3684a1fe97dd30570";
const STRANGER: &str = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359";
const TRON_WALLET: &str = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

fn addr(text: &str) -> ChainAddress {
    ChainAddress::parse_any(text).unwrap()
}

fn policy(payment: Value) -> ResolvedPolicy {
    resolve(
        None,
        Some(&PaymentPolicy::from_value(&payment).unwrap()),
        None,
    )
    .unwrap()
}

fn kyt(extra: Value) -> ResolvedPolicy {
    let mut object = json!({ "mode": "kyt_all_wallets", "screeningProvider": "hypernative" });
    for (k, v) in extra.as_object().unwrap() {
        object[k] = v.clone();
    }
    policy(object)
}

fn gate(policy: &ResolvedPolicy) -> PayerGate {
    PayerGate::new(policy, addr(PAYEE))
}

fn connect(wallet: &str) -> GateEvent {
    GateEvent::Connected {
        wallet: addr(wallet),
        smart_account: None,
    }
}

fn connect_smart(eoa: &str, account: &str) -> GateEvent {
    GateEvent::Connected {
        wallet: addr(eoa),
        smart_account: Some(addr(account)),
    }
}

fn screened(wallet: &str, outcome: ScreeningOutcome) -> GateEvent {
    GateEvent::Screened {
        wallet: addr(wallet),
        outcome,
        provider: None,
    }
}

fn approved(wallet: &str) -> GateEvent {
    screened(wallet, ScreeningOutcome::Approved)
}

fn rejected(wallet: &str) -> GateEvent {
    screened(wallet, ScreeningOutcome::Rejected)
}

fn provider_error(wallet: &str) -> GateEvent {
    GateEvent::ProviderError {
        wallet: addr(wallet),
    }
}

fn run(gate: &mut PayerGate, events: &[GateEvent]) {
    for event in events {
        gate.apply(event)
            .unwrap_or_else(|e| panic!("{event:?}: {e}"));
    }
}

// ---------------------------------------------------------------- rule 1: when screening runs

#[test]
fn with_kyt_screening_runs_after_connect_and_before_payment_options_with_loading_between() {
    let mut g = gate(&kyt(json!({})));
    let view = g.view();
    assert_eq!(view.stage(), Stage::ConnectWallet);
    assert!(!view.loading() && !view.payment_options_visible() && !view.signing_enabled());

    run(&mut g, &[connect(EOA)]);
    assert_eq!(g.status(), GateStatus::Screening);
    assert_eq!(g.wallets()[0].status, WalletStatus::Pending(Hypernative));
    let view = g.view();
    assert_eq!(view.stage(), Stage::Screening);
    assert!(view.loading() && !view.payment_options_visible() && !view.signing_enabled());

    run(&mut g, &[approved(EOA)]);
    let view = g.view();
    assert_eq!(view.stage(), Stage::Payment);
    assert!(!view.loading() && view.payment_options_visible() && view.signing_enabled());
    assert_eq!(view.reason(), None);
}

#[test]
fn without_screening_an_allowed_wallet_goes_straight_to_the_payment() {
    let mut g = gate(&policy(json!({})));
    run(&mut g, &[connect(EOA)]);
    assert_eq!(g.wallets()[0].status, WalletStatus::Allowed);
    assert!(g.view().signing_enabled() && !g.view().loading());
    assert_eq!(
        g.apply(&approved(EOA)),
        Err(GateError::NotBeingScreened(addr(EOA)))
    );
}

// ---------------------------------------------------------------- rule 2: smart accounts

#[test]
fn smart_account_payments_screen_the_eoa_and_the_account_and_both_must_pass() {
    let mut g = gate(&kyt(json!({})));
    run(&mut g, &[connect_smart(EOA, SMART)]);
    let types: Vec<WalletType> = g.wallets().iter().map(|w| w.wallet_type).collect();
    assert_eq!(types, [WalletType::Eoa, WalletType::SmartAccount]);
    assert!(
        g.wallets()
            .iter()
            .all(|w| w.status == WalletStatus::Pending(Hypernative))
    );

    run(&mut g, &[approved(EOA)]);
    assert_eq!(g.status(), GateStatus::Screening);
    assert!(!g.view().signing_enabled());

    run(&mut g, &[approved(SMART)]);
    assert!(g.view().signing_enabled());

    let mut g = gate(&kyt(json!({})));
    run(
        &mut g,
        &[connect_smart(EOA, SMART), approved(EOA), rejected(SMART)],
    );
    assert_eq!(g.status(), GateStatus::Rejected);
    assert!(!g.view().signing_enabled());

    // The account failing first is enough: no need to wait for the EOA.
    let mut g = gate(&kyt(json!({})));
    run(&mut g, &[connect_smart(EOA, SMART), rejected(SMART)]);
    assert_eq!(g.status(), GateStatus::Rejected);
}

#[test]
fn smart_accounts_are_evm_only_and_distinct_from_the_eoa() {
    let mut tron = PayerGate::new(&kyt(json!({})), addr(TRON_PAYEE));
    assert_eq!(
        tron.apply(&connect_smart(TRON_WALLET, TRON_PAYEE)),
        Err(GateError::SmartAccountOnTron(addr(TRON_PAYEE)))
    );
    let mut g = gate(&kyt(json!({})));
    assert_eq!(
        g.apply(&connect_smart(EOA, &EOA.to_lowercase())),
        Err(GateError::SmartAccountIsEoa(addr(EOA)))
    );
    assert!(matches!(
        g.apply(&connect_smart(EOA, TRON_WALLET)),
        Err(GateError::WrongWalletFamily { .. })
    ));
    assert_eq!(g.status(), GateStatus::WaitingForWallet);
}

#[test]
fn a_wallet_of_the_other_family_cannot_pay() {
    let mut g = gate(&kyt(json!({})));
    assert_eq!(
        g.apply(&connect(TRON_WALLET)),
        Err(GateError::WrongWalletFamily {
            wallet: addr(TRON_WALLET),
            expected: ChainKind::Evm
        })
    );
    let mut tron = PayerGate::new(&kyt(json!({})), addr(TRON_PAYEE));
    run(&mut tron, &[connect(TRON_WALLET), approved(TRON_WALLET)]);
    assert!(tron.signing_enabled());
}

// ---------------------------------------------------------------- rule 3: the allowlist first

#[test]
fn the_allowlist_is_checked_before_screening_and_a_disallowed_wallet_is_not_screened() {
    let mut g = gate(&kyt(json!({ "allowedPayerAddresses": [EOA] })));
    run(&mut g, &[connect(STRANGER)]);
    assert_eq!(g.status(), GateStatus::NotAllowed);
    assert_eq!(g.wallets()[0].status, WalletStatus::NotAllowed);
    let view = g.view();
    assert_eq!(view.stage(), Stage::PolicyFailure);
    assert_eq!(view.reason(), Some(BlockReason::WalletNotAllowed));
    assert!(!view.signing_enabled() && !view.loading());
    assert_eq!(
        serde_json::to_value(&view).unwrap()["reason"],
        json!("wallet_not_allowed")
    );
    // A screening result for it is refused: it is not being screened.
    assert_eq!(
        g.apply(&approved(STRANGER)),
        Err(GateError::NotBeingScreened(addr(STRANGER)))
    );
    assert_eq!(g.status(), GateStatus::NotAllowed);
}

#[test]
fn for_smart_accounts_the_allowlist_is_checked_against_the_eoa() {
    // Only the account is listed: the EOA decides, so the payer is not allowed.
    let mut g = gate(&kyt(json!({ "allowedPayerAddresses": [SMART] })));
    run(&mut g, &[connect_smart(EOA, SMART)]);
    assert_eq!(g.status(), GateStatus::NotAllowed);
    assert!(
        g.wallets()
            .iter()
            .all(|w| w.status == WalletStatus::NotAllowed)
    );

    // The EOA is listed (in another case): both are screened.
    let mut g = gate(&kyt(
        json!({ "allowedPayerAddresses": [EOA.to_lowercase()] }),
    ));
    run(&mut g, &[connect_smart(EOA, SMART)]);
    assert_eq!(g.status(), GateStatus::Screening);
    run(&mut g, &[approved(SMART), approved(EOA)]);
    assert!(g.signing_enabled());
}

#[test]
fn the_allowlist_applies_without_screening_too() {
    let mut g = gate(&policy(json!({ "allowedPayerAddresses": [EOA] })));
    run(&mut g, &[connect(STRANGER)]);
    assert_eq!(g.view().reason(), Some(BlockReason::WalletNotAllowed));
    run(&mut g, &[connect(&EOA.to_uppercase().replace("0X", "0x"))]);
    assert!(g.signing_enabled());
}

// ---------------------------------------------------------------- rule 4: pass, fail, error

#[test]
fn a_failed_screening_shows_a_policy_failure_with_signing_disabled_and_a_contact_the_payee_message()
{
    let mut g = gate(&kyt(json!({})));
    run(&mut g, &[connect(EOA), rejected(EOA)]);
    let view = g.view();
    assert_eq!(view.stage(), Stage::PolicyFailure);
    assert_eq!(view.reason(), Some(BlockReason::ScreeningRejected));
    assert!(!view.signing_enabled() && !view.payment_options_visible());
    assert!(
        view.message()
            .unwrap()
            .contains("contact the payee for an alternative")
    );
}

#[test]
fn a_provider_error_disables_signing_fail_closed() {
    let mut g = gate(&kyt(json!({})));
    run(&mut g, &[connect(EOA), provider_error(EOA)]);
    assert_eq!(g.status(), GateStatus::ProviderError);
    let view = g.view();
    assert_eq!(view.reason(), Some(BlockReason::ProviderError));
    assert!(!view.signing_enabled());
    assert!(view.message().unwrap().contains("contact the payee"));
    // No late approval revives it.
    assert_eq!(
        g.apply(&approved(EOA)),
        Err(GateError::AlreadyDecided(addr(EOA)))
    );
    assert!(!g.signing_enabled());
}

#[test]
fn a_rejection_is_definitive_and_overrides_an_earlier_approval() {
    let mut g = gate(&kyt(json!({})));
    run(&mut g, &[connect(EOA), approved(EOA), rejected(EOA)]);
    assert_eq!(g.status(), GateStatus::Rejected);
    assert_eq!(
        g.apply(&approved(EOA)),
        Err(GateError::AlreadyDecided(addr(EOA)))
    );
    assert_eq!(g.status(), GateStatus::Rejected);
}

#[test]
fn a_provider_error_after_an_approval_withdraws_it() {
    let mut g = gate(&kyt(json!({})));
    run(&mut g, &[connect(EOA), approved(EOA), provider_error(EOA)]);
    assert_eq!(g.status(), GateStatus::ProviderError);
    assert!(!g.signing_enabled());
}

#[test]
fn the_backup_provider_screens_only_after_a_technical_failure_of_the_primary() {
    let plan = KytPlan::from_value(
        &json!({ "definedBy": "orchestrator", "kyt": { "providers": [
        { "provider": "hypernative" }, { "provider": "merklescience" }] } }),
    )
    .unwrap();
    let with_backup = resolve(Some(&plan), None, None).unwrap();

    let mut g = PayerGate::new(&with_backup, addr(PAYEE));
    run(&mut g, &[connect(EOA), provider_error(EOA)]);
    assert_eq!(g.wallets()[0].status, WalletStatus::Pending(MerkleScience));
    assert!(g.view().loading() && !g.signing_enabled());
    // A late answer naming the primary is stale.
    assert_eq!(
        g.apply(&GateEvent::Screened {
            wallet: addr(EOA),
            outcome: ScreeningOutcome::Approved,
            provider: Some(Hypernative)
        }),
        Err(GateError::StaleProvider {
            wallet: addr(EOA),
            expected: MerkleScience,
            given: Hypernative
        })
    );
    run(
        &mut g,
        &[GateEvent::Screened {
            wallet: addr(EOA),
            outcome: ScreeningOutcome::Approved,
            provider: Some(MerkleScience),
        }],
    );
    assert!(g.signing_enabled());

    // A stale answer naming the backup before the primary failed is refused; once the
    // primary fails, the backup's approval lets the payer sign.
    let mut g = PayerGate::new(&with_backup, addr(PAYEE));
    run(&mut g, &[connect(EOA)]);
    let backup_approval = GateEvent::Screened {
        wallet: addr(EOA),
        outcome: ScreeningOutcome::Approved,
        provider: Some(MerkleScience),
    };
    assert!(matches!(
        g.apply(&backup_approval),
        Err(GateError::StaleProvider { .. })
    ));
    run(&mut g, &[provider_error(EOA), backup_approval]);
    assert!(g.signing_enabled());

    // The backup failing too ends in a provider error.
    let mut g = PayerGate::new(&with_backup, addr(PAYEE));
    run(
        &mut g,
        &[connect(EOA), provider_error(EOA), provider_error(EOA)],
    );
    assert_eq!(g.status(), GateStatus::ProviderError);

    // A rejection by the primary does not fall back.
    let mut g = PayerGate::new(&with_backup, addr(PAYEE));
    run(&mut g, &[connect(EOA), rejected(EOA)]);
    assert_eq!(g.status(), GateStatus::Rejected);
}

// ---------------------------------------------------------------- rule 5: hideUntilApproved

#[test]
fn hide_until_approved_hides_amount_currency_and_recipient_until_the_wallet_passed() {
    let hidden =
        |v: &PayerView| !v.amount_visible() && !v.currency_visible() && v.recipient().is_none();
    let shown =
        |v: &PayerView| v.amount_visible() && v.currency_visible() && v.recipient().is_some();

    let mut g = gate(&kyt(json!({ "hideUntilApproved": true })));
    assert!(hidden(&g.view()));
    run(&mut g, &[connect(EOA)]);
    assert!(hidden(&g.view()));
    assert_eq!(
        serde_json::to_value(g.view()).unwrap()["recipient"],
        Value::Null
    );
    run(&mut g, &[approved(EOA)]);
    assert!(shown(&g.view()));

    let mut g = gate(&kyt(json!({ "hideUntilApproved": true })));
    run(&mut g, &[connect(EOA), rejected(EOA)]);
    assert!(hidden(&g.view()));

    // Without the option everything is visible from the start.
    let g = gate(&kyt(json!({})));
    assert!(shown(&g.view()));
}

// ---------------------------------------------------------------- rule 6: hidePayeeAddress

fn reveals_payee(text: &str) -> bool {
    let lower = text.to_lowercase();
    lower.contains(&PAYEE[2..].to_lowercase()) || lower.contains(&PAYEE[2..10].to_lowercase())
}

#[test]
fn hide_payee_address_masks_the_payee_in_the_whole_flow() {
    let masked_policy = kyt(json!({ "hidePayeeAddress": true }));
    let mut g = gate(&masked_policy);
    let flow = [
        connect(EOA),
        approved(EOA),
        rejected(EOA),
        connect(STRANGER),
        GateEvent::Disconnected,
    ];
    let mut views = vec![g.view()];
    for event in &flow {
        g.apply(event).unwrap();
        views.push(g.view());
    }
    for view in &views {
        let recipient = view.recipient().unwrap();
        assert!(recipient.is_masked());
        assert_eq!(recipient.shown_address(), None);
        assert!(!view.copy_address() && !view.explorer_link() && !view.name_resolution());
        for text in [
            format!("{view:?}"),
            serde_json::to_string(view).unwrap(),
            recipient.to_string(),
        ] {
            assert!(!reveals_payee(&text), "{text}");
        }
        // The transaction still uses the real address.
        assert_eq!(recipient.address_for_transaction(), &addr(PAYEE));
    }
    assert!(!reveals_payee(&format!("{g:?}")), "the gate's Debug");

    // In clear, the screen may copy, link and resolve the address.
    let g = gate(&kyt(json!({})));
    let view = g.view();
    assert_eq!(
        view.recipient().unwrap().shown_address(),
        Some(&addr(PAYEE))
    );
    assert!(view.copy_address() && view.explorer_link() && view.name_resolution());
    assert_eq!(
        serde_json::to_value(&view).unwrap()["recipient"],
        json!({ "masked": false, "address": PAYEE })
    );
}

#[test]
fn the_masked_type_never_reveals_its_value_through_debug_display_or_serde() {
    for payee in [addr(PAYEE), addr(TRON_PAYEE)] {
        let masked = Masked::new(payee);
        let display = PayeeDisplay::new(payee, true);
        let texts = [
            format!("{masked}"),
            format!("{masked:?}"),
            format!("{masked:#?}"),
            serde_json::to_string(&masked).unwrap(),
            format!("{display}"),
            format!("{display:?}"),
            serde_json::to_string(&display).unwrap(),
        ];
        let raw = payee.to_string();
        for text in texts {
            assert!(
                !text.contains(&raw) && !text.to_lowercase().contains(&raw[2..12].to_lowercase()),
                "{text}"
            );
        }
        assert_eq!(
            serde_json::to_value(display).unwrap(),
            json!({ "masked": true })
        );
        assert_eq!(masked.reveal_for_transaction(), &payee);
        assert_eq!(masked.into_revealed_for_transaction(), payee);
    }
}

// ---------------------------------------------------------------- connection lifecycle

#[test]
fn disconnect_resets_and_a_new_wallet_starts_over() {
    let mut g = gate(&kyt(json!({})));
    run(
        &mut g,
        &[connect(EOA), approved(EOA), GateEvent::Disconnected],
    );
    assert_eq!(g.status(), GateStatus::WaitingForWallet);
    assert!(!g.signing_enabled());
    run(&mut g, &[connect(STRANGER)]);
    assert_eq!(g.status(), GateStatus::Screening);
    // An answer about the previous wallet is refused.
    assert_eq!(
        g.apply(&approved(EOA)),
        Err(GateError::UnknownWallet(addr(EOA)))
    );
    // Switching wallets without disconnecting also starts over.
    run(&mut g, &[approved(STRANGER), connect(EOA)]);
    assert_eq!(g.status(), GateStatus::Screening);
}

#[test]
fn a_refused_event_leaves_the_gate_unchanged() {
    let mut g = gate(&kyt(json!({})));
    assert_eq!(g.apply(&approved(EOA)), Err(GateError::NoWalletConnected));
    run(&mut g, &[connect_smart(EOA, SMART), approved(EOA)]);
    let before = g.clone();
    for event in [
        approved(STRANGER),
        approved(EOA),
        connect(TRON_WALLET),
        connect_smart(EOA, EOA),
    ] {
        assert!(g.apply(&event).is_err(), "{event:?}");
        assert_eq!(g, before);
    }
}

#[test]
fn gate_events_read_and_write_their_json_form() {
    let lines = [
        json!({ "event": "connected", "wallet": EOA }),
        json!({ "event": "connected", "wallet": EOA, "smartAccount": "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570" }),
        json!({ "event": "screened", "wallet": EOA, "status": "approved" }),
        json!({ "event": "screened", "wallet": TRON_WALLET, "status": "rejected", "provider": "merklescience" }),
        json!({ "event": "provider_error", "wallet": EOA }),
        json!({ "event": "disconnected" }),
    ];
    for line in lines {
        let event: GateEvent = serde_json::from_value(line.clone()).unwrap();
        assert_eq!(serde_json::to_value(event).unwrap(), line);
    }
    for bad in [
        json!({ "event": "connect", "wallet": EOA }),
        json!({ "event": "connected" }),
        json!({ "event": "connected", "wallet": "0x1234" }),
        json!({ "event": "screened", "wallet": EOA, "status": "error" }),
        json!({ "event": "screened", "wallet": EOA }),
        json!({ "event": "screened", "wallet": EOA, "status": "approved", "provider": "chainalysis" }),
        json!({ "event": "disconnected", "wallet": EOA }),
        json!({ "wallet": EOA }),
        json!([]),
    ] {
        assert!(
            matches!(
                GateEvent::from_value(&bad),
                Err(GateError::MalformedEvent(_))
            ),
            "{bad}"
        );
    }
}

#[test]
fn the_gate_state_is_written_with_each_wallet() {
    let mut g = gate(&kyt(json!({})));
    run(&mut g, &[connect_smart(EOA, SMART), approved(SMART)]);
    assert_eq!(
        serde_json::to_value(g.state()).unwrap(),
        json!({
            "status": "screening",
            "wallets": [
                { "address": EOA, "walletType": "eoa", "status": "pending", "provider": "hypernative" },
                { "address": "0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570", "walletType": "smart_account", "status": "approved" }
            ]
        })
    );
}

// ---------------------------------------------------------------- properties

/// The wallets the property tests connect: two EVM EOAs, one smart account, one stranger.
const POOL: [&str; 4] = [
    EOA,
    SMART,
    STRANGER,
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
];

fn any_wallet() -> impl Strategy<Value = ChainAddress> {
    prop::sample::select(POOL.to_vec()).prop_map(addr)
}

fn any_provider() -> impl Strategy<Value = Option<ScreeningProvider>> {
    prop_oneof![
        Just(None),
        Just(Some(Hypernative)),
        Just(Some(MerkleScience))
    ]
}

fn any_event() -> impl Strategy<Value = GateEvent> {
    let outcome = prop_oneof![
        3 => Just(ScreeningOutcome::Approved),
        1 => Just(ScreeningOutcome::Rejected),
    ];
    prop_oneof![
        2 => (any_wallet(), prop::option::of(any_wallet())).prop_map(|(wallet, smart_account)| {
            GateEvent::Connected { wallet, smart_account }
        }),
        4 => (any_wallet(), outcome, any_provider()).prop_map(|(wallet, outcome, provider)| {
            GateEvent::Screened { wallet, outcome, provider }
        }),
        1 => any_wallet().prop_map(|wallet| GateEvent::ProviderError { wallet }),
        1 => Just(GateEvent::Disconnected),
    ]
}

/// A random resolved configuration: screening off or on (with or without a backup), an
/// allowlist drawn from the pool, and the privacy options.
fn any_policy() -> impl Strategy<Value = ResolvedPolicy> {
    (
        0..4u8,
        prop::sample::subsequence(POOL.to_vec(), 0..3),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(screening, allowed, hide_until, hide_payee)| {
            let allowed: Vec<&str> = allowed;
            let payment = json!({
                "hideUntilApproved": hide_until,
                "hidePayeeAddress": hide_payee,
                "allowedPayerAddresses": allowed,
            });
            let plan = match screening {
                0 => None,
                1 => Some(KytPlan::platform(Screening::Kyt(MerkleScience))),
                2 => Some(KytPlan::platform(Screening::Kyt(Hypernative))),
                _ => Some(
                    KytPlan::from_value(
                        &json!({ "definedBy": "orchestrator", "kyt": { "providers": [
                        { "provider": "hypernative" }, { "provider": "merklescience" }] } }),
                    )
                    .unwrap(),
                ),
            };
            resolve(
                plan.as_ref(),
                Some(&PaymentPolicy::from_value(&payment).unwrap()),
                None,
            )
            .unwrap()
        })
}

/// An independent record of what happened to each wallet since the last connection, fed with
/// every event (whether or not the gate accepted it).
#[derive(Default)]
struct History {
    connection: Option<(ChainAddress, Option<ChainAddress>)>,
    events: Vec<(ChainAddress, &'static str)>,
}

impl History {
    fn record(&mut self, event: &GateEvent, accepted: bool) {
        match *event {
            GateEvent::Connected {
                wallet,
                smart_account,
            } if accepted => {
                self.connection = Some((wallet, smart_account));
                self.events.clear();
            }
            GateEvent::Connected { .. } => {}
            GateEvent::Disconnected => {
                self.connection = None;
                self.events.clear();
            }
            GateEvent::Screened {
                wallet, outcome, ..
            } => self.events.push((
                wallet,
                match outcome {
                    ScreeningOutcome::Approved => "approved",
                    ScreeningOutcome::Rejected => "rejected",
                    _ => panic!("not a case this test builds"),
                },
            )),
            GateEvent::ProviderError { wallet } => self.events.push((wallet, "error")),
            _ => panic!("not a case this test builds"),
        }
    }

    /// Whether signing may be on: a connected EOA that is allowed and, with screening, every
    /// wallet never rejected, with at most the one technical failure a backup provider
    /// absorbs, and approved after its last technical failure. (Approvals the gate refused as
    /// stale are counted too, so this is necessary, not sufficient.)
    fn may_sign(&self, policy: &ResolvedPolicy) -> bool {
        let Some((eoa, account)) = self.connection else {
            return false;
        };
        if !policy.allowed_payers().allows(&eoa) {
            return false;
        }
        if !policy.screening().is_enabled() {
            return true;
        }
        let tolerated_errors = usize::from(policy.backup_provider().is_some());
        std::iter::once(eoa).chain(account).all(|wallet| {
            let mine: Vec<&str> = self
                .events
                .iter()
                .filter(|(w, _)| *w == wallet)
                .map(|(_, kind)| *kind)
                .collect();
            let last_approval = mine.iter().rposition(|k| *k == "approved");
            let last_error = mine.iter().rposition(|k| *k == "error");
            !mine.contains(&"rejected")
                && last_approval.is_some()
                && mine.iter().filter(|k| **k == "error").count() <= tolerated_errors
                && last_error.is_none_or(|e| last_approval.is_some_and(|a| e < a))
        })
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// No sequence of events ever enables signing for a wallet that failed, was not allowed,
    /// is still being screened, or hit a provider error that no backup absorbed.
    #[test]
    fn no_event_sequence_enables_signing_for_a_failed_disallowed_pending_or_errored_wallet(
        policy in any_policy(),
        events in prop::collection::vec(any_event(), 0..14),
    ) {
        let mut gate = PayerGate::new(&policy, addr(PAYEE));
        let mut history = History::default();
        for event in &events {
            let before = gate.clone();
            let accepted = gate.apply(event).is_ok();
            if !accepted {
                prop_assert_eq!(&gate, &before, "a refused event changed the gate");
            }
            history.record(event, accepted);
            let view = gate.view();
            prop_assert_eq!(view.signing_enabled(), gate.signing_enabled());
            if view.signing_enabled() {
                prop_assert!(history.may_sign(&policy), "signing enabled after {:?}", events);
                prop_assert!(gate.wallets().iter().all(|w| matches!(w.status, WalletStatus::Approved | WalletStatus::Allowed)));
            }
            let pending = gate.wallets().iter().any(|w| matches!(w.status, WalletStatus::Pending(_)));
            if pending {
                prop_assert!(!view.signing_enabled());
            }
            prop_assert_eq!(view.loading(), gate.status() == GateStatus::Screening);
            prop_assert_eq!(view.payment_options_visible(), view.signing_enabled());
            prop_assert_eq!(view.reason().is_some(), view.message().is_some());
            prop_assert_eq!(view.reason().is_some(), view.stage() == Stage::PolicyFailure);
        }
    }

    /// Whatever happens, a masked payee never shows, and `hideUntilApproved` hides the payment
    /// details exactly until signing is enabled.
    #[test]
    fn the_view_honours_the_privacy_options_after_any_event_sequence(
        policy in any_policy(),
        events in prop::collection::vec(any_event(), 0..14),
    ) {
        let mut gate = PayerGate::new(&policy, addr(PAYEE));
        for event in &events {
            let _ = gate.apply(event);
            let view = gate.view();
            if policy.hide_payee_address() {
                let texts = [format!("{view:?}"), serde_json::to_string(&view).unwrap(), format!("{gate:?}")];
                for text in texts {
                    prop_assert!(!reveals_payee(&text), "{}", text);
                }
                prop_assert!(!view.copy_address() && !view.explorer_link() && !view.name_resolution());
            }
            if policy.hide_until_approved() {
                prop_assert_eq!(view.amount_visible(), view.signing_enabled());
                prop_assert_eq!(view.currency_visible(), view.signing_enabled());
                prop_assert_eq!(view.recipient().is_some(), view.signing_enabled());
            } else {
                prop_assert!(view.amount_visible() && view.recipient().is_some());
            }
            if let Some(recipient) = view.recipient() {
                prop_assert_eq!(recipient.address_for_transaction(), &addr(PAYEE));
            }
        }
    }
}
