//! Crypto-to-fiat eligibility (USDC on mainnet, matic, arbitrum-one, sepolia), the planner
//! (direct, or four steps through a cross-chain swap), the sandbox note, and prerequisites.

use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::offramp::{
    EligibilityError, OfframpAction, OfframpPlanError, PlanRequest, Prerequisites, Route,
    SANDBOX_NOTE, Unmet, allowed_currencies, check_eligibility, is_sandbox, plan,
};
use securepay::webhook::{AgreementStatus, KycStatus, PaymentDetailStatus};
use serde_json::json;

const ALLOWED: &str = "USDC-mainnet, USDCn-matic, USDC-arbitrum-one, fUSDC-sepolia";
const WALLET: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";

fn request(source: &str, target: Network, amount: &str) -> PlanRequest {
    PlanRequest {
        source_currency: source.to_owned(),
        target,
        amount: amount.to_owned(),
        payer_wallet: WALLET.to_owned(),
        client_user_id: "user-123".to_owned(),
        payment_details_id: "fa898aec-519c-46be-9b4c-e76ef4ff99d9".to_owned(),
    }
}

#[test]
fn only_usdc_on_the_four_crypto_to_fiat_networks_is_eligible() {
    let catalog = Catalog::builtin();
    let allowed: Vec<String> = allowed_currencies(catalog)
        .iter()
        .map(|c| c.id().to_string())
        .collect();
    assert_eq!(allowed.join(", "), ALLOWED);
    // The canonical ids and the plain ids (aliases) are both eligible; the token list calls
    // the Sepolia test USDC fUSDC.
    for (id, canonical, symbol) in [
        ("USDC-mainnet", "USDC-mainnet", "USDC"),
        ("USDCn-matic", "USDCn-matic", "USDC"),
        ("USDC-matic", "USDCn-matic", "USDC"),
        ("USDC-arbitrum-one", "USDC-arbitrum-one", "USDC"),
        ("fUSDC-sepolia", "fUSDC-sepolia", "fUSDC"),
        ("USDC-sepolia", "fUSDC-sepolia", "fUSDC"),
    ] {
        let currency = check_eligibility(catalog, id).unwrap();
        assert_eq!(
            (currency.id().as_str(), currency.symbol()),
            (canonical, symbol),
            "{id}"
        );
    }
    for network in Network::ALL {
        let eligible = catalog.crypto_to_fiat_currency(network).is_some();
        assert_eq!(
            eligible,
            matches!(
                network,
                Network::Mainnet | Network::Matic | Network::ArbitrumOne | Network::Sepolia
            ),
            "{network}"
        );
    }
}

#[test]
fn every_refusal_says_what_is_allowed() {
    let catalog = Catalog::builtin();
    let cases = [
        ("USDT-mainnet", "NotUsdc"),
        ("ETH-mainnet", "NotUsdc"),
        ("USDC-base", "NetworkNotSupported"),
        ("USDC-optimism", "NetworkNotSupported"), // an alias resolves, then is refused
        ("USDCn-optimism", "NetworkNotSupported"),
        ("USDT-sepolia", "NotUsdc"), // the alias of fUSDT-sepolia
        ("USDT-tron", "NetworkNotSupported"),
        ("USD", "Fiat"),
        ("DOGE-mainnet", "UnknownCurrency"),
    ];
    for (id, kind) in cases {
        let error = check_eligibility(catalog, id).unwrap_err();
        let matches_kind = match &error {
            EligibilityError::NotUsdc { .. } => kind == "NotUsdc",
            EligibilityError::NetworkNotSupported { .. } => kind == "NetworkNotSupported",
            EligibilityError::Fiat { .. } => kind == "Fiat",
            EligibilityError::UnknownCurrency { .. } => kind == "UnknownCurrency",
            _ => false,
        };
        assert!(matches_kind, "{id}: {error:?}");
        assert!(error.to_string().contains(ALLOWED), "{id}: {error}");
        assert!(error.to_string().contains(id), "{id}: {error}");
    }
    assert_eq!(
        check_eligibility(catalog, "USDT-matic")
            .unwrap_err()
            .to_string(),
        format!(
            "USDT-matic is not USDC: crypto-to-fiat on matic is in USDCn-matic only (allowed: {ALLOWED})"
        )
    );
}

#[test]
fn sandbox_keys_only_affect_crypto_to_fiat_on_sepolia() {
    assert!(is_sandbox(Network::Sepolia));
    assert!(
        Network::ALL
            .into_iter()
            .filter(|n| *n != Network::Sepolia)
            .all(|n| !is_sandbox(n))
    );
    assert!(SANDBOX_NOTE.contains("crypto-to-fiat only"));
    assert!(SANDBOX_NOTE.contains("real funds with any key"));
}

