//! Typed builders: a payment in, a [`Transaction`] out, with the contract's `to` and `value`
//! rules and the payment rules checked first.

use crate::prelude::*;

mod batch;
mod conversion;
mod single;

use alloy_primitives::{Address, U256};

pub use batch::{BatchGroup, BatchPayee, BatchPaymentNetwork, BatchRequest, BatchTokenPayee};
pub use conversion::{Erc20ConversionPayment, NativeConversionPayment};
pub use single::{Erc20FeePayment, NativeFeePayment};

use crate::address::ChainAddress;
use crate::contracts::{Contract, ContractsError, Deployments};
use crate::network::Network;
use crate::transaction::Transaction;

/// The exact message the service answers a Tron batch with; securepay refuses the same way.
pub const TRON_BATCH_MESSAGE: &str = "Batch payments are not supported for TRON networks. Please submit individual payment requests.";

/// Why a payment could not be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// A fee above zero with the zero address as recipient: the fee would be lost or skipped.
    #[error("fee of {amount} needs a non-zero fee address")]
    FeeWithoutAddress {
        /// The fee amount.
        amount: U256,
    },
    /// A payment amount of zero.
    #[error("payment amount must be greater than 0{}", .payee.map(|i| format!(" (payee #{i})")).unwrap_or_default())]
    ZeroAmount {
        /// The index of the payee in a batch.
        payee: Option<usize>,
    },
    /// A batch for the Tron network or with a Tron payee.
    #[error("{}", TRON_BATCH_MESSAGE)]
    TronBatch,
    /// A contract the service does not have on Tron (native and conversion proxies).
    #[error("{0} is not available on Tron: Tron payments go through the ERC20FeeProxy only")]
    NotOnTron(&'static str),
    /// An address of the wrong family for the network (an EVM address on Tron, …).
    #[error("{role} {address} is not an address of network {network}")]
    WrongFamily {
        /// What the address is for.
        role: &'static str,
        /// The address.
        address: ChainAddress,
        /// The network.
        network: Network,
    },
    /// An empty batch.
    #[error("a batch needs at least one payment")]
    EmptyBatch,
    /// A batch whose fee address is the zero address: the batch contracts transfer their
    /// batch fee to it unconditionally, which burns it or makes the call fail, depending on
    /// the token.
    #[error("a batch needs a non-zero fee address: its batch fee is sent there unconditionally")]
    BatchFeeAddressZero,
    /// The built call does not decode back strictly on the deployment table (the table names
    /// the contract's address as two contracts).
    #[error("the built call does not decode back: {0}")]
    SelfCheck(crate::calldata::DecodeError),
    /// More than five groups in `batchPayments`.
    #[error("batchPayments takes at most 5 metaDetails, found {0}")]
    TooManyGroups(usize),
    /// A native-conversion group (id 4) that is not the last group.
    #[error("the native-conversion group (paymentNetworkId 4) must come last in batchPayments")]
    NativeConversionNotLast,
    /// The native value does not fit in 256 bits.
    #[error("the native value of the transaction overflows uint256")]
    ValueOverflow,
    /// The built call cannot succeed: the contract's own checks refuse it (the effects table's
    /// [`Hazard::Reverts`](crate::calldata::effect::Hazard::Reverts), the rule the verifier
    /// applies too), e.g. a `batchPayments` with a native group after another native group.
    #[error("the call cannot succeed: {0}")]
    CannotSucceed(&'static str),
    /// The contract is not in the deployment table for the network.
    #[error(transparent)]
    Contracts(#[from] ContractsError),
}

/// A fee paid inside the proxy call (`_feeAmount` to `_feeAddress`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fee {
    /// The fee in smallest units of the payment currency.
    pub amount: U256,
    /// Who receives it.
    pub recipient: ChainAddress,
}

impl Fee {
    /// The builders' rule for a fee: an amount above zero needs a non-zero recipient. Every
    /// builder that takes a fee checks it; so can a caller that encodes calls its own way.
    ///
    /// ```
    /// use alloy_primitives::U256;
    /// use securepay_core::calldata::{BuildError, Fee};
    ///
    /// let zero = "0x0000000000000000000000000000000000000000".parse()?;
    /// assert_eq!(Fee { amount: U256::ZERO, recipient: zero }.check(), Ok(())); // no fee
    /// let lost = Fee { amount: U256::from(5u8), recipient: zero };
    /// assert_eq!(lost.check(), Err(BuildError::FeeWithoutAddress { amount: U256::from(5u8) }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self) -> Result<(), BuildError> {
        check_fee(self.amount, self.recipient.abi())
    }
}

/// The rule of an optional fee ([`Fee::check`]).
fn check_optional_fee(fee: Option<&Fee>) -> Result<(), BuildError> {
    fee.map_or(Ok(()), Fee::check)
}

/// How much an approval allows: chosen explicitly, never defaulted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Allowance {
    /// Exactly this many smallest units.
    Exact(U256),
    /// `2^256 - 1`: never runs out (what the service's EVM approvals use).
    Unlimited,
}

impl Allowance {
    /// The amount the approval carries.
    pub const fn amount(self) -> U256 {
        match self {
            Allowance::Exact(amount) => amount,
            Allowance::Unlimited => U256::MAX,
        }
    }
}

/// Which contract pulls the funds, and therefore must be approved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Flow {
    /// `ERC20FeeProxy.transferFromWithReferenceAndFee`: approve the ERC20FeeProxy.
    Erc20Fee,
    /// `Erc20ConversionProxy` (it delegatecalls the fee proxy): approve the conversion proxy.
    Erc20Conversion,
    /// Legacy `BatchPayments`: approve the batch contract.
    LegacyBatch,
    /// `BatchConversionPayments`: approve the batch contract.
    BatchConversion,
}

