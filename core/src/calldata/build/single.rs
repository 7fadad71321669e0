//! Single payments: ERC20FeeProxy, EthereumFeeProxy, ERC-20 approve and transfer.

use crate::prelude::*;

use alloy_primitives::U256;
use alloy_sol_types::SolCall;

use super::{Allowance, BuildError, Builder, Fee, Flow, add, check_amount, check_optional_fee};
use crate::address::ChainAddress;
use crate::calldata::PaymentReference;
use crate::contracts::Contract;
use crate::contracts::abi::{IERC20, IERC20FeeProxy, IEthereumFeeProxy};
use crate::transaction::Transaction;

/// An ERC-20 (or TRC-20) payment through the ERC20FeeProxy.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::calldata::Erc20FeePayment;
///
/// let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
/// let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
/// let payment = Erc20FeePayment::new(usdc, payee, U256::from(826_250_000u64), "0xe23a6b02059c2b30".parse()?);
/// assert_eq!((payment.token, payment.fee), (usdc, None));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Erc20FeePayment {
    /// The token paid.
    pub token: ChainAddress,
    /// The payee.
    pub to: ChainAddress,
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
        token: ChainAddress,
        to: ChainAddress,
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
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{BuildError, Builder, Erc20FeePayment};
    /// use securepay_core::network::Network;
    ///
    /// let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
    /// let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
    /// let payment = Erc20FeePayment::new(usdc, payee, U256::from(1_000_000u64), "0xe23a6b02059c2b30".parse()?);
    /// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// assert!(Builder::new(Network::Base).erc20_fee(&payment.clone().with_fee(U256::from(300_000u64), fee)).is_ok());
    /// let lost = payment.with_fee(U256::from(300_000u64), "0x0000000000000000000000000000000000000000".parse()?);
    /// assert!(matches!(Builder::new(Network::Base).erc20_fee(&lost), Err(BuildError::FeeWithoutAddress { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_fee(mut self, amount: U256, recipient: ChainAddress) -> Erc20FeePayment {
        self.fee = Some(Fee { amount, recipient });
        self
    }

    /// The payment rules [`Builder::erc20_fee`] checks first, the network's aside: an amount
    /// above zero, and a fee above zero with its recipient ([`Fee::check`]).
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{BuildError, Erc20FeePayment};
    ///
    /// let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
    /// let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
    /// let free = Erc20FeePayment::new(usdc, payee, U256::ZERO, "0xe23a6b02059c2b30".parse()?);
    /// assert_eq!(free.check(), Err(BuildError::ZeroAmount { payee: None }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self) -> Result<(), BuildError> {
        check_amount(self.amount, None)?;
        check_optional_fee(self.fee.as_ref())
    }
}

/// A native-currency payment through the EthereumFeeProxy.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::calldata::NativeFeePayment;
///
/// let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
/// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
/// let payment = NativeFeePayment::new(payee, U256::from(1000u16), "0xe23a6b02059c2b30".parse()?).with_fee(U256::from(3u8), fee);
/// assert_eq!(payment.fee.map(|f| f.recipient), Some(fee));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NativeFeePayment {
    /// The payee.
    pub to: ChainAddress,
    /// The amount in smallest units (> 0).
    pub amount: U256,
    /// The payment reference.
    pub reference: PaymentReference,
    /// A fee paid in the same call, if any.
    pub fee: Option<Fee>,
}

impl NativeFeePayment {
    /// A payment without fee.
    pub fn new(to: ChainAddress, amount: U256, reference: PaymentReference) -> NativeFeePayment {
        NativeFeePayment {
            to,
            amount,
            reference,
            fee: None,
        }
    }

    /// The same payment with a fee paid in the same call.
    pub fn with_fee(mut self, amount: U256, recipient: ChainAddress) -> NativeFeePayment {
        self.fee = Some(Fee { amount, recipient });
        self
    }

