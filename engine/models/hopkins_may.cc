#include "tourney/models/hopkins_may.h"

#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <span>
#include <string>
#include <system_error>
#include <thread>

#include "core/r_hat.h"
#include "tourney/core/connectivity.h"
#include "tourney/core/fast_normal.h"
#include "tourney/core/random.h"
#include "tourney/core/truncated_normal.h"

namespace tourney {
namespace {

// All comparisons with the same outcome between the same two systems: they are
// exchangeable given the means, so each iteration treats them as one array.
struct PairGroup {
  int winner;  // S1 after orientation (the smaller id for a tie)
  int loser;
  bool tie;
  int64_t count;
};

// The comparisons as the samplers see them.
struct Problem {
  int num_systems = 0;
  std::vector<PairGroup> groups;
  std::vector<int64_t> comparisons_of;       // n_j, by system id
  std::vector<int> active;                   // systems with n_j > 0
  std::vector<std::vector<int>> components;  // active systems by comparison component
  int64_t largest_group = 0;
};

Problem BuildProblem(int num_systems, const Comparisons& comparisons) {
  Problem p;
  p.num_systems = num_systems;
  p.comparisons_of.assign(static_cast<size_t>(num_systems), 0);
  // Groups in the order of the key (winner, loser, tie flag), whatever the input order.
  auto add_group = [&p](uint64_t winner, uint64_t loser, bool tie, int64_t count) {
    p.groups.push_back(PairGroup{static_cast<int>(winner), static_cast<int>(loser), tie, count});
    p.largest_group = std::max(p.largest_group, count);
  };
  auto orient = [&](size_t i, uint64_t* a, uint64_t* b) {
    *a = comparisons.first[i];
    *b = comparisons.second[i];
    const Outcome o = comparisons.outcome[i];
    ++p.comparisons_of[*a];
    ++p.comparisons_of[*b];
    if (o == Outcome::kSecondWins) std::swap(*a, *b);
    if (o == Outcome::kTie && *a > *b) std::swap(*a, *b);
    return o == Outcome::kTie;
  };
  const uint64_t n = static_cast<uint64_t>(num_systems);
  if (n <= 256) {
    // Few systems: count into a (winner, loser, tie) table, O(C + n^2), no sort.
    std::vector<int64_t> table(2 * n * n, 0);
    for (size_t i = 0; i < comparisons.size(); ++i) {
      uint64_t a, b;
      const bool tie = orient(i, &a, &b);
      ++table[(a * n + b) * 2 + (tie ? 1 : 0)];
    }
    for (uint64_t k = 0; k < table.size(); ++k) {
      if (table[k] > 0) add_group(k / 2 / n, k / 2 % n, (k & 1) != 0, table[k]);
    }
  } else {
    std::vector<uint64_t> keys;
    keys.reserve(comparisons.size());
    for (size_t i = 0; i < comparisons.size(); ++i) {
      uint64_t a, b;
      const bool tie = orient(i, &a, &b);
      keys.push_back((a << 33) | (b << 1) | (tie ? 1 : 0));
    }
    std::sort(keys.begin(), keys.end());
    for (size_t i = 0; i < keys.size();) {
      size_t j = i;
      while (j < keys.size() && keys[j] == keys[i]) ++j;
      add_group(keys[i] >> 33, (keys[i] >> 1) & 0xffffffffULL, (keys[i] & 1) != 0,
                static_cast<int64_t>(j - i));
      i = j;
    }
  }
  for (int s = 0; s < num_systems; ++s) {
    if (p.comparisons_of[s] > 0) p.active.push_back(s);
  }
  int num_components = 0;
  const std::vector<int> component =
      ComparisonComponents(num_systems, comparisons, &num_components);
  p.components.resize(static_cast<size_t>(num_components));
  for (int s : p.active) p.components[component[s]].push_back(s);
  std::erase_if(p.components, [](const std::vector<int>& c) { return c.empty(); });
  return p;
}

// What one chain contributes: moments of its centred kept draws, by system id.
struct ChainSummary {
  std::vector<SequenceMoments> first_half, second_half, all;
};

// Groups of at least this many comparisons have the paper sampler's corrected sum drawn
// from its exact mean and variance instead of term by term (see PaperIteration).
constexpr int64_t kExactGroup = 64;

// Mean and variance of c(x) = clamp(x, a, b) for x ~ N(0, 1); a < b, a may be -inf only when
// b is finite and b may be +inf.
struct CensoredMoments {
  double mean;
  double variance;
};

CensoredMoments CensoredNormalMoments(double a, double b) {
  constexpr double kInvSqrt2 = 0.70710678118654752440;
  constexpr double kInvSqrt2Pi = 0.39894228040143267794;
  const auto pdf = [&](double x) {
    return std::isfinite(x) ? kInvSqrt2Pi * std::exp(-0.5 * x * x) : 0.0;
  };
  // Phi(x) and 1 - Phi(x), each accurate in its own tail.
  const auto cdf = [&](double x) { return 0.5 * std::erfc(-x * kInvSqrt2); };
  const auto sf = [&](double x) { return 0.5 * std::erfc(x * kInvSqrt2); };
  const double pa = pdf(a), pb = pdf(b);
  const double below = std::isfinite(a) ? cdf(a) : 0.0;  // P(x < a): c = a
  const double above = std::isfinite(b) ? sf(b) : 0.0;   // P(x > b): c = b
  const double inside = std::max(0.0, 1.0 - below - above);
  // E[x; a<x<b] = pa - pb;  E[x^2; a<x<b] = inside + a pa - b pb (with x pdf(x) = 0 at inf).
  const double a_term = std::isfinite(a) ? a : 0.0, b_term = std::isfinite(b) ? b : 0.0;
  const double mean = a_term * below + b_term * above + (pa - pb);
  const double second =
      a_term * a_term * below + b_term * b_term * above + inside + a_term * pa - b_term * pb;
  return {mean, std::max(0.0, second - mean * mean)};
}

// One chain of either sampler.
class Chain {
 public:
  Chain(const Problem& problem, const HopkinsMayOptions& options, uint64_t seed)
      : p_(problem),
        o_(options),
        rng_(seed),
        tau2_(options.sigma_a * options.sigma_a + options.sigma_obs * options.sigma_obs),
        mu_(Eigen::ArrayXd::Zero(problem.num_systems)),
        sums_(Eigen::ArrayXd::Zero(problem.num_systems)) {
    if (o_.sampler == HopkinsMaySampler::kPaper) {
      draws_.resize(static_cast<size_t>(std::min<int64_t>(problem.largest_group, kExactGroup)));
    }
  }

