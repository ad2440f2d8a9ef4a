// scoring_coverage: "annotate until ±t" in a live scoring campaign, as an organiser runs it.
// A simulation, not a timing: it prints, per configuration, how often each system's interval
// holds the truth at the moment its target is first reported reached, and how many segments
// that took (docs/sampling.md).
//
// Each campaign is a ScoringCampaign (scoring_campaign.h) over a scored-segment table whose
// human scores are hidden: the campaign starts with none, and its annotator (as the demo's,
// tourney demo) answers every served item with the hidden score. After every `check`
// scores the campaign's estimates are read; a system whose estimate first says "within ±t"
// is recorded then (its interval, and the scores it had), and the campaign goes on until
// every system is recorded or every item is scored. Each campaign draws its order from its
// own seed. Configurations: the campaign default (docs-prop, cv-knn, cv-cs), bootstrap-t with
// the same design and estimator (valid at a fixed size only), and random + mean + betting-cs.
//
// Usage: scoring_coverage [--table FILE] [--campaigns C] [--tolerance T] [--check K]
//                         [--threads N] [--seed S] [--score-min A] [--score-max B]
//                         [--exclude-system NAME] [--configs a,b,c]
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tourney/core/random.h"
#include "tourney/ingest/scored_segment_reader.h"
#include "tourney/sampling/knn.h"
#include "tourney/sampling/residual_sequence.h"
#include "tourney/campaigns/scoring_campaign.h"
#include "tourney/sampling/system_estimates.h"

