#!/usr/bin/env python3
"""Trains tengen's policy network on the positions `tengen net-data` wrote.

    python3 train/train.py --data DIR [DIR...] [--out train] [--hours H]

Resumable: it starts from OUT/checkpoint.pt when that exists (model, optimiser, samples
seen, the log) and writes it again every --save-every samples, with OUT/net.bin (the weights
in the engine's format, batch norms folded in: `tengen --network OUT/net.bin`), OUT/log.csv
(one row per evaluation: samples, train loss and top-1, held-out loss and top-1) and
docs/net-training.png (the curve), so an interrupted run loses at most one interval.

Training only: the engine never runs Python. The planes are computed by tengen itself
(src/net/planes.rs), so the network sees in play exactly what it saw here. Each batch is
turned by one of the 8 symmetries of the board, drawn at random.

With --average N the exported network (and the held-out scores) are an exponential running
average of the weights over about the last N positions (batch-norm statistics included): a
lower held-out loss than the last weights in its one run so far, the same top-1
(docs/network.md, "A running average of the weights").

`--out DIR --export FILE` writes DIR/checkpoint.pt's network (its running average, if it
has one) to FILE in the engine's format and trains nothing: how a checkpoint of train/runs/
becomes src/net/policy.bin.

With several --data directories, batches are drawn from all their training positions alike
(or each directory's share of a batch is given by --share), and each directory's held-out games
are scored apart: `held_top1` is the first directory's (the
figure the model card quotes), `held_top1_NAME` another's.

With `--processes 2` two processes train one network (PyTorch's DistributedDataParallel on
the gloo backend): each draws its own batches and their gradients are averaged at every step, so
the network sees twice the positions an hour (two 1-thread processes, where one process with
two threads trains slower than one with one: docs/network.md, Training). The first process
scores, saves and logs.

With `--teacher CHECKPOINT` the network also learns from another trained network's move
probabilities (distillation): the target is `--teacher-weight` A of the teacher's
probabilities and 1 - A of the move played. The teacher sees its own symmetric image of each
batch, drawn apart from the student's, so the student learns the mean of the teacher's 8
images. The log's train loss stays the loss on the moves played.

`--score N` only scores OUT/checkpoint.pt on N held-out positions of each directory; with
`--symmetries K` it scores the mean of the move probabilities of K symmetric images of each
position (the network alone is `--symmetries 1`, the default and what the log's rows are).
"""

import argparse
import copy
import csv
import math
import os
import socket
import struct
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.distributed as dist
import torch.multiprocessing as mp
import torch.nn.functional as F
from torch.nn.parallel import DistributedDataParallel

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netfile  # noqa: E402

MAGIC_DATA = b"TGNDATA1"


class Positions:
    """A data file of `tengen net-data`, memory-mapped."""

    def __init__(self, path):
        with open(path, "rb") as f:
            header = f.read(16)
        if header[:8] != MAGIC_DATA:
            sys.exit(f"{path}: not a tengen net-data file")
        self.planes, self.size, self.record_len = struct.unpack("<HHI", header[8:])
        raw = np.memmap(path, dtype=np.uint8, mode="r", offset=16)
        self.n = len(raw) // self.record_len
        self.records = raw[: self.n * self.record_len].reshape(self.n, self.record_len)
        self.bits = self.planes * self.size * self.size

    def batch(self, index):
        rows = self.records[np.sort(index)]
        planes = np.unpackbits(rows[:, :-4], axis=1)[:, : self.bits]
        x = planes.reshape(len(index), self.planes, self.size, self.size).astype(np.float32)
        moves = rows[:, -4].astype(np.int64) | (rows[:, -3].astype(np.int64) << 8)
        return x, moves


class Union:
    """Several data files as one: position i of the union is position i - start of one file."""

    def __init__(self, parts):
        if len({(p.planes, p.size, p.record_len) for p in parts}) != 1:
            sys.exit("the --data directories hold different kinds of positions")
        self.parts = parts
        self.planes, self.size = parts[0].planes, parts[0].size
        self.starts = np.cumsum([0] + [p.n for p in parts])
        self.n = int(self.starts[-1])

    def draw(self, rng, n, shares=None):
        """`n` positions drawn at random: from all files alike, or file i with probability
        shares[i] and then alike within it."""
        if shares is None:
            return rng.integers(0, self.n, n)
        p = np.asarray(shares, dtype=np.float64) / sum(shares)
        part = rng.choice(len(self.parts), n, p=p)
        sizes = np.asarray([q.n for q in self.parts])
        return self.starts[part] + (rng.random(n) * sizes[part]).astype(np.int64)

    def batch(self, index):
        index = np.sort(index)
        xs, ms = [], []
        for part, lo, hi in zip(self.parts, self.starts[:-1], self.starts[1:]):
            mine = index[(index >= lo) & (index < hi)] - lo
            if len(mine):
                x, m = part.batch(mine)
                xs.append(x)
                ms.append(m)
        return np.concatenate(xs), np.concatenate(ms)


