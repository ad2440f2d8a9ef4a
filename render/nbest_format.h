// Rendering an n-best evaluation (tourney/nbest/nbest_evaluation.h) for `tourney nbest`:
// the MAP leaderboard (bootstrap intervals over prompts, clusters) in any leaderboard
// format, each system's measures, how each x-best y-reference BLEU ranks the systems
// against MAP (Spearman's rho; Bremerman et al. 2020, Figure 4) and the gold ablation
// table; the ablation figure (Figure 1) is in render/nbest_plot.h.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_NBEST_FORMAT_H_
#define TOURNEY_RENDER_NBEST_FORMAT_H_

#include <string>

#include "render/leaderboard_format.h"
#include "render/nbest_plot.h"
#include "tourney/nbest/nbest_evaluation.h"

namespace tourney {

// The evaluation in `format` (kWmt: the leaderboard in the WMT layout only). JSON: an object
// with "leaderboard" (tourney.v1.Leaderboard), "systems" (map, weighted_f1, preference_rho,
// preference_r, bleu[depth][references], ...), "bleu_map_spearman" and "ablation".
std::string FormatNbest(const NbestEvaluation& evaluation, OutputFormat format);

}  // namespace tourney

#endif  // TOURNEY_RENDER_NBEST_FORMAT_H_
