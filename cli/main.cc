// tourney: rank systems from human pairwise judgments.
#include <cstring>
#include <iostream>
#include <string>

#include "commands.h"
#include "common.h"

namespace {

struct Command {
  const char* name;
  const char* summary;
  int (*run)(int, char**);
};

constexpr Command kCommands[] = {
    {"rank", "rate systems from judgment files and print a leaderboard",
     tourney::cli::RunRank},
    {"cluster", "bootstrap rank ranges and a clustered leaderboard (WMT13 style)",
     tourney::cli::RunCluster},
    {"simulate-campaign", "write a simulated campaign as WMT CSV (known hidden qualities)",
     tourney::cli::RunSimulateCampaign},
    {"simulate-battles", "write an Arena-style JSONL battle log from a hidden Bradley-Terry truth",
     tourney::cli::RunSimulateBattles},
    {"eval", "held-out accuracy and perplexity of models over training sizes (Table 2)",
     tourney::cli::RunEval},
    {"simulate", "which pairs match selection asks for; clusters vs amount of data",
     tourney::cli::RunSimulate},
    {"demo", "run simulated campaigns on a local tourneyd (--offline: no server)",
     tourney::cli::RunDemo},
    {"next", "the match a selector would serve next for a ratings file (offline NextMatch)",
     tourney::cli::RunNext},
    {"report", "one self-contained HTML page: leaderboards, rank plots, heat maps, evaluation",
     tourney::cli::RunReport},
    {"campaign", "talk to a tourneyd server: create, import, next, submit, leaderboard",
     tourney::cli::RunCampaign},
};

void PrintUsage(std::ostream& out) {
  out << "usage: tourney COMMAND [options] [FILE...]\n\n"
         "Ranks machine-translation (or LLM) systems from human judgments: k-way rankings as\n"
         "exported by Appraise (WMT CSV) or plain pairwise outcomes.\n\ncommands:\n";
  for (const Command& c : kCommands) {
    out << "  " << c.name << std::string(20 - std::strlen(c.name), ' ') << c.summary << "\n";
  }
  out << "\nRun 'tourney COMMAND --help' for a command's options.\n"
         "Exit status: 0 success, 1 runtime failure, 2 bad input or usage.\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    PrintUsage(std::cerr);
    return tourney::cli::kExitBadInput;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    PrintUsage(std::cout);
    return tourney::cli::kExitOk;
  }
  for (const Command& c : kCommands) {
    if (name == c.name) return c.run(argc, argv);
  }
  std::cerr << "tourney: unknown command '" << name << "'\n\n";
  PrintUsage(std::cerr);
  return tourney::cli::kExitBadInput;
}
