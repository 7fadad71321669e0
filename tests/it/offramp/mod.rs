//! Integration tests of `securepay::offramp`.

mod eligibility;
mod machines;
mod payer;
mod replay;
