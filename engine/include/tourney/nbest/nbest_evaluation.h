// Evaluating systems' n-best lists against weighted gold translations (Bremerman,
// Khayrallah, Oard & Post 2020).
//
// DESCRIPTION
//   Per system, over the gold file's prompts (a prompt the system does not answer scores 0;
//   prompts only the system has are ignored and counted). A list entry is valid when its
//   text equals a gold translation of its prompt exactly.
//   - MAP (eq. 1): AP = (1/N) sum_{i=1..k} (T_i / i) s_i over the whole list, N the number of
//     gold translations of the prompt, T_i the valid entries at or above rank i, s_i = 1 for
//     a valid entry; MAP the mean over prompts.
//   - Weighted macro F1 (the STAPLE 2020 task measure) of the top `f1_top` entries (0: the
//     whole list): precision = valid / listed, weighted recall = gold weight listed / gold
//     weight, F1 = 2PR / (P + R) (0 when P + R = 0), averaged over prompts.
//   - Preference correlation (§4): per prompt, over the entries that are gold translations
//     and carry a model score, Spearman's rho and Pearson's r between the model score and
//     log(gold weight) (rank_correlation.h); the mean over the prompts where it is defined
//     (two entries or more, neither side constant), with their count.
//   - x-best y-reference BLEU (§5, bleu.h): the pseudo-corpus of the top x entries of every
//     prompt, each against the prompt's y gold translations of largest weight (ties in file
//     order; 0 = all), for every x and y of the grid.
//   - Leaderboard: systems by MAP, with a bootstrap over prompts (each replicate draws the
//     prompts with replacement, the same draw for every system; seed DeriveSeed(seed, r)),
//     score intervals, rank ranges and clusters by clustering.h's rules.
//   - Gold ablation (§3.2, after Zobel 1998): for each share x of the grid, each prompt's
//     floor(x N) least frequent gold translations (smallest weight; ties: the later in the
//     file first) are removed, at least one kept, and MAP and weighted F1 recomputed; each
//     ablated ranking (MAP, F1) is compared with its full-gold one by Spearman's rho,
//     Kendall's tau-b and Pearson Rank (full gold as reference).
//   Cost: one pass over each list, one hash and probe per entry; the ablation levels revisit
//   only the valid entries (BLEU: tokenising the top max(x) entries); O(R P S) for the
//   bootstrap. Systems are evaluated in parallel and stored by index, so results do not
//   depend on the thread count.
// Thread safety: NbestGold is immutable after construction and safe for concurrent use.
#ifndef TOURNEY_NBEST_NBEST_EVALUATION_H_
#define TOURNEY_NBEST_NBEST_EVALUATION_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tourney/core/leaderboard.h"
#include "tourney/core/status.h"
#include "tourney/nbest/bleu.h"
#include "tourney/nbest/staple.h"

namespace tourney {

struct NbestOptions {
  int f1_top = 0;  // truncation of weighted F1; 0 = the whole list
  bool bleu = true;
  std::vector<int> bleu_depths = {1, 5, 10, 100, 1000};   // x, each >= 1
  std::vector<int> bleu_references = {1, 5, 10, 100, 0};  // y, each >= 1, or 0 = all
  BleuTokenizer tokenizer = BleuTokenizer::k13a;
  // Shares of each prompt's gold removed, each in [0, 1); 0 (the full gold) is always run.
  std::vector<double> ablation = {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9};
  int bootstrap = 1000;  // replicates over prompts, 1..1,000,000
  double confidence = 0.95;
  uint64_t seed = 1;
  int threads = 0;  // 0 = one per hardware thread
};

// Hashes std::string and std::string_view alike, so that maps keyed by strings can be
// searched with views (heterogeneous lookup).
struct NbestStringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
};
using NbestStringMap = std::unordered_map<std::string, int, NbestStringHash, std::equal_to<>>;

// One prompt's gold translations for exact matching: open addressing on StapleTextHash
// (linear probing) over 4-byte tags, at most an eighth full, so that a list entry, most
// often no gold translation, costs one probe that finds a free slot (the branch seldom
// goes the other way), and the hash ForEachStapleBlock computed is not computed again.
// Thread safety: immutable after Build; safe for concurrent Find.
class NbestTranslationIndex {
 public:
  // Indexes `translations` (distinct) by their position.
  void Build(std::vector<std::string> translations);
  // The position of `text`, whose StapleTextHash is `hash`, or -1.
  int Find(std::string_view text, uint64_t hash) const {
    if (tags_.empty()) return -1;  // never built
    const size_t mask = tags_.size() - 1;
    const uint32_t tag = Tag(hash);
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      if (tags_[i] == 0) return -1;
      if (tags_[i] == tag && texts_[static_cast<size_t>(index_[i])] == text) return index_[i];
    }
  }
  int size() const { return static_cast<int>(texts_.size()); }

 private:
  // The hash's high half, never 0 (0 marks a free slot).
  static uint32_t Tag(uint64_t hash) { return static_cast<uint32_t>(hash >> 32) | 1; }

  std::vector<uint32_t> tags_;  // by slot
  std::vector<int> index_;      // by slot: the position of the slot's translation
  std::vector<std::string> texts_;
};

