//! The ABI decoder's error, held by [`EventError`](super::EventError) while it stays `Eq`.

use std::fmt;
use std::ops::Deref;

/// An [`alloy_sol_types::Error`] that [`EventError`](super::EventError) (and so
/// [`IgnoredReason`](super::IgnoredReason) and [`Settlement`](super::Settlement)) can hold
/// while staying `Clone` and `Eq`.
///
/// alloy's error is `Clone` and `PartialEq` but not `Eq`, although its equality is total
/// (nothing in it is a float); this wrapper compares with alloy's `PartialEq` and adds `Eq`.
/// It dereferences to the `alloy_sol_types::Error`, and the error holding it gives that error
/// itself as its [`source()`](std::error::Error::source). It does not implement `Error` itself
/// for that reason: the chain is the holder, then alloy's error.
///
/// ```
/// use std::error::Error;
/// use alloy_primitives::{b256, Bytes};
/// use securepay::contracts::Contract;
/// use securepay::detect::{EventError, ProxyEvent, Topics};
///
/// let signature = b256!("9f16cbcc523c67a60c450e5ffe4f3b7b6dbe772e7abcadb2686ce029a9a0a2b6");
/// let topics = Topics::new(&[signature, signature]).ok_or("topics")?;
/// let error = ProxyEvent::decode(Contract::Erc20FeeProxy, &topics, &Bytes::new()).unwrap_err();
/// let EventError::Abi(abi) = &error else { panic!("{error}") };
/// assert_eq!(abi.get(), &alloy_sol_types::Error::Overrun);
/// assert!(error.source().and_then(|s| s.downcast_ref::<alloy_sol_types::Error>()).is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct AbiError(alloy_sol_types::Error);

impl AbiError {
    /// The `alloy_sol_types::Error`.
    pub fn get(&self) -> &alloy_sol_types::Error {
        &self.0
    }
}

// alloy's `PartialEq` is derived over fields that are all `Eq` (text, integers, bytes,
// `TryReserveError`, `FromHexError`, `LogData`): reflexive, so `Eq` holds.
impl Eq for AbiError {}

impl From<alloy_sol_types::Error> for AbiError {
    fn from(error: alloy_sol_types::Error) -> AbiError {
        AbiError(error)
    }
}

impl Deref for AbiError {
    type Target = alloy_sol_types::Error;

    fn deref(&self) -> &alloy_sol_types::Error {
        &self.0
    }
}

impl fmt::Display for AbiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}
