// Scoring campaigns: the design's order, leases, scores, replay and estimates, by hand on a
// tiny table and against the offline estimator (`tourney estimate`'s path) on WMT20 en-de.
#include "tourney/campaigns/scoring_campaign.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>

#include "sampling_test_util.h"
#include "test_util.h"
#include "tourney/ingest/scored_segment_reader.h"
#include "tourney/sampling/finite_population_sequence.h"
#include "tourney/sampling/system_estimates.h"

namespace tourney {
namespace {

// Two systems on six segments: document d1 = s0..s3 (N_1 = 4), d2 = s4, s5 (N_2 = 2); no
// scores yet. Segment indices follow first appearance: s0 = 0, ..., s5 = 5.
constexpr const char* kTiny =
    "system\tdoc\tseg\tmqm\tm\n"
    "A\td1\ts0\tNone\t0.1\nA\td1\ts1\tNone\t0.4\nA\td1\ts2\tNone\t0.2\n"
    "A\td1\ts3\tNone\t0.9\nA\td2\ts4\tNone\t0.5\nA\td2\ts5\tNone\t0.7\n"
    "B\td1\ts0\tNone\t0.3\nB\td1\ts1\tNone\t0.6\nB\td1\ts2\tNone\t0.25\n"
    "B\td1\ts3\tNone\t0.8\nB\td2\ts4\tNone\t0.55\nB\td2\ts5\tNone\t0.15\n";

ScoringCampaignConfig TinyConfig(uint64_t seed = 1) {
  ScoredSegmentReadOptions o;
  o.metric_columns = {"m"};
  auto t = ParseScoredSegments(kTiny, "tiny", o);
  EXPECT_TRUE(t.ok()) << t.status().message();
  ScoringCampaignConfig c;
  c.table = *t;
  c.estimator = EstimatorSpec{};  // the (stratified) mean
  c.bound = BoundKind::kClt;
  c.seed = seed;
  c.lease_ms = 1000;
  return c;
}

std::unique_ptr<ScoringCampaign> Make(ScoringCampaignConfig c) {
  auto r = ScoringCampaign::Create(std::move(c));
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? std::move(*r) : nullptr;
}

TEST(ScoringCampaign, SystemsNotServingAreSkippedUntilServedAgain) {
  // Two systems of six segments each. With A not serving, the six items served are B's, in
  // the shared order; then no serving system has an item left (FailedPrecondition) although
  // A's six are unscored; serving A again serves A's items in the same order.
  auto c = Make(TinyConfig(3));
  ASSERT_NE(c, nullptr);
  EXPECT_TRUE(c->serving(0));
  c->SetServing(0, false);
  EXPECT_FALSE(c->serving(0));
  const std::vector<int> order = c->SegmentOrder();
  int64_t now = 0;
  for (int k = 0; k < 6; ++k) {
    auto item = c->ProposeItem("ann", ++now);
    ASSERT_TRUE(item.ok()) << item.status().message();
    EXPECT_EQ(item->item.system, 1);
    EXPECT_EQ(item->item.segment, order[k]);
    ASSERT_TRUE(c->ApplyScore({item->item, 0.5}).ok());
  }
  auto none = c->ProposeItem("ann", ++now);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_NE(none.status().message().find("still served"), std::string::npos);
  c->SetServing(0, true);
  auto again = c->ProposeItem("ann", ++now);
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_EQ(again->item.system, 0);
  EXPECT_EQ(again->item.segment, order[0]);
}

TEST(ScoringCampaign, DocsPropOrderFollowsTheRandomisedKeys) {
  // Randomised keys with N = 6, N_1 = 4, N_2 = 2 (sample_order.h, without the factor N):
  // d1's j-th segment has the key (j − U_1)/4 in ((j − 1)/4, j/4], d2's (j − U_2)/2 in
  // ((j − 1)/2, j/2]. So the first three served are two of d1 and one of d2, and so are
  // the last three. d2 comes first when 2(1 − U_2) < 1 − U_1 (probability 1/4), third when
  // 2(1 − U_2) > 2 − U_1 (1/4), else second; in the second half fourth when U_2 > (1 + U_1)/2
  // (1/4), sixth when U_2 < U_1/2 (1/4), else fifth. Over 60 seeds every position occurs
  // (each missing with probability 0.75^60 < 1e-7).
  std::set<int> first_positions, second_positions;
  for (uint64_t seed = 1; seed <= 60; ++seed) {
    auto c = Make(TinyConfig(seed));
    ASSERT_NE(c, nullptr);
    const std::vector<int>& order = c->SegmentOrder();
    ASSERT_EQ(order.size(), 6u);
    EXPECT_EQ(std::set<int>(order.begin(), order.end()).size(), 6u);
    std::vector<int> d2_at;
    for (int k = 0; k < 6; ++k) {
      if (c->config().table.segment_document[order[k]] == 1) d2_at.push_back(k);
    }
    ASSERT_EQ(d2_at.size(), 2u) << seed;
    EXPECT_LT(d2_at[0], 3) << seed;
    EXPECT_GE(d2_at[1], 3) << seed;
    first_positions.insert(d2_at[0]);
    second_positions.insert(d2_at[1]);
    // Both systems have every segment: their orders are the shared one.
    EXPECT_EQ(c->SystemOrder(0), order);
    EXPECT_EQ(c->SystemOrder(1), order);
  }
  EXPECT_EQ(first_positions, (std::set<int>{0, 1, 2}));
  EXPECT_EQ(second_positions, (std::set<int>{3, 4, 5}));
}

TEST(ScoringCampaign, OrderIsDeterministicFromTheSeed) {
  auto t = ParseScoredSegments(testing::SyntheticScoredTable(3, 40, 5, 0.0), "syn", {});
  ASSERT_TRUE(t.ok()) << t.status().message();
  for (Design d : {Design::kRandom, Design::kDocsProp}) {
    ScoringCampaignConfig c;
    c.table = *t;
    c.design = d;
    c.seed = 7;
    auto a = Make(c), b = Make(c);
    c.seed = 8;
    auto other = Make(c);
    ASSERT_TRUE(a && b && other);
    EXPECT_EQ(a->SegmentOrder(), b->SegmentOrder());
    // 40 documents of 2..7 segments: two seeds giving the same order would be a bug.
    EXPECT_NE(a->SegmentOrder(), other->SegmentOrder());
    std::vector<int> sorted = a->SegmentOrder();
    std::sort(sorted.begin(), sorted.end());
    for (size_t g = 0; g < sorted.size(); ++g) EXPECT_EQ(sorted[g], static_cast<int>(g));
    // The same annotator calls give the same items.
    for (int k = 0; k < 10; ++k) {
      auto pa = a->ProposeItem("ann" + std::to_string(k % 3), k);
      auto pb = b->ProposeItem("ann" + std::to_string(k % 3), k);
      ASSERT_TRUE(pa.ok() && pb.ok());
      EXPECT_EQ(pa->item, pb->item);
    }
  }
}

TEST(ScoringCampaign, ServesPrefixesInTurnWithLeases) {
  auto c = Make(TinyConfig());
  ASSERT_NE(c, nullptr);
  const std::vector<int>& o = c->SegmentOrder();
  // Both systems untouched: system 0 first, then the least advanced, system 1, on the same
  // first segment; then system 0's second position.
  auto a = c->ProposeItem("a", 0);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->item, (ScoringItem{0, o[0]}));
  EXPECT_EQ(a->position, 0);
  EXPECT_EQ(a->lease_expires_ms, 1000);
  auto b = c->ProposeItem("b", 10);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->item, (ScoringItem{1, o[0]}));
  auto cc = c->ProposeItem("c", 20);
  ASSERT_TRUE(cc.ok());
  EXPECT_EQ(cc->item, (ScoringItem{0, o[1]}));
  EXPECT_EQ(c->open_leases(), 3);
  // At t = 1000 a's lease (expiry 1000) has run out, b's (1010) and c's (1020) have not.
  // System 0 holds 1 lease, system 1 one lease; system 1's turn (0 was served last): its
  // position 0 is leased to b, so position 1.
  auto d = c->ProposeItem("d", 1000);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->item, (ScoringItem{1, o[1]}));
  EXPECT_EQ(c->open_leases(), 3);
  // System 0 (1 lease) is now least advanced: its position 0 is back in the pool.
  auto e = c->ProposeItem("e", 1000);
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(e->item, (ScoringItem{0, o[0]}));
  // A score releases the lease; the item is never served again.
  ASSERT_TRUE(c->ApplyScore({e->item, 2.0}).ok());
  EXPECT_EQ(c->open_leases(), 3);
  // Everything else leased to distinct annotators: 12 items − 1 scored − 3 leased = 8 more.
  std::set<std::pair<int, int>> seen;
  for (int k = 0; k < 8; ++k) {
    auto p = c->ProposeItem("x" + std::to_string(k), 1001);
    ASSERT_TRUE(p.ok()) << k;
    EXPECT_FALSE(c->ScoreOf(p->item));
    EXPECT_TRUE(seen.insert({p->item.system, p->item.segment}).second);
  }
  auto none = c->ProposeItem("y", 1001);
  EXPECT_EQ(none.status().code(), StatusCode::kNotFound);
  EXPECT_EQ(c->ProposeItem("", 0).status().code(), StatusCode::kInvalidArgument);
}

