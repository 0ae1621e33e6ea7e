//! Benchmarks of the coin-turning engine: verify (decomposition against direct
//! solve), the direct solve of rows with large values, one-coin tables and nim
//! products.

use cgt::coins::{Rule, direct_solve, one_coin_values, verify};
use cgt::nimber::nim_product;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

fn bench_verify(c: &mut Criterion) {
    let mock = Rule::by_name("mock-turtles").unwrap();
    let mut group = c.benchmark_group("verify mock-turtles");
    group.sample_size(10);
    for coins in [16, 20] {
        group.bench_function(format!("{coins} coins"), |b| {
            b.iter(|| verify(&mock, black_box(coins), &|_, _| {}).unwrap())
        });
    }
    group.finish();
}

/// Mogul's rows of 17 coins (the coin-turning essay's table): values up to
/// 4095, so each row's option values take a bitset of 64 words.
fn bench_direct_mogul(c: &mut Criterion) {
    let mogul = Rule::by_name("mogul").unwrap();
    let mut group = c.benchmark_group("direct solve mogul");
    group.sample_size(10);
    group.bench_function("17 coins", |b| {
        b.iter(|| direct_solve(&mogul, black_box(17), &|_, _| {}).unwrap())
    });
    group.finish();
}

fn bench_tables(c: &mut Criterion) {
    let mogul = Rule::by_name("mogul").unwrap();
    c.bench_function("table mogul 24", |b| {
        b.iter(|| one_coin_values(&mogul, black_box(24)).unwrap())
    });
    c.bench_function("table mogul 64", |b| {
        b.iter(|| one_coin_values(&mogul, black_box(64)).unwrap())
    });
}

fn bench_nim_product(c: &mut Criterion) {
    let pairs: Vec<(u64, u64)> = (0..1024u64)
        .map(|i| {
            let x = i.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(23) ^ 0xD1B5_4A32_D192_ED03;
            (x, x.wrapping_mul(0xBF58_476D_1CE4_E5B9).rotate_left(31))
        })
        .collect();
    let mut group = c.benchmark_group("nim_product");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("1024 products of random 64-bit nimbers", |b| {
        b.iter(|| {
            pairs.iter().fold(0u64, |acc, &(x, y)| {
                acc ^ nim_product(black_box(x), black_box(y))
            })
        })
    });
    group.finish();
}

criterion_group!(
    benches,
    bench_verify,
    bench_direct_mogul,
    bench_tables,
    bench_nim_product
);
criterion_main!(benches);
