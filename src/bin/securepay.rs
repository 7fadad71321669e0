//! The `securepay` command: a thin shell over the library (see `securepay::cli`).
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    securepay::cli::main()
}
