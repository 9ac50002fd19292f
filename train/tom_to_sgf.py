#!/usr/bin/env python3
"""Writes the Tom "9d vs 9d" records of yenw/computer-go-dataset as one SGF file per game.

    python3 train/tom_to_sgf.py computer-go-dataset/Tom data/tom-sgf

The dataset keeps its games as an index (id, date, white, black, komi, result, ...) and one
file per month of `id<TAB>;B[pd];W[dp]...` lines. Each game becomes OUT/YYYY-MM/ID.sgf, which
`tengen net-data` reads like any record. Games shorter than MIN_MOVES moves (disconnections,
early resignations) are left out: they teach little but the opening.
"""

import os
import sys

MIN_MOVES = 30


def read_index(path):
    """id -> (white, black, komi, result) from Kifu.index."""
    games = {}
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) >= 6:
                games[cols[0]] = (cols[2], cols[3], cols[4], cols[5])
    return games


def escape(text):
    return text.replace("\\", "\\\\").replace("]", "\\]")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, out = sys.argv[1], sys.argv[2]
    index = read_index(os.path.join(src, "Kifu.index"))
    written, short, unindexed = 0, 0, 0
    kifu_dir = os.path.join(src, "kifu")
    for month in sorted(os.listdir(kifu_dir)):
        os.makedirs(os.path.join(out, month), exist_ok=True)
        with open(os.path.join(kifu_dir, month), encoding="utf-8", errors="replace") as f:
            for line in f:
                game_id, _, moves = line.strip().partition("\t")
                if game_id not in index:
                    unindexed += 1
                    continue
                if moves.count(";") < MIN_MOVES:
                    short += 1
                    continue
                white, black, komi, result = index[game_id]
                header = (f"(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[{escape(komi)}]RE[{escape(result)}]"
                          f"PW[{escape(white)}]PB[{escape(black)}]WR[9d]BR[9d]PC[Tom]GN[{game_id}]\n")
                with open(os.path.join(out, month, f"{game_id}.sgf"), "w", encoding="utf-8") as g:
                    g.write(header + moves + ")\n")
                written += 1
    print(f"{written} games written; {short} shorter than {MIN_MOVES} moves and "
          f"{unindexed} missing from the index left out", file=sys.stderr)


if __name__ == "__main__":
    main()
