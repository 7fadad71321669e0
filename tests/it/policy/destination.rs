//! Payee destination request bodies: `{ tokenAddress, chainId, accessPolicy? }`.

use crate::common;

use securepay::address::{ChainAddress, ChainAddressError};
use securepay::currency::Catalog;
use securepay::network::{Network, NetworkError};
use securepay::policy::ScreeningProvider::Hypernative;
use securepay::policy::{AccessPolicyError, DestinationError, PayeeDestinationRequest, Screening};
use serde_json::{Value, json};

// ---------------------------------------------------------------- payee destination bodies

#[test]
fn destination_bodies_accept_usdc_and_usdt_of_the_catalog_on_every_network() {
    let catalog = Catalog::builtin();
    for network in Network::ALL {
        let mut symbols = Vec::new();
        for currency in catalog.destination_tokens(network) {
            let token = currency.address().to_string();
            let request = PayeeDestinationRequest::new(network.chain_id(), &token, None).unwrap();
            assert_eq!(request.network(), network);
            assert_eq!(request.currency(), currency);
            symbols.push(currency.symbol().to_owned());
        }
        // The token list calls Sepolia's test USDC and USDT fUSDC and fUSDT.
        let expected = if network == Network::Sepolia {
            ["fUSDC", "fUSDT"]
        } else {
            ["USDC", "USDT"]
        };
        assert_eq!(symbols, expected, "{network}");
    }
}

#[test]
fn a_tron_destination_takes_a_base58_token() {
    let body = common::read_json("policy/destination-body-tron.json");
    let request = PayeeDestinationRequest::from_value_with(&body, Catalog::builtin()).unwrap();
    assert_eq!(request.network(), Network::Tron);
    assert_eq!(request.currency().id().as_str(), "USDT-tron");
    assert_eq!(serde_json::to_value(&request).unwrap(), body);
    // The same token in hex is refused on Tron.
    assert!(matches!(
        PayeeDestinationRequest::new(
            728_126_428,
            "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c",
            None
        ),
        Err(DestinationError::TokenAddress {
            network: Network::Tron,
            source: ChainAddressError::WrongFamily { .. }
        })
    ));
    // And a Base58 token on an EVM network.
    assert!(matches!(
        PayeeDestinationRequest::new(8453, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", None),
        Err(DestinationError::TokenAddress {
            network: Network::Base,
            ..
        })
    ));
}

#[test]
fn usdt0_is_never_a_destination_token() {
    // On Optimism USDT0 has its own contract: refused.
    assert_eq!(
        PayeeDestinationRequest::new(10, "0x01bFF41798a0BcF287b996046Ca68b395DbC1071", None),
        Err(DestinationError::Usdt0 {
            token: ChainAddress::parse(
                Network::Optimism,
                "0x01bFF41798a0BcF287b996046Ca68b395DbC1071"
            )
            .unwrap(),
            network: Network::Optimism
        })
    );
    // On Arbitrum and Polygon the catalog lists USDT0 at USDT's own contract: that contract is
    // registered as USDT.
    for (chain, id) in [(42161, "USDT-arbitrum-one"), (137, "USDT-matic")] {
        let usdt = Catalog::builtin().get(id).unwrap().address().to_string();
        let request = PayeeDestinationRequest::new(chain, &usdt, None).unwrap();
        assert_eq!(request.currency().symbol(), "USDT");
    }
}

#[test]
fn other_tokens_and_unknown_chains_are_refused() {
    assert!(matches!(
        PayeeDestinationRequest::new(8453, "0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb", None),
        Err(DestinationError::NotADestinationToken { ref symbol, network: Network::Base, .. }) if symbol == "DAI"
    ));
    assert!(matches!(
        PayeeDestinationRequest::new(8453, "0x0000000000000000000000000000000000000001", None),
        Err(DestinationError::UnknownToken {
            network: Network::Base,
            ..
        })
    ));
    // USDC of another network is not a token here.
    assert!(matches!(
        PayeeDestinationRequest::new(8453, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", None),
        Err(DestinationError::UnknownToken { .. })
    ));
    assert_eq!(
        PayeeDestinationRequest::new(5, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", None),
        Err(DestinationError::Chain(NetworkError::UnknownChainId(5)))
    );
}

#[test]
fn destination_bodies_validate_their_access_policy_and_shape() {
    let response = common::read_json("policy/destination-response.json");
    let body = json!({
        "tokenAddress": response["tokenAddress"],
        "chainId": response["chainId"],
        "accessPolicy": response["accessPolicy"],
    });
    let request: PayeeDestinationRequest = serde_json::from_value(body.clone()).unwrap();
    assert_eq!(request.currency().id().as_str(), "USDC-base");
    assert_eq!(
        request.access_policy().unwrap().screening(),
        Screening::Kyt(Hypernative)
    );
    assert_eq!(serde_json::to_value(&request).unwrap(), body);

    let from = |v: Value| PayeeDestinationRequest::from_value_with(&v, Catalog::builtin());
    let usdc_base = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
    assert_eq!(
        from(
            json!({ "tokenAddress": usdc_base, "chainId": 8453, "accessPolicy": { "mode": "inherit" } })
        ),
        Err(DestinationError::Policy(
            AccessPolicyError::InheritAtDestination
        ))
    );
    assert_eq!(
        from(
            json!({ "tokenAddress": usdc_base, "chainId": 8453, "accessPolicy": { "allowedPayerAddresses": [] } })
        ),
        Err(DestinationError::Policy(
            AccessPolicyError::AllowlistAtDestination
        ))
    );
    for bad in [
        json!({ "tokenAddress": usdc_base, "chainId": "8453" }),
        json!({ "tokenAddress": usdc_base }),
        json!({ "chainId": 8453 }),
        json!({ "tokenAddress": usdc_base, "chainId": 8453, "walletAddress": usdc_base }),
        json!({ "tokenAddress": usdc_base, "chainId": -1 }),
    ] {
        assert!(
            matches!(from(bad.clone()), Err(DestinationError::Json(_))),
            "{bad}"
        );
    }
}
