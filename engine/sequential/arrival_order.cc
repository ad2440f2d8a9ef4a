#include "tourney/sequential/arrival_order.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include <boost/math/special_functions/gamma.hpp>

namespace tourney {
namespace {

// P(chi-square with df degrees of freedom > x).
double ChiSquareUpper(double x, double df) {
  if (!(x > 0.0)) return 1.0;
  return boost::math::gamma_q(df / 2.0, x / 2.0);
}

std::string Format(const char* format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

// "= 0.0123", "= 3.1e-08" or "< 1e-300".
std::string P(double p) {
  if (p < 1e-300) return "< 1e-300";
  return "= " + (p < 1e-4 ? Format("%.1e", p) : Format("%.4f", p));
}

}  // namespace

ArrivalOrderReport CheckArrivalOrder(const Judgments& judgments, double level) {
  ArrivalOrderReport report;
  report.level = level;
  const size_t n = static_cast<size_t>(judgments.num_systems());
  const Comparisons& c = judgments.comparisons();
  // Preference streams, a < b, in arrival order.
  std::vector<int64_t> count(n * n, 0);
  for (size_t k = 0; k < c.size(); ++k) {
    const size_t a = static_cast<size_t>(std::min(c.first[k], c.second[k]));
    const size_t b = static_cast<size_t>(std::max(c.first[k], c.second[k]));
    ++count[a * n + b];
  }
  std::vector<int64_t> seen(n * n, 0);
  std::vector<double> sum1(n * n, 0.0), sq1(n * n, 0.0), sum2(n * n, 0.0), sq2(n * n, 0.0);
  for (size_t k = 0; k < c.size(); ++k) {
    size_t a = static_cast<size_t>(c.first[k]), b = static_cast<size_t>(c.second[k]);
    double x = FirstSystemShare(c.outcome[k]);
    if (a > b) {
      std::swap(a, b);
      x = 1.0 - x;
    }
    const size_t i = a * n + b;
    const bool early = 2 * seen[i] < count[i];
    ++seen[i];
    (early ? sum1 : sum2)[i] += x;
    (early ? sq1 : sq2)[i] += x * x;
  }
  std::vector<PreferenceDrift> tested;
  for (size_t a = 0; a < n; ++a) {
    for (size_t b = a + 1; b < n; ++b) {
      const size_t i = a * n + b;
      if (count[i] < kMinStream) continue;
      const double n1 = static_cast<double>((count[i] + 1) / 2);
      const double n2 = static_cast<double>(count[i] / 2);
      const double total = sum1[i] + sum2[i];
      const double mean = total / (n1 + n2);
      const double var = ((sq1[i] + sq2[i]) - (n1 + n2) * mean * mean) / (n1 + n2 - 1.0);
      if (!(var > 1e-12)) continue;
      ++report.pairs_tested;
      PreferenceDrift d;
      d.a = static_cast<SystemId>(a);
      d.b = static_cast<SystemId>(b);
      d.early = static_cast<int64_t>(n1);
      d.late = static_cast<int64_t>(n2);
      d.early_mean = sum1[i] / n1;
      d.late_mean = sum2[i] / n2;
      const double z = (d.early_mean - d.late_mean) / std::sqrt(var * (1.0 / n1 + 1.0 / n2));
      d.p = std::erfc(std::fabs(z) / std::sqrt(2.0));
      tested.push_back(d);
    }
  }
  for (const PreferenceDrift& d : tested) {
    if (d.p * report.pairs_tested <= level) report.preference.push_back(d);
  }
  std::sort(report.preference.begin(), report.preference.end(),
            [](const PreferenceDrift& x, const PreferenceDrift& y) { return x.p < y.p; });

  // Composition: each system's opponents, per ranking, in the halves of its rankings.
  std::vector<int64_t> rankings(n, 0);
  std::vector<SystemId> members;
  auto ranking_members = [&](size_t r) {
    members.clear();
    for (size_t k = judgments.comparison_begin(r); k < judgments.comparison_begin(r + 1); ++k) {
      members.push_back(c.first[k]);
      members.push_back(c.second[k]);
    }
    std::sort(members.begin(), members.end());
    members.erase(std::unique(members.begin(), members.end()), members.end());
  };
  for (size_t r = 0; r < judgments.num_rankings(); ++r) {
    ranking_members(r);
    for (SystemId s : members) ++rankings[static_cast<size_t>(s)];
  }
  std::vector<int64_t> done(n, 0);
  std::vector<double> met1(n * n, 0.0), met2(n * n, 0.0);
  for (size_t r = 0; r < judgments.num_rankings(); ++r) {
    ranking_members(r);
    for (SystemId s : members) {
      const size_t i = static_cast<size_t>(s);
      const bool early = 2 * done[i] < rankings[i];
      ++done[i];
      for (SystemId o : members) {
        if (o != s) (early ? met1 : met2)[i * n + static_cast<size_t>(o)] += 1.0;
      }
    }
  }
  std::vector<CompositionDrift> systems;
  for (size_t i = 0; i < n; ++i) {
    if (rankings[i] < kMinStream) continue;
    double t1 = 0.0, t2 = 0.0;
    int opponents = 0;
    for (size_t j = 0; j < n; ++j) {
      t1 += met1[i * n + j];
      t2 += met2[i * n + j];
      if (met1[i * n + j] + met2[i * n + j] > 0.0) ++opponents;
    }
    if (opponents < 2 || t1 <= 0.0 || t2 <= 0.0) continue;
    ++report.systems_tested;
    CompositionDrift d;
    d.system = static_cast<SystemId>(i);
    d.rankings = rankings[i];
    double chi2 = 0.0, moved = -1.0;
    for (size_t j = 0; j < n; ++j) {
      const double o1 = met1[i * n + j], o2 = met2[i * n + j], row = o1 + o2;
      if (row <= 0.0) continue;
      const double e1 = row * t1 / (t1 + t2), e2 = row * t2 / (t1 + t2);
      chi2 += (o1 - e1) * (o1 - e1) / e1 + (o2 - e2) * (o2 - e2) / e2;
      const double gap = std::fabs(o1 / t1 - o2 / t2);
      if (gap > moved) {
        moved = gap;
        d.opponent = static_cast<SystemId>(j);
        d.early_share = o1 / t1;
        d.late_share = o2 / t2;
      }
    }
    d.p = ChiSquareUpper(chi2, opponents - 1);
    systems.push_back(d);
  }
  for (const CompositionDrift& d : systems) {
    if (d.p * report.systems_tested <= level) report.composition.push_back(d);
  }
  std::sort(report.composition.begin(), report.composition.end(),
            [](const CompositionDrift& x, const CompositionDrift& y) { return x.p < y.p; });
  return report;
}

std::vector<std::string> ArrivalOrderWarnings(const ArrivalOrderReport& report,
                                              const std::vector<std::string>& names) {
  std::vector<std::string> out;
  auto name = [&](SystemId id) { return "'" + names[static_cast<size_t>(id)] + "'"; };
  if (!report.preference.empty()) {
    const PreferenceDrift& d = report.preference.front();
    out.push_back(
        "arrival order: the judgments are not in an exchangeable order: the preferences of " +
        std::to_string(report.preference.size()) + " of " + std::to_string(report.pairs_tested) +
        " pairs drift between the first and second half of their judgments (" + name(d.a) +
        " over " + name(d.b) + ": " + Format("%.3f", d.early_mean) + " then " +
        Format("%.3f", d.late_mean) + ", p " + P(d.p) + "; Bonferroni at " +
        Format("%g", report.level) +
        "). The anytime intervals still hold at every look, for the average preference over "
        "the judgments as collected (by annotator, batch or sub-campaign), not for one "
        "preference that stayed the same over the campaign (docs/anytime.md)");
  }
  if (!report.composition.empty()) {
    const CompositionDrift& d = report.composition.front();
    out.push_back(
        "arrival order: the systems compared change over the campaign: " +
        std::to_string(report.composition.size()) + " of " +
        std::to_string(report.systems_tested) +
        " systems met their opponents in different proportions in the first and second half "
        "of their rankings (" +
        name(d.system) + " met " + name(d.opponent) + " in " +
        Format("%.1f", 100.0 * d.early_share) + "% then " +
        Format("%.1f", 100.0 * d.late_share) + "% of its comparisons, p " + P(d.p) +
        "). Before the last judgment a board's scores are partial Borda scores of the systems "
        "met so far; the final board is not affected (docs/anytime.md)");
  }
  return out;
}

}  // namespace tourney
