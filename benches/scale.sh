#!/usr/bin/env bash
# Full builds of 1,000, 10,000 and 30,000 generated essays by grundy and by
# Hugo: each build's wall time and peak memory (maximum resident set size),
# the median of RUNS runs (default 3), and per essay.
#
#   benches/scale.sh GEN_SITE [RUNS] [SIZES...]
#
# GEN_SITE is the generator of synthetic sites (gen-site OUT --pages N
# --flavor grundy|hugo). Needs hugo and GNU time (/usr/bin/time). grundy
# builds with --no-cache (every directive computed) and without social
# cards (drawing 30,000 cards measures resvg, not the build; the cards are
# timed by benches/site-vs-hugo.sh). Every run's output is moved aside first.
set -euo pipefail
gen=${1:?usage: benches/scale.sh GEN_SITE [RUNS] [SIZES...]}
runs=${2:-3}
shift $(($# < 2 ? $# : 2))
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000 30000)
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
grundy="$repo/target/release/grundy"
mkdir "$work/trash"

# One build, timed: "seconds kilobytes".
measure() {
  local out=$1
  shift
  if [ -e "$out" ]; then mv "$out" "$work/trash/$(date +%s%N)"; fi
  /usr/bin/time -f '%e %M' -o "$work/time" "$@" >/dev/null 2>"$work/log" || {
    cat "$work/log" >&2
    exit 1
  }
  cat "$work/time"
}

# Each size's runs, "TOOL N seconds kilobytes" a line, then the table.
for n in "${sizes[@]}"; do
  "$gen" "$work/g$n" --pages "$n" --flavor grundy
  "$gen" "$work/h$n" --pages "$n" --flavor hugo
  cp -r "$repo/templates" "$repo/static" "$work/g$n/"
  echo 'social_cards = false' >"$work/g$n/grundy.toml"
  "$grundy" build --no-cache --root "$work/g$n" >/dev/null 2>&1 # warm the file cache
  for _ in $(seq "$runs"); do
    echo "grundy $n $(measure "$work/g$n/public" "$grundy" build --no-cache --root "$work/g$n")" >>"$work/runs"
    echo "Hugo $n $(measure "$work/h$n/public" hugo --quiet -s "$work/h$n")" >>"$work/runs"
  done
  rm -rf "$work/g$n" "$work/h$n" "$work/trash"/*
done

# Per essay: the whole build's, and the growth from the size before (what
# one more essay costs, without what every build costs once).
python3 - "$work/runs" <<'PY'
import statistics, sys
runs = {}
for line in open(sys.argv[1]):
    tool, n, secs, kib = line.split()
    runs.setdefault((tool, int(n)), []).append((float(secs), int(kib)))
print("| essays | tool | median time | per essay | growth per essay | median peak memory | per essay | growth per essay |")
print("|---:|---|---:|---:|---:|---:|---:|---:|")
for tool in ("grundy", "Hugo"):
    before = None
    for (t, n), rs in sorted(runs.items(), key=lambda kv: kv[0][1]):
        if t != tool:
            continue
        secs = statistics.median(r[0] for r in rs)
        kib = statistics.median(r[1] for r in rs)
        grow_t = grow_m = "–"
        if before:
            dn = n - before[0]
            grow_t = f"{(secs - before[1]) / dn * 1e3:.2f} ms"
            grow_m = f"{(kib - before[2]) / dn:.1f} KiB"
        print(f"| {n:,} | {tool} | {secs:.2f} s | {secs / n * 1e3:.2f} ms | {grow_t} | "
              f"{kib / 1024:.0f} MiB | {kib / n:.1f} KiB | {grow_m} |")
        before = (n, secs, kib)
PY
