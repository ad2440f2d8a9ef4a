// The contrastive side of `tourney campaign scoring-export`: a campaign with screens of k >= 2
// outputs is written as tourney's cESA export (docs/wmt-protocols.md, "cESA export"), one
// screen per line in proto3 JSON names (ExportedScreen), which `tourney rank|cluster FILE
// --protocol cesa|wmt26` reads back. Attention checks are written too, marked by their
// `degradedSystem`; the reader counts them apart.
#include <fstream>
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
    while (reader->Read(&row)) {
      std::string json;
      (void)google::protobuf::util::MessageToJsonString(row, &json, options);
      // The campaign's id first, as the export format names it.
      lines << "{\"campaignId\":\"" << campaign_id << "\"," << json.substr(1) << "\n";
    }
    return reader->Finish();
  });
  if (code != kExitOk) return code;
  const std::string path = flags.Get("output");
  if (path == "-") {
    std::cout << lines.str();
    return kExitOk;
  }
  std::ofstream out(path, std::ios::trunc);
  out << lines.str();
  out.close();
  if (!out) return ReportError(verb, IoError(path + ": cannot write"));
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

}  // namespace tourney::cli