namespace tourney {
namespace {

struct Config {
  std::string name;
  Design design = Design::kDocsProp;
  EstimatorSpec estimator{EstimatorKind::kCvKnn, "", kPaperKnnK};
  BoundKind bound = BoundKind::kCvCs;
};

struct SystemRecord {
  bool reached = false;
  bool covered = false;
  int scored = 0;  // scores of the system when its target was first reported
};

struct CampaignRecord {
  std::vector<SystemRecord> systems;
  int64_t scored_at_end = 0;  // scores when every system was recorded (or all items)
};

struct Options {
  std::string table;
  std::vector<std::string> exclude;
  int campaigns = 200;
  double tolerance = 0.25;
  int check = 20;
  int threads = 2;
  uint64_t seed = 1;
  double score_min = 0.0;
  double score_max = 25.0;
  std::vector<std::string> configs = {"cv-cs", "bootstrap-t", "betting-cs"};
};

CampaignRecord RunCampaign(const ScoredSegments& hidden, const Config& c, const Options& o,
                           uint64_t seed) {
  ScoringCampaignConfig config;
  config.table = hidden;
  for (SystemSegments& s : config.table.systems) s.annotated.assign(s.annotated.size(), 0);
  config.design = c.design;
  config.estimator = c.estimator;
  config.bound = c.bound;
  config.confidence = 0.95;
  config.tolerance = o.tolerance;
  config.score_min = o.score_min;
  config.score_max = o.score_max;
  config.bootstrap_replicates = 1000;
  config.lease_ms = int64_t{1} << 40;
  config.seed = seed;
  auto campaign = ScoringCampaign::Create(std::move(config));
  if (!campaign.ok()) {
    std::fprintf(stderr, "scoring_coverage: %s\n", campaign.status().message().c_str());
    std::exit(2);
  }
  const int systems = static_cast<int>(hidden.systems.size());
  std::vector<double> truth(systems, 0.0);
  std::vector<std::vector<double>> score_of(systems);
  for (int s = 0; s < systems; ++s) {
    const SystemSegments& sys = hidden.systems[s];
    score_of[s].assign(hidden.segment_ids.size(), 0.0);
    for (int r = 0; r < sys.size(); ++r) {
      score_of[s][sys.segment[r]] = sys.human[r];
      truth[s] += sys.human[r] / sys.size();
    }
  }
  CampaignRecord out;
  out.systems.resize(systems);
  // cv-cs: the campaign's Estimate rebuilds each system's sequence from its scored prefix at
  // every call (what a server does, O(prefix) with its refits); the simulation keeps one
  // sequence per system and feeds it the same prefix as it grows, with neighbour lists for
  // the refits (the population holds every score): the same sequence, built once.
  const bool sequence = c.bound == BoundKind::kCvCs;
  std::vector<Population> pops;
  std::vector<std::unique_ptr<NeighbourLists>> lists;
  std::vector<ResidualSequence> seqs;
  std::vector<std::vector<int>> rows_in_order(systems);
  std::vector<size_t> fed(systems, 0);
  if (sequence) {
    pops.reserve(systems);
    for (int s = 0; s < systems; ++s) {
      pops.push_back(*MakePopulation(hidden, s));
      std::vector<int> row_of(hidden.segment_ids.size(), -1);
      for (int r = 0; r < hidden.systems[s].size(); ++r) row_of[hidden.systems[s].segment[r]] = r;
      for (int g : (*campaign)->SystemOrder(s)) rows_in_order[s].push_back(row_of[g]);
    }
    for (int s = 0; s < systems; ++s) {
      lists.push_back(std::make_unique<NeighbourLists>(pops[s]));
      ResidualSequenceOptions ro;
      ro.confidence = 0.95;
      ro.lo = o.score_min;
      ro.hi = o.score_max;
      seqs.push_back(*ResidualSequence::Make(pops[s], ro, lists[s].get()));
    }
  }
  int recorded = 0;
  int64_t now = 0;
  while (recorded < systems) {
    auto item = (*campaign)->ProposeItem("annotator", ++now);
    if (!item.ok()) break;  // every item scored
    const ScoringItem it = item->item;
    if (!(*campaign)->ApplyScore({it, score_of[it.system][it.segment]}).ok()) std::abort();
    if ((*campaign)->num_scored() % o.check != 0) continue;
    if (sequence) {
      for (int s = 0; s < systems; ++s) {
        SystemRecord& r = out.systems[s];
        while (fed[s] < rows_in_order[s].size()) {
          const int row = rows_in_order[s][fed[s]];
          if ((*campaign)->ScoreOf({s, hidden.systems[s].segment[row]}) == nullptr) break;
          if (!seqs[s].Add(row, pops[s].x[row]).ok()) std::abort();
          ++fed[s];
        }
        const ResidualSequence& q = seqs[s];
        // The campaign's verdict (scoring_campaign.cc): both sides within ±t, and enough
        // scores (kMinScoredForTolerance or the whole test set).
        const bool within =
            q.count() >= 2 &&
            VerdictForTolerance(std::max(q.estimate() - q.lower(), q.upper() - q.estimate()),
                                q.count(), pops[s].size, o.tolerance, kMinScoredForTolerance)
                .within;
        if (r.reached || !within) continue;
        r.reached = true;
        r.covered = q.lower() <= truth[s] && truth[s] <= q.upper();
        r.scored = q.count();
        ++recorded;
      }
      continue;
    }
    auto estimates = (*campaign)->Estimate();
    if (!estimates.ok()) std::abort();
    for (int s = 0; s < systems; ++s) {
      const ScoringSystemEstimate& e = (*estimates)[s];
      SystemRecord& r = out.systems[s];
      if (r.reached || !e.estimated || !e.within_tolerance) continue;
      r.reached = true;
      r.covered = e.lo <= truth[s] && truth[s] <= e.hi;
      r.scored = e.scored;
      ++recorded;
    }
  }
  out.scored_at_end = (*campaign)->num_scored();
  return out;
}

int Main(int argc, char** argv) {
  Options o;
  o.table = std::string(TOURNEY_SHARED_DIR) + "/data/wmt20-mqm/en-de.tsv.gz";
  o.exclude = {"Human-A.0"};
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const char* v = argv[i + 1];
    if (flag == "--table") {
      o.table = v;
    } else if (flag == "--campaigns") {
      o.campaigns = std::atoi(v);
    } else if (flag == "--tolerance") {
      o.tolerance = std::atof(v);
    } else if (flag == "--check") {
      o.check = std::max(1, std::atoi(v));
    } else if (flag == "--threads") {
      o.threads = std::max(1, std::atoi(v));
    } else if (flag == "--seed") {
      o.seed = std::strtoull(v, nullptr, 10);
    } else if (flag == "--score-min") {
      o.score_min = std::atof(v);
    } else if (flag == "--score-max") {
      o.score_max = std::atof(v);
    } else if (flag == "--exclude-system") {
      o.exclude = {v};
    } else if (flag == "--configs") {
      o.configs.clear();
      std::string list = v;
      size_t start = 0;
      while (start <= list.size()) {
        const size_t comma = list.find(',', start);
        o.configs.push_back(list.substr(start, comma - start));
        if (comma == std::string::npos) break;
        start = comma + 1;
      }
    } else {
      std::fprintf(stderr, "scoring_coverage: unknown option %s\n", argv[i]);
      return 2;
    }
  }
  ScoredSegmentReadOptions ro;
  ro.exclude_systems = o.exclude;
  auto table = ReadScoredSegments(o.table, ro);
  if (!table.ok()) {
    std::fprintf(stderr, "scoring_coverage: %s\n", table.status().message().c_str());
    return 2;
  }
  std::vector<Config> configs;
  for (const std::string& name : o.configs) {
    Config c;
    c.name = name;
    if (name == "bootstrap-t") {
      c.bound = BoundKind::kBootstrapT;
    } else if (name == "betting-cs") {
      c.design = Design::kRandom;
      c.estimator = EstimatorSpec{};
      c.bound = BoundKind::kBettingCs;
    } else if (name != "cv-cs") {
      std::fprintf(stderr, "scoring_coverage: unknown configuration %s\n", name.c_str());
      return 2;
    }
    configs.push_back(c);
  }
  const int systems = static_cast<int>(table->systems.size());
  std::printf("%d campaigns, %d systems, +-%.3g at 95%%, checked every %d scores\n",
              o.campaigns, systems, o.tolerance, o.check);
  for (const Config& c : configs) {
    std::vector<CampaignRecord> records(o.campaigns);
    std::atomic<int> next{0};
    std::vector<std::thread> workers;
    for (int w = 0; w < o.threads; ++w) {
      workers.emplace_back([&]() {
        for (int k = next++; k < o.campaigns; k = next++) {
          records[k] = RunCampaign(*table, c, o, DeriveSeed(o.seed, static_cast<uint64_t>(k)));
        }
      });
    }
    for (std::thread& t : workers) t.join();
    double worst = 1.0, mean_share = 0.0, end_share = 0.0, reached = 0.0;
    std::string worst_name;
    int64_t items = 0;
    for (const SystemSegments& s : table->systems) items += s.size();
    for (int s = 0; s < systems; ++s) {
      int covered = 0, got = 0;
      for (const CampaignRecord& r : records) {
        if (!r.systems[s].reached) continue;
        ++got;
        covered += r.systems[s].covered;
        mean_share += static_cast<double>(r.systems[s].scored) / table->systems[s].size();
      }
      reached += got;
      const double share = got > 0 ? static_cast<double>(covered) / got : 1.0;
      if (share < worst) {
        worst = share;
        worst_name = table->systems[s].name;
      }
    }
    for (const CampaignRecord& r : records) {
      end_share += static_cast<double>(r.scored_at_end) / items / o.campaigns;
    }
    std::printf(
        "%-12s worst system coverage %.1f%% (%s), systems reached %.1f%%, scored at a "
        "system's stop %.1f%% of its segments, campaign total %.1f%% of the items\n",
        c.name.c_str(), 100 * worst, worst_name.empty() ? "every system" : worst_name.c_str(),
        100 * reached / (static_cast<double>(systems) * o.campaigns),
        100 * mean_share / std::max(1.0, reached), 100 * end_share);
    for (int s = 0; s < systems; ++s) {
      int covered = 0, got = 0;
      for (const CampaignRecord& r : records) {
        got += r.systems[s].reached;
        covered += r.systems[s].reached && r.systems[s].covered;
      }
      std::printf("  %-26s covered %5.1f%% of %d\n", table->systems[s].name.c_str(),
                  got ? 100.0 * covered / got : 100.0, got);
    }
  }
  return 0;
}

}  // namespace
}  // namespace tourney

int main(int argc, char** argv) { return tourney::Main(argc, argv); }
