// Scored screens (see tourney/core/contrastive_screens.h).
#include "tourney/core/contrastive_screens.h"

#include <cmath>
#include <string>

namespace tourney {
namespace contrastive_screen_detail {

Status ScreenError(const ContrastiveScreen& screen, size_t index, const std::string& what) {
  return InvalidArgument("screen " + std::to_string(index + 1) + " ('" + screen.screen_id +
                         "'): " + what);
}

}  // namespace contrastive_screen_detail

Status CheckContrastiveScreens(const ContrastiveScreens& screens) {
  using contrastive_screen_detail::ScreenError;
  if (!(screens.score_max > screens.score_min)) {
    return InvalidArgument("scored screens: the score range must have max > min");
  }
  const int n = static_cast<int>(screens.systems.size());
  for (size_t i = 0; i < screens.screens.size(); ++i) {
    const ContrastiveScreen& screen = screens.screens[i];
    if (screen.answers.size() < 2) return ScreenError(screen, i, "fewer than 2 answers");
    if (screen.annotator < 0 || screen.annotator >= static_cast<int>(screens.annotators.size())) {
      return ScreenError(screen, i, "annotator index out of range");
    }
    if (screen.segment < 0 || screen.segment >= static_cast<int>(screens.segments.size())) {
      return ScreenError(screen, i, "segment index out of range");
    }
    if (screen.document >= static_cast<int>(screens.documents.size()) || screen.document < -1) {
      return ScreenError(screen, i, "document index out of range");
    }
    if (!(screen.selection_probability == -1.0 ||
          (screen.selection_probability > 0.0 && screen.selection_probability <= 1.0))) {
      return ScreenError(screen, i, "selection probability must be in (0, 1]");
    }
    for (size_t a = 0; a < screen.answers.size(); ++a) {
      const ScreenAnswer& answer = screen.answers[a];
      if (answer.system < 0 || answer.system >= n) {
        return ScreenError(screen, i, "answer " + std::to_string(a + 1) + ": system out of range");
      }
      if (!std::isfinite(answer.score) || answer.score < screens.score_min ||
          answer.score > screens.score_max) {
        return ScreenError(screen, i, "answer " + std::to_string(a + 1) + " (" +
                                          screens.systems[answer.system] +
                                          "): score outside the scale");
      }
      for (size_t b = 0; b < a; ++b) {
        if (screen.answers[b].system == answer.system) {
          return ScreenError(screen, i, "system '" + screens.systems[answer.system] +
                                            "' answered twice");
        }
      }
    }
  }
  return Status::Ok();
}

}  // namespace tourney
