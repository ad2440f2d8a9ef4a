#include "tourney/statistics/annotator_quality.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <vector>

namespace tourney {
namespace {

// Appends ranking i of `from` to `to` with its entries in system order instead of display
// order: outputs by the smallest system id of their column group, the systems of one group
// by id (groups stay contiguous, relabelled 0, 1, ...). Agreement then keys an item by its
// two systems whichever way round they were shown.
void AppendInSystemOrder(Judgments& to, const Judgments& from, size_t i) {
  const RankingView v = from.ranking(i);
  const size_t k = v.systems.size();
  std::map<uint8_t, SystemId> group_min;
  for (size_t e = 0; e < k; ++e) {
    const uint8_t g = v.groups.empty() ? static_cast<uint8_t>(e) : v.groups[e];
    auto [it, inserted] = group_min.emplace(g, v.systems[e]);
    if (!inserted) it->second = std::min(it->second, v.systems[e]);
  }
  auto group_of = [&](size_t e) {
    return v.groups.empty() ? static_cast<uint8_t>(e) : v.groups[e];
  };
  std::vector<size_t> order(k);
  std::iota(order.begin(), order.end(), size_t{0});
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const SystemId ga = group_min.at(group_of(a)), gb = group_min.at(group_of(b));
    return ga != gb ? ga < gb : v.systems[a] < v.systems[b];
  });
  std::vector<SystemId> systems;
  std::vector<uint8_t> ranks, groups;
  std::map<uint8_t, uint8_t> relabel;
  for (size_t e : order) {
    systems.push_back(to.systems().Intern(from.systems().Name(v.systems[e])));
    ranks.push_back(v.ranks[e]);
    groups.push_back(relabel.emplace(group_of(e), static_cast<uint8_t>(relabel.size()))
                         .first->second);
  }
  const int32_t judge =
      v.judge < 0 ? -1 : to.InternJudge(from.judges()[static_cast<size_t>(v.judge)]);
  const int32_t document =
      v.document < 0 ? -1 : to.InternDocument(from.documents()[static_cast<size_t>(v.document)]);
  to.AddRanking(systems, ranks, groups, v.segment, judge, document);
}

}  // namespace

bool RepeatCheckPasses(std::span<const uint8_t> original, std::span<const uint8_t> repeat) {
  for (size_t i = 0; i < original.size(); ++i) {
    for (size_t j = i + 1; j < original.size(); ++j) {
      const bool was_better = original[i]<original[j], was_worse = original[i]> original[j];
      const bool is_better = repeat[i]<repeat[j], is_worse = repeat[i]> repeat[j];
      if ((was_better && is_worse) || (was_worse && is_better)) return false;
    }
  }
  return true;
}

bool ControlCheckPasses(std::span<const uint8_t> ranks, size_t control) {
  for (size_t i = 0; i < ranks.size(); ++i) {
    if (i != control && ranks[i] >= ranks[control]) return false;
  }
  return true;
}

AnnotatorDecision AddCheckToDecision(bool passed, int k, double* log_likelihood_ratio) {
  const double chance = 1.0 / static_cast<double>(k);
  *log_likelihood_ratio += passed ? std::log(kReadingPassRate / chance)
                                  : std::log((1.0 - kReadingPassRate) / (1.0 - chance));
  const double bound = std::log((1.0 - kDecisionErrorRate) / kDecisionErrorRate);
  if (*log_likelihood_ratio >= bound) return AnnotatorDecision::kPass;
  if (*log_likelihood_ratio <= -bound) return AnnotatorDecision::kFail;
  return AnnotatorDecision::kUndecided;
}

const char* AnnotatorDecisionName(AnnotatorDecision d) {
  switch (d) {
    case AnnotatorDecision::kPass:
      return "pass";
    case AnnotatorDecision::kFail:
      return "fail";
    case AnnotatorDecision::kUndecided:
      break;
  }
  return "undecided";
}

StatusOr<std::vector<AnnotatorQuality>> ComputeAnnotatorQuality(
    const Judgments& judgments, std::span<const JudgmentQuality> quality) {
  if (quality.size() != judgments.num_rankings()) {
    return InvalidArgument("quality records " + std::to_string(quality.size()) + " != rankings " +
                           std::to_string(judgments.num_rankings()));
  }
  std::map<std::string, AnnotatorQuality> by_name;
  std::map<std::string, double> seconds;  // summed time per judgment
  // Agreement needs an annotator and a segment id on every ranking: those alone.
  Judgments labelled;
  for (int s = 0; s < judgments.num_systems(); ++s) {
    labelled.systems().Intern(judgments.systems().Name(s));
  }
  for (size_t i = 0; i < judgments.num_rankings(); ++i) {
    const RankingView r = judgments.ranking(i);
    if (r.judge < 0) continue;
    const std::string& name = judgments.judges()[static_cast<size_t>(r.judge)];
    AnnotatorQuality& a = by_name[name];
    a.annotator = name;
    ++a.judgments;
    const JudgmentQuality& q = quality[i];
    if (q.check != QualityCheck::kNone) ++(q.check_passed ? a.checks_passed : a.checks_failed);
    if (q.check == QualityCheck::kControl && r.systems.size() >= 2) {
      ++a.control_checks;
      a.control_passed += q.check_passed ? 1 : 0;
      if (a.decision == AnnotatorDecision::kUndecided) {
        a.decision = AddCheckToDecision(q.check_passed, static_cast<int>(r.systems.size()),
                                        &a.log_likelihood_ratio);
        if (a.decision != AnnotatorDecision::kUndecided) a.decided_after = a.control_checks;
      }
    }
    if (q.leased_unix_ms > 0 && q.committed_unix_ms >= q.leased_unix_ms) {
      ++a.timed_judgments;
      seconds[name] += static_cast<double>(q.committed_unix_ms - q.leased_unix_ms) / 1000.0;
    }
    if (r.segment >= 0) AppendInSystemOrder(labelled, judgments, i);
  }
  if (labelled.num_rankings() > 0) {
    auto agreement = ComputeAgreement(labelled, /*collapsed=*/true);
    if (!agreement.ok()) return agreement.status();
    for (const AnnotatorAgreement& g : agreement->annotators) {
      auto it = by_name.find(g.annotator);
      if (it == by_name.end()) continue;
      it->second.intra = g.self;
      it->second.intra_kappa = g.self.kappa();
      it->second.inter = g.with_others;
      it->second.inter_kappa = g.kappa_with_others;
    }
  }
  std::vector<AnnotatorQuality> out;
  out.reserve(by_name.size());
  for (auto& [name, a] : by_name) {
    const int64_t checks = a.checks_passed + a.checks_failed;
    if (checks > 0) a.pass_rate = static_cast<double>(a.checks_passed) / checks;
    if (a.timed_judgments > 0) a.mean_seconds_per_judgment = seconds[name] / a.timed_judgments;
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace tourney
