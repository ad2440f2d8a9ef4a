// tourney agreement FILE... : inter- and intra-annotator agreement (Cohen's kappa) per
// language pair, as the WMT findings papers report it, and annotators ranked by agreement.
#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>

#include "battle_input.h"
#include "commands.h"
#include "common.h"
#include "render/text_format.h"
#include "tourney/statistics/agreement.h"

namespace tourney::cli {
namespace {

std::string Fixed3(std::optional<double> v) {
  if (!v) return "n/a";
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.3f", *v);
  return buf;
}

std::string JsonNumber(std::optional<double> v) { return v ? tourney::JsonNumber(*v) : "null"; }

std::string Pad(const std::string& s, size_t width, bool right = false) {
  if (s.size() >= width) return s;
  const std::string fill(width - s.size(), ' ');
  return right ? fill + s : s + fill;
}

std::string CountsJson(const AgreementCounts& c) {
  return "{\"agree\": " + std::to_string(c.agree) +
         ", \"comparable\": " + std::to_string(c.comparable) +
         ", \"ties\": " + std::to_string(c.ties) + ", \"labels\": " + std::to_string(c.labels) +
         ", \"p_a\": " + JsonNumber(c.p_agree()) + ", \"p_e\": " + JsonNumber(c.p_chance()) +
         ", \"kappa\": " + JsonNumber(c.kappa()) + "}";
}

struct PairAgreement {
  std::string pair;
  int64_t rankings = 0;
  AgreementResult result;
};

std::string FormatTable(const std::vector<PairAgreement>& pairs, bool collapsed, int annotators,
                        int64_t min_pairs) {
  std::ostringstream out;
  out << "Annotator agreement ("
      << (collapsed ? "collapsed: systems with identical output count once"
                    : "uncollapsed: every system of a shared output counts, tied with the "
                      "others")
      << ")\n";
  bool shared = false;
  for (const PairAgreement& p : pairs) shared = shared || p.result.shared_outputs;
  if (!shared) {
    out << "(no ranking in the input shows one output for several systems: collapsed and "
           "uncollapsed coincide)\n";
  }
  out << Pad("pair", 8) << Pad("rankings", 10, true) << "  | inter  " << Pad("pA", 6, true)
      << Pad("pE", 7, true) << Pad("kappa", 7, true) << Pad("agree/comparable", 19, true)
      << Pad("ties/labels", 17, true) << "  | intra  " << Pad("pA", 6, true) << Pad("pE", 7, true)
      << Pad("kappa", 7, true) << Pad("agree/comparable", 19, true) << Pad("ties/labels", 17, true)
      << "\n";
  for (const PairAgreement& p : pairs) {
    const AgreementCounts& i = p.result.inter;
    const AgreementCounts& a = p.result.intra;
    out << Pad(p.pair.empty() ? "-" : p.pair, 8) << Pad(WithThousands(p.rankings), 10, true)
        << "  |        " << Pad(Fixed3(i.p_agree()), 6, true) << Pad(Fixed3(i.p_chance()), 7, true)
        << Pad(Fixed3(i.kappa()), 7, true)
        << Pad(WithThousands(i.agree) + "/" + WithThousands(i.comparable), 19, true)
        << Pad(WithThousands(i.ties) + "/" + WithThousands(i.labels), 17, true) << "  |        "
        << Pad(Fixed3(a.p_agree()), 6, true) << Pad(Fixed3(a.p_chance()), 7, true)
        << Pad(Fixed3(a.kappa()), 7, true)
        << Pad(WithThousands(a.agree) + "/" + WithThousands(a.comparable), 19, true)
        << Pad(WithThousands(a.ties) + "/" + WithThousands(a.labels), 17, true) << "\n";
  }
  if (annotators == 0) return out.str();
  out << "\nWeakest annotators by kappa with the others (over the pairs of their labels with "
         "other annotators' labels of the same item; annotators with fewer than "
      << min_pairs << " such pairs are not listed):\n";
  for (const PairAgreement& p : pairs) {
    out << (p.pair.empty() ? "-" : p.pair) << "\n";
    out << "  " << Pad("annotator", 24) << Pad("rankings", 9, true) << Pad("pairs", 10, true)
        << Pad("pA", 7, true) << Pad("kappa", 8, true) << Pad("intra kappa", 13, true) << "\n";
    int shown = 0;
    for (const AnnotatorAgreement& a : p.result.annotators) {
      if (annotators > 0 && shown == annotators) break;
      if (a.with_others.comparable < min_pairs) continue;
      ++shown;
      out << "  " << Pad(a.annotator, 24) << Pad(WithThousands(a.rankings), 9, true)
          << Pad(WithThousands(a.with_others.comparable), 10, true)
          << Pad(Fixed3(a.with_others.p_agree()), 7, true)
          << Pad(Fixed3(a.kappa_with_others), 8, true) << Pad(Fixed3(a.self.kappa()), 13, true)
          << "\n";
    }
  }
  return out.str();
}

std::string FormatJson(const std::vector<PairAgreement>& pairs, bool collapsed) {
  std::ostringstream out;
  bool shared = false;
  for (const PairAgreement& p : pairs) shared = shared || p.result.shared_outputs;
  out << "{\n  \"collapsed\": " << (collapsed ? "true" : "false")
      << ",\n  \"shared_outputs\": " << (shared ? "true" : "false") << ",\n  \"language_pairs\": [";
  for (size_t k = 0; k < pairs.size(); ++k) {
    const PairAgreement& p = pairs[k];
    out << (k > 0 ? "," : "") << "\n    {\"language_pair\": " << JsonQuote(p.pair)
        << ", \"rankings\": " << p.rankings << ",\n     \"inter\": " << CountsJson(p.result.inter)
        << ",\n     \"intra\": " << CountsJson(p.result.intra) << ",\n     \"annotators\": [";
    for (size_t i = 0; i < p.result.annotators.size(); ++i) {
      const AnnotatorAgreement& a = p.result.annotators[i];
      out << (i > 0 ? "," : "") << "\n       {\"annotator\": " << JsonQuote(a.annotator)
          << ", \"rankings\": " << a.rankings << ", \"labels\": " << a.labels
          << ", \"with_others\": " << CountsJson(a.with_others)
          << ", \"kappa_with_others\": " << JsonNumber(a.kappa_with_others)
          << ", \"intra\": " << CountsJson(a.self) << "}";
    }
    out << "]}";
  }
  out << "\n  ]\n}\n";
  return out.str();
}

std::string FormatCsv(const std::vector<PairAgreement>& pairs) {
  std::ostringstream out;
  out << "language_pair,rankings,inter_agree,inter_comparable,inter_ties,inter_labels,inter_pA,"
         "inter_pE,inter_kappa,intra_agree,intra_comparable,intra_ties,intra_labels,intra_pA,"
         "intra_pE,intra_kappa\n";
  auto counts = [](const AgreementCounts& c) {
    return std::to_string(c.agree) + "," + std::to_string(c.comparable) + "," +
           std::to_string(c.ties) + "," + std::to_string(c.labels) + "," +
           (c.p_agree() ? JsonNumber(c.p_agree()) : "") + "," +
           (c.p_chance() ? JsonNumber(c.p_chance()) : "") + "," +
           (c.kappa() ? JsonNumber(c.kappa()) : "");
  };
  for (const PairAgreement& p : pairs) {
    out << p.pair << "," << p.rankings << "," << counts(p.result.inter) << ","
        << counts(p.result.intra) << "\n";
  }
  return out.str();
}

}  // namespace

int RunAgreement(int argc, char** argv) {
  Flags flags("tourney agreement FILE... [--uncollapsed] [--format F] [--annotators N]",
              "Inter- and intra-annotator agreement per language pair, as the WMT findings\n"
              "report it (Bojar et al. 2013-2016). Each ranking gives a label (better, worse,\n"
              "tie) for every pair of its outputs in presentation order; labels of the same\n"
              "item (segment and the two outputs) are compared. inter: every pair of labels\n"
              "of an item; intra: pairs of one annotator's labels of an item, over the\n"
              "(segment, annotator) groups with a repeated item. pA = agreeing/comparable\n"
              "pairs, pE = P(tie)^2 + 2((1-P(tie))/2)^2 from the labels' tie rate, kappa =\n"
              "(pA-pE)/(1-pE). Reads the Appraise XML export, WMT ranking CSV and the WMT15/16\n"
              "pairwise-row CSVs (which hold the uncollapsed labels). Also ranks annotators by\n"
              "their agreement with the others; exclude weak ones from any command with\n"
              "--exclude-annotators or --min-annotator-rankings.");
  flags.AddBool("uncollapsed",
                "count every system of an output shared by several systems separately (tied "
                "with the others); default: collapsed, as the published tables");
  flags.Add("format", "F", "table", "output: table, json or csv");
  flags.Add("annotators", "N", "5",
            "table: show the N annotators who agree least with the others per pair (0: none, "
            "-1: all); json lists every annotator");
  flags.Add("min-pairs", "N", "30",
            "table: list only annotators with at least N label pairs shared with others");
  AddInputFlags(flags);
  flags.AddExample("tourney agreement wmt16.xml.gz",
                   "the published kappa tables of all 12 WMT16 pairs");
  flags.AddExample("tourney agreement wmt16.deu-eng.csv --format json",
                   "every annotator's agreement with the others, as JSON");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "agreement", &code)) return code;
  auto min_pairs = flags.GetInt("min-pairs");
  if (!min_pairs.ok()) return ReportError("agreement", min_pairs.status());
  const std::string format = flags.Get("format");
  if (format != "table" && format != "json" && format != "csv") {
    return ReportError("agreement", InvalidArgument("option '--format': '" + format +
                                                    "' is not one of table, json, csv"));
  }
  auto annotators = flags.GetInt("annotators");
  if (!annotators.ok()) return ReportError("agreement", annotators.status());
  if (*annotators < -1) {
    return ReportError("agreement", InvalidArgument("option '--annotators': must be -1 or more"));
  }
  if (flags.GetBool("expand-identical")) {
    return ReportError("agreement", InvalidArgument("option '--expand-identical' does not "
                                                    "apply here; see --uncollapsed"));
  }
  const bool collapsed = !flags.GetBool("uncollapsed");
  for (const std::string& file : flags.positionals()) {
    // A battle log would otherwise meet the ranking readers and fail on its header.
    auto battles = IsBattleLogInput(file, flags);
    if (!battles.ok()) return ReportError("agreement", battles.status());
    if (*battles) {
      return ReportError(
          "agreement",
          InvalidArgument(file +
                          " is a battle log: agreement compares the labels annotators gave "
                          "the same item (a segment and its outputs), which a battle log does "
                          "not record; it reads the Appraise XML export, WMT ranking CSV and "
                          "the WMT15/16 pairwise-row CSVs"));
    }
  }
  auto inputs = LoadJudgmentsByPair(flags.positionals(), flags);
  if (!inputs.ok()) return ReportError("agreement", inputs.status());
  std::vector<PairAgreement> pairs;
  for (auto& [pair, judgments] : *inputs) {
    auto result = ComputeAgreement(judgments, collapsed);
    if (!result.ok()) {
      return ReportError(
          "agreement", Status(result.status().code(), (pair.empty() ? std::string() : pair + ": ") +
                                                          result.status().message()));
    }
    pairs.push_back(
        PairAgreement{pair, static_cast<int64_t>(judgments.num_rankings()), std::move(*result)});
  }
  if (format == "json") {
    std::cout << FormatJson(pairs, collapsed);
  } else if (format == "csv") {
    std::cout << FormatCsv(pairs);
  } else {
    std::cout << FormatTable(pairs, collapsed, static_cast<int>(*annotators), *min_pairs);
  }
  return kExitOk;
}

}  // namespace tourney::cli
