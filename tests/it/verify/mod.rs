//! Integration tests of `securepay::verify`.

#[cfg(feature = "fixtures")]
mod adversary;
mod bounds;
#[cfg(feature = "fixtures")]
mod cases;
mod js_numbers;
mod memory;
#[cfg(feature = "fixtures")]
mod model;
mod shown;