TEST(ScoringCampaign, NeverServesAnAnnotatorTheSameItemTwice) {
  auto c = Make(TinyConfig());
  ASSERT_NE(c, nullptr);
  // Each call comes after the previous lease expired: the item returns to the pool, but
  // not to "a", who is served each of the 12 items once, then nothing.
  std::set<std::pair<int, int>> seen;
  for (int k = 0; k < 12; ++k) {
    auto p = c->ProposeItem("a", 5000 * k);
    ASSERT_TRUE(p.ok()) << k;
    EXPECT_TRUE(seen.insert({p->item.system, p->item.segment}).second) << k;
  }
  // Nothing new for "a": its expired items are served again rather than nothing. "a"
  // alternated systems 0, 1, 0, ... (no lease was open at any call), the last one 1: so
  // system 0's first position.
  auto again = c->ProposeItem("a", 100000);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->item, (ScoringItem{0, c->SegmentOrder()[0]}));
  EXPECT_EQ(again->position, 0);
  // Another annotator now gets system 1 (system 0 holds a's lease): its first item.
  auto b = c->ProposeItem("b", 100000);
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->item, (ScoringItem{1, c->SegmentOrder()[0]}));
  // Once every item is scored the campaign is complete.
  for (int s = 0; s < 2; ++s) {
    for (int g = 0; g < 6; ++g) ASSERT_TRUE(c->ApplyScore({{s, g}, 1.0 * g}).ok());
  }
  EXPECT_EQ(c->num_scored(), 12);
  EXPECT_EQ(c->open_leases(), 0);
  EXPECT_EQ(c->ProposeItem("b", 100001).status().code(), StatusCode::kFailedPrecondition);
}

TEST(ScoringCampaign, ScoresAreIdempotentAndCheckedAndReplayed) {
  auto c = Make(TinyConfig());
  ASSERT_NE(c, nullptr);
  auto first = c->ApplyScore({{0, 4}, 6.0});
  ASSERT_TRUE(first.ok());
  EXPECT_TRUE(*first);
  auto again = c->ApplyScore({{0, 4}, 6.0});
  ASSERT_TRUE(again.ok());
  EXPECT_FALSE(*again);
  EXPECT_EQ(c->ApplyScore({{0, 4}, 5.0}).status().code(), StatusCode::kAlreadyExists);
  EXPECT_EQ(c->scores().size(), 1u);
  EXPECT_EQ(*c->ScoreOf({0, 4}), 6.0);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  for (const ItemScore& bad :
       {ItemScore{{2, 0}, 1.0}, ItemScore{{-1, 0}, 1.0}, ItemScore{{0, 6}, 1.0},
        ItemScore{{0, -1}, 1.0}, ItemScore{{1, 0}, nan}, ItemScore{{1, 0}, inf}}) {
    EXPECT_EQ(c->ApplyScore(bad).status().code(), StatusCode::kInvalidArgument);
  }
  EXPECT_EQ(c->num_scored(), 1);
  ASSERT_TRUE(c->ApplyScore({{0, 0}, 1.0}).ok());
  ASSERT_TRUE(c->ApplyScore({{1, 2}, 0.5}).ok());
  ASSERT_TRUE(c->ApplyScore({{0, 5}, 2.0}).ok());
  ASSERT_TRUE(c->ApplyScore({{1, 3}, 4.0}).ok());
  auto r = ScoringCampaign::Replay(TinyConfig(), c->scores());
  ASSERT_TRUE(r.ok()) << r.status().message();
  auto e1 = c->Estimate();
  auto e2 = (*r)->Estimate();
  ASSERT_TRUE(e1.ok() && e2.ok());
  for (int s = 0; s < 2; ++s) {
    EXPECT_EQ((*e1)[s].scored, (*e2)[s].scored);
    EXPECT_EQ((*e1)[s].value, (*e2)[s].value);
    EXPECT_EQ((*e1)[s].lo, (*e2)[s].lo);
    EXPECT_EQ((*e1)[s].hi, (*e2)[s].hi);
  }
  EXPECT_EQ((*r)->scores().size(), 5u);
  auto pa = c->ProposeItem("z", 0), pb = (*r)->ProposeItem("z", 0);
  ASSERT_TRUE(pa.ok() && pb.ok());
  EXPECT_EQ(pa->item, pb->item);
  // A replay with a conflicting score names it.
  std::vector<ItemScore> bad = c->scores();
  bad.push_back({{0, 0}, 3.0});
  auto rb = ScoringCampaign::Replay(TinyConfig(), bad);
  EXPECT_EQ(rb.status().code(), StatusCode::kAlreadyExists);
  EXPECT_NE(rb.status().message().find("score 5"), std::string::npos);
}

