// Progress on stderr for the long commands (cluster, report, simulate, campaign
// leaderboard, rank, eval, selection-benchmark): a one-line bar redrawn in place, or a
// ticking elapsed time when the total is unknown (a server computing, a model fitting).
// Drawn when --progress is "always", or "auto" (default) and stderr is a terminal, and only
// once the work has lasted half a second (immediately with "always"). Never writes to
// stdout, so piped output stays clean.
#ifndef TOURNEY_CLI_PROGRESS_BAR_H_
#define TOURNEY_CLI_PROGRESS_BAR_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "flags/flags.h"
#include "tourney/core/status.h"

namespace tourney::cli {

// --progress auto|always|never.
void AddProgressFlag(Flags& flags);
// Whether to draw (and whether to draw at once), from --progress. InvalidArgument for an
// unknown value.
struct ProgressMode {
  bool enabled = false;
  bool immediate = false;
};
StatusOr<ProgressMode> ProgressModeFromFlags(const Flags& flags);

class ProgressBar {
 public:
  // `what` names the units ("replicates", "points").
  ProgressBar(ProgressMode mode, std::string what);
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;
  ~ProgressBar();  // clears the line and stops the ticker

  // Redraws the bar for `finished` of `total`. Safe to call from any thread.
  void Update(int finished, int total);
  // Draws "LABEL: 3.2 s elapsed" every 100 ms until Clear() (unknown total).
  void StartTicker(const std::string& label);
  // Erases the line and stops the ticker.
  void Clear();

 private:
  void Draw(const std::string& text);

  const ProgressMode mode_;
  const std::string what_;
  const std::chrono::steady_clock::time_point start_;
  std::mutex mu_;
  std::chrono::steady_clock::time_point last_draw_;  // guarded by mu_
  bool drawn_ = false;                               // guarded by mu_
  std::thread ticker_;
  std::condition_variable stop_cv_;
  bool stop_ = false;  // guarded by mu_
};

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_PROGRESS_BAR_H_
