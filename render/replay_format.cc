#include "render/replay_format.h"

#include <sstream>

#include "render/line_plot.h"
#include "render/text_format.h"
#include "render/text_table.h"

namespace tourney {
namespace {

double CurveShare(size_t i, size_t points) { return 100.0 * (i + 1) / points; }

}  // namespace

Status ReplayFormatSupported(OutputFormat format) {
  if (format == OutputFormat::kLatex || format == OutputFormat::kWmt) {
    return InvalidArgument("option '--format': replay prints table, json, csv or markdown");
  }
  return Status::Ok();
}

std::string ReplayGoalText(const CampaignReplayResult& result) {
  const ReplayGoal& g = result.options.goal;
  switch (g.kind) {
    case ReplayGoalKind::kTolerance:
      return "tolerance=" + JsonNumber(g.tolerance);
    case ReplayGoalKind::kSettled:
      return "settled (epsilon " + JsonNumber(result.epsilon) + ")";
    case ReplayGoalKind::kTopOne:
      return "top-1 (epsilon " + JsonNumber(result.epsilon) + ")";
  }
  return "";
}

std::string FormatCampaignReplay(const CampaignReplayResult& result, OutputFormat format) {
  std::ostringstream out;
  const CampaignReplayOptions& o = result.options;
  if (format == OutputFormat::kJson) {
    out << "{\"goal\": " << JsonQuote(ReplayGoalText(result))
        << ", \"board\": " << (o.board == ReplayBoard::kCvCs ? "\"cv-cs\"" : "\"betting\"")
        << ", \"replays\": " << o.replays
        << ", \"seed\": " << o.seed << ", \"confidence\": " << JsonNumber(o.confidence)
        << ", \"items\": " << result.items << ", \"score_min\": " << JsonNumber(result.score_min)
        << ", \"score_max\": " << JsonNumber(result.score_max)
        << ", \"epsilon\": " << JsonNumber(result.epsilon)
        << ", \"full_separations\": " << result.full_separations << ", \"systems\": [";
    for (size_t s = 0; s < result.systems.size(); ++s) {
      out << (s ? ", " : "") << "{\"system\": " << JsonQuote(result.systems[s])
          << ", \"full_score\": " << JsonNumber(result.full_scores[s]) << "}";
    }
    out << "], \"policies\": [";
    for (size_t p = 0; p < result.policies.size(); ++p) {
      const ReplayPolicyResult& r = result.policies[p];
      out << (p ? ", " : "") << "{\"name\": " << JsonQuote(r.name)
          << ", \"items_pct\": " << JsonNumber(r.items_pct)
          << ", \"items_pct_sd\": " << JsonNumber(r.items_pct_sd)
          << ", \"items_pct_min\": " << JsonNumber(r.items_pct_min)
          << ", \"items_pct_max\": " << JsonNumber(r.items_pct_max)
          << ", \"coverage_pct\": " << JsonNumber(r.coverage_pct)
          << ", \"wrong_pct\": " << JsonNumber(r.wrong_pct)
          << ", \"separations\": " << JsonNumber(r.separations)
          << ", \"separations_sd\": " << JsonNumber(r.separations_sd)
          << ", \"reached_pct\": " << JsonNumber(r.reached_pct)
          << ", \"fixed_separations\": " << JsonNumber(r.fixed_separations)
          << ", \"fixed_wrong_pct\": " << JsonNumber(r.fixed_wrong_pct)
          << ", \"system_coverage_pct\": [";
      for (size_t s = 0; s < r.system_coverage_pct.size(); ++s) {
        out << (s ? ", " : "") << JsonNumber(r.system_coverage_pct[s]);
      }
      out << "], \"system_scored_pct\": [";
      for (size_t s = 0; s < r.system_scored_pct.size(); ++s) {
        out << (s ? ", " : "") << JsonNumber(r.system_scored_pct[s]);
      }
      out << "], \"separations_curve\": [";
      for (size_t i = 0; i < r.separations_curve.size(); ++i) {
        out << (i ? ", " : "") << "{\"items_pct\": "
            << JsonNumber(CurveShare(i, r.separations_curve.size()))
            << ", \"separations\": " << JsonNumber(r.separations_curve[i]) << "}";
      }
      out << "]}";
    }
    out << "]}\n";
    return out.str();
  }
  const std::vector<std::string> header = {"policy",      "items %",     "sd",
                                           "min-max",     "coverage %",  "wrong %",
                                           "separations", "goal reached %",
                                           "fixed-sample separations", "its wrong %"};
  std::vector<std::vector<std::string>> rows;
  for (const ReplayPolicyResult& r : result.policies) {
    rows.push_back({r.name, Fixed(r.items_pct, 1), Fixed(r.items_pct_sd, 1),
                    Fixed(r.items_pct_min, 1) + "-" + Fixed(r.items_pct_max, 1),
                    Fixed(r.coverage_pct, 1), Fixed(r.wrong_pct, 1),
                    Fixed(r.separations, 2) + " +- " + Fixed(r.separations_sd, 2),
                    Fixed(r.reached_pct, 1), Fixed(r.fixed_separations, 2),
                    Fixed(r.fixed_wrong_pct, 1)});
  }
  if (format == OutputFormat::kCsv) {
    const std::vector<std::string> csv_header = {
        "policy", "items_pct", "items_pct_sd", "items_pct_min", "items_pct_max", "coverage_pct",
        "wrong_pct", "separations", "separations_sd", "reached_pct", "fixed_separations",
        "fixed_wrong_pct"};
    for (size_t i = 0; i < csv_header.size(); ++i) out << (i ? "," : "") << csv_header[i];
    out << "\n";
    for (const ReplayPolicyResult& r : result.policies) {
      out << CsvField(r.name) << "," << JsonNumber(r.items_pct) << "," << JsonNumber(r.items_pct_sd)
          << "," << JsonNumber(r.items_pct_min) << "," << JsonNumber(r.items_pct_max) << ","
          << JsonNumber(r.coverage_pct) << "," << JsonNumber(r.wrong_pct) << ","
          << JsonNumber(r.separations) << "," << JsonNumber(r.separations_sd) << ","
          << JsonNumber(r.reached_pct) << "," << JsonNumber(r.fixed_separations) << ","
          << JsonNumber(r.fixed_wrong_pct) << "\n";
    }
    return out.str();
  }
  TextTable table;
  table.header = header;
  table.rows = rows;
  if (format == OutputFormat::kMarkdown) return RenderMarkdownTable(table);
  out << CountOf(o.replays, "replay") << " of " << CountOf(result.items, "item") << " ("
      << CountOf(static_cast<int64_t>(result.systems.size()), "system") << "), goal "
      << ReplayGoalText(result) << ", board "
      << (o.board == ReplayBoard::kCvCs ? "cv-cs" : "betting") << ", confidence "
      << JsonNumber(o.confidence)
      << ", score range [" << JsonNumber(result.score_min) << ", "
      << JsonNumber(result.score_max) << "]; the full data separate "
      << result.full_separations << " of " << result.systems.size() - 1
      << " boundaries by their scores\n";
  out << RenderTextTable(table);
  return out.str();
}

std::string ReplayPlotSvg(const CampaignReplayResult& result, const std::string& title) {
  std::vector<LineSeries> series;
  for (const ReplayPolicyResult& r : result.policies) {
    LineSeries s;
    s.name = r.name;
    for (size_t i = 0; i < r.separations_curve.size(); ++i) {
      s.x.push_back(CurveShare(i, r.separations_curve.size()));
      s.y.push_back(r.separations_curve[i]);
    }
    series.push_back(std::move(s));
  }
  LinePlotOptions options;
  options.title = title.empty() ? "Separated boundaries against items used, goal " +
                                      ReplayGoalText(result)
                                : title;
  options.x_label = "items used (% of the campaign)";
  options.y_label = "separated boundaries (mean over replays)";
  return LinePlotSvg(series, options);
}

}  // namespace tourney
