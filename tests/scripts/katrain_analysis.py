#!/usr/bin/env python3
"""KaTrain's own engine client analyses a game with `tengen analysis`.

Usage: katrain_analysis.py TENGEN [TRANSCRIPT.jsonl]

Drives KaTrain's `KataGoEngine` (katrain/core/engine.py) and `GameNode.analyze` exactly as the
KaTrain app does when it loads a game: the engine is started with KaTrain's own command line
(`TENGEN analysis -model ... -config ... -override-config ...`), every node of the game is
queued for analysis, and KaTrain's `GameNode.set_analysis` stores each answer. Then a
pondering query is started and stopped (KaTrain's `terminate`). Checks that every node has
win rate, score lead, candidate moves with their score loss, ownership and policy.

KaTrain (`pip install --no-deps katrain pysgf chardet`, into a folder named by
$KATRAIN_SITE or tests/katrain/site) is imported without its GUI: the two kivy names the
engine module reads (`kivy.utils.platform`, `kivy._event.Observable`) are stubbed. Exits 0
with "ok:" lines; exits 0 with "skipped: ..." when KaTrain is not installed; 1 on a failure.
"""

import json
import os
import subprocess
import sys
import threading
import time
import types

HERE = os.path.dirname(os.path.abspath(__file__))
SITE = os.environ.get("KATRAIN_SITE", os.path.join(HERE, "..", "katrain", "site"))

# A short 9x9 game (a capture, a pass at the end).
GAME = (
    "(;GM[1]FF[4]SZ[9]KM[7]RU[Chinese]"
    ";B[ee];W[cc];B[gc];W[cg];B[gg];W[ce];B[dd];W[dc];B[ed];W[cd]"
    ";B[ge];W[eg];B[ef];W[fg];B[gf];W[dh];B[fh];W[eh];B[gh];W[df];B[de];W[tt];B[tt])"
)


def stub_kivy():
    """The kivy names KaTrain's core modules import, so that no GUI is needed."""
    kivy = types.ModuleType("kivy")
    utils = types.ModuleType("kivy.utils")
    utils.platform = "linux"
    event = types.ModuleType("kivy._event")

    class Observable:
        def __init__(self, *args, **kwargs):
            pass

        def fbind(self, *args, **kwargs):
            return 0

    event.Observable = Observable
    kivy.utils = utils
    kivy._event = event
    sys.modules.update({"kivy": kivy, "kivy.utils": utils, "kivy._event": event})


class Transcript:
    """Every line KaTrain writes to the engine and reads from it, in order."""

    def __init__(self):
        self.lines = []
        self.lock = threading.Lock()

    def add(self, direction, raw):
        text = raw.decode(errors="replace").strip()
        if text:
            with self.lock:
                self.lines.append({"dir": direction, "line": json.loads(text)})


def tee_popen(transcript):
    """A `subprocess` stand-in whose Popen records the engine's stdin and stdout."""

    class TeeIn:
        def __init__(self, f):
            self.f = f

        def write(self, data):
            transcript.add(">", data)
            return self.f.write(data)

        def flush(self):
            return self.f.flush()

    class TeeOut:
        def __init__(self, f):
            self.f = f

        def readline(self):
            line = self.f.readline()
            transcript.add("<", line)
            return line

    def popen(*args, **kwargs):
        proc = subprocess.Popen(*args, **kwargs)
        proc.stdin = TeeIn(proc.stdin)
        proc.stdout = TeeOut(proc.stdout)
        return proc

    shim = types.SimpleNamespace(**{k: getattr(subprocess, k) for k in ("PIPE",)})
    shim.Popen = popen
    return shim


