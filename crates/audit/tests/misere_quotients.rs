//! `content/misere-quotients.md`: the classes of single stones, the products
//! the essay reads from the quotient of Kayles, and the positions it solves,
//! each re-derived by the brute-force misère solve of `misere.rs`.

use std::collections::HashMap;

use crate::misere::{Heaps, Solver, canonical, genus, kayles, nim, positions};
use crate::support::says;

/// Whether positions `x` and `y` of Kayles lie in one element of the quotient
/// of rows up to eight pins: the same misère outcome beside every position
/// of up to three rows of at most eight pins, which stands for "every
/// position" here.
fn same_element(solver: &mut Solver, x: &[u64], y: &[u64]) -> bool {
    positions(3, 8).iter().all(|t| {
        let (mut xt, mut yt) = (x.to_vec(), y.to_vec());
        xt.extend(t);
        yt.extend(t);
        solver.misere_n(&xt) == solver.misere_n(&yt)
    })
}

#[test]
fn the_opening_positions_and_their_products() {
    says(
        "misere-quotients",
        "Here is a small position of misère Kayles: a row of one pin and a row of five.",
    );
    says(
        "misere-quotients",
        "Then put a row of two pins beside the other two rows. Does that change who wins?",
    );
    // Rows of one and five (a·c = ac, in the P-portion) lose for the player
    // to move; adding a row of two (abc, not in it) makes a win.
    let mut solver = Solver::new(kayles);
    assert!(!solver.misere_n(&[1, 5]));
    assert!(solver.misere_n(&[1, 2, 5]));
    says(
        "misere-quotients",
        "So the product is $ac$, and $ac$ is in the P-portion",
    );
    says("misere-quotients", "the product $abc$ is not in it");
    // The images: a row of one, two and five are three different elements,
    // none of them the empty position's.
    assert!(!same_element(&mut solver, &[1], &[]));
    assert!(!same_element(&mut solver, &[2], &[]));
    assert!(!same_element(&mut solver, &[5], &[]));
    assert!(!same_element(&mut solver, &[1], &[2]));
    assert!(!same_element(&mut solver, &[1], &[5]));
    assert!(!same_element(&mut solver, &[2], &[5]));
    // A row of four shares the image of a row of one.
    assert!(same_element(&mut solver, &[4], &[1]));
    says(
        "misere-quotients",
        "A row of four pins, for instance, has image `{q8.images[4] = \"a\"}`, as a row of one has.",
    );
    // The row of eight alone is a win, as its image ab² is not in the P-portion.
    assert!(solver.misere_n(&[8]));
    assert!(same_element(&mut solver, &[8], &[1, 2, 2]));
    says(
        "misere-quotients",
        "So the row of eight is a win for the player to move, as the misère essay found by solving it",
    );
}

#[test]
fn the_genus_no_longer_tells_positions_apart_once_rows_of_five_and_nine_meet() {
    says(
        "misere-quotients",
        "was a shortcut, but once rows of five and nine can meet it no longer tells apart \
         positions that play differently.",
    );
    // Two rows of five and the empty position share a genus, and part beside a
    // row of nine.
    let mut solver = Solver::new(kayles);
    let mut memo = HashMap::new();
    assert_eq!(
        genus(&mut solver, &[5, 5], &mut memo),
        genus(&mut solver, &[], &mut memo)
    );
    assert_ne!(solver.misere_n(&[5, 5, 9]), solver.misere_n(&[9]));
}

