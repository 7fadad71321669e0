//! Every selector of `reference/contracts-notes.md` §1, computed from the `sol!` declarations.

use alloy_sol_types::SolCall;
use securepay::contracts::abi::*;

fn hex(selector: [u8; 4]) -> String {
    alloy_primitives::hex::encode(selector)
}

#[test]
fn selectors_match_the_reference() {
    let cases: [(&str, [u8; 4], &str); 17] = [
        (
            "c219a14d",
            IERC20FeeProxy::transferFromWithReferenceAndFeeCall::SELECTOR,
            IERC20FeeProxy::transferFromWithReferenceAndFeeCall::SIGNATURE,
        ),
        (
            "b868980b",
            IEthereumFeeProxy::transferWithReferenceAndFeeCall::SELECTOR,
            IEthereumFeeProxy::transferWithReferenceAndFeeCall::SIGNATURE,
        ),
        (
            "d7c95e98",
            IEthereumFeeProxy::transferExactEthWithReferenceAndFeeCall::SELECTOR,
            IEthereumFeeProxy::transferExactEthWithReferenceAndFeeCall::SIGNATURE,
        ),
        (
            "095ea7b3",
            IERC20::approveCall::SELECTOR,
            IERC20::approveCall::SIGNATURE,
        ),
        (
            "a9059cbb",
            IERC20::transferCall::SELECTOR,
            IERC20::transferCall::SIGNATURE,
        ),
        (
            "3af2c012",
            IErc20ConversionProxy::transferFromWithReferenceAndFeeCall::SELECTOR,
            IErc20ConversionProxy::transferFromWithReferenceAndFeeCall::SIGNATURE,
        ),
        (
            "ac473c8a",
            IEthConversionProxy::transferWithReferenceAndFeeCall::SELECTOR,
            IEthConversionProxy::transferWithReferenceAndFeeCall::SIGNATURE,
        ),
        (
            "c6e6d98b",
            IBatchPayments::batchERC20PaymentsWithReferenceCall::SELECTOR,
            IBatchPayments::batchERC20PaymentsWithReferenceCall::SIGNATURE,
        ),
        (
            "fa733142",
            IBatchPayments::batchERC20PaymentsMultiTokensWithReferenceCall::SELECTOR,
            IBatchPayments::batchERC20PaymentsMultiTokensWithReferenceCall::SIGNATURE,
        ),
        (
            "73535e55",
            IBatchPayments::batchEthPaymentsWithReferenceCall::SELECTOR,
            IBatchPayments::batchEthPaymentsWithReferenceCall::SIGNATURE,
        ),
        (
            "92cddb91",
            IBatchConversionPayments::batchPaymentsCall::SELECTOR,
            IBatchConversionPayments::batchPaymentsCall::SIGNATURE,
        ),
        (
            "b677bf0e",
            IBatchConversionPayments::batchMultiERC20ConversionPaymentsCall::SELECTOR,
            IBatchConversionPayments::batchMultiERC20ConversionPaymentsCall::SIGNATURE,
        ),
        (
            "0e48b8db",
            IBatchConversionPayments::batchNativeConversionPaymentsCall::SELECTOR,
            IBatchConversionPayments::batchNativeConversionPaymentsCall::SIGNATURE,
        ),
        (
            "9af8a581",
            IBatchConversionPayments::batchERC20PaymentsCall::SELECTOR,
            IBatchConversionPayments::batchERC20PaymentsCall::SIGNATURE,
        ),
        (
            "a4b519ff",
            IBatchConversionPayments::batchMultiERC20PaymentsCall::SELECTOR,
            IBatchConversionPayments::batchMultiERC20PaymentsCall::SIGNATURE,
        ),
        (
            "333ec062",
            IBatchConversionPayments::batchNativePaymentsCall::SELECTOR,
            IBatchConversionPayments::batchNativePaymentsCall::SIGNATURE,
        ),
        (
            "0784bca3",
            IERC20Proxy::transferFromWithReferenceCall::SELECTOR,
            IERC20Proxy::transferFromWithReferenceCall::SIGNATURE,
        ),
    ];
    for (expected, selector, signature) in cases {
        assert_eq!(hex(selector), expected, "{signature}");
    }
    assert_eq!(
        hex(IEthereumProxy::transferWithReferenceCall::SELECTOR),
        "eb7d8df3"
    );
    assert_eq!(
        IBatchConversionPayments::batchPaymentsCall::SIGNATURE,
        "batchPayments((uint256,(address,uint256,address[],bytes,uint256,uint256,uint256)[])[],address[][],address)"
    );
}
