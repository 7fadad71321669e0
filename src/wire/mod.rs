//! The wire pieces of the core (`securepay_core::wire`: JSON strictness, percent-encoding, the
//! API's error bodies…), and `open_enum!`, which only the layers of this crate use.

pub use securepay_core::wire::*;

mod open_enum;

pub(crate) use open_enum::open_enum;
