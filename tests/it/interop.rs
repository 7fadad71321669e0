//! ERC-7930 binary addresses, ERC-7828 names and destination ids, with
//! `vectors/interop-addresses.json`.

use crate::common;

use securepay::address::{
    ChecksumStatus, DestinationId, InteropAddress, InteropError, InteropName,
};
use securepay::network::Network;

#[test]
fn valid_vectors_parse_checksum_and_convert_both_ways() {
    let vectors = common::read_json("vectors/interop-addresses.json");
    for vector in vectors["valid"].as_array().unwrap() {
        let name_text = common::s(vector, "name");
        let binary_text = common::s(vector, "binary");
        if vector["chainType"] == "solana" {
            assert!(
                matches!(InteropName::parse(name_text), Err(InteropError::UnsupportedNamespace(ns)) if ns == "solana")
            );
            let error = InteropAddress::from_hex(binary_text).unwrap_err();
            assert!(matches!(
                error,
                InteropError::UnsupportedChainType {
                    chain_type: 2,
                    namespace: "solana"
                }
            ));
            assert!(error.to_string().contains("solana"));
            continue;
        }
        let name = InteropName::parse(name_text).unwrap();
        assert_eq!(
            name.checksum_status(),
            ChecksumStatus::Verified,
            "{name_text}"
        );
        assert_eq!(name.to_binary().to_hex(), binary_text, "{name_text}");
        assert_eq!(name.to_string(), name_text);
        let binary = InteropAddress::from_hex(binary_text).unwrap();
        assert_eq!(
            InteropName::from_binary(&binary).to_checked_string(),
            name_text
        );
        if let Some(checksum) = vector.get("checksum").and_then(|c| c.as_str()) {
            assert_eq!(binary.checksum().to_string(), checksum);
        }
        if let Some(address) = vector.get("address").and_then(|a| a.as_str()) {
            assert_eq!(name.account().unwrap().to_string(), address);
        }
        assert_eq!(
            name.chain_id(),
            vector["chainReference"].as_u64().or(name.chain_id())
        );
    }
}

#[test]
fn computed_vectors_for_service_doc_addresses() {
    let vectors = common::read_json("vectors/interop-addresses.json");
    for vector in vectors["computedForServiceDocAddresses"]
        .as_array()
        .unwrap()
    {
        let name = InteropName::parse(common::s(vector, "name")).unwrap();
        assert_eq!(name.to_binary().to_hex(), common::s(vector, "binary"));
        assert_eq!(
            name.computed_checksum().unwrap().to_string(),
            common::s(vector, "checksum")
        );
    }
}

#[test]
fn must_reject_vectors_are_rejected_for_their_reason() {
    let vectors = common::read_json("vectors/interop-addresses.json");
    let rejected: Vec<InteropError> = vectors["mustReject"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| InteropName::parse(common::s(v, "name")).unwrap_err())
        .collect();
    assert!(matches!(rejected[0], InteropError::ChecksumMismatch { .. }));
    assert!(matches!(rejected[1], InteropError::ChecksumMismatch { .. }));
    assert!(matches!(
        rejected[2],
        InteropError::NonDecimalChainReference(_)
    ));
    assert!(matches!(rejected[3], InteropError::LowercaseChecksum(_)));
    assert!(
        rejected[3].to_string().contains("89CDCBED"),
        "the error says how to write it"
    );
    assert!(matches!(rejected[4], InteropError::EvmAddress(_)));
    assert_eq!(rejected.len(), 5);
}

#[test]
fn documented_service_checksum_is_correct_and_names_without_checksum_get_one() {
    let name =
        InteropName::parse("0x742d35Cc6634C0532925a3b844Bc454e4438f44e@eip155:8453#B4FD67BB")
            .unwrap();
    assert_eq!(name.network(), Some(Ok(Network::Base)));
    let bare =
        InteropName::parse("0x742d35cc6634c0532925a3b844bc454e4438f44e@eip155:8453").unwrap();
    assert_eq!(bare.checksum_status(), ChecksumStatus::Absent);
    assert_eq!(
        bare.to_string(),
        "0x742d35Cc6634C0532925a3b844Bc454e4438f44e@eip155:8453"
    );
    assert_eq!(bare.to_checked_string(), name.to_string());
}

