//! Settlement from chain data: `detect::ChainData::from_slice` (eth_getLogs logs, receipts,
//! JSON-RPC answers, TronGrid events) and `detect::detect`. Byte 0 frames the input: bits 0-1
//! the network (Base, Mainnet, Tron, Sepolia), bit 2 a payee, bit 3 a currency, bit 4 a fee
//! address, bit 5 a refund reference, bit 6 a head block; the rest is the JSON.
//!
//! Properties: never a panic; what reads is detected (or refused as conflicting logs); the
//! balance is the payments minus the refunds; every counted event was emitted by a deployment
//! of its contract on the network, carries the criteria's reference (or refund reference) and
//! pays the payee (or refund address) when one is given, in the criteria's currency; payments
//! are in block and log order; the fee balance is the sum of the counted fees; the settlement
//! serializes, and the same bytes detect the same settlement again.
#![no_main]

use alloy_primitives::{I256, U256};
use libfuzzer_sys::fuzz_target;
use securepay::address::ChainAddress;
use securepay::calldata::PaymentReference;
use securepay::contracts::Deployments;
use securepay::currency::Catalog;
use securepay::detect::{ChainData, Criteria, DetectError, Role, detect};
use securepay::network::Network;

struct Request {
    network: Network,
    reference: &'static str,
    refund: &'static str,
    payee: &'static str,
    currency: &'static str,
    fee_address: &'static str,
}

const REQUESTS: [Request; 4] = [
    Request {
        network: Network::Base,
        reference: "0xe23a6b02059c2b30",
        refund: "0x10f62d12e4d6be3f",
        payee: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7",
        currency: "USDC-base",
        fee_address: "0x9795d480C2C50392A4714A0F468059C6448DeCe2",
    },
    Request {
        network: Network::Mainnet,
        reference: "0xe025a5f99e8e17dc",
        refund: "0x2d7476c48c63ba65",
        payee: "0x0E8d9cb9e11278AD6E2bA1Ca90385C7295dC6532",
        currency: "EUR",
        fee_address: "0x35d0e078755Cd84D3E0656cAaB417Dee1d7939c7",
    },
    Request {
        network: Network::Tron,
        reference: "0x9c66f86c09fda4eb",
        refund: "0x0101010101010101",
        payee: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
        currency: "USDT-tron",
        fee_address: "TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs",
    },
    Request {
        network: Network::Sepolia,
        reference: "0x86dfbccad783599a",
        refund: "0x63033c01472fcb07",
        payee: "0xf17f52151EbEF6C7334FAD080c5704D77216b732",
        currency: "ETH-sepolia-sepolia",
        fee_address: "0xC5fdf4076b8F3A5357c5E395ab970B5B54098Fef",
    },
];

fuzz_target!(|data: &[u8]| {
    let Some((&frame, json)) = data.split_first() else {
        return;
    };
    let request = &REQUESTS[usize::from(frame & 3)];
    let network = request.network;
    let reference: PaymentReference = request.reference.parse().unwrap();
    let refund: PaymentReference = request.refund.parse().unwrap();
    let payee = ChainAddress::parse(network, request.payee).unwrap();
    let fee_address = ChainAddress::parse(network, request.fee_address).unwrap();
    let currency = Catalog::builtin().get(request.currency).unwrap().clone();
    let mut criteria = Criteria::new(network, reference);
    if frame & 4 != 0 {
        criteria = criteria.with_payee(payee).unwrap();
    }
    if frame & 8 != 0 {
        criteria = criteria.with_currency(currency.clone()).unwrap();
    }
    if frame & 16 != 0 {
        criteria = criteria.with_fee_address(fee_address).unwrap();
    }
    if frame & 32 != 0 {
        criteria = criteria.with_refund_reference(refund);
    }
    if frame & 64 != 0 {
        criteria = criteria.with_head_block(30_000_000);
    }

    let Ok(chain) = ChainData::from_slice(network, json) else {
        return;
    };
    let settlement = match detect(&chain, &criteria) {
        Ok(settlement) => settlement,
        Err(DetectError::ConflictingLogs { .. }) => return,
        Err(other) => panic!("{other}"),
    };
    let again = detect(&ChainData::from_slice(network, json).unwrap(), &criteria).unwrap();
    assert_eq!(again, settlement);

    let sum = |events: &[securepay::detect::PaymentEvent]| {
        events.iter().fold(I256::ZERO, |sum, e| sum + I256::try_from(e.amount).unwrap())
    };
    assert_eq!(settlement.balance, sum(&settlement.payments) - sum(&settlement.refunds));
    let table = Deployments::builtin();
    for (role, events) in [(Role::Payment, &settlement.payments), (Role::Refund, &settlement.refunds)] {
        let mut last = None;
        for event in events.iter() {
            assert_eq!(table.contract_at(network, &event.emitter), Ok(event.contract));
            assert_eq!(event.network, network);
            let wanted = if role == Role::Payment { reference } else { refund };
            assert_eq!(event.reference, wanted);
            if role == Role::Payment && frame & 4 != 0 {
                assert_eq!(event.payee, payee);
            }
            let position = (event.block_number, event.log_index);
            assert!(last.is_none_or(|last| last <= position), "{last:?} then {position:?}");
            last = Some(position);
        }
    }
    if frame & 8 != 0 {
        let settled = settlement.currency.as_ref().expect("the criteria's currency");
        assert_eq!(settled.currency.as_ref(), Some(&currency));
    }
    let counted = settlement
        .fees
        .iter()
        .filter(|f| f.counted)
        .fold(U256::ZERO, |sum, f| sum.saturating_add(f.amount));
    assert_eq!(settlement.fee_balance, (frame & 16 != 0).then_some(counted));
    assert!(settlement.fees.iter().all(|f| !f.amount.is_zero()));
    let receipts = match &chain {
        ChainData::Receipts(receipts) => receipts.len(),
        _ => 0,
    };
    assert!(settlement.ignored.len() <= chain.log_count() + receipts);
    let text = serde_json::to_string(&settlement).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["balance"], settlement.balance.to_string());
});
