//! One stable sort for every list a verification orders: short lists (most of them, a payment
//! has a handful of legs) by insertion in place, long ones through one sort of indices.
//!
//! `[T]::sort_by` is compiled once per element type and comparison: the verifier's eight
//! orderings cost about 60 KB of WebAssembly (20 KB gzipped) as eight copies of the standard
//! library's sort. Here the standard sort is compiled once, on `usize` indices with a `dyn`
//! comparison, and each caller adds only a small insertion sort.

use crate::prelude::*;

use core::cmp::Ordering;

/// Lists up to this long are sorted by insertion, in place, with no allocation.
const BY_INSERTION: usize = 24;

/// Sorts `items` by `cmp`, stably (equal items keep their order).
pub(super) fn sort_by<T>(items: &mut Vec<T>, cmp: impl Fn(&T, &T) -> Ordering) {
    if items.len() <= BY_INSERTION {
        for end in 1..items.len() {
            let mut at = end;
            while at > 0 {
                let before = at.saturating_sub(1);
                match (items.get(before), items.get(at)) {
                    (Some(a), Some(b)) if cmp(a, b) == Ordering::Greater => {
                        items.swap(before, at);
                        at = before;
                    }
                    _ => break,
                }
            }
        }
        return;
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    sort_indices(&mut order, &|a, b| match (items.get(a), items.get(b)) {
        (Some(a), Some(b)) => cmp(a, b),
        _ => Ordering::Equal,
    });
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(
        order
            .into_iter()
            .filter_map(|index| slots.get_mut(index).and_then(Option::take)),
    );
}

/// Sorts `items` by the key `key` gives, stably.
pub(super) fn sort_by_key<T, K: Ord>(items: &mut Vec<T>, key: impl Fn(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// The one instance of the standard library's stable sort.
fn sort_indices(order: &mut [usize], cmp: &dyn Fn(usize, usize) -> Ordering) {
    order.sort_by(|a, b| cmp(*a, *b));
}

#[cfg(test)]
mod tests {
    use super::{BY_INSERTION, sort_by, sort_by_key};
    use crate::prelude::*;

    /// Short and long lists, with repeated keys: the same order as the standard stable sort.
    #[test]
    fn sorts_as_the_standard_stable_sort_does() {
        for len in [0, 1, 2, 7, BY_INSERTION, BY_INSERTION + 1, 100, 1_000] {
            let items: Vec<(u32, usize)> =
                (0..len).map(|i| (((i * 7_919) % 13) as u32, i)).collect();
            let mut expected = items.clone();
            expected.sort_by_key(|(key, _)| *key);
            let mut ours = items.clone();
            sort_by_key(&mut ours, |(key, _)| *key);
            assert_eq!(ours, expected, "{len}");
            let mut reversed = items;
            sort_by(&mut reversed, |a, b| b.cmp(a));
            let mut expected_reversed = expected.clone();
            expected_reversed.sort_by(|a, b| b.cmp(a));
            assert_eq!(reversed, expected_reversed, "{len}");
        }
    }
}
