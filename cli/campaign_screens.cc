// The contrastive side of `tourney campaign scoring-export`: a campaign with screens of k >= 2
// outputs is written as tourney's cESA export (docs/wmt-protocols.md, "cESA export"), one
// screen per line in proto3 JSON names (ExportedScreen), which `tourney rank|cluster FILE
// --protocol cesa|wmt26` reads back. Attention checks are written too, marked by their
// `degradedSystem`; the reader counts them apart. A document screen is written as one line
// per segment, sharing the screen id, each with that segment's answers.
#include <iostream>
#include <sstream>
#include <string>

#include <google/protobuf/util/json_util.h>

#include "campaign_client.h"
#include "commands.h"
#include "common.h"

namespace tourney::cli {

// Writes the screens of contrastive campaign `campaign` to flags' --output. Returns the exit
// status.
int ExportScreensAsJsonLines(const Flags& flags, const std::string& verb, uint64_t campaign) {
  v1::ExportScreensRequest request;
  request.set_campaign_id(campaign);
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = false;
  options.always_print_primitive_fields = true;
  std::ostringstream lines;
  const std::string campaign_id = std::to_string(campaign);
  int code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    auto reader = stub.ExportScreens(context, request);
    v1::ExportedScreen row;
    auto write = [&](const v1::ExportedScreen& line) {
      std::string json;
      (void)google::protobuf::util::MessageToJsonString(line, &json, options);
      // The campaign's id first, as the export format names it.
      lines << "{\"campaignId\":\"" << campaign_id << "\"," << json.substr(1) << "\n";
    };
    while (reader->Read(&row)) {
      if (row.segments_size() == 0) {
        write(row);
        continue;
      }
      // A document screen: one line per segment, sharing the screen id (the export format's
      // rule), each with that segment's answers.
      for (const std::string& segment : row.segments()) {
        v1::ExportedScreen line = row;
        line.set_segment(segment);
        line.clear_answers();
        for (const v1::ScreenAnswer& a : row.answers()) {
          if (a.segment() == segment) *line.add_answers() = a;
        }
        write(line);
      }
    }
    return reader->Finish();
  });
  if (code != kExitOk) return code;
  if (Status s = WriteOutput(flags.Get("output"), lines.str()); !s.ok()) {
    return ReportError(verb, s);
  }
  return kExitOk;
}

// The screen size of scoring campaign `campaign` (1: item by item), or the exit status of a
// failed call in *code.
int ScreenSizeOf(const Flags& flags, const std::string& verb, uint64_t campaign, int* code) {
  v1::GetCampaignRequest request;
  request.set_campaign_id(campaign);
  v1::CampaignInfo info;
  *code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.GetCampaign(context, request, &info);
  });
  return info.screen_size();
}

std::string ScreenBoardText(const v1::GetEstimateResponse& response) {
  const v1::ScreenBoard& b = response.screen_board();
  std::ostringstream out;
  out << "# contrastive campaign: " << b.screen_size() << " outputs per screen, assignment "
      << b.assignment() << "; " << b.screens() << " screens on the board, "
      << b.attention_checks() << " attention checks" << (response.closed() ? "; closed" : "")
      << "\n# " << b.promise() << "\n# wmt26 columns: " << b.wmt26_label() << "\n";
  if (!response.board_note().empty()) out << "# " << response.board_note() << "\n";
  out << "rank\tcluster\tsystem\tanswers\tmean\tbt_theta\tholm_cluster\twmt26_score\t"
         "wmt26_cluster\n";
  for (const v1::ScreenBoardSystem& s : b.systems()) {
    out << s.rank() << "\t" << s.cluster() << "\t" << s.system() << "\t" << s.answers() << "\t"
        << s.mean() << "\t" << s.bt_theta() << "\t" << s.holm_cluster() << "\t"
        << s.wmt26_score() << "\t" << s.wmt26_cluster() << "\n";
  }
  out << "\nabove\tbelow\tscreens\tmean_difference\tanytime_lo\tanytime_hi\twmt26\n";
  for (const v1::ScreenBoardPair& p : b.pairs()) {
    if (p.separated_above().empty() && p.wmt26_better().empty()) continue;
    const bool a_first = p.separated_above().empty() ? p.wmt26_better() == p.a()
                                                     : p.separated_above() == p.a();
    const double sign = a_first ? 1.0 : -1.0;
    out << (a_first ? p.a() : p.b()) << "\t" << (a_first ? p.b() : p.a()) << "\t" << p.screens()
        << "\t" << sign * p.mean_difference() << "\t"
        << (a_first ? p.anytime_lo() : -p.anytime_hi()) << "\t"
        << (a_first ? p.anytime_hi() : -p.anytime_lo()) << "\t"
        << (p.separated_above().empty() ? "wmt26 only"
            : p.wmt26_better().empty()  ? "cesa only"
                                        : "both")
        << "\n";
  }
  out << "\nannotator\tscreens\tattention_checks\tpassed\n";
  for (const v1::ScreenAnnotator& a : b.annotators()) {
    out << a.annotator() << "\t" << a.screens() << "\t" << a.attention_checks() << "\t"
        << a.attention_passed() << "\n";
  }
  return out.str();
}

}  // namespace tourney::cli
