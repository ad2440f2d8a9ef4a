#include "render/selection_benchmark_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "render/line_plot.h"
#include "render/svg_plot.h"
#include "render/text_format.h"

namespace tourney {
namespace {

std::string Num(double v) {
  char buf[40];
  std::snprintf(buf, sizeof(buf), "%.6g", std::isfinite(v) ? v : 0.0);
  return buf;
}

std::string Interval(const SeedInterval& s) {
  return "{\"mean\": " + Num(s.mean) + ", \"lo\": " + Num(s.lo) + ", \"hi\": " + Num(s.hi) + "}";
}

}  // namespace

std::string SelectionBenchmarkJson(const SelectionBenchmark& b, const std::string& title) {
  const SelectionBenchmarkOptions& o = b.options;
  std::string out = "{\n  \"title\": " + JsonQuote(title) + ",\n";
  out += "  \"systems\": " + std::to_string(b.num_systems) + ",\n";
  out += "  \"seeds\": " + std::to_string(o.seeds) + ",\n  \"seed\": " + std::to_string(o.seed) +
         ",\n  \"budget\": " + std::to_string(o.budget) +
         ",\n  \"checkpoint_every\": " + std::to_string(o.checkpoint_every) +
         ",\n  \"tau_target\": " + Num(o.tau_target) +
         ",\n  \"reference_at\": " + std::to_string(o.reference_at) +
         ",\n  \"posterior_every\": " + std::to_string(o.posterior_every) +
         ",\n  \"explore\": " + Num(o.active.explore) +
         ",\n  \"frontier\": {\"warmup\": " + Num(o.active.warmup) +
         ", \"center\": " + Num(o.active.frontier_center) +
         ", \"floor\": " + Num(o.active.frontier_floor) +
         ", \"close\": " + Num(o.active.frontier_close) +
         ", \"spread\": " + Num(o.active.frontier_spread) +
         "},\n  \"live_beta\": " + Num(o.live.beta) + ",\n  \"draws\": " + std::to_string(o.draws) +
         ",\n  \"confidence\": " + Num(o.confidence) +
         ",\n  \"anytime\": {\"delta\": " + Num(o.anytime.delta) +
         ", \"epsilon\": " + Num(o.anytime.epsilon) +
         ", \"every\": " + std::to_string(o.anytime_every) + "},\n";
  out += "  \"uniform_floor\": " + Num(o.uniform_floor) +
         ",\n  \"horizon\": " + (o.horizon ? "true" : "false") + ",\n  \"looks\": [";
  for (size_t k = 0; k < b.looks.size(); ++k) {
    out += (k ? ", " : "") + std::string("{\"judgments\": ") + std::to_string(b.looks[k]) +
           ", \"confidence\": " + Num(b.look_confidence[k]) + "}";
  }
  out += "],\n";
  out += "  \"checkpoints\": [";
  for (size_t k = 0; k < b.checkpoints.size(); ++k) {
    out += (k ? ", " : "") + std::to_string(b.checkpoints[k]);
  }
  out += "],\n  \"tau_at\": [";
  for (size_t k = 0; k < o.tau_at.size(); ++k) out += (k ? ", " : "") + std::to_string(o.tau_at[k]);
  out += "],\n  \"selectors\": [\n";
  for (size_t sel = 0; sel < b.summaries.size(); ++sel) {
    const SelectorSummary& s = b.summaries[sel];
    out += "    {\"name\": " + JsonQuote(s.name) + ",\n";
    out += "     \"judgments_to_clusters\": " + Interval(s.to_clusters) + ",\n";
    out += "     \"judgments_to_tau\": " + Interval(s.to_tau) + ",\n";
    out += "     \"clusters_ratio_to_uniform\": " + Interval(s.clusters_ratio) + ",\n";
    out += "     \"tau_ratio_to_uniform\": " + Interval(s.tau_ratio) + ",\n";
    out += "     \"clusters_censored\": " + std::to_string(s.clusters_censored) +
           ", \"tau_censored\": " + std::to_string(s.tau_censored) + ",\n";
    out += "     \"wrong_separation_share\": " + Interval(s.wrong_separation) + ",\n";
    out +=
        "     \"wrong_separation_minus_uniform\": " + Interval(s.wrong_separation_excess) + ",\n";
    out += "     \"rank_range_coverage\": " + Interval(s.coverage) + ",\n";
    out += "     \"final_clusters\": " + Interval(s.final_clusters) + ",\n";
    out += "     \"anytime\": {\"wrong_separation_share\": " + Interval(s.anytime_wrong) +
           ", \"wrong_separation_runs\": " + std::to_string(s.anytime_wrong_runs) +
           ", \"certified_wrong_share\": " + Interval(s.certified_wrong) +
           ", \"certified_wrong_runs\": " + std::to_string(s.certified_wrong_runs) +
           ", \"wrong_separation_minus_uniform\": " + Interval(s.anytime_wrong_excess) +
           ", \"judgments_to_stop\": " + Interval(s.to_stop) +
           ", \"stop_ratio_to_uniform\": " + Interval(s.stop_ratio) +
           ", \"stop_censored\": " + std::to_string(s.stop_censored) +
           ", \"separations_at_stop\": " + Interval(s.stop_separations) +
           ", \"separations\": " + Interval(s.anytime_separations) +
           ", \"uniform_draws\": " + Interval(s.uniform_draws) + "},\n";
    out += "     \"pairwise_anytime_wrong_runs\": " + std::to_string(s.pairwise_wrong_runs) +
           ", \"planned_look_wrong_runs\": " + std::to_string(s.look_wrong_runs) + ",\n";
    auto curve = [&](const char* name, const std::vector<SeedInterval>& v) {
      out += std::string("     \"") + name + "\": [";
      for (size_t k = 0; k < v.size(); ++k) out += (k ? ", " : "") + Interval(v[k]);
      out += "],\n";
    };
    curve("planned_look_separations", s.look_separations);
    curve("fixed_sample_separations_curve", s.fixed_curve);
    curve("pairwise_anytime_separations_curve", s.pairwise_curve);
    curve("anytime_separations_curve", s.anytime_curve);
    out += "     \"tau_at\": [";
    for (size_t k = 0; k < s.tau_at.size(); ++k) out += (k ? ", " : "") + Interval(s.tau_at[k]);
    out += "],\n     \"clusters_curve\": [";
    for (size_t k = 0; k < s.clusters_curve.size(); ++k) {
      out += (k ? ", " : "") + Interval(s.clusters_curve[k]);
    }
    out += "],\n     \"tau_curve\": [";
    for (size_t k = 0; k < s.tau_curve.size(); ++k) {
      out += (k ? ", " : "") + Interval(s.tau_curve[k]);
    }
    out += "],\n     \"runs\": [";
    const auto& runs = b.runs[sel];
    for (size_t r = 0; r < runs.size(); ++r) {
      out += std::string(r ? ", " : "") +
             "{\"to_clusters\": " + std::to_string(runs[r].to_clusters) +
             ", \"to_tau\": " + std::to_string(runs[r].to_tau) +
             ", \"reference_clusters\": " + std::to_string(runs[r].reference_clusters) +
             ", \"final_clusters\": " +
             std::to_string(runs[r].clusters.empty() ? 0 : runs[r].clusters.back()) +
             ", \"wrong_separation\": " + Num(runs[r].wrong_separation) +
             ", \"coverage\": " + Num(runs[r].coverage) +
             ", \"anytime_wrong\": " + (runs[r].anytime_wrong ? "true" : "false") +
             ", \"certified_wrong\": " + (runs[r].certified_wrong ? "true" : "false") +
             ", \"to_stop\": " + std::to_string(runs[r].to_stop) +
             ", \"stop_censored\": " + (runs[r].stop_censored ? "true" : "false") +
             ", \"stop_separations\": " + std::to_string(runs[r].stop_separations) +
             ", \"anytime_separations\": " + std::to_string(runs[r].anytime_separations) + "}";
    }
    out += "]}" + std::string(sel + 1 < b.summaries.size() ? ",\n" : "\n");
  }
  out += "  ]\n}\n";
  return out;
}

std::string SelectionBenchmarkSvg(const SelectionBenchmark& b, const std::string& title) {
  const double width = 760, panel_h = 260, top = 70, gap = 60, left = 70, right = 20;
  const double height = top + 2 * panel_h + gap + 50;
  SvgDocument doc(width, height);
  doc.SetTitle(title);
  doc.Text(left, 26, title, SvgTextStyle{.size = 15, .bold = true, .fill = plot_colours::kInk});
  // Legend.
  double lx = left;
  for (size_t sel = 0; sel < b.summaries.size(); ++sel) {
    const char* colour = plot_colours::kPalette[sel % std::size(plot_colours::kPalette)];
    doc.Rect(lx, 40, 14, 10, SvgStyle::Fill(colour));
    doc.Text(lx + 18, 49, b.summaries[sel].name,
             SvgTextStyle{.size = 11, .fill = plot_colours::kInk});
    lx += 30 + EstimateTextWidth(b.summaries[sel].name, 11);
  }
  // Round ticks (line_plot.h): whole judgments on x, whole clusters on the first panel.
  const std::vector<double> x_ticks =
      RoundTicks(0.0, static_cast<double>(b.options.budget), 6, true);
  const double x_max = x_ticks.back();
  const double x_step = x_ticks.size() > 1 ? x_ticks[1] - x_ticks[0] : 1.0;
  const double plot_w = width - left - right;
  auto px = [&](double x) { return left + plot_w * x / x_max; };
  for (int panel = 0; panel < 2; ++panel) {
    const double y0 = top + panel * (panel_h + gap);
    double y_lo = 0, y_hi = 1;
    if (panel == 0) {
      for (const auto& s : b.summaries) {
        for (const auto& c : s.clusters_curve) y_hi = std::max(y_hi, c.hi);
      }
    } else {
      y_lo = -0.2;
    }
    const std::vector<double> y_ticks = RoundTicks(y_lo, y_hi, panel == 0 ? 5 : 7, panel == 0);
    y_lo = y_ticks.front();
    y_hi = y_ticks.back();
    const double y_step = y_ticks.size() > 1 ? y_ticks[1] - y_ticks[0] : 1.0;
    auto py = [&](double y) {
      return y0 + panel_h - panel_h * (std::clamp(y, y_lo, y_hi) - y_lo) / (y_hi - y_lo);
    };
    doc.Rect(left, y0, plot_w, panel_h, SvgStyle::Stroke(plot_colours::kAxis));
    for (const double y : y_ticks) {
      doc.Line(left, py(y), left + plot_w, py(y), SvgStyle::Stroke(plot_colours::kGrid));
      doc.Text(left - 6, py(y) + 4, FormatTick(y, y_step),
               SvgTextStyle{.size = 10, .anchor = TextAnchor::kEnd, .fill = plot_colours::kMuted});
    }
    for (const double x : x_ticks) {
      doc.Text(
          px(x), y0 + panel_h + 14, FormatTick(x, x_step),
          SvgTextStyle{.size = 10, .anchor = TextAnchor::kMiddle, .fill = plot_colours::kMuted});
    }
    doc.Text(left, y0 - 6,
             panel == 0 ? "clusters (mean, band: 95% interval across seeds)"
                        : "Kendall tau against the truth (mean, band: 95% interval)",
             SvgTextStyle{.size = 12, .fill = plot_colours::kInk});
    for (size_t sel = 0; sel < b.summaries.size(); ++sel) {
      const char* colour = plot_colours::kPalette[sel % std::size(plot_colours::kPalette)];
      const auto& curve = panel == 0 ? b.summaries[sel].clusters_curve : b.summaries[sel].tau_curve;
      std::vector<std::pair<double, double>> band, line;
      for (size_t k = 0; k < curve.size(); ++k) {
        band.emplace_back(px(static_cast<double>(b.checkpoints[k])), py(curve[k].hi));
        line.emplace_back(px(static_cast<double>(b.checkpoints[k])), py(curve[k].mean));
      }
      for (size_t k = curve.size(); k-- > 0;) {
        band.emplace_back(px(static_cast<double>(b.checkpoints[k])), py(curve[k].lo));
      }
      doc.BeginGroup(b.summaries[sel].name);
      doc.Polygon(band, SvgStyle::Fill(colour, 0.18));
      doc.Polyline(line, SvgStyle::Stroke(colour, 1.8));
      doc.EndGroup();
    }
  }
  doc.Text(left + plot_w / 2, height - 12, "judgments",
           SvgTextStyle{.size = 12, .anchor = TextAnchor::kMiddle, .fill = plot_colours::kInk});
  return doc.Finish();
}

}  // namespace tourney
