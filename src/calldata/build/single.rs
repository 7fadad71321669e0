//! Single payments: ERC20FeeProxy, EthereumFeeProxy, ERC-20 approve and transfer.

use alloy_primitives::U256;
use alloy_sol_types::SolCall;

use super::{add, check_amount, Allowance, BuildError, Builder, Fee, Flow};
use crate::address::PayeeAddress;
use crate::calldata::PaymentReference;
use crate::contracts::abi::{IERC20FeeProxy, IEthereumFeeProxy, IERC20};
use crate::contracts::Contract;
use crate::transaction::Transaction;

/// An ERC-20 (or TRC-20) payment through the ERC20FeeProxy.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Erc20FeePayment {
    /// The token paid.
    pub token: PayeeAddress,
    /// The payee.
    pub to: PayeeAddress,
    /// The amount in smallest units (> 0).
    pub amount: U256,
    /// The payment reference.
    pub reference: PaymentReference,
    /// A fee paid in the same call, if any.
    pub fee: Option<Fee>,
}

impl Erc20FeePayment {
    /// A payment without fee.
    pub fn new(
        token: PayeeAddress,
        to: PayeeAddress,
        amount: U256,
        reference: PaymentReference,
    ) -> Erc20FeePayment {
        Erc20FeePayment {
            token,
            to,
            amount,
            reference,
            fee: None,
        }
    }

    /// The same payment with a fee paid in the same call.
    pub fn with_fee(mut self, amount: U256, recipient: PayeeAddress) -> Erc20FeePayment {
        self.fee = Some(Fee { amount, recipient });
        self
    }
}

/// A native-currency payment through the EthereumFeeProxy.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NativeFeePayment {
    /// The payee.
    pub to: PayeeAddress,
    /// The amount in smallest units (> 0).
    pub amount: U256,
    /// The payment reference.
    pub reference: PaymentReference,
    /// A fee paid in the same call, if any.
    pub fee: Option<Fee>,
}

impl NativeFeePayment {
    /// A payment without fee.
    pub fn new(to: PayeeAddress, amount: U256, reference: PaymentReference) -> NativeFeePayment {
        NativeFeePayment {
            to,
            amount,
            reference,
            fee: None,
        }
    }

    /// The same payment with a fee paid in the same call.
    pub fn with_fee(mut self, amount: U256, recipient: PayeeAddress) -> NativeFeePayment {
        self.fee = Some(Fee { amount, recipient });
        self
    }
}

impl Builder<'_> {
    /// `ERC20FeeProxy.transferFromWithReferenceAndFee` to the canonical proxy of the network,
    /// value 0. On Tron the addresses are Base58 and `to` is the Tron proxy.
    pub fn erc20_fee(&self, payment: &Erc20FeePayment) -> Result<Transaction, BuildError> {
        check_amount(payment.amount, None)?;
        let (fee_amount, fee_address) = self.fee_args(payment.fee.as_ref())?;
        let call = IERC20FeeProxy::transferFromWithReferenceAndFeeCall {
            _tokenAddress: self.check_family("token", &payment.token)?,
            _to: self.check_family("payee", &payment.to)?,
            _amount: payment.amount,
            _paymentReference: payment.reference.into(),
            _feeAmount: fee_amount,
            _feeAddress: fee_address,
        };
        self.transaction(Contract::Erc20FeeProxy, call.abi_encode(), U256::ZERO)
    }

    /// `EthereumFeeProxy.transferWithReferenceAndFee`: the amount travels as value
    /// (value = amount + fee). Not on Tron.
    pub fn native_fee(&self, payment: &NativeFeePayment) -> Result<Transaction, BuildError> {
        self.refuse_tron("the native-currency proxy (EthereumFeeProxy)")?;
        check_amount(payment.amount, None)?;
        let (fee_amount, fee_address) = self.fee_args(payment.fee.as_ref())?;
        let call = IEthereumFeeProxy::transferWithReferenceAndFeeCall {
            _to: self.check_family("payee", &payment.to)?,
            _paymentReference: payment.reference.into(),
            _feeAmount: fee_amount,
            _feeAddress: fee_address,
        };
        let value = add(payment.amount, fee_amount)?;
        self.transaction(Contract::EthereumFeeProxy, call.abi_encode(), value)
    }

    /// `EthereumFeeProxy.transferExactEthWithReferenceAndFee`: value = amount + fee (any excess
    /// would be refunded by the contract). Not on Tron.
    pub fn native_fee_exact(&self, payment: &NativeFeePayment) -> Result<Transaction, BuildError> {
        self.refuse_tron("the native-currency proxy (EthereumFeeProxy)")?;
        check_amount(payment.amount, None)?;
        let (fee_amount, fee_address) = self.fee_args(payment.fee.as_ref())?;
        let call = IEthereumFeeProxy::transferExactEthWithReferenceAndFeeCall {
            _to: self.check_family("payee", &payment.to)?,
            _amount: payment.amount,
            _paymentReference: payment.reference.into(),
            _feeAmount: fee_amount,
            _feeAddress: fee_address,
        };
        let value = add(payment.amount, fee_amount)?;
        self.transaction(Contract::EthereumFeeProxy, call.abi_encode(), value)
    }

    /// `approve(spender, amount)` on `token`, where the spender is the contract that pulls the
    /// funds in `flow` on this network.
    pub fn approve_for(
        &self,
        flow: Flow,
        token: PayeeAddress,
        allowance: Allowance,
    ) -> Result<Transaction, BuildError> {
        if self.network == crate::network::Network::Tron && flow != Flow::Erc20Fee {
            return Err(match flow {
                Flow::LegacyBatch | Flow::BatchConversion => BuildError::TronBatch,
                _ => BuildError::NotOnTron("the conversion proxy"),
            });
        }
        let spender = self.contract(flow.spender())?;
        self.approve(token, spender, allowance)
    }

    /// `approve(spender, amount)` on `token` for any spender (a smart account, a bridge).
    /// Prefer [`Builder::approve_for`] for the service's own flows.
    pub fn approve(
        &self,
        token: PayeeAddress,
        spender: PayeeAddress,
        allowance: Allowance,
    ) -> Result<Transaction, BuildError> {
        let call = IERC20::approveCall {
            spender: self.check_family("spender", &spender)?,
            amount: allowance.amount(),
        };
        self.check_family("token", &token)?;
        Ok(Transaction {
            to: token,
            data: call.abi_encode().into(),
            value: U256::ZERO,
        })
    }

    /// A plain ERC-20 `transfer(to, amount)` on `token` (the hosted flow pays some fee legs this
    /// way). The amount must be above zero.
    pub fn erc20_transfer(
        &self,
        token: PayeeAddress,
        to: PayeeAddress,
        amount: U256,
    ) -> Result<Transaction, BuildError> {
        check_amount(amount, None)?;
        let call = IERC20::transferCall {
            to: self.check_family("recipient", &to)?,
            amount,
        };
        self.check_family("token", &token)?;
        Ok(Transaction {
            to: token,
            data: call.abi_encode().into(),
            value: U256::ZERO,
        })
    }
}
