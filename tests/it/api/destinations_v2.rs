//! The v2 payee destination endpoints (`/v2/payee-destination`, a Client ID with its `Origin`,
//! changes signed with EIP-712): the queries, bodies and paths built exactly, what the
//! description constrains refused (the four signing-data query values, the signature pattern,
//! the nonce's length, the legacy id's form), and the answers, which the description gives no
//! schema, kept as given. The Auth API v1 destination endpoints stay as they were.

use http::StatusCode;
use securepay::api::{
    AnswerAsGiven, Api, ApiErrorKind, ApiHost, BodyError, Credential, CredentialKind,
    DeactivatePayeeDestination, DestinationAction, Eip712Signature, Endpoint,
    GetPayeeDestinationById, GetPayeeDestinationForWallet, GetPayeeDestinationSigningData,
    LegacyDestinationId, OutgoingRequest, PayeeDestinationRef, RegisterPayeeDestination,
    RequestError, SignedDestinationAction,
};
use securepay::network::Network;
use serde_json::{Value, json};

const WALLET: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const USDC_BASE: &str = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const TRON_WALLET: &str = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8";
const USDT_TRON: &str = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const INTEROP_ID: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

fn frontend() -> Credential {
    Credential::client_id(
        "cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4",
        Some("https://shop.example"),
    )
    .unwrap()
}

fn signature() -> String {
    format!("0x{}1b", "aB".repeat(64))
}

fn signed(nonce: &str) -> SignedDestinationAction {
    SignedDestinationAction::new(signature().parse().unwrap(), nonce).unwrap()
}

#[test]
fn the_v2_rows_take_a_client_id_with_origin_and_leave_the_auth_api_rows_alone() {
    let v2 = [
        Endpoint::GetPayeeDestinationSigningData,
        Endpoint::RegisterPayeeDestination,
        Endpoint::GetPayeeDestinationForWallet,
        Endpoint::DeactivatePayeeDestination,
        Endpoint::GetPayeeDestinationById,
    ];
    for endpoint in v2 {
        assert_eq!(endpoint.host(), ApiHost::Payment, "{endpoint}");
        assert_eq!(endpoint.accepts(), [CredentialKind::ClientId], "{endpoint}");
        assert!(endpoint.origin_required(), "{endpoint}");
    }
    // They sit right before the Auth API's rows, which are unchanged.
    let position = |e: Endpoint| Endpoint::ALL.iter().position(|x| *x == e).unwrap();
    assert_eq!(
        position(Endpoint::GetPayeeDestinationById) + 1,
        position(Endpoint::CreatePayeeDestination)
    );
    for endpoint in [
        Endpoint::CreatePayeeDestination,
        Endpoint::UpdatePayeeDestination,
        Endpoint::GetPayeeDestination,
    ] {
        assert_eq!(endpoint.host(), ApiHost::Auth);
        assert_eq!(endpoint.accepts(), [CredentialKind::SessionCookie]);
    }
    // A Client ID without Origin is refused before anything is sent.
    let backend = Credential::client_id("cli_backend", None).unwrap();
    let error = Api::new()
        .register_payee_destination(&backend, &signed("n"))
        .unwrap_err();
    assert_eq!(
        error,
        RequestError::OriginRequired {
            endpoint: Endpoint::RegisterPayeeDestination
        }
    );
}

