// Display names of models and systems for titles, captions and plot labels. Free of the
// proto edge, so that the plots (tourney_plots) can use them without it.
// Thread safety: reentrant.
#ifndef TOURNEY_RENDER_SYSTEM_NAMES_H_
#define TOURNEY_RENDER_SYSTEM_NAMES_H_

#include <string>
#include <string_view>
#include <vector>

namespace tourney {

// A model's name for titles and captions: "trueskill" -> "TrueSkill", "bradley-terry" ->
// "Bradley-Terry", "expected-wins" -> "Expected Wins"; an unknown id is returned as is.
std::string ModelDisplayName(std::string_view model);

// Short display names: drops the prefix shared by every name up to a '.', and a trailing
// ".<digits>" submission number ("newstest2013.fr-en.KIT_primary.2658" -> "KIT_primary").
// Falls back to the full names when shortening would make two of them equal.
std::vector<std::string> ShortSystemNames(const std::vector<std::string>& names);

}  // namespace tourney

#endif  // TOURNEY_RENDER_SYSTEM_NAMES_H_
