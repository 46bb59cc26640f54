#!/usr/bin/env python3
"""Fits a game's win-probability scale s (P(win) = 1 / (1 + e^(-v/s)), v the engine's value in the game's unit)
by maximum likelihood from the game's own match records, and writes it to the review's table
(crates/alphabeta-core/src/review/win_scales.ron) with the games it came from.

    bench/fit_win_scale.py GAME [--games N] [--levels A,B] [--openings random:K] [--nodes N] [--seed S] [--write]
    bench/fit_win_scale.py GAME --records FILE.pgn [--nodes N] [--write]
    bench/fit_win_scale.py --synthetic S [--samples N] [--seed S]

Records: `alphabeta-studio match GAME --a level:A --b level:B --pgn FILE` (a pair of the ladder's neighbouring
levels, as bench/ladder.sh plays them), or a PGN file of such records. Each game is replayed and every decision's
position searched with `alphabeta-studio review GAME --json --nodes N` (replay + search: the records carry no
evaluations); each position gives one sample, (the mover's value, the mover's result: 1 win, 1/2 draw, 0 loss).
Values the search proved (a win found, a solved position: win probability exactly 0 or 1) say nothing of s and are
left out. s maximises sum(y log p + (1 - y) log(1 - p)), found by golden-section search on log s.

--synthetic S draws values and results from the model with a known s and fits them: the check that the fit
recovers what generated the data (crates/alphabeta-core/tests/games/review.rs runs it).

The binary is ALPHABETA_BIN, else target/debug/alphabeta-studio (build it first). Run at nice -n 19.
"""
import argparse
import datetime
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "crates", "alphabeta-core", "src", "review", "win_scales.ron")


def binary():
    return os.environ.get("ALPHABETA_BIN", os.path.join(ROOT, "target", "debug", "alphabeta-studio"))


def log_likelihood(samples, s):
    total = 0.0
    for v, y in samples:
        z = v / s
        # log(sigmoid(z)) and log(1 - sigmoid(z)) without overflow.
        log_p = -math.log1p(math.exp(-z)) if z >= 0 else z - math.log1p(math.exp(z))
        log_q = log_p - z
        total += y * log_p + (1.0 - y) * log_q
    return total


def largest(samples):
    """The largest value's size: the fit looks for s within six orders of magnitude either side of it."""
    return max([abs(v) for v, _ in samples if v != 0] or [1.0])


def fit(samples):
    """The s of greatest likelihood, by golden-section search on log s over twelve orders of magnitude around the
    largest value's size (the log-likelihood is concave in 1/s, so it has one maximum)."""
    size = largest(samples)
    lo, hi = math.log(size * 1e-6), math.log(size * 1e6)
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = log_likelihood(samples, math.exp(a)), log_likelihood(samples, math.exp(b))
    for _ in range(200):
        if fa > fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = log_likelihood(samples, math.exp(a))
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = log_likelihood(samples, math.exp(b))
        if hi - lo < 1e-9:
            break
    return math.exp((lo + hi) / 2)


def synthetic(s, count, seed):
    rng = random.Random(seed)
    samples = []
    for _ in range(count):
        v = rng.uniform(-4 * s, 4 * s)
        p = 1 / (1 + math.exp(-v / s))
        samples.append((v, 1.0 if rng.random() < p else 0.0))
    return samples


def split_games(text):
    """The games of a PGN file: (tags, movetext)."""
    games, tags, moves = [], {}, []
    for line in text.splitlines() + ["[Event \"end\"]"]:
        match = re.match(r'\s*\[(\w+)\s+"(.*)"\]\s*$', line)
        if match:
            if moves:
                games.append((tags, " ".join(moves)))
                tags, moves = {}, []
            tags[match.group(1)] = match.group(2)
        elif line.strip():
            moves.append(line.strip())
    return games


def record_of(game_id, tags, movetext, whole):
    """What `review` reads: chess the PGN game itself, the others their move names one a line."""
    if game_id == "chess":
        return whole
    tokens = [t for t in movetext.split() if not re.fullmatch(r"\d+\.(\.\.)?|1-0|0-1|1/2-1/2|\*", t)]
    return "\n".join(tokens) + "\n"


