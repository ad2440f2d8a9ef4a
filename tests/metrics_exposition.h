// A strict reader of the Prometheus text exposition format 0.0.4, for the metrics tests:
// it checks the grammar (HELP and TYPE lines, metric and label names, label values,
// sample values) and the histogram rules (every series has _bucket lines with ascending
// `le` ending in "+Inf", cumulative counts, and _sum and _count, with the +Inf bucket
// equal to _count), and returns the samples for lookups.
#ifndef TOURNEY_TESTS_METRICS_EXPOSITION_H_
#define TOURNEY_TESTS_METRICS_EXPOSITION_H_

#include <cmath>
#include <cstdlib>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace tourney::testing {

struct Sample {
  std::string name;
  std::map<std::string, std::string> labels;
  double value = 0;
};

struct Exposition {
  std::map<std::string, std::string> types;  // family -> counter, gauge, histogram, ...
  std::vector<Sample> samples;

  // The value of the sample `name` with exactly `labels`; NaN when absent.
  double Get(const std::string& name, const std::map<std::string, std::string>& labels = {}) const {
    for (const Sample& s : samples) {
      if (s.name == name && s.labels == labels) return s.value;
    }
    return std::nan("");
  }
};

// Parses `text`; on a violation returns false and says which line in `*error`.
inline bool ParseExposition(const std::string& text, Exposition* out, std::string* error) {
  static const std::regex kHelp(R"(# HELP ([a-zA-Z_:][a-zA-Z0-9_:]*) .*)");
  static const std::regex kType(
      R"(# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped))");
  static const std::regex kSample(
      R"(([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? ([-+]?(?:[0-9.eE+-]+|Inf|NaN)))");
  static const std::regex kLabel(R"re(([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$))re");
  std::set<std::string> helped;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  auto fail = [&](const std::string& why) {
    *error = "line " + std::to_string(number) + ": " + why + ": '" + line + "'";
    return false;
  };
  if (text.empty() || text.back() != '\n') {
    *error = "the text must end with a newline";
    return false;
  }
  while (std::getline(in, line)) {
    ++number;
    std::smatch m;
    if (line.rfind("# HELP ", 0) == 0) {
      if (!std::regex_match(line, m, kHelp)) return fail("bad HELP line");
      if (!helped.insert(m[1]).second) return fail("second HELP for a family");
    } else if (line.rfind("# TYPE ", 0) == 0) {
      if (!std::regex_match(line, m, kType)) return fail("bad TYPE line");
      if (out->types.count(m[1])) return fail("second TYPE for a family");
      out->types[m[1]] = m[2];
    } else if (line.empty() || line[0] == '#') {
      return fail("empty or unknown comment line");
    } else {
      if (!std::regex_match(line, m, kSample)) return fail("bad sample line");
      Sample s;
      s.name = m[1];
      std::string labels = m[3];
      while (!labels.empty()) {
        std::smatch l;
        if (!std::regex_search(labels, l, kLabel) || l.position(0) != 0) {
          return fail("bad label list");
        }
        if (!s.labels.emplace(l[1], l[2]).second) return fail("label twice");
        labels = l.suffix();
      }
      const std::string v = m[4];
      s.value = v == "+Inf" || v == "Inf" ? INFINITY
                : v == "-Inf"             ? -INFINITY
                                          : std::strtod(v.c_str(), nullptr);
      // The sample's family is declared by a TYPE line before it.
      std::string family = s.name;
      for (const char* suffix : {"_bucket", "_sum", "_count"}) {
        const std::string suf = suffix;
        if (family.size() > suf.size() &&
            family.compare(family.size() - suf.size(), suf.size(), suf) == 0 &&
            out->types.count(family.substr(0, family.size() - suf.size())) &&
            out->types[family.substr(0, family.size() - suf.size())] == "histogram") {
          family = family.substr(0, family.size() - suf.size());
          break;
        }
      }
      if (!out->types.count(family)) return fail("sample before its TYPE line");
      if (out->types[family] == "histogram" && family == s.name) {
        return fail("histogram sample without _bucket/_sum/_count");
      }
      if (s.name.size() > 7 && s.name.compare(s.name.size() - 7, 7, "_bucket") == 0 &&
          !s.labels.count("le")) {
        return fail("bucket without le");
      }
      out->samples.push_back(std::move(s));
    }
  }
  // Histogram rules, per family and label set (without le).
  for (const auto& [family, type] : out->types) {
    if (type != "histogram") continue;
    std::map<std::map<std::string, std::string>, std::vector<std::pair<double, double>>> buckets;
    for (const Sample& s : out->samples) {
      if (s.name != family + "_bucket") continue;
      auto labels = s.labels;
      const std::string le = labels["le"];
      labels.erase("le");
      buckets[labels].push_back(
          {le == "+Inf" ? INFINITY : std::strtod(le.c_str(), nullptr), s.value});
    }
    for (const auto& [labels, list] : buckets) {
      line = family + " " + std::to_string(labels.size()) + " labels";
      if (list.empty() || !std::isinf(list.back().first)) return fail("no le=\"+Inf\" bucket last");
      for (size_t i = 1; i < list.size(); ++i) {
        if (!(list[i].first > list[i - 1].first)) return fail("le not ascending");
        if (list[i].second < list[i - 1].second) return fail("bucket counts not cumulative");
      }
      const double count = out->Get(family + "_count", labels);
      if (std::isnan(count) || std::isnan(out->Get(family + "_sum", labels))) {
        return fail("histogram without _sum or _count");
      }
      if (count != list.back().second) return fail("+Inf bucket differs from _count");
    }
  }
  return true;
}

}  // namespace tourney::testing

#endif  // TOURNEY_TESTS_METRICS_EXPOSITION_H_
