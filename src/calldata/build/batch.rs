//! Batches: legacy BatchPayments and BatchConversionPayments (EVM only).

use alloy_primitives::{Address, Bytes, U256};
use alloy_sol_types::SolCall;

use super::{add, check_amount, check_fee, BuildError, Builder};
use crate::address::PayeeAddress;
use crate::calldata::value::{batch_payments_share, sum_amount_and_fee};
use crate::calldata::PaymentReference;
use crate::contracts::abi::{IBatchConversionPayments, IBatchPayments, MetaDetail, RequestDetail};
use crate::contracts::Contract;
use crate::network::Network;
use crate::transaction::Transaction;

/// One payee of a single-token or native legacy batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BatchPayee {
    /// The payee.
    pub to: PayeeAddress,
    /// The amount (> 0).
    pub amount: U256,
    /// The payment reference.
    pub reference: PaymentReference,
    /// The fee of this payment (paid to the batch's fee address).
    pub fee_amount: U256,
}

/// One payee of a multi-token legacy batch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BatchTokenPayee {
    /// The token of this payment.
    pub token: PayeeAddress,
    /// The payee, amount, reference and fee.
    pub payee: BatchPayee,
}

/// The payment network of a `batchPayments` group (`paymentNetworkId`), as
/// `BATCH_PAYMENT_NETWORK_ID` numbers them.
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
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BatchRequest {
    /// The payee.
    pub recipient: PayeeAddress,
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
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BatchGroup {
    /// The payment network of every request of the group.
    pub network: BatchPaymentNetwork,
    /// The requests.
    pub requests: Vec<BatchRequest>,
}

impl Builder<'_> {
    fn refuse_tron_batch<'p>(
        &self,
        payees: impl IntoIterator<Item = &'p PayeeAddress>,
    ) -> Result<(), BuildError> {
        if self.network == Network::Tron || payees.into_iter().any(PayeeAddress::is_tron) {
            return Err(BuildError::TronBatch);
        }
        Ok(())
    }

    fn batch_fee_address(
        &self,
        fee_address: &PayeeAddress,
        fees: impl Iterator<Item = U256>,
    ) -> Result<Address, BuildError> {
        let address = self.check_family("fee address", fee_address)?;
        for fee in fees {
            check_fee(fee, address)?;
        }
        Ok(address)
    }

    /// Checks every payee and returns the ABI arrays of a legacy batch.
    fn legacy_columns(&self, payees: &[BatchPayee]) -> Result<LegacyColumns, BuildError> {
        if payees.is_empty() {
            return Err(BuildError::EmptyBatch);
        }
        let mut columns = LegacyColumns::with_capacity(payees.len());
        for (index, payee) in payees.iter().enumerate() {
            check_amount(payee.amount, Some(index))?;
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
    pub fn batch_erc20(
        &self,
        token: PayeeAddress,
        payees: &[BatchPayee],
        fee_address: PayeeAddress,
    ) -> Result<Transaction, BuildError> {
        self.refuse_tron_batch(payees.iter().map(|p| &p.to).chain([&token, &fee_address]))?;
        let columns = self.legacy_columns(payees)?;
        let fee_address =
            self.batch_fee_address(&fee_address, payees.iter().map(|p| p.fee_amount))?;
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
    pub fn batch_erc20_multi(
        &self,
        payees: &[BatchTokenPayee],
        fee_address: PayeeAddress,
    ) -> Result<Transaction, BuildError> {
        self.refuse_tron_batch(
            payees
                .iter()
                .flat_map(|p| [&p.token, &p.payee.to])
                .chain([&fee_address]),
        )?;
        let plain: Vec<BatchPayee> = payees.iter().map(|p| p.payee).collect();
        let columns = self.legacy_columns(&plain)?;
        let fee_address =
            self.batch_fee_address(&fee_address, plain.iter().map(|p| p.fee_amount))?;
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
    /// contract's batch fee, `Σ amount × batch_fee_per_mille / 1000` (read `batchFee()` on
    /// chain; 0 if the contract charges none).
    pub fn batch_native(
        &self,
        payees: &[BatchPayee],
        fee_address: PayeeAddress,
        batch_fee_per_mille: u16,
    ) -> Result<Transaction, BuildError> {
        self.refuse_tron_batch(payees.iter().map(|p| &p.to).chain([&fee_address]))?;
        let columns = self.legacy_columns(payees)?;
        let fee_address =
            self.batch_fee_address(&fee_address, payees.iter().map(|p| p.fee_amount))?;
        let value = sum_amount_and_fee(payees.iter().map(|p| (p.amount, p.fee_amount)))?;
        let amounts = sum_amount_and_fee(payees.iter().map(|p| (p.amount, U256::ZERO)))?;
        let batch_fee = amounts
            .checked_mul(U256::from(batch_fee_per_mille))
            .and_then(|n| n.checked_div(U256::from(1000u16))) // floor, as Solidity divides
            .ok_or(BuildError::ValueOverflow)?;
        let value = add(value, batch_fee)?;
        let call = IBatchPayments::batchEthPaymentsWithReferenceCall {
            _recipients: columns.recipients,
            _amounts: columns.amounts,
            _paymentReferences: columns.references,
            _feeAmounts: columns.fee_amounts,
            _feeAddress: fee_address,
        };
        self.transaction(Contract::BatchPayments, call.abi_encode(), value)
    }

    /// Checks the requests and returns their `RequestDetail`s and the fee address.
    fn request_details(
        &self,
        requests: &[BatchRequest],
        fee_address: &PayeeAddress,
    ) -> Result<(Vec<RequestDetail>, Address), BuildError> {
        self.refuse_tron_batch(requests.iter().map(|r| &r.recipient).chain([fee_address]))?;
        if requests.is_empty() {
            return Err(BuildError::EmptyBatch);
        }
        let fee_address =
            self.batch_fee_address(fee_address, requests.iter().map(|r| r.fee_amount))?;
        let details = requests
            .iter()
            .enumerate()
            .map(|(index, request)| {
                check_amount(request.request_amount, Some(index))?;
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
    /// native-conversion group. `paths_to_usd` may be empty (no USD cap on the batch fee).
    pub fn batch_payments(
        &self,
        groups: &[BatchGroup],
        paths_to_usd: &[Vec<Address>],
        fee_address: PayeeAddress,
    ) -> Result<Transaction, BuildError> {
        self.refuse_tron_batch(
            groups
                .iter()
                .flat_map(|g| g.requests.iter().map(|r| &r.recipient))
                .chain([&fee_address]),
        )?;
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
        let mut value = U256::ZERO;
        let mut meta_details = Vec::with_capacity(groups.len());
        for group in groups {
            let (details, _) = self.request_details(&group.requests, &fee_address)?;
            for request in &group.requests {
                let share = batch_payments_share(
                    group.network,
                    request.request_amount,
                    request.fee_amount,
                    request.max_to_spend,
                )?;
                value = add(value, share)?;
            }
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
        self.transaction(Contract::BatchConversionPayments, call.abi_encode(), value)
    }

    /// `BatchConversionPayments.batchERC20Payments` (one token, no conversion), value 0.
    pub fn batch_requests_erc20(
        &self,
        requests: &[BatchRequest],
        paths_to_usd: &[Vec<Address>],
        fee_address: PayeeAddress,
    ) -> Result<Transaction, BuildError> {
        let (details, fee_address) = self.request_details(requests, &fee_address)?;
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
    pub fn batch_requests_multi_erc20(
        &self,
        requests: &[BatchRequest],
        paths_to_usd: &[Vec<Address>],
        fee_address: PayeeAddress,
    ) -> Result<Transaction, BuildError> {
        let (details, fee_address) = self.request_details(requests, &fee_address)?;
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

    /// `BatchConversionPayments.batchNativePayments`: value = Σ(amount + fee).
    pub fn batch_requests_native(
        &self,
        requests: &[BatchRequest],
        skip_fee_usd_limit: bool,
        fee_address: PayeeAddress,
    ) -> Result<Transaction, BuildError> {
        let (details, fee_address) = self.request_details(requests, &fee_address)?;
        let value = sum_amount_and_fee(requests.iter().map(|r| (r.request_amount, r.fee_amount)))?;
        let call = IBatchConversionPayments::batchNativePaymentsCall {
            requestDetails: details,
            skipFeeUSDLimit: skip_fee_usd_limit,
            feeAddress: fee_address,
        };
        self.transaction(Contract::BatchConversionPayments, call.abi_encode(), value)
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