#[test]
fn the_signing_data_query_has_the_four_described_values() {
    let query =
        GetPayeeDestinationSigningData::new(WALLET, DestinationAction::Add, 8453, USDC_BASE)
            .unwrap();
    let request = Api::new()
        .get_payee_destination_signing_data(&frontend(), &query)
        .unwrap();
    assert_eq!(request.method(), "GET");
    assert_eq!(
        request.uri().to_string(),
        format!(
            "https://api.request.network/v2/payee-destination/signing-data?walletAddress={WALLET}&action=add&tokenAddress={USDC_BASE}&chainId=8453"
        )
    );
    assert_eq!(
        request.headers()["x-client-id"],
        "cli_nz1bj41szV2fvjm9pbxdIhro3ld4x4"
    );
    assert_eq!(request.headers()["origin"], "https://shop.example");
    assert!(request.body().is_empty());
    // Tron: Base58 wallet and token, chain id 728126428; lowercase EVM text is written EIP-55.
    let tron = GetPayeeDestinationSigningData::new(
        TRON_WALLET,
        DestinationAction::Deactivate,
        728_126_428,
        USDT_TRON,
    )
    .unwrap();
    assert_eq!(tron.network(), Network::Tron);
    let request = Api::new()
        .get_payee_destination_signing_data(&frontend(), &tron)
        .unwrap();
    assert_eq!(
        request.uri().query(),
        Some(format!("walletAddress={TRON_WALLET}&action=deactivate&tokenAddress={USDT_TRON}&chainId=728126428").as_str())
    );
    let lower = GetPayeeDestinationSigningData::new(
        &WALLET.to_lowercase(),
        DestinationAction::Add,
        8453,
        &USDC_BASE.to_lowercase(),
    )
    .unwrap();
    assert_eq!(lower.wallet().to_string(), WALLET);
    assert_eq!(lower.token().to_string(), USDC_BASE);
}

#[test]
fn the_signing_data_query_refuses_what_is_not_a_destination() {
    let new = |wallet: &str, chain: u64, token: &str| {
        GetPayeeDestinationSigningData::new(wallet, DestinationAction::Add, chain, token)
            .unwrap_err()
    };
    let field = |error: BodyError| match error {
        BodyError::Invalid { field, .. } | BodyError::WrongNetwork { field, .. } => field,
        other => panic!("{other}"),
    };
    assert_eq!(field(new(WALLET, 5, USDC_BASE)), "chainId"); // not one of the eight networks
    assert_eq!(field(new(WALLET, 3_448_148_188, USDT_TRON)), "chainId"); // Tron's testnet
    // DAI is not a destination token; USDT0 never is; a token unknown on the network.
    let dai = new(WALLET, 1, "0x6B175474E89094C44Da98b954EedeAC495271d0F");
    assert!(dai.to_string().contains("DAI"), "{dai}");
    assert_eq!(field(dai), "tokenAddress");
    let usdt0 = new(WALLET, 10, "0x01bFF41798a0BcF287b996046Ca68b395DbC1071");
    assert!(usdt0.to_string().contains("USDT0"), "{usdt0}");
    assert_eq!(field(new(WALLET, 8453, WALLET)), "tokenAddress");
    assert_eq!(field(new(WALLET, 728_126_428, USDC_BASE)), "tokenAddress"); // hex on Tron
    assert_eq!(field(new(TRON_WALLET, 8453, USDC_BASE)), "walletAddress");
    assert_eq!(field(new("0x1234", 8453, USDC_BASE)), "walletAddress");
}

#[test]
fn a_signature_is_0x_and_130_hex_digits_and_a_nonce_is_not_empty() {
    assert!(signature().parse::<Eip712Signature>().is_ok());
    let hex = "ab".repeat(65);
    for bad in [
        hex.clone(),                  // no 0x
        format!("0x{}", &hex[1..]),   // 129 digits
        format!("0x{hex}0"),          // 131 digits
        format!("0x{}zz", &hex[2..]), // not hex
        format!("0X{hex}"),           // 0X
        format!(" 0x{hex}"),
    ] {
        // Refused by api::Eip712Signature (its SignatureError says what is wrong).
        let error = bad.parse::<Eip712Signature>().unwrap_err();
        assert!(!error.to_string().is_empty(), "{bad}");
    }
    assert!(matches!(
        SignedDestinationAction::new(signature().parse().unwrap(), ""),
        Err(BodyError::Invalid { field: "nonce", .. })
    ));
    assert_eq!(signed("x").nonce(), "x");
}

#[test]
fn register_sends_the_signature_and_nonce() {
    let request = Api::new()
        .register_payee_destination(&frontend(), &signed("n-42"))
        .unwrap();
    assert_eq!(request.method(), "POST");
    assert_eq!(
        request.uri(),
        "https://api.request.network/v2/payee-destination"
    );
    assert_eq!(request.headers()["content-type"], "application/json");
    assert_eq!(
        serde_json::from_slice::<Value>(request.body()).unwrap(),
        json!({"signature": signature().to_lowercase(), "nonce": "n-42"}) // written lowercase
    );
}

