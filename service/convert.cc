#include "convert.h"

namespace tourney::service {

StatusOr<CampaignConfig> FromProto(const v1::CampaignConfig& p) {
  CampaignConfig c;
  c.name = p.name();
  c.systems.assign(p.systems().begin(), p.systems().end());
  c.segments.reserve(static_cast<size_t>(p.segments_size()));
  for (const v1::Segment& s : p.segments()) c.segments.push_back({s.id(), s.document()});
  c.k = p.k();
  c.selector = p.selector().empty() ? std::string(kDefaultMatchSelector) : p.selector();
  c.seed = p.seed();
  const v1::TrueSkillConfig& t = p.trueskill();
  c.rating.mu = t.mu();
  c.rating.sigma = t.sigma();
  c.rating.beta = t.beta();
  c.rating.tau = t.tau();
  if (t.draw_case() == v1::TrueSkillConfig::kDrawProbability) {
    c.rating.draw_probability = t.draw_probability();
  } else if (t.draw_case() == v1::TrueSkillConfig::kDrawMargin) {
    c.rating.draw_margin = t.draw_margin();
  }
  if (t.update().empty() || t.update() == "pairwise") {
    c.rating.free_for_all = false;
  } else if (t.update() == "free-for-all") {
    c.rating.free_for_all = true;
  } else {
    return InvalidArgument("trueskill update must be 'pairwise' or 'free-for-all', got '" +
                           t.update() + "'");
  }
  const v1::StoppingConfig& stop = p.stopping();
  if (stop.rule() != "top-k" && stop.k() != 0) {
    return InvalidArgument("stopping k goes with the 'top-k' rule");
  }
  if (stop.rule() == "anytime") {
    c.anytime_stopping = AnytimeOptions{stop.delta() == 0.0 ? 0.05 : stop.delta(), stop.epsilon()};
  } else if (stop.rule() == "top-k") {
    // Range checks: ValidateCampaignConfig (k against the systems, delta, epsilon).
    TopKGoal& goal = c.top_k.emplace();
    goal.k = stop.k();
    goal.delta = stop.delta() == 0.0 ? 0.05 : stop.delta();
    goal.epsilon = stop.epsilon();
  } else if (!stop.rule().empty() && stop.rule() != "z") {
    return InvalidArgument("stopping rule must be 'z', 'anytime' or 'top-k', got '" + stop.rule() +
                           "'");
  } else if (stop.delta() != 0.0 || stop.epsilon() != 0.0) {
    return InvalidArgument("stopping delta and epsilon go with the 'anytime' and 'top-k' rules");
  }
  c.uniform_floor = p.has_uniform_floor() ? p.uniform_floor() : kDefaultUniformFloor;
  if (p.has_looks()) {
    c.looks = LookPlan{p.looks().looks() == 0 ? 4 : p.looks().looks(), p.looks().budget()};
  }
  if (p.lease_seconds() > 86400) {
    return InvalidArgument("lease_seconds must be in 1..86400 (0 means 600)");
  }
  return c;
}

int64_t LeaseMillis(const v1::CampaignConfig& config) {
  return 1000 * static_cast<int64_t>(config.lease_seconds() == 0 ? 600 : config.lease_seconds());
}

grpc::Status ToGrpc(const Status& status) {
  grpc::StatusCode code = grpc::StatusCode::INTERNAL;
  switch (status.code()) {
    case tourney::StatusCode::kOk: return grpc::Status::OK;
    case tourney::StatusCode::kInvalidArgument: code = grpc::StatusCode::INVALID_ARGUMENT; break;
    case tourney::StatusCode::kNotFound: code = grpc::StatusCode::NOT_FOUND; break;
    case tourney::StatusCode::kIoError: code = grpc::StatusCode::UNAVAILABLE; break;
    case tourney::StatusCode::kFailedPrecondition: code = grpc::StatusCode::FAILED_PRECONDITION; break;
    case tourney::StatusCode::kAlreadyExists: code = grpc::StatusCode::ALREADY_EXISTS; break;
    case tourney::StatusCode::kInternal: code = grpc::StatusCode::INTERNAL; break;
    case tourney::StatusCode::kCancelled: code = grpc::StatusCode::CANCELLED; break;
  }
  return grpc::Status(code, status.message());
}

}  // namespace tourney::service
