// The head-to-head figure of an official protocol's board (WMT DA, ESA, MQM clusters): a
// system-versus-system heat map in the board's order, as the WMT findings draw their
// head-to-head comparisons. Cell (row, column) is the evidence that the row's system is
// better than the column's, as −log10 p (capped at 10; p = 0 from underflow is drawn at the
// cap): the official one-sided rank-sum p-values, or, for the paired Holm board, the
// Holm-adjusted paired p-value in the direction of the mean difference (0 the other way).
// Cells of 1.3 and above are p < 0.05. The subtitle gives the board's clusters.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_PROTOCOL_PLOT_H_
#define TOURNEY_RENDER_PROTOCOL_PLOT_H_

#include <string>

#include "render/protocol_format.h"

namespace tourney {

// The SVG document for `report` (official board, or the Holm board with `holm_board`);
// without titles when `titles` is false.
std::string ProtocolHeadToHeadSvg(const WmtDaReport& report, bool holm_board, bool titles);

}  // namespace tourney

#endif  // TOURNEY_RENDER_PROTOCOL_PLOT_H_
