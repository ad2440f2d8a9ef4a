// The HTML report of `tourney report`: one self-contained page (inline SVG and CSS, no
// scripts, no network) with the data summary, each model's clustered leaderboard and rank
// box plot, pair-count and win-rate heat maps, held-out accuracy and perplexity, and
// annotator agreement (Sakaguchi, Post & Van Durme 2014, Tables 1-2, Figures 5 and 9-10).
// The CLI computes a ReportData; RenderReportPage only writes it.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_REPORT_PAGE_H_
#define TOURNEY_RENDER_REPORT_PAGE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/leaderboard.h"
#include "tourney/statistics/agreement.h"
#include "tourney/statistics/bootstrap.h"
#include "tourney/statistics/evaluation.h"

namespace tourney {

struct ReportModelRun {
  std::string name;
  BootstrapResult result;
  Leaderboard board;
  std::vector<int> order;  // system ids in board order
  int clusters = 0;
};

// Everything the page shows, computed before any HTML is written.
struct ReportData {
  std::vector<std::string> files;
  std::string test_file;
  std::string command;
  std::string title;
  const Judgments* judgments = nullptr;
  std::vector<std::string> short_names;  // by system id
  std::vector<ReportModelRun> runs;
  // `tourney report --anytime`: the anytime-valid leaderboard (sequential/anytime_board.h)
  // of the judgments in input order.
  std::optional<Leaderboard> anytime;
  int replicates = 0;
  double confidence = 0.0;
  uint64_t seed = 0;
  int threads = 0;
  // Evaluation (when test_file is set).
  bool evaluated = false;
  EvalReport eval;
  std::vector<std::string> eval_models;
  std::vector<size_t> eval_sizes;
  std::vector<size_t> skipped_sizes;
  size_t eval_train = 0, eval_dev = 0, eval_test = 0;
  int eval_repeats = 0;
  int eval_unseen_systems = 0;
  // Annotator agreement (when every ranking names its segment and annotator).
  std::optional<AgreementResult> agreement;
  std::string agreement_absent;  // why it is absent
};


// The whole page.
// REQUIRES: d.judgments is set; every run's board, order and result describe d.judgments.
std::string RenderReportPage(const ReportData& d);

}  // namespace tourney

#endif  // TOURNEY_RENDER_REPORT_PAGE_H_
