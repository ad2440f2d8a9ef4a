#include "tourney/nbest/nbest_evaluation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "test_util.h"
#include "tourney/core/random.h"

namespace tourney {
namespace {

const char kGold[] =
    "p1|I am well\n"
    "estoy bien|0.5\n"
    "me encuentro bien|0.3\n"
    "estoy bueno|0.2\n"
    "\n"
    "p2|thanks\n"
    "gracias|0.6\n"
    "muchas gracias|0.4\n";

const char kSystemA[] =
    "p1|I am well\n"
    "estoy bien|-0.1\n"
    "algo mal|-0.5\n"
    "estoy bueno|-0.9\n"
    "me encuentro bien|-1.2\n"
    "\n"
    "p2|thanks\n"
    "gracias|-0.2\n"
    "nada|-0.4\n";

const char kSystemB[] =
    "p1|I am well\n"
    "me encuentro bien|-0.2\n"
    "estoy bien|-0.3\n"
    "\n"
    "p3|not in the gold\n"
    "x|-1\n";

std::unique_ptr<NbestGold> Gold(NbestOptions o) {
  auto file = ParseStaple(kGold, "gold", StapleKind::kGold);
  EXPECT_TRUE(file.ok());
  auto gold = NbestGold::Build(std::move(*file), o);
  EXPECT_TRUE(gold.ok()) << gold.status().message();
  return std::move(*gold);
}

NbestSystem Evaluate(const NbestGold& gold, const char* name, const char* text) {
  auto file = ParseStaple(text, name, StapleKind::kNbest);
  EXPECT_TRUE(file.ok());
  return EvaluateNbestSystem(gold, name, *file);
}

NbestOptions Options() {
  NbestOptions o;
  o.ablation = {0.5};
  o.bleu_depths = {1, 2};
  o.bleu_references = {1, 0};
  o.tokenizer = BleuTokenizer::kNone;
  o.bootstrap = 200;
  o.threads = 1;
  return o;
}

TEST(NbestEvaluation, MapByHand) {
  const auto gold = Gold(Options());
  const NbestSystem a = Evaluate(*gold, "A", kSystemA);
  // p1 (N = 3): valid at ranks 1, 3, 4: (1/1 + 2/3 + 3/4) / 3 = 29/36.
  // p2 (N = 2): valid at rank 1: (1/1) / 2.
  EXPECT_NEAR(a.ap[0], 29.0 / 36.0, 1e-15);
  EXPECT_NEAR(a.ap[1], 0.5, 1e-15);
  EXPECT_NEAR(a.map, (29.0 / 36.0 + 0.5) / 2.0, 1e-15);
  const NbestSystem b = Evaluate(*gold, "B", kSystemB);
  // p1: ranks 1 and 2 valid: (1 + 1) / 3; p2 unanswered: 0. p3 is not in the gold.
  EXPECT_NEAR(b.map, (2.0 / 3.0) / 2.0, 1e-15);
  EXPECT_EQ(b.answered, 1);
  EXPECT_EQ(b.unknown_prompts, 1);
}

TEST(NbestEvaluation, WeightedF1ByHand) {
  NbestOptions o = Options();
  const auto gold = Gold(o);
  const NbestSystem a = Evaluate(*gold, "A", kSystemA);
  // Whole lists. p1: precision 3/4, weighted recall (0.5 + 0.2 + 0.3) / 1 = 1:
  // F1 = 1.5 / 1.75 = 6/7. p2: precision 1/2, recall 0.6: F1 = 0.6 / 1.1 = 6/11.
  EXPECT_NEAR(a.weighted_f1, (6.0 / 7.0 + 6.0 / 11.0) / 2.0, 1e-15);
  o.f1_top = 1;
  const auto gold1 = Gold(o);
  // Top 1. p1: P = 1, R = 0.5: 2/3. p2: P = 1, R = 0.6: 1.2 / 1.6 = 3/4.
  EXPECT_NEAR(Evaluate(*gold1, "A", kSystemA).weighted_f1, (2.0 / 3.0 + 0.75) / 2.0, 1e-15);
}

TEST(NbestEvaluation, PreferenceCorrelationByHand) {
  const auto gold = Gold(Options());
  const NbestSystem a = Evaluate(*gold, "A", kSystemA);
  // p1's gold entries: scores (-0.1, -0.9, -1.2), weights (0.5, 0.2, 0.3). Score ranks
  // (3, 2, 1), weight ranks (3, 1, 2): sum d^2 = 2, rho = 1 - 6 * 2 / (3 * 8) = 0.5.
  // p2 has one gold entry: undefined, left out.
  ASSERT_TRUE(a.preference_rho.has_value());
  EXPECT_NEAR(*a.preference_rho, 0.5, 1e-15);
  EXPECT_EQ(a.preference_prompts, 1);
  // Pearson's r of the scores and log weights.
  const double x[] = {-0.1, -0.9, -1.2};
  const double y[] = {std::log(0.5), std::log(0.2), std::log(0.3)};
  const double mx = (x[0] + x[1] + x[2]) / 3, my = (y[0] + y[1] + y[2]) / 3;
  double sxy = 0, sxx = 0, syy = 0;
  for (int i = 0; i < 3; ++i) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) * (x[i] - mx);
    syy += (y[i] - my) * (y[i] - my);
  }
  EXPECT_NEAR(*a.preference_r, sxy / std::sqrt(sxx * syy), 1e-12);
}

