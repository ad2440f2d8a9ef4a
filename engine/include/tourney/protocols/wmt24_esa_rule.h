// WMT24's official ranking rule for ESA, reproduced and labelled as such (`tourney
// rank|cluster FILE --protocol wmt24-esa`). Read from the organisers' scripts in
// wmt-conference/wmt24-news-systems, humeval/calculate_clusters.py (the driver, run without
// --micro) and humeval/tools.py (load_data, attach_resources,
// weighted_wilcoxon_signed_rank_test, get_pvalues, get_ranks, and later get_clusters); no
// code copied. The repository holds two revisions of the statistics:
//   kPublished   the one that wrote the tables in the repository (generated_human_ranking
//                *.tex; tables and scripts read at commits 46252a5 and 71cc027): one-sided
//                tests, directional wins, clusters from the rank ranges. The default.
//   kRepository  a later one (read at commit 0e7dc08): two-sided tests, wins given to the
//                higher score, get_clusters. No table in the repository comes from it (it
//                cannot give WMT24 en-cs's "3-3" to the second system by score).
//
// DESCRIPTION
//   Input: one language pair's ESA judgments as the Appraise reader leaves a 12-field export
//   (tourney/ingest/appraise_scores_reader.h), which already applies load_data's filters:
//   TGT items only, tutorial, canary and filler ("#incomplete", "#dup") documents out, and of
//   an item an annotator submitted more than once only the latest submission (by endTime).
//   - Item score of (system, segment) = the mean over its annotators ("if there are multiple
//     ratings for the same segment, average them"). BAD and REF items are left out.
//   - Domain of a segment. attach_resources reads it from the test set's
//     txt/documents/LP.docs (column 1 the domain, column 2 the documentID, line = itemID + 1
//     below the canary line). In those files the domain is always the part of the documentID
//     between "test-<language>-" and the first '_' ("test-en-news_scotsman.87458" -> "news",
//     "test-cs-official_official01" -> "official"), so tourney takes it from the documentID
//     (Wmt24DomainOfDocument). A documentID of another shape falls in the domain "other".
//   - Domain score of a system = the mean of its item scores in that domain. System score
//     (the table's "Human") = the mean of its domain scores over the domains where it has
//     items: a macro average, each domain counting once whatever its size. With
//     `macro = false`, the mean of its item scores (the script's --micro).
//   - Order: by system score, highest first; equal scores in byte order of the names
//     (pandas' groupby order, which its sort keeps for up to 16 systems).
//   - Signed-rank test of differences d as scipy.stats.wilcoxon computes it with its defaults
//     (zero_method "wilcox", no continuity correction, method "auto"; scipy <= 1.14): with
//     n <= 50 differences none of them zero, the exact null distribution of W+ (the 2^n
//     equally likely signs of the ranks 1..n) at w = the sum of the positive differences'
//     average ranks of |d|: one-sided "greater" p = P(W+ >= floor(w)), two-sided p =
//     min(1, 2 min(P(W+ >= floor(w)), P(W+ <= ceil(w)))); otherwise zeros dropped, m left,
//     z = (w - m(m+1)/4) / sqrt((m(m+1)(2m+1) - sum(t^3 - t)/2) / 24) over tie groups t,
//     "greater" p = 1 - Phi(z) (as Phi(-z)), two-sided p = 2 Phi(-|z|); m = 0 gives NaN.
//   - p(A, B), for every ordered pair: the items both were scored on (same segment), grouped
//     by domain (the domain of A's item); in each domain the test of d = A - B; the K domains'
//     p-values combined by Stouffer's method as the script writes it: z_k = Phi^-1(1 - p_k),
//     Z = sum z_k / sqrt(K), p = 1 - Phi(Z). With `macro = false`, one test on all shared
//     items (the script's --micro).
//   kPublished: the test is one-sided ("greater": A above B), so p(A, B) and p(B, A) differ.
//     Ranks: wins(A) = the systems B with p(A, B) < alpha, losses(A) = those with p(B, A) <
//     alpha, whatever the scores; rank range = losses + 1 to s - wins (s systems).
//     Clusters (calculate_clusters.py's loop): walking the order, with position = the
//     system's rank by score (ties averaged, pandas' rank()) and cutoff = 1 at the start: a
//     new cluster starts at a system whose position exceeds the cutoff; then cutoff =
//     max(cutoff, its worst rank).
//   kRepository: the test is two-sided, so p(A, B) = p(B, A) and Stouffer's one-sided reading
//     of a two-sided p loses each domain's direction. Ranks: wins(A) = the B with p < alpha
//     and score(A) > score(B), losses the others with p < alpha. Clusters (get_clusters):
//     position i reaches the last later j with p(i, j) > alpha; a cluster closes after i
//     when no position up to i reaches beyond it.
//   Quirks of the script, kept (docs/wmt-protocols.md, section WMT24 ESA):
//   - kPublished: a win needs only the one-sided test, so a system below others by score can
//     out-win them (WMT24 en-cs: 1-2, 3-3, 1-2; en-de: Gemini-1.5-Pro, 13th by score, 1-6),
//     and its rank range can hold it in the first cluster; clusters follow the rank ranges,
//     not the tests: a cluster runs on while a system above may rank as low as the next.
//   - kPublished: equal top scores give positions 1.5, 1.5 > 1: the first cluster is 2.
//   - A domain with p_k = 1 gives z_k = -inf and p = 1 whatever the other domains (one with
//     p_k = 0, +inf, makes it NaN). kRepository: a domain with one shared item has p_k = 1.
//   - A p exactly alpha, and a NaN p (no shared item, or only ties), is no win, no loss and
//     (kRepository) no join.
//   - The script skips a language pair whose systems average fewer than 100 annotations;
//     tourney ranks any pair and reports that average (annotations_per_system).
//   O(s^2 n log n) for s systems of n items.
// Thread safety: reentrant.
#ifndef TOURNEY_PROTOCOLS_WMT24_ESA_RULE_H_
#define TOURNEY_PROTOCOLS_WMT24_ESA_RULE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/da_judgments.h"
#include "tourney/core/status.h"

