//! `Decoder::decode_any`: the service's calls as `decode` gives them, and a call to the LI.FI
//! diamond as its Across V4 entry point, its destination message and each destination call
//! decoded on the destination chain, a part that does not decode holding its reason.

use alloy_primitives::{Address, B256, Bytes, U256, hex};
use alloy_sol_types::SolCall;
use securepay::address::ChainAddress;
use securepay::calldata::decode::{DecodedBridgeCall, UnknownDestination};
use securepay::calldata::lifi::{
    AcrossBridgeCall, AcrossV4, BridgeData, DestinationMessage, LifiDecodeError, SwapData,
    known_functions,
};
use securepay::calldata::{AnyCall, Call, DecodeError, Decoder};
use securepay::contracts::abi::IERC20FeeProxy;
use securepay::network::Network;
use securepay::verify::FindingCode;
use serde_json::{Value, json};

const DIAMOND: &str = "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE";
const BASE_PROXY: &str = "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814";
const BASE_RECEIVER_ACROSS_V4: &str = "0x33b255b5db44A78c34381f89f1a454bc0Ef49871";
const USDC_BASE: &str = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const USDT_OPTIMISM: &str = "0x94b008aA00579c1307B0EF2c499aD98a8ce58e58";
const PAYEE: &str = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7";
const PAYER: &str = "0x2222222222222222222222222222222222222222";

fn a(text: &str) -> Address {
    text.parse().unwrap()
}

fn diamond() -> ChainAddress {
    DIAMOND.parse().unwrap()
}

/// An ERC20FeeProxy payment of `amount` USDC on Base to the payee, as the destination executor
/// would make it.
fn pay_call(amount: u64) -> SwapData {
    let call = IERC20FeeProxy::transferFromWithReferenceAndFeeCall {
        _tokenAddress: a(USDC_BASE),
        _to: a(PAYEE),
        _amount: U256::from(amount),
        _paymentReference: Bytes::from_static(&hex!("1a2b3c4d5e6f7081")),
        _feeAmount: U256::ZERO,
        _feeAddress: Address::ZERO,
    };
    SwapData {
        call_to: a(BASE_PROXY),
        approve_to: a(BASE_PROXY),
        sending_asset_id: a(USDC_BASE),
        receiving_asset_id: a(USDC_BASE),
        from_amount: U256::from(amount),
        call_data: call.abi_encode().into(),
        requires_deposit: false,
    }
}

/// USDT from Optimism to Base through Across V4, with `message` as the destination message.
fn bridge_call(destination_chain_id: U256, message: Vec<u8>) -> AcrossBridgeCall {
    AcrossBridgeCall {
        bridge: BridgeData {
            transaction_id: B256::repeat_byte(0x1a),
            bridge: "across".into(),
            integrator: "securepay".into(),
            referrer: Address::ZERO,
            sending_asset_id: a(USDT_OPTIMISM),
            receiver: a(PAYEE),
            min_amount: U256::from(10_080_000u64),
            destination_chain_id,
            has_source_swaps: false,
            has_destination_call: !message.is_empty(),
        },
        source_swaps: vec![],
        across: AcrossV4 {
            receiver_address: a(BASE_RECEIVER_ACROSS_V4),
            refund_address: a(PAYER),
            sending_asset_id: a(USDT_OPTIMISM),
            receiving_asset_id: a(USDC_BASE),
            output_amount: U256::from(10_000_000u64),
            output_amount_multiplier: 1_000_000_000_000_000_000,
            exclusive_relayer: B256::ZERO,
            quote_timestamp: 1_773_740_000,
            fill_deadline: 1_773_750_000,
            exclusivity_parameter: 0,
            message: message.into(),
        },
    }
}

fn message(swaps: Vec<SwapData>) -> Vec<u8> {
    DestinationMessage {
        transaction_id: B256::repeat_byte(0x1a),
        swaps,
        receiver: a(PAYEE),
    }
    .abi_encode()
}

fn bridge(data: &[u8]) -> DecodedBridgeCall {
    match Decoder::builtin().decode_any(Network::Optimism, &diamond(), data, U256::ZERO) {
        Ok(AnyCall::Bridge(call)) => call,
        other => panic!("a bridge call: {other:?}"),
    }
}