def point_map(k, flip, size):
    """Where each point (and pass, the last) of a board lands when it is turned by k quarter
    turns and then mirrored if `flip`: `where[old] = new`."""
    area = size * size
    turned = np.rot90(np.arange(area).reshape(size, size), k)
    if flip:
        turned = turned[:, ::-1]
    # new[i] = old[turned.flat[i]]: where each old point lands.
    where = np.empty(area + 1, dtype=np.int64)
    where[turned.reshape(-1)] = np.arange(area)
    where[area] = area
    return where


def symmetry(x, moves, k, flip, size):
    """The batch turned by k quarter turns, then mirrored if `flip`; the moves with it."""
    x = np.rot90(x, k, axes=(2, 3))
    if flip:
        x = x[:, :, :, ::-1]
    return np.ascontiguousarray(x), point_map(k, flip, size)[moves]


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(c)

    def forward(self, x):
        y = F.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return F.relu(x + y)


class PolicyNet(nn.Module):
    """A residual tower; the policy: one logit per point (a 1x1 convolution) and one for
    passing (a linear map of the tower's mean over the board). Fully convolutional, so it
    runs on any board size."""

    def __init__(self, planes, blocks, channels):
        super().__init__()
        self.planes, self.blocks, self.channels = planes, blocks, channels
        self.conv = nn.Conv2d(planes, channels, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(channels)
        self.tower = nn.Sequential(*[Block(channels) for _ in range(blocks)])
        self.point = nn.Conv2d(channels, 1, 1)
        self.passing = nn.Linear(channels, 1)

    def forward(self, x):
        y = self.tower(F.relu(self.bn(self.conv(x))))
        points = self.point(y).flatten(1)
        passing = self.passing(y.mean(dim=(2, 3)))
        return torch.cat([points, passing], dim=1)


def folded(conv, bn):
    """The weights and bias of `conv` followed by `bn` in inference mode."""
    scale = bn.weight / torch.sqrt(bn.running_var + bn.eps)
    w = conv.weight * scale[:, None, None, None]
    b = bn.bias - bn.running_mean * scale
    return w.detach(), b.detach()


def export(model, path):
    """The engine's format (train/netfile.py): the f32 arrays, little-endian: input conv
    weights [C][planes][3][3] and bias [C]; per block, two convs [C][C][3][3] with bias [C];
    the point head's [C] and bias [1]; the pass head's [C] and bias [1]. Batch norms are
    folded into the convolutions before them."""
    arrays = [*folded(model.conv, model.bn)]
    for block in model.tower:
        arrays += [*folded(block.conv1, block.bn1), *folded(block.conv2, block.bn2)]
    arrays += [model.point.weight.detach().reshape(-1), model.point.bias.detach()]
    arrays += [model.passing.weight.detach().reshape(-1), model.passing.bias.detach()]
    payload = b"".join(a.float().contiguous().numpy().astype("<f4").tobytes() for a in arrays)
    netfile.write(path, model.planes, model.blocks, model.channels, payload)


def evaluate(model, data, n, seed=1, symmetries=1):
    """Loss and top-1 over `n` positions of `data` chosen by a fixed seed (all if fewer): of
    the network's move probabilities, or with `symmetries` > 1 of their mean over that many
    symmetric images of each position (`mean_policy`)."""
    model.eval()
    rng = np.random.default_rng(seed)
    index = np.arange(data.n) if data.n <= n else rng.choice(data.n, n, replace=False)
    loss, right = 0.0, 0
    with torch.no_grad():
        for i in range(0, len(index), 512):
            x, moves = data.batch(index[i : i + 512])
            probs = mean_policy(model, x, data.size, symmetries)
            target = torch.from_numpy(moves)
            picked = probs[torch.arange(len(target)), target]
            loss -= torch.log(picked.clamp_min(1e-30)).sum().item()
            right += (probs.argmax(1) == target).sum().item()
    model.train()
    return loss / len(index), right / len(index)


def mean_policy(model, x, size, symmetries):
    """The mean of the move probabilities of the first `symmetries` of the board's 8
    symmetric images of the batch `x` (the identity first), each turned back to `x`'s
    frame. The mean of all 8 gives every symmetric image of a position the same answer."""
    area = size * size
    total = None
    for j in range(symmetries):
        k, flip = j // 2, j % 2 == 1
        turned, where = symmetry(x, np.arange(area + 1), k, flip, size)
        probs = F.softmax(model(torch.from_numpy(turned)), dim=1)[:, torch.from_numpy(where)]
        total = probs if total is None else total + probs
    return total / symmetries


def checkpoint_network(path):
    """The network of a checkpoint (its running average when it has one), in eval mode, and
    the positions it has seen."""
    ckpt = torch.load(path, weights_only=False)
    model = PolicyNet(ckpt["planes"], ckpt["blocks"], ckpt["channels"])
    model.load_state_dict(ckpt.get("average") or ckpt["model"])
    return model.eval(), ckpt["samples"]


def load_teacher(path):
    """The network of a checkpoint (its running average when it has one), frozen, to teach."""
    teacher, samples = checkpoint_network(path)
    teacher.requires_grad_(False)
    return teacher.to(memory_format=torch.channels_last), samples


def teacher_targets(teacher, x, student_where, rng, size):
    """The teacher's move probabilities for the batch `x` (before the student's symmetry),
    put into the frame of the student's image (`student_where`: its `point_map`). The teacher
    sees a symmetric image of its own, drawn apart from the student's: the loss is linear in
    the target, so over many draws the student learns the mean of the teacher's 8 images, a
    better guess than any one of them (docs/network.md, "The mean over the board's
    symmetries") for the price of one evaluation a batch."""
    turned, where = symmetry(x, np.arange(size * size + 1), int(rng.integers(4)), bool(rng.integers(2)), size)
    with torch.no_grad(), torch.autocast("cpu", dtype=torch.bfloat16):
        logits = teacher(torch.from_numpy(turned).to(memory_format=torch.channels_last)).float()
    probs = F.softmax(logits, dim=1)[:, torch.from_numpy(where)]  # in x's frame
    target = torch.empty_like(probs)
    target[:, torch.from_numpy(student_where)] = probs
    return target


def plot(log_rows, path):
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no curve drawn", file=sys.stderr)
        return
    samples = [r["samples"] / 1e6 for r in log_rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(samples, [100 * r["train_top1"] for r in log_rows], label="training (last interval)")
    ax.plot(samples, [100 * r["held_top1"] for r in log_rows], label="held-out games")
    extra = sorted({k for r in log_rows for k in r if k.startswith("held_top1_")})
    for key in extra:
        rows = [r for r in log_rows if key in r]
        ax.plot([r["samples"] / 1e6 for r in rows], [100 * r[key] for r in rows],
                label=f"held-out games ({key[len('held_top1_'):]})")
    ax.set_xlabel("training positions seen (millions)")
    ax.set_ylabel("top-1: the move played, %")
    ax.set_title("tengen policy network")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", nargs="+",
                    help="the directories of train.bin and held_out.bin (the first one's held-out games are the "
                         "figure quoted); required but with --export")
    ap.add_argument("--share", type=float, nargs="+",
                    help="each --data directory's share of the training batches (default: by size)")
    ap.add_argument("--out", default="train", help="checkpoint, net.bin and log.csv go here")
    ap.add_argument("--curve", default="docs/net-training.png")
    ap.add_argument("--blocks", type=int, default=6)
    ap.add_argument("--channels", type=int, default=32)
    ap.add_argument("--batch", type=int, default=128)
    ap.add_argument("--lr", type=float, default=0.02, help="SGD learning rate at the start")
    ap.add_argument("--lr-half-life", type=float, default=3e6,
                    help="positions after which the learning rate halves (smoothly)")
    ap.add_argument("--hours", type=float, default=1e9, help="stop after this many hours")
    ap.add_argument("--samples", type=float, default=1e12, help="stop after this many positions in all")
    ap.add_argument("--save-every", type=float, default=100_000)
    ap.add_argument("--held-out", type=int, default=10_000, help="held-out positions per evaluation")
    ap.add_argument("--score", type=int, metavar="N",
                    help="only score OUT/checkpoint.pt on N held-out positions of each --data directory, then stop")
    ap.add_argument("--export", metavar="FILE",
                    help="only write OUT/checkpoint.pt's network (its running average, if it has one) to FILE "
                         "in the engine's format, then stop")
    ap.add_argument("--symmetries", type=int, default=1, choices=range(1, 9), metavar="K",
                    help="with --score: score the mean of the move probabilities of K of the board's "
                         "8 symmetric images of each position (default 1: the network alone)")
    ap.add_argument("--threads", type=int, default=1,
                    help="PyTorch threads; beside any other job two are 3.5-7x slower than one "
                         "(docs/network.md, Training)")
    ap.add_argument("--processes", type=int, default=1,
                    help="processes training the one network together, --threads each (one a core)")
    ap.add_argument("--average", type=float, default=0, metavar="N",
                    help="export and score a running average of the weights over about the last N positions "
                         "(0: the last weights)")
    ap.add_argument("--teacher", metavar="CHECKPOINT",
                    help="learn from this trained network's move probabilities as well as from the moves played")
    ap.add_argument("--teacher-weight", type=float, default=0.7, metavar="A",
                    help="the target is A times the teacher's probabilities plus 1 - A times the move played")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--f32", action="store_true",
                    help="train in f32 throughout (default: bfloat16 autocast, 1.4-2.5x faster on CPUs with AVX-512 BF16)")
    args = ap.parse_args()
    if args.export is not None:
        ckpt_path = os.path.join(args.out, "checkpoint.pt")
        if not os.path.exists(ckpt_path):
            sys.exit(f"--export: no checkpoint at {ckpt_path}")
        export(checkpoint_network(ckpt_path)[0], args.export)
        return
    if args.data is None:
        ap.error("--data is required")
    if args.processes < 1:
        sys.exit("--processes needs 1 or more")
    if args.processes == 1 or args.score is not None:
        run(0, 1, None, args)
        return
    with socket.socket() as probe:  # a free port for the processes to meet on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    mp.spawn(run, args=(args.processes, port, args), nprocs=args.processes)


