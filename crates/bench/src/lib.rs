//! grundy's benchmarks, as a package: the engine's methods and the site's builds, measured with criterion (`benches/`); nothing here but this note.
