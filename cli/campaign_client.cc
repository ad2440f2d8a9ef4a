#include "campaign_client.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "common.h"
#include "proto/status_code_name.h"

namespace tourney::cli {
namespace {

// Longest bearer token tourneyd accepts, in bytes.
constexpr size_t kMaxTokenBytes = 256;

}  // namespace

void AddConnectionFlags(Flags& flags) {
  flags.Add("server", "HOST:PORT", "127.0.0.1:7447", "tourneyd address");
  flags.Add("token-file", "FILE", "",
            "file holding the bearer token (admin token, or the campaign's annotator token for "
            "next/submit); default: $TOURNEY_TOKEN");
  flags.Add("tls-ca", "FILE", "", "PEM root certificate: connect with TLS and trust it");
  flags.Add("timeout", "SECONDS", "60", "deadline of each call");
}

// A connected stub plus the bearer token and deadline every call carries.

std::unique_ptr<grpc::ClientContext> Connection::Context() const {
  auto ctx = std::make_unique<grpc::ClientContext>();
  if (!token.empty()) ctx->AddMetadata("authorization", "Bearer " + token);
  ctx->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(timeout_s));
  return ctx;
}

StatusOr<Connection> Connect(const Flags& flags) {
  Connection c;
  auto timeout = flags.GetInt("timeout");
  if (!timeout.ok()) return timeout.status();
  if (*timeout < 1 || *timeout > 86400) return InvalidArgument("--timeout must be in 1..86400");
  c.timeout_s = *timeout;
  if (flags.IsSet("token-file")) {
    std::string text;
    Status s = ReadFileToString(flags.Get("token-file"), &text);
    if (!s.ok()) return s;
    const size_t b = text.find_first_not_of(" \t\r\n");
    const size_t e = text.find_last_not_of(" \t\r\n");
    c.token = b == std::string::npos ? "" : text.substr(b, e - b + 1);
  } else if (const char* env = std::getenv("TOURNEY_TOKEN")) {
    c.token = env;
  }
  if (c.token.empty()) {
    return InvalidArgument("no token: give --token-file FILE or set TOURNEY_TOKEN");
  }
  // gRPC aborts on a metadata value with control characters, so the token is checked
  // here. The message never repeats the token: it is a secret.
  const std::string source =
      flags.IsSet("token-file") ? flags.Get("token-file") : std::string("$TOURNEY_TOKEN");
  if (c.token.size() > kMaxTokenBytes) {
    return InvalidArgument(source + ": the token is longer than " + std::to_string(kMaxTokenBytes) +
                           " bytes");
  }
  for (char ch : c.token) {
    if (ch <= 0x20 || ch >= 0x7f) {
      return InvalidArgument(source +
                             ": the token holds a space, control or non-ASCII character; "
                             "a token is printable ASCII without spaces");
    }
  }
  std::shared_ptr<grpc::ChannelCredentials> credentials;
  if (flags.IsSet("tls-ca")) {
    grpc::SslCredentialsOptions ssl;
    Status s = ReadFileToString(flags.Get("tls-ca"), &ssl.pem_root_certs);
    if (!s.ok()) return s;
    credentials = grpc::SslCredentials(ssl);
  } else {
    credentials = grpc::InsecureChannelCredentials();
  }
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(64 << 20);
  // No client-side cap on what is sent (gRPC's default, stated): a create request carrying a
  // campaign's texts can be large; tourneyd's --max-message-bytes is the limit that applies.
  args.SetMaxSendMessageSize(-1);
  const std::string server = flags.Get("server");
  auto channel = grpc::CreateCustomChannel(server, credentials, args);
  // A server on this machine may still be starting (`tourneyd ... &` then a command, as in
  // the README): give it up to 5 s to accept the connection before the first call.
  if (server.rfind("127.", 0) == 0 || server.rfind("localhost", 0) == 0 ||
      server.rfind("[::1]", 0) == 0) {
    channel->WaitForConnected(std::chrono::system_clock::now() + std::chrono::seconds(5));
  }
  c.stub = v1::Tournament::NewStub(channel);
  return c;
}

