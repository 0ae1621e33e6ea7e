//! A stable hash for names that must be the same on every machine and every
//! run: FNV-1a over 64 bits (figure ids, social card file names); and the
//! same as a [`Hasher`] for sets of short words an author wrote, where
//! std's SipHash costs more than the rest of the work.

use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a's offset basis: where a hash of nothing starts.
pub const BASIS: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, 64 bits, of `bytes`, continuing from `basis` (use [`BASIS`] to
/// start, or an earlier hash to chain several inputs).
pub fn fnv1a(bytes: &[u8], basis: u64) -> u64 {
    bytes.iter().fold(basis, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// [`fnv1a`] as a [`Hasher`], for hash sets of short strings.
#[derive(Debug, Clone, Copy)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(BASIS)
    }
}

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        self.0 = fnv1a(bytes, self.0);
    }
}

/// Hash sets and maps keyed by [`Fnv`].
pub type BuildFnv = BuildHasherDefault<Fnv>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values_and_chaining() {
        // The published FNV-1a 64-bit test vectors.
        assert_eq!(fnv1a(b"", BASIS), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a", BASIS), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar", BASIS), 0x8594_4171_f739_67e8);
        assert_eq!(fnv1a(b"bar", fnv1a(b"foo", BASIS)), fnv1a(b"foobar", BASIS));
    }

    #[test]
    fn the_hasher_is_fnv1a() {
        let mut h = Fnv::default();
        h.write(b"foo");
        h.write(b"bar");
        assert_eq!(h.finish(), fnv1a(b"foobar", BASIS));
    }
}
