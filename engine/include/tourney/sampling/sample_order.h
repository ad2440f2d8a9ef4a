// The order in which a design serves a test set's segments one at a time, so that every
// prefix of the order is the design's sample at that size: what a scoring campaign serves
// (scoring_campaign.h) and what a confidence sequence reads (residual_sequence.h).
//
// DESCRIPTION
//   random     a uniformly random permutation: every prefix is a simple random sample.
//   docs-prop  randomised keys: each document's segments in a uniformly random order; the
//              j-th (j = 1..N_l) of document l gets the key (j − U_l)·N / N_l, with U_l
//              uniform in [0, 1) drawn once per document, and the segments are served by
//              increasing key (ties by a random rank of the segments). Up to a key τ,
//              document l has floor(τN_l/N + U_l) segments: within one of τN_l/N, and
//              τN_l/N on average over U_l, so every segment has inclusion probability τ/N
//              at that key. A prefix of n segments stops at a random key τ_n, with
//              n − τ_n = Σ_l (floor(τ_n N_l/N + U_l) − τ_n N_l/N), a sum of terms in (−1, 1);
//              so after n segments a document of N_l segments has
//              |n_l − n·N_l/N| < 1 + |n − τ_n|·N_l/N (within one of its share, up to a
//              small term for large documents), and each segment's inclusion probability
//              is n/N up to the coupling of τ_n with the U_l (measured: sample_order_test).
//              Which document is served at step k depends only on the documents' sizes
//              and the draws, never on scores; given that, the next segment is uniform over
//              its document's unserved segments. (The quota method served the largest
//              documents first: a small document had inclusion probability 0 in short
//              prefixes, which biased every estimate of a prefix.)
//   Other designs are not served in order.
//   O(N log N) time for N segments, O(N) memory.
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