def run(rank, world, port, args):
    """Training (or --score) in process `rank` of `world`; with more than one, they meet on
    `port` and process 0 scores, saves and logs."""
    if world > 1:
        dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=world)
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    train = Union([Positions(os.path.join(d, "train.bin")) for d in args.data])
    if args.share is not None and (len(args.share) != len(args.data) or min(args.share) < 0 or sum(args.share) <= 0):
        sys.exit("--share needs one non-negative share per --data directory, not all 0")
    helds = [Positions(os.path.join(d, "held_out.bin")) for d in args.data]
    held_names = [os.path.basename(os.path.normpath(d)) for d in args.data]
    os.makedirs(args.out, exist_ok=True)
    ckpt_path = os.path.join(args.out, "checkpoint.pt")
    model = PolicyNet(train.planes, args.blocks, args.channels)
    opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, nesterov=True, weight_decay=1e-4)
    samples, log_rows = 0, []
    if os.path.exists(ckpt_path):
        ckpt = torch.load(ckpt_path, weights_only=False)
        model = PolicyNet(ckpt["planes"], ckpt["blocks"], ckpt["channels"])
        model.load_state_dict(ckpt["model"])
        opt = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, nesterov=True, weight_decay=1e-4)
        if ckpt["optimizer"] is not None:  # None: widened (train/widen.py), a fresh start
            opt.load_state_dict(ckpt["optimizer"])
        samples, log_rows = ckpt["samples"], ckpt["log"]
        if rank == 0:
            print(f"resumed at {samples} positions", file=sys.stderr)
    model = model.to(memory_format=torch.channels_last)
    # The running average (--average; --score rates a checkpoint's average when it has one),
    # starting from the checkpoint's average or else from the weights.
    saved = ckpt.get("average") if os.path.exists(ckpt_path) else None
    average = None  # process 0's alone: the others never score or save
    if rank == 0 and (args.average > 0 or (args.score is not None and saved is not None)):
        average = copy.deepcopy(model)
        if saved is not None:
            average.load_state_dict(saved)
    exported = average if average is not None else model
    if args.score is not None:
        what = " (the running average of the weights)" if average is not None else ""
        for name, held in zip(held_names, helds):
            held_loss, held_top1 = evaluate(exported, held, args.score, symmetries=args.symmetries)
            mean = f", the mean of {args.symmetries} symmetric images" if args.symmetries > 1 else ""
            print(f"{name}: {samples} positions seen; held-out top-1 {held_top1:.4f}, loss {held_loss:.4f} "
                  f"on {min(args.score, held.n)} positions{what}{mean}")
        return
    teacher = None
    if args.teacher is not None:
        teacher, taught_at = load_teacher(args.teacher)
        if rank == 0:
            print(f"teacher: {args.teacher} ({teacher.blocks} blocks x {teacher.channels}, {taught_at} positions), "
                  f"weight {args.teacher_weight}", file=sys.stderr)
    keep = math.exp(-args.batch * world / args.average) if args.average > 0 else None
    rng = np.random.default_rng(args.seed + samples + 1_000_003 * rank)
    # Each step averages the processes' gradients: the same weights everywhere, from process 0's.
    step_model = DistributedDataParallel(model) if world > 1 else model
    start = time.time()
    next_save = samples + args.save_every
    loss_sum, right, seen = 0.0, 0, 0
    if rank == 0:
        print(f"{train.n} training positions, {sum(h.n for h in helds)} held out; "
              f"{model.blocks} blocks x {model.channels}" + (f"; {world} processes" if world > 1 else ""),
              file=sys.stderr)
    while not stopping(samples < args.samples and time.time() - start < args.hours * 3600, world):
        lr = args.lr * 0.5 ** (samples / args.lr_half_life)
        for group in opt.param_groups:
            group["lr"] = lr
        x0, moves = train.batch(train.draw(rng, args.batch, args.share))
        k, flip = int(rng.integers(4)), bool(rng.integers(2))
        x, moves = symmetry(x0, moves, k, flip, train.size)
        soft = None if teacher is None else teacher_targets(teacher, x0, point_map(k, flip, train.size), rng, train.size)
        x = torch.from_numpy(x).to(memory_format=torch.channels_last)
        target = torch.from_numpy(moves)
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=not args.f32):
            logits = step_model(x).float()
        played = F.cross_entropy(logits, target)  # the loss the log reports, with or without a teacher
        loss = played
        if soft is not None:
            taught = -(soft * F.log_softmax(logits, dim=1)).sum(dim=1).mean()
            loss = args.teacher_weight * taught + (1 - args.teacher_weight) * played
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        if average is not None:
            update_average(average, model, keep)
        samples += args.batch * world
        loss_sum += played.item() * args.batch
        right += (logits.argmax(1) == target).sum().item()
        seen += args.batch
        if samples >= next_save and rank == 0:
            next_save += args.save_every
            held_loss, held_top1 = evaluate(exported, helds[0], args.held_out)
            row = dict(samples=samples, train_loss=loss_sum / seen, train_top1=right / seen,
                       held_loss=held_loss, held_top1=held_top1, lr=lr,
                       seconds=time.time() - start)
            for name, held in zip(held_names[1:], helds[1:]):
                row[f"held_top1_{name}"] = evaluate(exported, held, args.held_out)[1]
            log_rows.append(row)
            loss_sum, right, seen = 0.0, 0, 0
            print(" ".join(f"{k}={v:.4g}" for k, v in row.items()), file=sys.stderr, flush=True)
            save(model, average, opt, samples, log_rows, args)
    if rank == 0:
        save(model, average, opt, samples, log_rows, args)
    if world > 1:
        # Both processes leave together: rank 1 tearing gloo down while rank 0 still saved
        # aborted a CI run once ("terminate called without an active exception").
        dist.barrier()
        dist.destroy_process_group()