#[test]
fn the_wallet_lookup_sends_the_wallet_address() {
    let request = Api::new()
        .get_payee_destination_for_wallet(&frontend(), &WALLET.to_lowercase().parse().unwrap())
        .unwrap();
    assert_eq!(
        request.uri().to_string(),
        format!("https://api.request.network/v2/payee-destination?walletAddress={WALLET}")
    );
    assert!(request.body().is_empty());
}

#[test]
fn deactivate_is_a_delete_with_a_body_on_one_path_segment() {
    let api = Api::new();
    let interop: PayeeDestinationRef = INTEROP_ID.parse().unwrap();
    let request = api
        .deactivate_payee_destination(&frontend(), &interop, &signed("n-43"))
        .unwrap();
    assert_eq!(request.method(), "DELETE");
    assert_eq!(
        request.uri().path(),
        "/v2/payee-destination/0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7%40eip155%3A8453%2389CDCBED%3A0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
    );
    assert_eq!(request.headers()["content-type"], "application/json");
    assert_eq!(
        serde_json::from_slice::<Value>(request.body()).unwrap(),
        json!({"signature": signature().to_lowercase(), "nonce": "n-43"}) // written lowercase
    );
    let legacy: PayeeDestinationRef = format!("tron:{TRON_WALLET}:{USDT_TRON}").parse().unwrap();
    let request = api
        .deactivate_payee_destination(&frontend(), &legacy, &signed("n-44"))
        .unwrap();
    assert_eq!(
        request.uri().path(),
        format!("/v2/payee-destination/tron%3A{TRON_WALLET}%3A{USDT_TRON}")
    );
    // A destination id with a wrong checksum or an elided address is refused.
    assert!(
        INTEROP_ID
            .replace("89CDCBED", "ABCD1234")
            .parse::<PayeeDestinationRef>()
            .is_err()
    );
    assert!(
        "0x6923...C7D7@eip155:8453#ABCD1234:0x8335...2913"
            .parse::<PayeeDestinationRef>()
            .is_err()
    );
}

#[test]
fn the_read_by_id_takes_the_described_network_wallet_token_form() {
    let id: LegacyDestinationId = format!("base:{}:{}", WALLET.to_lowercase(), USDC_BASE)
        .parse()
        .unwrap();
    assert_eq!(id.to_string(), format!("base:{WALLET}:{USDC_BASE}"));
    let request = Api::new()
        .get_payee_destination_by_id(&frontend(), &id.into())
        .unwrap();
    assert_eq!(request.method(), "GET");
    assert_eq!(
        request.uri().path(),
        format!("/v2/payee-destination/base%3A{WALLET}%3A{USDC_BASE}")
    );
    // The ERC-7828 id the service issues is taken too, as one segment.
    let request = Api::new()
        .get_payee_destination_by_id(&frontend(), &INTEROP_ID.parse().unwrap())
        .unwrap();
    assert!(
        request
            .uri()
            .path()
            .ends_with("%40eip155%3A8453%2389CDCBED%3A0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")
    );
    for bad in [
        format!("base:{WALLET}"),
        format!("base:{WALLET}:{USDC_BASE}:extra"),
        format!("goerli:{WALLET}:{USDC_BASE}"),
        format!("Base:{WALLET}:{USDC_BASE}"),
        format!("8453:{WALLET}:{USDC_BASE}"),
        format!("tron:{WALLET}:{USDT_TRON}"),
        format!("base:{WALLET}:{USDT_TRON}"),
        INTEROP_ID.to_owned(),
    ] {
        assert!(bad.parse::<LegacyDestinationId>().is_err(), "{bad}");
    }
    assert!(matches!(
        LegacyDestinationId::new(
            Network::Tron,
            WALLET.parse().unwrap(),
            USDT_TRON.parse().unwrap()
        ),
        Err(BodyError::WrongNetwork {
            field: "walletAddress",
            ..
        })
    ));
}

