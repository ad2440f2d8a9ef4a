// Expected Wins on the WMT13 French-English judgments reproduces the official scores of the
// paper's Table 1 (Bojar et al. 2013) to +-0.003, in the same order.
#include <gtest/gtest.h>

#include "test_util.h"
#include "tourney/ingest/csv_reader.h"
#include "tourney/models/expected_wins.h"

namespace tourney {
namespace {

struct Official {
  const char* id;  // system id in the data
  double score;    // Table 1
};

// Table 1 of Sakaguchi, Post & Van Durme (2014), best first.
constexpr Official kTable1[] = {
    {"newstest2013.fr-en.uedin-heafield-unconstrained.2755", 0.638},
    {"newstest2013.fr-en.uedin-wmt13.2838", 0.604},
    {"newstest2013.fr-en.online-B", 0.591},
    {"newstest2013.fr-en.LIMSI-Ncode-SOUL-primary.2585", 0.571},
    {"newstest2013.fr-en.KIT_primary.2658", 0.562},
    {"newstest2013.fr-en.online-A", 0.541},
    {"newstest2013.fr-en.MES-SimplifiedFrench-primary.2662", 0.512},
    {"newstest2013.fr-en.DCU__primary.2828", 0.486},
    {"newstest2013.fr-en.RWTH_primary.2595", 0.439},
    {"newstest2013.fr-en.CMU_Tree-to-Tree.2893", 0.429},
    {"newstest2013.fr-en.cu-zeman.2738", 0.420},
    {"newstest2013.fr-en.JHU.2684", 0.389},
    {"newstest2013.fr-en.Shef-wproa.2780", 0.322},
};

TEST(Wmt13, ExpectedWinsReproducesTable1) {
  TOURNEY_REQUIRE_SHARED("data/wmt13-fr-en/train.csv");
  Judgments j;
  ASSERT_TRUE(ReadJudgmentsFile(testing::SharedPath("data/wmt13-fr-en/train.csv"), ReadOptions(),
                                &j, nullptr)
                  .ok());
  EXPECT_EQ(j.num_rankings(), 9996u);
  EXPECT_EQ(j.comparisons().size(), 99960u);
  ASSERT_EQ(j.num_systems(), 13);
  const auto scores = ExpectedWinsScores(PairCounts::FromComparisons(13, j.comparisons()),
                                         ExpectedWinsVariant::kExcludeTies);
  double previous = 2.0;
  for (const Official& o : kTable1) {
    const auto id = j.systems().Find(o.id);
    ASSERT_TRUE(id.has_value()) << o.id;
    EXPECT_NEAR(scores[*id], o.score, 0.003) << o.id;
    EXPECT_LT(scores[*id], previous) << o.id << " out of order";
    previous = scores[*id];
  }
}

}  // namespace
}  // namespace tourney
