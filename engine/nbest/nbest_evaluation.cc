#include "tourney/nbest/nbest_evaluation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <optional>
#include <span>
#include <string>
#include <unordered_set>
#include <utility>

#include "core/thread_pool.h"
#include "tourney/core/random.h"
#include "tourney/statistics/clustering.h"
#include "tourney/statistics/rank_correlation.h"

namespace tourney {
namespace {

double Mean(const std::vector<double>& v) {
  return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
}

double F1(double precision, double recall) {
  return precision + recall > 0.0 ? 2.0 * precision * recall / (precision + recall) : 0.0;
}

}  // namespace

StatusOr<std::unique_ptr<NbestGold>> NbestGold::Build(StapleFile gold,
                                                      const NbestOptions& options) {
  std::unique_ptr<NbestGold> g(new NbestGold());
  g->options_ = options;
  NbestOptions& o = g->options_;
  if (o.f1_top < 0) return InvalidArgument("nbest: the F1 truncation must be >= 0");
  for (int x : o.bleu_depths) {
    if (x < 1) return InvalidArgument("nbest: every BLEU depth must be >= 1");
  }
  for (int y : o.bleu_references) {
    if (y < 0) return InvalidArgument("nbest: every BLEU reference count must be >= 0 (0 = all)");
  }
  for (double x : o.ablation) {
    if (!(x >= 0.0 && x < 1.0)) {
      return InvalidArgument("nbest: every ablation share must be in [0, 1)");
    }
  }
  o.ablation.push_back(0.0);
  std::sort(o.ablation.begin(), o.ablation.end());
  o.ablation.erase(std::unique(o.ablation.begin(), o.ablation.end()), o.ablation.end());
  if (o.bootstrap < 1 || o.bootstrap > 1000000) {
    return InvalidArgument("nbest: bootstrap replicates must be between 1 and 1000000");
  }
  if (!(o.confidence > 0.0 && o.confidence < 1.0)) {
    return InvalidArgument("nbest: the confidence must be strictly between 0 and 1");
  }
  if (gold.prompts.empty()) return InvalidArgument("nbest: the gold file holds no prompt");

  g->prompts_.reserve(gold.prompts.size());  // Prompt may copy when the vector grows
  for (StaplePrompt& sp : gold.prompts) {
    Prompt p;
    p.id = sp.id;
    const int n = static_cast<int>(sp.translations.size());
    p.weights = sp.values;
    // Weight order: largest first, file order among equals.
    std::vector<int> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](int a, int b) { return p.weights[a] > p.weights[b]; });
    p.weight_rank.assign(static_cast<size_t>(n), 0);
    for (int r = 0; r < n; ++r) p.weight_rank[order[r]] = r;
    p.total_weight = std::accumulate(p.weights.begin(), p.weights.end(), 0.0);
    for (double x : o.ablation) {
      const int removed = static_cast<int>(std::floor(x * n + 1e-9));
      const int kept = std::max(1, n - removed);
      double w = 0.0;
      for (int r = 0; r < kept; ++r) w += p.weights[order[r]];
      p.kept.push_back(kept);
      p.kept_weight.push_back(w);
    }
    if (o.bleu) {
      std::vector<std::vector<std::string>> tokens(static_cast<size_t>(n));
      for (int i = 0; i < n; ++i) tokens[i] = BleuTokenize(sp.translations[i], o.tokenizer);
      for (int y : o.bleu_references) {
        BleuReferences refs;
        const int count = y == 0 ? n : std::min(y, n);
        for (int r = 0; r < count; ++r) refs.Add(tokens[order[r]], &g->vocabulary_);
        p.references.push_back(std::move(refs));
      }
    }
    p.index.Build(std::move(sp.translations));
    g->prompt_index_.emplace(p.id, static_cast<int>(g->prompts_.size()));
    g->prompts_.push_back(std::move(p));
  }
  return g;
}

void NbestTranslationIndex::Build(std::vector<std::string> translations) {
  texts_ = std::move(translations);
  size_t size = 16;
  while (size < 8 * texts_.size()) size *= 2;
  tags_.assign(size, 0);
  index_.assign(size, -1);
  for (size_t t = 0; t < texts_.size(); ++t) {
    const uint64_t hash = StapleTextHash(texts_[t]);
    size_t i = hash & (size - 1);
    while (tags_[i] != 0) i = (i + 1) & (size - 1);
    tags_[i] = Tag(hash);
    index_[i] = static_cast<int>(t);
  }
}

