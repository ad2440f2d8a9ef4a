// tourney campaign scoring-*: the client verbs of tourneyd's scoring campaigns (direct
// assessment, MQM): create one from a scored-segment table, get the next item, submit a
// score, print the estimates, export the scores.
#include <google/protobuf/util/json_util.h>
#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <charconv>
#include <iostream>
#include <sstream>

#include "campaign_client.h"
#include "campaign_content.h"
#include "common.h"
#include "content_input.h"
#include "proto/leaderboard_proto.h"
#include "sampling_input.h"
#include "tourney/ingest/scored_segment_reader.h"
#include "tourney/v1/tournament.grpc.pb.h"

namespace tourney::cli {

namespace {

// The rows of the scored-segment table (FILE or --table) into `config`; warnings on stderr.
Status AddTableRows(const Flags& flags, const std::string& verb,
                    v1::ScoringCampaignConfig* config) {
  auto bin_size = BinSizeFromFlags(flags);  // checked as `tourney estimate` does; the served
  if (!bin_size.ok()) return bin_size.status();  // designs use no bins
  // A scored-segment table or an mt-metrics-eval folder (sampling_input.h); warnings on stderr.
  auto table = LoadScoredSegmentsFrom(
      flags, flags.Get("table").empty() ? flags.positionals()[0] : flags.Get("table"), verb);
  if (!table.ok()) return table.status();
  for (const std::string& m : table->metric_names) config->add_metric_names(m);
  const int num_metrics = table->num_metrics();
  for (const SystemSegments& system : table->systems) {
    for (int r = 0; r < system.size(); ++r) {
      v1::ScoringRow* row = config->add_rows();
      row->set_system(system.name);
      const int g = system.segment[r];
      row->set_segment(table->segment_ids[g]);
      row->set_document(table->document_ids[table->segment_document[g]]);
      if (system.annotated[r]) row->set_human_score(system.human[r]);
      for (int m = 0; m < num_metrics; ++m) {
        row->add_metrics(system.metrics[static_cast<size_t>(r) * num_metrics + m]);
      }
    }
  }
  return Status::Ok();
}

// --spans "START-END:SEVERITY[:CATEGORY],..." into `out` (the server checks them against the
// campaign's protocol and the output). A category may hold '/', not ','.
Status ParseSpans(const std::string& list,
                  google::protobuf::RepeatedPtrField<v1::ErrorSpan>* out) {
  for (const std::string& entry : SplitList(list)) {
    const auto bad = [&] {
      return InvalidArgument("option '--spans': '" + entry +
                             "' is not START-END:SEVERITY[:CATEGORY]");
    };
    const size_t dash = entry.find('-');
    const size_t colon = entry.find(':');
    if (dash == std::string::npos || colon == std::string::npos || dash > colon) return bad();
    const size_t second = entry.find(':', colon + 1);
    int start = 0, end = 0;
    const auto parse = [](std::string_view text, int* value) {
      auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), *value);
      return ec == std::errc() && ptr == text.data() + text.size() && !text.empty();
    };
    const std::string_view e(entry);
    if (!parse(e.substr(0, dash), &start) || !parse(e.substr(dash + 1, colon - dash - 1), &end)) {
      return bad();
    }
    v1::ErrorSpan* span = out->Add();
    span->set_start(start);
    span->set_end(end);
    span->set_severity(entry.substr(colon + 1, second == std::string::npos
                                                   ? std::string::npos
                                                   : second - colon - 1));
    if (second != std::string::npos) span->set_category(entry.substr(second + 1));
  }
  return Status::Ok();
}

// A score's spans as a JSON array (proto3 JSON of each span), "[]" without spans.
std::string SpansJson(const v1::ExportedScore& row) {
  std::string out = "[";
  for (int i = 0; i < row.error_spans_size(); ++i) {
    std::string one;
    (void)google::protobuf::util::MessageToJsonString(row.error_spans(i), &one);
    if (i > 0) out += ",";
    out += one;
  }
  return out + "]";
}

}  // namespace

