// `cv-cs`: a confidence sequence for a test set's mean human score, read along the order in
// which a design serves the segments (sample_order.h), with a k-NN prediction from the
// metrics as a control variate. It holds at every number of scores at once, so annotation
// may stop whenever the interval is narrow enough ("annotate until ±t" at a data-dependent
// time).
//
// DESCRIPTION
//   N items with scores y_j and metrics x_j; µ = (1/N) Σ y_j. Before the i-th score the
//   prediction f_{i-1} (a k-NN regression, knn.h, on the scores so far; refitted after 1, 2,
//   4, 8, 16 scores and then every max(`refit_every`, `refit_growth`·t); before the first
//   score the middle of the declared range) is known for every item, so is P_{i-1} = Σ_{j unseen} f_{i-1}(x_j). If
//   the i-th item is uniform over the N − i + 1 unseen ones (the random order), the
//   residual r_i = y_i − f_{i-1}(x_i) has conditional mean
//     m_i(µ) = (Nµ − S_{i-1} − P_{i-1}) / (N − i + 1),   S_{i-1} the scores so far,
//   linear in µ with known offsets, as in Waudby-Smith & Ramdas (2020) for the plain
//   scores; D_i = r_i − m_i(µ) is a martingale difference whose variance is that of the
//   unseen residuals (small when f predicts well). With w_i = N / (N − i + 1), which weighs
//   each step by the share of the population it pins down (this recovers the
//   finite-population correction: for a fixed f the centre is the sample mean and the
//   width goes as sqrt(1/t − 1/N)),
//     Σ_{i<=t} w_i D_i(µ) = A_t − µ·C_t,  A_t = Σ w_i (r_i + (S_{i-1} + P_{i-1}) / (N − i + 1)),
//                                         C_t = Σ w_i².
//   Boundary: the two-sided normal mixture (Robbins; the asymptotic confidence sequence of
//   Waudby-Smith, Arnold, Wu, Howard & Ramdas 2021, Thm 2.2, in intrinsic time C_t):
//     |A_t − µ C_t| <= σ̂_t · sqrt((C_t + 1/ρ²) · (2 log(1/α) + log(1 + C_t ρ²))),
//   ρ² = (2 log(1/α) + log(2 log(1/α) + 1)) / C_{t*}, tightest when t* = target_share·N
//   scores are in. σ̂_t² = Σ w_i² (D_i(µ̂_t))² / C_t + R² / (4 (t + 1)²) (the weighted mean
//   squared martingale difference at the centre µ̂_t = A_t / C_t, plus a floor that keeps a
//   constant sample from giving zero width; R = hi − lo). The interval is intersected with
//   what the sample alone implies, [(S_t + (N − t) lo) / N, (S_t + (N − t) hi) / N], so a
//   census gives the exact mean with zero width.
//   Validity: the process Σ w_i D_i(µ) is an exact martingale at the true µ for the random
//   order whatever the predictions (they are predictable); the normal-mixture boundary
//   with an estimated variance makes the coverage asymptotic (as the 2021 paper's), not
//   exact. In the docs-prop order the next item is uniform within its document, not over
//   all unseen items: within each document the residuals still form an exact martingale,
//   and the proportional interleaving makes Σ w_i (m_i^doc − m_i) the quota rounding term
//   Σ_l (n_l − t N_l / N) (ē_l − ē) (ē_l the mean residual of document l), bounded in t
//   while the martingale grows as sqrt(t): negligible asymptotically, and reduced by the
//   document effect in f (below). The study (experiments/sampling_study.h) measures the coverage.
//   Document effect: f = k-NN + δ_l for items of document l, δ_l = (sum of the leave-one-out
//   k-NN residuals of l's scored items) / (n_l + document_prior); document_prior < 0: none.
//   Cost: O(1) per score plus a refit (NeighbourLists::Predict, or KnnPredict without lists)
//   and an O(N) pass after each refit.
// Thread safety: a plain value; mutation needs external locking.
#ifndef TOURNEY_SAMPLING_RESIDUAL_SEQUENCE_H_
#define TOURNEY_SAMPLING_RESIDUAL_SEQUENCE_H_

#include <vector>

#include "tourney/core/status.h"
#include "tourney/sampling/knn.h"
#include "tourney/sampling/population.h"

