//! Integration tests of `securepay::partial`.

mod ledger;
mod status;
