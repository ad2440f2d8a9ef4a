#include "tourney/models/hopkins_may.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "core/r_hat.h"
#include "test_util.h"
#include "tourney/core/pair_counts.h"
#include "tourney/experiments/simulate.h"
#include "tourney/ingest/csv_reader.h"
#include "tourney/models/expected_wins.h"

namespace tourney {
namespace {

// Kendall's tau-a between two score vectors (pairs tied in either count as neither).
double KendallTau(const std::vector<double>& x, const std::vector<double>& y) {
  int64_t concordant = 0, discordant = 0, pairs = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    for (size_t j = i + 1; j < x.size(); ++j) {
      const double s = (x[i] - x[j]) * (y[i] - y[j]);
      concordant += s > 0;
      discordant += s < 0;
      ++pairs;
    }
  }
  return static_cast<double>(concordant - discordant) / static_cast<double>(pairs);
}

HopkinsMayOptions WithSampler(HopkinsMaySampler sampler) {
  HopkinsMayOptions o;
  o.sampler = sampler;
  return o;
}

const SimulatedCampaign& SevenSystems() {
  static const SimulatedCampaign* const campaign = [] {
    CampaignOptions o;
    o.systems = 7;
    o.rankings = 3000;
    o.seed = 1;
    return new SimulatedCampaign(std::move(SimulateCampaign(o).value()));
  }();
  return *campaign;
}

class BothSamplers : public ::testing::TestWithParam<HopkinsMaySampler> {};
INSTANTIATE_TEST_SUITE_P(HopkinsMay, BothSamplers,
                         ::testing::Values(HopkinsMaySampler::kPaper, HopkinsMaySampler::kExact),
                         [](const auto& info) {
                           return info.param == HopkinsMaySampler::kPaper ? "Paper" : "Exact";
                         });

TEST_P(BothSamplers, RecoversTrueOrderOfSimulatedCampaign) {
  const SimulatedCampaign& c = SevenSystems();
  auto fit = FitHopkinsMay(7, c.judgments.comparisons(), WithSampler(GetParam()), 3);
  ASSERT_TRUE(fit.ok()) << fit.status().message();
  EXPECT_GE(KendallTau(fit->mean, c.quality), 0.9);
  double centre = 0.0;
  for (int s = 0; s < 7; ++s) {
    EXPECT_GT(fit->sd[s], 0.0);
    EXPECT_TRUE(fit->compared[s]);
    centre += fit->mean[s];
  }
  EXPECT_NEAR(centre, 0.0, 1e-9);  // centred draws
}

TEST_P(BothSamplers, SameSeedSameFitWhateverTheThreads) {
  const Comparisons& c = SevenSystems().judgments.comparisons();
  HopkinsMayOptions o = WithSampler(GetParam());
  o.iterations = 60;
  o.burn_in = 20;
  o.chains = 4;
  o.threads = 1;
  auto serial = FitHopkinsMay(7, c, o, 9);
  o.threads = 4;
  auto parallel = FitHopkinsMay(7, c, o, 9);
  auto again = FitHopkinsMay(7, c, o, 9);
  auto other = FitHopkinsMay(7, c, o, 10);
  ASSERT_TRUE(serial.ok() && parallel.ok() && again.ok() && other.ok());
  EXPECT_EQ(serial->mean, parallel->mean);
  EXPECT_EQ(serial->sd, parallel->sd);
  EXPECT_EQ(serial->r_hat, parallel->r_hat);
  EXPECT_EQ(parallel->mean, again->mean);
  EXPECT_NE(parallel->mean, other->mean);
}

TEST_P(BothSamplers, RHatNearOneWhenConverged) {
  const Comparisons& c = SevenSystems().judgments.comparisons();
  HopkinsMayOptions o = WithSampler(GetParam());
  o.iterations = 1000;
  o.burn_in = 200;
  o.chains = 4;
  auto fit = FitHopkinsMay(7, c, o, 5);
  ASSERT_TRUE(fit.ok());
  for (int s = 0; s < 7; ++s) {
    EXPECT_GT(fit->r_hat[s], 0.98) << s;
    EXPECT_LT(fit->r_hat[s], kRHatWarningThreshold) << s;
  }
}

TEST_P(BothSamplers, RHatFlagsTooShortRunFromDispersedStarts) {
  // 4 iterations, no burn-in, 4 chains started ~100 sd of the qualities apart: each chain
  // is still contracting towards the data (its halves disagree) and the chains have not
  // met, so every system's split-R-hat is far above 1.05, whatever the seed.
  const Comparisons& c = SevenSystems().judgments.comparisons();
  HopkinsMayOptions o = WithSampler(GetParam());
  o.iterations = 4;
  o.burn_in = 0;
  o.chains = 4;
  o.init_sd = 100.0;
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    auto fit = FitHopkinsMay(7, c, o, seed);
    ASSERT_TRUE(fit.ok());
    EXPECT_GT(*std::max_element(fit->r_hat.begin(), fit->r_hat.end()), 1.5) << seed;
    EXPECT_GT(*std::min_element(fit->r_hat.begin(), fit->r_hat.end()), kRHatWarningThreshold)
        << seed;
  }
  // The model, held to these settings, reports it.
  o.adaptive = false;
  RatingInput input{7, &c, nullptr};
  auto rated = MakeHopkinsMayModel(o)->Rate(input, 1);
  ASSERT_TRUE(rated.ok());
  ASSERT_FALSE(rated->warnings.empty());
  EXPECT_NE(rated->warnings[0].find("not converged"), std::string::npos);
}

