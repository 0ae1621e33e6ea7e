#!/usr/bin/env bash
# Full builds of the same synthetic essays by grundy and by Hugo, in one
# hyperfine run (the machines are shared: compare within a run, not across).
#
#   benches/site-vs-hugo.sh GEN_SITE [PAGES] [RUNS]
#
# GEN_SITE is the generator of synthetic sites (gen-site OUT --pages N
# --flavor grundy|hugo). Needs hugo and hyperfine. Every case removes the
# output before each run; the cases differ in what grundy keeps:
#   cards kept   the social-card cache of an earlier build is there (a full
#                build in a working copy, as Hugo keeps resources/_gen)
#   cards cold   the cache is removed too: every card is drawn
#   no cards     social_cards = false
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
cp -r "$repo/crates/site/templates" "$repo/crates/site/static" "$work/g/"
cp -r "$work/g" "$work/g-nocards"
echo 'social_cards = false' >"$work/g-nocards/grundy.toml"
"$grundy" build --root "$work/g" >/dev/null # fills the card cache

# Each case removes only its own output before each run (hyperfine pairs the
# --prepare options with the commands in order).
hyperfine --warmup 1 --runs "$runs" -N \
  --prepare "rm -rf $work/hugo/public" \
  --prepare "rm -rf $work/g/public" \
  --prepare "rm -rf $work/g-nocards/public" \
  --prepare "rm -rf $work/g/public $work/g/.grundy-cache" \
  -n "hugo" "hugo --quiet -s $work/hugo" \
  -n "grundy, cards kept" "$grundy build --root $work/g" \
  -n "grundy, no cards" "$grundy build --root $work/g-nocards" \
  -n "grundy, cards cold" "$grundy build --root $work/g"
