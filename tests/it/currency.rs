//! The currency object, currency ids, and the built-in catalog pinned against
//! `reference/currencies.json`.

use crate::common;

use securepay::address::ChainAddress;
use securepay::currency::{
    Catalog, CatalogEntry, CatalogError, Currency, CurrencyError, CurrencyFields, CurrencyId,
    CurrencyNetwork, CurrencyQuery, CurrencyType, QueryAnswer, SourceEndpoint,
    crypto_to_fiat_networks,
};
use securepay::network::Network;
use serde_json::{Value, json};

fn reference() -> Value {
    common::read_json("reference/currencies.json")
}

/// The fields of a reference row that the catalog carries, each compared below.
const COMPARED_FIELDS: &[&str] = &[
    "id",
    "name",
    "symbol",
    "decimals",
    "address",
    "network",
    "type",
    "chainId",
    "hash",
    "abiHex",
    "destination",
    "verified",
    "aliases",
];
/// The fields of a reference row that only document it (where a fact comes from, why an id
/// was chosen); the catalog does not carry them, so they are not compared.
const DOCUMENTATION_FIELDS: &[&str] = &["source", "note", "idNote"];

fn api_object(entry: &Value) -> Value {
    let mut object = json!({});
    for key in [
        "id", "name", "symbol", "decimals", "address", "network", "type", "chainId", "hash",
    ] {
        if let Some(v) = entry.get(key) {
            object[key] = v.clone();
        }
    }
    object
}

#[test]
fn every_builtin_entry_matches_the_reference_and_passes_the_checked_constructor() {
    let reference = reference();
    let catalog = Catalog::builtin();
    let mut expected_count = 0;
    for entry in reference["currencies"]
        .as_array()
        .unwrap()
        .iter()
        .chain(reference["fiat"].as_array().unwrap())
    {
        expected_count += 1;
        let id = common::s(entry, "id");
        for key in entry.as_object().unwrap().keys() {
            assert!(
                COMPARED_FIELDS.contains(&key.as_str())
                    || DOCUMENTATION_FIELDS.contains(&key.as_str()),
                "{id}: reference field {key:?} is new: compare it or list it as documentation"
            );
        }
        let ours = catalog.entry(id).unwrap_or_else(|e| panic!("{id}: {e}"));
        let currency = ours.currency();
        assert_eq!(currency.name(), common::s(entry, "name"), "{id}");
        assert_eq!(currency.symbol(), common::s(entry, "symbol"), "{id}");
        assert_eq!(
            u64::from(currency.decimals().get()),
            entry["decimals"].as_u64().unwrap(),
            "{id}"
        );
        assert_eq!(
            currency.network().as_str(),
            common::s(entry, "network"),
            "{id}"
        );
        assert_eq!(currency.kind().as_str(), common::s(entry, "type"), "{id}");
        assert_eq!(
            currency.chain_id(),
            entry["chainId"].as_u64().unwrap(),
            "{id}"
        );
        let reference_address = common::s(entry, "address");
        match currency.address() {
            ChainAddress::Tron(tron) => {
                assert_eq!(tron.to_base58(), reference_address, "{id}");
                assert_eq!(
                    format!("{:#x}", tron.abi()),
                    common::s(entry, "abiHex"),
                    "{id}"
                );
            }
            ChainAddress::Evm(evm) => assert_eq!(
                evm.to_checksum().to_lowercase(),
                reference_address.to_lowercase(),
                "{id}"
            ),
        }
        if let Some(hash) = entry.get("hash").and_then(Value::as_str) {
            assert_eq!(
                currency.hash().unwrap().to_string().to_lowercase(),
                hash.to_lowercase(),
                "{id}"
            );
        }
        assert_eq!(ours.is_destination(), entry["destination"] == true, "{id}");
        assert_eq!(ours.is_verified(), entry["verified"] != false, "{id}");
        let aliases: Vec<&str> = ours.aliases().iter().map(|a| a.as_str()).collect();
        let expected_aliases: Vec<&str> = entry["aliases"]
            .as_array()
            .map(|a| a.iter().map(|v| v.as_str().unwrap()).collect())
            .unwrap_or_default();
        assert_eq!(aliases, expected_aliases, "{id}");
        // The compiled-in entry is what the checked constructor builds from the reference JSON.
        let rebuilt: Currency =
            serde_json::from_value(api_object(entry)).unwrap_or_else(|e| panic!("{id}: {e}"));
        assert_eq!(rebuilt.id(), currency.id());
        assert_eq!(rebuilt.address(), currency.address());
        assert_eq!(
            Currency::new(currency.to_fields()).unwrap(),
            *currency,
            "{id}"
        );
    }
    assert_eq!(catalog.currencies().count(), expected_count);
}