#[test]
fn a_product_reduced_by_the_quotients_rules() {
    let mut solver = Solver::new(kayles);
    // a = a row of one, b = a row of two, c = a row of five: a·a = 1,
    // c·c = 1 and b·b² = b.
    assert!(same_element(&mut solver, &[1, 1], &[]));
    assert!(same_element(&mut solver, &[5, 5], &[]));
    says(
        "misere-quotients",
        "The rule $c \\cdot c = 1$ says that two rows of five, with image $c$ each, have the \
         product $1$: in this quotient they are in the same element as the empty position.",
    );
    // Beside a row of nine they part: once rows of nine are allowed, two rows
    // of five and the empty position are in different elements.
    let mut wider = Solver::new(kayles);
    assert!(!wider.misere_n(&[9]));
    assert!(wider.misere_n(&[5, 5, 9]));
    says(
        "misere-quotients",
        "a loss for the player to move. Beside two rows of five it is",
    );
    says(
        "misere-quotients",
        "So once rows of nine are allowed, two rows of five cannot share the empty position's \
         element $1$",
    );
    assert!(same_element(&mut solver, &[2, 2, 2], &[2]));
    // Neither rule is empty: a and c are not 1, and b² is not b.
    assert!(!same_element(&mut solver, &[1], &[]) && !same_element(&mut solver, &[2, 2], &[2]));
    // Rows of three, five and eight reduce to bc, rows of two and five,
    // which the player to move wins.
    assert!(same_element(&mut solver, &[3, 5, 8], &[2, 5]));
    assert!(solver.misere_n(&[3, 5, 8]));
    says(
        "misere-quotients",
        "The same answer comes without the table, from three rules that its lines of $a$, $b$ and \
         $c$ show: $a \\cdot a = 1$, $c \\cdot c = 1$ and $b \\cdot b^2 = b$.",
    );
    // The letters of abc · ab²: two a's, three b's, one c; by the rules, bc.
    let letters = "abcabb";
    let count = |l: char| letters.chars().filter(|&c| c == l).count();
    assert_eq!((count('a'), count('b'), count('c')), (2, 3, 1));
    // a · a = 1, c · c = 1 and b · b² = b, in the quotient of rows up to eight.
    assert!(same_element(&mut solver, &[1, 1], &[]));
    assert!(same_element(&mut solver, &[5, 5], &[]));
    assert!(same_element(&mut solver, &[2, 2, 2], &[2]));
    says(
        "misere-quotients",
        "Gather the letters of $abc \\cdot ab^2$: two $a$'s, three $b$'s and one $c$.",
    );
    says(
        "misere-quotients",
        "that position is a win for the player to move.",
    );
}

#[test]
fn both_groupings_of_three_five_and_eight_meet_at_bc() {
    let mut solver = Solver::new(kayles);
    // The images, written as rows of one (a), two (b) and five (c).
    let (ab, c, ab2) = (vec![1, 2], vec![5], vec![1, 2, 2]);
    assert!(same_element(&mut solver, &[3], &ab));
    assert!(same_element(&mut solver, &[5], &c));
    assert!(same_element(&mut solver, &[8], &ab2));
    let bc = vec![2, 5];
    // (ab·c)·ab²: ab·c is abc, and the line of abc meets the column of ab² at bc.
    let abc = [ab.clone(), c.clone()].concat();
    assert!(same_element(&mut solver, &[abc, ab2.clone()].concat(), &bc));
    says(
        "misere-quotients",
        "Then find the line of $abc$ in the table and go along it to the column of $ab^2$: they \
         meet at $bc$.",
    );
    // ab·(c·ab²): the line of c meets the column of ab² at ab²c, and the line
    // of ab meets the column of ab²c at bc again.
    let ab2c = [ab2.clone(), c.clone()].concat();
    assert!(same_element(&mut solver, &[c, ab2].concat(), &ab2c));
    assert!(same_element(&mut solver, &[ab, ab2c].concat(), &bc));
    // And ab²c and bc are elements apart from each other and from 1.
    assert!(!same_element(&mut solver, &[1, 2, 2, 5], &bc));
    assert!(!same_element(&mut solver, &bc, &[]));
    says(
        "misere-quotients",
        "First the line of $c$ meets the column of $ab^2$ at $ab^2c$. Then the line of $ab$ meets \
         the column of $ab^2c$ at $bc$ again. So $(ab \\cdot c) \\cdot ab^2$ and \
         $ab \\cdot (c \\cdot ab^2)$ are both $bc$.",
    );
}

