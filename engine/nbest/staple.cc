#include "tourney/nbest/staple.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>
#include <vector>

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
  if (!t.empty() && t.front() == '+') {
    t.remove_prefix(1);
    if (!t.empty() && (t.front() == '+' || t.front() == '-')) return false;
  }
  if (t.empty()) return false;
  double v = 0.0;
  const auto [end, error] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (error != std::errc() || end != t.data() + t.size() || !std::isfinite(v)) return false;
  *out = v;
  return true;
}

Status Error(const std::string& path, int line, const char* field, const std::string& what) {
  return InvalidArgument(path + ":" + std::to_string(line) + ": field '" + field + "': " + what);
}

// The translations of the open block, for the duplicate rule: open addressing over views
// into the text (linear probing; an empty view marks a free slot, translations are never
// empty), cleared slot by slot so that a block costs no allocation once the table is large
// enough.
class SeenTranslations {
 public:
  // True when `t` was not seen in this block yet (it is then recorded).
  bool Insert(std::string_view t) {
    if (2 * (used_.size() + 1) > slots_.size()) Grow();
    size_t i = Slot(t);
    while (!slots_[i].empty()) {
      if (slots_[i] == t) return false;
      i = (i + 1) & (slots_.size() - 1);
    }
    slots_[i] = t;
    used_.push_back(i);
    return true;
  }

  void Clear() {
    for (size_t i : used_) slots_[i] = std::string_view();
    used_.clear();
  }

 private:
  size_t Slot(std::string_view t) const {
    return std::hash<std::string_view>()(t) & (slots_.size() - 1);
  }

  void Grow() {
    std::vector<std::string_view> old;
    for (size_t i : used_) old.push_back(slots_[i]);
    slots_.assign(std::max<size_t>(64, 2 * slots_.size()), std::string_view());
    used_.clear();
    for (std::string_view t : old) {
      size_t i = Slot(t);
      while (!slots_[i].empty()) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = t;
      used_.push_back(i);
    }
  }

  std::vector<std::string_view> slots_;
  std::vector<size_t> used_;
};

}  // namespace

Status ForEachStapleBlock(std::string_view text, const std::string& path, StapleKind kind,
                          const std::function<Status(const StapleBlockView&)>& visit,
                          int64_t* dropped_duplicates) {
  std::unordered_set<std::string_view> ids;
  SeenTranslations seen;
  StapleBlockView block;
  bool open = false;
  int with_value = 0, header_line = 0;
  const auto close = [&]() -> Status {
    if (!open) return Status::Ok();
    open = false;
    seen.Clear();
    if (with_value != 0 && with_value != static_cast<int>(block.translations.size())) {
      return Error(path, header_line, kind == StapleKind::kGold ? "weight" : "score",
                   "prompt '" + std::string(block.id) + "': some translations have a " +
                       (kind == StapleKind::kGold ? "weight" : "score") + " and some do not");
    }
    if (with_value == 0) block.values.clear();
    return visit(block);
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
      const std::string_view id = Trim(line.substr(0, bar));
      if (id.empty()) return Error(path, number, "id", "a block opens without a prompt id");
      if (!ids.insert(id).second) {
        return Error(path, number, "id", "prompt '" + std::string(id) + "' opens a second block");
      }
      block.id = id;
      block.prompt =
          bar != std::string_view::npos ? Trim(line.substr(bar + 1)) : std::string_view();
      block.translations.clear();
      block.values.clear();
      open = true;
      with_value = 0;
      header_line = number;
      if (last) break;
      continue;
    }
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
    if (!seen.Insert(translation)) {
      if (kind == StapleKind::kGold) {
        std::string what(1, '\'');
        what.append(translation);
        what.append("' is listed twice for prompt '");
        what.append(block.id);
        what.append("'");
        return Error(path, number, "translation", what);
      }
      ++*dropped_duplicates;
      if (last) break;
      continue;
    }
    block.translations.push_back(translation);
    block.values.push_back(value);
    with_value += has_value;
    if (last) break;
  }
  return close();
}

StatusOr<StapleFile> ParseStaple(std::string_view text, const std::string& path, StapleKind kind) {
  StapleFile file;
  Status s = ForEachStapleBlock(
      text, path, kind,
      [&file](const StapleBlockView& block) {
        StaplePrompt p;
        p.id = std::string(block.id);
        p.prompt = std::string(block.prompt);
        p.translations.assign(block.translations.begin(), block.translations.end());
        p.values = block.values;
        file.prompts.push_back(std::move(p));
        return Status::Ok();
      },
      &file.dropped_duplicates);
  if (!s.ok()) return s;
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
