#!/usr/bin/env bash
# Every build-speed number the guide quotes (docs/content/development.md), in one run on one machine:
#   1. full builds of 1,000 generated essays, grundy beside Hugo (site-vs-hugo.sh);
#   2. this repository's site built cold, and rebuilt after a one-line prose
#      edit with the directives' results kept (rebuild.sh);
#   3. 1,000, 10,000 and 30,000 generated essays, time and peak memory,
#      grundy beside Hugo (scale.sh).
# Each prints medians; compare numbers within one run, not across runs.
#
#   benches/all.sh GEN_SITE [RUNS]
set -euo pipefail
gen=${1:?usage: benches/all.sh GEN_SITE [RUNS]}
runs=${2:-5}
here=$(dirname "$0")
echo "## 1,000 generated essays, grundy and Hugo ($runs runs each)"
"$here/site-vs-hugo.sh" "$gen" 1000 "$runs"
echo
echo "## This repository's site, cold and after a one-line edit ($runs runs each)"
"$here/rebuild.sh" "$runs"
echo
echo "## Scale (3 runs each)"
"$here/scale.sh" "$gen" 3