TEST(NbestEvaluation, StreamingFromTextEqualsEvaluatingTheParsedFile) {
  NbestOptions o = Options();
  o.ablation = {0.3, 0.6};
  StapleGeneratorOptions g;
  g.prompts = 40;
  g.systems = 2;
  g.depth = 30;
  g.gold_per_prompt = 12;
  g.seed = 5;
  const GeneratedStaple data = GenerateStaple(g);
  auto gold_file = ParseStaple(data.gold, "gold", StapleKind::kGold);
  ASSERT_TRUE(gold_file.ok());
  auto gold = NbestGold::Build(std::move(*gold_file), o);
  ASSERT_TRUE(gold.ok());
  // A repeated entry and a prompt the gold lacks, on top of a generated list.
  const std::string text = data.nbest[1] + "prompt_0|again\n";
  for (const std::string& t : {std::string(kSystemA), std::string(kSystemB), data.nbest[1]}) {
    auto file = ParseStaple(t, "s", StapleKind::kNbest);
    ASSERT_TRUE(file.ok());
    const NbestSystem parsed = EvaluateNbestSystem(**gold, "s", *file);
    auto streamed = EvaluateNbestText(**gold, "s", t, "s");
    ASSERT_TRUE(streamed.ok()) << streamed.status().message();
    EXPECT_EQ(streamed->ap, parsed.ap);
    EXPECT_EQ(streamed->ablated_map, parsed.ablated_map);
    EXPECT_EQ(streamed->ablated_f1, parsed.ablated_f1);
    EXPECT_EQ(streamed->preference_rho, parsed.preference_rho);
    EXPECT_EQ(streamed->preference_r, parsed.preference_r);
    EXPECT_EQ(streamed->bleu, parsed.bleu);
    EXPECT_EQ(streamed->answered, parsed.answered);
    EXPECT_EQ(streamed->unknown_prompts, parsed.unknown_prompts);
    EXPECT_EQ(streamed->dropped_duplicates, parsed.dropped_duplicates);
  }
  // A second block for prompt_0 is an error naming the file and line.
  auto bad = EvaluateNbestText(**gold, "s", text, "sys.txt");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("sys.txt:"), std::string::npos);
  EXPECT_NE(bad.status().message().find("field 'id'"), std::string::npos);
}

