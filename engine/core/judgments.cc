#include "tourney/core/judgments.h"

#include "core/prefault.h"

namespace tourney {

size_t Judgments::AddRanking(std::span<const SystemId> systems, std::span<const uint8_t> ranks,
                             std::span<const uint8_t> groups, int64_t segment, int32_t judge,
                             int32_t document, int32_t language_pair) {
  const size_t k = systems.size();
  const bool grouped = !groups.empty();
  ranking_systems_.insert(ranking_systems_.end(), systems.begin(), systems.end());
  ranking_ranks_.insert(ranking_ranks_.end(), ranks.begin(), ranks.end());
  for (size_t i = 0; i < k; ++i) {
    ranking_groups_.push_back(grouped ? groups[i] : static_cast<uint8_t>(i));
  }
  ranking_offsets_.push_back(static_cast<uint32_t>(ranking_systems_.size()));
  segments_.push_back(segment);
  judge_ids_.push_back(judge);
  document_ids_.push_back(document);
  pair_ids_.push_back(language_pair);

  // A ranking's comparisons go through pointers into the arrays, resized once per ranking
  // (a push_back per comparison would check the capacity three times for each); k(k-1)/2
  // is the most there can be, the excess is cut off after.
  const size_t base = comparisons_.size();
  const size_t most = k * (k - (k > 0 ? 1 : 0)) / 2;
  comparisons_.first.resize(base + most);
  comparisons_.second.resize(base + most);
  comparisons_.outcome.resize(base + most);
  SystemId* const first = comparisons_.first.data() + base;
  SystemId* const second = comparisons_.second.data() + base;
  Outcome* const outcome = comparisons_.outcome.data() + base;
  size_t c = 0;
  for (size_t i = 0; i < k; ++i) {
    for (size_t j = i + 1; j < k; ++j) {
      first[c] = systems[i];
      second[c] = systems[j];
      outcome[c] = CompareRanks(ranks[i], ranks[j]);
      c += !(grouped && groups[i] == groups[j]);
    }
  }
  comparisons_.first.resize(base + c);
  comparisons_.second.resize(base + c);
  comparisons_.outcome.resize(base + c);
  comparison_offsets_.push_back(static_cast<uint32_t>(comparisons_.size()));
  return num_rankings() - 1;
}

void Judgments::Reserve(size_t rankings, size_t entries, size_t comparisons) {
  const size_t r = num_rankings() + rankings;
  ranking_offsets_.reserve(r + 1);
  comparison_offsets_.reserve(r + 1);
  segments_.reserve(r);
  judge_ids_.reserve(r);
  document_ids_.reserve(r);
  pair_ids_.reserve(r);
  const size_t e = ranking_systems_.size() + entries;
  ranking_systems_.reserve(e);
  ranking_ranks_.reserve(e);
  ranking_groups_.reserve(e);
  comparisons_.Reserve(comparisons_.size() + comparisons);
  // The arrays are about to be filled front to back: map their pages in one call each.
  PrefaultCapacity(ranking_offsets_);
  PrefaultCapacity(comparison_offsets_);
  PrefaultCapacity(segments_);
  PrefaultCapacity(judge_ids_);
  PrefaultCapacity(document_ids_);
  PrefaultCapacity(pair_ids_);
  PrefaultCapacity(ranking_systems_);
  PrefaultCapacity(ranking_ranks_);
  PrefaultCapacity(ranking_groups_);
  PrefaultCapacity(comparisons_.first);
  PrefaultCapacity(comparisons_.second);
  PrefaultCapacity(comparisons_.outcome);
}

RankingView Judgments::ranking(size_t i) const {
  const size_t b = ranking_offsets_[i], e = ranking_offsets_[i + 1];
  RankingView v;
  v.systems = std::span<const SystemId>(ranking_systems_.data() + b, e - b);
  v.ranks = std::span<const uint8_t>(ranking_ranks_.data() + b, e - b);
  v.groups = std::span<const uint8_t>(ranking_groups_.data() + b, e - b);
  v.segment = segments_[i];
  v.judge = judge_ids_[i];
  v.document = document_ids_[i];
  v.language_pair = pair_ids_[i];
  return v;
}

size_t Judgments::AppendRankingFrom(const Judgments& from, size_t i) {
  const RankingView v = from.ranking(i);
  std::vector<SystemId> ids;
  ids.reserve(v.systems.size());
  for (SystemId s : v.systems) ids.push_back(systems_.Intern(from.systems().Name(s)));
  const int32_t judge = v.judge < 0 ? -1 : InternJudge(from.judges()[static_cast<size_t>(v.judge)]);
  const int32_t document =
      v.document < 0 ? -1 : InternDocument(from.documents()[static_cast<size_t>(v.document)]);
  const int32_t pair =
      v.language_pair < 0
          ? -1
          : InternLanguagePair(from.language_pairs()[static_cast<size_t>(v.language_pair)]);
  // The stored groups are the entries' own indices unless some entries share an output.
  return AddRanking(ids, v.ranks, v.groups, v.segment, judge, document, pair);
}

int32_t Judgments::InternJudge(std::string_view judge) { return judges_.Intern(judge); }
int32_t Judgments::InternDocument(std::string_view document) { return documents_.Intern(document); }
int32_t Judgments::InternLanguagePair(std::string_view pair) {
  return language_pairs_.Intern(pair);
}

}  // namespace tourney
