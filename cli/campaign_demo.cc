// tourney demo: a live campaign against a tourneyd child process on loopback.
//
// Starts tourneyd (found next to this binary) on 127.0.0.1 with a temporary data dir,
// creates two campaigns over the same simulated systems, one with the uniform selector and
// one with the default selector (boundary, docs/selection.md), and lets simulated annotators
// judge them from threads (their answers come from the hidden qualities: SimulateRanks).
// Each campaign stops at the first checkpoint whose leaderboard the stopping rule calls
// settled (stopping_rule.h), or at the budget. It prints the clustered leaderboard of each,
// the judgments each selector spent, and how many judgments the default selection needed
// to reach the clusters uniform selection reached.
//
// Reproducibility: within each round annotators ask for matches and submit them in a fixed
// turn order (all of a round's matches are out at once, so the server's batch awareness
// gives them different matches), and the server draws each annotator's matches from the
// annotator's own random stream, so the commit order, the ratings and the output depend on
// --seed only.
#include <grpcpp/grpcpp.h>

#include <signal.h>
#include <unistd.h>

#include <barrier>
#include <cctype>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "commands.h"
#include "demo_serve.h"
#include "local_server.h"
#include "common.h"
#include "proto/leaderboard_proto.h"
#include "render/leaderboard_format.h"
#include "scoring_demo.h"
#include "tourney/campaigns/campaign.h"
#include "tourney/core/leaderboard.h"
#include "tourney/core/random.h"
#include "tourney/experiments/simulate.h"
#include "tourney/ingest/csv_reader.h"
#include "tourney/selection/match_selector.h"
#include "tourney/v1/tournament.grpc.pb.h"

namespace tourney::cli {
namespace {



Status FromGrpc(const std::string& what, const grpc::Status& s) {
  if (s.ok()) return Status::Ok();
  return Internal(what + ": " + s.error_message());
}

struct DemoCampaign {
  uint64_t id = 0;
  std::string token;
  int64_t judgments = 0;
};

// Simulated annotators judging one campaign in lock-step rounds: everyone asks for a match
// (concurrently), then everyone submits in annotator order.
class AnnotatorPool {
 public:
  AnnotatorPool(int port, const DemoCampaign& campaign, const std::vector<double>& quality,
                const std::map<std::string, int>& system_ids, const CampaignOptions& noise,
                int annotators, uint64_t seed)
      : port_(port),
        campaign_(campaign),
        quality_(quality),
        system_ids_(system_ids),
        noise_(noise),
        annotators_(annotators) {
    for (int a = 0; a < annotators; ++a) {
      rngs_.emplace_back(DeriveSeed(seed, static_cast<uint64_t>(a)));
      grpc::ChannelArguments args;
      args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);  // a connection per annotator
      stubs_.push_back(v1::Tournament::NewStub(grpc::CreateCustomChannel(
          "127.0.0.1:" + std::to_string(port_), grpc::InsecureChannelCredentials(), args)));
    }
  }

