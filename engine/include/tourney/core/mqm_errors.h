// MqmErrors: Multidimensional Quality Metrics (MQM) annotations as error rows, the layout of
// Google's per-error TSV files (Freitag et al. 2021, "Experts, Errors, and Context", TACL;
// repository google/wmt-mqm-human-evaluation): one row per error a rater marked in one
// system's translation of one segment, with its category and severity; a translation in
// which the rater found nothing has one row of category and severity `No-error`.
//
// Scores from the rows are in tourney/protocols/mqm_score.h; the reader is
// tourney/ingest/mqm_error_reader.h. (Texts of MQM campaigns are a different concept.)
// Thread safety: a plain value.
#ifndef TOURNEY_CORE_MQM_ERRORS_H_
#define TOURNEY_CORE_MQM_ERRORS_H_

#include <cstdint>
#include <string>
#include <vector>

namespace tourney {

// One error row. Ids index the name lists of MqmErrors.
struct MqmErrorRow {
  int32_t system = 0;
  int32_t document = 0;
  int32_t rater = 0;
  int32_t category = 0;
  int32_t severity = 0;
  int64_t segment = 0;  // the segment's number in the whole test set (`seg_id`)
  int64_t line = 0;     // the input line, for messages

  bool operator==(const MqmErrorRow&) const = default;
};

struct MqmErrors {
  std::vector<std::string> systems;     // in order of first appearance
  std::vector<std::string> documents;   // in order of first appearance
  std::vector<std::string> raters;      // in order of first appearance
  std::vector<std::string> categories;  // as written ("Accuracy/Mistranslation", "No-error")
  std::vector<std::string> severities;  // as written ("Major", "Minor", "No-error")
  std::vector<MqmErrorRow> rows;        // in input order

  int num_systems() const { return static_cast<int>(systems.size()); }
};

}  // namespace tourney

#endif  // TOURNEY_CORE_MQM_ERRORS_H_
