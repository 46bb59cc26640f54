# Sourced by bench/pons.sh and bench/review_quality.sh: builds Pascal Pons' solver around bench/pons_driver.cpp.
#
#     build_pons WORKDIR      # sets $pons (the binary), $pons_commit and $pons_flags, or returns 1 with $pons_error
#
# PONS_SRC: his source, a directory or a git repository (URL or path); by default a clone of his GitHub repository,
# else of the local mirror below. CXX: the compiler (g++). Built with the flags of his Makefile.
PONS_URL=https://github.com/PascalPons/connect4
PONS_MIRROR=/work/.mirror/PascalPons+connect4/repo

# Sets $src to Pons' source under $1: PONS_SRC if it is a directory holding Solver.cpp, else a clone of PONS_SRC, of
# his repository or of the local mirror, the first that clones.
find_pons_source() {
  if [ -f "${PONS_SRC:-}/Solver.cpp" ]; then src=$PONS_SRC; return; fi
  local repos=("${PONS_SRC:-$PONS_URL}")
  [ -n "${PONS_SRC:-}" ] || [ ! -d "$PONS_MIRROR" ] || repos+=("$PONS_MIRROR")
  for repo in "${repos[@]}"; do
    rm -rf "$1/src"
    if GIT_TERMINAL_PROMPT=0 git clone --quiet --depth 1 "$repo" "$1/src" 2>/dev/null; then
      src=$1/src
      return
    fi
  done
  return 1
}

build_pons() {
  local work=$1 flag_list
  if ! find_pons_source "$work"; then
    pons_error="cannot get Pons' source from ${PONS_SRC:-$PONS_URL or $PONS_MIRROR} (set PONS_SRC)"
    return 1
  fi
  pons_flags=$(sed -n 's/^CXXFLAGS *= *//p' "$src/Makefile" 2>/dev/null || true)
  pons_flags=${pons_flags:---std=c++11 -W -Wall -O3 -DNDEBUG}
  read -ra flag_list <<<"$pons_flags"
  if ! "${CXX:-g++}" "${flag_list[@]}" -I"$src" bench/pons_driver.cpp "$src/Solver.cpp" -o "$work/pons" \
    2>"$work/build.log"; then
    pons_error="cannot build Pons' solver from $src with ${CXX:-g++} $pons_flags: $(head -1 "$work/build.log")"
    return 1
  fi
  pons=$work/pons
  pons_commit=$(git -C "$src" log -1 --format='%h %cs' 2>/dev/null || echo "unknown commit")
}
