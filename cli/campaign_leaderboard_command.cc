// tourney campaign leaderboard and tourney campaign watch: a campaign's leaderboard once
// (GetLeaderboard) or as judgments arrive (the WatchLeaderboard stream).
#include <google/protobuf/util/json_util.h>
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <cstdint>
#include <iostream>
#include <string>

#include "campaign_client.h"
#include "common.h"
#include "progress_bar.h"
#include "proto/leaderboard_proto.h"
#include "render/leaderboard_format.h"
#include "tourney/v1/tournament.grpc.pb.h"

namespace tourney::cli {
namespace {

// The flags of the leaderboard a campaign is read with: `campaign leaderboard` and `campaign
// watch`.
void AddLeaderboardRequestFlags(Flags& flags) {
  flags.Add("campaign", "ID", "", "campaign id (required)");
  flags.Add("model", "M", "", "rating model (default: the campaign's live ratings)");
  flags.Add("bootstrap", "R", "0", "bootstrap replicates (0 = none)");
  flags.Add("confidence", "C", "0.95", "confidence of the rank ranges");
  flags.Add("seed", "S", "1", "bootstrap seed");
  flags.AddBool("anytime", "the anytime-valid leaderboard (no --model, no --bootstrap)");
  flags.Add("delta", "D", "0.05", "with --anytime: family-wise error, in (0, 1)");
  flags.Add("epsilon", "E", "0", "with --anytime: indifference zone, in [0, 1]");
  flags.Add("format", "F", "table", "output: table, json, csv, latex or markdown");
  flags.AddBool("include-control",
                "keep the campaign's quality-control system (--bad-references, "
                "--control-system) on the board; left out by default");
}

// The quality-control system of `campaign` when its board should leave it out (no
// --include-control), else "". Errors of GetCampaign.
StatusOr<std::string> BoardControlSystem(const Flags& flags, Connection& conn,
                                         uint64_t campaign) {
  if (flags.GetBool("include-control")) return std::string();
  v1::GetCampaignRequest request;
  request.set_campaign_id(campaign);
  v1::CampaignInfo info;
  auto ctx = conn.Context();
  grpc::Status s = conn.stub->GetCampaign(ctx.get(), request, &info);
  if (!s.ok()) return InvalidArgument("GetCampaign: " + s.error_message());
  return info.config().quality_control().control_system();
}

// Leaves `control` out of `board`: its entry and its place in the components. The ranks and
// rank-range ends past its rank move up by one, so that the others keep their order among
// themselves (a control ranked last, as designed, changes nothing else); the scores stay
// those of the whole campaign, whose judgments of the control inform the others'. Returns
// the control's rank, or 0 when the board has no entry for it.
int LeaveOutControlEntry(const std::string& control, v1::Leaderboard* board) {
  if (control.empty()) return 0;
  int at = -1;
  for (int i = 0; i < board->entries_size(); ++i) {
    if (board->entries(i).system() == control) at = i;
  }
  if (at < 0) return 0;
  const int rank = board->entries(at).rank();
  board->mutable_entries()->DeleteSubrange(at, 1);
  for (v1::LeaderboardEntry& e : *board->mutable_entries()) {
    if (e.rank() > rank) e.set_rank(e.rank() - 1);
    if (e.has_rank_lo() && e.rank_lo() > rank) e.set_rank_lo(e.rank_lo() - 1);
    if (e.has_rank_hi() && e.rank_hi() > rank) e.set_rank_hi(e.rank_hi() - 1);
  }
  for (v1::Component& c : *board->mutable_components()) {
    for (int i = c.systems_size() - 1; i >= 0; --i) {
      if (c.systems(i) == control) c.mutable_systems()->DeleteSubrange(i, 1);
    }
  }
  return rank;
}

// The GetLeaderboardRequest those flags describe, for `campaign`. InvalidArgument for a bad
// value.
StatusOr<v1::GetLeaderboardRequest> LeaderboardRequestFromFlags(const Flags& flags,
                                                                uint64_t campaign) {
  auto replicates = flags.GetInt("bootstrap");
  auto confidence = flags.GetDouble("confidence");
  auto seed = flags.GetUint("seed");
  for (const Status* s : {&replicates.status(), &confidence.status(), &seed.status()}) {
    if (!s->ok()) return *s;
  }
  if (*replicates < 0 || *replicates > 1000000) {
    return InvalidArgument("--bootstrap must be in 0..1000000");
  }
  v1::GetLeaderboardRequest request;
  request.set_campaign_id(campaign);
  request.set_model(flags.Get("model"));
  request.set_bootstrap_replicates(static_cast<int32_t>(*replicates));
  request.set_confidence(*confidence);
  request.set_seed(*seed);
  if (flags.GetBool("anytime")) {
    auto delta = flags.GetDouble("delta");
    if (!delta.ok()) return delta.status();
    auto epsilon = flags.GetDouble("epsilon");
    if (!epsilon.ok()) return epsilon.status();
    request.set_anytime(true);
    request.set_delta(*delta);
    request.set_epsilon(*epsilon);
  } else if (flags.IsSet("delta") || flags.IsSet("epsilon")) {
    return InvalidArgument("--delta and --epsilon go with --anytime");
  }
  return request;
}

// One board of a watch as JSON on one line (JSON Lines: a stream of boards reads line by
// line), in the field names of `--format json`.
std::string CompactBoardJson(const v1::Leaderboard& board) {
  google::protobuf::util::JsonPrintOptions options;
  options.add_whitespace = false;
  options.always_print_primitive_fields = true;
  options.preserve_proto_field_names = true;
  std::string out;
  (void)google::protobuf::util::MessageToJsonString(board, &out, options);
  return out;
}

}  // namespace

int RunCampaignLeaderboard(int argc, char** argv) {
  Flags flags(
      "tourney campaign leaderboard --server ADDR --token-file ADMIN --campaign ID "
      "[--model M] [--bootstrap R | --anytime [--delta D] [--epsilon E]] [--format F]",
      "Prints a campaign's leaderboard as `tourney rank` does; with --bootstrap R the\n"
      "server adds rank ranges and clusters from R bootstrap replicates; with --anytime it\n"
      "gives the anytime-valid leaderboard of the judgments in commit order\n"
      "(docs/anytime.md). The campaign's quality-control system (--bad-references) is\n"
      "left out of the board unless --include-control.");
  AddConnectionFlags(flags);
  AddLeaderboardRequestFlags(flags);
  AddProgressFlag(flags);
  const std::string verb = "campaign leaderboard";
  uint64_t campaign = 0;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, nullptr, &code)) return code;
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError(verb, format.status());
  auto request = LeaderboardRequestFromFlags(flags, campaign);
  if (!request.ok()) return ReportError(verb, request.status());
  auto conn = Connect(flags);
  if (!conn.ok()) return ReportError(verb, conn.status());
  v1::Leaderboard board;
  auto ctx = conn->Context();
  auto progress = ProgressModeFromFlags(flags);
  if (!progress.ok()) return ReportError(verb, progress.status());
  ProgressBar bar(*progress, "");
  bar.StartTicker("the server is computing the leaderboard (" +
                  WithThousands(request->bootstrap_replicates()) + " bootstrap replicates)");
  grpc::Status s = conn->stub->GetLeaderboard(ctx.get(), *request, &board);
  bar.Clear();
  if (!s.ok()) return ReportRpcError(verb, s);
  auto control = BoardControlSystem(flags, *conn, campaign);
  if (!control.ok()) return ReportError(verb, control.status());
  if (const int rank = LeaveOutControlEntry(*control, &board); rank > 0) {
    std::cerr << "tourney " << verb << ": the control system '" << *control << "' (rank "
              << rank << ") is left out; --include-control shows it\n";
  }
  std::cout << FormatLeaderboard(FromProto(board), *format);
  return kExitOk;
}

