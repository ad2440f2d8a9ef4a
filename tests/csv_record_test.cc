#include "ingest/csv_record.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace tourney {
namespace {

TEST(ScanTextTest, CountsNewlinesAcrossBlockBoundaries) {
  EXPECT_EQ(ScanText("").newlines, 0u);
  EXPECT_EQ(ScanText("a\nb\n").newlines, 2u);
  // 10,000 lines of 9 bytes + '\n': 100,000 bytes, more than 255 blocks of 16 bytes, so the
  // byte counters are flushed several times; every line ends in one '\n'.
  std::string text;
  for (int i = 0; i < 10000; ++i) text += "abcdefgh\n";
  EXPECT_EQ(ScanText(text).newlines, 10000u);
  // A tail shorter than 16 bytes after the blocks: 3 more newlines in "x\ny\nz\n".
  text += "x\ny\nz\n";
  EXPECT_EQ(ScanText(text).newlines, 10003u);
}

TEST(ScanTextTest, AsciiFlag) {
  EXPECT_TRUE(ScanText("").ascii);
  EXPECT_TRUE(ScanText(std::string(100, 'a')).ascii);
  // One byte >= 0x80 anywhere: in the vector part (offset 3) or in the tail (offset 33).
  std::string early(40, 'a');
  early[3] = '\xC3';
  EXPECT_FALSE(ScanText(early).ascii);
  std::string late(34, 'a');
  late[33] = '\xA9';
  EXPECT_FALSE(ScanText(late).ascii);
}

TEST(FindLineEndTest, OffsetOfTheNewlineAndQuotesBeforeIt) {
  bool quoted = true;
  // "a,b\nc": the newline at offset 3, no quote.
  EXPECT_EQ(FindLineEnd("a,b\nc", 5, &quoted), 3u);
  EXPECT_FALSE(quoted);
  // No newline: the whole size.
  EXPECT_EQ(FindLineEnd("abc", 3, &quoted), 3u);
  EXPECT_FALSE(quoted);
  // A quote after the newline does not count (offsets 20 and 21 in a 30-byte text).
  std::string text(30, 'x');
  text[20] = '\n';
  text[21] = '"';
  EXPECT_EQ(FindLineEnd(text.data(), text.size(), &quoted), 20u);
  EXPECT_FALSE(quoted);
  // In the same 16-byte block, before the newline (offset 18 < 20): it does.
  text[18] = '"';
  EXPECT_EQ(FindLineEnd(text.data(), text.size(), &quoted), 20u);
  EXPECT_TRUE(quoted);
  // In an earlier block (offset 2).
  text[18] = 'x';
  text[2] = '"';
  EXPECT_EQ(FindLineEnd(text.data(), text.size(), &quoted), 20u);
  EXPECT_TRUE(quoted);
}

// The fields as strings: a quoted field's view points into `storage`, which ends here.
std::vector<std::string> Split(std::string_view line) {
  std::vector<std::string_view> fields;
  std::vector<std::string> storage;
  EXPECT_TRUE(SplitCsvLine(line, &fields, &storage));
  return std::vector<std::string>(fields.begin(), fields.end());
}

TEST(SplitCsvLineTest, CommasAnywhereInTheBlocks) {
  // 20 commas in 20 bytes: 21 empty fields (16 commas in the first block, 4 in the tail).
  EXPECT_EQ(Split(std::string(20, ',')), std::vector<std::string>(21, ""));
  // "a,bb,...": fields of growing length across block boundaries.
  EXPECT_EQ(Split("a,bb,ccc,dddd,eeeee,ffffff,ggggggg,"),
            (std::vector<std::string>{"a", "bb", "ccc", "dddd", "eeeee", "ffffff", "ggggggg", ""}));
  // 200 fields "x" (399 bytes, 199 commas): more commas than are buffered between flushes.
  std::string line = "x";
  for (int i = 1; i < 200; ++i) line += ",x";
  const std::vector<std::string> fields = Split(line);
  ASSERT_EQ(fields.size(), 200u);
  for (const std::string& f : fields) EXPECT_EQ(f, "x");
  // 5 commas in one block then a field with no comma after it: "1,2,3,4,5,678901234567".
  EXPECT_EQ(Split("1,2,3,4,5,678901234567"),
            (std::vector<std::string>{"1", "2", "3", "4", "5", "678901234567"}));
}

TEST(SplitCsvLineTest, QuoteAfterTheFirstBlock) {
  // The quote is at offset 20: the first block's commas must not leak into the result.
  EXPECT_EQ(
      Split("a,b,c,d,e,f,g,h,i,j,\"k,l\",m"),
      (std::vector<std::string>{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k,l", "m"}));
}

TEST(CsvRecordReaderTest, LinesAndQuotedRecords) {
  // Line 1 plain, lines 2-3 one record (a quoted field holds the newline), line 4 has a
  // quoted comma, \r\n endings are stripped.
  CsvRecordReader reader("a,b\r\n\"x\ny\",z\n\"p,q\",r\n");
  std::string_view line;
  ASSERT_TRUE(reader.Next(&line));
  EXPECT_EQ(line, "a,b");
  EXPECT_EQ(reader.line_number(), 1);
  ASSERT_TRUE(reader.Next(&line));
  EXPECT_EQ(line, "\"x\ny\",z");
  EXPECT_EQ(reader.line_number(), 2);
  ASSERT_TRUE(reader.Next(&line));
  EXPECT_EQ(line, "\"p,q\",r");
  EXPECT_EQ(reader.line_number(), 4);
  EXPECT_FALSE(reader.Next(&line));
}

}  // namespace
}  // namespace tourney
