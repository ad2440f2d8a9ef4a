#include "pairwise_flags.h"

#include <cmath>

#include "tourney/models/hopkins_may.h"

namespace tourney::cli {

namespace {
constexpr int kPairwiseMaxIterations = 10000;
}  // namespace

void AddPairwiseFlags(Flags& flags) {
  flags.Add("tie-weight", "W", "0.5",
            "pairwise models: a tie counts W of a win for each side (Arena convention 0.5)");
  flags.Add("bt-prior", "A", "0",
            "bradley-terry: A virtual tied comparisons per system, spread over all others "
            "(0 = none unless the MLE does not exist, then 1 with a warning)");
  flags.Add("tolerance", "T", "1e-10",
            "bradley-terry, newman, eigen, pagerank: stop when the change is below T");
  flags.Add("max-iterations", "N", "auto",
            "iterations at most; auto = " + std::to_string(HopkinsMayOptions().max_iterations) +
                " for hopkins-may (it stops doubling its iterations here and warns, naming the "
                "unconverged systems) and " +
                std::to_string(kPairwiseMaxIterations) +
                " for bradley-terry, newman, eigen and pagerank");
  flags.Add("interval-level", "P", "0.95",
            "bradley-terry: level of the sandwich (robust) score intervals");
  flags.Add("v-init", "V", "0.5", "newman: starting tie parameter");
  flags.Add("elo-k", "K", "4", "elo: update step (Chatbot Arena: 4)");
  flags.Add("elo-initial", "R", "1000", "elo: starting rating");
  flags.Add("elo-scale", "S", "400", "elo: points per factor elo-base in odds");
  flags.Add("elo-base", "B", "10", "elo: logistic base");
  flags.Add("damping", "D", "0.85", "pagerank: damping factor");
}

StatusOr<PairwiseModelOptions> PairwiseOptionsFromFlags(const Flags& flags) {
  PairwiseModelOptions o;
  double tolerance = 0.0;
  for (auto [name, field] :
       {std::pair{"tie-weight", &o.weights.tie}, std::pair{"bt-prior", &o.bradley_terry.prior},
        std::pair{"tolerance", &tolerance}, std::pair{"interval-level", &o.interval_level},
        std::pair{"v-init", &o.newman.v_init}, std::pair{"elo-k", &o.elo.k},
        std::pair{"elo-initial", &o.elo.initial}, std::pair{"elo-scale", &o.elo.scale},
        std::pair{"elo-base", &o.elo.base}, std::pair{"damping", &o.damping}}) {
    auto v = flags.GetDouble(name);
    if (!v.ok()) return v.status();
    if (!std::isfinite(*v)) {
      return InvalidArgument("option '--" + std::string(name) + "': must be finite");
    }
    *field = *v;
  }
  if (!(tolerance > 0.0)) return InvalidArgument("option '--tolerance': must be > 0");
  StatusOr<int64_t> iterations = kPairwiseMaxIterations;
  if (flags.IsSet("max-iterations") && flags.Get("max-iterations") != "auto") {
    iterations = flags.GetInt("max-iterations");
  }
  if (!iterations.ok()) return iterations.status();
  if (*iterations < 1 || *iterations > 100'000'000) {
    return InvalidArgument("option '--max-iterations': " + std::to_string(*iterations) +
                           " is out of range 1..100000000");
  }
  o.bradley_terry.tolerance = o.newman.tolerance = o.power.tolerance = tolerance;
  o.bradley_terry.max_iterations = o.newman.max_iterations = o.power.max_iterations =
      static_cast<int>(*iterations);
  return o;
}

StatusOr<std::unique_ptr<RatingModel>> MakePairwiseModelFromFlags(const std::string& name,
                                                                  const Flags& flags) {
  auto options = PairwiseOptionsFromFlags(flags);
  if (!options.ok()) return options.status();
  auto model = MakePairwiseModel(name, *options);
  if (!model.ok())
    return InvalidArgument("option '--model " + name + "': " + model.status().message());
  return model;
}

}  // namespace tourney::cli
