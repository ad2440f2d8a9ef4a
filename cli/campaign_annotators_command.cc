// `tourney campaign annotators add|list|revoke`: a campaign's per-annotator links
// (AddAnnotators, ListAnnotators, RevokeAnnotator; admin token).
#include <cstring>
#include <iostream>
#include <string>

#include "campaign_client.h"
#include "common.h"

namespace tourney::cli {
namespace {

int RunAnnotatorsAdd(int argc, char** argv) {
  Flags flags(
      "tourney campaign annotators add --server ADDR --token-file ADMIN --campaign ID "
      "[--http-url URL] (NAME... | --count N)",
      "Mints one annotator link per name: a token bound to that annotator of the campaign.\n"
      "Prints one line per annotator, in the order given: `NAME TOKEN`, and with --http-url\n"
      "the link to send on the same line: `NAME TOKEN "
      "URL/annotate/ID#token=TOKEN&annotator=NAME`.\n"
      "The token is shown only now (tourneyd keeps its digest). A token used under another\n"
      "annotator name is refused (PERMISSION_DENIED, HTTP 403); `annotators revoke` ends it\n"
      "(UNAUTHENTICATED, HTTP 401). --count N generates the names annotator-1, annotator-2, ...\n"
      "(skipping names that already have a link).");
  flags.AddExample(
      "tourney campaign annotators add --server 127.0.0.1:7447 --token-file admin.token "
      "--campaign 1 --http-url http://127.0.0.1:8080 alice bob",
      "links for alice and bob, ready to send");
  AddConnectionFlags(flags);
  flags.Add("campaign", "ID", "", "campaign id (required)");
  flags.Add("count", "N", "", "mint N links with generated names instead of NAME...");
  AddAnnotatorUrlFlag(flags);
  const std::string verb = "campaign annotators add";
  uint64_t campaign = 0;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, nullptr, &code)) return code;
  v1::AddAnnotatorsRequest request;
  request.set_campaign_id(campaign);
  for (const std::string& name : flags.positionals()) request.add_names(name);
  if (flags.IsSet("count")) {
    if (!flags.positionals().empty()) {
      return ReportError(verb, InvalidArgument("give NAME... or --count, not both"));
    }
    auto count = flags.GetInt("count");
    if (!count.ok()) return ReportError(verb, count.status());
    if (*count < 1 || *count > 1000) {
      return ReportError(verb, InvalidArgument("--count must be in 1..1000"));
    }
    request.set_count(static_cast<int32_t>(*count));
  } else if (flags.positionals().empty()) {
    return ReportError(verb, InvalidArgument("give the annotators' names, or --count N"));
  }
  std::string base = flags.Get("http-url");
  while (!base.empty() && base.back() == '/') base.pop_back();
  v1::AddAnnotatorsResponse response;
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.AddAnnotators(context, request, &response);
  });
  if (code != kExitOk) return code;
  for (const v1::AnnotatorLink& link : response.links()) {
    std::cout << link.annotator() << " " << link.token();
    if (!base.empty()) {
      std::cout << " " << AnnotatorLinkUrl(base, campaign, link.token(), link.annotator());
    }
    std::cout << "\n";
  }
  return kExitOk;
}

int RunAnnotatorsList(int argc, char** argv) {
  Flags flags("tourney campaign annotators list --server ADDR --token-file ADMIN --campaign ID",
              "Lists the campaign's annotator links, by name: one line per link,\n"
              "`NAME live CREATED_UNIX_MS` or `NAME revoked CREATED_UNIX_MS REVOKED_UNIX_MS`.\n"
              "Tokens are not shown (tourneyd keeps only their digests).");
  AddConnectionFlags(flags);
  flags.Add("campaign", "ID", "", "campaign id (required)");
  const std::string verb = "campaign annotators list";
  uint64_t campaign = 0;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, nullptr, &code)) return code;
  v1::ListAnnotatorsRequest request;
  request.set_campaign_id(campaign);
  v1::ListAnnotatorsResponse response;
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.ListAnnotators(context, request, &response);
  });
  if (code != kExitOk) return code;
  for (const v1::AnnotatorLink& link : response.links()) {
    std::cout << link.annotator() << " " << (link.revoked_unix_ms() ? "revoked " : "live ")
              << link.created_unix_ms();
    if (link.revoked_unix_ms()) std::cout << " " << link.revoked_unix_ms();
    std::cout << "\n";
  }
  return kExitOk;
}

int RunAnnotatorsRevoke(int argc, char** argv) {
  Flags flags(
      "tourney campaign annotators revoke --server ADDR --token-file ADMIN --campaign ID NAME",
      "Revokes NAME's annotator link: its token is refused from now on (UNAUTHENTICATED,\n"
      "HTTP 401). The judgments it gave stay. Prints `NAME revoked REVOKED_UNIX_MS`.");
  AddConnectionFlags(flags);
  flags.Add("campaign", "ID", "", "campaign id (required)");
  const std::string verb = "campaign annotators revoke";
  uint64_t campaign = 0;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, nullptr, &code)) return code;
  if (flags.positionals().size() != 1) {
    return ReportError(verb, InvalidArgument("give exactly one annotator NAME"));
  }
  v1::RevokeAnnotatorRequest request;
  request.set_campaign_id(campaign);
  request.set_annotator(flags.positionals().front());
  v1::AnnotatorLink link;
  code = CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
    return stub.RevokeAnnotator(context, request, &link);
  });
  if (code != kExitOk) return code;
  std::cout << link.annotator() << " revoked " << link.revoked_unix_ms() << "\n";
  return kExitOk;
}

}  // namespace

int RunCampaignAnnotators(int argc, char** argv) {
  static constexpr struct {
    const char* name;
    const char* summary;
    int (*run)(int, char**);
  } kSubVerbs[] = {
      {"add", "mint annotator links, one per name (or --count N)", RunAnnotatorsAdd},
      {"list", "list the campaign's annotator links (no tokens)", RunAnnotatorsList},
      {"revoke", "revoke one annotator's link", RunAnnotatorsRevoke},
  };
  auto usage = [&](std::ostream& out) {
    out << "usage: tourney campaign annotators (add|list|revoke) --server HOST:PORT "
           "--token-file ADMIN --campaign ID ...\n\n";
    for (const auto& v : kSubVerbs) {
      out << "  " << v.name << std::string(8 - std::strlen(v.name), ' ') << v.summary << "\n";
    }
  };
  if (argc < 3) {
    usage(std::cerr);
    return kExitBadInput;
  }
  const std::string sub = argv[2];
  if (sub == "--help" || sub == "-h" || sub == "help") {
    usage(std::cout);
    return kExitOk;
  }
  for (const auto& v : kSubVerbs) {
    if (sub == v.name) return v.run(argc - 1, argv + 1);
  }
  std::cerr << "tourney campaign annotators: unknown verb '" << sub << "'\n\n";
  usage(std::cerr);
  return kExitBadInput;
}

}  // namespace tourney::cli
