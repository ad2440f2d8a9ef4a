// The residual confidence sequence `cv-cs` (see tourney/sampling/residual_sequence.h).
#include "tourney/sampling/residual_sequence.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace tourney {

ResidualSequence::ResidualSequence(const Population& p, const ResidualSequenceOptions& options,
                                   const NeighbourLists* lists)
    : population_(&p), lists_(lists), options_(options), n_(p.size) {}

StatusOr<ResidualSequence> ResidualSequence::Make(const Population& p,
                                                  const ResidualSequenceOptions& options,
                                                  const NeighbourLists* lists) {
  if (p.size < 1) return InvalidArgument("cv-cs: an empty population");
  if (!(options.confidence > 0.0 && options.confidence < 1.0)) {
    return InvalidArgument("cv-cs: confidence in (0, 1)");
  }
  if (!std::isfinite(options.lo) || !std::isfinite(options.hi) || !(options.lo < options.hi) ||
      !std::isfinite(options.hi - options.lo)) {
    return InvalidArgument("cv-cs: needs a declared finite score range lo < hi");
  }
  if (options.knn_k < 1) return InvalidArgument("cv-cs: knn_k >= 1");
  if (options.refit_every < 1) return InvalidArgument("cv-cs: refit_every >= 1");
  if (!(options.refit_growth >= 0.0 && options.refit_growth <= 1.0)) {
    return InvalidArgument("cv-cs: refit_growth in [0, 1]");
  }
  if (!(options.max_weight >= 1.0)) return InvalidArgument("cv-cs: max_weight >= 1");
  if (!(options.target_share > 0.0 && options.target_share <= 1.0)) {
    return InvalidArgument("cv-cs: target_share in (0, 1]");
  }
  if (!std::isfinite(options.document_prior)) {
    return InvalidArgument("cv-cs: document_prior must be finite");
  }
  ResidualSequence s(p, options, lists);
  const double n = static_cast<double>(p.size);
  s.log_term_ = 2.0 * std::log(1.0 / (1.0 - options.confidence));
  // C_{t*}: Σ_{i <= t*} (N / (N − i + 1))².
  const int target = std::max(1, static_cast<int>(std::lround(options.target_share * n)));
  double c_target = 0.0;
  for (int i = 1; i <= target; ++i) {
    const double w = std::min(n / (n - i + 1.0), options.max_weight);
    c_target += w * w;
  }
  s.rho2_ = (s.log_term_ + std::log(s.log_term_ + 1.0)) / c_target;
  if (lists == nullptr) {
    s.scored_ = p;
    std::fill(s.scored_.known.begin(), s.scored_.known.end(), uint8_t{0});
  }
  s.score_.assign(p.size, 0.0);
  s.in_sample_.assign(p.size, 0);
  s.skipped_.assign(p.size, 0);
  const double middle = 0.5 * (options.lo + options.hi);
  s.prediction_.assign(p.size, middle);
  s.unseen_pred_ = middle * n;
  s.estimate_ = middle;
  s.lower_ = options.lo;
  s.upper_ = options.hi;
  return s;
}

void ResidualSequence::Refit() {
  const int k = options_.knn_k;
  if (lists_ != nullptr) {
    lists_->Predict(in_sample_, count_, k, &prediction_);
  } else {
    prediction_ = KnnPredict(scored_, sample_, k);
  }
  // The document effect: shrunken mean leave-one-out residual of each document's scored
  // items (an item is one of its own min(k, t) neighbours: (k'·f − y) / (k' − 1) leaves it out).
  const int kk = std::min(k, count_);
  if (options_.document_prior >= 0.0 && kk >= 2) {
    std::vector<double> total(population_->num_documents, 0.0);
    std::vector<int> seen(population_->num_documents, 0);
    for (int j : sample_) {
      const double loo = (kk * prediction_[j] - score_[j]) / (kk - 1);
      total[population_->document[j]] += score_[j] - loo;
      ++seen[population_->document[j]];
    }
    for (int j = 0; j < n_; ++j) {
      const int l = population_->document[j];
      if (seen[l] > 0) prediction_[j] += total[l] / (seen[l] + options_.document_prior);
    }
  }
  unseen_pred_ = 0.0;
  for (int j = 0; j < n_; ++j) {
    if (!in_sample_[j] && !skipped_[j]) unseen_pred_ += prediction_[j];
  }
}

