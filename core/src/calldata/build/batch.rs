//! Batches: legacy BatchPayments and BatchConversionPayments (EVM only).

use crate::prelude::*;

use alloy_primitives::{Address, Bytes, U256};
use alloy_sol_types::SolCall;

use super::{BuildError, Builder, check_amount};
use crate::address::ChainAddress;
use crate::calldata::PaymentReference;
use crate::contracts::Contract;
use crate::contracts::abi::{IBatchConversionPayments, IBatchPayments, MetaDetail, RequestDetail};
use crate::network::Network;
use crate::transaction::Transaction;

/// One payee of a single-token or native legacy batch.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::calldata::BatchPayee;
///
/// let payee = BatchPayee {
///     to: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
///     amount: U256::from(1_000_000u64), reference: "0xe23a6b02059c2b30".parse()?, fee_amount: U256::ZERO,
/// };
/// assert!(!payee.to.is_tron());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BatchPayee {
    /// The payee.
    pub to: ChainAddress,
    /// The amount (> 0).
    pub amount: U256,
    /// The payment reference.
    pub reference: PaymentReference,
    /// The fee of this payment (paid to the batch's fee address).
    pub fee_amount: U256,
}

/// One payee of a multi-token legacy batch.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::calldata::{BatchPayee, BatchTokenPayee};
///
/// let payee = BatchPayee {
///     to: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
///     amount: U256::from(1_000_000u64), reference: "0xe23a6b02059c2b30".parse()?, fee_amount: U256::ZERO,
/// };
/// let usdt = BatchTokenPayee { token: "0xc2132D05D31c914a87C6611C10748AEb04B58e8F".parse()?, payee };
/// assert_eq!(usdt.payee.amount, U256::from(1_000_000u64));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BatchTokenPayee {
    /// The token of this payment.
    pub token: ChainAddress,
    /// The payee, amount, reference and fee.
    pub payee: BatchPayee,
}

/// The payment network of a `batchPayments` group (`paymentNetworkId`), as
/// `BATCH_PAYMENT_NETWORK_ID` numbers them.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::calldata::BatchPaymentNetwork;
///
/// assert_eq!(BatchPaymentNetwork::Native.id(), 3);
/// assert_eq!(BatchPaymentNetwork::from_id(U256::from(4)), Some(BatchPaymentNetwork::NativeConversion));
/// assert_eq!(BatchPaymentNetwork::from_id(U256::from(5)), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BatchPaymentNetwork {
    /// 0: ERC-20 payments of requests in other currencies (conversion).
    MultiErc20Conversion,
    /// 1: ERC-20 payments in a single token.
    Erc20,
    /// 2: ERC-20 payments in several tokens.
    MultiErc20,
    /// 3: native-currency payments.
    Native,
    /// 4: native-currency payments of requests in other currencies; must be the last group.
    NativeConversion,
}

impl BatchPaymentNetwork {
    /// The id on the wire (0 to 4).
    pub const fn id(self) -> u8 {
        match self {
            BatchPaymentNetwork::MultiErc20Conversion => 0,
            BatchPaymentNetwork::Erc20 => 1,
            BatchPaymentNetwork::MultiErc20 => 2,
            BatchPaymentNetwork::Native => 3,
            BatchPaymentNetwork::NativeConversion => 4,
        }
    }

    /// The group of id `id`, if it is one of 0 to 4.
    pub fn from_id(id: U256) -> Option<BatchPaymentNetwork> {
        match u8::try_from(id).ok()? {
            0 => Some(BatchPaymentNetwork::MultiErc20Conversion),
            1 => Some(BatchPaymentNetwork::Erc20),
            2 => Some(BatchPaymentNetwork::MultiErc20),
            3 => Some(BatchPaymentNetwork::Native),
            4 => Some(BatchPaymentNetwork::NativeConversion),
            _ => None,
        }
    }
}