  ChainSummary Run() {
    const size_t n = static_cast<size_t>(p_.num_systems);
    ChainSummary out{std::vector<SequenceMoments>(n), std::vector<SequenceMoments>(n),
                     std::vector<SequenceMoments>(n)};
    // Systems without comparisons are never sampled and stay at 0.
    for (int s : p_.active) mu_[s] = o_.init_sd * rng_.Normal();
    const double start_level = ActiveMean();
    for (int s : p_.active) mu_[s] -= start_level;
    const int64_t kept = o_.iterations - o_.burn_in;
    const int64_t half = kept / 2;
    for (int it = 0; it < o_.iterations; ++it) {
      if (o_.sampler == HopkinsMaySampler::kPaper) {
        PaperIteration();
      } else {
        ExactIteration();
      }
      const int64_t k = it - o_.burn_in;
      if (k < 0) continue;
      const double level = ActiveMean();
      for (int s : p_.active) {
        const double x = mu_[s] - level;
        out.all[s].Add(x);
        if (k < half) out.first_half[s].Add(x);
        if (k >= kept - half) out.second_half[s].Add(x);
      }
    }
    return out;
  }

 private:
  double ActiveMean() const {
    double total = 0.0;
    for (int s : p_.active) total += mu_[s];
    return p_.active.empty() ? 0.0 : total / static_cast<double>(p_.active.size());
  }

