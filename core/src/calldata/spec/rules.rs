//! The payment rules of [`Rules::Payment`](super::Rules::Payment): each call, read into its ABI
//! arguments, becomes the library's typed payment and is held to that payment's own check
//! (`Erc20FeePayment::check`, `BatchPayee::check_batch`, …), the ones its `Builder` applies
//! before it encodes. No rule is written here: this module only maps ABI arguments onto the
//! typed payments, and a payment reference onto its 8 bytes.

use crate::prelude::*;

use alloy_primitives::{Address, Bytes, U256};

use crate::address::{ChainAddress, EvmAddress};
use crate::calldata::{
    BatchGroup, BatchPayee, BatchPaymentNetwork, BatchRequest, BuildError, Builder,
    Erc20ConversionPayment, Erc20FeePayment, Fee, NativeConversionPayment, NativeFeePayment,
    PaymentReference,
};
use crate::contracts::abi::{self, IERC20, IERC20FeeProxy, IErc20ConversionProxy};
use crate::network::Network;

use super::SpecError;

/// Addresses and references of one description, read as the typed payments take them.
#[derive(Debug, Clone, Copy)]
pub(super) struct Typed {
    /// The description's network (EVM without one).
    pub(super) network: Option<Network>,
}

impl Typed {
    fn address(self, abi: Address) -> ChainAddress {
        match self.network {
            Some(network) => ChainAddress::from_abi(network, abi),
            None => ChainAddress::Evm(EvmAddress::new(abi)),
        }
    }

    fn fee(self, amount: U256, recipient: Address) -> Fee {
        Fee {
            amount,
            recipient: self.address(recipient),
        }
    }
}

/// A payment reference: exactly 8 bytes.
fn reference(field: &str, bytes: &Bytes) -> Result<PaymentReference, SpecError> {
    <[u8; 8]>::try_from(bytes.as_ref())
        .map(PaymentReference::new)
        .map_err(|_| SpecError::ReferenceLength {
            field: field.to_owned(),
            length: bytes.len(),
        })
}

fn rule(kind: &'static str) -> impl Fn(BuildError) -> SpecError {
    move |source| SpecError::Rule { kind, source }
}

/// `erc20_fee`: [`Erc20FeePayment::check`].
pub(super) fn erc20_fee(
    t: Typed,
    call: &IERC20FeeProxy::transferFromWithReferenceAndFeeCall,
) -> Result<(), SpecError> {
    let payment = Erc20FeePayment {
        token: t.address(call._tokenAddress),
        to: t.address(call._to),
        amount: call._amount,
        reference: reference("reference", &call._paymentReference)?,
        fee: Some(t.fee(call._feeAmount, call._feeAddress)),
    };
    payment.check().map_err(rule("erc20_fee"))
}

/// `eth_fee` and `eth_fee_exact`: [`NativeFeePayment::check`]; the fee's rule alone when the
/// amount is not given (`eth_fee` without a network: its calldata has no amount).
pub(super) fn native_fee(
    t: Typed,
    kind: &'static str,
    (to, amount, payment_reference): (Address, Option<U256>, &Bytes),
    (fee_amount, fee_address): (U256, Address),
) -> Result<(), SpecError> {
    let reference = reference("reference", payment_reference)?;
    let fee = t.fee(fee_amount, fee_address);
    match amount {
        Some(amount) => NativeFeePayment {
            to: t.address(to),
            amount,
            reference,
            fee: Some(fee),
        }
        .check(),
        None => fee.check(),
    }
    .map_err(rule(kind))
}

/// `erc20_transfer`: [`Builder::erc20_transfer`] itself, which calls no contract of the
/// deployment table (the token is the description's, or the zero address without a network:
/// the calldata is the same on every EVM network).
pub(super) fn erc20_transfer(
    t: Typed,
    token: Option<ChainAddress>,
    call: &IERC20::transferCall,
) -> Result<(), SpecError> {
    let network = t.network.unwrap_or(Network::Mainnet);
    let token = token.unwrap_or_else(|| ChainAddress::from_abi(network, Address::ZERO));
    Builder::new(network)
        .erc20_transfer(token, t.address(call.to), call.amount)
        .map(drop)
        .map_err(rule("erc20_transfer"))
}