fn refused(network: Network, data: &[u8]) -> DecodeError {
    Decoder::builtin()
        .decode_any(network, &diamond(), data, U256::ZERO)
        .unwrap_err()
}

#[test]
fn a_call_of_the_service_s_contracts_is_what_decode_gives() {
    let call = pay_call(10_000_000);
    let proxy: ChainAddress = BASE_PROXY.parse().unwrap();
    let decoder = Decoder::builtin();
    let decoded = decoder
        .decode(Network::Base, &proxy, &call.call_data, U256::ZERO)
        .unwrap();
    let any = decoder
        .decode_any(Network::Base, &proxy, &call.call_data, U256::ZERO)
        .unwrap();
    assert_eq!(
        serde_json::to_value(&any).unwrap(),
        serde_json::to_value(&decoded).unwrap()
    );
    assert_eq!(any, AnyCall::Call(decoded));
    // Errors too are decode's.
    for data in [&[][..], &[0xc2, 0x19][..], &call.call_data[..100]] {
        assert_eq!(
            decoder
                .decode_any(Network::Base, &proxy, data, U256::ZERO)
                .unwrap_err(),
            decoder
                .decode(Network::Base, &proxy, data, U256::ZERO)
                .unwrap_err()
        );
    }
}

#[test]
fn a_destination_payment_decodes_on_the_destination_chain() {
    let call = bridge_call(U256::from(8453u16), message(vec![pay_call(10_000_000)]));
    let decoded = bridge(&call.abi_encode());
    assert_eq!(decoded.call, call);
    let destination = decoded.destination.as_ref().unwrap();
    assert_eq!(destination.network, Ok(Network::Base));
    let message = destination.message.as_ref().unwrap();
    assert_eq!((message.receiver, message.calls.len()), (a(PAYEE), 1));
    let paid = message.calls[0].call.as_ref().unwrap().as_ref().unwrap();
    assert_eq!(paid.network, Network::Base);
    let Call::Erc20FeeTransfer(args) = &paid.call else {
        panic!("an ERC20FeeProxy payment: {paid:?}")
    };
    assert_eq!(
        (args.to.to_string(), args.amount),
        (PAYEE.to_owned(), U256::from(10_000_000u64))
    );

    let json = serde_json::to_value(&decoded).unwrap();
    assert_eq!(json["contract"], "LiFiDiamond");
    assert_eq!(json["function"], "startBridgeTokensViaAcrossV4");
    assert!(
        json["args"].get("_swapData").is_none(),
        "startBridge… has no _swapData"
    );
    assert_eq!(json["args"]["_bridgeData"]["destinationChainId"], "8453");
    assert_eq!(
        json["args"]["_acrossData"]["receiverAddress"],
        BASE_RECEIVER_ACROSS_V4
    );
    assert_eq!(
        json["args"]["_acrossData"]["outputAmountMultiplier"],
        "1000000000000000000"
    );
    assert_eq!(json["destination"]["network"], "base");
    let swap = &json["destination"]["message"]["swapData"][0];
    assert_eq!(swap["callTo"], BASE_PROXY);
    assert_eq!(swap["fromAmount"], "10000000");
    assert_eq!(swap["call"]["contract"], "ERC20FeeProxy");
    assert_eq!(swap["call"]["function"], "transferFromWithReferenceAndFee");
    assert_eq!(
        swap["call"]["args"]["_paymentReference"],
        "0x1a2b3c4d5e6f7081"
    );
    assert_eq!(json["destination"]["message"]["receiver"], PAYEE);
}

#[test]
fn source_swaps_are_the_swap_data_argument() {
    let mut call = bridge_call(U256::from(8453u16), vec![]);
    let fee_step = SwapData {
        requires_deposit: true,
        ..pay_call(80_000)
    };
    call.source_swaps = vec![fee_step.clone()];
    call.bridge.has_source_swaps = true;
    let decoded = bridge(&call.abi_encode());
    assert_eq!((&decoded.call, &decoded.destination), (&call, &None));
    let json = serde_json::to_value(&decoded).unwrap();
    assert_eq!(json["function"], "swapAndStartBridgeTokensViaAcrossV4");
    assert_eq!(
        json["args"]["_swapData"],
        json!([serde_json::to_value(&fee_step).unwrap()])
    );
    assert_eq!(json["args"]["_swapData"][0]["requiresDeposit"], true);
    assert_eq!(json["destination"], Value::Null);
}

