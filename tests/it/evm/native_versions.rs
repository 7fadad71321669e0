//! The versions of the native-currency proxies that differ in behaviour, at their mainnet
//! addresses: EthereumFeeProxy 0.1.0 (before ee3436ef2) pays the payee, the fee and the refund
//! with Solidity's `transfer` (2300 gas), so a smart-contract payee (a Safe, a smart account)
//! makes the payment revert, and so does a smart account paying (the refund of 0 to it); 0.2.0
//! pays the payee and the refund with `call` but the fee still with `transfer`.

use alloy_primitives::{Address, U256};
use securepay::calldata::{Builder, NativeFeePayment};
use securepay::contracts::{Contract, Deployments};
use securepay::network::Network;
use securepay::transaction::Transaction;

use super::builders::{FEE_TO, PAYEE_A, PAYER, at, reference};
use super::chain::Chain;
use super::effects::{decode, expected_changes};
use super::observe::Asset;

const NETWORK: Network = Network::Mainnet;
const OWNER_EOA: Address = Address::repeat_byte(0x55);

fn fee_proxy(version: &str) -> Address {
    Deployments::builtin()
        .deployment(NETWORK, Contract::EthereumFeeProxy, Some(version))
        .unwrap()
        .address()
        .abi()
}

/// The crate's native fee payment to `payee` (fee to `fee_to`), sent to EthereumFeeProxy
/// `version` (the same ABI at both addresses).
fn payment(payee: Address, fee_to: Address, version: &str) -> Transaction {
    let payment = NativeFeePayment::new(at(payee), U256::from(1_000_000u64), reference(9))
        .with_fee(U256::from(1_000u64), at(fee_to));
    let tx = Builder::new(NETWORK).native_fee(&payment).unwrap();
    Transaction {
        to: at(fee_proxy(version)),
        ..tx
    }
}

fn chain() -> (Chain, Address) {
    let (mut chain, _) = Chain::request_network(NETWORK);
    chain.fund(PAYER, U256::from(10u64.pow(18)));
    let account = chain.deploy_smart_account(OWNER_EOA);
    chain.fund(account, U256::from(10u64.pow(18)));
    (chain, account)
}

#[test]
fn version_0_1_0_cannot_pay_a_smart_account_and_0_2_0_can() {
    let (mut chain, account) = chain();
    let old = chain.send_transaction(PAYER, &payment(account, FEE_TO, "0.1.0"));
    assert!(
        !old.succeeded(),
        "0.1.0 paid a smart account: {:?}",
        old.status
    );
    assert!(old.changes.is_empty());
    let tx = payment(account, FEE_TO, "0.2.0");
    let (call, effect) = decode(NETWORK, &tx);
    let new = chain.send_transaction(PAYER, &tx);
    new.assert_success();
    assert_eq!(new.changes, expected_changes(&call, &effect, PAYER, 0));
    assert_eq!(
        new.changes.of(Asset::Native, account),
        alloy_primitives::I256::try_from(1_000_000).unwrap()
    );
}

#[test]
fn version_0_1_0_reverts_when_a_smart_account_pays_and_0_2_0_does_not() {
    let (mut chain, account) = chain();
    for (version, pays) in [("0.1.0", false), ("0.2.0", true)] {
        let tx = payment(PAYEE_A, FEE_TO, version);
        let outcome = chain.send_batch(OWNER_EOA, account, &[tx]);
        assert_eq!(outcome.succeeded(), pays, "{version}: {:?}", outcome.status);
    }
}

#[test]
fn both_versions_revert_on_a_smart_contract_fee_address() {
    // The fee goes with `transfer` in 0.2.0 too: a fee address with code that needs more than
    // 2300 gas to receive makes the payment revert.
    let (mut chain, account) = chain();
    for version in ["0.1.0", "0.2.0"] {
        let outcome = chain.send_transaction(PAYER, &payment(PAYEE_A, account, version));
        assert!(!outcome.succeeded(), "{version}: {:?}", outcome.status);
    }
}
