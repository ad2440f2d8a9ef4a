// The Hopkins & May (2013) model of pairwise judgments, fitted by Gibbs sampling.
//
// DESCRIPTION
//   Model (Sakaguchi, Post & Van Durme 2014, §2.2; parameters from §3.4). System j has a
//   mean quality mu_j. A comparison of S1 with S2 draws latent qualities
//     q_i = mu_{S_i} + N(0, sigma_a^2) + N(0, sigma_obs^2),   i = 1, 2,
//   and the judgment is "S1 wins" when q1 - q2 > d, "S2 wins" when q2 - q1 > d, else a tie.
//   Only differences of the mu are identified; every reported draw is centred (the mean of
//   the compared systems is 0). Comparisons are oriented so that S1 is the winner.
//
//   Noise of the q draw. Both samplers draw q_i ~ N(mu_{S_i}, sigma_a^2 + sigma_obs^2): the
//   distribution of q in the generative story above, and exactly what the reference code
//   (keisks/wmt-trueskill src/infer_HM.py) draws, gauss(mu, sigma_a) + gauss(0, sigma_obs).
//   The sampler equations printed in §2.2 show N(mu, sigma_a^2) alone, which would infer
//   under narrower noise than the model that produced the judgments and leave sigma_obs
//   unused; sigma_obs = 0 reproduces the printed equations.
//
//   kPaper (default), the sampler of §2.2. Means start from N(0, init_sd^2), centred. Each
//   iteration draws q1, q2 for every comparison from the current means, applies the
//   decision-radius correction with t = q1 - q2:
//     win:  if t < d,   q1 += (d - t)/2,  q2 -= (d - t)/2          (t becomes d)
//     tie:  if t >= d,  q1 += (d - t)/2,  q2 -= (d - t)/2          (t becomes d)
//           if t <= -d, q1 += (-d - t)/2, q2 -= (-d - t)/2         (t becomes -d)
//   and sets each mean to the average of its corrected q over all its comparisons. Only each
//   group's sums enter: with u = (q1 - mu1) + (q2 - mu2) and v = t - (mu1 - mu2), independent
//   N(0, 2 tau^2), a group of m comparisons adds m mu1 + U/2 + S to the winner's sum and
//   m mu2 + U/2 - S to the loser's, U = sum u ~ N(0, 2 m tau^2) (one draw) and
//   S = sum (corrected t - (mu1 - mu2)) / 2, a sum of m censored normals: drawn term by
//   term below 64 comparisons, else from the normal with its exact mean and variance. The
//   first burn_in iterations are discarded and the rest averaged. This is a stochastic
//   fixed-point iteration, not a sampler of a posterior: its `sd` is the spread of the kept
//   iterates, not a posterior standard deviation.
//
//   kExact, a Gibbs sampler of the posterior of the same model under the prior
//   mu_j ~ N(0, prior_sd^2) iid. With tau^2 = sigma_a^2 + sigma_obs^2 and the comparison's
//   latents written as t = q1 - q2 and s = q1 + q2 (independent given mu, each with
//   variance 2 tau^2):
//     1. t | mu, outcome ~ N(mu_{S1} - mu_{S2}, 2 tau^2) truncated to (d, inf) for a win and
//        to [-d, d] for a tie (truncated_normal.h, exact in any tail); s | mu is untruncated,
//        and only its sum per pair of systems matters, drawn as one normal.
//     2. mu_j | q ~ N((sum of q_j / tau^2) / P_j, 1 / P_j), P_j = 1/prior_sd^2 + n_j/tau^2,
//        independently over systems (n_j = comparisons of system j).
//     3. A translation move per connected component of the comparison graph: the
//        likelihood is invariant under mu -> mu + c on a component, so c is drawn from its
//        full conditional N(-mean of the component's mu, prior_sd^2 / size) (the
//        generalised Gibbs step of Liu & Sabatti 2000). This samples the unidentified level
//        exactly, which the plain Gibbs chain would explore at a rate of ~tau^2/(n_j
//        prior_sd^2) per iteration.
//   The kept draws are a sample of the posterior: `mean` and `sd` are posterior moments of
//   the centred means.
//
//   Chains: `chains` independent chains from seeds DeriveSeed(seed, c), run on up to
//   `threads` threads and pooled; split-R-hat (r_hat.h) per system over the kept draws.
//   Results depend only on the seed and the options, never on thread scheduling.
//
//   Convergence (the RatingModel): with `adaptive`, the model fits with `iterations` (and
//   `burn_in`), and while some system's split-R-hat is at least `target_r_hat` it fits again
//   from scratch with twice the iterations (burn-in half of them), up to `max_iterations`;
//   the same seed gives the same sequence of fits. If the target is still missed, one
//   warning names the systems. Bootstrap replicates (RatingInput::bootstrap_replicate) are
//   fitted once, one chain of `iterations`: their spread is the resampling's, and their
//   Monte Carlo noise only widens the rank ranges. The paper's setting (§2.2: one chain, 200
//   iterations, 50 burn-in, no adaptation) is PaperHopkinsMayOptions().
//
//   Cost per chain: O(C) to group the comparisons, then per iteration O(groups) for kPaper
//   (two normal draws per group of 64 or more, one per comparison in smaller groups) and
//   O(C) for kExact (one truncated-normal draw per comparison). Comparisons with the same
//   outcome between the same two systems are exchangeable given the means and are handled
//   as one group; nothing is gathered or scattered per comparison. About 15 us per kPaper
//   iteration and 10 ns per comparison per kExact iteration on fr-en
//   (bench/hopkins_may_bench). Memory O(systems^2 + distinct pairs).
// Thread safety: the functions are reentrant; a Hopkins-May RatingModel is immutable.
#ifndef TOURNEY_MODELS_HOPKINS_MAY_H_
#define TOURNEY_MODELS_HOPKINS_MAY_H_

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/rating_model.h"
#include "tourney/core/status.h"

