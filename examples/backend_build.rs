//! A backend creates a secure payment and fetches its calldata with the sans-IO API layer.
//!
//! The library does no I/O: it builds `http::Request`s and parses answers. Here a stub
//! transport, defined in this example only, plays the service with documented answers, so the
//! example runs offline: `cargo run --example backend_build`. In production, send the same
//! requests with any HTTP client (or enable the `client` feature).

use securepay::address::DestinationId;
use securepay::api::{Api, ApiError, CreateSecurePayment, Credential, SecurePaymentItem};
use securepay::network::Network;
use securepay::pay::{PayResponse, SecurePayQuery, SecurePaymentToken};

/// The example's transport: answers like the service would, from canned JSON.
struct StubTransport;

impl StubTransport {
    fn send(&self, request: &http::Request<Vec<u8>>) -> http::Response<Vec<u8>> {
        println!(
            "   → {} {} ({} body bytes)",
            request.method(),
            request.uri(),
            request.body().len()
        );
        let path = request.uri().path();
        let (status, body): (u16, &str) = if path == "/v2/secure-payments" {
            (
                201,
                r#"{"requestIds":["01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb"],
                    "securePaymentUrl":"https://pay.request.network/?token=01JD3E6JD46KY4KKV7X9V0MZ7W",
                    "token":"01JD3E6JD46KY4KKV7X9V0MZ7W","feePlan":null}"#,
            )
        } else if path.ends_with("/pay") {
            (
                200,
                r#"{"paymentType":"single","transactions":[
                    {"to":"0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913","data":"0x095ea7b30000000000000000000000001892196e80c4c17ea5100da765ab48c1fe2fb8140000000000000000000000000000000000000000000000000000000000989680","value":"0"},
                    {"to":"0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814","data":"0xc219a14d000000000000000000000000833589fcd6edb6e08f4c7c32d4f71b54bda029130000000000000000000000006923831acf5c327260d7ac7c9dff5b1c3cb3c7d7000000000000000000000000000000000000000000000000000000000098968000000000000000000000000000000000000000000000000000000000000000c0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000008b3581f0b0f74cc61000000000000000000000000000000000000000000000000","value":"0"}],
                    "feeBundle":null,
                    "metadata":{"stepsRequired":2,"needsApproval":true,"approvalTransactionIndex":0,"paymentTransactionIndex":1}}"#,
            )
        } else {
            (
                404,
                r#"{"statusCode":404,"message":"Not Found","error":"Not Found"}"#,
            )
        };
        http::Response::builder()
            .status(status)
            .header("content-type", "application/json")
            .body(body.as_bytes().to_vec())
            .unwrap_or_default()
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let api = Api::new(); // https://api.request.network; .with_base_url(…) for staging
    let transport = StubTransport;

    // 1. Create the secure payment with the backend's API key (server-side only).
    let backend = Credential::api_key("sk_live_example_key")?;
    let destination: DestinationId =
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
            .parse()?;
    let body = CreateSecurePayment::new(vec![
        SecurePaymentItem::new("10".parse()?)?.to_destination(destination.clone()),
    ])?
    .reference("ORDER-2026-0042")?;
    println!("1. Create a secure payment of 10 USDC to {destination}");
    let request = api.create_secure_payment(&backend, &body)?;
    println!("   credential in Debug output: {backend:?}");
    // The request knows its answer's type: `created` is a `SecurePaymentCreated`.
    let created = request.parse_response(&transport.send(&request))?;
    println!(
        "   token {} for {} request(s); send the payer to {}",
        created.token,
        created.request_ids.len(),
        created.secure_payment_url
    );

    // 2. Fetch its calldata: the token endpoints take a Client ID with its Origin.
    let frontend = Credential::client_id("cli_example_client", Some("https://shop.example"))?;
    let token: SecurePaymentToken = created.token;
    let query = SecurePayQuery::new().wallet("0x2e2E5C79F571ef1658d4C2d3684a1FE97DD30570".parse()?);
    println!("2. Fetch the calldata for payer 0x2e2E…0570");
    let request = api.get_secure_payment_calldata(&frontend, &token, &query, Network::Base)?;
    match request.parse_response(&transport.send(&request)) {
        Ok(PayResponse::Single(single)) => {
            for (i, tx) in single.transactions.iter().enumerate() {
                println!("   transaction {i}: {tx}");
            }
        }
        Ok(other) => println!("   another shape: {other:?}"),
        Err(error) => report(&error),
    }

    // 3. The same layer refuses what the service would refuse, before anything is sent.
    let refused = api.get_secure_payment_calldata(&backend, &token, &query, Network::Base);
    println!(
        "3. The calldata endpoint with an API key: {}",
        refused
            .err()
            .map_or_else(|| "sent".to_owned(), |e| e.to_string())
    );
    Ok(())
}

fn report(error: &ApiError) {
    if error.status.is_success() {
        println!("   unreadable answer: {error}");
    } else {
        println!("   {}", error.to_pay_endpoint_error());
    }
}
