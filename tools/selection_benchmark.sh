#!/usr/bin/env bash
# Reruns the selection benchmark behind docs/selection.md: every selector over 20 seeds on
# hidden-truth campaigns of 10 and 16 systems and on the WMT13 fr-en pool, writing JSON and
# SVG into OUT (default: selection-benchmark/), then the large evaluation (500 seeds), then
# the runs scored by the anytime-valid leaderboard (OUT/anytime/).
# Run from the repository root after building.
#   tools/selection_benchmark.sh [OUT]
set -euo pipefail
out=${1:-selection-benchmark}
bin=${TOURNEY_BIN:-build/bin/tourney}
shared=${TOURNEY_SHARED_DIR:-../shared}
selectors=uniform,trueskill,frontier,racing,lucb,info-gain,thompson,arena
mkdir -p "$out"
for n in 10 16; do
  "$bin" selection-benchmark --systems "$n" --seeds 20 --seed 2 --budget 20000 --every 250 \
    --selectors "$selectors" --out "$out/sim$n.json" --plot "$out/sim$n.svg"
done
# The same 16-system campaigns with the active selectors reading the live TrueSkill
# ratings instead of the selection posterior.
"$bin" selection-benchmark --systems 16 --seeds 20 --seed 2 --budget 20000 --every 250 \
  --selectors "$selectors" --posterior-every 0 --out "$out/sim16-live.json"
# The paper's selector at the paper's beta (sigma0 * budget / 40 = 250).
for n in 10 16; do
  "$bin" selection-benchmark --systems "$n" --seeds 20 --seed 2 --budget 20000 --every 250 \
    --selectors uniform,trueskill --live-beta 250 --out "$out/sim$n-paper-beta.json"
done
pool="$shared/data/wmt13-fr-en/train.csv"
if [[ -f "$pool" ]]; then
  "$bin" selection-benchmark --pool "$pool" --seeds 20 --seed 2 --budget 40000 --every 1000 \
    --tau-at 25000 --selectors "$selectors" --out "$out/fren.json" --plot "$out/fren.svg"
  # The paper's protocol: judgments drawn with replacement (the same judgment may count
  # several times).
  "$bin" selection-benchmark --pool "$pool" --seeds 20 --seed 2 --budget 40000 --every 1000 \
    --tau-at 25000 --selectors "$selectors" --with-replacement --out "$out/fren-replacement.json"
fi
# Replication on 50 fresh seeds (base seed 3).
mkdir -p "$out/replication"
for n in 10 16; do
  "$bin" selection-benchmark --systems "$n" --seeds 50 --seed 3 --budget 20000 --every 250 \
    --selectors "$selectors" --out "$out/replication/sim$n.json"
done
if [[ -f "$pool" ]]; then
  "$bin" selection-benchmark --pool "$pool" --seeds 50 --seed 3 --budget 40000 --every 1000 \
    --tau-at 25000 --selectors "$selectors" --out "$out/replication/fren.json"
else
  echo "skipping the fr-en replay: $pool is absent" >&2
fi
# The large evaluation (base seed 6): 500 campaigns of 10 and 16 systems and 100 fr-en
# replays, two threads (results do not depend on the thread count). About 4 minutes.
mkdir -p "$out/large"
for n in 10 16; do
  "$bin" selection-benchmark --systems "$n" --seeds 500 --seed 6 --budget 20000 --every 250 \
    --selectors "$selectors" --threads 2 --out "$out/large/sim$n.json"
done
if [[ -f "$pool" ]]; then
  "$bin" selection-benchmark --pool "$pool" --seeds 100 --seed 6 --budget 40000 --every 1000 \
    --tau-at 25000 --selectors "$selectors" --threads 2 --out "$out/large/fren.json"
fi
# Honest leaderboards (docs/selection.md, first section): every run is also scored by the
# anytime-valid leaderboard (delta 0.05, epsilon 0.1). First the budgets above, 500
# campaigns (what each scoring shows at 20,000 judgments); then budgets long enough for the
# anytime board to settle (the campaign stops), 500 campaigns of 10 systems and 500 of 16,
# the board summarized every 100 judgments; then the fr-en pool, 100 replays of 40,000 and of 99,000 judgments.
# One thread each; about 25 minutes of CPU per long run.
honest=uniform,frontier,racing,active-ranking,boundary
mkdir -p "$out/anytime"
for n in 10 16; do
  "$bin" selection-benchmark --systems "$n" --seeds 500 --seed 6 --budget 20000 --every 250 \
    --selectors "$honest" --out "$out/anytime/a$n.json"
done
"$bin" selection-benchmark --systems 10 --seeds 500 --seed 6 --budget 200000 --every 10000 \
  --draws 100 --anytime-every 100 --selectors "$honest" --out "$out/anytime/b10.json"
"$bin" selection-benchmark --systems 16 --seeds 500 --seed 6 --budget 500000 --every 25000 \
  --draws 100 --anytime-every 100 --selectors "$honest" --out "$out/anytime/b16.json"
if [[ -f "$pool" ]]; then
  "$bin" selection-benchmark --pool "$pool" --seeds 100 --seed 6 --budget 40000 --every 1000 \
    --tau-at 25000 --selectors "$honest" --out "$out/anytime/fa.json"
  "$bin" selection-benchmark --pool "$pool" --seeds 100 --seed 6 --budget 99000 --every 9900 \
    --draws 100 --anytime-every 100 --selectors "$honest" --out "$out/anytime/fb.json"
fi

# The campaign's combined board (uniform floor 0.2) beside the per-pair board, the planned-look
# board (4 looks) and the fixed-sample board: docs/selection.md, "Verdict with the campaign's
# combined board". Two threads each; about 45 minutes in all on a 2-core machine.
combined=uniform,boundary,active-ranking,frontier,racing
mkdir -p "$out/combined"
for n in 10 16; do
  "$bin" selection-benchmark --systems "$n" --seeds 500 --seed 6 --budget 20000 --every 250 \
    --selectors "$combined" --threads 2 --out "$out/combined/p$n.json"
done
"$bin" selection-benchmark --systems 10 --seeds 500 --seed 6 --budget 100000 --every 5000 \
  --draws 100 --anytime-every 100 --looks 0 --selectors "$combined" --threads 2 \
  --out "$out/combined/s10.json"
"$bin" selection-benchmark --systems 16 --seeds 500 --seed 6 --budget 200000 --every 10000 \
  --draws 100 --anytime-every 100 --looks 0 --selectors "$combined" --threads 2 \
  --out "$out/combined/s16.json"
if [[ -f "$pool" ]]; then
  "$bin" selection-benchmark --pool "$pool" --seeds 100 --seed 6 --budget 40000 --every 1000 \
    --selectors "$combined" --threads 2 --out "$out/combined/fa.json"
fi