/// One request of a `BatchConversionPayments` call (a `RequestDetail`).
///
/// Without conversion, `path` is the token paid alone and `max_to_spend` and
/// `max_rate_timespan` are 0.
///
/// ```
/// use alloy_primitives::{address, U256};
/// use securepay_core::calldata::BatchRequest;
///
/// let usdc = address!("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913");
/// let request = BatchRequest {
///     recipient: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
///     request_amount: U256::from(1_000_000u64), path: vec![usdc], reference: "0xe23a6b02059c2b30".parse()?,
///     fee_amount: U256::ZERO, max_to_spend: U256::ZERO, max_rate_timespan: U256::ZERO,
/// };
/// assert_eq!(request.path, [usdc]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BatchRequest {
    /// The payee.
    pub recipient: ChainAddress,
    /// The amount (> 0), in the request currency.
    pub request_amount: U256,
    /// The token paid (one element) or the conversion path.
    pub path: Vec<Address>,
    /// The payment reference.
    pub reference: PaymentReference,
    /// The fee of this payment.
    pub fee_amount: U256,
    /// The most to spend (conversion requests; 0 otherwise).
    pub max_to_spend: U256,
    /// The oldest rate accepted in seconds (conversion requests; 0 otherwise).
    pub max_rate_timespan: U256,
}

/// A group of requests of one payment network in `batchPayments`.
///
/// ```
/// use securepay_core::calldata::{BatchGroup, BatchPaymentNetwork};
///
/// let group = BatchGroup { network: BatchPaymentNetwork::MultiErc20, requests: vec![] };
/// assert_eq!(group.network.id(), 2);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BatchGroup {
    /// The payment network of every request of the group.
    pub network: BatchPaymentNetwork,
    /// The requests.
    pub requests: Vec<BatchRequest>,
}

impl BatchPayee {
    /// The payment rules of a legacy batch ([`Builder::batch_erc20`],
    /// [`Builder::batch_erc20_multi`], [`Builder::batch_native`]), the network's aside: at
    /// least one payee, each amount above zero, and a non-zero fee address (the batch fee is
    /// sent there unconditionally).
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{BatchPayee, BuildError};
    ///
    /// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// let payee = BatchPayee { to: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?, amount: U256::from(1u8),
    ///     reference: "0xe23a6b02059c2b30".parse()?, fee_amount: U256::ZERO };
    /// let free = BatchPayee { amount: U256::ZERO, ..payee };
    /// assert_eq!(BatchPayee::check_batch(&[payee, free], &fee), Err(BuildError::ZeroAmount { payee: Some(1) }));
    /// assert_eq!(BatchPayee::check_batch(&[], &fee), Err(BuildError::EmptyBatch));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_batch(
        payees: &[BatchPayee],
        fee_address: &ChainAddress,
    ) -> Result<(), BuildError> {
        if payees.is_empty() {
            return Err(BuildError::EmptyBatch);
        }
        for (index, payee) in payees.iter().enumerate() {
            check_amount(payee.amount, Some(index))?;
        }
        check_batch_fee_address(fee_address)
    }
}

impl BatchRequest {
    /// The payment rules of a `BatchConversionPayments` call ([`Builder::batch_requests_erc20`],
    /// [`Builder::batch_requests_multi_erc20`], [`Builder::batch_requests_native`], and each
    /// group of [`Builder::batch_payments`]), the network's aside: at least one request, each
    /// request amount above zero, and a non-zero fee address.
    ///
    /// ```
    /// use alloy_primitives::{address, U256};
    /// use securepay_core::calldata::{BatchRequest, BuildError};
    ///
    /// let request = BatchRequest { recipient: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
    ///     request_amount: U256::from(1u8), path: vec![address!("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")],
    ///     reference: "0xe23a6b02059c2b30".parse()?, fee_amount: U256::ZERO, max_to_spend: U256::ZERO, max_rate_timespan: U256::ZERO };
    /// let zero = "0x0000000000000000000000000000000000000000".parse()?;
    /// assert_eq!(BatchRequest::check_batch(&[request], &zero), Err(BuildError::BatchFeeAddressZero));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_batch(
        requests: &[BatchRequest],
        fee_address: &ChainAddress,
    ) -> Result<(), BuildError> {
        if requests.is_empty() {
            return Err(BuildError::EmptyBatch);
        }
        check_batch_fee_address(fee_address)?;
        for (index, request) in requests.iter().enumerate() {
            check_amount(request.request_amount, Some(index))?;
        }
        Ok(())
    }
}

