// A tourney.Dataset's pickle state: everything it holds (names, rankings or battles,
// counters), as a dict of lists and numpy arrays, and the Dataset rebuilt from it.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "bindings/dataset.h"

namespace tourney::python {

namespace {

// The version of the state's layout; a state of another version is refused.
constexpr int kDatasetStateVersion = 1;

template <typename T, typename V>
py::array_t<T> ArrayOf(const V& values) {
  py::array_t<T> out(static_cast<py::ssize_t>(values.size()));
  T* p = out.mutable_data();
  for (size_t i = 0; i < values.size(); ++i) p[i] = static_cast<T>(values[i]);
  return out;
}

template <typename T>
std::vector<T> VectorOf(const py::dict& state, const char* key) {
  const auto a = state[key].cast<py::array_t<T, py::array::c_style | py::array::forcecast>>();
  return std::vector<T>(a.data(), a.data() + a.size());
}

StatusError BadState(const std::string& what) {
  return StatusError(InvalidArgument("Dataset state: " + what));
}

void CheckIds(const std::vector<int32_t>& ids, int n, const char* what, bool allow_unknown) {
  for (int32_t id : ids) {
    if (id >= n || id < (allow_unknown ? -1 : 0)) {
      throw BadState(std::string(what) + " id " + std::to_string(id) + " out of range");
    }
  }
}

py::dict BattleLogState(const BattleLog& log) {
  py::dict s;
  s["systems"] = log.systems.names();
  s["first"] = ArrayOf<int32_t>(log.battles.first);
  s["second"] = ArrayOf<int32_t>(log.battles.second);
  std::vector<uint8_t> outcome(log.battles.size());
  for (size_t i = 0; i < outcome.size(); ++i)
    outcome[i] = static_cast<uint8_t>(log.battles.outcome[i]);
  s["outcome"] = ArrayOf<uint8_t>(outcome);
  s["covariate_names"] = log.covariate_names;
  s["covariates"] = ArrayOf<double>(log.covariates);
  s["judges"] = log.judges.names();
  s["judge"] = ArrayOf<int32_t>(log.judge);
  s["ties_both_bad"] = log.ties_both_bad;
  return s;
}

BattleLog BattleLogFromState(const py::dict& s) {
  BattleLog log;
  for (const std::string& name : s["systems"].cast<std::vector<std::string>>()) {
    log.systems.Intern(name);
  }
  log.battles.first = VectorOf<int32_t>(s, "first");
  log.battles.second = VectorOf<int32_t>(s, "second");
  const std::vector<uint8_t> outcome = VectorOf<uint8_t>(s, "outcome");
  const size_t n = log.battles.first.size();
  if (log.battles.second.size() != n || outcome.size() != n) {
    throw BadState("first, second and outcome differ in length");
  }
  CheckIds(log.battles.first, log.systems.size(), "system", false);
  CheckIds(log.battles.second, log.systems.size(), "system", false);
  log.battles.outcome.resize(n);
  for (size_t i = 0; i < n; ++i) {
    if (outcome[i] > 2) throw BadState("outcome " + std::to_string(outcome[i]) + " out of range");
    log.battles.outcome[i] = static_cast<Outcome>(outcome[i]);
  }
  log.covariate_names = s["covariate_names"].cast<std::vector<std::string>>();
  log.covariates = VectorOf<double>(s, "covariates");
  if (log.covariates.size() != n * log.covariate_names.size()) {
    throw BadState("covariates do not fill one row per battle");
  }
  for (const std::string& name : s["judges"].cast<std::vector<std::string>>()) {
    log.judges.Intern(name);
  }
  log.judge = VectorOf<int32_t>(s, "judge");
  if (!log.judge.empty() && log.judge.size() != n) throw BadState("one judge per battle");
  CheckIds(log.judge, log.judges.size(), "judge", true);
  log.ties_both_bad = s["ties_both_bad"].cast<int64_t>();
  return log;
}

py::dict JudgmentsState(const Judgments& j) {
  py::dict s;
  s["systems"] = j.systems().names();
  s["judges"] = j.judges();
  s["documents"] = j.documents();
  s["language_pairs"] = j.language_pairs();
  std::vector<uint32_t> offsets = {0};
  std::vector<int32_t> systems, judge, document, pair;
  std::vector<uint8_t> ranks, groups;
  std::vector<int64_t> segment;
  for (size_t i = 0; i < j.num_rankings(); ++i) {
    const RankingView v = j.ranking(i);
    systems.insert(systems.end(), v.systems.begin(), v.systems.end());
    ranks.insert(ranks.end(), v.ranks.begin(), v.ranks.end());
    groups.insert(groups.end(), v.groups.begin(), v.groups.end());
    offsets.push_back(static_cast<uint32_t>(systems.size()));
    segment.push_back(v.segment);
    judge.push_back(v.judge);
    document.push_back(v.document);
    pair.push_back(v.language_pair);
  }
  s["offsets"] = ArrayOf<uint32_t>(offsets);
  s["entry_systems"] = ArrayOf<int32_t>(systems);
  s["ranks"] = ArrayOf<uint8_t>(ranks);
  s["groups"] = ArrayOf<uint8_t>(groups);
  s["segment"] = ArrayOf<int64_t>(segment);
  s["judge"] = ArrayOf<int32_t>(judge);
  s["document"] = ArrayOf<int32_t>(document);
  s["language_pair"] = ArrayOf<int32_t>(pair);
  s["dropped_blank"] = j.dropped_blank;
  s["dropped_single"] = j.dropped_single;
  s["skipped_invalid"] = j.skipped_invalid;
  return s;
}

Judgments JudgmentsFromState(const py::dict& s) {
  Judgments j;
  for (const auto& name : s["systems"].cast<std::vector<std::string>>()) j.systems().Intern(name);
  for (const auto& name : s["judges"].cast<std::vector<std::string>>()) j.InternJudge(name);
  for (const auto& name : s["documents"].cast<std::vector<std::string>>()) j.InternDocument(name);
  for (const auto& name : s["language_pairs"].cast<std::vector<std::string>>()) {
    j.InternLanguagePair(name);
  }
  const std::vector<uint32_t> offsets = VectorOf<uint32_t>(s, "offsets");
  const std::vector<int32_t> systems = VectorOf<int32_t>(s, "entry_systems");
  const std::vector<uint8_t> ranks = VectorOf<uint8_t>(s, "ranks");
  const std::vector<uint8_t> groups = VectorOf<uint8_t>(s, "groups");
  const std::vector<int64_t> segment = VectorOf<int64_t>(s, "segment");
  const std::vector<int32_t> judge = VectorOf<int32_t>(s, "judge");
  const std::vector<int32_t> document = VectorOf<int32_t>(s, "document");
  const std::vector<int32_t> pair = VectorOf<int32_t>(s, "language_pair");
  const size_t rankings = offsets.empty() ? 0 : offsets.size() - 1;
  if (offsets.empty() || offsets.front() != 0 || offsets.back() != systems.size() ||
      ranks.size() != systems.size() || groups.size() != systems.size() ||
      segment.size() != rankings || judge.size() != rankings || document.size() != rankings ||
      pair.size() != rankings) {
    throw BadState("the rankings' arrays do not agree in length");
  }
  CheckIds(systems, j.num_systems(), "system", false);
  CheckIds(judge, static_cast<int>(j.judges().size()), "judge", true);
  CheckIds(document, static_cast<int>(j.documents().size()), "document", true);
  CheckIds(pair, static_cast<int>(j.language_pairs().size()), "language pair", true);
  for (size_t i = 0; i < rankings; ++i) {
    if (offsets[i + 1] < offsets[i]) throw BadState("offsets decrease");
    const size_t begin = offsets[i], size = offsets[i + 1] - offsets[i];
    j.AddRanking({systems.data() + begin, size}, {ranks.data() + begin, size},
                 {groups.data() + begin, size}, segment[i], judge[i], document[i], pair[i]);
  }
  j.dropped_blank = s["dropped_blank"].cast<int64_t>();
  j.dropped_single = s["dropped_single"].cast<int64_t>();
  j.skipped_invalid = s["skipped_invalid"].cast<int64_t>();
  return j;
}

}  // namespace

py::dict DatasetState(Dataset& data) {
  py::dict s =
      data.battle_log() ? BattleLogState(*data.battle_log()) : JudgmentsState(data.judgments());
  s["version"] = kDatasetStateVersion;
  s["kind"] = data.battle_log() ? "battles" : "judgments";
  s["source"] = data.source();
  s["skipped"] = data.skipped_invalid();
  return s;
}

std::unique_ptr<Dataset> DatasetFromState(const py::dict& state) {
  if (!state.contains("version") || state["version"].cast<int>() != kDatasetStateVersion) {
    throw BadState("not a tourney.Dataset state of version " +
                   std::to_string(kDatasetStateVersion));
  }
  const std::string kind = state["kind"].cast<std::string>();
  const std::string source = state["source"].cast<std::string>();
  if (kind == "battles") {
    return std::make_unique<Dataset>(source, BattleLogFromState(state),
                                     state["skipped"].cast<int64_t>());
  }
  if (kind == "judgments") return std::make_unique<Dataset>(source, JudgmentsFromState(state));
  throw BadState("kind '" + kind + "' is neither battles nor judgments");
}

}  // namespace tourney::python
