// tourney.read and DataFrame columns as judgments: the engine's readers and
// BattleLogFromArrays, with their file:line:field errors.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <string>

#include "bindings/dataset.h"
#include "bindings/module.h"
#include "tourney/core/defaults.h"
#include "tourney/ingest/battle_arrays.h"
#include "tourney/ingest/battle_log_reader.h"
#include "tourney/ingest/csv_reader.h"
#include "tourney/ingest/language_pair.h"

namespace tourney::python {

namespace {

using Int32Array = py::array_t<int32_t, py::array::c_style | py::array::forcecast>;
using DoubleArray = py::array_t<double, py::array::c_style | py::array::forcecast>;

StatusOr<InputFormat> ParseInputFormat(const std::string& format) {
  if (format == "auto" || format == "battles") return InputFormat::kAuto;
  if (format == "wmt") return InputFormat::kWmt;
  if (format == "pairwise") return InputFormat::kPairwise;
  if (format == "xml") return InputFormat::kAppraiseXml;
  return InvalidArgument("format '" + format + "' is not one of auto, wmt, pairwise, xml, battles");
}

// Battle log files (format "battles", or "auto" and they look like one), one or several,
// are kept as one BattleLog, as `tourney rank` keeps them; everything else is read as k-way
// judgments, battle logs among other files as two-system rankings.
std::unique_ptr<Dataset> Read(const std::vector<std::string>& paths, const std::string& format,
                              bool skip_invalid, const std::string& language_pair,
                              bool expand_identical, const std::vector<std::string>& covariates) {
  if (paths.empty()) throw StatusError(InvalidArgument("no input file given"));
  ReadOptions options;
  options.format = ValueOrThrow(ParseInputFormat(format));
  options.skip_invalid = skip_invalid;
  options.expand_identical = expand_identical;
  if (!language_pair.empty()) {
    auto key = ParseLanguagePair(language_pair);
    if (!key.ok()) throw StatusError(InvalidArgument("language_pair: " + key.status().message()));
    options.language_pair = *key;
  }
  std::vector<bool> battles(paths.size());
  for (size_t i = 0; i < paths.size(); ++i) {
    battles[i] = format == "battles" || (format == "auto" && IsBattleLogFile(paths[i]));
  }
  BattleLogOptions log_options;
  log_options.skip_invalid = skip_invalid;
  log_options.covariates = covariates;
  if (!covariates.empty()) {
    if (Status s = CheckBattleLogCovariates(covariates); !s.ok()) {
      throw StatusError(InvalidArgument("covariates: " + s.message()));
    }
    for (size_t i = 0; i < paths.size(); ++i) {
      if (!battles[i]) {
        throw StatusError(InvalidArgument(paths[i] + ": covariates need battle logs (JSON, "
                                                     "JSONL or left,right,winner CSV)"));
      }
    }
  }
  py::gil_scoped_release release;
  const bool all_battles = std::all_of(battles.begin(), battles.end(), [](bool b) { return b; });
  if (all_battles) {
    // One battle log, as `tourney rank` reads one file or several (shared system ids).
    BattleLog log;
    int64_t skipped = 0;  // kept with the log: the boards report it (it was lost, 0)
    for (const std::string& path : paths) {
      BattleLogReport report;
      if (paths.size() == 1) {
        ThrowIfError(ReadBattleLogFile(path, log_options, &log, &report));
      } else {
        BattleLog one;
        ThrowIfError(ReadBattleLogFile(path, log_options, &one, &report));
        MergeBattleLog(one, &log);
      }
      skipped += report.skipped;
    }
    if (log.systems.size() > kMaxSystems) {
      throw StatusError(InvalidArgument("the battle log names " +
                                        std::to_string(log.systems.size()) + " models; at most " +
                                        std::to_string(kMaxSystems) + " can be rated together"));
    }
    return std::make_unique<Dataset>(paths.size() == 1 ? paths[0] : std::string("<files>"),
                                     std::move(log), skipped);
  }
  Judgments judgments;
  std::vector<std::string> other;
  for (size_t i = 0; i < paths.size(); ++i) {
    if (!battles[i]) {
      other.push_back(paths[i]);
      continue;
    }
    BattleLog log;
    BattleLogReport report;
    ThrowIfError(ReadBattleLogFile(paths[i], log_options, &log, &report));
    judgments.skipped_invalid += report.skipped;
    AppendBattles(log, &judgments);
  }
  if (!other.empty()) {
    ReadReport report;
    ThrowIfError(ReadJudgmentFiles(other, options, &judgments, &report));
  }
  return std::make_unique<Dataset>(paths.size() == 1 ? paths[0] : std::string("<files>"),
                                   std::move(judgments));
}

std::unique_ptr<Dataset> FromArrays(std::vector<std::string> system_names, const Int32Array& first,
                                    const Int32Array& second, std::vector<std::string> winner_names,
                                    const Int32Array& winner, const std::string& source,
                                    const std::vector<std::string>& fields,
                                    std::vector<std::string> covariate_names,
                                    const std::vector<DoubleArray>& covariates) {
  BattleArrays arrays;
  arrays.system_names = std::move(system_names);
  arrays.winner_names = std::move(winner_names);
  // Views of the numpy buffers, no copy (forcecast copies only other dtypes).
  arrays.first = {first.data(), static_cast<size_t>(first.size())};
  arrays.second = {second.data(), static_cast<size_t>(second.size())};
  arrays.winner = {winner.data(), static_cast<size_t>(winner.size())};
  arrays.covariate_names = std::move(covariate_names);
  for (const DoubleArray& column : covariates) {
    arrays.covariates.emplace_back(column.data(), static_cast<size_t>(column.size()));
  }
  if (fields.size() == 3) {
    arrays.first_field = fields[0];
    arrays.second_field = fields[1];
    arrays.winner_field = fields[2];
  }
  if (arrays.first.empty()) {
    throw StatusError(InvalidArgument(source + ": no battles (the DataFrame has no rows)"));
  }
  BattleLog log;
  {
    py::gil_scoped_release release;
    ThrowIfError(BattleLogFromArrays(arrays, source, &log));
  }
  // As for files (Read): the models rate at most kMaxSystems systems together.
  if (log.systems.size() > kMaxSystems) {
    throw StatusError(InvalidArgument(source + ": the DataFrame names " +
                                      std::to_string(log.systems.size()) + " models; at most " +
                                      std::to_string(kMaxSystems) + " can be rated together"));
  }
  return std::make_unique<Dataset>(source, std::move(log));
}

// The pairwise comparisons as (first, second, outcome) arrays and the system names.
py::tuple ComparisonArrays(Dataset& data) {
  const tourney::Comparisons& c =
      data.battle_log() ? data.battle_log()->battles : data.judgments().comparisons();
  const std::vector<std::string>& names =
      data.battle_log() ? data.battle_log()->systems.names() : data.judgments().systems().names();
  py::array_t<int32_t> first(c.size()), second(c.size());
  py::array_t<int8_t> outcome(c.size());
  std::copy(c.first.begin(), c.first.end(), first.mutable_data());
  std::copy(c.second.begin(), c.second.end(), second.mutable_data());
  int8_t* o = outcome.mutable_data();
  for (size_t i = 0; i < c.size(); ++i) o[i] = static_cast<int8_t>(c.outcome[i]);
  return py::make_tuple(names, first, second, outcome);
}

}  // namespace

void RegisterIo(py::module_& m) {
  py::class_<Dataset>(m, "Dataset",
                      "Judgments read by tourney.read or built from a DataFrame (immutable).")
      .def_property_readonly("source", &Dataset::source)
      .def_property_readonly("is_battle_log",
                             [](const Dataset& d) { return d.battle_log() != nullptr; })
      .def_property_readonly("systems",
                             [](Dataset& d) {
                               return d.battle_log() ? d.battle_log()->systems.names()
                                                     : d.judgments().systems().names();
                             })
      .def_property_readonly("num_rankings",
                             [](Dataset& d) {
                               return d.battle_log() ? d.battle_log()->size()
                                                     : d.judgments().num_rankings();
                             })
      .def_property_readonly("num_comparisons",
                             [](Dataset& d) {
                               return d.battle_log() ? d.battle_log()->size()
                                                     : d.judgments().comparisons().size();
                             })
      .def_property_readonly("covariate_names",
                             [](const Dataset& d) {
                               return d.battle_log() ? d.battle_log()->covariate_names
                                                     : std::vector<std::string>();
                             })
      .def_property_readonly("dropped_blank",
                             [](Dataset& d) { return d.judgments().dropped_blank; })
      .def_property_readonly("skipped_invalid",
                             [](Dataset& d) { return d.skipped_invalid(); })
      .def("comparisons", &ComparisonArrays,
           "(names, first, second, outcome): outcome 0 first wins, 1 second wins, 2 tie.")
      .def(py::pickle([](Dataset& d) { return DatasetState(d); },
                      [](const py::dict& state) { return DatasetFromState(state); }));
  m.def("read", &Read, py::arg("paths"), py::arg("format") = "auto",
        py::arg("skip_invalid") = false, py::arg("language_pair") = "",
        py::arg("expand_identical") = false, py::arg("covariates") = std::vector<std::string>());
  m.def("from_arrays", &FromArrays, py::arg("system_names"), py::arg("first"), py::arg("second"),
        py::arg("winner_names"), py::arg("winner"), py::arg("source") = "<DataFrame>",
        py::arg("fields") = std::vector<std::string>(),
        py::arg("covariate_names") = std::vector<std::string>(),
        py::arg("covariates") = std::vector<DoubleArray>());
}

}  // namespace tourney::python
