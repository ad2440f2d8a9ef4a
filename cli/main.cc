// tourney: rank systems from human pairwise judgments.
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "commands.h"
#include "common.h"
#include "tourney/ingest/input_limits.h"

namespace {

// The gRPC client verbs live in tourney-client, beside this binary, so that the offline
// commands start without loading gRPC, abseil and OpenSSL. `tourney campaign ...` and
// `tourney demo` (live) replace this process with it, arguments unchanged.
int RunClient(int argc, char** argv) {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  const std::string client =
      (ec ? std::filesystem::path(argv[0]) : self).parent_path().string() + "/tourney-client";
  std::string name = client;
  argv[0] = name.data();
  execv(client.c_str(), argv);
  std::cerr << "tourney " << argv[1] << ": cannot run " << client << ": " << std::strerror(errno)
            << " (it is built with tourney; `tourney demo --offline` needs no server)\n";
  (void)argc;
  return tourney::cli::kExitFailure;
}

int RunDemoCommand(int argc, char** argv) {
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--offline") == 0) {
      std::vector<char*> rest(argv, argv + argc);
      rest.erase(rest.begin() + i);
      return tourney::cli::RunOfflineDemo(static_cast<int>(rest.size()), rest.data());
    }
  }
  return RunClient(argc, argv);
}

struct Command {
  const char* name;
  const char* summary;
  int (*run)(int, char**);
};

constexpr Command kCommands[] = {
    {"rank", "rate systems from judgment files and print a leaderboard", tourney::cli::RunRank},
    {"cluster", "bootstrap rank ranges and a clustered leaderboard (WMT13 style)",
     tourney::cli::RunCluster},
    {"simulate-campaign", "write a simulated campaign as WMT CSV (known hidden qualities)",
     tourney::cli::RunSimulateCampaign},
    {"simulate-battles", "write an Arena-style JSONL battle log from a hidden Bradley-Terry truth",
     tourney::cli::RunSimulateBattles},
    {"agreement", "annotator agreement (inter and intra kappa) per language pair",
     tourney::cli::RunAgreement},
    {"eval", "held-out accuracy and perplexity of models over training sizes (Table 2)",
     tourney::cli::RunEval},
    {"simulate", "which pairs match selection asks for; clusters vs amount of data",
     tourney::cli::RunSimulate},
    {"demo", "run simulated campaigns on a local tourneyd (--offline: no server)", RunDemoCommand},
    {"next", "the match a selector would serve next for a ratings file (offline NextMatch)",
     tourney::cli::RunNext},
    {"report", "one self-contained HTML page: leaderboards, rank plots, heat maps, evaluation",
     tourney::cli::RunReport},
    {"selection-benchmark", "judgments each match selector needs to final clusters, over seeds",
     tourney::cli::RunSelectionBenchmarkCommand},
    {"top-k-benchmark", "judgments to identify the best k systems at confidence 1 - delta",
     tourney::cli::RunTopKBenchmarkCommand},
    {"sampling-study", "sampling designs and estimators of a test-set score (Saldias et al.)",
     tourney::cli::RunSamplingStudyCommand},
    {"replay", "replay a complete scoring campaign: items each serving policy needs for a goal",
     tourney::cli::RunReplayCommand},
    {"plan", "forecast the items a scoring campaign's goal takes, from a pilot",
     tourney::cli::RunPlanCommand},
    {"sample", "choose the segments to annotate with a sampling design",
     tourney::cli::RunSampleCommand},
    {"estimate", "system scores with intervals from partly annotated segments; clusters",
     tourney::cli::RunEstimateCommand},
    {"compare", "agreement of two rankings: tau-b, rho, r, Pearson Rank, RBO, clusters",
     tourney::cli::RunCompare},
    {"stability", "how the clusters hold up on subsamples of the judgments (Zobel 1998)",
     tourney::cli::RunStability},
    {"nbest", "n-best lists vs weighted gold: MAP, F1, BLEU, leaderboard, gold ablation",
     tourney::cli::RunNbest},
    {"content", "read a campaign's texts (Pearmut, Appraise, MQM TSV, table, WMT text)",
     tourney::cli::RunContent},
    {"campaign", "talk to a tourneyd server: campaigns, judging, leaderboards, export, QC",
     RunClient},
};

