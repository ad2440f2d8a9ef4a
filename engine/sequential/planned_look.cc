#include "tourney/sequential/planned_look.h"

#include <cmath>
#include <cstdio>

#include "tourney/sequential/group_sequential.h"

namespace tourney {
namespace {

// 12345 -> "12,345".
std::string Thousands(int64_t v) {
  std::string digits = std::to_string(v < 0 ? -v : v), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return (v < 0 ? "-" : "") + out;
}

std::string Percent(double share, const char* format) {
  char buf[32];
  std::snprintf(buf, sizeof buf, format, 100.0 * share);
  return std::string(buf) + "%";
}

}  // namespace

Status ValidateLookPlan(const LookPlan& plan) {
  if (plan.looks < 1 || plan.looks > 100) {
    return InvalidArgument("planned looks must be between 1 and 100, got " +
                           std::to_string(plan.looks));
  }
  if (plan.budget < plan.looks) {
    return InvalidArgument("the planned looks' budget must be at least one judgment per look, got " +
                           std::to_string(plan.budget) + " for " + std::to_string(plan.looks) +
                           " looks");
  }
  return Status::Ok();
}

StatusOr<ReachedLook> ReachPlannedLook(int64_t have, const LookPlan& plan, double confidence) {
  if (Status s = ValidateLookPlan(plan); !s.ok()) return s;
  auto looks = PlanEqualLooks(plan.looks, 1.0 - confidence);
  if (!looks.ok()) return looks.status();
  auto at = [&](int k) {  // judgments at look k (1-based)
    return static_cast<int64_t>(std::ceil(static_cast<double>(k) *
                                          static_cast<double>(plan.budget) / plan.looks));
  };
  ReachedLook r;
  r.plan = plan;
  r.have = have;
  while (r.look < plan.looks && at(r.look + 1) <= have) ++r.look;
  r.next_at = r.look < plan.looks ? at(r.look + 1) : 0;
  const std::string family = Percent(confidence, "%.4g") + " family-wise over " +
                             (plan.looks == 1 ? std::string("one look")
                                              : "the " + std::to_string(plan.looks) + " looks");
  if (r.look == 0) {
    r.note = "no planned look reached yet: look 1 of " + std::to_string(plan.looks) +
             " comes at " + Thousands(r.next_at) + " judgments, there are " + Thousands(have);
    return r;
  }
  r.at = at(r.look);
  r.confidence = 1.0 - (*looks)[static_cast<size_t>(r.look - 1)].nominal_alpha;
  r.note = "planned look " + std::to_string(r.look) + " of " + std::to_string(plan.looks) +
           " (budget " + Thousands(plan.budget) + " judgments): the board of the first " +
           Thousands(r.at) + ", rank ranges at this look's " + Percent(r.confidence, "%.6g") +
           " (O'Brien-Fleming-type alpha spending), " + family;
  if (r.provisional()) {
    r.note += "; provisional between looks: " + Thousands(have - r.at) +
              " later judgments are not shown" +
              (r.next_at > 0 ? " until look " + std::to_string(r.look + 1) + " at " +
                                   Thousands(r.next_at)
                             : std::string(" (beyond the budget)"));
  }
  return r;
}

Judgments FirstRankings(const Judgments& judgments, int64_t count) {
  Judgments out;
  for (int64_t r = 0; r < count; ++r) out.AppendRankingFrom(judgments, static_cast<size_t>(r));
  out.dropped_blank = judgments.dropped_blank;
  out.dropped_single = judgments.dropped_single;
  out.skipped_invalid = judgments.skipped_invalid;
  return out;
}

}  // namespace tourney
