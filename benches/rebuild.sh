#!/usr/bin/env bash
# This repository's site built cold, and again after a one-line prose edit
# with the directives' results kept from the build before, each RUNS times
# (default 5); prints each case's median and the ratio of the rebuild to
# the cold build.
#
#   benches/rebuild.sh [RUNS]
#
# The site is copied to a temporary directory. Every run moves the output
# aside first. The cases:
#   cold, nothing kept    .grundy-cache/ removed: every directive computed, every card drawn
#   cold, cards kept      .grundy-cache/results/ removed: every directive computed
#   one-line prose edit   a line of prose in one essay changed before the run,
#                         the results of the build before kept
# Set GRUNDY to time another binary (default: target/release/grundy, built first).
set -euo pipefail
runs=${1:-5}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ -z "${GRUNDY:-}" ]; then
  cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
  target=$(cargo metadata --format-version 1 --no-deps --manifest-path "$repo/Cargo.toml" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
  GRUNDY="$target/release/grundy"
fi
site="$work/site"
mkdir "$site" "$work/trash"
for part in content games templates static grundy.toml bibliography.yaml; do
  if [ -e "$repo/$part" ]; then cp -r "$repo/$part" "$site/"; fi
done
essay="$site/content/nim-rules.md"

aside() {
  for d in "$@"; do
    if [ -e "$d" ]; then mv "$d" "$work/trash/$(date +%s%N)"; fi
  done
}
# One build, timed: its wall time in nanoseconds.
timed() {
  local start end
  start=$(date +%s%N)
  "$GRUNDY" build --root "$site" >/dev/null 2>"$work/last.log" || {
    cat "$work/last.log" >&2
    exit 1
  }
  end=$(date +%s%N)
  echo $((end - start))
}

"$GRUNDY" build --root "$site" >/dev/null 2>&1 # warm the file cache
declare -A times
for _ in $(seq "$runs"); do
  aside "$site/public" "$site/.grundy-cache"
  times[nothing]+="$(timed) "
  aside "$site/public" "$site/.grundy-cache/results"
  times[cards]+="$(timed) "
  # The edit: one line of prose added at the end of the essay.
  aside "$site/public"
  printf '\nOne more line of prose.\n' >>"$essay"
  times[edit]+="$(timed) "
done

python3 - "${times[nothing]}" "${times[cards]}" "${times[edit]}" <<'EOF'
import statistics, sys
nothing, cards, edit = ([int(t) / 1e9 for t in a.split()] for a in sys.argv[1:])
m = {k: statistics.median(v) for k, v in
     (("cold, nothing kept", nothing), ("cold, cards kept", cards), ("one-line prose edit", edit))}
print(f"| case | median of {len(edit)} | runs |")
print("|---|---|---|")
for (k, v), runs in zip(m.items(), (nothing, cards, edit)):
    print(f"| {k} | {v:.3f} s | {', '.join(f'{t:.2f}' for t in runs)} |")
cold = m["cold, cards kept"]
print(f"\nrebuild / cold (cards kept): {m['one-line prose edit'] / cold:.3f}x; "
      f"rebuild / cold (nothing kept): {m['one-line prose edit'] / m['cold, nothing kept']:.3f}x")
EOF
