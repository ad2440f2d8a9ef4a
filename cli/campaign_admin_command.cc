// The admin verbs of `tourney campaign`: list, show, export (WMT CSV), close, and the
// quality-control verbs stats and exclude.
#include <cstdio>
#include <iostream>
#include <sstream>

#include "campaign_client.h"
#include "common.h"
#include "proto/leaderboard_proto.h"
#include "tourney/core/leaderboard.h"
#include "tourney/campaigns/campaign.h"
#include "tourney/selection/match_selector.h"
#include "tourney/selection/trueskill_model.h"

namespace tourney::cli {
namespace {

// A selection probability with 17 significant digits, which read back as the same double.
std::string ProbabilityText(double p) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.17g", p);
  return buf;
}

// Most systemNId columns a WMT CSV holds (csv_reader.h).
constexpr int kMaxWmtColumns = 5;

const char* StateName(v1::CampaignState state) {
  switch (state) {
    case v1::CAMPAIGN_STATE_OPEN:
      return "open";
    case v1::CAMPAIGN_STATE_CLOSED:
      return "closed";
    default:
      return "unknown";
  }
}

// A server older than CampaignInfo.kind lists pairwise campaigns only.
const char* KindName(v1::CampaignKind kind) {
  return kind == v1::CAMPAIGN_KIND_SCORING ? "scoring" : "pairwise";
}

// A CSV field: quoted when it holds a comma or a quote.
std::string CsvField(const std::string& s) {
  if (s.find_first_of(",\"") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

// One ranking as WMT columns: '+'-joined ids of the entries sharing a column, and the
// column's rank. InvalidArgument when a name cannot be written to a WMT CSV.
Status ToColumns(const v1::ExportedJudgment& j, std::vector<std::string>* ids,
                 std::vector<uint32_t>* ranks) {
  const v1::Ranking& r = j.ranking();
  ids->clear();
  ranks->clear();
  for (int e = 0; e < r.systems_size(); ++e) {
    const std::string& name = r.systems(e);
    if (name.find_first_of("+,\"\r\n") != std::string::npos || name == "PLACEHOLDER") {
      return InvalidArgument("system '" + name +
                             "' cannot be written to a WMT CSV (it holds '+', ',', a quote "
                             "or a line break, or is PLACEHOLDER)");
    }
    const size_t column = r.groups_size() > 0 ? r.groups(e) : static_cast<size_t>(e);
    if (column >= ids->size()) {
      ids->resize(column + 1);
      ranks->resize(column + 1, 0);
    }
    std::string& id = (*ids)[column];
    id += (id.empty() ? "" : "+") + name;
    (*ranks)[column] = r.ranks(e);
  }
  for (const std::string& id : *ids) {
    if (id.empty()) return InvalidArgument("a ranking has an empty column");
  }
  for (const std::string* text : {&r.annotator(), &r.document()}) {
    if (text->find_first_of("\r\n") != std::string::npos) {
      return InvalidArgument("an annotator or document holds a line break");
    }
  }
  return Status::Ok();
}

void PrintInfo(const v1::CampaignInfo& c, bool with_config) {
  std::cout << "campaign_id " << c.campaign_id() << "\nname " << c.config().name() << "\nstate "
            << StateName(c.state()) << "\ncreated_unix_ms " << c.created_unix_ms()
            << "\nclosed_unix_ms " << c.closed_unix_ms() << "\njudgments " << c.judgments()
            << "\nimported_judgments " << c.imported_judgments() << "\nannotators "
            << c.annotators() << "\nopen_leases " << c.open_leases() << "\nsystems " << c.systems()
            << "\nsegments " << c.segments() << "\nkind " << KindName(c.kind()) << "\n";
  if (c.kind() == v1::CAMPAIGN_KIND_SCORING) {
    // No pairwise configuration: `campaign scoring-estimate` prints where the scores stand.
    std::cout << "items " << c.items() << "\nitems_scored " << c.items_scored() << "\n";
    return;
  }
  if (with_config) {
    const v1::CampaignConfig& config = c.config();
    std::cout << "k " << config.k() << "\nselector "
              << (config.selector().empty() ? std::string(kDefaultMatchSelector)
                                            : config.selector())
              << "\nseed " << config.seed() << "\nlease_seconds "
              << (config.lease_seconds() == 0 ? 600 : config.lease_seconds());
    if (config.stopping().rule() == "anytime") {
      std::cout << "\nstopping anytime delta "
                << (config.stopping().delta() == 0.0 ? 0.05 : config.stopping().delta())
                << " epsilon " << config.stopping().epsilon();
    } else if (config.stopping().rule() == "top-k") {
      std::cout << "\nstopping top-k k " << config.stopping().k() << " delta "
                << (config.stopping().delta() == 0.0 ? 0.05 : config.stopping().delta())
                << " epsilon " << config.stopping().epsilon();
    } else {
      std::cout << "\nstopping z";
    }
    // The uniform floor as the server applies it (unset: the default), and planned looks.
    std::cout << "\nuniform_floor "
              << (config.has_uniform_floor() ? config.uniform_floor() : kDefaultUniformFloor);
    if (config.has_looks()) {
      std::cout << "\nlooks " << (config.looks().looks() == 0 ? 4 : config.looks().looks())
                << " budget " << config.looks().budget();
    } else {
      std::cout << "\nlooks none";
    }
    std::cout << "\nsystem_names ";
    for (int i = 0; i < config.systems_size(); ++i) {
      std::cout << (i ? "," : "") << config.systems(i);
    }
    // The live ratings' TrueSkill parameters as the server uses them (defaults filled in).
    const v1::TrueSkillConfig& t = config.trueskill();
    LiveRatingOptions live;
    live.mu = t.mu();
    live.sigma = t.sigma();
    live.beta = t.beta();
    live.tau = t.tau();
    if (t.draw_case() == v1::TrueSkillConfig::kDrawProbability) {
      live.draw_probability = t.draw_probability();
    }
    if (t.draw_case() == v1::TrueSkillConfig::kDrawMargin) live.draw_margin = t.draw_margin();
    const TrueSkillOptions ts = ResolveTrueSkillOptions(LiveTrueSkillOptions(live), 0);
    std::cout << "\ntrueskill_mu " << ts.mu << "\ntrueskill_sigma " << ts.sigma
              << "\ntrueskill_beta " << ts.beta << "\ntrueskill_tau " << ts.tau;
    if (ts.draw_margin) {
      std::cout << "\ntrueskill_draw_margin " << *ts.draw_margin;
    } else {
      std::cout << "\ntrueskill_draw_probability " << ts.draw_probability;
    }
    std::cout << "\ntrueskill_update " << (t.update().empty() ? "pairwise" : t.update());
    const v1::QualityControlConfig& qc = config.quality_control();
    std::cout << "\nqc_check_fraction " << qc.check_fraction() << "\nqc_control_system "
              << (qc.control_system().empty() ? "none" : qc.control_system())
              << "\nqc_max_judgments_per_annotator ";
    if (qc.max_judgments_per_annotator() > 0) {
      std::cout << qc.max_judgments_per_annotator();
    } else {
      std::cout << "none";
    }
    std::cout << "\nexcluded_annotators ";
    for (int i = 0; i < c.excluded_annotators_size(); ++i) {
      std::cout << (i ? "," : "") << c.excluded_annotators(i);
    }
    if (c.excluded_annotators_size() == 0) std::cout << "none";
    // Who may annotate; a campaign stored before enrolment existed is open.
    std::cout << "\nenrolment "
              << (config.enrolment() == v1::ENROLMENT_INVITED ? "invited" : "open");
    std::cout << "\n";
  }
}

}  // namespace

int RunCampaignList(int argc, char** argv) {
  Flags flags("tourney campaign list --server ADDR --token-file ADMIN [--format text|json]",
              "Lists the server's campaigns, pairwise and scoring, by id: one line each with\n"
              "the name, the state (open or closed), judgments (scores for a scoring\n"
              "campaign), annotators, open leases, the kind (pairwise or scoring) and, for a\n"
              "scoring campaign, its items scored/total ('-' for pairwise). JSON holds the\n"
              "same fields (kind as CAMPAIGN_KIND_PAIRWISE or CAMPAIGN_KIND_SCORING).");
  flags.AddExample("tourney campaign list --server 127.0.0.1:7447 --token-file admin.token",
                   "every campaign on the server");
  AddConnectionFlags(flags);
  flags.Add("format", "F", "text", "text or json");
  const std::string verb = "campaign list";
  bool json = false;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, nullptr, &json, &code)) return code;
  v1::ListCampaignsResponse response;
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.ListCampaigns(context, v1::ListCampaignsRequest(), &response);
  });
  if (code != kExitOk) return code;
  if (json) {
    std::cout << ToJson(response);
    return kExitOk;
  }
  std::cout << "id\tname\tstate\tjudgments\tannotators\topen_leases\tkind\titems\n";
  for (const v1::CampaignInfo& c : response.campaigns()) {
    const bool scoring = c.kind() == v1::CAMPAIGN_KIND_SCORING;
    std::cout << c.campaign_id() << "\t" << c.config().name() << "\t" << StateName(c.state())
              << "\t" << c.judgments() << "\t" << c.annotators() << "\t" << c.open_leases() << "\t"
              << KindName(c.kind()) << "\t"
              << (scoring ? std::to_string(c.items_scored()) + "/" + std::to_string(c.items())
                          : std::string("-"))
              << "\n";
  }
  return kExitOk;
}

