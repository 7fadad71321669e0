//! Integration tests of `securepay::calldata`.

mod bridge;
mod build;
mod decode;
mod effect;
mod properties;