TEST(NbestEvaluation, AblationRemovesTheLeastFrequentGold) {
  const auto gold = Gold(Options());
  const NbestSystem a = Evaluate(*gold, "A", kSystemA);
  const NbestSystem b = Evaluate(*gold, "B", kSystemB);
  ASSERT_EQ(a.ablated_map.size(), 2u);  // shares 0 and 0.5
  // Removing half: p1 loses floor(1.5) = 1 (estoy bueno, 0.2), p2 loses 1 (muchas
  // gracias). A: p1 valid at ranks 1 and 4 of N = 2: (1 + 2/4) / 2 = 0.75; p2: 1/1.
  EXPECT_NEAR(a.ablated_map[1], (0.75 + 1.0) / 2.0, 1e-15);
  // B: p1 both valid of N = 2: 1; p2: 0.
  EXPECT_NEAR(b.ablated_map[1], 0.5, 1e-15);
  auto eval = SummarizeNbest(*gold, {a, b});
  ASSERT_TRUE(eval.ok()) << eval.status().message();
  ASSERT_EQ(eval->ablation.size(), 2u);
  // Gold kept: 2 + 1 of 5.
  EXPECT_NEAR(eval->ablation[1].gold_kept, 3.0 / 5.0, 1e-15);
  EXPECT_EQ(*eval->ablation[1].spearman_rho, 1.0);
  EXPECT_EQ(*eval->ablation[1].kendall_tau_b, 1.0);
  // Pearson Rank of two items is undefined (the lower one weighs 0, so the weights sum to
  // zero): absent, with one warning for MAP and one for F1 naming the reason.
  EXPECT_FALSE(eval->ablation[1].pearson_rank.has_value());
  EXPECT_FALSE(eval->ablation[1].f1_pearson_rank.has_value());
  int pearson_rank_warnings = 0;
  for (const std::string& w : eval->leaderboard.warnings) {
    if (w.find("Pearson Rank") == std::string::npos) continue;
    ++pearson_rank_warnings;
    EXPECT_NE(w.find("weights sum to zero"), std::string::npos) << w;
    EXPECT_NE(w.find("removed 0%, 50%"), std::string::npos) << w;
  }
  EXPECT_EQ(pearson_rank_warnings, 2);
  // Weighted F1 against the kept gold. A, p1: 2 of 4 listed valid, all kept weight (0.8)
  // listed: P = 1/2, R = 1, F1 = 2/3; p2: P = 1/2, R = 0.6 / 0.6 = 1, F1 = 2/3.
  EXPECT_NEAR(a.ablated_f1[1], 2.0 / 3.0, 1e-15);
  // B, p1: P = 1, R = 1, F1 = 1; p2: 0.
  EXPECT_NEAR(b.ablated_f1[1], 0.5, 1e-15);
  // Full gold F1: A (6/7 + 6/11) / 2 = 0.70 > B (8/9 + 0) / 2 = 0.44; ablated 2/3 > 1/2: the
  // same order, so both rank correlations are 1.
  EXPECT_EQ(*eval->ablation[1].f1_spearman_rho, 1.0);
  EXPECT_EQ(*eval->ablation[1].f1_kendall_tau_b, 1.0);
}

TEST(NbestEvaluation, AblationCanSwapSystems) {
  // Gold p1: g1 (0.6), g2 (0.3), g3 (0.1). C lists g1 then the rare g3; D lists g1, junk, g2.
  // Full gold (N = 3): C: (1 + 2/2) / 3 = 2/3; D: (1 + 2/3) / 3 = 5/9: C first.
  // Removing floor(0.5 x 3) = 1 (g3), N = 2: C: 1/2; D: (1 + 2/3) / 2 = 5/6: D first.
  // Two systems in swapped order: rho = tau-b = -1.
  auto file = ParseStaple("p1|x\ng1|0.6\ng2|0.3\ng3|0.1\n", "gold", StapleKind::kGold);
  ASSERT_TRUE(file.ok());
  auto gold = NbestGold::Build(std::move(*file), Options());
  ASSERT_TRUE(gold.ok());
  const NbestSystem c = Evaluate(**gold, "C", "p1|x\ng1\ng3\n");
  const NbestSystem d = Evaluate(**gold, "D", "p1|x\ng1\njunk\ng2\n");
  EXPECT_NEAR(c.map, 2.0 / 3.0, 1e-15);
  EXPECT_NEAR(d.map, 5.0 / 9.0, 1e-15);
  EXPECT_NEAR(c.ablated_map[1], 0.5, 1e-15);
  EXPECT_NEAR(d.ablated_map[1], 5.0 / 6.0, 1e-15);
  auto eval = SummarizeNbest(**gold, {c, d});
  ASSERT_TRUE(eval.ok());
  EXPECT_EQ(*eval->ablation[1].spearman_rho, -1.0);
  EXPECT_EQ(*eval->ablation[1].kendall_tau_b, -1.0);
}

