// The n-best evaluation's gold ablation as a line plot (Bremerman et al. 2020, Figure 1),
// as `tourney nbest --plot` draws it.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_NBEST_PLOT_H_
#define TOURNEY_RENDER_NBEST_PLOT_H_

#include <string>

#include "tourney/nbest/nbest_evaluation.h"

namespace tourney {

// Figure 1: Spearman's rho, Kendall's tau-b and Pearson Rank of each ablated MAP ranking
// with the full-gold one, against the share of gold translations kept.
std::string NbestAblationSvg(const NbestEvaluation& evaluation, const std::string& title);

}  // namespace tourney

#endif  // TOURNEY_RENDER_NBEST_PLOT_H_