Status ResidualSequence::Skip(int item) {
  if (item < 0 || item >= n_) return InvalidArgument("cv-cs: unknown item " + std::to_string(item));
  if (in_sample_[item] || skipped_[item]) {
    return InvalidArgument("cv-cs: item " + std::to_string(item) + " is already " +
                           (in_sample_[item] ? "scored" : "skipped"));
  }
  Step(item, prediction_[item], true);
  return Status::Ok();
}

Status ResidualSequence::Add(int item, double score) {
  if (item < 0 || item >= n_) return InvalidArgument("cv-cs: unknown item " + std::to_string(item));
  if (in_sample_[item]) {
    return InvalidArgument("cv-cs: item " + std::to_string(item) + " is already scored");
  }
  if (!std::isfinite(score) || score < options_.lo || score > options_.hi) {
    return InvalidArgument("cv-cs: a score outside the declared range");
  }
  if (skipped_[item]) {
    return InvalidArgument("cv-cs: item " + std::to_string(item) + " was skipped");
  }
  Step(item, score, false);
  return Status::Ok();
}

void ResidualSequence::Step(int item, double score, bool skipped) {
  const double n = static_cast<double>(n_);
  const double unseen = n - count_ - skipped_count_;  // N − i + 1: the item is one of them
  const double b = n / unseen;  // the coefficient of µ in D_i
  const double w = std::min(b, options_.max_weight);
  // D_i = r_i − (Nµ − S − G − P)/unseen, G the skipped items' unknown sum: imputed by their
  // predictions (a skipped item's own residual by 0), and the bounds replace each skipped
  // y_j by lo and hi in its total coefficient w_j + Σ_{i > j} w_i/U_i (the header).
  const double a = score - prediction_[item] + (sum_ + unseen_pred_ + skipped_pred_) / unseen;
  gap_count_ += w * skipped_count_ / unseen + (skipped ? w : 0.0);
  gap_pred_ += w * skipped_pred_ / unseen + (skipped ? w * prediction_[item] : 0.0);
  a_ += w * a;
  b_ += w * b;
  c_ += w * w;
  waa_ += w * w * a * a;
  wab_ += w * w * a * b;
  wbb_ += w * w * b * b;
  unseen_pred_ -= prediction_[item];
  if (skipped) {
    skipped_[item] = 1;
    ++skipped_count_;
    skipped_pred_ += prediction_[item];
  } else {
    sum_ += score;
    in_sample_[item] = 1;
    score_[item] = score;
    sample_.push_back(item);
    if (lists_ == nullptr) {
      scored_.x[item] = score;
      scored_.known[item] = 1;
    }
    ++count_;
  }

  const double t = static_cast<double>(count_);
  const double range = options_.hi - options_.lo;
  const double seen_lo = (sum_ + (n - t) * options_.lo) / n;
  const double seen_hi = (sum_ + (n - t) * options_.hi) / n;
  const double centre = std::clamp(a_ / b_, seen_lo, seen_hi);
  const double squares = std::max(0.0, waa_ - 2.0 * centre * wab_ + centre * centre * wbb_);
  const double steps = t + skipped_count_;
  const double variance = squares / c_ + range * range / (4.0 * (steps + 1.0) * (steps + 1.0));
  const double margin =
      std::sqrt(variance * (c_ + 1.0 / rho2_) * (log_term_ + std::log1p(c_ * rho2_))) / b_;
  // The skipped items' imputed part of the centre becomes its extremes (0 without skips).
  const double gap_lo = (options_.lo * gap_count_ - gap_pred_) / b_;
  const double gap_hi = (options_.hi * gap_count_ - gap_pred_) / b_;
  lower_ = std::max(seen_lo, centre + gap_lo - margin);
  upper_ = std::min(seen_hi, centre + gap_hi + margin);
  estimate_ = centre;

  if (!skipped && count_ < n_ && count_ >= next_refit_) {
    Refit();
    // Doubling to 16, then every max(refit_every, refit_growth·t) scores (geometric).
    const int step = std::max(options_.refit_every,
                              static_cast<int>(std::ceil(options_.refit_growth * count_)));
    next_refit_ = count_ < 16 ? 2 * count_ : count_ + step;
  }
}

}  // namespace tourney
