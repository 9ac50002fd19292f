#!/bin/sh
# Where a game turned, by a long search: before each move of one colour in a game record,
# tengen searches PLAYOUTS playouts (one thread) and prints its win rate for that colour, its
# own choice and the move that was played. A fall of 0.1 or more between two lines marks the
# move before it as a mistake that the long search sees; a game whose win rate stays level until
# the end was lost to something the long search does not see either.
#
# Usage: sh tests/scripts/winrate_trajectory.sh FILE.sgf B|W [PLAYOUTS] [TENGEN]
#   PLAYOUTS defaults to 100000, TENGEN to target/release/tengen.
# Prints: move number, played move, the search's move, the win rate before the move. The
# opening book is off (--no-book): every line is the search's own judgment.
# One tengen process reads every loadsgf/genmove pair; no quit is sent, as quit stops a search
# at once, while the end of input lets the last one finish.
set -eu
file=$1
colour=$2
playouts=${3:-100000}
tengen=${4:-target/release/tengen}

# The record's moves as "number colour gtp-point", one per line (SGF letters a..s; GTP skips I,
# rows count from the bottom).
size=$(sed -n 's/.*SZ\[\([0-9]*\)\].*/\1/p' "$file" | head -n 1)
moves=$(tr -d '\n' <"$file" | grep -o ';[BW]\[[a-z]*\]' | awk -v size="${size:-19}" '
    BEGIN { letters = "ABCDEFGHJKLMNOPQRST" }
    {
        c = substr($0, 2, 1); p = substr($0, 4, 2)
        if (p == "" || p == "]" || (size <= 19 && p == "tt")) { m = "pass" }
        else {
            x = index("abcdefghijklmnopqrs", substr(p, 1, 1))
            y = index("abcdefghijklmnopqrs", substr(p, 2, 1))
            m = substr(letters, x, 1) (size - y + 1)
        }
        print NR, c, m
    }')

lower=$(echo "$colour" | tr BW bw)
out=${TMPDIR:-/tmp}/winrate.$$
echo "$moves" | awk -v c="$colour" -v f="$file" -v lc="$lower" \
    '$2 == c { printf "loadsgf %s %d\ngenmove %s\n", f, $1, lc }' |
    "$tengen" --playouts "$playouts" --threads 1 --no-resign --no-book -v 2>&1 >/dev/null |
    sed -n 's/.*win rate \([0-9.]*\).*/\1/p; s/.*genmove [a-z]*: \([A-Z0-9a-z]*\) after.*/\1/p' |
    paste - - >"$out"
echo "$moves" | awk -v c="$colour" '$2 == c { print $1, $3 }' |
    paste -d ' ' - "$out" |
    awk '{ printf "%4d played %-5s search %-5s win rate %s\n", $1, $2, $4, $3 }'
rm -f "$out"
