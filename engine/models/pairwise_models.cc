#include "tourney/models/pairwise_models.h"

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "models/plackett_luce.h"
#include "models/rao_kupper.h"
#include "models/win_rate.h"

namespace tourney {
namespace {

std::vector<SystemRating> ScoresOnly(const std::vector<double>& scores) {
  std::vector<SystemRating> out(scores.size());
  for (size_t i = 0; i < scores.size(); ++i) out[i].score = scores[i];
  return out;
}

// Log-strengths `theta` with standard errors `se` as ratings on the Elo scale: mu = theta,
// sigma = se, and the interval theta +- z se at `level` mapped to the Elo scale.
RatingResult EloRatingsWithIntervals(const std::vector<double>& theta,
                                     const std::vector<double>& se, double level,
                                     const std::string& warning) {
  const double z = boost::math::quantile(boost::math::normal(), 0.5 + level / 2.0);
  RatingResult r;
  r.ratings.resize(theta.size());
  for (size_t i = 0; i < theta.size(); ++i) {
    SystemRating& s = r.ratings[i];
    s.score = EloFromTheta(theta[i]);
    s.mu = theta[i];
    s.sigma = se[i];
    s.score_lo = EloFromTheta(theta[i] - z * se[i]);
    s.score_hi = EloFromTheta(theta[i] + z * se[i]);
  }
  if (!warning.empty()) r.warnings.push_back(warning);
  return r;
}

// For the models whose scores add up raw counts (counting, eigen, pagerank): a warning when
// the systems were compared unequally often, beyond what chance gives a balanced design
// (the spread of the per-system totals over 10% of the largest and over three Poisson
// standard deviations). Such a model then ranks by volume as well as by quality: on WMT13
// fr-en, counting puts KIT first because it has the most comparisons.
std::string UnbalancedDesignWarning(const std::string& name, const PairCounts& counts) {
  const int n = counts.num_systems();
  if (n < 2) return "";
  std::vector<int64_t> per_system(static_cast<size_t>(n), 0);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) {
      if (i != j) per_system[static_cast<size_t>(i)] += counts.total(i, j);
    }
  }
  const auto [lo, hi] = std::minmax_element(per_system.begin(), per_system.end());
  const double spread = static_cast<double>(*hi - *lo);
  const double big = static_cast<double>(*hi);
  if (*hi == 0 || spread <= std::max(0.1 * big, 3.0 * std::sqrt(big))) return "";
  return name + ": the systems were compared unequally often (" + std::to_string(*lo) + " to " +
         std::to_string(*hi) +
         " comparisons per system), and this model's scores grow with the number of "
         "comparisons, so it ranks by volume as well as by quality; expected-wins, "
         "average-win-rate and bradley-terry compare rates instead";
}

// Shared plumbing: count the comparisons, score, wrap.
class CountModel : public CountBasedModel {
 public:
  CountModel(std::string name, PairwiseModelOptions options)
      : name_(std::move(name)), options_(std::move(options)) {}
  std::string name() const override { return name_; }

  StatusOr<RatingResult> Rate(const RatingInput& input, uint64_t seed) const override {
    if (input.comparisons == nullptr) return InvalidArgument(name_ + ": no comparisons given");
    const PairCounts counts = PairCounts::FromComparisons(input.num_systems, *input.comparisons);
    return RateCounts(counts);
  }

  virtual RatingResult RateCounts(const PairCounts& counts) const {
    RatingResult r;
    r.ratings = ScoresOnly(ScoreCounts(counts));
    return r;
  }

 protected:
  const std::string name_;
  const PairwiseModelOptions options_;
};

class BradleyTerryModel final : public CountModel {
 public:
  using CountModel::CountModel;
  std::vector<double> ScoreCounts(const PairCounts& counts) const override {
    const BradleyTerryFit fit =
        FitBradleyTerry(WinMatrix(counts, options_.weights), options_.bradley_terry);
    std::vector<double> out(fit.theta.size());
    for (size_t i = 0; i < out.size(); ++i) out[i] = EloFromTheta(fit.theta[i]);
    return out;
  }
  RatingResult RateCounts(const PairCounts& counts) const override {
    const BradleyTerryFit fit =
        FitBradleyTerry(WinMatrix(counts, options_.weights), options_.bradley_terry);
    const BradleyTerryErrors se =
        BradleyTerryStandardErrors(counts, options_.weights, fit.theta, fit.prior);
    return EloRatingsWithIntervals(fit.theta, se.sandwich, options_.interval_level, fit.warning);
  }
};

