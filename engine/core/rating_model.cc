#include "tourney/core/rating_model.h"

#include <cmath>

namespace tourney {

Status CheckRatingResult(const RatingModel& model, const RatingResult& result, int num_systems,
                         const std::vector<std::string>* system_names) {
  if (result.ratings.size() != static_cast<size_t>(num_systems)) {
    return Internal("model '" + model.name() + "' returned " +
                    std::to_string(result.ratings.size()) + " ratings for " +
                    std::to_string(num_systems) + " systems");
  }
  for (size_t s = 0; s < result.ratings.size(); ++s) {
    const SystemRating& r = result.ratings[s];
    const char* field = !std::isfinite(r.score)      ? "score"
                        : !std::isfinite(r.mu)       ? "mu"
                        : !std::isfinite(r.sigma)    ? "sigma"
                        : !std::isfinite(r.r_hat)    ? "r_hat"
                        : !std::isfinite(r.score_lo) ? "score_lo"
                        : !std::isfinite(r.score_hi) ? "score_hi"
                                                     : nullptr;
    if (field == nullptr) continue;
    const std::string system = system_names != nullptr && s < system_names->size()
                                   ? "'" + (*system_names)[s] + "'"
                                   : std::to_string(s);
    return Internal("model '" + model.name() + "' returned a non-finite " + field + " for system " +
                    system + " (the parameters or the input are outside what it can compute)");
  }
  return Status::Ok();
}

StatusOr<RatingResult> RateChecked(const RatingModel& model, const RatingInput& input,
                                   uint64_t seed) {
  StatusOr<RatingResult> result = model.Rate(input, seed);
  if (!result.ok()) return result;
  const std::vector<std::string>* names = input.system_names;
  if (names == nullptr && input.judgments != nullptr) names = &input.judgments->systems().names();
  if (Status s = CheckRatingResult(model, *result, input.num_systems, names); !s.ok()) return s;
  return result;
}

}  // namespace tourney
