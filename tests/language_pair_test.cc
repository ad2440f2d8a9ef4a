#include "tourney/ingest/language_pair.h"

#include <gtest/gtest.h>

namespace tourney {
namespace {

TEST(LanguagePair, NormalisesTheSpellingsOfWmtData) {
  EXPECT_EQ(LanguagePairKey("deu", "eng"), "de-en");         // WMT16 CSV and XML
  EXPECT_EQ(LanguagePairKey("cze", "eng"), "cs-en");         // Appraise's Czech code
  EXPECT_EQ(LanguagePairKey("ces", "eng"), "cs-en");         // ISO 639-2/T
  EXPECT_EQ(LanguagePairKey("French", "English"), "fr-en");  // WMT13 CSV
  EXPECT_EQ(LanguagePairKey(" RON ", "eng"), "ro-en");
  EXPECT_EQ(LanguagePairKey("xx", "eng"), "xx-en");  // unknown: kept, lower-cased
  EXPECT_EQ(LanguagePairKey("", "eng"), "");
}

TEST(LanguagePair, ParsesWhatUsersWrite) {
  EXPECT_EQ(*ParseLanguagePair("de-en"), "de-en");
  EXPECT_EQ(*ParseLanguagePair("deu-eng"), "de-en");
  EXPECT_EQ(*ParseLanguagePair("German-English"), "de-en");
  EXPECT_EQ(*ParseLanguagePair("tur_eng"), "tr-en");
  EXPECT_FALSE(ParseLanguagePair("deen").ok());
  EXPECT_FALSE(ParseLanguagePair("de-en-fr").ok());
  EXPECT_FALSE(ParseLanguagePair("-en").ok());
}

TEST(LanguagePair, SplitsRankingsByPairInOrderOfAppearance) {
  Judgments j;
  const int32_t de = j.InternLanguagePair("de-en"), cs = j.InternLanguagePair("cs-en");
  const SystemId a = j.systems().Intern("A"), b = j.systems().Intern("B"),
                 c = j.systems().Intern("C");
  const uint8_t r12[] = {1, 2};
  const SystemId ab[] = {a, b}, bc[] = {b, c}, ca[] = {c, a};
  j.AddRanking(ab, r12, {}, 1, -1, -1, cs);
  j.AddRanking(bc, r12, {}, 2, -1, -1, de);
  j.AddRanking(ca, r12, {}, 3, -1, -1, cs);
  const auto parts = SplitByLanguagePair(j);
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(parts[0].first, "cs-en");
  EXPECT_EQ(parts[0].second.num_rankings(), 2u);
  EXPECT_EQ(parts[0].second.num_systems(), 3);  // A, B, C
  EXPECT_EQ(parts[1].first, "de-en");
  EXPECT_EQ(parts[1].second.num_rankings(), 1u);
  EXPECT_EQ(parts[1].second.num_systems(), 2);  // B, C only
  EXPECT_EQ(parts[1].second.ranking(0).segment, 2);
}

}  // namespace
}  // namespace tourney
