// Degraded outputs for quality control ("BAD references", as WMT's direct assessment
// campaigns used them): a real system output with one phrase replaced by a phrase of about
// the same length from another segment. A careful annotator ranks or scores such an output
// below the output it came from; one who does not is not reading.
#ifndef TOURNEY_CORE_DEGRADED_OUTPUT_H_
#define TOURNEY_CORE_DEGRADED_OUTPUT_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/random.h"

namespace tourney {

// The words to replace in an output of `words` words: 1 for 1 to 3 words, 2 for 4 and 5,
// 3 for 6 to 8, 4 for 9 to 15, 5 for 16 to 20, and a quarter (rounded down) above 20; 0 for
// none. Longer outputs lose longer phrases, so that the damage is visible in any length.
size_t DegradedPhraseWords(size_t words);

// The units an output is cut into: maximal runs of bytes other than ASCII space, tab, CR
// and LF; a text of one such run longer than one code point that holds no ASCII letter (a
// script written without spaces, such as Chinese or Japanese) is cut into UTF-8 code
// points instead. Each unit is [begin, end) in bytes.
struct TextUnit {
  size_t begin = 0;
  size_t end = 0;
};
std::vector<TextUnit> CutIntoUnits(std::string_view text);

// `text` with DegradedPhraseWords(units) consecutive units, at a start drawn from `rng`,
// replaced by as many consecutive units of `donor` (fewer when the donor is shorter), at a
// start drawn from `rng`. The bytes outside the replaced span are kept as they are, and
// the inserted phrase is a contiguous part of `donor`, so valid UTF-8 stays valid. A text
// without units becomes the donor's phrase; an empty donor leaves the span deleted.
std::string DegradeOutput(std::string_view text, std::string_view donor, Rng& rng);

// One degraded output per segment for a campaign: `outputs[g]` holds the real outputs of
// segment g (at least one per segment, at least two segments). Segment g's degraded output
// starts from one of its outputs and takes its phrase from an output of another segment,
// both drawn uniformly from Rng(seed); `base[g]` is the index of the output it started from.
// A draw that reproduces one of the segment's real outputs is drawn again (up to eight
// times), so that the control differs from every output it is shown beside.
struct DegradedOutputs {
  std::vector<std::string> text;
  std::vector<size_t> base;
};
DegradedOutputs DegradeSegments(const std::vector<std::vector<std::string_view>>& outputs,
                                uint64_t seed);

// WMT26's attention check (wmt-conference/wmt26-general-mt `humeval/attention_checks.py`,
// read, not copied): `count` distinct units of `text` (CutIntoUnits), drawn from `rng`, each
// given the text of the next one drawn (the last the first's), so every chosen word moves;
// the bytes between units are kept. nullopt when the text has at most 2 · count units (too
// short to damage visibly: WMT26 skips such outputs), when count < 2, or when eight draws
// all reproduced the text (its chosen words were identical).
std::optional<std::string> ShuffleWords(std::string_view text, int count, Rng& rng);

}  // namespace tourney

#endif  // TOURNEY_CORE_DEGRADED_OUTPUT_H_
