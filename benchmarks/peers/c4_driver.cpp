// Solve positions with Christophe Steininger's c4 solver (a benchmark peer), one per line.
//
// Our own driver, built by benchmarks/peers/c4.py against the solver sources of a c4 checkout
// (its settings.h rewritten for the board, threads and table size of the run); not part of the
// package, and c4 itself is never copied into this project.
//
// Usage: c4_driver [--weak]
//
// Reads one position per line on standard input: the columns played, 1-based, one digit each
// (Pascal Pons' format; anything after the first space is ignored; an empty line is the empty
// board). For each it clears c4's table and statistics (outside the timing), solves the position
// strongly (or weakly with --weak), and prints one JSON object on a line:
//
//   {"score": S, "nodes": N, "wall": W, "cpu": C}
//
// S is the score in Pons' convention (c4 uses the same), N c4's own node count, W the wall
// seconds and C the process CPU seconds (every thread) around the solve call alone, which
// includes c4's hand-over of the position to its worker threads. A malformed line or an
// illegal move is reported on standard error and ends the program with status 2.

#include <time.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>

#include "solver/position.h"
#include "solver/settings.h"
#include "solver/solver.h"

namespace {

double process_cpu_seconds() {
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// Plays the line's moves on `pos`; false (with a message on stderr) if one is not legal.
bool play_line(const std::string &line, long line_number, Position &pos) {
    for (char symbol : line) {
        if (symbol == ' ' || symbol == '\t' || symbol == '\r') {
            break;
        }
        int column = symbol - '1';
        if (column < 0 || column >= BOARD_WIDTH || symbol > '9') {
            std::cerr << "line " << line_number << ": " << symbol << " is not a column 1-"
                      << BOARD_WIDTH << std::endl;
            return false;
        }
        if (pos.is_game_over() || !pos.is_move_valid(column)) {
            std::cerr << "line " << line_number << ": column " << symbol
                      << " cannot be played there (full, or the game is over)" << std::endl;
            return false;
        }
        pos.move(column);
    }
    return true;
}

}  // namespace

int main(int argc, char **argv) {
    bool weak = argc > 1 && std::string(argv[1]) == "--weak";
    Solver solver{};  // allocates and clears the table: before any timing

    std::string line;
    long line_number = 0;
    while (std::getline(std::cin, line)) {
        line_number++;
        Position pos{};
        if (!play_line(line, line_number, pos)) {
            return 2;
        }
        solver.clear_state();

        auto wall_start = std::chrono::steady_clock::now();
        double cpu_start = process_cpu_seconds();
        int score = weak ? solver.solve_weak(pos) : solver.solve_strong(pos);
        double cpu = process_cpu_seconds() - cpu_start;
        std::chrono::duration<double> wall = std::chrono::steady_clock::now() - wall_start;

        std::printf("{\"score\": %d, \"nodes\": %llu, \"wall\": %.9f, \"cpu\": %.9f}\n", score,
                    solver.get_merged_stats().get_num_nodes(), wall.count(), cpu);
        std::fflush(stdout);
    }
    return 0;
}
