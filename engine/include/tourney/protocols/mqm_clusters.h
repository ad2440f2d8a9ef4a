// MQM clusters: the WMT rank-sum cluster rule and tourney's paired Holm test on per-segment
// MQM scores (`tourney cluster FILE --protocol mqm`). The WMT MQM results (Freitag et al.
// 2021; WMT21-23 findings) report system means without clusters; this applies the WMT20-22
// DA rule (wmt_da_clusters.h) to the segment MQM scores (mqm_score.h) as an option.
//
// DESCRIPTION
//   The segment scores of (system, segment) become DaScores whose `z` and `raw` hold minus the
//   MQM error points, so that "higher is better" holds for the DA machinery; a system's score
//   is minus its mean MQM. RankWmtDa then orders systems by mean MQM, lowest first, and draws
//   the rank-sum clusters; SeparatePairedHolm pairs systems on the segments both have (the
//   segment number `seg_id`). O(segments).
// Thread safety: reentrant.
#ifndef TOURNEY_PROTOCOLS_MQM_CLUSTERS_H_
#define TOURNEY_PROTOCOLS_MQM_CLUSTERS_H_

#include "tourney/core/leaderboard.h"
#include "tourney/core/status.h"
#include "tourney/protocols/da_scores.h"
#include "tourney/protocols/mqm_score.h"
#include "tourney/protocols/wmt_da_clusters.h"

namespace tourney {

// `scores` as negated DaScores (see DESCRIPTION). InvalidArgument when a segment number does
// not fit in 32 bits or no system has a segment.
StatusOr<DaScores> MqmScoresAsDa(const MqmScores& scores);

// The "mqm" board with clusters: entries in `ranking`'s order (lowest MQM first), score = the
// mean MQM (positive, lower is better), cluster = the rank-sum cluster.
Leaderboard MqmClusterLeaderboard(const MqmScores& scores, const WmtDaRanking& ranking);

}  // namespace tourney

#endif  // TOURNEY_PROTOCOLS_MQM_CLUSTERS_H_