#[test]
fn the_signing_data_is_an_object_kept_as_given() {
    let body = json!({"domain": {"name": "Request Network", "version": "1", "chainId": 8453,
            "verifyingContract": "0x0000000000000000000000000000000000000000"},
        "types": {"EIP712Domain": [{"name": "name", "type": "string"}],
            "PayeeDestination": [{"name": "walletAddress", "type": "address"}, {"name": "nonce", "type": "string"}]},
        "primaryType": "PayeeDestination",
        "message": {"walletAddress": WALLET, "nonce": "n-42"}, "nonce": "n-42"});
    let data =
        GetPayeeDestinationSigningData::parse_parts(StatusCode::OK, body.to_string().as_bytes())
            .unwrap();
    assert_eq!(data.nonce(), Some("n-42"));
    assert_eq!(serde_json::to_value(&data).unwrap(), body);
    let no_nonce =
        GetPayeeDestinationSigningData::parse_parts(StatusCode::OK, br#"{"nonce": 42}"#).unwrap();
    assert_eq!(no_nonce.nonce(), None); // not a text: not read as the nonce
    for bad in [
        &b"[]"[..],
        b"\"data\"",
        b"null",
        b"",
        b"{\"message\": {\"a\": 1, \"a\": 2}}",
    ] {
        let error = GetPayeeDestinationSigningData::parse_parts(StatusCode::OK, bad).unwrap_err();
        assert!(
            matches!(error.kind, ApiErrorKind::InvalidBody(_)),
            "{}: {error}",
            String::from_utf8_lossy(bad)
        );
    }
}

#[test]
fn the_undescribed_answers_are_kept_as_given_and_no_content_reads_as_null() {
    let destination = json!({"id": "01HXEXAMPLE123", "destinationId": INTEROP_ID, "walletAddress": WALLET,
        "tokenAddress": USDC_BASE, "chainId": 8453, "active": true});
    let text = destination.to_string();
    let created =
        RegisterPayeeDestination::parse_parts(StatusCode::CREATED, text.as_bytes()).unwrap();
    assert_eq!(created, AnswerAsGiven(destination.clone()));
    assert_eq!(
        RegisterPayeeDestination::parse_parts(StatusCode::CREATED, b"").unwrap(),
        AnswerAsGiven(Value::Null)
    );
    let by_id = GetPayeeDestinationById::parse_parts(StatusCode::OK, text.as_bytes()).unwrap();
    assert_eq!(by_id.0["chainId"], 8453);
    let deactivated = DeactivatePayeeDestination::parse_parts(
        StatusCode::OK,
        br#"{"success":true,"message":"Destination deactivated"}"#,
    )
    .unwrap();
    assert_eq!(deactivated.0["message"], "Destination deactivated");
    // The wallet's active destination: null, or nothing, is none.
    for none in [&b"null"[..], b"", b" "] {
        assert_eq!(
            GetPayeeDestinationForWallet::parse_parts(StatusCode::OK, none).unwrap(),
            None
        );
    }
    assert_eq!(
        GetPayeeDestinationForWallet::parse_parts(StatusCode::OK, text.as_bytes()).unwrap(),
        Some(AnswerAsGiven(destination))
    );
    // Errors stay errors; a key given twice is refused at any depth.
    let error = GetPayeeDestinationById::parse_parts(
        StatusCode::NOT_FOUND,
        br#"{"statusCode":404,"message":"Payee destination not found","error":"Not Found"}"#,
    )
    .unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::NotFound);
    assert_eq!(
        error.body.message().as_deref(),
        Some("Payee destination not found")
    );
    let error = DeactivatePayeeDestination::parse_parts(StatusCode::BAD_REQUEST, b"").unwrap_err();
    assert_eq!(error.kind, ApiErrorKind::BadRequest);
    let twice = br#"{"accessPolicy": {"mode": "off", "mode": "kyt_all_wallets"}}"#;
    let error = GetPayeeDestinationForWallet::parse_parts(StatusCode::OK, twice).unwrap_err();
    assert!(
        error.to_string().contains("duplicate field `mode`"),
        "{error}"
    );
}
