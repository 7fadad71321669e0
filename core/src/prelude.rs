//! What the standard prelude would bring, from `alloc`: each module of the crate imports it
//! (`use crate::prelude::*;`), so that the code reads as it would with `std`.

pub(crate) use alloc::borrow::ToOwned;
pub(crate) use alloc::boxed::Box;
pub(crate) use alloc::format;
pub(crate) use alloc::string::{String, ToString};
pub(crate) use alloc::vec;
pub(crate) use alloc::vec::Vec;