namespace tourney {

struct ResidualSequenceOptions {
  double confidence = 0.95;  // 1 − α, in (0, 1)
  // The declared score range [lo, hi]: scores outside it are refused. Both finite, lo < hi.
  double lo = 0.0;
  double hi = 1.0;
  int knn_k = kPaperKnnK;  // k of the k-NN prediction, >= 1
  // After 16 scores the prediction is refitted every max(refit_every, refit_growth·t)
  // scores (t the scores so far): by default every 20 up to 80, then every 25% more (a
  // geometric schedule: 13 refits from 16 to 720 scores instead of 35; on en-de the widths
  // change by at most 0.1%). refit_every >= 1, refit_growth in [0, 1] (0: every refit_every).
  int refit_every = 20;
  double refit_growth = 0.25;
  double target_share = 0.25;   // the share of N where the mixture is tightest, in (0, 1]
  double document_prior = 4.0;  // document effect shrinkage (pseudo-count); < 0: no effect
  // The cap on the weights w_i = N / (N − i + 1): near the census a few draws would carry
  // the whole sum and its normal approximation fails (measured); the cap keeps the
  // finite-population gain up to (1 − 1/max_weight)·N scores. >= 1.
  double max_weight = 4.0;
};

class ResidualSequence {
 public:
  // A sequence for the items of `p` (its metrics and documents; its scores are not read
  // unless `lists` is given). With `lists` (built on `p`, which then must hold the score of
  // every item that is added: a simulation) refits walk the neighbour lists; without, they
  // compute distances (KnnPredict). `p` and `lists` must outlive the sequence.
  // InvalidArgument for an empty population or a bad option.
  static StatusOr<ResidualSequence> Make(const Population& p,
                                         const ResidualSequenceOptions& options,
                                         const NeighbourLists* lists = nullptr);

  // Adds the score of `item`, the next one served. InvalidArgument for an unknown, skipped
  // or already scored item, or a score outside [lo, hi] (or not finite).
  Status Add(int item, double score);

  // `item`, the next one served, was not scored (an annotator skipped it, a score was lost):
  // the sequence goes on with the items after it. The skip is a step of the martingale
  // whose score y_j is unknown, anywhere in [lo, hi], whatever the reason it is missing
  // (even an annotator who skips the worst outputs): y_j enters Σ w_i D_i(µ) linearly, with
  // the known coefficient w_j + Σ_{i > j} w_i / U_i (U_i the items neither scored nor
  // skipped before step i), so the interval is the union over y_j in [lo, hi] (the centre
  // and the variance impute y_j by its prediction). Each skip widens the interval by about
  // (hi − lo)·w_j/Σw_i, at most (hi − lo)/N once the scores are many. InvalidArgument for
  // an unknown, scored or skipped item.
  Status Skip(int item);
  int skipped() const { return skipped_count_; }

  int count() const { return count_; }
  int population() const { return n_; }
  // The centre µ̂_t (clamped into the interval); the middle of the range before any score.
  double estimate() const { return estimate_; }
  // The interval after count() scores: [lo, hi] before the first, the exact mean after N.
  double lower() const { return lower_; }
  double upper() const { return upper_; }

 private:
  ResidualSequence(const Population& p, const ResidualSequenceOptions& options,
                   const NeighbourLists* lists);
  void Refit();
  // One draw of the order: `item` scored `score`, or skipped (score = its prediction).
  void Step(int item, double score, bool skipped);

  const Population* population_;
  const NeighbourLists* lists_;
  ResidualSequenceOptions options_;
  int n_ = 0;
  double log_term_ = 0.0;  // 2 log(1/α)
  double rho2_ = 0.0;      // ρ²
  Population scored_;      // without lists: the population with the scores added so far
  std::vector<double> score_;       // per item, once scored
  std::vector<uint8_t> in_sample_;  // per item: 1 once scored
  std::vector<uint8_t> skipped_;    // per item: 1 once skipped
  int skipped_count_ = 0;           // g
  double skipped_pred_ = 0.0;       // the skipped items' predictions when skipped
  double gap_count_ = 0.0;          // Σ_j (w_j + Σ_{i>j} w_i/U_i) over the skipped items
  double gap_pred_ = 0.0;           // the same sum, each term times y_j's prediction
  std::vector<int> sample_;         // scored items in order
  std::vector<double> prediction_;  // f for every item
  int count_ = 0;
  int next_refit_ = 1;
  double sum_ = 0.0;         // S_t
  double unseen_pred_ = 0.0;  // P_t
  double a_ = 0.0, b_ = 0.0, c_ = 0.0;  // A_t, B_t, C_t
  double waa_ = 0.0, wab_ = 0.0, wbb_ = 0.0;  // Σ w² a_i², Σ w² a_i b_i, Σ w² b_i²
  double estimate_ = 0.0, lower_ = 0.0, upper_ = 0.0;
};

}  // namespace tourney

#endif  // TOURNEY_SAMPLING_RESIDUAL_SEQUENCE_H_
