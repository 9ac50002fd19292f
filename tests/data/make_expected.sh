#!/bin/sh
# Writes tests/data/expected_scores.tsv: the expected `final_score` of every finished game of
# tests/data/sgf under Chinese (area) and Japanese (territory) counting, for
# tests/it/scoring.rs. Komi is the record's KM in every row.
#
# Where each expected result comes from (the `source` column), first that applies:
# - `tst`: Japanese rows of GNU Go's scoring games: the hand-checked expectation of GNU Go's
#   regression suite (regression/score.tst and score2.tst, `loadsgf` + `final_score` under
#   GNU Go's default Japanese rules), listed below. Where a record also has an RE, the two
#   mostly agree; where they differ (score47, 48, 49, 52, the NNGS game of evand) the
#   suite's maintainers checked the board and RE is what the players agreed.
# - `RE`: the record's own result, when the record names the rules it was counted under
#   (RU[Chinese] gives the Chinese row), RE is a count, and the record does not itself say
#   the count was disputed (RE_DISPUTED below; those rows fall through to `gnugo`).
# - `gnugo`: GNU Go 3.8's `final_score` at level 10 after `loadsgf` of the whole record
#   (`gnugo --mode gtp --level 10 --chinese-rules` or `--japanese-rules`).
# - `gnugo-hc`: the same, for the Chinese row of a handicap game, with White's handicap
#   compensation added: GNU Go's area count gives none, tengen's Chinese rules (RULES.md)
#   give White N points for N stones, so the expected margin is GNU Go's minus N for Black.
# - `gnugo-seki`: the same, for a Chinese row where GNU Go counts the eye of a group in seki
#   (an empty point bordered by that group's colour only) as dame; RULES.md counts it for
#   that colour under area counting, so the expected margin is GNU Go's minus the points
#   listed in SEKI_EYES (White's eyes less Black's; `final_status_list dame` of GNU Go shows
#   them beside the true dame).
# The `gnugo` column always holds GNU Go's own answer, for comparison.
#
# Usage (from the repository root): sh tests/data/make_expected.sh > tests/data/expected_scores.tsv
# Needs /usr/games/gnugo (apt-get install -y gnugo). Takes about ten minutes on one core.
# GNUGO_CACHE=old.tsv reuses the GNU Go answers of an earlier table (see gnugo_score).
set -eu
GNUGO=${GNUGO:-/usr/games/gnugo}
cd "$(dirname "$0")/sgf"

# GNU Go's hand-checked expectations (regression/score.tst, score2.tst), Japanese counting.
TST=$(cat <<'END'
gnugo/scoring/score2.sgf W+100.5
gnugo/scoring/score3.sgf W+32.5
gnugo/scoring/score4.sgf W+22.5
gnugo/scoring/score5.sgf W+59.5
gnugo/scoring/score6.sgf W+36.5
gnugo/scoring/score7.sgf W+16.5
gnugo/scoring/score8.sgf W+4.5
gnugo/scoring/score9.sgf W+97.5
gnugo/scoring/score10.sgf W+104.5
gnugo/scoring/score11.sgf W+132.5
gnugo/scoring/score12.sgf W+40.5
gnugo/scoring/score13.sgf W+223.5
gnugo/scoring/score14.sgf W+73.5
gnugo/scoring/score15.sgf W+45.5
gnugo/scoring/score16.sgf W+32.5
gnugo/scoring/score17.sgf W+165.5
gnugo/scoring/score18.sgf W+44.5
gnugo/scoring/score19.sgf B+53.5
gnugo/scoring/score20.sgf B+34.5
gnugo/scoring/score21.sgf B+66.5
gnugo/scoring/score22.sgf B+76.5
gnugo/scoring/score23.sgf B+83.5
gnugo/scoring/score24.sgf B+51.5
gnugo/scoring/score25.sgf B+16.5
gnugo/scoring/score26.sgf B+60.5
gnugo/scoring/score27.sgf W+58.5
gnugo/scoring/score28.sgf B+71.5
gnugo/scoring/score29.sgf W+36.5
gnugo/scoring/score30.sgf W+87.5
gnugo/scoring/score31.sgf B+90.5
gnugo/scoring/score32.sgf B+75.5
gnugo/scoring/score33.sgf B+33.5
gnugo/scoring/score34.sgf B+122.5
gnugo/scoring/score35.sgf B+94.5
gnugo/scoring/score36.sgf B+48.5
gnugo/scoring/score37.sgf B+3.5
gnugo/scoring/score38.sgf B+8.5
gnugo/scoring/score39.sgf B+45.5
gnugo/scoring/score40.sgf B+83.5
gnugo/scoring/score41.sgf B+37.5
gnugo/scoring/score42.sgf B+145.5
gnugo/scoring/score43.sgf B+29.5
gnugo/scoring/score44.sgf B+76.5
gnugo/scoring/score45.sgf W+34.5
gnugo/scoring/score46.sgf W+40.5
gnugo/scoring/score47.sgf B+64.5
gnugo/scoring/score48.sgf B+61.5
gnugo/scoring/score49.sgf B+27.5
gnugo/scoring/score50.sgf B+14.5
gnugo/scoring/score51.sgf B+75.5
gnugo/scoring/score52.sgf B+46.5
gnugo/scoring/score53.sgf B+95.5
gnugo/scoring/score54.sgf B+187.5
gnugo/scoring/score55.sgf B+145.5
gnugo/scoring/score56.sgf B+16.5
gnugo/scoring/score57.sgf B+119.5
gnugo/scoring/score58.sgf B+103.5
gnugo/nngs/gnugo-3.3.8-evand-200209090532.sgf W+15.5
gnugo/nngs/silverado-gnugo-3.3.8-200209120723.sgf B+19.5
END
)

