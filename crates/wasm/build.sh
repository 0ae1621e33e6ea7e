#!/usr/bin/env bash
# Builds the engine for the page, static/wasm/grundy.wasm, from this crate,
# reproducibly: the same sources give the same bytes wherever the repository
# is cloned. Needs Debian's Rust for the web (apt-get install rust-web-all
# rust-web-src lld): its rustc and cargo 1.96 (not rustup's, which come first
# on PATH), the standard library's source, and wasm-ld.
#
#   crates/wasm/build.sh [OUT]    (OUT defaults to static/wasm/grundy.wasm)
#
# The bytes depend on the compiler: the committed module was built with
# Debian bookworm's rust-web-all 1.96.0+dfsg1-1~deb12u2; another version
# builds other bytes, which CI reports (rebuild and commit them).
#
# The standard library is built from source with the module (-Zbuild-std,
# allowed on a stable compiler by RUSTC_BOOTSTRAP) so that it is optimised
# and stripped with it; every path a build could leave in the bytes (this
# repository, cargo's registry, the standard library's source) is remapped
# to a fixed name, and the profile is fixed here, whatever Cargo.toml's
# release profile says. The build has its own target directory, so it never
# waits on, or invalidates, the host build.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd -P)
out=${1:-$root/static/wasm/grundy.wasm}
cargo=${GRUNDY_WASM_CARGO:-/usr/bin/cargo}
rustc=${GRUNDY_WASM_RUSTC:-/usr/bin/rustc}
target_dir=${GRUNDY_WASM_TARGET_DIR:-$root/target/wasm}
cargo_home=${CARGO_HOME:-$HOME/.cargo}

for tool in "$cargo" "$rustc" wasm-ld; do
  command -v "$tool" >/dev/null || {
    echo "crates/wasm/build.sh: $tool not found (apt-get install rust-web-all rust-web-src lld)" >&2
    exit 2
  }
done
sysroot=$("$rustc" --print sysroot)
std_src="$sysroot/lib/rustlib/src/rust"
[ -d "$std_src/library" ] || {
  echo "crates/wasm/build.sh: no standard library source at $std_src (apt-get install rust-web-src)" >&2
  exit 2
}

# Later prefixes win where two match: the most specific last.
remap=(
  "--remap-path-prefix=$cargo_home=/cargo"
  "--remap-path-prefix=$(readlink -f "$std_src")=/rust"
  "--remap-path-prefix=$std_src=/rust"
  "--remap-path-prefix=$root=/grundy"
)
flags=$(printf '%s\x1f' "${remap[@]}")
flags=${flags%$'\x1f'}

env -u RUSTFLAGS -u CARGO_BUILD_RUSTFLAGS -u RUSTC_WRAPPER -u CARGO_BUILD_RUSTC_WRAPPER \
  RUSTC="$rustc" \
  RUSTC_BOOTSTRAP=1 \
  CARGO_TARGET_DIR="$target_dir" \
  CARGO_ENCODED_RUSTFLAGS="$flags" \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld \
  CARGO_PROFILE_RELEASE_OPT_LEVEL=s \
  CARGO_PROFILE_RELEASE_LTO=fat \
  CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
  CARGO_PROFILE_RELEASE_PANIC=abort \
  CARGO_PROFILE_RELEASE_DEBUG=false \
  CARGO_PROFILE_RELEASE_STRIP=symbols \
  CARGO_PROFILE_RELEASE_INCREMENTAL=false \
  CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS=false \
  CARGO_PROFILE_RELEASE_OVERFLOW_CHECKS=false \
  "$cargo" build --locked --release --quiet \
    --manifest-path "$root/Cargo.toml" -p grundy-wasm --lib \
    --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort

mkdir -p "$(dirname "$out")"
cp "$target_dir/wasm32-unknown-unknown/release/grundy_wasm.wasm" "$out"
size=$(wc -c < "$out")
gz=$(gzip -9n < "$out" | wc -c)
echo "$out: $size bytes, $gz gzipped, sha256 $(sha256sum "$out" | cut -d' ' -f1) ($("$rustc" -V))"
