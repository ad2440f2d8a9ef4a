// tourney nbest --gold GOLD SYSTEM... : n-best lists against weighted gold translations.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "commands.h"
#include "common.h"
#include "plot_file.h"
#include "render/nbest_format.h"
#include "tourney/core/defaults.h"
#include "tourney/nbest/nbest_evaluation.h"

namespace tourney::cli {
namespace {

// "a,b" -> positive integers; with all_ok, also 0, spelled "0" or "all".
StatusOr<std::vector<int>> IntList(const Flags& flags, const std::string& name, bool all_ok) {
  std::vector<int> out;
  for (const std::string& item : SplitList(flags.Get(name))) {
    if (all_ok && item == "all") {
      out.push_back(0);
      continue;
    }
    char* end = nullptr;
    const long v = std::strtol(item.c_str(), &end, 10);
    if (end != item.c_str() + item.size() || v < (all_ok ? 0 : 1) || v > 100000000) {
      return InvalidArgument("option '--" + name + "': '" + item + "' is not a " +
                             (all_ok ? "count or 'all'" : "positive integer"));
    }
    out.push_back(static_cast<int>(v));
  }
  return out;
}

// The system name of an n-best file: its file name without the extension (and without
// a trailing .gz).
std::string SystemName(const std::string& path) {
  std::filesystem::path p(path);
  if (p.extension() == ".gz") p = p.stem();
  return std::filesystem::path(p.filename()).stem().string();
}

int Generate(const Flags& flags) {
  auto systems = flags.GetInt("systems");
  auto prompts = flags.GetInt("prompts");
  auto depth = flags.GetInt("depth");
  auto gold_per_prompt = flags.GetInt("gold-per-prompt");
  auto seed = flags.GetUint("seed");
  for (const auto* v : {&systems, &prompts, &depth, &gold_per_prompt}) {
    if (!v->ok()) return ReportError("nbest", v->status());
    if (**v < 1 || **v > 1000000) {
      return ReportError("nbest", InvalidArgument("--systems, --prompts, --depth and "
                                                  "--gold-per-prompt must be in 1..1000000"));
    }
  }
  if (!seed.ok()) return ReportError("nbest", seed.status());
  StapleGeneratorOptions o;
  o.systems = static_cast<int>(*systems);
  o.prompts = static_cast<int>(*prompts);
  o.depth = static_cast<int>(*depth);
  o.gold_per_prompt = static_cast<int>(*gold_per_prompt);
  o.seed = *seed;
  const GeneratedStaple data = GenerateStaple(o);
  const std::string dir = flags.Get("generate");
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return ReportError("nbest", IoError(dir + ": cannot create: " + ec.message()));
  if (Status s = WriteFileAtomically(dir + "/gold.txt", data.gold); !s.ok()) {
    return ReportError("nbest", s);
  }
  for (size_t i = 0; i < data.nbest.size(); ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "/system%03zu.txt", i);
    if (Status s = WriteFileAtomically(dir + name, data.nbest[i]); !s.ok()) {
      return ReportError("nbest", s);
    }
  }
  std::cerr << "wrote " << dir << "/gold.txt and " << data.nbest.size() << " n-best files\n";
  return kExitOk;
}

}  // namespace

