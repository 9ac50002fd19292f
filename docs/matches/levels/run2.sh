#!/bin/bash
T=/work/cal/tengen
G="/usr/games/gnugo --mode gtp --chinese-rules"
cd /work/cal
while [ ! -f done ]; do sleep 10; done
self() { # name, level1, level2 (empty: full strength), games, seed
  local two="$T --threads 1 --seed {seed}"; [ -n "$3" ] && two="$T --level $3 --threads 1 --seed {seed}"
  $T match --engine1 "$T --level $2 --threads 1 --seed {seed}" --engine2 "$two" \
    --referee "$G" --size 9 --komi 7.5 --games $4 --parallel 2 --seed $5 --timeout 300 \
    --sgf-dir sgf/$1 --json $1.json > $1.txt 2>&1
}
for L in 1 2 3 4 5 6 7 8; do self s9-L$L-L$((L+1)) $L $((L+1)) 20 $((5400 + 10 * L)); done
for L in 6 7 8 9; do
  $T match --engine1 "$T --level $L --threads 1 --seed {seed}" --engine2 "$G --level 10 --seed {seed}" \
    --referee "$G" --size 9 --komi 7.5 --games 16 --parallel 2 --seed $((5600 + 10 * L)) --timeout 300 \
    --sgf-dir sgf/s9b-L$L-gg10 --json s9b-L$L-gg10.json > s9b-L$L-gg10.txt 2>&1
done
self s9-L9-top 9 "" 20 5690
echo finished > done2
