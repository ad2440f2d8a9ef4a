// What the `tourney campaign` client verbs share: connection flags, an authenticated
// connection to tourneyd, and reporting of failed calls.
// Thread safety: the functions are reentrant; a Connection may be used from one thread.
#ifndef TOURNEY_CLI_CAMPAIGN_CLIENT_H_
#define TOURNEY_CLI_CAMPAIGN_CLIENT_H_

#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "flags/flags.h"
#include "tourney/core/status.h"
#include "tourney/v1/tournament.grpc.pb.h"

namespace tourney::cli {

// Adds --server, --token-file, --tls-ca and --timeout.
void AddConnectionFlags(Flags& flags);

// A connected stub plus the bearer token and deadline every call carries.
struct Connection {
  std::unique_ptr<v1::Tournament::Stub> stub;
  std::string token;
  int64_t timeout_s = 60;

  std::unique_ptr<grpc::ClientContext> Context() const;
};

// Reads the token (--token-file or $TOURNEY_TOKEN) and opens the channel. InvalidArgument
// for a missing or malformed token or a bad --timeout; the error never repeats the token.
StatusOr<Connection> Connect(const Flags& flags);

// Prints a failed call and returns the exit status: 2 for what the caller can fix.
int ReportRpcError(const std::string& verb, const grpc::Status& s);

// The non-empty lines of a file (CR stripped).
StatusOr<std::vector<std::string>> ReadLines(const std::string& path);

// --campaign ID; InvalidArgument when missing or 0.
StatusOr<uint64_t> CampaignId(const Flags& flags);

// --format of the client verbs that print a message: true for "json", false for "text";
// InvalidArgument otherwise.
StatusOr<bool> JsonFormat(const Flags& flags);

// The admin verbs of campaign_admin_command.cc (list, show, export, close).
int RunCampaignList(int argc, char** argv);
int RunCampaignShow(int argc, char** argv);
int RunCampaignExport(int argc, char** argv);
int RunCampaignClose(int argc, char** argv);
int RunCampaignStats(int argc, char** argv);
int RunCampaignExclude(int argc, char** argv);
// The scoring campaign verbs of campaign_scoring_command.cc.
int RunScoringCreate(int argc, char** argv);
int RunScoringNext(int argc, char** argv);
int RunScoringSubmit(int argc, char** argv);
int RunScoringEstimate(int argc, char** argv);
int RunScoringExport(int argc, char** argv);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_CAMPAIGN_CLIENT_H_