TEST(ScoringCampaign, EstimatesByHand) {
  ScoringCampaignConfig cfg = TinyConfig();
  cfg.tolerance = 1.5;
  auto c = Make(cfg);
  ASSERT_NE(c, nullptr);
  // A: s0 = 1 (d1), s4 = 6, s5 = 2 (d2). B: s1 = 3 only.
  ASSERT_TRUE(c->ApplyScore({{0, 0}, 1.0}).ok());
  ASSERT_TRUE(c->ApplyScore({{0, 4}, 6.0}).ok());
  ASSERT_TRUE(c->ApplyScore({{0, 5}, 2.0}).ok());
  ASSERT_TRUE(c->ApplyScore({{1, 1}, 3.0}).ok());
  auto e = c->Estimate();
  ASSERT_TRUE(e.ok()) << e.status().message();
  const ScoringSystemEstimate& a = (*e)[0];
  // docs-prop draws every segment with the same probability n/N (design.h): equal weights,
  // the plain mean (1 + 6 + 2)/3 = 3, whatever the realised counts per document.
  EXPECT_EQ(a.name, "A");
  EXPECT_EQ(a.scored, 3);
  EXPECT_EQ(a.segments, 6);
  ASSERT_TRUE(a.estimated);
  EXPECT_NEAR(a.value, 3.0, 1e-12);
  // s² = (4 + 9 + 1)/2 = 7; the floor's prior (pooled over systems: B's single score adds
  // nothing) is also 7, so s² stays 7. π = 3/6 for each: v = 3·(1/3)²(1 − 1/2)·7 = 7/6;
  // t = 1.959964·sqrt(7/6) = 2.117003 (the same as for the random design below: with
  // equal inclusion probabilities the two designs estimate alike).
  EXPECT_NEAR(a.half_width, 2.117003, 1e-6);
  EXPECT_NEAR(a.lo, 3.0 - 2.117003, 1e-6);
  EXPECT_NEAR(a.hi, 3.0 + 2.117003, 1e-6);
  // ±1.5 is not reached: n' = 1/((1.5/2.117003)²(1/3 − 1/6) + 1/6) = 3.99 -> 4, and a
  // verdict needs 10 scores or the whole test set: 6.
  EXPECT_FALSE(a.within_tolerance);
  EXPECT_EQ(a.segments_needed, 6);
  EXPECT_EQ(a.more_needed, 3);
  // B has one score: no estimate yet.
  EXPECT_EQ((*e)[1].scored, 1);
  EXPECT_FALSE((*e)[1].estimated);
  // Random sampling: the plain mean 3, s² = 3/2·(4 + 9 + 1)/3 = 7, v = (1 − 3/6)·7/3 = 7/6,
  // t = 1.959964·sqrt(7/6) = 2.117003.
  cfg.design = Design::kRandom;
  auto r = ScoringCampaign::Replay(cfg, c->scores());
  ASSERT_TRUE(r.ok());
  auto er = (*r)->Estimate();
  ASSERT_TRUE(er.ok());
  EXPECT_NEAR((*er)[0].value, 3.0, 1e-12);
  EXPECT_NEAR((*er)[0].half_width, 2.117003, 1e-6);
}