/// `erc20_conversion`: [`Erc20ConversionPayment::check`].
pub(super) fn erc20_conversion(
    t: Typed,
    call: &IErc20ConversionProxy::transferFromWithReferenceAndFeeCall,
) -> Result<(), SpecError> {
    Erc20ConversionPayment {
        to: t.address(call._to),
        request_amount: call._requestAmount,
        path: call._path.clone(),
        reference: reference("reference", &call._paymentReference)?,
        fee: Some(t.fee(call._feeAmount, call._feeAddress)),
        max_to_spend: call._maxToSpend,
        max_rate_timespan: call._maxRateTimespan,
    }
    .check()
    .map_err(rule("erc20_conversion"))
}

/// `eth_conversion`: [`NativeConversionPayment::check`] (`maxToSpend` is the value, not an
/// argument: no rule reads it).
pub(super) fn eth_conversion(
    t: Typed,
    call: &crate::contracts::abi::IEthConversionProxy::transferWithReferenceAndFeeCall,
) -> Result<(), SpecError> {
    NativeConversionPayment {
        to: t.address(call._to),
        request_amount: call._requestAmount,
        path: call._path.clone(),
        reference: reference("reference", &call._paymentReference)?,
        fee: Some(t.fee(call._feeAmount, call._feeAddress)),
        max_to_spend: U256::ZERO,
        max_rate_timespan: call._maxRateTimespan,
    }
    .check()
    .map_err(rule("eth_conversion"))
}

/// A legacy batch (`batch_erc20`, `batch_erc20_multi`, `batch_eth`), by its columns:
/// [`BatchPayee::check_batch`].
pub(super) fn legacy_batch(
    t: Typed,
    kind: &'static str,
    (recipients, amounts, references, fees): (&[Address], &[U256], &[Bytes], &[U256]),
    fee_address: Address,
) -> Result<(), SpecError> {
    let payees = (0..)
        .zip(recipients.iter().zip(amounts).zip(references).zip(fees))
        .map(|(i, (((to, amount), payment_reference), fee_amount))| {
            Ok(BatchPayee {
                to: t.address(*to),
                amount: *amount,
                reference: reference(&format!("payees[{i}].reference"), payment_reference)?,
                fee_amount: *fee_amount,
            })
        })
        .collect::<Result<Vec<_>, SpecError>>()?;
    BatchPayee::check_batch(&payees, &t.address(fee_address)).map_err(rule(kind))
}

fn requests(
    t: Typed,
    field: &str,
    details: &[abi::RequestDetail],
) -> Result<Vec<BatchRequest>, SpecError> {
    (0..)
        .zip(details)
        .map(|(i, d)| {
            Ok(BatchRequest {
                recipient: t.address(d.recipient),
                request_amount: d.requestAmount,
                path: d.path.clone(),
                reference: reference(
                    &format!("{field}[{i}].paymentReference"),
                    &d.paymentReference,
                )?,
                fee_amount: d.feeAmount,
                max_to_spend: d.maxToSpend,
                max_rate_timespan: d.maxRateTimespan,
            })
        })
        .collect()
}

/// A `BatchConversionPayments` call of one list of requests (`batch_nc_erc20`,
/// `batch_nc_multi_erc20`, `batch_nc_native`): [`BatchRequest::check_batch`].
pub(super) fn request_batch(
    t: Typed,
    kind: &'static str,
    details: &[abi::RequestDetail],
    fee_address: Address,
) -> Result<(), SpecError> {
    let requests = requests(t, "requests", details)?;
    BatchRequest::check_batch(&requests, &t.address(fee_address)).map_err(rule(kind))
}

/// `batch_conv_payments`: each group's payment network one of `batchPayments`' (0 to 4), and
/// [`BatchGroup::check_batch`].
pub(super) fn batch_payments(
    t: Typed,
    meta_details: &[abi::MetaDetail],
    fee_address: Address,
) -> Result<(), SpecError> {
    let groups = (0..)
        .zip(meta_details)
        .map(|(i, group)| {
            let network =
                BatchPaymentNetwork::from_id(group.paymentNetworkId).ok_or_else(|| {
                    SpecError::GroupNetwork {
                        field: format!("metaDetails[{i}].paymentNetworkId"),
                        id: group.paymentNetworkId,
                    }
                })?;
            Ok(BatchGroup {
                network,
                requests: requests(
                    t,
                    &format!("metaDetails[{i}].requests"),
                    &group.requestDetails,
                )?,
            })
        })
        .collect::<Result<Vec<_>, SpecError>>()?;
    BatchGroup::check_batch(&groups, &t.address(fee_address)).map_err(rule("batch_conv_payments"))
}
