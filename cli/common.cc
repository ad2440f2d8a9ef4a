#include "common.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "battle_input.h"
#include "pairwise_flags.h"
#include "tourney/core/defaults.h"
#include "tourney/ingest/annotator_filter.h"
#include "tourney/ingest/csv_reader.h"
#include "tourney/ingest/language_pair.h"
#include "tourney/models/expected_wins.h"
#include "tourney/models/hopkins_may.h"
#include "tourney/models/pairwise_models.h"
#include "tourney/selection/rating_models.h"
#include "trueskill_flags.h"

namespace tourney::cli {

int ReportError(const std::string& command, const Status& status) {
  std::cerr << "tourney " << command << ": " << status.message() << "\n";
  switch (status.code()) {
    case StatusCode::kInvalidArgument:
    case StatusCode::kIoError:
    case StatusCode::kNotFound:
      return kExitBadInput;
    default:
      return kExitFailure;
  }
}

bool ParseFlagsOrExit(Flags& flags, int argc, char** argv, const std::string& command,
                      int* exit_code) {
  Status s = flags.Parse(argc, argv, 2);
  if (!s.ok()) {
    std::cerr << "tourney " << command << ": " << s.message() << "\n";
    *exit_code = kExitBadInput;
    return false;
  }
  if (flags.help_requested()) {
    std::cout << flags.Help();
    *exit_code = kExitOk;
    return false;
  }
  return true;
}

void AddInputFlags(Flags& flags) {
  flags.Add("input-format", "FMT", "auto",
            "input format: auto (XML when the text starts with '<', a battle log when it starts "
            "with '{' or '[' or has a left,right,winner header, else by the CSV header), wmt "
            "(Appraise ranking CSV, or WMT15/16 pairwise rows with a rankingID column), "
            "pairwise (system_a,system_b,outcome with outcome a, b or tie), xml (the "
            "Appraise XML export) or battles (Chatbot Arena JSON / JSONL, or left,right,winner "
            "CSV). With --protocol wmt-da, esa, mqm or pearmut: auto (by content), appraise-csv, "
            "wmt-da, google-mqm, pearmut-log, tourney-scores (campaign scoring-export) or wmt25-humeval "
            "(WMT25's wmt25-genmt-humeval.jsonl, human1/human2); mtme: an "
            "mt-metrics-eval folder (wmt23/ or the folder holding it) with --language-pair and "
            "--protocol mqm, da or esa (docs/cli.md); with --protocol cesa or wmt26: auto, cesa (a "
            "cESA export) or pearmut-log. Files may be gzip-compressed; '-' reads standard input (CSV and XML)");
  flags.AddBool("skip-invalid",
                "skip invalid rows with a warning instead of failing (summary on stderr)");
  flags.Add("language-pair", "P", "",
            "keep the rankings of one language pair (de-en, deu-eng or German-English); an "
            "input holding several pairs needs it");
  flags.Add("exclude-annotators", "LIST", "",
            "leave out the rankings of these annotators (comma-separated judge ids)");
  flags.Add("min-annotator-rankings", "N", "0", "leave out annotators with fewer than N rankings");
  flags.AddBool("expand-identical",
                "compare systems that share one output (joined ids) with each other as ties, "
                "as the organisers' WMT15/16 CSVs do (default: they are not compared)");
}

StatusOr<ReadOptions> ReadOptionsFromFlags(const Flags& flags) {
  ReadOptions options;
  options.skip_invalid = flags.GetBool("skip-invalid");
  options.expand_identical = flags.GetBool("expand-identical");
  const std::string fmt = flags.Get("input-format");
  if (fmt == "auto") {
    options.format = InputFormat::kAuto;
  } else if (fmt == "wmt") {
    options.format = InputFormat::kWmt;
  } else if (fmt == "pairwise") {
    options.format = InputFormat::kPairwise;
  } else if (fmt == "xml") {
    options.format = InputFormat::kAppraiseXml;
  } else if (fmt == "battles") {
    options.format = InputFormat::kAuto;  // battle logs are read by battle_input.cc
  } else {
    return InvalidArgument("option '--input-format': '" + fmt +
                           "' is not one of auto, wmt, pairwise, xml, battles");
  }
  const std::string pair = flags.Get("language-pair");
  if (pair == "all") {
    options.all_language_pairs = true;
  } else if (!pair.empty()) {
    auto key = ParseLanguagePair(pair);
    if (!key.ok()) return InvalidArgument("option '--language-pair': " + key.status().message());
    options.language_pair = *key;
  }
  return options;
}

namespace {

StatusOr<AnnotatorFilter> AnnotatorFilterFromFlags(const Flags& flags) {
  AnnotatorFilter filter;
  filter.exclude = SplitList(flags.Get("exclude-annotators"));
  auto min = flags.GetInt("min-annotator-rankings");
  if (!min.ok()) return min.status();
  if (*min < 0) {
    return InvalidArgument("option '--min-annotator-rankings': " + std::to_string(*min) +
                           " is negative");
  }
  filter.min_rankings = *min;
  return filter;
}

void PrintReadWarnings(const Judgments& judgments, const ReadReport& report) {
  if (judgments.skipped_invalid == 0) return;
  for (const std::string& w : report.warnings) std::cerr << "warning: " << w << "\n";
  if (judgments.skipped_invalid > static_cast<int64_t>(report.warnings.size())) {
    std::cerr << "warning: ... and "
              << judgments.skipped_invalid - static_cast<int64_t>(report.warnings.size())
              << " more\n";
  }
  // A ranking given as several WMT15/16 pairwise rows is skipped whole: all its rows count.
  std::cerr << "warning: skipped " << WithThousands(judgments.skipped_invalid)
            << (judgments.skipped_invalid == 1 ? " invalid row" : " invalid rows") << "; read "
            << WithThousands(static_cast<int64_t>(judgments.num_rankings()))
            << (judgments.num_rankings() == 1 ? " ranking\n" : " rankings\n");
}

// At most kMaxSystems systems (the models keep n x n tables).
Status CheckSystemLimit(const Judgments& judgments) {
  if (judgments.num_systems() <= kMaxSystems) return Status::Ok();
  return InvalidArgument("the input names " + std::to_string(judgments.num_systems()) +
                         " systems; at most " + std::to_string(kMaxSystems) +
                         " can be rated together");
}

StatusOr<Judgments> ApplyAnnotatorFilter(Judgments judgments, const AnnotatorFilter& filter) {
  if (filter.empty()) return judgments;
  AnnotatorFilterReport report;
  auto kept = FilterAnnotators(judgments, filter, &report);
  if (!kept.ok()) return kept.status();
  std::cerr << "note: left out " << report.removed_annotators << " annotators ("
            << report.removed_rankings << " rankings); kept " << report.kept_annotators << "\n";
  return kept;
}

}  // namespace

namespace {

// InvalidArgument when the readers dropped every ranking they found (README: a file without
// judgments is an error, never an empty leaderboard).
Status CheckSomethingKept(const Judgments& judgments) {
  if (judgments.comparisons().size() > 0) return Status::Ok();
  const int64_t dropped = judgments.dropped_blank + judgments.dropped_single;
  if (dropped == 0) return Status::Ok();
  std::string why;
  if (judgments.dropped_blank > 0) {
    why += WithThousands(judgments.dropped_blank) + " with a blank rank (-1)";
  }
  if (judgments.dropped_single > 0) {
    why += std::string(why.empty() ? "" : ", ") + WithThousands(judgments.dropped_single) +
           " naming fewer than two systems";
  }
  return InvalidArgument("no judgments: every ranking was dropped (" + why + ")");
}

}  // namespace

StatusOr<Judgments> LoadJudgments(const std::vector<std::string>& files, const Flags& flags) {
  if (files.empty()) return InvalidArgument("no input file given (see --help)");
  auto options = ReadOptionsFromFlags(flags);
  if (!options.ok()) return options.status();
  if (options->all_language_pairs) {
    return InvalidArgument("option '--language-pair': 'all' is not available here; name one pair");
  }
  auto filter = AnnotatorFilterFromFlags(flags);
  if (!filter.ok()) return filter.status();
  Judgments judgments;
  // Battle logs (battle_input.h) first, then every other file through the CSV / XML readers.
  std::vector<std::string> other_files;
  std::vector<std::string> battle_warnings;
  for (const std::string& file : files) {
    auto battles = IsBattleLogInput(file, flags);
    if (!battles.ok()) return battles.status();
    if (!*battles) {
      other_files.push_back(file);
    } else if (Status s = ReadBattleLogInput(file, flags, &judgments, &battle_warnings); !s.ok()) {
      return s;
    }
  }
  ReadReport report;
  if (!other_files.empty()) {
    Status s = ReadJudgmentFiles(other_files, *options, &judgments, &report);
    if (!s.ok() && options->language_pair.empty() && report.language_pairs.size() > 1) {
      return Status(s.code(), s.message() + " (name one with --language-pair P)");
    }
    if (!s.ok()) return s;
  }
  report.warnings.insert(report.warnings.begin(), battle_warnings.begin(), battle_warnings.end());
  if (Status kept = CheckSomethingKept(judgments); !kept.ok()) return kept;
  if (Status limit = CheckSystemLimit(judgments); !limit.ok()) return limit;
  PrintReadWarnings(judgments, report);
  return ApplyAnnotatorFilter(std::move(judgments), *filter);
}

StatusOr<std::vector<std::pair<std::string, Judgments>>> LoadJudgmentsByPair(
    const std::vector<std::string>& files, const Flags& flags) {
  if (files.empty()) return InvalidArgument("no input file given (see --help)");
  auto options = ReadOptionsFromFlags(flags);
  if (!options.ok()) return options.status();
  auto filter = AnnotatorFilterFromFlags(flags);
  if (!filter.ok()) return filter.status();
  options->all_language_pairs = true;
  Judgments all;
  ReadReport report;
  Status s = ReadJudgmentFiles(files, *options, &all, &report);
  if (!s.ok()) return s;
  if (Status kept = CheckSomethingKept(all); !kept.ok()) return kept;
  PrintReadWarnings(all, report);
  std::vector<std::pair<std::string, Judgments>> out;
  for (auto& [pair, judgments] : SplitByLanguagePair(all)) {
    if (Status limit = CheckSystemLimit(judgments); !limit.ok()) {
      return InvalidArgument((pair.empty() ? std::string("input") : pair) + ": " + limit.message());
    }
    auto kept = ApplyAnnotatorFilter(std::move(judgments), *filter);
    if (!kept.ok()) {
      return Status(kept.status().code(),
                    (pair.empty() ? std::string("input") : pair) + ": " + kept.status().message());
    }
    out.emplace_back(pair, std::move(*kept));
  }
  if (out.empty()) return InvalidArgument("the input holds no rankings");
  return out;
}

namespace {

// --model hopkins-may parameters (paper §2.2, §3.4).
void AddHopkinsMayFlags(Flags& flags) {
  const HopkinsMayOptions d;
  flags.Add("sampler", "S", "paper",
            "hopkins-may: paper (the §2.2 correct-and-average sampler) or exact (Gibbs "
            "sampling of the posterior with truncated-normal latents)");
  flags.Add("iterations", "N", std::to_string(d.iterations),
            "hopkins-may: iterations per chain, burn-in included (the first fit: doubled "
            "until converged, see --target-r-hat)");
  flags.Add("burn-in", "N", std::to_string(d.burn_in),
            "hopkins-may: iterations discarded before averaging (half of them when doubled)");
  flags.Add("sigma-a", "X", "0.5", "hopkins-may: translation-quality noise sigma_a");
  flags.Add("sigma-obs", "X", "1.0", "hopkins-may: annotator noise sigma_obs");
  flags.Add("radius", "D", "0.5", "hopkins-may: decision radius d (ties within +-D)");
  flags.Add("chains", "C", std::to_string(d.chains),
            "hopkins-may: independent chains (run in parallel, pooled; split-R-hat per system)");
  flags.Add("init-sd", "X", "1.0",
            "hopkins-may: initial means ~ N(0, X^2); large X starts chains far apart");
  flags.Add("prior-sd", "X", "10", "hopkins-may --sampler exact: prior mu_j ~ N(0, X^2)");
  flags.Add("target-r-hat", "X", "1.01",
            "hopkins-may: refit with doubled iterations until every split-R-hat is below X");
  // --max-iterations is shared with the pairwise models (pairwise_flags.cc), which declare
  // it with both models' defaults.
  flags.AddBool("paper",
                "hopkins-may: the paper's exact setting (§2.2: 1 chain, 200 iterations, 50 "
                "burn-in, no adaptation); explicit flags still apply on top");
}

StatusOr<HopkinsMayOptions> HopkinsMayOptionsFromFlags(const Flags& flags) {
  HopkinsMayOptions o = flags.GetBool("paper") ? PaperHopkinsMayOptions() : HopkinsMayOptions();
  auto sampler = ParseHopkinsMaySampler(flags.Get("sampler"));
  if (!sampler.ok()) return InvalidArgument("option '--sampler': " + sampler.status().message());
  o.sampler = *sampler;
  for (auto [name, field] :
       {std::pair{"iterations", &o.iterations}, std::pair{"burn-in", &o.burn_in},
        std::pair{"chains", &o.chains}, std::pair{"max-iterations", &o.max_iterations}}) {
    // Unset (or "auto"): the default of the setting chosen above.
    if (!flags.IsSet(name) || flags.Get(name) == "auto") continue;
    auto v = flags.GetInt(name);
    if (!v.ok()) return v.status();
    if (*v < 0 || *v > 100'000'000) {
      return InvalidArgument("option '--" + std::string(name) + "': " + std::to_string(*v) +
                             " is out of range");
    }
    *field = static_cast<int>(*v);
  }
  // Explicit iterations without an explicit cap: never adapt below what was asked for.
  if (flags.IsSet("iterations") &&
      (!flags.IsSet("max-iterations") || flags.Get("max-iterations") == "auto")) {
    o.max_iterations = std::max(o.max_iterations, o.iterations);
  }
  if (flags.IsSet("iterations") && !flags.IsSet("burn-in") && o.burn_in >= o.iterations) {
    o.burn_in = o.iterations / 2;
  }
  for (auto [name, field] :
       {std::pair{"sigma-a", &o.sigma_a}, std::pair{"sigma-obs", &o.sigma_obs},
        std::pair{"radius", &o.radius}, std::pair{"init-sd", &o.init_sd},
        std::pair{"prior-sd", &o.prior_sd}, std::pair{"target-r-hat", &o.target_r_hat}}) {
    auto v = flags.GetDouble(name);
    if (!v.ok()) return v.status();
    *field = *v;
  }
  if (Status s = ValidateHopkinsMayOptions(o); !s.ok()) return s;
  return o;
}

}  // namespace

void AddModelFlags(Flags& flags, const std::string& default_model) {
  flags.Add("model", "MODEL", default_model,
            "rating model: expected-wins (wins over decisive comparisons, averaged over the "
            "opponents met; Koehn 2012), expected-wins-wmt13 (WMT12/13 as published: the same "
            "ratios divided by all other systems, an opponent never met counts as a loss), "
            "expected-wins-ties (WMT11: (wins+ties)/all), hopkins-may "
            "(Hopkins & May 2013 Gibbs sampler, paper §2.2), trueskill (Gaussian mu/sigma "
            "per system, paper §2.3-2.4), or a pairwise model: bradley-terry (MLE, ties as "
            "half wins, Arena Elo scale, sandwich intervals), newman (BT with Davidson ties), "
            "rao-kupper (BT with Rao-Kupper ties), plackett-luce (k-way rankings whole), elo "
            "(online, Arena parameters), counting, average-win-rate, eigen, pagerank");
  AddModelParameterFlags(flags);
}

void AddModelParameterFlags(Flags& flags) {
  AddHopkinsMayFlags(flags);
  AddTrueSkillFlags(flags);
  AddPairwiseFlags(flags);
}

Status CheckModelNames(const std::vector<std::string>& names, const std::string& option) {
  for (const std::string& name : names) {
    if (name == "expected-wins" || name == "expected-wins-ties" ||
        name == "expected-wins-wmt13" || name == "hopkins-may" ||
        name == "trueskill" || IsPairwiseModelName(name)) {
      continue;
    }
    return InvalidArgument("option '--" + option + "': unknown model '" + name + "' (see --help)");
  }
  return Status::Ok();
}

StatusOr<std::unique_ptr<RatingModel>> MakeModelFromFlags(const Flags& flags,
                                                          size_t num_comparisons) {
  const std::string model = flags.Get("model");
  if (!IsRatingModelName(model)) {
    return InvalidArgument("option '--model': unknown model '" + model + "' (see --help)");
  }
  // The flags of the model asked for, into the options MakeRatingModel reads.
  RatingModelOptions options;
  if (model == "hopkins-may") {
    auto hopkins_may = HopkinsMayOptionsFromFlags(flags);
    if (!hopkins_may.ok()) return hopkins_may.status();
    options.hopkins_may = *hopkins_may;
  } else if (model == "trueskill") {
    auto trueskill = TrueSkillOptionsFromFlags(flags);
    if (!trueskill.ok()) return trueskill.status();
    options.trueskill = *trueskill;
  } else if (IsPairwiseModelName(model)) {
    auto pairwise = PairwiseOptionsFromFlags(flags);
    if (!pairwise.ok()) return pairwise.status();
    options.pairwise = *pairwise;
  }
  auto made = MakeRatingModel(model, options);
  if (!made.ok() && IsPairwiseModelName(model)) {
    return InvalidArgument("option '--model " + model + "': " + made.status().message());
  }
  return made;
}

std::vector<std::string> SplitList(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream ss(list);
  std::string item;
  while (std::getline(ss, item, ',')) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}


void MapComparisons(const Judgments& from, Judgments* registry, Comparisons* out) {
  const Comparisons& c = from.comparisons();
  out->Reserve(c.size());
  for (size_t i = 0; i < c.size(); ++i) {
    out->Add(registry->systems().Intern(from.systems().Name(c.first[i])),
             registry->systems().Intern(from.systems().Name(c.second[i])), c.outcome[i]);
  }
}

StatusOr<EvalModel> MakeEvalModel(const std::string& name, const Flags& flags) {
  EvalModel m;
  m.name = name;
  Flags model_flags = flags;
  model_flags.Set("model", name);
  // TrueSkill selects its own training data: a training size is its selection budget.
  const bool budget_from_size = name == "trueskill" && !flags.IsSet("budget");
  m.make = [model_flags, budget_from_size](size_t size) {
    Flags f = model_flags;
    if (budget_from_size) f.Set("budget", std::to_string(size));
    return MakeModelFromFlags(f, size);
  };
  if (name.rfind("expected-wins", 0) == 0 || IsPairwiseModelName(name)) {
    m.kind = PredictionKind::kWinnerOnly;
  } else if (name == "hopkins-may") {
    auto sigma_a = flags.GetDouble("sigma-a");
    if (!sigma_a.ok()) return sigma_a.status();
    m.kind = PredictionKind::kSharedVariance;
    m.shared_variance = *sigma_a * *sigma_a;
  } else {
    m.kind = PredictionKind::kPerSystemVariance;
  }
  return m;
}

Status CheckOutputFile(const std::string& option, const std::string& path) {
  if (path.empty()) return Status::Ok();
  const std::filesystem::path p(path);
  const std::filesystem::path dir = p.has_parent_path() ? p.parent_path() : ".";
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    return IoError("option '--" + option + "': directory '" + dir.string() +
                   "' does not exist (output directories are not created)");
  }
  if (std::filesystem::is_directory(p, ec)) {
    return IoError("option '--" + option + "': '" + path + "' is a directory");
  }
  return Status::Ok();
}

