//! Calldata: payment references, typed builders for every payment contract call, and strict
//! decoding of calldata back into typed calls.
//!
//! ```
//! use alloy_primitives::U256;
//! use securepay_core::calldata::{Builder, Erc20FeePayment, PaymentReference};
//! use securepay_core::network::Network;
//!
//! let reference = PaymentReference::derive("abcd", "salt", "0xf17f52151EbEF6C7334FAD080c5704D77216b732")?;
//! let usdc = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913".parse()?;
//! let payee = "0xf17f52151EbEF6C7334FAD080c5704D77216b732".parse()?;
//! let tx = Builder::new(Network::Base).erc20_fee(&Erc20FeePayment::new(usdc, payee, U256::from(100u8), reference))?;
//! assert_eq!(&tx.data[..4], &[0xc2, 0x19, 0xa1, 0x4d]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod build;
pub mod decode;
pub mod effect;
pub mod lifi;
mod reference;
pub mod spec;

pub use build::{
    Allowance, BatchGroup, BatchPayee, BatchPaymentNetwork, BatchRequest, BatchTokenPayee,
    BuildError, Builder, Erc20ConversionPayment, Erc20FeePayment, Fee, Flow,
    NativeConversionPayment, NativeFeePayment, TRON_BATCH_MESSAGE,
};
pub use decode::{AnyCall, Call, DecodeError, DecodedBridgeCall, DecodedCall, Decoder, Target};
pub use reference::{PaymentReference, ReferenceError};
