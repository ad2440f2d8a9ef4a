// Property / fuzz test of the content importers: random edits and truncations of valid
// Pearmut, Appraise, MQM TSV and table inputs never crash; each either parses into
// consistent content (one output slot per system on every segment, distinct keys) or fails
// with a message that starts with the file's name (and, for the TSVs, a line in range).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>

#include "fuzz_mutation.h"
#include "tourney/core/random.h"
#include "tourney/ingest/content_reader.h"

namespace tourney {
namespace {

std::string ValidPearmut(Rng& rng) {
  std::string s = "{\"campaign_id\": \"c\", \"data\": [";
  for (int task = 0; task < 2; ++task) {
    s += task ? ", [" : "[";
    for (int item = 0; item < 4; ++item) {
      s += item ? ", " : "";
      s += "[{\"doc_id\": \"d" + std::to_string(rng.UniformInt(3)) + "\", \"src\": \"s" +
           std::to_string(item) + "\\n\\\"q\\\"\", \"tgt\": {\"M" +
           std::to_string(rng.UniformInt(3)) + "\": \"t\\u00e9" + std::to_string(item) + "\"}}]";
    }
    s += "]";
  }
  return s + "]}";
}

std::string ValidAppraise(Rng& rng) {
  std::string s =
      "[{\"task\": {\"sourceLanguage\": \"eng\", \"targetLanguage\": \"deu\"}, "
      "\"items\": [";
  for (int item = 0; item < 6; ++item) {
    s += item ? ", " : "";
    s += "{\"itemType\": \"";
    s += rng.UniformInt(4) == 0 ? "BAD" : "TGT";
    s += "\", \"documentID\": \"d\", \"sourceText\": \"s" + std::to_string(item) +
         "\", \"targetID\": \"A+B\", \"targetText\": \"t" + std::to_string(item) + "\"}";
  }
  return s + "]}]";
}

std::string ValidTsv(Rng& rng, bool mqm) {
  std::string s = mqm ? "system\tdoc\tdoc_id\tseg_id\trater\tsource\ttarget\tcategory\tseverity\t"
                        "comment\n"
                      : "system\tdoc\tseg\tsource\ttarget\treference\n";
  for (int system = 0; system < 3; ++system) {
    for (int seg = 1; seg <= 5; ++seg) {
      s += system == 2 && mqm ? std::string("ref") : "S" + std::to_string(system);
      s += "\td" + std::to_string(seg / 3) + "\t";
      if (mqm) s += std::to_string(seg) + "\t";
      s += std::to_string(seg) + "\t";
      if (mqm) s += "r1\t";
      s += "src \"" + std::to_string(seg) + "\"\t";
      s += rng.UniformInt(2) ? "<v>out</v> " : "out ";
      s += std::to_string(seg);
      s += mqm ? "\tStyle\tMinor\t\n" : "\tref\n";
    }
  }
  return s;
}

void CheckOutcome(const StatusOr<CampaignTexts>& texts, const std::string& name,
                  const std::string& text, bool lines) {
  if (!texts.ok()) {
    const std::string& m = texts.status().message();
    ASSERT_EQ(m.rfind(name + ":", 0), 0u) << m;
    if (lines && m.size() > name.size() + 1 && std::isdigit(m[name.size() + 1])) {
      const long line = std::stol(m.substr(name.size() + 1));
      EXPECT_GE(line, 1);
      EXPECT_LE(line, 1 + static_cast<long>(std::count(text.begin(), text.end(), '\n'))) << m;
    }
    return;
  }
  std::set<std::string> keys;
  for (const SegmentTexts& s : texts->segments) {
    EXPECT_EQ(s.outputs.size(), texts->systems.size());
    EXPECT_TRUE(keys.insert(s.key).second) << s.key;
  }
  EXPECT_FALSE(texts->segments.empty());
}

TEST(ContentReaderFuzz, CorruptedInputsNeverCrash) {
  Rng rng(35);
  const std::string json_alphabet = "{}[]\":,\\ntu0123456789 \xC3\xA9";
  const std::string tsv_alphabet = "\t\n\r<>/v\"S0123456789dref ";
  int parsed = 0;
  for (int iter = 0; iter < 2000; ++iter) {
    const int kind = iter % 4;
    std::string text = kind == 0   ? ValidPearmut(rng)
                       : kind == 1 ? ValidAppraise(rng)
                                   : ValidTsv(rng, kind == 2);
    if (rng.UniformInt(5) == 0) {
      text.resize(rng.UniformInt(text.size()));  // a truncated file
    } else {
      testing::MutateText(rng, kind < 2 ? json_alphabet : tsv_alphabet,
                          1 + static_cast<int>(rng.UniformInt(4)), 6, &text);
    }
    const std::string name = "f" + std::to_string(kind) + ".in";
    StatusOr<CampaignTexts> texts = kind == 0   ? ParsePearmutContent(text, name)
                                    : kind == 1 ? ParseAppraiseContent(text, name)
                                    : kind == 2 ? ParseMqmTsvContent(text, name)
                                                : ParseTableContent(text, name);
    CheckOutcome(texts, name, text, kind >= 2);
    parsed += texts.ok() ? 1 : 0;
  }
  // Both outcomes occur: the property is exercised on each side.
  EXPECT_GT(parsed, 100);
  EXPECT_LT(parsed, 1900);
}

TEST(ContentReaderFuzz, DetectionNeverCrashes) {
  Rng rng(36);
  for (int iter = 0; iter < 500; ++iter) {
    std::string text = iter % 2 ? ValidTsv(rng, iter % 4 == 1) : ValidPearmut(rng);
    testing::MutateText(rng, "{[\t\n ", 3, 4, &text);
    auto format = DetectContentFormat(text, "x");
    if (!format.ok()) {
      EXPECT_EQ(format.status().message().rfind("x: ", 0), 0u);
    }
  }
}

}  // namespace
}  // namespace tourney