  // Runs `rounds` rounds: rounds * annotators judgments.
  Status Run(int rounds) {
    std::barrier sync(annotators_);
    std::mutex mu;
    std::condition_variable cv;
    int turn = 0;      // whose submission is next
    int ask_turn = 0;  // whose request is next
    Status first_error;
    std::vector<std::thread> threads;
    for (int a = 0; a < annotators_; ++a) {
      threads.emplace_back([&, a] {
        const std::string name = "annotator" + std::to_string(a + 1);
        for (int r = 0; r < rounds; ++r) {
          v1::NextMatchRequest next;
          next.set_campaign_id(campaign_.id);
          next.set_annotator(name);
          v1::NextMatchResponse match;
          {
            // Requests in turn order too: every match of a round is out at the same time
            // (the server serves concurrent annotators different matches), and which
            // annotator gets which does not depend on thread scheduling.
            std::unique_lock<std::mutex> lock(mu);
            cv.wait(lock, [&] { return ask_turn == a; });
          }
          grpc::Status s = stubs_[a]->NextMatch(DemoContext(campaign_.token).get(), next, &match);
          {
            std::lock_guard<std::mutex> lock(mu);
            ask_turn = (ask_turn + 1) % annotators_;
            cv.notify_all();
          }
          std::vector<double> q;
          for (const std::string& system : match.systems()) {
            auto it = system_ids_.find(system);
            if (it == system_ids_.end()) {
              s = grpc::Status(grpc::StatusCode::INTERNAL, "unknown system '" + system + "'");
              break;
            }
            q.push_back(quality_[static_cast<size_t>(it->second)]);
          }
          std::vector<uint8_t> ranks;
          if (s.ok()) SimulateRanks(q, noise_, rngs_[a], &ranks);
          sync.arrive_and_wait();  // every match is out before anyone submits
          {
            std::unique_lock<std::mutex> lock(mu);
            cv.wait(lock, [&] { return turn == a; });
          }
          if (s.ok()) {
            v1::SubmitJudgmentRequest submit;
            submit.set_campaign_id(campaign_.id);
            submit.set_match_id(match.match_id());
            submit.set_annotator(name);
            for (uint8_t rank : ranks) submit.add_ranks(rank);
            submit.set_idempotency_key(name + "-" + std::to_string(match.match_id()));
            v1::SubmitJudgmentResponse ack;
            s = stubs_[a]->SubmitJudgment(DemoContext(campaign_.token).get(), submit, &ack);
          }
          {
            std::lock_guard<std::mutex> lock(mu);
            if (!s.ok() && first_error.ok()) first_error = FromGrpc("annotator " + name, s);
            turn = (turn + 1) % annotators_;
            cv.notify_all();
          }
          sync.arrive_and_wait();
        }
      });
    }
    for (auto& t : threads) t.join();
    return first_error;
  }

 private:
  const int port_;
  const DemoCampaign campaign_;
  const std::vector<double>& quality_;
  const std::map<std::string, int>& system_ids_;
  const CampaignOptions noise_;
  const int annotators_;
  std::vector<Rng> rngs_;
  std::vector<std::unique_ptr<v1::Tournament::Stub>> stubs_;
};

// Systems by cluster, best cluster first.
std::vector<std::set<std::string>> Clusters(const v1::Leaderboard& board) {
  std::map<int, std::set<std::string>> by_cluster;
  for (const auto& e : board.entries()) by_cluster[e.cluster()].insert(e.system());
  std::vector<std::set<std::string>> out;
  for (auto& [c, systems] : by_cluster) out.push_back(systems);
  return out;
}

}  // namespace

