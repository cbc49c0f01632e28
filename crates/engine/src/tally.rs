//! Counts over a game's small arrays, for the invariant checks that run after every move.
//! Folded with wrapping additions so that they vectorise in the overflow-checked profile the
//! tests and `cargo xtask` use as well: a checked sum adds one element at a time. No slice of
//! a board is long enough for the count to wrap.

/// How many of `items` are not `value`.
#[inline]
pub fn other_than<T: Copy + PartialEq>(items: &[T], value: T) -> u32 {
    items
        .iter()
        .fold(0u32, |n, &item| n.wrapping_add(u32::from(item != value)))
}

/// How many of `items` are not zero: the occupied points of a board.
#[inline]
pub fn occupied(items: &[u8]) -> u32 {
    other_than(items, 0)
}

/// The sum of counters in holes.
#[inline]
pub fn total(items: &[u8]) -> u32 {
    items
        .iter()
        .fold(0u32, |n, &item| n.wrapping_add(u32::from(item)))
}

/// The index of the `n`th set bit of `bits` (from 0, lowest first): the move a random pick
/// chose among moves held as a bit set. `n` is below the count of set bits.
#[inline]
pub fn nth_set_bit(bits: impl Into<u64>, n: usize) -> u32 {
    let mut bits: u64 = bits.into();
    for _ in 0..n {
        bits &= bits - 1;
    }
    bits.trailing_zeros()
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts_and_sums() {
        assert_eq!(super::occupied(&[0, 3, 0, 255]), 2);
        assert_eq!(super::other_than(&[7u16, 1, 7], 7), 1);
        assert_eq!(super::total(&[255; 12]), 3060);
        assert_eq!(super::total(&[]), 0);
    }

    #[test]
    fn the_nth_set_bit_counts_from_the_lowest() {
        let bits: u32 = 0b1011_0100;
        let found: Vec<u32> = (0..4).map(|n| super::nth_set_bit(bits, n)).collect();
        assert_eq!(found, [2, 4, 5, 7]);
    }
}
