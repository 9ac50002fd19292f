#!/usr/bin/env bash
# Soak (issue #10): some 300 consecutive games of tengen against GNU Go on 9x9, 13x13 and
# 19x19, under absolute, Canadian, Japanese byo-yomi and Fischer clocks, even and handicap
# games, with every thread on and pondering on, two games at a time (so tengen's pondering
# and GNU Go's thinking compete for the two cores, as on a busy server). Each tengen process
# runs under /usr/bin/time, which records its peak resident memory.
#
# Usage: bash tests/scripts/soak.sh TENGEN OUTDIR
#   TENGEN  the tengen binary (built beforehand; this script builds nothing), e.g.
#           target/release/tengen. It is engine 1 (alternating colours) and the match runner.
#   OUTDIR  created if missing; per match NAME.out (the runner's stdout), NAME.mem (peak
#           resident KiB of each tengen process) and NAME/ (SGF files).
# Environment (defaults in brackets):
#   GNUGO [/usr/games/gnugo]      GNU Go, `--mode gtp --chinese-rules`, level 1 (0 on 19x19)
#   THREADS [all cores]           tengen's --threads
#   PARALLEL [2]                  games at once
#   SCALE [1]                     multiplies every match's number of games (0.1 for a trial)
#   SEED [1]                      match seed (each match adds its own offset)
#
# Prints one line per match (games, tengen's errors, GNU Go's errors, tengen's losses on time,
# peak memory against the budget) and a verdict: PASS when tengen had no crash, illegal move,
# protocol error (bad reply, timeout, refused command) or loss on time in any game, and no
# tengen process went above its --max-memory plus OVERHEAD_MIB [16].
set -euo pipefail

if [ $# -ne 2 ]; then
    sed -n '2,/^set /p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 2
fi
tengen=$1
out=$2
gnugo=${GNUGO:-/usr/games/gnugo}
threads=${THREADS:-$(nproc)}
parallel=${PARALLEL:-2}
scale=${SCALE:-1}
seed=${SEED:-1}
overhead=${OVERHEAD_MIB:-16}

[ -x "$tengen" ] || { echo "soak: $tengen is not an executable" >&2; exit 2; }
[ -x "$gnugo" ] || { echo "soak: $gnugo is not installed" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "soak: /usr/bin/time is missing (apt-get install time)" >&2; exit 2; }
mkdir -p "$out"

# name, size, games, GNU Go level, komi, handicap, tengen's --max-memory (MiB), clock.
# 306 games at SCALE 1, about 75 minutes on 2 cores.
matches=(
    "9-absolute      9 57 1 7.5 0  64 absolute:10"
    "9-byoyomi       9 45 1 7.5 0  64 byoyomi:2:3:1"
    "9-canadian      9 45 1 7.5 0  64 canadian:2:4:10"
    "9-fischer       9 25 1 7.5 0  64 fischer:3:1"
    "9-handicap3     9 35 1 0.5 3  64 absolute:10"
    "13-absolute    13 25 1 7.5 0 128 absolute:20"
    "13-canadian    13 20 1 7.5 0 128 canadian:5:10:25"
    "13-handicap4   13 16 1 0.5 4 128 fischer:10:1"
    "19-absolute    19 14 0 7.5 0 256 absolute:25"
    "19-canadian    19 14 0 7.5 0 256 canadian:5:10:30"
    "19-handicap6   19 10 0 0.5 6 256 byoyomi:5:3:1"
)

failed=0
total=0
k=0
started=$(date +%s)
printf '%-14s %5s %13s %13s %11s %18s\n' match games "tengen errors" "GNU Go errors" "time losses" "peak MiB (budget)"
for m in "${matches[@]}"; do
    read -r name size games level komi handicap memory time <<<"$m"
    games=$(awk -v g="$games" -v s="$scale" 'BEGIN { n = int(g * s + 0.5); print (n < 1 ? 1 : n) }')
    k=$((k + 1))
    rm -f "$out/$name.mem"
    t0=$(date +%s)
    "$tengen" match \
        --engine1 "/usr/bin/time -f %M -a -o $out/$name.mem $tengen --threads $threads --ponder --max-memory $memory" \
        --name1 tengen \
        --engine2 "$gnugo --mode gtp --level $level --chinese-rules --seed {seed}" \
        --size "$size" --komi "$komi" --handicap "$handicap" --games "$games" \
        --parallel "$parallel" --seed "$((seed + 1000 * k))" --time "$time" \
        --sgf-dir "$out/$name" >"$out/$name.out"
    played=$(sed -n 's/^games: \([0-9]*\) played.*/\1/p' "$out/$name.out")
    total=$((total + played))
    # The summary lists every incident as `  game N: PARTY: KIND: detail`.
    tengen_errors=$(grep -c '^  game [0-9]*: engine1: ' "$out/$name.out" || true)
    gnugo_errors=$(grep -c '^  game [0-9]*: engine2: ' "$out/$name.out" || true)
    losses=$(sed -n 's/^time losses: engine1 \([0-9]*\), engine2.*/\1/p' "$out/$name.out")
    peak=$(sort -n "$out/$name.mem" | tail -1)
    peak_mib=$((peak / 1024))
    if [ "$tengen_errors" -ne 0 ] || [ "${losses:-0}" -ne 0 ] || [ "$peak_mib" -gt $((memory + overhead)) ]; then
        failed=1
    fi
    printf '%-14s %5s %13s %13s %11s %12s (%s)   %ss\n' "$name" "$played" "$tengen_errors" \
        "$gnugo_errors" "${losses:-0}" "$peak_mib" "$memory" "$(( $(date +%s) - t0 ))"
done
echo "games: $total in $(( $(date +%s) - started )) s"
if [ "$failed" -eq 0 ]; then
    echo "PASS: no crash, illegal move, protocol error or loss on time of tengen's; memory within --max-memory + $overhead MiB"
else
    echo "FAIL: see the rows above and $out/*.out"
    exit 1
fi