// betting-cs: the confidence sequence over the scored prefix of each system's order, so an
// estimate never depends on items scored past the first one still missing.
TEST(ScoringCampaign, BettingCsFollowsTheScoredPrefixOfTheOrder) {
  ScoringCampaignConfig cfg = TinyConfig(3);
  cfg.design = Design::kRandom;
  cfg.bound = BoundKind::kBettingCs;
  cfg.score_min = 0.0;
  cfg.score_max = 10.0;
  cfg.confidence = 0.9;
  cfg.tolerance = 4.0;
  auto c = Make(cfg);
  ASSERT_NE(c, nullptr);
  const double value_of_segment[] = {1, 7, 0, 3, 10, 2};  // system A's scores by segment
  const std::vector<int> order = c->SystemOrder(0);
  ASSERT_EQ(order.size(), 6u);
  auto score = [&](int position) {
    ASSERT_TRUE(c->ApplyScore({{0, order[position]}, value_of_segment[order[position]]}).ok());
  };
  // The expected interval: the sequence fed the first k scores of the order.
  auto expected = [&](int k) {
    auto seq = FinitePopulationSequence::Make(6, 0.0, 10.0, 0.1);
    EXPECT_TRUE(seq.ok());
    for (int i = 0; i < k; ++i) EXPECT_TRUE(seq->Add(value_of_segment[order[i]]).ok());
    return *seq;
  };
  score(0);
  score(1);
  auto e = c->Estimate();
  ASSERT_TRUE(e.ok()) << e.status().message();
  const FinitePopulationSequence two = expected(2);
  ASSERT_TRUE((*e)[0].estimated);
  EXPECT_EQ((*e)[0].value, two.mean());
  EXPECT_EQ((*e)[0].lo, two.lower());
  EXPECT_EQ((*e)[0].hi, two.upper());
  EXPECT_NEAR((*e)[0].half_width, 0.5 * (two.upper() - two.lower()), 1e-15);
  // Position 3 scored before position 2: the prefix is still two long.
  score(3);
  e = c->Estimate();
  ASSERT_TRUE(e.ok());
  EXPECT_EQ((*e)[0].scored, 3);
  EXPECT_EQ((*e)[0].lo, two.lower());
  EXPECT_EQ((*e)[0].hi, two.upper());
  // Filling the gap brings both in: a prefix of four.
  score(2);
  e = c->Estimate();
  ASSERT_TRUE(e.ok());
  const FinitePopulationSequence four = expected(4);
  EXPECT_EQ((*e)[0].lo, four.lower());
  EXPECT_EQ((*e)[0].hi, four.upper());
  // The snapshot path computes the same.
  auto from = c->EstimateFrom(c->Snapshot());
  ASSERT_TRUE(from.ok());
  EXPECT_EQ((*from)[0].lo, four.lower());
  EXPECT_EQ((*from)[0].hi, four.upper());
  // Every score: the interval is the mean itself, 23/6, and within any tolerance.
  score(4);
  score(5);
  e = c->Estimate();
  ASSERT_TRUE(e.ok());
  EXPECT_NEAR((*e)[0].lo, 23.0 / 6.0, 1e-12);
  EXPECT_NEAR((*e)[0].hi, 23.0 / 6.0, 1e-12);
  EXPECT_TRUE((*e)[0].within_tolerance);
  // A score outside the declared range is refused, naming it.
  const Status outside = c->ValidateScore({{1, 0}, 10.5});
  EXPECT_EQ(outside.code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(outside.message(), "score: 10.5 is outside the declared range [0, 10]");
}

TEST(ScoringCampaign, EstimatesCanBeAbandonedBetweenSystems) {
  auto c = Make(TinyConfig());
  ASSERT_NE(c, nullptr);
  ASSERT_TRUE(c->ApplyScore({{0, 0}, 1.0}).ok());
  ASSERT_TRUE(c->ApplyScore({{0, 4}, 6.0}).ok());
  ASSERT_TRUE(c->ApplyScore({{1, 1}, 3.0}).ok());
  ASSERT_TRUE(c->ApplyScore({{1, 2}, 5.0}).ok());
  const ScoringSnapshot snapshot = c->Snapshot();
  // Polled once before each of the two systems; never cancelled: the whole estimate.
  int polls = 0;
  auto whole = c->EstimateFrom(snapshot, [&] {
    ++polls;
    return false;
  });
  ASSERT_TRUE(whole.ok());
  EXPECT_EQ(polls, 2);
  EXPECT_EQ((*whole)[1].value, (*c->Estimate())[1].value);
  // Cancelled before the second system: no estimate at all.
  polls = 0;
  auto abandoned = c->EstimateFrom(snapshot, [&] { return ++polls == 2; });
  EXPECT_EQ(abandoned.status().code(), StatusCode::kCancelled);
  EXPECT_EQ(polls, 2);
}

TEST(ScoringCampaign, BettingCsNeedsRandomOrderThePlainMeanAndARange) {
  ScoringCampaignConfig cfg = TinyConfig();
  cfg.design = Design::kRandom;
  cfg.bound = BoundKind::kBettingCs;
  cfg.score_min = 0.0;
  cfg.score_max = 10.0;
  EXPECT_TRUE(ValidateScoringCampaignConfig(cfg).ok());
  ScoringCampaignConfig docs = cfg;
  docs.design = Design::kDocsProp;
  EXPECT_EQ(ValidateScoringCampaignConfig(docs).message(),
            "bound: betting-cs holds for the random design with the mean estimator only");
  ScoringCampaignConfig knn = cfg;
  knn.estimator = EstimatorSpec{EstimatorKind::kCvKnn, "", kPaperKnnK};
  EXPECT_FALSE(ValidateScoringCampaignConfig(knn).ok());
  ScoringCampaignConfig open = cfg;
  open.score_max = std::numeric_limits<double>::infinity();
  EXPECT_EQ(ValidateScoringCampaignConfig(open).message(),
            "bound: betting-cs needs the score range declared (score_min, score_max)");
  ScoringCampaignConfig reversed = cfg;
  reversed.score_min = 10.0;
  reversed.score_max = 0.0;
  EXPECT_FALSE(ValidateScoringCampaignConfig(reversed).ok());
  // A score already in the table must lie in the range too.
  ScoringCampaignConfig scored = cfg;
  scored.table.systems[0].annotated[2] = 1;
  scored.table.systems[0].human[2] = -1.0;
  EXPECT_EQ(ValidateScoringCampaignConfig(scored).message(),
            "table: system 'A', segment 's2': score -1 is outside the declared range [0, 10]");
  // The offline estimate cannot compute it: a table keeps no order.
  SystemEstimatesOptions offline;
  offline.bound = BoundKind::kBettingCs;
  EXPECT_EQ(EstimateSystems(cfg.table, offline).status().code(), StatusCode::kInvalidArgument);
}

// A snapshot estimates the state at the time it was taken, whatever is applied after it.
TEST(ScoringCampaign, SnapshotEstimatesTheStateWhenItWasTaken) {
  ScoringCampaignConfig cfg = TinyConfig();
  cfg.tolerance = 1.5;
  auto c = Make(cfg);
  ASSERT_NE(c, nullptr);
  // EstimatesByHand's scores: A s0 = 1, s4 = 6, s5 = 2; B s1 = 3.
  ASSERT_TRUE(c->ApplyScore({{0, 0}, 1.0}).ok());
  ASSERT_TRUE(c->ApplyScore({{0, 4}, 6.0}).ok());
  ASSERT_TRUE(c->ApplyScore({{0, 5}, 2.0}).ok());
  ASSERT_TRUE(c->ApplyScore({{1, 1}, 3.0}).ok());
  const ScoringSnapshot snapshot = c->Snapshot();
  // Scores after the snapshot: A s1 = 5, B s2 = 4 (B's second: it would be estimated).
  ASSERT_TRUE(c->ApplyScore({{0, 1}, 5.0}).ok());
  ASSERT_TRUE(c->ApplyScore({{1, 2}, 4.0}).ok());
  auto e = c->EstimateFrom(snapshot);
  ASSERT_TRUE(e.ok()) << e.status().message();
  ASSERT_EQ(e->size(), 2u);
  // EstimatesByHand's numbers: mean 3, t = 2.117003, a verdict needs all 6 segments.
  const ScoringSystemEstimate& a = (*e)[0];
  EXPECT_EQ(a.name, "A");
  EXPECT_EQ(a.scored, 3);
  EXPECT_EQ(a.segments, 6);
  ASSERT_TRUE(a.estimated);
  EXPECT_NEAR(a.value, 3.0, 1e-12);
  EXPECT_NEAR(a.half_width, 2.117003, 1e-6);
  EXPECT_EQ(a.segments_needed, 6);
  EXPECT_EQ(a.more_needed, 3);
  EXPECT_EQ((*e)[1].name, "B");
  EXPECT_EQ((*e)[1].scored, 1);
  EXPECT_EQ((*e)[1].segments, 6);
  EXPECT_FALSE((*e)[1].estimated);
  // The live estimate has moved on: A's 4 scores 1, 5 (d1) and 6, 2 (d2), equal weights
  // (docs-prop): 14/4 = 3.5; B has 2 scores.
  auto live = c->Estimate();
  ASSERT_TRUE(live.ok());
  EXPECT_NEAR((*live)[0].value, 3.5, 1e-12);
  EXPECT_TRUE((*live)[1].estimated);
  // A snapshot of another campaign's shape is refused.
  ScoringSnapshot wrong = snapshot;
  wrong.scored.pop_back();
  EXPECT_EQ(c->EstimateFrom(wrong).status().code(), StatusCode::kInvalidArgument);
}

// With the seeded bootstrap-t interval, the estimate of a snapshot is bit for bit the
// estimate computed directly on the same state (what GetEstimate computed under its lock
// before it estimated from a snapshot).
TEST(ScoringCampaign, SnapshotEstimateEqualsTheDirectOne) {
  ScoringCampaignConfig cfg = TinyConfig(7);
  cfg.bound = BoundKind::kBootstrapT;
  cfg.bootstrap_replicates = 200;
  cfg.tolerance = 0.5;
  auto c = Make(cfg);
  ASSERT_NE(c, nullptr);
  const double scores[2][6] = {{1, 4, 2, 7, 3, 5}, {2, 2.5, 6, 1, 4, 3}};
  for (int s = 0; s < 2; ++s) {
    for (int g = 0; g < 5; ++g) ASSERT_TRUE(c->ApplyScore({{s, g}, scores[s][g]}).ok());
  }
  auto direct = c->Estimate();
  ASSERT_TRUE(direct.ok());
  const ScoringSnapshot snapshot = c->Snapshot();
  ASSERT_TRUE(c->ApplyScore({{0, 5}, 9.0}).ok());
  auto from = c->EstimateFrom(snapshot);
  ASSERT_TRUE(from.ok());
  ASSERT_EQ(from->size(), direct->size());
  for (size_t s = 0; s < direct->size(); ++s) {
    const ScoringSystemEstimate &x = (*direct)[s], &y = (*from)[s];
    ASSERT_TRUE(x.estimated);
    EXPECT_EQ(x.name, y.name);
    EXPECT_EQ(x.scored, y.scored);
    EXPECT_EQ(x.segments, y.segments);
    EXPECT_EQ(x.estimated, y.estimated);
    EXPECT_EQ(x.value, y.value);
    EXPECT_EQ(x.lo, y.lo);
    EXPECT_EQ(x.hi, y.hi);
    EXPECT_EQ(x.half_width, y.half_width);
    EXPECT_EQ(x.within_tolerance, y.within_tolerance);
    EXPECT_EQ(x.segments_needed, y.segments_needed);
    EXPECT_EQ(x.more_needed, y.more_needed);
  }
  // The 9 applied after the snapshot moves A's live estimate.
  EXPECT_NE((*c->Estimate())[0].value, (*from)[0].value);
}

// Leases open at a time, in all and per annotator: expired at expiry <= now, released by a
// score.
TEST(ScoringCampaign, CountsOpenLeasesPerAnnotator) {
  auto c = Make(TinyConfig());  // lease_ms 1000
  ASSERT_NE(c, nullptr);
  auto a1 = c->ProposeItem("a", 0);    // expires 1000
  auto a2 = c->ProposeItem("a", 500);  // expires 1500
  auto b1 = c->ProposeItem("b", 500);  // expires 1500
  ASSERT_TRUE(a1.ok() && a2.ok() && b1.ok());
  EXPECT_EQ(c->LeasesOf("a", 500), 2);
  EXPECT_EQ(c->LeasesOf("b", 500), 1);
  EXPECT_EQ(c->LeasesOf("nobody", 500), 0);
  EXPECT_EQ(c->OpenLeases(500), 3);
  EXPECT_EQ(c->LeasesOf("a", 1000), 1);  // a1 expired at 1000
  EXPECT_EQ(c->OpenLeases(1000), 2);
  ASSERT_TRUE(c->ApplyScore({a2->item, 3.0}).ok());  // releases a2
  EXPECT_EQ(c->LeasesOf("a", 500), 1);
  EXPECT_EQ(c->OpenLeases(1500), 0);
}

TEST(ScoringCampaign, ConstantScoresGiveFiniteEstimatesThatAreNotPoints) {
  for (EstimatorKind kind : {EstimatorKind::kMean, EstimatorKind::kCvKnn}) {
    ScoringCampaignConfig cfg = TinyConfig();
    cfg.estimator.kind = kind;
    cfg.bound = BoundKind::kBootstrapT;
    cfg.tolerance = 0.1;
    auto c = Make(cfg);
    ASSERT_NE(c, nullptr);
    for (int g = 0; g < 4; ++g) ASSERT_TRUE(c->ApplyScore({{0, g}, 0.0}).ok());
    for (int g = 0; g < 2; ++g) ASSERT_TRUE(c->ApplyScore({{1, g}, 25.0 * g}).ok());
    auto e = c->Estimate();
    ASSERT_TRUE(e.ok()) << e.status().message();
    for (const ScoringSystemEstimate& s : *e) {
      ASSERT_TRUE(s.estimated);
      EXPECT_TRUE(std::isfinite(s.value) && std::isfinite(s.lo) && std::isfinite(s.hi));
      EXPECT_LE(s.lo, s.value);
      EXPECT_GE(s.hi, s.value);
    }
    // Four zeros of six segments (the audit's case: equal first scores once gave a point
    // interval and "±0.1 reached"). The floor's prior is the pooled variance: A adds 0 over
    // 3 degrees of freedom, B (0, 25) 312.5 over 1: 78.125. A's s² = (0 + 78.125)/4 =
    // 19.53125; with π = 4/6, v = 4·(1/4)²(1 − 4/6)·s² = s²/12 = 1.627604; four residuals
    // are too few to resample: Student's t_3 = 3.182446, t = 3.182446·1.275776 = 4.060.
    EXPECT_EQ((*e)[0].value, 0.0);
    EXPECT_NEAR((*e)[0].half_width, 3.182446 * std::sqrt(19.53125 / 12), 1e-5);
    EXPECT_FALSE((*e)[0].within_tolerance);
    EXPECT_EQ((*e)[0].segments_needed, 6);
    EXPECT_EQ((*e)[0].more_needed, 2);
  }
}

TEST(ScoringCampaign, InvalidConfigsNameTheField) {
  auto expect_bad = [](ScoringCampaignConfig c, const std::string& field) {
    const Status s = ValidateScoringCampaignConfig(c);
    EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << field;
    EXPECT_NE(s.message().find(field), std::string::npos) << s.message();
    EXPECT_FALSE(ScoringCampaign::Create(std::move(c)).ok());
  };
  EXPECT_TRUE(ValidateScoringCampaignConfig(TinyConfig()).ok());
  ScoringCampaignConfig c = TinyConfig();
  c.table.systems.clear();
  expect_bad(c, "table");
  c = TinyConfig();
  c.design = Design::kDocsOpt;
  expect_bad(c, "design");
  c = TinyConfig();
  c.confidence = 1.0;
  expect_bad(c, "confidence");
  c = TinyConfig();
  c.tolerance = std::numeric_limits<double>::infinity();
  expect_bad(c, "tolerance");
  c = TinyConfig();
  c.range = -1;
  expect_bad(c, "range");
  c = TinyConfig();
  c.lease_ms = 0;
  expect_bad(c, "lease_ms");
  c = TinyConfig();
  c.bootstrap_replicates = 5;
  expect_bad(c, "bootstrap_replicates");
  c = TinyConfig();
  c.estimator = EstimatorSpec{EstimatorKind::kCvMetric, "bleu", kPaperKnnK};
  expect_bad(c, "estimator");
  c = TinyConfig();
  c.table.systems[1].annotated[0] = 1;
  c.table.systems[1].human[0] = std::numeric_limits<double>::quiet_NaN();
  expect_bad(c, "not finite");
}

TEST(ScoringCampaign, ExistingScoresCountAndMissingSegmentsAreNotServed) {
  // B lacks s5 and already has s0 scored.
  ScoringCampaignConfig cfg = TinyConfig();
  std::string text = kTiny;
  const std::string unscored = "B\td1\ts0\tNone";
  text.replace(text.find(unscored), unscored.size(), "B\td1\ts0\t7");
  text.erase(text.find("B\td2\ts5"));
  ScoredSegmentReadOptions o;
  o.metric_columns = {"m"};
  auto t = ParseScoredSegments(text, "tiny", o);
  ASSERT_TRUE(t.ok()) << t.status().message();
  cfg.table = *t;
  auto c = Make(cfg);
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->num_items(), 11);
  EXPECT_EQ(c->num_scored(), 1);
  ASSERT_NE(c->ScoreOf({1, 0}), nullptr);
  EXPECT_EQ(*c->ScoreOf({1, 0}), 7.0);
  EXPECT_EQ(c->ApplyScore({{1, 5}, 1.0}).status().code(), StatusCode::kInvalidArgument);
  for (int k = 0; k < 10; ++k) {
    auto p = c->ProposeItem("a", 0);
    ASSERT_TRUE(p.ok()) << k;
    EXPECT_FALSE(p->item == (ScoringItem{1, 0}));
    EXPECT_FALSE(p->item == (ScoringItem{1, 5}));
  }
  EXPECT_EQ(c->ProposeItem("a", 0).status().code(), StatusCode::kNotFound);
  EXPECT_EQ(c->SystemOrder(1).size(), 5u);
  // The export holds the old score and the new ones.
  ASSERT_TRUE(c->ApplyScore({{0, 3}, 2.5}).ok());
  const ScoredSegments out = c->ScoredTable();
  EXPECT_EQ(out.systems[0].num_annotated(), 1);
  EXPECT_EQ(out.systems[0].human[3], 2.5);
  EXPECT_EQ(out.systems[1].human[0], 7.0);
}

