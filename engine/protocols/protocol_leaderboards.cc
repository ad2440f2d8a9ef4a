// The official protocols as Leaderboards (see tourney/protocols/protocol_leaderboards.h).
#include "tourney/protocols/protocol_leaderboards.h"

#include <algorithm>
#include <string>
#include <vector>

namespace tourney {
namespace protocol_board_detail {

// Entries of `order` with cluster numbers, wins and losses from an n x n beats relation.
Leaderboard DaBoard(const char* model, const DaScores& scores, const std::vector<int>& order,
                    const std::vector<int>& cluster, const std::vector<unsigned char>& beats) {
  Leaderboard board;
  board.model = model;
  const int n = scores.num_systems();
  std::vector<std::string> component;
  for (int rank = 0; rank < static_cast<int>(order.size()); ++rank) {
    const int s = order[rank];
    LeaderboardEntry e;
    e.system = scores.systems[s];
    e.score = scores.system_scores[s].z;
    if (scores.has_raw) e.raw = scores.system_scores[s].raw;
    e.segments = scores.system_scores[s].segments;
    e.judgments = scores.system_scores[s].judgments;
    e.rank = e.rank_lo = e.rank_hi = rank + 1;
    e.cluster = cluster[s];
    for (int o = 0; o < n; ++o) {
      e.wins += beats[static_cast<size_t>(s) * n + o];
      e.losses += beats[static_cast<size_t>(o) * n + s];
    }
    board.judgments += scores.system_scores[s].judgments;
    component.push_back(e.system);
    board.entries.push_back(std::move(e));
  }
  board.connected = true;
  board.components.push_back(std::move(component));
  board.warnings = scores.warnings;
  return board;
}

}  // namespace protocol_board_detail

Leaderboard WmtDaLeaderboard(const DaScores& scores, const WmtDaRanking& ranking) {
  return protocol_board_detail::DaBoard("wmt-da", scores, ranking.order, ranking.cluster,
                                        ranking.beats);
}

Leaderboard WmtDaHolmLeaderboard(const DaScores& scores, const PairedHolmRanking& holm) {
  return protocol_board_detail::DaBoard("wmt-da-holm", scores, holm.order, holm.cluster,
                                        holm.beats);
}

Leaderboard EsaLeaderboard(const DaScores& scores, const WmtDaRanking& ranking) {
  return protocol_board_detail::DaBoard("esa", scores, ranking.order, ranking.cluster,
                                        ranking.beats);
}

Leaderboard PearmutLeaderboard(const PlatformScores& scores, const PearmutRanking& ranking) {
  Leaderboard board;
  board.model = "pearmut";
  std::vector<std::string> component;
  for (size_t k = 0; k < ranking.entries.size(); ++k) {
    const PearmutEntry& p = ranking.entries[k];
    LeaderboardEntry e;
    e.system = scores.models[p.model];
    e.score = p.score;
    e.rank = e.rank_lo = e.rank_hi = static_cast<int>(k) + 1;
    e.cluster = ranking.cluster[p.model];
    component.push_back(e.system);
    board.entries.push_back(std::move(e));
  }
  board.judgments = static_cast<int64_t>(scores.scores.size());
  board.connected = true;
  board.components.push_back(std::move(component));
  return board;
}

Leaderboard MqmLeaderboard(const MqmScores& scores) {
  Leaderboard board;
  board.model = "mqm";
  std::vector<int> order;
  for (int s = 0; s < static_cast<int>(scores.systems.size()); ++s) {
    if (scores.system_scores[s].segments > 0) order.push_back(s);
  }
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const double sa = scores.system_scores[a].score, sb = scores.system_scores[b].score;
    return sa != sb ? sa < sb : scores.systems[a] < scores.systems[b];
  });
  std::vector<std::string> component;
  for (int rank = 0; rank < static_cast<int>(order.size()); ++rank) {
    LeaderboardEntry e;
    e.system = scores.systems[order[rank]];
    e.score = scores.system_scores[order[rank]].score;
    e.segments = scores.system_scores[order[rank]].segments;
    e.rank = e.rank_lo = e.rank_hi = rank + 1;
    component.push_back(e.system);
    board.entries.push_back(std::move(e));
  }
  board.judgments = scores.error_rows;
  board.connected = true;
  board.components.push_back(std::move(component));
  return board;
}

}  // namespace tourney
