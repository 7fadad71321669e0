//! Addresses read before, by their exact text and network. `encode` reads the same token and
//! fee address on every line of a stream, and every read of an EVM address costs a keccak (its
//! EIP-55 check): remembering the few texts seen last makes that cost once per address instead
//! of once per line. The cache is direct-mapped with [`SLOTS`] slots per thread: bounded, and
//! a miss only means the address is parsed (and checked) again. Only texts that parsed are
//! kept, under their exact text, so a cached answer is the one parsing would give. Without the
//! `std` feature nothing is kept: every read parses.

#[cfg(feature = "std")]
use alloc::boxed::Box;
#[cfg(feature = "std")]
use core::cell::RefCell;

use alloy_primitives::Address;

use crate::network::Network;

/// The address `text` reads as on `network`: from `parse` (nothing is kept without `std`).
#[cfg(not(feature = "std"))]
pub(super) fn address<E>(
    _network: Option<Network>,
    _text: &str,
    parse: impl FnOnce() -> Result<Address, E>,
) -> Result<Address, E> {
    parse()
}

/// Slots per thread.
#[cfg(feature = "std")]
const SLOTS: usize = 64;

#[cfg(feature = "std")]
type Slot = Option<(Option<Network>, Box<str>, Address)>;

#[cfg(feature = "std")]
std::thread_local! {
    static SEEN: RefCell<[Slot; SLOTS]> = const { RefCell::new([const { None }; SLOTS]) };
}

/// The slot of a text: from its last eight bytes and its length (address texts differ most at
/// the end; a collision only costs a miss).
#[cfg(feature = "std")]
fn slot(text: &str) -> usize {
    let bytes = text.as_bytes();
    let tail = bytes
        .get(bytes.len().saturating_sub(8)..)
        .unwrap_or_default();
    let mut word = [0u8; 8];
    word.get_mut(..tail.len())
        .unwrap_or_default()
        .copy_from_slice(tail);
    let mixed = (u64::from_le_bytes(word) ^ bytes.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (mixed >> 58) as usize % SLOTS
}

/// The address `text` reads as on `network`, from the cache or from `parse` (kept when it
/// parses).
#[cfg(feature = "std")]
pub(super) fn address<E>(
    network: Option<Network>,
    text: &str,
    parse: impl FnOnce() -> Result<Address, E>,
) -> Result<Address, E> {
    let at = slot(text);
    let hit = SEEN.with_borrow(|seen| match seen.get(at) {
        Some(Some((n, t, address))) if *n == network && **t == *text => Some(*address),
        _ => None,
    });
    if let Some(address) = hit {
        return Ok(address);
    }
    let address = parse()?;
    SEEN.with_borrow_mut(|seen| {
        if let Some(slot) = seen.get_mut(at) {
            *slot = Some((network, text.into(), address));
        }
    });
    Ok(address)
}

#[cfg(all(test, feature = "std"))]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use super::*;

    #[test]
    fn a_cached_text_answers_as_parsing_did_and_only_for_its_network() {
        let text = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
        let parsed: Address = text.parse().unwrap();
        let first = address::<()>(None, text, || Ok(parsed));
        assert_eq!(first, Ok(parsed));
        // A hit does not parse again.
        assert_eq!(
            address::<()>(None, text, || panic!("parsed twice")),
            Ok(parsed)
        );
        // Another network is another key.
        assert_eq!(
            address(Some(Network::Base), text, || Err("parsed")),
            Err("parsed")
        );
        // A text that differs in one letter's case is another key (its checksum is checked).
        let lower = text.to_lowercase();
        assert_eq!(address(None, &lower, || Err("parsed")), Err("parsed"));
        // An error is not kept.
        assert_eq!(address(None, "0x12", || Err("bad")), Err("bad"));
        assert_eq!(address(None, "0x12", || Err("bad again")), Err("bad again"));
    }

    #[test]
    fn slots_are_in_range_for_any_text() {
        for text in ["", "a", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "ü"] {
            assert!(slot(text) < SLOTS);
        }
    }
}