// WMT20 en-de: serve and score 120 items per system with the true MQM scores; the scored
// items are each system's prefix, the strata follow the quotas, and the estimates equal
// EstimateSystems (`tourney estimate`) on a table annotated on the same items.
TEST(ScoringCampaign, MatchesTheOfflineEstimatorOnWmt20) {
  TOURNEY_REQUIRE_SHARED("data/wmt20-mqm/en-de.tsv.gz");
  auto truth = ReadScoredSegments(testing::SharedPath("data/wmt20-mqm/en-de.tsv.gz"), {});
  ASSERT_TRUE(truth.ok()) << truth.status().message();
  ScoringCampaignConfig cfg;
  cfg.table = *truth;
  for (SystemSegments& s : cfg.table.systems) {
    std::fill(s.annotated.begin(), s.annotated.end(), 0);
    std::fill(s.human.begin(), s.human.end(), 0.0);
  }
  cfg.seed = 11;
  cfg.tolerance = 0.5;
  cfg.bootstrap_replicates = 300;
  auto c = Make(cfg);
  ASSERT_NE(c, nullptr);
  // Near the quota on every prefix of the order: N = 1418 segments in 130 documents; the
  // randomised keys keep each document within one of a common share τ·N_l/N, so within one
  // of k·N_l/N up to |k − τ|·N_l/N (N_l/N <= 26/1418): within 1.5.
  const ScoredSegments& t = *truth;
  const int n = static_cast<int>(t.segment_ids.size());
  std::vector<int> size(t.document_ids.size(), 0), taken(size.size(), 0);
  for (int d : t.segment_document) ++size[d];
  for (int k = 1; k <= n; ++k) {
    ++taken[t.segment_document[c->SegmentOrder()[k - 1]]];
    for (size_t l = 0; l < size.size(); ++l) {
      const double share = double(k) * size[l] / n;
      ASSERT_LT(taken[l], share + 1.5) << "prefix " << k << " document " << l;
      ASSERT_GT(taken[l], share - 1.5) << "prefix " << k << " document " << l;
    }
  }
  // Serve 120 items per system to three annotators; every score arrives at once.
  const int per_system = 120;
  const int systems = static_cast<int>(t.systems.size());
  ScoredSegments annotated = t;
  for (SystemSegments& s : annotated.systems) std::fill(s.annotated.begin(), s.annotated.end(), 0);
  for (int k = 0; k < per_system * systems; ++k) {
    auto p = c->ProposeItem("ann" + std::to_string(k % 3), k);
    ASSERT_TRUE(p.ok()) << p.status().message();
    const SystemSegments& s = t.systems[p->item.system];
    int row = -1;
    for (int r = 0; r < s.size(); ++r) {
      if (s.segment[r] == p->item.segment) row = r;
    }
    ASSERT_GE(row, 0);
    ASSERT_TRUE(c->ApplyScore({p->item, s.human[row]}).ok());
    annotated.systems[p->item.system].annotated[row] = 1;
  }
  for (int s = 0; s < systems; ++s) {
    // Scored exactly at the first 120 positions of the order.
    const std::vector<int> order = c->SystemOrder(s);
    for (int k = 0; k < per_system; ++k) ASSERT_NE(c->ScoreOf({s, order[k]}), nullptr);
    EXPECT_EQ(c->ScoreOf({s, order[per_system]}), nullptr);
  }
  SystemEstimatesOptions o;
  o.design = cfg.design;
  o.estimator = cfg.estimator;
  o.bound = cfg.bound;
  o.bootstrap_replicates = cfg.bootstrap_replicates;
  o.seed = cfg.seed;
  o.confidence = cfg.confidence;
  o.tolerance = cfg.tolerance;
  auto offline = EstimateSystems(annotated, o);
  ASSERT_TRUE(offline.ok()) << offline.status().message();
  auto live = c->Estimate();
  ASSERT_TRUE(live.ok()) << live.status().message();
  ASSERT_EQ(live->size(), offline->systems.size());
  for (const SystemEstimate& want : offline->systems) {
    const ScoringSystemEstimate* got = nullptr;
    for (const ScoringSystemEstimate& e : *live) {
      if (e.name == want.name) got = &e;
    }
    ASSERT_NE(got, nullptr) << want.name;
    EXPECT_EQ(got->scored, per_system);
    EXPECT_EQ(got->segments, n);
    EXPECT_NEAR(got->value, want.estimate.value, 1e-12) << want.name;
    EXPECT_NEAR(got->lo, want.lo, 1e-12) << want.name;
    EXPECT_NEAR(got->hi, want.hi, 1e-12) << want.name;
    EXPECT_EQ(got->within_tolerance, want.within_tolerance) << want.name;
    EXPECT_EQ(got->segments_needed, want.segments_needed) << want.name;
    EXPECT_EQ(got->more_needed, want.segments_needed - per_system) << want.name;
  }
}

