#!/bin/sh
# Writes tests/data/expected_scores.tsv: the expected `final_score` of every finished game of
# tests/data/sgf under Chinese (area) and Japanese (territory) counting, for
# tests/it/scoring.rs.
#
# Where each expected result comes from (the `source` column):
# - `RE`: the record's own result, when it is a count made under that counting. A record
#   with RU[Chinese] gives the Chinese row; a record without RU or with RU[Japanese] from a
#   server or suite that counted territory (GNU Go's scoring games, NNGS, gnugoJ-fuegoJ)
#   gives the Japanese row.
# - `gnugo`: GNU Go 3.8's `final_score` at level 10 after `loadsgf` of the whole record
#   (`gnugo --mode gtp --level 10 --chinese-rules` or `--japanese-rules`; komi from `KM`).
# The `gnugo` column always holds GNU Go's answer, also where the expectation is `RE`, so the
# two sources can be compared.
#
# Usage (from the repository root): sh tests/data/make_expected.sh > tests/data/expected_scores.tsv
# Needs /usr/games/gnugo (apt-get install -y gnugo). Takes a few minutes on one core.
set -eu
GNUGO=${GNUGO:-/usr/games/gnugo}
cd "$(dirname "$0")/sgf"

gnugo_score() { # file rules-flag
    printf 'loadsgf %s\nfinal_score\nquit\n' "$1" |
        "$GNUGO" --mode gtp --level 10 "$2" |
        sed -n 's/^= \(.\+\)$/\1/p' | tail -n 1
}

# RE as a count in GTP form (B+3.5, W+12, 0), or nothing.
re_count() {
    re=$(tr -d '\n' < "$1" | sed -n 's/.*RE\[\([^]]*\)\].*/\1/p')
    case "$re" in
        [BW]+[0-9]*) echo "$re" | sed 's/\.0*$//; s/\(\.[0-9]*[1-9]\)0*$/\1/' ;;
        0 | Draw | Jigo) echo 0 ;;
    esac
}

re_rules() { # which counting the record's RE was made under
    ru=$(tr -d '\n' < "$1" | sed -n 's/.*RU\[\([^]]*\)\].*/\1/p' | tr 'A-Z' 'a-z')
    case "$ru" in
        chinese*) echo chinese ;;
        *) echo japanese ;;
    esac
}

echo "# Expected final_score of the finished games of tests/data/sgf; made by tests/data/make_expected.sh"
echo "# source: RE = the record's own count under that counting; gnugo = GNU Go 3.8 final_score, --level 10, loadsgf of the whole record"
echo "# gnugo: GNU Go's answer in every row, for comparison"
printf 'file\trules\texpected\tsource\tgnugo\n'
for f in gnugo/scoring/*.sgf gnugo/nngs/*.sgf fuego/scoring/*.sgf fuego/games/*.sgf; do
    re=$(re_count "$f")
    counted=$(re_rules "$f")
    for rules in chinese japanese; do
        g=$(gnugo_score "$f" "--$rules-rules")
        if [ -n "$re" ] && [ "$rules" = "$counted" ]; then
            printf '%s\t%s\t%s\tRE\t%s\n' "$f" "$rules" "$re" "$g"
        else
            printf '%s\t%s\t%s\tgnugo\t%s\n' "$f" "$rules" "$g" "$g"
        fi
    done
done
