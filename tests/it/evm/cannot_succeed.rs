//! Issue 33, executed: the calls the effects table now says cannot succeed
//! (`Hazard::Reverts`, `CallEffect::checked_returns`) revert in the contracts themselves and
//! move nothing, their controls go through; an `Erc20ConversionProxy` call whose path is the
//! paid token alone pays exactly its amount and fee; a native batch whose fee address is zero
//! and whose batch fee is 0 sends nothing there. Each case is also verified: the verdict has a
//! danger exactly when the execution reverts (classes 2, 5 and 7 of
//! `tests/it/verify/adversary/third.rs`).

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolCall;
use securepay::address::ChainAddress;
use securepay::calldata::effect::Hazard;
use securepay::calldata::{
    Allowance, BatchGroup, BatchPaymentNetwork, BatchRequest, Builder, Erc20ConversionPayment, Fee,
    Flow,
};
use securepay::contracts::abi::{IBatchConversionPayments, IBatchPayments, IERC20Proxy};
use securepay::contracts::{Contract, Deployments};
use securepay::network::Network;
use securepay::transaction::Transaction;

use super::batch_fee_zero_address::zero_fee_address;
use super::builders::{ETH, FEE_TO, PAYEE_A, PAYEE_B, PAYER, USDC, USDT, at, mainnet, reference};
use super::chain::Chain;
use super::effects::{decode, expected_changes};
use super::observe::{Asset, Changes};
use super::tokens::Behaviour;

const NETWORK: Network = Network::Mainnet;

/// Whether the effects table says `tx` cannot succeed.
fn table_says_reverts(tx: &Transaction) -> bool {
    let (_, effect) = decode(NETWORK, tx);
    effect
        .hazards
        .iter()
        .any(|h| matches!(h, Hazard::Reverts { .. }))
}

fn erc20_proxy_call(token: Address, amount: u64) -> Transaction {
    let call = IERC20Proxy::transferFromWithReferenceCall {
        _tokenAddress: token,
        _to: PAYEE_A,
        _amount: U256::from(amount),
        _paymentReference: reference(0x51).into(),
    };
    Transaction {
        to: Builder::new(NETWORK)
            .contract(Contract::Erc20Proxy)
            .unwrap(),
        data: call.abi_encode().into(),
        value: U256::ZERO,
    }
}

#[test]
fn erc20_proxy_reverts_on_a_token_that_returns_nothing_and_pays_with_one_that_returns_true() {
    let (mut chain, _) = Chain::request_network(NETWORK);
    // USDT's address runs the token without return values (Tether's), USDC's a standard one.
    chain.deploy_token_at(Behaviour::MissingReturn, 6, USDT);
    chain.deploy_token_at(Behaviour::Standard, 6, USDC);
    let builder = Builder::new(NETWORK);
    let proxy = builder.contract(Contract::Erc20Proxy).unwrap();
    for token in [USDT, USDC] {
        chain.mint(token, PAYER, U256::from(1_000_000_000u64));
        let approve = builder
            .approve(at(token), proxy, Allowance::Unlimited)
            .unwrap();
        chain.send_transaction(PAYER, &approve).assert_success();
    }
    for amount in [1u64, 10_000_000] {
        let tx = erc20_proxy_call(USDT, amount);
        let (_, effect) = decode(NETWORK, &tx);
        assert_eq!(effect.checked_returns, [at(USDT)]);
        let outcome = chain.send_transaction(PAYER, &tx);
        assert!(!outcome.succeeded(), "{:?}", outcome.status);
        assert!(outcome.changes.is_empty(), "{}", outcome.changes);

        let tx = erc20_proxy_call(USDC, amount);
        let outcome = chain.send_transaction(PAYER, &tx);
        outcome.assert_success();
        let mut paid = Changes::default();
        paid.moved(Asset::Token(USDC), PAYER, PAYEE_A, U256::from(amount));
        assert_eq!(outcome.changes, paid);
    }
}

/// A `RequestDetail` of `amount` to `to` in `token` (a native row when `token` is ETH's hash).
fn detail(
    to: Address,
    amount: u64,
    token: Option<Address>,
) -> securepay::contracts::abi::RequestDetail {
    securepay::contracts::abi::RequestDetail {
        recipient: to,
        requestAmount: U256::from(amount),
        path: token.into_iter().collect(),
        paymentReference: reference(0x52).into(),
        feeAmount: U256::ZERO,
        maxToSpend: U256::ZERO,
        maxRateTimespan: U256::ZERO,
    }
}

