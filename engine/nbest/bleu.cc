#include "tourney/nbest/bleu.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tourney {
namespace {

void ReplaceAll(std::string* s, std::string_view from, std::string_view to) {
  std::string out;
  size_t pos = 0;
  for (size_t hit; (hit = s->find(from, pos)) != std::string::npos; pos = hit + from.size()) {
    out.append(*s, pos, hit - pos);
    out += to;
  }
  out.append(*s, pos, std::string::npos);
  *s = std::move(out);
}

// The code point at s[i] and its length in bytes (a malformed byte reads as itself).
std::pair<uint32_t, size_t> CodePoint(std::string_view s, size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
  if (i + len > s.size()) len = 1;
  if (len == 1) return {c, 1};
  uint32_t cp = c & (0x7F >> len);
  for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  return {cp, len};
}

// Python's str.isspace().
bool IsSpace(uint32_t cp) {
  return (cp >= 0x09 && cp <= 0x0D) || (cp >= 0x1C && cp <= 0x20) || cp == 0x85 || cp == 0xA0 ||
         cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 ||
         cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

std::vector<std::string> SplitWhitespace(std::string_view s) {
  std::vector<std::string> tokens;
  std::string current;
  for (size_t i = 0; i < s.size();) {
    const auto [cp, len] = CodePoint(s, i);
    if (IsSpace(cp)) {
      if (!current.empty()) tokens.push_back(std::move(current));
      current.clear();
    } else {
      current.append(s.substr(i, len));
    }
    i += len;
  }
  if (!current.empty()) tokens.push_back(std::move(current));
  return tokens;
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// mteval-v13a's punctuation class: { | } ~ [ \ ] ^ _ ` space ! " # $ % & ( ) * + : ; < = > ? @ /
bool IsPunct13a(unsigned char c) {
  return (c >= 0x7B && c <= 0x7E) || (c >= 0x5B && c <= 0x60) || (c >= 0x20 && c <= 0x26) ||
         (c >= 0x28 && c <= 0x2B) || (c >= 0x3A && c <= 0x40) || c == 0x2F;
}

std::vector<std::string> Tokenize13a(std::string_view line) {
  std::string s(line);
  ReplaceAll(&s, "<skipped>", "");
  ReplaceAll(&s, "-\n", "");
  std::replace(s.begin(), s.end(), '\n', ' ');
  if (s.find('&') != std::string::npos) {
    ReplaceAll(&s, "&quot;", "\"");
    ReplaceAll(&s, "&amp;", "&");
    ReplaceAll(&s, "&lt;", "<");
    ReplaceAll(&s, "&gt;", ">");
  }
  s = " " + s + " ";
  std::string a;
  a.reserve(s.size() * 2);
  for (char c : s) {
    if (IsPunct13a(static_cast<unsigned char>(c))) {
      a += ' ';
      a += c;
      a += ' ';
    } else {
      a += c;
    }
  }
  // ([^0-9])([\.,]) -> "\1 \2 "
  std::string b;
  b.reserve(a.size() * 2);
  for (size_t i = 0; i < a.size();) {
    if (i + 1 < a.size() && !IsDigit(a[i]) && (a[i + 1] == '.' || a[i + 1] == ',')) {
      b += a[i];
      b += ' ';
      b += a[i + 1];
      b += ' ';
      i += 2;
    } else {
      b += a[i++];
    }
  }
  // ([\.,])([^0-9]) -> " \1 \2"
  std::string c;
  c.reserve(b.size() * 2);
  for (size_t i = 0; i < b.size();) {
    if (i + 1 < b.size() && (b[i] == '.' || b[i] == ',') && !IsDigit(b[i + 1])) {
      c += ' ';
      c += b[i];
      c += ' ';
      c += b[i + 1];
      i += 2;
    } else {
      c += b[i++];
    }
  }
  // ([0-9])(-) -> "\1 \2 "
  std::string d;
  d.reserve(c.size() * 2);
  for (size_t i = 0; i < c.size();) {
    if (i + 1 < c.size() && IsDigit(c[i]) && c[i + 1] == '-') {
      d += c[i];
      d += " - ";
      i += 2;
    } else {
      d += c[i++];
    }
  }
  return SplitWhitespace(d);
}

std::vector<std::string> TokenizeChars(std::string_view line) {
  std::vector<std::string> tokens;
  for (size_t i = 0; i < line.size();) {
    const auto [cp, len] = CodePoint(line, i);
    if (!IsSpace(cp)) tokens.emplace_back(line.substr(i, len));
    i += len;
  }
  return tokens;
}

std::pair<uint64_t, uint64_t> NgramKey(const uint32_t* ids, int n) {
  uint64_t w[2] = {0, 0};
  for (int k = 0; k < n; ++k) {
    w[k / 2] |= static_cast<uint64_t>(ids[k]) << (k % 2 == 0 ? 32 : 0);
  }
  return {w[0], w[1]};
}

}  // namespace

StatusOr<BleuTokenizer> ParseBleuTokenizer(std::string_view name) {
  if (name == "13a") return BleuTokenizer::k13a;
  if (name == "char") return BleuTokenizer::kChar;
  if (name == "none") return BleuTokenizer::kNone;
  return InvalidArgument("unknown BLEU tokenizer '" + std::string(name) +
                         "' (expected 13a, char or none)");
}

std::vector<std::string> BleuTokenize(std::string_view line, BleuTokenizer tokenizer) {
  switch (tokenizer) {
    case BleuTokenizer::k13a:
      return Tokenize13a(line);
    case BleuTokenizer::kChar:
      return TokenizeChars(line);
    case BleuTokenizer::kNone:
      return SplitWhitespace(line);
  }
  return {};
}

BleuStats& BleuStats::operator+=(const BleuStats& o) {
  hyp_len += o.hyp_len;
  ref_len += o.ref_len;
  for (int n = 0; n < 4; ++n) {
    correct[n] += o.correct[n];
    total[n] += o.total[n];
  }
  return *this;
}

double BleuScore(const BleuStats& s) {
  double log_sum = 0.0;
  double smooth = 1.0;
  for (int n = 0; n < 4; ++n) {
    if (s.total[n] == 0) return 0.0;  // precision 0 for this and every higher order
    double p;
    if (s.correct[n] == 0) {
      smooth *= 2.0;
      p = 100.0 / (smooth * static_cast<double>(s.total[n]));
    } else {
      p = 100.0 * static_cast<double>(s.correct[n]) / static_cast<double>(s.total[n]);
    }
    log_sum += std::log(p);
  }
  double bp = 1.0;
  if (s.hyp_len < s.ref_len) {
    bp = s.hyp_len > 0
             ? std::exp(1.0 - static_cast<double>(s.ref_len) / static_cast<double>(s.hyp_len))
             : 0.0;
  }
  return bp * std::exp(log_sum / 4.0);
}

uint32_t BleuVocabulary::Intern(const std::string& token) {
  const auto [it, inserted] = ids_.emplace(token, static_cast<uint32_t>(ids_.size() + 1));
  return it->second;
}

uint32_t BleuVocabulary::Find(const std::string& token) const {
  const auto it = ids_.find(token);
  return it == ids_.end() ? 0 : it->second;
}

void BleuReferences::Add(const std::vector<std::string>& tokens, BleuVocabulary* vocabulary) {
  std::vector<uint32_t> ids;
  ids.reserve(tokens.size());
  for (const std::string& t : tokens) ids.push_back(vocabulary->Intern(t));
  std::unordered_map<std::pair<uint64_t, uint64_t>, int32_t, KeyHash> counts;
  for (int n = 1; n <= 4; ++n) {
    for (size_t i = 0; i + n <= ids.size(); ++i) ++counts[NgramKey(&ids[i], n)];
  }
  for (const auto& [key, count] : counts) {
    int32_t& best = max_counts_[key];
    best = std::max(best, count);
  }
  lengths_.push_back(static_cast<int64_t>(ids.size()));
}

BleuStats BleuReferences::Score(const std::vector<uint32_t>& hyp) const {
  BleuStats s;
  const int64_t len = static_cast<int64_t>(hyp.size());
  s.hyp_len = len;
  // Closest reference length, the shorter on a tie.
  int64_t best_diff = -1;
  for (int64_t r : lengths_) {
    const int64_t diff = std::abs(len - r);
    if (best_diff < 0 || diff < best_diff || (diff == best_diff && r < s.ref_len)) {
      best_diff = diff;
      s.ref_len = r;
    }
  }
  std::vector<std::pair<uint64_t, uint64_t>> keys;
  for (int n = 1; n <= 4; ++n) {
    s.total[n - 1] = std::max<int64_t>(0, len - n + 1);
    keys.clear();
    for (size_t i = 0; i + n <= hyp.size(); ++i) {
      bool known = true;
      for (int k = 0; k < n; ++k) known = known && hyp[i + k] != 0;
      if (known) keys.push_back(NgramKey(&hyp[i], n));
    }
    std::sort(keys.begin(), keys.end());
    for (size_t i = 0; i < keys.size();) {
      size_t j = i + 1;
      while (j < keys.size() && keys[j] == keys[i]) ++j;
      const auto it = max_counts_.find(keys[i]);
      if (it != max_counts_.end()) {
        s.correct[n - 1] += std::min<int64_t>(static_cast<int64_t>(j - i), it->second);
      }
      i = j;
    }
  }
  return s;
}

StatusOr<double> CorpusBleu(const std::vector<std::string>& hyps,
                            const std::vector<std::vector<std::string>>& refs,
                            BleuTokenizer tokenizer) {
  if (hyps.size() != refs.size()) {
    return InvalidArgument("corpus BLEU: " + std::to_string(hyps.size()) + " hypotheses but " +
                           std::to_string(refs.size()) + " reference sets");
  }
  BleuVocabulary vocabulary;
  std::vector<BleuReferences> sets(refs.size());
  for (size_t i = 0; i < refs.size(); ++i) {
    for (const std::string& r : refs[i]) sets[i].Add(BleuTokenize(r, tokenizer), &vocabulary);
  }
  BleuStats total;
  for (size_t i = 0; i < hyps.size(); ++i) {
    std::vector<uint32_t> ids;
    for (const std::string& t : BleuTokenize(hyps[i], tokenizer)) ids.push_back(vocabulary.Find(t));
    total += sets[i].Score(ids);
  }
  return BleuScore(total);
}

}  // namespace tourney
