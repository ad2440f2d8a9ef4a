// tourney.protocol and tourney.pearmut_ranking: the official human-evaluation protocols, as
// `tourney cluster|rank --protocol wmt-da | wmt-da-holm | esa | esa-holm | mqm | mqm-holm |
// pearmut` compute them (cli/protocol_*.cc; tourney/protocols/protocol_leaderboards.h;
// docs/wmt-protocols.md). The composition follows the CLI's step for step.
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "bindings/dataset.h"
#include "bindings/leaderboard.h"
#include "bindings/module.h"
#include "tourney/ingest/pearmut_log_reader.h"
#include "tourney/ingest/score_input.h"
#include "tourney/protocols/da_quality_control.h"
#include "tourney/protocols/da_scores.h"
#include "tourney/protocols/esa_scores.h"
#include "tourney/protocols/holm_separations.h"
#include "tourney/protocols/mqm_clusters.h"
#include "tourney/protocols/pearmut_ranking.h"
#include "tourney/protocols/protocol_leaderboards.h"

namespace tourney::python {
namespace protocol_detail {

struct ProtocolOptions {
  std::string input_format = "auto";
  bool qc_filter = false;
  std::string da_moments;   // wmt-da only; empty: the file beside the input
  std::string mqm_weights;  // mqm only; empty: Google's weights
};

bool IsDa(const std::string& p) { return p == "wmt-da" || p == "wmt-da-holm"; }
bool IsEsa(const std::string& p) { return p == "esa" || p == "esa-holm"; }
bool IsMqm(const std::string& p) { return p == "mqm" || p == "mqm-holm"; }

// The options a protocol does not read, refused as the CLI refuses their flags.
void RefuseOtherOptions(const std::string& protocol, const ProtocolOptions& o) {
  auto refuse = [&](const std::string& name) {
    throw StatusError(InvalidArgument(name + " does not apply to protocol " + protocol));
  };
  if (!IsMqm(protocol) && !o.mqm_weights.empty()) refuse("mqm_weights");
  if (!IsDa(protocol) && !o.da_moments.empty()) refuse("da_moments");
  if ((IsMqm(protocol) || protocol == "pearmut") && o.qc_filter) refuse("qc_filter");
}

// WMT's quality-control filter (da_quality_control.h) applied to `judgments` when asked.
void ApplyQualityControl(bool qc_filter, DaJudgments* judgments) {
  if (!qc_filter) return;
  auto qc = CheckDaQuality(*judgments);
  if (!qc.ok()) {
    throw StatusError(Status(qc.status().code(), "qc_filter: " + qc.status().message()));
  }
  *judgments = KeepPassingAnnotators(*judgments, *qc);
}

// wmt-da, wmt-da-holm, esa, esa-holm: scores, the official rank-sum order and clusters, and
// tourney's paired Holm clusters over that order.
Leaderboard DirectAssessmentBoard(const std::string& path, const std::string& protocol,
                                  const ProtocolOptions& o) {
  const ScoreInputFormat format = ValueOrThrow(ParseScoreInputFormat(o.input_format));
  const bool esa = IsEsa(protocol);
  if (esa && (format == ScoreInputFormat::kWmtDa || format == ScoreInputFormat::kGoogleMqm)) {
    throw StatusError(InvalidArgument("input_format: protocol esa reads an Appraise score export "
                                      "(appraise-csv), a Pearmut log (pearmut-log) or tourney's "
                                      "export (tourney-scores)"));
  }
  WmtDaReadOptions read;
  read.moments_path = o.da_moments;
  ScoreJudgments input =
      esa ? ValueOrThrow(ReadScoreJudgments(path, format, {}, ScoreInputFormat::kAppraiseCsv))
          : ValueOrThrow(ReadScoreJudgments(path, format, read));
  if (!esa && input.format != ScoreInputFormat::kWmtDa) {
    if (!o.da_moments.empty()) {
      throw StatusError(InvalidArgument("da_moments applies to a WMT DA file; this input holds "
                                        "raw scores"));
    }
    ThrowIfError(StandardizeDaJudgments(&input.judgments));
  }
  ApplyQualityControl(o.qc_filter, &input.judgments);
  const DaScores scores = ValueOrThrow(esa ? ComputeEsaScores(input.judgments)
                                           : ComputeDaScores(input.judgments));
  const WmtDaRanking official = ValueOrThrow(RankWmtDa(scores));
  if (protocol == "wmt-da") return WmtDaLeaderboard(scores, official);
  if (protocol == "esa") return EsaLeaderboard(scores, official);
  const PairedHolmRanking holm = ValueOrThrow(SeparatePairedHolm(scores, official.order));
  Leaderboard board = WmtDaHolmLeaderboard(scores, holm);
  if (esa) board.model = "esa-holm";
  return board;
}

// The MQM scores of `path` as the CLI's ScoreMqmInput computes them: `weights` in
// ParseMqmWeights' spec (empty: Google's), Appraise's "undecided" severity as Minor unless
// the rules weigh it.
MqmScores ScoreMqmFile(const std::string& path, const ProtocolOptions& o) {
  std::vector<MqmWeightRule> rules = DefaultMqmWeights();
  if (!o.mqm_weights.empty()) {
    auto parsed = ParseMqmWeights(o.mqm_weights);
    if (!parsed.ok()) {
      throw StatusError(InvalidArgument("mqm_weights: " + parsed.status().message()));
    }
    rules = std::move(*parsed);
  }
  if (!MqmErrorWeight(rules, "undecided", "").ok()) {
    auto minor = MqmErrorWeight(rules, "Minor", "");
    if (minor.ok()) rules.push_back({"undecided", "", *minor});
  }
  const ScoreInputFormat format = ValueOrThrow(ParseScoreInputFormat(o.input_format));
  const MqmErrors errors = ValueOrThrow(ReadMqmScoreInput(path, format));
  return ValueOrThrow(ScoreMqm(errors, rules, path == "-" ? "<stdin>" : path));
}

// mqm (`tourney cluster --protocol mqm`: the rank-sum clusters on segment MQM) and mqm-holm
// (the same order, tourney's paired Holm clusters).
Leaderboard MqmClusterBoard(const std::string& path, const std::string& protocol,
                            const ProtocolOptions& o) {
  const MqmScores mqm = ScoreMqmFile(path, o);
  const DaScores scores = ValueOrThrow(MqmScoresAsDa(mqm));
  const WmtDaRanking official = ValueOrThrow(RankWmtDa(scores));
  Leaderboard board = MqmClusterLeaderboard(mqm, official);
  if (protocol == "mqm") return board;
  const PairedHolmRanking holm = ValueOrThrow(SeparatePairedHolm(scores, official.order));
  board.model = "mqm-holm";
  for (LeaderboardEntry& e : board.entries) {
    for (size_t s = 0; s < mqm.systems.size(); ++s) {
      if (mqm.systems[s] == e.system) e.cluster = holm.cluster[s];
    }
  }
  return board;
}

PearmutLog ReadPearmutInput(const std::string& path, const std::string& input_format) {
  if (input_format != "auto" && input_format != "pearmut-log") {
    throw StatusError(InvalidArgument("input_format: protocol pearmut reads a Pearmut annotation "
                                      "log (pearmut-log)"));
  }
  return ValueOrThrow(ReadPearmutLog(path));
}

py::dict Protocol(const std::string& path, const std::string& protocol,
                  const ProtocolOptions& options) {
  if (!IsDa(protocol) && !IsEsa(protocol) && !IsMqm(protocol) && protocol != "pearmut") {
    throw StatusError(InvalidArgument("protocol: '" + protocol + "' is not one of wmt-da, "
                                      "wmt-da-holm, esa, esa-holm, mqm, mqm-holm, pearmut"));
  }
  RefuseOtherOptions(protocol, options);
  std::optional<Leaderboard> board;
  {
    py::gil_scoped_release release;
    if (IsMqm(protocol)) {
      board = MqmClusterBoard(path, protocol, options);
    } else if (protocol == "pearmut") {
      const PearmutLog log = ReadPearmutInput(path, options.input_format);
      board = PearmutLeaderboard(log.scores, ValueOrThrow(RankLikePearmut(log.scores)));
    } else {
      board = DirectAssessmentBoard(path, protocol, options);
    }
  }
  return BoardToDict(*board);
}

// `tourney rank --protocol mqm`: the MQM board without clusters, lowest points first.
py::dict MqmRank(const std::string& path, const std::string& input_format,
                 const std::string& mqm_weights) {
  ProtocolOptions options;
  options.input_format = input_format;
  options.mqm_weights = mqm_weights;
  std::optional<Leaderboard> board;
  {
    py::gil_scoped_release release;
    board = MqmLeaderboard(ScoreMqmFile(path, options));
  }
  return BoardToDict(*board);
}

// Pearmut's ranking of a log beside tourney's: per model in Pearmut's order its mean, items,
// the one-sided paired t-test against the next model (n, t, p; NaN where undefined), Pearmut's
// line and group, and tourney's paired Holm cluster over the non-validation scores (0 for a
// model scored only on validation items).
py::dict PearmutRankingDict(const std::string& path, const std::string& input_format,
                        double alpha) {
  std::vector<std::string> system;
  std::vector<double> score, t, p_value;
  std::vector<int64_t> items, n;
  std::vector<bool> line_below;
  std::vector<int> cluster, holm_cluster;
  int lines = 0, surviving = 0;
  int64_t validation_scores = 0;
  {
    py::gil_scoped_release release;
    const PearmutLog log = ReadPearmutInput(path, input_format);
    const PearmutRanking ranking = ValueOrThrow(RankLikePearmut(log.scores, alpha));
    const DaScores scores = ValueOrThrow(ComputeEsaScores(log.judgments));
    std::vector<int> order;
    for (const PearmutEntry& e : ranking.entries) {
      if (scores.system_scores[e.model].segments > 0) order.push_back(e.model);
    }
    const PairedHolmRanking holm = ValueOrThrow(SeparatePairedHolm(scores, order));
    for (const PearmutEntry& e : ranking.entries) {
      system.push_back(log.scores.models[e.model]);
      score.push_back(e.score);
      items.push_back(e.items);
      n.push_back(e.next.n);
      t.push_back(e.next.t);
      p_value.push_back(e.next.p_value);
      line_below.push_back(e.line_below);
      cluster.push_back(ranking.cluster[e.model]);
      holm_cluster.push_back(scores.system_scores[e.model].segments > 0 ? holm.cluster[e.model]
                                                                        : 0);
    }
    lines = ranking.lines;
    surviving = SurvivingPearmutLines(ranking, holm);
    validation_scores = log.validation_scores;
  }
  py::dict columns;
  columns["system"] = system;
  columns["score"] = score;
  columns["items"] = items;
  columns["n"] = n;
  columns["t"] = t;
  columns["p_value"] = p_value;
  columns["line_below"] = line_below;
  columns["cluster"] = cluster;
  columns["holm_cluster"] = holm_cluster;
  py::dict out;
  out["columns"] = columns;
  out["lines"] = lines;
  out["surviving_lines"] = surviving;
  out["validation_scores"] = validation_scores;
  return out;
}

}  // namespace protocol_detail

void RegisterProtocol(py::module_& m) {
  using protocol_detail::ProtocolOptions;
  m.def(
      "protocol",
      [](const std::string& path, const std::string& protocol, const std::string& input_format,
         bool qc_filter, const std::string& da_moments, const std::string& mqm_weights) {
        ProtocolOptions options;
        options.input_format = input_format;
        options.qc_filter = qc_filter;
        options.da_moments = da_moments;
        options.mqm_weights = mqm_weights;
        return protocol_detail::Protocol(path, protocol, options);
      },
      py::arg("path"), py::arg("protocol"), py::arg("input_format"), py::arg("qc_filter"),
      py::arg("da_moments"), py::arg("mqm_weights"));
  m.def("mqm_rank", &protocol_detail::MqmRank, py::arg("path"), py::arg("input_format"),
        py::arg("mqm_weights"));
  m.def("pearmut_ranking", &protocol_detail::PearmutRankingDict, py::arg("path"),
        py::arg("input_format"), py::arg("alpha"));
}

}  // namespace tourney::python
