//! Nim products: the mex definition on small nimbers, field laws on 64-bit ones.

use cgt::mex::MexSet;
use cgt::nimber::{nim_inverse, nim_pow, nim_product, nim_square, nim_sum};
use proptest::prelude::*;

#[test]
#[allow(clippy::needless_range_loop)]
fn products_below_128_match_the_mex_definition() {
    // a*b = mex{a'b + ab' + a'b' : a' < a, b' < b}, + meaning XOR.
    const N: usize = 128;
    let mut t = vec![[0u64; N]; N];
    let mut set = MexSet::default();
    for a in 0..N {
        for b in 0..N {
            set.clear();
            for a2 in 0..a {
                for b2 in 0..b {
                    set.insert(t[a2][b] ^ t[a][b2] ^ t[a2][b2]);
                }
            }
            t[a][b] = set.mex();
        }
    }
    for a in 0..N {
        for b in 0..N {
            assert_eq!(nim_product(a as u64, b as u64), t[a][b], "{a} * {b}");
        }
    }
}

#[test]
fn fermat_two_powers_square_to_three_halves() {
    for k in 0..6 {
        let f = 1u64 << (1 << k);
        if f == 0 {
            continue;
        }
        assert_eq!(nim_square(f), f ^ (f >> 1), "F = {f}");
    }
    assert_eq!(nim_sum(&[1, 2, 3]), 0);
    assert_eq!(nim_pow(2, 3), 1); // 2 ⊗ 2 = 3 and 3 ⊗ 2 = 1
    assert_eq!(nim_inverse(0), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn field_laws(a: u64, b: u64, c: u64) {
        prop_assert_eq!(nim_product(a, b), nim_product(b, a));
        prop_assert_eq!(nim_product(nim_product(a, b), c), nim_product(a, nim_product(b, c)));
        prop_assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
        prop_assert_eq!(nim_product(a, 1), a);
        prop_assert_eq!(nim_product(a, 0), 0);
        if a != 0 {
            let inv = nim_inverse(a).unwrap();
            prop_assert_eq!(nim_product(a, inv), 1);
        }
    }
}
