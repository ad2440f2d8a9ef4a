// tourney.nbest: n-best lists against weighted gold translations (`tourney nbest`,
// tourney/nbest/nbest_evaluation.h; Bremerman et al. 2020).
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "bindings/dataset.h"
#include "bindings/leaderboard.h"
#include "bindings/module.h"
#include "tourney/nbest/nbest_evaluation.h"

namespace tourney::python {

namespace {

py::object OptionalNumber(const std::optional<double>& v) {
  return v ? py::object(py::float_(*v)) : py::object(py::none());
}

// One row per system, the JSON's "systems" without the BLEU grid and the ablated lists.
py::dict NbestSystemColumns(const NbestEvaluation& e) {
  py::list system, map, f1, rho, r, preference_prompts, answered, unknown, dropped;
  for (const NbestSystem& s : e.systems) {
    system.append(s.name);
    map.append(s.map);
    f1.append(s.weighted_f1);
    rho.append(OptionalNumber(s.preference_rho));
    r.append(OptionalNumber(s.preference_r));
    preference_prompts.append(s.preference_prompts);
    answered.append(s.answered);
    unknown.append(s.unknown_prompts);
    dropped.append(s.dropped_duplicates);
  }
  py::dict d;
  d["system"] = system;
  d["map"] = map;
  d["weighted_f1"] = f1;
  d["preference_rho"] = rho;
  d["preference_r"] = r;
  d["preference_prompts"] = preference_prompts;
  d["answered"] = answered;
  d["unknown_prompts"] = unknown;
  d["dropped_duplicates"] = dropped;
  return d;
}

// x-best y-reference BLEU, one row per (system, depth, references); references 0 = all.
py::dict BleuColumns(const NbestEvaluation& e) {
  py::list system, depth, references, bleu;
  for (const NbestSystem& s : e.systems) {
    for (size_t x = 0; x < s.bleu.size(); ++x) {
      for (size_t y = 0; y < s.bleu[x].size(); ++y) {
        system.append(s.name);
        depth.append(e.options.bleu_depths[x]);
        references.append(e.options.bleu_references[y]);
        bleu.append(s.bleu[x][y]);
      }
    }
  }
  py::dict d;
  d["system"] = system;
  d["depth"] = depth;
  d["references"] = references;
  d["bleu"] = bleu;
  return d;
}

// Spearman's rho of each BLEU configuration's ranking with MAP's.
py::dict BleuMapColumns(const NbestEvaluation& e) {
  const auto rho = BleuMapSpearman(e);
  py::list depth, references, values;
  for (size_t x = 0; x < rho.size(); ++x) {
    for (size_t y = 0; y < rho[x].size(); ++y) {
      depth.append(e.options.bleu_depths[x]);
      references.append(e.options.bleu_references[y]);
      values.append(OptionalNumber(rho[x][y]));
    }
  }
  py::dict d;
  d["depth"] = depth;
  d["references"] = references;
  d["spearman_rho"] = values;
  return d;
}

// The gold ablation: one row per share removed (0 first: the full gold).
py::dict AblationColumns(const NbestEvaluation& e) {
  py::list removed, kept, rho, tau, pr, f1_rho, f1_tau, f1_pr;
  for (const NbestAblationPoint& p : e.ablation) {
    removed.append(p.removed);
    kept.append(p.gold_kept);
    rho.append(OptionalNumber(p.spearman_rho));
    tau.append(OptionalNumber(p.kendall_tau_b));
    pr.append(OptionalNumber(p.pearson_rank));
    f1_rho.append(OptionalNumber(p.f1_spearman_rho));
    f1_tau.append(OptionalNumber(p.f1_kendall_tau_b));
    f1_pr.append(OptionalNumber(p.f1_pearson_rank));
  }
  py::dict d;
  d["removed"] = removed;
  d["gold_kept"] = kept;
  d["spearman_rho"] = rho;
  d["kendall_tau_b"] = tau;
  d["pearson_rank"] = pr;
  d["f1_spearman_rho"] = f1_rho;
  d["f1_kendall_tau_b"] = f1_tau;
  d["f1_pearson_rank"] = f1_pr;
  return d;
}

// Each system's MAP and weighted F1 at each ablation share, one row per (system, share).
py::dict AblatedColumns(const NbestEvaluation& e) {
  py::list system, removed, map, f1;
  for (const NbestSystem& s : e.systems) {
    for (size_t l = 0; l < s.ablated_map.size(); ++l) {
      system.append(s.name);
      removed.append(e.options.ablation[l]);
      map.append(s.ablated_map[l]);
      f1.append(s.ablated_f1[l]);
    }
  }
  py::dict d;
  d["system"] = system;
  d["removed"] = removed;
  d["map"] = map;
  d["weighted_f1"] = f1;
  return d;
}

py::dict Nbest(const std::string& gold_path, const std::vector<std::string>& names,
               const std::vector<std::string>& paths, int f1_top, bool bleu,
               const std::vector<int>& depths, const std::vector<int>& references,
               const std::string& tokenize, const std::vector<double>& ablation, int bootstrap,
               double confidence, uint64_t seed, int threads) {
  if (paths.empty()) throw StatusError(InvalidArgument("name at least one n-best file"));
  if (f1_top < 0) throw StatusError(InvalidArgument("f1_top: must be >= 0"));
  if (bootstrap < 1 || bootstrap > 1000000) {
    throw StatusError(InvalidArgument("bootstrap: must be between 1 and 1000000"));
  }
  if (threads < 0 || threads > 4096) {
    throw StatusError(InvalidArgument("threads: must be between 0 and 4096"));
  }
  for (int x : depths) {
    if (x < 1) throw StatusError(InvalidArgument("bleu_depths: each a positive integer"));
  }
  for (int y : references) {
    if (y < 0) throw StatusError(InvalidArgument("bleu_references: each a count or 'all'"));
  }
  for (double x : ablation) {
    if (!(x >= 0.0 && x < 1.0)) throw StatusError(InvalidArgument("ablation: each in [0, 1)"));
  }
  NbestOptions options;
  options.f1_top = f1_top;
  options.bleu = bleu;
  options.bleu_depths = depths;
  options.bleu_references = references;
  options.tokenizer = ValueOrThrow(ParseBleuTokenizer(tokenize));
  options.ablation = ablation;
  options.bootstrap = bootstrap;
  options.confidence = confidence;
  options.seed = seed;
  options.threads = threads;
  std::optional<NbestEvaluation> evaluation;
  {
    py::gil_scoped_release release;
    StapleFile gold_file = ValueOrThrow(ReadStaple(gold_path, StapleKind::kGold));
    const std::unique_ptr<NbestGold> gold =
        ValueOrThrow(NbestGold::Build(std::move(gold_file), options));
    evaluation = ValueOrThrow(EvaluateNbest(*gold, names, paths));
  }
  const NbestEvaluation& e = *evaluation;
  py::dict summary;
  summary["prompts"] = e.prompts;
  summary["gold_translations"] = e.gold_translations;
  summary["f1_top"] = e.options.f1_top;
  summary["bleu_depths"] = e.options.bleu_depths;
  summary["bleu_references"] = e.options.bleu_references;
  py::dict out;
  out["systems"] = NbestSystemColumns(e);
  out["leaderboard"] = BoardToDict(e.leaderboard);
  out["bleu"] = BleuColumns(e);
  out["bleu_map_spearman"] = BleuMapColumns(e);
  out["ablation"] = AblationColumns(e);
  out["ablated"] = AblatedColumns(e);
  out["nbest"] = summary;
  return out;
}

}  // namespace

void RegisterNbest(py::module_& m) {
  m.def("nbest", &Nbest, py::arg("gold"), py::arg("names"), py::arg("paths"),
        py::arg("f1_top"), py::arg("bleu"), py::arg("bleu_depths"), py::arg("bleu_references"),
        py::arg("tokenize"), py::arg("ablation"), py::arg("bootstrap"), py::arg("confidence"),
        py::arg("seed"), py::arg("threads"));
}

}  // namespace tourney::python
