// The official human-evaluation protocols' results as Leaderboard values (the CLI prints them
// in its formats and the schema's proto3 JSON):
//   "wmt-da"       the WMT20-22 direct-assessment ranking (wmt_da_clusters.h): score = mean
//                  z, raw = mean raw score, cluster, wins = systems beaten, losses = systems
//                  that beat it;
//   "wmt-da-holm"  the same order with tourney's paired Holm clusters (holm_separations.h);
//                  wins and losses count Holm separations;
//   "esa"          the ESA ranking (esa_scores.h): score = raw = mean ESA score (0-100),
//                  clusters by the WMT rank-sum rule on ESA segment scores;
//   "pearmut"      Pearmut's own ranking (pearmut_ranking.h): score = mean of the last
//                  score per item, cluster = the group between Pearmut's lines;
//   "mqm"          MQM error points per system (mqm_score.h): score = mean segment MQM,
//                  lower is better, entries from the lowest.
// `judgments` is the scored judgments (DA: SYSTEM and REPEAT; MQM: error rows); boards are
// connected (one component of every system), have no bootstrap and no comparisons.
// Thread safety: reentrant.
#ifndef TOURNEY_PROTOCOLS_PROTOCOL_LEADERBOARDS_H_
#define TOURNEY_PROTOCOLS_PROTOCOL_LEADERBOARDS_H_

#include "tourney/core/leaderboard.h"
#include "tourney/protocols/da_scores.h"
#include "tourney/protocols/holm_separations.h"
#include "tourney/protocols/mqm_score.h"
#include "tourney/protocols/pearmut_ranking.h"
#include "tourney/protocols/wmt_da_clusters.h"

namespace tourney {

// The "wmt-da" board of `ranking` over `scores`.
Leaderboard WmtDaLeaderboard(const DaScores& scores, const WmtDaRanking& ranking);

// The "wmt-da-holm" board: `holm`'s clusters over its order.
Leaderboard WmtDaHolmLeaderboard(const DaScores& scores, const PairedHolmRanking& holm);

// The "esa" board of `ranking` over ESA `scores` (ComputeEsaScores).
Leaderboard EsaLeaderboard(const DaScores& scores, const WmtDaRanking& ranking);

// The "pearmut" board of `ranking` over `scores` (judgments = the scores counted).
Leaderboard PearmutLeaderboard(const PlatformScores& scores, const PearmutRanking& ranking);

// The "mqm" board of `scores` (systems without segments are left out).
Leaderboard MqmLeaderboard(const MqmScores& scores);

}  // namespace tourney

#endif  // TOURNEY_PROTOCOLS_PROTOCOL_LEADERBOARDS_H_