// Comparisons from (first, second, outcome) triples.
Comparisons Make(std::initializer_list<std::tuple<int, int, Outcome>> list) {
  Comparisons c;
  for (auto [a, b, o] : list) c.Add(static_cast<SystemId>(a), static_cast<SystemId>(b), o);
  return c;
}

// With (almost) no noise and every mean starting at 0, the paper's sampler is the
// deterministic correction-and-average map of §2.2, whose fixed point can be found by hand.
HopkinsMayOptions NoiselessPaper() {
  HopkinsMayOptions o;
  o.sigma_a = 0.0;
  o.sigma_obs = 1e-5;
  o.init_sd = 0.0;
  return o;
}

TEST(HopkinsMayPaper, WinsPushThePairApartToTheDecisionRadius) {
  // A (0) always beats B (1). From mu = 0: t = 0 < d, both q move by d/2, so A = d/2,
  // B = -d/2, and then t = d needs no further correction.
  const Comparisons c = Make(
      {{0, 1, Outcome::kFirstWins}, {1, 0, Outcome::kSecondWins}, {0, 1, Outcome::kFirstWins}});
  auto fit = FitHopkinsMay(2, c, NoiselessPaper(), 1);
  ASSERT_TRUE(fit.ok());
  EXPECT_NEAR(fit->mean[0], 0.25, 1e-4);
  EXPECT_NEAR(fit->mean[1], -0.25, 1e-4);
}

TEST(HopkinsMayPaper, TieCorrectionBalancesWinsAtTwoThirdsOfTheRadius) {
  // A beats B, B beats C, A ties C (stored as (C, A): the tie's t <= -d branch). By
  // symmetry B = 0 and A = -C = x. Once 2x > d, per iteration:
  //   A' = (q_A from A>B + q_A from the tie) / 2 = x + ((d - x) + (d - 2x)) / 4,
  // a contraction with fixed point x = 2d/3 (and indeed d < 2x, x < d there).
  const Comparisons c =
      Make({{1, 0, Outcome::kSecondWins}, {1, 2, Outcome::kFirstWins}, {2, 0, Outcome::kTie}});
  auto fit = FitHopkinsMay(3, c, NoiselessPaper(), 1);
  ASSERT_TRUE(fit.ok());
  EXPECT_NEAR(fit->mean[0], 1.0 / 3.0, 1e-4);
  EXPECT_NEAR(fit->mean[1], 0.0, 1e-4);
  EXPECT_NEAR(fit->mean[2], -1.0 / 3.0, 1e-4);
  // The same with the radius halved: x = 2d/3 again.
  HopkinsMayOptions o = NoiselessPaper();
  o.radius = 0.25;
  auto half = FitHopkinsMay(3, c, o, 1);
  EXPECT_NEAR(half->mean[0], 0.5 / 3.0, 1e-4);
}

