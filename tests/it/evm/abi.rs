//! The functions the harness calls on the test contracts (evm/contracts/securepay/) and on Request
//! Network's contracts beyond what the crate encodes (owner settings, views).
#![allow(missing_docs)]

alloy_sol_types::sol! {
    /// evm/contracts/securepay/tokens/HolderLog.sol and the tokens' common functions.
    interface ITestToken {
        function mint(address to, uint256 amount) external;
        function snapshot() external view returns (address[] accounts, uint256[] balances, address[] owners, address[] spenders, uint256[] allowances);
        function balanceOf(address account) external view returns (uint256);
        function allowance(address owner, address spender) external view returns (uint256);
        function setBlocked(address account, bool isBlocked) external;
        function setPaused(bool isPaused) external;
    }

    /// evm/contracts/securepay/SmartAccount.sol.
    interface ISmartAccount {
        struct Call { address to; uint256 value; bytes data; }
        function executeBatch(Call[] calls) external payable;
        function received() external view returns (uint256);
    }

    /// BatchNoConversionPayments / BatchConversionPayments (per ten thousand).
    interface IBatchConversionAdmin {
        function setBatchFee(uint16 _batchFee) external;
        function batchFee() external view returns (uint16);
        function setBatchFeeAmountUSDLimit(uint64 _batchFeeAmountUSDLimit) external;
    }

    /// Legacy BatchPayments (per mille).
    interface IBatchPaymentsAdmin {
        function setBatchFee(uint256 _batchFee) external;
        function batchFee() external view returns (uint256);
    }

    /// ERC20FeeProxy's event (topic0 0x9f16cbcc…).
    interface IErc20FeeProxyEvents {
        event TransferWithReferenceAndFee(address tokenAddress, address to, uint256 amount, bytes indexed paymentReference, uint256 feeAmount, address feeAddress);
    }

    /// EthereumFeeProxy's event (topic0 0xa1c241e3…).
    interface IEthereumFeeProxyEvents {
        event TransferWithReferenceAndFee(address to, uint256 amount, bytes indexed paymentReference, uint256 feeAmount, address feeAddress);
    }

    /// ChainlinkConversionPath's whitelist admin function.
    interface IChainlinkAdmin {
        function updateAggregator(address _input, address _output, address _aggregator) external;
    }

    /// Read back by the deployment check.
    interface IProxyViews {
        function paymentErc20Proxy() external view returns (address);
        function paymentNativeProxy() external view returns (address);
        function paymentErc20FeeProxy() external view returns (address);
        function paymentEthFeeProxy() external view returns (address);
        function owner() external view returns (address);
    }
}