int RunCampaignShow(int argc, char** argv) {
  Flags flags(
      "tourney campaign show --server ADDR --token-file ADMIN --campaign ID "
      "[--format text|json]",
      "Prints one campaign: its kind, state (open or closed), counts (judgments, imported\n"
      "judgments, annotators, open leases), configuration, the live ratings' TrueSkill\n"
      "parameters (trueskill_*, defaults filled in), quality control (qc_*: 'none' for no\n"
      "control system or no cap) and the annotators excluded from the ratings.");
  flags.AddExample(
      "tourney campaign show --server 127.0.0.1:7447 --token-file admin.token --campaign 1",
      "campaign 1's state and counts");
  AddConnectionFlags(flags);
  flags.Add("campaign", "ID", "", "campaign id (required)");
  flags.Add("format", "F", "text", "text or json");
  const std::string verb = "campaign show";
  uint64_t campaign = 0;
  bool json = false;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, &json, &code)) return code;
  v1::GetCampaignRequest request;
  request.set_campaign_id(campaign);
  v1::CampaignInfo info;
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.GetCampaign(context, request, &info);
  });
  if (code != kExitOk) return code;
  if (json) {
    std::cout << ToJson(info);
  } else {
    PrintInfo(info, true);
  }
  return kExitOk;
}

