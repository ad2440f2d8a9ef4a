#include "common.h"

#include <iostream>

#include "tourney/csv_reader.h"
#include "tourney/expected_wins.h"
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

void AddModelFlags(Flags& flags, const std::string& default_model) {
  flags.Add("model", "MODEL", default_model,
            "rating model: expected-wins (WMT12/13: wins over decisive comparisons, averaged "
            "over opponents), expected-wins-ties (WMT11: (wins+ties)/all) or trueskill "
            "(Gaussian mu/sigma per system, paper §2.3-2.4)");
  AddTrueSkillFlags(flags);
}

StatusOr<std::unique_ptr<RatingModel>> MakeModelFromFlags(const Flags& flags,
                                                          size_t num_comparisons) {
  const std::string model = flags.Get("model");
  if (model == "expected-wins") return MakeExpectedWinsModel(ExpectedWinsVariant::kExcludeTies);
  if (model == "expected-wins-ties") {
    return MakeExpectedWinsModel(ExpectedWinsVariant::kIncludeTies);
  }
  if (model == "trueskill") return MakeTrueSkillModelFromFlags(flags);
  return InvalidArgument("option '--model': unknown model '" + model + "' (see --help)");
}

}  // namespace tourney::cli
