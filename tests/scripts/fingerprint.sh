#!/usr/bin/env bash
# The moves a fixed-seed, one-thread tengen plays against itself: a restructuring that claims
# no change of behaviour prints the same lines before and after.
#   tests/scripts/fingerprint.sh OLD_BINARY > old.txt; tests/scripts/fingerprint.sh NEW > new.txt; diff old.txt new.txt
# Each game: SIZE MOVES PLAYOUTS (9×9 with the book off, 13×13, 19×19); then a scored position.
set -euo pipefail
bin=${1:?usage: fingerprint.sh TENGEN_BINARY}
game() {
  local size=$1 moves=$2 playouts=$3
  {
    echo "boardsize $size"; echo clear_board
    for ((i = 0; i < moves; i++)); do
      if ((i % 2 == 0)); then echo "genmove b"; else echo "genmove w"; fi
    done
    echo "final_score"; echo "final_status_list dead"; echo quit
  } | "$bin" --threads 1 --seed 11 --playouts "$playouts" --no-book --no-resign 2>/dev/null \
    | grep -v '^$' | tr '\n' ' '
  echo
}
game 9 60 1500
game 13 30 800
game 19 24 600
