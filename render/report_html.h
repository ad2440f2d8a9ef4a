// Internal to the report renderer: HTML text helpers and the page's sections, shared by
// report_page.cc and report_sections.cc.
#ifndef TOURNEY_RENDER_REPORT_HTML_H_
#define TOURNEY_RENDER_REPORT_HTML_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "render/report_page.h"

namespace tourney::report_html {

// Text escaped for HTML.
std::string Html(std::string_view text);
// A count with thousands separators and a true minus sign.
std::string HtmlCount(int64_t v);
// Fixed decimals with a true minus sign.
std::string HtmlNumber(double v, int digits);
// part / whole as a percentage, "n/a" when whole is 0.
std::string Percent(double part, double whole, int digits = 1);
// "3" or "2–5".
std::string Range(int lo, int hi);
// An SVG document for inlining in HTML.
std::string InlineSvg(std::string svg);
std::string ModelTitle(const std::string& name);
std::string ModelAnchor(const std::string& name);
// One sentence on what the model's score means (HTML), "" when none.
const char* ModelBlurb(const std::string& name);

// Sections, appended to `out`.
void AppendModel(const ReportData& d, const ReportModelRun& run, std::string& out);
// The anytime-valid leaderboard (d.anytime), when there is one.
void AppendAnytime(const ReportData& d, std::string& out);
void AppendHeatmaps(const ReportData& d, std::string& out);
void AppendEvaluation(const ReportData& d, std::string& out);
void AppendAgreement(const ReportData& d, std::string& out);

}  // namespace tourney::report_html

#endif  // TOURNEY_RENDER_REPORT_HTML_H_