#[test]
fn three_rows_of_two_are_won_by_knocking_a_whole_row() {
    let mut solver = Solver::new(kayles);
    // b·b·b = b·b² = b, not in the P-portion: a win.
    assert!(same_element(&mut solver, &[2, 2, 2], &[2]));
    assert!(solver.misere_n(&[2, 2, 2]));
    assert!(solver.misere_n(&[2]));
    // The winning knock leaves two rows of two (b², a P-position); one pin
    // knocked leaves ab² instead, a win for the opponent.
    assert_eq!(solver.winning(&[2, 2, 2]), [vec![2, 2]]);
    assert!(!solver.misere_n(&[2, 2]));
    assert!(solver.misere_n(&[1, 2, 2]));
    // A row of two has exactly two knocks: one pin, or both.
    let mut knocks: Vec<Heaps> = kayles(2).into_iter().map(canonical).collect();
    knocks.sort();
    knocks.dedup();
    assert_eq!(knocks, [vec![], vec![1]]);
    says(
        "misere-quotients",
        "Knock down both pins of one row: what is left is two rows of two, with product $b^2$, \
         which is in it",
    );
    says(
        "misere-quotients",
        "Knocking one pin instead leaves $a b^2$, which is not",
    );
}

#[test]
fn single_stones_fall_into_an_even_class_that_acts_as_one() {
    says(
        "misere-quotients",
        "$1 \\cdot 1 = 1$ and $1 \\cdot a = a$. An even number of stones put beside any position \
         leaves the parity of its stones as it was. So the class $1$ acts in a product as the \
         number one does.",
    );
    says(
        "misere-quotients",
        "$a \\cdot a = 1$, since two odd numbers add up to an even one.",
    );
    let mut solver = Solver::new(nim);
    let stones = |n: usize| vec![1u64; n];
    // A position of single stones is a P-position exactly when their number is odd.
    for n in 0..24 {
        assert_eq!(!solver.misere_n(&stones(n)), n % 2 == 1, "{n}");
    }
    says(
        "misere-quotients",
        "an odd number of them is a P-position. An even number, the empty position included, is \
         not.",
    );
    // Two numbers of stones are in one class when they have the same misère
    // outcome beside every number of stones (up to eight stands for every).
    let mut same = |x: usize, y: usize| {
        (0..8).all(|t| solver.misere_n(&stones(x + t)) == solver.misere_n(&stones(y + t)))
    };
    // The classes are the parities.
    for x in 0..8 {
        for y in 0..8 {
            assert_eq!(same(x, y), x % 2 == y % 2, "{x} {y}");
        }
    }
    // The class of a sum depends only on the classes of its parts: replacing
    // a part by one of its class leaves the sum in its class.
    for x in 0..8 {
        for x2 in 0..8 {
            if same(x, x2) {
                for y in 0..8 {
                    assert!(same(x + y, x2 + y), "{x} {x2} {y}");
                }
            }
        }
    }
    says(
        "misere-quotients",
        "So the class of $X + Y$ depends only on the classes of $X$ and $Y$.",
    );
    says(
        "misere-quotients",
        "That image depends only on the images of the two factors, not on which positions you took.",
    );
    // Side by side: an even number beside any number keeps its class (1 acts
    // as one), and two odd numbers make the class of none (a times a is 1).
    for x in 0..8 {
        for t in (0..8).step_by(2) {
            assert!(same(x + t, x), "{x} {t}");
        }
    }
    for x in (1..8).step_by(2) {
        for y in (1..8).step_by(2) {
            assert!(same(x + y, 0), "{x} {y}");
        }
    }
    // Images: three stones are in the class of one stone (a), two in the
    // class of none (1); the P-portion is the class of one stone alone.
    assert!(same(3, 1) && same(2, 0) && !same(1, 0));
    let mut outcomes = Solver::new(nim);
    assert!(!outcomes.misere_n(&stones(1)) && outcomes.misere_n(&stones(0)));
    says(
        "misere-quotients",
        "The image of three single stones is $a$, and the image of two stones is $1$.",
    );
    says(
        "misere-quotients",
        "Here the P-portion holds one class, $a$.",
    );
    // Two stones and none: one element.
    assert!(same(2, 0));
    says(
        "misere-quotients",
        "With single stones, two stones and none are in one element",
    );
    // Three stones grouped either way: (a·a)·a = 1·a = a and a·(a·a) = a·1 = a,
    // the class of three stones, a P-position.
    let (one, a) = (0, 1);
    assert!(same(a + a, one) && same(one + a, a) && same(a + one, a));
    assert!(same(3, 1) && !outcomes.misere_n(&stones(3)));
    says(
        "misere-quotients",
        "Take three single stones, each with image $a$. Grouped as $(a \\cdot a) \\cdot a$, their \
         product is $1 \\cdot a = a$. Grouped as $a \\cdot (a \\cdot a)$, it is $a \\cdot 1 = a$, \
         the same.",
    );
}

