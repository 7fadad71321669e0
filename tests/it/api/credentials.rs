//! Credentials: secrets never appear in `Debug` output (of the credential, or of a built
//! request), values that cannot travel in their header are refused, and Origins follow the
//! allowed-domain rules.

use securepay::api::{
    Api, ApiKey, ClientId, CreateSecurePayment, Credential, CredentialError, OrchestratorKey,
    Origin, SecurePaymentItem, SessionToken,
};

const API_KEY: &str = "sk_live_TOPSECRET1";
const CLIENT_ID: &str = "cli_TOPSECRET2";
const ORCHESTRATOR: &str = "orc_TOPSECRET3";
const SESSION: &str = "TOPSECRET4.session";

fn every_credential() -> Vec<Credential> {
    vec![
        Credential::api_key(API_KEY).unwrap(),
        Credential::client_id(CLIENT_ID, None).unwrap(),
        Credential::client_id(CLIENT_ID, Some("https://shop.example")).unwrap(),
        Credential::orchestrator(ORCHESTRATOR, CLIENT_ID, Some("https://shop.example")).unwrap(),
        Credential::session_cookie(SESSION).unwrap(),
        Credential::session_bearer(SESSION).unwrap(),
    ]
}

#[test]
fn no_secret_appears_in_the_debug_output_of_any_credential() {
    for credential in every_credential() {
        for text in [format!("{credential:?}"), format!("{credential:#?}")] {
            assert!(!text.contains("TOPSECRET"), "{text}");
            assert!(text.contains("<redacted>"), "{text}");
        }
    }
    let parts = (
        ApiKey::new(API_KEY).unwrap(),
        ClientId::new(CLIENT_ID).unwrap(),
        OrchestratorKey::new(ORCHESTRATOR).unwrap(),
        SessionToken::new(SESSION).unwrap(),
    );
    assert!(!format!("{parts:?}").contains("TOPSECRET"));
    assert_eq!(parts.0.expose_secret(), API_KEY);
}

#[test]
fn no_secret_appears_in_the_debug_output_of_a_built_request() {
    let body =
        CreateSecurePayment::new(vec![SecurePaymentItem::new("1".parse().unwrap()).unwrap()])
            .unwrap();
    for credential in every_credential() {
        let Ok(request) = Api::new().create_secure_payment(&credential, &body) else {
            continue;
        };
        let text = format!("{request:?}");
        assert!(!text.contains("TOPSECRET"), "{text}");
        // …while the headers themselves carry the secret.
        assert!(
            request
                .headers()
                .values()
                .any(|v| v.to_str().unwrap().contains("TOPSECRET"))
        );
        assert!(
            request
                .headers()
                .values()
                .filter(|v| v.to_str().unwrap().contains("TOPSECRET"))
                .all(|v| v.is_sensitive())
        );
    }
}

#[test]
fn errors_about_a_credential_never_repeat_it() {
    let error = ApiKey::new("sk_TOPSECRET\nx").unwrap_err();
    assert_eq!(
        error,
        CredentialError::InvalidCharacter {
            what: "API key",
            position: 12
        }
    );
    assert!(!error.to_string().contains("TOPSECRET"));
    let error = ClientId::new("TOPSECRET").unwrap_err();
    assert!(!error.to_string().contains("TOPSECRET"));
}

#[test]
fn credentials_refuse_values_their_header_cannot_carry() {
    assert_eq!(
        ApiKey::new("").unwrap_err(),
        CredentialError::Empty { what: "API key" }
    );
    assert!(ApiKey::new("sk live").is_err());
    assert!(ApiKey::new("sk_clé").is_err());
    assert!(SessionToken::new("a;b").is_err()); // a cookie delimiter
    assert!(SessionToken::new("a,b").is_err());
    assert!(matches!(
        ClientId::new("nz1bj41szV2fvjm9pbxdIhro3ld4x4"),
        Err(CredentialError::WrongPrefix { prefix: "cli_", .. })
    ));
    assert!(ClientId::new("cli_").is_err());
    assert!(matches!(
        OrchestratorKey::new("cli_swapped"),
        Err(CredentialError::WrongPrefix { prefix: "orc_", .. })
    ));
}

#[test]
fn origins_follow_the_allowed_domain_rules() {
    for good in [
        "https://mydomain.com",
        "https://shop.example:8443",
        "http://localhost",
        "http://localhost:3000",
        "http://127.0.0.1:5173",
        "http://[::1]:8080",
    ] {
        assert_eq!(Origin::new(good).unwrap().as_str(), good);
    }
    for bad in [
        "mydomain.com",
        "http://mydomain.com",
        "https://mydomain.com/",
        "https://mydomain.com/path",
        "https://mydomain.com?x=1",
        "https://mydomain.com#x",
        "https://user@mydomain.com",
        "https://",
        "wss://mydomain.com",
        "https://my domain.com",
    ] {
        assert!(Origin::new(bad).is_err(), "{bad}");
    }
}