// The §2.2 iteration written out per comparison, as it was before groups were drawn as
// sums: two normals per comparison, the correction of each pair, the average per system.
// Returns the kept iterates of the centred means (iteration-major).
std::vector<std::vector<double>> PerComparisonPaperChain(int n, const Comparisons& c,
                                                         int iterations, int burn_in,
                                                         uint64_t seed) {
  const double d = 0.5, tau = std::sqrt(0.5 * 0.5 + 1.0 * 1.0);
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal(0.0, 1.0);
  std::vector<double> mu(n, 0.0), sums(n), count(n, 0.0);
  for (size_t i = 0; i < c.size(); ++i) {
    ++count[c.first[i]];
    ++count[c.second[i]];
  }
  std::vector<std::vector<double>> kept;
  for (int it = 0; it < iterations; ++it) {
    std::fill(sums.begin(), sums.end(), 0.0);
    for (size_t i = 0; i < c.size(); ++i) {
      int w = c.first[i], l = c.second[i];
      if (c.outcome[i] == Outcome::kSecondWins) std::swap(w, l);
      double q1 = mu[w] + tau * normal(rng), q2 = mu[l] + tau * normal(rng);
      const double t = q1 - q2;
      const double target = c.outcome[i] == Outcome::kTie ? std::clamp(t, -d, d) : std::max(t, d);
      q1 += (target - t) / 2;
      q2 -= (target - t) / 2;
      sums[w] += q1;
      sums[l] += q2;
    }
    double centre = 0.0;
    for (int s = 0; s < n; ++s) centre += (mu[s] = sums[s] / count[s]) / n;
    if (it < burn_in) continue;
    kept.emplace_back(n);
    for (int s = 0; s < n; ++s) kept.back()[s] = mu[s] - centre;
  }
  return kept;
}

TEST(HopkinsMayPaper, GroupSumsMatchThePerComparisonIteration) {
  // Every (winner, loser, outcome) group has at least 64 comparisons, so every group's
  // corrected sum is drawn from its mean and variance. Some gaps are lopsided (A beats C
  // 160 to 64), where t is censored often and the censored normal is most skewed. The
  // per-comparison iteration above, run independently, gives the reference: the averages
  // of the kept centred means and their spread must agree within Monte Carlo error.
  struct Group {
    int first, second;
    Outcome outcome;
    int count;
  };
  const std::vector<Group> groups = {
      {0, 1, Outcome::kFirstWins, 150}, {1, 0, Outcome::kFirstWins, 90},
      {0, 1, Outcome::kTie, 80},        {1, 2, Outcome::kFirstWins, 140},
      {2, 1, Outcome::kFirstWins, 100}, {1, 2, Outcome::kTie, 70},
      {0, 2, Outcome::kFirstWins, 160}, {2, 0, Outcome::kFirstWins, 64},
      {0, 2, Outcome::kTie, 64}};
  Comparisons c;
  for (const Group& g : groups) {
    for (int k = 0; k < g.count; ++k) {
      // Half of each group stored the other way round: the same judgments.
      if (k % 2 == 0) {
        c.Add(g.first, g.second, g.outcome);
      } else {
        const Outcome flipped = g.outcome == Outcome::kFirstWins    ? Outcome::kSecondWins
                                : g.outcome == Outcome::kSecondWins ? Outcome::kFirstWins
                                                                    : Outcome::kTie;
        c.Add(g.second, g.first, flipped);
      }
    }
  }
  constexpr int kIterations = 8000, kBurnIn = 200, kBatches = 40;
  const auto reference = PerComparisonPaperChain(3, c, kIterations, kBurnIn, 11);
  HopkinsMayOptions o;
  o.chains = 1;
  o.iterations = kIterations;
  o.burn_in = kBurnIn;
  auto fit = FitHopkinsMay(3, c, o, 12);
  ASSERT_TRUE(fit.ok());
  const int kept = kIterations - kBurnIn;
  for (int s = 0; s < 3; ++s) {
    // Mean, spread and the standard error of the mean by batch means (40 batches).
    double mean = 0.0, m2 = 0.0;
    for (const auto& draw : reference) mean += draw[s] / kept;
    for (const auto& draw : reference) m2 += (draw[s] - mean) * (draw[s] - mean) / kept;
    const int per_batch = kept / kBatches;
    double batch_var = 0.0;
    for (int b = 0; b < kBatches; ++b) {
      double bm = 0.0;
      for (int i = b * per_batch; i < (b + 1) * per_batch; ++i) bm += reference[i][s] / per_batch;
      batch_var += (bm - mean) * (bm - mean) / (kBatches - 1);
    }
    const double se = std::sqrt(batch_var / kBatches);
    // Two chains of the same length: the difference has about sqrt(2) se; allow 4 of those.
    EXPECT_NEAR(fit->mean[s], mean, 4.0 * std::sqrt(2.0) * se) << s;
    // The spread of 7,800 autocorrelated iterates is known to a few percent. (Drawing S
    // with half its variance lowers the spread by about 10% and fails here.)
    EXPECT_NEAR(fit->sd[s], std::sqrt(m2), 0.08 * std::sqrt(m2)) << s;
  }
}

