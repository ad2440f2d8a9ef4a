// MQM scores from error rows (see tourney/protocols/mqm_score.h).
#include "tourney/protocols/mqm_score.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <system_error>
#include <vector>

namespace tourney {
namespace mqm_score_detail {

bool EqualFolded(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

// `category` is `rule` or one of its subcategories ("Fluency" covers "Fluency/Spelling").
bool CoversCategory(std::string_view rule, std::string_view category) {
  if (rule.empty()) return true;
  if (category.size() < rule.size()) return false;
  if (!EqualFolded(category.substr(0, rule.size()), rule)) return false;
  return category.size() == rule.size() || category[rule.size()] == '/';
}

std::string_view TrimWeightSpec(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace mqm_score_detail

std::vector<MqmWeightRule> DefaultMqmWeights() {
  return {{"Major", "", 5.0},
          {"Minor", "", 1.0},
          {"Neutral", "", 0.0},
          {"No-error", "", 0.0},
          {"Minor", "Fluency/Punctuation", 0.1},
          {"Major", "Non-translation!", 25.0},
          {"Minor", "Non-translation!", 25.0}};
}

StatusOr<std::vector<MqmWeightRule>> ParseMqmWeights(std::string_view spec) {
  using mqm_score_detail::TrimWeightSpec;
  std::vector<MqmWeightRule> rules;
  size_t start = 0;
  while (start <= spec.size()) {
    const size_t comma = spec.find(',', start);
    const std::string_view entry =
        TrimWeightSpec(spec.substr(start, comma == std::string_view::npos ? spec.npos : comma - start));
    start = comma == std::string_view::npos ? spec.size() + 1 : comma + 1;
    if (entry.empty()) continue;
    const size_t colon = entry.rfind(':');
    if (colon == std::string_view::npos) {
      return InvalidArgument("MQM weight '" + std::string(entry) +
                             "': expected SEVERITY[/CATEGORY]:WEIGHT");
    }
    const std::string_view key = TrimWeightSpec(entry.substr(0, colon));
    const std::string_view number = TrimWeightSpec(entry.substr(colon + 1));
    double weight = 0.0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), weight);
    if (ec != std::errc() || end != number.data() + number.size() || !std::isfinite(weight) ||
        weight < 0.0) {
      return InvalidArgument("MQM weight '" + std::string(entry) + "': '" + std::string(number) +
                             "' is not a finite number >= 0");
    }
    const size_t slash = key.find('/');
    MqmWeightRule rule;
    rule.severity = std::string(TrimWeightSpec(key.substr(0, slash)));
    if (slash != std::string_view::npos) rule.category = std::string(key.substr(slash + 1));
    if (rule.severity.empty() || (slash != std::string_view::npos && rule.category.empty())) {
      return InvalidArgument("MQM weight '" + std::string(entry) + "': blank severity or category");
    }
    rules.push_back(std::move(rule));
    rules.back().weight = weight;
  }
  if (rules.empty()) return InvalidArgument("MQM weights: no rule given");
  return rules;
}

StatusOr<double> MqmErrorWeight(const std::vector<MqmWeightRule>& rules,
                                std::string_view severity, std::string_view category) {
  const MqmWeightRule* best = nullptr;
  for (const MqmWeightRule& rule : rules) {
    if (!mqm_score_detail::EqualFolded(rule.severity, severity) ||
        !mqm_score_detail::CoversCategory(rule.category, category)) {
      continue;
    }
    if (best == nullptr || rule.category.size() >= best->category.size()) best = &rule;
  }
  if (best == nullptr) {
    return NotFound("no MQM weight for severity '" + std::string(severity) + "'");
  }
  return best->weight;
}

StatusOr<MqmScores> ScoreMqm(const MqmErrors& errors, const std::vector<MqmWeightRule>& rules,
                             std::string_view name) {
  // The weight of every (severity, category) pair that occurs, once.
  const size_t num_categories = errors.categories.size();
  std::vector<double> weight(errors.severities.size() * num_categories, -1.0);
  struct Keyed {
    int32_t system;
    int64_t segment;
    int32_t rater;
    double weight;
  };
  std::vector<Keyed> keyed;
  keyed.reserve(errors.rows.size());
  MqmScores out;
  out.systems = errors.systems;
  out.system_scores.assign(errors.systems.size(), MqmSystemScore{});
  out.error_rows = static_cast<int64_t>(errors.rows.size());
  for (const MqmErrorRow& row : errors.rows) {
    double& w = weight[static_cast<size_t>(row.severity) * num_categories + row.category];
    if (w < 0.0) {
      auto found = MqmErrorWeight(rules, errors.severities[row.severity],
                                  errors.categories[row.category]);
      if (!found.ok()) {
        return InvalidArgument(std::string(name) + ":" + std::to_string(row.line) +
                               ": field 'severity': " + found.status().message() +
                               " (category '" + errors.categories[row.category] + "')");
      }
      w = *found;
    }
    if (w != 0.0) ++out.system_scores[row.system].errors;
    keyed.push_back({row.system, row.segment, row.rater, w});
  }
  std::stable_sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) {
    if (a.system != b.system) return a.system < b.system;
    if (a.segment != b.segment) return a.segment < b.segment;
    return a.rater < b.rater;
  });
  for (size_t i = 0; i < keyed.size();) {
    MqmSegmentScore seg;
    seg.system = keyed[i].system;
    seg.segment = keyed[i].segment;
    double total = 0.0;  // the sum over raters of each rater's sum
    size_t k = i;
    while (k < keyed.size() && keyed[k].system == seg.system && keyed[k].segment == seg.segment) {
      if (k == i || keyed[k].rater != keyed[k - 1].rater) ++seg.raters;
      total += keyed[k].weight;
      ++k;
    }
    seg.score = total / seg.raters;
    out.segments.push_back(seg);
    i = k;
  }
  std::vector<double> sum(errors.systems.size(), 0.0);
  for (const MqmSegmentScore& seg : out.segments) {
    sum[seg.system] += seg.score;
    ++out.system_scores[seg.system].segments;
  }
  for (size_t s = 0; s < sum.size(); ++s) {
    const int64_t count = out.system_scores[s].segments;
    out.system_scores[s].score = count > 0 ? sum[s] / static_cast<double>(count) : 0.0;
  }
  return out;
}

}  // namespace tourney