#[test]
fn chain_identifier_without_address() {
    let chain = InteropName::parse("@eip155:1#F54D4FBF").unwrap();
    assert!(chain.account().is_none());
    assert_eq!(chain.to_binary().to_hex(), "0x00010000010100");
    assert!(matches!(
        InteropName::parse("@eip155"),
        Err(InteropError::Empty)
    ));
}

#[test]
fn tron_names_keep_their_text_and_report_the_checksum_as_not_verifiable() {
    let text = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8@eip155:728126428#5F89A3B2";
    let name = InteropName::parse(text).unwrap();
    assert_eq!(name.checksum_status(), ChecksumStatus::NotVerifiable);
    assert_eq!(name.computed_checksum(), None);
    assert_eq!(name.to_string(), text);
    assert_eq!(name.network(), Some(Ok(Network::Tron)));
    let binary = name.to_binary();
    assert_eq!(binary.chain_id(), Some(728_126_428));
    assert!(binary.to_hex().starts_with("0x00010000042b6653dc14"));
    assert!(matches!(
        InteropName::parse("TJRabPrwbZy45sbavfcjinPJC18kjpRTv8@eip155:1"),
        Err(InteropError::TronAddressOffTron { .. })
    ));
}

#[test]
fn other_namespaces_and_ens_are_rejected_by_name() {
    let bip = InteropName::parse("bc1qwz2lhc40s8ty3l5jg3plpve3y3l82x9l42q7fk@bip122:000000000019d6689c085ae165831e93#597D21A1").unwrap_err();
    assert!(bip.to_string().contains("bip122"));
    assert!(matches!(
        InteropName::parse("alice.eth@optimism#C69BEB13"),
        Err(InteropError::EnsChainLabel(_))
    ));
    assert!(matches!(
        InteropName::parse("alice.eth@eip155:1"),
        Err(InteropError::EnsAddress(_))
    ));
    assert!(matches!(
        InteropName::parse("0x742d35cc6634c0532925a3b844bc454e4438f44e"),
        Err(InteropError::MissingAt(_))
    ));
    assert!(matches!(
        InteropName::parse("0x742d35cc6634c0532925a3b844bc454e4438f44e@eip155:01"),
        Err(InteropError::NonDecimalChainReference(_))
    ));
    assert!(matches!(
        InteropName::parse("0x742d35cc6634c0532925a3b844bc454e4438f44e@eip155:0"),
        Err(InteropError::ZeroChainId)
    ));
    assert!(matches!(
        InteropName::parse("0x742d35cc6634c0532925a3b844bc454e4438f44e@eip155:1#4CA88C9"),
        Err(InteropError::InvalidChecksumFormat(_))
    ));
}

#[test]
fn binary_form_is_read_strictly() {
    let good = "0x00010000010114d8da6bf26964af9d7eed9e03e53415d37aa96045";
    assert!(InteropAddress::from_hex(good).is_ok());
    assert!(matches!(
        InteropAddress::from_hex(&format!("{good}00")),
        Err(InteropError::TrailingBytes(1))
    ));
    assert!(matches!(
        InteropAddress::from_hex(&good[..good.len() - 2]),
        Err(InteropError::Truncated {
            field: "Address",
            needed: 1
        })
    ));
    assert!(matches!(
        InteropAddress::from_hex("0x0002000001011400"),
        Err(InteropError::UnsupportedVersion(2))
    ));
    assert!(matches!(
        InteropAddress::from_hex("0x000100000200010100"),
        Err(InteropError::NonCanonicalChainReference(_))
    ));
    assert!(matches!(
        InteropAddress::from_hex("0x0001000001011300"),
        Err(InteropError::Truncated { .. })
    ));
    assert!(matches!(
        InteropAddress::from_hex("0x00010000010113d8da6bf26964af9d7eed9e03e53415d37aa960"),
        Err(InteropError::WrongAddressLength(19))
    ));
    assert!(matches!(
        InteropAddress::from_hex("0x000100000000"),
        Err(InteropError::Empty)
    ));
    assert!(matches!(
        InteropAddress::from_hex("00010000"),
        Err(InteropError::InvalidHex(_))
    ));
    assert!(matches!(
        InteropAddress::from_hex("0x0001000"),
        Err(InteropError::InvalidHex(_))
    ));
    assert!(matches!(
        InteropAddress::from_hex("0x"),
        Err(InteropError::Truncated {
            field: "Version",
            ..
        })
    ));
}