int RunCampaignExport(int argc, char** argv) {
  Flags flags(
      "tourney campaign export --server ADDR --token-file ADMIN --campaign ID --output FILE",
      "Writes every judgment of a campaign, in commit order, as WMT CSV: the format\n"
      "`tourney rank` reads (segmentId, documentId, judgeId, systemNId, systemNrank), plus\n"
      "the columns sequence, matchId (0 for imported rankings), leasedUnixMs (0 when\n"
      "unknown), committedUnixMs, excluded (1: the annotator is excluded from the\n"
      "ratings), check (none, repeat or control) and checkPassed (1 or 0). Systems shown\n"
      "as one output are '+'-joined; shorter rankings are padded with PLACEHOLDER\n"
      "columns. Every judgment is written, excluded ones too; with --skip-excluded only\n"
      "those in the ratings, so that `tourney rank` on the file gives the campaign's\n"
      "Expected Wins leaderboard exactly. The file is written whole or not at all (a\n"
      "temporary file, then a rename).");
  flags.AddExample(
      "tourney campaign export --server 127.0.0.1:7447 --token-file admin.token "
      "--campaign 1 --output fr-en.csv && tourney rank fr-en.csv",
      "export, then rank offline");
  AddConnectionFlags(flags);
  flags.Add("campaign", "ID", "", "campaign id (required)");
  flags.Add("output", "FILE", "", "the CSV file to write ('-' for standard output)");
  flags.AddBool("skip-excluded", "leave out the judgments of excluded annotators");
  const std::string verb = "campaign export";
  uint64_t campaign = 0;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, nullptr, &code)) return code;
  const std::string output = flags.Get("output");
  if (output.empty()) return ReportError(verb, InvalidArgument("--output FILE is required"));

  v1::ExportJudgmentsRequest request;
  request.set_campaign_id(campaign);
  // All judgments first: the header needs the widest ranking.
  std::vector<v1::ExportedJudgment> judgments;
  const bool skip_excluded = flags.IsSet("skip-excluded");
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    auto reader = stub.ExportJudgments(context, request);
    v1::ExportedJudgment j;
    while (reader->Read(&j)) {
      if (!(skip_excluded && j.excluded())) judgments.push_back(std::move(j));
    }
    return reader->Finish();
  });
  if (code != kExitOk) return code;

  size_t width = 2;
  std::vector<std::string> ids;
  std::vector<uint32_t> ranks;
  for (const v1::ExportedJudgment& e : judgments) {
    Status c = ToColumns(e, &ids, &ranks);
    if (!c.ok()) {
      return ReportError(
          verb, InvalidArgument("judgment " + std::to_string(e.sequence()) + ": " + c.message()));
    }
    if (ids.size() > static_cast<size_t>(kMaxWmtColumns)) {
      return ReportError(verb, InvalidArgument("judgment " + std::to_string(e.sequence()) +
                                               " has " + std::to_string(ids.size()) +
                                               " columns; a WMT CSV holds at most 5"));
    }
    width = std::max(width, ids.size());
  }
  std::ostringstream out;
  out << "sequence,matchId,segmentId,documentId,judgeId";
  for (size_t c = 1; c <= width; ++c) out << ",system" << c << "Id";
  for (size_t c = 1; c <= width; ++c) out << ",system" << c << "rank";
  out << ",leasedUnixMs,committedUnixMs,excluded,check,checkPassed,uniformDraw,"
         "selectionProbability\n";
  for (const v1::ExportedJudgment& e : judgments) {
    ToColumns(e, &ids, &ranks);
    const v1::Ranking& r = e.ranking();
    out << e.sequence() << "," << e.match_id() << "," << r.segment() << ","
        << CsvField(r.document()) << "," << CsvField(r.annotator());
    for (size_t c = 0; c < width; ++c) out << "," << (c < ids.size() ? ids[c] : "PLACEHOLDER");
    for (size_t c = 0; c < width; ++c) {
      out << ",";
      if (c < ranks.size()) out << ranks[c];
    }
    const char* check = e.check() == v1::QUALITY_CHECK_REPEAT    ? "repeat"
                        : e.check() == v1::QUALITY_CHECK_CONTROL ? "control"
                                                                 : "none";
    out << "," << e.leased_unix_ms() << "," << e.committed_unix_ms() << ","
        << (e.excluded() ? 1 : 0) << "," << check << ","
        << (e.check() != v1::QUALITY_CHECK_NONE && e.check_passed() ? 1 : 0) << ","
        << (e.uniform_draw() ? 1 : 0) << "," << ProbabilityText(e.selection_probability())
        << "\n";
  }
  if (Status s = WriteOutput(output, out.str()); !s.ok()) return ReportError(verb, s);
  std::cerr << "exported " << WithThousands(static_cast<int64_t>(judgments.size()))
            << " judgments of campaign " << campaign << "\n";
  return kExitOk;
}