// One system on three segments, leases of 1 s, one annotator (audit defect 12): after its
// three leases expire it is served again, the earliest position first, and it may score the
// expired items as long as nobody else was served them.
TEST(ScoringCampaign, ExpiredLeasesAreServedAgainToTheSameAnnotator) {
  ScoredSegmentReadOptions o;
  auto t = ParseScoredSegments(
      "system\tdoc\tseg\tmqm\nA\td\tg0\tNone\nA\td\tg1\tNone\nA\td\tg2\tNone\n", "one", o);
  ASSERT_TRUE(t.ok()) << t.status().message();
  ScoringCampaignConfig config;
  config.table = *t;
  config.design = Design::kRandom;
  config.estimator = EstimatorSpec{};
  config.bound = BoundKind::kClt;
  config.lease_ms = 1000;
  auto c = Make(config);
  ASSERT_NE(c, nullptr);
  const std::vector<int> order = c->SystemOrder(0);
  for (int k = 0; k < 3; ++k) {
    auto p = c->ProposeItem("solo", 0);
    ASSERT_TRUE(p.ok()) << k;
    EXPECT_EQ(p->position, k);
  }
  EXPECT_EQ(c->ProposeItem("solo", 999).status().code(), StatusCode::kNotFound);
  // t = 1000: every lease has expired; the earliest position is served again.
  auto again = c->ProposeItem("solo", 1000);
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_EQ(again->item, (ScoringItem{0, order[0]}));
  EXPECT_EQ(again->lease_expires_ms, 2000);
  // Its expired (not re-served) items are still its own to score: position 1's item.
  EXPECT_TRUE(c->CheckHolder({0, order[1]}, "solo").ok());
  EXPECT_EQ(c->CheckHolder({0, order[1]}, "other").code(), StatusCode::kFailedPrecondition);
  // Another annotator is served position 1 (new to it, expired): "solo" holds it no more.
  auto other = c->ProposeItem("other", 1000);
  ASSERT_TRUE(other.ok());
  EXPECT_EQ(other->item, (ScoringItem{0, order[1]}));
  EXPECT_EQ(c->CheckHolder({0, order[1]}, "solo").code(), StatusCode::kFailedPrecondition);
  EXPECT_TRUE(c->CheckHolder({0, order[1]}, "other").ok());
  // A score ends the holding.
  ASSERT_TRUE(c->ApplyScore({{0, order[0]}, 1.0}).ok());
  EXPECT_EQ(c->CheckHolder({0, order[0]}, "solo").code(), StatusCode::kFailedPrecondition);
}

