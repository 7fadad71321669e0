//! A crypto-to-fiat walkthrough on built-in data: eligibility, the payer request bodies,
//! prerequisites, the four-step plan for another currency, and the state machines driven by
//! an out-of-order, duplicated stream of webhooks. No network, no keys.
//!
//! Run it with `cargo run --example crypto_to_fiat`.

use securepay::api::{Api, Credential};
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::offramp::{
    Change, CreatePayer, CreatePaymentDetails, CryptoToFiatTracker, OfframpAction, PayerDraft,
    PaymentDetailsDraft, PlanRequest, SANDBOX_NOTE, Step, UpdatePayer, check_eligibility, plan,
};
use securepay::webhook::Event;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let catalog = Catalog::builtin();
    println!("securepay crypto-to-fiat walkthrough (built-in data only)\n");

    // 1. Which currencies a crypto-to-fiat request may be in.
    println!("1. Eligibility");
    for id in ["USDC-matic", "USDC-base", "USDT-mainnet"] {
        match check_eligibility(catalog, id) {
            Ok(currency) => println!("   {id}: eligible ({} decimals)", currency.decimals()),
            Err(error) => println!("   {id}: refused: {error}"),
        }
    }
    println!("   Note: {SANDBOX_NOTE}");

    // 2. The payer: KYC data, agreement, bank account, each checked before it is sent.
    println!("\n2. Payer request bodies");
    let payer = CreatePayer::new(PayerDraft {
        client_user_id: "user-123".into(),
        email: "john.doe@example.com".into(),
        first_name: "John".into(),
        last_name: "Doe".into(),
        beneficiary_type: "individual".into(),
        date_of_birth: "1985-12-12".into(),
        address_line1: "123 Main Street".into(),
        city: "New York".into(),
        state: "NY".into(),
        postcode: "10001".into(),
        country: "US".into(),
        nationality: "US".into(),
        phone: "+12125551234".into(),
        ssn: "123-45-6789".into(),
        ..Default::default()
    })?;
    // The requests come from the sans-IO API layer (no network here): method, path, body.
    let api = Api::new();
    let key = Credential::api_key("sk_test_example")?;
    let show = |request: http::Request<Vec<u8>>| {
        let body = String::from_utf8_lossy(request.body()).into_owned();
        println!("   {} {} {body}", request.method(), request.uri().path());
    };
    show(api.create_payer(&key, &payer)?.into_http());
    let user = payer.client_user_id();
    show(
        api.update_payer(&key, user, &UpdatePayer::agreement_completed())?
            .into_http(),
    );
    let bank = PaymentDetailsDraft {
        bank_name: "Chase".into(),
        account_name: "John Doe".into(),
        account_number: Some("253009233489".into()),
        routing_number: Some("026013356".into()),
        beneficiary_type: "individual".into(),
        currency: "usd".into(),
        address_line1: "123 Main Street".into(),
        city: "New York".into(),
        postal_code: "10001".into(),
        country: "US".into(),
        date_of_birth: "1985-12-12".into(),
        rails: Some("local".into()),
        ..Default::default()
    };
    let details = CreatePaymentDetails::new(bank.clone())?;
    show(
        api.create_payment_details(&key, user, &details)?
            .into_http(),
    );
    let mistyped = PaymentDetailsDraft {
        country: "USA".into(),
        rails: Some("ach".into()),
        ..bank
    };
    if let Err(error) = CreatePaymentDetails::new(mistyped) {
        println!("   a mistyped body is refused locally: {error}");
    }

    // 3. A plan: the payer holds USDT on Base and wants fiat through Arbitrum One.
    println!("\n3. Plan: 250 USDT on Base to fiat through USDC on Arbitrum One");
    let route = plan(
        catalog,
        &PlanRequest {
            source_currency: "USDT-base".into(),
            target: Network::ArbitrumOne,
            amount: "250".into(),
            payer_wallet: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".into(),
            client_user_id: "user-123".into(),
            payment_details_id: "fa898aec-519c-46be-9b4c-e76ef4ff99d9".into(),
        },
    )?;
    for step in &route.steps {
        let query: Vec<String> = step.query.iter().map(|(k, v)| format!("{k}={v}")).collect();
        println!(
            "   step {}: {} {}{}{}",
            step.number,
            step.method,
            step.path,
            if query.is_empty() {
                String::new()
            } else {
                format!("?{}", query.join("&"))
            },
            step.body
                .as_ref()
                .map(|b| format!(" {b}"))
                .unwrap_or_default()
        );
        println!(
            "           {}{}{}",
            step.summary,
            if step.moves_real_funds {
                " [moves real funds]"
            } else {
                ""
            },
            if step.needs_prerequisites {
                " [needs KYC, agreement, bank details]"
            } else {
                ""
            }
        );
    }
    for note in &route.notes {
        println!("   note: {note}");
    }

    // 4. The payment followed through its webhooks, as they may really arrive.
    println!("\n4. Webhooks, out of order and duplicated");
    let request_id = "0151b394e3c482c5aebaa04eb04508a8db70595470760293f1b258ed96d1fafa93";
    let mut payment = CryptoToFiatTracker::new("user-123")
        .with_payment_details("fa898aec-519c-46be-9b4c-e76ef4ff99d9")
        .with_request(request_id);
    let readiness = payment.readiness(OfframpAction::CreateRequest);
    for unmet in &readiness.out_of_order {
        println!("   creating the request now is allowed, but out of order: {unmet}");
    }
    let processing = |sub: &str| {
        format!(
            r#"{{"event":"payment.processing","requestId":"{request_id}","subStatus":"{sub}","paymentProcessor":"request-tech"}}"#
        )
    };
    let confirmed = format!(
        r#"{{"event":"payment.confirmed","requestId":"{request_id}","amount":"250","totalAmountPaid":"250","expectedAmount":"250","txHash":"0xabcdef1234567890abcdef1234567890abcdef1234567890abcdef1234567890","isCryptoToFiat":true}}"#
    );
    let stream = [
        r#"{"event":"compliance.updated","clientUserId":"user-123","kycStatus":"approved","agreementStatus":"completed","isCompliant":true}"#.to_owned(),
        r#"{"event":"compliance.updated","clientUserId":"user-123","kycStatus":"pending"}"#.to_owned(),
        r#"{"event":"payment_detail.updated","paymentDetailsId":"fa898aec-519c-46be-9b4c-e76ef4ff99d9","status":"approved"}"#.to_owned(),
        processing("initiated"),
        processing("ongoing_checks"),
        processing("ongoing_checks"),
        processing("pending_internal_assessment"),
        confirmed.clone(),
        processing("sending_fiat"),
        processing("fiat_sent"),
        confirmed,
    ];
    for body in &stream {
        let event = Event::parse_unverified(body.as_bytes())?;
        for change in payment.apply(&event) {
            println!("   {:<32} {}", event.name().to_string(), describe(&change));
        }
    }
    let known = |s: Option<String>| s.unwrap_or_else(|| "unknown".to_owned());
    println!(
        "   final: KYC {}, agreement {}, bank details {}, offramp {}; ready to pay: {}",
        known(payment.kyc().map(ToString::to_string)),
        known(payment.agreement().map(ToString::to_string)),
        known(payment.payment_details().map(ToString::to_string)),
        payment.offramp(),
        payment.readiness(OfframpAction::Pay).ready
    );
    println!(
        "   {} moves were rejected and reported:",
        payment.rejections().len()
    );
    for rejection in payment.rejections() {
        println!("     - {rejection}");
    }
    Ok(())
}

fn describe(change: &Change) -> String {
    fn step<S: std::fmt::Display>(name: &str, step: &Step<S>) -> String {
        match step {
            Step::Moved {
                from: Some(from),
                to,
            } => format!("{name}: {from} -> {to}"),
            Step::Moved { from: None, to } => format!("{name}: -> {to}"),
            Step::Unchanged { state } => format!("{name}: already {state} (no-op)"),
            Step::Rejected(rejection) if rejection.should_redeliver() => {
                format!("{rejection}: answer 503 so it is delivered again")
            }
            Step::Rejected(rejection) => format!("{rejection}: answer 200 and log it"),
        }
    }
    match change {
        Change::Kyc(s) => step("KYC", s),
        Change::Agreement(s) => step("agreement", s),
        Change::PaymentDetails(s) => step("bank details", s),
        Change::Offramp(s) => step("offramp", s),
        Change::NotForThisPayment => "not for this payment".to_owned(),
        Change::NoStatus => "no status to apply".to_owned(),
    }
}
