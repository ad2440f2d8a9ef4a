// Annotator agreement (Cohen's kappa) of a ranking campaign, as the WMT findings report it.
//
// DESCRIPTION
//   Every ranking yields one label per pair of its outputs, in presentation order: for the
//   outputs shown at positions i < j, the item is (segment, output i, output j) and the
//   label is i better, j better or tie. Two labels are comparable when they label the same
//   item; they agree when equal. (The item keeps the presentation order, as the organisers'
//   script did: the same two outputs shown the other way round are another item.)
//   - inter: over every item, every pair of its labels (Bojar et al. 2013-2016);
//   - intra: per segment and annotator, and only when that annotator labelled some item of
//     the segment twice or more: every pair of that annotator's labels of one item; the
//     labels of those (segment, annotator) groups alone make the tie rate below.
//   pA = agreeing pairs / comparable pairs; pE is empirical from the tie rate
//   P(tie) = ties / labels: pE = P(tie)^2 + 2 ((1 - P(tie)) / 2)^2; kappa = (pA - pE)/(1 - pE).
//   Collapsed (the published tables): outputs shared by several systems (joined ids) are one
//   output, named by the joined list. Uncollapsed: each system of a joined output is its own
//   output, and the systems of one joined output tie with each other (the organisers'
//   pairwise CSVs hold exactly these labels).
//   Per annotator: the comparable pairs between this annotator's labels and other
//   annotators' labels of the same item, their agreement, and kappa against the campaign's
//   inter pE, so that annotators who disagree with everyone stand out.
//   Cost: O(L log L) for L labels.
// Thread safety: reentrant.
#ifndef TOURNEY_STATISTICS_AGREEMENT_H_
#define TOURNEY_STATISTICS_AGREEMENT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tourney/core/judgments.h"
#include "tourney/core/status.h"

namespace tourney {

// The counts behind one kappa.
struct AgreementCounts {
  int64_t agree = 0;       // agreeing pairs of labels
  int64_t comparable = 0;  // comparable pairs of labels
  int64_t ties = 0;        // tie labels among `labels`
  int64_t labels = 0;      // labels behind the tie rate

  // pA; nullopt without comparable pairs.
  std::optional<double> p_agree() const;
  // pE from the tie rate; nullopt without labels.
  std::optional<double> p_chance() const;
  // kappa; nullopt when pA or pE is undefined or pE = 1.
  std::optional<double> kappa() const;
};

struct AnnotatorAgreement {
  std::string annotator;
  int64_t rankings = 0;
  int64_t labels = 0;
  AgreementCounts with_others;  // pairs with other annotators' labels (ties/labels: own)
  AgreementCounts self;         // this annotator's intra-annotator pairs
  // kappa of `with_others` against the campaign's inter pE; nullopt without pairs.
  std::optional<double> kappa_with_others;
};

struct AgreementResult {
  bool collapsed = true;
  // Whether any ranking shows one output for several systems; without, collapsed and
  // uncollapsed counts coincide (as for the WMT15/16 pairwise-row CSVs).
  bool shared_outputs = false;
  AgreementCounts inter;
  AgreementCounts intra;
  // Every annotator, weakest agreement with the others first (annotators with no comparable
  // pair last, by name).
  std::vector<AnnotatorAgreement> annotators;
};

// Agreement of the rankings in `judgments` (one language pair: segments are compared by id).
// `collapsed` as above. InvalidArgument when a ranking lacks its segment id or its annotator.
StatusOr<AgreementResult> ComputeAgreement(const Judgments& judgments, bool collapsed);

}  // namespace tourney

#endif  // TOURNEY_STATISTICS_AGREEMENT_H_