// Posterior moments of delta = mu_A - mu_B for two systems, by quadrature of
//   p(delta | data) ∝ N(delta; 0, 2 prior_sd^2) * P(win)^w * P(loss)^l * P(tie)^t,
//   P(win) = Phi((delta - d) / s), P(loss) = Phi((-delta - d) / s), s = sqrt(2 tau^2).
void PosteriorOfDifference(int wins, int losses, int ties, double prior_sd, double* mean,
                           double* sd) {
  const double s = std::sqrt(2.0 * (0.5 * 0.5 + 1.0 * 1.0)), d = 0.5;
  const auto cdf = [](double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); };
  const auto log_post = [&](double delta) {
    const double p_win = cdf((delta - d) / s), p_loss = cdf((-delta - d) / s);
    return wins * std::log(p_win) + losses * std::log(p_loss) +
           ties * std::log(1.0 - p_win - p_loss) - delta * delta / (4.0 * prior_sd * prior_sd);
  };
  constexpr int kSteps = 40000;
  const double lo = -8.0, hi = 8.0, h = (hi - lo) / kSteps;
  double peak = -1e300;
  for (int i = 0; i <= kSteps; ++i) peak = std::max(peak, log_post(lo + i * h));
  double z = 0.0, m1 = 0.0, m2 = 0.0;
  for (int i = 0; i <= kSteps; ++i) {
    const double x = lo + i * h;
    const double w = std::exp(log_post(x) - peak) * (i == 0 || i == kSteps ? 0.5 : 1.0);
    z += w;
    m1 += w * x;
    m2 += w * x * x;
  }
  *mean = m1 / z;
  *sd = std::sqrt(m2 / z - *mean * *mean);
}

void ExpectExactMatchesQuadrature(double prior_sd) {
  // 30 wins for A, 20 for B, 15 ties, in both storage orientations.
  Comparisons c;
  for (int i = 0; i < 30; ++i)
    i % 2 ? c.Add(0, 1, Outcome::kFirstWins) : c.Add(1, 0, Outcome::kSecondWins);
  for (int i = 0; i < 20; ++i)
    i % 2 ? c.Add(1, 0, Outcome::kFirstWins) : c.Add(0, 1, Outcome::kSecondWins);
  for (int i = 0; i < 15; ++i) i % 2 ? c.Add(0, 1, Outcome::kTie) : c.Add(1, 0, Outcome::kTie);
  double delta_mean, delta_sd;
  PosteriorOfDifference(30, 20, 15, prior_sd, &delta_mean, &delta_sd);
  HopkinsMayOptions o = WithSampler(HopkinsMaySampler::kExact);
  o.prior_sd = prior_sd;
  o.iterations = 6000;
  o.burn_in = 1000;
  o.chains = 4;
  auto fit = FitHopkinsMay(2, c, o, 17);
  ASSERT_TRUE(fit.ok());
  // Centred draws of A are delta / 2. 20,000 draws; allow for an effective sample of 2,000.
  const double se = 0.5 * delta_sd / std::sqrt(2000.0);
  EXPECT_NEAR(fit->mean[0], 0.5 * delta_mean, 5.0 * se);
  EXPECT_NEAR(fit->mean[1], -0.5 * delta_mean, 5.0 * se);
  EXPECT_NEAR(fit->sd[0], 0.5 * delta_sd, 0.08 * 0.5 * delta_sd);
  EXPECT_LT(fit->r_hat[0], kRHatWarningThreshold);
}

