// CheckBattleLogCovariates: the names a battle log's covariates may not take.
#include "tourney/ingest/battle_log_reader.h"

namespace tourney {

Status CheckBattleLogCovariates(const std::vector<std::string>& covariates) {
  for (size_t k = 0; k < covariates.size(); ++k) {
    const std::string& c = covariates[k];
    for (const char* field :
         {"model_a", "model_b", "left", "right", "winner", "judge", "annotator", "worker"}) {
      if (c == field) {
        return InvalidArgument("covariate '" + c +
                               "' is a field of every battle (the systems, the winner or the "
                               "judge), not a numeric covariate");
      }
    }
    for (size_t j = 0; j < k; ++j) {
      if (covariates[j] == c) return InvalidArgument("covariate '" + c + "' is named twice");
    }
  }
  return Status::Ok();
}

}  // namespace tourney