// An annotator with items it was never served gets those first; its expired ones after.
TEST(ScoringCampaign, ItemsNewToTheAnnotatorComeBeforeItsExpiredOnes) {
  ScoredSegmentReadOptions o;
  auto t = ParseScoredSegments(
      "system\tdoc\tseg\tmqm\nA\td\tg0\tNone\nA\td\tg1\tNone\nA\td\tg2\tNone\n", "one", o);
  ASSERT_TRUE(t.ok());
  ScoringCampaignConfig config;
  config.table = *t;
  config.design = Design::kRandom;
  config.estimator = EstimatorSpec{};
  config.bound = BoundKind::kClt;
  config.lease_ms = 1000;
  auto c = Make(config);
  ASSERT_NE(c, nullptr);
  auto first = c->ProposeItem("a", 0);
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->position, 0);
  auto second = c->ProposeItem("a", 5000);  // position 0 expired, but 1 is new to "a"
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(second->position, 1);
  auto b = c->ProposeItem("b", 5000);  // position 0 is new to "b"
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->position, 0);
  // Never served: nobody holds position 2's item.
  EXPECT_EQ(c->CheckHolder({0, c->SystemOrder(0)[2]}, "a").code(), StatusCode::kFailedPrecondition);
  // Items the caller skips (scores being committed) are not served: position 2 is left.
  const int last = c->SystemOrder(0)[2];
  auto skipped =
      c->ProposeItem("c", 5000, [last](const ScoringItem& i) { return i.segment == last; });
  EXPECT_EQ(skipped.status().code(), StatusCode::kNotFound);
  auto served = c->ProposeItem("c", 5000);
  ASSERT_TRUE(served.ok());
  EXPECT_EQ(served->position, 2);
}

