// The n-best ablation plot (see nbest_plot.h).
#include "render/nbest_plot.h"

#include "render/line_plot.h"

namespace tourney {

std::string NbestAblationSvg(const NbestEvaluation& e, const std::string& title) {
  LineSeries rho{"Spearman rho", {}, {}, {}, {}};
  LineSeries tau{"Kendall tau-b", {}, {}, {}, {}};
  LineSeries rp{"Pearson Rank", {}, {}, {}, {}};
  for (auto it = e.ablation.rbegin(); it != e.ablation.rend(); ++it) {
    const double x = 100.0 * it->gold_kept;
    if (it->spearman_rho) {
      rho.x.push_back(x);
      rho.y.push_back(*it->spearman_rho);
    }
    if (it->kendall_tau_b) {
      tau.x.push_back(x);
      tau.y.push_back(*it->kendall_tau_b);
    }
    if (it->pearson_rank) {
      rp.x.push_back(x);
      rp.y.push_back(*it->pearson_rank);
    }
  }
  LinePlotOptions options;
  options.title = title;
  options.x_label = "gold translations kept (%), the least frequent removed first";
  options.y_label = "correlation with the full-gold MAP ranking";
  options.min_y_span = 0.2;  // correlations near 1 are not magnified into noise
  options.max_y = 1.0;
  return LinePlotSvg({rho, tau, rp}, options);
}

}  // namespace tourney