# Seki eyes GNU Go's Chinese count leaves as dame: file, White's eye points less Black's.
#   score47: R19 (White's seki group Q19-T15), beside the dame T19, T17
#   score49: T6 (White's seki group P7-T3), beside the dame S8, R7
#   score52: T17 (White's seki group Q19-T15), beside the dame R19, T19
#   score7: Q18, R19 and T15 (Black's seki groups in the upper right), beside the dame T19, T17
SEKI_EYES=$(cat <<'END'
gnugo/scoring/score7.sgf -3
gnugo/scoring/score47.sgf 1
gnugo/scoring/score49.sgf 1
gnugo/scoring/score52.sgf 1
END
)

# Records whose RE the record itself shows to be no count of its final position.
#   Fuego-masaician: RE[B+13.5] is the count of the marks at the end of the main line
#   (White's corner A19-F17 marked for nobody, Black's lone B15 inside it alive, White's
#   O3-O4-P4 in atari dead), which White disputed: the last comment (from Fuego, White) says
#   "You and the engine seem to disagree about which stones are dead", and the game went on
#   in a second variation whose final marks (B15 dead, the corner White's) give W+12.5 by
#   area. GNU Go and tengen count W+6.5 on either line.
RE_DISPUTED=$(cat <<'END'
fuego/games/Fuego-masaician.sgf
END
)

# GNUGO_CACHE=FILE takes GNU Go's answers from the `gnugo` column of an earlier table instead
# of running it again (same GNU Go, same command).
gnugo_score() { # file rules-flag
    if [ -n "${GNUGO_CACHE:-}" ]; then
        awk -F '\t' -v f="$1" -v r="${2#--}" 'r == $2 "-rules" && $1 == f { print $5 }' "$GNUGO_CACHE"
        return
    fi
    printf 'loadsgf %s\nfinal_score\nquit\n' "$1" |
        "$GNUGO" --mode gtp --level 10 "$2" |
        sed -n 's/^= \(.\+\)$/\1/p' | tail -n 1
}

prop() { # file name: the first value of property `name`
    tr -d '\n' < "$1" | sed -n "s/.*[^A-Z]$2\[\([^]]*\)\].*/\1/p"
}

# RE as a count in GTP form (B+3.5, W+12, 0), or nothing.
re_count() {
    re=$(prop "$1" RE)
    case "$re" in
        [BW]+[0-9]*) echo "$re" | sed 's/\.0*$//; s/\(\.[0-9]*[1-9]\)0*$/\1/' ;;
        0 | Draw | Jigo) echo 0 ;;
    esac
}

# A margin from Black's side minus n, in GTP form.
minus() { # result n
    echo "$1 $2" | awk '{
        m = substr($1, 3) + 0; if (substr($1, 1, 1) == "W") m = -m; if ($1 == "0") m = 0;
        m -= $2;
        if (m > 0) printf "B+%g\n", m; else if (m < 0) printf "W+%g\n", -m; else print "0" }'
}

echo "# Expected final_score of the finished games of tests/data/sgf; made by tests/data/make_expected.sh, which says how"
echo "# source: tst = GNU Go regression suite's hand-checked result; RE = the record's count under its RU; gnugo = GNU Go 3.8 final_score --level 10; gnugo-hc = the same with White's N points of handicap compensation; gnugo-seki = the same with seki eyes counted for their colour"
echo "# gnugo: GNU Go's own answer in every row, for comparison"
printf 'file\trules\texpected\tsource\tgnugo\n'
for f in gnugo/scoring/*.sgf gnugo/nngs/*.sgf fuego/scoring/*.sgf fuego/games/*.sgf; do
    re=$(re_count "$f")
    ru=$(prop "$f" RU | tr 'A-Z' 'a-z')
    ha=$(prop "$f" HA)
    ha=${ha:-0}
    for rules in chinese japanese; do
        g=$(gnugo_score "$f" "--$rules-rules")
        t=$(echo "$TST" | awk -v f="$f" '$1 == f { print $2 }')
        eyes=$(echo "$SEKI_EYES" | awk -v f="$f" '$1 == f { print $2 }')
        if [ "$rules" = japanese ] && [ -n "$t" ]; then
            printf '%s\t%s\t%s\ttst\t%s\n' "$f" "$rules" "$t" "$g"
        elif [ -n "$re" ] && [ "$ru" = "$rules" ] && ! echo "$RE_DISPUTED" | grep -qxF "$f"; then
            printf '%s\t%s\t%s\tRE\t%s\n' "$f" "$rules" "$re" "$g"
        elif [ "$rules" = chinese ] && [ -n "$eyes" ]; then
            printf '%s\t%s\t%s\tgnugo-seki\t%s\n' "$f" "$rules" "$(minus "$g" "$eyes")" "$g"
        elif [ "$rules" = chinese ] && [ "$ha" -ge 2 ]; then
            printf '%s\t%s\t%s\tgnugo-hc\t%s\n' "$f" "$rules" "$(minus "$g" "$ha")" "$g"
        else
            printf '%s\t%s\t%s\tgnugo\t%s\n' "$f" "$rules" "$g" "$g"
        fi
    done
done
