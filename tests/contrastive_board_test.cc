// tourney's board of scored screens (tourney/sequential/contrastive_board.h): means, the
// paired t-test and the soft Bradley-Terry view against hand values, the anytime separations
// and clusters on clear and tied cases.
#include "tourney/sequential/contrastive_board.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
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

TEST(ContrastiveBoard, MeansPairedTestAndSoftBradleyTerryByHand) {
  // Differences A - B = 2, 4, 6, 8: mean 5, sd sqrt(20/3), t = 3.87298 with 3 df; the
  // closed form of Student's t with 3 df gives two-sided p = 0.0304663.
  const ContrastiveScreens s = TwoSystems({{50, 48}, {60, 56}, {70, 64}, {80, 72}});
  auto board = ScoreContrastiveScreens(s);
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_DOUBLE_EQ(board->systems[0].mean, 65.0);
  EXPECT_DOUBLE_EQ(board->systems[1].mean, 60.0);
  EXPECT_EQ(board->systems[0].answers, 4);
  ASSERT_EQ(board->pairs.size(), 1u);
  EXPECT_EQ(board->pairs[0].screens, 4);
  EXPECT_DOUBLE_EQ(board->pairs[0].mean_difference, 5.0);
  EXPECT_NEAR(board->pairs[0].p_value, 0.030466291662170963, 1e-9);
  EXPECT_NEAR(board->pairs[0].p_holm, 0.030466291662170963, 1e-9);  // one pair
  EXPECT_EQ(board->pairs[0].holm_winner, 0);
  // Soft wins: A gets sum(1/2 + d/200) = 2.1, B 1.9; two systems: theta_A = log(2.1/1.9)/2.
  EXPECT_NEAR(board->systems[0].bt_theta, 0.5 * std::log(2.1 / 1.9), 1e-8);
  EXPECT_NEAR(board->systems[1].bt_theta, -0.5 * std::log(2.1 / 1.9), 1e-8);
  // Four screens are below min_screens (20): no anytime separation, one cluster.
  EXPECT_EQ(board->pairs[0].anytime_winner, -1);
  EXPECT_EQ(board->num_clusters, 1);
  EXPECT_EQ(board->num_holm_clusters, 2);
  EXPECT_LE(board->pairs[0].anytime_lo, 5.0);
  EXPECT_GE(board->pairs[0].anytime_hi, 5.0);
}

