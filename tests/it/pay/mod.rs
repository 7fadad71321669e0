//! Integration tests of `securepay::pay`.

mod bounds;
mod endpoint;
mod metadata;
mod models;
#[cfg(feature = "fixtures")]
mod plan;
mod validate;
