// Whole-process cost of the tourney command line: fork, exec, dynamic linking, reading the
// input, computing and printing, as a user (or a script running 1,000 protocol runs) pays it.
// - BM_Version: `tourney --version` (goal <= 3 ms);
// - BM_RankExpectedWins / BM_RankTrueSkill: `tourney rank train.csv` and the paper protocol
//   `tourney rank train.csv --model trueskill --seed 1` on WMT13 fr-en (goal <= 30 ms, i.e.
//   >= 1,000x the Python reference's 31.9 s).
// Skips the data cases when ../shared is absent.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <filesystem>
#include <string>
#include <vector>

#include "bench_util.h"

extern char** environ;

namespace tourney::bench {
namespace {

std::string Tourney() { return std::string(TOURNEY_BIN_DIR) + "/tourney"; }

// Runs `args` with stdout and stderr sent to /dev/null; returns the exit status.
int Run(std::vector<std::string> args) {
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  int status = -1;
  if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) == 0) {
    waitpid(pid, &status, 0);
  }
  posix_spawn_file_actions_destroy(&actions);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void RunCase(benchmark::State& state, const std::vector<std::string>& args) {
  for (auto _ : state) {
    if (Run(args) != 0) return state.SkipWithError("tourney exited non-zero");
  }
}

void BM_Version(benchmark::State& state) { RunCase(state, {Tourney(), "--version"}); }
BENCHMARK(BM_Version)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_RankExpectedWins(benchmark::State& state) {
  const std::string train = SharedDir() + "/data/wmt13-fr-en/train.csv";
  if (!std::filesystem::exists(train)) return state.SkipWithError("train.csv absent");
  RunCase(state, {Tourney(), "rank", train});
}
BENCHMARK(BM_RankExpectedWins)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_RankTrueSkill(benchmark::State& state) {
  const std::string train = SharedDir() + "/data/wmt13-fr-en/train.csv";
  if (!std::filesystem::exists(train)) return state.SkipWithError("train.csv absent");
  RunCase(state, {Tourney(), "rank", train, "--model", "trueskill", "--seed", "1"});
}
BENCHMARK(BM_RankTrueSkill)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace tourney::bench

BENCHMARK_MAIN();