impl BatchGroup {
    /// The payment rules of [`Builder::batch_payments`], the network's aside: one to five
    /// groups, the native-conversion group last, and each group's
    /// ([`BatchRequest::check_batch`]).
    ///
    /// ```
    /// use securepay_core::calldata::{BatchGroup, BatchPaymentNetwork, BuildError};
    ///
    /// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// let empty = BatchGroup { network: BatchPaymentNetwork::Native, requests: vec![] };
    /// assert_eq!(BatchGroup::check_batch(&vec![empty.clone(); 6], &fee), Err(BuildError::TooManyGroups(6)));
    /// assert_eq!(BatchGroup::check_batch(&[empty], &fee), Err(BuildError::EmptyBatch));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_batch(
        groups: &[BatchGroup],
        fee_address: &ChainAddress,
    ) -> Result<(), BuildError> {
        if groups.len() > 5 {
            return Err(BuildError::TooManyGroups(groups.len()));
        }
        let Some(last) = groups.len().checked_sub(1) else {
            return Err(BuildError::EmptyBatch);
        };
        if groups
            .iter()
            .enumerate()
            .any(|(i, g)| g.network == BatchPaymentNetwork::NativeConversion && i != last)
        {
            return Err(BuildError::NativeConversionNotLast);
        }
        for group in groups {
            BatchRequest::check_batch(&group.requests, fee_address)?;
        }
        Ok(())
    }
}

/// A batch's fee address is not zero: the batch contracts send their batch fee to it
/// unconditionally.
fn check_batch_fee_address(fee_address: &ChainAddress) -> Result<(), BuildError> {
    if fee_address.is_zero() {
        return Err(BuildError::BatchFeeAddressZero);
    }
    Ok(())
}