// Audit defect 6: 1e308 is refused without a declared range (|x| <= kMaxPlausibleScore);
// a negative score of a lower-is-better campaign is refused unless score_min allows it.
TEST(ScoringCampaign, ImplausibleScoresAreRefused) {
  auto c = Make(TinyConfig());
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->ValidateScore({{0, 0}, 1e308}).code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(c->ValidateScore({{0, 0}, -1e308}).code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(c->ValidateScore({{0, 0}, kMaxPlausibleScore}).ok());
  EXPECT_TRUE(c->ValidateScore({{0, 0}, -kMaxPlausibleScore}).ok());
  EXPECT_EQ(c->ValidateScore({{0, 0}, 2 * kMaxPlausibleScore}).code(),
            StatusCode::kInvalidArgument);
  EXPECT_TRUE(c->ValidateScore({{0, 0}, -5.0}).ok());  // higher is better: any sign
  ScoringCampaignConfig mqm = TinyConfig();
  mqm.lower_is_better = true;
  auto e = Make(mqm);
  ASSERT_NE(e, nullptr);
  const Status negative = e->ValidateScore({{0, 0}, -5.0});
  EXPECT_EQ(negative.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(negative.message().find("error points"), std::string::npos) << negative.message();
  EXPECT_TRUE(e->ValidateScore({{0, 0}, 0.0}).ok());
  EXPECT_TRUE(e->ValidateScore({{0, 0}, 25.0}).ok());
  mqm.score_min = -25.0;  // declared: negative scores allowed
  auto declared = Make(mqm);
  ASSERT_NE(declared, nullptr);
  EXPECT_TRUE(declared->ValidateScore({{0, 0}, -5.0}).ok());
  // A table score is checked the same way.
  ScoringCampaignConfig table = TinyConfig();
  table.lower_is_better = true;
  table.table.systems[0].annotated[0] = 1;
  table.table.systems[0].human[0] = -1.0;
  EXPECT_EQ(ValidateScoringCampaignConfig(table).code(), StatusCode::kInvalidArgument);
  table.table.systems[0].human[0] = 1e308;
  table.lower_is_better = false;
  EXPECT_EQ(ValidateScoringCampaignConfig(table).code(), StatusCode::kInvalidArgument);
}

TEST(ScoringCampaign, ClosedCampaignsServeNothingButStillEstimate) {
  auto c = Make(TinyConfig());
  ASSERT_NE(c, nullptr);
  auto a = c->ProposeItem("a", 0);
  ASSERT_TRUE(a.ok());
  c->Close();
  EXPECT_TRUE(c->closed());
  EXPECT_EQ(c->ProposeItem("a", 0).status().code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(c->CheckHolder(a->item, "a").code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(c->CheckImport(a->item).code(), StatusCode::kFailedPrecondition);
  // A score accepted before the close is still applied (the service commits it).
  ASSERT_TRUE(c->ApplyScore({a->item, 3.0}).ok());
  EXPECT_EQ(c->num_scored(), 1);
  auto e = c->Estimate();
  ASSERT_TRUE(e.ok());
  EXPECT_EQ((*e)[a->item.system].scored, 1);
}

// Audit defect 15: betting-cs with scores in the table is refused at creation; a fresh
// campaign's systems say why they have no estimate.
TEST(ScoringCampaign, BettingCsRefusesTableScoresAndFreshSystemsSayWhy) {
  ScoringCampaignConfig config = TinyConfig();
  config.design = Design::kRandom;
  config.bound = BoundKind::kBettingCs;
  config.score_min = 0.0;
  config.score_max = 10.0;
  auto fresh = Make(config);
  ASSERT_NE(fresh, nullptr);
  auto e = fresh->Estimate();
  ASSERT_TRUE(e.ok());
  EXPECT_FALSE((*e)[0].estimated);
  EXPECT_NE((*e)[0].note.find("0 scores"), std::string::npos) << (*e)[0].note;
  auto board = fresh->BoardFrom(fresh->Snapshot(), *e);
  ASSERT_TRUE(board.ok());
  EXPECT_FALSE(board->ranked);
  EXPECT_NE(board->note.find("system 'A' has no estimate"), std::string::npos) << board->note;
  EXPECT_EQ(fresh->CheckImport({0, 0}).code(), StatusCode::kFailedPrecondition);
  config.table.systems[1].annotated[5] = 1;
  config.table.systems[1].human[5] = 5.0;
  const Status refused = ValidateScoringCampaignConfig(config);
  EXPECT_EQ(refused.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(refused.message().find("betting-cs takes only the scores"), std::string::npos)
      << refused.message();
}

// Three systems scored on s0..s3 of N = 6 (random design, mean, CLT at 95 %, MQM: lower is
// better). A = 1, 2, 1, 2 (mean 1.5); B = 3, 4, 3, 5 (3.75); C = 4, 4, 3, 5 (4.0).
// Board: A, B, C. Paired differences on the 4 shared segments, v = (1 − 4/6)·s²/4, s²
// floored with one pseudo-residual of twice the pooled within-system variance of the
// scores (A 1, B 2.75, C 2 over 9 degrees of freedom: 5.75/9; doubled 1.277778):
//   A − B = −2, −2, −2, −3: mean −2.25, s² = (3·0.0625 + 0.5625)/3 = 0.25, floored to
//   (3·0.25 + 1.277778)/4 = 0.506944, v = 0.042245, half-width 1.959964·0.205537 =
//   0.402845: [−2.652845, −1.847155], separated;
//   B − C = −1, 0, 0, 0: mean −0.25, s² = 0.25, the same half-width: [−0.652845, 0.152845],
//   not separated. Clusters: A 1, B and C 2.
TEST(ScoringCampaign, BoardRanksAndClustersLikeEstimate) {
  ScoredSegmentReadOptions o;
  std::string text = "system\tdoc\tseg\tmqm\n";
  const double scores[3][4] = {{1, 2, 1, 2}, {3, 4, 3, 5}, {4, 4, 3, 5}};
  for (int s = 0; s < 3; ++s) {
    for (int g = 0; g < 6; ++g) {
      text += std::string(1, static_cast<char>('A' + s)) + "\td\tg" + std::to_string(g) + "\t" +
              (g < 4 ? std::to_string(scores[s][g]) : std::string("None")) + "\n";
    }
  }
  auto t = ParseScoredSegments(text, "three", o);
  ASSERT_TRUE(t.ok()) << t.status().message();
  ScoringCampaignConfig config;
  config.table = *t;
  config.design = Design::kRandom;
  config.estimator = EstimatorSpec{};
  config.bound = BoundKind::kClt;
  config.lower_is_better = true;
  auto c = Make(config);
  ASSERT_NE(c, nullptr);
  const ScoringSnapshot snapshot = c->Snapshot();
  auto e = c->EstimateFrom(snapshot);
  ASSERT_TRUE(e.ok());
  auto board = c->BoardFrom(snapshot, *e);
  ASSERT_TRUE(board.ok()) << board.status().message();
  ASSERT_TRUE(board->ranked) << board->note;
  EXPECT_EQ(board->order, (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(board->cluster, (std::vector<int>{1, 2, 2}));
  ASSERT_EQ(board->pairs.size(), 2u);
  const ScoringPair& ab = board->pairs[0];
  EXPECT_EQ(ab.better, "A");
  EXPECT_EQ(ab.worse, "B");
  EXPECT_EQ(ab.paired, 4);
  EXPECT_NEAR(ab.difference, -2.25, 1e-12);
  EXPECT_NEAR(ab.lo, -2.652845, 1e-6);
  EXPECT_NEAR(ab.hi, -1.847155, 1e-6);
  EXPECT_TRUE(ab.separated);
  const ScoringPair& bc = board->pairs[1];
  EXPECT_EQ(bc.better, "B");
  EXPECT_EQ(bc.worse, "C");
  EXPECT_NEAR(bc.difference, -0.25, 1e-12);
  EXPECT_NEAR(bc.lo, -0.652845, 1e-6);
  EXPECT_NEAR(bc.hi, 0.152845, 1e-6);
  EXPECT_FALSE(bc.separated);
}

// betting-cs: systems by value; a neighbours' interval is [lo_b − hi_w, hi_b − lo_w].
TEST(ScoringCampaign, BettingCsBoardDiffersTheSequences) {
  ScoringCampaignConfig config = TinyConfig();
  config.design = Design::kRandom;
  config.bound = BoundKind::kBettingCs;
  config.score_min = 0.0;
  config.score_max = 10.0;
  auto c = Make(config);
  ASSERT_NE(c, nullptr);
  // Every item scored: each sequence ends at its system's mean. A: 1..6 (3.5); B: 6 × 8.
  for (int g = 0; g < 6; ++g) {
    ASSERT_TRUE(c->ApplyScore({{0, g}, 1.0 + g}).ok());
    ASSERT_TRUE(c->ApplyScore({{1, g}, 8.0}).ok());
  }
  auto e = c->Estimate();
  ASSERT_TRUE(e.ok());
  auto board = c->BoardFrom(c->Snapshot(), *e);
  ASSERT_TRUE(board.ok());
  ASSERT_TRUE(board->ranked);
  EXPECT_EQ(board->order, (std::vector<int>{1, 0}));  // higher is better: B first
  ASSERT_EQ(board->pairs.size(), 1u);
  const ScoringPair& d = board->pairs[0];
  EXPECT_EQ(d.better, "B");
  EXPECT_NEAR(d.difference, 8.0 - 3.5, 1e-9);
  EXPECT_NEAR(d.lo, (*e)[1].lo - (*e)[0].hi, 1e-12);
  EXPECT_NEAR(d.hi, (*e)[1].hi - (*e)[0].lo, 1e-12);
  EXPECT_EQ(d.paired, 0);
  EXPECT_TRUE(d.separated);  // a census: both sequences are at their means
  EXPECT_EQ(board->cluster, (std::vector<int>{1, 2}));
}

}  // namespace
}  // namespace tourney