#[test]
fn the_positions_of_one_element_share_an_outcome() {
    // Beside the empty position the outcomes of one element agree: checked
    // on the elements of rows up to eight pins, among positions of up to two rows.
    let mut solver = Solver::new(kayles);
    let small = positions(2, 8);
    for x in &small {
        for y in &small {
            if same_element(&mut solver, x, y) {
                assert_eq!(solver.misere_n(x), solver.misere_n(y), "{x:?} {y:?}");
            }
        }
    }
    says(
        "misere-quotients",
        "All the positions of one element have the same outcome, since the empty position can be \
         put beside them.",
    );
}

#[test]
fn a_knock_of_one_pin_from_a_row_of_five() {
    says(
        "misere-quotients",
        "from a row of five, knocking the end pin leaves a row of four, the second pin rows of one \
         and three, the middle pin rows of two and two.",
    );
    // Pin p of a row of five leaves p - 1 pins before it and 5 - p after.
    let leaves = |p: u64| canonical(vec![p - 1, 5 - p]);
    assert_eq!(
        [leaves(1), leaves(2), leaves(3)],
        [vec![4], vec![1, 3], vec![2, 2]]
    );
    let mut left: Vec<Heaps> = kayles(5)
        .into_iter()
        .filter(|rows| rows.iter().sum::<u64>() == 4)
        .map(canonical)
        .collect();
    left.sort();
    left.dedup();
    assert_eq!(left, [vec![1, 3], vec![2, 2], vec![4]]);
}

/// How many elements the `partners` fall into, each told apart from the
/// others by its outcomes beside all of them.
fn elements(solver: &mut Solver, partners: &[Heaps]) -> usize {
    let mut images: Vec<Vec<bool>> = partners
        .iter()
        .map(|x| signature(solver, x, partners))
        .collect();
    images.sort();
    images.dedup();
    images.len()
}

/// A position's outcomes beside every partner: two positions with the same
/// signature are in one element, as far as those partners tell.
fn signature(solver: &mut Solver, x: &[u64], partners: &[Heaps]) -> Vec<bool> {
    partners
        .iter()
        .map(|t| {
            let mut xt = x.to_vec();
            xt.extend(t);
            solver.misere_n(&xt)
        })
        .collect()
}

/// The pair the proof follows for a position: its image (its signature)
/// and the set of images of the positions one knock leaves.
type Pair = (Vec<bool>, Vec<Vec<bool>>);

fn pair(solver: &mut Solver, x: &[u64], partners: &[Heaps]) -> Pair {
    let image = signature(solver, x, partners);
    let mut left: Vec<Vec<bool>> = solver
        .options(&canonical(x.to_vec()))
        .iter()
        .map(|o| signature(solver, o, partners))
        .collect();
    left.sort();
    left.dedup();
    (image, left)
}