def stopping(going_on, world):
    """Whether training stops: when `going_on` is false in any process (the processes keep
    in step: one waiting for another that stopped would wait forever)."""
    if world == 1:
        return not going_on
    stop = torch.tensor([0.0 if going_on else 1.0])
    dist.all_reduce(stop, op=dist.ReduceOp.MAX)
    return stop.item() > 0


def update_average(average, model, keep):
    """average = keep * average + (1 - keep) * model, weights and batch-norm statistics."""
    with torch.no_grad():
        for a, m in zip(average.state_dict().values(), model.state_dict().values()):
            if a.dtype.is_floating_point:
                a.mul_(keep).add_(m, alpha=1 - keep)
            else:
                a.copy_(m)


def save(model, average, opt, samples, log_rows, args):
    """The checkpoint (with the running average, if any), the export of the average or else
    the last weights, the log and the curve."""
    ckpt = dict(model=model.state_dict(), optimizer=opt.state_dict(), samples=samples, log=log_rows,
                planes=model.planes, blocks=model.blocks, channels=model.channels,
                average=average.state_dict() if average is not None else None)
    path = os.path.join(args.out, "checkpoint.pt")
    torch.save(ckpt, path + ".tmp")
    os.replace(path + ".tmp", path)
    exported = average if average is not None else model
    exported.eval()
    export(exported, os.path.join(args.out, "net.bin"))
    exported.train()
    with open(os.path.join(args.out, "log.csv"), "w", newline="") as f:
        if log_rows:
            fields = list(dict.fromkeys(k for r in log_rows for k in r))
            w = csv.DictWriter(f, fieldnames=fields, restval="")
            w.writeheader()
            w.writerows(log_rows)
    if log_rows and args.curve:
        plot(log_rows, args.curve)


if __name__ == "__main__":
    main()
