#!/bin/bash
# Calibration of the strength levels; one match at a time, two games at once.
T=/work/cal/tengen
G="/usr/games/gnugo --mode gtp --chinese-rules"
cd /work/cal
run() { # name, board, tengen level, gnugo level, games, seed
  $T match --engine1 "$T --level $3 --threads 1 --seed {seed}" --engine2 "$G --level $4 --seed {seed}" \
    --referee "$G" --size $2 --komi 7.5 --games $5 --parallel 2 --seed $6 --timeout 300 \
    --sgf-dir sgf/$1 --json $1.json > $1.txt 2>&1
}
for L in 1 2 3 4 5; do run s9-L$L-gg1 9 $L 1 16 $((5100 + 10 * L)); done
for L in 5 6 7 8 9; do run s9-L$L-gg10 9 $L 10 16 $((5200 + 10 * L)); done
run s19-L5-gg10 19 5 10 10 5305
run s19-L8-gg10 19 8 10 10 5308
echo finished > done
