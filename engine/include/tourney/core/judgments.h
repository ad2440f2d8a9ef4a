// Judgments: k-way rankings and their pairwise comparisons, stored as arrays of ids.
//
// A Ranking is one annotator's ordering of k system outputs for one source segment:
// rank 1 is best, equal ranks are ties. Each ranking expands into k(k-1)/2 pairwise
// Comparisons, in column order (i < j): (system_i, system_j, outcome).
//
// Storage is a struct of arrays (ids, not strings): a 100k-comparison campaign is a few
// hundred kilobytes and the rating models stream through contiguous arrays.
// Thread safety: const access is safe concurrently; mutation needs external locking.
#ifndef TOURNEY_CORE_JUDGMENTS_H_
#define TOURNEY_CORE_JUDGMENTS_H_

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tourney/core/system_registry.h"

namespace tourney {

// Outcome of a pairwise comparison from the first system's point of view.
enum class Outcome : uint8_t {
  kFirstWins = 0,
  kSecondWins = 1,
  kTie = 2,
};

// Pairwise comparisons, struct of arrays. Comparison i is (first[i], second[i], outcome[i]).
struct Comparisons {
  std::vector<SystemId> first;
  std::vector<SystemId> second;
  std::vector<Outcome> outcome;

  size_t size() const { return first.size(); }
  void Reserve(size_t n) {
    first.reserve(n);
    second.reserve(n);
    outcome.reserve(n);
  }
  void Add(SystemId a, SystemId b, Outcome o) {
    first.push_back(a);
    second.push_back(b);
    outcome.push_back(o);
  }
  void Clear() {
    first.clear();
    second.clear();
    outcome.clear();
  }
};

// The first system's share of a comparison: 1 for a win, 1/2 for a tie, 0 for a loss (the
// preference observation of the anytime boards and Expected Wins with ties as half wins).
inline double FirstSystemShare(Outcome o) {
  return o == Outcome::kFirstWins ? 1.0 : o == Outcome::kSecondWins ? 0.0 : 0.5;
}

// Outcome of comparing rank_a with rank_b (lower rank is better).
inline Outcome CompareRanks(int rank_a, int rank_b) {
  if (rank_a < rank_b) return Outcome::kFirstWins;
  if (rank_a > rank_b) return Outcome::kSecondWins;
  return Outcome::kTie;
}

// One ranking's systems and ranks, as views into a Judgments.
struct RankingView {
  std::span<const SystemId> systems;
  std::span<const uint8_t> ranks;
  // Column group of each entry: entries expanded from one '+'-joined id share a group and
  // are not compared with each other (the annotator saw one output for all of them).
  std::span<const uint8_t> groups;
  int64_t segment;
  int32_t judge;          // index into Judgments::judges, -1 when unknown
  int32_t document;       // index into Judgments::documents, -1 when unknown
  int32_t language_pair;  // index into Judgments::language_pairs, -1 when unknown
};

// A campaign's judgments: the system registry, the rankings and their pairwise expansion.
class Judgments {
 public:
  SystemRegistry& systems() { return systems_; }
  const SystemRegistry& systems() const { return systems_; }
  int num_systems() const { return systems_.size(); }

  // Appends a ranking and its pairwise comparisons. `groups` may be empty (every entry its
  // own column). Returns the ranking's index.
  // REQUIRES: systems.size() == ranks.size() (== groups.size() if non-empty); ids valid;
  //           no system twice.
  size_t AddRanking(std::span<const SystemId> systems, std::span<const uint8_t> ranks,
                    std::span<const uint8_t> groups = {}, int64_t segment = -1, int32_t judge = -1,
                    int32_t document = -1, int32_t language_pair = -1);

  // Makes room for `rankings` more rankings holding `entries` system entries and
  // `comparisons` comparisons in all, so that appending them does not reallocate. Capacity
  // only: the contents do not change.
  void Reserve(size_t rankings, size_t entries, size_t comparisons);

  // Appends ranking i of `from` (another Judgments) with its systems, judge, document and
  // language pair re-interned by name here, and its comparisons exactly as in `from`.
  size_t AppendRankingFrom(const Judgments& from, size_t i);

  size_t num_rankings() const { return ranking_offsets_.size() - 1; }
  RankingView ranking(size_t i) const;

  // Comparisons of ranking i occupy [comparison_begin(i), comparison_begin(i + 1)).
  size_t comparison_begin(size_t i) const { return comparison_offsets_[i]; }

  const Comparisons& comparisons() const { return comparisons_; }

  // Interns judge and document ids (strings) into small integers.
  int32_t InternJudge(std::string_view judge);
  int32_t InternDocument(std::string_view document);
  const std::vector<std::string>& judges() const { return judges_.names(); }
  const std::vector<std::string>& documents() const { return documents_.names(); }
  // Interns a language pair key ("de-en", language_pair.h).
  int32_t InternLanguagePair(std::string_view pair);
  const std::vector<std::string>& language_pairs() const { return language_pairs_.names(); }

  // Counters kept by readers.
  int64_t dropped_blank = 0;    // rankings dropped for a blank (-1) rank
  int64_t dropped_single = 0;   // rankings dropped for naming fewer than two systems
  int64_t skipped_invalid = 0;  // rows skipped under --skip-invalid

 private:
  SystemRegistry systems_;
  SystemRegistry judges_;
  SystemRegistry documents_;
  SystemRegistry language_pairs_;
  std::vector<uint32_t> ranking_offsets_ = {0};
  std::vector<uint32_t> comparison_offsets_ = {0};
  std::vector<SystemId> ranking_systems_;
  std::vector<uint8_t> ranking_ranks_;
  std::vector<uint8_t> ranking_groups_;
  std::vector<int64_t> segments_;
  std::vector<int32_t> judge_ids_;
  std::vector<int32_t> document_ids_;
  std::vector<int32_t> pair_ids_;
  Comparisons comparisons_;
};

}  // namespace tourney

#endif  // TOURNEY_CORE_JUDGMENTS_H_
