//! The eight networks: ids, chain ids, kinds, query names, the feature matrix, serde.

use securepay::network::{ChainKind, Feature, Network, NetworkError};

const SEED: [(&str, u64, ChainKind, bool); 8] = [
    ("mainnet", 1, ChainKind::Evm, false),
    ("arbitrum-one", 42161, ChainKind::Evm, false),
    ("optimism", 10, ChainKind::Evm, false),
    ("base", 8453, ChainKind::Evm, false),
    ("matic", 137, ChainKind::Evm, false),
    ("bsc", 56, ChainKind::Evm, false),
    ("tron", 728126428, ChainKind::Tron, false),
    ("sepolia", 11155111, ChainKind::Evm, true),
];

#[test]
fn seed_table_ids_chain_ids_kinds_and_testnet_flags() {
    assert_eq!(Network::ALL.len(), SEED.len());
    for (id, chain_id, kind, testnet) in SEED {
        let network = Network::from_id(id).unwrap();
        assert_eq!(network.id(), id);
        assert_eq!(network.chain_id(), chain_id, "{id}");
        assert_eq!(network.kind(), kind, "{id}");
        assert_eq!(network.is_testnet(), testnet, "{id}");
        assert_eq!(Network::from_chain_id(chain_id).unwrap(), network);
    }
}

#[test]
fn display_from_str_and_serde_round_trip_on_the_id() {
    for network in Network::ALL {
        assert_eq!(network.to_string().parse::<Network>().unwrap(), network);
        let json = serde_json::to_string(&network).unwrap();
        assert_eq!(json, format!("\"{}\"", network.id()));
        assert_eq!(serde_json::from_str::<Network>(&json).unwrap(), network);
    }
    assert!(serde_json::from_str::<Network>("\"ethereum\"").is_err());
}

#[test]
fn tron_testnet_nile_is_rejected_with_a_clear_error() {
    let error = "nile".parse::<Network>().unwrap_err();
    assert_eq!(error, NetworkError::TronTestnet("nile".into()));
    assert!(error.to_string().contains("mainnet only"));
    assert!(matches!(
        Network::from_chain_id(3_448_148_188),
        Err(NetworkError::TronTestnet(_))
    ));
}

#[test]
fn unknown_ids_chain_ids_and_query_names_are_errors() {
    assert!(matches!(
        "Base".parse::<Network>(),
        Err(NetworkError::UnknownId(_))
    ));
    assert!(matches!(
        "polygon".parse::<Network>(),
        Err(NetworkError::UnknownId(_))
    ));
    assert!(matches!(
        "".parse::<Network>(),
        Err(NetworkError::UnknownId(_))
    ));
    assert_eq!(
        Network::from_chain_id(5),
        Err(NetworkError::UnknownChainId(5))
    );
    assert!(matches!(
        Network::from_query_name("base"),
        Err(NetworkError::UnknownQueryName(_))
    ));
    assert!(matches!(
        Network::from_query_name("TRON"),
        Err(NetworkError::UnknownQueryName(_))
    ));
}

#[test]
fn cross_chain_query_names_map_to_networks() {
    let names = [
        ("BASE", Network::Base),
        ("OPTIMISM", Network::Optimism),
        ("ARBITRUM", Network::ArbitrumOne),
        ("ETHEREUM", Network::Mainnet),
        ("POLYGON", Network::Matic),
        ("BNB", Network::Bsc),
    ];
    for (name, network) in names {
        assert_eq!(Network::from_query_name(name).unwrap(), network);
        assert_eq!(network.query_name(), Some(name));
    }
    assert_eq!(Network::Tron.query_name(), None);
    assert_eq!(Network::Sepolia.query_name(), None);
}

#[test]
fn batch_is_evm_only_and_tron_has_no_conversion() {
    for network in Network::ALL {
        let evm = network.is_evm();
        assert_eq!(network.supports(Feature::BatchIn), evm, "{network}");
        assert_eq!(network.supports(Feature::BatchOut), evm, "{network}");
        assert_eq!(network.supports(Feature::Conversion), evm, "{network}");
        for always in [
            Feature::SingleIn,
            Feature::SingleOut,
            Feature::Destinations,
            Feature::WalletSignIn,
        ] {
            assert!(network.supports(always), "{network} {always:?}");
        }
    }
}

#[test]
fn cross_chain_everywhere_but_sepolia_and_recurring_not_on_optimism_or_tron() {
    assert!(!Network::Sepolia.supports(Feature::CrossChain));
    assert!(Network::Tron.supports(Feature::CrossChain));
    assert!(Network::Base.supports(Feature::CrossChain));
    assert!(!Network::Optimism.supports(Feature::Recurring));
    assert!(!Network::Tron.supports(Feature::Recurring));
    assert!(Network::Mainnet.supports(Feature::Recurring));
    let tron: Vec<Feature> = Network::Tron.features().collect();
    assert!(!tron.contains(&Feature::BatchIn));
    assert!(tron.contains(&Feature::SingleIn));
}
