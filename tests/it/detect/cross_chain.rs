//! Cross-chain payments: "All crosschain payments using Request Network API use the ERC-20 Fee
//! Proxy contract as the last payment leg" (`RequestNetwork/mintlify-docs@954606ce1fc0d2fbb52dc23d4ad4e8ff6820d083:
//! api-features/payment-detection.mdx:57-66`): the payment that counts is the destination
//! chain's ERC20FeeProxy event. Across fills on the destination chain (the relayer calls the
//! SpokePool, which hands the bridged tokens to LI.FI's receiver and executor, which call the
//! proxy; addresses from `lifinance/contracts` `config/across.json` and the periphery registry).

use securepay::contracts::Contract;
use securepay::network::Network;
use serde_json::{Value, json};

use super::*;

/// Across SpokePool on Base.
const SPOKE_POOL: &str = "0x09aea4b2242abc8bb4bb78d537a67a245a7bec64";
/// LI.FI ReceiverAcrossV4 on Base.
const RECEIVER: &str = "0x33b255b5db44a78c34381f89f1a454bc0ef49871";
/// LI.FI Executor on Base.
const EXECUTOR: &str = "0x4dac9d1769b9b304cb04741dcdeb2fc14abdf110";
/// A relayer.
const RELAYER: &str = "0x4444444444444444444444444444444444444444";

fn transfer(from: &str, to: &str, amount: u128, index: u64) -> Value {
    log(
        USDC_BASE,
        &[
            TRANSFER,
            &format!("0x{}", addr_word(from)),
            &format!("0x{}", addr_word(to)),
        ],
        &data(&[num_word(U256::from(amount))]),
        30_000_000,
        0x11,
        index,
    )
}

fn fill(logs: Vec<Value>) -> Value {
    json!({
        "transactionHash": tx(0x11), "blockNumber": "0x1c9c380", "status": "0x1",
        "from": RELAYER, "to": SPOKE_POOL, "logs": logs,
    })
}

#[test]
fn a_bridged_payment_counts_by_its_destination_fee_proxy_event() {
    let receipt = fill(vec![
        transfer(RELAYER, RECEIVER, 10_000_000, 0),
        transfer(RECEIVER, EXECUTOR, 10_000_000, 1),
        transfer(EXECUTOR, PAYEE, 9_990_000, 2),
        transfer(EXECUTOR, FEE_TO, 10_000, 3),
        usdc_payment(reference(), PAYEE, 9_990_000, 10_000, FEE_TO, 0x11, 4),
    ]);
    let settlement = run(Network::Base, &receipt, &usdc_criteria());
    assert_eq!(settlement.payments.len(), 1);
    let payment = &settlement.payments[0];
    assert_eq!(
        (payment.contract, payment.log_index),
        (Contract::Erc20FeeProxy, 4)
    );
    assert_eq!(payment.via, None); // the SpokePool is not one of the service's contracts
    assert_eq!(settlement.balance_amount().unwrap().to_string(), "9.99");
    assert_eq!(ignored_codes(&settlement), ["unknown_emitter"; 4]);
}

/// "a crosschain bridge may deliver funds to the destination chain but fail to execute the
/// final payment contract call … the system detects the LiFi fallback settlement and confirms
/// the payment automatically" (`api-features/payment-detection.mdx:68-74`): such a settlement
/// has no Request Network event, so the chain data alone does not show a payment. The
/// receiver sends the bridged tokens to the message's receiver instead.
#[test]
fn a_lifi_fallback_settlement_is_not_a_payment_by_the_events() {
    let receipt = fill(vec![
        transfer(RELAYER, RECEIVER, 10_000_000, 0),
        transfer(RECEIVER, PAYEE, 10_000_000, 1),
    ]);
    let settlement = run(Network::Base, &receipt, &usdc_criteria());
    assert!(!settlement.is_paid());
    assert_eq!(
        ignored_codes(&settlement),
        ["unknown_emitter", "unknown_emitter"]
    );
}

/// On the source chain the payer's transaction calls the LI.FI diamond: its receipt holds no
/// payment of the request on that network.
#[test]
fn the_source_chains_receipt_holds_no_payment() {
    let diamond = "0x1231deb6f5749ef6ce6943a275a1d3e7486f4eae";
    let usdt_optimism = "0x94b008aa00579c1307b0ef2c499ad98a8ce58e58";
    let receipt = json!({
        "transactionHash": tx(0x22), "blockNumber": "0x8000000", "status": "0x1", "to": diamond,
        "logs": [log(usdt_optimism, &[TRANSFER, &format!("0x{}", addr_word(PAYEE)), &format!("0x{}", addr_word(diamond))], &data(&[num_word(U256::from(10_100_000u64))]), 0x800_0000, 0x22, 0)],
    });
    let criteria = securepay::detect::Criteria::new(Network::Optimism, reference());
    let settlement = run(Network::Optimism, &receipt, &criteria);
    assert!(!settlement.is_paid());
}
