#!/usr/bin/env python3
"""Widens (and deepens) a trained checkpoint without changing what it computes.

    python3 train/widen.py --from train/checkpoint.pt --channels 48 [--blocks 8] --out DIR/checkpoint.pt

Training a wider network from nothing would throw away the hours the narrow one took. Here
every old weight keeps its place; the new channels get random weights into them and zero
weights out of them (into the old channels, the point head and the pass head). So the wider
network's policy is the old one's exactly (the export gives the same file signature) and the
new channels start to matter as soon as training moves their zero weights. New blocks go on
the end of the tower with their second batch norm's scale and shift at zero: such a block adds
nothing to its input, which is already past a ReLU, so it passes it on unchanged until
training moves that scale. A checkpoint with a running average of the weights (`train.py
--average`) is widened from the average, the better network of the two. The positions seen
and the log carry over, so the curve goes on; the optimiser and the average start afresh.
"""

import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train import PolicyNet  # noqa: E402


def widen_into(old, new):
    """Copies `old`'s state into the leading slices of `new`'s, zeroing the weights that
    carry new channels into old ones."""
    old_state, new_state = old.state_dict(), new.state_dict()
    c = old.channels
    for name, w in new_state.items():
        if name not in old_state:  # a block past the old tower's end
            if ".bn2." in name and (name.endswith(".weight") or name.endswith(".bias")):
                w.zero_()  # the block adds nothing: it passes its input on unchanged
            continue
        o = old_state[name]
        if name.endswith("num_batches_tracked"):
            w.copy_(o)
        elif w.dim() == 4:  # conv [out][in][k][k]; new rows keep their random start
            w[:c, c:] = 0.0  # new channels into old ones: nothing, until training moves it
            w[: o.shape[0], : o.shape[1]] = o
        elif w.dim() == 2:  # the pass head [1][C]
            w.zero_()
            w[:, : o.shape[1]] = o
        else:  # biases and batch-norm vectors [C] (or the heads' [1])
            w[: o.shape[0]] = o
    new.load_state_dict(new_state)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--from", dest="source", required=True)
    ap.add_argument("--channels", type=int, required=True)
    ap.add_argument("--blocks", type=int, help="residual blocks (default: the checkpoint's)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    ckpt = torch.load(args.source, weights_only=False)
    old = PolicyNet(ckpt["planes"], ckpt["blocks"], ckpt["channels"])
    old.load_state_dict(ckpt.get("average") or ckpt["model"])
    blocks = args.blocks or old.blocks
    if args.channels < old.channels or blocks < old.blocks or (args.channels, blocks) == (old.channels, old.blocks):
        sys.exit(f"the checkpoint has {old.blocks} blocks x {old.channels} channels: nothing to widen")
    new = PolicyNet(ckpt["planes"], blocks, args.channels)
    with torch.no_grad():
        widen_into(old, new)
        old.eval(), new.eval()
        x = torch.rand(4, ckpt["planes"], 19, 19).round()
        gap = (old(x) - new(x)).abs().max().item()
    if gap > 1e-4:
        sys.exit(f"the widened network computes something else (largest gap {gap})")
    out = dict(model=new.state_dict(), optimizer=None, samples=ckpt["samples"], log=ckpt["log"],
               planes=new.planes, blocks=new.blocks, channels=new.channels)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    torch.save(out, args.out)
    print(f"{old.blocks} x {old.channels} -> {new.blocks} x {new.channels}; largest output gap {gap:.2e}",
          file=sys.stderr)


if __name__ == "__main__":
    main()