TEST(HopkinsMayExact, MatchesPosteriorByQuadratureVagueprior) {
  ExpectExactMatchesQuadrature(10.0);
}

TEST(HopkinsMayExact, MatchesPosteriorByQuadratureTightPrior) {
  ExpectExactMatchesQuadrature(0.15);
}

TEST(HopkinsMay, SystemsWithoutComparisonsAreReportedNotSampled) {
  const Comparisons c = Make({{0, 2, Outcome::kFirstWins}, {2, 0, Outcome::kTie}});
  for (auto sampler : {HopkinsMaySampler::kPaper, HopkinsMaySampler::kExact}) {
    auto fit = FitHopkinsMay(4, c, WithSampler(sampler), 1);
    ASSERT_TRUE(fit.ok());
    EXPECT_EQ(fit->compared, (std::vector<bool>{true, false, true, false}));
    EXPECT_EQ(fit->mean[1], 0.0);
    EXPECT_EQ(fit->sd[3], 0.0);
    EXPECT_EQ(fit->r_hat[1], 0.0);
    EXPECT_TRUE(std::isfinite(fit->mean[0]));
    EXPECT_GT(fit->mean[0], fit->mean[2]);
  }
  RatingInput input{4, &c, nullptr};
  auto rated = MakeHopkinsMayModel(HopkinsMayOptions())->Rate(input, 1);
  ASSERT_TRUE(rated.ok());
  bool warned = false;
  for (const auto& w : rated->warnings) warned |= w.find("2 system(s) have no comparisons") == 0;
  EXPECT_TRUE(warned);
}

TEST(HopkinsMay, NoComparisonsAtAll) {
  const Comparisons none;
  for (auto sampler : {HopkinsMaySampler::kPaper, HopkinsMaySampler::kExact}) {
    auto fit = FitHopkinsMay(3, none, WithSampler(sampler), 1);
    ASSERT_TRUE(fit.ok());
    EXPECT_EQ(fit->mean, std::vector<double>(3, 0.0));
    EXPECT_EQ(fit->compared, std::vector<bool>(3, false));
  }
}

TEST(HopkinsMay, RHatNeedsFourKeptDrawsPerChain) {
  const Comparisons c = Make({{0, 1, Outcome::kFirstWins}, {1, 2, Outcome::kTie}});
  HopkinsMayOptions o;
  o.iterations = 53;  // 3 kept
  o.burn_in = 50;
  auto fit = FitHopkinsMay(3, c, o, 1);
  ASSERT_TRUE(fit.ok());
  EXPECT_EQ(fit->kept_per_chain, 3);
  EXPECT_EQ(fit->r_hat[0], 0.0);
  o.iterations = 54;
  EXPECT_GT(FitHopkinsMay(3, c, o, 1)->r_hat[0], 0.0);
}

