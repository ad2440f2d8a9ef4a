// Reading the mt-metrics-eval (MTME) layout: the folder in which Google's mt-metrics-eval
// releases WMT's human and metric scores since WMT21 (google-research/mt-metrics-eval,
// README "File formats"; docs/cli.md "mt-metrics-eval").
//
// An evaluation set is one folder (`wmt23/`) holding, per language pair LP:
//   sources/LP.txt                         the source, one segment per line
//   references/LP.REF.txt                  reference REF, lines aligned with the source
//   documents/LP.docs                      DOMAIN DOCID, one line per source line
//   system-outputs/LP/SYS.txt              the output of SYS, lines aligned
//   human-scores/LP.NAME.seg.score         SYS SCORE, one line per (system, source line)
//   human-scores/LP.NAME.sys.score         SYS SCORE, one line per system
//   human-scores/LP.NAME.domain.score      DOMAIN SYS SCORE
//   metric-scores/LP/METRIC-REF.seg.score  as a human .seg.score (REF = refA, src, ...)
// NAME is the human score's name (mqm, da-sqm, esa, ...). Fields are separated by any run of
// blanks (MTME splits on whitespace; WMT23 writes one TAB). In a .seg.score file each
// system's lines are its scores in source-line order: the k-th line naming SYS is SYS's score
// for segment k (WMT23 writes each system as one block, in an order that differs between
// files; the reader keys by name, never by position). `None` marks a segment without a
// human score; metric files have none. `-0.0` reads as 0. A system may be absent from a
// human file (it has no human scores). Text files are split at '\n' only (a final newline
// ends the last line; a UTF-8 byte-order mark at the start is dropped; an empty line is an
// empty segment). Any file may be gzip-compressed (by its magic bytes; `X.gz` is read when
// `X` is absent).
//
// Errors are InvalidArgument "FILE:LINE: field 'NAME': ..." (fields: system, score, domain,
// document): a line with the wrong number of fields, a score that is not a number, not
// finite or `None` in a metric file, a system with a different number of lines than the
// set has segments, a (domain, system) twice, a name that is not UTF-8. A file that cannot
// be read is IoError. An ambiguous metric name or a missing file is an error naming the
// candidates.
// Thread safety: reentrant (standard input is read once).
#ifndef TOURNEY_INGEST_MTME_READER_H_
#define TOURNEY_INGEST_MTME_READER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "tourney/core/da_judgments.h"
#include "tourney/ingest/campaign_texts.h"
#include "tourney/core/scored_segments.h"
#include "tourney/core/status.h"

namespace tourney {

// One `.seg.score` file: per system (in order of first appearance) its score for each
// segment, in source-line order.
struct MtmeSegmentScores {
  std::string name;                  // "mqm", "XCOMET-XL-refA": the file's score name
  std::vector<std::string> systems;  // in order of first appearance
  // scores[s][k]: system s's score for segment k (0-based source line); 0 where unscored.
  std::vector<std::vector<double>> scores;
  // scored[s][k] = 1 where scores[s][k] holds a score (not `None`).
  std::vector<std::vector<uint8_t>> scored;
  int64_t num_segments = 0;  // lines per system

  int num_systems() const { return static_cast<int>(systems.size()); }
  // The index of `system`, or -1.
  int Find(std::string_view system) const;
};

// Parses a `.seg.score` text; `name` is used in messages and as the score's name is set by
// the caller. `expected_segments` > 0 requires that many lines per system (the set's source
// lines); 0 takes the count from the file (every system must have the same). `allow_none`:
// `None` marks an unscored segment (human files); otherwise it is an error (metric files).
StatusOr<MtmeSegmentScores> ParseMtmeSegmentScores(std::string_view text, std::string_view name,
                                                   int64_t expected_segments, bool allow_none);

// One line of a `.sys.score` (domain empty) or `.domain.score` file.
struct MtmeScoreLine {
  std::string domain;
  std::string system;
  double score = 0.0;
  bool scored = false;  // false for `None`
  int64_t line = 0;
};

// Parses a `.sys.score` text (`with_domain` false: SYS SCORE) or a `.domain.score` text
// (`with_domain` true: DOMAIN SYS SCORE). A system (or a (domain, system)) listed twice is an
// error naming both lines.
StatusOr<std::vector<MtmeScoreLine>> ParseMtmeScoreLines(std::string_view text,
                                                         std::string_view name,
                                                         bool with_domain);

// The lines of an MTME text file (sources, references, outputs): split at '\n', a leading
// UTF-8 byte-order mark dropped, one final '\n' ending the last line (an empty text has no
// lines). A line that is not UTF-8 is an error "FILE:LINE: ...".
StatusOr<std::vector<std::string>> ParseMtmeTextLines(std::string_view text,
                                                      std::string_view name);

// One `.docs` line per segment: its domain and its document.
struct MtmeDocuments {
  std::vector<std::string> domain_names;    // in order of first appearance
  std::vector<std::string> document_names;  // in order of first appearance
  std::vector<int> segment_domain;          // per segment: index into domain_names
  std::vector<int> segment_document;        // per segment: index into document_names
};

// Parses a `.docs` text: DOMAIN DOCID per line (two fields). A document named under two
// domains is an error naming both lines.
StatusOr<MtmeDocuments> ParseMtmeDocuments(std::string_view text, std::string_view name);

struct MtmeReadOptions {
  std::string language_pair;  // "en-de"; required for a folder
  // The human scores to read (names as in LP.NAME.seg.score); empty = every one present.
  std::vector<std::string> human_scores;
  // The metric scores to read (file stems METRIC-REF, or METRIC alone when only one REF
  // variant exists); empty = every metric present; {"none"} = no metrics.
  std::vector<std::string> metrics;
  bool read_texts = false;  // sources, references and system outputs
  // The set's folder name when `path` holds several sets with the pair (FindMtmeRoot).
  std::string set_name;
};

// One language pair of an evaluation set.
struct MtmeEvalSet {
  std::string root;           // the evaluation-set folder read ("…/wmt23"), or the file
  std::string language_pair;  // as given
  // Notes for the user: which of several sets was read (FindMtmeRoot).
  std::vector<std::string> notes;
  int64_t num_segments = 0;
  MtmeDocuments documents;  // one document per segment ("seg-K") when no .docs exists
  bool has_documents = false;
  std::vector<std::string> reference_names;  // from references/LP.REF.txt, sorted
  std::vector<MtmeSegmentScores> human;      // sorted by name
  std::vector<MtmeSegmentScores> metrics;    // sorted by name
  // With read_texts: the source lines, each reference's and each system output's lines
  // (names sorted; outputs as in system-outputs/LP/, references included as MTME has them).
  std::vector<std::string> sources;
  std::vector<std::string> reference_text_names;
  std::vector<std::vector<std::string>> reference_texts;
  std::vector<std::string> output_systems;
  std::vector<std::vector<std::string>> outputs;

