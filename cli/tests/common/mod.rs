//! The library's test helpers (`tests/common`), and the command runner.
#![allow(dead_code, unused_imports)]

#[path = "../../../tests/common/mod.rs"]
mod data;

pub use data::*;

pub mod cli;
