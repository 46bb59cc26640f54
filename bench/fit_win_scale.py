#!/usr/bin/env python3
"""Fits a game's win-probability scale s (P(win) = 1 / (1 + e^(-v/s)), v the engine's value in the game's unit)
by maximum likelihood from the game's own match records, with a 95 % interval, and writes it to the review's table
(crates/alphabeta-core/src/review/win_scales.ron) with the games it came from.

    bench/fit_win_scale.py GAME [--games N] [--levels A,B] [--openings random:K] [--budget level] [--seed S]
                                [--jobs J] [--keep DIR] [--write]
    bench/fit_win_scale.py GAME --records FILE.pgn [--budget level] [--keep DIR] [--write]
    bench/fit_win_scale.py GAME --reviews DIR [--write]
    bench/fit_win_scale.py GAME --calibrate DIR [--oracle-ms T] [--jobs J]
    bench/fit_win_scale.py --synthetic S [--samples N] [--seed S] [--resamples R]

Records: `alphabeta-studio match GAME --a level:A --b level:B --pgn FILE` (a pair of the ladder's neighbouring
levels, as bench/ladder.sh plays them), or a PGN file of such records. Each game is replayed and every decision's
position searched with `alphabeta-studio review GAME --json` (replay + search: the records carry no evaluations) at
--budget: `level` (the default: the review's own, level 10, as a user's review searches), `level:L` or `nodes:N`.
Each position gives one sample, (the mover's value, the mover's result: 1 win, 1/2 draw, 0 loss). Values the search
proved (a win found, a solved position: win probability exactly 0 or 1) say nothing of s and are left out. s
maximises sum(y log p + (1 - y) log(1 - p)), found by Newton's method on 1/s (the log-likelihood is concave in 1/s),
golden-section search on log s when Newton does not settle.

The interval: the 2.5th and 97.5th percentiles of s fitted to 1000 (--resamples) bootstrap resamples of whole
games (seeded by --seed). Whole games, not positions, because one game's positions share its result: its forty
samples are nearly one observation, and a likelihood interval, which counts every position as independent, is
several times too narrow (on 240 Kalah games, 6.10 to 6.71 against the bootstrap's 5.44 to 7.61).

--keep DIR keeps the records (DIR/records.pgn) and each game's review (DIR/review-NNN.json, NNN its place in the
records); a review already there is read, not searched again, so a stopped run resumes. --reviews DIR fits from the
reviews a DIR holds, searching nothing (a run cut short is fitted from the games it finished). --jobs J reviews J
games at once.

--calibrate DIR checks the scale against an exact oracle, for a game whose end positions a search can prove (Kalah):
from each kept game's end backwards, every position `alphabeta-studio search GAME --moves ... --time-ms T` proves
(its last iteration exact: the game's true value) until the first it does not; the proofs are kept in
DIR/oracle.json (T is wall-clock time: on a loaded machine fewer positions are proven, but a proof is exact whatever
the load). For the positions the review did not prove, it compares the win probability the table's scale (and any
--scales S,... given) gives the review's value with the exact outcome (and fits the s these outcomes prefer, when
one exists): by bins of the probability, the Brier score (mean squared difference, draws counting 1/2), and the
fraction of decided positions whose predicted favourite is the exact winner. It also counts the review's own proven
values the oracle contradicts (there should be none). Note what it measures: the outcome under perfect play from the
position, not the result of the recorded game that the scale was fitted to.

--synthetic S draws values and results from the model with a known s in games of 40 positions and fits them, with
the interval: the check that the fit recovers what generated the data and that the interval covers it
(crates/alphabeta-core/tests/games/review.rs runs it).

The binary is ALPHABETA_BIN, else target/debug/alphabeta-studio (build it first). Run at nice -n 19.
"""
import argparse
import concurrent.futures
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
RESAMPLES = 1000
PER_SYNTHETIC_GAME = 40


def binary():
    return os.environ.get("ALPHABETA_BIN", os.path.join(ROOT, "target", "debug", "alphabeta-studio"))


def sigmoid(z):
    return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))


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


def golden(samples):
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


def newton(samples, s0):
    """Newton's method on t = 1/s from 1/s0: the gradient sum v (y - p), the curvature -sum v^2 p (1 - p). None when
    it does not settle (a step to t <= 0: the values do not tell the results apart)."""
    t = 1 / s0
    for _ in range(50):
        grad, curv = 0.0, 0.0
        for v, y in samples:
            p = sigmoid(v * t)
            grad += v * (y - p)
            curv -= v * v * p * (1 - p)
        if curv >= 0:
            return None
        step = grad / curv
        if t - step <= 0:
            return None
        t -= step
        if abs(step) < 1e-10 * t:
            return 1 / t
    return None


