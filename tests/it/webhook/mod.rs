//! Integration tests of `securepay::webhook`.

mod dedup;
mod events;
mod signature;