int64_t NbestGold::num_translations() const {
  int64_t n = 0;
  for (const Prompt& p : prompts_) n += static_cast<int64_t>(p.weights.size());
  return n;
}

int NbestGold::FindPrompt(std::string_view id) const {
  const auto it = prompt_index_.find(id);
  return it == prompt_index_.end() ? -1 : it->second;
}

namespace {

// One system's measures, accumulated prompt by prompt.
class SystemEvaluator {
 public:
  SystemEvaluator(const NbestGold& gold, const std::string& name)
      : gold_(gold),
        o_(gold.options()),
        levels_(o_.ablation.size()),
        depths_(o_.bleu ? o_.bleu_depths.size() : 0),
        ys_(o_.bleu ? o_.bleu_references.size() : 0),
        max_depth_(o_.bleu ? *std::max_element(o_.bleu_depths.begin(), o_.bleu_depths.end()) : 0),
        f1_(static_cast<size_t>(gold.num_prompts()) * levels_, 0.0),
        ap_level_(f1_.size(), 0.0),
        bleu_(depths_ * ys_),
        answered_(static_cast<size_t>(gold.num_prompts()), 0) {
    s_.name = name;
    s_.ap.assign(static_cast<size_t>(gold.num_prompts()), 0.0);
  }

  // One block of the n-best file: its translations (std::string or std::string_view), their
  // StapleTextHash and their scores (empty without).
  template <typename Text>
  void Add(std::string_view id, const std::vector<Text>& translations,
           const std::vector<uint64_t>& hashes, const std::vector<double>& values) {
    const int pi = gold_.FindPrompt(id);
    if (pi < 0) {
      ++s_.unknown_prompts;
      return;
    }
    if (answered_[pi]) return;  // cannot happen: ids are unique within a file
    answered_[pi] = 1;
    const NbestGold::Prompt& p = gold_.prompts()[static_cast<size_t>(pi)];
    const int k = static_cast<int>(translations.size());
    valid_.clear();
    for (int i = 0; i < k; ++i) {
      const int g = p.index.Find(translations[i], hashes[i]);
      if (g >= 0) valid_.push_back({i, g});
    }
    const int top = o_.f1_top > 0 ? std::min(o_.f1_top, k) : k;
    for (size_t l = 0; l < levels_; ++l) {
      // Valid at this level: the gold translation survives the ablation.
      double ap = 0.0, weight_listed = 0.0;
      int valid = 0, valid_top = 0;
      for (const Match& m : valid_) {
        if (p.weight_rank[m.gold] >= p.kept[l]) continue;
        ++valid;
        ap += static_cast<double>(valid) / (m.position + 1);
        if (m.position < top) {
          ++valid_top;
          weight_listed += p.weights[m.gold];
        }
      }
      const size_t at = static_cast<size_t>(pi) * levels_ + l;
      ap_level_[at] = ap / p.kept[l];
      const double precision = top > 0 ? static_cast<double>(valid_top) / top : 0.0;
      f1_[at] = F1(precision, weight_listed / p.kept_weight[l]);
    }
    s_.ap[pi] = ap_level_[static_cast<size_t>(pi) * levels_];
    if (!values.empty()) {
      score_.clear();
      log_weight_.clear();
      for (const Match& m : valid_) {
        score_.push_back(values[m.position]);
        log_weight_.push_back(std::log(p.weights[m.gold]));
      }
      if (auto rho = SpearmanRho(score_, log_weight_); rho.ok()) rho_values_.push_back(*rho);
      if (auto r = PearsonR(score_, log_weight_); r.ok()) r_values_.push_back(*r);
    }
    if (o_.bleu) {
      const int limit = std::min(k, max_depth_);
      std::vector<uint32_t> ids;
      for (int i = 0; i < limit; ++i) {
        ids.clear();
        for (const std::string& t : BleuTokenize(translations[i], o_.tokenizer)) {
          ids.push_back(gold_.vocabulary().Find(t));
        }
        for (size_t y = 0; y < ys_; ++y) {
          const BleuStats stats = p.references[y].Score(ids);
          for (size_t d = 0; d < depths_; ++d) {
            if (i < o_.bleu_depths[d]) bleu_[d * ys_ + y] += stats;
          }
        }
      }
    }
  }