const char* GrpcCodeName(grpc::StatusCode code) {
  // The names are string literals: data() is NUL-terminated.
  return StatusCodeName(static_cast<int>(code)).data();
}

int ReportRpcError(const std::string& verb, const grpc::Status& s) {
  std::cerr << "tourney " << verb << ": " << s.error_message() << " ("
            << GrpcCodeName(s.error_code()) << ")\n";
  switch (s.error_code()) {
    case grpc::StatusCode::INVALID_ARGUMENT:
    case grpc::StatusCode::NOT_FOUND:
    case grpc::StatusCode::ALREADY_EXISTS:
    case grpc::StatusCode::FAILED_PRECONDITION:
    case grpc::StatusCode::UNAUTHENTICATED:
    case grpc::StatusCode::PERMISSION_DENIED:
    case grpc::StatusCode::OUT_OF_RANGE:
      return kExitBadInput;
    default:
      return kExitFailure;
  }
}

int CallServer(const Flags& flags, const std::string& verb, const RpcCall& call) {
  auto conn = Connect(flags);
  if (!conn.ok()) return ReportError(verb, conn.status());
  auto context = conn->Context();
  grpc::Status s = call(*conn->stub, context.get());
  return s.ok() ? kExitOk : ReportRpcError(verb, s);
}

bool ParseClientFlags(Flags& flags, int argc, char** argv, const std::string& verb,
                      uint64_t* campaign, bool* json, int* exit_code) {
  if (!ParseFlagsOrExit(flags, argc, argv, verb, exit_code)) return false;
  if (campaign != nullptr) {
    auto id = CampaignId(flags);
    if (!id.ok()) {
      *exit_code = ReportError(verb, id.status());
      return false;
    }
    *campaign = *id;
  }
  if (json != nullptr) {
    auto format = JsonFormat(flags);
    if (!format.ok()) {
      *exit_code = ReportError(verb, format.status());
      return false;
    }
    *json = *format;
  }
  return true;
}

void AddEnrolmentFlags(Flags& flags) {
  flags.AddBool("open-enrolment",
                "also issue the shared annotator token, which serves any annotator name (leases "
                "capped per name and per client by tourneyd); default: invited annotators only, "
                "each with its own link");
  flags.Add("annotators", "NAME,...", "",
            "mint one annotator link per name at creation (as `annotators add`)");
  flags.Add("annotator-count", "N", "",
            "mint N annotator links with generated names annotator-1..annotator-N");
}

StatusOr<v1::Enrolment> EnrolmentFromFlags(const Flags& flags) {
  const bool open = flags.GetBool("open-enrolment");
  if (flags.IsSet("token-out") && !open) {
    return InvalidArgument(
        "--token-out writes the shared annotator token, which only a campaign of "
        "--open-enrolment has; give --open-enrolment, or mint per-annotator links with "
        "--annotators / --annotator-count");
  }
  if (flags.IsSet("annotators") && flags.IsSet("annotator-count")) {
    return InvalidArgument("give --annotators or --annotator-count, not both");
  }
  return open ? v1::ENROLMENT_OPEN : v1::ENROLMENT_INVITED;
}

std::string AnnotatorLinkUrl(const std::string& base, uint64_t campaign_id,
                             const std::string& token, const std::string& annotator) {
  // Tokens are hex and names [A-Za-z0-9._@:-]: nothing to escape in a fragment.
  return base + "/annotate/" + std::to_string(campaign_id) + "#token=" + token +
         "&annotator=" + annotator;
}