impl Builder<'_> {
    fn refuse_tron_batch<'p>(
        &self,
        payees: impl IntoIterator<Item = &'p ChainAddress>,
    ) -> Result<(), BuildError> {
        if self.network == Network::Tron || payees.into_iter().any(ChainAddress::is_tron) {
            return Err(BuildError::TronBatch);
        }
        Ok(())
    }

    /// The ABI arrays of a legacy batch whose rules ([`BatchPayee::check_batch`]) hold.
    fn legacy_columns(&self, payees: &[BatchPayee]) -> Result<LegacyColumns, BuildError> {
        let mut columns = LegacyColumns::with_capacity(payees.len());
        for payee in payees {
            columns
                .recipients
                .push(self.check_family("payee", &payee.to)?);
            columns.amounts.push(payee.amount);
            columns.references.push(payee.reference.into());
            columns.fee_amounts.push(payee.fee_amount);
        }
        Ok(columns)
    }

    /// Legacy `BatchPayments.batchERC20PaymentsWithReference`: one token, value 0. Approvals
    /// go to the batch contract ([`super::Flow::LegacyBatch`]).
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{BatchPayee, BuildError, Builder};
    /// use securepay_core::network::Network;
    ///
    /// let usdc = "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359".parse()?; // USDC on Polygon
    /// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// let payee = BatchPayee { to: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?, amount: U256::from(1_000_000u64),
    ///     reference: "0xe23a6b02059c2b30".parse()?, fee_amount: U256::from(1_000u64) };
    /// let tx = Builder::new(Network::Matic).batch_erc20(usdc, &[payee, payee], fee)?;
    /// assert_eq!(tx.to.to_string(), "0x0DD57FFe83a53bCbd657e234B16A3e74fEDb8fBA"); // BatchPayments
    /// assert_eq!(&tx.data[..4], &[0xc6, 0xe6, 0xd9, 0x8b]);
    /// assert_eq!(Builder::new(Network::Matic).batch_erc20(usdc, &[], fee), Err(BuildError::EmptyBatch));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn batch_erc20(
        &self,
        token: ChainAddress,
        payees: &[BatchPayee],
        fee_address: ChainAddress,
    ) -> Result<Transaction, BuildError> {
        self.refuse_tron_batch(payees.iter().map(|p| &p.to).chain([&token, &fee_address]))?;
        BatchPayee::check_batch(payees, &fee_address)?;
        let columns = self.legacy_columns(payees)?;
        let fee_address = self.check_family("fee address", &fee_address)?;
        let call = IBatchPayments::batchERC20PaymentsWithReferenceCall {
            _tokenAddress: self.check_family("token", &token)?,
            _recipients: columns.recipients,
            _amounts: columns.amounts,
            _paymentReferences: columns.references,
            _feeAmounts: columns.fee_amounts,
            _feeAddress: fee_address,
        };
        self.transaction(Contract::BatchPayments, call.abi_encode(), U256::ZERO)
    }

    /// Legacy `BatchPayments.batchERC20PaymentsMultiTokensWithReference`, value 0.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{BatchPayee, BatchTokenPayee, Builder};
    /// use securepay_core::network::Network;
    ///
    /// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// let payee = BatchPayee { to: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?, amount: U256::from(1_000_000u64),
    ///     reference: "0xe23a6b02059c2b30".parse()?, fee_amount: U256::ZERO };
    /// let usdc = BatchTokenPayee { token: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359".parse()?, payee };
    /// let usdt = BatchTokenPayee { token: "0xc2132D05D31c914a87C6611C10748AEb04B58e8F".parse()?, payee };
    /// let tx = Builder::new(Network::Matic).batch_erc20_multi(&[usdc, usdt], fee)?;
    /// assert_eq!((&tx.data[..4], tx.value), (&[0xfa, 0x73, 0x31, 0x42][..], U256::ZERO));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn batch_erc20_multi(
        &self,
        payees: &[BatchTokenPayee],
        fee_address: ChainAddress,
    ) -> Result<Transaction, BuildError> {
        self.refuse_tron_batch(
            payees
                .iter()
                .flat_map(|p| [&p.token, &p.payee.to])
                .chain([&fee_address]),
        )?;
        let plain: Vec<BatchPayee> = payees.iter().map(|p| p.payee).collect();
        BatchPayee::check_batch(&plain, &fee_address)?;
        let columns = self.legacy_columns(&plain)?;
        let fee_address = self.check_family("fee address", &fee_address)?;
        let tokens = payees
            .iter()
            .map(|p| self.check_family("token", &p.token))
            .collect::<Result<Vec<_>, _>>()?;
        let call = IBatchPayments::batchERC20PaymentsMultiTokensWithReferenceCall {
            _tokenAddresses: tokens,
            _recipients: columns.recipients,
            _amounts: columns.amounts,
            _paymentReferences: columns.references,
            _feeAmounts: columns.fee_amounts,
            _feeAddress: fee_address,
        };
        self.transaction(Contract::BatchPayments, call.abi_encode(), U256::ZERO)
    }

    /// Legacy `BatchPayments.batchEthPaymentsWithReference`: value = Σ(amount + fee) plus the
    /// contract's batch fee, `⌊Σ amount × batch_fee_per_mille / 1000⌋` (`batch_fee_per_mille`:
    /// the contract's `batchFee()`, read on chain), as the effect table says
    /// ([`crate::calldata::effect`]); below that the contract reverts with `not enough funds for
    /// batch fee`.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{BatchPayee, BuildError, Builder};
    /// use securepay_core::network::Network;
    ///
    /// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// let reference = "0xe23a6b02059c2b30".parse()?;
    /// let a = BatchPayee { to: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?, amount: U256::from(1000u16), reference, fee_amount: U256::from(10u8) };
    /// let b = BatchPayee { to: "0xf17f52151EbEF6C7334FAD080c5704D77216b732".parse()?, amount: U256::from(2000u16), reference, fee_amount: U256::from(20u8) };
    /// let tx = Builder::new(Network::ArbitrumOne).batch_native(&[a, b], fee, 10)?; // batch fee 1%
    /// assert_eq!(tx.value, U256::from(3000 + 30 + 30)); // amounts, fees, 1% of the amounts
    /// assert_eq!(Builder::new(Network::Tron).batch_native(&[a, b], fee, 10), Err(BuildError::TronBatch));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn batch_native(
        &self,
        payees: &[BatchPayee],
        fee_address: ChainAddress,
        batch_fee_per_mille: u32,
    ) -> Result<Transaction, BuildError> {
        self.refuse_tron_batch(payees.iter().map(|p| &p.to).chain([&fee_address]))?;
        BatchPayee::check_batch(payees, &fee_address)?;
        let columns = self.legacy_columns(payees)?;
        let fee_address = self.check_family("fee address", &fee_address)?;
        let call = IBatchPayments::batchEthPaymentsWithReferenceCall {
            _recipients: columns.recipients,
            _amounts: columns.amounts,
            _paymentReferences: columns.references,
            _feeAmounts: columns.fee_amounts,
            _feeAddress: fee_address,
        };
        self.transaction_with_effect(
            Contract::BatchPayments,
            call.abi_encode(),
            batch_fee_per_mille,
        )
    }

    /// Checks the requests of a `BatchConversionPayments` call ([`BatchRequest::check_batch`])
    /// and returns their `RequestDetail`s and the fee address.
    fn checked_requests(
        &self,
        requests: &[BatchRequest],
        fee_address: &ChainAddress,
    ) -> Result<(Vec<RequestDetail>, Address), BuildError> {
        self.refuse_tron_batch(requests.iter().map(|r| &r.recipient).chain([fee_address]))?;
        BatchRequest::check_batch(requests, fee_address)?;
        self.request_details(requests, fee_address)
    }

    /// The `RequestDetail`s of requests whose rules hold, and the fee address.
    fn request_details(
        &self,
        requests: &[BatchRequest],
        fee_address: &ChainAddress,
    ) -> Result<(Vec<RequestDetail>, Address), BuildError> {
        let fee_address = self.check_family("fee address", fee_address)?;
        let details = requests
            .iter()
            .map(|request| {
                Ok(RequestDetail {
                    recipient: self.check_family("payee", &request.recipient)?,
                    requestAmount: request.request_amount,
                    path: request.path.clone(),
                    paymentReference: request.reference.into(),
                    feeAmount: request.fee_amount,
                    maxToSpend: request.max_to_spend,
                    maxRateTimespan: request.max_rate_timespan,
                })
            })
            .collect::<Result<Vec<_>, BuildError>>()?;
        Ok((details, fee_address))
    }

    /// `BatchConversionPayments.batchPayments`: at most 5 groups, the native-conversion group
    /// last. Value = Σ(amount + fee) of the native group plus Σ max-to-spend of the
    /// native-conversion group, plus the batch fee on them at `batch_fee_rate` (the contract's
    /// `batchFee()`, per ten thousand; the USD cap can only lower it, and the contract refunds
    /// what it does not use). `paths_to_usd` may be empty (no USD cap on the batch fee).
    ///
    /// ```
    /// use alloy_primitives::{address, U256};
    /// use securepay_core::calldata::{BatchGroup, BatchPaymentNetwork, BatchRequest, BuildError, Builder};
    /// use securepay_core::network::Network;
    ///
    /// let eth = address!("0xbb3546497a53cd710beb11b84c5240327f145bcb"); // ETH-sepolia-sepolia
    /// let request = BatchRequest { recipient: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
    ///     request_amount: U256::from(1000u16), path: vec![eth], reference: "0xe23a6b02059c2b30".parse()?,
    ///     fee_amount: U256::from(10u8), max_to_spend: U256::ZERO, max_rate_timespan: U256::ZERO };
    /// let native = BatchGroup { network: BatchPaymentNetwork::Native, requests: vec![request.clone(), request] };
    /// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// let tx = Builder::new(Network::Sepolia).batch_payments(&[native.clone()], &[], fee, 30)?;
    /// assert_eq!((&tx.data[..4], tx.value), (&[0x92, 0xcd, 0xdb, 0x91][..], U256::from(2020 + 6))); // 0.3 % of 2000
    /// let groups = vec![native.clone(); 6];
    /// assert_eq!(Builder::new(Network::Sepolia).batch_payments(&groups, &[], fee, 30), Err(BuildError::TooManyGroups(6)));
    /// // The first native group sends the whole balance back: the second would find none.
    /// let twice = Builder::new(Network::Sepolia).batch_payments(&[native.clone(), native], &[], fee, 30);
    /// assert!(matches!(twice, Err(BuildError::CannotSucceed(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn batch_payments(
        &self,
        groups: &[BatchGroup],
        paths_to_usd: &[Vec<Address>],
        fee_address: ChainAddress,
        batch_fee_rate: u32,
    ) -> Result<Transaction, BuildError> {
        self.refuse_tron_batch(
            groups
                .iter()
                .flat_map(|g| g.requests.iter().map(|r| &r.recipient))
                .chain([&fee_address]),
        )?;
        BatchGroup::check_batch(groups, &fee_address)?;
        let mut meta_details = Vec::with_capacity(groups.len());
        for group in groups {
            let (details, _) = self.request_details(&group.requests, &fee_address)?;
            meta_details.push(MetaDetail {
                paymentNetworkId: U256::from(group.network.id()),
                requestDetails: details,
            });
        }
        let call = IBatchConversionPayments::batchPaymentsCall {
            metaDetails: meta_details,
            pathsToUSD: paths_to_usd.to_vec(),
            feeAddress: self.check_family("fee address", &fee_address)?,
        };
        self.transaction_with_effect(
            Contract::BatchConversionPayments,
            call.abi_encode(),
            batch_fee_rate,
        )
    }

    /// `BatchConversionPayments.batchERC20Payments` (one token, no conversion), value 0.
    ///
    /// ```
    /// use alloy_primitives::{address, U256};
    /// use securepay_core::calldata::{BatchRequest, Builder};
    /// use securepay_core::network::Network;
    ///
    /// let request = BatchRequest { recipient: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
    ///     request_amount: U256::from(1_000_000u64), path: vec![address!("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")],
    ///     reference: "0xe23a6b02059c2b30".parse()?, fee_amount: U256::ZERO, max_to_spend: U256::ZERO, max_rate_timespan: U256::ZERO };
    /// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// let tx = Builder::new(Network::Base).batch_requests_erc20(&[request], &[], fee)?;
    /// assert_eq!(tx.to.to_string(), "0x1aF3f22685AcdDc788B3730ed415912d8f654420"); // BatchConversionPayments
    /// assert_eq!(&tx.data[..4], &[0x9a, 0xf8, 0xa5, 0x81]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn batch_requests_erc20(
        &self,
        requests: &[BatchRequest],
        paths_to_usd: &[Vec<Address>],
        fee_address: ChainAddress,
    ) -> Result<Transaction, BuildError> {
        let (details, fee_address) = self.checked_requests(requests, &fee_address)?;
        let call = IBatchConversionPayments::batchERC20PaymentsCall {
            requestDetails: details,
            pathsToUSD: paths_to_usd.to_vec(),
            feeAddress: fee_address,
        };
        self.transaction(
            Contract::BatchConversionPayments,
            call.abi_encode(),
            U256::ZERO,
        )
    }

    /// `BatchConversionPayments.batchMultiERC20Payments` (several tokens, no conversion), value 0.
    ///
    /// ```
    /// use alloy_primitives::{address, U256};
    /// use securepay_core::calldata::{BatchRequest, Builder};
    /// use securepay_core::network::Network;
    ///
    /// let usdc = BatchRequest { recipient: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
    ///     request_amount: U256::from(1_000_000u64), path: vec![address!("0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913")],
    ///     reference: "0xe23a6b02059c2b30".parse()?, fee_amount: U256::ZERO, max_to_spend: U256::ZERO, max_rate_timespan: U256::ZERO };
    /// let usdt = BatchRequest { path: vec![address!("0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2")], ..usdc.clone() };
    /// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// let tx = Builder::new(Network::Base).batch_requests_multi_erc20(&[usdc, usdt], &[], fee)?;
    /// assert_eq!((&tx.data[..4], tx.value), (&[0xa4, 0xb5, 0x19, 0xff][..], U256::ZERO));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn batch_requests_multi_erc20(
        &self,
        requests: &[BatchRequest],
        paths_to_usd: &[Vec<Address>],
        fee_address: ChainAddress,
    ) -> Result<Transaction, BuildError> {
        let (details, fee_address) = self.checked_requests(requests, &fee_address)?;
        let call = IBatchConversionPayments::batchMultiERC20PaymentsCall {
            requestDetails: details,
            pathsToUSD: paths_to_usd.to_vec(),
            feeAddress: fee_address,
        };
        self.transaction(
            Contract::BatchConversionPayments,
            call.abi_encode(),
            U256::ZERO,
        )
    }

    /// `BatchConversionPayments.batchNativePayments`: value = Σ(amount + fee) plus the batch fee
    /// `⌊Σ amount × batch_fee_rate / 10000⌋` (`batch_fee_rate`: the contract's `batchFee()`).
    ///
    /// ```
    /// use alloy_primitives::{address, U256};
    /// use securepay_core::calldata::{BatchRequest, BuildError, Builder};
    /// use securepay_core::network::Network;
    ///
    /// let request = BatchRequest { recipient: "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?,
    ///     request_amount: U256::from(1000u16), path: vec![address!("0xb678b03f3f3a6ea652ad1d183032fac176d83b08")],
    ///     reference: "0xe23a6b02059c2b30".parse()?, fee_amount: U256::from(10u8), max_to_spend: U256::ZERO, max_rate_timespan: U256::ZERO };
    /// let fee = "0x9795d480C2C50392A4714A0F468059C6448DeCe2".parse()?;
    /// let tx = Builder::new(Network::Base).batch_requests_native(&[request.clone()], true, fee, 100)?;
    /// assert_eq!((&tx.data[..4], tx.value), (&[0x33, 0x3e, 0xc0, 0x62][..], U256::from(1010 + 10))); // 1 % of 1000
    /// let free = BatchRequest { request_amount: U256::ZERO, ..request };
    /// assert_eq!(Builder::new(Network::Base).batch_requests_native(&[free], true, fee, 100), Err(BuildError::ZeroAmount { payee: Some(0) }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn batch_requests_native(
        &self,
        requests: &[BatchRequest],
        skip_fee_usd_limit: bool,
        fee_address: ChainAddress,
        batch_fee_rate: u32,
    ) -> Result<Transaction, BuildError> {
        let (details, fee_address) = self.checked_requests(requests, &fee_address)?;
        let call = IBatchConversionPayments::batchNativePaymentsCall {
            requestDetails: details,
            skipFeeUSDLimit: skip_fee_usd_limit,
            feeAddress: fee_address,
        };
        self.transaction_with_effect(
            Contract::BatchConversionPayments,
            call.abi_encode(),
            batch_fee_rate,
        )
    }
}

/// The parallel arrays of a legacy batch.
struct LegacyColumns {
    recipients: Vec<Address>,
    amounts: Vec<U256>,
    references: Vec<Bytes>,
    fee_amounts: Vec<U256>,
}

impl LegacyColumns {
    fn with_capacity(n: usize) -> LegacyColumns {
        LegacyColumns {
            recipients: Vec::with_capacity(n),
            amounts: Vec::with_capacity(n),
            references: Vec::with_capacity(n),
            fee_amounts: Vec::with_capacity(n),
        }
    }
}