#[test]
fn each_part_that_does_not_decode_holds_its_reason() {
    let pays = message(vec![pay_call(10_000_000)]);

    // A destination that is not one of the service's chains (LI.FI's Solana id, a U256 beyond
    // u64): the message decodes, its calls are not decoded.
    for chain_id in [U256::from(1_151_111_081_099_710u64), U256::MAX] {
        let decoded = bridge(&bridge_call(chain_id, pays.clone()).abi_encode());
        let destination = decoded.destination.as_ref().unwrap();
        assert_eq!(destination.network, Err(UnknownDestination(chain_id)));
        let message = destination.message.as_ref().unwrap();
        assert_eq!(message.calls[0].call, None);
        let json = serde_json::to_value(&decoded).unwrap();
        assert_eq!(
            json["destination"]["network"]["error"],
            format!(
                "destinationChainId {chain_id} is not one of the service's chains (1, 42161, 10, 8453, 137, 56, 728126428, 11155111): its calls are not decoded"
            )
        );
        assert_eq!(
            json["destination"]["message"]["swapData"][0]["call"],
            Value::Null
        );
    }

    // A message with a byte too many.
    let mut long = pays.clone();
    long.push(0);
    let decoded = bridge(&bridge_call(U256::from(8453u16), long).abi_encode());
    let destination = decoded.destination.as_ref().unwrap();
    assert_eq!(
        destination.message,
        Err(LifiDecodeError::TrailingBytes {
            function: "destination message",
            extra: 1
        })
    );
    let json = serde_json::to_value(&decoded).unwrap();
    assert_eq!(
        json["destination"],
        json!({"network": "base", "message": {"error": "destination message: 1 unexpected byte(s) after the arguments"}})
    );

    // Calls that do not decode: to an unknown contract, a payment with a trailing byte, a
    // payment that spends the native currency (the executor sends fromAmount as value, and the
    // ERC20FeeProxy is not payable), no calldata.
    let mut unknown = pay_call(1);
    unknown.call_to = Address::repeat_byte(0x42);
    let mut trailing = pay_call(2);
    let mut data = trailing.call_data.to_vec();
    data.push(0);
    trailing.call_data = data.into();
    let native = SwapData {
        sending_asset_id: Address::ZERO,
        ..pay_call(3)
    };
    let empty = SwapData {
        call_data: Bytes::new(),
        ..pay_call(4)
    };
    let decoded = bridge(
        &bridge_call(
            U256::from(8453u16),
            message(vec![unknown, trailing, native, empty, pay_call(5)]),
        )
        .abi_encode(),
    );
    let calls = &decoded
        .destination
        .as_ref()
        .unwrap()
        .message
        .as_ref()
        .unwrap()
        .calls;
    let errors: Vec<String> = calls
        .iter()
        .map(|c| match c.call.as_ref().unwrap() {
            Ok(call) => format!("ok {}", call.call.function()),
            Err(error) => error.to_string(),
        })
        .collect();
    assert_eq!(
        errors,
        [
            "0x4242424242424242424242424242424242424242 is neither a known contract nor a known token on base",
            "transferFromWithReferenceAndFee: 1 unexpected byte(s) after the arguments",
            "transferFromWithReferenceAndFee is not payable but the transaction sends 3",
            "no calldata: a plain transfer of 0 native units to 0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814, not a payment call",
            "ok transferFromWithReferenceAndFee",
        ]
    );
    let json = serde_json::to_value(&decoded).unwrap();
    let swaps = json["destination"]["message"]["swapData"]
        .as_array()
        .unwrap();
    assert_eq!(swaps[1]["call"], json!({"error": errors[1]}));
    assert_eq!(swaps[4]["call"]["contract"], "ERC20FeeProxy");

    // A destination call flag without a message: nothing to decode there.
    let mut flagged = bridge_call(U256::from(8453u16), vec![]);
    flagged.bridge.has_destination_call = true;
    assert_eq!(bridge(&flagged.abi_encode()).destination, None);
}

