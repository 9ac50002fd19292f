#!/bin/bash
T=/work/cal/tengen
G="/usr/games/gnugo --mode gtp --chinese-rules"
cd /work/cal
while [ ! -f done2 ]; do sleep 10; done
if [ $(date +%H%M) -le 1152 ]; then
$T match --engine1 "$T --level 7 --threads 1 --seed {seed}" --engine2 "$G --level 10 --seed {seed}" \
    --referee "$G" --size 19 --komi 7.5 --games 10 --parallel 2 --seed 5307 --timeout 300 \
    --sgf-dir sgf/s19-L7-gg10 --json s19-L7-gg10.json > s19-L7-gg10.txt 2>&1
fi
echo finished > done3