  // §2.2: draw q1, q2 per comparison, correct them to respect the judgment, and set each
  // mean to the average of its corrected q.
  //
  // For a group of m comparisons of winner w and loser l (gap g = mu_w - mu_l) write
  // q1 = mu_w + (u + v)/2 and q2 = mu_l + (u - v)/2, where t = q1 - q2 = g + v and
  // u = (q1 - mu_w) + (q2 - mu_l) are independent N(0, 2 tau^2). The correction moves only
  // t, onto c(t) = max(t, d) for a win or clamp(t, -d, d) for a tie, so the corrected sums
  // are
  //   sum q1' = m mu_w + U/2 + S,   sum q2' = m mu_l + U/2 - S,   S = sum (c(t_k) - g)/2,
  // with U = sum u_k ~ N(0, 2 m tau^2) independent of S: one normal per group. S is a sum of
  // m iid censored normals. Below kExactGroup comparisons it is drawn term by term (one
  // normal each); above, from the normal with its exact mean and variance (CensoredMoments).
  void PaperIteration() {
    const double d = o_.radius;
    const double s = std::sqrt(2.0 * tau2_);  // sd of t and of u
    sums_.setZero();
    for (const PairGroup& g : p_.groups) {
      const double mu1 = mu_[g.winner], mu2 = mu_[g.loser];
      const double gap = mu1 - mu2;
      const double lo = g.tie ? -d : d;
      const double hi = g.tie ? d : std::numeric_limits<double>::infinity();
      const double md = static_cast<double>(g.count);
      double shift;  // S
      if (g.count < kExactGroup) {
        const Eigen::Index m = g.count;
        normal_.Fill(rng_, std::span<double>(draws_.data(), static_cast<size_t>(m)));
        const Eigen::Map<const Eigen::ArrayXd> z(draws_.data(), m);
        shift = 0.5 * (((gap + s * z).max(lo).min(hi)).sum() - md * gap);
      } else {
        const CensoredMoments c = CensoredNormalMoments((lo - gap) / s, (hi - gap) / s);
        shift = 0.5 * s * (md * c.mean + std::sqrt(md * c.variance) * normal_(rng_));
      }
      const double half_u = 0.5 * s * std::sqrt(md) * normal_(rng_);
      sums_[g.winner] += md * mu1 + half_u + shift;
      sums_[g.loser] += md * mu2 + half_u - shift;
    }
    for (int a : p_.active) {
      mu_[a] = sums_[a] / static_cast<double>(p_.comparisons_of[a]);
    }
  }

  // One Gibbs sweep of the posterior: latents | means, means | latents, level | rest.
  void ExactIteration() {
    const double d = o_.radius;
    const double sd_pair = std::sqrt(2.0 * tau2_);  // sd of q1 - q2 and of q1 + q2
    constexpr double kInf = std::numeric_limits<double>::infinity();
    sums_.setZero();
    for (const PairGroup& g : p_.groups) {
      const double mu1 = mu_[g.winner], mu2 = mu_[g.loser];
      const double gap = mu1 - mu2;
      const double lo = g.tie ? -d : d;
      const double hi = g.tie ? d : kInf;
      const TruncatedStandardNormal standard((lo - gap) / sd_pair, (hi - gap) / sd_pair);
      // Every t_k = gap + sd_pair * x_k lies in the outcome's region because x_k does.
      const double t_sum =
          static_cast<double>(g.count) * gap + sd_pair * standard.Sum(rng_, g.count);
      const double md = static_cast<double>(g.count);
      // The sum of the untruncated s = q1 + q2 over the group, in one draw.
      const double s_sum = md * (mu1 + mu2) + sd_pair * std::sqrt(md) * normal_(rng_);
      sums_[g.winner] += 0.5 * (s_sum + t_sum);
      sums_[g.loser] += 0.5 * (s_sum - t_sum);
    }
    const double prior_precision = 1.0 / (o_.prior_sd * o_.prior_sd);
    for (int s : p_.active) {
      const double precision = prior_precision + static_cast<double>(p_.comparisons_of[s]) / tau2_;
      mu_[s] = sums_[s] / tau2_ / precision + normal_(rng_) / std::sqrt(precision);
    }
    for (const std::vector<int>& component : p_.components) {
      double total = 0.0;
      for (int s : component) total += mu_[s];
      const double size = static_cast<double>(component.size());
      const double shift = -total / size + o_.prior_sd / std::sqrt(size) * normal_(rng_);
      for (int s : component) mu_[s] += shift;
    }
  }

  const Problem& p_;
  const HopkinsMayOptions& o_;
  Rng rng_;
  const FastNormal normal_;
  const double tau2_;
  Eigen::ArrayXd mu_;
  Eigen::ArrayXd sums_;
  std::vector<double> draws_;
};

Status CheckRange(const char* name, double value, double lo, double hi, bool lo_open) {
  const bool ok = std::isfinite(value) && (lo_open ? value > lo : value >= lo) && value <= hi;
  if (ok) return Status::Ok();
  char buf[160];
  std::snprintf(buf, sizeof buf, "Hopkins-May option %s = %g is outside %s%g, %g]", name, value,
                lo_open ? "(" : "[", lo, hi);
  return InvalidArgument(buf);
}

std::string SystemLabel(const RatingInput& input, int id) {
  if (input.system_names != nullptr && static_cast<size_t>(id) < input.system_names->size()) {
    return (*input.system_names)[static_cast<size_t>(id)];
  }
  if (input.judgments != nullptr && id < input.judgments->num_systems()) {
    return input.judgments->systems().Name(id);
  }
  return "system " + std::to_string(id);
}

class HopkinsMayModel final : public RatingModel {
 public:
  explicit HopkinsMayModel(const HopkinsMayOptions& options) : options_(options) {}

  std::string name() const override { return "hopkins-may"; }

