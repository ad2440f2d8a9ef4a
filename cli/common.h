// Pieces shared by the CLI commands: exit codes, input loading, model flags.
#ifndef TOURNEY_CLI_COMMON_H_
#define TOURNEY_CLI_COMMON_H_

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "flags/flags.h"
#include "render/text_format.h"
#include "tourney/core/judgments.h"
#include "tourney/core/rating_model.h"
#include "tourney/core/status.h"
#include "tourney/ingest/csv_reader.h"
#include "tourney/statistics/evaluation.h"

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

// --input-format, --skip-invalid, --language-pair, --exclude-annotators,
// --min-annotator-rankings and --expand-identical.
void AddInputFlags(Flags& flags);

// The reader options those flags ask for (--language-pair all sets all_language_pairs).
StatusOr<ReadOptions> ReadOptionsFromFlags(const Flags& flags);

// Reads and concatenates judgment files (several files share one system registry), keeps
// one language pair (an input holding several without --language-pair is an error) and
// applies the annotator filters. Under --skip-invalid, prints a summary of skipped rows to
// stderr.
StatusOr<Judgments> LoadJudgments(const std::vector<std::string>& files, const Flags& flags);

// As LoadJudgments, for every language pair of the input (or the one --language-pair
// names), in order of first appearance, each filtered by the annotator filters.
StatusOr<std::vector<std::pair<std::string, Judgments>>> LoadJudgmentsByPair(
    const std::vector<std::string>& files, const Flags& flags);

// --model and every model's parameters.
void AddModelFlags(Flags& flags, const std::string& default_model);
// Every model's parameters without --model (commands that take a list of models).
void AddModelParameterFlags(Flags& flags);

// Ok when every name is a model --model accepts; else InvalidArgument naming `option`
// ("--models") and the first unknown name.
Status CheckModelNames(const std::vector<std::string>& names, const std::string& option);

// The model --model names, configured from the flags. `num_comparisons` is the size of the
// data it will rate (some defaults scale with it).
StatusOr<std::unique_ptr<RatingModel>> MakeModelFromFlags(const Flags& flags,
                                                          size_t num_comparisons);

// "a,b,,c" -> {"a", "b", "c"}.
std::vector<std::string> SplitList(const std::string& list);


// Appends `from`'s comparisons to *out with ids re-interned in registry's systems, so that
// separately loaded files (train, dev, test) share ids.
void MapComparisons(const Judgments& from, Judgments* registry, Comparisons* out);

// The model `name` configured from the flags, as an evaluation entry: make(size) builds it
// for `size` comparisons of data (TrueSkill, which selects its own data, gets a budget of
// `size` selections unless --budget is given), and the prediction kind of §3.2.
StatusOr<EvalModel> MakeEvalModel(const std::string& name, const Flags& flags);

// Checked before any work: the directory that will hold output file `path` (given with
// option `--option`) exists, and `path` is not itself a directory. A file's directory is
// not created; IoError (exit 2) naming the option otherwise. An empty path is Ok.
Status CheckOutputFile(const std::string& option, const std::string& path);
// The same for an output directory: it must exist. IoError (exit 2) naming the option when
// it does not, or exists as something else (a file).
Status CheckOutputDirectory(const std::string& option, const std::string& dir);

// Writes `contents` to `path` through a temporary file in the same directory renamed over
// `path` once complete, so that a failed run leaves no partial file behind.
Status WriteFileAtomically(const std::string& path, const std::string& contents);

// An --output option's file: "-" writes `contents` to standard output, anything else
// WriteFileAtomically.
Status WriteOutput(const std::string& path, const std::string& contents);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_COMMON_H_
