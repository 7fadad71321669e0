//! Integration tests of `securepay::policy`.

mod destination;
mod gate;
mod model;
mod resolve;
