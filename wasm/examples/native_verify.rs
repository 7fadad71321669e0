//! The native figure `wasm/bench.mjs` compares the WebAssembly package with: the package's
//! own `verify` (expectation JSON text and response JSON bytes in, verdict JSON text out),
//! compiled natively, best of five runs of N verifications.
//!
//! `cargo run --release -p securepay-wasm --example native_verify -- RESPONSE.json EXPECTATION.json N`
//! prints the nanoseconds per verification.

use std::time::Instant;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: native_verify RESPONSE.json EXPECTATION.json N";
    let response = std::fs::read(args.next().ok_or(usage)?)?;
    let expectation = std::fs::read_to_string(args.next().ok_or(usage)?)?;
    let n: u32 = args.next().ok_or(usage)?.parse()?;
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let start = Instant::now();
        for _ in 0..n {
            let verdict = securepay_wasm::core::verify(&expectation, &response, None)?;
            std::hint::black_box(verdict);
        }
        best = best.min(start.elapsed().as_nanos() as f64 / f64::from(n));
    }
    println!("{best:.0}");
    Ok(())
}
