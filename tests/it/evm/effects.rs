//! What the crate's effects table (`securepay::calldata::effect`) says a transaction moves, as
//! balance changes to compare with an execution's.

use alloy_primitives::{Address, U256};
use securepay::calldata::effect::{self, CallEffect, Excess, NativeRule, effect_of};
use securepay::calldata::{DecodedCall, Decoder};
use securepay::network::Network;
use securepay::transaction::Transaction;

use super::observe::{Asset, Changes};

/// The asset of the table as the harness names it.
pub fn asset(asset: effect::Asset) -> Asset {
    match asset {
        effect::Asset::Native => Asset::Native,
        effect::Asset::Token(token) => Asset::Token(token.abi()),
    }
}

/// `tx` decoded strictly by the crate's built-in decoder, and its effect.
pub fn decode(network: Network, tx: &Transaction) -> (DecodedCall, CallEffect) {
    let call = Decoder::builtin()
        .decode(network, &tx.to, &tx.data, tx.value)
        .unwrap_or_else(|e| panic!("the crate does not decode its own call {tx}: {e}"));
    let effect = effect_of(&call);
    (call, effect)
}

/// The balance changes the table predicts for `call` sent by `payer`, with the batch
/// contract's rate `batch_fee_rate` (its own unit): every flow from the payer to its recipient,
/// a `transferFrom`'s tokens from their holder, the batch fee to the fee address, and the
/// native value beyond the flows refunded or kept as the native rule says.
pub fn expected_changes(
    call: &DecodedCall,
    effect: &CallEffect,
    payer: Address,
    batch_fee_rate: u32,
) -> Changes {
    let mut changes = Changes::default();
    let mut native_out = U256::ZERO;
    for flow in &effect.flows {
        changes.moved(asset(flow.asset), payer, flow.to.abi(), flow.amount);
        if flow.asset == effect::Asset::Native {
            native_out += flow.amount;
        }
    }
    if let Some(moves) = &effect.moves {
        // `transferFrom`: the holder's tokens, with the allowance it gave the caller.
        let token = Asset::Token(moves.token.abi());
        changes.moved(token, moves.from.abi(), moves.to.abi(), moves.amount);
    }
    if let Some(fee) = &effect.batch_fee {
        let fees = fee.at_rate(batch_fee_rate).expect("no overflow");
        for (fee_asset, amount) in fees {
            changes.moved(asset(fee_asset), payer, fee.fee_address.abi(), amount);
            if fee_asset == effect::Asset::Native {
                native_out += amount;
            }
        }
    }
    let excess = call.value.checked_sub(native_out).unwrap_or_else(|| {
        panic!(
            "the table pays out {native_out} of native value but the call sends {}",
            call.value
        )
    });
    match effect.native {
        NativeRule::None => assert!(call.value.is_zero(), "a non-payable call with value"),
        NativeRule::Consumed => assert!(excess.is_zero(), "a consumed value with {excess} left"),
        NativeRule::AtLeast {
            excess: Excess::Refunded,
            ..
        } => {}
        NativeRule::AtLeast {
            excess: Excess::Kept,
            ..
        } => changes.moved(Asset::Native, payer, call.to.abi(), excess),
    }
    changes
}