int RunCampaignClose(int argc, char** argv) {
  Flags flags("tourney campaign close --server ADDR --token-file ADMIN --campaign ID",
              "Closes a campaign for good: it serves no more matches and takes no more\n"
              "judgments or imports (a match leased before the close can no longer be\n"
              "submitted). Leaderboards, show and export keep working. A scoring campaign\n"
              "closes the same way: no more items or scores; its estimate and export keep\n"
              "working. Closing a closed campaign changes nothing. Prints the campaign as\n"
              "`show` does.");
  flags.AddExample(
      "tourney campaign close --server 127.0.0.1:7447 --token-file admin.token --campaign 1",
      "end campaign 1");
  AddConnectionFlags(flags);
  flags.Add("campaign", "ID", "", "campaign id (required)");
  const std::string verb = "campaign close";
  uint64_t campaign = 0;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, nullptr, &code)) return code;
  v1::CloseCampaignRequest request;
  request.set_campaign_id(campaign);
  v1::CampaignInfo info;
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.CloseCampaign(context, request, &info);
  });
  if (code != kExitOk) return code;
  PrintInfo(info, false);
  return kExitOk;
}

int RunCampaignStats(int argc, char** argv) {
  Flags flags("tourney campaign stats --server ADDR --token-file ADMIN --campaign ID [--format F]",
              "Prints each annotator's quality record: judgments, quality checks passed and\n"
              "failed (repeats and control matches, see `campaign create --check-fraction`), pass\n"
              "rate, intra-annotator kappa (from repeats) and inter-annotator kappa (against the\n"
              "others on shared items; WMT's definition), mean seconds from lease to commit, and\n"
              "whether the annotator is excluded. '-' marks a value without data.");
  flags.AddExample(
      "tourney campaign stats --server 127.0.0.1:7447 --token-file admin.token --campaign 1",
      "who agrees with whom, who fails checks");
  AddConnectionFlags(flags);
  flags.Add("campaign", "ID", "", "campaign id (required)");
  flags.Add("format", "F", "text", "text (tab-separated) or json");
  const std::string verb = "campaign stats";
  uint64_t campaign = 0;
  bool json = false;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, &json, &code)) return code;
  v1::GetAnnotatorStatsRequest request;
  request.set_campaign_id(campaign);
  v1::AnnotatorStatsResponse response;
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.GetAnnotatorStats(context, request, &response);
  });
  if (code != kExitOk) return code;
  if (json) {
    std::cout << ToJson(response);
    return kExitOk;
  }
  auto value = [](bool has, double v) {
    if (!has) return std::string("-");
    return TableNumber(v, 3);
  };
  std::cout << "annotator\tjudgments\tpassed\tfailed\tpass_rate\tintra_kappa\tinter_kappa\t"
               "mean_seconds\texcluded\n";
  for (const v1::AnnotatorStats& a : response.annotators()) {
    std::cout << a.annotator() << "\t" << a.judgments() << "\t" << a.checks_passed() << "\t"
              << a.checks_failed() << "\t" << value(a.has_pass_rate(), a.pass_rate()) << "\t"
              << value(a.has_intra_kappa(), a.intra_kappa()) << "\t"
              << value(a.has_inter_kappa(), a.inter_kappa()) << "\t"
              << value(a.has_mean_seconds_per_judgment(), a.mean_seconds_per_judgment()) << "\t"
              << (a.excluded() ? "yes" : "no") << "\n";
  }
  return kExitOk;
}