#[test]
fn usdc_on_the_target_network_needs_only_the_two_offramp_steps() {
    let plan = plan(
        Catalog::builtin(),
        &request("USDC-matic", Network::Matic, "25.50"),
    )
    .unwrap();
    assert_eq!(plan.route, Route::Direct);
    assert_eq!(plan.steps.len(), 2);
    let create = &plan.steps[0];
    assert_eq!(
        (create.number, create.method, create.path.as_str()),
        (1, "POST", "/v2/request")
    );
    assert_eq!(
        create.body,
        Some(json!({
            "amount": "25.5",
            "invoiceCurrency": "USDCn-matic",
            "paymentCurrency": "USDCn-matic",
            "isCryptoToFiatAvailable": true
        }))
    );
    let pay = &plan.steps[1];
    assert_eq!(pay.number, 2);
    assert_eq!(pay.path, "/v2/request/{requestId of step 1}/pay");
    assert_eq!(
        pay.query,
        vec![
            ("wallet".to_owned(), WALLET.to_owned()),
            ("clientUserId".to_owned(), "user-123".to_owned()),
            (
                "paymentDetailsId".to_owned(),
                "fa898aec-519c-46be-9b4c-e76ef4ff99d9".to_owned()
            ),
        ]
    );
    assert!(pay.needs_prerequisites);
    assert!(pay.moves_real_funds);
    assert_eq!(plan.notes[0], SANDBOX_NOTE);
}

#[test]
fn another_currency_gets_the_four_steps_swap_then_offramp() {
    let plan = plan(
        Catalog::builtin(),
        &request("USDT-base", Network::ArbitrumOne, "250"),
    )
    .unwrap();
    assert_eq!(plan.route, Route::SwapThenOfframp);
    let numbers: Vec<u8> = plan.steps.iter().map(|s| s.number).collect();
    assert_eq!(numbers, [1, 2, 3, 4]);

    // 1. A request swapping into USDC on the target chain, with no payer address set.
    let swap = plan.steps[0].body.as_ref().unwrap();
    assert_eq!(
        swap,
        &json!({
            "payee": WALLET,
            "amount": "250",
            "invoiceCurrency": "USDC-arbitrum-one",
            "paymentCurrency": "USDC-arbitrum-one"
        })
    );
    assert!(swap.get("payer").is_none());
    assert!(!plan.steps[0].moves_real_funds);
    // 2. Pay it cross-chain from USDT on Base.
    assert_eq!(plan.steps[1].path, "/v2/request/{requestId of step 1}/pay");
    assert_eq!(
        plan.steps[1].query,
        vec![
            ("wallet".to_owned(), WALLET.to_owned()),
            ("chain".to_owned(), "BASE".to_owned()),
            ("token".to_owned(), "USDT".to_owned()),
        ]
    );
    assert!(plan.steps[1].moves_real_funds);
    assert!(!plan.steps[1].needs_prerequisites);
    // 3. A separate crypto-to-fiat request, without payee.
    let offramp = plan.steps[2].body.as_ref().unwrap();
    assert_eq!(offramp["isCryptoToFiatAvailable"], true);
    assert!(offramp.get("payee").is_none());
    // 4. Pay it with the payer's compliance ids.
    assert_eq!(plan.steps[3].path, "/v2/request/{requestId of step 3}/pay");
    assert!(plan.steps[3].needs_prerequisites);
    assert!(
        plan.notes
            .iter()
            .any(|n| n.contains("Steps 1 and 2") && n.contains("real funds with any key"))
    );
}

#[test]
fn the_sepolia_sandbox_leg_does_not_move_real_funds() {
    let plan = plan(
        Catalog::builtin(),
        &request("USDC-sepolia", Network::Sepolia, "10"),
    )
    .unwrap();
    assert_eq!(plan.route, Route::Direct);
    assert!(!plan.steps[1].moves_real_funds);
    assert!(plan.notes.iter().any(|n| n.contains("Sepolia")));
}