int RunDemo(int argc, char** argv) {
  for (int i = 2; i < argc; ++i) {
    if (std::string(argv[i]) == "--offline") {
      std::vector<char*> rest(argv, argv + argc);
      rest.erase(rest.begin() + i);
      return RunOfflineDemo(static_cast<int>(rest.size()), rest.data());
    }
  }
  Flags flags("tourney demo [options]   (tourney demo --offline [options]: the offline demo)",
              "Starts tourneyd on 127.0.0.1 with a temporary data dir, runs two simulated\n"
              "campaigns on it (uniform and the default match selection, boundary; simulated\n"
              "annotators in threads answer from hidden system qualities). Each campaign stops\n"
              "when the leaderboard's stopping rule says settled, or at the budget. Prints each\n"
              "campaign's anytime-valid leaderboard (what tourneyd publishes), the judgments\n"
              "each selector spent, how many the default selection needed to reach uniform\n"
              "selection's anytime clusters, and, labelled as such, the fixed-sample board.");
  flags.Add("systems", "N", "10", "number of systems (3..100)");
  flags.Add("k", "K", "5", "systems per match (2..5)");
  flags.Add("budget", "N", "1000",
            "most judgments of the uniform campaign (and of the default "
            "selector's campaign, but see --max-factor)");
  flags.Add("annotators", "N", "10", "simulated annotators per campaign (1..64)");
  flags.Add("checkpoint", "N", "100",
            "judgments between two cluster checks (rounded to a "
            "multiple of --annotators)");
  flags.Add("bootstrap", "R", "200", "bootstrap replicates of the fixed-sample board shown for comparison");
  flags.Add("max-factor", "X", "3",
            "the default selection, not settled, may judge up to X "
            "times the budget to reach uniform selection's clusters");
  flags.Add("model", "M", "trueskill", "model of the fixed-sample board shown for comparison");
  flags.Add("seed", "S", "1", "random seed (qualities, annotators, selection, bootstrap)");
  flags.Add("quality-sd", "X", "1.0", "sd of the hidden system qualities");
  flags.Add("sigma-obs", "X", "1.0", "annotator noise (paper §2.2)");
  flags.Add("radius", "D", "0.5", "decision radius: outputs closer than D tie");
  flags.AddBool("serve",
                "then create a campaign of real texts for people, print its annotator and "
                "dashboard addresses, and keep tourneyd serving them until Ctrl-C (when stdin "
                "is a terminal)");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "demo", &code)) return code;
  const bool serve = flags.GetBool("serve");
  const bool serve_until_interrupted = serve && isatty(STDIN_FILENO) == 1;
  if (serve_until_interrupted) {
    // Ctrl-C ends the serving (sigwait in ServeDemoCampaign): blocked here, before any
    // thread starts, so that every thread inherits the mask and none dies of it.
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, nullptr);
  }
  if (!flags.positionals().empty()) {
    return ReportError("demo",
                       InvalidArgument("unexpected argument '" + flags.positionals()[0] + "'"));
  }
  auto systems = flags.GetInt("systems");
  auto k = flags.GetInt("k");
  auto budget = flags.GetInt("budget");
  auto annotators = flags.GetInt("annotators");
  auto checkpoint = flags.GetInt("checkpoint");
  auto replicates = flags.GetInt("bootstrap");
  auto seed = flags.GetUint("seed");
  auto quality_sd = flags.GetDouble("quality-sd");
  auto sigma_obs = flags.GetDouble("sigma-obs");
  auto radius = flags.GetDouble("radius");
  auto max_factor = flags.GetDouble("max-factor");
  for (const Status* s :
       {&systems.status(), &k.status(), &budget.status(), &annotators.status(),
        &checkpoint.status(), &replicates.status(), &seed.status(), &quality_sd.status(),
        &sigma_obs.status(), &radius.status(), &max_factor.status()}) {
    if (!s->ok()) return ReportError("demo", *s);
  }
  if (*systems < 3 || *systems > 100)
    return ReportError("demo", InvalidArgument("--systems must be in 3..100"));
  if (*k < 2 || *k > 5 || *k > *systems) {
    return ReportError("demo", InvalidArgument("--k must be in 2..5 and at most --systems"));
  }
  if (*annotators < 1 || *annotators > 64) {
    return ReportError("demo", InvalidArgument("--annotators must be in 1..64"));
  }
  if (*budget < *annotators || *budget > 1000000) {
    return ReportError("demo", InvalidArgument("--budget must be in --annotators..1000000"));
  }
  if (*replicates < 10 || *replicates > 10000) {
    return ReportError("demo", InvalidArgument("--bootstrap must be in 10..10000"));
  }
  if (!(*max_factor >= 1 && *max_factor <= 20)) {
    return ReportError("demo", InvalidArgument("--max-factor must be in 1..20"));
  }
  const int64_t per_round = *annotators;
  const int rounds_total = static_cast<int>(*budget / per_round);
  const int rounds_per_check =
      static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(*checkpoint, *budget) / per_round));

  // Hidden qualities from the simulator's generative story.
  CampaignOptions sim;
  sim.systems = static_cast<int>(*systems);
  sim.k = static_cast<int>(*k);
  sim.rankings = 0;
  sim.seed = *seed;
  sim.quality_sd = *quality_sd;
  sim.sigma_obs = *sigma_obs;
  sim.radius = *radius;
  auto truth = SimulateCampaign(sim);
  if (!truth.ok()) return ReportError("demo", truth.status());
  const std::vector<double>& quality = truth->quality;
  std::map<std::string, int> system_ids;
  for (int i = 0; i < sim.systems; ++i) system_ids[truth->judgments.systems().Name(i)] = i;

  LocalServer server;
  Status started = server.Start(serve);
  if (!started.ok()) return ReportError("demo", started);
  auto stub = v1::Tournament::NewStub(grpc::CreateChannel(
      "127.0.0.1:" + std::to_string(server.port()), grpc::InsecureChannelCredentials()));
  std::cout << "tourneyd serving on 127.0.0.1:" << server.port() << " (data in " << server.dir()
            << ")\n"
            << sim.systems << " simulated systems, " << *k << " per match, " << *annotators
            << " annotators per campaign, seed " << *seed << "\n\n";

  auto create = [&](const std::string& selector) -> StatusOr<DemoCampaign> {
    v1::CreateCampaignRequest req;
    v1::CampaignConfig* c = req.mutable_config();
    c->set_name("demo-" + selector);
    c->set_enrolment(v1::ENROLMENT_OPEN);  // simulated annotators share the token
    for (int i = 0; i < sim.systems; ++i) c->add_systems(truth->judgments.systems().Name(i));
    for (int i = 0; i < 3000; ++i) c->add_segments()->set_id(i);
    c->set_k(static_cast<int32_t>(*k));
    c->set_selector(selector);
    c->set_seed(DeriveSeed(*seed, selector == "uniform" ? 1 : 2));
    // TrueSkill's model of the simulator's story: prior sd = spread of the qualities,
    // performance sd = the per-output noise, draw margin = the decision radius.
    v1::TrueSkillConfig* t = c->mutable_trueskill();
    t->set_sigma(sim.quality_sd > 0 ? sim.quality_sd : 0.5);
    t->set_beta(std::sqrt(sim.sigma_a * sim.sigma_a + sim.sigma_obs * sim.sigma_obs));
    t->set_draw_margin(sim.radius);
    v1::CreateCampaignResponse resp;
    grpc::Status s = stub->CreateCampaign(DemoContext(server.token()).get(), req, &resp);
    if (!s.ok()) return FromGrpc("CreateCampaign", s);
    return DemoCampaign{resp.campaign_id(), resp.annotator_token(), 0};
  };
  // The campaign's own board, what tourneyd publishes of a live campaign: anytime-valid at
  // the default stopping rule's delta and epsilon (docs/anytime.md).
  auto board_of = [&](const DemoCampaign& c, v1::Leaderboard* board) -> Status {
    v1::GetLeaderboardRequest req;
    req.set_campaign_id(c.id);
    req.set_anytime(true);
    req.set_delta(kDefaultCampaignStopping.delta);
    req.set_epsilon(kDefaultCampaignStopping.epsilon);
    return FromGrpc("GetLeaderboard",
                    stub->GetLeaderboard(DemoContext(server.token()).get(), req, board));
  };
  // The fixed-sample bootstrap board, printed once for comparison.
  auto bootstrap_of = [&](const DemoCampaign& c, v1::Leaderboard* board) -> Status {
    v1::GetLeaderboardRequest req;
    req.set_campaign_id(c.id);
    req.set_model(flags.Get("model"));
    req.set_bootstrap_replicates(static_cast<int32_t>(*replicates));
    req.set_seed(*seed);
    return FromGrpc("GetLeaderboard",
                    stub->GetLeaderboard(DemoContext(server.token()).get(), req, board));
  };

  // Both campaigns run side by side, each to the whole budget, with the campaign's
  // anytime-valid leaderboard at every checkpoint.
  struct Run {
    std::string selector;
    DemoCampaign campaign;
    std::unique_ptr<AnnotatorPool> pool;
    int rounds_done = 0;
    int64_t settled_at = -1;  // judgments when the stopping rule first said settled
    std::vector<std::pair<int64_t, v1::Leaderboard>> boards;  // (judgments, board)
    v1::PairCountsMatrix counts;
    Status status;

    // Judges up to `rounds` more rounds, with a clustered leaderboard every checkpoint.
    void Advance(int rounds, int rounds_per_check, int64_t per_round,
                 const std::function<Status(const DemoCampaign&, v1::Leaderboard*)>& board_of) {
      for (int done = 0; done < rounds && status.ok();) {
        const int now = std::min(rounds_per_check, rounds - done);
        status = pool->Run(now);
        done += now;
        rounds_done += now;
        v1::Leaderboard board;
        if (status.ok()) status = board_of(campaign, &board);
        boards.emplace_back(static_cast<int64_t>(rounds_done) * per_round, std::move(board));
        if (status.ok() && boards.back().second.stopping().settled()) {
          settled_at = boards.back().first;
          break;
        }
      }
    }
  };
  std::vector<Run> runs(2);
  runs[0].selector = "uniform";
  runs[1].selector = std::string(kDefaultMatchSelector);
  for (Run& run : runs) {
    auto created = create(run.selector);
    if (!created.ok()) return ReportError("demo", created.status());
    run.campaign = *created;
    // The same annotators (the same answer streams) on both campaigns.
    run.pool =
        std::make_unique<AnnotatorPool>(server.port(), run.campaign, quality, system_ids, sim,
                                        static_cast<int>(*annotators), DeriveSeed(*seed, 10));
  }
  // Both campaigns side by side up to the budget.
  {
    std::vector<std::thread> drivers;
    for (Run& run : runs) {
      drivers.emplace_back(
          [&] { run.Advance(rounds_total, rounds_per_check, per_round, board_of); });
    }
    for (auto& d : drivers) d.join();
  }
  for (const Run& run : runs) {
    if (!run.status.ok()) return ReportError("demo", run.status);
  }

  const auto& [uniform_judgments, uniform_board] = runs[0].boards.back();
  const auto target = Clusters(uniform_board);
  // First checkpoint of each run whose clusters are uniform selection's final ones.
  auto first_reach = [&](const Run& run) -> const std::pair<int64_t, v1::Leaderboard>* {
    for (const auto& checkpoint : run.boards) {
      if (Clusters(checkpoint.second) == target) return &checkpoint;
    }
    return nullptr;
  };
  // Not settled and not there yet: the default selection goes on, up to --max-factor times the
  // budget.
  const int rounds_cap = static_cast<int>(*max_factor * rounds_total);
  while (runs[1].settled_at < 0 && !first_reach(runs[1]) && runs[1].rounds_done < rounds_cap &&
         runs[1].status.ok()) {
    runs[1].Advance(std::min(rounds_per_check, rounds_cap - runs[1].rounds_done), rounds_per_check,
                    per_round, board_of);
  }
  for (Run& run : runs) {
    if (run.status.ok()) {
      v1::GetPairCountsRequest req;
      req.set_campaign_id(run.campaign.id);
      run.status = FromGrpc("GetPairCounts",
                            stub->GetPairCounts(DemoContext(server.token()).get(), req, &run.counts));
    }
    if (!run.status.ok()) return ReportError("demo", run.status);
  }
  const auto* uniform_reach = first_reach(runs[0]);
  const auto* trueskill_reach = first_reach(runs[1]);
  const auto& shown = trueskill_reach ? *trueskill_reach : runs[1].boards.back();

  std::cout << "Uniform selection, " << WithThousands(uniform_judgments) << " judgments:\n"
            << FormatLeaderboard(FromProto(uniform_board), OutputFormat::kTable) << "\n";
  std::string default_name = runs[1].selector;
  default_name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(default_name[0])));
  // The board shown may be a checkpoint's, before the campaign's end: the title gives the
  // campaign's judgments and, when they differ, the checkpoint's (the audit saw "Boundary
  // selection, 800 judgments" for a campaign that ran on).
  const int64_t campaign_judgments = runs[1].boards.back().first;
  std::cout << default_name << " selection, " << WithThousands(campaign_judgments)
            << " judgments";
  if (shown.first != campaign_judgments) {
    std::cout << "; its board after " << WithThousands(shown.first)
              << ", the first to show uniform selection's final clusters";
  }
  std::cout << ":\n" << FormatLeaderboard(FromProto(shown.second), OutputFormat::kTable) << "\n";

  // How much of each campaign's data compared systems close in the hidden order.
  std::vector<int> true_rank(quality.size());
  {
    std::vector<int> order(quality.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::sort(order.begin(), order.end(), [&](int a, int b) { return quality[a] > quality[b]; });
    for (size_t r = 0; r < order.size(); ++r)
      true_rank[static_cast<size_t>(order[r])] = static_cast<int>(r);
  }
  auto close_share = [&](const v1::PairCountsMatrix& m) {
    const int n = m.systems_size();
    double close = 0, all = 0;
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        const auto ia = system_ids.find(m.systems(i)), ib = system_ids.find(m.systems(j));
        if (ia == system_ids.end() || ib == system_ids.end()) continue;
        const int a = ia->second, b = ib->second;
        const double count = static_cast<double>(m.wins(i * n + j)) +
                             (i < j ? static_cast<double>(m.ties(i * n + j)) : 0.0);
        all += count;
        if (std::abs(true_rank[a] - true_rank[b]) <= 2) close += count;
      }
    }
    return all > 0 ? 100.0 * close / all : 0.0;
  };

  for (const Run& run : runs) {
    const v1::Stopping& stop = run.boards.back().second.stopping();
    if (run.settled_at >= 0) {
      std::printf("Stopping rule: %s selection settled after %s judgments.\n", run.selector.c_str(),
                  WithThousands(run.settled_at).c_str());
    } else if (stop.rule() == "z") {
      std::printf(
          "Stopping rule: %s selection not settled after %s judgments (about %s more "
          "for the open boundaries).\n",
          run.selector.c_str(), WithThousands(run.boards.back().first).c_str(),
          WithThousands(stop.more_judgments()).c_str());
    } else {
      // The anytime rule makes no estimate of the judgments still needed.
      int separated = 0, ties = 0;
      for (const v1::StoppingBoundary& b : stop.boundaries()) {
        separated += b.separated() ? 1 : 0;
        ties += b.tie_within_epsilon() ? 1 : 0;
      }
      std::printf(
          "Stopping rule: %s selection not settled after %s judgments (%s rule, delta %g, "
          "epsilon %g: %d of %d boundaries separated, %d ties within epsilon).\n",
          run.selector.c_str(), WithThousands(run.boards.back().first).c_str(), stop.rule().c_str(),
          stop.delta(), stop.epsilon(), separated, stop.boundaries_size(), ties);
    }
  }
  // Each campaign's board in one line (the tables above), then the fixed-sample board for
  // comparison, labelled with what it does not promise.
  for (const Run& run : runs) {
    const v1::Leaderboard& board = run.boards.back().second;
    int clusters = 0, certified = 0;
    for (const v1::LeaderboardEntry& e : board.entries()) {
      clusters = std::max(clusters, e.cluster());
      certified += e.rank_lo() - 1;
    }
    std::printf(
        "Anytime-valid leaderboard (delta 0.05) of %s selection: %d cluster%s, %d of %d "
        "pairs certified.\n",
        run.selector.c_str(), clusters, clusters == 1 ? "" : "s", certified,
        board.entries_size() * (board.entries_size() - 1) / 2);
  }
  {
    v1::Leaderboard fixed;
    if (Status s = bootstrap_of(runs[0].campaign, &fixed); !s.ok()) return ReportError("demo", s);
    int clusters = 0;
    for (const v1::LeaderboardEntry& e : fixed.entries()) clusters = std::max(clusters, e.cluster());
    std::printf(
        "For comparison only: the fixed-sample bootstrap board (%s, %d replicates) of uniform "
        "selection's %s judgments has %d cluster%s. Its 95%% holds for one look at a sample "
        "size fixed in advance, not for a board watched during the campaign or for adaptive "
        "selection; the boards above keep theirs at every look.\n",
        flags.Get("model").c_str(), static_cast<int>(*replicates),
        WithThousands(uniform_judgments).c_str(), clusters, clusters == 1 ? "" : "s");
  }
  std::printf("Anytime clusters of uniform selection after %s judgments: %zu.\n",
              WithThousands(uniform_judgments).c_str(), target.size());
  if (uniform_reach) {
    std::printf("  uniform selection first showed them after   %s judgments\n",
                WithThousands(uniform_reach->first).c_str());
  }
  if (trueskill_reach) {
    std::printf("  %s selection first showed them after    %s judgments (%.0f%% of %s)\n",
                runs[1].selector.c_str(), WithThousands(trueskill_reach->first).c_str(),
                100.0 * static_cast<double>(trueskill_reach->first) /
                    static_cast<double>(uniform_judgments),
                WithThousands(uniform_judgments).c_str());
  } else {
    std::printf("  %s selection did not show them within %s judgments\n", runs[1].selector.c_str(),
                WithThousands(static_cast<int64_t>(runs[1].rounds_done) * per_round).c_str());
  }
  std::printf(
      "Comparisons between systems at most 2 apart in the hidden order: uniform %.0f%%, "
      "%s %.0f%% (checked every %s judgments).\n",
      close_share(runs[0].counts), runs[1].selector.c_str(), close_share(runs[1].counts),
      WithThousands(static_cast<int64_t>(rounds_per_check) * per_round).c_str());

  std::cout << "\nHidden qualities (truth):\n";
  std::vector<int> order(quality.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return quality[a] > quality[b]; });
  for (size_t r = 0; r < order.size(); ++r) {
    std::printf("  %2zu  %-8s %+.3f\n", r + 1, truth->judgments.systems().Name(order[r]).c_str(),
                quality[static_cast<size_t>(order[r])]);
  }
  std::fflush(stdout);
  if (Status s = RunScoringDemo(*stub, server.token(), *seed); !s.ok()) {
    return ReportError("demo", s);
  }
  if (serve) {
    // Real texts when the shared data is beside the repository (or TOURNEY_SHARED_DIR), else
    // the demo's own.
    const char* env = std::getenv("TOURNEY_SHARED_DIR");
    const std::string shared =
        env != nullptr && *env != '\0'
            ? std::string(env)
            : std::filesystem::canonical("/proc/self/exe").parent_path().string() +
                  "/../../../shared";
    const std::string ted = std::filesystem::weakly_canonical(
                                shared + "/data/wmt21-ted-mqm-texts/en-de.texts.tsv.gz")
                                .string();
    DemoTexts texts = BuiltInDemoTexts();
    if (std::filesystem::exists(ted)) {
      auto read = TedDemoTexts(ted, 30, {"Facebook-AI", "HuaweiTSC", "Online-W", "UEdin"});
      if (read.ok()) {
        texts = std::move(*read);
      } else {
        std::cerr << "demo: " << read.status().message() << "; using the demo's own texts\n";
      }
    }
    Status s = ServeDemoCampaign(server, *stub, texts, *seed, serve_until_interrupted);
    if (!s.ok()) return ReportError("demo", s);
  }
  std::cout.flush();
  std::fflush(stdout);
  return kExitOk;
}

}  // namespace tourney::cli
