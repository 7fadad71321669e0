//! The deployment table pinned against `reference/deployments.json`, and lookups both ways.

use crate::common;

use securepay::address::{ChainAddress, TronAddress};
use securepay::contracts::{Contract, ContractsError, Deployment, Deployments};
use securepay::network::Network;

#[test]
fn every_reference_deployment_is_in_the_table_and_nothing_else() {
    let reference = common::read_json("reference/deployments.json");
    let table = Deployments::builtin();
    let mut count = 0;
    for (name, contract_entry) in reference["contracts"].as_object().unwrap() {
        let contract: Contract = name.parse().unwrap();
        for (network_id, versions) in contract_entry["networks"].as_object().unwrap() {
            if network_id == "nile" {
                continue; // Tron's testnet is not a payment network of the service.
            }
            let network: Network = network_id.parse().unwrap();
            for (version, deployment) in versions.as_object().unwrap() {
                count += 1;
                let ours = table.deployment(network, contract, Some(version)).unwrap();
                let address = common::s(deployment, "address");
                let expected = ChainAddress::parse(network, address)
                    .or_else(|_| ChainAddress::parse(network, &address.to_lowercase()))
                    .unwrap();
                assert_eq!(ours.address(), expected, "{name} {network_id} {version}");
                assert_eq!(
                    ours.creation_block(),
                    deployment["creationBlock"].as_u64().unwrap()
                );
            }
        }
        let default = common::s(contract_entry, "defaultVersion");
        assert_eq!(
            table.default_version(Network::Mainnet, contract),
            Some(default),
            "{name}"
        );
    }
    let lifi = table
        .iter()
        .filter(|d| d.contract() == Contract::LiFiDiamond)
        .count();
    assert_eq!(
        lifi, 6,
        "the LI.FI diamond on the six cross-chain source networks"
    );
    assert_eq!(table.iter().count(), count + lifi, "nothing else");
}

#[test]
fn the_lifi_diamond_is_known_on_the_source_chains_only() {
    let table = Deployments::builtin();
    for network in [
        Network::Mainnet,
        Network::ArbitrumOne,
        Network::Optimism,
        Network::Base,
        Network::Matic,
        Network::Bsc,
    ] {
        assert_eq!(
            table
                .address(network, Contract::LiFiDiamond)
                .unwrap()
                .to_string(),
            "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE"
        );
    }
    assert!(
        table
            .address(Network::Sepolia, Contract::LiFiDiamond)
            .is_err()
    );
    assert!(table.address(Network::Tron, Contract::LiFiDiamond).is_err());
}

