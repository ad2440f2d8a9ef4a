// tourney's board of scored screens (see tourney/sequential/contrastive_board.h).
#include "tourney/sequential/contrastive_board.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <boost/math/distributions/students_t.hpp>
#include <boost/math/policies/policy.hpp>

#include "tourney/core/win_matrix.h"
#include "tourney/models/bradley_terry.h"
#include "tourney/models/scored_pairs.h"
#include "tourney/sequential/confidence_sequence.h"

namespace tourney {
namespace contrastive_board_detail {


using ScreenTPolicy = boost::math::policies::policy<
    boost::math::policies::domain_error<boost::math::policies::ignore_error>,
    boost::math::policies::overflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::evaluation_error<boost::math::policies::ignore_error>>;

double ScreenPairTwoSidedP(double t, double df) {
  const boost::math::students_t_distribution<double, ScreenTPolicy> dist(df);
  const double p = 2.0 * boost::math::cdf(boost::math::complement(dist, std::fabs(t)));
  return std::isfinite(p) ? std::clamp(p, 0.0, 1.0) : 1.0;
}


// Running sums of one pair's differences in submission order.
struct ScreenPairStream {
  int64_t n = 0;
  double sum = 0.0;
  double sum_sq = 0.0;
  std::vector<double> x;  // (d + R) / (2R), submission order
};

// The confidence sequence of one pair's observations at level `alpha`.
BoundedMeanSequence PairSequence(const std::vector<double>& x, double alpha) {
  BoundedMeanSequence sequence;
  const double log_term = BoundedMeanSequence::LogTerm(alpha);
  for (double v : x) sequence.Add(v, log_term);
  return sequence;
}

// The radius of the asymptotic confidence sequence (Waudby-Smith, Arbour, Sinha, Kennedy &
// Ramdas 2024, Gaussian-mixture boundary, two-sided) after t observations of standard
// deviation sd, at level alpha, tuned for `tuned_for` observations.
double AsymptoticRadius(double sd, int64_t t, double alpha, double tuned_for) {
  const double l = -2.0 * std::log(alpha);
  const double rho2 = (l + std::log(l + 1.0)) / tuned_for;
  const double tt = static_cast<double>(t);
  return sd * std::sqrt(2.0 * (tt * rho2 + 1.0) / (tt * tt * rho2) *
                        std::log(std::sqrt(tt * rho2 + 1.0) / alpha));
}

// Holm's adjusted p-values (Holm 1979), same order as `p`.
std::vector<double> BoardHolmAdjust(const std::vector<double>& p) {
  const size_t m = p.size();
  std::vector<size_t> order(m);
  for (size_t i = 0; i < m; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return p[a] < p[b]; });
  std::vector<double> adjusted(m, 1.0);
  double running = 0.0;
  for (size_t i = 0; i < m; ++i) {
    running = std::max(running, std::min(1.0, static_cast<double>(m - i) *
                                                  std::clamp(p[order[i]], 0.0, 1.0)));
    adjusted[order[i]] = running;
  }
  return adjusted;
}

// The boundary rule: per position of `order`, its 1-based cluster, a boundary after rank r
// when every system above beats every system below (beats[a * n + b]).
std::vector<int> BoardClusters(const std::vector<int>& order,
                               const std::vector<unsigned char>& beats, int n) {
  std::vector<int> cluster(order.size(), 1);
  int current = 1;
  for (size_t boundary = 1; boundary < order.size(); ++boundary) {
    bool separates = true;
    for (size_t a = 0; a < boundary && separates; ++a) {
      for (size_t b = boundary; b < order.size() && separates; ++b) {
        separates = beats[static_cast<size_t>(order[a]) * n + order[b]] != 0;
      }
    }
    if (separates) ++current;
    cluster[boundary] = current;
  }
  return cluster;
}

}  // namespace contrastive_board_detail

