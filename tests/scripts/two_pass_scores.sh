#!/bin/sh
# Compares tengen's final_score with GNU Go's on every game record of a directory: the games
# of a `tengen match --sgf-dir DIR` run against GNU Go with `--no-resign`, which end by two
# passes (issue #8: the two must agree on the winner in every game, on the margin in 95%).
#
# Usage: sh tests/scripts/two_pass_scores.sh DIR [TENGEN] [GNUGO]
#   TENGEN defaults to target/release/tengen, GNUGO to /usr/games/gnugo.
# Prints one line per game (file, tengen's result, GNU Go's, agreement) and a summary.
# Both engines count under Chinese rules with the record's komi (loadsgf).
set -eu
dir=$1
tengen=${2:-target/release/tengen}
gnugo=${3:-/usr/games/gnugo}

score() { # engine command, file
    printf 'loadsgf %s\nfinal_score\nquit\n' "$2" | $1 2>/dev/null |
        sed -n 's/^= \([BW0].*\)$/\1/p' | tail -n 1
}

margin() { # B+3.5 -> 3.5, W+2 -> -2, 0 -> 0
    case "$1" in
        B+*) echo "${1#B+}" ;;
        W+*) echo "-${1#W+}" ;;
        *) echo 0 ;;
    esac
}

n=0; winner=0; exact=0
for f in "$dir"/*.sgf; do
    t=$(score "$tengen --rules chinese --threads 1" "$f")
    g=$(score "$gnugo --mode gtp --chinese-rules" "$f")
    n=$((n + 1))
    tm=$(margin "$t"); gm=$(margin "$g")
    same_winner=$(awk -v a="$tm" -v b="$gm" 'BEGIN { print ((a > 0 && b > 0) || (a < 0 && b < 0) || (a == 0 && b == 0)) }')
    if [ "$t" = "$g" ]; then
        exact=$((exact + 1)); winner=$((winner + 1)); verdict="same"
    elif [ "$same_winner" = 1 ]; then
        winner=$((winner + 1)); verdict="same winner, margin differs"
    else
        verdict="WINNER DIFFERS"
    fi
    echo "$(basename "$f"): tengen $t, GNU Go $g: $verdict"
done
echo "games: $n; same winner: $winner; same result: $exact"
