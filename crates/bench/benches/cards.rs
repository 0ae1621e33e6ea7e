//! Social cards: drawing one card, the cost a build pays per essay, whole
//! through resvg and from its parts (backdrop, coins, glyphs drawn once).

use criterion::{Criterion, criterion_group, criterion_main};
use grundy_site::render::{png, social};

fn cards(c: &mut Criterion) {
    let svg = social::svg("Essay 417: mex and decomposition", "Impartial essays");
    c.bench_function("social card svg", |b| {
        b.iter(|| social::svg("Essay 417: mex and decomposition", "Impartial essays"))
    });
    c.bench_function("social card png, drawn whole", |b| {
        b.iter(|| png::render(&svg, 1.0))
    });
    c.bench_function("social card png, from its parts", |b| {
        b.iter(|| social::png("Essay 417: mex and decomposition", "Impartial essays"))
    });
}

criterion_group!(benches, cards);
criterion_main!(benches);
