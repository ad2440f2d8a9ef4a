#include "common.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "tourney/csv_reader.h"
#include "tourney/expected_wins.h"
#include "tourney/hopkins_may.h"
#include "battle_input.h"
#include "pairwise_flags.h"
#include "tourney/pairwise_models.h"
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
            "(system_a,system_b,outcome with outcome a, b or tie) or battles (Chatbot Arena "
            "JSON / JSONL, or left,right,winner CSV; auto recognises them)");
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
  } else if (fmt != "battles") {
    return InvalidArgument("option '--input-format': '" + fmt +
                           "' is not one of auto, wmt, pairwise, battles");
  }
  Judgments judgments;
  std::vector<std::string> warnings;
  for (const std::string& file : files) {
    auto battles = IsBattleLogInput(file, flags);
    if (!battles.ok()) return battles.status();
    if (*battles) {
      if (Status s = ReadBattleLogInput(file, flags, &judgments, &warnings); !s.ok()) return s;
      continue;
    }
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
  if (IsPairwiseModelName(model)) return MakePairwiseModelFromFlags(model, flags);
  return InvalidArgument("option '--model': unknown model '" + model + "' (see --help)");
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

std::string JsonQuote(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\u%04x", static_cast<unsigned>(c));
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
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

}  // namespace tourney::cli
