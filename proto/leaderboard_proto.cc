#include "proto/leaderboard_proto.h"

#include <google/protobuf/util/json_util.h>

namespace tourney {

v1::Leaderboard ToProto(const Leaderboard& board) {
  v1::Leaderboard m;
  m.set_model(board.model);
  m.set_judgments(board.judgments);
  m.set_comparisons(board.comparisons);
  for (const LeaderboardEntry& e : board.entries) {
    v1::LeaderboardEntry* out = m.add_entries();
    out->set_system(e.system);
    out->set_score(e.score);
    if (e.mu) out->set_mu(*e.mu);
    if (e.sigma) out->set_sigma(*e.sigma);
    out->set_rank(e.rank);
    if (board.has_rank_ranges()) {
      out->set_rank_lo(e.rank_lo);
      out->set_rank_hi(e.rank_hi);
    }
    if (e.cluster) out->set_cluster(*e.cluster);
    out->set_comparisons(e.comparisons);
    if (board.counts_outcomes) {
      out->set_wins(e.wins);
      out->set_losses(e.losses);
      out->set_ties(e.ties);
    }
    if (e.r_hat) out->set_r_hat(*e.r_hat);
    if (e.rank_upper_bound) out->set_rank_upper_bound(*e.rank_upper_bound);
    if (e.score_lo) out->set_score_lo(*e.score_lo);
    if (e.score_hi) out->set_score_hi(*e.score_hi);
    if (e.raw) out->set_raw(*e.raw);
    if (e.opponents) out->set_opponents(*e.opponents);
    if (e.segments) out->set_segments(*e.segments);
    if (e.judgments) out->set_judgments(*e.judgments);
  }
  m.set_rankings(board.rankings);
  m.set_dropped_blank(board.dropped_blank);
  m.set_skipped_invalid(board.skipped_invalid);
  m.set_connected(board.connected);
  for (const std::vector<std::string>& component : board.components) {
    v1::Component* out = m.add_components();
    for (const std::string& s : component) out->add_systems(s);
  }
  m.set_bootstrap_replicates(board.bootstrap_replicates);
  if (board.replicates_are_reruns) m.set_replicates_are_reruns(true);
  if (board.interval_rank_ranges) m.set_interval_rank_ranges(true);
  m.set_confidence(board.confidence);
  m.set_seed(board.seed);
  for (const std::string& w : board.warnings) m.add_warnings(w);
  for (const CovariateEffect& c : board.covariate_effects) {
    v1::CovariateEffect* out = m.add_covariate_effects();
    out->set_name(c.name);
    out->set_coefficient(c.coefficient);
    out->set_standard_error(c.standard_error);
    out->set_lo(c.lo);
    out->set_hi(c.hi);
  }
  if (board.stopping) {
    v1::Stopping* s = m.mutable_stopping();
    // z and more_judgments mean something under the z rule only (and an empty rule is a
    // message from before the field, when z was the only rule).
    const bool z_rule = board.stopping->rule == "z" || board.stopping->rule.empty();
    s->set_settled(board.stopping->settled);
    s->set_judgments(board.stopping->judgments);
    if (z_rule) s->set_more_judgments(board.stopping->more_judgments);
    s->set_rule(board.stopping->rule);
    s->set_delta(board.stopping->delta);
    s->set_epsilon(board.stopping->epsilon);
    for (const std::string& name : board.stopping->top) s->add_top(name);
    if (board.stopping->rule == "top-k") {
      s->set_top_within_epsilon(board.stopping->top_within_epsilon);
    }
    if (board.stopping->uniform_judgments > 0) {
      s->set_uniform_judgments(board.stopping->uniform_judgments);
    }
    for (const StoppingBoundary& b : board.stopping->boundaries) {
      v1::StoppingBoundary* out = s->add_boundaries();
      out->set_upper(b.upper);
      out->set_lower(b.lower);
      if (z_rule) out->set_z(b.z);
      out->set_separated(b.separated);
      if (z_rule) out->set_more_judgments(b.more_judgments);
      out->set_tie_within_epsilon(b.tie_within_epsilon);
      if (!b.blocking_upper.empty()) out->set_blocking_upper(b.blocking_upper);
      if (!b.blocking_lower.empty()) out->set_blocking_lower(b.blocking_lower);
    }
  }
  return m;
}

Leaderboard FromProto(const v1::Leaderboard& m) {
  Leaderboard board;
  board.model = m.model();
  board.judgments = m.judgments();
  board.comparisons = m.comparisons();
  board.entries.reserve(static_cast<size_t>(m.entries_size()));
  for (const v1::LeaderboardEntry& e : m.entries()) {
    LeaderboardEntry& out = board.entries.emplace_back();
    out.system = e.system();
    out.score = e.score();
    if (e.has_mu()) out.mu = e.mu();
    if (e.has_sigma()) out.sigma = e.sigma();
    out.rank = e.rank();
    out.rank_lo = e.has_rank_lo() ? e.rank_lo() : e.rank();
    out.rank_hi = e.has_rank_hi() ? e.rank_hi() : e.rank();
    if (e.has_cluster()) out.cluster = e.cluster();
    out.comparisons = e.comparisons();
    out.wins = e.wins();
    out.losses = e.losses();
    out.ties = e.ties();
    if (e.has_r_hat()) out.r_hat = e.r_hat();
    if (e.has_rank_upper_bound()) out.rank_upper_bound = e.rank_upper_bound();
    if (e.has_score_lo()) out.score_lo = e.score_lo();
    if (e.has_score_hi()) out.score_hi = e.score_hi();
    if (e.has_raw()) out.raw = e.raw();
    if (e.has_opponents()) out.opponents = e.opponents();
    if (e.has_segments()) out.segments = e.segments();
    if (e.has_judgments()) out.judgments = e.judgments();
  }
  board.rankings = m.rankings();
  board.dropped_blank = m.dropped_blank();
  board.skipped_invalid = m.skipped_invalid();
  board.connected = m.connected();
  for (const v1::Component& c : m.components()) {
    board.components.emplace_back(c.systems().begin(), c.systems().end());
  }
  board.bootstrap_replicates = m.bootstrap_replicates();
  board.replicates_are_reruns = m.replicates_are_reruns();
  board.interval_rank_ranges = m.interval_rank_ranges();
  board.counts_outcomes = m.entries().empty() || m.entries(0).has_wins();
  board.confidence = m.confidence();
  board.seed = m.seed();
  board.warnings.assign(m.warnings().begin(), m.warnings().end());
  for (const v1::CovariateEffect& c : m.covariate_effects()) {
    board.covariate_effects.push_back(
        {c.name(), c.coefficient(), c.standard_error(), c.lo(), c.hi()});
  }
  if (m.has_stopping()) {
    Stopping& s = board.stopping.emplace();
    s.settled = m.stopping().settled();
    s.judgments = m.stopping().judgments();
    s.more_judgments = m.stopping().more_judgments();
    s.rule = m.stopping().rule();
    s.delta = m.stopping().delta();
    s.epsilon = m.stopping().epsilon();
    s.top.assign(m.stopping().top().begin(), m.stopping().top().end());
    s.top_within_epsilon = m.stopping().top_within_epsilon();
    s.uniform_judgments = m.stopping().uniform_judgments();
    // Absent z and more_judgments (rules other than z) read as 0, as absent strings as "".
    for (const v1::StoppingBoundary& b : m.stopping().boundaries()) {
      StoppingBoundary& out = s.boundaries.emplace_back();
      out.upper = b.upper();
      out.lower = b.lower();
      out.z = b.z();
      out.separated = b.separated();
      out.more_judgments = b.more_judgments();
      out.tie_within_epsilon = b.tie_within_epsilon();
      out.blocking_upper = b.blocking_upper();
      out.blocking_lower = b.blocking_lower();
    }
  }
  return board;
}

std::string ToJson(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = true;
  options.always_print_primitive_fields = true;
  options.preserve_proto_field_names = true;
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(message, &out, options);
  return out;
}

std::string LeaderboardJson(const Leaderboard& board) { return ToJson(ToProto(board)); }

StatusOr<Leaderboard> ParseLeaderboardJson(std::string_view json) {
  v1::Leaderboard m;
  const auto parsed = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(json.data(), json.size()), &m);
  if (!parsed.ok()) return InvalidArgument(std::string(parsed.message()));
  return FromProto(m);
}

}  // namespace tourney