class FakeKaTrain:
    """The few things the engine asks of the app: a log and an error popup."""

    def __init__(self):
        self.logs = []
        self.errors = []

    def log(self, message, level=0):
        self.logs.append((level, str(message)))

    def __call__(self, event, *args):
        self.errors.append((event, args))


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 1
    tengen = os.path.abspath(sys.argv[1])
    transcript_path = sys.argv[2] if len(sys.argv) > 2 else None
    if not os.path.isdir(os.path.join(SITE, "katrain")):
        print(f"skipped: KaTrain is not installed in {SITE} "
              "(pip install --no-deps --target tests/katrain/site katrain pysgf chardet)")
        return 0
    sys.path.insert(0, SITE)
    stub_kivy()
    try:
        import katrain.core.engine as engine_module
        from katrain.core.constants import ADDITIONAL_MOVE_ORDER, OUTPUT_ERROR
        from katrain.core.game import KaTrainSGF
    except ImportError as e:
        print(f"skipped: KaTrain does not import without its GUI here: {e}")
        return 0

    transcript = Transcript()
    engine_module.subprocess = tee_popen(transcript)
    app = FakeKaTrain()
    config = {
        "katago": tengen,
        "model": "kata1-b18c384nbt.bin.gz",
        "config": "analysis_config.cfg",
        "max_visits": 400,
        "fast_visits": 100,
        "max_time": 8.0,
        "wide_root_noise": 0.04,
        "_enable_ownership": True,
        "allow_recovery": False,
    }
    engine = engine_module.KataGoEngine(app, config)
    failures = []

    def check(condition, what):
        if not condition:
            failures.append(what)

    root = KaTrainSGF.parse_sgf(GAME)
    nodes = [root]
    while nodes[-1].children:
        nodes.append(nodes[-1].children[0])
    started = time.time()
    for node in nodes:
        node.analyze(engine)
    while not engine.is_idle() and time.time() - started < 120:
        time.sleep(0.05)
    elapsed = time.time() - started
    check(engine.is_idle(), "the engine did not answer every query within 120 s")
    print(f"ok: KaTrain queued {len(nodes)} positions; answered in {elapsed:.1f} s")

    for i, node in enumerate(nodes):
        where = f"node {i}"
        check(node.analysis_complete, f"{where}: no complete analysis")
        if not node.analysis_exists:
            continue
        check(0.0 <= node.winrate <= 1.0, f"{where}: win rate {node.winrate}")
        check(node.score is not None and abs(node.score) < 100, f"{where}: score {node.score}")
        check(node.root_visits > 0, f"{where}: no visits")
        check(node.ownership is not None and len(node.ownership) == 81, f"{where}: ownership")
        check(node.policy is not None and len(node.policy) == 82, f"{where}: policy")
        searched = [m for m in node.analysis["moves"].values() if m.get("order", 999) < 999]
        check(
            all(len(m.get("ownership") or []) == 81 for m in searched),
            f"{where}: a move without its ownership (includeMovesOwnership)",
        )
        moves = node.candidate_moves
        check(len(moves) > 0, f"{where}: no candidate moves")
        for m in moves:
            # KaTrain adds the move played from the next node's rootInfo, which has no prior.
            keys = ["move", "visits", "winrate", "scoreLead", "pv", "pointsLost"]
            if m["order"] < ADDITIONAL_MOVE_ORDER:
                keys += ["prior", "order", "lcb"]
            for key in keys:
                check(key in m, f"{where}: candidate {m.get('move')} without {key}")
        best = moves[0]
        if i in (0, len(nodes) // 2, len(nodes) - 1):
            print(
                f"ok: node {i}: Black's win rate {node.winrate:.3f}, score {node.score:+.1f}, "
                f"{node.root_visits} visits; best {best['move']} "
                f"({best['visits']} visits, loses {best['pointsLost']:.1f} points), "
                f"pv {' '.join(best['pv'][:5])}"
            )
    if not failures:
        print("ok: every node has win rate, score, candidate moves, ownership and policy")

    # Pondering, stopped: KaTrain's `terminate`.
    last = nodes[-2]
    last.analyze(engine, ponder=True)
    time.sleep(1.0)
    engine.stop_pondering()
    waited = time.time()
    while not engine.is_idle() and time.time() - waited < 10:
        time.sleep(0.05)
    check(engine.is_idle(), "the pondering query did not end after terminate")
    print(f"ok: pondering stopped by terminate in {time.time() - waited:.2f} s")

    errors = [msg for level, msg in app.logs if level == OUTPUT_ERROR]
    check(not errors, f"KaTrain logged errors: {errors[:3]}")
    check(not app.errors, f"KaTrain raised popups: {app.errors[:3]}")
    engine.shutdown(finish=False)

    if transcript_path:
        with open(transcript_path, "w") as f:
            for entry in transcript.lines:
                f.write(json.dumps(entry, separators=(",", ":")) + "\n")
        print(f"ok: transcript of {len(transcript.lines)} lines in {transcript_path}")
    for failure in failures:
        print(f"FAILED: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
