//! From the `sol!` call structs to [`Call`]: addresses of the network's family, parallel arrays
//! checked, group ids typed.

use alloy_primitives::{Address, U256};

use super::calls::*;
use super::DecodeError;
use crate::address::PayeeAddress;
use crate::calldata::BatchPaymentNetwork;
use crate::contracts::abi::{
    self, IBatchConversionPayments as Bcp, IBatchPayments as Bp, IERC20FeeProxy, IERC20Proxy,
    IErc20ConversionProxy, IEthConversionProxy, IEthereumFeeProxy, IEthereumProxy, IERC20,
};
use crate::network::Network;

pub(super) struct Convert {
    pub(super) network: Network,
}

impl UsdLimit {
    pub(super) fn paths(paths_to_usd: Vec<Vec<Address>>) -> UsdLimit {
        UsdLimit::Paths { paths_to_usd }
    }

    pub(super) fn skip(skip_fee_usd_limit: bool) -> UsdLimit {
        UsdLimit::Skip { skip_fee_usd_limit }
    }
}

impl Convert {
    fn address(&self, address: Address) -> PayeeAddress {
        PayeeAddress::from_abi(self.network, address)
    }

    fn addresses(&self, addresses: Vec<Address>) -> Vec<PayeeAddress> {
        addresses.into_iter().map(|a| self.address(a)).collect()
    }

    pub(super) fn erc20_fee(&self, c: IERC20FeeProxy::transferFromWithReferenceAndFeeCall) -> Call {
        Call::Erc20FeeTransfer(Erc20FeeTransfer {
            token_address: self.address(c._tokenAddress),
            to: self.address(c._to),
            amount: c._amount,
            payment_reference: c._paymentReference,
            fee_amount: c._feeAmount,
            fee_address: self.address(c._feeAddress),
        })
    }

    pub(super) fn native_fee(
        &self,
        c: IEthereumFeeProxy::transferWithReferenceAndFeeCall,
        value: U256,
    ) -> Result<Call, DecodeError> {
        let amount = value
            .checked_sub(c._feeAmount)
            .ok_or(DecodeError::ValueBelowFee {
                value,
                fee: c._feeAmount,
            })?;
        Ok(Call::NativeFeeTransfer(NativeFeeTransfer {
            to: self.address(c._to),
            payment_reference: c._paymentReference,
            fee_amount: c._feeAmount,
            fee_address: self.address(c._feeAddress),
            amount,
        }))
    }

    pub(super) fn native_fee_exact(
        &self,
        c: IEthereumFeeProxy::transferExactEthWithReferenceAndFeeCall,
    ) -> Call {
        Call::NativeFeeExactTransfer(NativeFeeExactTransfer {
            to: self.address(c._to),
            amount: c._amount,
            payment_reference: c._paymentReference,
            fee_amount: c._feeAmount,
            fee_address: self.address(c._feeAddress),
        })
    }

    pub(super) fn approve(&self, c: IERC20::approveCall) -> Call {
        Call::Approve(Approve {
            spender: self.address(c.spender),
            amount: c.amount,
        })
    }

    pub(super) fn transfer(&self, c: IERC20::transferCall) -> Call {
        Call::Transfer(Transfer {
            to: self.address(c.to),
            amount: c.amount,
        })
    }

    pub(super) fn erc20_conversion(
        &self,
        c: IErc20ConversionProxy::transferFromWithReferenceAndFeeCall,
    ) -> Call {
        Call::Erc20ConversionTransfer(Erc20ConversionTransfer {
            to: self.address(c._to),
            request_amount: c._requestAmount,
            path: c._path,
            payment_reference: c._paymentReference,
            fee_amount: c._feeAmount,
            fee_address: self.address(c._feeAddress),
            max_to_spend: c._maxToSpend,
            max_rate_timespan: c._maxRateTimespan,
        })
    }

