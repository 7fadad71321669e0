//! The `securepay` command: a thin shell over the library (see `securepay_cli`).
#![forbid(unsafe_code)]

fn main() -> std::process::ExitCode {
    securepay_cli::main()
}
