// PlatformScores: a platform's scores as it stores them, one per (annotator, model, item) in the
// order they were submitted, before any averaging: the material of the platform's own
// ranking rule (Pearmut's dashboard keeps the last score of each (model, item),
// tourney/protocols/pearmut_ranking.h). Attention checks and tutorials are marked so that
// a rule can count them (as Pearmut does) or not.
// Thread safety: a plain value.
#ifndef TOURNEY_CORE_PLATFORM_SCORES_H_
#define TOURNEY_CORE_PLATFORM_SCORES_H_

#include <cstdint>
#include <string>
#include <vector>

namespace tourney {

struct PlatformScore {
  int32_t annotator = 0;  // index into PlatformScores::annotators
  int32_t model = 0;      // index into PlatformScores::models
  int32_t item = 0;       // the item's identity, 0..num_items-1
  double score = 0.0;
  bool validation = false;  // a tutorial or attention-check item
  int64_t line = 0;         // the input line, for messages

  bool operator==(const PlatformScore&) const = default;
};

struct PlatformScores {
  std::vector<std::string> models;      // in order of first appearance
  std::vector<std::string> annotators;  // in order of first appearance
  int32_t num_items = 0;
  std::vector<PlatformScore> scores;        // in submission order
};

}  // namespace tourney

#endif  // TOURNEY_CORE_PLATFORM_SCORES_H_