namespace tourney {

enum class HopkinsMaySampler {
  kPaper,  // the correction-and-average sampler of §2.2
  kExact,  // Gibbs sampling of the posterior with truncated-normal latents
};

// "paper" or "exact"; InvalidArgument otherwise.
StatusOr<HopkinsMaySampler> ParseHopkinsMaySampler(std::string_view name);

struct HopkinsMayOptions {
  HopkinsMaySampler sampler = HopkinsMaySampler::kPaper;
  int iterations = 400;    // per chain, burn-in included; 1..10,000,000 (first fit if adaptive)
  int burn_in = 200;       // iterations discarded; 0 <= burn_in < iterations
  double sigma_a = 0.5;    // translation-quality noise sigma_a, 0..1e6
  double sigma_obs = 1.0;  // annotator noise sigma_obs, 0..1e6; hypot(sigma_a, sigma_obs) >= 1e-6
  double radius = 0.5;     // decision radius d, (0, 1e6]
  int chains = 4;          // independent chains, 1..1024
  double init_sd = 1.0;    // initial means ~ N(0, init_sd^2), then centred; 0..1e6
  double prior_sd = 10.0;  // kExact only: mu_j ~ N(0, prior_sd^2); 1e-3..1e6
  int threads = 0;         // worker threads, 0 = min(chains, hardware); never changes results
  // RatingModel only: refit with doubled iterations until every split-R-hat is below
  // target_r_hat, up to max_iterations (>= iterations, <= 10,000,000).
  bool adaptive = true;
  double target_r_hat = 1.01;  // (1, 2]
  int max_iterations = 25600;
};

// The exact setting of the paper (§2.2, §3.4): one chain of 200 iterations, 50 of them
// burn-in, no adaptation; the other fields at their defaults.
HopkinsMayOptions PaperHopkinsMayOptions();

// OK, or InvalidArgument naming the first option outside the ranges above.
Status ValidateHopkinsMayOptions(const HopkinsMayOptions& options);

// The pooled kept draws of every chain, by system id.
struct HopkinsMayFit {
  std::vector<double> mean;    // average of the centred kept draws; 0 if never compared
  std::vector<double> sd;      // their standard deviation; 0 if never compared
  std::vector<double> r_hat;   // split-R-hat; 0 if never compared or < 4 kept draws per chain
  std::vector<bool> compared;  // false for systems without any comparison (not sampled)
  int64_t kept_per_chain = 0;  // iterations - burn_in
};

// Fits the model. InvalidArgument for invalid options, a system id outside
// [0, num_systems), a comparison of a system with itself, or num_systems < 1.
// Deterministic in (comparisons, options except threads, seed).
StatusOr<HopkinsMayFit> FitHopkinsMay(int num_systems, const Comparisons& comparisons,
                                      const HopkinsMayOptions& options, uint64_t seed);

// The model as a RatingModel named "hopkins-may": score = mu = posterior mean, sigma = sd,
// r_hat, with the adaptation above. Warns once when the fit has not converged (naming the
// systems, with the "for: A (1.03), B (1.02)" subject list that bootstrap merging counts)
// and when systems have no comparisons. Rate() returns InvalidArgument when the options
// are invalid.
std::unique_ptr<RatingModel> MakeHopkinsMayModel(const HopkinsMayOptions& options);

}  // namespace tourney

#endif  // TOURNEY_MODELS_HOPKINS_MAY_H_