class NewmanModel final : public CountModel {
 public:
  using CountModel::CountModel;
  std::vector<double> ScoreCounts(const PairCounts& counts) const override {
    return ToElo(FitNewman(counts, options_.newman).scores);
  }
  RatingResult RateCounts(const PairCounts& counts) const override {
    const NewmanFit fit = FitNewman(counts, options_.newman);
    RatingResult r;
    r.ratings = ScoresOnly(ToElo(fit.scores));
    for (size_t i = 0; i < fit.scores.size(); ++i) r.ratings[i].mu = fit.scores[i];
    if (!BradleyTerryMleExists(WinMatrix(counts, options_.weights))) {
      r.warnings.push_back(
          "newman: the maximum-likelihood estimate does not exist (a system never won or never "
          "lost, or the comparison graph is not strongly connected); such scores are floored at "
          "the tolerance and not comparable");
    }
    if (!fit.converged) {
      r.warnings.push_back("newman: no convergence after " + std::to_string(fit.iterations) +
                           " iterations");
    }
    return r;
  }

 private:
  static std::vector<double> ToElo(const std::vector<double>& pi) {
    double mean = 0.0;
    for (double p : pi) mean += std::log(p);
    mean /= std::max<size_t>(pi.size(), 1);
    std::vector<double> out(pi.size());
    for (size_t i = 0; i < pi.size(); ++i) out[i] = EloFromTheta(std::log(pi[i]) - mean);
    return out;
  }
};

class RaoKupperModel final : public CountModel {
 public:
  using CountModel::CountModel;
  std::vector<double> ScoreCounts(const PairCounts& counts) const override {
    return Scores(Fit(counts));
  }
  RatingResult RateCounts(const PairCounts& counts) const override {
    const RaoKupperFit fit = Fit(counts);
    RatingResult r;
    r.ratings = ScoresOnly(Scores(fit));
    for (size_t i = 0; i < fit.theta.size(); ++i) r.ratings[i].mu = fit.theta[i];
    if (!fit.warning.empty()) r.warnings.push_back(fit.warning);
    return r;
  }

 private:
  RaoKupperFit Fit(const PairCounts& counts) const {
    RaoKupperOptions o;
    o.tolerance = options_.bradley_terry.tolerance;
    o.max_iterations = options_.bradley_terry.max_iterations;
    o.prior = options_.bradley_terry.prior;
    return FitRaoKupper(counts, o);
  }
  static std::vector<double> Scores(const RaoKupperFit& fit) {
    std::vector<double> out(fit.theta.size());
    for (size_t i = 0; i < out.size(); ++i) out[i] = EloFromTheta(fit.theta[i]);
    return out;
  }
};

class CountingModel final : public CountModel {
 public:
  using CountModel::CountModel;
  std::vector<double> ScoreCounts(const PairCounts& counts) const override {
    return CountingScores(WinMatrix(counts, options_.weights));
  }
  RatingResult RateCounts(const PairCounts& counts) const override {
    RatingResult r = CountModel::RateCounts(counts);
    if (std::string w = UnbalancedDesignWarning(name_, counts); !w.empty()) {
      r.warnings.push_back(std::move(w));
    }
    return r;
  }
};

class AverageWinRateModel final : public CountModel {
 public:
  using CountModel::CountModel;
  std::vector<double> ScoreCounts(const PairCounts& counts) const override {
    return AverageWinRates(WinMatrix(counts, options_.weights));
  }
};

