// Rendering the sampling study and scored-segment estimates (see sampling_format.h).
#include "render/sampling_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "render/text_format.h"
#include "render/text_table.h"

namespace tourney {
namespace {

std::string Number(double v, int digits) {
  if (!std::isfinite(v)) return "";
  return WithMinusSign(TableNumber(v, digits), "-");
}

// The tables one after another, a blank line apart. Numbers keep an ASCII hyphen (the
// study's tables are read back by scripts).
std::string RenderTables(const std::vector<TextTable>& tables, OutputFormat format) {
  std::string out;
  for (size_t t = 0; t < tables.size(); ++t) {
    if (t > 0) out += "\n";
    switch (format) {
      case OutputFormat::kCsv:
        out += RenderCsvTable(tables[t]);
        break;
      case OutputFormat::kLatex:
        out += RenderLatexTable(tables[t]);
        break;
      case OutputFormat::kMarkdown:
        out += RenderMarkdownTable(tables[t], "-");
        break;
      default:
        out += RenderTextTable(tables[t], "-");
    }
  }
  return out;
}

std::string SizeLabel(double pct) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g%%", pct);
  return buffer;
}

}  // namespace

std::string FormatSamplingStudy(const SamplingStudyResult& study, OutputFormat format,
                                const std::string& title) {
  if (format == OutputFormat::kJson) {
    std::ostringstream out;
    auto num = [](double v) { return std::isfinite(v) ? JsonNumber(v) : std::string("null"); };
    out << "{\n  \"title\": " << JsonQuote(title) << ",\n  \"systems\": [";
    for (size_t s = 0; s < study.systems.size(); ++s) {
      out << (s ? ", " : "") << JsonQuote(study.systems[s]);
    }
    out << "],\n  \"sizes_pct\": [";
    for (size_t z = 0; z < study.sizes_pct.size(); ++z) {
      out << (z ? ", " : "") << num(study.sizes_pct[z]);
    }
    out << "],\n  \"draws\": " << study.draws << ",\n  \"seed\": \"" << study.seed
        << "\",\n  \"confidence\": " << num(study.confidence)
        << ",\n  \"methods\": [\n";  // no time: the same seed gives the same bytes
    for (size_t k = 0; k < study.methods.size(); ++k) {
      const MethodResult& m = study.methods[k];
      out << "    {\"name\": " << JsonQuote(m.name) << ", \"abs_error\": " << num(m.abs_error_all)
          << ", \"sdev\": " << num(m.sdev_all)
          << ", \"win_pct\": " << (k == 0 ? "null" : num(m.win_pct_all))
          << ", \"bias\": " << num(m.bias_all) << ", \"per_size\": [";
      for (size_t z = 0; z < m.abs_error.size(); ++z) {
        out << (z ? ", " : "") << "{\"size_pct\": " << num(study.sizes_pct[z])
            << ", \"abs_error\": " << num(m.abs_error[z]) << ", \"sdev\": " << num(m.sdev[z])
            << ", \"win_pct\": " << (k == 0 ? "null" : num(m.win_pct[z]))
            << ", \"bias\": " << num(m.bias[z]) << "}";
      }
      out << "]}" << (k + 1 < study.methods.size() ? "," : "") << "\n";
    }
    out << "  ],\n  \"bounds\": [\n";
    for (size_t b = 0; b < study.bounds.size(); ++b) {
      const BoundResult& r = study.bounds[b];
      out << "    {\"name\": " << JsonQuote(r.name) << ", \"method\": " << JsonQuote(r.method)
          << ", \"size_pct\": " << num(r.size_pct) << ", \"coverage\": " << num(r.coverage)
          << ", \"slack\": " << num(r.slack) << ", \"t\": " << num(r.t)
          << ", \"width\": " << num(r.width) << "}" << (b + 1 < study.bounds.size() ? "," : "")
          << "\n";
    }
    out << "  ],\n  \"stopping\": [\n";
    for (size_t b = 0; b < study.stopping.size(); ++b) {
      const StoppingResult& r = study.stopping[b];
      out << "    {\"bound\": " << JsonQuote(r.bound) << ", \"method\": " << JsonQuote(r.method)
          << ", \"tolerance\": " << num(r.tolerance)
          << ", \"coverage\": " << num(r.coverage) << ", \"reached_pct\": " << num(r.reached)
          << ", \"segments_pct\": " << num(r.segments_pct) << "}"
          << (b + 1 < study.stopping.size() ? "," : "") << "\n";
    }
    out << "  ]\n}\n";
    return out.str();
  }
  std::vector<TextTable> tables;
  TextTable summary;
  summary.caption = title + ": aggregated over sizes " + SizeLabel(study.sizes_pct.front()) + "-" +
                    SizeLabel(study.sizes_pct.back()) + ", " + std::to_string(study.draws) +
                    " draws, " + CountOf(static_cast<int64_t>(study.systems.size()), "system");
  summary.header = {"method", "abs error", "sdev", "win %", "vs baseline", "bias"};
  const double base = study.methods.empty() ? 0.0 : study.methods[0].abs_error_all;
  for (size_t k = 0; k < study.methods.size(); ++k) {
    const MethodResult& m = study.methods[k];
    const std::string rel =
        k == 0 || base <= 0 ? "-" : Number(100.0 * (m.abs_error_all / base - 1.0), 1) + "%";
    summary.rows.push_back({m.name, Number(m.abs_error_all, 3), Number(m.sdev_all, 3),
                            k == 0 ? "-" : Number(m.win_pct_all, 1), rel, Number(m.bias_all, 4)});
  }
  tables.push_back(summary);
  TextTable per_size;
  per_size.caption = "Absolute error per sample size (Figure 4)";
  per_size.header = {"method"};
  for (double z : study.sizes_pct) per_size.header.push_back(SizeLabel(z));
  for (const MethodResult& m : study.methods) {
    std::vector<std::string> row = {m.name};
    for (double v : m.abs_error) row.push_back(Number(v, 3));
    per_size.rows.push_back(row);
  }
  tables.push_back(per_size);
  // Bias per size, and its share of the mean absolute error (the check |bias| <= 0.1 x
  // abs error per size).
  TextTable bias;
  bias.caption = "Mean signed error (bias, estimate - truth) per sample size";
  bias.header = {"method"};
  for (double z : study.sizes_pct) bias.header.push_back(SizeLabel(z));
  TextTable bias_share;
  bias_share.caption = "|bias| / mean absolute error per sample size";
  bias_share.header = bias.header;
  for (const MethodResult& m : study.methods) {
    std::vector<std::string> row = {m.name}, share_row = {m.name};
    for (size_t z = 0; z < m.bias.size(); ++z) {
      row.push_back(Number(m.bias[z], 4));
      const double a = z < m.abs_error.size() ? m.abs_error[z] : 0.0;
      share_row.push_back(a > 0 ? Number(std::fabs(m.bias[z]) / a, 3) : "-");
    }
    bias.rows.push_back(row);
    bias_share.rows.push_back(share_row);
  }
  tables.push_back(bias);
  tables.push_back(bias_share);
  if (!study.bounds.empty()) {
    TextTable bounds;
    bounds.caption = "Error bounds at confidence " + Number(study.confidence, 2) +
                     " (Table 5): cal = % of draws within the bound";
    bounds.header = {"bound", "method", "size", "cal", "slack", "t", "width"};
    for (const BoundResult& r : study.bounds) {
      bounds.rows.push_back({r.name, r.method, SizeLabel(r.size_pct), Number(r.coverage, 1),
                             Number(r.slack, 3), Number(r.t, 3), Number(r.width, 3)});
    }
    tables.push_back(bounds);
  }
  if (!study.stopping.empty()) {
    TextTable stopping;
    stopping.caption = "Annotate until +-t, checked after every batch: cal = % of runs whose "
                       "interval at the stop holds the truth";
    stopping.header = {"bound", "method", "t", "cal", "stopped early %", "scored %"};
    for (const StoppingResult& r : study.stopping) {
      stopping.rows.push_back({r.bound, r.method, Number(r.tolerance, 3), Number(r.coverage, 1),
                               Number(r.reached, 1), Number(r.segments_pct, 1)});
    }
    tables.push_back(stopping);
  }
  return RenderTables(tables, format);
}

