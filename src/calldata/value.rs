//! The native value each contract call needs: one place for the rules that the typed builders
//! and the raw encoder (`spec`) share.

use alloy_primitives::U256;

use super::BatchPaymentNetwork;

/// The value overflowed 256 bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Overflow;

/// `a + b`, checked.
pub(crate) fn add(a: U256, b: U256) -> Result<U256, Overflow> {
    a.checked_add(b).ok_or(Overflow)
}

/// Σ(amount + fee) over the payments: the value of native batches.
pub(crate) fn sum_amount_and_fee(
    payments: impl IntoIterator<Item = (U256, U256)>,
) -> Result<U256, Overflow> {
    payments
        .into_iter()
        .try_fold(U256::ZERO, |total, (amount, fee)| {
            add(total, add(amount, fee)?)
        })
}

/// The value a `batchPayments` request adds: amount + fee in the native group (3), the max to
/// spend in the native-conversion group (4), nothing otherwise.
pub(crate) fn batch_payments_share(
    group: BatchPaymentNetwork,
    amount: U256,
    fee: U256,
    max_to_spend: U256,
) -> Result<U256, Overflow> {
    match group {
        BatchPaymentNetwork::Native => add(amount, fee),
        BatchPaymentNetwork::NativeConversion => Ok(max_to_spend),
        _ => Ok(U256::ZERO),
    }
}
