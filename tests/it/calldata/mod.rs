//! Integration tests of `securepay::calldata`.

mod build;
mod decode;
mod effect;
mod properties;