/// `batchPayments` of raw groups on mainnet's BatchConversionPayments of `version`.
fn batch_payments(
    version: &str,
    groups: Vec<(u8, Vec<securepay::contracts::abi::RequestDetail>)>,
    value: u64,
) -> Transaction {
    let call = IBatchConversionPayments::batchPaymentsCall {
        metaDetails: groups
            .into_iter()
            .map(|(id, rows)| securepay::contracts::abi::MetaDetail {
                paymentNetworkId: U256::from(id),
                requestDetails: rows,
            })
            .collect(),
        pathsToUSD: vec![],
        feeAddress: FEE_TO,
    };
    Transaction {
        to: Deployments::builtin()
            .deployment(NETWORK, Contract::BatchConversionPayments, Some(version))
            .unwrap()
            .address(),
        data: call.abi_encode().into(),
        value: U256::from(value),
    }
}

#[test]
fn batches_the_contract_s_own_requires_refuse_revert_and_move_nothing() {
    let mut chain = mainnet();
    chain.set_batch_conversion_fee(0);
    let builder = Builder::new(NETWORK);
    for version in ["0.1.0", "0.2.0"] {
        let batch = Deployments::builtin()
            .deployment(NETWORK, Contract::BatchConversionPayments, Some(version))
            .unwrap()
            .address();
        chain.set_batch_conversion_fee_at(batch.abi(), 0);
        let approve = builder
            .approve(at(USDC), batch, Allowance::Unlimited)
            .unwrap();
        chain.send_transaction(PAYER, &approve).assert_success();
        let usdc = |to| detail(to, 1_000_000, Some(USDC));
        let native = |to| detail(to, 1_000_000, Some(ETH));
        let refused: Vec<(&str, Transaction)> = vec![
            (
                "six groups",
                batch_payments(
                    version,
                    (0..6).map(|_| (2, vec![usdc(PAYEE_A)])).collect(),
                    0,
                ),
            ),
            (
                "an empty id-1 group",
                batch_payments(version, vec![(2, vec![usdc(PAYEE_A)]), (1, vec![])], 0),
            ),
            (
                "a row without a path",
                batch_payments(
                    version,
                    vec![(2, vec![usdc(PAYEE_A), detail(PAYEE_B, 1, None)])],
                    0,
                ),
            ),
            (
                "two native groups",
                batch_payments(
                    version,
                    vec![(3, vec![native(PAYEE_A)]), (3, vec![native(PAYEE_B)])],
                    2_000_000,
                ),
            ),
        ];
        for (name, tx) in refused {
            assert!(
                table_says_reverts(&tx),
                "{version} {name}: the table lets it through"
            );
            let outcome = chain.send_transaction(PAYER, &tx);
            assert!(
                !outcome.succeeded(),
                "{version} {name}: {:?}",
                outcome.status
            );
            assert!(
                outcome.changes.is_empty(),
                "{version} {name}: {}",
                outcome.changes
            );
        }
        // The controls: five groups, and both native rows in one group.
        let controls = vec![
            batch_payments(
                version,
                (0..5).map(|_| (2, vec![usdc(PAYEE_A)])).collect(),
                0,
            ),
            batch_payments(
                version,
                vec![(3, vec![native(PAYEE_A), native(PAYEE_B)])],
                2_000_000,
            ),
        ];
        for tx in controls {
            assert!(!table_says_reverts(&tx), "{tx}");
            let (call, effect) = decode(NETWORK, &tx);
            let outcome = chain.send_transaction(PAYER, &tx);
            outcome.assert_success();
            assert_eq!(outcome.changes, expected_changes(&call, &effect, PAYER, 0));
        }
    }
}

#[test]
fn batch_erc20_payments_without_rows_reverts() {
    let mut chain = mainnet();
    let call = IBatchConversionPayments::batchERC20PaymentsCall {
        requestDetails: vec![],
        pathsToUSD: vec![],
        feeAddress: FEE_TO,
    };
    let tx = Transaction {
        to: Builder::new(NETWORK)
            .contract(Contract::BatchConversionPayments)
            .unwrap(),
        data: call.abi_encode().into(),
        value: U256::ZERO,
    };
    assert!(table_says_reverts(&tx));
    assert!(!chain.send_transaction(PAYER, &tx).succeeded());
}