#[test]
fn the_pair_after_a_row_is_added_follows_from_the_pair_before() {
    says(
        "misere-quotients",
        "Put one more row beside a position, and both are known from the same two things for the \
         position and for the row alone, since a knock falls in one or the other.",
    );
    says(
        "misere-quotients",
        "The image is in the P-portion exactly when there is a knock and no knock leaves an image \
         in the P-portion.",
    );
    let mut solver = Solver::new(kayles);
    let partners = positions(3, 8);
    // Twelve images among positions of up to three rows of at most eight.
    assert_eq!(elements(&mut solver, &partners), 12);
    // Positions of up to two rows with one pair keep one pair when any row
    // is put beside them; and in every pair the misère rule holds.
    let small = positions(2, 8);
    let pairs: Vec<Pair> = small
        .iter()
        .map(|x| pair(&mut solver, x, &partners))
        .collect();
    let mut shared = 0;
    for (i, x) in small.iter().enumerate() {
        let (image, left) = &pairs[i];
        // The image is a P-position's (beside the empty partner, the first)
        // exactly when there is a knock and none leaves a P-position's image.
        assert_eq!(
            !image[0],
            !left.is_empty() && left.iter().all(|l| l[0]),
            "{x:?}"
        );
        for (j, y) in small.iter().enumerate().skip(i + 1) {
            if pairs[i] != pairs[j] {
                continue;
            }
            shared += 1;
            for h in 1..=8 {
                let (mut xh, mut yh) = (x.clone(), y.clone());
                xh.push(h);
                yh.push(h);
                assert!(
                    pair(&mut solver, &xh, &partners) == pair(&mut solver, &yh, &partners),
                    "{x:?} {y:?} beside {h}"
                );
            }
        }
    }
    assert!(shared > 0);
}

#[test]
fn rows_of_one_and_four_by_hand() {
    let mut solver = Solver::new(kayles);
    // Alone, each is a loss for the player to move.
    assert!(!solver.misere_n(&[1]) && !solver.misere_n(&[4]));
    // A row of one has one knock, which leaves nothing.
    assert!(kayles(1).into_iter().all(|l| canonical(l).is_empty()));
    // The knocks from four leave three, one and two, two, or one and one;
    // from each the opponent can leave a single pin.
    let mut left: Vec<Heaps> = kayles(4).into_iter().map(canonical).collect();
    left.sort();
    left.dedup();
    assert_eq!(left, [vec![1, 1], vec![1, 2], vec![2], vec![3]]);
    for l in &left {
        assert!(solver.options(l).contains(&vec![1]), "{l:?}");
    }
    says(
        "misere-quotients",
        "Alone, a row of one is a loss for the player to move, who must knock down the last pin. \
         So is a row of four. Its knocks leave three pins, rows of one and two, two pins, or two \
         rows of one, and from each of these the opponent can leave a single pin.",
    );
    // Beside a row of one, both win: from one and one, knock a pin; from
    // four and one, knock the single pin.
    assert!(solver.misere_n(&[1, 1]) && solver.misere_n(&[1, 4]));
    assert_eq!(solver.winning(&[1, 1]), [vec![1]]);
    assert!(solver.winning(&[1, 4]).contains(&vec![4]));
    says(
        "misere-quotients",
        "Beside a row of one, both rows become wins. From two rows of one, knock one pin, and the \
         opponent must knock the last. From rows of four and one, knock the single pin and leave \
         the row of four.",
    );
}

#[test]
fn six_elements_are_images_only_of_several_rows() {
    let mut solver = Solver::new(kayles);
    // ac, b², bc, abc, b²c and ab²c, as rows of one (a), two (b) and five (c).
    let six: [&[u64]; 6] = [
        &[1, 5],
        &[2, 2],
        &[2, 5],
        &[1, 2, 5],
        &[2, 2, 5],
        &[1, 2, 2, 5],
    ];
    for (i, x) in six.iter().enumerate() {
        for row in 0..=8 {
            let single: Vec<u64> = if row == 0 { vec![] } else { vec![row] };
            assert!(!same_element(&mut solver, x, &single), "{x:?} {row}");
        }
        for y in &six[i + 1..] {
            assert!(!same_element(&mut solver, x, y), "{x:?} {y:?}");
        }
    }
    says(
        "misere-quotients",
        "No single row has these images, only positions of several rows. Two rows of two, for \
         instance, have image $b^2$, and rows of two and five have image $bc$.",
    );
}

