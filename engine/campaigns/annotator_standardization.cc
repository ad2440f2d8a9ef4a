#include "tourney/campaigns/annotator_standardization.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>


namespace tourney {
namespace annotator_standardization_detail {

// One score to standardise: where it sits in the snapshot and whose it is.
struct Entry {
  int system = 0;
  int row = 0;
  int annotator = 0;
  double x = 0.0;
};

}  // namespace annotator_standardization_detail

Status CheckStandardizedBound(BoundKind bound) {
  if (bound == BoundKind::kClt || bound == BoundKind::kCltT || bound == BoundKind::kBootstrapT) {
    return Status::Ok();
  }
  return InvalidArgument("bound '" + std::string(BoundName(bound)) +
                         "' needs scores in a range declared in advance, which per-annotator "
                         "z-scores are not: use clt, clt-t or bootstrap-t with it");
}

Status StandardizeSnapshot(const ScoringCampaign& campaign, std::span<const ItemScore> scores,
                           std::span<const std::string> annotators, ScoringSnapshot* snapshot,
                           std::vector<std::string>* warnings) {
  using annotator_standardization_detail::Entry;
  const ScoredSegments& table = campaign.config().table;
  const size_t systems = table.systems.size();
  if (scores.size() != annotators.size()) {
    return InvalidArgument("standardisation: " + std::to_string(scores.size()) + " scores but " +
                           std::to_string(annotators.size()) + " annotators");
  }
  if (snapshot->scored.size() != systems || snapshot->populations.size() != systems) {
    return InvalidArgument("standardisation: the snapshot is not of this campaign");
  }
  // Per system: segment -> row (the population's rows are the table's rows).
  std::vector<std::unordered_map<int, int>> row_of(systems);
  for (size_t s = 0; s < systems; ++s) {
    const SystemSegments& rows = table.systems[s];
    for (int r = 0; r < rows.size(); ++r) row_of[s].emplace(rows.segment[r], r);
  }
  // Annotator ids: 0 is the table's scores, then the annotators in order of first score.
  std::map<std::string, int> id_of;
  std::vector<std::string> names = {"(the table's scores)"};
  std::vector<Entry> entries;
  for (size_t s = 0; s < systems; ++s) {
    const SystemSegments& rows = table.systems[s];
    for (int r = 0; r < rows.size(); ++r) {
      if (rows.annotated[r]) entries.push_back({static_cast<int>(s), r, 0, rows.human[r]});
    }
  }
  for (size_t i = 0; i < scores.size(); ++i) {
    const ItemScore& score = scores[i];
    if (score.item.system < 0 || static_cast<size_t>(score.item.system) >= systems) {
      return InvalidArgument("standardisation: score " + std::to_string(i) +
                             " names no system of the campaign");
    }
    auto row = row_of[score.item.system].find(score.item.segment);
    if (row == row_of[score.item.system].end()) {
      return InvalidArgument("standardisation: score " + std::to_string(i) +
                             " names no item of the campaign");
    }
    auto [it, added] = id_of.emplace(annotators[i], static_cast<int>(names.size()));
    if (added) names.push_back(annotators[i]);
    entries.push_back({score.item.system, row->second, it->second, score.score});
  }
  // Moments per annotator; those with fewer than 2 scores or SD 0 have no z.
  const size_t people = names.size();
  std::vector<int> count(people, 0);
  std::vector<double> first(people, 0.0);
  std::vector<uint8_t> varies(people, 0);
  for (const Entry& e : entries) {
    if (count[e.annotator]++ == 0) {
      first[e.annotator] = e.x;
    } else if (e.x != first[e.annotator]) {
      varies[e.annotator] = 1;
    }
  }
  std::vector<uint8_t> has_z(people, 0);
  int64_t left_out_scores = 0;
  int left_out_annotators = 0;
  for (size_t a = 0; a < people; ++a) {
    if (count[a] >= 2 && varies[a]) {
      has_z[a] = 1;
    } else if (count[a] > 0) {
      ++left_out_annotators;
      left_out_scores += count[a];
    }
  }
  // Mean and sample SD (n − 1) per annotator, in two passes.
  std::vector<double> mean(people, 0.0), sd(people, 0.0);
  for (const Entry& e : entries) mean[e.annotator] += e.x;
  for (size_t a = 0; a < people; ++a) mean[a] /= std::max(count[a], 1);
  for (const Entry& e : entries) {
    const double d = e.x - mean[e.annotator];
    sd[e.annotator] += d * d;
  }
  for (size_t a = 0; a < people; ++a) sd[a] = std::sqrt(sd[a] / std::max(count[a] - 1, 1));
  // Write the z-scores into the populations; the left-out scores become unknown.
  std::vector<int> scored(systems, 0);
  for (const Entry& e : entries) {
    Population& p = snapshot->populations[e.system];
    const bool present = !p.known.empty();
    if (!has_z[e.annotator]) {
      if (present) p.known[e.row] = 0;
      continue;
    }
    const double value = (e.x - mean[e.annotator]) / sd[e.annotator];
    ++scored[e.system];
    if (present) p.x[e.row] = value;
  }
  for (size_t s = 0; s < systems; ++s) {
    snapshot->scored[s] = scored[s];
    // A system left with fewer than 2 usable scores has no estimate.
    if (scored[s] < 2) snapshot->populations[s] = Population();
  }
  if (left_out_scores > 0 && warnings != nullptr) {
    warnings->push_back(std::to_string(left_out_scores) + " score(s) of " +
                        std::to_string(left_out_annotators) +
                        " annotator(s) with fewer than 2 scores or one score for every item "
                        "are left out of the standardised estimate until they score more");
  }
  return Status::Ok();
}

}  // namespace tourney
