// Corpus BLEU with sacreBLEU's defaults, for x-best y-reference BLEU over n-best lists.
//
// DESCRIPTION
//   BLEU (Papineni et al. 2002) as sacreBLEU 2.x computes it by default (Post 2018):
//   - tokenisation 13a (mteval-v13a): "<skipped>" and "-\n" removed, line breaks to spaces,
//     &quot; &amp; &lt; &gt; unescaped, then, on " LINE ", each of the characters
//     { | } ~ [ \ ] ^ _ ` space ! " # $ % & ( ) * + : ; < = > ? @ / padded with spaces;
//     '.' and ',' split from a preceding non-digit and from a following non-digit; '-' split
//     after a digit (each rule a left-to-right, non-overlapping substitution as Python's
//     re.sub); tokens are what Python's str.split() returns (Unicode whitespace included).
//     kChar: every non-whitespace code point is a token (sacreBLEU's "char", for Japanese and
//     Chinese); kNone: whitespace only;
//   - case-sensitive, n-grams up to 4, each hypothesis n-gram count clipped by its largest
//     count in any of the hypothesis's references;
//   - the reference length of a hypothesis is the closest reference length (ties: the
//     shorter); brevity penalty exp(1 - r/c) when c < r (0 when c = 0);
//   - smoothing "exp" (mteval's): the k-th order with no match gets precision
//     1 / (2^k * total); an order with no hypothesis n-gram at all ends the product with
//     precision 0, and BLEU is 0;
//   - BLEU = 100 * BP * exp(mean over the 4 orders of log p_n).
//   Sufficient statistics add up over sentences, so a corpus score is one sum and one
//   formula: the pseudo-corpus of Bremerman et al. (2020, §5) sums the statistics of the top
//   x hypotheses of each prompt, each against the prompt's top y references.
// Thread safety: reentrant; a BleuReferences is safe for concurrent const use.
#ifndef TOURNEY_NBEST_BLEU_H_
#define TOURNEY_NBEST_BLEU_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tourney/core/status.h"

namespace tourney {

enum class BleuTokenizer { k13a, kChar, kNone };

// Parses "13a", "char" or "none".
StatusOr<BleuTokenizer> ParseBleuTokenizer(std::string_view name);

// The tokens of `line`.
std::vector<std::string> BleuTokenize(std::string_view line, BleuTokenizer tokenizer);

// Sufficient statistics of one sentence or a sum of them.
struct BleuStats {
  int64_t hyp_len = 0;
  int64_t ref_len = 0;
  std::array<int64_t, 4> correct = {0, 0, 0, 0};
  std::array<int64_t, 4> total = {0, 0, 0, 0};

  BleuStats& operator+=(const BleuStats& o);
};

// BLEU in [0, 100] from summed statistics (sacreBLEU's compute_bleu with smoothing "exp").
double BleuScore(const BleuStats& stats);

// A token vocabulary shared by references and hypotheses: token -> id (1-based; 0 marks a
// hypothesis token no reference has, which can never match).
class BleuVocabulary {
 public:
  uint32_t Intern(const std::string& token);
  uint32_t Find(const std::string& token) const;  // 0 when absent

 private:
  std::unordered_map<std::string, uint32_t> ids_;
};

// The references of one sentence, as clipping counts and lengths.
class BleuReferences {
 public:
  // Adds one reference's tokens (interned in *vocabulary).
  void Add(const std::vector<std::string>& tokens, BleuVocabulary* vocabulary);

  // The statistics of a hypothesis given as token ids (Find() of each token).
  BleuStats Score(const std::vector<uint32_t>& hypothesis) const;

  int size() const { return static_cast<int>(lengths_.size()); }

 private:
  struct KeyHash {
    size_t operator()(const std::pair<uint64_t, uint64_t>& k) const {
      return static_cast<size_t>(k.first * 0x9e3779b97f4a7c15ULL ^
                                 (k.second + 0x632be59bd9b4e019ULL));
    }
  };
  // n-gram (ids packed 32 bits each, order in the top bits of .second) -> largest count.
  std::unordered_map<std::pair<uint64_t, uint64_t>, int32_t, KeyHash> max_counts_;
  std::vector<int64_t> lengths_;
};

// Corpus BLEU of hypotheses against reference sets (refs[i] are the references of hyps[i]),
// both raw text tokenised with `tokenizer`. InvalidArgument when the sizes differ.
StatusOr<double> CorpusBleu(const std::vector<std::string>& hyps,
                            const std::vector<std::vector<std::string>>& refs,
                            BleuTokenizer tokenizer);

}  // namespace tourney

#endif  // TOURNEY_NBEST_BLEU_H_
