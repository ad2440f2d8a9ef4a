#include "tourney/core/degraded_output.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

namespace tourney {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

bool IsAsciiLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Whether byte c continues a UTF-8 sequence (10xxxxxx).
bool IsContinuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

std::vector<TextUnit> CutIntoCodePoints(std::string_view text, TextUnit run) {
  std::vector<TextUnit> units;
  size_t i = run.begin;
  while (i < run.end) {
    size_t j = i + 1;
    while (j < run.end && IsContinuation(text[j])) ++j;
    units.push_back({i, j});
    i = j;
  }
  return units;
}

}  // namespace

size_t DegradedPhraseWords(size_t words) {
  if (words == 0) return 0;
  if (words <= 3) return 1;
  if (words <= 5) return 2;
  if (words <= 8) return 3;
  if (words <= 15) return 4;
  if (words <= 20) return 5;
  return words / 4;
}

std::vector<TextUnit> CutIntoUnits(std::string_view text) {
  std::vector<TextUnit> units;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && IsBlank(text[i])) ++i;
    if (i == text.size()) break;
    size_t j = i;
    while (j < text.size() && !IsBlank(text[j])) ++j;
    units.push_back({i, j});
    i = j;
  }
  if (units.size() == 1) {
    const TextUnit run = units[0];
    const std::string_view word = text.substr(run.begin, run.end - run.begin);
    if (std::none_of(word.begin(), word.end(), IsAsciiLetter)) {
      std::vector<TextUnit> points = CutIntoCodePoints(text, run);
      if (points.size() > 1) return points;
    }
  }
  return units;
}

std::string DegradeOutput(std::string_view text, std::string_view donor, Rng& rng) {
  const std::vector<TextUnit> units = CutIntoUnits(text);
  const std::vector<TextUnit> donor_units = CutIntoUnits(donor);
  const size_t want = std::max<size_t>(DegradedPhraseWords(units.size()), 1);
  const size_t take = std::min(want, donor_units.size());
  std::string phrase;
  if (take > 0) {
    const size_t from = rng.UniformInt(donor_units.size() - take + 1);
    const size_t b = donor_units[from].begin, e = donor_units[from + take - 1].end;
    phrase.assign(donor.substr(b, e - b));
  }
  if (units.empty()) return phrase;
  const size_t cut = std::min(want, units.size());
  const size_t at = rng.UniformInt(units.size() - cut + 1);
  const size_t b = units[at].begin, e = units[at + cut - 1].end;
  std::string out(text.substr(0, b));
  out += phrase;
  out += text.substr(e);
  return out;
}

DegradedOutputs DegradeSegments(const std::vector<std::vector<std::string_view>>& outputs,
                                uint64_t seed) {
  Rng rng(seed);
  DegradedOutputs d;
  const size_t n = outputs.size();
  d.text.reserve(n);
  d.base.reserve(n);
  for (size_t g = 0; g < n; ++g) {
    const size_t base = rng.UniformInt(outputs[g].size());
    std::string text;
    // A donor phrase can leave the output intact, or turn it into another real output of
    // the segment: another draw then (eight at most; the last draw stands).
    for (int attempt = 0; attempt < 8; ++attempt) {
      size_t other = rng.UniformInt(n - 1);  // another segment: one of the n - 1 others
      if (other >= g) ++other;
      const std::string_view donor = outputs[other][rng.UniformInt(outputs[other].size())];
      text = DegradeOutput(outputs[g][base], donor, rng);
      if (std::find(outputs[g].begin(), outputs[g].end(), text) == outputs[g].end()) break;
    }
    d.base.push_back(base);
    d.text.push_back(std::move(text));
  }
  return d;
}

std::optional<std::string> ShuffleWords(std::string_view text, int count, Rng& rng) {
  const std::vector<TextUnit> units = CutIntoUnits(text);
  if (count < 2 || units.size() <= 2 * static_cast<size_t>(count)) return std::nullopt;
  std::vector<size_t> pool(units.size());
  for (size_t i = 0; i < pool.size(); ++i) pool[i] = i;
  const std::string original(text);
  for (int attempt = 0; attempt < 8; ++attempt) {
    // `count` distinct units in the order drawn (a partial Fisher-Yates shuffle).
    for (int i = 0; i < count; ++i) {
      const size_t j = i + rng.UniformInt(pool.size() - i);
      std::swap(pool[i], pool[j]);
    }
    // Unit pool[i] takes the text of unit pool[i + 1] (the last takes the first's).
    std::vector<std::string_view> replacement(units.size());
    for (size_t u = 0; u < units.size(); ++u) {
      replacement[u] = text.substr(units[u].begin, units[u].end - units[u].begin);
    }
    for (int i = 0; i < count; ++i) {
      const TextUnit& from = units[pool[(i + 1) % count]];
      replacement[pool[i]] = text.substr(from.begin, from.end - from.begin);
    }
    std::string out;
    out.reserve(text.size());
    size_t at = 0;
    for (size_t u = 0; u < units.size(); ++u) {
      out.append(text.substr(at, units[u].begin - at));
      out.append(replacement[u]);
      at = units[u].end;
    }
    out.append(text.substr(at));
    if (out != original) return out;
  }
  return std::nullopt;
}

}  // namespace tourney
