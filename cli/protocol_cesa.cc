// tourney rank|cluster FILE --protocol cesa | wmt26: a log of scored screens (contrastive
// ESA; tourney's cESA export or a Pearmut log) as tourney's honest board or WMT26's official
// rule, labelled, each printed beside the other in the table (docs/wmt-protocols.md).
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "common.h"
#include "proto/leaderboard_proto.h"
#include "protocol_commands.h"
#include "render/leaderboard_format.h"
#include "tourney/ingest/cesa_log_reader.h"
#include "tourney/sequential/contrastive_board.h"
#include "tourney/protocols/wmt26_rule.h"

namespace tourney::cli {
namespace protocol_cesa_detail {

constexpr const char* kCesaPromise =
    "cesa clusters: every separation holds with probability >= 0.95 (asymptotically, as each "
    "pair's shared screens grow; pairs under 20 are not separated) under WMT26's dynamic "
    "assignment or any rule that chooses screens from the scores so far (within-screen "
    "differences, one asymptotic confidence sequence per pair, Holm's step-down over the "
    "pairs)";
constexpr const char* kWmt26Label =
    "WMT26's official rule, reproduced: paired or independent bootstrap (either counts), 100 "
    "resamples, no multiplicity correction, no account of the dynamic assignment";

Leaderboard CesaLeaderboard(const ContrastiveScreens& screens, const CesaBoard& board) {
  Leaderboard out;
  out.model = "cesa";
  out.judgments = board.screens;
  out.counts_outcomes = false;
  out.connected = true;
  out.confidence = 0.95;
  int rank = 0;
  for (int s : board.order) {
    LeaderboardEntry e;
    e.system = screens.systems[s];
    e.score = board.systems[s].mean;
    e.mu = board.systems[s].bt_theta;
    e.rank = e.rank_lo = e.rank_hi = ++rank;
    e.cluster = board.cluster[s];
    e.judgments = board.systems[s].answers;
    out.entries.push_back(e);
  }
  out.warnings = screens.warnings;
  out.warnings.push_back(kCesaPromise);
  return out;
}

Leaderboard Wmt26Leaderboard(const ContrastiveScreens& screens, const Wmt26Board& board,
                             uint64_t seed) {
  Leaderboard out;
  out.model = "wmt26";
  out.counts_outcomes = false;
  out.connected = true;
  out.seed = seed;
  out.judgments = static_cast<int64_t>(screens.screens.size());
  int rank = 0;
  for (int s : board.order) {
    LeaderboardEntry e;
    e.system = screens.systems[s];
    e.score = board.score[s];
    e.rank = e.rank_lo = e.rank_hi = ++rank;
    e.cluster = board.cluster[s];
    e.segments = board.items[s];
    out.entries.push_back(e);
  }
  out.warnings = screens.warnings;
  out.warnings.push_back(kWmt26Label);
  return out;
}

std::string Fixed(double x, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", digits, x);
  return buf;
}

// Both boards side by side, then the pairs where they disagree.
std::string CesaText(const CesaLog& log, const CesaBoard& board, const Wmt26Board& official,
                     bool wmt26_first) {
  const ContrastiveScreens& screens = log.screens;
  const int n = static_cast<int>(screens.systems.size());
  std::string out = std::to_string(board.screens) + " screens, " +
                    std::to_string(screens.annotators.size()) + " annotators, " +
                    std::to_string(screens.segments.size()) + " segments, " +
                    std::to_string(board.order.size()) + " systems\n";
  out += wmt26_first ? std::string("headline: ") + kWmt26Label + "\n"
                     : std::string("headline: ") + kCesaPromise + "\n";
  char line[512];
  std::snprintf(line, sizeof(line), "%4s  %-28s %8s %8s %7s %6s %6s   %8s %6s\n", "rank",
                "system", "mean", "BT", "answers", "cesa", "holm", "wmt26", "wmt26");
  out += line;
  std::snprintf(line, sizeof(line), "%4s  %-28s %8s %8s %7s %6s %6s   %8s %6s\n", "", "",
                "score", "theta", "", "clust", "clust", "score", "clust");
  out += line;
  int rank = 0;
  for (int s : board.order) {
    std::snprintf(line, sizeof(line), "%4d  %-28s %8.2f %8.3f %7lld %6d %6d   %8.2f %6d\n", ++rank,
                  screens.systems[s].substr(0, 28).c_str(), board.systems[s].mean,
                  board.systems[s].bt_theta, static_cast<long long>(board.systems[s].answers),
                  board.cluster[s], board.holm_cluster[s], official.score[s], official.cluster[s]);
    out += line;
  }
  // Where the boards differ: WMT26's "better" pairs the cesa board does not separate, and
  // the other way round.
  std::vector<std::string> official_only, cesa_only;
  for (const CesaPair& pair : board.pairs) {
    const bool wmt_ab = official.better[static_cast<size_t>(pair.a) * n + pair.b] != 0;
    const bool wmt_ba = official.better[static_cast<size_t>(pair.b) * n + pair.a] != 0;
    const int wmt_winner = wmt_ab && !wmt_ba ? pair.a : (wmt_ba && !wmt_ab ? pair.b : -1);
    // The pair's numbers seen from `winner`.
    auto what = [&](int winner) {
      const int loser = winner == pair.a ? pair.b : pair.a;
      const double sign = winner == pair.a ? 1.0 : -1.0;
      const double lo = winner == pair.a ? pair.anytime_lo : -pair.anytime_hi;
      const double hi = winner == pair.a ? pair.anytime_hi : -pair.anytime_lo;
      return "  " + screens.systems[winner] + " > " + screens.systems[loser] + " (" +
             std::to_string(pair.screens) + " shared screens, mean difference " +
             Fixed(sign * pair.mean_difference, 2) + ", anytime [" + Fixed(lo, 2) + ", " +
             Fixed(hi, 2) + "]; WMT26 item means " + Fixed(official.score[winner], 2) +
             " vs " + Fixed(official.score[loser], 2) + ")";
    };
    if (wmt_winner >= 0 && pair.anytime_winner != wmt_winner) {
      official_only.push_back(what(wmt_winner));
    } else if (pair.anytime_winner >= 0 && wmt_winner != pair.anytime_winner) {
      cesa_only.push_back(what(pair.anytime_winner));
    }
  }
  out += "where they differ: " + std::to_string(official_only.size()) +
         " pairs WMT26's rule separates and the cesa board does not; " +
         std::to_string(cesa_only.size()) + " the other way\n";
  const size_t kShown = 20;
  for (size_t i = 0; i < official_only.size() && i < kShown; ++i) out += official_only[i] + "\n";
  if (official_only.size() > kShown) out += "  ...\n";
  if (!cesa_only.empty()) out += "separated by the cesa board only:\n";
  for (size_t i = 0; i < cesa_only.size() && i < kShown; ++i) out += cesa_only[i] + "\n";
  for (const std::string& w : screens.warnings) out += "note: " + w + "\n";
  if (log.attention_checks + log.tutorial + log.skipped_segments > 0) {
    out += "note: " + std::to_string(log.skipped_segments) +
           " Pearmut segments with fewer than 2 scored systems skipped\n";
  }
  return out;
}

}  // namespace protocol_cesa_detail

int RunCesaProtocol(const Flags& flags, const std::string& command, const std::string& protocol) {
  using namespace protocol_cesa_detail;
  if (Status s = CheckProtocolFlags(flags, command, protocol); !s.ok()) {
    return ReportError(command, s);
  }
  for (const char* flag : {"qc-filter", "da-moments", "mqm-weights", "plot", "anytime"}) {
    if (flags.IsSet(flag)) {
      return ReportError(command, InvalidArgument(std::string("option '--") + flag +
                                                  "' does not apply to --protocol " + protocol));
    }
  }
  const std::string input_format = flags.Get("input-format");
  if (input_format != "auto" && input_format != "cesa" && input_format != "pearmut-log") {
    return ReportError(command, InvalidArgument("option '--input-format': --protocol " +
                                                protocol + " reads a cESA export or a "
                                                "Pearmut annotation log (cesa, pearmut-log)"));
  }
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError(command, format.status());
  if (*format == OutputFormat::kWmt) {
    return ReportError(command, InvalidArgument("option '--format': 'wmt' is the WMT15/16 "
                                                "layout; --protocol " + protocol +
                                                " prints table, json, csv, markdown or latex"));
  }
  auto seed = flags.GetUint("seed");
  if (!seed.ok()) return ReportError(command, seed.status());
  auto log = ReadCesaLog(flags.positionals().front());
  if (!log.ok()) return ReportError(command, log.status());
  auto board = ScoreContrastiveScreens(log->screens);
  if (!board.ok()) return ReportError(command, board.status());
  Wmt26Options wmt;
  wmt.seed = *seed;
  auto official = RankLikeWmt26(log->screens, wmt);
  if (!official.ok()) return ReportError(command, official.status());
  const bool wmt26 = protocol == "wmt26";
  if (*format == OutputFormat::kTable) {
    std::cout << CesaText(*log, *board, *official, wmt26);
    return kExitOk;
  }
  const Leaderboard out = wmt26 ? Wmt26Leaderboard(log->screens, *official, *seed)
                                : CesaLeaderboard(log->screens, *board);
  if (*format == OutputFormat::kJson) {
    std::cout << LeaderboardJson(out);
  } else {
    std::cout << FormatLeaderboard(out, *format);
  }
  return kExitOk;
}

}  // namespace tourney::cli