  NbestSystem Finish(int64_t dropped_duplicates) {
    NbestSystem s = std::move(s_);
    s.dropped_duplicates = dropped_duplicates;
    const double prompts = gold_.num_prompts();
    s.ablated_map.assign(levels_, 0.0);
    s.ablated_f1.assign(levels_, 0.0);
    for (size_t pi = 0; pi < static_cast<size_t>(gold_.num_prompts()); ++pi) {
      s.answered += answered_[pi];
      for (size_t l = 0; l < levels_; ++l) {
        s.ablated_map[l] += ap_level_[pi * levels_ + l] / prompts;
        s.ablated_f1[l] += f1_[pi * levels_ + l] / prompts;
      }
    }
    s.map = s.ablated_map[0];
    s.weighted_f1 = s.ablated_f1[0];
    if (!rho_values_.empty()) s.preference_rho = Mean(rho_values_);
    if (!r_values_.empty()) s.preference_r = Mean(r_values_);
    s.preference_prompts = static_cast<int>(r_values_.size());
    for (size_t d = 0; d < depths_; ++d) {
      s.bleu.emplace_back();
      for (size_t y = 0; y < ys_; ++y) s.bleu.back().push_back(BleuScore(bleu_[d * ys_ + y]));
    }
    return s;
  }

 private:
  const NbestGold& gold_;
  const NbestOptions& o_;
  const size_t levels_, depths_, ys_;
  const int max_depth_;
  NbestSystem s_;
  std::vector<double> f1_, ap_level_;
  std::vector<BleuStats> bleu_;
  std::vector<double> rho_values_, r_values_;
  std::vector<char> answered_;
  struct Match {
    int position;  // in the list, 0 = best
    int gold;      // gold index
  };
  std::vector<Match> valid_;  // the block's valid entries, in list order
  std::vector<double> score_, log_weight_;
};

// The visitor that streams each block into `evaluator`.
std::function<Status(const StapleBlockView&)> Into(SystemEvaluator& evaluator) {
  return [&evaluator](const StapleBlockView& block) {
    evaluator.Add(block.id, block.translations, block.hashes, block.values);
    return Status::Ok();
  };
}

}  // namespace

NbestSystem EvaluateNbestSystem(const NbestGold& gold, const std::string& name,
                                const StapleFile& nbest) {
  SystemEvaluator evaluator(gold, name);
  std::vector<uint64_t> hashes;
  for (const StaplePrompt& sp : nbest.prompts) {
    hashes.clear();
    for (const std::string& t : sp.translations) hashes.push_back(StapleTextHash(t));
    evaluator.Add(sp.id, sp.translations, hashes, sp.values);
  }
  return evaluator.Finish(nbest.dropped_duplicates);
}

StatusOr<NbestSystem> EvaluateNbestText(const NbestGold& gold, const std::string& name,
                                        std::string_view text, const std::string& path) {
  SystemEvaluator evaluator(gold, name);
  int64_t dropped = 0;
  Status s = ForEachStapleBlock(text, path, StapleKind::kNbest, Into(evaluator), &dropped);
  if (!s.ok()) return s;
  return evaluator.Finish(dropped);
}