int RunCampaignExclude(int argc, char** argv) {
  Flags flags(
      "tourney campaign exclude --server ADDR --token-file ADMIN --campaign ID "
      "--annotator NAME [--include]",
      "Excludes an annotator's judgments from the campaign's ratings (or, with\n"
      "--include, takes them back in). Nothing is deleted: the server recomputes the\n"
      "live ratings and leaderboards without them; export and stats still list them,\n"
      "marked. The change is durable. Prints the excluded annotators and the judgments\n"
      "now rated.");
  flags.AddExample(
      "tourney campaign exclude --server 127.0.0.1:7447 --token-file admin.token "
      "--campaign 1 --annotator bob",
      "leave bob's judgments out of the ratings");
  AddConnectionFlags(flags);
  flags.Add("campaign", "ID", "", "campaign id (required)");
  flags.Add("annotator", "NAME", "", "the annotator");
  flags.AddBool("include", "include the annotator again instead");
  const std::string verb = "campaign exclude";
  uint64_t campaign = 0;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, nullptr, &code)) return code;
  v1::ExcludeAnnotatorRequest request;
  request.set_campaign_id(campaign);
  request.set_annotator(flags.Get("annotator"));
  request.set_include(flags.IsSet("include"));
  v1::ExcludeAnnotatorResponse response;
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.ExcludeAnnotator(context, request, &response);
  });
  if (code != kExitOk) return code;
  std::cout << "excluded ";
  for (int i = 0; i < response.excluded_annotators_size(); ++i) {
    std::cout << (i ? "," : "") << response.excluded_annotators(i);
  }
  std::cout << "\nrated_judgments " << response.rated_judgments() << "\n";
  return kExitOk;
}

}  // namespace tourney::cli
