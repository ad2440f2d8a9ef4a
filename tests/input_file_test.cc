#include "ingest/input_file.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <random>
#include <string>

#include "test_util.h"
#include "tourney/ingest/input_limits.h"

namespace tourney {
namespace {

// Compresses `text` as one gzip member with zlib directly (independent of Gunzip).
std::string GzipMember(const std::string& text) {
  z_stream z{};
  EXPECT_EQ(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
  std::string out(deflateBound(&z, text.size()) + 64, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&z, Z_FINISH), Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}

TEST(InputFile, RecognisesGzipByMagicBytes) {
  EXPECT_TRUE(IsGzip(std::string("\x1f\x8b\x08", 3)));
  EXPECT_FALSE(IsGzip("a,b,outcome"));
  EXPECT_FALSE(IsGzip(""));
  EXPECT_FALSE(IsGzip("\x1f"));
}

TEST(InputFile, ReadFileHeadReadsTheStoredBytes) {
  const std::string dir = testing::TempDir("input_file_head");
  testing::WriteFile(dir + "/short.csv", "a,b\n");
  testing::WriteFile(dir + "/long.csv", std::string(10000, 'x'));
  const std::string packed = GzipMember("a,b\n");
  testing::WriteFile(dir + "/packed.gz", packed);
  EXPECT_EQ(ReadFileHead(dir + "/short.csv", 4096), "a,b\n");  // shorter than asked: all 4
  EXPECT_EQ(ReadFileHead(dir + "/long.csv", 4096), std::string(4096, 'x'));
  EXPECT_EQ(ReadFileHead(dir + "/packed.gz", 4096), packed);  // not decompressed
  EXPECT_EQ(ReadFileHead(dir + "/missing.csv", 4096), "");
  EXPECT_EQ(ReadFileHead(dir, 4096), "");  // a directory reads nothing
}

TEST(InputFile, GunzipRoundTripsLargeText) {
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "line " + std::to_string(i) + ",A,B,a\n";
  std::string out;
  ASSERT_TRUE(Gunzip(GzipMember(text), "t.gz", &out).ok());
  EXPECT_EQ(out, text);
}

// Restores the default input limit when a test that lowers it ends, however it ends.
class InputLimit {
 public:
  explicit InputLimit(uint64_t bytes) { SetMaxDecompressedBytes(bytes); }
  ~InputLimit() { SetMaxDecompressedBytes(kDefaultMaxDecompressedBytes); }
  InputLimit(const InputLimit&) = delete;
  InputLimit& operator=(const InputLimit&) = delete;
};

// A gzip bomb at a small limit: 3 MiB of 'a' (about 3 KB compressed) against 1 MiB. The
// error names the file and the limit, and the output holds nothing.
TEST(InputFile, GunzipStopsAtTheLimit) {
  EXPECT_EQ(MaxDecompressedBytes(), uint64_t{1} << 30);  // the documented default
  const InputLimit limit(uint64_t{1} << 20);
  const std::string bomb = GzipMember(std::string(size_t{3} << 20, 'a'));
  EXPECT_LT(bomb.size(), size_t{10000});
  std::string out;
  const Status s = Gunzip(bomb, "bomb.csv.gz", &out);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(),
            "bomb.csv.gz: decompressed input larger than the limit of 1 MiB (raise it with "
            "--max-input-bytes or TOURNEY_MAX_INPUT_BYTES)");
  EXPECT_TRUE(out.empty());
  EXPECT_LE(out.capacity(), size_t{1} << 20);
  // Exactly at the limit is accepted, one byte over is not.
  ASSERT_TRUE(Gunzip(GzipMember(std::string(size_t{1} << 20, 'b')), "at.gz", &out).ok());
  EXPECT_EQ(out.size(), size_t{1} << 20);
  EXPECT_LE(out.capacity(), (size_t{1} << 20) + 64);  // grown to the limit, not past it
  EXPECT_FALSE(Gunzip(GzipMember(std::string((size_t{1} << 20) + 1, 'b')), "over.gz", &out).ok());
}

TEST(InputFile, ReadInputFileStopsAtTheLimitForGzipFiles) {
  const InputLimit limit(4096);
  const std::string dir = testing::TempDir("input_file_limit");
  testing::WriteFile(dir + "/b.csv.gz", GzipMember(std::string(100000, 'a')));
  testing::WriteFile(dir + "/plain.csv", std::string(100000, 'a'));
  std::string out;
  const Status s = ReadInputFile(dir + "/b.csv.gz", &out);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message().rfind(dir + "/b.csv.gz: decompressed input larger than the limit of "
                                    "4 KiB",
                              0),
            0u)
      << s.message();
  InputText text;
  EXPECT_FALSE(text.Open(dir + "/b.csv.gz").ok());
  // A plain file is mapped, not held: the limit does not apply.
  ASSERT_TRUE(text.Open(dir + "/plain.csv").ok());
  EXPECT_EQ(text.text().size(), 100000u);
  std::filesystem::remove_all(dir);
}

TEST(InputFile, ParsesByteCounts) {
  EXPECT_EQ(*ParseByteCount("1073741824"), uint64_t{1} << 30);
  EXPECT_EQ(*ParseByteCount("512M"), uint64_t{512} << 20);
  EXPECT_EQ(*ParseByteCount("2g"), uint64_t{2} << 30);
  EXPECT_EQ(*ParseByteCount("64KiB"), uint64_t{64} << 10);
  EXPECT_EQ(*ParseByteCount("1T"), uint64_t{1} << 40);
  for (const char* bad : {"", "0", "-1", "1.5G", "G", "12Q", "99999999999999999999"}) {
    EXPECT_FALSE(ParseByteCount(bad).ok()) << bad;
  }
  EXPECT_EQ(ByteCountText(uint64_t{1} << 30), "1 GiB");
  EXPECT_EQ(ByteCountText(uint64_t{3} << 20), "3 MiB");
  EXPECT_EQ(ByteCountText(1000), "1000 bytes");
}

TEST(InputFile, GunzipReadsConcatenatedMembers) {
  // `cat a.gz b.gz > ab.gz` decompresses to the concatenation, as gzip -d does.
  std::string out;
  ASSERT_TRUE(Gunzip(GzipMember("first\n") + GzipMember("second\n"), "ab.gz", &out).ok());
  EXPECT_EQ(out, "first\nsecond\n");
}

TEST(InputFile, TruncatedGzipIsAnErrorNamingTheFile) {
  const std::string gz = GzipMember(std::string(5000, 'x') + "tail");
  std::string out;
  const Status s = Gunzip(gz.substr(0, gz.size() / 2), "half.csv.gz", &out);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("half.csv.gz"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("truncated"), std::string::npos) << s.message();
}

TEST(InputFile, CorruptGzipIsAnError) {
  std::string gz = GzipMember("some text that compresses\n");
  gz[12] = static_cast<char>(gz[12] ^ 0x5a);
  gz[13] = static_cast<char>(gz[13] ^ 0xa5);
  std::string out;
  const Status s = Gunzip(gz, "bad.gz", &out);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("bad.gz"), std::string::npos) << s.message();
}