int PrintCreatedCampaign(const Flags& flags, const std::string& verb,
                         const v1::CreateCampaignResponse& response) {
  if (flags.IsSet("token-out")) {
    const std::string path = flags.Get("token-out");
    std::ofstream out(path, std::ios::trunc);
    out << response.annotator_token() << "\n";
    out.close();
    if (!out) return ReportError(verb, IoError(path + ": cannot write the token"));
    std::filesystem::permissions(
        path, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  }
  std::cout << "campaign_id " << response.campaign_id() << "\n";
  if (!response.annotator_token().empty()) {
    std::cout << "annotator_token " << response.annotator_token() << "\n";
  }
  const std::string id = std::to_string(response.campaign_id());
  std::string base = flags.Get("http-url");
  while (!base.empty() && base.back() == '/') base.pop_back();
  if (base.empty()) {
    std::cout << "annotator_path /annotate/" << id << "\ndashboard_path /dashboard/" << id
              << "\n";
  } else {
    std::cout << "annotator_url " << base << "/annotate/" << id << "\ndashboard_url " << base
              << "/dashboard/" << id << "\n";
  }
  if (!flags.IsSet("annotators") && !flags.IsSet("annotator-count")) return kExitOk;
  v1::AddAnnotatorsRequest request;
  request.set_campaign_id(response.campaign_id());
  if (flags.IsSet("annotators")) {
    std::stringstream names(flags.Get("annotators"));
    for (std::string name; std::getline(names, name, ',');) {
      if (!name.empty()) request.add_names(name);
    }
  } else {
    auto count = flags.GetInt("annotator-count");
    if (!count.ok()) return ReportError(verb, count.status());
    request.set_count(static_cast<int32_t>(std::clamp<int64_t>(*count, -1, 1 << 20)));
  }
  v1::AddAnnotatorsResponse links;
  const int code =
      CallServer(flags, verb, [&](v1::Tournament::Stub& stub, grpc::ClientContext* context) {
        return stub.AddAnnotators(context, request, &links);
      });
  if (code != kExitOk) return code;
  for (const v1::AnnotatorLink& link : links.links()) {
    std::cout << "annotator_link " << link.annotator() << " " << link.token() << " "
              << AnnotatorLinkUrl(base, response.campaign_id(), link.token(), link.annotator())
              << "\n";
  }
  return kExitOk;
}

void AddAnnotatorUrlFlag(Flags& flags) {
  flags.Add("http-url", "URL", "",
            "tourneyd's HTTP address as annotators reach it (e.g. http://host:8080, its "
            "--http-listen): print the annotator page as URL/annotate/ID (without it, the path "
            "/annotate/ID alone)");
}

void WarnLargeRequest(size_t bytes) {
  constexpr size_t kDefaultServerLimit = size_t{4} << 20;  // tourneyd --max-message-bytes
  if (bytes <= kDefaultServerLimit) return;
  std::cerr << "note: the request is " << bytes << " bytes; tourneyd accepts "
            << kDefaultServerLimit
            << " by default: start it with a larger --max-message-bytes\n";
}

void PrintAck(int64_t sequence, int64_t committed_unix_ms) {
  std::cout << "sequence " << sequence << "\ncommitted_unix_ms " << committed_unix_ms << "\n";
}

StatusOr<std::vector<std::string>> ReadLines(const std::string& path) {
  std::string text;
  Status s = ReadFileToString(path, &text);
  if (!s.ok()) return s;
  std::vector<std::string> lines;
  std::stringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) lines.push_back(line);
  }
  return lines;
}

StatusOr<uint64_t> CampaignId(const Flags& flags) {
  if (flags.Get("campaign").empty()) return InvalidArgument("--campaign ID is required");
  auto id = flags.GetUint("campaign");
  if (!id.ok()) return id.status();
  if (*id == 0) return InvalidArgument("--campaign ID is required");
  return *id;
}

StatusOr<bool> JsonFormat(const Flags& flags) {
  const std::string format = flags.Get("format");
  if (format != "text" && format != "json") {
    return InvalidArgument("--format must be text or json");
  }
  return format == "json";
}

}  // namespace tourney::cli
