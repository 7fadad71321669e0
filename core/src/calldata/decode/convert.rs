//! From the variants of the `sol!`-generated `…Calls` enums to [`Call`]: addresses of the
//! network's family, parallel arrays checked, group ids typed.

use crate::prelude::*;

use alloy_primitives::{Address, U256};
use alloy_sol_types::abi::AbiDecoderConfig;
use alloy_sol_types::{SolCall, SolInterface};

use super::DecodeError;
use super::calls::*;
use crate::address::ChainAddress;
use crate::calldata::BatchPaymentNetwork;
use crate::contracts::abi::{
    self, IBatchConversionPayments as Bcp, IBatchPayments as Bp, IERC20, IERC20FeeProxy,
    IERC20Proxy, IErc20ConversionProxy, IEthConversionProxy, IEthereumFeeProxy, IEthereumProxy,
};
use crate::network::Network;
use Bcp::IBatchConversionPaymentsCalls;
use Bp::IBatchPaymentsCalls;
use IERC20::IERC20Calls;
use IERC20FeeProxy::IERC20FeeProxyCalls;
use IERC20Proxy::IERC20ProxyCalls;
use IErc20ConversionProxy::IErc20ConversionProxyCalls;
use IEthConversionProxy::IEthConversionProxyCalls;
use IEthereumFeeProxy::IEthereumFeeProxyCalls;
use IEthereumProxy::IEthereumProxyCalls;

/// Turns decoded arguments into [`Call`]s of the network's address family.
pub(super) struct Convert {
    pub(super) network: Network,
}

/// A `sol!`-generated `…Calls` enum the decoder dispatches through.
pub(super) trait Interface: SolInterface {
    /// The function `selector` names in this interface (the generated `name_by_selector`).
    fn function(selector: [u8; 4]) -> Option<&'static str>;

    /// The decoded call as a [`Call`], checked against the `value` sent.
    fn into_call(self, convert: &Convert, value: U256) -> Result<Call, DecodeError>;

    /// Decodes `args` as the function `selector` names, calling that function's generated
    /// decoder directly (the interface enum's decoder goes through a table of function
    /// pointers, which keeps the decoder from being inlined). An unknown selector is alloy's
    /// `UnknownSelector`, as the enum's decoder says it.
    fn decode_raw(
        selector: [u8; 4],
        args: &[u8],
        config: AbiDecoderConfig,
    ) -> alloy_sol_types::Result<Self>;

    /// Each function's selector and the arguments of its call of default values.
    #[cfg(test)]
    fn defaults() -> Vec<([u8; 4], Vec<u8>)>;
}

/// Refuses value sent to `call`, of a function that is not `payable`.
#[inline]
fn free<C: FunctionName>(_call: &C, value: U256) -> Result<(), DecodeError> {
    if value.is_zero() {
        return Ok(());
    }
    Err(DecodeError::ValueOnNonPayable {
        function: C::FUNCTION,
        value,
    })
}

/// `true` for the one mark the interface table accepts after a method: `payable`.
macro_rules! payable_mark {
    (payable) => {
        true
    };
}

/// For each interface, the [`Convert`] method of each of its functions (every method takes the
/// generated call struct and the value), and `payable` where the ABI declares it; implements
/// [`Interface`] and [`any_function`]. The `match` on each enum is exhaustive: a function added
/// to an ABI without a conversion here does not compile. A unit test holds the `payable` marks
/// to `contracts/abi.rs`.
macro_rules! interfaces {
    ($($calls:ident { $($function:ident($call:path) => $method:ident $($payable:ident)?,)+ })+) => {
        $(
            impl Interface for $calls {
                #[inline]
                fn decode_raw(
                    selector: [u8; 4],
                    args: &[u8],
                    config: AbiDecoderConfig,
                ) -> alloy_sol_types::Result<Self> {
                    $(if selector == <$call as SolCall>::SELECTOR {
                        return <$call as SolCall>::abi_decode_raw_with_config(args, config)
                            .map($calls::$function);
                    })+
                    Err(alloy_sol_types::Error::unknown_selector(
                        <$calls as SolInterface>::NAME,
                        selector,
                    ))
                }

                #[cfg(test)]
                fn defaults() -> Vec<([u8; 4], Vec<u8>)> {
                    vec![$((
                        <$call as SolCall>::SELECTOR,
                        <$call as SolCall>::new(Default::default())
                            .abi_encode()
                            .split_off(4),
                    )),+]
                }

                #[inline]
                fn function(selector: [u8; 4]) -> Option<&'static str> {
                    $calls::name_by_selector(selector)
                }

                #[inline]
                fn into_call(self, convert: &Convert, value: U256) -> Result<Call, DecodeError> {
                    match self {
                        $($calls::$function(call) => {
                            if !(false $(|| payable_mark!($payable))?) {
                                free(&call, value)?;
                            }
                            convert.$method(call, value)
                        })+
                    }
                }
            }
        )+

        /// The function `selector` names in any of the interfaces (their generated selectors).
        pub(super) fn any_function(selector: [u8; 4]) -> Option<&'static str> {
            None $(.or_else(|| $calls::name_by_selector(selector)))+
        }
    };
}

