//! `content/sprague-grundy.md`: the mex and the values the essay states.

use crate::support::says;

/// The least whole number not in `set`.
fn mex(set: &[u32]) -> u32 {
    (0..)
        .find(|n| !set.contains(n))
        .expect("a finite set misses a number")
}

#[test]
fn the_three_worked_mexes() {
    says(
        "sprague-grundy",
        r"\operatorname{mex}\{0, 1, 3\} = 2, \qquad \operatorname{mex}\{1, 2\} = 0, \qquad \operatorname{mex}\{\} = 0.",
    );
    assert_eq!(mex(&[0, 1, 3]), 2);
    assert_eq!(mex(&[1, 2]), 0);
    assert_eq!(mex(&[]), 0);
}