#[test]
fn destination_ids_split_at_the_last_colon() {
    let text = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913";
    let id = DestinationId::parse(text).unwrap();
    assert_eq!(id.network(), Network::Base);
    assert_eq!(
        id.wallet().to_string(),
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"
    );
    assert_eq!(
        id.token().to_string(),
        "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
    );
    assert_eq!(id.to_string(), text, "the text is kept");
    assert_eq!(
        id.to_canonical_string(),
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
    );
    let unchecked = DestinationId::parse("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913").unwrap();
    assert_eq!(
        unchecked.interop_name().checksum_status(),
        ChecksumStatus::Absent
    );

    let tron = DestinationId::parse("TJRabPrwbZy45sbavfcjinPJC18kjpRTv8@eip155:728126428#5F89A3B2:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").unwrap();
    assert_eq!(tron.network(), Network::Tron);
    assert!(tron.token().is_tron());
}

#[test]
fn destination_ids_reject_wrong_checksums_families_and_unknown_chains() {
    assert!(matches!(
        DestinationId::parse(
            "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#ABCD1234:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
        ),
        Err(InteropError::ChecksumMismatch { .. })
    ));
    assert!(matches!(
        DestinationId::parse(
            "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
        ),
        Err(InteropError::WrongFamily { what: "token", .. })
    ));
    assert!(matches!(
        DestinationId::parse(
            "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:5:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
        ),
        Err(InteropError::Network(_))
    ));
    assert!(matches!(
        DestinationId::parse("@eip155:8453:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"),
        Err(InteropError::IncompleteDestination(_))
    ));
    assert!(matches!(
        DestinationId::parse("nothing"),
        Err(InteropError::MalformedDestinationId(_))
    ));
}

#[test]
fn destination_ids_and_names_are_built_from_typed_parts() {
    use securepay::address::{ChainAddress, DestinationId, InteropError, InteropName};
    use securepay::network::Network;

    let wallet: ChainAddress = "0x6923831acf5c327260d7ac7c9dff5b1c3cb3c7d7"
        .parse()
        .unwrap();
    let usdc: ChainAddress = "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"
        .parse()
        .unwrap();
    let id = DestinationId::new(Network::Base, wallet, usdc).unwrap();
    assert_eq!(
        id.as_str(),
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:8453#89CDCBED:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913"
    );
    assert_eq!(
        (id.network(), id.wallet(), id.token()),
        (Network::Base, wallet, usdc)
    );
    assert_eq!(id.to_canonical_string(), id.as_str());

    let tron_wallet: ChainAddress = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8".parse().unwrap();
    let usdt: ChainAddress = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".parse().unwrap();
    let tron = DestinationId::new(Network::Tron, tron_wallet, usdt).unwrap();
    assert_eq!(
        tron.as_str(),
        "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8@eip155:728126428:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
    );
    assert_eq!(tron.wallet(), tron_wallet);

    assert!(matches!(
        DestinationId::new(Network::Base, wallet, usdt),
        Err(InteropError::WrongFamily { what: "token", .. })
    ));
    assert!(matches!(
        DestinationId::new(Network::Tron, wallet, usdt),
        Err(InteropError::WrongFamily { what: "wallet", .. })
    ));
    let name = InteropName::new(wallet, Network::Mainnet).unwrap();
    assert_eq!(name.chain_id(), Some(1));
    assert_eq!(
        name,
        "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7@eip155:1"
            .parse()
            .unwrap()
    );
}
