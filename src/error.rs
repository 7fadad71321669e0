//! The crate-wide error, wrapping each module's own error type.

/// Any error of this crate. Each module has its own error type; this one only wraps them, so
/// `?` works across modules.
///
/// ```
/// use securepay::address::PayeeAddress;
/// use securepay::network::{Network, NetworkError};
///
/// fn payee(network: &str, address: &str) -> Result<PayeeAddress, securepay::Error> {
///     let network: Network = network.parse()?; // NetworkError
///     Ok(PayeeAddress::parse(network, address)?) // PayeeAddressError
/// }
///
/// assert!(payee("tron", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").is_ok());
/// let err = payee("nile", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t").unwrap_err();
/// assert!(matches!(err, securepay::Error::Network(NetworkError::TronTestnet(_))));
/// assert!(matches!(payee("base", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"), Err(securepay::Error::PayeeAddress(_))));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// See [`crate::network::NetworkError`].
    #[error(transparent)]
    Network(#[from] crate::network::NetworkError),
    /// See [`crate::address::EvmAddressError`].
    #[error(transparent)]
    EvmAddress(#[from] crate::address::EvmAddressError),
    /// See [`crate::address::TronAddressError`].
    #[error(transparent)]
    TronAddress(#[from] crate::address::TronAddressError),
    /// See [`crate::address::PayeeAddressError`].
    #[error(transparent)]
    PayeeAddress(#[from] crate::address::PayeeAddressError),
    /// See [`crate::address::InteropError`].
    #[error(transparent)]
    Interop(#[from] crate::address::InteropError),
    /// See [`crate::amount::AmountError`].
    #[error(transparent)]
    Amount(#[from] crate::amount::AmountError),
    /// See [`crate::amount::UintError`].
    #[error(transparent)]
    Uint(#[from] crate::amount::UintError),
    /// See [`crate::currency::CurrencyIdError`].
    #[error(transparent)]
    CurrencyId(#[from] crate::currency::CurrencyIdError),
    /// See [`crate::currency::CurrencyError`].
    #[error(transparent)]
    Currency(#[from] crate::currency::CurrencyError),
    /// See [`crate::currency::CatalogError`].
    #[error(transparent)]
    Catalog(#[from] crate::currency::CatalogError),
    /// See [`crate::contracts::ContractsError`].
    #[error(transparent)]
    Contracts(#[from] crate::contracts::ContractsError),
    /// See [`crate::calldata::ReferenceError`].
    #[error(transparent)]
    Reference(#[from] crate::calldata::ReferenceError),
    /// See [`crate::calldata::BuildError`].
    #[error(transparent)]
    Build(#[from] crate::calldata::BuildError),
    /// See [`crate::calldata::DecodeError`].
    #[error(transparent)]
    Decode(#[from] crate::calldata::DecodeError),
    /// See [`crate::calldata::spec::SpecError`].
    #[error(transparent)]
    Spec(#[from] crate::calldata::spec::SpecError),
    /// See [`crate::transaction::TransactionError`].
    #[error(transparent)]
    Transaction(#[from] crate::transaction::TransactionError),
    /// See [`crate::pay::TokenError`].
    #[error(transparent)]
    Token(#[from] crate::pay::TokenError),
    /// See [`crate::pay::PayQueryError`].
    #[error(transparent)]
    PayQuery(#[from] crate::pay::PayQueryError),
    /// See [`crate::pay::PaymentPlanError`].
    #[error(transparent)]
    PaymentPlan(#[from] crate::pay::PaymentPlanError),
    /// See [`crate::pay::PayEndpointError`].
    #[error(transparent)]
    PayEndpoint(#[from] crate::pay::PayEndpointError),
    /// See [`crate::verify::ExpectationError`].
    #[error(transparent)]
    Expectation(#[from] crate::verify::ExpectationError),
    /// See [`crate::policy::AccessPolicyError`].
    #[error(transparent)]
    AccessPolicy(#[from] crate::policy::AccessPolicyError),
    /// See [`crate::policy::KytPlanError`].
    #[error(transparent)]
    KytPlan(#[from] crate::policy::KytPlanError),
    /// See [`crate::policy::ResolveError`].
    #[error(transparent)]
    Resolve(#[from] crate::policy::ResolveError),
    /// See [`crate::policy::SnapshotError`].
    #[error(transparent)]
    Snapshot(#[from] crate::policy::SnapshotError),
    /// See [`crate::policy::DestinationError`].
    #[error(transparent)]
    Destination(#[from] crate::policy::DestinationError),
    /// See [`crate::policy::GateError`].
    #[error(transparent)]
    Gate(#[from] crate::policy::GateError),
    /// See [`crate::webhook::SignatureError`].
    #[error(transparent)]
    Signature(#[from] crate::webhook::SignatureError),
    /// See [`crate::webhook::DeliveryError`].
    #[error(transparent)]
    Delivery(#[from] crate::webhook::DeliveryError),
    /// See [`crate::webhook::EventError`].
    #[error(transparent)]
    Event(#[from] crate::webhook::EventError),
    /// See [`crate::partial::LedgerError`].
    #[error(transparent)]
    Ledger(#[from] crate::partial::LedgerError),
    /// See [`crate::partial::TxHashError`].
    #[error(transparent)]
    TxHash(#[from] crate::partial::TxHashError),
    /// See [`crate::offramp::EligibilityError`].
    #[error(transparent)]
    Eligibility(#[from] crate::offramp::EligibilityError),
    /// See [`crate::offramp::OfframpPlanError`].
    #[error(transparent)]
    OfframpPlan(#[from] crate::offramp::OfframpPlanError),
    /// See [`crate::offramp::PayerBodyError`].
    #[error(transparent)]
    PayerBody(#[from] crate::offramp::PayerBodyError),
    /// See [`crate::api::CredentialError`].
    #[error(transparent)]
    Credential(#[from] crate::api::CredentialError),
    /// See [`crate::api::BodyError`].
    #[error(transparent)]
    Body(#[from] crate::api::BodyError),
    /// See [`crate::api::RequestError`].
    #[error(transparent)]
    Request(#[from] crate::api::RequestError),
    /// See [`crate::api::ApiError`].
    #[error(transparent)]
    Api(#[from] crate::api::ApiError),
    /// See [`crate::api::RetryPolicyError`].
    #[error(transparent)]
    RetryPolicy(#[from] crate::api::RetryPolicyError),
}
