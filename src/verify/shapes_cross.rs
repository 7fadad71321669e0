//! Cross-chain multicalls: bridge calls on the source chain, payments proven by the destination
//! calls on the destination chain.

use alloy_primitives::U256;

use super::accounting::Flows;
use super::finding::Location;
use super::legs::{effect, Effect, LegKind};
use super::shapes::Run;
use super::summary::short;
use crate::address::PayeeAddress;
use crate::calldata::{Call, Decoder};
use crate::contracts::Contract;
use crate::currency::SourceEndpoint;
use crate::network::Network;
use crate::pay::MulticallPayment;

pub(super) fn cross_chain(
    run: &mut Run<'_, '_>,
    multicall: &MulticallPayment,
    payment_of: &dyn Fn(&str) -> Option<usize>,
) {
    let destination = run.exp.network;
    let source = match (multicall.metadata.source_network, run.exp.source_network) {
        (Some(stated), Some(agreed)) if stated != agreed => {
            run.danger(
                "source_network_mismatch",
                None,
                format!("the route starts on {stated}, not on the agreed {agreed}"),
            );
            Some(agreed)
        }
        (stated, agreed) => agreed.or(stated),
    };
    let mut flows = Flows::default();
    destination_calls(run, multicall, destination, &mut flows);
    let Some(source) = source else {
        run.danger("source_network_unknown", None, "the route's source network is not given (metadata.sourceNetwork): its transactions cannot be checked".to_owned());
        return;
    };
    let mut approvals = Vec::new();
    let fee_indices = multicall
        .metadata
        .fee_transaction_indices
        .clone()
        .unwrap_or_default();
    let decoded: Vec<_> = multicall
        .transactions
        .iter()
        .enumerate()
        .map(|(index, tx)| {
            (
                Location {
                    list: "transactions",
                    index: Some(index),
                },
                tx,
            )
        })
        .collect();
    let mut bridges_called = Vec::new();
    for (location, tx) in decoded {
        let at = Some(location);
        if let Some(bridge) = run.verifier.bridge(source, &tx.to) {
            let name = bridge.name.clone();
            run.caution(
                "bridge_call",
                at,
                format!(
                    "calls the {name} bridge at {} on {source}; its route calldata is not decoded",
                    tx.to
                ),
            );
            if !tx.value.is_zero() {
                run.danger(
                    "value_mismatch",
                    at,
                    format!(
                        "sends {} native units to the bridge, beyond the token being bridged",
                        tx.value
                    ),
                );
            }
            bridges_called.push(PayeeAddress::from_abi(source, tx.to.abi()));
            continue;
        }
        match Decoder::new(run.verifier.deployments, run.verifier.catalog)
            .decode(source, &tx.to, &tx.data, tx.value)
        {
            Ok(call) => match effect(&call, location) {
                Effect::Approval(approval) => approvals.push(approval),
                Effect::Legs(legs) => {
                    for leg in legs {
                        let fee = fee_indices.contains(&location.index.unwrap_or_default());
                        match (leg.kind, fee) {
                            (LegKind::Main, true) => flows.fee_legs.push(leg),
                            (LegKind::ProxyFee, _) => flows.proxy_fees.push(leg),
                            (LegKind::Main, false) => run.danger("undeclared_outflow", at, format!("sends {} on {source} to {}: payments of a cross-chain route are made by the destination calls", call.value.max(leg.amount), run.who(&leg.to))),
                        }
                    }
                }
                Effect::Unverifiable(reason) => run.danger("unverifiable_call", at, reason),
            },
            Err(crate::calldata::DecodeError::UnknownTarget { to, .. }) => {
                run.danger(
                    "unknown_bridge",
                    at,
                    format!(
                        "{to} on {source} is neither a known bridge nor a known contract or token"
                    ),
                );
            }
            Err(error) => run.danger("non_canonical_calldata", at, error.to_string()),
        }
    }
    let source_tokens: Vec<PayeeAddress> = match multicall
        .metadata
        .source_token_address
        .as_deref()
        .map(|t| PayeeAddress::parse(source, t))
    {
        Some(Ok(token)) => vec![token],
        _ => run
            .verifier
            .catalog
            .cross_chain_sources(source, SourceEndpoint::SecurePay)
            .filter_map(|c| c.token_address())
            .collect(),
    };
    for approval in &approvals {
        let at = Some(approval.location);
        let symbol = run.token_symbol(source, &approval.token);
        if !source_tokens.contains(&approval.token) {
            run.danger(
                "approval_token",
                at,
                format!("approves {symbol} on {source}, which is not the route's source token"),
            );
        }
        if !bridges_called.contains(&approval.spender) {
            run.danger(
                "approval_spender",
                at,
                format!(
                    "approves {} on {source}, which is not the bridge this route calls",
                    approval.spender
                ),
            );
        } else if approval.amount == U256::MAX {
            run.caution("approval_unlimited", at, format!("approves an unlimited amount of {symbol} for the bridge: it can pull more later, until you revoke it"));
            run.lines.push(format!(
                "Approve unlimited {symbol} on {} for the bridge",
                source.display_name()
            ));
        } else {
            run.lines.push(format!(
                "Approve {} {symbol} on {} for the bridge",
                run.human_of(source, &approval.token, approval.amount),
                source.display_name()
            ));
        }
    }
    let mut entries = run.entries(multicall.fee_bundle.as_ref(), source, payment_of);
    run.settle(&flows, &mut entries, multicall.fee_bundle.as_ref());
    for payment in &run.exp.payments.clone() {
        let payee = match payment.payee.shown_address() {
            Some(address) => short(&address.to_string()),
            None => crate::policy::MASKED_TEXT.to_owned(),
        };
        let reference = payment
            .reference
            .map(|r| format!(", reference {}", short(&r.to_string())))
            .unwrap_or_default();
        run.lines.push(format!(
            "Pay {} {} to {payee} on {}{reference}, bridged from {}",
            payment.amount,
            run.symbol(),
            destination.display_name(),
            source.display_name()
        ));
    }
    let quoted = multicall
        .metadata
        .source_amount
        .clone()
        .or_else(|| multicall.metadata.bridge_source_amount.clone());
    let token = multicall
        .metadata
        .source_token
        .clone()
        .unwrap_or_else(|| "the source token".to_owned());
    match quoted {
        Some(amount) => run.lines.push(format!("Total leaving your wallet: about {amount} {token} on {} (the route's quote; the bridge call is not decoded)", source.display_name())),
        None => run.lines.push(format!("Total leaving your wallet: {token} on {} through the bridge (amount not stated)", source.display_name())),
    }
}

