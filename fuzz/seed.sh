#!/bin/sh
# Builds the fuzz corpora (fuzz/corpus/, not committed) from what the repository already has:
# the commands of every transcript in gtp-logs/ (one session per file), the SGF files of
# tests/data/sgf (a copy of ../shared/testdata) and gtp-logs/sgf, and the hand-made seeds in
# fuzz/seeds/ (small; the regression cases of the fuzz runs are there too).
set -eu
cd "$(dirname "$0")"
mkdir -p corpus/gtp corpus/sgf
for log in ../gtp-logs/*.gtp; do
    sed -n 's/^> //p' "$log" > "corpus/gtp/$(basename "$log" .gtp)"
done
cp seeds/gtp/* corpus/gtp/
for f in $(find ../tests/data/sgf ../gtp-logs/sgf -name '*.sgf' -size -8k); do
    cp "$f" "corpus/sgf/$(echo "$f" | tr / _ | sed 's/^\.*_*//')"
done
cp seeds/sgf/* corpus/sgf/
echo "corpus/gtp: $(ls corpus/gtp | wc -l) files, corpus/sgf: $(ls corpus/sgf | wc -l) files"