namespace tourney {

enum class Wmt24EsaRevision {
  kPublished = 0,   // the scripts that wrote the published tables (default)
  kRepository = 1,  // the later revision at the repository's head
};

struct Wmt24EsaOptions {
  Wmt24EsaRevision revision = Wmt24EsaRevision::kPublished;
  bool macro = true;    // domain macro-average and per-domain tests (the published table)
  double alpha = 0.05;  // the script's ALPHA_THRESHOLD
};

struct Wmt24EsaBoard {
  std::vector<std::string> domains;  // the domains met, in byte order
  std::vector<double> score;         // per system id: the headline score; NaN unscored
  std::vector<double> micro;         // per system id: the mean of its item scores; NaN unscored
  std::vector<std::vector<double>> domain_score;  // [system id][domain]: NaN without items
  std::vector<int64_t> items;        // per system id: segments scored
  std::vector<int64_t> annotations;  // per system id: TGT judgments
  std::vector<int> order;            // scored system ids, best first
  // n x n by id: p_value[a * n + b] = p(a, b) (kPublished: "a above b"; kRepository:
  // symmetric). NaN on the diagonal and for unscored systems.
  std::vector<double> p_value;
  std::vector<int> wins;             // per system id (0 unscored)
  std::vector<int> losses;
  std::vector<int> rank_top;         // losses + 1
  std::vector<int> rank_bottom;      // scored systems - wins
  std::vector<int> cluster;          // per system id: 1 = best (see the quirks); 0 unscored
  int num_clusters = 0;              // the last system's cluster
  double annotations_per_system = 0.0;  // the script skips the pair below 100
  int64_t other_domain_documents = 0;   // documents not shaped test-<lang>-<domain>_...
};

// The WMT24 domain of a documentID (up to its first '#'): the part between "test-<lang>-"
// and the first '_' after it; "other" for any other shape.
std::string Wmt24DomainOfDocument(std::string_view document);

// scipy.stats.wilcoxon(d).pvalue (two-sided) and wilcoxon(d, alternative="greater").pvalue
// as scipy <= 1.14 computes them with the defaults (see DESCRIPTION): exact for n <= 50
// differences without a zero, else the normal approximation with zeros dropped. NaN for no
// differences or only zeros.
double WilcoxonSignedRankTwoSidedLikeScipy(const std::vector<double>& d);
double WilcoxonSignedRankGreaterLikeScipy(const std::vector<double>& d);

// The script's Stouffer combination of per-domain p-values: 1 - Phi(sum Phi^-1(1 - p_k) /
// sqrt(K)). NaN for an empty list or a NaN p.
double CombinePValuesLikeWmt24(const std::vector<double>& p);

// Phi^-1(p) to about 1e-15 relative: -inf at 0, +inf at 1, NaN outside [0, 1].
double StandardNormalQuantile(double p);

// WMT24's board of `judgments` (one language pair; segments as the Appraise reader numbers
// them, documents named in judgments.documents). InvalidArgument when the judgments carry no
// raw scores or no system item, or alpha is outside (0, 1).
StatusOr<Wmt24EsaBoard> RankLikeWmt24Esa(const DaJudgments& judgments,
                                         const Wmt24EsaOptions& options = {});

}  // namespace tourney

#endif  // TOURNEY_PROTOCOLS_WMT24_ESA_RULE_H_
