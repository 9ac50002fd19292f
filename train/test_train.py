#!/usr/bin/env python3
"""Checks of train/train.py's board symmetries and teacher targets that need no data:

    python3 train/test_train.py

(run by tests/it/training.rs beside the training smoke test)."""

import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train  # noqa: E402

SIZE = 19


class StoneLover(torch.nn.Module):
    """A stand-in teacher: nearly all its probability on the stones of plane 0, none on pass."""

    def forward(self, x):
        points = 30 * x[:, 0].flatten(1)
        return torch.cat([points, torch.full((len(x), 1), -30.0)], dim=1)


def test_teacher_targets_land_in_the_students_frame():
    rng = np.random.default_rng(7)
    x = (rng.random((6, 3, SIZE, SIZE)) < 0.04).astype(np.float32)
    x[:, 0, 0, 1] = 1  # a stone off every axis of symmetry, so a wrong turn shows
    for k in range(4):
        for flip in (False, True):
            student, _ = train.symmetry(x, np.zeros(len(x), dtype=np.int64), k, flip, SIZE)
            target = train.teacher_targets(StoneLover(), x, train.point_map(k, flip, SIZE), rng, SIZE)
            assert torch.allclose(target.sum(dim=1), torch.ones(len(x))), "targets are distributions"
            stones = torch.from_numpy(student[:, 0].reshape(len(x), -1)) > 0
            on_stones = (target[:, :-1] * stones).sum(dim=1)
            assert (on_stones > 0.999).all(), f"k={k} flip={flip}: {on_stones}"


def test_point_map_moves_stones_with_the_board():
    rng = np.random.default_rng(8)
    x = (rng.random((2, 1, SIZE, SIZE)) < 0.1).astype(np.float32)
    for k in range(4):
        for flip in (False, True):
            where = train.point_map(k, flip, SIZE)
            turned, _ = train.symmetry(x, np.zeros(2, dtype=np.int64), k, flip, SIZE)
            old = x.reshape(2, -1)
            new = turned.reshape(2, -1)
            assert (new[:, where[:-1]] == old).all(), f"k={k} flip={flip}"
            assert where[-1] == SIZE * SIZE, "pass stays pass"


if __name__ == "__main__":
    tests = [f for name, f in sorted(globals().items()) if name.startswith("test_")]
    for test in tests:
        test()
        print(f"ok {test.__name__}")
