#include "trueskill_flags.h"

#include "tourney/core/defaults.h"
#include "tourney/selection/match_selector.h"

namespace tourney::cli {

void AddTrueSkillFlags(Flags& flags) {
  flags.Add("mu", "X", "0", "trueskill: initial mean of every system (paper §3.4)");
  flags.Add("sigma", "X", "0.5", "trueskill: initial sd of every system (paper §3.4)");
  flags.Add("beta", "X", "auto",
            "trueskill: performance sd; auto = 0.25 with --selection none, else "
            "sigma * budget / 40 (the paper's setting that cancels the recency effect)");
  flags.Add("tau", "X", "0", "trueskill: dynamics sd added to sigma before each game");
  flags.Add("draw-probability", "P", "0.25",
            "trueskill: draw probability of equal systems; sets the draw margin "
            "eps = Phi^-1((P+1)/2) * sqrt(2) * beta unless --draw-margin is given");
  flags.Add("draw-margin", "EPS", "auto",
            "trueskill: draw margin eps in performance units (overrides --draw-probability)");
  flags.Add("selection", "S", "trueskill",
            "trueskill: 'none' applies every judgment once in file order; 'trueskill' (paper "
            "§2.4), 'uniform' or an active selector (boundary, frontier, racing, lucb, info-gain, "
            "thompson, arena, active-ranking; docs/selection.md) run the match-selection protocol: --budget times pick "
            "a pair, draw one of its judgments at random (with replacement), update");
  flags.Add("mode", "M", "pairwise",
            "trueskill with --selection none: 'pairwise' rates each k-way ranking as its "
            "k(k-1)/2 games in column order, 'ffa' as one k-way free-for-all game");
  flags.Add("budget", "N", "auto",
            "trueskill: selections of the protocol; auto = the number of pairwise judgments");
}

StatusOr<TrueSkillModelOptions> TrueSkillOptionsFromFlags(const Flags& flags) {
  using Selection = TrueSkillModelOptions::Selection;
  using Mode = TrueSkillModelOptions::Mode;
  TrueSkillModelOptions o;
  for (const char* name : {"mu", "sigma", "tau", "draw-probability"}) {
    auto v = flags.GetDouble(name);
    if (!v.ok()) return v.status();
  }
  o.mu = *flags.GetDouble("mu");
  o.sigma = *flags.GetDouble("sigma");
  o.tau = *flags.GetDouble("tau");
  o.draw_probability = *flags.GetDouble("draw-probability");
  if (flags.IsSet("beta") && flags.Get("beta") != "auto") {
    auto beta = flags.GetDouble("beta");
    if (!beta.ok()) return beta.status();
    o.beta = *beta;
  }
  if (flags.IsSet("draw-margin") && flags.Get("draw-margin") != "auto") {
    auto margin = flags.GetDouble("draw-margin");
    if (!margin.ok()) return margin.status();
    o.draw_margin = *margin;
  }
  if (flags.IsSet("budget") && flags.Get("budget") != "auto") {
    auto budget = flags.GetInt("budget");
    if (!budget.ok()) return budget.status();
    if (*budget < 1 || *budget > kMaxSelections) {
      return InvalidArgument("option '--budget': " + std::to_string(*budget) + " is outside 1.." +
                             std::to_string(kMaxSelections));
    }
    o.budget = *budget;
  }
  const std::string selection = flags.Get("selection");
  if (selection == "none") {
    o.selection = Selection::kNone;
  } else if (selection == "trueskill") {
    o.selection = Selection::kTrueSkill;
  } else if (selection == "uniform") {
    o.selection = Selection::kUniform;
  } else if (MakeMatchSelector(selection).ok()) {
    o.selection = Selection::kTrueSkill;
    o.selector = selection;
  } else {
    return InvalidArgument("option '--selection': '" + selection +
                           "' is not one of none, trueskill, uniform, boundary, frontier, racing, lucb, "
                           "info-gain, thompson, arena, active-ranking");
  }
  const std::string mode = flags.Get("mode");
  if (mode == "pairwise") {
    o.mode = Mode::kPairwise;
  } else if (mode == "ffa") {
    o.mode = Mode::kFreeForAll;
  } else {
    return InvalidArgument("option '--mode': '" + mode + "' is not one of pairwise, ffa");
  }
  if (o.mode == Mode::kFreeForAll && o.selection != Selection::kNone) {
    return InvalidArgument(
        "option '--mode ffa' needs '--selection none' (the protocol selects "
        "pairs)");
  }
  return o;
}

StatusOr<std::unique_ptr<RatingModel>> MakeTrueSkillModelFromFlags(const Flags& flags) {
  auto options = TrueSkillOptionsFromFlags(flags);
  if (!options.ok()) return options.status();
  return MakeTrueSkillModel(*options);
}

}  // namespace tourney::cli