TEST(InputFile, TrailingGarbageIsAnError) {
  std::string out;
  const Status s = Gunzip(GzipMember("x\n") + "garbage", "g.gz", &out);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message().find("trailing garbage"), std::string::npos) << s.message();
}

TEST(InputFile, RandomCorruptionNeverCrashes) {
  // Property: any byte string starting with the magic bytes yields OK or a clean error.
  const std::string gz = GzipMember("srclang,trglang\nde,en\n");
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    std::string bytes = gz.substr(0, 2 + rng() % (gz.size() - 1));
    const int flips = static_cast<int>(rng() % 4);
    for (int f = 0; f < flips && bytes.size() > 2; ++f) {
      bytes[2 + rng() % (bytes.size() - 2)] = static_cast<char>(rng());
    }
    std::string out;
    const Status s = Gunzip(bytes, "fuzz.gz", &out);
    if (!s.ok()) {
      EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
    }
  }
}

TEST(InputFile, ReadsPlainAndGzipFilesAlike) {
  const std::string dir = testing::TempDir("input_file");
  const std::string text = "system_a,system_b,outcome\nA,B,a\n";
  testing::WriteFile(dir + "/plain.csv", text);
  testing::WriteFile(dir + "/packed.csv.gz", GzipMember(text));
  testing::WriteFile(dir + "/packed-no-suffix", GzipMember(text));
  for (const char* name : {"/plain.csv", "/packed.csv.gz", "/packed-no-suffix"}) {
    std::string out;
    ASSERT_TRUE(ReadInputFile(dir + name, &out).ok()) << name;
    EXPECT_EQ(out, text) << name;
  }
  std::filesystem::remove_all(dir);
}

