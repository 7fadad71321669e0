//! The crate-wide error, wrapping each module's own error type.

use crate::address::{EvmAddressError, InteropError, PayeeAddressError, TronAddressError};
use crate::amount::{AmountError, UintError};
use crate::contracts::ContractsError;
use crate::currency::{CatalogError, CurrencyError, CurrencyIdError};
use crate::network::NetworkError;
use crate::offramp::{EligibilityError, PayerBodyError, PlanError};
use crate::partial::{LedgerError, TxHashError};
use crate::webhook::{DeliveryError, EventError, SignatureError};

/// Any error of this crate. Each module has its own error type; this one only wraps them, so
/// `?` works across modules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// See [`NetworkError`].
    #[error(transparent)]
    Network(#[from] NetworkError),
    /// See [`EvmAddressError`].
    #[error(transparent)]
    EvmAddress(#[from] EvmAddressError),
    /// See [`TronAddressError`].
    #[error(transparent)]
    TronAddress(#[from] TronAddressError),
    /// See [`PayeeAddressError`].
    #[error(transparent)]
    PayeeAddress(#[from] PayeeAddressError),
    /// See [`InteropError`].
    #[error(transparent)]
    Interop(#[from] InteropError),
    /// See [`AmountError`].
    #[error(transparent)]
    Amount(#[from] AmountError),
    /// See [`UintError`].
    #[error(transparent)]
    Uint(#[from] UintError),
    /// See [`CurrencyIdError`].
    #[error(transparent)]
    CurrencyId(#[from] CurrencyIdError),
    /// See [`CurrencyError`].
    #[error(transparent)]
    Currency(#[from] CurrencyError),
    /// See [`CatalogError`].
    #[error(transparent)]
    Catalog(#[from] CatalogError),
    /// See [`ContractsError`].
    #[error(transparent)]
    Contracts(#[from] ContractsError),
    /// See [`SignatureError`].
    #[error(transparent)]
    Signature(#[from] SignatureError),
    /// See [`DeliveryError`].
    #[error(transparent)]
    Delivery(#[from] DeliveryError),
    /// See [`EventError`].
    #[error(transparent)]
    Event(#[from] EventError),
    /// See [`LedgerError`].
    #[error(transparent)]
    Ledger(#[from] LedgerError),
    /// See [`TxHashError`].
    #[error(transparent)]
    TxHash(#[from] TxHashError),
    /// See [`EligibilityError`].
    #[error(transparent)]
    Eligibility(#[from] EligibilityError),
    /// See [`PlanError`].
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// See [`PayerBodyError`].
    #[error(transparent)]
    PayerBody(#[from] PayerBodyError),
}
