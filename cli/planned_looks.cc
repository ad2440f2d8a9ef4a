#include "planned_looks.h"

#include <cmath>
#include <utility>

#include "render/text_format.h"
#include "tourney/statistics/group_sequential.h"

namespace tourney::cli {

void AddPlannedLookFlags(Flags& flags) {
  flags.Add("looks", "K", "",
            "a campaign with K looks planned in advance (1..100), equally spaced over the "
            "--looks-budget: shows the board of the last look the input has reached, its rank "
            "ranges at the level O'Brien-Fleming-type alpha spending gives that look, so "
            "that all K looks together keep --confidence (docs/anytime.md)");
  flags.Add("looks-budget", "N", "",
            "with --looks: the campaign's planned judgments (rankings, battles); default: "
            "the input's");
}

StatusOr<std::optional<PlannedLookBoard>> PlannedLookFromFlags(const Flags& flags,
                                                              const Judgments& judgments,
                                                              double confidence) {
  if (!flags.IsSet("looks")) {
    if (flags.IsSet("looks-budget")) {
      return InvalidArgument("option '--looks-budget' goes with --looks");
    }
    return std::optional<PlannedLookBoard>();
  }
  auto looks = flags.GetInt("looks");
  if (!looks.ok()) return looks.status();
  if (*looks < 1 || *looks > 100) {
    return InvalidArgument("option '--looks': must be between 1 and 100");
  }
  const int64_t have = static_cast<int64_t>(judgments.num_rankings());
  int64_t budget = have;
  if (flags.IsSet("looks-budget")) {
    auto b = flags.GetInt("looks-budget");
    if (!b.ok()) return b.status();
    if (*b < 1) return InvalidArgument("option '--looks-budget': must be at least 1");
    budget = *b;
  }
  const int k_total = static_cast<int>(*looks);
  auto plan = PlanEqualLooks(k_total, 1.0 - confidence);
  if (!plan.ok()) return plan.status();
  auto at = [&](int k) {  // judgments at look k (1-based)
    return static_cast<int64_t>(
        std::ceil(static_cast<double>(k) * static_cast<double>(budget) / k_total));
  };
  int reached = 0;
  while (reached < k_total && at(reached + 1) <= have) ++reached;
  if (reached == 0) {
    return InvalidArgument("no planned look reached yet: look 1 of " + std::to_string(k_total) +
                           " comes at " + WithThousands(at(1)) + " judgments, the input has " +
                           WithThousands(have));
  }
  const PlannedLook& look = (*plan)[static_cast<size_t>(reached - 1)];
  PlannedLookBoard out;
  out.judgments = Judgments();
  for (int64_t r = 0; r < at(reached); ++r) {
    out.judgments.AppendRankingFrom(judgments, static_cast<size_t>(r));
  }
  out.judgments.dropped_blank = judgments.dropped_blank;
  out.judgments.dropped_single = judgments.dropped_single;
  out.judgments.skipped_invalid = judgments.skipped_invalid;
  out.confidence = 1.0 - look.nominal_alpha;
  char level[32];
  std::snprintf(level, sizeof level, "%.6g%%", 100.0 * out.confidence);
  char overall[32];
  std::snprintf(overall, sizeof overall, "%.4g%%", 100.0 * confidence);
  out.note = "planned look " + std::to_string(reached) + " of " + std::to_string(k_total) +
             " (budget " + WithThousands(budget) + " judgments): the board of the first " +
             WithThousands(at(reached)) + ", rank ranges at this look's " + level +
             " (O'Brien-Fleming-type alpha spending), " + overall +
             " family-wise over " + (k_total == 1 ? std::string("one look") : "the " + CountOf(k_total, "look"));
  if (have > at(reached)) {
    out.note += "; provisional between looks: " + WithThousands(have - at(reached)) +
                " later judgments are not shown" +
                (reached < k_total ? " until look " + std::to_string(reached + 1) + " at " +
                                         WithThousands(at(reached + 1))
                                   : std::string(" (beyond the budget)"));
  }
  return std::optional<PlannedLookBoard>(std::move(out));
}

}  // namespace tourney::cli
