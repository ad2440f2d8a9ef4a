// Pieces shared by the CLI commands: exit codes, input loading, model flags.
#ifndef TOURNEY_CLI_COMMON_H_
#define TOURNEY_CLI_COMMON_H_

#include <memory>
#include <string>
#include <vector>

#include "flags.h"
#include "tourney/judgments.h"
#include "tourney/rating_model.h"
#include "tourney/status.h"

namespace tourney::cli {

// Exit statuses: 0 success, 1 runtime failure, 2 bad input or usage.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitBadInput = 2;

// Prints "tourney <command>: <message>" to stderr and returns the exit status for `status`.
int ReportError(const std::string& command, const Status& status);

// Parses flags; on --help prints help and sets *exit_code = 0; on error prints it and sets 2.
// Returns true when the command should go on.
bool ParseFlagsOrExit(Flags& flags, int argc, char** argv, const std::string& command,
                      int* exit_code);

// --input-format and --skip-invalid.
void AddInputFlags(Flags& flags);

// Reads and concatenates judgment files (several files share one system registry). Under
// --skip-invalid, prints a summary of skipped rows to stderr.
StatusOr<Judgments> LoadJudgments(const std::vector<std::string>& files, const Flags& flags);

// --model and every model's parameters.
void AddModelFlags(Flags& flags, const std::string& default_model);
// Every model's parameters without --model (commands that take a list of models).
void AddModelParameterFlags(Flags& flags);

// The model --model names, configured from the flags. `num_comparisons` is the size of the
// data it will rate (some defaults scale with it).
StatusOr<std::unique_ptr<RatingModel>> MakeModelFromFlags(const Flags& flags,
                                                          size_t num_comparisons);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_COMMON_H_