#[test]
fn currency_objects_round_trip_in_the_api_shape() {
    let json = r#"{"id":"USDC-mainnet","name":"USDC","symbol":"USDC","decimals":6,"address":"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48","network":"mainnet","type":"ERC20","hash":"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48","chainId":1}"#;
    let currency: Currency = serde_json::from_str(json).unwrap();
    assert_eq!(serde_json::to_string(&currency).unwrap(), json);
    let native = r#"{"id":"ETH-mainnet","name":"Ether","symbol":"ETH","decimals":18,"address":"0xf5af88e117747e87fc5929f2ff87221b1447652e","network":"mainnet","type":"ETH","hash":"0xf5af88e117747e87fc5929f2ff87221b1447652e","chainId":1}"#;
    let native: Currency = serde_json::from_str(native).unwrap();
    assert_eq!(native.kind(), CurrencyType::Eth);
    assert_eq!(
        native.token_address(),
        None,
        "a native currency's address is its hash, not a contract"
    );
    let fiat = r#"{"id":"USD","name":"US Dollar","symbol":"USD","decimals":2,"address":"0x0000000000000000000000000000000000555344","network":"fiat","type":"ISO4217","hash":"0x775eb53d00dd0acd3ec1696472105d579b9b386b","chainId":0}"#;
    let fiat: Currency = serde_json::from_str(fiat).unwrap();
    assert!(fiat.id().is_fiat());
    let tron_without_hash = r#"{"id":"USDT-tron","name":"Tether USD","symbol":"USDT","decimals":6,"address":"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t","network":"tron","type":"TRC20","chainId":728126428}"#;
    let tron: Currency = serde_json::from_str(tron_without_hash).unwrap();
    assert!(tron.hash().is_none());
    assert_eq!(serde_json::to_string(&tron).unwrap(), tron_without_hash);
}

#[test]
fn inconsistent_currency_objects_are_rejected() {
    let base = CurrencyFields {
        id: "USDC-base".into(),
        name: "USD Coin".into(),
        symbol: "USDC".into(),
        decimals: 6,
        address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".into(),
        network: "base".into(),
        kind: "ERC20".into(),
        hash: None,
        chain_id: 8453,
    };
    assert!(Currency::new(base.clone()).is_ok());
    let wrong_chain = CurrencyFields {
        chain_id: 1,
        ..base.clone()
    };
    assert!(matches!(
        Currency::new(wrong_chain),
        Err(CurrencyError::ChainIdMismatch {
            expected: 8453,
            found: 1,
            ..
        })
    ));
    let tron_address = CurrencyFields {
        address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".into(),
        ..base.clone()
    };
    assert!(matches!(
        Currency::new(tron_address),
        Err(CurrencyError::Address { .. })
    ));
    let trc20_on_evm = CurrencyFields {
        kind: "TRC20".into(),
        ..base.clone()
    };
    assert!(matches!(
        Currency::new(trc20_on_evm),
        Err(CurrencyError::KindMismatch { .. })
    ));
    let unknown_kind = CurrencyFields {
        kind: "ERC721".into(),
        ..base.clone()
    };
    assert!(matches!(
        Currency::new(unknown_kind),
        Err(CurrencyError::UnknownKind(_))
    ));
    let id_mismatch = CurrencyFields {
        id: "USDC-mainnet".into(),
        ..base.clone()
    };
    assert!(matches!(
        Currency::new(id_mismatch),
        Err(CurrencyError::Id(_))
    ));
    let too_many_decimals = CurrencyFields {
        decimals: 78,
        ..base
    };
    assert!(matches!(
        Currency::new(too_many_decimals),
        Err(CurrencyError::Decimals { .. })
    ));
}

#[test]
fn currencies_of_networks_outside_the_eight_are_listed_not_payable() {
    let json = r#"{"id":"USDC-avalanche","name":"USD Coin","symbol":"USDC","decimals":6,"address":"0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E","network":"avalanche","type":"ERC20","chainId":43114}"#;
    let currency: Currency = serde_json::from_str(json).unwrap();
    assert_eq!(
        currency.network(),
        &CurrencyNetwork::Other("avalanche".into())
    );
    assert_eq!(currency.chain_network(), None);
}

#[test]
fn currency_ids() {
    let cases = [
        ("USDC-mainnet", "USDC", Some(Network::Mainnet)),
        ("ETH-base-base", "ETH-base", Some(Network::Base)),
        ("ETH-sepolia-sepolia", "ETH-sepolia", Some(Network::Sepolia)),
        ("USDT0-arbitrum-one", "USDT0", Some(Network::ArbitrumOne)),
        ("AETH-arbitrum-one", "AETH", Some(Network::ArbitrumOne)),
        ("USDCn-optimism", "USDCn", Some(Network::Optimism)),
        ("fUSDC-sepolia", "fUSDC", Some(Network::Sepolia)),
        ("USD", "USD", None),
        ("JPY", "JPY", None),
    ];
    for (text, symbol, network) in cases {
        let id: CurrencyId = text.parse().unwrap();
        assert_eq!(id.symbol_part(), symbol, "{text}");
        assert_eq!(id.network(), network, "{text}");
        assert_eq!(id.to_string(), text);
    }
    for bad in [
        "",
        "USDC",
        "USDC-",
        "-base",
        "USDC-avalanche",
        "usd",
        "USDC base",
        "USDC-Base",
    ] {
        assert!(bad.parse::<CurrencyId>().is_err(), "{bad:?}");
    }
}