int RunScoringCreate(int argc, char** argv) {
  Flags flags(
      "tourney campaign scoring-create --server ADDR --token-file TOKEN --name NAME "
      "(FILE | --table FILE | --content FILE) [options]",
      "Creates a scoring campaign (direct assessment, MQM) from a scored-segment table (the\n"
      "input of `tourney estimate`, read with the same column and exclusion flags: system,\n"
      "doc, seg, the human score, metric columns) and prints its id and annotator token.\n"
      "Rows with a human score count as scored (the way to bring in scores collected before\n"
      "the campaign; betting-cs refuses them).\n"
      "--content FILE adds the texts annotators see (docs/content.md); without a table,\n"
      "the rows are every (system, segment) with an output in it, documents as it names\n"
      "them, no metrics.");
  AddConnectionFlags(flags);
  AddScoredSegmentFlags(flags);
  AddContentFlags(flags, true);
  AddAnnotatorUrlFlag(flags);
  AddEnrolmentFlags(flags);
  flags.Add("name", "NAME", "", "campaign name (required, unique)");
  flags.Add("table", "FILE", "", "the scored-segment table, TSV or CSV (or give it as FILE)");
  flags.Add("design", "D", "docs-prop", "random or docs-prop");
  flags.Add("estimator", "E", "",
            "mean, cv-mean, cv-multi, cv-knn or cv-METRIC (default "
            "cv-knn, mean without metrics)");
  flags.Add("bound", "B", "",
            "cv-cs or betting-cs (confidence sequences: stopping at ±T keeps the confidence; "
            "cv-cs needs the cv-knn estimator, --score-min, --score-max and a table without "
            "scores; betting-cs --design random, --estimator mean, --score-min and "
            "--score-max), hoeffding, bernstein, clt, clt-t or bootstrap-t (default: cv-cs "
            "where it applies, else bootstrap-t, as the server decides)");
  flags.Add("confidence", "G", "0.95", "interval confidence in (0, 1)");
  flags.Add("tolerance", "T", "", "the ±T target (optional)");
  flags.Add("range", "R", "0", "score range for hoeffding/bernstein (0: the scores')");
  flags.Add("score-min", "X", "", "the lowest score possible (a score below is refused)");
  flags.Add("score-max", "X", "", "the highest score possible (a score above is refused)");
  flags.Add("lease-seconds", "S", "1800", "how long a served item is held, 1..86400");
  flags.Add("seed", "N", "1", "seed of the sampling order and the bootstrap");
  flags.Add("max-leases", "N", "0",
            "items one annotator may hold leased at once (0: the server's "
            "--max-leases-per-annotator, 16 by default)");
  flags.Add("token-out", "FILE", "", "also write the annotator token to FILE (mode 0600)");
  flags.Add("protocol", "P", "plain",
            "what annotators give: plain (a score), da (0-100), esa (minor/major spans and a "
            "0-100 score) or mqm (spans with severity and category; the score is their "
            "weighted sum; implies --lower-is-better)");
  flags.Add("normalization", "N", "none",
            "none, or annotator-z: estimates from per-annotator z-scores (WMT DA; needs "
            "--bound clt, clt-t or bootstrap-t)");
  flags.Add("screen-size", "K", "1",
            "outputs per screen: 1 scores item by item; K >= 2 is a contrastive campaign "
            "(WMT26's contrastive ESA: --protocol esa --screen-size 3), each screen one "
            "segment's outputs of K systems side by side");
  flags.Add("assignment", "RULE", "adaptive",
            "contrastive campaigns: how each screen's systems are chosen: adaptive, wmt26 "
            "(WMT26's dynamic rule) or uniform");
  flags.Add("attention-rate", "P", "0",
            "contrastive campaigns: share of screens that are attention checks (one output "
            "with five words moved), 0..0.5; needs --content");
  flags.Add("coldstart", "N", "20",
            "contrastive campaigns: answers every system gets before the rule reads scores");
  flags.Add("screen-unit", "U", "segment",
            "contrastive campaigns: segment (one segment's outputs a screen) or document "
            "(WMT26's unit: a document's segments in order for each system, scored per "
            "segment)");
  flags.AddExample(
      "tourney campaign scoring-create --server 127.0.0.1:7447 --token-file admin.token "
      "--name wmt-mqm scores.tsv --lower-is-better --design random --tolerance 0.5",
      "an MQM campaign (error points: fewer is better) that stops each system at ±0.5");
  flags.AddExample(
      "tourney campaign scoring-create --server 127.0.0.1:7447 --token-file admin.token "
      "--name cesa --content texts.jsonl --protocol esa --screen-size 3 --attention-rate 0.1",
      "WMT26's contrastive ESA: three outputs per screen, one screen in ten an attention check");
  const std::string verb = "campaign scoring-create";
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, verb, &code)) return code;
  const size_t files = flags.positionals().size() + (flags.Get("table").empty() ? 0 : 1);
  auto content_requested = ContentRequested(flags);
  if (!content_requested.ok()) return ReportError(verb, content_requested.status());
  const bool with_content = *content_requested;
  if (flags.Get("name").empty() || files > 1 || (files == 0 && !with_content)) {
    return ReportError(verb, InvalidArgument("--name and one table (FILE or --table) or "
                                             "--content FILE are required"));
  }
  v1::CreateScoringCampaignRequest request;
  v1::ScoringCampaignConfig* config = request.mutable_config();
  config->set_name(flags.Get("name"));
  if (files == 1) {
    if (Status s = AddTableRows(flags, verb, config); !s.ok()) return ReportError(verb, s);
  }
  if (with_content) {
    auto texts = LoadContent(flags, flags.Get("content"));
    if (!texts.ok()) return ReportError(verb, texts.status());
    {
      const std::vector<ReferenceCopy> copies =
          WarnAboutContent(*texts, flags.Get("content"), true, flags.GetBool("rank-reference"),
                           std::cerr);
      std::vector<std::string> copied;
      for (const ReferenceCopy& c : copies) copied.push_back(texts->systems[c.system]);
      const bool rank_reference = flags.GetBool("rank-reference");
      Status s = SettleReferenceCopies(copies, rank_reference, &*texts, nullptr);
      if (!s.ok()) return ReportError(verb, s);
      // The table's rows of a copy follow its content: left out, or renamed.
      auto* rows = config->mutable_rows();
      for (int i = rows->size() - 1; i >= 0; --i) {
        v1::ScoringRow* row = rows->Mutable(i);
        if (std::find(copied.begin(), copied.end(), row->system()) == copied.end()) continue;
        if (rank_reference) {
          row->set_system(row->system() + kHumanReferenceLabel);
        } else {
          rows->DeleteSubrange(i, 1);
        }
      }
    }
    ApplyScoringContent(*texts, files == 0, config);
    if (flags.IsSet("guidelines")) {
      Status s = ReadGuidelines(flags.Get("guidelines"), config->mutable_content());
      if (!s.ok()) return ReportError(verb, s);
    }
    std::cerr << "content " << flags.Get("content") << " (" << texts->format
              << "): " << texts->systems.size() << " systems, " << texts->segments.size()
              << " segments, " << texts->NumOutputs() << " outputs\n";
    WarnLargeRequest(request.ByteSizeLong());
  }
  config->set_protocol(flags.Get("protocol"));
  config->set_normalization(flags.Get("normalization"));
  config->set_lower_is_better(flags.IsSet("lower-is-better") || flags.Get("protocol") == "mqm");
  config->set_design(flags.Get("design"));
  config->set_estimator(flags.Get("estimator"));
  // Unset: empty, so that the server's default (cv-cs where it applies) is the one applied.
  config->set_bound(flags.Get("bound"));
  auto confidence = flags.GetDouble("confidence");
  if (!confidence.ok()) return ReportError(verb, confidence.status());
  config->set_confidence(*confidence);
  if (!flags.Get("tolerance").empty()) {
    auto tolerance = flags.GetDouble("tolerance");
    if (!tolerance.ok()) return ReportError(verb, tolerance.status());
    config->set_tolerance(*tolerance);
  }
  auto range = flags.GetDouble("range");
  if (!range.ok()) return ReportError(verb, range.status());
  config->set_score_range(*range);
  if (!flags.Get("score-min").empty()) {
    auto value = flags.GetDouble("score-min");
    if (!value.ok()) return ReportError(verb, value.status());
    config->set_score_min(*value);
  }
  if (!flags.Get("score-max").empty()) {
    auto value = flags.GetDouble("score-max");
    if (!value.ok()) return ReportError(verb, value.status());
    config->set_score_max(*value);
  }
  auto lease = flags.GetInt("lease-seconds");
  if (!lease.ok()) return ReportError(verb, lease.status());
  if (*lease < 1 || *lease > 86400) {
    return ReportError(verb, InvalidArgument("--lease-seconds must be in 1..86400"));
  }
  config->set_lease_seconds(static_cast<uint32_t>(*lease));
  auto seed = flags.GetUint("seed");
  if (!seed.ok()) return ReportError(verb, seed.status());
  config->set_seed(*seed);
  auto enrolment = EnrolmentFromFlags(flags);
  if (!enrolment.ok()) return ReportError(verb, enrolment.status());
  config->set_enrolment(*enrolment);
  auto max_leases = flags.GetInt("max-leases");
  if (!max_leases.ok()) return ReportError(verb, max_leases.status());
  if (*max_leases < 0 || *max_leases > 10000) {
    return ReportError(verb, InvalidArgument("--max-leases must be in 0..10000"));
  }
  config->set_max_leases_per_annotator(static_cast<uint32_t>(*max_leases));
  auto screen_size = flags.GetInt("screen-size");
  if (!screen_size.ok()) return ReportError(verb, screen_size.status());
  if (*screen_size < 1 || *screen_size > 64) {
    return ReportError(verb, InvalidArgument("--screen-size must be in 1..64"));
  }
  if (*screen_size == 1) {
    for (const char* flag : {"assignment", "attention-rate", "coldstart", "screen-unit"}) {
      if (flags.IsSet(flag)) {
        return ReportError(verb, InvalidArgument(std::string("--") + flag +
                                                 " goes with --screen-size 2 or more"));
      }
    }
  } else {
    config->set_screen_size(static_cast<uint32_t>(*screen_size));
    config->set_assignment(flags.Get("assignment"));
    config->set_screen_unit(flags.Get("screen-unit"));
    auto rate = flags.GetDouble("attention-rate");
    if (!rate.ok()) return ReportError(verb, rate.status());
    config->set_attention_rate(*rate);
    auto coldstart = flags.GetInt("coldstart");
    if (!coldstart.ok()) return ReportError(verb, coldstart.status());
    if (*coldstart < 0) return ReportError(verb, InvalidArgument("--coldstart must be >= 0"));
    config->set_coldstart(static_cast<uint32_t>(*coldstart));
    // The defaults of item campaigns do not apply to screens.
    if (!flags.IsSet("design")) config->clear_design();
    if (config->normalization() == "none") config->clear_normalization();
  }

  v1::CreateCampaignResponse response;
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.CreateScoringCampaign(context, request, &response);
  });
  if (code != kExitOk) return code;
  return PrintCreatedCampaign(flags, verb, response);
}