TEST(NbestEvaluation, BleuIsThePseudoCorpusOfTopXAgainstTopY) {
  const auto gold = Gold(Options());
  const NbestSystem a = Evaluate(*gold, "A", kSystemA);
  ASSERT_EQ(a.bleu.size(), 2u);
  // x = 2, y = 1: hypotheses "estoy bien", "algo mal" against "estoy bien" and "gracias",
  // "nada" against "gracias". Tokens: hyps 2+2+1+1 = 6; refs closest 2, 2, 1, 1 = 6.
  // 1-grams: estoy bien (2) + 0 + gracias (1) + 0 = 3 of 6; 2-grams: 1 of 2; 3-grams: none
  // in any hypothesis: BLEU 0.
  EXPECT_EQ(a.bleu[1][0], 0.0);
  auto direct =
      CorpusBleu({"estoy bien", "algo mal", "gracias", "nada"},
                 {{"estoy bien"}, {"estoy bien"}, {"gracias"}, {"gracias"}}, BleuTokenizer::kNone);
  ASSERT_TRUE(direct.ok());
  EXPECT_EQ(a.bleu[1][0], *direct);
}

TEST(NbestEvaluation, LeaderboardByMapWithClusters) {
  const auto gold = Gold(Options());
  auto eval =
      SummarizeNbest(*gold, {Evaluate(*gold, "B", kSystemB), Evaluate(*gold, "A", kSystemA)});
  ASSERT_TRUE(eval.ok());
  const Leaderboard& board = eval->leaderboard;
  ASSERT_EQ(board.entries.size(), 2u);
  EXPECT_EQ(board.entries[0].system, "A");
  EXPECT_EQ(board.entries[0].rank, 1);
  EXPECT_TRUE(board.entries[0].cluster.has_value());
  EXPECT_LE(*board.entries[0].score_lo, board.entries[0].score);
  EXPECT_GE(*board.entries[0].score_hi, board.entries[0].score);
  EXPECT_EQ(board.bootstrap_replicates, 200);
  // B misses p2 and names p3: both are warnings; with two systems Pearson Rank is undefined
  // for MAP and F1: one warning each.
  EXPECT_EQ(board.warnings.size(), 4u);
  EXPECT_FALSE(
      SummarizeNbest(*gold, {Evaluate(*gold, "A", kSystemA), Evaluate(*gold, "A", kSystemB)}).ok());
}

// prefix + n, built without operator+(const char*, std::string&&), which GCC 12 flags with a
// false -Wrestrict.
std::string Name(const char* prefix, int n) {
  std::string s(prefix);
  s += std::to_string(n);
  return s;
}

