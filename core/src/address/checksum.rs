//! EIP-55 checksums of the addresses met last. Checking a mixed-case address and printing one
//! each cost a keccak; a verification reads and prints the same few addresses (the token, the
//! proxy, the payee) many times. A direct-mapped cache of `SLOTS` entries per thread, keyed
//! by the exact 20 bytes, gives the same text as computing it: bounded, and a miss only
//! computes it again. Without the `std` feature (no threads to keep it per) every call computes.

#[cfg(feature = "std")]
use core::cell::RefCell;

use alloy_primitives::Address;

/// Slots per thread.
#[cfg(feature = "std")]
const SLOTS: usize = 64;

/// An address and its EIP-55 text.
#[cfg(feature = "std")]
type Entry = Option<(Address, [u8; 42])>;

#[cfg(feature = "std")]
std::thread_local! {
    static MET: RefCell<[Entry; SLOTS]> = const { RefCell::new([None; SLOTS]) };
}

/// The EIP-55 text of `address` (`0x` and 40 mixed-case hex digits), as ASCII bytes.
#[cfg(not(feature = "std"))]
pub(crate) fn checksummed(address: &Address) -> [u8; 42] {
    computed(address)
}

/// The EIP-55 text of `address`, computed (a keccak).
fn computed(address: &Address) -> [u8; 42] {
    let mut text = [0u8; 42];
    text.copy_from_slice(address.to_checksum_buffer(None).as_str().as_bytes());
    text
}

/// The EIP-55 text of `address` (`0x` and 40 mixed-case hex digits), as ASCII bytes.
#[cfg(feature = "std")]
pub(crate) fn checksummed(address: &Address) -> [u8; 42] {
    let bytes = address.as_slice();
    let slot =
        usize::from(bytes.first().copied().unwrap_or(0) ^ bytes.last().copied().unwrap_or(0))
            % SLOTS;
    let hit = MET.with_borrow(|met| match met.get(slot) {
        Some(Some((met, text))) if met == address => Some(*text),
        _ => None,
    });
    if let Some(text) = hit {
        return text;
    }
    let text = computed(address);
    MET.with_borrow_mut(|met| {
        if let Some(entry) = met.get_mut(slot) {
            *entry = Some((*address, text));
        }
    });
    text
}

/// [`checksummed`] as text.
pub(crate) fn with_checksum<T>(address: &Address, use_text: impl FnOnce(&str) -> T) -> T {
    let text = checksummed(address);
    // EIP-55 text is ASCII.
    use_text(core::str::from_utf8(&text).unwrap_or_default())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::prelude::*;

    #[test]
    fn cached_text_is_the_computed_text_for_colliding_addresses() {
        // Addresses that share a slot replace each other and still read right.
        for round in 0..3 {
            for i in 0u8..=255 {
                let mut bytes = [i; 20];
                bytes[5] = round;
                let address = Address::from(bytes);
                let text = with_checksum(&address, str::to_owned);
                assert_eq!(text, address.to_checksum(None));
            }
        }
    }
}