int RunScoringNext(int argc, char** argv) {
  Flags flags(
      "tourney campaign scoring-next --server ADDR --token-file TOKEN --campaign ID "
      "--annotator NAME [--format text|json]",
      "Asks a scoring campaign for the next item to score and prints it: system, segment,\n"
      "document and lease expiry. Exit 2 with NOT_FOUND when nothing is free now (ask\n"
      "again later) and FAILED_PRECONDITION when every item is scored.");
  AddConnectionFlags(flags);
  flags.Add("campaign", "ID", "", "scoring campaign id (required)");
  flags.Add("annotator", "NAME", "", "who will score ([A-Za-z0-9._@:-], 1..128)");
  flags.Add("format", "F", "text", "text or json");
  const std::string verb = "campaign scoring-next";
  uint64_t campaign = 0;
  bool json = false;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, &json, &code)) return code;
  v1::NextItemRequest request;
  request.set_campaign_id(campaign);
  request.set_annotator(flags.Get("annotator"));
  v1::NextItemResponse item;
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.NextItem(context, request, &item);
  });
  if (code != kExitOk) return code;
  if (json) {
    std::cout << ToJson(item);
    return kExitOk;
  }
  std::cout << "system " << item.system() << "\nsegment " << item.segment() << "\ndocument "
            << item.document() << "\nitem_id " << item.item_id() << "\nlease_expires_unix_ms "
            << item.lease_expires_unix_ms() << "\n";
  return kExitOk;
}