TEST(HopkinsMay, DisconnectedExactPosteriorStaysFinite) {
  // Two components: the order across them is the prior's business; no NaN, wide sd.
  const Comparisons c = Make({{0, 1, Outcome::kFirstWins}, {2, 3, Outcome::kFirstWins}});
  HopkinsMayOptions o = WithSampler(HopkinsMaySampler::kExact);
  o.chains = 2;
  auto fit = FitHopkinsMay(4, c, o, 1);
  ASSERT_TRUE(fit.ok());
  for (int s = 0; s < 4; ++s) {
    EXPECT_TRUE(std::isfinite(fit->mean[s]));
    EXPECT_TRUE(std::isfinite(fit->r_hat[s]));
    EXPECT_GT(fit->sd[s], 1.0);  // ~ prior_sd / 2 = 5 across components
  }
}

TEST(HopkinsMay, RejectsInvalidOptionsAndComparisons) {
  const Comparisons ok = Make({{0, 1, Outcome::kFirstWins}});
  const auto code = [&](HopkinsMayOptions o) { return FitHopkinsMay(2, ok, o, 1).status().code(); };
  HopkinsMayOptions o;
  o.burn_in = o.iterations;
  EXPECT_EQ(code(o), StatusCode::kInvalidArgument);
  o = {};
  o.iterations = 0;
  EXPECT_EQ(code(o), StatusCode::kInvalidArgument);
  o = {};
  o.radius = 0.0;
  EXPECT_EQ(code(o), StatusCode::kInvalidArgument);
  o = {};
  o.sigma_a = 0.0;
  o.sigma_obs = 0.0;
  EXPECT_EQ(code(o), StatusCode::kInvalidArgument);
  o = {};
  o.sigma_obs = std::nan("");
  EXPECT_EQ(code(o), StatusCode::kInvalidArgument);
  o = {};
  o.chains = 0;
  EXPECT_EQ(code(o), StatusCode::kInvalidArgument);
  o = {};
  o.prior_sd = 0.0;
  EXPECT_EQ(code(o), StatusCode::kInvalidArgument);
  EXPECT_EQ(FitHopkinsMay(1, ok, HopkinsMayOptions(), 1).status().code(),
            StatusCode::kInvalidArgument);  // id 1 out of range
  EXPECT_EQ(FitHopkinsMay(2, Make({{1, 1, Outcome::kTie}}), HopkinsMayOptions(), 1).status().code(),
            StatusCode::kInvalidArgument);
  EXPECT_TRUE(ParseHopkinsMaySampler("exact").ok());
  EXPECT_FALSE(ParseHopkinsMaySampler("gibbs").ok());
}

TEST(HopkinsMay, RatingModelReportsPosteriorMeanAndSd) {
  const SimulatedCampaign& c = SevenSystems();
  HopkinsMayOptions o = WithSampler(HopkinsMaySampler::kExact);
  o.chains = 2;
  o.adaptive = false;
  auto model = MakeHopkinsMayModel(o);
  EXPECT_EQ(model->name(), "hopkins-may");
  RatingInput input{7, &c.judgments.comparisons(), &c.judgments};
  auto rated = model->Rate(input, 4);
  auto fit = FitHopkinsMay(7, c.judgments.comparisons(), o, 4);
  ASSERT_TRUE(rated.ok() && fit.ok());
  for (int s = 0; s < 7; ++s) {
    EXPECT_EQ(rated->ratings[s].score, fit->mean[s]);
    EXPECT_EQ(rated->ratings[s].mu, fit->mean[s]);
    EXPECT_EQ(rated->ratings[s].sigma, fit->sd[s]);
    EXPECT_EQ(rated->ratings[s].r_hat, fit->r_hat[s]);
  }
}

TEST(HopkinsMay, AgreesWithExpectedWinsOnWmt13FrEn) {
  TOURNEY_REQUIRE_SHARED("data/wmt13-fr-en/train.csv");
  Judgments j;
  ASSERT_TRUE(ReadJudgmentsFile(testing::SharedPath("data/wmt13-fr-en/train.csv"), ReadOptions(),
                                &j, nullptr)
                  .ok());
  const int n = j.num_systems();
  ASSERT_EQ(n, 13);
  const std::vector<double> ew = ExpectedWinsScores(PairCounts::FromComparisons(n, j.comparisons()),
                                                    ExpectedWinsVariant::kExcludeTies);
  for (auto sampler : {HopkinsMaySampler::kPaper, HopkinsMaySampler::kExact}) {
    auto fit = FitHopkinsMay(n, j.comparisons(), WithSampler(sampler), 1);
    ASSERT_TRUE(fit.ok());
    EXPECT_GE(KendallTau(fit->mean, ew), 0.85);
  }
}

}  // namespace
}  // namespace tourney

