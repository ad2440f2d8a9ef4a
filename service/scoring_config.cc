#include "scoring_config.h"

#include <charconv>
#include <cmath>
#include <set>
#include <string>

#include "tourney/core/system_registry.h"
#include "tourney/ingest/scored_segment_reader.h"
#include "tourney/campaigns/annotator_standardization.h"
#include "tourney/protocols/scoring_protocol.h"

namespace tourney::service {
namespace {

constexpr size_t kMaxScoringNameBytes = 128;
constexpr char kRowsName[] = "config.rows";

// A CSV field, quoted (RFC 4180: a quote doubled).
void AppendQuoted(const std::string& s, std::string* out) {
  out->push_back('"');
  for (char c : s) {
    if (c == '"') out->push_back('"');
    out->push_back(c);
  }
  out->push_back('"');
}

// The shortest text that reads back as exactly `v`.
void AppendNumber(double v, std::string* out) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof(buf), v);
  out->append(buf, r.ptr);
}

// The reader names lines of the CSV built here ("config.rows:LINE: ..."): line L holds
// row L − 2 (line 1 is the header).
Status RenameLine(const Status& s) {
  const std::string& m = s.message();
  const std::string prefix = std::string(kRowsName) + ":";
  if (m.rfind(prefix, 0) != 0) return s;
  size_t end = prefix.size();
  long line = 0;
  while (end < m.size() && m[end] >= '0' && m[end] <= '9') line = line * 10 + (m[end++] - '0');
  if (end == prefix.size() || line < 2) return s;
  return Status(s.code(),
                std::string(kRowsName) + "[" + std::to_string(line - 2) + "]" + m.substr(end));
}

}  // namespace

bool ValidScoringName(const std::string& name) {
  if (name.empty() || name.size() > kMaxScoringNameBytes) return false;
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) return false;
  }
  return true;
}