StatusOr<CesaBoard> ScoreContrastiveScreens(const ContrastiveScreens& screens,
                                            const CesaOptions& options) {
  using contrastive_board_detail::ScreenPairStream;
  using contrastive_board_detail::BoardClusters;
  using contrastive_board_detail::BoardHolmAdjust;
  if (!(options.alpha > 0.0 && options.alpha < 1.0)) {
    return InvalidArgument("cesa board: alpha must be strictly between 0 and 1");
  }
  if (Status s = CheckContrastiveScreens(screens); !s.ok()) return s;
  const int n = static_cast<int>(screens.systems.size());
  const double range = screens.score_max - screens.score_min;
  CesaBoard board;
  board.systems.assign(n, CesaSystem{});
  std::vector<double> sums(n, 0.0);
  std::vector<ScreenPairStream> streams(static_cast<size_t>(n) * n);
  std::vector<double> soft_wins(static_cast<size_t>(n) * n, 0.0);
  // One observation per pair and group: a group is a run of consecutive screens with the
  // same screen id and annotator (a document screen: one per segment); its observation is
  // the mean of the pair's differences over the group's segments.
  std::vector<double> group_sum(static_cast<size_t>(n) * n, 0.0);
  std::vector<int> group_count(static_cast<size_t>(n) * n, 0);
  std::vector<size_t> touched;
  auto flush = [&] {
    for (size_t cell : touched) {
      const double d = group_sum[cell] / group_count[cell];
      ScreenPairStream& stream = streams[cell];
      ++stream.n;
      stream.sum += d;
      stream.sum_sq += d * d;
      stream.x.push_back((d + range) / (2.0 * range));
      group_sum[cell] = 0.0;
      group_count[cell] = 0;
    }
    touched.clear();
  };
  board.screens = 0;
  for (size_t k = 0; k < screens.screens.size(); ++k) {
    const ContrastiveScreen& screen = screens.screens[k];
    if (k == 0 || screen.screen_id != screens.screens[k - 1].screen_id ||
        screen.annotator != screens.screens[k - 1].annotator) {
      flush();
      ++board.screens;
    }
    for (const ScreenAnswer& answer : screen.answers) {
      ++board.systems[answer.system].answers;
      sums[answer.system] += answer.score;
    }
    for (size_t i = 0; i < screen.answers.size(); ++i) {
      for (size_t j = 0; j < screen.answers.size(); ++j) {
        const ScreenAnswer& x = screen.answers[i];
        const ScreenAnswer& y = screen.answers[j];
        if (x.system >= y.system) continue;
        const size_t cell = static_cast<size_t>(x.system) * n + y.system;
        if (group_count[cell] == 0) touched.push_back(cell);
        group_sum[cell] += x.score - y.score;  // lower id minus higher id
        ++group_count[cell];
        const double w = ScoredPairOutcome(x.score, y.score, range);
        soft_wins[cell] += w;
        soft_wins[static_cast<size_t>(y.system) * n + x.system] += 1.0 - w;
      }
    }
  }
  flush();
  for (int s = 0; s < n; ++s) {
    CesaSystem& sys = board.systems[s];
    if (sys.answers > 0) {
      sys.mean = sums[s] / static_cast<double>(sys.answers);
      board.order.push_back(s);
    }
  }
  std::stable_sort(board.order.begin(), board.order.end(), [&](int a, int b) {
    return board.systems[a].mean > board.systems[b].mean;
  });
  // The scored-pair Bradley-Terry view over the systems with answers.
  const BradleyTerryFit fit = FitBradleyTerry(WinMatrix(n, soft_wins), BradleyTerryOptions{});
  if (static_cast<int>(fit.theta.size()) == n) {
    for (int s = 0; s < n; ++s) board.systems[s].bt_theta = fit.theta[s];
  }

  std::vector<double> p_values;
  std::vector<int> scored(board.order);
  std::sort(scored.begin(), scored.end());
  for (size_t i = 0; i < scored.size(); ++i) {
    for (size_t j = i + 1; j < scored.size(); ++j) {
      const int a = scored[i];
      const int b = scored[j];
      const ScreenPairStream& stream = streams[static_cast<size_t>(a) * n + b];
      CesaPair pair;
      pair.a = a;
      pair.b = b;
      pair.screens = stream.n;
      pair.anytime_lo = -range;
      pair.anytime_hi = range;
      if (stream.n > 0) {
        const double m = stream.sum / static_cast<double>(stream.n);
        pair.mean_difference = m;
        if (stream.n >= 2) {
          const double var = (stream.sum_sq - stream.n * m * m) / static_cast<double>(stream.n - 1);
          if (var > 0.0) {
            const double t = m / std::sqrt(var / static_cast<double>(stream.n));
            pair.p_value = contrastive_board_detail::ScreenPairTwoSidedP(
                t, static_cast<double>(stream.n - 1));
          }
        }
      }
      p_values.push_back(pair.p_value);
      board.pairs.push_back(pair);
    }
  }
  // Holm's step-down over the anytime sequences: with r pairs still open, every open pair's
  // sequence at alpha / r; a pair whose sequence excludes 1/2 is separated and closes.
  // Closed testing with Bonferroni's local tests, each valid at any stopping time.
  {
    const size_t m = board.pairs.size();
    std::vector<unsigned char> open(m, 1);
    size_t remaining = m;
    while (remaining > 0) {
      const double level = options.alpha / static_cast<double>(remaining);
      size_t closed = 0;
      for (size_t i = 0; i < m; ++i) {
        if (!open[i]) continue;
        CesaPair& pair = board.pairs[i];
        const ScreenPairStream& stream = streams[static_cast<size_t>(pair.a) * n + pair.b];
        if (options.exact) {
          const BoundedMeanSequence sequence =
              contrastive_board_detail::PairSequence(stream.x, level);
          pair.anytime_lo = sequence.lo() * 2.0 * range - range;
          pair.anytime_hi = sequence.hi() * 2.0 * range - range;
        } else if (stream.n >= std::max<int64_t>(2, options.min_screens)) {
          const double m = stream.sum / static_cast<double>(stream.n);
          const double var = std::max(
              0.0, (stream.sum_sq - stream.n * m * m) / static_cast<double>(stream.n - 1));
          const double radius = contrastive_board_detail::AsymptoticRadius(
              std::sqrt(var), stream.n, level, options.tuned_for);
          pair.anytime_lo = std::max(-range, m - radius);
          pair.anytime_hi = std::min(range, m + radius);
          if (var == 0.0) pair.anytime_lo = pair.anytime_hi = m;
        }
        if (options.exact || stream.n >= std::max<int64_t>(2, options.min_screens)) {
          if (pair.anytime_lo > 0.0) pair.anytime_winner = pair.a;
          if (pair.anytime_hi < 0.0) pair.anytime_winner = pair.b;
        }
        if (pair.anytime_winner >= 0) {
          open[i] = 0;
          ++closed;
        }
      }
      if (closed == 0) break;
      remaining -= closed;
    }
  }
  // Holm over every pair of scored systems, those never shown together included (p = 1).
  const std::vector<double> adjusted = BoardHolmAdjust(p_values);
  std::vector<unsigned char> holm_beats(static_cast<size_t>(n) * n, 0);
  std::vector<unsigned char> anytime_beats(static_cast<size_t>(n) * n, 0);
  for (size_t i = 0; i < board.pairs.size(); ++i) {
    CesaPair& pair = board.pairs[i];
    pair.p_holm = adjusted[i];
    if (pair.p_holm < options.alpha && pair.mean_difference != 0.0) {
      pair.holm_winner = pair.mean_difference > 0.0 ? pair.a : pair.b;
    }
    if (pair.holm_winner >= 0) {
      const int loser = pair.holm_winner == pair.a ? pair.b : pair.a;
      holm_beats[static_cast<size_t>(pair.holm_winner) * n + loser] = 1;
    }
    if (pair.anytime_winner >= 0) {
      const int loser = pair.anytime_winner == pair.a ? pair.b : pair.a;
      anytime_beats[static_cast<size_t>(pair.anytime_winner) * n + loser] = 1;
    }
  }
  board.cluster.assign(n, 0);
  board.holm_cluster.assign(n, 0);
  if (!board.order.empty()) {
    const std::vector<int> anytime = BoardClusters(board.order, anytime_beats, n);
    const std::vector<int> holm = BoardClusters(board.order, holm_beats, n);
    for (size_t r = 0; r < board.order.size(); ++r) {
      board.cluster[board.order[r]] = anytime[r];
      board.holm_cluster[board.order[r]] = holm[r];
    }
    board.num_clusters = anytime.back();
    board.num_holm_clusters = holm.back();
  }
  return board;
}

}  // namespace tourney
