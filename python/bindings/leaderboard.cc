#include "bindings/leaderboard.h"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>

namespace tourney::python {

namespace py = pybind11;

namespace {

// A column of a value every entry has.
template <typename T, typename Get>
py::array_t<T> Column(const std::vector<LeaderboardEntry>& entries, Get get) {
  py::array_t<T> out(entries.size());
  T* p = out.mutable_data();
  for (size_t i = 0; i < entries.size(); ++i) p[i] = static_cast<T>(get(entries[i]));
  return out;
}

// A column of an optional value: nothing when no entry has it, a numpy array of T when every
// entry has it (the usual case), else a list with None where it is absent.
template <typename T, typename Get>
void OptionalColumn(const std::vector<LeaderboardEntry>& entries, const char* name, Get get,
                    py::dict* columns) {
  size_t present = 0;
  for (const LeaderboardEntry& e : entries) present += get(e).has_value();
  if (present == 0) return;
  if (present == entries.size()) {
    (*columns)[name] = Column<T>(entries, [&get](const LeaderboardEntry& e) { return *get(e); });
    return;
  }
  py::list values;
  for (const LeaderboardEntry& e : entries) {
    auto v = get(e);
    if (v) {
      values.append(*v);
    } else {
      values.append(py::none());
    }
  }
  (*columns)[name] = values;
}

py::dict StoppingToDict(const Stopping& s) {
  py::list boundaries;
  for (const StoppingBoundary& b : s.boundaries) {
    py::dict d;
    d["upper"] = b.upper;
    d["lower"] = b.lower;
    d["separated"] = b.separated;
    d["tie_within_epsilon"] = b.tie_within_epsilon;
    d["z"] = b.z;
    d["more_judgments"] = b.more_judgments;
    d["blocking_upper"] = b.blocking_upper;
    d["blocking_lower"] = b.blocking_lower;
    boundaries.append(d);
  }
  py::dict d;
  d["settled"] = s.settled;
  d["boundaries"] = boundaries;
  d["judgments"] = s.judgments;
  d["more_judgments"] = s.more_judgments;
  d["rule"] = s.rule;
  d["delta"] = s.delta;
  d["epsilon"] = s.epsilon;
  d["top"] = s.top;
  d["top_within_epsilon"] = s.top_within_epsilon;
  return d;
}

}  // namespace

py::dict BoardToDict(const Leaderboard& board) {
  const std::vector<LeaderboardEntry>& e = board.entries;
  py::dict columns;
  py::list systems;
  for (const LeaderboardEntry& entry : e) systems.append(entry.system);
  columns["system"] = systems;
  columns["score"] = Column<double>(e, [](const LeaderboardEntry& x) { return x.score; });
  columns["rank"] = Column<int32_t>(e, [](const LeaderboardEntry& x) { return x.rank; });
  if (board.has_rank_ranges()) {
    columns["rank_lo"] = Column<int32_t>(e, [](const LeaderboardEntry& x) { return x.rank_lo; });
    columns["rank_hi"] = Column<int32_t>(e, [](const LeaderboardEntry& x) { return x.rank_hi; });
  }
  const auto cluster = [](const LeaderboardEntry& x) { return x.cluster; };
  OptionalColumn<int32_t>(e, "cluster", cluster, &columns);
  columns["comparisons"] =
      Column<int64_t>(e, [](const LeaderboardEntry& x) { return x.comparisons; });
  if (board.counts_outcomes) {  // as the JSON: no outcome columns where none are counted
    columns["wins"] = Column<int64_t>(e, [](const LeaderboardEntry& x) { return x.wins; });
    columns["losses"] = Column<int64_t>(e, [](const LeaderboardEntry& x) { return x.losses; });
    columns["ties"] = Column<int64_t>(e, [](const LeaderboardEntry& x) { return x.ties; });
  }
  OptionalColumn<double>(
      e, "mu", [](const LeaderboardEntry& x) { return x.mu; }, &columns);
  OptionalColumn<double>(
      e, "sigma", [](const LeaderboardEntry& x) { return x.sigma; }, &columns);
  OptionalColumn<double>(
      e, "r_hat", [](const LeaderboardEntry& x) { return x.r_hat; }, &columns);
  const auto upper_bound = [](const LeaderboardEntry& x) { return x.rank_upper_bound; };
  OptionalColumn<int32_t>(e, "rank_upper_bound", upper_bound, &columns);
  const auto score_lo = [](const LeaderboardEntry& x) { return x.score_lo; };
  OptionalColumn<double>(e, "score_lo", score_lo, &columns);
  const auto score_hi = [](const LeaderboardEntry& x) { return x.score_hi; };
  OptionalColumn<double>(e, "score_hi", score_hi, &columns);
  OptionalColumn<double>(
      e, "raw", [](const LeaderboardEntry& x) { return x.raw; }, &columns);
  const auto opponents = [](const LeaderboardEntry& x) { return x.opponents; };
  OptionalColumn<int32_t>(e, "opponents", opponents, &columns);
  OptionalColumn<int64_t>(
      e, "segments", [](const LeaderboardEntry& x) { return x.segments; }, &columns);
  OptionalColumn<int64_t>(
      e, "judgments", [](const LeaderboardEntry& x) { return x.judgments; }, &columns);

  py::dict meta;
  meta["model"] = board.model;
  meta["judgments"] = board.judgments;
  meta["comparisons"] = board.comparisons;
  meta["rankings"] = board.rankings;
  meta["dropped_blank"] = board.dropped_blank;
  meta["dropped_single"] = board.dropped_single;
  meta["skipped_invalid"] = board.skipped_invalid;
  meta["connected"] = board.connected;
  meta["components"] = board.components;
  meta["bootstrap_replicates"] = board.bootstrap_replicates;
  meta["replicates_are_reruns"] = board.replicates_are_reruns;
  meta["interval_rank_ranges"] = board.interval_rank_ranges;
  meta["confidence"] = board.confidence;
  meta["seed"] = board.seed;
  meta["warnings"] = board.warnings;
  py::list effects;
  for (const CovariateEffect& c : board.covariate_effects) {
    py::dict d;
    d["name"] = c.name;
    d["coefficient"] = c.coefficient;
    d["standard_error"] = c.standard_error;
    d["lo"] = c.lo;
    d["hi"] = c.hi;
    effects.append(d);
  }
  meta["covariate_effects"] = effects;
  meta["stopping"] = board.stopping ? py::object(StoppingToDict(*board.stopping)) : py::none();
  py::dict out;
  out["columns"] = columns;
  out["board"] = meta;
  return out;
}

}  // namespace tourney::python