fn one_token_conversion(max_to_spend: u64) -> Transaction {
    let payment = Erc20ConversionPayment {
        to: at(PAYEE_A),
        request_amount: U256::from(10_000_000u64),
        path: vec![USDC],
        reference: reference(0x53),
        fee: Some(Fee {
            amount: U256::from(30_000u64),
            recipient: at(FEE_TO),
        }),
        max_to_spend: U256::from(max_to_spend),
        max_rate_timespan: U256::ZERO,
    };
    Builder::new(NETWORK).erc20_conversion(&payment).unwrap()
}

#[test]
fn a_one_token_conversion_path_pays_exactly_and_reverts_above_max_to_spend() {
    let mut chain = mainnet();
    let approve = Builder::new(NETWORK)
        .approve_for(Flow::Erc20Conversion, at(USDC), Allowance::Unlimited)
        .unwrap();
    chain.send_transaction(PAYER, &approve).assert_success();
    let tx = one_token_conversion(10_030_000);
    let (call, effect) = decode(NETWORK, &tx);
    assert!(effect.hazards.is_empty(), "{:?}", effect.hazards);
    let outcome = chain.send_transaction(PAYER, &tx);
    outcome.assert_success();
    let mut paid = Changes::default();
    paid.moved(
        Asset::Token(USDC),
        PAYER,
        PAYEE_A,
        U256::from(10_000_000u64),
    );
    paid.moved(Asset::Token(USDC), PAYER, FEE_TO, U256::from(30_000u64));
    assert_eq!(outcome.changes, paid);
    assert_eq!(outcome.changes, expected_changes(&call, &effect, PAYER, 0));

    let tx = one_token_conversion(10_029_999);
    assert!(table_says_reverts(&tx));
    let outcome = chain.send_transaction(PAYER, &tx);
    assert!(!outcome.succeeded());
    assert!(outcome.changes.is_empty());
}

#[test]
fn a_native_batch_with_a_zero_fee_address_and_no_batch_fee_sends_nothing_there() {
    let mut chain = mainnet();
    chain.set_legacy_batch_fee(0);
    let builder = Builder::new(NETWORK);
    let rows: Vec<BatchRequest> = [PAYEE_A, PAYEE_B]
        .iter()
        .map(|to| BatchRequest {
            recipient: at(*to),
            request_amount: U256::from(1_000_000u64),
            path: vec![ETH],
            reference: reference(0x54),
            fee_amount: U256::ZERO,
            max_to_spend: U256::ZERO,
            max_rate_timespan: U256::ZERO,
        })
        .collect();
    let mut calls = Vec::new();
    for version in ["0.1.0", "0.2.0"] {
        let batch = Deployments::builtin()
            .deployment(NETWORK, Contract::BatchConversionPayments, Some(version))
            .unwrap()
            .address();
        chain.set_batch_conversion_fee_at(batch.abi(), 0);
        let tx = builder
            .batch_requests_native(&rows, true, at(FEE_TO), 0)
            .unwrap();
        calls.push(Transaction {
            to: batch,
            ..tx.clone()
        });
        let groups = [BatchGroup {
            network: BatchPaymentNetwork::Native,
            requests: rows.clone(),
        }];
        let tx = builder.batch_payments(&groups, &[], at(FEE_TO), 0).unwrap();
        calls.push(Transaction { to: batch, ..tx });
    }
    let legacy = IBatchPayments::batchEthPaymentsWithReferenceCall {
        _recipients: vec![PAYEE_A, PAYEE_B],
        _amounts: vec![U256::from(1_000_000u64); 2],
        _paymentReferences: vec![reference(0x54).into(); 2],
        _feeAmounts: vec![U256::ZERO; 2],
        _feeAddress: FEE_TO,
    };
    calls.push(Transaction {
        to: builder.contract(Contract::BatchPayments).unwrap(),
        data: legacy.abi_encode().into(),
        value: U256::from(2_000_000u64),
    });
    for tx in calls {
        let tx = zero_fee_address(tx);
        let (call, effect) = decode(NETWORK, &tx);
        assert_eq!(
            effect.batch_fee.as_ref().map(|f| f.fee_address),
            Some(ChainAddress::from_abi(NETWORK, Address::ZERO))
        );
        let outcome = chain.send_transaction(PAYER, &tx);
        outcome.assert_success();
        assert_eq!(
            outcome.changes.of(Asset::Native, Address::ZERO),
            Default::default()
        );
        assert_eq!(
            outcome.changes,
            expected_changes(&call, &effect, PAYER, 0),
            "{tx}"
        );
    }
}
