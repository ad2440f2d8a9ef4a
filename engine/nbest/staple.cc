#include "tourney/nbest/staple.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>

#include "ingest/input_file.h"
#include "tourney/core/random.h"

namespace tourney {
namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

// A decimal number (an optional sign, digits, a point, an exponent) and nothing else.
bool ParseNumber(std::string_view text, double* out) {
  std::string_view t = Trim(text);
  if (!t.empty() && t.front() == '+') t.remove_prefix(1);
  if (t.empty() || t.front() == '+') return false;
  double v = 0.0;
  const auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (error != std::errc() || end != t.data() + t.size() || !std::isfinite(v)) return false;
  *out = v;
  return true;
}

Status Error(const std::string& path, int line, const char* field, const std::string& what) {
  return InvalidArgument(path + ":" + std::to_string(line) + ": field '" + field + "': " + what);
}

}  // namespace

StatusOr<StapleFile> ParseStaple(std::string_view text, const std::string& path, StapleKind kind) {
  StapleFile file;
  std::unordered_set<std::string> ids;
  std::unordered_set<std::string_view> seen;  // translations of the open block
  bool open = false;
  int with_value = 0, header_line = 0;
  const auto close = [&]() -> Status {
    if (!open) return Status::Ok();
    StaplePrompt& p = file.prompts.back();
    if (with_value != 0 && with_value != static_cast<int>(p.translations.size())) {
      return Error(path, header_line, kind == StapleKind::kGold ? "weight" : "score",
                   "prompt '" + p.id + "': some translations have a " +
                       (kind == StapleKind::kGold ? "weight" : "score") + " and some do not");
    }
    if (with_value == 0) p.values.clear();
    open = false;
    seen.clear();
    return Status::Ok();
  };
  size_t pos = 0;
  for (int number = 1; pos <= text.size(); ++number) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = Trim(text.substr(pos, end - pos));
    const bool last = end >= text.size();
    pos = end + 1;
    if (line.empty()) {
      if (Status s = close(); !s.ok()) return s;
      if (last) break;
      continue;
    }
    if (!open) {
      const size_t bar = line.find('|');
      const std::string id(Trim(line.substr(0, bar)));
      if (id.empty()) return Error(path, number, "id", "a block opens without a prompt id");
      if (!ids.insert(id).second) {
        return Error(path, number, "id", "prompt '" + id + "' opens a second block");
      }
      StaplePrompt p;
      p.id = id;
      if (bar != std::string_view::npos) p.prompt = std::string(Trim(line.substr(bar + 1)));
      file.prompts.push_back(std::move(p));
      open = true;
      with_value = 0;
      header_line = number;
      if (last) break;
      continue;
    }
    StaplePrompt& p = file.prompts.back();
    std::string_view translation = line;
    double value = 0.0;
    bool has_value = false;
    if (const size_t bar = line.rfind('|'); bar != std::string_view::npos) {
      if (ParseNumber(line.substr(bar + 1), &value)) {
        translation = Trim(line.substr(0, bar));
        has_value = true;
      } else if (kind == StapleKind::kGold) {
        std::string what(1, '\'');
        what.append(Trim(line.substr(bar + 1)));
        what.append("' is not a finite number");
        return Error(path, number, "weight", what);
      }
    }
    if (kind == StapleKind::kGold) {
      if (!has_value) return Error(path, number, "weight", "missing (TRANSLATION|WEIGHT)");
      if (!(value > 0.0)) return Error(path, number, "weight", "must be positive");
    }
    if (translation.empty()) return Error(path, number, "translation", "empty");
    // Views into `text` stay valid while the block is parsed.
    if (!seen.insert(translation).second) {
      if (kind == StapleKind::kGold) {
        return Error(
            path, number, "translation",
            "'" + std::string(translation) + "' is listed twice for prompt '" + p.id + "'");
      }
      ++file.dropped_duplicates;
      if (last) break;
      continue;
    }
    p.translations.emplace_back(translation);
    p.values.push_back(value);
    with_value += has_value;
    if (last) break;
  }
  if (Status s = close(); !s.ok()) return s;
  return file;
}

StatusOr<StapleFile> ReadStaple(const std::string& path, StapleKind kind) {
  std::string text;
  if (Status s = ReadInputFile(path, &text); !s.ok()) return s;
  return ParseStaple(text, InputDisplayName(path), kind);
}

GeneratedStaple GenerateStaple(const StapleGeneratorOptions& o) {
  GeneratedStaple out;
  out.nbest.resize(static_cast<size_t>(o.systems));
  double harmonic = 0.0;
  for (int k = 1; k <= o.gold_per_prompt; ++k) harmonic += 1.0 / k;
  char number[32];
  for (int p = 0; p < o.prompts; ++p) {
    const std::string id = "prompt_" + std::to_string(p);
    out.gold += id + "|source sentence " + std::to_string(p) + "\n";
    for (int k = 1; k <= o.gold_per_prompt; ++k) {
      std::snprintf(number, sizeof number, "%.9g", 1.0 / k / harmonic);
      out.gold += "valid translation " + std::to_string(p) + " number " + std::to_string(k) +
                  " .|" + number + "\n";
    }
    out.gold += "\n";
  }
  for (int s = 0; s < o.systems; ++s) {
    Rng rng(DeriveSeed(o.seed, static_cast<uint64_t>(s) + 1));
    const double quality = (s + 1.0) / (o.systems + 1.0);
    std::string& text = out.nbest[static_cast<size_t>(s)];
    for (int p = 0; p < o.prompts; ++p) {
      text += "prompt_" + std::to_string(p) + "|source sentence " + std::to_string(p) + "\n";
      int next_valid = 1, next_invalid = 1;
      for (int i = 0; i < o.depth; ++i) {
        const bool valid = next_valid <= o.gold_per_prompt &&
                           rng.Uniform() < quality * std::exp(-3.0 * i / o.depth);
        std::snprintf(number, sizeof number, "%.6f", -0.5 * i - rng.Uniform());
        if (valid) {
          text += "valid translation " + std::to_string(p) + " number " +
                  std::to_string(next_valid++) + " .|" + number + "\n";
        } else {
          text += "a wrong output " + std::to_string(next_invalid++) + " for " + std::to_string(p) +
                  "|" + number + "\n";
        }
      }
      text += "\n";
    }
  }
  return out;
}

}  // namespace tourney