TEST(ContrastiveBoard, AnytimeSeparatesAClearGapAndNotATie) {
  // A beats B by 30 points on 150 screens; B and C tie (differences +-10 alternating). The
  // sequences bet at most 1/2 a step on a scale of 200 points: a 30-point gap needs > 64.
  ContrastiveScreens s;
  s.systems = {"A", "B", "C"};
  s.annotators = {"u"};
  for (int i = 0; i < 150; ++i) {
    s.segments.push_back("g" + std::to_string(i));
    ContrastiveScreen screen;
    screen.screen_id = "s" + std::to_string(i);
    screen.segment = i;
    const double b = 50.0 + (i % 3);
    screen.answers = {{0, b + 30.0 + (i % 2 == 0 ? 5.0 : -5.0), 0},
                      {1, b, 0},
                      {2, b + (i % 2 == 0 ? 10.0 : -10.0), 0}};
    s.screens.push_back(screen);
  }
  auto board = ScoreContrastiveScreens(s);
  ASSERT_TRUE(board.ok()) << board.status().message();
  ASSERT_EQ(board->pairs.size(), 3u);  // (A,B), (A,C), (B,C)
  EXPECT_EQ(board->pairs[0].anytime_winner, 0);
  EXPECT_EQ(board->pairs[1].anytime_winner, 0);
  EXPECT_EQ(board->pairs[2].anytime_winner, -1);
  EXPECT_DOUBLE_EQ(board->pairs[2].mean_difference, 0.0);
  EXPECT_EQ(board->cluster[0], 1);
  EXPECT_EQ(board->cluster[1], 2);
  EXPECT_EQ(board->cluster[2], 2);
  EXPECT_EQ(board->num_clusters, 2);
  EXPECT_LT(board->pairs[0].anytime_lo, 30.0);
  EXPECT_GT(board->pairs[0].anytime_hi, 30.0);
  // A's differences have sd 5.0167 (150 values of 25 and 35): the asymptotic radius at
  // alpha / 3 (first step, 3 pairs open), tuned for 500, by hand:
  //   rho^2 = (l + log(l + 1)) / 500, l = -2 log(0.05 / 3) = 8.18868,
  //   radius = sd sqrt(2 (150 rho^2 + 1) / (150^2 rho^2) log(sqrt(150 rho^2 + 1) / (0.05/3))).
  const double l = -2.0 * std::log(0.05 / 3.0);
  const double rho2 = (l + std::log(l + 1.0)) / 500.0;
  const double sd = std::sqrt(25.0 * 150.0 / 149.0);
  const double radius = sd * std::sqrt(2.0 * (150.0 * rho2 + 1.0) / (22500.0 * rho2) *
                                       std::log(std::sqrt(150.0 * rho2 + 1.0) / (0.05 / 3.0)));
  EXPECT_NEAR(board->pairs[0].anytime_hi - 30.0, radius, 1e-9);
  // The exact (betting) sequences separate the 30-point gap on 150 screens too, not the tie.
  auto exact = ScoreContrastiveScreens(s, {.exact = true});
  ASSERT_TRUE(exact.ok());
  EXPECT_EQ(exact->pairs[0].anytime_winner, 0);
  EXPECT_EQ(exact->pairs[2].anytime_winner, -1);
  EXPECT_GT(exact->pairs[0].anytime_hi - exact->pairs[0].anytime_lo,
            board->pairs[0].anytime_hi - board->pairs[0].anytime_lo);
}

TEST(ContrastiveBoard, RefusesBadOptionsAndScreens) {
  ContrastiveScreens s = TwoSystems({{50, 48}});
  EXPECT_FALSE(ScoreContrastiveScreens(s, {.alpha = 1.0}).ok());
  s.screens[0].answers.pop_back();
  EXPECT_FALSE(ScoreContrastiveScreens(s).ok());
}

TEST(ContrastiveBoard, ADocumentScreensSegmentsAreOneObservation) {
  // Screen "doc" by u1 shows two segments (differences A - B = 2 and 6), then screen "x" by
  // u2 one segment (difference 10), then "doc" again by u2 (another annotator's screen of the
  // same id: a group of its own) with difference 4. Groups: {2, 6} -> 4, {10}, {4}: three
  // observations, mean 6, while the per-system means count every answer.
  ContrastiveScreens s;
  s.systems = {"A", "B"};
  s.annotators = {"u1", "u2"};
  s.segments = {"g0", "g1", "g2"};
  auto add = [&](const std::string& id, int annotator, int segment, double a, double b) {
    ContrastiveScreen screen;
    screen.screen_id = id;
    screen.annotator = annotator;
    screen.segment = segment;
    screen.answers = {{0, a, 0}, {1, b, 0}};
    s.screens.push_back(screen);
  };
  add("doc", 0, 0, 52, 50);
  add("doc", 0, 1, 66, 60);
  add("x", 1, 2, 70, 60);
  add("doc", 1, 0, 54, 50);
  auto board = ScoreContrastiveScreens(s);
  ASSERT_TRUE(board.ok()) << board.status().message();
  EXPECT_EQ(board->screens, 3);
  ASSERT_EQ(board->pairs.size(), 1u);
  EXPECT_EQ(board->pairs[0].screens, 3);
  EXPECT_DOUBLE_EQ(board->pairs[0].mean_difference, 6.0);
  EXPECT_EQ(board->systems[0].answers, 4);
  EXPECT_DOUBLE_EQ(board->systems[0].mean, (52 + 66 + 70 + 54) / 4.0);
}

}  // namespace
}  // namespace tourney