def fit(samples, start=None):
    """The s of greatest likelihood: Newton from `start` (or the golden-section answer, which it polishes)."""
    if start is None:
        start = golden(samples)
    return newton(samples, start) or golden(samples)


def interval(games, s, seed, resamples=RESAMPLES):
    """The 95 % bootstrap interval of s: `games` is one list of samples a game, resampled whole."""
    rng = random.Random(seed)
    fits = []
    for _ in range(resamples):
        drawn = [sample for _ in games for sample in rng.choice(games)]
        if drawn:
            fits.append(fit(drawn, s))
    fits.sort()
    return fits[int(0.025 * len(fits))], fits[min(len(fits) - 1, int(0.975 * len(fits)))]


def synthetic(s, count, seed):
    """Values uniform in +-4s and results drawn from the logistic, in games of PER_SYNTHETIC_GAME positions."""
    rng = random.Random(seed)
    games = []
    for i in range(count):
        if i % PER_SYNTHETIC_GAME == 0:
            games.append([])
        v = rng.uniform(-4 * s, 4 * s)
        games[-1].append((v, 1.0 if rng.random() < sigmoid(v / s) else 0.0))
    return games


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


def move_names(movetext):
    return [t for t in movetext.split() if not re.fullmatch(r"\d+\.(\.\.)?|1-0|0-1|1/2-1/2|\*", t)]


def record_of(game_id, movetext, whole):
    """What `review` reads: chess the PGN game itself, the others their move names one a line."""
    if game_id == "chess":
        return whole
    return "\n".join(move_names(movetext)) + "\n"


def pgn_blocks(text):
    """The PGN text of each game, for chess."""
    blocks = re.split(r"\n(?=\[Event )", text.strip())
    return [block + "\n" for block in blocks if block.strip()]


RESULTS = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def records(text):
    """(index, result for the first player, movetext, whole PGN block) of each finished game."""
    out = []
    for index, ((tags, movetext), whole) in enumerate(zip(split_games(text), pgn_blocks(text))):
        result = RESULTS.get(tags.get("Result"))
        if result is not None:
            out.append((index, result, movetext, whole))
    return out


def budget_args(budget):
    """`review`'s options for --budget: none for `level` (the review's default, level 10)."""
    if budget == "level":
        return []
    kind, _, amount = budget.partition(":")
    if kind in ("level", "nodes") and amount.isdigit():
        return [f"--{kind}", amount]
    sys.exit(f"fit_win_scale.py: --budget {budget}: expected level, level:L or nodes:N")


def review_path(keep, index):
    return os.path.join(keep, f"review-{index:03}.json")


def review_one(game_id, movetext, whole, budget):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(record_of(game_id, movetext, whole))
        path = f.name
    try:
        out = subprocess.run([binary(), "review", game_id, "--record", path, "--json", "--values", "side-to-move"]
                             + budget_args(budget), capture_output=True, text=True, check=False)
    finally:
        os.unlink(path)
    if out.returncode != 0:
        print(f"skipped a game: {out.stderr.strip()}", file=sys.stderr)
        return None
    return json.loads(out.stdout)


def reviews_of(game_id, text, budget, keep, jobs):
    """(result, review) of each game of the records: searched, or read from `keep` when kept there before."""
    games = records(text)

    def one(entry):
        index, _, movetext, whole = entry
        if keep and os.path.exists(review_path(keep, index)):
            with open(review_path(keep, index)) as f:
                return json.load(f)
        review = review_one(game_id, movetext, whole, budget)
        if keep and review is not None:
            with open(review_path(keep, index), "w") as f:
                json.dump(review, f)
        return review

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        reviews = list(pool.map(one, games))
    return [(entry[1], review) for entry, review in zip(games, reviews) if review is not None]


def kept_reviews(keep):
    """(result, review) of each game `keep` holds a review of."""
    with open(os.path.join(keep, "records.pgn")) as f:
        games = records(f.read())
    out = []
    for index, result, _, _ in games:
        if os.path.exists(review_path(keep, index)):
            with open(review_path(keep, index)) as f:
                out.append((result, json.load(f)))
    return out


def judged(move):
    """A decision whose value says something of s: not forced, not proven (win probability 0 or 1), a number."""
    value = move["value_before"]
    return move["class"] != "forced" and move["win_before"] not in (0.0, 1.0) and isinstance(value, (int, float))