#[test]
fn queries_follow_the_api_semantics() {
    let catalog = Catalog::builtin();
    let by_network = catalog
        .query(&CurrencyQuery {
            network: Some(Network::Tron),
            ..Default::default()
        })
        .unwrap();
    let QueryAnswer::List(tron) = by_network else {
        panic!("a list")
    };
    assert_eq!(
        tron.iter().map(|c| c.id().as_str()).collect::<Vec<_>>(),
        ["USDC-tron", "USDT-tron"]
    );

    let first = CurrencyQuery {
        network: Some(Network::Base),
        symbol: Some("usdc".into()),
        first_only: true,
        ..Default::default()
    };
    assert!(
        matches!(catalog.query(&first).unwrap(), QueryAnswer::One(c) if c.id().as_str() == "USDC-base")
    );

    let needs_both = CurrencyQuery {
        symbol: Some("USDC".into()),
        first_only: true,
        ..Default::default()
    };
    assert_eq!(
        catalog.query(&needs_both),
        Err(CatalogError::FirstOnlyNeedsNetworkAndSymbol)
    );

    let by_id = CurrencyQuery {
        id: Some("USDCn-matic".into()),
        ..Default::default()
    };
    assert!(
        matches!(catalog.query(&by_id).unwrap(), QueryAnswer::One(c) if c.id().as_str() == "USDCn-matic")
    );
    let by_alias = CurrencyQuery {
        id: Some("USDC-matic".into()),
        ..Default::default()
    };
    assert!(
        matches!(catalog.query(&by_alias).unwrap(), QueryAnswer::One(c) if c.id().as_str() == "USDCn-matic")
    );
    for (alias, canonical) in [
        ("USDC-optimism", "USDCn-optimism"),
        ("USDC-matic", "USDCn-matic"),
        ("USDC-sepolia", "fUSDC-sepolia"),
        ("USDT-sepolia", "fUSDT-sepolia"),
    ] {
        assert_eq!(catalog.get(alias).unwrap().id().as_str(), canonical);
    }
    let sepolia_symbol = |symbol: &str| {
        catalog.query(&CurrencyQuery {
            network: Some(Network::Sepolia),
            symbol: Some(symbol.into()),
            first_only: true,
            ..Default::default()
        })
    };
    assert!(
        matches!(sepolia_symbol("fusdc").unwrap(), QueryAnswer::One(c) if c.id().as_str() == "fUSDC-sepolia"),
        "symbol queries match the token list's symbol"
    );
    assert!(matches!(
        sepolia_symbol("USDC"),
        Err(CatalogError::NotFound(_))
    ));

    let missing = CurrencyQuery {
        network: Some(Network::Tron),
        symbol: Some("DAI".into()),
        ..Default::default()
    };
    assert!(matches!(
        catalog.query(&missing),
        Err(CatalogError::NotFound(_))
    ));
    assert!(matches!(
        catalog.get("NOPE-base"),
        Err(CatalogError::NotFound(_))
    ));

    let json = serde_json::to_value(catalog.query(&by_id).unwrap()).unwrap();
    assert!(json.is_object(), "one object for id");
    let list = serde_json::to_value(
        catalog
            .query(&CurrencyQuery {
                symbol: Some("FAU".into()),
                ..Default::default()
            })
            .unwrap(),
    )
    .unwrap();
    assert!(list.is_array(), "a bare array otherwise");
}

#[test]
fn destination_tokens_are_usdc_and_usdt_never_usdt0() {
    let catalog = Catalog::builtin();
    for network in Network::ALL {
        let symbols: Vec<&str> = catalog
            .destination_tokens(network)
            .map(|c| c.symbol())
            .collect();
        // The token list calls Sepolia's test USDC and USDT fUSDC and fUSDT.
        let expected = if network == Network::Sepolia {
            ["fUSDC", "fUSDT"]
        } else {
            ["USDC", "USDT"]
        };
        assert_eq!(symbols, expected, "{network}");
    }
    let usdt0_optimism = catalog.get("USDT0-optimism").unwrap().address();
    assert!(!catalog.is_destination_token(Network::Optimism, usdt0_optimism));
    assert!(!catalog.entry("USDT0-optimism").unwrap().is_verified());
    let usdc_tron = catalog.get("USDC-tron").unwrap().address();
    assert!(catalog.is_destination_token(Network::Tron, usdc_tron));
    assert!(!catalog.is_destination_token(Network::Base, usdc_tron));
}