// MAP, weighted F1 (whole lists and top 4), their ablations and the preference correlations
// of random gold and n-best files with tied weights and tied scores, against an independent
// Python implementation of the definitions (SciPy for Spearman's rho and Pearson's r).
TEST(NbestEvaluation, AgreesWithAPythonImplementation) {
  const char* python = std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  if (testing::RunCommand(std::string(python) + " -c 'import scipy.stats'").exit_code != 0) {
    GTEST_SKIP() << "python3-scipy absent (tools/setup.sh installs it)";
  }
  const std::string dir = testing::TempDir("nbest_python");
  Rng rng(23);
  std::string gold_text;
  std::vector<std::vector<std::string>> gold_translations;
  for (int p = 0; p < 25; ++p) {
    gold_text += Name("p", p) + "|source\n";
    gold_translations.emplace_back();
    const int n = 3 + static_cast<int>(rng.UniformInt(10));
    for (int k = 0; k < n; ++k) {
      const std::string t = Name("t", p) + Name(" ", k);
      gold_translations.back().push_back(t);
      gold_text += t + Name("|0.", 1 + static_cast<int>(rng.UniformInt(3))) + "\n";  // ties
    }
    gold_text += "\n";
  }
  testing::WriteFile(dir + "/gold.txt", gold_text);
  std::vector<std::string> systems;
  for (int s = 0; s < 3; ++s) {
    std::string text;
    for (int p = 0; p < 25; ++p) {
      if (rng.Uniform() < 0.1) continue;  // unanswered prompt
      text += Name("p", p) + "|source\n";
      const int k = 1 + static_cast<int>(rng.UniformInt(14));
      const bool flat = rng.Uniform() < 0.2;  // one score for the whole list
      for (int i = 0; i < k; ++i) {
        const auto& gold = gold_translations[static_cast<size_t>(p)];
        const std::string t =
            rng.Uniform() < 0.6 ? gold[rng.UniformInt(gold.size())] : "junk " + std::to_string(i);
        const int score = flat ? 3 : static_cast<int>(rng.UniformInt(6));  // ties
        text += t + "|-" + std::to_string(score) + ".5\n";                 // repeats are dropped
      }
      text += "\n";
    }
    systems.push_back(text);
    testing::WriteFile(dir + "/s" + std::to_string(s) + ".txt", text);
  }
  testing::WriteFile(dir + "/nbest.py", R"PY(
import math, sys
from scipy import stats

def blocks(path):
    out = {}
    for block in open(path).read().split('\n\n'):
        lines = [l for l in block.split('\n') if l]
        if not lines:
            continue
        entries, seen = [], set()
        for line in lines[1:]:
            text, value = line.rsplit('|', 1)
            if text not in seen:
                seen.add(text)
                entries.append((text, float(value)))
        out[lines[0].split('|')[0]] = entries
    return out

gold = blocks(sys.argv[1])
for path in sys.argv[2:]:
    system = blocks(path)
    row = []
    for share in (0.0, 0.3, 0.7):
        for top in (0, 4):
            ap_sum = f1_sum = 0.0
            for pid, entries in gold.items():
                n = len(entries)
                order = sorted(range(n), key=lambda i: -entries[i][1])  # stable
                kept = order[:max(1, n - math.floor(share * n + 1e-9))]
                valid = {entries[i][0]: entries[i][1] for i in kept}
                listed = system.get(pid, [])
                hits, ap = 0, 0.0
                for rank, (text, _) in enumerate(listed, 1):
                    if text in valid:
                        hits += 1
                        ap += hits / rank
                ap_sum += ap / len(kept)
                head = listed[:top] if top else listed
                if head:
                    good = [valid[t] for t, _ in head if t in valid]
                    p = len(good) / len(head)
                    r = sum(good) / sum(valid.values())
                    f1_sum += 2 * p * r / (p + r) if p + r > 0 else 0.0
            if top == 0:
                row.append(ap_sum / len(gold))
            row.append(f1_sum / len(gold))
    rhos, rs = [], []
    for pid, listed in system.items():
        weight = dict(gold.get(pid, []))
        pairs = [(v, math.log(weight[t])) for t, v in listed if t in weight]
        if len(pairs) < 2:
            continue
        x, y = zip(*pairs)
        if len(set(x)) < 2 or len(set(y)) < 2:
            continue
        rhos.append(stats.spearmanr(x, y)[0])
        rs.append(stats.pearsonr(x, y)[0])
    row.append(sum(rhos) / len(rhos) if rhos else float('nan'))
    row.append(sum(rs) / len(rs) if rs else float('nan'))
    print(' '.join(repr(v) for v in row))
)PY");
  const auto run =
      testing::RunCommand(std::string(python) + " " + dir + "/nbest.py " + dir + "/gold.txt " +
                          dir + "/s0.txt " + dir + "/s1.txt " + dir + "/s2.txt");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  std::istringstream expected(run.out);
  auto gold_file = ParseStaple(gold_text, "gold", StapleKind::kGold);
  ASSERT_TRUE(gold_file.ok());
  for (int top : {0, 4}) {
    NbestOptions o = Options();
    o.bleu = false;
    o.f1_top = top;
    o.ablation = {0.3, 0.7};
    auto gold = NbestGold::Build(*gold_file, o);
    ASSERT_TRUE(gold.ok());
    std::istringstream want_rows(run.out);
    for (const std::string& text : systems) {
      auto got = EvaluateNbestText(**gold, "s", text, "s");
      ASSERT_TRUE(got.ok()) << got.status().message();
      // Python row: for each share, MAP, F1 (whole), F1 (top 4); then rho, r.
      std::vector<double> want(11);
      for (double& v : want) ASSERT_TRUE(want_rows >> v);
      for (int l = 0; l < 3; ++l) {
        EXPECT_NEAR(got->ablated_map[l], want[3 * l], 1e-12) << "share " << l;
        EXPECT_NEAR(got->ablated_f1[l], want[3 * l + (top == 0 ? 1 : 2)], 1e-12) << "share " << l;
      }
      ASSERT_TRUE(got->preference_rho.has_value());
      EXPECT_NEAR(*got->preference_rho, want[9], 1e-12);
      EXPECT_NEAR(*got->preference_r, want[10], 1e-12);
    }
  }
  std::filesystem::remove_all(dir);
}

