//! Integration tests of `securepay::verify`.

#[cfg(feature = "fixtures")]
mod adversary;
#[cfg(feature = "fixtures")]
mod cases;
#[cfg(feature = "fixtures")]
mod model;