    /// The payment rules [`Builder::native_fee`] and [`Builder::native_fee_exact`] check
    /// first, the network's aside: an amount above zero, and a fee above zero with its
    /// recipient ([`Fee::check`]).
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{BuildError, NativeFeePayment};
    ///
    /// let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
    /// let zero = "0x0000000000000000000000000000000000000000".parse()?;
    /// let payment = NativeFeePayment::new(payee, U256::from(1000u16), "0xe23a6b02059c2b30".parse()?);
    /// assert_eq!(payment.check(), Ok(()));
    /// let lost = payment.with_fee(U256::from(3u8), zero);
    /// assert_eq!(lost.check(), Err(BuildError::FeeWithoutAddress { amount: U256::from(3u8) }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self) -> Result<(), BuildError> {
        check_amount(self.amount, None)?;
        check_optional_fee(self.fee.as_ref())
    }
}

impl Builder<'_> {
    /// `ERC20FeeProxy.transferFromWithReferenceAndFee` to the canonical proxy of the network,
    /// value 0. On Tron the addresses are Base58 and `to` is the Tron proxy.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{Builder, Erc20FeePayment};
    /// use securepay_core::network::Network;
    ///
    /// let usdt = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".parse()?;
    /// let payee = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE".parse()?;
    /// let payment = Erc20FeePayment::new(usdt, payee, U256::from(10_000_000u64), "0x0909090909090909".parse()?);
    /// let tx = Builder::new(Network::Tron).erc20_fee(&payment)?;
    /// assert_eq!(tx.to.to_string(), "TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd");
    /// assert_eq!((&tx.data[..4], tx.data.len(), tx.value), (&[0xc2, 0x19, 0xa1, 0x4d][..], 260, U256::ZERO));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn erc20_fee(&self, payment: &Erc20FeePayment) -> Result<Transaction, BuildError> {
        payment.check()?;
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
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{BuildError, Builder, NativeFeePayment};
    /// use securepay_core::network::Network;
    ///
    /// let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
    /// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// let payment = NativeFeePayment::new(payee, U256::from(1000u16), "0xe23a6b02059c2b30".parse()?).with_fee(U256::from(3u8), fee);
    /// let tx = Builder::new(Network::Base).native_fee(&payment)?;
    /// assert_eq!((&tx.data[..4], tx.value), (&[0xb8, 0x68, 0x98, 0x0b][..], U256::from(1003u16)));
    /// assert!(matches!(Builder::new(Network::Tron).native_fee(&payment), Err(BuildError::NotOnTron(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn native_fee(&self, payment: &NativeFeePayment) -> Result<Transaction, BuildError> {
        self.refuse_tron("the native-currency proxy (EthereumFeeProxy)")?;
        payment.check()?;
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
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{Builder, NativeFeePayment};
    /// use securepay_core::network::Network;
    ///
    /// let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
    /// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// let payment = NativeFeePayment::new(payee, U256::from(1000u16), "0xe23a6b02059c2b30".parse()?).with_fee(U256::from(3u8), fee);
    /// let tx = Builder::new(Network::Sepolia).native_fee_exact(&payment)?;
    /// assert_eq!((&tx.data[..4], tx.value), (&[0xd7, 0xc9, 0x5e, 0x98][..], U256::from(1003u16)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn native_fee_exact(&self, payment: &NativeFeePayment) -> Result<Transaction, BuildError> {
        self.refuse_tron("the native-currency proxy (EthereumFeeProxy)")?;
        payment.check()?;
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
    ///
    /// ```
    /// use alloy_primitives::{hex, U256};
    /// use securepay_core::calldata::{Allowance, BuildError, Builder, Flow};
    /// use securepay_core::network::Network;
    ///
    /// let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
    /// let tx = Builder::new(Network::Base).approve_for(Flow::Erc20Fee, usdc, Allowance::Exact(U256::from(827_800_000u64)))?;
    /// // The approval of tests/data/pay/single_erc20_fees.json: spender the ERC20FeeProxy.
    /// assert_eq!(tx.data[..], hex!("095ea7b30000000000000000000000001892196e80c4c17ea5100da765ab48c1fe2fb81400000000000000000000000000000000000000000000000000000000315739c0"));
    /// let usdt = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t".parse()?;
    /// let err = Builder::new(Network::Tron).approve_for(Flow::LegacyBatch, usdt, Allowance::Unlimited).unwrap_err();
    /// assert_eq!(err, BuildError::TronBatch);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn approve_for(
        &self,
        flow: Flow,
        token: ChainAddress,
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
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{Allowance, Builder};
    /// use securepay_core::network::Network;
    ///
    /// let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
    /// let lifi = "0x1231DEB6f5749EF6cE6943a275A1D3E7486F4EaE".parse()?; // the LI.FI diamond
    /// let tx = Builder::new(Network::Base).approve(usdc, lifi, Allowance::Unlimited)?;
    /// assert_eq!((tx.to, tx.value), (usdc, U256::ZERO));
    /// assert_eq!(&tx.data[36..], &[0xff; 32]); // 2^256 - 1
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn approve(
        &self,
        token: ChainAddress,
        spender: ChainAddress,
        allowance: Allowance,
    ) -> Result<Transaction, BuildError> {
        let call = IERC20::approveCall {
            spender: self.check_family("spender", &spender)?,
            amount: allowance.amount(),
        };
        self.token_call(token, call.abi_encode())
    }

    /// A plain ERC-20 `transfer(to, amount)` on `token` (the hosted flow pays some fee legs this
    /// way). The amount must be above zero.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{BuildError, Builder};
    /// use securepay_core::network::Network;
    ///
    /// let builder = Builder::new(Network::Base);
    /// let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
    /// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// let tx = builder.erc20_transfer(usdc, fee, U256::from(300_000u64))?;
    /// assert_eq!((&tx.data[..4], tx.data.len()), (&[0xa9, 0x05, 0x9c, 0xbb][..], 68));
    /// assert_eq!(builder.erc20_transfer(usdc, fee, U256::ZERO), Err(BuildError::ZeroAmount { payee: None }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn erc20_transfer(
        &self,
        token: ChainAddress,
        to: ChainAddress,
        amount: U256,
    ) -> Result<Transaction, BuildError> {
        check_amount(amount, None)?;
        let call = IERC20::transferCall {
            to: self.check_family("recipient", &to)?,
            amount,
        };
        self.token_call(token, call.abi_encode())
    }

    /// An ERC-20 `transferFrom(from, to, amount)`, value 0: the smart account's funding step,
    /// which pulls the payer's tokens into the account with the allowance the payer gave it.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{BuildError, Builder};
    /// use securepay_core::network::Network;
    ///
    /// let builder = Builder::new(Network::Base);
    /// let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
    /// let payer = "0x2222222222222222222222222222222222222222".parse()?;
    /// let account = "0x1111111111111111111111111111111111111111".parse()?;
    /// let tx = builder.transfer_from(usdc, payer, account, U256::from(10_000_000u64))?;
    /// assert_eq!((&tx.data[..4], tx.data.len()), (&[0x23, 0xb8, 0x72, 0xdd][..], 100));
    /// assert_eq!(builder.transfer_from(usdc, payer, account, U256::ZERO), Err(BuildError::ZeroAmount { payee: None }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn transfer_from(
        &self,
        token: ChainAddress,
        from: ChainAddress,
        to: ChainAddress,
        amount: U256,
    ) -> Result<Transaction, BuildError> {
        check_amount(amount, None)?;
        let call = IERC20::transferFromCall {
            from: self.check_family("owner", &from)?,
            to: self.check_family("recipient", &to)?,
            amount,
        };
        self.token_call(token, call.abi_encode())
    }

    /// A call of the token contract `token` (of the network's family), value 0.
    fn token_call(&self, token: ChainAddress, data: Vec<u8>) -> Result<Transaction, BuildError> {
        self.check_family("token", &token)?;
        Ok(Transaction {
            to: token,
            data: data.into(),
            value: U256::ZERO,
        })
    }
}