int RunNbest(int argc, char** argv) {
  Flags flags(
      "tourney nbest --gold GOLD SYSTEM... [--f1-top K] [--bleu-depths LIST] "
      "[--bleu-references LIST] [--tokenize T] [--ablation LIST] [--bootstrap R] [--format F] "
      "[--plot FILE]",
      "Evaluates systems' n-best lists against weighted gold translations (the STAPLE 2020\n"
      "layout: blocks of `ID|PROMPT` followed by `TRANSLATION|WEIGHT` lines, blank lines\n"
      "between; n-best files alike, best first, `TRANSLATION` or `TRANSLATION|SCORE`), after\n"
      "Bremerman et al. (2020): MAP (eq. 1), the task's weighted macro F1, preference\n"
      "correlation (Spearman's rho and Pearson's r in log space between model scores and gold\n"
      "weights), and x-best y-reference BLEU (sacreBLEU's defaults) over the pseudo-corpus.\n"
      "Prints a MAP leaderboard with bootstrap intervals over prompts and clusters, each\n"
      "system's measures, how each BLEU configuration ranks the systems against MAP, and the\n"
      "gold ablation: the least frequent translations of each prompt removed, and how the MAP\n"
      "and F1 rankings then correlate with the full-gold ones (Spearman's rho, Kendall's\n"
      "tau-b, Pearson Rank). A system is named by its file name without the extension.\n"
      "With --generate DIR, writes a seeded synthetic gold file and n-best lists instead.");
  flags.Add("gold", "FILE", "", "the gold translations with weights");
  flags.Add("f1-top", "K", "0", "truncation of weighted F1: the top K entries (0 = whole list)");
  flags.Add("bleu-depths", "LIST", "1,5,10,100,1000", "x of x-best BLEU");
  flags.Add("bleu-references", "LIST", "1,5,10,100,all", "y of y-reference BLEU ('all')");
  flags.Add("tokenize", "T", "13a",
            "BLEU tokenisation: 13a (sacreBLEU's default), char (Japanese, Chinese) or none");
  flags.AddBool("no-bleu", "skip BLEU (no tokenisation; much faster on deep lists)");
  flags.Add("ablation", "LIST", "0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9",
            "shares of each prompt's gold removed, least frequent first, each in [0, 1)");
  flags.Add("bootstrap", "R", std::to_string(kDefaultBootstrapReplicates),
            "bootstrap replicates over prompts (1..1000000)");
  flags.Add("confidence", "G", "0.95", "confidence of the intervals and rank ranges");
  flags.Add("seed", "S", "1", "random seed");
  flags.Add("threads", "T", "0", "worker threads (0 = all cores)");
  flags.Add("format", "F", "table", "output: table, json, csv, latex, markdown or wmt");
  flags.Add("plot", "FILE", "",
            "write the ablation figure (Figure 1: correlations against the gold kept)");
  AddPlotTitleFlag(flags);
  flags.Add("generate", "DIR", "",
            "write DIR/gold.txt and DIR/systemNNN.txt (synthetic, seeded) and stop");
  flags.Add("systems", "N", "4", "with --generate: systems");
  flags.Add("prompts", "N", "100", "with --generate: prompts");
  flags.Add("depth", "N", "100", "with --generate: n-best entries per prompt");
  flags.Add("gold-per-prompt", "N", "50", "with --generate: gold translations per prompt");
  flags.AddExample(
      "tourney nbest --gold staple.gold.ja.txt ja/*.txt --tokenize char --plot "
      "ablation.svg",
      "every Japanese system, BLEU on characters, Figure 1");
  flags.AddExample("tourney nbest --generate data --systems 44 --prompts 2000 --depth 1000",
                   "a synthetic campaign of the paper's size");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "nbest", &code)) return code;
  if (flags.IsSet("generate")) return Generate(flags);

  if (!flags.IsSet("gold")) return ReportError("nbest", InvalidArgument("--gold FILE is required"));
  if (flags.positionals().empty()) {
    return ReportError("nbest", InvalidArgument("name at least one n-best file"));
  }
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError("nbest", format.status());
  NbestOptions options;
  auto f1_top = flags.GetInt("f1-top");
  if (!f1_top.ok()) return ReportError("nbest", f1_top.status());
  auto depths = IntList(flags, "bleu-depths", false);
  if (!depths.ok()) return ReportError("nbest", depths.status());
  auto refs = IntList(flags, "bleu-references", true);
  if (!refs.ok()) return ReportError("nbest", refs.status());
  auto tokenizer = ParseBleuTokenizer(flags.Get("tokenize"));
  if (!tokenizer.ok()) return ReportError("nbest", tokenizer.status());
  options.ablation.clear();
  for (const std::string& item : SplitList(flags.Get("ablation"))) {
    char* end = nullptr;
    const double x = std::strtod(item.c_str(), &end);
    if (end != item.c_str() + item.size() || !(x >= 0.0 && x < 1.0)) {
      return ReportError(
          "nbest", InvalidArgument("option '--ablation': '" + item + "' is not a share in [0, 1)"));
    }
    options.ablation.push_back(x);
  }
  auto replicates = flags.GetInt("bootstrap");
  if (!replicates.ok()) return ReportError("nbest", replicates.status());
  auto confidence = flags.GetDouble("confidence");
  if (!confidence.ok()) return ReportError("nbest", confidence.status());
  auto seed = flags.GetUint("seed");
  if (!seed.ok()) return ReportError("nbest", seed.status());
  auto threads = flags.GetInt("threads");
  if (!threads.ok()) return ReportError("nbest", threads.status());
  if (*f1_top < 0 || *f1_top > 100000000) {
    return ReportError("nbest", InvalidArgument("option '--f1-top': must be >= 0"));
  }
  if (*replicates < 1 || *replicates > 1000000) {
    return ReportError("nbest",
                       InvalidArgument("option '--bootstrap': must be between 1 and 1000000"));
  }
  if (*threads < 0 || *threads > 4096) {
    return ReportError("nbest", InvalidArgument("option '--threads': must be between 0 and 4096"));
  }
  options.f1_top = static_cast<int>(*f1_top);
  options.bleu = !flags.GetBool("no-bleu");
  options.bleu_depths = *depths;
  options.bleu_references = *refs;
  options.tokenizer = *tokenizer;
  options.bootstrap = static_cast<int>(*replicates);
  options.confidence = *confidence;
  options.seed = *seed;
  options.threads = static_cast<int>(*threads);

  auto gold_file = ReadStaple(flags.Get("gold"), StapleKind::kGold);
  if (!gold_file.ok()) return ReportError("nbest", gold_file.status());
  auto gold = NbestGold::Build(std::move(*gold_file), options);
  if (!gold.ok()) return ReportError("nbest", gold.status());
  std::vector<std::string> names;
  for (const std::string& path : flags.positionals()) names.push_back(SystemName(path));
  auto evaluation = EvaluateNbest(**gold, names, flags.positionals());
  if (!evaluation.ok()) return ReportError("nbest", evaluation.status());
  if (flags.IsSet("plot")) {
    const std::string svg = NbestAblationSvg(
        *evaluation,
        PlotTitles(flags) ? "Gold ablation: MAP rankings against the full gold" : std::string());
    if (Status s = WritePlotFile(flags.Get("plot"), svg); !s.ok()) return ReportError("nbest", s);
  }
  std::cout << FormatNbest(*evaluation, *format);
  return kExitOk;
}

}  // namespace tourney::cli