TEST(InputFile, AReusedStringHoldsOnlyTheLastFile) {
  // One string read into again and again (as a worker reusing its buffer): a long plain
  // file, a short plain one, a gzip one, then the short one again.
  const std::string dir = testing::TempDir("input_file_reuse");
  const std::string long_text(200000, 'x'), short_text = "a,b\n";
  testing::WriteFile(dir + "/long.txt", long_text);
  testing::WriteFile(dir + "/short.txt", short_text);
  testing::WriteFile(dir + "/packed.gz", GzipMember(long_text + short_text));
  std::string out = "left over";
  ASSERT_TRUE(ReadInputFile(dir + "/long.txt", &out).ok());
  EXPECT_EQ(out, long_text);
  ASSERT_TRUE(ReadInputFile(dir + "/short.txt", &out).ok());
  EXPECT_EQ(out, short_text);
  ASSERT_TRUE(ReadInputFile(dir + "/packed.gz", &out).ok());
  EXPECT_EQ(out, long_text + short_text);
  ASSERT_TRUE(ReadInputFile(dir + "/short.txt", &out).ok());
  EXPECT_EQ(out, short_text);
  std::filesystem::remove_all(dir);
}

TEST(InputFile, InputTextMapsPlainFilesAndReadsGzipAndEmptyOnes) {
  // One InputText opened again and again (as a worker does): a plain file (mapped), a gzip
  // one (decompressed), an empty one, then the plain one again.
  const std::string dir = testing::TempDir("input_text");
  const std::string text = "line one\nline two\n";
  testing::WriteFile(dir + "/plain.txt", text);
  testing::WriteFile(dir + "/packed.gz", GzipMember(text + text));
  testing::WriteFile(dir + "/empty.txt", "");
  InputText input;
  ASSERT_TRUE(input.Open(dir + "/plain.txt").ok());
  EXPECT_EQ(input.text(), text);
  ASSERT_TRUE(input.Open(dir + "/packed.gz").ok());
  EXPECT_EQ(input.text(), text + text);
  ASSERT_TRUE(input.Open(dir + "/empty.txt").ok());
  EXPECT_EQ(input.text(), "");
  ASSERT_TRUE(input.Open(dir + "/plain.txt").ok());
  EXPECT_EQ(input.text(), text);
  std::filesystem::remove_all(dir);
}

TEST(InputFile, InputTextReportsAMissingFileAsReadInputFileDoes) {
  InputText input;
  const Status s = input.Open("/nonexistent/list.txt");
  EXPECT_EQ(s.code(), StatusCode::kIoError);
  EXPECT_EQ(s.message(), "/nonexistent/list.txt: cannot open: No such file or directory");
  EXPECT_EQ(input.text(), "");
}

TEST(InputFile, MissingFileIsAnIoError) {
  std::string out;
  const Status s = ReadInputFile("/nonexistent/judgments.csv", &out);
  EXPECT_EQ(s.code(), StatusCode::kIoError);
  EXPECT_NE(s.message().find("/nonexistent/judgments.csv: cannot open"), std::string::npos);
}

TEST(InputFile, StdinHasADisplayName) {
  EXPECT_EQ(InputDisplayName("-"), "<stdin>");
  EXPECT_EQ(InputDisplayName("a.csv"), "a.csv");
}

}  // namespace
}  // namespace tourney