interfaces! {
    IERC20FeeProxyCalls {
        transferFromWithReferenceAndFee(IERC20FeeProxy::transferFromWithReferenceAndFeeCall) => erc20_fee,
    }
    IEthereumFeeProxyCalls {
        transferWithReferenceAndFee(IEthereumFeeProxy::transferWithReferenceAndFeeCall) => native_fee payable,
        transferExactEthWithReferenceAndFee(IEthereumFeeProxy::transferExactEthWithReferenceAndFeeCall) => native_fee_exact payable,
    }
    IERC20Calls {
        approve(IERC20::approveCall) => approve,
        transfer(IERC20::transferCall) => transfer,
        transferFrom(IERC20::transferFromCall) => transfer_from,
    }
    IErc20ConversionProxyCalls {
        transferFromWithReferenceAndFee(IErc20ConversionProxy::transferFromWithReferenceAndFeeCall) => erc20_conversion,
    }
    IEthConversionProxyCalls {
        transferWithReferenceAndFee(IEthConversionProxy::transferWithReferenceAndFeeCall) => native_conversion payable,
    }
    IBatchPaymentsCalls {
        batchERC20PaymentsWithReference(Bp::batchERC20PaymentsWithReferenceCall) => batch_erc20,
        batchERC20PaymentsMultiTokensWithReference(Bp::batchERC20PaymentsMultiTokensWithReferenceCall) => batch_erc20_multi,
        batchEthPaymentsWithReference(Bp::batchEthPaymentsWithReferenceCall) => batch_eth payable,
    }
    IBatchConversionPaymentsCalls {
        batchPayments(Bcp::batchPaymentsCall) => batch_payments payable,
        batchMultiERC20ConversionPayments(Bcp::batchMultiERC20ConversionPaymentsCall) => batch_multi_erc20_conversion,
        batchERC20Payments(Bcp::batchERC20PaymentsCall) => batch_nc_erc20,
        batchMultiERC20Payments(Bcp::batchMultiERC20PaymentsCall) => batch_nc_multi_erc20,
        batchNativePayments(Bcp::batchNativePaymentsCall) => batch_nc_native payable,
        batchNativeConversionPayments(Bcp::batchNativeConversionPaymentsCall) => batch_native_conversion payable,
    }
    IERC20ProxyCalls {
        transferFromWithReference(IERC20Proxy::transferFromWithReferenceCall) => erc20_proxy,
    }
    IEthereumProxyCalls {
        transferWithReference(IEthereumProxy::transferWithReferenceCall) => native_proxy payable,
    }
}

impl UsdLimit {
    fn paths(paths_to_usd: Vec<Vec<Address>>) -> UsdLimit {
        UsdLimit::Paths { paths_to_usd }
    }

    fn skip(skip_fee_usd_limit: bool) -> UsdLimit {
        UsdLimit::Skip { skip_fee_usd_limit }
    }
}

/// The conversions: one per function, each taking the generated call struct and the value
/// sent (read only by `transferWithReferenceAndFee`, whose amount is the value minus the fee).
impl Convert {
    fn address(&self, address: Address) -> ChainAddress {
        ChainAddress::from_abi(self.network, address)
    }

    fn addresses(&self, addresses: Vec<Address>) -> Vec<ChainAddress> {
        addresses.into_iter().map(|a| self.address(a)).collect()
    }

    fn erc20_fee(
        &self,
        c: IERC20FeeProxy::transferFromWithReferenceAndFeeCall,
        _value: U256,
    ) -> Result<Call, DecodeError> {
        Ok(Call::Erc20FeeTransfer(Erc20FeeTransfer {
            token_address: self.address(c._tokenAddress),
            to: self.address(c._to),
            amount: c._amount,
            payment_reference: c._paymentReference,
            fee_amount: c._feeAmount,
            fee_address: self.address(c._feeAddress),
        }))
    }

