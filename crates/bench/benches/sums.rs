//! Benchmarks of the direct solve of sums of games, from their moves alone:
//! the sums of the sums-of-games essay's check, each choice of games with one
//! solver, and one sum of three equal parts alone.

use cgt::game::{DirectSolver, Game, Position, parse};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// Each part: the index of its game, and its position.
type Part = (usize, Position);

/// The essay's parts: Kayles rows of 1 to 3 pins, Turning Turtles rows of 1
/// to 3 coins ending in a head, and three Nim positions, by game.
fn parts() -> (Vec<Box<dyn Game>>, Vec<Part>) {
    let games: Vec<Box<dyn Game>> = ["kayles", "turning-turtles", "nim"]
        .iter()
        .map(|name| parse(name).unwrap())
        .collect();
    let texts: [&[&str]; 3] = [
        &["1", "2", "3"],
        &["H", "TH", "HH", "TTH", "THH", "HTH", "HHH"],
        &["1,2", "3,5", "2,4,7"],
    ];
    let parts = texts
        .iter()
        .enumerate()
        .flat_map(|(g, list)| list.iter().map(move |t| (g, *t)))
        .map(|(g, t)| (g, games[g].parse_position(t).unwrap()))
        .collect();
    (games, parts)
}

/// Every sum of 2 or 3 of `parts` (repeats allowed, order not), solved with
/// one solver for each choice of games; the sum of the values.
fn every_sum(games: &[Box<dyn Game>], parts: &[Part]) -> u64 {
    let mut chosen: Vec<Vec<usize>> = Vec::new();
    let n = parts.len();
    for a in 0..n {
        for b in a..n {
            chosen.push(vec![a, b]);
            for c in b..n {
                chosen.push(vec![a, b, c]);
            }
        }
    }
    let mut solvers: Vec<(Vec<usize>, DirectSolver)> = Vec::new();
    let mut total = 0;
    for sum in chosen {
        let tuple: Vec<usize> = sum.iter().map(|&i| parts[i].0).collect();
        let at = match solvers.iter().position(|(t, _)| *t == tuple) {
            Some(at) => at,
            None => {
                let of = tuple.iter().map(|&g| games[g].as_ref()).collect();
                solvers.push((tuple, DirectSolver::of_parts(of).unwrap()));
                solvers.len() - 1
            }
        };
        let position = Position::Sum(sum.iter().map(|&i| parts[i].1.clone()).collect());
        total += solvers[at].1.value(&position).unwrap();
    }
    total
}

fn bench_sums(c: &mut Criterion) {
    let (games, parts) = parts();
    let mut group = c.benchmark_group("direct solve of sums");
    group.sample_size(10);
    group.bench_function("the essay's 546 sums", |b| {
        b.iter(|| every_sum(black_box(&games), &parts))
    });
    let nim = parse("nim").unwrap();
    let position = Position::Sum(vec![nim.parse_position("2,4,7").unwrap(); 3]);
    group.bench_function("nim 2,4,7 three times", |b| {
        b.iter(|| {
            let parts: Vec<&dyn Game> = vec![nim.as_ref(); 3];
            DirectSolver::of_parts(parts)
                .unwrap()
                .value(black_box(&position))
                .unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_sums);
criterion_main!(benches);
