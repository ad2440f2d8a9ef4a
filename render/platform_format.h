// A platform's own ranking beside tourney's (`tourney cluster --protocol pearmut`): Pearmut's
// order, means and adjacent one-sided paired t-tests with its lines, next to tourney's paired
// Holm clusters on the same log, and how many of the platform's lines survive the correction;
// in the table, CSV, Markdown and LaTeX formats (JSON is the board's proto3 JSON).
// Thread safety: functions are reentrant.
#ifndef TOURNEY_RENDER_PLATFORM_FORMAT_H_
#define TOURNEY_RENDER_PLATFORM_FORMAT_H_

#include <cstdint>
#include <string>

#include "render/leaderboard_format.h"
#include "render/text_table.h"
#include "tourney/core/platform_scores.h"
#include "tourney/protocols/da_scores.h"
#include "tourney/protocols/holm_separations.h"
#include "tourney/protocols/pearmut_ranking.h"

namespace tourney {

// Everything the Pearmut outputs show. The pointers are borrowed and must outlive the call.
struct PearmutReport {
  const PlatformScores* scores = nullptr;
  const PearmutRanking* ranking = nullptr;
  const DaScores* tourney = nullptr;         // the non-validation scores (raw)
  const PairedHolmRanking* holm = nullptr;   // over tourney's systems in Pearmut's order
  int64_t validation_scores = 0;
  int surviving_lines = 0;                   // SurvivingPearmutLines
};

// Pearmut's board: rank, model, mean, items, the test against the next model (shared items,
// t, p), Pearmut's line, tourney's Holm cluster ("-" for a model tourney does not rank).
// Rules separate Pearmut's groups. `exact` as WmtDaTable's.
TextTable PearmutTable(const PearmutReport& report, bool exact = false);

// The plain-text report: a summary, the table, then the survival count.
std::string FormatPearmutText(const PearmutReport& report);

// The table in `format` (csv, markdown or latex); InvalidArgument for the others.
StatusOr<std::string> FormatPearmutTable(const PearmutReport& report, OutputFormat format);

}  // namespace tourney

#endif  // TOURNEY_RENDER_PLATFORM_FORMAT_H_