/// The addresses later issues rely on, pinned one by one.
#[test]
fn canonical_addresses_used_by_the_builders() {
    let table = Deployments::builtin();
    let expect = |network: Network, contract: Contract, address: &str| {
        assert_eq!(
            table.address(network, contract).unwrap().to_string(),
            address,
            "{contract} on {network}"
        );
    };
    use Contract::*;
    use Network::*;
    expect(
        Mainnet,
        Erc20FeeProxy,
        "0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C",
    );
    expect(
        ArbitrumOne,
        Erc20FeeProxy,
        "0x0DfbEe143b42B41eFC5A6F87bFD1fFC78c2f0aC9",
    );
    expect(
        Optimism,
        Erc20FeeProxy,
        "0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE",
    );
    expect(
        Base,
        Erc20FeeProxy,
        "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814",
    );
    expect(
        Matic,
        Erc20FeeProxy,
        "0x0DfbEe143b42B41eFC5A6F87bFD1fFC78c2f0aC9",
    );
    expect(
        Bsc,
        Erc20FeeProxy,
        "0x0DfbEe143b42B41eFC5A6F87bFD1fFC78c2f0aC9",
    );
    expect(
        Sepolia,
        Erc20FeeProxy,
        "0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE",
    );
    expect(Tron, Erc20FeeProxy, "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd");
    expect(
        Mainnet,
        EthereumFeeProxy,
        "0xfCFBcfc4f5A421089e3Df45455F7f4985FE2D6a8",
    );
    expect(
        Optimism,
        EthereumFeeProxy,
        "0xe11BF2fDA23bF0A98365e1A4c04A87C9339e8687",
    );
    expect(
        Base,
        EthereumFeeProxy,
        "0xd9C3889eB8DA6ce449bfFE3cd194d08A436e96f2",
    );
    expect(
        Sepolia,
        EthereumFeeProxy,
        "0xe11BF2fDA23bF0A98365e1A4c04A87C9339e8687",
    );
    expect(
        Mainnet,
        BatchConversionPayments,
        "0x3cF63891928B8CeebB81C95426600a18cd59C03f",
    );
    expect(
        Base,
        BatchConversionPayments,
        "0x1aF3f22685AcdDc788B3730ed415912d8f654420",
    );
    expect(
        Sepolia,
        BatchConversionPayments,
        "0x67818703c92580c0e106e401F253E8A410A66f8B",
    );
    expect(
        Mainnet,
        Erc20ConversionProxy,
        "0xe72Ecea44b6d8B2b3cf5171214D9730E86213cA2",
    );
    expect(
        Base,
        Erc20ConversionProxy,
        "0x8296D56321cf207925a7804E5A8E3F579838e6Ad",
    );
    expect(
        Sepolia,
        Erc20ConversionProxy,
        "0xaD61121DAfAAe495095Cd466022b519Cb7503a4E",
    );
    expect(
        Mainnet,
        EthConversionProxy,
        "0x7Ebf48a26253810629C191b56C3212Fd0D211c26",
    );
    expect(
        Base,
        EthConversionProxy,
        "0xEdfD8386d5DE52072B4Ad8dC69BBD0bB89f9A1fb",
    );
    expect(
        Sepolia,
        EthConversionProxy,
        "0xc861aE0Cd70b73b0C8F1D62Fa669E6D1d7D7e0aB",
    );
    expect(
        Mainnet,
        BatchPayments,
        "0x0DD57FFe83a53bCbd657e234B16A3e74fEDb8fBA",
    );
    expect(
        Tron,
        Erc20BatchPayments,
        "TRZbXXuLd3HW5utzVysA3rpLgU7sVBrd1D",
    );
    let batch = table.address(Tron, Erc20BatchPayments).unwrap();
    let ChainAddress::Tron(tron) = batch else {
        panic!("Base58 on Tron")
    };
    assert_eq!(tron.to_hex(), "41ab0ad52e1d1615ee6bc20ab8f2a4c498fb89fd10");
    let proxy = table.address(Tron, Erc20FeeProxy).unwrap();
    assert_eq!(
        proxy,
        ChainAddress::Tron(
            TronAddress::from_hex("411b6ca35d39842cf8fbe49000653a1505412da659").unwrap()
        )
    );
}

#[test]
fn missing_deployments_are_errors() {
    let table = Deployments::builtin();
    assert!(matches!(
        table.address(Network::Tron, Contract::EthereumFeeProxy),
        Err(ContractsError::NotDeployed { .. })
    ));
    assert!(matches!(
        table.address(Network::Tron, Contract::BatchConversionPayments),
        Err(ContractsError::NotDeployed { .. })
    ));
    assert!(matches!(
        table.address(Network::Base, Contract::BatchPayments),
        Err(ContractsError::NotDeployed { .. })
    ));
    assert!(matches!(
        table.deployment(Network::Base, Contract::Erc20FeeProxy, Some("0.1.0")),
        Err(ContractsError::NotDeployed { .. })
    ));
}