// The gold translations prepared for evaluation.
class NbestGold {
 public:
  // InvalidArgument for options out of range (depths, references, ablation shares).
  static StatusOr<std::unique_ptr<NbestGold>> Build(StapleFile gold, const NbestOptions& options);

  NbestGold(const NbestGold&) = delete;
  NbestGold& operator=(const NbestGold&) = delete;

  // One gold prompt, indexed for matching, ablation and BLEU.
  struct Prompt {
    std::string id;
    NbestTranslationIndex index;   // translation -> gold index
    std::vector<double> weights;   // by gold index
    std::vector<int> weight_rank;  // 0 = most frequent
    double total_weight = 0.0;
    std::vector<int> kept;                   // gold kept at each ablation share
    std::vector<double> kept_weight;         // weight of the kept gold
    std::vector<BleuReferences> references;  // one per bleu_references entry
  };

  int num_prompts() const { return static_cast<int>(prompts_.size()); }
  int64_t num_translations() const;
  const std::vector<Prompt>& prompts() const { return prompts_; }
  // The prompt's index, or -1.
  int FindPrompt(std::string_view id) const;
  const BleuVocabulary& vocabulary() const { return vocabulary_; }
  // The options as run: ablation sorted, starting at 0.
  const NbestOptions& options() const { return options_; }

 private:
  NbestGold() = default;
  std::vector<Prompt> prompts_;
  NbestStringMap prompt_index_;
  BleuVocabulary vocabulary_;
  NbestOptions options_;
};

struct NbestSystem {
  std::string name;
  double map = 0.0;
  double weighted_f1 = 0.0;
  std::optional<double> preference_rho;  // mean over prompts where defined
  std::optional<double> preference_r;    // in log space
  int preference_prompts = 0;
  std::vector<std::vector<double>> bleu;  // [depth index][references index], empty without
  std::vector<double> ablated_map;        // by ablation share (index 0: the full gold)
  std::vector<double> ablated_f1;
  std::vector<double> ap;       // per gold prompt, full gold
  int answered = 0;             // gold prompts the system answers
  int64_t unknown_prompts = 0;  // system prompts absent from the gold
  int64_t dropped_duplicates = 0;
};

struct NbestAblationPoint {
  double removed = 0.0;    // share removed (requested)
  double gold_kept = 0.0;  // share of gold translations actually kept
  // The ablated MAP ranking against the full-gold MAP ranking.
  std::optional<double> spearman_rho;
  std::optional<double> kendall_tau_b;
  std::optional<double> pearson_rank;
  // The same for weighted F1.
  std::optional<double> f1_spearman_rho;
  std::optional<double> f1_kendall_tau_b;
  std::optional<double> f1_pearson_rank;
};

struct NbestEvaluation {
  std::vector<NbestSystem> systems;  // in input order
  Leaderboard leaderboard;           // by MAP, bootstrapped over prompts, clustered
  std::vector<NbestAblationPoint> ablation;
  int prompts = 0;
  int64_t gold_translations = 0;
  NbestOptions options;
};

// Evaluates one system's n-best file against the gold.
NbestSystem EvaluateNbestSystem(const NbestGold& gold, const std::string& name,
                                const StapleFile& nbest);

// The same, streamed from the file's text (no copy of the list is kept); `path` names the
// file in errors. InvalidArgument as ParseStaple.
StatusOr<NbestSystem> EvaluateNbestText(const NbestGold& gold, const std::string& name,
                                        std::string_view text, const std::string& path);

// Evaluates every system (files read and parsed in parallel), then the leaderboard and the
// ablation. InvalidArgument for fewer than one system, two systems with one name, or a
// file's parse error.
StatusOr<NbestEvaluation> EvaluateNbest(const NbestGold& gold,
                                        const std::vector<std::string>& names,
                                        const std::vector<std::string>& paths);

// The same on systems already evaluated.
StatusOr<NbestEvaluation> SummarizeNbest(const NbestGold& gold, std::vector<NbestSystem> systems);

// Spearman's rho between the systems' BLEU at [depth][references] and their MAP; absent
// where undefined (fewer than two systems, a constant column). Index order as options.bleu_*;
// empty without BLEU.
std::vector<std::vector<std::optional<double>>> BleuMapSpearman(const NbestEvaluation& evaluation);

}  // namespace tourney

#endif  // TOURNEY_NBEST_NBEST_EVALUATION_H_