#[test]
fn another_lifi_function_is_refused_by_name_never_as_an_unknown_selector() {
    let mut refusals = 0;
    for function in known_functions() {
        let mut data = function.selector.to_vec();
        data.extend([0u8; 64]);
        let error = refused(Network::ArbitrumOne, &data);
        if matches!(
            function.name,
            "startBridgeTokensViaAcrossV4" | "swapAndStartBridgeTokensViaAcrossV4"
        ) {
            assert!(
                matches!(
                    error,
                    DecodeError::Bridge(
                        LifiDecodeError::NonCanonical(_) | LifiDecodeError::Truncated(_)
                    )
                ),
                "{error}"
            );
            continue;
        }
        refusals += 1;
        assert_eq!(
            error,
            DecodeError::Bridge(LifiDecodeError::NotAllowed {
                selector: function.selector,
                function: function.name,
                packed: function.packed
            })
        );
        let reason = error.to_string();
        let named = format!(
            "LI.FI diamond: {} (0x{}, {})",
            function.name,
            hex::encode(function.selector),
            function.contract
        );
        assert!(
            reason.starts_with(&named) && reason.contains("is not allowed"),
            "{reason}"
        );
        assert_eq!(FindingCode::from(&error), FindingCode::BridgeNotAllowed);
    }
    assert_eq!(refusals, 92);

    let unknown = refused(Network::ArbitrumOne, &hex!("d7556c1e"));
    assert_eq!(
        unknown.to_string(),
        "LI.FI diamond: unknown LI.FI function selector 0xd7556c1e"
    );
    assert_eq!(FindingCode::from(&unknown), FindingCode::BridgeNotAllowed);
    // `decode`, for the payment contracts, still does not read the diamond.
    let plain = Decoder::builtin()
        .decode(
            Network::ArbitrumOne,
            &diamond(),
            &hex!("a1f1ce43"),
            U256::ZERO,
        )
        .unwrap_err();
    assert!(matches!(plain, DecodeError::UnknownSelector(_)), "{plain}");
}

#[test]
fn a_malformed_bridge_call_is_refused_with_its_reason() {
    let data = bridge_call(U256::from(8453u16), message(vec![pay_call(1)])).abi_encode();
    let truncated = refused(Network::Optimism, &data[..data.len() - 32]);
    assert_eq!(
        truncated,
        DecodeError::Bridge(LifiDecodeError::Truncated("startBridgeTokensViaAcrossV4"))
    );
    assert_eq!(
        truncated.to_string(),
        "LI.FI diamond: startBridgeTokensViaAcrossV4: calldata is truncated"
    );
    assert_eq!(
        FindingCode::from(&truncated),
        FindingCode::BridgeCallInvalid
    );
    let source = std::error::Error::source(&truncated).unwrap();
    assert_eq!(
        source.to_string(),
        "startBridgeTokensViaAcrossV4: calldata is truncated"
    );
    let mut long = data.clone();
    long.push(0);
    assert_eq!(
        refused(Network::Optimism, &long),
        DecodeError::Bridge(LifiDecodeError::TrailingBytes {
            function: "startBridgeTokensViaAcrossV4",
            extra: 1
        })
    );
    assert_eq!(
        refused(Network::Optimism, &data[..3]),
        DecodeError::TooShort(3)
    );
    assert!(matches!(
        refused(Network::Optimism, &[]),
        DecodeError::NoCalldata { .. }
    ));
    // The diamond is not deployed on Sepolia: there the address is nothing known.
    assert!(matches!(
        refused(Network::Sepolia, &data),
        DecodeError::UnknownTarget { .. }
    ));
}

