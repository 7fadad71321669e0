//! The calls of the registry test files: built by securepay's own builders
//! (`securepay::calldata::Builder`) where it has one, else encoded with the library's `sol!`
//! types, each to the contract's address of the built-in table; and the test files (the
//! expected screen read from the descriptor by [`crate::reader`]).
//!
//! ```
//! use securepay::contracts::Contract;
//!
//! let calls = securepay_erc7730::fixtures::calls(Contract::BatchPayments)?;
//! assert_eq!(calls.len(), 3); // one token, several tokens, native
//! # Ok::<(), securepay_erc7730::GenError>(())
//! ```

use std::collections::BTreeMap;

use alloy_primitives::{Address, Bytes, U256, address};
use alloy_sol_types::SolCall;
use serde_json::{Value, json};

use securepay::address::ChainAddress;
use securepay::calldata::{
    BatchGroup, BatchPayee, BatchPaymentNetwork, BatchRequest, BatchTokenPayee, Builder,
    Erc20ConversionPayment, Erc20FeePayment, Fee, NativeConversionPayment, NativeFeePayment,
    PaymentReference,
};
use securepay::contracts::abi::{
    IBatchConversionPayments, IERC20Proxy, IEthereumProxy, RequestDetail,
};
use securepay::contracts::{Contract, Deployments};
use securepay::currency::Catalog;
use securepay::network::Network;
use securepay::transaction::Transaction;
use securepay::verify::AssetRef;

use crate::reader::{self, Container, Shown};
use crate::{Descriptor, GenError, OWNER, sign};

/// One test call: what it shows, where it goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    /// What it tests (the test's `description`, unique in its file).
    pub description: &'static str,
    /// The chain.
    pub network: Network,
    /// The transaction.
    pub transaction: Transaction,
}