class SpectralModel final : public CountModel {
 public:
  using CountModel::CountModel;
  std::vector<double> ScoreCounts(const PairCounts& counts) const override {
    return Run(counts).vector;
  }
  RatingResult RateCounts(const PairCounts& counts) const override {
    const PowerIterationResult p = Run(counts);
    RatingResult r;
    r.ratings = ScoresOnly(p.vector);
    if (!p.converged) {
      r.warnings.push_back(name_ + ": power iteration did not converge after " +
                           std::to_string(p.iterations) + " iterations");
    }
    const bool all_zero =
        std::all_of(p.vector.begin(), p.vector.end(), [](double v) { return v == 0.0; });
    if (all_zero && !p.vector.empty()) {
      r.warnings.push_back(name_ +
                           ": the win graph has no cycle (no chain of wins leads back to a "
                           "system), so the eigenvector is zero: every score is 0 and the "
                           "order is by name only; use another model");
    }
    if (std::string w = UnbalancedDesignWarning(name_, counts); !w.empty()) {
      r.warnings.push_back(std::move(w));
    }
    return r;
  }

 private:
  PowerIterationResult Run(const PairCounts& counts) const {
    const WinMatrix m(counts, options_.weights);
    return name_ == "pagerank" ? PageRankScores(m, options_.damping, options_.power)
                               : EigenvectorScores(m, options_.power);
  }
};

class EloModel final : public RatingModel {
 public:
  explicit EloModel(EloOptions options) : options_(options) {}
  std::string name() const override { return "elo"; }
  StatusOr<RatingResult> Rate(const RatingInput& input, uint64_t seed) const override {
    if (input.comparisons == nullptr) return InvalidArgument("elo: no comparisons given");
    RatingResult r;
    r.ratings = ScoresOnly(EloRatings(input.num_systems, *input.comparisons, options_));
    for (SystemRating& s : r.ratings) s.mu = s.score;
    return r;
  }

 private:
  const EloOptions options_;
};

// Plackett-Luce on the k-way rankings when given, else on the comparisons as two-way
// rankings (what a bootstrap that resamples comparisons passes).
class PlackettLuceModel final : public RatingModel {
 public:
  explicit PlackettLuceModel(PairwiseModelOptions options) : options_(std::move(options)) {}
  std::string name() const override { return "plackett-luce"; }
  StatusOr<RatingResult> Rate(const RatingInput& input, uint64_t seed) const override {
    if (input.comparisons == nullptr) return InvalidArgument("plackett-luce: no comparisons given");
    PlackettLuceOptions o;
    o.tolerance = options_.bradley_terry.tolerance;
    o.max_iterations = options_.bradley_terry.max_iterations;
    o.prior = options_.bradley_terry.prior;
    PlackettLuceFit fit;
    if (input.judgments != nullptr && input.judgments->num_systems() == input.num_systems) {
      fit = FitPlackettLuce(*input.judgments, o);
    } else {
      Judgments pairs;
      for (int i = 0; i < input.num_systems; ++i) pairs.systems().Intern(std::to_string(i));
      const Comparisons& c = *input.comparisons;
      for (size_t k = 0; k < c.size(); ++k) {
        const SystemId systems[2] = {c.first[k], c.second[k]};
        const uint8_t ranks[2] = {
            static_cast<uint8_t>(c.outcome[k] == Outcome::kSecondWins ? 2 : 1),
            static_cast<uint8_t>(c.outcome[k] == Outcome::kFirstWins ? 2 : 1)};
        pairs.AddRanking(systems, ranks);
      }
      fit = FitPlackettLuce(pairs, o);
    }
    return EloRatingsWithIntervals(fit.theta, fit.sandwich, options_.interval_level, fit.warning);
  }

 private:
  const PairwiseModelOptions options_;
};

Status Validate(const PairwiseModelOptions& o) {
  auto bad = [](const std::string& what) { return InvalidArgument(what); };
  // Weighted counts are squared in the sandwich intervals: bounded weights keep them finite.
  if (!(o.weights.win >= 0.0 && o.weights.win <= kMaxWinWeight) ||
      !(o.weights.tie >= 0.0 && o.weights.tie <= kMaxWinWeight)) {
    return bad("win and tie weights must be in [0, 1e6]");
  }
  if (!(o.bradley_terry.prior >= 0.0) || !std::isfinite(o.bradley_terry.prior)) {
    return bad("the Bradley-Terry prior must be finite and >= 0");
  }
  if (!(o.damping >= 0.0 && o.damping <= 1.0)) return bad("damping must be in [0, 1]");
  if (!(o.interval_level > 0.0 && o.interval_level < 1.0)) {
    return bad("the interval level must be in (0, 1)");
  }
  // Every update moves a rating by at most K: bounded K and start keep the ratings finite.
  if (!(o.elo.k >= 0.0 && o.elo.k <= kMaxEloParameter) || !(o.elo.scale > 0.0) ||
      !(o.elo.base > 1.0) || !(std::fabs(o.elo.initial) <= kMaxEloParameter)) {
    return bad(
        "Elo needs 0 <= K <= 1e12, scale > 0, base > 1 and an initial rating of at "
        "most 1e12 in magnitude");
  }
  if (!(o.newman.v_init > 0.0) || !std::isfinite(o.newman.v_init)) {
    return bad("newman: v_init must be finite and > 0");
  }
  return Status::Ok();
}

}  // namespace

