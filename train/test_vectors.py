#!/usr/bin/env python3
"""Writes the vectors by which `cargo test` checks that the engine's forward pass (Rust,
src/net/network.rs) computes what PyTorch computes for the same network and planes:

    python3 train/test_vectors.py --data DIR --out tests/data/net

DIR holds a `tengen net-data` output; four of its held-out records are copied with a small
network of random weights (batch norms with random statistics, so that folding them is
checked too) and PyTorch's logits for each record.
"""

import argparse
import os
import struct
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train import Positions, PolicyNet, export  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    torch.manual_seed(7)
    held = Positions(os.path.join(args.data, "held_out.bin"))
    index = np.array([0, 37, held.n // 2, held.n - 1])
    model = PolicyNet(held.planes, 2, 8)
    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, torch.nn.BatchNorm2d):
                m.running_mean.uniform_(-0.5, 0.5)
                m.running_var.uniform_(0.5, 2.0)
                m.weight.uniform_(0.5, 1.5)
                m.bias.uniform_(-0.3, 0.3)
    model.eval()
    os.makedirs(args.out, exist_ok=True)
    export(model, os.path.join(args.out, "tiny.bin"))
    x, _ = held.batch(index)
    with torch.no_grad():
        logits = model(torch.from_numpy(x)).numpy()
    with open(os.path.join(args.out, "records.bin"), "wb") as f:
        f.write(struct.pack("<II", len(index), held.record_len))
        f.write(held.records[np.sort(index)].tobytes())
    logits.astype("<f4").tofile(os.path.join(args.out, "logits.bin"))
    print(f"{len(index)} records, logits {logits.shape}")


if __name__ == "__main__":
    main()
