//! Benchmarks of heap-game sequences, periodicity proofs and code enumeration.

use cgt::code::p_position_code;
use cgt::heaps::HeapGame;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

fn sequences(c: &mut Criterion) {
    let kayles = HeapGame::parse("kayles").unwrap();
    c.bench_function("kayles 1000 values", |b| {
        b.iter(|| kayles.sequence(black_box(1000)))
    });
    let grundy = HeapGame::GrundysGame;
    c.bench_function("grundys-game 1000 values", |b| {
        b.iter(|| grundy.sequence(black_box(1000)))
    });
    let sub = HeapGame::parse("subtraction:1,3,4").unwrap();
    c.bench_function("subtraction:1,3,4 100000 values", |b| {
        b.iter(|| sub.sequence(black_box(100_000)))
    });
    let all_but = HeapGame::parse("subtraction-all-but:1,2").unwrap();
    c.bench_function("subtraction-all-but:1,2 100000 values", |b| {
        b.iter(|| all_but.sequence(black_box(100_000)))
    });
    let laskers = HeapGame::LaskersNim;
    c.bench_function("laskers-nim 1000 values", |b| {
        b.iter(|| laskers.sequence(black_box(1000)))
    });
    let hex = HeapGame::parse("hex:0.8F").unwrap();
    c.bench_function("hex:0.8F 300 values", |b| {
        b.iter(|| hex.sequence(black_box(300)))
    });
}

fn misere(c: &mut Criterion) {
    let kayles = HeapGame::parse("misere:kayles").unwrap();
    c.bench_function("misere:kayles outcome 9,9,9", |b| {
        b.iter(|| kayles.outcome(black_box(&[9, 9, 9])))
    });
}

fn periodicity(c: &mut Criterion) {
    let kayles = HeapGame::parse("kayles").unwrap();
    c.bench_function("kayles periodicity", |b| {
        b.iter(|| kayles.periodicity(black_box(2000)))
    });
    let dawson = HeapGame::parse("dawsons-kayles").unwrap();
    c.bench_function("dawsons-kayles periodicity", |b| {
        b.iter(|| dawson.periodicity(black_box(2000)))
    });
}

fn greedy_value(c: &mut Criterion) {
    c.bench_function("greedy-nim value 7,7,7,7", |b| {
        b.iter(|| HeapGame::GreedyNim.value(black_box(&[7, 7, 7, 7])))
    });
}

fn codes(c: &mut Criterion) {
    // Golay: the one-coin values of Mogul on places 1..24 (computed once, outside the timing).
    let values: Vec<u64> = {
        let mut v: Vec<u64> = Vec::new();
        for _ in 0..24 {
            let mut seen = std::collections::BTreeSet::new();
            let mut stack = vec![(0usize, 6usize, 0u64)];
            while let Some((from, left, acc)) = stack.pop() {
                seen.insert(acc);
                if left > 0 {
                    for (i, &x) in v.iter().enumerate().skip(from) {
                        stack.push((i + 1, left - 1, acc ^ x));
                    }
                }
            }
            v.push((0..).find(|x| !seen.contains(x)).unwrap_or(0));
        }
        v
    };
    c.bench_function("golay code enumeration", |b| {
        b.iter(|| p_position_code(black_box(&values), 1 << 20))
    });
}

criterion_group!(benches, sequences, misere, periodicity, greedy_value, codes);
criterion_main!(benches);
