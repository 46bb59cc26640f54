#!/usr/bin/env python3
"""Time to depth at 1 and 2 threads (Lazy SMP): each position searched to a fixed depth by
`alphabeta-studio search GAME --depth D --threads T --json`, one thread and two interleaved run by run, so a change
of load falls on both alike. Prints each position's median seconds at 1 and 2 threads, their ratio (the speed-up),
and the geometric mean of the speed-ups per game and over all.

    bench/smp.py [--runs 3] [--threads 2] [--only 1,2,5]

--only runs the positions of those numbers (1–8, in the order of POSITIONS) alone, so that a long run can be split
across several quiet windows. The nodes printed are medians too, all the threads' together. "cpu speed-up" is the
same ratio of the main thread's processor time (the search's `main_cpu_seconds`): on a machine busy with other work,
where the threads do not get a free core each, it is closer to what an idle machine's wall clock would say.

The binary is ALPHABETA_BIN, else target/release/alphabeta-studio (build it first). Run on an idle machine: two
threads need two free cores.
"""
import argparse
import json
import math
import os
import statistics
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (game, what to search, depth): chess middlegames (Kiwipete and Bratko–Kopec positions), Othello after a common
# opening, Connect Four a few moves in; depths where one thread takes a few seconds.
POSITIONS = [
    ("chess", ["kiwipete"], 7),
    ("chess", ["chess", "--from", "3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - 0 1"], 14),
    ("chess", ["chess", "--from", "rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq - 0 1"], 13),
    ("chess", ["chess", "--from", "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1"], 14),
    ("othello", ["othello", "--moves", "f5,d6,c3,d3,c4"], 12),
    ("othello", ["othello", "--moves", "f5,f6,e6,f4,e3"], 12),
    ("connect-four", ["connect-four", "--moves", "4,4,4,4,3"], 24),
    ("connect-four", ["connect-four", "--moves", "4,3,4,3"], 24),
]


def binary():
    return os.environ.get("ALPHABETA_BIN", os.path.join(ROOT, "target", "release", "alphabeta-studio"))


def search(args, depth, threads):
    command = [binary(), "search", *args, "--depth", str(depth), "--threads", str(threads), "--json"]
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    return result["seconds"], result["main_cpu_seconds"], result["nodes"], (result["value"], result["exact"])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--only", type=lambda s: [int(n) for n in s.split(",")], default=None,
                        help="the positions to run, by number from 1 (comma-separated); all by default")
    args = parser.parse_args()
    chosen = [POSITIONS[n - 1] for n in args.only] if args.only else POSITIONS
    print(f"{'game':13} {'position':44} {'depth':>5} {'1 thread':>9} {args.threads} threads {'speed-up':>8}"
          f" {'nodes 1':>11} {'nodes ' + str(args.threads):>11} {'cpu speed-up':>12}", flush=True)
    by_game, by_game_cpu = {}, {}
    for game, what, depth in chosen:
        times = {1: [], args.threads: []}
        cpus = {1: [], args.threads: []}
        nodes = {1: [], args.threads: []}
        values = {}
        for run in range(args.runs):
            # Each goes first in every other run.
            order = [1, args.threads] if run % 2 == 0 else [args.threads, 1]
            for threads in order:
                seconds, cpu, searched, value = search(what, depth, threads)
                times[threads].append(seconds)
                cpus[threads].append(cpu)
                nodes[threads].append(searched)
                values.setdefault(threads, value)
                # A solved value is the game's: every thread count must find the same.
                solved = [v for v, exact in (values[1], value) if exact] if 1 in values else []
                if len(solved) == 2 and solved[0] != solved[1]:
                    raise SystemExit(f"{what}: solved values differ, {values[1]} at 1 thread, {value} at {threads}")
        one, many = statistics.median(times[1]), statistics.median(times[args.threads])
        speed_up = one / many
        by_game.setdefault(game, []).append(speed_up)
        # The main thread's processor time to depth: what its time would be with a core of its own, however busy
        # the machine (a starved helper only makes it smaller).
        cpu_up = statistics.median(cpus[1]) / statistics.median(cpus[args.threads])
        by_game_cpu.setdefault(game, []).append(cpu_up)
        label = " ".join(what[1:]) if len(what) > 1 else what[0]
        node_counts = f"{statistics.median(nodes[1]):>11,.0f} {statistics.median(nodes[args.threads]):>11,.0f}"
        print(f"{game:13} {label[:44]:44} {depth:>5} {one:>8.2f}s {many:>8.2f}s {speed_up:>8.2f}× {node_counts} {cpu_up:>11.2f}×",
              flush=True)
    mean = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))
    for game, ups in by_game.items():
        print(f"{game}: geometric mean speed-up {mean(ups):.2f}× over {len(ups)} positions"
              f" (by processor time {mean(by_game_cpu[game]):.2f}×)")
    every = [u for ups in by_game.values() for u in ups]
    every_cpu = [u for ups in by_game_cpu.values() for u in ups]
    print(f"all: geometric mean speed-up {mean(every):.2f}× over {len(every)} positions, {args.runs} runs each"
          f" (by processor time {mean(every_cpu):.2f}×)")


if __name__ == "__main__":
    main()
