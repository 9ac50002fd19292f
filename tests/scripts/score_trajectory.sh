#!/bin/sh
# Where a game was lost: GNU Go's estimate_score every STEP moves of a game record, so that
# the move where the estimate swings (a group dies, a fight turns) can be found and replayed.
#
# Usage: sh tests/scripts/score_trajectory.sh FILE.sgf [STEP] [GNUGO]
#   STEP defaults to 10 moves, GNUGO to /usr/games/gnugo.
# Prints one line per step: the move number and the estimate (B+x or W+x) after that many
# moves. GNU Go's estimate is rough in the opening and good from the middle game on; a swing
# of 20 points or more between two steps is worth a look (`loadsgf FILE N` and `showboard`).
set -eu
file=$1
step=${2:-10}
gnugo=${3:-/usr/games/gnugo}

n=$(grep -o ';[BW]\[' "$file" | wc -l)
i=$step
while [ "$i" -le "$n" ]; do
    # loadsgf FILE N sets up the position before move N: so N = i + 1 has i moves played.
    printf 'loadsgf %s %d\nestimate_score\nquit\n' "$file" $((i + 1)) |
        "$gnugo" --mode gtp --level 1 2>/dev/null |
        sed -n "s/^= \([BW]+[0-9.]*\).*/$i \1/p"
    i=$((i + step))
done