void PrintUsage(std::ostream& out) {
  out << "usage: tourney COMMAND [options] [FILE...]\n\n"
         "Ranks machine-translation (or LLM) systems from human judgments: k-way rankings as\n"
         "exported by Appraise (WMT CSV) or plain pairwise outcomes.\n\ncommands:\n";
  for (const Command& c : kCommands) {
    out << "  " << c.name << std::string(20 - std::strlen(c.name), ' ') << c.summary << "\n";
  }
  out << "\nGlobal option (any command that reads files):\n"
         "  --max-input-bytes N  the most a reader holds in memory: decompressed gzip text and\n"
         "                       standard input (default 1G; also TOURNEY_MAX_INPUT_BYTES; a\n"
         "                       larger input is refused, naming the file and the limit)\n";
  out << "\nRun 'tourney COMMAND --help' for a command's options, 'tourney --version' for the\n"
         "version and build.\n"
         "Exit status: 0 success, 1 runtime failure, 2 bad input or usage.\n";
}

// Sets the input limit (tourney/ingest/input_limits.h) from TOURNEY_MAX_INPUT_BYTES and then
// from the global option --max-input-bytes N (or =N) anywhere after the command, which it
// takes out of argv so that the command's own flags never see it. False, with a message,
// for a value that is not a byte count.
bool TakeInputLimit(int* argc, char** argv) {
  const char* name = *argc > 1 ? argv[1] : "";
  if (const char* env = std::getenv("TOURNEY_MAX_INPUT_BYTES"); env != nullptr && *env != 0) {
    auto bytes = tourney::ParseByteCount(env);
    if (!bytes.ok()) {
      std::cerr << "tourney " << name << ": TOURNEY_MAX_INPUT_BYTES: " << bytes.status().message()
                << "\n";
      return false;
    }
    tourney::SetMaxDecompressedBytes(*bytes);
  }
  constexpr std::string_view kOption = "--max-input-bytes";
  int out = 2;
  for (int i = 2; i < *argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") {  // the rest are operands
      while (i < *argc) argv[out++] = argv[i++];
      break;
    }
    std::string_view value;
    if (arg == kOption) {
      if (i + 1 == *argc) {
        std::cerr << "tourney " << name << ": option '--max-input-bytes' needs a value\n";
        return false;
      }
      value = argv[++i];
    } else if (arg.substr(0, kOption.size() + 1) == std::string(kOption) + "=") {
      value = arg.substr(kOption.size() + 1);
    } else {
      argv[out++] = argv[i];
      continue;
    }
    auto bytes = tourney::ParseByteCount(value);
    if (!bytes.ok()) {
      std::cerr << "tourney " << name << ": option '--max-input-bytes': "
                << bytes.status().message() << "\n";
      return false;
    }
    tourney::SetMaxDecompressedBytes(*bytes);
  }
  argv[out] = nullptr;
  *argc = out;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    PrintUsage(std::cerr);
    return tourney::cli::kExitBadInput;
  }
  if (!TakeInputLimit(&argc, argv)) return tourney::cli::kExitBadInput;
  const std::string name = argv[1];
  if (name == "--version" || name == "version") {
    std::cout << "tourney " << TOURNEY_VERSION << "\nbuild: commit " << TOURNEY_GIT_DESCRIBE << ", "
              << TOURNEY_BUILD_TYPE << ", "
#if defined(__clang__)
              << "clang " << __clang_version__
#elif defined(__GNUC__)
              << "g++ " << __VERSION__
#endif
              << ", C++" << __cplusplus / 100 % 100 << "\n";
    return tourney::cli::kExitOk;
  }
  if (name == "--help" || name == "-h" || name == "help") {
    PrintUsage(std::cout);
    return tourney::cli::kExitOk;
  }
  for (const Command& c : kCommands) {
    if (name != c.name) continue;
    // The engine reports errors as Status; what can still escape is running out of memory
    // (or a library's exception): one line and exit status 1, never an abort.
    try {
      return c.run(argc, argv);
    } catch (const std::bad_alloc&) {
      std::cerr << "tourney " << name << ": out of memory\n";
    } catch (const std::exception& e) {
      std::cerr << "tourney " << name << ": internal error: " << e.what() << "\n";
    }
    return tourney::cli::kExitFailure;
  }
  std::cerr << "tourney: unknown command '" << name << "'\n\n";
  PrintUsage(std::cerr);
  return tourney::cli::kExitBadInput;
}
