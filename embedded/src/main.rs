//! Verifies one pay response on a Cortex-M4 with `securepay-core` alone (`no_std` + `alloc`),
//! as a hardware wallet would before it signs, and prints what it found and the memory it took:
//! the stack (painted before, read after) and the heap's peak (counted by the allocator).
//!
//! The response and the payer's expectation are compiled in: a USDC payment on Base with a
//! platform fee and a protocol fee (`tests/data/pay/single_erc20_fees.json`, the example of
//! `securepay_core::verify::Verdict`). Exits 0 when the verdict is safe, 1 otherwise.
#![no_std]
#![no_main]
#![deny(unsafe_op_in_unsafe_fn)]

extern crate alloc;

use core::alloc::{GlobalAlloc, Layout};
use core::panic::PanicInfo;
use core::sync::atomic::{AtomicUsize, Ordering};

use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use embedded_alloc::LlffHeap;
use securepay_core::verify::{Expectation, verify_slice};

/// The pay response, as the service sent it.
const RESPONSE: &[u8] = include_bytes!("../../tests/data/pay/single_erc20_fees.json");

/// What the payer agreed to: network, currency, fee caps, payee, amount and reference.
const EXPECTATION: &str = r#"{"network":"base","currency":"USDC-base","maxPayerFees":"0.30","maxPayeeFees":"1.25",
  "payments":[{"payee":"0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7","amount":"827.50","reference":"0xe23a6b02059c2b30"}]}"#;

/// The heap: a static array handed to the allocator once, at start.
const HEAP_BYTES: usize = 96 * 1024;

/// How far below the stack's top the stack is painted (the rest of the RAM holds the heap).
const STACK_PAINTED: usize = 64 * 1024;

/// The word painted on the stack before the verification.
const PAINT: u32 = 0x5EC0_5EC0;

/// The allocator, counting the bytes in use and their peak.
struct Counted {
    heap: LlffHeap,
    in_use: AtomicUsize,
    peak: AtomicUsize,
}

// SAFETY: every call goes to `LlffHeap`'s own implementation with the caller's arguments; the
// counters are only arithmetic on sizes.
unsafe impl GlobalAlloc for Counted {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded as received (the caller upholds `alloc`'s contract).
        let at = unsafe { self.heap.alloc(layout) };
        if !at.is_null() {
            let now = self.in_use.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            self.peak.fetch_max(now, Ordering::Relaxed);
        }
        at
    }

    unsafe fn dealloc(&self, at: *mut u8, layout: Layout) {
        // SAFETY: forwarded as received (`at` came from `alloc` with this `layout`).
        unsafe { self.heap.dealloc(at, layout) };
        self.in_use.fetch_sub(layout.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static HEAP: Counted = Counted {
    heap: LlffHeap::empty(),
    in_use: AtomicUsize::new(0),
    peak: AtomicUsize::new(0),
};

unsafe extern "C" {
    /// The top of the stack (cortex-m-rt's `link.x`: the end of RAM).
    static _stack_start: u32;
}

/// Paints the stack below the current frame with [`PAINT`], down to [`STACK_PAINTED`] below
/// its top; returns the lowest painted address.
#[inline(never)]
fn paint_stack() -> usize {
    let top = (&raw const _stack_start) as usize;
    let bottom = top - STACK_PAINTED;
    // Leave this function's own frame alone.
    let here = cortex_m::register::msp::read() as usize - 256;
    let mut at = bottom;
    while at < here {
        // SAFETY: [bottom, here) is RAM below the live stack frames and above the heap and the
        // statics (memory.x: 256 KiB of RAM; statics and heap take under 192 KiB).
        unsafe { core::ptr::write_volatile(at as *mut u32, PAINT) };
        at += 4;
    }
    bottom
}

/// The bytes of stack used since reset: from the top down to the lowest word no longer painted.
fn stack_used(bottom: usize) -> usize {
    let top = (&raw const _stack_start) as usize;
    let mut at = bottom;
    // SAFETY: reads of the painted RAM region, word-aligned.
    while at < top && unsafe { core::ptr::read_volatile(at as *const u32) } == PAINT {
        at += 4;
    }
    top - at
}

/// The verification, in a frame of its own.
#[inline(never)]
fn check() -> (bool, usize, usize) {
    let Ok(expectation) = Expectation::from_str(EXPECTATION) else {
        return (false, usize::MAX, 0);
    };
    let verdict = verify_slice(RESPONSE, &expectation);
    (
        verdict.is_safe(),
        verdict.findings.len(),
        verdict.summary.lines.len(),
    )
}

#[entry]
fn main() -> ! {
    {
        use core::mem::MaybeUninit;
        static mut MEMORY: [MaybeUninit<u8>; HEAP_BYTES] = [MaybeUninit::uninit(); HEAP_BYTES];
        // SAFETY: called once, before any allocation, with memory nothing else uses.
        unsafe { HEAP.heap.init((&raw mut MEMORY) as usize, HEAP_BYTES) }
    }
    let bottom = paint_stack();
    let (safe, findings, lines) = check();
    let stack = stack_used(bottom);
    let heap = HEAP.peak.load(Ordering::Relaxed);
    hprintln!(
        "securepay-core on a Cortex-M4: verdict {}, {} finding(s), {} summary line(s); stack {} bytes, heap peak {} bytes",
        if safe { "safe" } else { "NOT safe" },
        findings,
        lines,
        stack,
        heap
    );
    debug::exit(if safe {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    #[allow(clippy::empty_loop)]
    loop {}
}

#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    debug::exit(debug::EXIT_FAILURE);
    #[allow(clippy::empty_loop)]
    loop {}
}
