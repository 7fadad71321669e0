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

#[test]
fn a_native_batch_with_a_smart_contract_fee_address_reverts_in_both_batch_versions() {
    // BatchConversionPayments 0.1.0 (every network's default) sends the native batch fee with
    // `transfer`, 0.2.0 (after 00e8c355a) with `call`; but each row goes through the
    // EthereumFeeProxy, which sends the row's fee, even 0, to the same fee address with
    // `transfer`: a fee address that needs more than 2300 gas to receive reverts either version.
    use securepay::calldata::BatchRequest;
    let (mut chain, account) = chain();
    let request = BatchRequest {
        recipient: at(PAYEE_A),
        request_amount: U256::from(1_000_000u64),
        path: vec![alloy_primitives::address!(
            "0xf5af88e117747e87fc5929f2ff87221b1447652e"
        )],
        reference: reference(10),
        fee_amount: U256::ZERO,
        max_to_spend: U256::ZERO,
        max_rate_timespan: U256::ZERO,
    };
    let builder = Builder::new(NETWORK);
    for fee_to in [account, FEE_TO] {
        let tx = builder
            .batch_requests_native(std::slice::from_ref(&request), true, at(fee_to), 30)
            .unwrap();
        for version in ["0.1.0", "0.2.0"] {
            let batch = Deployments::builtin()
                .deployment(NETWORK, Contract::BatchConversionPayments, Some(version))
                .unwrap()
                .address();
            chain.set_batch_conversion_fee_at(batch.abi(), 30);
            let tx = Transaction {
                to: batch,
                ..tx.clone()
            };
            let outcome = chain.send_transaction(PAYER, &tx);
            if fee_to == account {
                assert!(!outcome.succeeded(), "{version}: {:?}", outcome.status);
                assert!(outcome.changes.is_empty());
            } else {
                // An EOA fee address: both versions pay what the table says (3 000 of batch fee).
                let (call, effect) = decode(NETWORK, &tx);
                outcome.assert_success();
                assert_eq!(outcome.changes, expected_changes(&call, &effect, PAYER, 30));
                let fee = outcome.changes.of(Asset::Native, FEE_TO);
                assert_eq!(fee, alloy_primitives::I256::try_from(3_000).unwrap());
            }
        }
    }
}
