// CampaignTexts' checks (tourney/ingest/campaign_texts.h): the systems that copy the
// reference, on hand-made texts and on the WMT21 TED texts (system `ref` is the reference,
// README of ../shared/data/wmt21-ted-mqm-texts), sources that are markup, and RemoveSystem.
#include "tourney/ingest/campaign_texts.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_util.h"
#include "tourney/ingest/content_reader.h"

namespace tourney {
namespace {

// Systems A, B, C on four segments; the reference of segment i is "r<i>", except segment 3,
// which has none. A's outputs equal the references (3 of the 3 compared: a copy); B's and
// C's are "b<i>" and "c<i>", changed per test.
CampaignTexts FourSegments() {
  CampaignTexts t;
  t.systems = {"A", "B", "C"};
  for (int i = 0; i < 4; ++i) {
    SegmentTexts s;
    s.key = std::to_string(i);
    s.document = "d";
    s.source = "s" + std::to_string(i);
    if (i < 3) s.references = {"r" + std::to_string(i)};
    s.outputs = {"r" + std::to_string(i), "b" + std::to_string(i), "c" + std::to_string(i)};
    t.segments.push_back(s);
  }
  return t;
}

TEST(CampaignTexts, ReferenceCopyIsMoreThanHalfOfTheComparedSegments) {
  CampaignTexts t = FourSegments();
  // B equals the reference on segment 0 and (second reference) on segment 1: 2 of 3 > 1/2.
  t.segments[0].outputs[1] = "r0";
  t.segments[1].references.push_back("b1");
  // C equals it on segment 2 only (1 of 3), and has no output on segment 0 (2 compared).
  t.segments[2].outputs[2] = "r2";
  t.segments[0].outputs[2].reset();
  const std::vector<ReferenceCopy> copies = FindReferenceCopies(t);
  ASSERT_EQ(copies.size(), 2u);
  EXPECT_EQ(copies[0].system, 0u);  // A: segments 0, 1, 2 of the 3 with a reference
  EXPECT_EQ(copies[0].equal, 3);
  EXPECT_EQ(copies[0].compared, 3);
  EXPECT_EQ(copies[1].system, 1u);
  EXPECT_EQ(copies[1].equal, 2);
  EXPECT_EQ(copies[1].compared, 3);
  // Exactly half is not "most": C at 1 of 2 compared.
  t.segments[1].outputs[2] = "r1";  // C: now 2 of 2
  EXPECT_EQ(FindReferenceCopies(t).size(), 3u);
  t.segments[1].outputs[2] = "c1";
  t.segments[0].outputs[2] = "c0";  // C: 1 of 3
  EXPECT_EQ(FindReferenceCopies(t).size(), 2u);
  // One differing byte is not equal: A's trailing blank on two segments leaves 1 of 3.
  *t.segments[0].outputs[0] += " ";
  *t.segments[1].outputs[0] += " ";
  EXPECT_EQ(FindReferenceCopies(t).size(), 1u);
}

TEST(CampaignTexts, NoReferencesNoCopies) {
  CampaignTexts t = FourSegments();
  for (SegmentTexts& s : t.segments) s.references.clear();
  EXPECT_TRUE(FindReferenceCopies(t).empty());
}

TEST(CampaignTexts, TedReferenceSystemIsTheOnlyCopy) {
  constexpr char kTexts[] = "data/wmt21-ted-mqm-texts/en-de.texts.tsv.gz";
  TOURNEY_REQUIRE_SHARED(kTexts);
  auto texts = ReadContentFile(testing::SharedPath(kTexts));
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  const std::vector<ReferenceCopy> copies = FindReferenceCopies(*texts);
  // README: on the rows of system `ref` the reference equals the target, all 529 segments.
  // The closest MT system (HuaweiTSC) equals it in 23 segments, counted with Python's csv.
  ASSERT_EQ(copies.size(), 1u);
  EXPECT_EQ(texts->systems[copies[0].system], "ref");
  EXPECT_EQ(copies[0].equal, 529);
  EXPECT_EQ(copies[0].compared, 529);
}

TEST(CampaignTexts, MarkupSourcesAreEmbeddingElements) {
  CampaignTexts t = FourSegments();
  t.segments[0].source = "<iframe width=\"560\" src=\"https://example.org/v\"></iframe>";
  t.segments[1].source = "if a<b and c > d, then <i>x</i> <pre>";  // no listed element
  t.segments[2].source = "A picture: <IMG/>";
  t.segments[3].source = "<video\ncontrols>";
  EXPECT_EQ(FindMarkupSources(t), (std::vector<size_t>{0, 2, 3}));
}

TEST(CampaignTexts, RemoveSystemDropsItsNameAndOutputs) {
  CampaignTexts t = FourSegments();
  RemoveSystem(1, &t);
  EXPECT_EQ(t.systems, (std::vector<std::string>{"A", "C"}));
  for (int i = 0; i < 4; ++i) {
    ASSERT_EQ(t.segments[i].outputs.size(), 2u);
    EXPECT_EQ(*t.segments[i].outputs[1], "c" + std::to_string(i));
  }
}

}  // namespace
}  // namespace tourney
