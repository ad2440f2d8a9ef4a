#include "tourney/models/trueskill.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

#include "core/gaussian.h"

namespace tourney {
namespace {

// Below this normalized margin a tie window is so narrow that the density across it is an
// exponential tilt exp(t s) times 1 + O(e^2); the closed form of that tilt replaces the
// difference of two nearly equal CDFs.
constexpr double kNarrowDraw = 1e-5;

// Up to this many sds below 0 the tie window's mass comes from erf / erfc directly.
constexpr double kDirectLimit = 3.0;

// A tie window whose far end carries less than this share of the mass is one-sided.
constexpr double kNegligibleShare = 1e-17;

// Draw correction for t >= 0 (the caller flips v's sign for t < 0).
TruncationCorrection DrawCorrectionNonNegative(double t, double e) {
  if (e < kNarrowDraw) {
    // X = -t + s with s on [-e, e] under density ~ exp(kappa s / e), kappa = t e:
    //   E[s] = e (coth kappa - 1/kappa),  Var[s] = e^2 (1/kappa^2 - 1/sinh^2 kappa).
    const double kappa = t * e;
    double mean_s, var_s;
    if (kappa < 1e-3) {
      const double k2 = kappa * kappa;
      mean_s = e * kappa * (1.0 / 3.0 - k2 / 45.0);
      var_s = e * e * (1.0 / 3.0 - k2 / 15.0);
    } else {
      const double sh = std::sinh(kappa);  // inf beyond ~710: 1 / inf^2 = 0, as in the limit
      mean_s = e * (1.0 / std::tanh(kappa) - 1.0 / kappa);
      var_s = e * e * (1.0 / (kappa * kappa) - 1.0 / (sh * sh));
    }
    return {-t + mean_s, 1.0 - std::max(var_s, 0.0)};
  }
  // The window [l, u] = [-e - t, e - t] of the standardized difference; u is the end nearer
  // 0, and phi(l) = phi(u) r exactly with r = exp(-2 e t) since l^2 - u^2 = 4 e t.
  const double u = e - t;
  const double l = -e - t;
  const double two_et = 2.0 * e * t;
  // r and 1 - r from one transcendental: expm1 while r >= e^-0.5 (where 1 - r would cancel),
  // exp below (where r itself would).
  double r, one_minus_r;
  if (two_et < 0.5) {
    one_minus_r = -std::expm1(-two_et);
    r = 1.0 - one_minus_r;
  } else {
    r = std::exp(-two_et);
    one_minus_r = 1.0 - r;
  }
  double v, w;
  if (u >= -kDirectLimit) {
    // Z = Phi(u) - Phi(l) from erf when the window holds 0 (two terms of the same sign),
    // else from the lower-tail erfc, accurate to ~eps / (2 e |u|) relative.
    const double z = u >= 0.0 ? 0.5 * (std::erf(u * kInvSqrt2) - std::erf(l * kInvSqrt2))
                              : 0.5 * (std::erfc(-u * kInvSqrt2) - std::erfc(-l * kInvSqrt2));
    const double phi_u_over_z = NormalPdf(u) / z;
    v = -phi_u_over_z * one_minus_r;
    w = v * v + phi_u_over_z * (u + (e + t) * r);
  } else {
    // Both ends deep in the lower tail: scale by phi(u). Z / phi(u) = M(-u) - r M(-l).
    const double m_u = MillsRatio(-u);
    const double m_l = MillsRatio(-l);
    if (r * m_l <= kNegligibleShare * m_u) {
      // The far end does not matter: the one-sided truncation d <= e.
      const InverseMillsMoments m = InverseMillsRatioMoments(u);
      return {-m.lambda, m.variance_reduction};
    }
    const double zeta = m_u - r * m_l;
    v = -one_minus_r / zeta;
    w = v * v + (u - l * r) / zeta;
  }
  return {v, std::clamp(w, 0.0, 1.0)};
}

// Gaussian message in natural parameters: precision pi = 1/var, tau = mean/var. pi = 0 is
// the flat message.
struct Message {
  double pi = 0.0;
  double tau = 0.0;