int RunScoringSubmit(int argc, char** argv) {
  Flags flags(
      "tourney campaign scoring-submit --server ADDR --token-file TOKEN --campaign ID "
      "--annotator NAME --system S --segment G --score X [--key K]",
      "Submits one score and prints the acknowledgment once it is durable. A repeat of the\n"
      "same score is acknowledged again; another score for a scored item is refused.");
  AddConnectionFlags(flags);
  flags.Add("campaign", "ID", "", "scoring campaign id (required)");
  flags.Add("annotator", "NAME", "", "who scored");
  flags.Add("system", "S", "", "the system");
  flags.Add("segment", "G", "", "the segment id");
  flags.Add("score", "X", "", "the score (finite)");
  flags.Add("key", "K", "", "idempotency key (optional)");
  flags.Add("spans", "LIST", "",
            "ESA/MQM error spans, comma-separated START-END:SEVERITY[:CATEGORY] in UTF-16 "
            "code units of the output, e.g. 0-4:major:Accuracy/Mistranslation");
  const std::string verb = "campaign scoring-submit";
  uint64_t campaign = 0;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, nullptr, &code)) return code;
  auto score = flags.GetDouble("score");
  if (!score.ok()) return ReportError(verb, score.status());
  v1::SubmitScoreRequest request;
  request.set_campaign_id(campaign);
  request.set_annotator(flags.Get("annotator"));
  request.set_system(flags.Get("system"));
  request.set_segment(flags.Get("segment"));
  request.set_score(*score);
  request.set_idempotency_key(flags.Get("key"));
  if (Status s = ParseSpans(flags.Get("spans"), request.mutable_error_spans()); !s.ok()) {
    return ReportError(verb, s);
  }
  v1::SubmitScoreResponse ack;
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.SubmitScore(context, request, &ack);
  });
  if (code != kExitOk) return code;
  PrintAck(ack.sequence(), ack.committed_unix_ms());
  return kExitOk;
}