namespace tourney {
namespace {

double MaxRHat(const HopkinsMayFit& fit) {
  return *std::max_element(fit.r_hat.begin(), fit.r_hat.end());
}

// The model's answer is the first fit of the doubling sequence 400, 800, 1600, ... (burn-in
// half) whose split-R-hats are all below the target, as hopkins_may.h specifies.
TEST(HopkinsMay, AdaptiveModelDoublesIterationsUntilConverged) {
  const SimulatedCampaign& c = SevenSystems();
  HopkinsMayOptions o;  // defaults: adaptive, 4 chains, target 1.01
  o.chains = 2;
  o.iterations = 60;
  o.burn_in = 30;
  auto model = MakeHopkinsMayModel(o);
  RatingInput input{7, &c.judgments.comparisons(), &c.judgments};
  auto rated = model->Rate(input, 9);
  ASSERT_TRUE(rated.ok());
  HopkinsMayOptions step = o;
  auto fit = FitHopkinsMay(7, c.judgments.comparisons(), step, 9);
  int fits = 1;
  while (MaxRHat(*fit) >= o.target_r_hat && step.iterations < o.max_iterations) {
    step.iterations *= 2;
    step.burn_in = step.iterations / 2;
    fit = FitHopkinsMay(7, c.judgments.comparisons(), step, 9);
    ++fits;
  }
  ASSERT_LT(MaxRHat(*fit), o.target_r_hat);  // converged within the cap
  EXPECT_GT(fits, 1);                        // 60 iterations were not enough
  for (int s = 0; s < 7; ++s) EXPECT_EQ(rated->ratings[s].score, fit->mean[s]);
  EXPECT_TRUE(rated->warnings.empty());
}

TEST(HopkinsMay, UnconvergedFitWarnsOnceNamingTheSystems) {
  const SimulatedCampaign& c = SevenSystems();
  HopkinsMayOptions o;
  o.chains = 2;
  o.iterations = 20;
  o.burn_in = 10;
  o.max_iterations = 20;  // no room to adapt
  o.target_r_hat = 1.0001;
  auto rated =
      MakeHopkinsMayModel(o)->Rate(RatingInput{7, &c.judgments.comparisons(), &c.judgments}, 3);
  ASSERT_TRUE(rated.ok());
  ASSERT_EQ(rated->warnings.size(), 1u);
  const std::string& w = rated->warnings[0];
  EXPECT_NE(w.find("has not converged after 20 iterations x 2 chain(s)"), std::string::npos) << w;
  // Named by the registry, never "system 3".
  EXPECT_NE(w.find(" for: "), std::string::npos) << w;
  bool named = false;
  for (int s = 0; s < 7; ++s) {
    named = named || w.find(c.judgments.systems().Name(s) + " (") != std::string::npos;
  }
  EXPECT_TRUE(named) << w;
  EXPECT_EQ(w.find("system "), std::string::npos) << w;
  // A bootstrap replicate is fitted once, silently.
  RatingInput replicate{7, &c.judgments.comparisons(), nullptr};
  replicate.bootstrap_replicate = true;
  auto quiet = MakeHopkinsMayModel(o)->Rate(replicate, 3);
  ASSERT_TRUE(quiet.ok());
  EXPECT_TRUE(quiet->warnings.empty());
}

TEST(HopkinsMay, PaperOptionsAreSectionTwoTwo) {
  const HopkinsMayOptions p = PaperHopkinsMayOptions();
  EXPECT_EQ(p.iterations, 200);
  EXPECT_EQ(p.burn_in, 50);
  EXPECT_EQ(p.chains, 1);
  EXPECT_FALSE(p.adaptive);
}

}  // namespace
}  // namespace tourney
