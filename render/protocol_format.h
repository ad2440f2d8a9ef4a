// The official human-evaluation protocols' outputs (`tourney cluster --protocol wmt-da`,
// `--protocol wmt-da-holm`, `tourney rank --protocol mqm`): the official board and, for WMT
// DA, tourney's paired Holm alternative as a second section, in the table, CSV, Markdown and
// LaTeX formats (JSON is the board's proto3 JSON, proto/leaderboard_proto.h).
// Thread safety: functions are reentrant.
#ifndef TOURNEY_RENDER_PROTOCOL_FORMAT_H_
#define TOURNEY_RENDER_PROTOCOL_FORMAT_H_

#include <array>
#include <cstdint>
#include <string>

#include "render/leaderboard_format.h"
#include "render/text_table.h"
#include "tourney/protocols/da_scores.h"
#include "tourney/protocols/holm_separations.h"
#include "tourney/protocols/mqm_score.h"
#include "tourney/protocols/wmt_da_clusters.h"

namespace tourney {

// What the scores of a WmtDaReport measure.
enum class ProtocolScale {
  kDaZ,  // WMT DA: mean z, with the mean raw score beside it
  kEsa,  // ESA points, 0-100, higher is better
  kMqm,  // MQM error points, negated in the scores; lower is better
};

// Everything the WMT DA outputs show. The pointers are borrowed and must outlive the call.
struct WmtDaReport {
  const DaScores* scores = nullptr;
  const WmtDaRanking* official = nullptr;
  const PairedHolmRanking* holm = nullptr;
  int64_t annotators = 0;
  std::array<int64_t, 4> type_counts = {};  // SYSTEM, REPEAT, REF, BAD_REF judgments
  double alpha = 0.05;
  // The scale of the scores' `z` fields. kEsa (esa_scores.h): raw ESA points (held in `z` as
  // well), one "ESA" column instead of z and raw. kMqm (mqm_clusters.h): minus the MQM error
  // points, shown as a positive "MQM" column (lower is better). The texts name the protocol.
  ProtocolScale scale = ProtocolScale::kDaZ;
};

// The official table (rank, system, cluster, mean z, mean raw, segments, judgments, wins;
// clusters separated by rules) or, with `holm_board`, the Holm clusters in its place. With
// `exact`, numbers in full precision without thousands separators (for CSV).
TextTable WmtDaTable(const WmtDaReport& report, bool holm_board, bool exact = false);

// Adjacent pairs of the official order under the paired Holm test: shared segments, mean z
// difference, p, Holm-adjusted p, and whether the official test and Holm separate them.
TextTable WmtDaAdjacentPairsTable(const WmtDaReport& report);

// The plain-text report: a summary line, the board's table, then (when `report.holm` is
// set) the paired Holm section: its clusters, adjacent pairs and how many official
// separations survive.
std::string FormatWmtDaText(const WmtDaReport& report, bool holm_board);

// The board's table in `format` (csv, markdown or latex); InvalidArgument for json, table
// and wmt, which the caller renders otherwise.
StatusOr<std::string> FormatWmtDaTable(const WmtDaReport& report, bool holm_board,
                                       OutputFormat format);

// The MQM table (rank, system, mean MQM, segments, weighted errors), lowest first; `exact`
// as WmtDaTable's.
TextTable MqmTable(const MqmScores& scores, bool exact = false);

// The MQM board in `format` (not json or wmt): a summary line then the table.
StatusOr<std::string> FormatMqm(const MqmScores& scores, OutputFormat format);

}  // namespace tourney

#endif  // TOURNEY_RENDER_PROTOCOL_FORMAT_H_
