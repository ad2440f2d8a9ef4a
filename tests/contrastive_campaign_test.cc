// The live contrastive campaign (tourney/campaigns/contrastive_campaign.h): what a screen
// holds, the integrity of submissions (systems on the screen, all answered, repeats),
// attention checks, the segment rule, determinism from the seed and replay.
#include "tourney/campaigns/contrastive_campaign.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace tourney {
namespace {

// `systems` systems over `segments` segments in two documents; system `missing` (if >= 0)
// lacks segment 0.
ScoredSegments Table(int systems, int segments, int missing = -1) {
  ScoredSegments t;
  t.document_ids = {"d1", "d2"};
  for (int g = 0; g < segments; ++g) {
    t.segment_ids.push_back("g" + std::to_string(g));
    t.segment_document.push_back(g < segments / 2 ? 0 : 1);
  }
  for (int s = 0; s < systems; ++s) {
    SystemSegments row;
    row.name = "sys" + std::to_string(s);
    for (int g = 0; g < segments; ++g) {
      if (s == missing && g == 0) continue;
      row.segment.push_back(g);
      row.human.push_back(0.0);
      row.annotated.push_back(0);
    }
    t.systems.push_back(row);
  }
  return t;
}

ContrastiveCampaignConfig Config(int systems, int segments, ScreenAssignment rule) {
  ContrastiveCampaignConfig c;
  c.table = Table(systems, segments);
  c.assignment = rule;
  c.options.k = 3;
  c.seed = 7;
  return c;
}

std::vector<ScreenScore> Answers(const ServedScreen& s, std::vector<double> scores) {
  std::vector<ScreenScore> out;
  for (size_t i = 0; i < s.systems.size(); ++i) out.push_back({s.systems[i], s.segment, scores[i]});
  return out;
}

TEST(ContrastiveCampaign, AScreenHoldsKDistinctSystemsWithTheirProbability) {
  auto c = ContrastiveCampaign::Create(Config(4, 6, ScreenAssignment::kUniform));
  ASSERT_TRUE(c.ok()) << c.status().message();
  auto screen = (*c)->ProposeScreen("ann", 1000);
  ASSERT_TRUE(screen.ok()) << screen.status().message();
  EXPECT_EQ(screen->screen_id, "s1");
  EXPECT_EQ(screen->annotator, "ann");
  ASSERT_EQ(screen->systems.size(), 3u);
  EXPECT_EQ(std::set<int>(screen->systems.begin(), screen->systems.end()).size(), 3u);
  EXPECT_DOUBLE_EQ(screen->selection_probability, 0.25);  // 1 / C(4, 3)
  EXPECT_EQ(screen->attention_position, -1);
  EXPECT_EQ(screen->lease_expires_ms, 1000 + 1800000);
  EXPECT_EQ((*c)->ScreensOf("ann", 1000), 1);
  EXPECT_EQ((*c)->ScreensOf("ann", 1000 + 1800000), 0);  // expired
  // The annotator's place in the campaign's order: FNV-1a 64 of "ann" is 0xe6f79d19051ffcb8
  // (computed apart with Python's integers), 0 modulo 6; of "eve" 0xc30af418f069fe45, 1.
  EXPECT_EQ(AnnotatorStart("ann", 6), 0u);
  EXPECT_EQ(AnnotatorStart("eve", 6), 1u);
  EXPECT_EQ(screen->segment, (*c)->SegmentOrder()[0]);
  EXPECT_EQ((*c)->ProposeScreen("eve", 1000)->segment, (*c)->SegmentOrder()[1]);
}

TEST(ContrastiveCampaign, SubmissionsNeedExactlyTheScreensSystems) {
  auto c = ContrastiveCampaign::Create(Config(4, 6, ScreenAssignment::kUniform));
  ASSERT_TRUE(c.ok());
  const ServedScreen s = *(*c)->ProposeScreen("ann", 0);
  const std::vector<int>& on = s.systems;
  int off = 0;
  while (std::find(on.begin(), on.end(), off) != on.end()) ++off;
  const std::string off_name = "sys" + std::to_string(off);
  bool repeat = false;
  // A system not on the screen, named.
  Status st = (*c)->CheckSubmission("ann", s.screen_id,
                                    {{on[0], -1, 50}, {on[1], -1, 60}, {off, -1, 70}}, &repeat);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(st.message(), "answers: system '" + off_name + "' is not on screen 's1'");
  // A missing system, named.
  st = (*c)->CheckSubmission("ann", s.screen_id, {{on[0], -1, 50}, {on[2], -1, 60}}, &repeat);
  EXPECT_EQ(st.message(), "answers: system 'sys" + std::to_string(on[1]) +
                              "' of screen 's1' has no answer; a screen is stored only with all 3");
  // Twice.
  st = (*c)->CheckSubmission("ann", s.screen_id,
                             {{on[0], -1, 50}, {on[0], -1, 51}, {on[1], -1, 60}, {on[2], -1, 1}},
                             &repeat);
  EXPECT_EQ(st.message(), "answers: system 'sys" + std::to_string(on[0]) + "' is answered twice");
  // Out of range.
  st = (*c)->CheckSubmission("ann", s.screen_id, Answers(s, {50, 101, 60}), &repeat);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  // Another annotator, an unknown screen.
  EXPECT_EQ((*c)->CheckSubmission("eve", s.screen_id, Answers(s, {1, 2, 3}), &repeat).code(),
            StatusCode::kFailedPrecondition);
  EXPECT_EQ((*c)->CheckSubmission("ann", "s99", Answers(s, {1, 2, 3}), &repeat).code(),
            StatusCode::kNotFound);
  // Accepted in any order; stored in display order.
  std::vector<ScreenScore> reversed = Answers(s, {10, 20, 30});
  std::reverse(reversed.begin(), reversed.end());
  ASSERT_TRUE((*c)->CheckSubmission("ann", s.screen_id, reversed, &repeat).ok());
  EXPECT_FALSE(repeat);
  const AppliedScreen applied = (*c)->AppliedScreenOf(s.screen_id, reversed);
  EXPECT_EQ(applied.scores, (std::vector<double>{10, 20, 30}));
  ASSERT_TRUE(*(*c)->ApplyScreen(applied));
  EXPECT_FALSE(*(*c)->ApplyScreen(applied));  // the same screen id again: nothing changes
  EXPECT_EQ((*c)->Screens().screens.size(), 1u);
  EXPECT_EQ((*c)->ScreensOf("ann", 0), 0);  // released
  // A repeat is recognised; other scores are refused.
  ASSERT_TRUE((*c)->CheckSubmission("ann", s.screen_id, reversed, &repeat).ok());
  EXPECT_TRUE(repeat);
  EXPECT_EQ((*c)->CheckSubmission("ann", s.screen_id, Answers(s, {10, 20, 31}), &repeat).code(),
            StatusCode::kAlreadyExists);
  (*c)->Close();
  EXPECT_EQ((*c)->ProposeScreen("ann", 0).status().code(), StatusCode::kFailedPrecondition);
}

TEST(ContrastiveCampaign, AnAnnotatorSeesEachOutputOnceThenRunsOut) {
  // 3 systems, k = 3, 4 segments: one annotator gets each segment once, then NotFound.
  ContrastiveCampaignConfig config = Config(3, 4, ScreenAssignment::kWmt26);
  auto c = ContrastiveCampaign::Create(config);
  ASSERT_TRUE(c.ok());
  std::set<int> segments;
  for (int i = 0; i < 4; ++i) {
    auto s = (*c)->ProposeScreen("ann", 0);
    ASSERT_TRUE(s.ok()) << i;
    segments.insert(s->segment);
  }
  EXPECT_EQ(segments.size(), 4u);
  EXPECT_EQ((*c)->ProposeScreen("ann", 0).status().code(), StatusCode::kNotFound);
  EXPECT_TRUE((*c)->ProposeScreen("bob", 0).ok());  // another annotator starts afresh
}

TEST(ContrastiveCampaign, ASystemIsNeverShownOnASegmentItLacks) {
  ContrastiveCampaignConfig config = Config(4, 3, ScreenAssignment::kUniform);
  config.table = Table(4, 3, /*missing=*/2);
  auto c = ContrastiveCampaign::Create(config);
  ASSERT_TRUE(c.ok());
  for (int a = 0; a < 30; ++a) {
    auto s = (*c)->ProposeScreen("a" + std::to_string(a), 0);
    ASSERT_TRUE(s.ok());
    if (s->segment == 0) {
      EXPECT_EQ(std::count(s->systems.begin(), s->systems.end(), 2), 0);
    }
  }
}

TEST(ContrastiveCampaign, AttentionChecksPassWhenTheDegradedOutputScoresLowest) {
  ContrastiveCampaignConfig config = Config(4, 40, ScreenAssignment::kAdaptive);
  config.attention_rate = 0.5;
  auto c = ContrastiveCampaign::Create(config);
  ASSERT_TRUE(c.ok());
  int checks = 0, passed = 0;
  for (int i = 0; i < 60; ++i) {
    auto s = (*c)->ProposeScreen("ann" + std::to_string(i % 3), 0);
    ASSERT_TRUE(s.ok());
    std::vector<double> scores(3, 80.0);
    if (s->attention_position >= 0) {
      ++checks;
      EXPECT_DOUBLE_EQ(s->selection_probability, 0.25);  // checks draw uniformly
      // Every other check: the degraded output scored lowest (passes) or tied (fails).
      scores[s->attention_position] = checks % 2 == 0 ? 20.0 : 80.0;
    }
    const AppliedScreen a = (*c)->AppliedScreenOf(s->screen_id, Answers(*s, scores));
    if (s->attention_position >= 0) passed += a.attention_passed ? 1 : 0;
    ASSERT_TRUE(*(*c)->ApplyScreen(a));
  }
  EXPECT_GT(checks, 15);  // about 30 of 60
  EXPECT_LT(checks, 45);
  EXPECT_EQ(passed, checks / 2);
  // Checks stay off the board.
  EXPECT_EQ((*c)->Screens().screens.size(), static_cast<size_t>(60 - checks));
  EXPECT_EQ((*c)->applied().size(), 60u);
}

TEST(ContrastiveCampaign, TheSeedAndTheCallsFixTheScreensAndReplayRebuildsTheBoard) {
  ContrastiveCampaignConfig config = Config(5, 30, ScreenAssignment::kAdaptive);
  config.options.coldstart = 2;
  config.attention_rate = 0.2;
  auto run = [&](ContrastiveCampaign& c) {
    std::vector<std::string> trace;
    for (int i = 0; i < 40; ++i) {
      auto s = c.ProposeScreen("ann" + std::to_string(i % 4), i);
      EXPECT_TRUE(s.ok());
      std::string line = std::to_string(s->segment) + ":";
      std::vector<double> scores;
      for (int x : s->systems) {
        line += std::to_string(x) + ",";
        scores.push_back(90.0 - 10.0 * x + (i % 5));
      }
      trace.push_back(line + std::to_string(s->attention_position));
      EXPECT_TRUE(*c.ApplyScreen(c.AppliedScreenOf(s->screen_id, Answers(*s, scores))));
    }
    return trace;
  };
  auto a = ContrastiveCampaign::Create(config);
  auto b = ContrastiveCampaign::Create(config);
  ASSERT_TRUE(a.ok() && b.ok());
  const std::vector<std::string> trace = run(**a);
  EXPECT_EQ(trace, run(**b));
  ContrastiveCampaignConfig reseeded = config;
  reseeded.seed = 8;
  auto other = ContrastiveCampaign::Create(reseeded);
  EXPECT_NE(trace, run(**other));
  // Replay: the applied records into a new campaign give the same board input.
  auto replayed = ContrastiveCampaign::Create(config);
  for (const AppliedScreen& s : (*a)->applied()) ASSERT_TRUE(*(*replayed)->ApplyScreen(s));
  const ContrastiveScreens& x = (*a)->Screens();
  const ContrastiveScreens& y = (*replayed)->Screens();
  ASSERT_EQ(x.screens.size(), y.screens.size());
  for (size_t i = 0; i < x.screens.size(); ++i) {
    EXPECT_EQ(x.screens[i].screen_id, y.screens[i].screen_id);
    EXPECT_EQ(x.annotators[x.screens[i].annotator], y.annotators[y.screens[i].annotator]);
    EXPECT_EQ(x.screens[i].answers.size(), y.screens[i].answers.size());
  }
  EXPECT_TRUE(CheckContrastiveScreens(x).ok());
}

TEST(ContrastiveCampaign, DocumentScreensShowAWholeDocumentAndTakeAnAnswerPerSegment) {
  // Two documents of three segments (g0-g2 in d1, g3-g5 in d2); system 3 lacks g0, so d1
  // is never shown with it.
  ContrastiveCampaignConfig config = Config(4, 6, ScreenAssignment::kUniform);
  config.table = Table(4, 6, /*missing=*/3);
  config.document_screens = true;
  auto c = ContrastiveCampaign::Create(config);
  ASSERT_TRUE(c.ok()) << c.status().message();
  for (int a = 0; a < 12; ++a) {
    auto s = (*c)->ProposeScreen("ann" + std::to_string(a), 0);
    ASSERT_TRUE(s.ok()) << s.status().message();
    ASSERT_EQ(s->segments.size(), 3u);
    const int first = s->segments[0];
    EXPECT_TRUE(first == 0 || first == 3);
    EXPECT_EQ(s->segments, (std::vector<int>{first, first + 1, first + 2}));
    if (first == 0) {
      EXPECT_EQ(std::count(s->systems.begin(), s->systems.end(), 3), 0);
    }
  }
  auto s = (*c)->ProposeScreen("solo", 0);
  ASSERT_TRUE(s.ok());
  std::vector<ScreenScore> answers;
  for (size_t i = 0; i < s->systems.size(); ++i) {
    for (size_t j = 0; j < 3; ++j) {
      answers.push_back({s->systems[i], s->segments[j], 10.0 * static_cast<double>(i) + j});
    }
  }
  bool repeat = false;
  // One (system, segment) missing: named with its segment.
  std::vector<ScreenScore> short_one(answers.begin(), answers.end() - 1);
  Status st = (*c)->CheckSubmission("solo", s->screen_id, short_one, &repeat);
  EXPECT_EQ(st.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("has no answer for segment 'g" + std::to_string(s->segments[2]) +
                              "'; a screen is stored only with all 9"),
            std::string::npos)
      << st.message();
  // A segment of the other document.
  std::vector<ScreenScore> foreign = answers;
  foreign[0].segment = s->segments[0] == 0 ? 3 : 0;
  EXPECT_EQ((*c)->CheckSubmission("solo", s->screen_id, foreign, &repeat).code(),
            StatusCode::kInvalidArgument);
  ASSERT_TRUE((*c)->CheckSubmission("solo", s->screen_id, answers, &repeat).ok());
  const AppliedScreen applied = (*c)->AppliedScreenOf(s->screen_id, answers);
  EXPECT_EQ(applied.scores[1 * 3 + 2], 12.0);  // system 1 (display order), segment 2
  ASSERT_TRUE(*(*c)->ApplyScreen(applied));
  // The board: one screen per segment, sharing the id.
  const ContrastiveScreens& board = (*c)->Screens();
  ASSERT_EQ(board.screens.size(), 3u);
  for (size_t j = 0; j < 3; ++j) {
    EXPECT_EQ(board.screens[j].screen_id, s->screen_id);
    EXPECT_EQ(board.screens[j].segment, s->segments[j]);
    EXPECT_DOUBLE_EQ(board.screens[j].answers[2].score, 20.0 + static_cast<double>(j));
  }
}

TEST(ContrastiveCampaign, ConfigurationIsChecked) {
  ContrastiveCampaignConfig config = Config(3, 4, ScreenAssignment::kUniform);
  config.options.k = 4;
  EXPECT_EQ(ContrastiveCampaign::Create(config).status().code(), StatusCode::kInvalidArgument);
  config.options.k = 3;
  config.attention_rate = 0.6;
  EXPECT_EQ(ContrastiveCampaign::Create(config).status().message(),
            "attention_rate: must be in [0, 0.5]");
  config.attention_rate = 0;
  config.table = Table(1, 4);
  EXPECT_EQ(ContrastiveCampaign::Create(config).status().message(),
            "systems: a contrastive campaign needs at least 2");
}

}  // namespace
}  // namespace tourney
