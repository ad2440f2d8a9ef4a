#include "tourney/protocols/wmt24_esa_rule.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <numeric>
#include <string>
#include <vector>

namespace tourney {
namespace {

constexpr double kWmt24NaN = std::numeric_limits<double>::quiet_NaN();

// Phi(x), the standard normal CDF.
double Wmt24NormalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// Average ranks (1-based) of `values`, and the sizes of their tie groups.
std::vector<double> Wmt24AverageRanks(const std::vector<double>& values,
                                      std::vector<int64_t>* tie_groups) {
  const size_t n = values.size();
  std::vector<size_t> idx(n);
  std::iota(idx.begin(), idx.end(), size_t{0});
  std::stable_sort(idx.begin(), idx.end(),
                   [&](size_t a, size_t b) { return values[a] < values[b]; });
  std::vector<double> ranks(n, 0.0);
  for (size_t i = 0; i < n;) {
    size_t j = i;
    while (j + 1 < n && values[idx[j + 1]] == values[idx[i]]) ++j;
    const double average = (static_cast<double>(i) + static_cast<double>(j)) / 2.0 + 1.0;
    for (size_t k = i; k <= j; ++k) ranks[idx[k]] = average;
    tie_groups->push_back(static_cast<int64_t>(j - i + 1));
    i = j + 1;
  }
  return ranks;
}

// The number of the 2^n sign patterns of ranks 1..n whose positive ranks sum to w, for every
// w in 0..n(n+1)/2.
std::vector<double> Wmt24SignedRankCounts(int n) {
  std::vector<double> counts(1, 1.0);
  for (int r = 1; r <= n; ++r) {
    std::vector<double> next(counts.size() + static_cast<size_t>(r), 0.0);
    for (size_t w = 0; w < counts.size(); ++w) {
      next[w] += counts[w];
      next[w + static_cast<size_t>(r)] += counts[w];
    }
    counts.swap(next);
  }
  return counts;
}

}  // namespace

std::string Wmt24DomainOfDocument(std::string_view document) {
  document = document.substr(0, document.find('#'));
  constexpr std::string_view kPrefix = "test-";
  if (document.substr(0, kPrefix.size()) != kPrefix) return "other";
  const size_t dash = document.find('-', kPrefix.size());
  if (dash == std::string_view::npos) return "other";
  const size_t underscore = document.find('_', dash + 1);
  if (underscore == std::string_view::npos || underscore == dash + 1) return "other";
  const std::string_view domain = document.substr(dash + 1, underscore - dash - 1);
  if (domain.find('-') != std::string_view::npos) return "other";
  return std::string(domain);
}

double StandardNormalQuantile(double p) {
  if (std::isnan(p) || p < 0.0 || p > 1.0) return kWmt24NaN;
  if (p == 0.0) return -std::numeric_limits<double>::infinity();
  if (p == 1.0) return std::numeric_limits<double>::infinity();
  // Acklam's rational approximation (relative error 1.15e-9), then Halley steps on
  // Phi(x) - p with Phi from erfc, which bring it to double precision.
  static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                             -2.759285104469687e+02, 1.383577518672690e+02,
                             -3.066479806614716e+01, 2.506628277459239e+00};
  static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                             -1.556989798598866e+02, 6.680131188771972e+01,
                             -1.328068155288572e+01};
  static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                             -2.400758277161838e+00, -2.549732539343734e+00,
                             4.374664141464968e+00, 2.938163982698783e+00};
  static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                             2.445134137142996e+00, 3.754408661907416e+00};
  const double low = 0.02425;
  double x;
  if (p < low) {
    const double q = std::sqrt(-2.0 * std::log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
  } else if (p <= 1.0 - low) {
    const double q = p - 0.5;
    const double r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
  } else {
    const double q = std::sqrt(-2.0 * std::log1p(-p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
  }
  for (int step = 0; step < 2; ++step) {
    // Work in the tail nearer x so that the difference keeps its digits.
    const double e = x <= 0.0 ? 0.5 * std::erfc(-x / std::sqrt(2.0)) - p
                              : (1.0 - p) - 0.5 * std::erfc(x / std::sqrt(2.0));
    const double density = std::exp(-0.5 * x * x) / std::sqrt(2.0 * std::numbers::pi);
    if (!(density > 0.0)) break;
    const double u = e / density;
    x -= u / (1.0 + 0.5 * x * u);
  }
  return x;
}

namespace {

// scipy.stats.wilcoxon with the defaults, two-sided or "greater" (see the header).
double Wmt24SignedRankLikeScipy(const std::vector<double>& d, bool two_sided) {
  const size_t n = d.size();
  if (n == 0) return kWmt24NaN;
  const bool has_zero = std::any_of(d.begin(), d.end(), [](double v) { return v == 0.0; });
  std::vector<double> nonzero;
  for (double v : d) {
    if (v != 0.0) nonzero.push_back(v);
  }
  const size_t m = nonzero.size();
  if (m == 0) return kWmt24NaN;
  std::vector<double> magnitude(m);
  for (size_t i = 0; i < m; ++i) magnitude[i] = std::fabs(nonzero[i]);
  std::vector<int64_t> ties;
  const std::vector<double> ranks = Wmt24AverageRanks(magnitude, &ties);
  double w = 0.0;
  for (size_t i = 0; i < m; ++i) {
    if (nonzero[i] > 0.0) w += ranks[i];
  }
  if (n <= 50 && !has_zero) {
    // Exact: W+ over the 2^n sign patterns of the untied ranks 1..n; a tied (half-integer)
    // w rounded down for the upper tail and up for the lower one (scipy gh-19872; scipy
    // <= 1.12 truncated, the same for the upper tail).
    const std::vector<double> counts = Wmt24SignedRankCounts(static_cast<int>(n));
    const double total = std::ldexp(1.0, static_cast<int>(n));
    const auto upper = static_cast<size_t>(std::floor(w));
    const auto lower = static_cast<size_t>(std::ceil(w));
    double sf = 0.0, cdf = 0.0;
    for (size_t k = upper; k < counts.size(); ++k) sf += counts[k];
    if (!two_sided) return sf / total;
    for (size_t k = 0; k <= lower && k < counts.size(); ++k) cdf += counts[k];
    return std::min(1.0, 2.0 * std::min(sf / total, cdf / total));
  }
  const double count = static_cast<double>(m);
  const double mean = count * (count + 1.0) * 0.25;
  double tie_term = 0.0;
  for (int64_t t : ties) {
    const double tt = static_cast<double>(t);
    tie_term += tt * tt * tt - tt;
  }
  const double se =
      std::sqrt((count * (count + 1.0) * (2.0 * count + 1.0) - tie_term / 2.0) / 24.0);
  const double z = (w - mean) / se;
  if (!two_sided) return 0.5 * std::erfc(z / std::sqrt(2.0));
  return std::erfc(std::fabs(z) / std::sqrt(2.0));
}

}  // namespace

double WilcoxonSignedRankTwoSidedLikeScipy(const std::vector<double>& d) {
  return Wmt24SignedRankLikeScipy(d, true);
}

double WilcoxonSignedRankGreaterLikeScipy(const std::vector<double>& d) {
  return Wmt24SignedRankLikeScipy(d, false);
}

double CombinePValuesLikeWmt24(const std::vector<double>& p) {
  if (p.empty()) return kWmt24NaN;
  double sum = 0.0;
  for (double pk : p) sum += StandardNormalQuantile(1.0 - pk);
  const double z = sum / std::sqrt(static_cast<double>(p.size()));
  return 1.0 - Wmt24NormalCdf(z);
}

StatusOr<Wmt24EsaBoard> RankLikeWmt24Esa(const DaJudgments& judgments,
                                         const Wmt24EsaOptions& options) {
  if (!judgments.has_raw) {
    return InvalidArgument("the WMT24 ESA rule needs raw 0-100 scores");
  }
  if (!(options.alpha > 0.0 && options.alpha < 1.0)) {
    return InvalidArgument("alpha must be in (0, 1)");
  }
  const int n = judgments.num_systems();
  Wmt24EsaBoard board;
  // Domains of the documents, by name.
  std::vector<std::string> document_domain(judgments.documents.size());
  std::map<std::string, int> domain_index;
  for (size_t i = 0; i < judgments.documents.size(); ++i) {
    document_domain[i] = Wmt24DomainOfDocument(judgments.documents[i]);
  }
  // Item sums per (system, segment), with the item's domain name.
  struct ItemSum {
    double sum = 0.0;
    int64_t count = 0;
    std::string domain;
  };
  std::vector<std::map<int32_t, ItemSum>> items(static_cast<size_t>(n));
  board.annotations.assign(static_cast<size_t>(n), 0);
  std::vector<bool> other_document(judgments.documents.size(), false);
  for (const DaJudgment& j : judgments.rows) {
    if (!ScoresSystem(j.type)) continue;
    ItemSum& item = items[static_cast<size_t>(j.system)][j.segment];
    item.sum += j.raw;
    ++item.count;
    if (j.document >= 0 && static_cast<size_t>(j.document) < document_domain.size()) {
      item.domain = document_domain[static_cast<size_t>(j.document)];
      if (item.domain == "other") other_document[static_cast<size_t>(j.document)] = true;
    } else {
      item.domain = "other";
    }
    domain_index.emplace(item.domain, 0);
    ++board.annotations[static_cast<size_t>(j.system)];
  }
  board.other_domain_documents =
      std::count(other_document.begin(), other_document.end(), true);
  for (auto& [name, index] : domain_index) {
    index = static_cast<int>(board.domains.size());
    board.domains.push_back(name);
  }
  const size_t num_domains = board.domains.size();
  if (num_domains == 0) return InvalidArgument("no system (TGT) items to rank");

  // Item means (per system: segment -> (mean, domain index)), domain and system scores.
  std::vector<std::map<int32_t, std::pair<double, int>>> mean(static_cast<size_t>(n));
  board.score.assign(static_cast<size_t>(n), kWmt24NaN);
  board.micro.assign(static_cast<size_t>(n), kWmt24NaN);
  board.domain_score.assign(static_cast<size_t>(n), std::vector<double>(num_domains, kWmt24NaN));
  board.items.assign(static_cast<size_t>(n), 0);
  std::vector<double> macro_score(static_cast<size_t>(n), kWmt24NaN);
  std::vector<int> scored;
  int64_t total_annotations = 0;
  for (int s = 0; s < n; ++s) {
    const auto& system_items = items[static_cast<size_t>(s)];
    if (system_items.empty()) continue;
    std::vector<double> domain_sum(num_domains, 0.0);
    std::vector<int64_t> domain_count(num_domains, 0);
    double sum = 0.0;
    for (const auto& [segment, item] : system_items) {
      const int domain = domain_index[item.domain];
      const double m = item.sum / static_cast<double>(item.count);
      mean[static_cast<size_t>(s)][segment] = {m, domain};
      domain_sum[static_cast<size_t>(domain)] += m;
      ++domain_count[static_cast<size_t>(domain)];
      sum += m;
    }
    double macro_sum = 0.0;
    int present = 0;
    for (size_t k = 0; k < num_domains; ++k) {
      if (domain_count[k] == 0) continue;
      board.domain_score[static_cast<size_t>(s)][k] =
          domain_sum[k] / static_cast<double>(domain_count[k]);
      macro_sum += board.domain_score[static_cast<size_t>(s)][k];
      ++present;
    }
    board.items[static_cast<size_t>(s)] = static_cast<int64_t>(system_items.size());
    board.micro[static_cast<size_t>(s)] = sum / static_cast<double>(system_items.size());
    macro_score[static_cast<size_t>(s)] = macro_sum / present;
    board.score[static_cast<size_t>(s)] =
        options.macro ? macro_score[static_cast<size_t>(s)] : board.micro[static_cast<size_t>(s)];
    scored.push_back(s);
    total_annotations += board.annotations[static_cast<size_t>(s)];
  }
  board.annotations_per_system =
      static_cast<double>(total_annotations) / static_cast<double>(scored.size());

  // Order: score, highest first; equal scores in byte order of the names.
  board.order = scored;
  std::sort(board.order.begin(), board.order.end(), [&](int a, int b) {
    const double sa = board.score[static_cast<size_t>(a)];
    const double sb = board.score[static_cast<size_t>(b)];
    if (sa != sb) return sa > sb;
    return judgments.systems[static_cast<size_t>(a)] < judgments.systems[static_cast<size_t>(b)];
  });

  // p-values of every ordered pair, on the shared items (domain of the first system's item).
  const bool published = options.revision == Wmt24EsaRevision::kPublished;
  board.p_value.assign(static_cast<size_t>(n) * static_cast<size_t>(n), kWmt24NaN);
  auto test = [&](const std::vector<double>& d) {
    return published ? WilcoxonSignedRankGreaterLikeScipy(d)
                     : WilcoxonSignedRankTwoSidedLikeScipy(d);
  };
  for (int a : scored) {
    for (int b : scored) {
      if (a == b) continue;
      std::vector<std::vector<double>> by_domain(num_domains);
      std::vector<double> all;
      const auto& mb = mean[static_cast<size_t>(b)];
      for (const auto& [segment, value] : mean[static_cast<size_t>(a)]) {
        auto it = mb.find(segment);
        if (it == mb.end()) continue;
        const double diff = value.first - it->second.first;
        by_domain[static_cast<size_t>(value.second)].push_back(diff);
        all.push_back(diff);
      }
      double p = kWmt24NaN;
      if (options.macro) {
        std::vector<double> per_domain;
        for (const auto& d : by_domain) {
          if (!d.empty()) per_domain.push_back(test(d));
        }
        p = CombinePValuesLikeWmt24(per_domain);
      } else {
        p = test(all);
      }
      board.p_value[static_cast<size_t>(a) * n + b] = p;
    }
  }

  // Ranks (get_ranks).
  board.wins.assign(static_cast<size_t>(n), 0);
  board.losses.assign(static_cast<size_t>(n), 0);
  board.rank_top.assign(static_cast<size_t>(n), 0);
  board.rank_bottom.assign(static_cast<size_t>(n), 0);
  for (int a : scored) {
    for (int b : scored) {
      if (a == b) continue;
      const double p_ab = board.p_value[static_cast<size_t>(a) * n + b];
      if (published) {
        if (p_ab < options.alpha) ++board.wins[static_cast<size_t>(a)];
        if (board.p_value[static_cast<size_t>(b) * n + a] < options.alpha) {
          ++board.losses[static_cast<size_t>(a)];
        }
      } else if (p_ab < options.alpha) {
        if (board.score[static_cast<size_t>(a)] > board.score[static_cast<size_t>(b)]) {
          ++board.wins[static_cast<size_t>(a)];
        } else {
          ++board.losses[static_cast<size_t>(a)];
        }
      }
    }
    board.rank_top[static_cast<size_t>(a)] = board.losses[static_cast<size_t>(a)] + 1;
    board.rank_bottom[static_cast<size_t>(a)] =
        static_cast<int>(scored.size()) - board.wins[static_cast<size_t>(a)];
  }

  board.cluster.assign(static_cast<size_t>(n), 0);
  const int s_count = static_cast<int>(board.order.size());
  if (published) {
    // calculate_clusters.py's loop: position = rank by the macro score (computed before
    // --micro replaces the score), ties averaged (pandas' rank()); a new cluster where the
    // position passes the worst rank of every system above.
    int current = 1;
    double cutoff = 1.0;
    for (int i = 0; i < s_count; ++i) {
      const int a = board.order[static_cast<size_t>(i)];
      const double sa = macro_score[static_cast<size_t>(a)];
      int above = 0, equal = 0;
      for (int b : board.order) {
        const double sb = macro_score[static_cast<size_t>(b)];
        if (sb > sa) ++above;
        if (sb == sa) ++equal;
      }
      const double position = above + (equal + 1) / 2.0;
      if (position > cutoff) ++current;
      board.cluster[static_cast<size_t>(a)] = current;
      cutoff = std::max(cutoff, static_cast<double>(board.rank_bottom[static_cast<size_t>(a)]));
    }
  } else {
    // get_clusters.
    int reach = -1;
    int current = 1;
    for (int i = 0; i < s_count; ++i) {
      if (reach <= i) reach = -1;
      const int a = board.order[static_cast<size_t>(i)];
      for (int j = i + 1; j < s_count; ++j) {
        const int b = board.order[static_cast<size_t>(j)];
        if (board.p_value[static_cast<size_t>(a) * n + b] > options.alpha) {
          reach = std::max(reach, j);
        }
      }
      board.cluster[static_cast<size_t>(a)] = current;
      if (reach == -1) ++current;
    }
  }
  board.num_clusters = s_count == 0 ? 0 : board.cluster[static_cast<size_t>(board.order.back())];
  return board;
}

}  // namespace tourney
