// Pascal Pons' solver under the studio's benchmark protocol, for bench/pons.sh and bench/review_quality.sh (this file
// is the studio's own, under its licence; it calls only the public API of his Solver and Position, and is compiled
// against his source, which is not part of this repository).
//
// Reads positions (`<moves>`, anything after the first space ignored) from standard input and writes
// `<moves> <score> <nodes> <microseconds>` for each, as `alphabeta-studio solve` does: the table reset and the node
// count zeroed before each position, outside the timed part; no opening book. An illegal line goes to stderr.
//
// With `--analyze`, writes `<moves> <s1> … <s7>` instead: the exact score of playing each column (his
// Solver::analyze, a winning move counted too; `-` for a full column), his table kept from line to line, since only
// the scores are wanted and the positions of one game share most of their tree.
#include <chrono>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "Solver.hpp"

using GameSolver::Connect4::Position;
using GameSolver::Connect4::Solver;

int main(int argc, char **argv) {
  const bool analyze = argc > 1 && std::strcmp(argv[1], "--analyze") == 0;
  Solver solver;  // its table, about 80 MiB, is allocated once, here
  std::string line;
  for (int number = 1; std::getline(std::cin, line); number++) {
    const std::string moves = line.substr(0, line.find(' '));
    Position position;
    if (position.play(moves) != moves.size()) {
      std::cerr << "line " << number << ": illegal or finished position \"" << moves << "\"\n";
      continue;
    }
    if (analyze) {
      std::cout << moves;
      for (const int score : solver.analyze(position, false)) {
        if (score == Solver::INVALID_MOVE) {
          std::cout << " -";
        } else {
          std::cout << ' ' << score;
        }
      }
      std::cout << std::endl;
      continue;
    }
    solver.reset();
    const auto started = std::chrono::steady_clock::now();
    const int score = solver.solve(position, false);
    const auto elapsed = std::chrono::steady_clock::now() - started;
    const long long micros = std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count();
    std::cout << moves << ' ' << score << ' ' << solver.getNodeCount() << ' ' << micros << '\n';
  }
}
