//! Arbitrary certificates of every kind, numbers and names chosen to hurt
//! (u64::MAX, empty and mismatched lists, positions past the table, rows
//! past 64 coins, parts of the wrong kind, odd game names): `check` always
//! answers, passing or refusing, never panicking, and within its budget.

use grundy_certify::certificate::Addition;
use grundy_certify::rules::MAX_WORK;
use grundy_certify::{
    Certificate, Claim, CodeStated, Cut, CutClaim, Entry, Nearest, Part, PartPosition, Standing,
    SumMove, Verdict, check, tally,
};
use proptest::collection::vec;
use proptest::prelude::*;

/// Names the checker knows, and names it must refuse cleanly.
const GAMES: [&str; 28] = [
    "nim",
    "misere-nim",
    "greedy-nim",
    "kayles",
    "dawsons-kayles",
    "grundys-game",
    "laskers-nim",
    "wythoff",
    "octal:0.137",
    "octal:4.7",
    "octal:",
    "octal:.",
    "hex:0.8F",
    "subtraction:1,3,4",
    "subtraction:5-1",
    "subtraction:0",
    "subtraction:1-18446744073709551615",
    "subtraction-all-but:1,2-4",
    "misere:kayles",
    "misere:misere:nim",
    "misere:",
    "turning-turtles",
    "ruler",
    "turning:0",
    "turning:1-64C(63)",
    "turning:1+C",
    "turning:65",
    "",
];

fn game() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(&GAMES[..]).prop_map(str::to_owned),
        1 => "[a-z:.,0-9+()C-]{0,12}",
    ]
}

/// Small numbers mostly, and the largest.
fn number() -> impl Strategy<Value = u64> {
    prop_oneof![
        6 => 0u64..12,
        1 => Just(u64::MAX),
        1 => Just(u64::MAX >> 1),
        1 => any::<u64>(),
    ]
}

fn index() -> impl Strategy<Value = usize> {
    prop_oneof![4 => 0usize..12, 1 => Just(usize::MAX), 1 => any::<usize>()]
}

fn numbers() -> impl Strategy<Value = Vec<u64>> {
    vec(number(), 0..12)
}

fn verdict() -> impl Strategy<Value = Verdict> {
    prop_oneof![
        number().prop_map(Verdict::Value),
        Just(Verdict::P),
        Just(Verdict::N)
    ]
}

fn claim() -> impl Strategy<Value = Claim> {
    (numbers(), verdict(), vec(numbers(), 0..4), any::<bool>()).prop_map(
        |(position, verdict, winning, every_winning)| Claim {
            position,
            verdict,
            winning,
            every_winning,
        },
    )
}

fn part_position() -> impl Strategy<Value = PartPosition> {
    prop_oneof![
        numbers().prop_map(PartPosition::Heaps),
        number().prop_map(PartPosition::Coins)
    ]
}

fn nearest() -> impl Strategy<Value = Nearest> {
    (number(), number(), number(), number(), number(), numbers()).prop_map(
        |(row, value, word, distance, ties, winning)| Nearest {
            row,
            value,
            word,
            distance,
            ties,
            winning,
        },
    )
}

fn stated() -> impl Strategy<Value = CodeStated> {
    (
        prop::option::of(number()),
        prop::option::of(number()),
        prop::option::of(number()),
        prop::option::of(numbers()),
        numbers(),
        vec(nearest(), 0..3),
    )
        .prop_map(
            |(size, dimension, distance, weights, words, nearest)| CodeStated {
                size,
                dimension,
                distance,
                weights,
                words,
                nearest,
            },
        )
}

fn certificate() -> impl Strategy<Value = Certificate> {
    prop_oneof![
        (game(), numbers(), vec(claim(), 0..4)).prop_map(|(game, values, claims)| {
            Certificate::Sequence {
                game,
                values,
                claims,
            }
        }),
        (
            game(),
            vec((numbers(), verdict()), 0..8),
            vec(claim(), 0..4)
        )
            .prop_map(|(game, table, claims)| Certificate::Closure {
                game,
                table: table
                    .into_iter()
                    .map(|(position, verdict)| Entry { position, verdict })
                    .collect(),
                claims,
            }),
        vec((numbers(), number()), 0..6).prop_map(|rows| Certificate::NimSums {
            rows: rows
                .into_iter()
                .map(|(numbers, sum)| Addition { numbers, sum })
                .collect(),
        }),
        (game(), vec(number(), 0..40), index(), index()).prop_map(
            |(game, values, preperiod, period)| Certificate::Period {
                game,
                values,
                preperiod,
                period,
            }
        ),
        (
            vec((0u32..6, 0u32..6), 0..70),
            vec(0u32..6, 0..3),
            vec((number(), number()), 0..8),
            vec(
                (
                    number(),
                    number(),
                    vec((index(), index()), 0..3),
                    any::<bool>()
                ),
                0..3
            ),
        )
            .prop_map(|(edges, ground, table, claims)| Certificate::Hackenbush {
                edges,
                ground,
                table: table
                    .into_iter()
                    .map(|(standing, value)| Standing { standing, value })
                    .collect(),
                claims: claims
                    .into_iter()
                    .map(|(standing, value, cuts, every_winning)| CutClaim {
                        standing,
                        value,
                        winning: cuts
                            .into_iter()
                            .map(|(edge, falls)| Cut { edge, falls })
                            .collect(),
                        every_winning,
                    })
                    .collect(),
            }),
        (game(), vec(number(), 0..70), numbers(), stated()).prop_map(
            |(game, values, basis, stated)| Certificate::Code {
                game,
                values,
                basis,
                stated,
            }
        ),
        (
            vec((game(), numbers(), part_position()), 0..4),
            number(),
            vec((index(), part_position()), 0..4),
        )
            .prop_map(|(parts, value, winning)| Certificate::Sum {
                parts: parts
                    .into_iter()
                    .map(|(game, values, position)| Part {
                        game,
                        values,
                        position,
                    })
                    .collect(),
                value,
                winning: winning
                    .into_iter()
                    .map(|(part, after)| SumMove { part, after })
                    .collect(),
            }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_certificate_is_answered_within_the_budget(c in certificate()) {
        tally::reset();
        let _ = check(&c);
        prop_assert!(tally::done() <= 4 * MAX_WORK, "{} units of work", tally::done());
    }
}

/// A true certificate of the most values allowed, for the game whose heaps
/// have the most options the budget allows: refused for size or checked,
/// and either way within the budget's work.
#[test]
fn the_most_expensive_certificates_stay_within_the_budget() {
    let nim: Vec<u64> = (0..250_000).collect();
    let laskers: Vec<u64> = (0..250_000u64)
        .map(|n| match n % 4 {
            0 if n > 0 => n - 1,
            3 => n + 1,
            _ => n,
        })
        .collect();
    for (game, values) in [("nim", nim), ("laskers-nim", laskers)] {
        let certificate = Certificate::Sequence {
            game: game.into(),
            values,
            claims: vec![],
        };
        tally::reset();
        let answer = check(&certificate);
        assert!(
            answer.as_ref().is_ok_or_else_too_large(),
            "{game}: {answer:?}"
        );
        assert!(tally::done() <= 4 * MAX_WORK, "{game}: {}", tally::done());
    }
}

trait TooLarge {
    fn is_ok_or_else_too_large(&self) -> bool;
}

impl<T> TooLarge for Result<&T, &grundy_certify::Refusal> {
    fn is_ok_or_else_too_large(&self) -> bool {
        match self {
            Ok(_) => true,
            Err(r) => r.too_large,
        }
    }
}
