#!/usr/bin/env bash
# The reading cases at genmove: Fuego's bent_four.tst (its 16 cases; the positions are in
# tests/data/sgf/fuego/bent_four) and GNU Go's seki cases whose answer is the vital point B2,
# each with seeds 1, 2 and 3, one thread, never resigning (White is lost on the board in
# bentfour2, and the tests ask for the local move). Prints each case's moves (a hit starred)
# and the count of hits.
#
#   tests/scripts/reading_cases.sh TENGEN [tengen options...]
#   tests/scripts/reading_cases.sh target/release/tengen --param prior_reading=0
#   SEEDS="$(seq 1 10)" tests/scripts/reading_cases.sh target/release/tengen   (other seeds)
set -euo pipefail
tengen=${1:?usage: reading_cases.sh TENGEN [options...]}
shift
data="$(cd "$(dirname "$0")/../data/sgf" && pwd)"
# file, move number (0: the whole record), colour to move, the right moves
cases="
fuego/bent_four/bentfour1.sgf 2 black E5|F5|G5|H5|J5
fuego/bent_four/bentfour1.sgf 4 black G8
fuego/bent_four/bentfour1.sgf 6 black E5|F5|G5|H5
fuego/bent_four/bentfour1.sgf 8 black E5|G5|H5
fuego/bent_four/bentfour1.sgf 10 black J8
fuego/bent_four/bentfour1.sgf 12 black E5|H5
fuego/bent_four/bentfour1.sgf 14 black E5|H5
fuego/bent_four/bentfour1b.sgf 2 black J9
fuego/bent_four/bentfour1b.sgf 4 black G9
fuego/bent_four/bentfour2.sgf 1 white B1|B2
fuego/bent_four/bentfour2.sgf 3 white J8
fuego/bent_four/bentfour2.sgf 5 white H9
fuego/bent_four/bentfour2.sgf 7 white J8
fuego/bent_four/bentfour2.sgf 9 white G9
fuego/bent_four/bentfour2.sgf 11 white A1
fuego/bent_four/bentfour2.sgf 13 white C2
gnugo/seki06.sgf 0 white B2
gnugo/seki07.sgf 0 white B2
gnugo/seki12.sgf 0 white B2
gnugo/seki13.sgf 0 white B2
gnugo/seki14.sgf 0 white B2"
total=0
hits=0
while read -r file n color want; do
  [ -z "$file" ] && continue
  load="loadsgf $data/$file"
  [ "$n" != 0 ] && load="$load $n"
  line="$file $n $color [$want]:"
  for seed in ${SEEDS:-1 2 3}; do
    mv=$(printf '%s\ngenmove %s\n' "$load" "$color" \
      | "$tengen" --threads 1 --no-resign --seed "$seed" "$@" 2>/dev/null \
      | grep -E '^= [A-Z]' | tail -1 | cut -c3-)
    total=$((total + 1))
    if echo "$mv" | grep -qxE "$want"; then
      hits=$((hits + 1))
      line="$line $mv*"
    else
      line="$line $mv"
    fi
  done
  echo "$line"
done <<< "$cases"
echo "hits: $hits of $total"
