// tourney eval: held-out accuracy and perplexity of each model over training sizes
// (the paper's Table 2).
#include <cstdio>
#include <iostream>
#include <sstream>

#include "commands.h"
#include "common.h"
#include "progress_bar.h"
#include "render/text_format.h"
#include "tourney/core/random.h"
#include "tourney/statistics/evaluation.h"

namespace tourney::cli {
namespace {

// Loads `file` and maps its comparisons into `registry`'s ids (train, dev and test share ids).
Status LoadInto(const std::string& file, const Flags& flags, Judgments* registry,
                Comparisons* out) {
  auto j = LoadJudgments({file}, flags);
  if (!j.ok()) return j.status();
  MapComparisons(*j, registry, out);
  return Status::Ok();
}

void PrintTable(const EvalReport& r, const std::vector<std::string>& models,
                const std::vector<size_t>& sizes) {
  for (const bool ppl : {false, true}) {
    std::cout << (ppl ? "\nPerplexity (radius tuned by perplexity; lower is better)\n"
                      : "Accuracy (radius tuned by accuracy), mean ± sd over repeats\n");
    std::printf("%10s", "train size");
    for (const auto& m : models) std::printf("  %20s", m.c_str());
    std::printf("\n");
    for (size_t s = 0; s < sizes.size(); ++s) {
      std::printf("%10zu", sizes[s]);
      for (size_t m = 0; m < models.size(); ++m) {
        const EvalRow& row = r.rows[m * sizes.size() + s];
        std::string cell;
        if (ppl && row.perplexity == 0.0) {
          cell = "n/a";
        } else {
          cell = ppl ? TableNumber(row.perplexity, 3) + " ± " + TableNumber(row.perplexity_sd, 3)
                     : Fixed(row.accuracy, 3) + " ± " + Fixed(row.accuracy_sd, 3);
        }
        std::printf("  %20s", cell.c_str());
      }
      std::printf("\n");
    }
  }
  std::cout << "\nUpper bound (most frequent outcome per pair on test): " << Fixed(r.upper_bound, 3)
            << "\n";
  std::fflush(stdout);
}

void PrintJson(const EvalReport& r) {
  std::cout << "{\n  \"results\": [\n";
  for (size_t i = 0; i < r.rows.size(); ++i) {
    const EvalRow& row = r.rows[i];
    std::cout << "    {\"model\": " << JsonQuote(row.model)
              << ", \"train_size\": " << row.train_size
              << ", \"accuracy\": " << JsonNumber(row.accuracy) << ", \"accuracy_sd\": "
              << JsonNumber(row.accuracy_sd)
              // Perplexity does not apply to winner-only models (the table's n/a): null.
              << ", \"perplexity\": "
              << (row.perplexity == 0.0 ? std::string("null") : JsonNumber(row.perplexity))
              << ", \"perplexity_sd\": "
              << (row.perplexity == 0.0 ? std::string("null") : JsonNumber(row.perplexity_sd))
              << ", \"radius\": " << row.radius
              << ", \"radius_perplexity\": " << row.radius_perplexity << "}"
              << (i + 1 < r.rows.size() ? ",\n" : "\n");
  }
  std::cout << "  ],\n  \"upper_bound\": " << JsonNumber(r.upper_bound) << "\n}\n";
}

}  // namespace

int RunEval(int argc, char** argv) {
  Flags flags(
      "tourney eval --train F --test F [--dev F] [--models M1,M2] [--sizes N1,N2] [options]",
      "Trains each model on random subsets of the training comparisons (TrueSkill selects\n"
      "its own, with replacement, as in the paper §3.1), tunes the decision radius on the dev\n"
      "set, and reports held-out accuracy and perplexity, mean and sd over repeats (the\n"
      "paper's Table 2). Without --dev, 2,000 training comparisons (or 20% if fewer than\n"
      "10,000) are held out as the dev set.");
  flags.Add("train", "FILE", "", "training judgments (WMT or pairwise CSV)");
  flags.Add("test", "FILE", "", "held-out test judgments");
  flags.Add("dev", "FILE", "", "dev judgments for radius tuning (default: split from train)");
  flags.Add("models", "LIST", "expected-wins,hopkins-may,trueskill",
            "comma-separated models to evaluate");
  flags.Add("sizes", "LIST", "400,800,1600,3200,6400", "training sizes (pairwise comparisons)");
  flags.Add("repeats", "K", "10", "repeats per size");
  flags.Add("seed", "S", "1", "random seed");
  flags.Add("threads", "T", "0", "worker threads (0: all cores)");
  flags.Add("format", "F", "table", "output: table or json");
  AddProgressFlag(flags);
  AddModelParameterFlags(flags);
  AddInputFlags(flags);
  flags.AddExample(
      "tourney eval --train train.csv --test test.csv",
      "the paper's Table 2: accuracy and perplexity of each model at 400..6,400 comparisons");
  flags.AddExample(
      "tourney eval --train train.csv --test test.csv --models bradley-terry,trueskill --format "
      "json",
      "two models, as JSON");
  int code = 0;
  if (!ParseFlagsOrExit(flags, argc, argv, "eval", &code)) return code;
  auto fail = [](const Status& s) { return ReportError("eval", s); };

  if (flags.Get("train").empty()) return fail(InvalidArgument("--train is required"));
  if (flags.Get("test").empty()) return fail(InvalidArgument("--test is required"));
  const std::string format = flags.Get("format");
  if (format != "table" && format != "json") {
    return fail(InvalidArgument("option '--format': '" + format + "' is not table or json"));
  }
  auto repeats = flags.GetInt("repeats");
  auto seed = flags.GetUint("seed");
  auto threads = flags.GetInt("threads");
  for (const Status* s : {&repeats.status(), &seed.status(), &threads.status()}) {
    if (!s->ok()) return fail(*s);
  }
  if (*repeats < 1 || *repeats > 100000)
    return fail(InvalidArgument("--repeats must be in 1..100000"));

  EvalOptions options;
  options.repeats = static_cast<int>(*repeats);
  options.seed = *seed;
  options.threads = static_cast<int>(std::clamp<int64_t>(*threads, 0, 256));
  options.sizes.clear();
  for (const std::string& s : SplitList(flags.Get("sizes"))) {
    char* end = nullptr;
    const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
    if (end != s.c_str() + s.size() || v == 0) {
      return fail(InvalidArgument("option '--sizes': '" + s + "' is not a positive integer"));
    }
    options.sizes.push_back(static_cast<size_t>(v));
  }

  Judgments registry;
  Comparisons train, dev, test;
  for (auto [file, out] :
       {std::pair{flags.Get("train"), &train}, std::pair{flags.Get("test"), &test}}) {
    Status s = LoadInto(file, flags, &registry, out);
    if (!s.ok()) return fail(s);
  }
  if (!flags.Get("dev").empty()) {
    Status s = LoadInto(flags.Get("dev"), flags, &registry, &dev);
    if (!s.ok()) return fail(s);
  } else {
    Comparisons rest;
    const size_t held = train.size() >= 10000 ? 2000 : train.size() / 5;
    SplitComparisons(train, std::max<size_t>(held, 1), DeriveSeed(*seed, 999), &rest, &dev);
    train = std::move(rest);
  }

  const std::vector<std::string> names = SplitList(flags.Get("models"));
  if (names.empty()) return fail(InvalidArgument("--models is empty"));
  if (Status s = CheckModelNames(names, "models"); !s.ok()) return fail(s);
  std::vector<EvalModel> models;
  for (const std::string& name : names) {
    auto m = MakeEvalModel(name, flags);
    if (!m.ok()) return fail(m.status());
    auto probe = m->make(options.sizes[0]);
    if (!probe.ok()) return fail(probe.status());
    models.push_back(std::move(*m));
  }

  auto progress = ProgressModeFromFlags(flags);
  if (!progress.ok()) return fail(progress.status());
  ProgressBar bar(*progress, "");
  bar.StartTicker("evaluating");
  auto report = RunEvaluation(registry.num_systems(), train, dev, test, models, options);
  bar.Clear();
  if (!report.ok()) return fail(report.status());
  if (format == "json") {
    PrintJson(*report);
  } else {
    std::cout << "Held-out evaluation: " << WithThousands(static_cast<int64_t>(train.size()))
              << " training, " << WithThousands(static_cast<int64_t>(dev.size())) << " dev, "
              << WithThousands(static_cast<int64_t>(test.size())) << " test comparisons; "
              << WithThousands(options.repeats) << " repeats, seed " << options.seed << "\n\n";
    PrintTable(*report, names, options.sizes);
  }
  return kExitOk;
}

}  // namespace tourney::cli
