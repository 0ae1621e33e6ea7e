//! Benchmarks of Wythoff's game: the Grundy grid and the P-position sweep by size.

use cgt::wythoff::{Grid, p_positions};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

fn grid(c: &mut Criterion) {
    let mut group = c.benchmark_group("wythoff grid");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for max in [256u64, 512, 1024, 2048] {
        group.bench_with_input(BenchmarkId::from_parameter(max), &max, |b, &max| {
            b.iter(|| Grid::solve(black_box(max)))
        });
    }
    group.finish();
}

fn sweep(c: &mut Criterion) {
    let mut group = c.benchmark_group("wythoff p-positions");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    for max in [1_000u64, 10_000, 30_000] {
        group.bench_with_input(BenchmarkId::from_parameter(max), &max, |b, &max| {
            b.iter(|| p_positions(black_box(max)))
        });
    }
    group.finish();
}

criterion_group!(benches, grid, sweep);
criterion_main!(benches);
