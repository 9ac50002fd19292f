#!/usr/bin/env bash
# Clock trials (issue #10): tengen against GNU Go through `tengen match`, with a real clock
# under absolute, Canadian, Japanese byo-yomi and Fischer settings, a simulated network lag
# added to every reply, and every move's time written to a log. The goal is zero losses on
# time over at least 50 games on 9x9 and 10 on 19x19.
#
# Usage: bash tests/scripts/time_trials.sh TENGEN OUTDIR
#   TENGEN  the tengen binary (built beforehand; this script builds nothing), e.g.
#           target/release/tengen. It is engine 1 (alternating colours) and the match runner.
#   OUTDIR  created if missing; per match SIZE-SYSTEM.out (the runner's stdout),
#           SIZE-SYSTEM.tsv (its --time-log) and SIZE-SYSTEM/ (SGF files).
# Environment (defaults in brackets):
#   GNUGO [/usr/games/gnugo]      run as `GNUGO --mode gtp --level 1 --chinese-rules`
#   THREADS [all cores]           tengen's --threads
#   LAG ["0.05 0.4"]              --add-lag: seconds added to every reply, uniform
#   FORGIVE [0]                   --lag: overrun forgiven; 0 = as strict as a server
#   GAMES9 [13] GAMES19 [3]       games per system on each size (4 systems each)
#   SEED [1]                      match seed (each match adds its own offset)
#
# Prints, per size and system: games, tengen's and GNU Go's losses on time, other errors,
# tengen's smallest margin (allowance less time taken, lag included) and its average time
# per move (lag included), then a verdict line. Runs the matches one after another
# (--parallel 1), so that the engines do not compete for the cores.
set -euo pipefail

if [ $# -ne 2 ]; then
    sed -n '2,/^set /p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
    exit 2
fi
tengen=$1
out=$2
gnugo=${GNUGO:-/usr/games/gnugo}
threads=${THREADS:-$(nproc)}
lag=${LAG:-0.05 0.4}
forgive=${FORGIVE:-0}
games9=${GAMES9:-13}
games19=${GAMES19:-3}
seed=${SEED:-1}

[ -x "$tengen" ] || { echo "time_trials: $tengen is not an executable" >&2; exit 2; }
[ -x "$gnugo" ] || { echo "time_trials: $gnugo is not installed" >&2; exit 2; }
mkdir -p "$out"

# size, games, move cap (about 2x a typical game; a capped game is scored as it stands),
# then the four systems: tight enough to test the clock, short enough that the 64 games take
# about an hour on 2 cores (see docs/reliability.md, "Clock trials").
trials=(
    "9 $games9 120 absolute:40 canadian:5:8:5 byoyomi:5:3:2 fischer:10:1"
    "19 $games19 300 absolute:60 canadian:10:12:10 byoyomi:10:3:2 fischer:10:1"
)

rows=()
k=0
started=$(date +%s)
for trial in "${trials[@]}"; do
    read -r size games cap systems <<<"$trial"
    for time in $systems; do
        name="$size-${time%%:*}"
        k=$((k + 1))
        t0=$(date +%s)
        echo "== ${size}x$size $time: $games games, lag $lag s, forgiven $forgive s" >&2
        "$tengen" match \
            --engine1 "$tengen --threads $threads" \
            --engine2 "$gnugo --mode gtp --level 1 --chinese-rules --seed {seed}" \
            --size "$size" --games "$games" --max-moves "$cap" --parallel 1 \
            --seed "$((seed + 1000 * k))" \
            --time "$time" --add-lag "$lag" --lag "$forgive" \
            --time-log "$out/$name.tsv" --sgf-dir "$out/$name" \
            >"$out/$name.out"
        echo "   $(( $(date +%s) - t0 )) s" >&2
        played=$(sed -n 's/^games: \([0-9]*\) played.*/\1/p' "$out/$name.out")
        losses=$(sed -n 's/^time losses: engine1 \([0-9]*\), engine2 \([0-9]*\)$/\1 \2/p' "$out/$name.out")
        # Errors other than losses on time (forfeits, disagreements...), from the list at the
        # end of the summary.
        other=$(awk '/^errors: [0-9]+$/ { on = 1; next } on && / lost on time: / { next }
                     on && /^  game / { n++ } END { print n + 0 }' "$out/$name.out")
        stats=$(awk -F'\t' '$3 == "engine1" {
                    m = $7 - $5; if (n == 0 || m < min) { min = m; at = "g" $1 " m" $2 }
                    sum += $5; n++ }
                END { if (n) printf "%.3f (%s) %.3f", min, at, sum / n; else print "- - -" }' \
                "$out/$name.tsv")
        rows+=("$size $time ${played:-0} ${losses:-? ?} $other $stats")
    done
done

echo
printf '%-5s %-18s %5s %8s %8s %6s %13s %8s %9s\n' size system games losses gnugo errors \
    margin at s/move
total9=0; total19=0; lost=0
for row in "${rows[@]}"; do
    read -r size time played tl gl other margin at per_move <<<"$row"
    printf '%-5s %-18s %5s %8s %8s %6s %13s %8s %9s\n' "${size}x$size" "$time" "$played" \
        "$tl" "$gl" "$other" "$margin" "$at" "$per_move"
    if [ "$size" = 9 ]; then total9=$((total9 + played)); else total19=$((total19 + played)); fi
    case "$tl" in ''|*[!0-9]*) lost=$((lost + 1)) ;; *) lost=$((lost + tl)) ;; esac
done
echo "(losses: tengen's losses on time; gnugo: GNU Go's; margin: tengen's smallest, in s,"
echo " at game g, move m;"
echo " s/move: tengen's average time per move, lag included)"
verdict=FAIL
if [ "$lost" -eq 0 ] && [ "$total9" -ge 50 ] && [ "$total19" -ge 10 ]; then verdict=PASS; fi
echo "tengen: $lost losses on time in $total9 games 9x9 and $total19 games 19x19:" \
    "$verdict (goal: 0 over >= 50 and >= 10); $(( $(date +%s) - started )) s in all"