/// Every bridge call of a cross-chain plan (two payments on Base, one with a fee, paid from
/// Optimism) decodes to its destination payments: the payment, then the fee, each an
/// ERC20FeeProxy call on Base, the message's receiver the payee.
#[cfg(feature = "fixtures")]
#[test]
fn a_cross_chain_plan_s_bridge_calls_decode_to_their_destination_payments() {
    use securepay::currency::Catalog;
    use securepay::pay::{
        ApprovalPlan, CrossChainRoute, FeeBearer, PayResponse, PaymentPlan, PlannedFee,
        PlannedPayment,
    };
    const PAYEE_2: &str = "0x742d35Cc6634C0532925a3b844Bc454e4438f44e";
    const FEE_TO: &str = "0x9795d480C2C50392A4714A0F468059C6448DeCe2";
    let catalog = Catalog::builtin();
    let payment = |i: u8, payee: &str, amount: u64| PlannedPayment {
        request_id: format!("req{i}"),
        secure_payment_token: Some(format!("01JD3E6JD46KY4KKV7X9V0{i:04X}").parse().unwrap()),
        payee: payee.parse().unwrap(),
        amount: U256::from(amount),
        reference: securepay::calldata::PaymentReference::new([i; 8]),
    };
    let plan = PaymentPlan {
        network: Network::Base,
        currency: catalog.get("USDC-base").unwrap().clone(),
        payments: vec![
            payment(1, PAYEE, 10_000_000),
            payment(2, PAYEE_2, 25_000_000),
        ],
        fees: vec![PlannedFee {
            request_id: "req1".into(),
            fee_component_id: None,
            fee_type: Some("platform".into()),
            fee_label: Some("platform fee".into()),
            bearer: FeeBearer::Payer,
            amount: U256::from(300_000u64),
            recipient: FEE_TO.parse().unwrap(),
        }],
        approval: ApprovalPlan::Exact,
        smart_account: None,
        parent_token: Some("01JD3E6JD46KY4KKV7X9V0MZ00".parse().unwrap()),
        bundle_id: None,
    };
    let route = CrossChainRoute {
        network: Network::Optimism,
        currency: catalog.get("USDT-optimism").unwrap().clone(),
        payer: PAYER.parse().unwrap(),
        source_amounts: vec![U256::from(10_400_000u64), U256::from(25_100_000u64)],
        quote_timestamp: 1_773_740_000,
        fill_deadline: 1_773_750_000,
    };
    let response = plan.build_cross_chain(&route).unwrap();
    let transactions = match &response {
        PayResponse::Single(single) => &single.transactions,
        PayResponse::Multicall(multicall) => &multicall.transactions,
        other => panic!("not a shape this plan builds: {other:?}"),
    };
    let expected = [
        (
            PAYEE,
            vec![(PAYEE, 10_000_000u64, [1u8; 8]), (FEE_TO, 300_000, [1; 8])],
        ),
        (PAYEE_2, vec![(PAYEE_2, 25_000_000, [2; 8])]),
    ];
    let bridges: Vec<_> = transactions
        .iter()
        .filter(|tx| tx.to == diamond())
        .collect();
    assert_eq!(bridges.len(), expected.len());
    for (tx, (receiver, pays)) in bridges.into_iter().zip(expected) {
        let any = Decoder::builtin()
            .decode_any(Network::Optimism, &tx.to, &tx.data, tx.value)
            .unwrap();
        let AnyCall::Bridge(decoded) = &any else {
            panic!("a bridge call")
        };
        let destination = decoded.destination.as_ref().unwrap();
        assert_eq!(destination.network, Ok(Network::Base));
        let message = destination.message.as_ref().unwrap();
        assert_eq!(message.receiver, a(receiver));
        assert_eq!(message.calls.len(), pays.len());
        for (call, (to, amount, reference)) in message.calls.iter().zip(&pays) {
            let decoded = call.call.as_ref().unwrap().as_ref().unwrap();
            let Call::Erc20FeeTransfer(args) = &decoded.call else {
                panic!("an ERC20FeeProxy payment: {decoded:?}")
            };
            assert_eq!(decoded.to.to_string(), BASE_PROXY);
            assert_eq!(
                (
                    args.to.to_string(),
                    args.amount,
                    &args.payment_reference[..]
                ),
                ((*to).to_owned(), U256::from(*amount), &reference[..])
            );
        }
        let json = serde_json::to_value(&any).unwrap();
        for (i, (to, amount, _)) in pays.iter().enumerate() {
            let call = &json["destination"]["message"]["swapData"][i]["call"];
            assert_eq!(
                (&call["network"], &call["contract"]),
                (&json!("base"), &json!("ERC20FeeProxy"))
            );
            assert_eq!(
                (&call["args"]["_to"], &call["args"]["_amount"]),
                (&json!(to), &json!(amount.to_string()))
            );
        }
    }
}
