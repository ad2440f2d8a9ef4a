// The content builder: merging, conflicts named at both places, keys and ordering.
#include "ingest/content_builder.h"

#include <gtest/gtest.h>

namespace tourney {
namespace {

TEST(ContentBuilder, KeysByDocumentPositionAndOrdersByFirstSeenDocument) {
  ContentBuilder b("test");
  auto s1 = b.Segment("x1", "", "d2", "src1", std::nullopt, "f:1");
  auto s2 = b.Segment("x2", "", "d1", "src2", std::nullopt, "f:2");
  auto s3 = b.Segment("x3", "", "d2", "src3", std::nullopt, "f:3");
  ASSERT_TRUE(s1.ok() && s2.ok() && s3.ok());
  EXPECT_EQ(*b.Segment("x1", "", "d2", "src1", std::nullopt, "f:4"), *s1);  // merged
  ASSERT_TRUE(b.AddOutput(*s3, "B", "b3", "f:3").ok());
  ASSERT_TRUE(b.AddOutput(*s1, "A", "a1", "f:1").ok());
  ASSERT_TRUE(b.AddOutput(*s1, "A", "a1", "f:5").ok());  // the same text again: merged
  auto texts = std::move(b).Finish("f");
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  EXPECT_EQ(texts->systems, (std::vector<std::string>{"B", "A"}));
  ASSERT_EQ(texts->segments.size(), 3u);
  EXPECT_EQ(texts->segments[0].key, "d2#1");
  EXPECT_EQ(texts->segments[1].key, "d2#2");
  EXPECT_EQ(texts->segments[2].key, "d1#1");
  EXPECT_EQ(texts->skipped.repeated_outputs, 1);
  EXPECT_EQ(texts->NumGaps(), 4);
}

TEST(ContentBuilder, ConflictsNameBothPlaces) {
  ContentBuilder b("test");
  auto s = b.Segment("k", "k", "d", "src", 1, "f:2");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(b.Segment("k", "k", "d", "other", 1, "f:9").status().message(),
            "f:9: segment 'k': the source text differs from the one at f:2");
  ASSERT_TRUE(b.AddOutput(*s, "A", "x", "f:2").ok());
  EXPECT_EQ(b.AddOutput(*s, "A", "y", "f:3").message(),
            "f:3: system 'A', segment 'k': the output differs from the one at f:2");
  ASSERT_TRUE(b.SetReference(*s, "r", "f:2").ok());
  EXPECT_EQ(b.SetReference(*s, "R", "f:4").message(),
            "f:4: segment 'k': the reference differs from the one at f:2");
}

TEST(ContentBuilder, DuplicateKeysAndEmptyInputAreErrors) {
  ContentBuilder b("test");
  ASSERT_TRUE(b.Segment("a", "k", "d", "s", std::nullopt, "f:1").ok());
  ASSERT_TRUE(b.Segment("b", "k", "d", "t", std::nullopt, "f:2").ok());
  auto texts = std::move(b).Finish("f");
  ASSERT_FALSE(texts.ok());
  EXPECT_EQ(texts.status().message(), "f:2: segment key 'k' is taken by another segment at f:1");
  ContentBuilder empty("test");
  EXPECT_FALSE(std::move(empty).Finish("f").ok());
}

}  // namespace
}  // namespace tourney
