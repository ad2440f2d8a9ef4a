// STAPLE 2020 files: gold translations with weights, and systems' ranked n-best lists.
//
// DESCRIPTION
//   The Duolingo STAPLE shared-task layout (Mayhew et al. 2020), as Bremerman et al. (2020)
//   use it: blocks separated by blank lines, each opened by `ID|PROMPT` and followed by one
//   translation per line.
//   - Gold: `TRANSLATION|WEIGHT`, the weight a positive number (the share of learners who
//     gave that translation). A translation twice in one prompt is an error.
//   - System n-best lists: `TRANSLATION` or `TRANSLATION|SCORE` (a model score, a log-
//     probability as decoders write them), best first. A repeated translation keeps its first
//     (best) position; later copies are dropped and counted.
//   A translation line is split at its last '|' when what follows is a decimal number
//   (optional sign, digits, point, exponent; finite);
//   otherwise the whole line is the translation (gold lines must carry a weight). Text is
//   trimmed of surrounding blanks; lines may end in CRLF. A prompt id may open only one
//   block.
//   The generator writes a synthetic gold file and n-best lists of known quality from a seed,
//   for tests and benchmarks.
// Thread safety: reentrant.
#ifndef TOURNEY_NBEST_STAPLE_H_
#define TOURNEY_NBEST_STAPLE_H_

#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/status.h"

namespace tourney {

struct StaplePrompt {
  std::string id;
  std::string prompt;
  std::vector<std::string> translations;  // in file order (best first for n-best lists)
  // Gold weight or model score of each translation; empty when no line of the block has one.
  std::vector<double> values;
};

struct StapleFile {
  std::vector<StaplePrompt> prompts;  // in file order
  int64_t dropped_duplicates = 0;     // repeated n-best entries dropped
};

enum class StapleKind {
  kGold,   // weights required, positive; duplicates are errors
  kNbest,  // scores optional (all lines of a block or none); duplicates dropped
};

// Parses a STAPLE file's text. InvalidArgument naming path:line and the field ('id',
// 'weight', 'score', 'translation') for malformed input: a translation before any block
// header, an empty id, a missing or non-positive gold weight, scores on some lines of a block
// only, a repeated prompt id or gold translation.
StatusOr<StapleFile> ParseStaple(std::string_view text, const std::string& path, StapleKind kind);

// Reads and parses `path` (plain or gzip; "-" is standard input). IoError when it cannot be
// read.
StatusOr<StapleFile> ReadStaple(const std::string& path, StapleKind kind);

// The hash ForEachStapleBlock gives each translation, so that a consumer can look
// translations up without hashing them again: 8 bytes at a time (the last word overlapping
// the one before), each word mixed in by a multiply and a shift, then the length, and a
// final avalanche (the constants are those of splitmix64).
inline uint64_t StapleTextHash(std::string_view text) {
  const auto word = [](const char* p) {
    uint64_t w;
    std::memcpy(&w, p, sizeof w);
    return w;
  };
  const auto mix = [](uint64_t h, uint64_t w) {
    h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 31);
  };
  const char* p = text.data();
  size_t n = text.size();
  uint64_t h = 0x9e3779b97f4a7c15ULL;
  if (n >= 8) {
    for (; n > 8; p += 8, n -= 8) h = mix(h, word(p));
    h = mix(h, word(p + n - 8));
  } else {
    uint64_t w = 0;
    for (size_t i = 0; i < n; ++i)
      w |= static_cast<uint64_t>(static_cast<unsigned char>(p[i])) << (8 * i);
    h = mix(h, w);
  }
  h = (h ^ (h >> 32) ^ text.size()) * 0x94d049bb133111ebULL;
  return h ^ (h >> 29);
}

// One block of a STAPLE text as views into the text (valid while the text lives).
struct StapleBlockView {
  std::string_view id;
  std::string_view prompt;
  std::vector<std::string_view> translations;  // repeated n-best entries already dropped
  std::vector<uint64_t> hashes;                // StapleTextHash of each translation
  std::vector<double> values;                  // empty when no line of the block has one
};

// Streams the blocks of `text` to `visit` in file order, with ParseStaple's checks and
// duplicate rule (dropped duplicates are added to *dropped_duplicates), without copying any
// translation: ParseStaple is this with a copy of each block. Stops at the first error, of
// the text or returned by `visit`. The view passed to `visit` is reused for the next block.
Status ForEachStapleBlock(std::string_view text, const std::string& path, StapleKind kind,
                          const std::function<Status(const StapleBlockView&)>& visit,
                          int64_t* dropped_duplicates);

// ForEachStapleBlock over the file `path`. A plain file is read in pieces of about 1 MiB
// that end after a blank line (longer when one block is), into *buffer (reused from call to
// call), so that each piece is parsed while the read has left it in the cache; standard
// input, pipes and gzip files are read whole. Messages name the file and its line numbers
// as for the whole text; IoError when the file cannot be read.
Status ForEachStapleBlockInFile(const std::string& path, StapleKind kind,
                                const std::function<Status(const StapleBlockView&)>& visit,
                                int64_t* dropped_duplicates, std::string* buffer);

// Synthetic STAPLE data. Each prompt gets `gold_per_prompt` gold translations with Zipf
// weights (1/k, normalised) and a pool of invalid ones; system s outputs `depth`
// translations per prompt, a valid one at each position with probability decreasing in the
// position and increasing in the system's quality (s / systems), with model scores that
// decrease down the list. Same seed, same text.
struct StapleGeneratorOptions {
  int prompts = 100;
  int systems = 4;
  int depth = 100;           // n-best entries per prompt
  int gold_per_prompt = 50;  // valid translations per prompt
  uint64_t seed = 1;
};

struct GeneratedStaple {
  std::string gold;                // the gold file's text
  std::vector<std::string> nbest;  // one n-best file's text per system, worst first
};

GeneratedStaple GenerateStaple(const StapleGeneratorOptions& options);

}  // namespace tourney

#endif  // TOURNEY_NBEST_STAPLE_H_