def samples_of(result, review):
    first = review["sides"][0]
    return [(float(move["value_before"]), result if move["side"] == first else 1.0 - result)
            for move in review["moves"] if judged(move)]


def play_match(game_id, args):
    if args.keep:
        out = os.path.join(args.keep, "records.pgn")
    else:
        out = tempfile.NamedTemporaryFile(suffix=".pgn", delete=False).name
    a, b = args.levels.split(",")
    command = [binary(), "match", game_id, "--a", f"level:{a}", "--b", f"level:{b}", "--games", str(args.games),
               "--seed", str(args.seed)]
    if args.openings:
        command += ["--openings", args.openings]
    if not (args.keep and os.path.exists(out)):
        subprocess.run(command + ["--pgn", out], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return out, " ".join(["alphabeta-studio"] + command[1:] + ["--pgn"])


def write_entry(game_id, s, games, source):
    with open(TABLE) as f:
        text = f.read()
    head, body = text.split("[", 1)
    entries = [line for line in body.rsplit("]", 1)[0].splitlines() if line.strip()]
    before = [line for line in entries if f'game: "{game_id}"' in line]
    entries = [line for line in entries if f'game: "{game_id}"' not in line]
    was = re.search(r"s: ([^,]+), games: (\d+), source: \"[^\"]*?(review[^;]*);", before[0]) if before else None
    if was:
        source += f"; before: s = {was.group(1)} from {was.group(2)} games, {was.group(3)}"
    entries.append(f'    (game: "{game_id}", s: {s:.4g}, games: {games}, source: "{source}"),')
    entries.sort()
    with open(TABLE, "w") as f:
        f.write(head + "[\n" + "\n".join(entries) + "\n]\n")


def table_scale(game_id):
    with open(TABLE) as f:
        match = re.search(r'game: "' + re.escape(game_id) + r'", s: ([0-9.eE+-]+)', f.read())
    return float(match.group(1)) if match else None


def oracle(game_id, names, ms):
    """The mover's exact value after `names`, or None when the search does not prove it in `ms` milliseconds."""
    out = subprocess.run([binary(), "search", game_id, "--moves", ",".join(names), "--time-ms", str(ms), "--json",
                          "--values", "side-to-move"], capture_output=True, text=True, check=False)
    if out.returncode != 0:
        return None
    found = json.loads(out.stdout)
    return found["value"] if found["exact"] and isinstance(found["value"], (int, float)) else None


def calibrate(game_id, keep, ms, scales, jobs):
    with open(os.path.join(keep, "records.pgn")) as f:
        games = [(index, move_names(movetext)) for index, _, movetext, _ in records(f.read())
                 if os.path.exists(review_path(keep, index))]
    cache_path = os.path.join(keep, "oracle.json")
    cache = {}
    if os.path.exists(cache_path):
        with open(cache_path) as f:
            cache = json.load(f)

    def one(entry):
        index, names = entry
        key = str(index)
        if key in cache and cache[key]["ms"] >= ms:
            return key, cache[key]
        proven = {}
        for ply in range(len(names) - 1, -1, -1):
            value = oracle(game_id, names[:ply], ms)
            if value is None:
                break
            proven[str(ply)] = value
        return key, {"ms": ms, "values": proven}

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for key, entry in pool.map(one, games):
            cache[key] = entry
    with open(cache_path, "w") as f:
        json.dump(cache, f, indent=0, sort_keys=True)

    points, contradicted, agreed = [], 0, 0
    for index, _ in games:
        with open(review_path(keep, index)) as f:
            review = json.load(f)
        values = cache[str(index)]["values"]
        for move in review["moves"]:
            exact = values.get(str(move["ply"]))
            if exact is None or move["class"] == "forced":
                continue
            y = 1.0 if exact > 0 else 0.0 if exact < 0 else 0.5
            if move["win_before"] in (0.0, 1.0):
                agreed += move["win_before"] == y
                contradicted += move["win_before"] != y
            elif judged(move):
                points.append((float(move["value_before"]), y))
    print(f"{game_id}: {len(games)} games, {sum(len(cache[str(i)]['values']) for i, _ in games)} positions proven by "
          f"`search --time-ms {ms}`; of those the review proved too, {agreed} agree, {contradicted} contradict; "
          f"{len(points)} the review did not prove")
    if not points:
        return
    if any((v > 0 and y < 0.5) or (v < 0 and y > 0.5) for v, y in points):
        print(f"the s that fits these exact outcomes best: {fit(points):.4g}")
    else:
        print("no position's favourite lost: the smaller s, the better these outcomes fit (the best s is 0)")
    edges = [0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 1.0]
    for s in dict.fromkeys(scales):
        predicted = [(sigmoid(v / s), y) for v, y in points]
        brier = sum((p - y) ** 2 for p, y in predicted) / len(predicted)
        decided = [(p, y) for p, y in predicted if y != 0.5 and p != 0.5]
        right = sum((p > 0.5) == (y == 1.0) for p, y in decided)
        even = sum((0.5 - y) ** 2 for _, y in predicted) / len(predicted)
        print(f"s = {s:.4g}: Brier {brier:.4f} (always 1/2: {even:.4f}); "
              f"favourite wins {right}/{len(decided)} = {right / max(1, len(decided)):.3f}")
        print("  | P(win) | positions | mean P | exact score |")
        for lo, hi in zip(edges, edges[1:]):
            inside = [(p, y) for p, y in predicted if lo <= p < hi or (hi == 1.0 and p == 1.0)]
            if inside:
                print(f"  | {lo:.1f}-{hi:.1f} | {len(inside)} | {sum(p for p, _ in inside) / len(inside):.3f} | "
                      f"{sum(y for _, y in inside) / len(inside):.3f} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--levels", default="5,4")
    parser.add_argument("--openings", default="random:4")
    parser.add_argument("--budget", default="level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--records")
    parser.add_argument("--reviews")
    parser.add_argument("--keep")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--calibrate")
    parser.add_argument("--oracle-ms", type=int, default=5000)
    parser.add_argument("--scales", default="")
    parser.add_argument("--synthetic", type=float)
    parser.add_argument("--samples", type=int, default=20000)
    parser.add_argument("--resamples", type=int, default=RESAMPLES)
    args = parser.parse_args()
    if args.synthetic is not None:
        games = synthetic(args.synthetic, args.samples, args.seed)
        s = fit([sample for game in games for sample in game])
        lo, hi = interval(games, s, args.seed, args.resamples)
        print(f"s = {s:.6g} (95 %: {lo:.6g} to {hi:.6g})")
        return
    if not args.game:
        parser.error("a game id, or --synthetic S")
    if args.calibrate:
        scales = [table_scale(args.game)] + [float(x) for x in args.scales.split(",") if x]
        calibrate(args.game, args.calibrate, args.oracle_ms, [s for s in scales if s], args.jobs)
        return
    if args.reviews:
        reviewed = kept_reviews(args.reviews)
        with open(os.path.join(args.reviews, "made")) as f:
            made, budget = f.read().strip().split("\n")
    else:
        if args.keep:
            os.makedirs(args.keep, exist_ok=True)
        if args.records:
            path, made = args.records, f"records {os.path.basename(args.records)}"
        else:
            path, made = play_match(args.game, args)
        budget = args.budget
        if args.keep:
            with open(os.path.join(args.keep, "made"), "w") as f:
                f.write(f"{made}\n{budget}\n")
        with open(path) as f:
            reviewed = reviews_of(args.game, f.read(), budget, args.keep, args.jobs)
    games = [samples_of(result, review) for result, review in reviewed]
    games = [game for game in games if game]
    samples = [sample for game in games for sample in game]
    if len(samples) < 20:
        sys.exit(f"fit_win_scale.py: {len(samples)} samples from {len(games)} games: too few to fit")
    s = fit(samples)
    size = largest(samples)
    if not size * 1e-5 < s < size * 1e5:
        sys.exit(f"fit_win_scale.py: {args.game}: the likelihood has no maximum inside the search (s = {s:.3g}): "
                 "the values do not tell the results apart; try weaker levels or a smaller budget")
    lo, hi = interval(games, s, args.seed, args.resamples)
    day = datetime.date.today().isoformat()
    searched = "review at its default (level 10)" if budget == "level" else f"review --{budget.replace(':', ' ')}"
    source = (f"bench/fit_win_scale.py: {made}; {searched}; {len(games)} games, {len(samples)} positions; "
              f"95 % interval {lo:.4g} to {hi:.4g} (bootstrap of whole games); {day}")
    print(f"{args.game}: s = {s:.4g} (95 %: {lo:.4g} to {hi:.4g}) from {len(games)} games, {len(samples)} positions")
    if args.write:
        write_entry(args.game, s, len(games), source.replace('"', "'"))


if __name__ == "__main__":
    main()