    pub(super) fn native_conversion(
        &self,
        c: IEthConversionProxy::transferWithReferenceAndFeeCall,
    ) -> Call {
        Call::NativeConversionTransfer(NativeConversionTransfer {
            to: self.address(c._to),
            request_amount: c._requestAmount,
            path: c._path,
            payment_reference: c._paymentReference,
            fee_amount: c._feeAmount,
            fee_address: self.address(c._feeAddress),
            max_rate_timespan: c._maxRateTimespan,
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn legacy(
        &self,
        function: &'static str,
        tokens: LegacyBatchTokens,
        recipients: Vec<Address>,
        amounts: Vec<alloy_primitives::U256>,
        payment_references: Vec<alloy_primitives::Bytes>,
        fee_amounts: Vec<alloy_primitives::U256>,
        fee_address: Address,
    ) -> Result<Call, DecodeError> {
        let n = recipients.len();
        let tokens_ok = match &tokens {
            LegacyBatchTokens::PerPayment { token_addresses } => token_addresses.len() == n,
            _ => true,
        };
        if !tokens_ok
            || amounts.len() != n
            || payment_references.len() != n
            || fee_amounts.len() != n
        {
            return Err(DecodeError::ArrayLengthMismatch(function));
        }
        Ok(Call::LegacyBatch(LegacyBatch {
            tokens,
            recipients: self.addresses(recipients),
            amounts,
            payment_references,
            fee_amounts,
            fee_address: self.address(fee_address),
        }))
    }

    pub(super) fn batch_erc20(
        &self,
        c: Bp::batchERC20PaymentsWithReferenceCall,
    ) -> Result<Call, DecodeError> {
        let tokens = LegacyBatchTokens::Single {
            token_address: self.address(c._tokenAddress),
        };
        self.legacy(
            "batchERC20PaymentsWithReference",
            tokens,
            c._recipients,
            c._amounts,
            c._paymentReferences,
            c._feeAmounts,
            c._feeAddress,
        )
    }

    pub(super) fn batch_erc20_multi(
        &self,
        c: Bp::batchERC20PaymentsMultiTokensWithReferenceCall,
    ) -> Result<Call, DecodeError> {
        let tokens = LegacyBatchTokens::PerPayment {
            token_addresses: self.addresses(c._tokenAddresses),
        };
        self.legacy(
            "batchERC20PaymentsMultiTokensWithReference",
            tokens,
            c._recipients,
            c._amounts,
            c._paymentReferences,
            c._feeAmounts,
            c._feeAddress,
        )
    }

    pub(super) fn batch_eth(
        &self,
        c: Bp::batchEthPaymentsWithReferenceCall,
    ) -> Result<Call, DecodeError> {
        self.legacy(
            "batchEthPaymentsWithReference",
            LegacyBatchTokens::Native {},
            c._recipients,
            c._amounts,
            c._paymentReferences,
            c._feeAmounts,
            c._feeAddress,
        )
    }

    fn request_details(&self, details: Vec<abi::RequestDetail>) -> Vec<RequestDetail> {
        details
            .into_iter()
            .map(|d| RequestDetail {
                recipient: self.address(d.recipient),
                request_amount: d.requestAmount,
                path: d.path,
                payment_reference: d.paymentReference,
                fee_amount: d.feeAmount,
                max_to_spend: d.maxToSpend,
                max_rate_timespan: d.maxRateTimespan,
            })
            .collect()
    }

    pub(super) fn batch_payments(&self, c: Bcp::batchPaymentsCall) -> Result<Call, DecodeError> {
        let meta_details = c
            .metaDetails
            .into_iter()
            .map(|m| {
                let payment_network_id = BatchPaymentNetwork::from_id(m.paymentNetworkId)
                    .ok_or(DecodeError::InvalidPaymentNetworkId(m.paymentNetworkId))?;
                Ok(MetaDetail {
                    payment_network_id,
                    request_details: self.request_details(m.requestDetails),
                })
            })
            .collect::<Result<Vec<_>, DecodeError>>()?;
        Ok(Call::BatchPayments(BatchPayments {
            meta_details,
            paths_to_usd: c.pathsToUSD,
            fee_address: self.address(c.feeAddress),
        }))
    }

    pub(super) fn batch_requests(
        &self,
        function: BatchFunction,
        details: Vec<abi::RequestDetail>,
        usd_limit: UsdLimit,
        fee_address: Address,
    ) -> Call {
        Call::BatchRequests(BatchRequests {
            function,
            request_details: self.request_details(details),
            usd_limit,
            fee_address: self.address(fee_address),
        })
    }

    pub(super) fn erc20_proxy(&self, c: IERC20Proxy::transferFromWithReferenceCall) -> Call {
        Call::Erc20ProxyTransfer(Erc20ProxyTransfer {
            token_address: self.address(c._tokenAddress),
            to: self.address(c._to),
            amount: c._amount,
            payment_reference: c._paymentReference,
        })
    }

    pub(super) fn native_proxy(&self, c: IEthereumProxy::transferWithReferenceCall) -> Call {
        Call::NativeProxyTransfer(NativeProxyTransfer {
            to: self.address(c._to),
            payment_reference: c._paymentReference,
        })
    }
}