int RunScoringEstimate(int argc, char** argv) {
  Flags flags(
      "tourney campaign scoring-estimate --server ADDR --token-file TOKEN --campaign ID "
      "[--format text|json]",
      "Prints every system's estimated test-set score with its interval, the segments\n"
      "scored and, with a tolerance, whether ±T is reached and how many more it needs;\n"
      "once every system has an estimate, the board: rank, cluster, and the paired\n"
      "differences of rank neighbours (as `tourney estimate`). A system without an\n"
      "estimate says why. A contrastive campaign (--screen-size 2 or more) prints its\n"
      "within-screen board instead: mean, answers, clusters, WMT26's rule beside them,\n"
      "the pairs separated, and each annotator's attention checks.");
  AddConnectionFlags(flags);
  flags.Add("campaign", "ID", "", "scoring campaign id (required)");
  flags.Add("format", "F", "text", "text or json");
  const std::string verb = "campaign scoring-estimate";
  uint64_t campaign = 0;
  bool json = false;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, &json, &code)) return code;
  v1::GetEstimateRequest request;
  request.set_campaign_id(campaign);
  v1::GetEstimateResponse response;
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.GetEstimate(context, request, &response);
  });
  if (code != kExitOk) return code;
  if (json) {
    std::cout << ToJson(response);
    return kExitOk;
  }
  if (response.has_screen_board()) {
    std::cout << ScreenBoardText(response);
    return kExitOk;
  }
  // Table order, or the board's order (best first) with rank and cluster once ranked.
  std::vector<int> order(static_cast<size_t>(response.systems_size()));
  for (int i = 0; i < response.systems_size(); ++i) order[static_cast<size_t>(i)] = i;
  if (response.ranked()) {
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      return response.systems(a).rank() < response.systems(b).rank();
    });
  }
  std::cout << "# " << (response.lower_is_better() ? "lower" : "higher") << " is better"
            << (response.closed() ? "; closed" : "") << "\n";
  std::cout << "rank\tcluster\tsystem\tscored\tsegments\tvalue\tlo\thi\ttarget_reached\t"
               "more_needed\tnote\n";
  for (int i : order) {
    const v1::SystemScoreEstimate& e = response.systems(i);
    if (response.ranked()) {
      std::cout << e.rank() << "\t" << e.cluster() << "\t";
    } else {
      std::cout << "-\t-\t";
    }
    std::cout << e.system() << "\t" << e.scored() << "\t" << e.segments() << "\t";
    if (e.estimated()) {
      std::cout << e.value() << "\t" << e.lo() << "\t" << e.hi() << "\t"
                << (e.target_reached() ? "yes" : "no") << "\t" << e.more_needed() << "\t\n";
    } else {
      std::cout << "-\t-\t-\t-\t-\t" << e.note() << "\n";
    }
  }
  if (!response.ranked()) {
    std::cout << "# " << response.board_note() << "\n";
    return kExitOk;
  }
  std::cout << "\nbetter\tworse\tdifference\tlo\thi\tpaired\tseparated\n";
  for (const v1::ScorePairDifference& d : response.pairs()) {
    std::cout << d.better() << "\t" << d.worse() << "\t";
    if (d.estimated()) {
      std::cout << d.difference() << "\t" << d.lo() << "\t" << d.hi();
    } else {
      std::cout << "-\t-\t-";
    }
    std::cout << "\t" << d.paired() << "\t" << (d.separated() ? "yes" : "no") << "\n";
  }
  for (const std::string& w : response.warnings()) std::cout << "# warning: " << w << "\n";
  return kExitOk;
}