TEST(NbestEvaluation, TranslationIndexFindsExactlyTheGold) {
  // 200 gold translations: each is found at its position; near misses (one more character,
  // the last one changed, another case) and texts of other prompts are not.
  std::vector<std::string> gold;
  for (int i = 0; i < 200; ++i) gold.push_back("gold translation " + std::to_string(i));
  NbestTranslationIndex index;
  index.Build(gold);
  EXPECT_EQ(index.size(), 200);
  for (int i = 0; i < 200; ++i) {
    EXPECT_EQ(index.Find(gold[i], StapleTextHash(gold[i])), i) << gold[i];
    for (const std::string& miss :
         {gold[i] + " ", gold[i].substr(0, gold[i].size() - 1) + "x",
          "Gold translation " + std::to_string(i), "gold translation " + std::to_string(i + 200)}) {
      EXPECT_EQ(index.Find(miss, StapleTextHash(miss)), -1) << miss;
    }
  }
  NbestTranslationIndex empty, unbuilt;
  empty.Build({});
  EXPECT_EQ(empty.Find("x", StapleTextHash("x")), -1);
  EXPECT_EQ(unbuilt.Find("x", StapleTextHash("x")), -1);
}

TEST(NbestEvaluation, RejectsBadOptions) {
  auto file = ParseStaple(kGold, "gold", StapleKind::kGold);
  ASSERT_TRUE(file.ok());
  NbestOptions o;
  o.ablation = {1.0};
  EXPECT_FALSE(NbestGold::Build(*file, o).ok());
  o = NbestOptions();
  o.bleu_depths = {0};
  EXPECT_FALSE(NbestGold::Build(*file, o).ok());
  o = NbestOptions();
  o.bootstrap = 0;
  EXPECT_FALSE(NbestGold::Build(*file, o).ok());
  EXPECT_FALSE(NbestGold::Build(StapleFile(), NbestOptions()).ok());
}

}  // namespace
}  // namespace tourney