#[test]
fn the_row_of_nine_adds_a_letter_and_parts_c_squared_from_one() {
    let mut solver = Solver::new(kayles);
    let partners = positions(3, 9);
    let shorter = positions(3, 8);
    let nine = signature(&mut solver, &[9], &partners);
    // No position of shorter rows plays as the row of nine does.
    for x in &shorter {
        assert_ne!(signature(&mut solver, x, &partners), nine, "{x:?}");
    }
    says(
        "misere-quotients",
        "no position of shorter rows plays as it does.",
    );
    // It is a P-position; two rows of five part from the empty position.
    assert!(!solver.misere_n(&[9]));
    assert_ne!(
        signature(&mut solver, &[5, 5], &partners),
        signature(&mut solver, &[], &partners)
    );
    // Eighteen elements in all, six more than the twelve of rows up to eight.
    assert_eq!(elements(&mut solver, &partners), 18);
    says(
        "misere-quotients",
        "And $c \\cdot c$ is no longer $1$ but an element of its own, $c^2$",
    );
}

#[test]
fn b_times_b_is_not_the_empty_positions_element() {
    // Two rows of two are a P-position and the empty position is not, so
    // b·b = b² and 1 part already beside the empty position.
    let mut solver = Solver::new(kayles);
    assert!(!solver.misere_n(&[2, 2]));
    assert!(solver.misere_n(&[]));
    assert!(!same_element(&mut solver, &[2, 2], &[]));
    says(
        "misere-quotients",
        "Notice what the rules leave out: $b \\cdot b$ is not $1$. Two rows of two are a P-position, so \
         their product $b^2$ is in the P-portion",
    );
    says(
        "misere-quotients",
        "The empty position is not a P-position, since the player to move has no pin to knock and so has won",
    );
}

#[test]
fn the_winning_knock_of_the_played_position_in_pins() {
    // Knocking the second pin of the row of five leaves rows of one and three
    // beside the rows of three and eight: a P-position, so a winning knock.
    let mut solver = Solver::new(kayles);
    assert!(solver.misere_n(&[3, 5, 8]));
    assert!(kayles(5).contains(&vec![1, 3]));
    assert!(!solver.misere_n(&[3, 1, 3, 8]));
    // It is the same element as two rows of two, b², in the P-portion.
    assert!(same_element(&mut solver, &[3, 1, 3, 8], &[2, 2]));
    says(
        "misere-quotients",
        "Knock down the second pin of the row of five, pin",
    );
    says(
        "misere-quotients",
        "The rows' images are then $ab$, $a$, $ab$ and $ab^2$, with product $b^2$, in the P-portion.",
    );
    // Three rows of two: each winning knock takes both pins of one row.
    assert!(solver.winning(&[2, 2, 2]).iter().all(|w| w == &vec![2, 2]));
    says(
        "misere-quotients",
        "winning knocks, one in each row, and each\ntakes both pins of its row",
    );
}

#[test]
fn a_row_of_one_beside_a_position_adds_its_factor_to_every_knock() {
    // The knocks of X beside a row of one leave X's knocks, each still beside
    // the row of one, or X alone: so the images are X's knock images times a,
    // and X's own image times 1.
    let solver = Solver::new(kayles);
    for x in positions(3, 6) {
        let mut x1 = x.clone();
        x1.push(1);
        let mut got = solver.options(&x1);
        let mut want: Vec<Heaps> = solver
            .options(&x)
            .into_iter()
            .map(|mut o| {
                o.push(1);
                canonical(o)
            })
            .collect();
        want.push(canonical(x.clone()));
        got.sort();
        want.sort();
        got.dedup();
        want.dedup();
        assert_eq!(got, want);
    }
    says(
        "misere-quotients",
        "A knock in $X$ leaves one of $X$'s knock images times $a$. Knocking the single pin leaves \
         $X$ alone, with $X$'s own image times $1$.",
    );
    says(
        "misere-quotients",
        "Do the same with $Y$ and a position $Y'$ of the same image as $Y$",
    );
}