impl Flow {
    /// The contract approvals for this flow go to.
    pub const fn spender(self) -> Contract {
        match self {
            Flow::Erc20Fee => Contract::Erc20FeeProxy,
            Flow::Erc20Conversion => Contract::Erc20ConversionProxy,
            Flow::LegacyBatch => Contract::BatchPayments,
            Flow::BatchConversion => Contract::BatchConversionPayments,
        }
    }
}

/// Builds transactions for one network from a deployment table (the built-in one by default).
///
/// ```
/// use alloy_primitives::U256;
/// use securepay_core::calldata::{Allowance, Builder, Erc20FeePayment, Flow};
/// use securepay_core::network::Network;
///
/// let builder = Builder::new(Network::Base);
/// let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
/// let payee = "0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7".parse()?;
/// let approval = builder.approve_for(Flow::Erc20Fee, usdc, Allowance::Exact(U256::from(10_500_000u64)))?;
/// let payment = builder.erc20_fee(&Erc20FeePayment::new(usdc, payee, U256::from(10_500_000u64), "0x1a2b3c4d5e6f7081".parse()?))?;
/// assert_eq!(approval.to, usdc);
/// assert_eq!(payment.to.to_string(), "0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814");
/// assert_eq!(payment.value, U256::ZERO);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Builder<'a> {
    network: Network,
    deployments: &'a Deployments,
}

impl Builder<'static> {
    /// A builder for `network` with the built-in deployment table.
    pub fn new(network: Network) -> Builder<'static> {
        Builder {
            network,
            deployments: Deployments::builtin(),
        }
    }
}

impl<'a> Builder<'a> {
    /// A builder for `network` with the caller's deployment table.
    pub fn with_deployments(network: Network, deployments: &'a Deployments) -> Builder<'a> {
        Builder {
            network,
            deployments,
        }
    }

    /// The network.
    pub const fn network(&self) -> Network {
        self.network
    }

    /// The canonical address of `contract` on the network.
    pub fn contract(&self, contract: Contract) -> Result<ChainAddress, BuildError> {
        Ok(self.deployments.address(self.network, contract)?)
    }

    fn check_family(
        &self,
        role: &'static str,
        address: &ChainAddress,
    ) -> Result<Address, BuildError> {
        if address.fits(self.network) {
            Ok(address.abi())
        } else {
            Err(BuildError::WrongFamily {
                role,
                address: *address,
                network: self.network,
            })
        }
    }

    /// The fee arguments: `(0, zero address)` without a fee (its rule, [`Fee::check`], is the
    /// payment's `check`).
    fn fee_args(&self, fee: Option<&Fee>) -> Result<(U256, Address), BuildError> {
        match fee {
            None => Ok((U256::ZERO, Address::ZERO)),
            Some(fee) => Ok((
                fee.amount,
                self.check_family("fee address", &fee.recipient)?,
            )),
        }
    }

    fn refuse_tron(&self, what: &'static str) -> Result<(), BuildError> {
        if self.network == Network::Tron {
            Err(BuildError::NotOnTron(what))
        } else {
            Ok(())
        }
    }

    /// A transaction whose value is what the call needs per the effect table: its own calldata
    /// decoded strictly, at the batch contract's rate `batch_fee_rate` (its own unit).
    fn transaction_with_effect(
        &self,
        contract: Contract,
        data: Vec<u8>,
        batch_fee_rate: u32,
    ) -> Result<Transaction, BuildError> {
        let to = self.contract(contract)?;
        let decoded =
            crate::calldata::Decoder::new(self.deployments, crate::currency::Catalog::builtin())
                .decode(self.network, &to, &data, U256::ZERO)
                .map_err(BuildError::SelfCheck)?;
        let effect = crate::calldata::effect::effect_of(&decoded);
        if let Some(reason) = effect.hazards.iter().find_map(|hazard| match hazard {
            crate::calldata::effect::Hazard::Reverts { reason } => Some(*reason),
            _ => None,
        }) {
            return Err(BuildError::CannotSucceed(reason));
        }
        let value = effect
            .required_value(batch_fee_rate)
            .ok_or(BuildError::ValueOverflow)?;
        Ok(Transaction {
            to,
            data: data.into(),
            value,
        })
    }

    fn transaction(
        &self,
        contract: Contract,
        data: Vec<u8>,
        value: U256,
    ) -> Result<Transaction, BuildError> {
        Ok(Transaction {
            to: self.contract(contract)?,
            data: data.into(),
            value,
        })
    }
}

fn check_fee(amount: U256, recipient: Address) -> Result<(), BuildError> {
    if !amount.is_zero() && recipient.is_zero() {
        return Err(BuildError::FeeWithoutAddress { amount });
    }
    Ok(())
}

fn check_amount(amount: U256, payee: Option<usize>) -> Result<(), BuildError> {
    if amount.is_zero() {
        Err(BuildError::ZeroAmount { payee })
    } else {
        Ok(())
    }
}

fn add(a: U256, b: U256) -> Result<U256, BuildError> {
    crate::calldata::effect::add(a, b).map_err(|_| BuildError::ValueOverflow)
}

impl From<crate::calldata::effect::Overflow> for BuildError {
    fn from(_: crate::calldata::effect::Overflow) -> Self {
        BuildError::ValueOverflow
    }
}