const PAYEE: Address = address!("0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7");
const PAYEE_2: Address = address!("0x4242424242424242424242424242424242424202");
const FEE_TO: Address = address!("0x9795d480C2C50392A4714A0F468059C6448DeCe2");
const USDC_BASE: Address = address!("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
const USDC_MAINNET: Address = address!("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const DAI_MAINNET: Address = address!("0x6B175474E89094C44Da98b954EedeAC495271d0F");
/// The USD currency hash (`securepay::currency`'s fiat USD).
const USD: Address = address!("0x775eb53d00dd0acd3ec1696472105d579b9b386b");
/// ETH on Sepolia's currency hash (`ETH-sepolia-sepolia`).
const ETH_SEPOLIA: Address = address!("0xbb3546497a53cd710beb11b84c5240327f145bcb");
const USDC_SEPOLIA: Address = address!("0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238");

fn on(network: Network, a: Address) -> ChainAddress {
    ChainAddress::from_abi(network, a)
}

fn reference(byte: u8) -> PaymentReference {
    PaymentReference::new([byte; 8])
}

fn build<E: std::fmt::Display>(result: Result<Transaction, E>) -> Result<Transaction, GenError> {
    result.map_err(|e| GenError(format!("a fixture call: {e}")))
}

/// A transaction to the table's address of `contract` on `network`.
fn encoded(
    network: Network,
    contract: Contract,
    data: Vec<u8>,
    value: U256,
) -> Result<Transaction, GenError> {
    let to = Deployments::builtin()
        .address(network, contract)
        .map_err(|e| GenError(e.to_string()))?;
    Ok(Transaction {
        to,
        data: Bytes::from(data),
        value,
    })
}

fn usdc_request(
    network: Network,
    token: Address,
    recipient: Address,
    amount: u64,
    byte: u8,
) -> BatchRequest {
    BatchRequest {
        recipient: on(network, recipient),
        request_amount: U256::from(amount),
        path: vec![token],
        reference: reference(byte),
        fee_amount: U256::from(amount / 100),
        max_to_spend: U256::ZERO,
        max_rate_timespan: U256::ZERO,
    }
}

/// The test calls of a contract's descriptor.
pub fn calls(contract: Contract) -> Result<Vec<Call>, GenError> {
    let base = Builder::new(Network::Base);
    let mainnet = Builder::new(Network::Mainnet);
    let sepolia = Builder::new(Network::Sepolia);
    let b = |a| on(Network::Base, a);
    let m = |a| on(Network::Mainnet, a);
    let s = |a| on(Network::Sepolia, a);
    let call = |description, network, transaction| Call {
        description,
        network,
        transaction,
    };
    Ok(match contract {
        Contract::Erc20FeeProxy => vec![call(
            "Pay 827.50 USDC on Base with a 1.55 USDC fee",
            Network::Base,
            build(
                base.erc20_fee(
                    &Erc20FeePayment::new(
                        b(USDC_BASE),
                        b(PAYEE),
                        U256::from(827_500_000u64),
                        reference(0xe2),
                    )
                    .with_fee(U256::from(1_550_000u64), b(FEE_TO)),
                ),
            )?,
        )],
        Contract::EthereumFeeProxy => {
            let payment = NativeFeePayment::new(
                b(PAYEE),
                U256::from(200_000_000_000_000_000u64),
                reference(0x11),
            )
            .with_fee(U256::from(1_000_000_000_000u64), b(FEE_TO));
            vec![
                call(
                    "Pay 0.2 ETH on Base with a fee, sent as value",
                    Network::Base,
                    build(base.native_fee(&payment))?,
                ),
                call(
                    "Pay exactly 0.2 ETH on Base with a fee",
                    Network::Base,
                    build(base.native_fee_exact(&payment))?,
                ),
            ]
        }
        Contract::Erc20Proxy => {
            let data = IERC20Proxy::transferFromWithReferenceCall {
                _tokenAddress: USDC_BASE,
                _to: PAYEE,
                _amount: U256::from(10_500_000u64),
                _paymentReference: Bytes::from(vec![0x22; 8]),
            }
            .abi_encode();
            vec![call(
                "Pay 10.5 USDC on Base without a fee",
                Network::Base,
                encoded(Network::Base, contract, data, U256::ZERO)?,
            )]
        }
        Contract::EthereumProxy => {
            let data = IEthereumProxy::transferWithReferenceCall {
                _to: PAYEE,
                _paymentReference: Bytes::from(vec![0x33; 8]),
            }
            .abi_encode();
            let value = U256::from(50_000_000_000_000_000u64);
            vec![call(
                "Pay 0.05 ETH on Base without a fee",
                Network::Base,
                encoded(Network::Base, contract, data, value)?,
            )]
        }
        Contract::Erc20ConversionProxy => vec![
            call(
                "Pay 100 USD in USDC on Base, at most 101.5 USDC",
                Network::Base,
                build(base.erc20_conversion(&Erc20ConversionPayment {
                    to: b(PAYEE),
                    request_amount: U256::from(10_000_000_000u64),
                    path: vec![USD, USDC_BASE],
                    reference: reference(0x44),
                    fee: Some(Fee {
                        amount: U256::from(50_000_000u64),
                        recipient: b(FEE_TO),
                    }),
                    max_to_spend: U256::from(101_500_000u64),
                    max_rate_timespan: U256::ZERO,
                }))?,
            ),
            call(
                "Pay 25 USDC on Base through the conversion proxy, a path of one token",
                Network::Base,
                build(base.erc20_conversion(&Erc20ConversionPayment {
                    to: b(PAYEE),
                    request_amount: U256::from(25_000_000u64),
                    path: vec![USDC_BASE],
                    reference: reference(0x45),
                    fee: Some(Fee {
                        amount: U256::from(250_000u64),
                        recipient: b(FEE_TO),
                    }),
                    max_to_spend: U256::from(25_250_000u64),
                    max_rate_timespan: U256::ZERO,
                }))?,
            ),
        ],
        Contract::EthConversionProxy => vec![call(
            "Pay 10.50 USD in ETH on Sepolia, at most 0.004 ETH",
            Network::Sepolia,
            build(sepolia.native_conversion(&NativeConversionPayment {
                to: s(PAYEE),
                request_amount: U256::from(1_050_000_000u64),
                path: vec![USD, ETH_SEPOLIA],
                reference: reference(0x55),
                fee: Some(Fee {
                    amount: U256::from(10_000_000u64),
                    recipient: s(FEE_TO),
                }),
                max_to_spend: U256::from(4_000_000_000_000_000u64),
                max_rate_timespan: U256::ZERO,
            }))?,
        )],
        Contract::BatchPayments => {
            let payees: Vec<BatchPayee> = [(PAYEE, 1_000_000u64, 1u8), (PAYEE_2, 2_500_000, 2)]
                .into_iter()
                .map(|(to, amount, byte)| BatchPayee {
                    to: m(to),
                    amount: U256::from(amount),
                    reference: reference(byte),
                    fee_amount: U256::from(amount / 100),
                })
                .collect();
            let multi: Vec<BatchTokenPayee> = payees
                .iter()
                .zip([USDC_MAINNET, DAI_MAINNET])
                .map(|(payee, token)| BatchTokenPayee {
                    token: m(token),
                    payee: BatchPayee {
                        amount: if token == DAI_MAINNET {
                            payee.amount * U256::from(10u64).pow(U256::from(12u8))
                        } else {
                            payee.amount
                        },
                        fee_amount: U256::ZERO,
                        ..*payee
                    },
                })
                .collect();
            let native: Vec<BatchPayee> = payees
                .iter()
                .map(|p| BatchPayee {
                    amount: p.amount * U256::from(1_000_000_000u64),
                    fee_amount: p.fee_amount * U256::from(1_000_000_000u64),
                    ..*p
                })
                .collect();
            vec![
                call(
                    "Pay two payees in USDC on Ethereum",
                    Network::Mainnet,
                    build(mainnet.batch_erc20(m(USDC_MAINNET), &payees, m(FEE_TO)))?,
                ),
                call(
                    "Pay two payees in USDC and DAI on Ethereum",
                    Network::Mainnet,
                    build(mainnet.batch_erc20_multi(&multi, m(FEE_TO)))?,
                ),
                call(
                    "Pay two payees in ETH on Ethereum",
                    Network::Mainnet,
                    build(mainnet.batch_native(&native, m(FEE_TO), 10))?,
                ),
            ]
        }
        Contract::BatchConversionPayments => {
            let erc20 = vec![
                usdc_request(Network::Base, USDC_BASE, PAYEE, 3_000_000, 6),
                usdc_request(Network::Base, USDC_BASE, PAYEE_2, 4_000_000, 7),
            ];
            let native_requests = vec![usdc_request(
                Network::Sepolia,
                ETH_SEPOLIA,
                PAYEE,
                1_000_000_000_000_000,
                8,
            )];
            let groups = [
                BatchGroup {
                    network: BatchPaymentNetwork::MultiErc20,
                    requests: vec![usdc_request(
                        Network::Sepolia,
                        USDC_SEPOLIA,
                        PAYEE_2,
                        5_000_000,
                        9,
                    )],
                },
                BatchGroup {
                    network: BatchPaymentNetwork::Native,
                    requests: native_requests.clone(),
                },
            ];
            let conversion = |recipient: Address, byte: u8| RequestDetail {
                recipient,
                requestAmount: U256::from(2_000_000_000u64),
                path: vec![USD, USDC_BASE],
                paymentReference: Bytes::from(vec![byte; 8]),
                feeAmount: U256::from(20_000_000u64),
                maxToSpend: U256::from(20_400_000u64),
                maxRateTimespan: U256::ZERO,
            };
            let erc20_conversion =
                IBatchConversionPayments::batchMultiERC20ConversionPaymentsCall {
                    requestDetails: vec![conversion(PAYEE, 0x0a), conversion(PAYEE_2, 0x0b)],
                    pathsToUSD: vec![],
                    feeAddress: FEE_TO,
                }
                .abi_encode();
            let native_conversion = IBatchConversionPayments::batchNativeConversionPaymentsCall {
                requestDetails: vec![RequestDetail {
                    path: vec![USD, address!("0xb678b03f3f3a6ea652ad1d183032fac176d83b08")],
                    maxToSpend: U256::from(10_000_000_000_000_000u64),
                    ..conversion(PAYEE, 0x0c)
                }],
                skipFeeUSDLimit: false,
                feeAddress: FEE_TO,
            }
            .abi_encode();
            vec![
                call(
                    "Pay two requests in USDC on Base",
                    Network::Base,
                    build(base.batch_requests_erc20(&erc20, &[], b(FEE_TO)))?,
                ),
                call(
                    "Pay two requests in USDC on Base, several-token function",
                    Network::Base,
                    build(base.batch_requests_multi_erc20(&erc20, &[], b(FEE_TO)))?,
                ),
                call(
                    "Pay one request in ETH on Sepolia",
                    Network::Sepolia,
                    build(sepolia.batch_requests_native(&native_requests, true, s(FEE_TO), 30))?,
                ),
                call(
                    "Pay a USDC group and an ETH group on Sepolia",
                    Network::Sepolia,
                    build(sepolia.batch_payments(&groups, &[], s(FEE_TO), 30))?,
                ),
                call(
                    "Pay two USD requests in USDC on Base",
                    Network::Base,
                    encoded(Network::Base, contract, erc20_conversion, U256::ZERO)?,
                ),
                call(
                    "Pay a USD request in ETH on Base",
                    Network::Base,
                    encoded(
                        Network::Base,
                        contract,
                        native_conversion,
                        U256::from(10_000_000_000_000_000u64),
                    )?,
                ),
            ]
        }
        other => return Err(GenError(format!("{other}: no descriptor, no test calls"))),
    })
}

/// The two test files of a descriptor: the registry's test schema (`expectedTexts`: the intent,
/// then each label and value) and its v2 test schema (the expected screen).
pub fn test_files(
    descriptor: &Descriptor,
    json: &Value,
    name: &str,
) -> Result<(Value, Value), GenError> {
    let mut tests = Vec::new();
    let mut testsv2 = Vec::new();
    let mut tokens = BTreeMap::new();
    for call in calls(descriptor.contract)? {
        let to = call.transaction.to.abi();
        let container = Container {
            network: call.network,
            to,
            value: call.transaction.value,
        };
        let screen = reader::render(json, container, &call.transaction.data)?;
        if !reader::binds(json, call.network.chain_id(), to) {
            return Err(GenError(format!(
                "{name}: {} is not bound to {to}",
                call.description
            )));
        }
        let raw = sign::signed_eip1559(
            call.network.chain_id(),
            to,
            call.transaction.value,
            &call.transaction.data,
        )?;
        let raw = alloy_primitives::hex::encode_prefixed(raw);
        let unsigned = sign::unsigned_eip1559(
            call.network.chain_id(),
            to,
            call.transaction.value,
            &call.transaction.data,
        );
        let unsigned = alloy_primitives::hex::encode_prefixed(unsigned);
        let mut texts = vec![screen.intent.clone()];
        let mut fields = Vec::new();
        for field in &screen.fields {
            texts.push(field.label.clone());
            texts.push(field.text.clone());
            fields.push(json!({ "label": field.label, "value": field.text }));
            if let Shown::Amount {
                token: Some(token),
                known: true,
                ..
            } = field.shown
            {
                let asset = AssetRef::lookup(
                    Catalog::builtin(),
                    call.network,
                    Some(on(call.network, token)),
                );
                let currency = asset
                    .currency
                    .as_ref()
                    .and_then(|id| Catalog::builtin().get(id.as_str()).ok());
                if let (Some(symbol), Some(decimals), Some(currency)) =
                    (&asset.symbol, asset.decimals, currency)
                {
                    tokens.insert(
                        token.to_string().to_lowercase(),
                        json!({ "symbol": symbol.to_string(), "decimals": decimals, "name": currency.name() }),
                    );
                }
            }
        }
        tests
            .push(json!({ "rawTx": raw, "description": call.description, "expectedTexts": texts }));
        testsv2.push(json!({
            "description": call.description,
            "rawTx": unsigned,
            "expected": { "intent": screen.intent, "owner": OWNER, "fields": fields },
        }));
    }
    let v1 = json!({ "$schema": "../../../specs/erc7730-tests.schema.json", "tests": tests });
    let mut v2 = serde_json::Map::new();
    v2.insert(
        "$schema".into(),
        "../../../specs/erc7730-tests-v2.schema.json".into(),
    );
    v2.insert("descriptor".into(), format!("../{name}").into());
    if !tokens.is_empty() {
        v2.insert("dataProvider".into(), json!({ "tokens": tokens }));
    }
    v2.insert("tests".into(), Value::Array(testsv2));
    Ok((v1, Value::Object(v2)))
}
