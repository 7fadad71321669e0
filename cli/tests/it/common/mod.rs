//! The library's test helpers (`tests/it/common`), and the command runner.
#![allow(dead_code, unused_imports)]

#[path = "../../../../tests/it/common/mod.rs"]
mod data;

pub use data::*;

pub mod cli;
