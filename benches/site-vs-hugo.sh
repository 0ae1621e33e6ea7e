#!/usr/bin/env bash
# Full builds of the same synthetic essays by grundy and by Hugo, in one
# hyperfine run (the machines are shared: compare within a run, not across).
#
#   benches/site-vs-hugo.sh GEN_SITE [PAGES] [RUNS]
#
# GEN_SITE is the generator of synthetic sites (gen-site OUT --pages N
# --flavor grundy|hugo). Needs hugo and hyperfine. Every case moves the
# output aside before each run; the cases differ in what grundy keeps:
#   cards kept   the social-card cache of an earlier build is there (a full
#                build in a working copy, as Hugo keeps resources/_gen)
#   cards cold   the cache is removed too: every card is drawn
#   no cards     social_cards = false
# Every grundy case builds with --no-cache: every directive is computed, as
# in a full build (benches/rebuild.sh times builds that keep results).
set -euo pipefail
gen=${1:?usage: benches/site-vs-hugo.sh GEN_SITE [PAGES] [RUNS]}
pages=${2:-1000}
runs=${3:-7}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
grundy="$repo/target/release/grundy"
"$gen" "$work/hugo" --pages "$pages" --flavor hugo
"$gen" "$work/g" --pages "$pages" --flavor grundy
cp -r "$repo/templates" "$repo/static" "$work/g/"
cp -r "$work/g" "$work/g-nocards"
echo 'social_cards = false' >"$work/g-nocards/grundy.toml"
"$grundy" build --root "$work/g" >/dev/null # fills the card cache

# Each case moves only its own output aside before each run (hyperfine pairs
# the --prepare options with the commands in order), into a directory removed
# at the end. Moved, not removed: on ext4 without a journal a new file skips
# every inode freed in the last minute, one by one, so removing thousands of
# files before each run makes every later run of every case pay for them (a
# cost that grows through the run and falls on the cases timed last).
# BENCH_REMOVE=1 removes instead, to see that cost.
aside() {
  if [ -n "${BENCH_REMOVE:-}" ]; then
    echo "rm -rf $*"
  else
    echo "sh -c 'for d in $*; do if [ -e \$d ]; then mv \$d $work/trash/\$(date +%s%N); fi; done'"
  fi
}
mkdir "$work/trash"
hyperfine --warmup 1 --runs "$runs" -N --export-json "$work/times.json" \
  --prepare "$(aside "$work/hugo/public")" \
  --prepare "$(aside "$work/g/public")" \
  --prepare "$(aside "$work/g-nocards/public")" \
  --prepare "$(aside "$work/g/public" "$work/g/.grundy-cache")" \
  -n "hugo" "hugo --quiet -s $work/hugo" \
  -n "grundy, cards kept" "$grundy build --no-cache --root $work/g" \
  -n "grundy, no cards" "$grundy build --no-cache --root $work/g-nocards" \
  -n "grundy, cards cold" "$grundy build --no-cache --root $work/g"

# Medians (hyperfine prints means), and each case's ratio to Hugo's.
python3 - "$work/times.json" <<'EOF'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
hugo = results[0]["median"]
for r in results:
    print(f"{r['command']:<20} median {r['median']:.3f} s  user {r['user']:.2f} s"
          f"  sys {r['system']:.2f} s  {r['median'] / hugo:.2f} x Hugo")
EOF
