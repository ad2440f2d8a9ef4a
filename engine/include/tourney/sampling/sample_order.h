// The order in which a design serves a test set's segments one at a time, so that every
// prefix of the order is the design's sample at that size: what a scoring campaign serves
// (scoring_campaign.h) and what a confidence sequence reads (residual_sequence.h).
//
// DESCRIPTION
//   random     a uniformly random permutation: every prefix is a simple random sample.
//   docs-prop  each document's segments in a uniformly random order; the documents
//              interleaved by Balinski and Young's quota method: step k serves the next
//              segment of the document with the largest N_l / (n_l + 1) among those below
//              their share (n_l < k·N_l / N), ties by a random rank of the documents. After
//              any k segments a document of N_l segments has within one of its share
//              k·N_l / N, and which document is served at step k depends only on the
//              documents' sizes and the rank, never on scores. Given that, the next segment
//              is uniform over its document's unserved segments.
//   Other designs are not served in order.
//   O(N·D) time for N segments in D documents, O(N) memory.
// Thread safety: reentrant.
#ifndef TOURNEY_SAMPLING_SAMPLE_ORDER_H_
#define TOURNEY_SAMPLING_SAMPLE_ORDER_H_

#include <cstdint>
#include <vector>

#include "tourney/core/random.h"
#include "tourney/core/scored_segments.h"
#include "tourney/sampling/design.h"

namespace tourney {

// The order of the items 0..document.size()-1 (item i in document document[i], in
// 0..num_documents-1) under `design`, drawn from `rng`. kRandom shuffles; every other design is
// served as docs-prop. REQUIRES: every document[i] in range.
std::vector<int> ServingOrder(const std::vector<int>& document, int num_documents, Design design,
                              Rng& rng);

// The order of `table`'s segments (indices into table.segment_ids) for a scoring campaign with
// `seed`: ServingOrder on table.segment_document from the stream DeriveSeed(seed, 2^40).
std::vector<int> DrawOrder(const ScoredSegments& table, Design design, uint64_t seed);

}  // namespace tourney

#endif  // TOURNEY_SAMPLING_SAMPLE_ORDER_H_
