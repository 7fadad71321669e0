//! `calldata::Decoder::builtin().decode`: byte 0 picks the network, byte 1 the address called
//! (a deployment or a catalog token of that network, so decoding really runs), byte 2 whether
//! a value follows (then 32 bytes of value); the rest is the calldata.
//!
//! Property: when it decodes, re-encoding the decoded call through the `sol!` types gives the
//! input bytes exactly (strict decoding: no other byte string decodes to the same call), the
//! target is the one asked for, and value is only ever sent to payable functions.
#![no_main]

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolCall;
use libfuzzer_sys::fuzz_target;
use securepay::address::ChainAddress;
use securepay::calldata::decode::{
    BatchFunction, Call, Decoder, LegacyBatchTokens, RequestDetail, UsdLimit,
};
use securepay::contracts::abi::{
    self, IBatchConversionPayments as Bcp, IBatchPayments as Bp, IERC20, IERC20FeeProxy,
    IERC20Proxy, IErc20ConversionProxy, IEthConversionProxy, IEthereumFeeProxy, IEthereumProxy,
};
use securepay::network::Network;
use securepay_fuzz::calldata_targets;

fn a(address: &ChainAddress) -> Address {
    address.abi()
}

fn all(addresses: &[ChainAddress]) -> Vec<Address> {
    addresses.iter().map(ChainAddress::abi).collect()
}

fn details(details: &[RequestDetail]) -> Vec<abi::RequestDetail> {
    details
        .iter()
        .map(|d| abi::RequestDetail {
            recipient: a(&d.recipient),
            requestAmount: d.request_amount,
            path: d.path.clone(),
            paymentReference: d.payment_reference.clone(),
            feeAmount: d.fee_amount,
            maxToSpend: d.max_to_spend,
            maxRateTimespan: d.max_rate_timespan,
        })
        .collect()
}

fn paths(limit: &UsdLimit) -> Vec<Vec<Address>> {
    match limit {
        UsdLimit::Paths { paths_to_usd } => paths_to_usd.clone(),
        UsdLimit::Skip { .. } => panic!("an ERC-20 batch function with skipFeeUSDLimit"),
    }
}

fn skip(limit: &UsdLimit) -> bool {
    match limit {
        UsdLimit::Skip { skip_fee_usd_limit } => *skip_fee_usd_limit,
        UsdLimit::Paths { .. } => panic!("a native batch function with pathsToUSD"),
    }
}

