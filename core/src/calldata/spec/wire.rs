//! The call descriptions as written, derived with serde: `kind` selects the variant, every
//! variant refuses unknown fields and a key given twice, and then each becomes a [`Body`] with
//! its addresses, amounts and bytes read by the library's parsers (errors name the field).

use crate::prelude::*;

use alloy_primitives::{Address, Bytes, U256};
use alloy_sol_types::SolCall;
use serde::Deserialize;

use crate::address::{ChainAddress, EvmAddress, EvmAddressError};
use crate::amount::parse_uint;
use crate::calldata::PaymentReference;
use crate::contracts::Contract;
use crate::contracts::abi::{
    self, IBatchConversionPayments as Bcp, IBatchPayments as Bp, IERC20, IERC20FeeProxy,
    IErc20ConversionProxy, IEthConversionProxy, IEthereumFeeProxy,
};
use crate::network::Network;

use super::rules::{self, Typed};
use super::text::Text;
use super::{
    Body, Destination, FieldError, SpecError, add, call, convert_tron_address, field_error,
};

/// One call description: `{"kind": …, "network"?: …, fields}`, read through
/// [`Tagged`](super::tagged::Tagged) (which hands each variant its struct's fields).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum Kind<'a> {
    #[serde(borrow)]
    Erc20Fee(Erc20Fee<'a>),
    #[serde(borrow)]
    EthFee(EthFee<'a>),
    #[serde(borrow)]
    EthFeeExact(EthFeeExact<'a>),
    #[serde(borrow)]
    Erc20Approve(Approve<'a>),
    #[serde(borrow)]
    Erc20Transfer(Transfer<'a>),
    #[serde(borrow)]
    Erc20Conversion(Conversion<'a>),
    #[serde(borrow)]
    EthConversion(Conversion<'a>),
    #[serde(borrow)]
    BatchErc20(BatchErc20<'a>),
    #[serde(borrow)]
    BatchErc20Multi(BatchErc20Multi<'a>),
    #[serde(borrow)]
    BatchEth(BatchEth<'a>),
    #[serde(borrow)]
    BatchNcErc20(BatchNc<'a>),
    #[serde(borrow)]
    BatchNcMultiErc20(BatchNc<'a>),
    #[serde(borrow)]
    BatchNcNative(BatchNcNative<'a>),
    #[serde(borrow)]
    BatchConvPayments(BatchConvPayments<'a>),
    #[serde(borrow)]
    PaymentReference(Reference<'a>),
    #[serde(borrow)]
    TronAddress(AddressText<'a>),
    #[serde(borrow)]
    Eip55(AddressText<'a>),
}

/// Each kind, its required fields and its optional ones (besides `network`, which every kind
/// takes), for `encode --help`. A unit test holds it to the structs below.
pub(super) const KINDS: &[(&str, &[&str], &[&str])] = &[
    (
        "erc20_fee",
        &["token", "to", "amount", "reference"],
        &["feeAmount", "feeAddress"],
    ),
    (
        "eth_fee",
        &["to", "reference"],
        &["feeAmount", "feeAddress", "amount"],
    ),
    (
        "eth_fee_exact",
        &["to", "amount", "reference"],
        &["feeAmount", "feeAddress"],
    ),
    ("erc20_approve", &["spender", "amount"], &["token"]),
    ("erc20_transfer", &["to", "amount"], &["token"]),
    (
        "erc20_conversion",
        &[
            "to",
            "requestAmount",
            "path",
            "reference",
            "maxToSpend",
            "maxRateTimespan",
        ],
        &["feeAmount", "feeAddress"],
    ),
    (
        "eth_conversion",
        &[
            "to",
            "requestAmount",
            "path",
            "reference",
            "maxRateTimespan",
        ],
        &["feeAmount", "feeAddress", "maxToSpend"],
    ),
    ("batch_erc20", &["token", "payees", "feeAddress"], &[]),
    ("batch_erc20_multi", &["payees", "feeAddress"], &[]),
    ("batch_eth", &["payees", "feeAddress"], &["batchFee"]),
    (
        "batch_nc_erc20",
        &["requests", "pathsToUSD", "feeAddress"],
        &[],
    ),
    (
        "batch_nc_multi_erc20",
        &["requests", "pathsToUSD", "feeAddress"],
        &[],
    ),
    (
        "batch_nc_native",
        &["requests", "skipFeeUSDLimit", "feeAddress"],
        &["batchFee"],
    ),
    (
        "batch_conv_payments",
        &["metaDetails", "pathsToUSD", "feeAddress"],
        &["batchFee"],
    ),
    ("payment_reference", &["requestId", "salt", "address"], &[]),
    ("tron_address", &["address"], &[]),
    ("eip55", &["address"], &[]),
];

/// `encode --help`'s list of kinds, from [`KINDS`].
pub(super) fn kinds_help() -> String {
    let mut text = String::from(
        "Each input line is one JSON object {\"kind\": …, fields}; amounts are integer strings in \
         smallest units (decimal or 0x hex), bytes 0x hex, addresses EVM hex (Base58 with \
         \"network\": \"tron\"). Every kind also takes \"network\" (then the answer adds \"to\" \
         and \"value\"). Kinds, required fields [optional fields]:\n",
    );
    for (kind, required, optional) in KINDS {
        text.push_str(&format!("\n  {kind:<22} {}", required.join(", ")));
        if !optional.is_empty() {
            text.push_str(&format!(" [{}]", optional.join(", ")));
        }
    }
    text.push_str(
        "\n\npayees[]: {to, amount, reference, feeAmount} (and token for batch_erc20_multi); \
         requests[]: {recipient, requestAmount, path, paymentReference, feeAmount, maxToSpend, \
         maxRateTimespan}; metaDetails[]: {paymentNetworkId, requests}. A fee left out is no \
         fee; batchFee is the batch contract's on-chain rate, needed with network to compute \
         the value of a native batch.",
    );
    text
}

/// A whole vector line, `{"id", "input": {…}, "expected", …}`: only `input` is read, as text
/// (then read as a description, `kind` anywhere).
#[derive(Debug, Deserialize)]
pub(super) struct VectorLine<'a> {
    #[serde(borrow)]
    pub(super) input: &'a serde_json::value::RawValue,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct Erc20Fee<'a> {
    #[serde(borrow)]
    network: Option<Text<'a>>,
    #[serde(borrow)]
    token: Text<'a>,
    #[serde(borrow)]
    to: Text<'a>,
    #[serde(borrow)]
    amount: Text<'a>,
    #[serde(borrow)]
    reference: Text<'a>,
    /// Absent: no fee (0, to the zero address).
    #[serde(borrow)]
    fee_amount: Option<Text<'a>>,
    #[serde(borrow)]
    fee_address: Option<Text<'a>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct EthFee<'a> {
    #[serde(borrow)]
    network: Option<Text<'a>>,
    #[serde(borrow)]
    to: Text<'a>,
    #[serde(borrow)]
    reference: Text<'a>,
    /// Absent: no fee (0, to the zero address).
    #[serde(borrow)]
    fee_amount: Option<Text<'a>>,
    #[serde(borrow)]
    fee_address: Option<Text<'a>>,
    /// With a network: the amount, so that value = amount + fee.
    #[serde(borrow)]
    amount: Option<Text<'a>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct EthFeeExact<'a> {
    #[serde(borrow)]
    network: Option<Text<'a>>,
    #[serde(borrow)]
    to: Text<'a>,
    #[serde(borrow)]
    amount: Text<'a>,
    #[serde(borrow)]
    reference: Text<'a>,
    /// Absent: no fee (0, to the zero address).
    #[serde(borrow)]
    fee_amount: Option<Text<'a>>,
    #[serde(borrow)]
    fee_address: Option<Text<'a>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct Approve<'a> {
    #[serde(borrow)]
    network: Option<Text<'a>>,
    #[serde(borrow)]
    spender: Text<'a>,
    #[serde(borrow)]
    amount: Text<'a>,
    /// With a network: the token called.
    #[serde(borrow)]
    token: Option<Text<'a>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct Transfer<'a> {
    #[serde(borrow)]
    network: Option<Text<'a>>,
    #[serde(borrow)]
    to: Text<'a>,
    #[serde(borrow)]
    amount: Text<'a>,
    /// With a network: the token called.
    #[serde(borrow)]
    token: Option<Text<'a>>,
}

/// `erc20_conversion` (`maxToSpend` required) and `eth_conversion` (`maxToSpend` is the value,
/// given with a network only).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct Conversion<'a> {
    #[serde(borrow)]
    network: Option<Text<'a>>,
    #[serde(borrow)]
    to: Text<'a>,
    #[serde(borrow)]
    request_amount: Text<'a>,
    path: Vec<String>,
    #[serde(borrow)]
    reference: Text<'a>,
    /// Absent: no fee (0, to the zero address).
    #[serde(borrow)]
    fee_amount: Option<Text<'a>>,
    #[serde(borrow)]
    fee_address: Option<Text<'a>>,
    #[serde(borrow)]
    max_to_spend: Option<Text<'a>>,
    #[serde(borrow)]
    max_rate_timespan: Text<'a>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct Payee<'a> {
    #[serde(borrow)]
    to: Text<'a>,
    #[serde(borrow)]
    amount: Text<'a>,
    #[serde(borrow)]
    reference: Text<'a>,
    #[serde(borrow)]
    fee_amount: Text<'a>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct TokenPayee<'a> {
    #[serde(borrow)]
    token: Text<'a>,
    #[serde(borrow)]
    to: Text<'a>,
    #[serde(borrow)]
    amount: Text<'a>,
    #[serde(borrow)]
    reference: Text<'a>,
    #[serde(borrow)]
    fee_amount: Text<'a>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct BatchErc20<'a> {
    #[serde(borrow)]
    network: Option<Text<'a>>,
    #[serde(borrow)]
    token: Text<'a>,
    #[serde(borrow)]
    payees: Vec<Payee<'a>>,
    #[serde(borrow)]
    fee_address: Text<'a>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct BatchErc20Multi<'a> {
    #[serde(borrow)]
    network: Option<Text<'a>>,
    #[serde(borrow)]
    payees: Vec<TokenPayee<'a>>,
    #[serde(borrow)]
    fee_address: Text<'a>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct BatchEth<'a> {
    #[serde(borrow)]
    network: Option<Text<'a>>,
    #[serde(borrow)]
    payees: Vec<Payee<'a>>,
    #[serde(borrow)]
    fee_address: Text<'a>,
    #[serde(borrow)]
    batch_fee: Option<Text<'a>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct Request<'a> {
    #[serde(borrow)]
    recipient: Text<'a>,
    #[serde(borrow)]
    request_amount: Text<'a>,
    path: Vec<String>,
    #[serde(borrow)]
    payment_reference: Text<'a>,
    #[serde(borrow)]
    fee_amount: Text<'a>,
    #[serde(borrow)]
    max_to_spend: Text<'a>,
    #[serde(borrow)]
    max_rate_timespan: Text<'a>,
}

/// `batch_nc_erc20` and `batch_nc_multi_erc20`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct BatchNc<'a> {
    #[serde(borrow)]
    network: Option<Text<'a>>,
    #[serde(borrow)]
    requests: Vec<Request<'a>>,
    #[serde(rename = "pathsToUSD")]
    paths_to_usd: Vec<Vec<String>>,
    #[serde(borrow)]
    fee_address: Text<'a>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct BatchNcNative<'a> {
    #[serde(borrow)]
    network: Option<Text<'a>>,
    #[serde(borrow)]
    requests: Vec<Request<'a>>,
    #[serde(rename = "skipFeeUSDLimit")]
    skip_fee_usd_limit: bool,
    #[serde(borrow)]
    fee_address: Text<'a>,
    #[serde(borrow)]
    batch_fee: Option<Text<'a>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct MetaDetail<'a> {
    #[serde(borrow)]
    payment_network_id: Text<'a>,
    #[serde(borrow)]
    requests: Vec<Request<'a>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct BatchConvPayments<'a> {
    #[serde(borrow)]
    network: Option<Text<'a>>,
    #[serde(borrow)]
    meta_details: Vec<MetaDetail<'a>>,
    #[serde(rename = "pathsToUSD")]
    paths_to_usd: Vec<Vec<String>>,
    #[serde(borrow)]
    fee_address: Text<'a>,
    #[serde(borrow)]
    batch_fee: Option<Text<'a>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct Reference<'a> {
    #[serde(borrow)]
    network: Option<Text<'a>>,
    #[serde(borrow)]
    request_id: Text<'a>,
    #[serde(borrow)]
    salt: Text<'a>,
    #[serde(borrow)]
    address: Text<'a>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(super) struct AddressText<'a> {
    #[serde(borrow)]
    network: Option<Text<'a>>,
    #[serde(borrow)]
    address: Text<'a>,
}

/// Reads the texts of a description on its network (EVM hex without one), naming the field.
///
/// `PAYMENT`: whether the payment rules apply ([`Rules::Payment`](super::Rules::Payment)). A
/// constant, so that a reader of the ABI layer alone (the WebAssembly package's `encode`)
/// carries no rule code.
#[derive(Debug)]
struct Reader<const PAYMENT: bool> {
    network: Option<Network>,
}

impl<const PAYMENT: bool> Clone for Reader<PAYMENT> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<const PAYMENT: bool> Copy for Reader<PAYMENT> {}

impl<const PAYMENT: bool> Reader<PAYMENT> {
    /// Runs `check` (a payment rule of [`rules`]) when the payment rules apply.
    fn payment_rule(
        self,
        check: impl FnOnce(Typed) -> Result<(), SpecError>,
    ) -> Result<(), SpecError> {
        if PAYMENT {
            check(Typed {
                network: self.network,
            })
        } else {
            Ok(())
        }
    }
}

impl<const PAYMENT: bool> Reader<PAYMENT> {
    fn address(self, field: &str, text: &str) -> Result<Address, SpecError> {
        super::seen::address(self.network, text, || match self.network {
            None => EvmAddress::parse(text)
                .map(EvmAddress::into_inner)
                .map_err(|e| field_error(field, FieldError::EvmAddress(e))),
            Some(network) => ChainAddress::parse(network, text)
                .map(|a| a.abi())
                .map_err(|e| field_error(field, FieldError::ChainAddress(e))),
        })
    }

    fn addresses(self, field: &str, texts: &[String]) -> Result<Vec<Address>, SpecError> {
        (0..)
            .zip(texts)
            .map(|(i, text)| self.address(&format!("{field}[{i}]"), text))
            .collect()
    }

    fn paths(self, field: &str, paths: &[Vec<String>]) -> Result<Vec<Vec<Address>>, SpecError> {
        (0..)
            .zip(paths)
            .map(|(i, path)| self.addresses(&format!("{field}[{i}]"), path))
            .collect()
    }

    /// The token a call goes to: only with a network.
    fn token(self, field: &str, text: Option<&str>) -> Result<Option<ChainAddress>, SpecError> {
        match (self.network, text) {
            (_, None) => Ok(None),
            (None, Some(_)) => Err(field_error(field, FieldError::OnlyWithNetwork)),
            (Some(network), Some(text)) => Ok(Some(ChainAddress::from_abi(
                network,
                self.address(field, text)?,
            ))),
        }
    }

    /// A field that sets the value: given exactly when a network is.
    fn value_input<'a>(
        self,
        field: &str,
        text: Option<&'a str>,
    ) -> Result<Option<&'a str>, SpecError> {
        match (self.network, text) {
            (None, Some(_)) => Err(field_error(field, FieldError::SetsValueWithoutNetwork)),
            (Some(_), None) => Err(field_error(field, FieldError::ValueInputMissing)),
            (_, text) => Ok(text),
        }
    }

    /// `feeAmount` and `feeAddress`: both absent is no fee (0 to the zero address); an amount
    /// above 0 needs its address.
    fn fee(
        self,
        amount: Option<&str>,
        address: Option<&str>,
    ) -> Result<(U256, Address), SpecError> {
        let amount = amount
            .map(|a| uint("feeAmount", a))
            .transpose()?
            .unwrap_or(U256::ZERO);
        match address {
            Some(address) => Ok((amount, self.address("feeAddress", address)?)),
            None if amount.is_zero() => Ok((amount, Address::ZERO)),
            None => Err(field_error("feeAddress", FieldError::FeeRecipientMissing)),
        }
    }

    /// The batch contract's on-chain rate, given with a network only.
    fn batch_fee(self, text: Option<&str>) -> Result<Option<u32>, SpecError> {
        match (self.network, text) {
            (None, Some(_)) => Err(field_error("batchFee", FieldError::SetsValueWithoutNetwork)),
            (_, None) => Ok(None),
            (Some(_), Some(text)) => {
                let rate = uint("batchFee", text)?;
                u32::try_from(rate)
                    .map(Some)
                    .map_err(|_| field_error("batchFee", FieldError::BatchFeeAboveU32))
            }
        }
    }

    /// The refusal of a call to `contract` on Tron, which has none.
    fn no_tron(self, kind: &str, contract: Contract) -> Result<(), SpecError> {
        match self.network {
            Some(Network::Tron) => Err(SpecError::NoContract {
                kind: kind.to_owned(),
                contract,
                network: Network::Tron,
            }),
            _ => Ok(()),
        }
    }

    /// The refusal of a batch on Tron.
    fn no_tron_batch(self) -> Result<(), SpecError> {
        match self.network {
            Some(Network::Tron) => Err(SpecError::TronBatch),
            _ => Ok(()),
        }
    }

    fn request_details(
        self,
        field: &str,
        requests: &[Request],
    ) -> Result<Vec<abi::RequestDetail>, SpecError> {
        (0..)
            .zip(requests)
            .map(|(i, r)| {
                let at = |name: &str| format!("{field}[{i}].{name}");
                Ok(abi::RequestDetail {
                    recipient: self.address(&at("recipient"), &r.recipient)?,
                    requestAmount: uint(&at("requestAmount"), &r.request_amount)?,
                    path: self.addresses(&at("path"), &r.path)?,
                    paymentReference: bytes(&at("paymentReference"), &r.payment_reference)?,
                    feeAmount: uint(&at("feeAmount"), &r.fee_amount)?,
                    maxToSpend: uint(&at("maxToSpend"), &r.max_to_spend)?,
                    maxRateTimespan: uint(&at("maxRateTimespan"), &r.max_rate_timespan)?,
                })
            })
            .collect()
    }
}

/// An integer in smallest units: decimal or `0x` hex.
fn uint(field: &str, text: &str) -> Result<U256, SpecError> {
    parse_uint(text).map_err(|e| field_error(field, FieldError::Uint(e)))
}

/// `0x`-prefixed even-length hex bytes.
fn bytes(field: &str, text: &str) -> Result<Bytes, SpecError> {
    let invalid = || field_error(field, FieldError::NotHexBytes(text.to_owned()));
    let digits = text.strip_prefix("0x").ok_or_else(invalid)?;
    crate::serde_util::hex_digits(digits)
        .map(Bytes::from)
        .ok_or_else(invalid)
}

/// The columns of a legacy batch's payees.
#[derive(Default)]
struct Columns {
    tokens: Vec<Address>,
    recipients: Vec<Address>,
    amounts: Vec<U256>,
    references: Vec<Bytes>,
    fees: Vec<U256>,
}

impl Columns {
    fn push<const PAYMENT: bool>(
        &mut self,
        r: Reader<PAYMENT>,
        i: usize,
        (to, amount, reference, fee): (&str, &str, &str, &str),
    ) -> Result<(), SpecError> {
        let at = |name: &str| format!("payees[{i}].{name}");
        self.recipients.push(r.address(&at("to"), to)?);
        self.amounts.push(uint(&at("amount"), amount)?);
        self.references.push(bytes(&at("reference"), reference)?);
        self.fees.push(uint(&at("feeAmount"), fee)?);
        Ok(())
    }

    fn of<const PAYMENT: bool>(r: Reader<PAYMENT>, payees: &[Payee]) -> Result<Columns, SpecError> {
        let mut columns = Columns::default();
        for (i, p) in payees.iter().enumerate() {
            columns.push(r, i, (&p.to, &p.amount, &p.reference, &p.fee_amount))?;
        }
        Ok(columns)
    }
}

impl BatchNc<'_> {
    /// The call of `batchERC20Payments` or `batchMultiERC20Payments` (same arguments), which
    /// `encode` writes from the three arguments read.
    fn body<const PAYMENT: bool>(
        &self,
        r: Reader<PAYMENT>,
        kind: &'static str,
        encode: impl FnOnce(Vec<abi::RequestDetail>, Vec<Vec<Address>>, Address) -> Vec<u8>,
    ) -> Result<Body, SpecError> {
        r.no_tron_batch()?;
        let details = r.request_details("requests", &self.requests)?;
        let fee_address = r.address("feeAddress", &self.fee_address)?;
        r.payment_rule(|t| rules::request_batch(t, kind, &details, fee_address))?;
        let data = encode(
            details,
            r.paths("pathsToUSD", &self.paths_to_usd)?,
            fee_address,
        );
        Ok(call(
            data,
            Destination::Contract(Contract::BatchConversionPayments),
            Ok(U256::ZERO),
        ))
    }
}

impl Kind<'_> {
    /// The network of the description, if it names one.
    fn network_text(&self) -> Option<&str> {
        match self {
            Kind::Erc20Fee(k) => k.network.as_deref(),
            Kind::EthFee(k) => k.network.as_deref(),
            Kind::EthFeeExact(k) => k.network.as_deref(),
            Kind::Erc20Approve(k) => k.network.as_deref(),
            Kind::Erc20Transfer(k) => k.network.as_deref(),
            Kind::Erc20Conversion(k) | Kind::EthConversion(k) => k.network.as_deref(),
            Kind::BatchErc20(k) => k.network.as_deref(),
            Kind::BatchErc20Multi(k) => k.network.as_deref(),
            Kind::BatchEth(k) => k.network.as_deref(),
            Kind::BatchNcErc20(k) | Kind::BatchNcMultiErc20(k) => k.network.as_deref(),
            Kind::BatchNcNative(k) => k.network.as_deref(),
            Kind::BatchConvPayments(k) => k.network.as_deref(),
            Kind::PaymentReference(k) => k.network.as_deref(),
            Kind::TronAddress(k) | Kind::Eip55(k) => k.network.as_deref(),
        }
    }

    /// The network and the body: calldata with its destination and value, or a result.
    pub(super) fn into_body<const PAYMENT: bool>(
        self,
    ) -> Result<(Option<Network>, Body), SpecError> {
        let network = self
            .network_text()
            .map(|id| {
                Network::from_name(id).map_err(|e| field_error("network", FieldError::Network(e)))
            })
            .transpose()?;
        let r = Reader::<PAYMENT> { network };
        let body = match self {
            Kind::Erc20Fee(k) => k.body(r)?,
            Kind::EthFee(k) => k.body(r)?,
            Kind::EthFeeExact(k) => k.body(r)?,
            Kind::Erc20Approve(k) => k.body(r)?,
            Kind::Erc20Transfer(k) => k.body(r)?,
            Kind::Erc20Conversion(k) => k.erc20_body(r)?,
            Kind::EthConversion(k) => k.eth_body(r)?,
            Kind::BatchErc20(k) => k.body(r)?,
            Kind::BatchErc20Multi(k) => k.body(r)?,
            Kind::BatchEth(k) => k.body(r)?,
            Kind::BatchNcErc20(k) => k.erc20_body(r)?,
            Kind::BatchNcMultiErc20(k) => k.multi_erc20_body(r)?,
            Kind::BatchNcNative(k) => k.body(r)?,
            Kind::BatchConvPayments(k) => k.body(r)?,
            Kind::PaymentReference(k) => k.body()?,
            Kind::TronAddress(k) => k.tron_body()?,
            Kind::Eip55(k) => k.eip55_body()?,
        };
        Ok((network, body))
    }
}

impl Erc20Fee<'_> {
    /// `erc20_fee`: `transferFromWithReferenceAndFee` of the ERC-20 fee proxy.
    fn body<const PAYMENT: bool>(&self, r: Reader<PAYMENT>) -> Result<Body, SpecError> {
        let (fee_amount, fee_address) =
            r.fee(self.fee_amount.as_deref(), self.fee_address.as_deref())?;
        let data = IERC20FeeProxy::transferFromWithReferenceAndFeeCall {
            _tokenAddress: r.address("token", &self.token)?,
            _to: r.address("to", &self.to)?,
            _amount: uint("amount", &self.amount)?,
            _paymentReference: bytes("reference", &self.reference)?,
            _feeAmount: fee_amount,
            _feeAddress: fee_address,
        };
        r.payment_rule(|t| rules::erc20_fee(t, &data))?;
        Ok(call(
            data.abi_encode(),
            Destination::Contract(Contract::Erc20FeeProxy),
            Ok(U256::ZERO),
        ))
    }
}

impl EthFee<'_> {
    /// `eth_fee`: `transferWithReferenceAndFee` of the native fee proxy, its value the amount
    /// plus the fee when a network gives the amount.
    fn body<const PAYMENT: bool>(&self, r: Reader<PAYMENT>) -> Result<Body, SpecError> {
        r.no_tron("eth_fee", Contract::EthereumFeeProxy)?;
        let (fee_amount, fee_address) =
            r.fee(self.fee_amount.as_deref(), self.fee_address.as_deref())?;
        let data = IEthereumFeeProxy::transferWithReferenceAndFeeCall {
            _to: r.address("to", &self.to)?,
            _paymentReference: bytes("reference", &self.reference)?,
            _feeAmount: fee_amount,
            _feeAddress: fee_address,
        };
        let amount = r
            .value_input("amount", self.amount.as_deref())?
            .map(|amount| uint("amount", amount))
            .transpose()?;
        r.payment_rule(|t| {
            rules::native_fee(
                t,
                "eth_fee",
                (data._to, amount, &data._paymentReference),
                (data._feeAmount, data._feeAddress),
            )
        })?;
        let value = match amount {
            Some(amount) => add(amount, data._feeAmount),
            None => Ok(U256::ZERO),
        };
        Ok(call(
            data.abi_encode(),
            Destination::Contract(Contract::EthereumFeeProxy),
            value,
        ))
    }
}

impl EthFeeExact<'_> {
    /// `eth_fee_exact`: `transferExactEthWithReferenceAndFee` of the native fee proxy, its
    /// value the amount plus the fee.
    fn body<const PAYMENT: bool>(&self, r: Reader<PAYMENT>) -> Result<Body, SpecError> {
        r.no_tron("eth_fee_exact", Contract::EthereumFeeProxy)?;
        let (fee_amount, fee_address) =
            r.fee(self.fee_amount.as_deref(), self.fee_address.as_deref())?;
        let data = IEthereumFeeProxy::transferExactEthWithReferenceAndFeeCall {
            _to: r.address("to", &self.to)?,
            _amount: uint("amount", &self.amount)?,
            _paymentReference: bytes("reference", &self.reference)?,
            _feeAmount: fee_amount,
            _feeAddress: fee_address,
        };
        r.payment_rule(|t| {
            rules::native_fee(
                t,
                "eth_fee_exact",
                (data._to, Some(data._amount), &data._paymentReference),
                (data._feeAmount, data._feeAddress),
            )
        })?;
        let value = add(data._amount, data._feeAmount);
        Ok(call(
            data.abi_encode(),
            Destination::Contract(Contract::EthereumFeeProxy),
            value,
        ))
    }
}

impl Approve<'_> {
    /// `erc20_approve`: `approve` of the token (any amount: 0 revokes).
    fn body<const PAYMENT: bool>(&self, r: Reader<PAYMENT>) -> Result<Body, SpecError> {
        let data = IERC20::approveCall {
            spender: r.address("spender", &self.spender)?,
            amount: uint("amount", &self.amount)?,
        };
        let token = r.token("token", self.token.as_deref())?;
        Ok(call(
            data.abi_encode(),
            Destination::Token(token),
            Ok(U256::ZERO),
        ))
    }
}

impl Transfer<'_> {
    /// `erc20_transfer`: `transfer` of the token.
    fn body<const PAYMENT: bool>(&self, r: Reader<PAYMENT>) -> Result<Body, SpecError> {
        let data = IERC20::transferCall {
            to: r.address("to", &self.to)?,
            amount: uint("amount", &self.amount)?,
        };
        let token = r.token("token", self.token.as_deref())?;
        r.payment_rule(|t| rules::erc20_transfer(t, token, &data))?;
        Ok(call(
            data.abi_encode(),
            Destination::Token(token),
            Ok(U256::ZERO),
        ))
    }
}

impl Conversion<'_> {
    /// `erc20_conversion`: `transferFromWithReferenceAndFee` of the ERC-20 conversion proxy
    /// (`maxToSpend` required).
    fn erc20_body<const PAYMENT: bool>(&self, r: Reader<PAYMENT>) -> Result<Body, SpecError> {
        r.no_tron("erc20_conversion", Contract::Erc20ConversionProxy)?;
        let max_to_spend = self
            .max_to_spend
            .as_deref()
            .ok_or_else(|| field_error("maxToSpend", FieldError::Missing))?;
        let (fee_amount, fee_address) =
            r.fee(self.fee_amount.as_deref(), self.fee_address.as_deref())?;
        let data = IErc20ConversionProxy::transferFromWithReferenceAndFeeCall {
            _to: r.address("to", &self.to)?,
            _requestAmount: uint("requestAmount", &self.request_amount)?,
            _path: r.addresses("path", &self.path)?,
            _paymentReference: bytes("reference", &self.reference)?,
            _feeAmount: fee_amount,
            _feeAddress: fee_address,
            _maxToSpend: uint("maxToSpend", max_to_spend)?,
            _maxRateTimespan: uint("maxRateTimespan", &self.max_rate_timespan)?,
        };
        r.payment_rule(|t| rules::erc20_conversion(t, &data))?;
        Ok(call(
            data.abi_encode(),
            Destination::Contract(Contract::Erc20ConversionProxy),
            Ok(U256::ZERO),
        ))
    }

    /// `eth_conversion`: `transferWithReferenceAndFee` of the native conversion proxy, its
    /// value `maxToSpend` (given with a network only).
    fn eth_body<const PAYMENT: bool>(&self, r: Reader<PAYMENT>) -> Result<Body, SpecError> {
        r.no_tron("eth_conversion", Contract::EthConversionProxy)?;
        let (fee_amount, fee_address) =
            r.fee(self.fee_amount.as_deref(), self.fee_address.as_deref())?;
        let data = IEthConversionProxy::transferWithReferenceAndFeeCall {
            _to: r.address("to", &self.to)?,
            _requestAmount: uint("requestAmount", &self.request_amount)?,
            _path: r.addresses("path", &self.path)?,
            _paymentReference: bytes("reference", &self.reference)?,
            _feeAmount: fee_amount,
            _feeAddress: fee_address,
            _maxRateTimespan: uint("maxRateTimespan", &self.max_rate_timespan)?,
        };
        r.payment_rule(|t| rules::eth_conversion(t, &data))?;
        let value = match r.value_input("maxToSpend", self.max_to_spend.as_deref())? {
            Some(max) => Ok(uint("maxToSpend", max)?),
            None => Ok(U256::ZERO),
        };
        Ok(call(
            data.abi_encode(),
            Destination::Contract(Contract::EthConversionProxy),
            value,
        ))
    }
}

impl BatchErc20<'_> {
    /// `batch_erc20`: `batchERC20PaymentsWithReference` of the legacy batch contract.
    fn body<const PAYMENT: bool>(&self, r: Reader<PAYMENT>) -> Result<Body, SpecError> {
        r.no_tron_batch()?;
        let c = Columns::of(r, &self.payees)?;
        let data = Bp::batchERC20PaymentsWithReferenceCall {
            _tokenAddress: r.address("token", &self.token)?,
            _recipients: c.recipients,
            _amounts: c.amounts,
            _paymentReferences: c.references,
            _feeAmounts: c.fees,
            _feeAddress: r.address("feeAddress", &self.fee_address)?,
        };
        r.payment_rule(|t| {
            rules::legacy_batch(
                t,
                "batch_erc20",
                (
                    &data._recipients,
                    &data._amounts,
                    &data._paymentReferences,
                    &data._feeAmounts,
                ),
                data._feeAddress,
            )
        })?;
        Ok(call(
            data.abi_encode(),
            Destination::Contract(Contract::BatchPayments),
            Ok(U256::ZERO),
        ))
    }
}

impl BatchErc20Multi<'_> {
    /// `batch_erc20_multi`: `batchERC20PaymentsMultiTokensWithReference` of the legacy batch
    /// contract.
    fn body<const PAYMENT: bool>(&self, r: Reader<PAYMENT>) -> Result<Body, SpecError> {
        r.no_tron_batch()?;
        let mut c = Columns::default();
        for (i, p) in self.payees.iter().enumerate() {
            c.tokens
                .push(r.address(&format!("payees[{i}].token"), &p.token)?);
            c.push(r, i, (&p.to, &p.amount, &p.reference, &p.fee_amount))?;
        }
        let data = Bp::batchERC20PaymentsMultiTokensWithReferenceCall {
            _tokenAddresses: c.tokens,
            _recipients: c.recipients,
            _amounts: c.amounts,
            _paymentReferences: c.references,
            _feeAmounts: c.fees,
            _feeAddress: r.address("feeAddress", &self.fee_address)?,
        };
        r.payment_rule(|t| {
            rules::legacy_batch(
                t,
                "batch_erc20_multi",
                (
                    &data._recipients,
                    &data._amounts,
                    &data._paymentReferences,
                    &data._feeAmounts,
                ),
                data._feeAddress,
            )
        })?;
        Ok(call(
            data.abi_encode(),
            Destination::Contract(Contract::BatchPayments),
            Ok(U256::ZERO),
        ))
    }
}

impl BatchEth<'_> {
    /// `batch_eth`: `batchEthPaymentsWithReference` of the legacy batch contract, its value
    /// from the call's effect and the batch fee.
    fn body<const PAYMENT: bool>(&self, r: Reader<PAYMENT>) -> Result<Body, SpecError> {
        r.no_tron_batch()?;
        let c = Columns::of(r, &self.payees)?;
        let data = Bp::batchEthPaymentsWithReferenceCall {
            _recipients: c.recipients,
            _amounts: c.amounts,
            _paymentReferences: c.references,
            _feeAmounts: c.fees,
            _feeAddress: r.address("feeAddress", &self.fee_address)?,
        };
        r.payment_rule(|t| {
            rules::legacy_batch(
                t,
                "batch_eth",
                (
                    &data._recipients,
                    &data._amounts,
                    &data._paymentReferences,
                    &data._feeAmounts,
                ),
                data._feeAddress,
            )
        })?;
        let batch_fee = r.batch_fee(self.batch_fee.as_deref())?;
        Ok(super::native_batch(
            data.abi_encode(),
            Destination::Contract(Contract::BatchPayments),
            batch_fee,
        ))
    }
}

impl BatchNc<'_> {
    /// `batch_nc_erc20`: `batchERC20Payments` of the batch conversion contract.
    fn erc20_body<const PAYMENT: bool>(&self, r: Reader<PAYMENT>) -> Result<Body, SpecError> {
        self.body(r, "batch_nc_erc20", |details, paths, fee| {
            Bcp::batchERC20PaymentsCall {
                requestDetails: details,
                pathsToUSD: paths,
                feeAddress: fee,
            }
            .abi_encode()
        })
    }

    /// `batch_nc_multi_erc20`: `batchMultiERC20Payments` of the batch conversion contract.
    fn multi_erc20_body<const PAYMENT: bool>(&self, r: Reader<PAYMENT>) -> Result<Body, SpecError> {
        self.body(r, "batch_nc_multi_erc20", |details, paths, fee| {
            Bcp::batchMultiERC20PaymentsCall {
                requestDetails: details,
                pathsToUSD: paths,
                feeAddress: fee,
            }
            .abi_encode()
        })
    }
}

impl BatchNcNative<'_> {
    /// `batch_nc_native`: `batchNativePayments` of the batch conversion contract, its value
    /// from the call's effect and the batch fee.
    fn body<const PAYMENT: bool>(&self, r: Reader<PAYMENT>) -> Result<Body, SpecError> {
        r.no_tron_batch()?;
        let data = Bcp::batchNativePaymentsCall {
            requestDetails: r.request_details("requests", &self.requests)?,
            skipFeeUSDLimit: self.skip_fee_usd_limit,
            feeAddress: r.address("feeAddress", &self.fee_address)?,
        };
        r.payment_rule(|t| {
            rules::request_batch(t, "batch_nc_native", &data.requestDetails, data.feeAddress)
        })?;
        let batch_fee = r.batch_fee(self.batch_fee.as_deref())?;
        Ok(super::native_batch(
            data.abi_encode(),
            Destination::Contract(Contract::BatchConversionPayments),
            batch_fee,
        ))
    }
}

impl BatchConvPayments<'_> {
    /// `batch_conv_payments`: `batchPayments` of the batch conversion contract, its value
    /// from the call's effect and the batch fee.
    fn body<const PAYMENT: bool>(&self, r: Reader<PAYMENT>) -> Result<Body, SpecError> {
        r.no_tron_batch()?;
        let data = Bcp::batchPaymentsCall {
            metaDetails: self.meta_details(r)?,
            pathsToUSD: r.paths("pathsToUSD", &self.paths_to_usd)?,
            feeAddress: r.address("feeAddress", &self.fee_address)?,
        };
        r.payment_rule(|t| rules::batch_payments(t, &data.metaDetails, data.feeAddress))?;
        let batch_fee = r.batch_fee(self.batch_fee.as_deref())?;
        Ok(super::native_batch(
            data.abi_encode(),
            Destination::Contract(Contract::BatchConversionPayments),
            batch_fee,
        ))
    }

    /// The groups of `metaDetails`, each its payment network id and its requests.
    fn meta_details<const PAYMENT: bool>(
        &self,
        r: Reader<PAYMENT>,
    ) -> Result<Vec<abi::MetaDetail>, SpecError> {
        (0..)
            .zip(&self.meta_details)
            .map(|(i, group)| {
                Ok(abi::MetaDetail {
                    paymentNetworkId: uint(
                        &format!("metaDetails[{i}].paymentNetworkId"),
                        &group.payment_network_id,
                    )?,
                    requestDetails: r
                        .request_details(&format!("metaDetails[{i}].requests"), &group.requests)?,
                })
            })
            .collect()
    }
}

impl Reference<'_> {
    /// `payment_reference`: the reference derived from the request id, the salt and the
    /// address, as hex digits.
    fn body(&self) -> Result<Body, SpecError> {
        let reference = PaymentReference::derive(&self.request_id, &self.salt, &self.address)
            .map_err(|e| field_error("reference", FieldError::Reference(e)))?;
        Ok(Body::Result(reference.to_hex_digits()))
    }
}

impl AddressText<'_> {
    /// `tron_address`: the address converted between Base58 and hex.
    fn tron_body(&self) -> Result<Body, SpecError> {
        Ok(Body::Result(
            convert_tron_address(&self.address).map_err(|e| field_error("address", e))?,
        ))
    }

    /// `eip55`: the address with its EIP-55 checksum (a mixed-case input must carry it).
    fn eip55_body(&self) -> Result<Body, SpecError> {
        let address = EvmAddress::parse(&self.address).map_err(|e| match e {
            EvmAddressError::BadChecksum(_) => {
                field_error("address", FieldError::MixedCaseChecksum(e))
            }
            other => field_error("address", FieldError::EvmAddress(other)),
        })?;
        Ok(Body::Result(address.to_checksum()))
    }
}