const std::vector<std::string>& PairwiseModelNames() {
  static const std::vector<std::string> kNames = {"bradley-terry", "newman",   "rao-kupper",
                                                  "elo",           "counting", "average-win-rate",
                                                  "eigen",         "pagerank", "plackett-luce"};
  return kNames;
}

bool IsPairwiseModelName(std::string_view name) {
  for (const std::string& n : PairwiseModelNames()) {
    if (n == name) return true;
  }
  return false;
}

StatusOr<RatingResult> RateWeightedBradleyTerry(int num_systems, const Comparisons& comparisons,
                                                std::span<const double> comparison_weights,
                                                const PairwiseModelOptions& options) {
  if (Status s = Validate(options); !s.ok()) return s;
  if (comparison_weights.size() != comparisons.size()) {
    return InvalidArgument("weights: " + std::to_string(comparison_weights.size()) +
                           " weights for " + std::to_string(comparisons.size()) + " comparisons");
  }
  for (size_t k = 0; k < comparison_weights.size(); ++k) {
    const double c = comparison_weights[k];
    if (!(c >= 0.0 && c <= kMaxWinWeight)) {
      return InvalidArgument("weights: the weight of comparison " + std::to_string(k + 1) + " is " +
                             std::to_string(c) + ", not a number in [0, 1e6]");
    }
  }
  for (size_t k = 0; k < comparisons.size(); ++k) {
    if (comparisons.first[k] < 0 || comparisons.first[k] >= num_systems ||
        comparisons.second[k] < 0 || comparisons.second[k] >= num_systems) {
      return InvalidArgument("weighted bradley-terry: comparison " + std::to_string(k + 1) +
                             " names a system id outside [0, " + std::to_string(num_systems) + ")");
    }
  }
  const BradleyTerryFit fit = FitBradleyTerry(
      WeightedWinMatrix(num_systems, comparisons, comparison_weights, options.weights),
      options.bradley_terry);
  const BradleyTerryErrors se = WeightedBradleyTerryStandardErrors(
      num_systems, comparisons, comparison_weights, options.weights, fit.theta, fit.prior);
  return EloRatingsWithIntervals(fit.theta, se.sandwich, options.interval_level, fit.warning);
}

StatusOr<std::unique_ptr<RatingModel>> MakePairwiseModel(std::string_view name,
                                                         const PairwiseModelOptions& options) {
  if (Status s = Validate(options); !s.ok()) return s;
  const std::string n(name);
  if (n == "bradley-terry") return std::unique_ptr<RatingModel>(new BradleyTerryModel(n, options));
  if (n == "rao-kupper") return std::unique_ptr<RatingModel>(new RaoKupperModel(n, options));
  if (n == "newman") return std::unique_ptr<RatingModel>(new NewmanModel(n, options));
  if (n == "plackett-luce") return std::unique_ptr<RatingModel>(new PlackettLuceModel(options));
  if (n == "elo") return std::unique_ptr<RatingModel>(new EloModel(options.elo));
  if (n == "counting") return std::unique_ptr<RatingModel>(new CountingModel(n, options));
  if (n == "average-win-rate") {
    return std::unique_ptr<RatingModel>(new AverageWinRateModel(n, options));
  }
  if (n == "eigen" || n == "pagerank") {
    return std::unique_ptr<RatingModel>(new SpectralModel(n, options));
  }
  return InvalidArgument("unknown pairwise model '" + n + "'");
}

}  // namespace tourney