StatusOr<NbestEvaluation> SummarizeNbest(const NbestGold& gold, std::vector<NbestSystem> systems) {
  if (systems.empty()) return InvalidArgument("nbest: no system to evaluate");
  std::unordered_set<std::string> names;
  for (const NbestSystem& s : systems) {
    if (!names.insert(s.name).second) {
      return InvalidArgument("nbest: two systems are named '" + s.name +
                             "' (a system is named by its file name without the extension)");
    }
  }
  const NbestOptions& o = gold.options();
  NbestEvaluation out;
  out.options = o;
  out.prompts = gold.num_prompts();
  out.gold_translations = gold.num_translations();
  const int n = static_cast<int>(systems.size());
  const int prompts = gold.num_prompts();
  const int replicates = o.bootstrap;

  // Bootstrap over prompts, one draw shared by every system.
  RankSamples ranks(n, replicates);
  ScoreSamples scores(n, replicates);
  ThreadPool pool(std::min(ThreadPool::ResolveThreads(o.threads), replicates));
  // Each worker's draw and order, reused from replicate to replicate.
  std::vector<std::vector<int>> draws(static_cast<size_t>(pool.size()),
                                      std::vector<int>(static_cast<size_t>(prompts)));
  std::vector<std::vector<int>> orders(static_cast<size_t>(pool.size()),
                                       std::vector<int>(static_cast<size_t>(n)));
  pool.ParallelFor(replicates, [&](int64_t r, int worker) {
    const uint64_t seed = DeriveSeed(o.seed, static_cast<uint64_t>(r));
    Rng rng(DeriveSeed(seed, 0));
    std::vector<int>& draw = draws[static_cast<size_t>(worker)];
    for (int& d : draw) d = static_cast<int>(rng.UniformInt(static_cast<uint64_t>(prompts)));
    std::span<double> row = scores.row(static_cast<int>(r));
    for (int s = 0; s < n; ++s) {
      double sum = 0.0;
      for (int d : draw) sum += systems[s].ap[d];
      row[s] = sum / prompts;
    }
    // Ranks by score; equal scores in a random order (stream 1).
    std::vector<int>& order = orders[static_cast<size_t>(worker)];
    std::iota(order.begin(), order.end(), 0);
    Rng tie(DeriveSeed(seed, 1));
    for (int i = n - 1; i > 0; --i) {
      std::swap(order[i], order[tie.UniformInt(static_cast<uint64_t>(i) + 1)]);
    }
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return row[a] > row[b]; });
    for (int k = 0; k < n; ++k) ranks.at(static_cast<int>(r), order[k]) = k + 1;
  });
  std::vector<int> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    if (systems[a].map != systems[b].map) return systems[a].map > systems[b].map;
    return systems[a].name < systems[b].name;
  });
  const std::vector<RankRange> ranges = RankRanges(ranks, o.confidence);
  const std::vector<int> clusters = ClusterByRankRanges(order, ranges);
  const std::vector<ScoreInterval> intervals = ScoreIntervals(scores, o.confidence);
  const std::vector<int> upper = RankUpperBounds(intervals);
  Leaderboard& board = out.leaderboard;
  board.model = "map";
  board.judgments = prompts;
  board.connected = true;
  board.components.emplace_back();
  for (int k = 0; k < n; ++k) {
    const int s = order[k];
    LeaderboardEntry e;
    e.system = systems[s].name;
    e.score = systems[s].map;
    e.rank = k + 1;
    e.rank_lo = ranges[s].lo;
    e.rank_hi = ranges[s].hi;
    e.cluster = clusters[s];
    e.rank_upper_bound = upper[s];
    e.score_lo = intervals[s].lo;
    e.score_hi = intervals[s].hi;
    board.entries.push_back(std::move(e));
    board.components.back().push_back(systems[s].name);
  }
  board.bootstrap_replicates = replicates;
  board.confidence = o.confidence;
  board.seed = o.seed;
  for (const NbestSystem& s : systems) {
    if (s.answered < prompts) {
      board.warnings.push_back(s.name + " answers " + std::to_string(s.answered) + " of " +
                               std::to_string(prompts) + " gold prompts (the others score 0)");
    }
    if (s.unknown_prompts > 0) {
      board.warnings.push_back(s.name + ": " + std::to_string(s.unknown_prompts) +
                               " prompts not in the gold file were ignored");
    }
  }

  // Ablation: each level's MAP and F1 rankings against the full gold's.
  std::vector<double> full(static_cast<size_t>(n)), full_f1(static_cast<size_t>(n));
  for (int s = 0; s < n; ++s) {
    full[s] = systems[s].ablated_map[0];
    full_f1[s] = systems[s].ablated_f1[0];
  }
  const int64_t total = gold.num_translations();
  // Pearson Rank is undefined on some inputs (two systems, ties at the head); each distinct
  // reason becomes one warning naming the ablation shares it holds for.
  std::vector<std::pair<std::string, std::string>> undefined;  // (reason, shares)
  const auto pearson_rank = [&](const char* what, double removed, std::span<const double> ref,
                                std::span<const double> ablated) -> std::optional<double> {
    auto v = PearsonRank(ref, ablated);
    if (v.ok()) return *v;
    const std::string reason = std::string(what) + " " + std::string(v.status().message());
    char share[32];
    std::snprintf(share, sizeof share, "%g%%", 100.0 * removed);
    for (auto& [r, shares] : undefined) {
      if (r == reason) {
        shares += std::string(", ") + share;
        return std::nullopt;
      }
    }
    undefined.emplace_back(reason, share);
    return std::nullopt;
  };
  for (size_t l = 0; l < o.ablation.size(); ++l) {
    NbestAblationPoint point;
    point.removed = o.ablation[l];
    int64_t kept = 0;
    for (const NbestGold::Prompt& p : gold.prompts()) kept += p.kept[l];
    point.gold_kept = total > 0 ? static_cast<double>(kept) / static_cast<double>(total) : 0.0;
    std::vector<double> ablated(static_cast<size_t>(n));
    for (int s = 0; s < n; ++s) ablated[s] = systems[s].ablated_map[l];
    if (auto v = SpearmanRho(full, ablated); v.ok()) point.spearman_rho = *v;
    if (auto v = KendallTauB(full, ablated); v.ok()) point.kendall_tau_b = *v;
    point.pearson_rank = pearson_rank("the ablation's MAP", point.removed, full, ablated);
    for (int s = 0; s < n; ++s) ablated[s] = systems[s].ablated_f1[l];
    if (auto v = SpearmanRho(full_f1, ablated); v.ok()) point.f1_spearman_rho = *v;
    if (auto v = KendallTauB(full_f1, ablated); v.ok()) point.f1_kendall_tau_b = *v;
    point.f1_pearson_rank = pearson_rank("the ablation's F1", point.removed, full_f1, ablated);
    out.ablation.push_back(point);
  }
  for (const auto& [reason, shares] : undefined) {
    board.warnings.push_back(reason + " (removed " + shares + "; shown as n/a)");
  }
  out.systems = std::move(systems);
  return out;
}

