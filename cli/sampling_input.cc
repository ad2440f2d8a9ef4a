// Scored-segment flags and loading (see sampling_input.h).
#include "sampling_input.h"

#include <charconv>
#include <filesystem>
#include <iostream>
#include <map>

#include "common.h"
#include "tourney/ingest/language_pair.h"
#include "tourney/ingest/mqm_error_reader.h"
#include "tourney/ingest/mtme_reader.h"
#include "tourney/protocols/mqm_score.h"
#include "tourney/ingest/scored_segment_reader.h"

namespace tourney::cli {

void AddScoredSegmentFlags(Flags& flags) {
  flags.Add("score", "COLUMN", "mqm",
            "the human score column (blank or None: not annotated); with --input-format mtme "
            "the human score's name (mqm, da-sqm, esa: human-scores/LP.NAME.seg.score)");
  flags.Add("system-column", "COLUMN", "system", "the system column");
  flags.Add("doc-column", "COLUMN", "doc", "the document column");
  flags.Add("segment-column", "COLUMN", "seg", "the segment column (shared by the systems)");
  flags.Add("metrics", "LIST", "",
            "metric columns (default: every other column of non-integer numbers)");
  flags.Add("exclude-system", "LIST", "", "leave these systems out (e.g. the metrics' reference)");
  flags.AddBool("lower-is-better", "lower scores are better (MQM error scores)");
  flags.Add("bin-size", "N", "80", "segments per metric bin (metrics-prop, metrics-opt)");
  flags.Add("input-format", "FMT", "auto",
            "table (a scored-segment TSV/CSV), google-mqm (Google's MQM error rows, scored "
            "per segment with the default weights) or mtme (an mt-metrics-eval folder, wmt23/ or the "
            "folder holding it: human scores, metric-scores/LP/*.seg.score as metric columns, "
            "documents/LP.docs as documents); auto: mtme for a folder, else table");
  flags.Add("language-pair", "P", "", "--input-format mtme: the language pair (en-de)");
  flags.Add("strata", "S", "document",
            "--input-format mtme: the documents the designs stratify by: document (the .docs "
            "file's documents) or domain (its domains)");
}

StatusOr<ScoredSegments> LoadScoredSegments(const Flags& flags, const std::string& command,
                                            bool warn, bool fully_scored) {
  if (flags.positionals().size() != 1) {
    return InvalidArgument("expected one scored-segment file (or - for standard input)");
  }
  return LoadScoredSegmentsFrom(flags, flags.positionals()[0], command, warn, fully_scored);
}

namespace {

// Google's MQM per-error TSV as a scored-segment table: each (system, seg_id) with its MQM
// score under the default weights (protocols/mqm_score.h: the mean over raters of each
// rater's weighted error sum), its document, no metrics; read back through the table reader
// so that a table and an error file are checked alike.
StatusOr<ScoredSegments> MqmErrorTable(const std::string& path, const ScoredSegmentReadOptions& o) {
  auto errors = ReadMqmErrors(path);
  if (!errors.ok()) return errors.status();
  auto scores = ScoreMqm(*errors, DefaultMqmWeights(), path);
  if (!scores.ok()) return scores.status();
  std::map<int64_t, int32_t> document_of;
  for (const MqmErrorRow& row : errors->rows) document_of.emplace(row.segment, row.document);
  std::string tsv = "system\tdoc\tseg\tmqm\n";
  for (const MqmSegmentScore& s : scores->segments) {
    char number[64];
    const auto end = std::to_chars(number, number + sizeof(number), s.score).ptr;
    tsv += scores->systems[s.system] + "\t" + errors->documents[document_of.at(s.segment)] +
           "\t" + std::to_string(s.segment) + "\t" + std::string(number, end) + "\n";
  }
  ScoredSegmentReadOptions table;
  table.score_column = "mqm";
  table.exclude_systems = o.exclude_systems;
  return ParseScoredSegments(tsv, path, table);
}

}  // namespace

StatusOr<ScoredSegments> LoadScoredSegmentsFrom(const Flags& flags, const std::string& path,
                                                const std::string& command, bool warn,
                                                bool fully_scored) {
  const std::string format = flags.Get("input-format");
  if (format != "auto" && format != "table" && format != "mtme" && format != "google-mqm") {
    return InvalidArgument("option '--input-format': '" + format +
                           "' is not one of auto, table, mtme, google-mqm");
  }
  if (format == "google-mqm") {
    for (const char* flag : {"system-column", "doc-column", "segment-column", "metrics",
                             "language-pair", "strata"}) {
      if (flags.IsSet(flag)) {
        return InvalidArgument(std::string("option '--") + flag +
                               "' does not apply to --input-format google-mqm (error rows: "
                               "system, doc, seg_id, the MQM score; no metrics)");
      }
    }
    ScoredSegmentReadOptions o;
    o.exclude_systems = SplitList(flags.Get("exclude-system"));
    auto table = MqmErrorTable(path, o);
    if (!table.ok()) return table.status();
    for (const std::string& w : warn ? table->warnings : std::vector<std::string>{}) {
      std::cerr << "tourney " << command << ": warning: " << w << "\n";
    }
    return table;
  }
  std::error_code ec;
  const bool mtme =
      format == "mtme" || (format == "auto" && std::filesystem::is_directory(path, ec));
  for (const char* flag : {"language-pair", "strata"}) {
    if (!mtme && flags.IsSet(flag)) {
      return InvalidArgument(std::string("option '--") + flag + "' goes with --input-format mtme");
    }
  }
  if (mtme) {
    for (const char* flag : {"system-column", "doc-column", "segment-column"}) {
      if (flags.IsSet(flag)) {
        return InvalidArgument(std::string("option '--") + flag +
                               "' reads a table's columns; --input-format mtme has none");
      }
    }
    MtmeReadOptions read;
    if (!flags.Get("language-pair").empty()) {
      auto pair = ParseLanguagePair(flags.Get("language-pair"));
      if (!pair.ok()) {
        return InvalidArgument("option '--language-pair': " + pair.status().message());
      }
      read.language_pair = *pair;
    }
    read.human_scores = {flags.Get("score")};
    if (std::filesystem::is_directory(path, ec)) {
      read.metrics = SplitList(flags.Get("metrics"));
    } else if (flags.IsSet("metrics")) {
      return InvalidArgument("option '--metrics': a single .seg.score file has no metrics");
    } else {
      read.human_scores.clear();
    }
    auto set = ReadMtmeEvalSet(path, read);
    if (!set.ok()) return set.status();
    for (const std::string& note : set->notes) {
      std::cerr << "tourney " << command << ": note: " << note << "\n";
    }
    MtmeTableOptions table;
    table.human_score = set->human.size() == 1 ? set->human[0].name : flags.Get("score");
    const std::string strata = flags.Get("strata");
    if (strata != "document" && strata != "domain") {
      return InvalidArgument("option '--strata': '" + strata + "' is not document or domain");
    }
    table.strata = strata == "domain" ? MtmeStrata::kDomain : MtmeStrata::kDocument;
    table.exclude_systems = SplitList(flags.Get("exclude-system"));
    table.scored_only = fully_scored;
    auto scored = MtmeScoredSegments(*set, table);
    if (!scored.ok()) return scored.status();
    for (const std::string& w : warn ? scored->warnings : std::vector<std::string>{}) {
      std::cerr << "tourney " << command << ": warning: " << w << "\n";
    }
    return scored;
  }
  ScoredSegmentReadOptions o;
  o.score_column = flags.Get("score");
  o.system_column = flags.Get("system-column");
  o.document_column = flags.Get("doc-column");
  o.segment_column = flags.Get("segment-column");
  o.metric_columns = SplitList(flags.Get("metrics"));
  o.exclude_systems = SplitList(flags.Get("exclude-system"));
  auto table = ReadScoredSegments(path, o);
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