#[test]
fn identification_uses_network_and_address_never_the_address_alone() {
    let table = Deployments::builtin();
    let mainnet_proxy = table
        .address(Network::Mainnet, Contract::Erc20FeeProxy)
        .unwrap();
    assert_eq!(
        table.contract_at(Network::Mainnet, &mainnet_proxy).unwrap(),
        Contract::Erc20FeeProxy
    );
    let on_sepolia = ChainAddress::from_abi(Network::Sepolia, mainnet_proxy.abi());
    assert!(matches!(
        table.contract_at(Network::Sepolia, &on_sepolia),
        Err(ContractsError::UnknownAddress { .. })
    ));
    let versions: Vec<&str> = table
        .at(Network::Mainnet, &mainnet_proxy)
        .map(|d| d.version())
        .collect();
    assert_eq!(versions, ["0.1.0", "0.2.0"]);
    let (network, contract) = table
        .contract_at_chain(
            10,
            &table
                .address(Network::Optimism, Contract::Erc20ConversionProxy)
                .unwrap()
                .abi(),
        )
        .unwrap();
    assert_eq!(
        (network, contract),
        (Network::Optimism, Contract::Erc20ConversionProxy)
    );
    let tron_proxy = table
        .address(Network::Tron, Contract::Erc20FeeProxy)
        .unwrap();
    assert_eq!(
        table
            .contract_at_chain(728_126_428, &tron_proxy.abi())
            .unwrap()
            .1,
        Contract::Erc20FeeProxy
    );
}

#[test]
fn callers_override_and_extend_the_table() {
    let mut table = Deployments::builtin().clone();
    let custom =
        ChainAddress::parse(Network::Base, "0x000000000000000000000000000000000000dEaD").unwrap();
    table.set(Deployment::new(Contract::Erc20FeeProxy, Network::Base, "0.2.0", custom, 1).unwrap());
    assert_eq!(
        table
            .address(Network::Base, Contract::Erc20FeeProxy)
            .unwrap(),
        custom
    );
    table.set_default_version(Contract::BatchConversionPayments, "0.2.0");
    assert_eq!(
        table
            .address(Network::Mainnet, Contract::BatchConversionPayments)
            .unwrap()
            .to_string(),
        "0x1E7E0E707B482E6858a88289E0E4004875EcEEbD"
    );
    assert!(matches!(
        Deployment::new(Contract::Erc20FeeProxy, Network::Tron, "tron", custom, 1),
        Err(ContractsError::WrongFamily { .. })
    ));
    table.set(
        Deployment::new(
            Contract::EthereumFeeProxy,
            Network::Base,
            "0.2.0",
            custom,
            1,
        )
        .unwrap(),
    );
    assert!(matches!(
        table.contract_at(Network::Base, &custom),
        Err(ContractsError::Ambiguous { .. })
    ));
    assert_eq!(
        Deployments::builtin()
            .address(Network::Base, Contract::Erc20FeeProxy)
            .unwrap()
            .to_string(),
        "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814"
    );
}

#[test]
fn a_table_without_a_default_version_asks_for_one() {
    let custom: ChainAddress = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7"
        .parse()
        .unwrap();
    let mut table = Deployments::empty();
    table.set(Deployment::new(Contract::Erc20FeeProxy, Network::Base, "0.2.0", custom, 1).unwrap());
    let error = table
        .deployment(Network::Base, Contract::Erc20FeeProxy, None)
        .unwrap_err();
    assert_eq!(
        error,
        ContractsError::NoDefaultVersion {
            contract: Contract::Erc20FeeProxy,
            network: Network::Base
        }
    );
    assert_eq!(
        error.to_string(),
        "ERC20FeeProxy has no default version in this table: name the version to use on base"
    );
    assert_eq!(
        table
            .deployment(Network::Base, Contract::Erc20FeeProxy, Some("0.2.0"))
            .unwrap()
            .address(),
        custom
    );
    table.set_default_version(Contract::Erc20FeeProxy, "0.2.0");
    assert!(
        table
            .address(Network::Base, Contract::Erc20FeeProxy)
            .is_ok()
    );
}
