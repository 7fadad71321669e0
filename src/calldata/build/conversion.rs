//! Payments of fiat-denominated requests through the conversion proxies.

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolCall;

use super::{check_amount, BuildError, Builder, Fee};
use crate::address::PayeeAddress;
use crate::calldata::PaymentReference;
use crate::contracts::abi::{IErc20ConversionProxy, IEthConversionProxy};
use crate::contracts::Contract;
use crate::transaction::Transaction;

/// An ERC-20 payment of a request denominated in another currency (usually fiat), through the
/// Erc20ConversionProxy. Amounts of fiat requests carry 8 decimals (cents × 10^6).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Erc20ConversionPayment {
    /// The payee.
    pub to: PayeeAddress,
    /// The request amount in the request currency (8 decimals for fiat).
    pub request_amount: U256,
    /// The conversion path: currency hashes from the request currency to the token paid
    /// (the last element is the token).
    pub path: Vec<Address>,
    /// The payment reference.
    pub reference: PaymentReference,
    /// A fee in the request currency, if any.
    pub fee: Option<Fee>,
    /// The most tokens the payer accepts to spend (payment + fee).
    pub max_to_spend: U256,
    /// The oldest rate accepted, in seconds (0: any).
    pub max_rate_timespan: U256,
}

/// A native-currency payment of a request denominated in another currency, through the
/// EthConversionProxy. The value sent is the most the payer accepts to spend; the contract
/// refunds the excess.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NativeConversionPayment {
    /// The payee.
    pub to: PayeeAddress,
    /// The request amount in the request currency.
    pub request_amount: U256,
    /// The conversion path, ending with the native currency's hash.
    pub path: Vec<Address>,
    /// The payment reference.
    pub reference: PaymentReference,
    /// A fee in the request currency, if any.
    pub fee: Option<Fee>,
    /// The most native currency the payer accepts to spend: the transaction's value.
    pub max_to_spend: U256,
    /// The oldest rate accepted, in seconds (0: any).
    pub max_rate_timespan: U256,
}

impl Builder<'_> {
    /// `Erc20ConversionProxy.transferFromWithReferenceAndFee`, value 0. Approvals for it go to
    /// the conversion proxy ([`super::Flow::Erc20Conversion`]). Not on Tron.
    pub fn erc20_conversion(
        &self,
        payment: &Erc20ConversionPayment,
    ) -> Result<Transaction, BuildError> {
        self.refuse_tron("the conversion proxy (Erc20ConversionProxy)")?;
        check_amount(payment.request_amount, None)?;
        let (fee_amount, fee_address) = self.fee_args(payment.fee.as_ref())?;
        let call = IErc20ConversionProxy::transferFromWithReferenceAndFeeCall {
            _to: self.check_family("payee", &payment.to)?,
            _requestAmount: payment.request_amount,
            _path: payment.path.clone(),
            _paymentReference: payment.reference.into(),
            _feeAmount: fee_amount,
            _feeAddress: fee_address,
            _maxToSpend: payment.max_to_spend,
            _maxRateTimespan: payment.max_rate_timespan,
        };
        self.transaction(
            Contract::Erc20ConversionProxy,
            call.abi_encode(),
            U256::ZERO,
        )
    }

    /// `EthConversionProxy.transferWithReferenceAndFee`, value = `max_to_spend`. Not on Tron.
    pub fn native_conversion(
        &self,
        payment: &NativeConversionPayment,
    ) -> Result<Transaction, BuildError> {
        self.refuse_tron("the conversion proxy (EthConversionProxy)")?;
        check_amount(payment.request_amount, None)?;
        let (fee_amount, fee_address) = self.fee_args(payment.fee.as_ref())?;
        let call = IEthConversionProxy::transferWithReferenceAndFeeCall {
            _to: self.check_family("payee", &payment.to)?,
            _requestAmount: payment.request_amount,
            _path: payment.path.clone(),
            _paymentReference: payment.reference.into(),
            _feeAmount: fee_amount,
            _feeAddress: fee_address,
            _maxRateTimespan: payment.max_rate_timespan,
        };
        self.transaction(
            Contract::EthConversionProxy,
            call.abi_encode(),
            payment.max_to_spend,
        )
    }
}