#[test]
fn plans_that_cannot_be_made_say_why() {
    let catalog = Catalog::builtin();
    let no_route = |source: &str, target: Network| {
        matches!(
            plan(catalog, &request(source, target, "50")),
            Err(OfframpPlanError::NoRoute { .. })
        )
    };
    assert!(
        no_route("USDT-mainnet", Network::Mainnet),
        "same-network swap"
    );
    assert!(
        no_route("USDT-bsc", Network::Mainnet),
        "BNB is not a /pay source chain"
    );
    assert!(
        no_route("USDC-matic", Network::Mainnet),
        "POLYGON is not in the OpenAPI enum"
    );
    assert!(
        no_route("USDT0-arbitrum-one", Network::Mainnet),
        "USDT0 is not a /pay token"
    );
    assert!(
        no_route("ETH-base-base", Network::Mainnet),
        "native ETH is not a /pay token"
    );
    assert!(
        no_route("USDT-tron", Network::Mainnet),
        "Tron is not a /pay source chain"
    );
    assert!(
        no_route("USDT-base", Network::Sepolia),
        "no cross-chain into Sepolia"
    );

    assert!(matches!(
        plan(catalog, &request("USDT-base", Network::Base, "50")),
        Err(OfframpPlanError::Target(
            EligibilityError::NetworkNotSupported { .. }
        ))
    ));
    assert!(matches!(
        plan(catalog, &request("XYZ-base", Network::Mainnet, "50")),
        Err(OfframpPlanError::UnknownCurrency(_))
    ));
    assert!(matches!(
        plan(catalog, &request("USDT-base", Network::Mainnet, "0.99")),
        Err(OfframpPlanError::BelowCrossChainMinimum { .. })
    ));
    // The direct route has no cross-chain minimum.
    assert!(plan(catalog, &request("USDC-mainnet", Network::Mainnet, "0.99")).is_ok());
    assert!(matches!(
        plan(
            catalog,
            &request("USDT-base", Network::Mainnet, "1.0000001")
        ),
        Err(OfframpPlanError::Amount(_))
    ));
    assert!(matches!(
        plan(catalog, &request("USDT-base", Network::Mainnet, "0")),
        Err(OfframpPlanError::Amount(_))
    ));

    let mut tron_wallet = request("USDT-base", Network::Mainnet, "50");
    tron_wallet.payer_wallet = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".to_owned();
    assert!(matches!(
        plan(catalog, &tron_wallet),
        Err(OfframpPlanError::Wallet(_))
    ));
    let mut no_user = request("USDT-base", Network::Mainnet, "50");
    no_user.client_user_id = String::new();
    assert!(matches!(
        plan(catalog, &no_user),
        Err(OfframpPlanError::ClientUserId(_))
    ));
    let mut no_details = request("USDT-base", Network::Mainnet, "50");
    no_details.payment_details_id = " ".to_owned();
    assert_eq!(
        plan(catalog, &no_details),
        Err(OfframpPlanError::MissingPaymentDetailsId)
    );
}

#[test]
fn paying_needs_kyc_agreement_and_payment_details_with_reasons() {
    let nothing = Prerequisites::default();
    let readiness = nothing.check(OfframpAction::Pay);
    assert!(!readiness.ready);
    assert_eq!(
        readiness.unmet,
        vec![
            Unmet::Kyc(None),
            Unmet::Agreement(None),
            Unmet::PaymentDetails(None)
        ]
    );
    assert!(readiness.unmet[0].to_string().contains("must be approved"));

    let almost = Prerequisites {
        kyc: Some(KycStatus::Approved),
        agreement: Some(AgreementStatus::Completed),
        payment_details: Some(PaymentDetailStatus::Pending),
    };
    let readiness = almost.check(OfframpAction::Pay);
    assert_eq!(
        readiness.unmet,
        vec![Unmet::PaymentDetails(Some(PaymentDetailStatus::Pending))]
    );
    assert_eq!(
        readiness.unmet[0].to_string(),
        "payment details are pending; they must be approved (wait for payment_detail.updated with status approved)"
    );
    let ready = Prerequisites {
        payment_details: Some(PaymentDetailStatus::Approved),
        ..almost
    };
    assert!(ready.check(OfframpAction::Pay).ready);
    // The payer endpoints' "completed" KYC counts as approved.
    let completed = Prerequisites {
        kyc: Some(KycStatus::Completed),
        ..ready.clone()
    };
    assert!(completed.check(OfframpAction::Pay).ready);
    // Unknown values never count.
    let unknown = Prerequisites {
        kyc: Some(KycStatus::Other("approved_pending_review".to_owned())),
        ..ready
    };
    assert!(!unknown.check(OfframpAction::Pay).ready);
}

#[test]
fn creating_the_request_before_kyc_is_allowed_but_reported_out_of_order() {
    let before_kyc = Prerequisites {
        kyc: Some(KycStatus::Pending),
        ..Default::default()
    };
    let readiness = before_kyc.check(OfframpAction::CreateRequest);
    assert!(readiness.ready);
    assert!(readiness.unmet.is_empty());
    assert_eq!(
        readiness.out_of_order[0],
        Unmet::Kyc(Some(KycStatus::Pending))
    );
    assert_eq!(
        readiness.out_of_order[0].to_string(),
        "payer KYC is pending; it must be approved (POST /v2/payer returns the kycUrl to complete it)"
    );
}
