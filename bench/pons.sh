#!/bin/bash
# Connect Four: the studio's solver side by side with Pascal Pons' (docs/benchmarks.md, "Side by side with Pons'
# solver"). His HEAD is built with the flags of his Makefile around bench/pons_driver.cpp, which resets his table
# before each position, as `alphabeta-studio solve` clears its own. Each set is cut into chunks, and chunk k runs on
# one solver and then the other (who goes first alternates), so machine load falls on both alike. Every score is
# checked against the file's. A Markdown table goes to stdout, each position's line to
# bench/results/pons/<set>.{studio,pons}.txt (<set>.t2.{studio,pons}.txt at THREADS=2).
#
#     bench/pons.sh                                  # every set, Begin-Hard's first 50, the studio at 1 thread
#     SETS="Begin-Medium Begin-Hard" BEGIN_HARD=20 THREADS=2 bench/pons.sh
#
# PONS_SRC: his source, a directory or a git repository (URL or path); by default a clone of his GitHub repository,
# else of the local mirror (bench/pons_build.sh builds it). BIN: the studio (default target/release/alphabeta-studio,
# built beforehand).
# CHUNK / HARD_CHUNK: positions per chunk (50, and 5 on Begin-Hard). Exits 1 if any score differs from the file's.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-target/release/alphabeta-studio}
SETS=${SETS:-End-Easy Middle-Easy Middle-Medium Begin-Easy Begin-Medium Begin-Hard}
BEGIN_HARD=${BEGIN_HARD:-50}
THREADS=${THREADS:-1}
CHUNK=${CHUNK:-50}
HARD_CHUNK=${HARD_CHUNK:-5}
DATA=tests/data/connect4
OUT=bench/results/pons

die() { echo "bench/pons.sh: $*" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/pons.XXXXXX")
trap 'rm -rf "$work"' EXIT
# shellcheck source=bench/pons_build.sh
. bench/pons_build.sh

# The file of set $1 in tests/data/connect4 (its README names the sets).
set_file() {
  case $1 in
    End-Easy) echo Test_L3_R1 ;; Middle-Easy) echo Test_L2_R1 ;; Middle-Medium) echo Test_L2_R2 ;;
    Begin-Easy) echo Test_L1_R1 ;; Begin-Medium) echo Test_L1_R2 ;; Begin-Hard) echo Test_L1_R3 ;;
    *) die "unknown set '$1' (End-Easy, Middle-Easy, Middle-Medium, Begin-Easy, Begin-Medium, Begin-Hard)" ;;
  esac
}

for name in $SETS; do set_file "$name" >/dev/null; done
[ -x "$BIN" ] || die "no studio binary at $BIN (cargo build --release, or set BIN)"
build_pons "$work" || die "$pons_error"
mkdir -p "$OUT"

# The raw files of set $1: $OUT/<set>.{studio,pons}.txt, with .t<THREADS> before the suffix when THREADS is not 1.
raw() { echo "$OUT/$1$([ "$THREADS" = 1 ] || echo ".t$THREADS").$2.txt"; }
run_pons() { "$pons" <"$1" >>"$(raw "$2" pons)"; }
run_studio() { "$BIN" solve --threads "$THREADS" <"$1" >>"$(raw "$2" studio)"; }

# Runs both solvers on set $1, chunk by chunk, into fresh raw files.
run_set() {
  local name=$1 file chunk=$CHUNK positions=1000000 k=0
  file=$DATA/$(set_file "$name")
  if [ "$name" = Begin-Hard ]; then chunk=$HARD_CHUNK positions=$BEGIN_HARD; fi
  head -n "$positions" "$file" >"$work/$name.in"
  split -l "$chunk" -a 4 -d "$work/$name.in" "$work/$name.chunk."
  : >"$(raw "$name" pons)"
  : >"$(raw "$name" studio)"
  for part in "$work/$name.chunk."*; do
    if [ $((k++ % 2)) = 0 ]; then
      run_pons "$part" "$name" && run_studio "$part" "$name"
    else
      run_studio "$part" "$name" && run_pons "$part" "$name"
    fi
  done
}

# One table row for set $1 from the expected scores and both raw files, lined up position by position; a line on
# stderr and status 1 when a score (or a position) differs.
summarize_set() {
  paste -d ' ' "$work/$1.in" "$(raw "$1" studio)" "$(raw "$1" pons)" | awk -v set="$1" '
    function amount(x) { return x < 1000 ? sprintf("%.1f", x) : sprintf("%.0f", x) }
    function span(us) { return us < 1e3 ? sprintf("%.1f µs", us) : us < 1e6 ? sprintf("%.2f ms", us / 1e3) \
                                                                            : sprintf("%.2f s", us / 1e6) }
    { n++; same = $1 == $3 && $1 == $7
      studio_ok += same && $4 == $2; pons_ok += same && $8 == $2; both += same && $4 == $2 && $8 == $2
      studio_nodes += $5; pons_nodes += $9; studio_us += $6; pons_us += $10 }
    END {
      printf "| %s | %d | %d | %s | %s | %.3f | %s | %s | %.3f |\n", set, n, both, amount(studio_nodes / n),
             amount(pons_nodes / n), studio_nodes / pons_nodes, span(studio_us / n), span(pons_us / n), studio_us / pons_us
      if (both < n) { printf "%s: %d studio and %d Pons scores differ from the file'"'"'s\n", set, n - studio_ok, n - pons_ok \
                      > "/dev/stderr"; exit 1 } }'
}

echo "bench/pons.sh, $(date -u '+%Y-%m-%d %H:%M UTC'): Pons $pons_commit (${CXX:-g++} $pons_flags, table reset per position), studio $BIN --threads $THREADS"
echo "load before: $(uptime | sed 's/.*load average: //')"
echo
echo "| set | positions | exact (both) | mean nodes, studio | mean nodes, Pons | node ratio | mean time, studio | mean time, Pons | time ratio |"
echo "|---|---|---|---|---|---|---|---|---|"
status=0
for name in $SETS; do
  run_set "$name"
  summarize_set "$name" || status=1
done
echo
echo "load after: $(uptime | sed 's/.*load average: //')"
exit "$status"
