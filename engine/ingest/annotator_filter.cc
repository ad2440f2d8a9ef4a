#include "tourney/ingest/annotator_filter.h"

namespace tourney {

StatusOr<Judgments> FilterAnnotators(const Judgments& from, const AnnotatorFilter& filter,
                                     AnnotatorFilterReport* report) {
  AnnotatorFilterReport local;
  AnnotatorFilterReport& r = report ? *report : local;
  r = AnnotatorFilterReport();
  const std::vector<std::string>& judges = from.judges();
  std::vector<int64_t> rankings_of(judges.size(), 0);
  for (size_t i = 0; i < from.num_rankings(); ++i) {
    const int32_t judge = from.ranking(i).judge;
    if (judge < 0) {
      if (filter.empty()) continue;
      return InvalidArgument("annotator filters need the annotator of every ranking, and ranking " +
                             std::to_string(i + 1) + " names none");
    }
    ++rankings_of[static_cast<size_t>(judge)];
  }
  std::vector<bool> keep(judges.size(), true);
  for (const std::string& name : filter.exclude) {
    size_t j = 0;
    while (j < judges.size() && judges[j] != name) ++j;
    if (j == judges.size()) {
      return InvalidArgument("annotator '" + name + "' does not occur in the input");
    }
    keep[j] = false;
  }
  for (size_t j = 0; j < judges.size(); ++j) {
    if (rankings_of[j] < filter.min_rankings) keep[j] = false;
    if (keep[j]) {
      ++r.kept_annotators;
    } else {
      ++r.removed_annotators;
      r.removed_rankings += rankings_of[j];
    }
  }

  Judgments out;
  for (size_t i = 0; i < from.num_rankings(); ++i) {
    const int32_t judge = from.ranking(i).judge;
    if (judge >= 0 && !keep[static_cast<size_t>(judge)]) continue;
    out.AppendRankingFrom(from, i);
  }
  if (out.num_rankings() == 0) {
    return InvalidArgument("the annotator filters leave no ranking");
  }
  out.dropped_blank = from.dropped_blank;
  out.dropped_single = from.dropped_single;
  out.skipped_invalid = from.skipped_invalid;
  return out;
}

}  // namespace tourney
