// Scored screens (tourney/core/contrastive_screens.h): the checks on malformed screens.
#include "tourney/core/contrastive_screens.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace tourney {
namespace {

ContrastiveScreens TwoSystems(const std::vector<std::pair<double, double>>& scores) {
  ContrastiveScreens s;
  s.systems = {"A", "B"};
  s.annotators = {"u1", "u2"};
  for (size_t i = 0; i < scores.size(); ++i) {
    s.segments.push_back("g" + std::to_string(i));
    ContrastiveScreen screen;
    screen.screen_id = "s" + std::to_string(i);
    screen.annotator = static_cast<int32_t>(i % 2);
    screen.segment = static_cast<int32_t>(i);
    screen.answers = {{1, scores[i].second, 0}, {0, scores[i].first, 0}};  // B shown first
    s.screens.push_back(screen);
  }
  return s;
}

TEST(ContrastiveScreens, RefusesMalformedScreens) {
  ContrastiveScreens s = TwoSystems({{50, 48}});
  s.screens[0].answers[1].system = 1;  // B twice
  EXPECT_NE(CheckContrastiveScreens(s).message().find("answered twice"), std::string::npos);
  s = TwoSystems({{50, 48}});
  s.screens[0].answers.pop_back();
  EXPECT_NE(CheckContrastiveScreens(s).message().find("fewer than 2"), std::string::npos);
  s = TwoSystems({{50, 148}});
  EXPECT_NE(CheckContrastiveScreens(s).message().find("outside the scale"), std::string::npos);
  s = TwoSystems({{50, 48}});
  s.screens[0].selection_probability = 1.5;
  EXPECT_NE(CheckContrastiveScreens(s).message().find("selection probability"),
            std::string::npos);
}

}  // namespace
}  // namespace tourney
