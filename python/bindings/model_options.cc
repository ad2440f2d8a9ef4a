#include "bindings/model_options.h"

#include <cmath>
#include <set>
#include <string>

#include "bindings/dataset.h"
#include "tourney/selection/match_selector.h"

namespace tourney::python {

namespace {

// Reads kwargs[name] into *out when present, and records the key as used.
class KwargReader {
 public:
  explicit KwargReader(const py::dict& kwargs) : kwargs_(kwargs) {}

  template <typename T>
  bool Get(const char* name, T* out) {
    used_.insert(name);
    if (!kwargs_.contains(name) || kwargs_[name].is_none()) return false;
    try {
      *out = kwargs_[name].cast<T>();
    } catch (const py::cast_error&) {
      throw py::type_error(std::string("option '") + name + "': wrong type");
    }
    return true;
  }

  // A TypeError for the first key no Get asked for.
  void CheckAllUsed(const std::string& model) const {
    for (auto item : kwargs_) {
      const std::string key = py::str(item.first);
      if (!used_.count(key)) {
        throw py::type_error("option '" + key + "' does not apply to model '" + model + "'");
      }
    }
  }

 private:
  const py::dict& kwargs_;
  std::set<std::string> used_;
};

Status Positive(const char* name, double v) {
  if (std::isfinite(v) && v > 0) return Status::Ok();
  return InvalidArgument(std::string("option '") + name + "': must be > 0");
}

void ReadPairwise(KwargReader& r, PairwiseModelOptions* o) {
  r.Get("tie_weight", &o->weights.tie);
  r.Get("bt_prior", &o->bradley_terry.prior);
  r.Get("interval_level", &o->interval_level);
  r.Get("v_init", &o->newman.v_init);
  r.Get("elo_k", &o->elo.k);
  r.Get("elo_initial", &o->elo.initial);
  r.Get("elo_scale", &o->elo.scale);
  r.Get("elo_base", &o->elo.base);
  r.Get("damping", &o->damping);
  double tolerance = 0;
  if (r.Get("tolerance", &tolerance)) {
    ThrowIfError(Positive("tolerance", tolerance));
    o->bradley_terry.tolerance = o->newman.tolerance = o->power.tolerance = tolerance;
  }
  int iterations = 0;
  if (r.Get("max_iterations", &iterations)) {
    if (iterations < 1 || iterations > 100'000'000) {
      throw StatusError(InvalidArgument("option 'max_iterations': " + std::to_string(iterations) +
                                        " is out of range 1..100000000"));
    }
    o->bradley_terry.max_iterations = o->newman.max_iterations = o->power.max_iterations =
        iterations;
  }
}

void ReadHopkinsMay(KwargReader& r, HopkinsMayOptions* o) {
  bool paper = false;
  if (r.Get("paper", &paper) && paper) *o = PaperHopkinsMayOptions();
  std::string sampler;
  if (r.Get("sampler", &sampler)) o->sampler = ValueOrThrow(ParseHopkinsMaySampler(sampler));
  const bool iterations = r.Get("iterations", &o->iterations);
  const bool burn_in = r.Get("burn_in", &o->burn_in);
  const bool max_iterations = r.Get("max_iterations", &o->max_iterations);
  // As the command line: explicit iterations are never adapted below, and a default burn-in
  // that no longer fits becomes half of them.
  if (iterations && !max_iterations) o->max_iterations = std::max(o->max_iterations, o->iterations);
  if (iterations && !burn_in && o->burn_in >= o->iterations) o->burn_in = o->iterations / 2;
  r.Get("chains", &o->chains);
  r.Get("sigma_a", &o->sigma_a);
  r.Get("sigma_obs", &o->sigma_obs);
  r.Get("radius", &o->radius);
  r.Get("init_sd", &o->init_sd);
  r.Get("prior_sd", &o->prior_sd);
  r.Get("target_r_hat", &o->target_r_hat);
}

void ReadTrueSkill(KwargReader& r, TrueSkillModelOptions* o) {
  using Selection = TrueSkillModelOptions::Selection;
  r.Get("mu", &o->mu);
  r.Get("sigma", &o->sigma);
  r.Get("tau", &o->tau);
  r.Get("draw_probability", &o->draw_probability);
  double v = 0;
  if (r.Get("beta", &v)) o->beta = v;
  if (r.Get("draw_margin", &v)) o->draw_margin = v;
  r.Get("budget", &o->budget);
  std::string selection;
  if (r.Get("selection", &selection)) {
    if (selection == "none") {
      o->selection = Selection::kNone;
    } else if (selection == "trueskill") {
      o->selection = Selection::kTrueSkill;
    } else if (selection == "uniform") {
      o->selection = Selection::kUniform;
    } else if (MakeMatchSelector(selection).ok()) {
      o->selection = Selection::kTrueSkill;
      o->selector = selection;
    } else {
      throw StatusError(InvalidArgument("option 'selection': '" + selection +
                                        "' is not none, trueskill, uniform or a match selector"));
    }
  }
  std::string mode;
  if (r.Get("mode", &mode)) {
    if (mode != "pairwise" && mode != "ffa") {
      throw StatusError(InvalidArgument("option 'mode': '" + mode + "' is not pairwise or ffa"));
    }
    o->mode = mode == "ffa" ? TrueSkillModelOptions::Mode::kFreeForAll
                            : TrueSkillModelOptions::Mode::kPairwise;
  }
}

}  // namespace

RatingModelOptions ModelOptionsFromKwargs(const std::string& model, const py::dict& kwargs) {
  if (!IsRatingModelName(model)) {
    std::string known;
    for (const std::string& name : RatingModelNames()) known += (known.empty() ? "" : ", ") + name;
    throw StatusError(InvalidArgument("unknown model '" + model + "' (one of " + known + ")"));
  }
  RatingModelOptions options;
  KwargReader reader(kwargs);
  if (model == "hopkins-may") {
    ReadHopkinsMay(reader, &options.hopkins_may);
  } else if (model == "trueskill") {
    ReadTrueSkill(reader, &options.trueskill);
  } else if (IsPairwiseModelName(model)) {
    ReadPairwise(reader, &options.pairwise);
  }
  reader.CheckAllUsed(model);
  return options;
}

}  // namespace tourney::python