int RunCampaignWatch(int argc, char** argv) {
  Flags flags(
      "tourney campaign watch --server ADDR --token-file ADMIN --campaign ID [--every N] "
      "[--count K] [--model M] [--bootstrap R | --anytime ...] [--format F]",
      "Follows a campaign's leaderboard as judgments arrive (the WatchLeaderboard stream):\n"
      "prints the board now, then a fresh one every N judgments, until K boards have come\n"
      "(--count), the server ends the stream or Ctrl-C. Boards are read as `campaign\n"
      "leaderboard` reads one (--model, --bootstrap, --anytime); text formats print each\n"
      "under a line naming it and its judgments, --format json one JSON object per line.\n"
      "The stream has no deadline unless --timeout is given.");
  AddConnectionFlags(flags);
  AddLeaderboardRequestFlags(flags);
  flags.Add("every", "N", "1", "judgments between two boards, >= 1");
  flags.Add("count", "K", "0", "stop after K boards (0: until the stream ends or Ctrl-C)");
  flags.AddExample(
      "tourney campaign watch --server localhost:50051 --token-file admin.token "
      "--campaign 1 --every 100 --anytime",
      "the anytime-valid board every 100 judgments");
  const std::string verb = "campaign watch";
  uint64_t campaign = 0;
  int code = 0;
  if (!ParseClientFlags(flags, argc, argv, verb, &campaign, nullptr, &code)) return code;
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError(verb, format.status());
  auto every = flags.GetInt("every");
  if (!every.ok()) return ReportError(verb, every.status());
  if (*every < 1 || *every > 1000000000) {
    return ReportError(verb, InvalidArgument("option '--every': must be in 1..1000000000"));
  }
  auto count = flags.GetInt("count");
  if (!count.ok()) return ReportError(verb, count.status());
  if (*count < 0) return ReportError(verb, InvalidArgument("option '--count': must be >= 0"));
  auto request = LeaderboardRequestFromFlags(flags, campaign);
  if (!request.ok()) return ReportError(verb, request.status());
  auto conn = Connect(flags);
  if (!conn.ok()) return ReportError(verb, conn.status());
  v1::WatchLeaderboardRequest watch;
  *watch.mutable_leaderboard() = *request;
  watch.set_every_judgments(static_cast<int32_t>(*every));
  auto ctx = conn->Context();
  // A watch lasts as long as the campaign runs: the usual call deadline applies only when
  // asked for.
  if (!flags.IsSet("timeout")) ctx->set_deadline(std::chrono::system_clock::time_point::max());
  auto control = BoardControlSystem(flags, *conn, campaign);
  if (!control.ok()) return ReportError(verb, control.status());
  auto reader = conn->stub->WatchLeaderboard(ctx.get(), watch);
  v1::Leaderboard board;
  int64_t received = 0;
  while (reader->Read(&board)) {
    ++received;
    LeaveOutControlEntry(*control, &board);
    if (*format == OutputFormat::kJson) {
      std::cout << CompactBoardJson(board) << "\n";
    } else {
      std::cout << (received > 1 ? "\n" : "") << "== board " << received << ": "
                << CountOf(board.judgments(), "judgment") << " ==\n"
                << FormatLeaderboard(FromProto(board), *format);
    }
    std::cout.flush();
    if (*count > 0 && received >= *count) {
      ctx->TryCancel();
      break;
    }
  }
  grpc::Status s = reader->Finish();
  if (*count > 0 && received >= *count) return kExitOk;  // we ended it
  if (!s.ok()) return ReportRpcError(verb, s);
  return kExitOk;
}

}  // namespace tourney::cli