int RunScoringExport(int argc, char** argv) {
  Flags flags(
      "tourney campaign scoring-export --server ADDR --token-file TOKEN --campaign ID "
      "[--output FILE]",
      "Writes every stored score of a scoring campaign in commit order as TSV: sequence,\n"
      "system, doc, seg, score, annotator, key, committed_unix_ms, error_spans (a JSON\n"
      "array of {start, end, severity, category}; [] without spans). Scores are written\n"
      "in the shortest form that reads back to the same number (0.333333, not\n"
      "0.33333299999999999).\n"
      "A contrastive campaign (--screen-size 2 or more) is written as JSON Lines instead,\n"
      "one screen per line (tourney's cESA export: screenId, annotator, segment,\n"
      "displayOrder, selectionProbability, answers, attention checks marked by\n"
      "degradedSystem), the input of `tourney cluster FILE --protocol cesa`.");
  AddConnectionFlags(flags);
  flags.Add("campaign", "ID", "", "scoring campaign id (required)");
  flags.Add("output", "FILE", "-", "where to write (- = standard output)");
  const std::string verb = "campaign scoring-export";
  uint64_t campaign = 0;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, nullptr, &code)) return code;
  if (ScreenSizeOf(flags, verb, campaign, &code) >= 2) {
    return ExportScreensAsJsonLines(flags, verb, campaign);
  }
  if (code != kExitOk) return code;
  v1::ExportScoresRequest request;
  request.set_campaign_id(campaign);
  std::ostringstream tsv;
  tsv << "sequence\tsystem\tdoc\tseg\tscore\tannotator\tkey\tcommitted_unix_ms\terror_spans\n";
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    auto reader = stub.ExportScores(context, request);
    v1::ExportedScore row;
    while (reader->Read(&row)) {
      tsv << row.sequence() << "\t" << row.system() << "\t" << row.document() << "\t"
          << row.segment() << "\t" << JsonNumber(row.score()) << "\t" << row.annotator() << "\t"
          << row.idempotency_key() << "\t" << row.committed_unix_ms() << "\t"
          << SpansJson(row) << "\n";
    }
    return reader->Finish();
  });
  if (code != kExitOk) return code;
  if (Status s = WriteOutput(flags.Get("output"), tsv.str()); !s.ok()) {
    return ReportError(verb, s);
  }
  return kExitOk;
}

}  // namespace tourney::cli