StatusOr<NbestEvaluation> EvaluateNbest(const NbestGold& gold,
                                        const std::vector<std::string>& names,
                                        const std::vector<std::string>& paths) {
  if (names.size() != paths.size() || names.empty()) {
    return InvalidArgument("nbest: no system to evaluate");
  }
  const int n = static_cast<int>(paths.size());
  std::vector<NbestSystem> systems(static_cast<size_t>(n));
  std::vector<Status> statuses(static_cast<size_t>(n));
  ThreadPool pool(std::min(ThreadPool::ResolveThreads(gold.options().threads), n));
  // One buffer per worker, reused from file to file: each file is read and evaluated piece
  // by piece (ForEachStapleBlockInFile).
  std::vector<std::string> buffers(static_cast<size_t>(pool.size()));
  pool.ParallelFor(n, [&](int64_t i, int worker) {
    SystemEvaluator evaluator(gold, names[i]);
    int64_t dropped = 0;
    Status s = ForEachStapleBlockInFile(paths[i], StapleKind::kNbest, Into(evaluator), &dropped,
                                        &buffers[static_cast<size_t>(worker)]);
    if (!s.ok()) {
      statuses[i] = s;
      return;
    }
    systems[i] = evaluator.Finish(dropped);
  });
  for (const Status& s : statuses) {
    if (!s.ok()) return s;
  }
  return SummarizeNbest(gold, std::move(systems));
}

std::vector<std::vector<std::optional<double>>> BleuMapSpearman(const NbestEvaluation& e) {
  std::vector<std::vector<std::optional<double>>> out;
  if (!e.options.bleu) return out;
  std::vector<double> map;
  for (const NbestSystem& s : e.systems) map.push_back(s.map);
  for (size_t d = 0; d < e.options.bleu_depths.size(); ++d) {
    out.emplace_back();
    for (size_t y = 0; y < e.options.bleu_references.size(); ++y) {
      std::vector<double> bleu;
      for (const NbestSystem& s : e.systems) bleu.push_back(s.bleu[d][y]);
      auto rho = SpearmanRho(map, bleu);
      out.back().push_back(rho.ok() ? std::optional<double>(*rho) : std::nullopt);
    }
  }
  return out;
}

}  // namespace tourney
