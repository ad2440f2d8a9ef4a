// Scored-segment flags and loading (see sampling_input.h).
#include "sampling_input.h"

#include <iostream>

#include "common.h"
#include "tourney/ingest/scored_segment_reader.h"

namespace tourney::cli {

void AddScoredSegmentFlags(Flags& flags) {
  flags.Add("score", "COLUMN", "mqm", "the human score column (blank or None: not annotated)");
  flags.Add("system-column", "COLUMN", "system", "the system column");
  flags.Add("doc-column", "COLUMN", "doc", "the document column");
  flags.Add("segment-column", "COLUMN", "seg", "the segment column (shared by the systems)");
  flags.Add("metrics", "LIST", "",
            "metric columns (default: every other column of non-integer numbers)");
  flags.Add("exclude-system", "LIST", "", "leave these systems out (e.g. the metrics' reference)");
  flags.AddBool("lower-is-better", "lower scores are better (MQM error scores)");
  flags.Add("bin-size", "N", "80", "segments per metric bin (metrics-prop, metrics-opt)");
}

StatusOr<ScoredSegments> LoadScoredSegments(const Flags& flags, const std::string& command,
                                            bool warn) {
  if (flags.positionals().size() != 1) {
    return InvalidArgument("expected one scored-segment file (or - for standard input)");
  }
  ScoredSegmentReadOptions o;
  o.score_column = flags.Get("score");
  o.system_column = flags.Get("system-column");
  o.document_column = flags.Get("doc-column");
  o.segment_column = flags.Get("segment-column");
  o.metric_columns = SplitList(flags.Get("metrics"));
  o.exclude_systems = SplitList(flags.Get("exclude-system"));
  auto table = ReadScoredSegments(flags.positionals()[0], o);
  if (!table.ok()) return table.status();
  for (const std::string& w : warn ? table->warnings : std::vector<std::string>{}) {
    std::cerr << "tourney " << command << ": warning: " << w << "\n";
  }
  return table;
}

StatusOr<int> BinSizeFromFlags(const Flags& flags) {
  auto v = flags.GetInt("bin-size");
  if (!v.ok()) return v.status();
  if (*v < 1 || *v > 100000) return InvalidArgument("option '--bin-size': 1..100000");
  return static_cast<int>(*v);
}

}  // namespace tourney::cli
