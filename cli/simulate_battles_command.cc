// tourney simulate-battles: an Arena-sized synthetic battle log from a hidden truth.
#include <cmath>
#include <fstream>
#include <iostream>

#include "commands.h"
#include "common.h"
#include "tourney/experiments/battle_simulator.h"

namespace tourney::cli {

int RunSimulateBattles(int argc, char** argv) {
  Flags flags("tourney simulate-battles --systems N --battles M --seed S [options] > log.jsonl",
              "Writes a Chatbot-Arena-style battle log as JSONL on stdout (or --out): uniform\n"
              "random pairs, outcomes from a hidden Bradley-Terry truth theta_i ~ N(0, sd^2),\n"
              "with Davidson ties (--tie-nu) and a style covariate len_diff (--style-effect).\n"
              "--truth FILE writes the hidden strengths (system,theta,elo).");
  flags.Add("systems", "N", "200", "number of models (2..100000)");
  flags.Add("battles", "M", "2000000", "number of battles");
  flags.Add("seed", "S", "1", "random seed");
  flags.Add("theta-sd", "X", "1.0", "sd of the hidden log-strengths");
  flags.Add("tie-nu", "V", "0", "Davidson tie parameter (0: no ties)");
  flags.Add("style-effect", "B", "0",
            "logit shift per unit of len_diff (written when nonzero or with --covariate)");
  flags.AddBool("covariate", "write len_diff ~ N(0, 1) even when --style-effect is 0");
  flags.AddBool("no-judge", "do not write the judge field");
  flags.Add("out", "FILE", "", "write the log to FILE instead of stdout");
  flags.Add("truth", "FILE", "", "also write the hidden strengths as CSV to FILE");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "simulate-battles", &code)) return code;
  for (const char* option : {"out", "truth"}) {
    if (Status s = CheckOutputFile(option, flags.Get(option)); !s.ok()) {
      return ReportError("simulate-battles", s);
    }
  }
  if (!flags.positionals().empty()) {
    return ReportError("simulate-battles",
                       InvalidArgument("unexpected argument '" + flags.positionals()[0] + "'"));
  }
  BattleSimulationOptions o;
  auto systems = flags.GetInt("systems");
  auto battles = flags.GetInt("battles");
  auto seed = flags.GetUint("seed");
  auto sd = flags.GetDouble("theta-sd");
  auto nu = flags.GetDouble("tie-nu");
  auto style = flags.GetDouble("style-effect");
  for (const Status* s : {&systems.status(), &battles.status(), &seed.status(), &sd.status(),
                          &nu.status(), &style.status()}) {
    if (!s->ok()) return ReportError("simulate-battles", *s);
  }
  if (*systems < 2 || *systems > 100000) {
    return ReportError("simulate-battles",
                       InvalidArgument("option '--systems': must be in 2..100000"));
  }
  o.systems = static_cast<int>(*systems);
  o.battles = *battles;
  o.seed = *seed;
  o.theta_sd = *sd;
  o.tie_nu = *nu;
  o.style_effect = *style;
  o.write_covariate = flags.GetBool("covariate");
  o.write_judge = !flags.GetBool("no-judge");
  if (Status s = ValidateBattleSimulation(o); !s.ok()) return ReportError("simulate-battles", s);
  if (flags.IsSet("truth")) {
    std::ofstream truth(flags.Get("truth"));
    if (!truth) {
      return ReportError("simulate-battles", IoError(flags.Get("truth") + ": cannot write"));
    }
    const BattleTruth t = SimulatedTruth(o);
    double mean = 0;
    for (double x : t.theta) mean += x;
    mean /= static_cast<double>(t.theta.size());
    truth << "system,theta,elo\n";
    for (size_t i = 0; i < t.names.size(); ++i) {
      truth << t.names[i] << "," << t.theta[i] << ","
            << 1000.0 + 400.0 / std::log(10.0) * (t.theta[i] - mean) << "\n";
    }
  }
  Status s;
  if (flags.IsSet("out")) {
    std::ofstream out(flags.Get("out"), std::ios::binary);
    if (!out) return ReportError("simulate-battles", IoError(flags.Get("out") + ": cannot write"));
    s = WriteSimulatedBattles(o, out);
  } else {
    std::ios::sync_with_stdio(false);
    s = WriteSimulatedBattles(o, std::cout);
  }
  if (!s.ok()) return ReportError("simulate-battles", s);
  return kExitOk;
}

}  // namespace tourney::cli
