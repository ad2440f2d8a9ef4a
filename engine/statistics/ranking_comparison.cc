#include "tourney/statistics/ranking_comparison.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "tourney/statistics/rank_correlation.h"

namespace tourney {
namespace {

// Name -> index in the ranking; InvalidArgument for a repeated name, a non-finite score or
// clusters on some systems only.
StatusOr<std::unordered_map<std::string, size_t>> IndexRanking(const SystemRanking& r,
                                                               const char* label) {
  std::unordered_map<std::string, size_t> index;
  size_t clustered = 0;
  for (size_t i = 0; i < r.size(); ++i) {
    if (!index.emplace(r[i].name, i).second) {
      return InvalidArgument(std::string("ranking ") + label + ": system '" + r[i].name +
                             "' appears twice");
    }
    if (!std::isfinite(r[i].score)) {
      return InvalidArgument(std::string("ranking ") + label + ": system '" + r[i].name +
                             "' has a non-finite score");
    }
    clustered += r[i].cluster.has_value();
  }
  if (clustered != 0 && clustered != r.size()) {
    return InvalidArgument(std::string("ranking ") + label +
                           ": some systems have a cluster and some do not");
  }
  return index;
}

bool Clustered(const SystemRanking& r) { return !r.empty() && r.front().cluster.has_value(); }

// -1: i above j (smaller cluster number), +1: j above i, 0: same cluster.
int Separation(const RankedSystem& i, const RankedSystem& j) {
  return (*i.cluster > *j.cluster) - (*i.cluster < *j.cluster);
}

// Indices into a and b of the common systems, in a's order.
struct Common {
  std::vector<size_t> in_a, in_b;
};

Common CommonSystems(const SystemRanking& a,
                     const std::unordered_map<std::string, size_t>& index_b) {
  Common common;
  for (size_t i = 0; i < a.size(); ++i) {
    auto it = index_b.find(a[i].name);
    if (it == index_b.end()) continue;
    common.in_a.push_back(i);
    common.in_b.push_back(it->second);
  }
  return common;
}

ClusterAgreement Agreement(const SystemRanking& a, const SystemRanking& b, const Common& c) {
  ClusterAgreement out;
  const size_t n = c.in_a.size();
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = i + 1; j < n; ++j) {
      const RankedSystem& ai = a[c.in_a[i]];
      const RankedSystem& aj = a[c.in_a[j]];
      const RankedSystem& bi = b[c.in_b[i]];
      const RankedSystem& bj = b[c.in_b[j]];
      const int sa = Separation(ai, aj), sb = Separation(bi, bj);
      ++out.pairs;
      if (sa != 0 && sb != 0) {
        if (sa == sb) {
          ++out.separated_same;
        } else {
          ++out.separated_opposite;
          out.flipped.push_back(sa < 0 ? SystemPair{ai.name, aj.name}
                                       : SystemPair{aj.name, ai.name});
        }
      } else if (sa != 0) {
        ++out.separated_only_a;
        out.only_a.push_back(sa < 0 ? SystemPair{ai.name, aj.name} : SystemPair{aj.name, ai.name});
      } else if (sb != 0) {
        ++out.separated_only_b;
        out.only_b.push_back(sb < 0 ? SystemPair{bi.name, bj.name} : SystemPair{bj.name, bi.name});
      } else {
        ++out.separated_neither;
      }
    }
  }
  return out;
}

}  // namespace

StatusOr<ClusterAgreement> CompareClusters(const SystemRanking& a, const SystemRanking& b) {
  auto index_a = IndexRanking(a, "A");
  if (!index_a.ok()) return index_a.status();
  auto index_b = IndexRanking(b, "B");
  if (!index_b.ok()) return index_b.status();
  if (!Clustered(a) || !Clustered(b)) {
    return InvalidArgument("cluster agreement: both rankings must be clustered");
  }
  return Agreement(a, b, CommonSystems(a, *index_b));
}

StatusOr<RankingComparison> CompareRankings(const SystemRanking& a, const SystemRanking& b,
                                            double rbo_p) {
  if (!(rbo_p > 0.0 && rbo_p < 1.0)) {
    return InvalidArgument("rank-biased overlap: the persistence p must be in (0, 1)");
  }
  auto index_a = IndexRanking(a, "A");
  if (!index_a.ok()) return index_a.status();
  auto index_b = IndexRanking(b, "B");
  if (!index_b.ok()) return index_b.status();

  RankingComparison out;
  out.rbo_p = rbo_p;
  const Common common = CommonSystems(a, *index_b);
  for (size_t i : common.in_a) out.common.push_back(a[i].name);
  for (const RankedSystem& s : a) {
    if (!index_b->contains(s.name)) out.only_a.push_back(s.name);
  }
  for (const RankedSystem& s : b) {
    if (!index_a->contains(s.name)) out.only_b.push_back(s.name);
  }

  const size_t n = common.in_a.size();
  std::vector<double> x(n), y(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = a[common.in_a[i]].score;
    y[i] = b[common.in_b[i]].score;
  }
  struct Measure {
    const char* name;
    StatusOr<double> (*fn)(std::span<const double>, std::span<const double>);
    std::optional<double>* out;
  };
  const Measure measures[] = {{"kendall_tau_b", KendallTauB, &out.kendall_tau_b},
                              {"spearman_rho", SpearmanRho, &out.spearman_rho},
                              {"pearson_r", PearsonR, &out.pearson_r},
                              {"pearson_rank", PearsonRank, &out.pearson_rank}};
  for (const Measure& m : measures) {
    auto v = m.fn(x, y);
    if (v.ok()) {
      *m.out = *v;
    } else {
      out.notes.push_back(std::string(m.name) + " undefined: " + v.status().message());
    }
  }

  // Positions among the common systems: in A's order by construction, in B's order by
  // sorting B's indices.
  std::vector<int> pos_a(n), pos_b(n);
  std::vector<std::pair<size_t, size_t>> by_b;  // (index in b, common index)
  for (size_t i = 0; i < n; ++i) {
    pos_a[i] = static_cast<int>(i);
    by_b.emplace_back(common.in_b[i], i);
  }
  std::sort(by_b.begin(), by_b.end());
  for (size_t k = 0; k < n; ++k) pos_b[by_b[k].second] = static_cast<int>(k);
  if (n > 0) {
    auto rbo = RankBiasedOverlap(pos_a, pos_b, rbo_p);
    if (rbo.ok()) out.rbo = *rbo;
  } else {
    out.notes.push_back("the two rankings have no system in common");
  }
  if (Clustered(a) && Clustered(b)) out.clusters = Agreement(a, b, common);
  return out;
}

}  // namespace tourney
