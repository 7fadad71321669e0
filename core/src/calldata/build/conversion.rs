//! Payments of fiat-denominated requests through the conversion proxies.

use crate::prelude::*;

use alloy_primitives::{Address, U256};
use alloy_sol_types::SolCall;

use super::{BuildError, Builder, Fee, check_amount, check_optional_fee};
use crate::address::ChainAddress;
use crate::calldata::PaymentReference;
use crate::contracts::Contract;
use crate::contracts::abi::{IErc20ConversionProxy, IEthConversionProxy};
use crate::transaction::Transaction;

/// An ERC-20 payment of a request denominated in another currency (usually fiat), through the
/// Erc20ConversionProxy. Amounts of fiat requests carry 8 decimals (cents × 10^6).
///
/// ```
/// use alloy_primitives::{address, U256};
/// use securepay_core::calldata::Erc20ConversionPayment;
///
/// let usd = address!("0x775eb53d00dd0acd3ec1696472105d579b9b386b"); // the USD currency hash
/// let usdc = address!("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
/// let payment = Erc20ConversionPayment {
///     to: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
///     request_amount: U256::from(1_050_000_000u64), // 10.50 USD
///     path: vec![usd, usdc], reference: "0xe23a6b02059c2b30".parse()?, fee: None,
///     max_to_spend: U256::from(10_600_000u64), max_rate_timespan: U256::ZERO,
/// };
/// assert_eq!(payment.path.last(), Some(&usdc)); // the token paid
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Erc20ConversionPayment {
    /// The payee.
    pub to: ChainAddress,
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
///
/// ```
/// use alloy_primitives::{address, U256};
/// use securepay_core::calldata::NativeConversionPayment;
///
/// let usd = address!("0x775eb53d00dd0acd3ec1696472105d579b9b386b");
/// let eth_on_base = address!("0xb678b03f3f3a6ea652ad1d183032fac176d83b08"); // ETH-base-base
/// let payment = NativeConversionPayment {
///     to: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
///     request_amount: U256::from(1_050_000_000u64), path: vec![usd, eth_on_base],
///     reference: "0xe23a6b02059c2b30".parse()?, fee: None,
///     max_to_spend: U256::from(4_000_000_000_000_000u64), max_rate_timespan: U256::ZERO,
/// };
/// assert_eq!(payment.path.first(), Some(&usd)); // the request currency
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NativeConversionPayment {
    /// The payee.
    pub to: ChainAddress,
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

impl Erc20ConversionPayment {
    /// The payment rules [`Builder::erc20_conversion`] checks first, the network's aside: a
    /// request amount above zero, and a fee above zero with its recipient.
    ///
    /// ```
    /// use alloy_primitives::{address, U256};
    /// use securepay_core::calldata::{BuildError, Erc20ConversionPayment};
    ///
    /// let payment = Erc20ConversionPayment {
    ///     to: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?, request_amount: U256::ZERO,
    ///     path: vec![address!("0x775eb53d00dd0acd3ec1696472105d579b9b386b"), address!("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")],
    ///     reference: "0xe23a6b02059c2b30".parse()?, fee: None, max_to_spend: U256::from(10u8), max_rate_timespan: U256::ZERO,
    /// };
    /// assert_eq!(payment.check(), Err(BuildError::ZeroAmount { payee: None }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self) -> Result<(), BuildError> {
        check_amount(self.request_amount, None)?;
        check_optional_fee(self.fee.as_ref())
    }
}

impl NativeConversionPayment {
    /// The payment rules [`Builder::native_conversion`] checks first, the network's aside: a
    /// request amount above zero, and a fee above zero with its recipient.
    ///
    /// ```
    /// use alloy_primitives::{address, U256};
    /// use securepay_core::calldata::{BuildError, Fee, NativeConversionPayment};
    ///
    /// let payment = NativeConversionPayment {
    ///     to: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?, request_amount: U256::from(1_050_000_000u64),
    ///     path: vec![address!("0x775eb53d00dd0acd3ec1696472105d579b9b386b"), address!("0xb678b03f3f3a6ea652ad1d183032fac176d83b08")],
    ///     reference: "0xe23a6b02059c2b30".parse()?, max_to_spend: U256::from(10u8), max_rate_timespan: U256::ZERO,
    ///     fee: Some(Fee { amount: U256::from(1u8), recipient: "0x0000000000000000000000000000000000000000".parse()? }),
    /// };
    /// assert_eq!(payment.check(), Err(BuildError::FeeWithoutAddress { amount: U256::from(1u8) }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self) -> Result<(), BuildError> {
        check_amount(self.request_amount, None)?;
        check_optional_fee(self.fee.as_ref())
    }
}

impl Builder<'_> {
    /// `Erc20ConversionProxy.transferFromWithReferenceAndFee`, value 0. Approvals for it go to
    /// the conversion proxy ([`super::Flow::Erc20Conversion`]). Not on Tron.
    ///
    /// ```
    /// use alloy_primitives::{address, U256};
    /// use securepay_core::calldata::{Builder, Erc20ConversionPayment};
    /// use securepay_core::network::Network;
    ///
    /// let payment = Erc20ConversionPayment {
    ///     to: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
    ///     request_amount: U256::from(1_050_000_000u64),
    ///     path: vec![address!("0x775eb53d00dd0acd3ec1696472105d579b9b386b"), address!("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")],
    ///     reference: "0xe23a6b02059c2b30".parse()?, fee: None,
    ///     max_to_spend: U256::from(10_600_000u64), max_rate_timespan: U256::ZERO,
    /// };
    /// let tx = Builder::new(Network::Base).erc20_conversion(&payment)?;
    /// assert_eq!(tx.to.to_string(), "0x8296D56321cf207925a7804E5A8E3F579838e6Ad"); // Erc20ConversionProxy
    /// assert_eq!((&tx.data[..4], tx.value), (&[0x3a, 0xf2, 0xc0, 0x12][..], U256::ZERO));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn erc20_conversion(
        &self,
        payment: &Erc20ConversionPayment,
    ) -> Result<Transaction, BuildError> {
        self.refuse_tron("the conversion proxy (Erc20ConversionProxy)")?;
        payment.check()?;
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
    ///
    /// ```
    /// use alloy_primitives::{address, U256};
    /// use securepay_core::calldata::{BuildError, Builder, NativeConversionPayment};
    /// use securepay_core::network::Network;
    ///
    /// let payment = NativeConversionPayment {
    ///     to: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
    ///     request_amount: U256::from(1_050_000_000u64),
    ///     path: vec![address!("0x775eb53d00dd0acd3ec1696472105d579b9b386b"), address!("0xb678b03f3f3a6ea652ad1d183032fac176d83b08")],
    ///     reference: "0xe23a6b02059c2b30".parse()?, fee: None,
    ///     max_to_spend: U256::from(4_000_000_000_000_000u64), max_rate_timespan: U256::ZERO,
    /// };
    /// let tx = Builder::new(Network::Base).native_conversion(&payment)?;
    /// assert_eq!((&tx.data[..4], tx.value), (&[0xac, 0x47, 0x3c, 0x8a][..], payment.max_to_spend));
    /// assert!(matches!(Builder::new(Network::Tron).native_conversion(&payment), Err(BuildError::NotOnTron(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn native_conversion(
        &self,
        payment: &NativeConversionPayment,
    ) -> Result<Transaction, BuildError> {
        self.refuse_tron("the conversion proxy (EthConversionProxy)")?;
        payment.check()?;
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
