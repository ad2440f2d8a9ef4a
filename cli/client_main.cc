// tourney-client: the gRPC client verbs of tourney (`campaign`, the live `demo`). Users run
// them as `tourney campaign ...` and `tourney demo`; tourney hands them over to this binary
// so that its offline commands never load gRPC.
#include <cstring>
#include <iostream>

#include "commands.h"
#include "common.h"

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "campaign") == 0) {
    return tourney::cli::RunCampaign(argc, argv);
  }
  if (argc >= 2 && std::strcmp(argv[1], "demo") == 0) return tourney::cli::RunDemo(argc, argv);
  std::cerr << "tourney-client: run it as `tourney campaign ...` or `tourney demo`\n";
  return tourney::cli::kExitBadInput;
}
