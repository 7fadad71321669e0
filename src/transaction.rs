//! A transaction to sign: target, calldata, native value.

use std::fmt;

use alloy_primitives::{Bytes, U256};

use crate::address::PayeeAddress;

/// A call to sign and send: `to` (EIP-55 on EVM networks, Base58 on Tron), the calldata, and
/// the native value in smallest units.
///
/// ```
/// use alloy_primitives::U256;
/// use securepay::calldata::{Builder, NativeFeePayment};
/// use securepay::network::Network;
///
/// let builder = Builder::new(Network::Sepolia);
/// let payee = "0x29eAb540117632a112eA29bA8BE686a1B66467A7".parse()?;
/// let tx = builder.native_fee(&NativeFeePayment::new(payee, U256::from(200_000_000_000_000_000u64), "0xe23a6b02059c2b30".parse()?))?;
/// assert_eq!(tx.to.to_string(), "0xe11BF2fDA23bF0A98365e1A4c04A87C9339e8687"); // EthereumFeeProxy on Sepolia
/// assert_eq!(tx.value, U256::from(200_000_000_000_000_000u64));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Transaction {
    /// The contract called.
    pub to: PayeeAddress,
    /// The calldata: selector and ABI-encoded arguments.
    pub data: Bytes,
    /// The native value sent with the call, in smallest units.
    pub value: U256,
}

impl fmt::Display for Transaction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "to {} value {} data {}", self.to, self.value, self.data)
    }
}
