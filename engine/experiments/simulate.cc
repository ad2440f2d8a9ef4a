#include "tourney/experiments/simulate.h"

#include <cstdio>

#include "tourney/core/random.h"

namespace tourney {

void SimulateRanks(const std::vector<double>& qualities, const CampaignOptions& options, Rng& rng,
                   std::vector<uint8_t>* ranks) {
  const size_t k = qualities.size();
  double q[16];
  for (size_t i = 0; i < k; ++i) {
    q[i] = qualities[i] + rng.Normal(0.0, options.sigma_a) + rng.Normal(0.0, options.sigma_obs);
  }
  ranks->assign(k, 1);
  for (size_t i = 0; i < k; ++i) {
    int rank = 1;
    for (size_t l = 0; l < k; ++l) {
      if (q[l] - q[i] > options.radius) ++rank;
    }
    (*ranks)[i] = static_cast<uint8_t>(rank);
  }
}

StatusOr<SimulatedCampaign> SimulateCampaign(const CampaignOptions& o) {
  if (o.systems < 2 || o.systems > 1000) {
    return InvalidArgument("--systems must be between 2 and 1000");
  }
  if (o.k < 2 || o.k > 5 || o.k > o.systems) {
    return InvalidArgument("--k must be between 2 and 5 and at most --systems");
  }
  if (o.rankings < 0) return InvalidArgument("--rankings must be >= 0");
  if (o.segments < 1) return InvalidArgument("--segments must be >= 1");
  if (o.judges < 1) return InvalidArgument("--judges must be >= 1");
  if (!(o.quality_sd >= 0) || !(o.sigma_a >= 0) || !(o.sigma_obs >= 0) || !(o.radius >= 0)) {
    return InvalidArgument("noise parameters and the radius must be >= 0");
  }
  SimulatedCampaign campaign;
  Rng rng(o.seed);
  for (int i = 0; i < o.systems; ++i) {
    char name[32];
    std::snprintf(name, sizeof(name), o.systems < 100 ? "sys%02d" : "sys%04d", i + 1);
    campaign.judgments.systems().Intern(name);
    campaign.quality.push_back(rng.Normal(0.0, o.quality_sd));
  }
  for (int j = 0; j < o.judges; ++j) {
    campaign.judgments.InternJudge("judge" + std::to_string(j + 1));
  }
  std::vector<SystemId> pick;
  std::vector<double> q;
  std::vector<uint8_t> ranks;
  std::vector<SystemId> all(static_cast<size_t>(o.systems));
  for (int i = 0; i < o.systems; ++i) all[i] = i;
  for (int64_t r = 0; r < o.rankings; ++r) {
    const int64_t segment = static_cast<int64_t>(rng.UniformInt(static_cast<uint64_t>(o.segments)));
    const int32_t judge = static_cast<int32_t>(rng.UniformInt(static_cast<uint64_t>(o.judges)));
    // Partial Fisher-Yates: k distinct systems in random order.
    for (int i = 0; i < o.k; ++i) {
      const size_t j = i + rng.UniformInt(static_cast<uint64_t>(o.systems - i));
      std::swap(all[i], all[j]);
    }
    pick.assign(all.begin(), all.begin() + o.k);
    q.clear();
    for (SystemId s : pick) q.push_back(campaign.quality[s]);
    SimulateRanks(q, o, rng, &ranks);
    campaign.judgments.AddRanking(pick, ranks, {}, segment + 1, judge);
  }
  return campaign;
}

std::string ToWmtCsv(const Judgments& judgments, int k) {
  std::string out = "srclang,trglang,srcIndex,documentId,segmentId,judgeId";
  for (int i = 1; i <= k; ++i) {
    out += ",system" + std::to_string(i) + "Number,system" + std::to_string(i) + "Id";
  }
  for (int i = 1; i <= k; ++i) out += ",system" + std::to_string(i) + "rank";
  out += "\n";
  for (size_t r = 0; r < judgments.num_rankings(); ++r) {
    const RankingView v = judgments.ranking(r);
    const std::string seg = std::to_string(v.segment);
    out += "src,trg," + seg + ",";
    out += v.document >= 0 ? judgments.documents()[v.document] : std::string("-1");
    out += "," + seg + ",";
    out += v.judge >= 0 ? judgments.judges()[v.judge] : std::string("judge");
    for (int i = 0; i < k; ++i) {
      out += ",-1,";
      out += i < static_cast<int>(v.systems.size()) ? judgments.systems().Name(v.systems[i])
                                                    : std::string("PLACEHOLDER");
    }
    for (int i = 0; i < k; ++i) {
      out += ",";
      out += i < static_cast<int>(v.ranks.size()) ? std::to_string(v.ranks[i]) : std::string("1");
    }
    out += "\n";
  }
  return out;
}

}  // namespace tourney
