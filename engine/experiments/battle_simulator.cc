#include "tourney/experiments/battle_simulator.h"

#include <cmath>
#include <cstdio>
#include <utility>

#include "tourney/core/random.h"

namespace tourney {
namespace {

constexpr int kJudges = 1000;
// Sub-streams of the seed.
constexpr uint64_t kTruthStream = 0;
constexpr uint64_t kBattleStream = 1;

std::string ModelName(int i, int systems) {
  const int width = systems > 1000 ? 6 : 3;
  char buf[32];
  std::snprintf(buf, sizeof(buf), "model-%0*d", width, i);
  return buf;
}

struct SimulatedBattle {
  int a, b;
  int winner;  // 0 a, 1 b, 2 tie, 3 tie (bothbad)
  double x;
  int judge;
};

// Draws battles one at a time from the options' stream.
class BattleDrawer {
 public:
  explicit BattleDrawer(const BattleSimulationOptions& o)
      : o_(o), truth_(SimulatedTruth(o)), rng_(DeriveSeed(o.seed, kBattleStream)) {}

  const BattleTruth& truth() const { return truth_; }

  SimulatedBattle Next() {
    SimulatedBattle s;
    const uint64_t n = static_cast<uint64_t>(o_.systems);
    s.a = static_cast<int>(rng_.UniformInt(n));
    s.b = static_cast<int>(rng_.UniformInt(n - 1));
    if (s.b >= s.a) ++s.b;
    s.x = o_.style_effect != 0.0 || o_.write_covariate ? rng_.Normal() : 0.0;
    const double la = truth_.theta[s.a] + o_.style_effect * s.x / 2;
    const double lb = truth_.theta[s.b] - o_.style_effect * s.x / 2;
    // Probabilities relative to a: a = 1, b = exp(lb - la), tie = 2 nu sqrt(b).
    const double rb = std::exp(lb - la);
    const double rt = 2.0 * o_.tie_nu * std::sqrt(rb);
    const double u = rng_.Uniform() * (1.0 + rb + rt);
    if (u < 1.0) {
      s.winner = 0;
    } else if (u < 1.0 + rb) {
      s.winner = 1;
    } else {
      s.winner = rng_.Uniform() < o_.both_bad_share ? 3 : 2;
    }
    s.judge = static_cast<int>(rng_.UniformInt(kJudges));
    return s;
  }

 private:
  const BattleSimulationOptions& o_;
  const BattleTruth truth_;
  Rng rng_;
};

}  // namespace

Status ValidateBattleSimulation(const BattleSimulationOptions& o) {
  if (o.systems < 2 || o.systems > 100000) return InvalidArgument("systems must be in 2..100000");
  if (o.battles < 0) return InvalidArgument("battles must be >= 0");
  if (!(o.theta_sd >= 0.0) || !std::isfinite(o.theta_sd)) {
    return InvalidArgument("the strength spread must be finite and >= 0");
  }
  if (!(o.tie_nu >= 0.0) || !std::isfinite(o.tie_nu)) {
    return InvalidArgument("the tie parameter must be finite and >= 0");
  }
  if (!(o.both_bad_share >= 0.0 && o.both_bad_share <= 1.0)) {
    return InvalidArgument("the both-bad share must be in [0, 1]");
  }
  if (!std::isfinite(o.style_effect)) return InvalidArgument("the style effect must be finite");
  return Status::Ok();
}

BattleTruth SimulatedTruth(const BattleSimulationOptions& o) {
  BattleTruth t;
  Rng rng(DeriveSeed(o.seed, kTruthStream));
  for (int i = 0; i < o.systems; ++i) {
    t.names.push_back(ModelName(i, o.systems));
    t.theta.push_back(o.even_spacing ? o.theta_sd * (-2.0 + 4.0 * i / (o.systems - 1))
                                     : o.theta_sd * rng.Normal());
  }
  if (o.even_spacing) {  // Fisher-Yates, so that ids say nothing about strength
    for (int i = o.systems - 1; i > 0; --i) {
      std::swap(t.theta[i], t.theta[rng.UniformInt(static_cast<uint64_t>(i) + 1)]);
    }
  }
  return t;
}

Status WriteSimulatedBattles(const BattleSimulationOptions& o, std::ostream& out) {
  BattleDrawer drawer(o);
  static const char* const kWinner[] = {"model_a", "model_b", "tie", "tie (bothbad)"};
  const bool covariate = o.style_effect != 0.0 || o.write_covariate;
  std::string line;
  char number[64];
  for (int64_t i = 0; i < o.battles; ++i) {
    const SimulatedBattle s = drawer.Next();
    line.clear();
    line += "{\"model_a\":\"";
    line += drawer.truth().names[s.a];
    line += "\",\"model_b\":\"";
    line += drawer.truth().names[s.b];
    line += "\",\"winner\":\"";
    line += kWinner[s.winner];
    line += '"';
    if (o.write_judge) {
      std::snprintf(number, sizeof(number), ",\"judge\":\"judge-%03d\"", s.judge);
      line += number;
    }
    if (covariate) {
      std::snprintf(number, sizeof(number), ",\"len_diff\":%.6f", s.x);
      line += number;
    }
    line += "}\n";
    out.write(line.data(), static_cast<std::streamsize>(line.size()));
    if (!out) return IoError("cannot write the simulated battles");
  }
  return Status::Ok();
}

BattleLog SimulateBattles(const BattleSimulationOptions& o) {
  BattleDrawer drawer(o);
  BattleLog log;
  for (const std::string& name : drawer.truth().names) log.systems.Intern(name);
  const bool covariate = o.style_effect != 0.0 || o.write_covariate;
  if (covariate) log.covariate_names = {"len_diff"};
  log.battles.Reserve(static_cast<size_t>(o.battles));
  for (int64_t i = 0; i < o.battles; ++i) {
    const SimulatedBattle s = drawer.Next();
    const Outcome outcome = s.winner == 0   ? Outcome::kFirstWins
                            : s.winner == 1 ? Outcome::kSecondWins
                                            : Outcome::kTie;
    log.battles.Add(s.a, s.b, outcome);
    log.ties_both_bad += s.winner == 3 ? 1 : 0;
    if (covariate) log.covariates.push_back(s.x);
  }
  return log;
}

}  // namespace tourney
