// The fuzz tests' corruption of a valid input: random single-character edits.
#ifndef TOURNEY_TESTS_FUZZ_MUTATION_H_
#define TOURNEY_TESTS_FUZZ_MUTATION_H_

#include <string>
#include <string_view>

#include "tourney/core/random.h"

namespace tourney::testing {

// Applies `edits` edits to *text (fewer if it becomes empty), each at a uniform position and
// with equal chances: replace the character by one of `alphabet`, erase 1..max_erase
// characters, or insert one of `alphabet`. Deterministic given the state of `rng`.
inline void MutateText(Rng& rng, std::string_view alphabet, int edits, size_t max_erase,
                       std::string* text) {
  for (int e = 0; e < edits && !text->empty(); ++e) {
    const size_t pos = rng.UniformInt(text->size());
    switch (rng.UniformInt(3)) {
      case 0:
        (*text)[pos] = alphabet[rng.UniformInt(alphabet.size())];
        break;
      case 1:
        text->erase(pos, 1 + rng.UniformInt(max_erase));
        break;
      default:
        text->insert(pos, 1, alphabet[rng.UniformInt(alphabet.size())]);
    }
  }
}

}  // namespace tourney::testing

#endif  // TOURNEY_TESTS_FUZZ_MUTATION_H_