  StatusOr<RatingResult> Rate(const RatingInput& input, uint64_t seed) const override {
    if (input.comparisons == nullptr) return InvalidArgument("no comparisons to rate");
    HopkinsMayOptions o = options_;
    const bool adapt = o.adaptive && !input.bootstrap_replicate;
    // A replicate's spread comes from the resampling; one chain keeps it cheap.
    if (input.bootstrap_replicate) o.chains = 1;
    const double target = adapt ? o.target_r_hat : kRHatWarningThreshold;
    StatusOr<HopkinsMayFit> fit = FitHopkinsMay(input.num_systems, *input.comparisons, o, seed);
    while (adapt && fit.ok() && o.iterations < o.max_iterations &&
           *std::max_element(fit->r_hat.begin(), fit->r_hat.end()) >= target) {
      const int64_t doubled = std::min<int64_t>(2 * int64_t{o.iterations}, o.max_iterations);
      o.iterations = static_cast<int>(doubled);
      o.burn_in = o.iterations / 2;
      fit = FitHopkinsMay(input.num_systems, *input.comparisons, o, seed);
    }
    if (!fit.ok()) return fit.status();
    RatingResult result;
    result.ratings.resize(static_cast<size_t>(input.num_systems));
    int uncompared = 0;
    std::vector<int> unconverged;
    for (int s = 0; s < input.num_systems; ++s) {
      SystemRating& r = result.ratings[s];
      r.score = r.mu = fit->mean[s];
      r.sigma = fit->sd[s];
      r.r_hat = fit->r_hat[s];
      if (!fit->compared[s]) ++uncompared;
      if (r.r_hat >= target) unconverged.push_back(s);
    }
    // Replicates stay silent about convergence: the full-data fit speaks for the model.
    if (!unconverged.empty() && !input.bootstrap_replicate) {
      std::sort(unconverged.begin(), unconverged.end(),
                [&](int a, int b) { return result.ratings[a].r_hat > result.ratings[b].r_hat; });
      std::string list;
      for (int s : unconverged) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", result.ratings[s].r_hat);
        list += (list.empty() ? "" : ", ") + SystemLabel(input, s) + " (" + buf + ")";
      }
      char target_text[32];
      std::snprintf(target_text, sizeof target_text, "%.2f", target);
      result.warnings.push_back(
          "the Hopkins-May sampler has not converged after " + std::to_string(o.iterations) +
          " iterations x " + std::to_string(o.chains) + " chain(s) (split-R-hat >= " + target_text +
          "; raise --max-iterations or --chains) for: " + list);
    }
    if (uncompared > 0) {
      result.warnings.push_back(std::to_string(uncompared) +
                                " system(s) have no comparisons; their Hopkins-May score "
                                "is 0 and carries no information");
    }
    return result;
  }

 private:
  const HopkinsMayOptions options_;
};

}  // namespace

HopkinsMayOptions PaperHopkinsMayOptions() {
  HopkinsMayOptions o;
  o.iterations = 200;
  o.burn_in = 50;
  o.chains = 1;
  o.adaptive = false;
  return o;
}

StatusOr<HopkinsMaySampler> ParseHopkinsMaySampler(std::string_view name) {
  if (name == "paper") return HopkinsMaySampler::kPaper;
  if (name == "exact") return HopkinsMaySampler::kExact;
  return InvalidArgument("unknown Hopkins-May sampler '" + std::string(name) +
                         "' (expected paper or exact)");
}

Status ValidateHopkinsMayOptions(const HopkinsMayOptions& o) {
  if (o.sampler != HopkinsMaySampler::kPaper && o.sampler != HopkinsMaySampler::kExact) {
    return InvalidArgument("unknown Hopkins-May sampler");
  }
  if (o.iterations < 1 || o.iterations > 10'000'000) {
    return InvalidArgument("Hopkins-May iterations = " + std::to_string(o.iterations) +
                           " is outside 1..10000000");
  }
  if (o.adaptive && (o.max_iterations < o.iterations || o.max_iterations > 10'000'000)) {
    return InvalidArgument("Hopkins-May max iterations = " + std::to_string(o.max_iterations) +
                           " must be in " + std::to_string(o.iterations) + "..10000000");
  }
  if (o.adaptive && !(o.target_r_hat > 1.0 && o.target_r_hat <= 2.0)) {
    return InvalidArgument("Hopkins-May target split-R-hat must be in (1, 2]");
  }
  if (o.burn_in < 0 || o.burn_in >= o.iterations) {
    return InvalidArgument("Hopkins-May burn-in = " + std::to_string(o.burn_in) +
                           " must be in 0.." + std::to_string(o.iterations - 1) +
                           " (fewer than the iterations)");
  }
  if (o.chains < 1 || o.chains > 1024) {
    return InvalidArgument("Hopkins-May chains = " + std::to_string(o.chains) +
                           " is outside 1..1024");
  }
  if (o.threads < 0) return InvalidArgument("Hopkins-May threads must be >= 0");
  for (Status s : {CheckRange("sigma-a", o.sigma_a, 0.0, 1e6, false),
                   CheckRange("sigma-obs", o.sigma_obs, 0.0, 1e6, false),
                   CheckRange("radius", o.radius, 0.0, 1e6, true),
                   CheckRange("init-sd", o.init_sd, 0.0, 1e6, false),
                   CheckRange("prior-sd", o.prior_sd, 1e-3, 1e6, false)}) {
    if (!s.ok()) return s;
  }
  if (std::hypot(o.sigma_a, o.sigma_obs) < 1e-6) {
    return InvalidArgument(
        "Hopkins-May noise is zero: sigma-a and sigma-obs cannot both be (nearly) 0");
  }
  return Status::Ok();
}

