#include "tourney/statistics/agreement.h"

#include <algorithm>
#include <map>
#include <unordered_map>

namespace tourney {

std::optional<double> AgreementCounts::p_agree() const {
  if (comparable <= 0) return std::nullopt;
  return static_cast<double>(agree) / static_cast<double>(comparable);
}

std::optional<double> AgreementCounts::p_chance() const {
  if (labels <= 0) return std::nullopt;
  const double tie = static_cast<double>(ties) / static_cast<double>(labels);
  const double other = (1.0 - tie) / 2.0;
  return tie * tie + 2.0 * other * other;
}

std::optional<double> AgreementCounts::kappa() const {
  const auto pa = p_agree();
  const auto pe = p_chance();
  if (!pa || !pe || *pe >= 1.0) return std::nullopt;
  return (*pa - *pe) / (1.0 - *pe);
}

namespace {

struct Label {
  uint32_t item;
  int32_t judge;
  int64_t segment;
  uint8_t value;  // 0: first better, 1: second better, 2: tie
};

struct ItemKey {
  int64_t segment;
  int32_t a, b;
  bool operator==(const ItemKey& o) const { return segment == o.segment && a == o.a && b == o.b; }
};

struct ItemKeyHash {
  size_t operator()(const ItemKey& k) const {
    uint64_t h = static_cast<uint64_t>(k.segment) * 0x9E3779B97F4A7C15ull;
    h ^= (static_cast<uint64_t>(static_cast<uint32_t>(k.a)) << 32 | static_cast<uint32_t>(k.b)) +
         0x7F4A7C159E3779B9ull + (h << 6) + (h >> 2);
    return static_cast<size_t>(h ^ (h >> 29));
  }
};

// Pairs among the labels of one run, with per-value counts c[3] over n labels.
int64_t Pairs(int64_t n) { return n * (n - 1) / 2; }
int64_t AgreeingPairs(const int64_t c[3]) { return Pairs(c[0]) + Pairs(c[1]) + Pairs(c[2]); }

}  // namespace

StatusOr<AgreementResult> ComputeAgreement(const Judgments& judgments, bool collapsed) {
  AgreementResult result;
  result.collapsed = collapsed;
  const int num_systems = judgments.num_systems();
  const size_t num_judges = judgments.judges().size();

  // Output ids: a system's id, or (collapsed) num_systems + index of a joined list.
  std::map<std::vector<SystemId>, int32_t> joined;
  std::unordered_map<ItemKey, uint32_t, ItemKeyHash> items;
  std::vector<Label> labels;
  std::vector<int64_t> rankings_of(num_judges, 0);
  std::vector<int32_t> outputs;
  std::vector<uint8_t> output_ranks, output_groups;
  std::vector<SystemId> members;

  for (size_t r = 0; r < judgments.num_rankings(); ++r) {
    const RankingView v = judgments.ranking(r);
    if (v.segment < 0) {
      return InvalidArgument("agreement needs the segment of every ranking, and ranking " +
                             std::to_string(r + 1) + " has none");
    }
    if (v.judge < 0) {
      return InvalidArgument("agreement needs the annotator of every ranking, and ranking " +
                             std::to_string(r + 1) + " has none");
    }
    ++rankings_of[static_cast<size_t>(v.judge)];
    outputs.clear();
    output_ranks.clear();
    output_groups.clear();
    const size_t k = v.systems.size();
    if (collapsed) {
      for (size_t i = 0; i < k;) {
        size_t e = i + 1;
        while (e < k && v.groups[e] == v.groups[i]) ++e;
        if (e - i > 1) result.shared_outputs = true;
        if (e - i == 1) {
          outputs.push_back(v.systems[i]);
        } else {
          members.assign(v.systems.begin() + static_cast<std::ptrdiff_t>(i),
                         v.systems.begin() + static_cast<std::ptrdiff_t>(e));
          auto [it, inserted] =
              joined.emplace(members, num_systems + static_cast<int32_t>(joined.size()));
          outputs.push_back(it->second);
        }
        output_ranks.push_back(v.ranks[i]);
        i = e;
      }
    } else {
      for (size_t i = 0; i < k; ++i) {
        if (i > 0 && v.groups[i] == v.groups[i - 1]) result.shared_outputs = true;
        outputs.push_back(v.systems[i]);
        output_ranks.push_back(v.ranks[i]);
      }
    }
    for (size_t i = 0; i < outputs.size(); ++i) {
      for (size_t j = i + 1; j < outputs.size(); ++j) {
        const ItemKey key{v.segment, outputs[i], outputs[j]};
        auto [it, inserted] = items.emplace(key, static_cast<uint32_t>(items.size()));
        const uint8_t value = output_ranks[i] < output_ranks[j]   ? 0
                              : output_ranks[i] > output_ranks[j] ? 1
                                                                  : 2;
        labels.push_back(Label{it->second, v.judge, v.segment, value});
      }
    }
  }

  std::vector<AnnotatorAgreement> per(num_judges);
  for (size_t j = 0; j < num_judges; ++j) {
    per[j].annotator = judgments.judges()[j];
    per[j].rankings = rankings_of[j];
  }
  for (const Label& l : labels) {
    ++per[static_cast<size_t>(l.judge)].labels;
    if (l.value == 2) ++per[static_cast<size_t>(l.judge)].with_others.ties;
  }
  for (AnnotatorAgreement& a : per) a.with_others.labels = a.labels;

  // Inter: runs of one item, sub-runs of one annotator.
  std::sort(labels.begin(), labels.end(), [](const Label& x, const Label& y) {
    return x.item != y.item ? x.item < y.item : x.judge < y.judge;
  });
  result.inter.labels = static_cast<int64_t>(labels.size());
  for (size_t b = 0; b < labels.size();) {
    size_t e = b;
    int64_t c[3] = {0, 0, 0};
    while (e < labels.size() && labels[e].item == labels[b].item) ++c[labels[e++].value];
    const int64_t n = c[0] + c[1] + c[2];
    result.inter.ties += c[2];
    result.inter.comparable += Pairs(n);
    result.inter.agree += AgreeingPairs(c);
    for (size_t jb = b; jb < e;) {
      size_t je = jb;
      int64_t cj[3] = {0, 0, 0};
      while (je < e && labels[je].judge == labels[jb].judge) ++cj[labels[je++].value];
      const int64_t nj = cj[0] + cj[1] + cj[2];
      AgreementCounts& w = per[static_cast<size_t>(labels[jb].judge)].with_others;
      w.comparable += nj * (n - nj);
      for (int v = 0; v < 3; ++v) w.agree += cj[v] * (c[v] - cj[v]);
      jb = je;
    }
    b = e;
  }

  // Intra: groups of one segment and annotator that label some item twice or more.
  std::sort(labels.begin(), labels.end(), [](const Label& x, const Label& y) {
    if (x.segment != y.segment) return x.segment < y.segment;
    if (x.judge != y.judge) return x.judge < y.judge;
    return x.item < y.item;
  });
  for (size_t b = 0; b < labels.size();) {
    size_t e = b;
    while (e < labels.size() && labels[e].segment == labels[b].segment &&
           labels[e].judge == labels[b].judge) {
      ++e;
    }
    AgreementCounts group;
    for (size_t ib = b; ib < e;) {
      size_t ie = ib;
      int64_t c[3] = {0, 0, 0};
      while (ie < e && labels[ie].item == labels[ib].item) ++c[labels[ie++].value];
      group.comparable += Pairs(c[0] + c[1] + c[2]);
      group.agree += AgreeingPairs(c);
      group.ties += c[2];
      group.labels += c[0] + c[1] + c[2];
      ib = ie;
    }
    if (group.comparable > 0) {
      result.intra.agree += group.agree;
      result.intra.comparable += group.comparable;
      result.intra.ties += group.ties;
      result.intra.labels += group.labels;
      AgreementCounts& self = per[static_cast<size_t>(labels[b].judge)].self;
      self.agree += group.agree;
      self.comparable += group.comparable;
      self.ties += group.ties;
      self.labels += group.labels;
    }
    b = e;
  }

  const std::optional<double> pe = result.inter.p_chance();
  for (AnnotatorAgreement& a : per) {
    const auto pa = a.with_others.p_agree();
    if (pa && pe && *pe < 1.0) a.kappa_with_others = (*pa - *pe) / (1.0 - *pe);
  }
  std::stable_sort(per.begin(), per.end(),
                   [](const AnnotatorAgreement& x, const AnnotatorAgreement& y) {
                     if (x.kappa_with_others.has_value() != y.kappa_with_others.has_value()) {
                       return x.kappa_with_others.has_value();
                     }
                     if (x.kappa_with_others && *x.kappa_with_others != *y.kappa_with_others) {
                       return *x.kappa_with_others < *y.kappa_with_others;
                     }
                     return x.annotator < y.annotator;
                   });
  result.annotators = std::move(per);
  return result;
}

}  // namespace tourney
