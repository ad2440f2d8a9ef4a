#include "common.h"

#include <iostream>

#include "tourney/csv_reader.h"
#include "tourney/expected_wins.h"
#include "tourney/hopkins_may.h"
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
            "input format: auto (by header), wmt (Appraise ranking CSV) or pairwise "
            "(system_a,system_b,outcome with outcome a, b or tie)");
  flags.AddBool("skip-invalid",
                "skip invalid rows with a warning instead of failing (summary on stderr)");
}

StatusOr<Judgments> LoadJudgments(const std::vector<std::string>& files, const Flags& flags) {
  if (files.empty()) return InvalidArgument("no input file given (see --help)");
  ReadOptions options;
  options.skip_invalid = flags.GetBool("skip-invalid");
  const std::string fmt = flags.Get("input-format");
  if (fmt == "auto") {
    options.format = InputFormat::kAuto;
  } else if (fmt == "wmt") {
    options.format = InputFormat::kWmt;
  } else if (fmt == "pairwise") {
    options.format = InputFormat::kPairwise;
  } else {
    return InvalidArgument("option '--input-format': '" + fmt +
                           "' is not one of auto, wmt, pairwise");
  }
  Judgments judgments;
  std::vector<std::string> warnings;
  for (const std::string& file : files) {
    ReadReport report;
    Status s = ReadJudgmentsFile(file, options, &judgments, &report);
    if (!s.ok()) return s;
    warnings.insert(warnings.end(), report.warnings.begin(), report.warnings.end());
  }
  if (judgments.skipped_invalid > 0) {
    for (const std::string& w : warnings) std::cerr << "warning: " << w << "\n";
    if (judgments.skipped_invalid > static_cast<int64_t>(warnings.size())) {
      std::cerr << "warning: ... and "
                << judgments.skipped_invalid - static_cast<int64_t>(warnings.size())
                << " more\n";
    }
    std::cerr << "warning: skipped " << judgments.skipped_invalid
              << " invalid rows; read " << judgments.num_rankings() << " rankings\n";
  }
  return judgments;
}

namespace {

// --model hopkins-may parameters (paper §2.2, §3.4).
void AddHopkinsMayFlags(Flags& flags) {
  flags.Add("sampler", "S", "paper",
            "hopkins-may: paper (the §2.2 correct-and-average sampler) or exact (Gibbs "
            "sampling of the posterior with truncated-normal latents)");
  flags.Add("iterations", "N", "200", "hopkins-may: iterations per chain, burn-in included");
  flags.Add("burn-in", "N", "50", "hopkins-may: iterations discarded before averaging");
  flags.Add("sigma-a", "X", "0.5", "hopkins-may: translation-quality noise sigma_a");
  flags.Add("sigma-obs", "X", "1.0", "hopkins-may: annotator noise sigma_obs");
  flags.Add("radius", "D", "0.5", "hopkins-may: decision radius d (ties within +-D)");
  flags.Add("chains", "C", "1",
            "hopkins-may: independent chains (run in parallel, pooled; split-R-hat per system)");
  flags.Add("init-sd", "X", "1.0",
            "hopkins-may: initial means ~ N(0, X^2); large X starts chains far apart");
  flags.Add("prior-sd", "X", "10",
            "hopkins-may --sampler exact: prior mu_j ~ N(0, X^2)");
}

StatusOr<HopkinsMayOptions> HopkinsMayOptionsFromFlags(const Flags& flags) {
  HopkinsMayOptions o;
  auto sampler = ParseHopkinsMaySampler(flags.Get("sampler"));
  if (!sampler.ok()) return InvalidArgument("option '--sampler': " + sampler.status().message());
  o.sampler = *sampler;
  for (auto [name, field] : {std::pair{"iterations", &o.iterations},
                             std::pair{"burn-in", &o.burn_in}, std::pair{"chains", &o.chains}}) {
    auto v = flags.GetInt(name);
    if (!v.ok()) return v.status();
    if (*v < 0 || *v > 100'000'000) {
      return InvalidArgument("option '--" + std::string(name) + "': " + std::to_string(*v) +
                             " is out of range");
    }
    *field = static_cast<int>(*v);
  }
  for (auto [name, field] :
       {std::pair{"sigma-a", &o.sigma_a}, std::pair{"sigma-obs", &o.sigma_obs},
        std::pair{"radius", &o.radius}, std::pair{"init-sd", &o.init_sd},
        std::pair{"prior-sd", &o.prior_sd}}) {
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
            "rating model: expected-wins (WMT12/13: wins over decisive comparisons, averaged "
            "over opponents), expected-wins-ties (WMT11: (wins+ties)/all), hopkins-may "
            "(Hopkins & May 2013 Gibbs sampler, paper §2.2) or trueskill (Gaussian mu/sigma "
            "per system, paper §2.3-2.4)");
  AddModelParameterFlags(flags);
}

void AddModelParameterFlags(Flags& flags) {
  AddHopkinsMayFlags(flags);
  AddTrueSkillFlags(flags);
}

StatusOr<std::unique_ptr<RatingModel>> MakeModelFromFlags(const Flags& flags,
                                                          size_t num_comparisons) {
  const std::string model = flags.Get("model");
  if (model == "expected-wins") return MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  if (model == "expected-wins-ties") {
    return MakeExpectedWinsModel(ExpectedWinsVariant::kIncludeTies);
  }
  if (model == "hopkins-may") {
    auto options = HopkinsMayOptionsFromFlags(flags);
    if (!options.ok()) return options.status();
    return MakeHopkinsMayModel(*options);
  }
  if (model == "trueskill") return MakeTrueSkillModelFromFlags(flags);
  return InvalidArgument("option '--model': unknown model '" + model + "' (see --help)");
}

}  // namespace tourney::cli
