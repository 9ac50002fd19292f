#!/bin/sh
# Builds the fuzz corpora (fuzz/corpus/, not committed) from what the repository already has:
# the commands of every transcript in gtp-logs/ (one session per file); the queries of
# gtp-logs/katrain-analysis.jsonl (the whole session, and each query alone); the SGF files
# of tests/data/sgf (a copy of ../shared/testdata) and gtp-logs/sgf, for the SGF reader and
# the review; and the hand-made seeds in fuzz/seeds/ (small; the regression cases of the fuzz
# runs are in tests/data/fuzz/).
set -eu
cd "$(dirname "$0")"
mkdir -p corpus/gtp corpus/sgf corpus/json corpus/review
for log in ../gtp-logs/*.gtp; do
    sed -n 's/^> //p' "$log" > "corpus/gtp/$(basename "$log" .gtp)"
done
cp seeds/gtp/* corpus/gtp/
for log in ../gtp-logs/*.jsonl; do
    name=$(basename "$log" .jsonl)
    sed -n 's/^{"dir":">","line":\(.*\)}$/\1/p' "$log" > "corpus/json/$name"
    split -l 1 -a 3 "corpus/json/$name" "corpus/json/$name-"
done
cp seeds/json/* corpus/json/
for f in $(find ../tests/data/sgf ../gtp-logs/sgf -name '*.sgf' -size -8k); do
    name=$(echo "$f" | tr / _ | sed 's/^\.*_*//')
    cp "$f" "corpus/sgf/$name"
    cp "$f" "corpus/review/$name"
done
cp seeds/sgf/* corpus/sgf/
cp seeds/sgf/* seeds/review/* corpus/review/
for kind in gtp sgf json review; do
    echo "corpus/$kind: $(ls corpus/$kind | wc -l) files"
done
