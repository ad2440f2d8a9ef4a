// What the `tourney campaign` client verbs share: connection flags, an authenticated
// connection to tourneyd, one call with its failure reported, and the flags and output
// several verbs have in common.
// Thread safety: the functions are reentrant; a Connection may be used from one thread.
#ifndef TOURNEY_CLI_CAMPAIGN_CLIENT_H_
#define TOURNEY_CLI_CAMPAIGN_CLIENT_H_

#include <grpcpp/grpcpp.h>

#include <cstdint>
#include <functional>
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

// The status code's name as in grpc/status.h ("FAILED_PRECONDITION"), for messages.
const char* GrpcCodeName(grpc::StatusCode code);

// Prints a failed call as "tourney <verb>: <message> (<CODE_NAME>)" and returns the exit
// status: 2 for what the caller can fix.
int ReportRpcError(const std::string& verb, const grpc::Status& s);

// One call on a connected stub with a fresh context (Connection::Context); a streaming
// call reads or writes its stream and returns Finish()'s status.
using RpcCall =
    std::function<grpc::Status(v1::Tournament::Stub& stub, grpc::ClientContext* context)>;

// Connects (Connect) and makes `call`. kExitOk when both succeed; otherwise prints the
// failure as `tourney <verb>: ...` (ReportError for the connection, ReportRpcError for the
// call) and returns its exit status.
int CallServer(const Flags& flags, const std::string& verb, const RpcCall& call);

// Parses a client verb's flags (ParseFlagsOrExit), then reads --campaign (CampaignId) into
// *campaign unless it is null and --format (JsonFormat) into *json unless it is null. True
// when the verb goes on; otherwise any error was printed and *exit_code is the verb's exit
// status.
bool ParseClientFlags(Flags& flags, int argc, char** argv, const std::string& verb,
                      uint64_t* campaign, bool* json, int* exit_code);

// Adds --http-url: tourneyd's HTTP address as annotators reach it (its --http-listen, or the
// proxy in front of it), for the annotator URL the create verbs print.
void AddAnnotatorUrlFlag(Flags& flags);

// Adds --open-enrolment, --annotators and --annotator-count (who may annotate a new
// campaign; AddAnnotatorUrlFlag's --http-url makes their links ready to send).
void AddEnrolmentFlags(Flags& flags);

// The enrolment those flags ask for (ENROLMENT_OPEN with --open-enrolment, else
// ENROLMENT_INVITED). InvalidArgument for --token-out without --open-enrolment (an invited
// campaign has no shared token), or for both --annotators and --annotator-count.
StatusOr<v1::Enrolment> EnrolmentFromFlags(const Flags& flags);

// An annotator link as annotators open it: BASE/annotate/ID#token=TOKEN&annotator=NAME
// (BASE without a trailing slash; empty BASE gives the path alone).
std::string AnnotatorLinkUrl(const std::string& base, uint64_t campaign_id,
                             const std::string& token, const std::string& annotator);

// After a create call: writes the annotator token to --token-out when it is set (mode
// 0600), then prints the campaign id, the shared token (open enrolment only), the annotator
// page (`annotator_url URL/annotate/ID` with --http-url, else `annotator_path
// /annotate/ID`: the client does not know tourneyd's HTTP address) and the dashboard
// (`dashboard_url URL/dashboard/ID` or `dashboard_path /dashboard/ID`; it asks for the
// admin token). With --annotators or --annotator-count it then mints their links
// (AddAnnotators) and prints one line per annotator: `annotator_link NAME TOKEN LINK`.
// Returns the verb's exit status.
int PrintCreatedCampaign(const Flags& flags, const std::string& verb,
                         const v1::CreateCampaignResponse& response);

// Prints a note on stderr when a request of `bytes` exceeds tourneyd's default
// --max-message-bytes (4 MiB): the server must be started with a larger limit.
void WarnLargeRequest(size_t bytes);

// Prints a submission's acknowledgment: its sequence and commit time.
void PrintAck(int64_t sequence, int64_t committed_unix_ms);

// The non-empty lines of a file (CR stripped).
StatusOr<std::vector<std::string>> ReadLines(const std::string& path);

// --campaign ID; InvalidArgument when missing or 0.
StatusOr<uint64_t> CampaignId(const Flags& flags);

// --format of the client verbs that print a message: true for "json", false for "text";
// InvalidArgument otherwise.
StatusOr<bool> JsonFormat(const Flags& flags);

// The leaderboard verbs of campaign_leaderboard_command.cc.
int RunCampaignLeaderboard(int argc, char** argv);
int RunCampaignWatch(int argc, char** argv);
// The admin verbs of campaign_admin_command.cc (list, show, export, close).
int RunCampaignList(int argc, char** argv);
int RunCampaignShow(int argc, char** argv);
int RunCampaignExport(int argc, char** argv);
int RunCampaignClose(int argc, char** argv);
int RunCampaignStats(int argc, char** argv);
int RunCampaignExclude(int argc, char** argv);
// The scoring campaign verbs of campaign_scoring_command.cc.
int RunScoringCreate(int argc, char** argv);
// `tourney campaign annotators add|list|revoke` (campaign_annotators_command.cc).
int RunCampaignAnnotators(int argc, char** argv);
int RunScoringNext(int argc, char** argv);
int RunScoringSubmit(int argc, char** argv);
int RunScoringEstimate(int argc, char** argv);
int RunScoringExport(int argc, char** argv);

// Contrastive campaigns (campaign_screens.cc): the screens as JSON Lines to --output, and the
// screen size of a scoring campaign (GetCampaign; *code is its exit status).
int ExportScreensAsJsonLines(const Flags& flags, const std::string& verb, uint64_t campaign);
int ScreenSizeOf(const Flags& flags, const std::string& verb, uint64_t campaign, int* code);
// A contrastive campaign's GetEstimate (its screen_board) as the text of scoring-estimate.
std::string ScreenBoardText(const v1::GetEstimateResponse& response);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_CAMPAIGN_CLIENT_H_