std::string FormatSystemEstimates(const SystemEstimates& e, OutputFormat format) {
  if (format == OutputFormat::kJson) {
    const std::string board = FormatLeaderboard(e.board, format);
    std::ostringstream out;
    out << "{\n\"leaderboard\": " << board << ",\n\"systems\": [\n";
    for (size_t i = 0; i < e.systems.size(); ++i) {
      const SystemEstimate& s = e.systems[i];
      out << "  {\"name\": " << JsonQuote(s.name)
          << ", \"estimate\": " << JsonNumber(s.estimate.value) << ", \"lo\": " << JsonNumber(s.lo)
          << ", \"hi\": " << JsonNumber(s.hi) << ", \"half_width\": " << JsonNumber(s.half_width)
          << ", \"max_side\": " << JsonNumber(s.max_side)
          << ", \"annotated\": " << s.annotated << ", \"segments\": " << s.segments;
      if (e.options.tolerance > 0) {
        out << ", \"within_tolerance\": " << (s.within_tolerance ? "true" : "false")
            << ", \"segments_needed\": " << s.segments_needed;
      }
      out << "}" << (i + 1 < e.systems.size() ? "," : "") << "\n";
    }
    out << "],\n\"lower_is_better\": " << (e.options.lower_is_better ? "true" : "false")
        << ",\n\"pairs\": [\n";
    for (size_t i = 0; i < e.pairs.size(); ++i) {
      const PairDifference& p = e.pairs[i];
      out << "  {\"better\": " << JsonQuote(p.better) << ", \"worse\": " << JsonQuote(p.worse);
      if (p.estimated) {  // otherwise no difference, only the count of shared segments
        out << ", \"difference\": " << JsonNumber(p.difference) << ", \"lo\": " << JsonNumber(p.lo)
            << ", \"hi\": " << JsonNumber(p.hi);
      }
      out << ", \"paired\": " << p.paired
          << ", \"separated\": " << (p.separated ? "true" : "false") << "}"
          << (i + 1 < e.pairs.size() ? "," : "") << "\n";
    }
    out << "]\n}\n";
    return out.str();
  }
  std::vector<TextTable> tables;
  TextTable systems;
  systems.caption = "Estimated test-set scores (" + e.board.model + ", " +
                    Number(100 * e.options.confidence, 0) + "% " +
                    std::string(BoundName(e.options.bound)) +
                    " intervals; " +
                    (e.options.lower_is_better ? "lower is better" : "higher is better") +
                    "; +- is the interval's wider side; a new cluster where rank neighbours "
                    "are separated)";
  systems.header = {"rank", "cluster", "system",    "estimate", "lo",
                    "hi",   "+-",      "annotated", "segments"};
  // Machine-read formats get plain integers ("1418"), tables for people "1,418".
  const bool plain = format == OutputFormat::kCsv;
  auto count = [&](int64_t v) { return plain ? std::to_string(v) : WithThousands(v); };
  if (e.options.tolerance > 0) {
    systems.header.push_back("within +-" + Number(e.options.tolerance, 3));
    systems.header.push_back("segments needed");
  }
  for (size_t i = 0; i < e.systems.size(); ++i) {
    const SystemEstimate& s = e.systems[i];
    const int cluster = i < e.board.entries.size() ? e.board.entries[i].cluster.value_or(0) : 0;
    std::vector<std::string> row = {std::to_string(i + 1),
                                    std::to_string(cluster),
                                    s.name,
                                    Number(s.estimate.value, 3),
                                    Number(s.lo, 3),
                                    Number(s.hi, 3),
                                    Number(s.max_side, 3),
                                    count(s.annotated),
                                    count(s.segments)};
    if (e.options.tolerance > 0) {
      row.push_back(s.within_tolerance ? "yes" : "no");
      row.push_back(count(s.segments_needed));
    }
    systems.rows.push_back(row);
  }
  tables.push_back(systems);
  TextTable pairs;
  pairs.caption = "Paired differences (better - worse) on segments annotated for both";
  pairs.header = {"better", "worse", "difference", "lo", "hi", "paired", "separated"};
  for (const PairDifference& p : e.pairs) {
    if (p.estimated) {
      pairs.rows.push_back({p.better, p.worse, Number(p.difference, 3), Number(p.lo, 3),
                            Number(p.hi, 3), count(p.paired), p.separated ? "yes" : "no"});
    } else {  // empty cells, as JSON omits the keys: fewer than two shared segments
      pairs.rows.push_back({p.better, p.worse, "", "", "", count(p.paired), "no"});
    }
  }
  tables.push_back(pairs);
  std::string out = RenderTables(tables, format);
  for (const std::string& w : e.warnings) {
    switch (format) {
      case OutputFormat::kCsv:
        out += "# warning: " + w + "\n";
        break;
      case OutputFormat::kLatex:
        out += "% warning: " + w + "\n";
        break;
      case OutputFormat::kMarkdown:
        out += "> warning: " + MarkdownCell(w) + "\n";
        break;
      default:
        out += "warning: " + w + "\n";
    }
  }
  return out;
}

}  // namespace tourney