StatusOr<ScoringCampaignConfig> ScoringConfigFromProto(const v1::ScoringCampaignConfig& proto,
                                                       int max_bootstrap_replicates) {
  if (!ValidScoringName(proto.name())) {
    return InvalidArgument("config.name: 1..128 bytes without control characters");
  }
  if (proto.rows_size() == 0) return InvalidArgument("config.rows: no rows");
  const std::set<std::string> reserved = {"system", "doc", "seg", "mqm"};
  std::set<std::string> metrics;
  for (int m = 0; m < proto.metric_names_size(); ++m) {
    const std::string& name = proto.metric_names(m);
    const std::string where = "config.metric_names[" + std::to_string(m) + "]";
    if (!ValidScoringName(name)) {
      return InvalidArgument(where + ": 1..128 bytes without control characters");
    }
    if (reserved.count(name)) {
      return InvalidArgument(where + ": '" + name + "' is reserved (system, doc, seg, mqm)");
    }
    if (!metrics.insert(name).second) return InvalidArgument(where + ": '" + name + "' repeated");
  }
  // The table as CSV: system, doc, seg, mqm (blank: None), then the metrics.
  std::string csv = "system,doc,seg,mqm";
  for (const std::string& name : proto.metric_names()) {
    csv.push_back(',');
    AppendQuoted(name, &csv);
  }
  csv.push_back('\n');
  for (int i = 0; i < proto.rows_size(); ++i) {
    const v1::ScoringRow& row = proto.rows(i);
    const std::string where = std::string(kRowsName) + "[" + std::to_string(i) + "]";
    for (const auto& [field, value] :
         {std::pair<const char*, const std::string*>{"system", &row.system()},
          {"document", &row.document()},
          {"segment", &row.segment()}}) {
      if (value == &row.system()) {
        // System names follow the rule of every reader (core/system_registry.h).
        if (std::string problem = SystemNameProblem(*value); !problem.empty()) {
          return InvalidArgument(where + ".system: the name " + problem + "; a name is 1.." +
                                 std::to_string(kMaxSystemNameBytes) +
                                 " bytes without control characters");
        }
      } else if (!ValidScoringName(*value)) {
        return InvalidArgument(where + "." + field + ": 1..128 bytes without control characters");
      }
    }
    if (row.metrics_size() != proto.metric_names_size()) {
      return InvalidArgument(where + ".metrics: " + std::to_string(row.metrics_size()) +
                             " values for " + std::to_string(proto.metric_names_size()) +
                             " metric names");
    }
    if (row.has_human_score() && !std::isfinite(row.human_score())) {
      return InvalidArgument(where + ".human_score: not finite");
    }
    AppendQuoted(row.system(), &csv);
    csv.push_back(',');
    AppendQuoted(row.document(), &csv);
    csv.push_back(',');
    AppendQuoted(row.segment(), &csv);
    csv.push_back(',');
    if (row.has_human_score()) {
      AppendNumber(row.human_score(), &csv);
    } else {
      csv += "None";
    }
    for (int m = 0; m < row.metrics_size(); ++m) {
      if (!std::isfinite(row.metrics(m))) {
        return InvalidArgument(where + ".metrics[" + std::to_string(m) + "]: not finite");
      }
      csv.push_back(',');
      AppendNumber(row.metrics(m), &csv);
    }
    csv.push_back('\n');
  }
  ScoredSegmentReadOptions read;
  read.metric_columns.assign(proto.metric_names().begin(), proto.metric_names().end());
  auto table = ParseScoredSegments(csv, kRowsName, read);
  if (!table.ok()) return RenameLine(table.status());

  ScoringCampaignConfig config;
  config.table = std::move(*table);
  auto design = ParseDesign(proto.design().empty() ? "docs-prop" : proto.design());
  if (!design.ok()) return InvalidArgument("config.design: " + design.status().message());
  config.design = *design;
  const std::string estimator = !proto.estimator().empty()
                                    ? proto.estimator()
                                    : (proto.metric_names_size() > 0 ? "cv-knn" : "mean");
  auto spec = ParseEstimator(estimator);
  if (!spec.ok()) return InvalidArgument("config.estimator: " + spec.status().message());
  config.estimator = *spec;
  // The default bound: cv-cs, the confidence sequence that keeps its confidence when the
  // campaign stops on "target reached", where it applies (the cv-knn estimator, a declared
  // score range, no scores in the table); bootstrap-t otherwise (valid at a fixed size only:
  // GetEstimate says so).
  bool table_scores = false;
  for (const v1::ScoringRow& row : proto.rows()) table_scores = table_scores || row.has_human_score();
  const bool standardized = proto.normalization() == "annotator-z";
  if (!proto.normalization().empty() && proto.normalization() != "none" && !standardized) {
    return InvalidArgument("config.normalization: '" + proto.normalization() +
                           "' is not one of none, annotator-z");
  }
  const bool sequence_applies = config.estimator.kind == EstimatorKind::kCvKnn &&
                                proto.has_score_min() && proto.has_score_max() &&
                                !table_scores && !standardized;
  auto bound = ParseBound(!proto.bound().empty() ? proto.bound()
                          : sequence_applies     ? "cv-cs"
                                                 : "bootstrap-t");
  if (!bound.ok()) return InvalidArgument("config.bound: " + bound.status().message());
  config.bound = *bound;
  if (proto.bootstrap_replicates() != 0 &&
      (proto.bootstrap_replicates() < 10 ||
       proto.bootstrap_replicates() > max_bootstrap_replicates)) {
    return InvalidArgument("config.bootstrap_replicates: must be 10.." +
                           std::to_string(max_bootstrap_replicates) + " (0: 1000)");
  }
  config.bootstrap_replicates =
      proto.bootstrap_replicates() == 0 ? 1000 : proto.bootstrap_replicates();
  config.confidence = proto.confidence() == 0 ? 0.95 : proto.confidence();
  if (proto.has_tolerance() && !(proto.tolerance() > 0)) {
    return InvalidArgument("config.tolerance: must be > 0 when given");
  }
  config.tolerance = proto.has_tolerance() ? proto.tolerance() : 0.0;
  config.range = proto.score_range();
  if (proto.has_score_min()) config.score_min = proto.score_min();
  if (proto.has_score_max()) config.score_max = proto.score_max();
  if (proto.lease_seconds() > 86400) {
    return InvalidArgument("config.lease_seconds: at most 86400");
  }
  config.lease_ms =
      1000 * static_cast<int64_t>(proto.lease_seconds() == 0 ? 1800 : proto.lease_seconds());
  config.seed = proto.seed();
  config.lower_is_better = proto.lower_is_better();
  Status valid = ValidateScoringCampaignConfig(config);
  if (!valid.ok()) return InvalidArgument("config: " + valid.message());
  auto protocol = ParseScoringProtocol(proto.protocol());
  if (!protocol.ok()) return InvalidArgument("config.protocol: " + protocol.status().message());
  if (Status fits = CheckProtocolCampaign(*protocol, config.lower_is_better, config.score_min,
                                          config.score_max);
      !fits.ok()) {
    return InvalidArgument("config.protocol: " + fits.message());
  }
  for (const SystemSegments& system : config.table.systems) {
    for (int r = 0; r < system.size(); ++r) {
      if (!system.annotated[r]) continue;
      auto checked = CheckProtocolScore(*protocol == ScoringProtocol::kMqm ? ScoringProtocol::kPlain
                                                                          : *protocol,
                                        system.human[r], {}, -1);
      if (!checked.ok()) {
        return InvalidArgument("config.rows: system '" + system.name + "': " +
                               checked.status().message());
      }
    }
  }
  if (standardized) {
    if (Status b = CheckStandardizedBound(config.bound); !b.ok()) {
      return InvalidArgument("config.normalization: " + b.message());
    }
  }
  return config;
}

