//! The table's contracts on each EVM network: at their addresses, with code, their constructors'
//! arguments the table's own addresses (so that the batch contracts call the proxies the crate
//! knows) and the owner the harness uses.

use securepay::contracts::{Contract, Deployments};
use securepay::network::Network;

use super::abi::IProxyViews;
use super::chain::Chain;
use super::deploy::OWNER;

#[test]
fn every_evm_network_gets_its_table_with_constructors_pointing_at_the_table() {
    let table = Deployments::builtin();
    for network in Network::ALL.into_iter().filter(|n| *n != Network::Tron) {
        let (mut chain, placed) = Chain::request_network(network);
        let address = |c: Contract| table.address(network, c).unwrap().abi();
        for contract in [
            Contract::Erc20FeeProxy,
            Contract::EthereumFeeProxy,
            Contract::BatchConversionPayments,
        ] {
            assert!(
                placed.iter().any(|p| p.contract == contract),
                "{network}: no {contract}"
            );
        }
        for p in &placed {
            assert!(
                chain.has_code(p.address),
                "{network}: {} {} has no code",
                p.contract,
                p.version
            );
            match p.contract {
                Contract::BatchConversionPayments => {
                    let erc20 = chain.view_call(p.address, IProxyViews::paymentErc20ProxyCall {});
                    let native = chain.view_call(p.address, IProxyViews::paymentNativeProxyCall {});
                    assert_eq!(erc20, address(Contract::Erc20FeeProxy));
                    assert_eq!(native, address(Contract::EthereumFeeProxy));
                    assert_eq!(chain.view_call(p.address, IProxyViews::ownerCall {}), OWNER);
                }
                Contract::BatchPayments => {
                    let erc20 =
                        chain.view_call(p.address, IProxyViews::paymentErc20FeeProxyCall {});
                    let native = chain.view_call(p.address, IProxyViews::paymentEthFeeProxyCall {});
                    assert_eq!(erc20, address(Contract::Erc20FeeProxy));
                    assert_eq!(native, address(Contract::EthereumFeeProxy));
                    assert_eq!(chain.view_call(p.address, IProxyViews::ownerCall {}), OWNER);
                }
                _ => {}
            }
        }
    }
}
