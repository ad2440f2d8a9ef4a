#include "tourney/ingest/language_pair.h"

#include <array>
#include <cctype>
#include <utility>

namespace tourney {

namespace {

struct LanguageName {
  std::string_view code;   // ISO 639-1
  std::string_view names;  // ISO 639-2 (B and T) codes and English names, '|'-separated
};

// The languages of the WMT shared tasks (2006-2024) and a few more.
constexpr std::array<LanguageName, 36> kLanguages = {{
    {"ar", "ara|arabic"},       {"bn", "ben|bengali"},       {"cs", "cze|ces|czech"},
    {"da", "dan|danish"},       {"de", "deu|ger|german"},    {"en", "eng|english"},
    {"es", "spa|spanish"},      {"et", "est|estonian"},      {"fi", "fin|finnish"},
    {"fr", "fra|fre|french"},   {"gu", "guj|gujarati"},      {"ha", "hau|hausa"},
    {"he", "heb|hebrew"},       {"hi", "hin|hindi"},         {"hr", "hrv|croatian"},
    {"hu", "hun|hungarian"},    {"is", "isl|ice|icelandic"}, {"it", "ita|italian"},
    {"ja", "jpn|japanese"},     {"kk", "kaz|kazakh"},        {"km", "khm|khmer"},
    {"lt", "lit|lithuanian"},   {"lv", "lav|latvian"},       {"nl", "nld|dut|dutch"},
    {"pl", "pol|polish"},       {"ps", "pus|pashto"},        {"pt", "por|portuguese"},
    {"ro", "ron|rum|romanian"}, {"ru", "rus|russian"},       {"sv", "swe|swedish"},
    {"ta", "tam|tamil"},        {"tr", "tur|turkish"},       {"uk", "ukr|ukrainian"},
    {"xh", "xho|xhosa"},        {"zh", "zho|chi|chinese"},   {"zu", "zul|zulu"},
}};

std::string Lower(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

std::string NormalizeLanguage(std::string_view language) {
  std::string l = Lower(language);
  if (l.empty()) return l;
  for (const LanguageName& entry : kLanguages) {
    if (l == entry.code) return l;
    std::string_view names = entry.names;
    while (!names.empty()) {
      const size_t bar = names.find('|');
      const std::string_view name = names.substr(0, bar);
      if (l == name) return std::string(entry.code);
      if (bar == std::string_view::npos) break;
      names.remove_prefix(bar + 1);
    }
  }
  return l;
}

std::string LanguagePairKey(std::string_view source, std::string_view target) {
  std::string s = NormalizeLanguage(source), t = NormalizeLanguage(target);
  if (s.empty() || t.empty()) return {};
  return s + "-" + t;
}

StatusOr<std::string> ParseLanguagePair(std::string_view text) {
  const size_t sep = text.find_first_of("-_>");
  if (sep == std::string_view::npos || text.find_first_of("-_>", sep + 1) != text.npos) {
    return InvalidArgument("language pair '" + std::string(text) +
                           "' is not of the form SRC-TRG (for example de-en or deu-eng)");
  }
  std::string key = LanguagePairKey(text.substr(0, sep), text.substr(sep + 1));
  if (key.empty()) {
    return InvalidArgument("language pair '" + std::string(text) + "' has an empty side");
  }
  return key;
}

std::vector<std::pair<std::string, Judgments>> SplitByLanguagePair(const Judgments& judgments) {
  std::vector<std::pair<std::string, Judgments>> out;
  std::vector<int> slot(judgments.language_pairs().size() + 1, -1);  // pair id + 1 -> out
  for (size_t i = 0; i < judgments.num_rankings(); ++i) {
    const int32_t pair = judgments.ranking(i).language_pair;
    int& s = slot[static_cast<size_t>(pair + 1)];
    if (s < 0) {
      s = static_cast<int>(out.size());
      out.emplace_back(
          pair < 0 ? std::string() : judgments.language_pairs()[static_cast<size_t>(pair)],
          Judgments());
    }
    out[static_cast<size_t>(s)].second.AppendRankingFrom(judgments, i);
  }
  return out;
}

}  // namespace tourney
