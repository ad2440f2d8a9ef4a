#include "anytime_flags.h"

#include <cmath>

#include "tourney/sequential/anytime_board.h"

namespace tourney::cli {

void AddAnytimeFlags(Flags& flags) {
  flags.AddBool("anytime",
                "the anytime-valid leaderboard: Expected Wins with ties as half wins, score "
                "bounds and clusters from confidence sequences that hold at every number of "
                "judgments at once and under any match selection, at family-wise error "
                "--delta (docs/anytime.md). Judgments are added in input order (files in the "
                "order given, rows in file order): the intervals depend on that order");
  flags.Add("anytime-board", "B", "pooled",
            "with --anytime: pooled (one sequence per system over all of its rankings, "
            "weighted by the design read from the input; valid when which systems meet in "
            "each ranking did not depend on earlier judgments, as WMT's random assignment) or "
            "pairwise (one sequence per pair of systems; valid under any selection, an "
            "adaptive campaign's included, and far less informative)");
  flags.Add("delta", "D", "0.05",
            "with --anytime: probability that any reported separation is wrong, at any time, "
            "in (0, 1); confidence = 1 - D");
  flags.Add("epsilon", "E", "0",
            "with --anytime: indifference zone in [0, 1]; two uncertified systems whose "
            "preference interval (or both score intervals) is narrower than E are a tie "
            "within E, and the board is settled when every boundary is separated or such a "
            "tie (0: never a tie)");
}

StatusOr<std::optional<AnytimeOptions>> AnytimeOptionsFromFlags(
    const Flags& flags, const std::vector<std::string>& incompatible) {
  if (!flags.GetBool("anytime")) {
    for (const char* name : {"delta", "epsilon", "anytime-board"}) {
      if (flags.IsSet(name)) {
        return InvalidArgument("option '--" + std::string(name) + "' goes with --anytime");
      }
    }
    return std::optional<AnytimeOptions>();
  }
  if (flags.IsSet("model")) {
    const std::string model = flags.Get("model");
    if (model != "expected-wins" && model != kAnytimeModel && model != kPooledAnytimeModel) {
      return InvalidArgument(
          "option '--anytime' rates with Expected Wins (ties as half wins); "
          "it cannot be combined with --model " +
          model);
    }
  }
  for (const std::string& name : incompatible) {
    if (flags.IsSet(name)) {
      return InvalidArgument("option '--anytime' cannot be combined with --" + name +
                             " (the anytime board has no bootstrap; see --help)");
    }
  }
  AnytimeOptions options;
  auto delta = flags.GetDouble("delta");
  if (!delta.ok()) return delta.status();
  if (!(std::isfinite(*delta) && *delta > 0.0 && *delta < 1.0)) {
    return InvalidArgument("option '--delta': must be strictly between 0 and 1");
  }
  auto epsilon = flags.GetDouble("epsilon");
  if (!epsilon.ok()) return epsilon.status();
  if (!(std::isfinite(*epsilon) && *epsilon >= 0.0 && *epsilon <= 1.0)) {
    return InvalidArgument("option '--epsilon': must be between 0 and 1");
  }
  const std::string board = flags.Get("anytime-board");
  if (board != "pooled" && board != "pairwise") {
    return InvalidArgument("option '--anytime-board': '" + board +
                           "' is neither pooled nor pairwise");
  }
  options.delta = *delta;
  options.epsilon = *epsilon;
  return std::optional<AnytimeOptions>(options);
}

StatusOr<Leaderboard> BuildAnytimeBoard(const Flags& flags, const Judgments& judgments,
                                        const AnytimeOptions& options) {
  return flags.Get("anytime-board") == "pairwise"
             ? BuildAnytimeLeaderboard(judgments, options)
             : BuildPooledAnytimeLeaderboard(judgments, options);
}

}  // namespace tourney::cli
