// Scored screens: k outputs of one segment shown together and each scored by one annotator
// (WMT26's contrastive ESA, "cESA": k = 3, ESA spans and a 0-100 score per output), the
// input of tourney's contrastive board (tourney/sequential/contrastive_board.h) and of
// WMT26's rule (tourney/protocols/wmt26_rule.h); readers in tourney/ingest/cesa_log_reader.h.
//
// A ContrastiveScreens holds screens in the order they were submitted. A screen is one
// annotator's answers to one segment (a document screen contributes one screen per segment,
// sharing its screen id) for k >= 2 distinct systems in display order, each with a score and
// optionally its error-span count, plus the probability with which the assignment chose
// that subset (optional, -1 when unknown).
// Thread safety: plain values.
#ifndef TOURNEY_CORE_CONTRASTIVE_SCREENS_H_
#define TOURNEY_CORE_CONTRASTIVE_SCREENS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tourney/core/status.h"

namespace tourney {

// One output's answer on a screen.
struct ScreenAnswer {
  int32_t system = 0;  // index into ContrastiveScreens::systems
  double score = 0.0;
  int32_t spans = 0;   // error spans marked (0 when the protocol has none)
};

struct ContrastiveScreen {
  std::string screen_id;
  int32_t annotator = 0;  // index into ContrastiveScreens::annotators
  int32_t segment = 0;    // index into ContrastiveScreens::segments
  int32_t document = -1;  // index into ContrastiveScreens::documents; -1 when none
  std::vector<ScreenAnswer> answers;  // display order; distinct systems, size >= 2
  double selection_probability = -1.0;  // of this subset; -1 when not recorded
};

struct ContrastiveScreens {
  std::vector<std::string> systems;
  std::vector<std::string> annotators;
  std::vector<std::string> segments;
  std::vector<std::string> documents;
  std::vector<ContrastiveScreen> screens;  // submission order
  double score_min = 0.0;  // the score scale (ESA: 0-100)
  double score_max = 100.0;
  std::vector<std::string> warnings;
};

// OK when every screen has >= 2 answers of distinct, in-range systems with finite scores
// inside [score_min, score_max], in-range annotator and segment indices and a selection
// probability that is -1 or in (0, 1]; InvalidArgument naming the screen otherwise.
Status CheckContrastiveScreens(const ContrastiveScreens& screens);

}  // namespace tourney

#endif  // TOURNEY_CORE_CONTRASTIVE_SCREENS_H_
