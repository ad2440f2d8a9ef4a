// tourney.protocol: the official human-evaluation protocols, as `tourney cluster --protocol
// wmt-da | wmt-da-holm` and `tourney rank --protocol mqm` compute them
// (tourney/statistics/protocol_leaderboards.h; docs/wmt-protocols.md).
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "bindings/dataset.h"
#include "bindings/leaderboard.h"
#include "bindings/module.h"
#include "tourney/ingest/mqm_error_reader.h"
#include "tourney/ingest/wmt_da_reader.h"
#include "tourney/statistics/protocol_leaderboards.h"

namespace tourney::python {

namespace {

// The WMT DA board of an organisers' ad-*-good-stnd.csv: "wmt-da" (the official clusters) or
// "wmt-da-holm" (tourney's paired Holm clusters over the same order).
Leaderboard WmtDaBoard(const std::string& path, const std::string& protocol,
                       const std::string& moments) {
  WmtDaReadOptions read;
  read.moments_path = moments;
  const DaJudgments judgments = ValueOrThrow(ReadWmtDaJudgments(path, read));
  const DaScores scores = ValueOrThrow(ComputeDaScores(judgments));
  const WmtDaRanking official = ValueOrThrow(RankWmtDa(scores));
  if (protocol == "wmt-da") return WmtDaLeaderboard(scores, official);
  const PairedHolmRanking holm = ValueOrThrow(SeparatePairedHolm(scores, official.order));
  return WmtDaHolmLeaderboard(scores, holm);
}

// The MQM board of a per-error TSV, with `weights` (ParseMqmWeights' spec; empty: Google's).
Leaderboard MqmBoard(const std::string& path, const std::string& weights) {
  std::vector<MqmWeightRule> rules = DefaultMqmWeights();
  if (!weights.empty()) {
    auto parsed = ParseMqmWeights(weights);
    if (!parsed.ok()) {
      throw StatusError(InvalidArgument("mqm_weights: " + parsed.status().message()));
    }
    rules = std::move(*parsed);
  }
  const MqmErrors errors = ValueOrThrow(ReadMqmErrors(path));
  const MqmScores scores = ValueOrThrow(ScoreMqm(errors, rules, path == "-" ? "<stdin>" : path));
  return MqmLeaderboard(scores);
}

py::dict Protocol(const std::string& path, const std::string& protocol,
                  const std::string& da_moments, const std::string& mqm_weights) {
  if (protocol != "wmt-da" && protocol != "wmt-da-holm" && protocol != "mqm") {
    throw StatusError(InvalidArgument("protocol: '" + protocol +
                                      "' is not one of wmt-da, wmt-da-holm, mqm"));
  }
  std::optional<Leaderboard> board;
  {
    py::gil_scoped_release release;
    board = protocol == "mqm" ? MqmBoard(path, mqm_weights)
                              : WmtDaBoard(path, protocol, da_moments);
  }
  return BoardToDict(*board);
}

}  // namespace

void RegisterProtocol(py::module_& m) {
  m.def("protocol", &Protocol, py::arg("path"), py::arg("protocol"), py::arg("da_moments"),
        py::arg("mqm_weights"));
}

}  // namespace tourney::python
