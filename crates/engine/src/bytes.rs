//! A short list of bytes kept in place, for option values that list a few numbers (a game's
//! start counts hole by hole, the positions a captured piece returns to): copied with the
//! options and read in the playout loop without a pointer or an allocation.

/// At most `N` bytes, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ByteList<const N: usize> {
    len: u8,
    bytes: [u8; N],
}

impl<const N: usize> ByteList<N> {
    /// The empty list.
    pub const EMPTY: ByteList<N> = ByteList {
        len: 0,
        bytes: [0; N],
    };

    /// The list of `bytes`, or none when there are more than `N` (or than 255).
    pub fn from_slice(bytes: &[u8]) -> Option<ByteList<N>> {
        let len = u8::try_from(bytes.len())
            .ok()
            .filter(|_| bytes.len() <= N)?;
        let mut list = ByteList::EMPTY;
        list.bytes[..bytes.len()].copy_from_slice(bytes);
        list.len = len;
        Some(list)
    }

    /// The bytes listed, in order.
    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    /// Whether nothing is listed.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds `byte` at the end; `false`, and the list unchanged, when it is full.
    pub fn push(&mut self, byte: u8) -> bool {
        if usize::from(self.len) == N || self.len == u8::MAX {
            return false;
        }
        self.bytes[usize::from(self.len)] = byte;
        self.len += 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::ByteList;

    #[test]
    fn a_list_holds_at_most_its_capacity_in_order() {
        let mut list = ByteList::<3>::EMPTY;
        assert!(list.is_empty());
        assert!(list.push(7) && list.push(1) && list.push(7));
        assert!(!list.push(2), "a fourth byte in a list of three");
        assert_eq!(list.as_slice(), [7, 1, 7]);
        assert_eq!(ByteList::<3>::from_slice(&[7, 1, 7]), Some(list));
        assert_eq!(ByteList::<3>::from_slice(&[1, 2, 3, 4]), None);
        assert_eq!(ByteList::<3>::from_slice(&[]), Some(ByteList::EMPTY));
    }
}