#[test]
fn conversion_routes_pay_fiat_invoices_in_stablecoins() {
    let catalog = Catalog::builtin();
    let mainnet = catalog
        .conversion_routes("USD", Some(Network::Mainnet))
        .unwrap();
    let ids: Vec<&str> = mainnet
        .conversion_routes
        .iter()
        .map(|c| c.id().as_str())
        .collect();
    assert_eq!(ids, ["USDC-mainnet", "USDT-mainnet", "DAI-mainnet"]);
    let sepolia = catalog
        .conversion_routes("EUR", Some(Network::Sepolia))
        .unwrap();
    let ids: Vec<&str> = sepolia
        .conversion_routes
        .iter()
        .map(|c| c.id().as_str())
        .collect();
    assert_eq!(ids, ["fUSDC-sepolia", "fUSDT-sepolia", "FAU-sepolia"]);
    let json = serde_json::to_value(catalog.conversion_routes("JPY", None).unwrap()).unwrap();
    assert_eq!(json["currencyId"], "JPY");
    assert_eq!(json["network"], Value::Null);
    assert!(
        json["conversionRoutes"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["symbol"] != "USDT0" && c["symbol"] != "EURC")
    );
    assert_eq!(
        catalog.conversion_routes("CHF", None),
        Err(CatalogError::NotAnInvoiceCurrency("CHF".into()))
    );
}

#[test]
fn cross_chain_sources_and_crypto_to_fiat() {
    let catalog = Catalog::builtin();
    let arbitrum: Vec<&str> = catalog
        .cross_chain_sources(Network::ArbitrumOne, SourceEndpoint::RequestPay)
        .map(|c| c.symbol())
        .collect();
    assert_eq!(arbitrum, ["USDC", "USDT", "USDT0"]);
    let mainnet: Vec<&str> = catalog
        .cross_chain_sources(Network::Mainnet, SourceEndpoint::SecurePay)
        .map(|c| c.symbol())
        .collect();
    assert_eq!(mainnet, ["USDC", "USDT", "EURC"]);
    assert_eq!(
        catalog
            .cross_chain_sources(Network::Sepolia, SourceEndpoint::SecurePay)
            .count(),
        0
    );
    assert_eq!(
        catalog
            .cross_chain_sources(Network::Tron, SourceEndpoint::SecurePay)
            .count(),
        0
    );
    assert_eq!(
        crypto_to_fiat_networks(),
        [
            Network::Mainnet,
            Network::Matic,
            Network::ArbitrumOne,
            Network::Sepolia
        ]
    );
    assert_eq!(
        catalog
            .crypto_to_fiat_currency(Network::Matic)
            .unwrap()
            .id()
            .as_str(),
        "USDCn-matic"
    );
    assert_eq!(
        catalog
            .crypto_to_fiat_currency(Network::Sepolia)
            .unwrap()
            .id()
            .as_str(),
        "fUSDC-sepolia"
    );
    assert!(catalog.crypto_to_fiat_currency(Network::Base).is_none());
}

#[test]
fn bsc_stablecoins_have_18_decimals_and_fau_shares_the_mainnet_proxy_address() {
    let catalog = Catalog::builtin();
    assert_eq!(catalog.get("USDC-bsc").unwrap().decimals().get(), 18);
    assert_eq!(catalog.get("USDT-bsc").unwrap().decimals().get(), 18);
    assert_eq!(
        catalog.get("FAU-sepolia").unwrap().address().to_string(),
        "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C"
    );
}

#[test]
fn callers_extend_the_catalog_and_duplicates_are_refused() {
    let mut catalog = Catalog::builtin().clone();
    let address =
        ChainAddress::parse(Network::Base, "0x036CbD53842c5426634e7929541eC2318f3dCF7e").unwrap();
    let token = Currency::token(Network::Base, "TEST", "Test", 6, address).unwrap();
    catalog
        .add(CatalogEntry::new(token).with_alias("TST-base").unwrap())
        .unwrap();
    assert_eq!(catalog.get("TST-base").unwrap().symbol(), "TEST");
    let again = Currency::token(Network::Base, "TEST", "Test", 6, address).unwrap();
    assert_eq!(
        catalog.add_currency(again),
        Err(CatalogError::DuplicateId("TEST-base".into()))
    );
    let usdc = Catalog::builtin().get("USDC-base").unwrap().clone();
    assert!(catalog.add_currency(usdc).is_err());
    assert!(
        Catalog::builtin().get("TEST-base").is_err(),
        "the built-in catalog is untouched"
    );
}