/// The calldata of a decoded call, encoded again by the `sol!` types.
fn encode(call: &Call, value: U256) -> Vec<u8> {
    match call {
        Call::Erc20FeeTransfer(c) => IERC20FeeProxy::transferFromWithReferenceAndFeeCall {
            _tokenAddress: a(&c.token_address),
            _to: a(&c.to),
            _amount: c.amount,
            _paymentReference: c.payment_reference.clone(),
            _feeAmount: c.fee_amount,
            _feeAddress: a(&c.fee_address),
        }
        .abi_encode(),
        Call::NativeFeeTransfer(c) => {
            assert_eq!(c.amount.checked_add(c.fee_amount), Some(value));
            IEthereumFeeProxy::transferWithReferenceAndFeeCall {
                _to: a(&c.to),
                _paymentReference: c.payment_reference.clone(),
                _feeAmount: c.fee_amount,
                _feeAddress: a(&c.fee_address),
            }
            .abi_encode()
        }
        Call::NativeFeeExactTransfer(c) => {
            IEthereumFeeProxy::transferExactEthWithReferenceAndFeeCall {
                _to: a(&c.to),
                _amount: c.amount,
                _paymentReference: c.payment_reference.clone(),
                _feeAmount: c.fee_amount,
                _feeAddress: a(&c.fee_address),
            }
            .abi_encode()
        }
        Call::Approve(c) => IERC20::approveCall {
            spender: a(&c.spender),
            amount: c.amount,
        }
        .abi_encode(),
        Call::Transfer(c) => IERC20::transferCall {
            to: a(&c.to),
            amount: c.amount,
        }
        .abi_encode(),
        Call::Erc20ConversionTransfer(c) => {
            IErc20ConversionProxy::transferFromWithReferenceAndFeeCall {
                _to: a(&c.to),
                _requestAmount: c.request_amount,
                _path: c.path.clone(),
                _paymentReference: c.payment_reference.clone(),
                _feeAmount: c.fee_amount,
                _feeAddress: a(&c.fee_address),
                _maxToSpend: c.max_to_spend,
                _maxRateTimespan: c.max_rate_timespan,
            }
            .abi_encode()
        }
        Call::NativeConversionTransfer(c) => IEthConversionProxy::transferWithReferenceAndFeeCall {
            _to: a(&c.to),
            _requestAmount: c.request_amount,
            _path: c.path.clone(),
            _paymentReference: c.payment_reference.clone(),
            _feeAmount: c.fee_amount,
            _feeAddress: a(&c.fee_address),
            _maxRateTimespan: c.max_rate_timespan,
        }
        .abi_encode(),
        Call::LegacyBatch(c) => match &c.tokens {
            LegacyBatchTokens::Single { token_address } => {
                Bp::batchERC20PaymentsWithReferenceCall {
                    _tokenAddress: a(token_address),
                    _recipients: all(&c.recipients),
                    _amounts: c.amounts.clone(),
                    _paymentReferences: c.payment_references.clone(),
                    _feeAmounts: c.fee_amounts.clone(),
                    _feeAddress: a(&c.fee_address),
                }
                .abi_encode()
            }
            LegacyBatchTokens::PerPayment { token_addresses } => {
                Bp::batchERC20PaymentsMultiTokensWithReferenceCall {
                    _tokenAddresses: all(token_addresses),
                    _recipients: all(&c.recipients),
                    _amounts: c.amounts.clone(),
                    _paymentReferences: c.payment_references.clone(),
                    _feeAmounts: c.fee_amounts.clone(),
                    _feeAddress: a(&c.fee_address),
                }
                .abi_encode()
            }
            LegacyBatchTokens::Native {} => Bp::batchEthPaymentsWithReferenceCall {
                _recipients: all(&c.recipients),
                _amounts: c.amounts.clone(),
                _paymentReferences: c.payment_references.clone(),
                _feeAmounts: c.fee_amounts.clone(),
                _feeAddress: a(&c.fee_address),
            }
            .abi_encode(),
        },
        Call::BatchPayments(c) => Bcp::batchPaymentsCall {
            metaDetails: c
                .meta_details
                .iter()
                .map(|m| abi::MetaDetail {
                    paymentNetworkId: U256::from(m.payment_network_id.id()),
                    requestDetails: details(&m.request_details),
                })
                .collect(),
            pathsToUSD: c.paths_to_usd.clone(),
            feeAddress: a(&c.fee_address),
        }
        .abi_encode(),
        Call::BatchRequests(c) => {
            let request_details = details(&c.request_details);
            let fee_address = a(&c.fee_address);
            match c.function {
                BatchFunction::Erc20 => Bcp::batchERC20PaymentsCall {
                    requestDetails: request_details,
                    pathsToUSD: paths(&c.usd_limit),
                    feeAddress: fee_address,
                }
                .abi_encode(),
                BatchFunction::MultiErc20 => Bcp::batchMultiERC20PaymentsCall {
                    requestDetails: request_details,
                    pathsToUSD: paths(&c.usd_limit),
                    feeAddress: fee_address,
                }
                .abi_encode(),
                BatchFunction::MultiErc20Conversion => Bcp::batchMultiERC20ConversionPaymentsCall {
                    requestDetails: request_details,
                    pathsToUSD: paths(&c.usd_limit),
                    feeAddress: fee_address,
                }
                .abi_encode(),
                BatchFunction::Native => Bcp::batchNativePaymentsCall {
                    requestDetails: request_details,
                    skipFeeUSDLimit: skip(&c.usd_limit),
                    feeAddress: fee_address,
                }
                .abi_encode(),
                BatchFunction::NativeConversion => Bcp::batchNativeConversionPaymentsCall {
                    requestDetails: request_details,
                    skipFeeUSDLimit: skip(&c.usd_limit),
                    feeAddress: fee_address,
                }
                .abi_encode(),
            }
        }
        Call::Erc20ProxyTransfer(c) => IERC20Proxy::transferFromWithReferenceCall {
            _tokenAddress: a(&c.token_address),
            _to: a(&c.to),
            _amount: c.amount,
            _paymentReference: c.payment_reference.clone(),
        }
        .abi_encode(),
        Call::NativeProxyTransfer(c) => IEthereumProxy::transferWithReferenceCall {
            _to: a(&c.to),
            _paymentReference: c.payment_reference.clone(),
        }
        .abi_encode(),
        other => panic!("a Call variant this target does not re-encode: {other:?}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let [n, t, v, rest @ ..] = data else {
        return;
    };
    let network = Network::ALL[usize::from(*n) % Network::ALL.len()];
    let targets = calldata_targets(network);
    let Some(to) = targets.get(usize::from(*t) % targets.len().max(1)) else {
        return;
    };
    let (value, calldata) = if v & 1 == 1 {
        match rest.split_first_chunk::<32>() {
            Some((word, calldata)) => (U256::from_be_bytes(*word), calldata),
            None => return,
        }
    } else {
        (U256::ZERO, rest)
    };
    let decoder = Decoder::builtin();
    let Ok(decoded) = decoder.decode(network, to, calldata, value) else {
        return;
    };
    assert_eq!(decoded.network, network);
    assert_eq!(decoded.to, *to);
    assert_eq!(decoded.value, value);
    assert_eq!(decoder.target(network, to).as_ref(), Ok(&decoded.target));
    assert_eq!(
        encode(&decoded.call, value),
        calldata,
        "{}: re-encoding the decoded call differs from the input",
        decoded.call.function()
    );
    // The same call through the chain-id entry point.
    assert_eq!(
        decoder
            .decode_on_chain(network.chain_id(), to.abi(), calldata, value)
            .as_ref(),
        Ok(&decoded)
    );
    let _ = serde_json::to_string(&decoded).expect("a decoded call serializes");
});