def pgn_blocks(text):
    """The PGN text of each game, for chess."""
    blocks = re.split(r"\n(?=\[Event )", text.strip())
    return [block + "\n" for block in blocks if block.strip()]


def samples_of(game_id, text, nodes):
    samples, games = [], 0
    blocks = pgn_blocks(text)
    for (tags, movetext), whole in zip(split_games(text), blocks):
        result = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(tags.get("Result"))
        if result is None:
            continue
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(record_of(game_id, tags, movetext, whole))
            path = f.name
        try:
            out = subprocess.run([binary(), "review", game_id, "--record", path, "--nodes", str(nodes), "--json", "--values", "side-to-move"],
                                 capture_output=True, text=True, check=False)
        finally:
            os.unlink(path)
        if out.returncode != 0:
            print(f"skipped a game: {out.stderr.strip()}", file=sys.stderr)
            continue
        review = json.loads(out.stdout)
        first = review["sides"][0]
        games += 1
        for move in review["moves"]:
            if move["class"] == "forced" or move["win_before"] in (0.0, 1.0):
                continue
            value = move["value_before"]
            if not isinstance(value, (int, float)):
                continue
            y = result if move["side"] == first else 1.0 - result
            samples.append((float(value), y))
    return samples, games


def play_match(game_id, args):
    out = tempfile.NamedTemporaryFile(suffix=".pgn", delete=False).name
    a, b = args.levels.split(",")
    command = [binary(), "match", game_id, "--a", f"level:{a}", "--b", f"level:{b}", "--games", str(args.games),
               "--seed", str(args.seed)]
    if args.openings:
        command += ["--openings", args.openings]
    subprocess.run(command + ["--pgn", out], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return out, " ".join(["alphabeta-studio"] + command[1:] + ["--pgn"])


def write_entry(game_id, s, games, source):
    with open(TABLE) as f:
        text = f.read()
    head, body = text.split("[", 1)
    entries = [line for line in body.rsplit("]", 1)[0].splitlines() if line.strip()]
    entries = [line for line in entries if f'game: "{game_id}"' not in line]
    entries.append(f'    (game: "{game_id}", s: {s:.4g}, games: {games}, source: "{source}"),')
    entries.sort()
    with open(TABLE, "w") as f:
        f.write(head + "[\n" + "\n".join(entries) + "\n]\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--levels", default="5,4")
    parser.add_argument("--openings", default="random:4")
    parser.add_argument("--nodes", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--records")
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--synthetic", type=float)
    parser.add_argument("--samples", type=int, default=20000)
    args = parser.parse_args()
    if args.synthetic is not None:
        print(f"s = {fit(synthetic(args.synthetic, args.samples, args.seed)):.6g}")
        return
    if not args.game:
        parser.error("a game id, or --synthetic S")
    if args.records:
        path, made = args.records, f"records {os.path.basename(args.records)}"
    else:
        path, made = play_match(args.game, args)
    with open(path) as f:
        text = f.read()
    samples, games = samples_of(args.game, text, args.nodes)
    if len(samples) < 20:
        sys.exit(f"fit_win_scale.py: {len(samples)} samples from {games} games: too few to fit")
    s = fit(samples)
    size = largest(samples)
    if not size * 1e-5 < s < size * 1e5:
        sys.exit(f"fit_win_scale.py: {args.game}: the likelihood has no maximum inside the search (s = {s:.3g}): "
                 "the values do not tell the results apart; try weaker levels or a smaller --nodes")
    day = datetime.date.today().isoformat()
    source = f"bench/fit_win_scale.py: {made}; review --nodes {args.nodes}; {len(samples)} positions; {day}"
    print(f"{args.game}: s = {s:.4g} from {games} games, {len(samples)} positions")
    if args.write:
        write_entry(args.game, s, games, source.replace('"', "'"))


if __name__ == "__main__":
    main()