/// Each child's destination call must be a canonical ERC20FeeProxy call on the destination
/// chain; its legs become the payments to settle.
fn destination_calls(
    run: &mut Run<'_, '_>,
    multicall: &MulticallPayment,
    destination: Network,
    flows: &mut Flows,
) {
    for (index, child) in multicall.children.iter().enumerate() {
        let location = Location {
            list: "children",
            index: Some(index),
        };
        let at = Some(location);
        let Some(call) = &child.destination_call else {
            continue;
        };
        if call.network != destination
            || call.chain_id.is_some_and(|id| id != destination.chain_id())
        {
            run.danger(
                "destination_call_mismatch",
                at,
                format!(
                    "the destination call runs on {} (chain {:?}), not on the agreed {destination}",
                    call.network, call.chain_id
                ),
            );
            continue;
        }
        if call.target.abi() != call.contract_address.abi() {
            run.danger(
                "destination_call_mismatch",
                at,
                format!(
                    "the destination call's target {} is not its contractAddress {}",
                    call.target, call.contract_address
                ),
            );
            continue;
        }
        let target = PayeeAddress::from_abi(destination, call.target.abi());
        if run
            .verifier
            .deployments
            .contract_at(destination, &target)
            .ok()
            != Some(Contract::Erc20FeeProxy)
        {
            run.danger(
                "destination_call_mismatch",
                at,
                format!(
                    "the destination call targets {target}, not the ERC20FeeProxy of {destination}"
                ),
            );
            continue;
        }
        match Decoder::new(run.verifier.deployments, run.verifier.catalog).decode(
            destination,
            &target,
            &call.calldata,
            U256::ZERO,
        ) {
            Ok(decoded) if matches!(decoded.call, Call::Erc20FeeTransfer(_)) => {
                if let Effect::Legs(legs) = effect(&decoded, location) {
                    for leg in legs {
                        match leg.kind {
                            LegKind::Main => flows.payments.push(leg),
                            LegKind::ProxyFee => flows.proxy_fees.push(leg),
                        }
                    }
                }
            }
            Ok(decoded) => run.danger(
                "destination_call_mismatch",
                at,
                format!(
                    "the destination call is {}, not a payment through the ERC20FeeProxy",
                    decoded.call.function()
                ),
            ),
            Err(error) => run.danger(
                "destination_call_mismatch",
                at,
                format!("the destination calldata does not decode strictly: {error}"),
            ),
        }
    }
    if let Some(mirror) = &multicall.destination_calls {
        for (index, call) in mirror.iter().enumerate() {
            let own = multicall
                .children
                .get(index)
                .and_then(|c| c.destination_call.as_ref());
            if own != Some(call) {
                run.danger(
                    "destination_call_mismatch",
                    Some(Location {
                        list: "destinationCalls",
                        index: Some(index),
                    }),
                    "destinationCalls does not mirror the children's destination calls".to_owned(),
                );
            }
        }
    }
}