  // The human score named `name`, or nullptr.
  const MtmeSegmentScores* Human(std::string_view name) const;
};

// The evaluation-set folder under `path`: `path` itself when it holds `human-scores/` or
// `metric-scores/`, else the subfolder that does and has files of `language_pair`. When
// several do (a whole mt-metrics-eval-v2/ download), the one named `set_name` (NotFound if it
// is not among them); without a name, the one named "wmt23" if any, else the newest (the
// highest number after "wmt", a plain name before a variant: wmt24 > wmt23 > wmt23.sent >
// wmt22); *note (when not null) then names the set read and the others. NotFound naming
// what was looked for when none does.
StatusOr<std::string> FindMtmeRoot(const std::string& path, const std::string& language_pair,
                                   const std::string& set_name = "",
                                   std::string* note = nullptr);

// Reads one language pair. `path` is an evaluation-set folder, a folder holding one (see
// FindMtmeRoot), or a single human `.seg.score` file ("-" = standard input, gzip allowed):
// then the set has that one human score (named after the file, "stdin" for "-"), no metrics,
// documents or texts, and its segment count from the file. The segment count is the source
// file's line count when there is one, else the first human file's.
StatusOr<MtmeEvalSet> ReadMtmeEvalSet(const std::string& path, const MtmeReadOptions& options);

// The human-score name a protocol reads: "mqm" → mqm, "da" → da-sqm when present, else da;
// "esa" → esa; anything else as given. `explicit_name` (the --human-score option), when not
// empty, wins. NotFound listing the set's human scores when the name is absent.
StatusOr<std::string> MtmeHumanScoreForProtocol(const MtmeEvalSet& set,
                                                std::string_view protocol,
                                                std::string_view explicit_name);

// The human score `name` as DA judgments, for the score protocols (protocols/da_scores.h,
// wmt_da_clusters.h): one SYSTEM judgment per scored (system, segment), one annotator (the
// score's name), raw = z = the score, segment = the 1-based source line, document = the
// segment's document (names in `documents`). Systems absent from the file have no
// judgments. So ComputeDaScores' system score is the mean of the system's scored segments,
// which is MTME's `.sys.score`. NotFound when `name` is not a human score of the set.
StatusOr<DaJudgments> MtmeHumanJudgments(const MtmeEvalSet& set, std::string_view name);

// How a scored table's documents are formed from the set.
enum class MtmeStrata {
  kDocument,  // the .docs file's documents (the default)
  kDomain,    // its domains: every domain is one "document" (stratum)
};

struct MtmeTableOptions {
  std::string human_score;  // required: the human score's name
  MtmeStrata strata = MtmeStrata::kDocument;
  std::vector<std::string> exclude_systems;
  // Keep only the segments that the human score scores for every system kept (a study that
  // needs every score); their count is in a warning. False: every source line is a segment,
  // unscored ones without a human score (the test set a campaign samples from).
  bool scored_only = false;
};

// The human score `options.human_score` as a scored-segment table (core/scored_segments.h)
// for sampling-study, estimate and sample: one row per (system, segment) for every system
// the human file scores and every metric of the set scores; segment ids are the 1-based
// source lines ("1", "2", ...), documents per options.strata, the set's metrics as metric
// columns. A human-scored system that a metric does not score (the reference a metric used)
// is left out with a warning naming it and the metric; InvalidArgument when no system (or,
// with scored_only, no segment) is left. Metrics constant over a system are dropped for it,
// as the table reader does.
StatusOr<ScoredSegments> MtmeScoredSegments(const MtmeEvalSet& set,
                                            const MtmeTableOptions& options);

struct MtmeContentOptions {
  // The reference each segment shows: the references/LP.NAME.txt named so; empty, or a name
  // that is not a reference, takes the first reference by name (refA before refB).
  std::string reference;
  // Keep the chosen reference's system output (MTME copies it to system-outputs/) as a
  // system too. Other references stay systems either way, as MTME scores them.
  bool keep_reference_system = false;
};

// The texts of a set read with read_texts, as campaign content (format "mtme"): one segment
// per source line, key its 1-based line number, document from the .docs file (the language
// pair when there is none), the chosen reference, every system output but the chosen
// reference's (an empty line is an empty output, not a gap); languages from the pair
// ("en-de" → en, de). InvalidArgument when the set holds no texts or no system.
StatusOr<CampaignTexts> MtmeCampaignTexts(const MtmeEvalSet& set,
                                          const MtmeContentOptions& options);

}  // namespace tourney

#endif  // TOURNEY_INGEST_MTME_READER_H_
