#include "tourney/experiments/expected_wins_study.h"

#include <algorithm>
#include <cmath>

#include "tourney/core/pair_counts.h"
#include "tourney/core/random.h"
#include "tourney/experiments/simulate.h"

namespace tourney {

StatusOr<SparseBiasResult> ExpectedWinsSparseBias(const SparseBiasOptions& o) {
  if (o.campaigns < 1) return InvalidArgument("campaigns must be >= 1");
  if (o.rankings < 1) return InvalidArgument("rankings must be >= 1");
  if (o.dense_rankings < o.rankings) {
    return InvalidArgument("dense_rankings must be at least rankings");
  }
  SparseBiasResult result;
  double sum = 0.0, sum_abs = 0.0, sum_campaign = 0.0, sum_campaign_sq = 0.0;
  double best = 0.0, worst = 0.0;
  int64_t unmet = 0, pairs = 0;
  for (int c = 0; c < o.campaigns; ++c) {
    CampaignOptions campaign;
    campaign.systems = o.systems;
    campaign.k = o.k;
    campaign.radius = o.radius;
    campaign.seed = DeriveSeed(o.seed, static_cast<uint64_t>(c));
    campaign.rankings = o.rankings;
    auto sparse = SimulateCampaign(campaign);
    if (!sparse.ok()) return sparse.status();
    campaign.rankings = o.dense_rankings;
    auto dense = SimulateCampaign(campaign);
    if (!dense.ok()) return dense.status();
    const int n = o.systems;
    const PairCounts sparse_counts =
        PairCounts::FromComparisons(n, sparse->judgments.comparisons());
    const std::vector<double> s = ExpectedWinsScores(sparse_counts, o.variant);
    const std::vector<double> d = ExpectedWinsScores(
        PairCounts::FromComparisons(n, dense->judgments.comparisons()), o.variant);
    double campaign_sum = 0.0;
    for (int i = 0; i < n; ++i) {
      const double bias = s[i] - d[i];
      campaign_sum += bias;
      sum_abs += std::abs(bias);
      for (int j = i + 1; j < n; ++j) {
        ++pairs;
        if (sparse_counts.wins(i, j) + sparse_counts.wins(j, i) == 0) ++unmet;
      }
    }
    const std::vector<double>& q = sparse->quality;
    const auto top = std::max_element(q.begin(), q.end()) - q.begin();
    const auto bottom = std::min_element(q.begin(), q.end()) - q.begin();
    best += s[top] - d[top];
    worst += s[bottom] - d[bottom];
    sum += campaign_sum;
    sum_campaign += campaign_sum / n;
    sum_campaign_sq += (campaign_sum / n) * (campaign_sum / n);
  }
  const double count = static_cast<double>(o.campaigns) * o.systems;
  result.mean_bias = sum / count;
  result.mean_abs_bias = sum_abs / count;
  result.best_bias = best / o.campaigns;
  result.worst_bias = worst / o.campaigns;
  const double mean_campaign = sum_campaign / o.campaigns;
  result.campaign_sd =
      o.campaigns > 1 ? std::sqrt(std::max(0.0, (sum_campaign_sq - o.campaigns * mean_campaign *
                                                                       mean_campaign) /
                                                    (o.campaigns - 1)))
                      : 0.0;
  result.unmet_pairs = static_cast<double>(unmet) / static_cast<double>(pairs);
  return result;
}

}  // namespace tourney