    fn native_fee(
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

    fn native_fee_exact(
        &self,
        c: IEthereumFeeProxy::transferExactEthWithReferenceAndFeeCall,
        _value: U256,
    ) -> Result<Call, DecodeError> {
        Ok(Call::NativeFeeExactTransfer(NativeFeeExactTransfer {
            to: self.address(c._to),
            amount: c._amount,
            payment_reference: c._paymentReference,
            fee_amount: c._feeAmount,
            fee_address: self.address(c._feeAddress),
        }))
    }

    fn approve(&self, c: IERC20::approveCall, _value: U256) -> Result<Call, DecodeError> {
        Ok(Call::Approve(Approve {
            spender: self.address(c.spender),
            amount: c.amount,
        }))
    }

    fn transfer(&self, c: IERC20::transferCall, _value: U256) -> Result<Call, DecodeError> {
        Ok(Call::Transfer(Transfer {
            to: self.address(c.to),
            amount: c.amount,
        }))
    }

    fn transfer_from(
        &self,
        c: IERC20::transferFromCall,
        _value: U256,
    ) -> Result<Call, DecodeError> {
        Ok(Call::TransferFrom(TransferFrom {
            from: self.address(c.from),
            to: self.address(c.to),
            amount: c.amount,
        }))
    }

    fn erc20_conversion(
        &self,
        c: IErc20ConversionProxy::transferFromWithReferenceAndFeeCall,
        _value: U256,
    ) -> Result<Call, DecodeError> {
        Ok(Call::Erc20ConversionTransfer(Erc20ConversionTransfer {
            to: self.address(c._to),
            request_amount: c._requestAmount,
            path: c._path,
            payment_reference: c._paymentReference,
            fee_amount: c._feeAmount,
            fee_address: self.address(c._feeAddress),
            max_to_spend: c._maxToSpend,
            max_rate_timespan: c._maxRateTimespan,
        }))
    }

    fn native_conversion(
        &self,
        c: IEthConversionProxy::transferWithReferenceAndFeeCall,
        _value: U256,
    ) -> Result<Call, DecodeError> {
        Ok(Call::NativeConversionTransfer(NativeConversionTransfer {
            to: self.address(c._to),
            request_amount: c._requestAmount,
            path: c._path,
            payment_reference: c._paymentReference,
            fee_amount: c._feeAmount,
            fee_address: self.address(c._feeAddress),
            max_rate_timespan: c._maxRateTimespan,
        }))
    }

    #[allow(clippy::too_many_arguments)]
    fn legacy(
        &self,
        function: &'static str,
        tokens: LegacyBatchTokens,
        recipients: Vec<Address>,
        amounts: Vec<U256>,
        payment_references: Vec<alloy_primitives::Bytes>,
        fee_amounts: Vec<U256>,
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

    fn batch_erc20(
        &self,
        c: Bp::batchERC20PaymentsWithReferenceCall,
        _value: U256,
    ) -> Result<Call, DecodeError> {
        let tokens = LegacyBatchTokens::Single {
            token_address: self.address(c._tokenAddress),
        };
        self.legacy(
            Bp::batchERC20PaymentsWithReferenceCall::FUNCTION,
            tokens,
            c._recipients,
            c._amounts,
            c._paymentReferences,
            c._feeAmounts,
            c._feeAddress,
        )
    }

    fn batch_erc20_multi(
        &self,
        c: Bp::batchERC20PaymentsMultiTokensWithReferenceCall,
        _value: U256,
    ) -> Result<Call, DecodeError> {
        let tokens = LegacyBatchTokens::PerPayment {
            token_addresses: self.addresses(c._tokenAddresses),
        };
        self.legacy(
            Bp::batchERC20PaymentsMultiTokensWithReferenceCall::FUNCTION,
            tokens,
            c._recipients,
            c._amounts,
            c._paymentReferences,
            c._feeAmounts,
            c._feeAddress,
        )
    }

    fn batch_eth(
        &self,
        c: Bp::batchEthPaymentsWithReferenceCall,
        _value: U256,
    ) -> Result<Call, DecodeError> {
        self.legacy(
            Bp::batchEthPaymentsWithReferenceCall::FUNCTION,
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

    fn batch_payments(&self, c: Bcp::batchPaymentsCall, _value: U256) -> Result<Call, DecodeError> {
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

    fn batch_requests(
        &self,
        function: BatchFunction,
        details: Vec<abi::RequestDetail>,
        usd_limit: UsdLimit,
        fee_address: Address,
    ) -> Result<Call, DecodeError> {
        Ok(Call::BatchRequests(BatchRequests {
            function,
            request_details: self.request_details(details),
            usd_limit,
            fee_address: self.address(fee_address),
        }))
    }

    fn batch_multi_erc20_conversion(
        &self,
        c: Bcp::batchMultiERC20ConversionPaymentsCall,
        _value: U256,
    ) -> Result<Call, DecodeError> {
        let usd_limit = UsdLimit::paths(c.pathsToUSD);
        let function = BatchFunction::MultiErc20Conversion;
        self.batch_requests(function, c.requestDetails, usd_limit, c.feeAddress)
    }

    fn batch_nc_erc20(
        &self,
        c: Bcp::batchERC20PaymentsCall,
        _value: U256,
    ) -> Result<Call, DecodeError> {
        let usd_limit = UsdLimit::paths(c.pathsToUSD);
        self.batch_requests(
            BatchFunction::Erc20,
            c.requestDetails,
            usd_limit,
            c.feeAddress,
        )
    }

    fn batch_nc_multi_erc20(
        &self,
        c: Bcp::batchMultiERC20PaymentsCall,
        _value: U256,
    ) -> Result<Call, DecodeError> {
        let usd_limit = UsdLimit::paths(c.pathsToUSD);
        self.batch_requests(
            BatchFunction::MultiErc20,
            c.requestDetails,
            usd_limit,
            c.feeAddress,
        )
    }

    fn batch_nc_native(
        &self,
        c: Bcp::batchNativePaymentsCall,
        _value: U256,
    ) -> Result<Call, DecodeError> {
        let usd_limit = UsdLimit::skip(c.skipFeeUSDLimit);
        self.batch_requests(
            BatchFunction::Native,
            c.requestDetails,
            usd_limit,
            c.feeAddress,
        )
    }

    fn batch_native_conversion(
        &self,
        c: Bcp::batchNativeConversionPaymentsCall,
        _value: U256,
    ) -> Result<Call, DecodeError> {
        let usd_limit = UsdLimit::skip(c.skipFeeUSDLimit);
        let function = BatchFunction::NativeConversion;
        self.batch_requests(function, c.requestDetails, usd_limit, c.feeAddress)
    }

    fn erc20_proxy(
        &self,
        c: IERC20Proxy::transferFromWithReferenceCall,
        _value: U256,
    ) -> Result<Call, DecodeError> {
        Ok(Call::Erc20ProxyTransfer(Erc20ProxyTransfer {
            token_address: self.address(c._tokenAddress),
            to: self.address(c._to),
            amount: c._amount,
            payment_reference: c._paymentReference,
        }))
    }

    fn native_proxy(
        &self,
        c: IEthereumProxy::transferWithReferenceCall,
        _value: U256,
    ) -> Result<Call, DecodeError> {
        Ok(Call::NativeProxyTransfer(NativeProxyTransfer {
            to: self.address(c._to),
            payment_reference: c._paymentReference,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `decode_raw` reads what the interface enum's own decoder reads, and refuses what it
    /// refuses with the same error: every selector of the interface and one of none, over
    /// arguments of 0 to 16 words of zeros or of `0xff`, a word and a half, and each function's
    /// call of default values: whole, cut by 0 to 16 words, a word longer, its first byte
    /// dirty.
    fn agrees<I: Interface + PartialEq + core::fmt::Debug>() {
        let unknown = [0xde, 0xad, 0xbe, 0xef];
        let selectors: Vec<[u8; 4]> = (0..I::COUNT).filter_map(I::selector_at).collect();
        assert_eq!(selectors.len(), I::COUNT);
        assert!(!selectors.contains(&unknown));
        let mut decoded = 0;
        let defaults = I::defaults();
        for selector in selectors.iter().copied().chain([unknown]) {
            let default = defaults
                .iter()
                .find(|(known, _)| *known == selector)
                .map(|(_, args)| args.clone())
                .unwrap_or_default();
            let mut longer = default.clone();
            longer.extend([0; 32]);
            let mut dirty = default.clone();
            if let Some(byte) = dirty.first_mut() {
                *byte = 1;
            }
            let whole = [vec![0; 48], default.clone(), longer, dirty];
            let by_words = (0..=16usize).flat_map(|words| {
                [
                    vec![0u8; 32 * words],
                    vec![0xff; 32 * words],
                    default
                        .get(..default.len().saturating_sub(32 * words))
                        .unwrap_or_default()
                        .to_vec(),
                ]
            });
            for args in whole.into_iter().chain(by_words) {
                let direct = I::decode_raw(selector, &args, super::super::STRICT);
                let generic = I::abi_decode_raw_with_config(selector, &args, super::super::STRICT);
                decoded += usize::from(direct.is_ok());
                assert_eq!(
                    direct.map_err(|e| format!("{e:?}")),
                    generic.map_err(|e| format!("{e:?}")),
                    "{} {selector:02x?} {} bytes",
                    I::NAME,
                    args.len()
                );
            }
        }
        // The default calls decode each function: the comparison saw successes.
        assert!(decoded >= I::COUNT, "{}", I::NAME);
    }

    #[test]
    fn decode_raw_agrees_with_the_interface_decoder() {
        agrees::<IERC20FeeProxyCalls>();
        agrees::<IEthereumFeeProxyCalls>();
        agrees::<IERC20Calls>();
        agrees::<IErc20ConversionProxyCalls>();
        agrees::<IEthConversionProxyCalls>();
        agrees::<IBatchPaymentsCalls>();
        agrees::<IBatchConversionPaymentsCalls>();
        agrees::<IERC20ProxyCalls>();
        agrees::<IEthereumProxyCalls>();
    }
}