  double mean() const { return pi > 0.0 ? tau / pi : 0.0; }
  double variance() const { return 1.0 / pi; }
  static Message FromMoments(double mean, double variance) {
    return {1.0 / variance, mean / variance};
  }
  Message operator*(const Message& o) const { return {pi + o.pi, tau + o.tau}; }
};

// Message of x = y + sign * z from the beliefs about y and z; flat if either is flat.
Message SumMessage(const Message& y, const Message& z, double sign) {
  if (y.pi <= 0.0 || z.pi <= 0.0) return {};
  return Message::FromMoments(y.mean() + sign * z.mean(), y.variance() + z.variance());
}

constexpr int kMaxSweeps = 200;
constexpr double kSweepTolerance = 1e-6;
// Floor on 1 - w so a truncation message never has infinite precision.
constexpr double kMinVarianceFactor = 1e-15;

bool IsFiniteNonNegative(double x) { return std::isfinite(x) && x >= 0.0; }

}  // namespace

double DrawMarginFromProbability(double p, int num_players, double beta) {
  return NormalQuantile((p + 1.0) / 2.0) * std::sqrt(static_cast<double>(num_players)) * beta;
}

TruncationCorrection WinCorrection(double t, double e) {
  const InverseMillsMoments m = InverseMillsRatioMoments(t - e);
  return {m.lambda, m.variance_reduction};
}

TruncationCorrection DrawCorrection(double t, double e) {
  if (t < 0.0) {
    const TruncationCorrection c = DrawCorrectionNonNegative(-t, e);
    return {-c.v, c.w};
  }
  return DrawCorrectionNonNegative(t, e);
}

double DrawProbability(const Rating& a, const Rating& b, double beta) {
  const double two_beta2 = 2.0 * beta * beta;
  const double c2 = two_beta2 + a.sigma * a.sigma + b.sigma * b.sigma;
  const double d = a.mu - b.mu;
  return std::sqrt(two_beta2 / c2) * std::exp(-d * d / (2.0 * c2));
}

double ModifiedDrawProbability(double mu_a, double mu_b) {
  return std::exp(-std::fabs(mu_a - mu_b));
}

StatusOr<TrueSkill> TrueSkill::Create(const TrueSkillOptions& options) {
  auto in_range = [](double x) {
    return std::isfinite(x) && std::fabs(x) <= kMaxTrueSkillParameter;
  };
  auto value = [](double x) {
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%g", x);
    return std::string(buf);
  };
  const std::string limit = value(kMaxTrueSkillParameter);
  if (!in_range(options.mu)) {
    return InvalidArgument("TrueSkill mu (" + value(options.mu) + ") must be finite, at most " +
                           limit + " in magnitude");
  }
  if (!in_range(options.sigma) || options.sigma <= 0.0) {
    return InvalidArgument("TrueSkill sigma (" + value(options.sigma) +
                           ") must be a positive number, at most " + limit);
  }
  if (!in_range(options.beta) || options.beta <= 0.0) {
    return InvalidArgument("TrueSkill beta (" + value(options.beta) +
                           ") must be a positive number, at most " + limit);
  }
  if (!in_range(options.tau) || options.tau < 0.0) {
    return InvalidArgument("TrueSkill tau (" + value(options.tau) +
                           ") must be a non-negative number, at most " + limit);
  }
  double margin;
  if (options.draw_margin.has_value()) {
    margin = *options.draw_margin;
    if (!in_range(margin) || margin < 0.0) {
      return InvalidArgument("TrueSkill draw margin (" + value(margin) +
                             ") must be a non-negative number, at most " + limit);
    }
  } else {
    const double p = options.draw_probability;
    if (!std::isfinite(p) || p < 0.0 || p >= 1.0) {
      return InvalidArgument("TrueSkill draw probability must be in [0, 1)");
    }
    margin = DrawMarginFromProbability(p, 2, options.beta);
    if (!IsFiniteNonNegative(margin)) {
      return InvalidArgument(
          "TrueSkill draw margin derived from the draw probability is not finite");
    }
  }
  return TrueSkill(options, margin);
}

void TrueSkill::Rate(Outcome outcome, Rating* first, Rating* second) const {
  if (outcome == Outcome::kSecondWins) {
    Rate(Outcome::kFirstWins, second, first);
    return;
  }
  const double tau2 = options_.tau * options_.tau;
  const double var1 = first->sigma * first->sigma + tau2;
  const double var2 = second->sigma * second->sigma + tau2;
  const double c2 = 2.0 * options_.beta * options_.beta + (var1 + var2);  // symmetric in 1, 2
  // 1/c as sqrt(c2) * (1/c2): the division runs alongside the square root.
  const double inv_c2 = 1.0 / c2;
  const double inv_c = std::sqrt(c2) * inv_c2;
  const double t = (first->mu - second->mu) * inv_c;
  const double e = draw_margin_ * inv_c;
  const TruncationCorrection k =
      outcome == Outcome::kTie ? DrawCorrection(t, e) : WinCorrection(t, e);
  first->mu += var1 * inv_c * k.v;
  second->mu -= var2 * inv_c * k.v;
  // 1 - var / c2 * w >= 1 - var / c2 > 0 because beta > 0; the max() only absorbs rounding
  // when beta is negligible next to the sigmas.
  const double w_over_c2 = k.w * inv_c2;
  first->sigma = std::sqrt(var1 * std::max(0.0, 1.0 - var1 * w_over_c2));
  second->sigma = std::sqrt(var2 * std::max(0.0, 1.0 - var2 * w_over_c2));
}

Status TrueSkill::RateFreeForAll(std::span<Rating> players, std::span<const int> ranks,
                                 int* sweeps) const {
  if (players.size() != ranks.size()) {
    return InvalidArgument("free-for-all game: " + std::to_string(players.size()) +
                           " players but " + std::to_string(ranks.size()) + " ranks");
  }
  if (sweeps) *sweeps = 0;
  const size_t k = players.size();
  if (k < 2) return Status::Ok();

  // Position j of the chain holds player order[j]; ties keep their input order.
  std::vector<size_t> order(k);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return ranks[a] < ranks[b]; });

  const double tau2 = options_.tau * options_.tau;
  const double beta2 = options_.beta * options_.beta;
  std::vector<double> skill_var(k);
  std::vector<Message> perf_prior(k);  // likelihood -> performance, from the prior alone
  for (size_t j = 0; j < k; ++j) {
    const Rating& r = players[order[j]];
    skill_var[j] = r.sigma * r.sigma + tau2;
    perf_prior[j] = Message::FromMoments(r.mu, skill_var[j] + beta2);
  }

  // Difference d_x = p_x - p_{x+1}, x = 0..n-1, with its sum factor's messages to p_x
  // (to_left) and p_{x+1} (to_right), its message down to d_x, and the truncation message.
  const size_t n = k - 1;
  std::vector<Message> to_left(n), to_right(n), down(n), trunc(n);
  std::vector<bool> is_win(n);
  for (size_t x = 0; x < n; ++x) is_win[x] = ranks[order[x]] < ranks[order[x + 1]];

  // Beliefs about p_x and p_{x+1} without sum factor x's own messages.
  auto left_cavity = [&](size_t x) {
    return x > 0 ? perf_prior[x] * to_right[x - 1] : perf_prior[x];
  };
  auto right_cavity = [&](size_t x) {
    return x + 1 < n ? perf_prior[x + 1] * to_left[x + 1] : perf_prior[x + 1];
  };
  auto send_down = [&](size_t x) { down[x] = SumMessage(left_cavity(x), right_cavity(x), -1.0); };
  // Moment-matches d_x's truncation; returns how far d_x's marginal moved, in sds.
  auto truncate = [&](size_t x) {
    const double m = down[x].mean();
    const double var = down[x].variance();
    const double c = std::sqrt(var);
    const TruncationCorrection corr = is_win[x] ? WinCorrection(m / c, draw_margin_ / c)
                                                : DrawCorrection(m / c, draw_margin_ / c);
    const double new_mean = m + c * corr.v;
    const double new_var = var * std::max(1.0 - corr.w, kMinVarianceFactor);
    const Message old_marginal = down[x] * trunc[x];
    const Message new_marginal = Message::FromMoments(new_mean, new_var);
    trunc[x] = {new_marginal.pi - down[x].pi, new_marginal.tau - down[x].tau};
    const double new_sd = std::sqrt(new_var);
    return std::max(std::fabs(old_marginal.mean() - new_mean),
                    std::fabs(std::sqrt(old_marginal.variance()) - new_sd)) /
           c;
  };
  auto send_right = [&](size_t x) { to_right[x] = SumMessage(left_cavity(x), trunc[x], -1.0); };
  auto send_left = [&](size_t x) { to_left[x] = SumMessage(right_cavity(x), trunc[x], +1.0); };

  int sweep = 0;
  while (sweep < kMaxSweeps) {
    ++sweep;
    double delta = 0.0;
    if (n == 1) {
      send_down(0);
      delta = truncate(0);
    } else {
      for (size_t x = 0; x + 1 < n; ++x) {
        send_down(x);
        delta = std::max(delta, truncate(x));
        send_right(x);
      }
      for (size_t x = n - 1; x >= 1; --x) {
        send_down(x);
        delta = std::max(delta, truncate(x));
        send_left(x);
      }
    }
    if (delta < kSweepTolerance) break;
  }
  send_left(0);
  send_right(n - 1);
  if (sweeps) *sweeps = sweep;

  for (size_t j = 0; j < k; ++j) {
    Message from_sums;
    if (j > 0) from_sums = from_sums * to_right[j - 1];
    if (j < n) from_sums = from_sums * to_left[j];
    Rating& r = players[order[j]];
    double pi = 1.0 / skill_var[j];
    double tau = r.mu * pi;
    if (from_sums.pi > 0.0) {
      // Through the likelihood factor: add beta^2 to the message's variance.
      const double a = 1.0 / (1.0 + beta2 * from_sums.pi);
      pi += a * from_sums.pi;
      tau += a * from_sums.tau;
    }
    r.mu = tau / pi;
    r.sigma = std::sqrt(1.0 / pi);
  }
  return Status::Ok();
}

}  // namespace tourney
