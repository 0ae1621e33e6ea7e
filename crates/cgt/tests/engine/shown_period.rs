//! The period a table of values shows, against a search of every period and
//! pre-period by the definition.

use cgt::Value;
use cgt::pattern::shown_period;
use proptest::prelude::*;

/// The least p (and for it the least n0) with values[n + p] == values[n] for
/// every n from n0 on, where the values from n0 hold two periods and at
/// least half of the values.
fn brute(values: &[Value]) -> Option<(usize, usize)> {
    let len = values.len();
    for p in 1..len {
        let n0 = (0..=len - p)
            .find(|&n0| (n0..len - p).all(|n| values[n + p] == values[n]))
            .unwrap_or(len - p);
        if len - n0 >= 2 * p && 2 * n0 <= len {
            return Some((p, n0));
        }
    }
    None
}

#[test]
fn kayles_shows_its_period_in_a_long_table() {
    let kayles = cgt::heaps::HeapGame::parse("kayles").unwrap();
    let values = kayles.sequence(160).unwrap();
    let found = shown_period(&values).unwrap();
    assert_eq!((found.period, found.preperiod), (12, 71));
    // Nim's values never repeat.
    let identity: Vec<Value> = (0..50).collect();
    assert_eq!(shown_period(&identity), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn as_the_definition_finds(values in proptest::collection::vec(0u64..3, 0..30)) {
        let found = shown_period(&values).map(|p| (p.period, p.preperiod));
        prop_assert_eq!(found, brute(&values));
    }
}