Status CheckOutputDirectory(const std::string& option, const std::string& dir) {
  std::error_code ec;
  if (dir.empty() || std::filesystem::is_directory(dir, ec)) return Status::Ok();
  if (std::filesystem::exists(dir, ec)) {
    return IoError("option '--" + option + "': '" + dir + "' exists and is not a directory");
  }
  return IoError("option '--" + option + "': directory '" + dir +
                 "' does not exist (output directories are not created)");
}

Status WriteFileAtomically(const std::string& path, const std::string& contents) {
  std::string temp = path + ".tmp-XXXXXX";
  const int fd = mkstemp(temp.data());
  if (fd < 0) return IoError(path + ": cannot create a file in its directory");
  const char* p = contents.data();
  size_t left = contents.size();
  bool ok = true;
  while (left > 0) {
    const ssize_t w = write(fd, p, left);
    if (w <= 0) {
      ok = false;
      break;
    }
    p += w;
    left -= static_cast<size_t>(w);
  }
  // mkstemp creates the file 0600; give it the mode a plain create would (0666 less umask).
  const mode_t mask = umask(0);
  umask(mask);
  ok &= fchmod(fd, 0666 & ~mask) == 0;
  ok &= close(fd) == 0;
  std::error_code ec;
  if (ok) std::filesystem::rename(temp, path, ec);
  if (!ok || ec) {
    std::filesystem::remove(temp, ec);
    return IoError(path + ": cannot write the file");
  }
  return Status::Ok();
}

Status WriteOutput(const std::string& path, const std::string& contents) {
  if (path != "-") return WriteFileAtomically(path, contents);
  std::cout << contents;
  return Status::Ok();
}

}  // namespace tourney::cli