StatusOr<ContrastiveCampaignConfig> ContrastiveConfigFromProto(
    const v1::ScoringCampaignConfig& proto, const ScoringCampaignConfig& scoring) {
  const auto systems = static_cast<uint32_t>(scoring.table.systems.size());
  if (proto.screen_size() > systems) {
    return InvalidArgument("config.screen_size: " + std::to_string(proto.screen_size()) +
                           " outputs per screen, but the campaign has " +
                           std::to_string(systems) + " systems");
  }
  // What a contrastive campaign does not use, refused rather than ignored.
  const char* unused = proto.has_tolerance()                  ? "tolerance"
                       : !proto.bound().empty()               ? "bound"
                       : !proto.design().empty()              ? "design"
                       : !proto.estimator().empty()           ? "estimator"
                       : !proto.normalization().empty()       ? "normalization"
                       : proto.lower_is_better()              ? "lower_is_better"
                       : proto.metric_names_size() > 0        ? "metric_names"
                                                              : nullptr;
  if (unused != nullptr) {
    return InvalidArgument(std::string("config.") + unused +
                           ": does not apply to a contrastive campaign (screen_size >= 2), "
                           "whose board is the within-screen one");
  }
  for (int i = 0; i < proto.rows_size(); ++i) {
    if (proto.rows(i).has_human_score()) {
      return InvalidArgument("config.rows[" + std::to_string(i) +
                             "].human_score: a contrastive campaign takes no scores in its rows");
    }
  }
  auto protocol = ParseScoringProtocol(proto.protocol());
  if (protocol.ok() && *protocol == ScoringProtocol::kMqm) {
    return InvalidArgument("config.protocol: a contrastive campaign takes esa, da or plain "
                           "(its board ranks higher scores first)");
  }
  ContrastiveCampaignConfig config;
  config.table = scoring.table;
  auto rule = ParseScreenAssignment(proto.assignment().empty() ? "adaptive" : proto.assignment());
  if (!rule.ok()) return InvalidArgument("config.assignment: " + rule.status().message());
  config.assignment = *rule;
  config.options.k = static_cast<int>(proto.screen_size());
  config.options.coldstart = proto.has_coldstart() ? static_cast<int>(proto.coldstart()) : 20;
  config.attention_rate = proto.attention_rate();
  config.score_min = proto.has_score_min() ? proto.score_min() : 0.0;
  config.score_max = proto.has_score_max() ? proto.score_max() : 100.0;
  config.lease_ms = scoring.lease_ms;
  config.seed = scoring.seed;
  if (proto.screen_unit() != "" && proto.screen_unit() != "segment" &&
      proto.screen_unit() != "document") {
    return InvalidArgument("config.screen_unit: '" + proto.screen_unit() +
                           "' is not segment or document");
  }
  config.document_screens = proto.screen_unit() == "document";
  if (Status valid = ValidateContrastiveCampaignConfig(config); !valid.ok()) {
    return InvalidArgument("config." + valid.message());
  }
  return config;
}

}  // namespace tourney::service