StatusOr<HopkinsMayFit> FitHopkinsMay(int num_systems, const Comparisons& comparisons,
                                      const HopkinsMayOptions& options, uint64_t seed) {
  if (Status s = ValidateHopkinsMayOptions(options); !s.ok()) return s;
  if (num_systems < 1) return InvalidArgument("Hopkins-May needs at least one system");
  if (num_systems > (1 << 30)) return InvalidArgument("too many systems for Hopkins-May");
  for (size_t i = 0; i < comparisons.size(); ++i) {
    const SystemId a = comparisons.first[i], b = comparisons.second[i];
    if (a >= static_cast<SystemId>(num_systems) || b >= static_cast<SystemId>(num_systems)) {
      return InvalidArgument("comparison " + std::to_string(i) + " names a system id outside 0.." +
                             std::to_string(num_systems - 1));
    }
    if (a == b) {
      return InvalidArgument("comparison " + std::to_string(i) + " compares system " +
                             std::to_string(a) + " with itself");
    }
    if (static_cast<uint8_t>(comparisons.outcome[i]) > static_cast<uint8_t>(Outcome::kTie)) {
      return InvalidArgument("comparison " + std::to_string(i) + " has an unknown outcome");
    }
  }
  const Problem problem = BuildProblem(num_systems, comparisons);

  // Chains are independent and each writes only its own slot, so the pooled result does
  // not depend on which thread ran which chain or when.
  const int chains = options.chains;
  std::vector<ChainSummary> summaries(static_cast<size_t>(chains));
  const auto run_chains = [&](int worker, int workers) {
    for (int c = worker; c < chains; c += workers) {
      summaries[c] = Chain(problem, options, DeriveSeed(seed, static_cast<uint64_t>(c))).Run();
    }
  };
  int workers = options.threads > 0
                    ? options.threads
                    : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  workers = std::min(workers, chains);
  std::vector<std::thread> threads;
  std::vector<int> unstarted;
  for (int w = 1; w < workers; ++w) {
    try {
      threads.emplace_back(run_chains, w, workers);
    } catch (const std::system_error&) {
      unstarted.push_back(w);  // no thread available: run its chains here instead
    }
  }
  run_chains(0, workers);
  for (int w : unstarted) run_chains(w, workers);
  for (std::thread& t : threads) t.join();

  HopkinsMayFit fit;
  const size_t n = static_cast<size_t>(num_systems);
  fit.mean.assign(n, 0.0);
  fit.sd.assign(n, 0.0);
  fit.r_hat.assign(n, 0.0);
  fit.compared.assign(n, false);
  fit.kept_per_chain = options.iterations - options.burn_in;
  std::vector<SequenceMoments> halves;
  for (int s : problem.active) {
    fit.compared[s] = true;
    SequenceMoments pooled;
    halves.clear();
    for (const ChainSummary& chain : summaries) {
      pooled.Merge(chain.all[s]);
      halves.push_back(chain.first_half[s]);
      halves.push_back(chain.second_half[s]);
    }
    fit.mean[s] = pooled.mean;
    fit.sd[s] = std::sqrt(pooled.variance());
    if (fit.kept_per_chain >= 4) {
      auto r_hat = RHat(halves);
      if (r_hat.ok()) fit.r_hat[s] = *r_hat;
    }
  }
  return fit;
}

std::unique_ptr<RatingModel> MakeHopkinsMayModel(const HopkinsMayOptions& options) {
  return std::make_unique<HopkinsMayModel>(options);
}

}  // namespace tourney
