// Property / fuzz test of the mt-metrics-eval parsers: random corruptions of valid .seg.score,
// .sys.score, .domain.score and .docs texts never crash; each either parses into a
// consistent result (every system with one finite score per segment; one domain and one
// document per line) or fails with a message that starts with the file's name and, for a
// line, a line number within the text.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <string>

#include "fuzz_mutation.h"
#include "tourney/core/random.h"
#include "tourney/ingest/mtme_reader.h"

namespace tourney {
namespace {

std::string ValidSegmentScores(Rng& rng) {
  std::string s = rng.UniformInt(2) == 0 ? "\xEF\xBB\xBF" : "";
  for (int sys = 0; sys < 3; ++sys) {
    for (int seg = 0; seg < 10; ++seg) {
      s += "SYS";
      s += std::to_string(sys);
      s += rng.UniformInt(2) == 0 ? "\t" : "  ";
      s += rng.UniformInt(5) == 0 ? std::string("None")
           : rng.UniformInt(5) == 0 ? std::string("-0.0")
                                    : std::to_string(rng.Uniform() * -25);
      s += '\n';
    }
  }
  return s;
}

std::string ValidDomainScores(Rng& rng) {
  std::string s;
  for (int d = 0; d < 3; ++d) {
    for (int sys = 0; sys < 3; ++sys) {
      s += "dom";
      s += std::to_string(d);
      s += "\tSYS";
      s += std::to_string(sys);
      s += '\t';
      s += std::to_string(rng.Uniform() * 100);
      s += '\n';
    }
  }
  return s;
}

std::string ValidDocs() {
  std::string s;
  for (int seg = 0; seg < 20; ++seg) {
    s += seg < 10 ? "news\tdoc" : "social\tdoc";
    s += std::to_string(seg / 4);
    s += '\n';
  }
  return s;
}

int CountLines(const std::string& text) {
  int lines = 1;
  for (char c : text) lines += c == '\n';
  return lines;
}

// The message names `file` and, when it names a line, one within the text.
void ExpectNamedMessage(const std::string& message, const std::string& file, int lines) {
  ASSERT_EQ(message.rfind(file, 0), 0u) << message;
  const size_t at = file.size();
  if (message.size() > at + 1 && message[at] == ':' &&
      std::isdigit(static_cast<unsigned char>(message[at + 1]))) {
    const int line = std::stoi(message.substr(at + 1));
    EXPECT_GE(line, 1) << message;
    EXPECT_LE(line, lines) << message;
  }
}

TEST(MtmeReaderFuzz, CorruptedFilesNeverCrashAndStayConsistent) {
  Rng rng(4823);
  const std::string alphabet = "\t \n\r.-+e0123456789NoneSYSdm\xEF\xBB\xBF\xFF";
  int parsed = 0, failed = 0;
  for (int iter = 0; iter < 2000; ++iter) {
    const int kind = iter % 4;
    std::string text = kind == 0 || kind == 1 ? ValidSegmentScores(rng)
                       : kind == 2           ? ValidDomainScores(rng)
                                             : ValidDocs();
    testing::MutateText(rng, alphabet, 1 + static_cast<int>(rng.UniformInt(5)), 4, &text);
    const int lines = CountLines(text);
    if (kind <= 1) {
      auto s = ParseMtmeSegmentScores(text, "f.seg.score", kind == 0 ? 0 : 10, kind == 0);
      if (!s.ok()) {
        ExpectNamedMessage(s.status().message(), "f.seg.score", lines);
        ++failed;
        continue;
      }
      ++parsed;
      ASSERT_GE(s->num_systems(), 1);
      for (int sys = 0; sys < s->num_systems(); ++sys) {
        ASSERT_EQ(static_cast<int64_t>(s->scores[sys].size()), s->num_segments);
        ASSERT_EQ(static_cast<int64_t>(s->scored[sys].size()), s->num_segments);
        for (double v : s->scores[sys]) ASSERT_TRUE(std::isfinite(v));
      }
      if (kind == 1) {
        for (const auto& flags : s->scored) {
          for (uint8_t f : flags) ASSERT_EQ(f, 1);  // metric files have no None
        }
      }
    } else if (kind == 2) {
      auto d = ParseMtmeScoreLines(text, "f.domain.score", true);
      if (!d.ok()) {
        ExpectNamedMessage(d.status().message(), "f.domain.score", lines);
        ++failed;
        continue;
      }
      ++parsed;
      for (const MtmeScoreLine& l : *d) {
        ASSERT_TRUE(std::isfinite(l.score));
        ASSERT_FALSE(l.domain.empty());
        ASSERT_FALSE(l.system.empty());
      }
    } else {
      auto d = ParseMtmeDocuments(text, "f.docs");
      if (!d.ok()) {
        ExpectNamedMessage(d.status().message(), "f.docs", lines);
        ++failed;
        continue;
      }
      ++parsed;
      ASSERT_EQ(d->segment_domain.size(), d->segment_document.size());
      for (size_t k = 0; k < d->segment_domain.size(); ++k) {
        ASSERT_LT(d->segment_domain[k], static_cast<int>(d->domain_names.size()));
        ASSERT_LT(d->segment_document[k], static_cast<int>(d->document_names.size()));
      }
    }
  }
  // Both outcomes occur: the corruptions reach the checks and the valid paths.
  EXPECT_GT(parsed, 100);
  EXPECT_GT(failed, 100);
}

TEST(MtmeReaderFuzz, CorruptedTextLinesNeverCrash) {
  Rng rng(91);
  const std::string alphabet = "\n\r ab\xEF\xBB\xBF\xC3\xA4\xFF";
  for (int iter = 0; iter < 1000; ++iter) {
    std::string text = "\xEF\xBB\xBF" "Erste Zeile\n\nzweite \xC3\xA4\nletzte\n";
    testing::MutateText(rng, alphabet, 1 + static_cast<int>(rng.UniformInt(4)), 3, &text);
    auto lines = ParseMtmeTextLines(text, "o.txt");
    if (!lines.ok()) {
      ExpectNamedMessage(lines.status().message(), "o.txt", CountLines(text));
      continue;
    }
    for (const std::string& l : *lines) ASSERT_EQ(l.find('\n'), std::string::npos);
  }
}

}  // namespace
}  // namespace tourney
