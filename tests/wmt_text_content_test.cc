// The WMT plain-text importer: line-aligned files, document ids, line count errors naming
// the file and the line.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "test_util.h"
#include "tourney/ingest/content_reader.h"

namespace tourney {
namespace {

using Outputs = std::vector<std::pair<std::string, NamedText>>;

TEST(WmtTextContent, ReadsAlignedLinesWithDocuments) {
  const NamedText source{"wmt/newstest.src", "a\n\"b\"\tc\r\n\nd"};
  const NamedText reference{"newstest.ref", "A\nB\n\nD\n"};
  const NamedText docs{"newstest.docids", "x\nx\ny\nx\n"};
  const Outputs outputs = {{"S1", {"s1.txt", "1\n2\n3\n4\n"}}, {"S2", {"s2.txt", "i\n\nii\niv\n"}}};
  auto texts = ParseWmtTextContent(source, reference, outputs, docs);
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  EXPECT_EQ(texts->format, "wmt-text");
  EXPECT_EQ(texts->systems, (std::vector<std::string>{"S1", "S2"}));
  ASSERT_EQ(texts->segments.size(), 4u);
  // Documents in first-seen order: x (lines 1, 2, 4), then y (line 3).
  EXPECT_EQ(texts->segments[0].key, "1");
  EXPECT_EQ(texts->segments[1].key, "2");
  EXPECT_EQ(texts->segments[2].key, "4");
  EXPECT_EQ(texts->segments[3].key, "3");
  EXPECT_EQ(texts->segments[1].source, "\"b\"\tc");  // "\r\n" ends the line
  EXPECT_EQ(texts->segments[3].source, "");
  EXPECT_EQ(texts->segments[2].source, "d");  // last line without "\n"
  EXPECT_EQ(texts->segments[3].document, "y");
  EXPECT_EQ(*texts->segments[1].outputs[1], "");
  EXPECT_EQ(texts->segments[2].references, (std::vector<std::string>{"D"}));
  EXPECT_EQ(texts->NumGaps(), 0);
}

TEST(WmtTextContent, WithoutDocumentIdsOneDocumentNamedAfterTheSource) {
  auto texts = ParseWmtTextContent({"dir/test.en", "a\nb\n"}, {}, {{"A", {"a.txt", "x\ny\n"}}}, {});
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  EXPECT_EQ(texts->NumDocuments(), 1);
  EXPECT_EQ(texts->segments[0].document, "test.en");
  EXPECT_TRUE(texts->segments[0].references.empty());
}

TEST(WmtTextContent, LineCountMismatchNamesFileAndLine) {
  auto shorter =
      ParseWmtTextContent({"src.txt", "a\nb\nc\n"}, {}, {{"A", {"a.txt", "x\ny\n"}}}, {});
  ASSERT_FALSE(shorter.ok());
  EXPECT_EQ(shorter.status().message(),
            "a.txt:3: missing: the file has 2 lines, the source src.txt has 3");
  auto longer =
      ParseWmtTextContent({"src.txt", "a\n"}, {"ref.txt", "r\ns\n"}, {{"A", {"a.txt", "x\n"}}}, {});
  ASSERT_FALSE(longer.ok());
  EXPECT_EQ(longer.status().message(),
            "ref.txt:2: one line too many: the file has 2 lines, the source src.txt has 1");
  auto none = ParseWmtTextContent({"src.txt", "a\n"}, {}, {}, {});
  ASSERT_FALSE(none.ok());
  auto empty_doc =
      ParseWmtTextContent({"src.txt", "a\n"}, {}, {{"A", {"a.txt", "x\n"}}}, {"d.txt", "\n"});
  ASSERT_FALSE(empty_doc.ok());
  EXPECT_EQ(empty_doc.status().message(), "d.txt:1: the document id is empty");
}

TEST(WmtTextContent, ReadsFilesFromDisk) {
  const std::string dir = testing::TempDir("wmt_text_content");
  testing::WriteFile(dir + "/src", "one\ntwo\n");
  testing::WriteFile(dir + "/a", "eins\nzwei\n");
  WmtTextFiles files;
  files.source = dir + "/src";
  files.outputs = {{"A", dir + "/a"}};
  auto texts = ReadWmtTextContent(files);
  ASSERT_TRUE(texts.ok()) << texts.status().message();
  EXPECT_EQ(*texts->segments[1].outputs[0], "zwei");
  files.outputs = {{"A", dir + "/absent"}};
  auto missing = ReadWmtTextContent(files);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().code(), StatusCode::kIoError);
}

}  // namespace
}  // namespace tourney
