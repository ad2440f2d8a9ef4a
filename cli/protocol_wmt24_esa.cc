// tourney rank|cluster FILE --protocol wmt24-esa: WMT24's official ESA ranking of one
// language pair of an Appraise ESA export (12 fields), reproduced and labelled
// (tourney/protocols/wmt24_esa_rule.h, docs/wmt-protocols.md).
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "common.h"
#include "proto/leaderboard_proto.h"
#include "protocol_commands.h"
#include "render/text_table.h"
#include "tourney/ingest/appraise_scores_reader.h"
#include "tourney/protocols/wmt24_esa_rule.h"

namespace tourney::cli {
namespace protocol_wmt24_esa_detail {

constexpr const char* kWmt24EsaLabel =
    "WMT24's official ESA rule, reproduced (humeval/calculate_clusters.py and tools.py of "
    "wmt-conference/wmt24-news-systems, the revision that wrote the published tables): "
    "domain macro-average; per-domain one-sided Wilcoxon signed-rank tests on shared items "
    "combined by Stouffer's method; A beats B when p(A above B) < 0.05, whatever the scores; "
    "rank range = losses + 1 to systems - wins; a new cluster where a system's position "
    "passes every worst rank above it; no multiplicity correction";
constexpr const char* kWmt24EsaRepositoryLabel =
    "WMT24's ESA rule in the scripts' later repository revision (not the one that wrote the "
    "published tables): per-domain two-sided signed-rank tests combined by Stouffer's method "
    "(direction lost: p(A,B) = p(B,A)); wins go to the higher score; get_clusters";

// The organisers' three-letter to two-letter codes (tools.py langcode_mapping).
std::string TwoLetterCode(const std::string& code) {
  static const std::map<std::string, std::string> kCodes = {
      {"eng", "en"}, {"ces", "cs"}, {"hin", "hi"}, {"zho", "zh"}, {"jpn", "ja"},
      {"rus", "ru"}, {"ukr", "uk"}, {"deu", "de"}, {"isl", "is"}, {"spa", "es"}};
  auto it = kCodes.find(code);
  return it == kCodes.end() ? code : it->second;
}

// "eng-jpn" -> "en-ja" (codes the organisers did not map stay as written).
std::string TwoLetterPair(const std::string& pair) {
  const size_t dash = pair.find('-');
  if (dash == std::string::npos) return pair;
  return TwoLetterCode(pair.substr(0, dash)) + "-" + TwoLetterCode(pair.substr(dash + 1));
}

// The flags this protocol does not read (--language-pair it does).
Status RefuseWmt24EsaFlags(const Flags& flags, const std::string& command) {
  std::vector<std::string> others = {"model", "exclude-annotators", "min-annotator-rankings",
                                     "qc-filter", "da-moments", "mqm-weights", "plot",
                                     "anytime"};
  if (command == "cluster") {
    for (const char* f : {"bootstrap", "confidence", "resample", "no-count-shortcut", "whiskers",
                          "output-dir", "looks", "looks-budget"}) {
      others.push_back(f);
    }
  } else {
    others.push_back("covariates");
  }
  for (const std::string& name : others) {
    if (flags.IsSet(name)) {
      return InvalidArgument("option '--" + name + "' does not apply to --protocol wmt24-esa");
    }
  }
  if (flags.positionals().size() != 1) {
    return InvalidArgument("--protocol wmt24-esa reads exactly one file (got " +
                           std::to_string(flags.positionals().size()) + ")");
  }
  const std::string input_format = flags.Get("input-format");
  if (input_format != "auto" && input_format != "appraise-csv") {
    return InvalidArgument("option '--input-format': --protocol wmt24-esa reads an Appraise "
                           "ESA export (appraise-csv, 12 fields)");
  }
  return Status::Ok();
}

// The judgments of the language pair the flags name (or the only one), as the rule wants
// them; `pair_name` gets its name.
StatusOr<DaJudgments> OnePairOfExport(const AppraiseScores& read, const std::string& wanted,
                                      std::string* pair_name) {
  int chosen = -1;
  std::string list;
  for (size_t i = 0; i < read.language_pairs.size(); ++i) {
    const std::string& p = read.language_pairs[i];
    list += (list.empty() ? "" : ", ") + p;
    if (!wanted.empty() && (wanted == p || wanted == TwoLetterPair(p))) {
      chosen = static_cast<int>(i);
    }
  }
  if (wanted.empty()) {
    if (read.language_pairs.size() != 1) {
      return InvalidArgument("the export holds " + std::to_string(read.language_pairs.size()) +
                             " language pairs (" + list +
                             "); WMT24 ranks each alone: name one with --language-pair");
    }
    chosen = 0;
  }
  if (chosen < 0) {
    return InvalidArgument("option '--language-pair': '" + wanted + "' is not in the export (" +
                           list + ")");
  }
  *pair_name = read.language_pairs[static_cast<size_t>(chosen)];
  DaJudgments out = read.judgments;
  out.rows.clear();
  out.type_counts = {};
  for (const DaJudgment& j : read.judgments.rows) {
    const size_t segment = static_cast<size_t>(j.segment) - 1;
    if (segment >= read.segment_pairs.size() || read.segment_pairs[segment] != chosen) continue;
    out.rows.push_back(j);
    ++out.type_counts[static_cast<int>(j.type)];
  }
  if (out.type_counts[0] + out.type_counts[1] == 0) {
    return InvalidArgument("language pair " + *pair_name + " has no system (TGT) items");
  }
  return out;
}

std::string Decimals(double x, int digits) {
  if (std::isnan(x)) return "n/a";
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", digits, x);
  return buf;
}

// The board as the organisers' extended table lays it out: rank range, system, score, the
// domains' scores, wins/losses, cluster; a rule between clusters.
TextTable Wmt24EsaTable(const DaJudgments& judgments, const Wmt24EsaBoard& board,
                        const std::string& pair, int digits, bool repository) {
  TextTable table;
  table.caption = std::string("WMT24 ESA (official rule, reproduced") +
                  (repository ? "; the scripts' later repository revision" : "") + "), " +
                  pair + ": " +
                  std::to_string(board.order.size()) + " systems, " +
                  std::to_string(board.domains.size()) + " domains";
  table.header = {"rank", "system", "score"};
  for (const std::string& d : board.domains) table.header.push_back(d);
  for (const char* h : {"items", "wins", "losses", "cluster"}) table.header.push_back(h);
  table.left_columns = 2;
  int last_cluster = 0;
  for (int s : board.order) {
    const size_t i = static_cast<size_t>(s);
    std::vector<std::string> row = {
        std::to_string(board.rank_top[i]) + "-" + std::to_string(board.rank_bottom[i]),
        judgments.systems[i], Decimals(board.score[i], digits)};
    for (double d : board.domain_score[i]) row.push_back(Decimals(d, digits));
    row.push_back(std::to_string(board.items[i]));
    row.push_back(std::to_string(board.wins[i]));
    row.push_back(std::to_string(board.losses[i]));
    row.push_back(std::to_string(board.cluster[i]));
    table.rule_before.push_back(last_cluster != 0 && board.cluster[i] != last_cluster);
    last_cluster = board.cluster[i];
    table.rows.push_back(std::move(row));
  }
  return table;
}

Leaderboard Wmt24EsaLeaderboard(const DaJudgments& judgments, const Wmt24EsaBoard& board,
                                const std::vector<std::string>& notes, bool repository) {
  Leaderboard out;
  out.model = "wmt24-esa";
  // wins/losses: the script's significant wins and losses; rankLo/rankHi: its rank range
  // (losses + 1 to systems - wins), which the JSON prints only for boards with ranges.
  out.counts_outcomes = true;
  out.interval_rank_ranges = true;
  out.connected = true;
  out.judgments = judgments.type_counts[0] + judgments.type_counts[1];
  int position = 0;
  for (int s : board.order) {
    const size_t i = static_cast<size_t>(s);
    LeaderboardEntry e;
    e.system = judgments.systems[i];
    e.score = board.score[i];
    e.rank = ++position;
    e.rank_lo = board.rank_top[i];
    e.rank_hi = board.rank_bottom[i];
    e.cluster = board.cluster[i];
    e.wins = board.wins[i];
    e.losses = board.losses[i];
    e.segments = board.items[i];
    e.judgments = board.annotations[i];
    out.entries.push_back(e);
  }
  out.warnings = notes;
  out.warnings.push_back(repository ? kWmt24EsaRepositoryLabel : kWmt24EsaLabel);
  return out;
}

}  // namespace protocol_wmt24_esa_detail

void AddWmt24EsaFlags(Flags& flags) {
  flags.Add("wmt24-revision", "R", "published",
            "--protocol wmt24-esa: published = the organisers' scripts that wrote the "
            "published tables (one-sided tests, directional wins, clusters from the rank "
            "ranges); repository = their later revision (two-sided tests, wins to the higher "
            "score, get_clusters)");
}

int RunWmt24EsaProtocol(const Flags& flags, const std::string& command) {
  using namespace protocol_wmt24_esa_detail;
  if (Status s = RefuseWmt24EsaFlags(flags, command); !s.ok()) return ReportError(command, s);
  auto format = ParseOutputFormat(flags.Get("format"));
  if (!format.ok()) return ReportError(command, format.status());
  if (*format == OutputFormat::kWmt) {
    return ReportError(command, InvalidArgument("option '--format': 'wmt' is the WMT15/16 "
                                                "layout; --protocol wmt24-esa prints table, "
                                                "json, csv, markdown or latex"));
  }
  auto read = ReadAppraiseScores(flags.positionals().front());
  if (!read.ok()) return ReportError(command, read.status());
  if (read->layout != AppraiseLayout::kErrorSpans) {
    return ReportError(command, InvalidArgument(
                                    "--protocol wmt24-esa reads Appraise's 12-field ESA export "
                                    "(this file has " +
                                    std::to_string(static_cast<int>(read->layout)) + " fields)"));
  }
  std::string pair;
  auto judgments = OnePairOfExport(*read, flags.Get("language-pair"), &pair);
  if (!judgments.ok()) return ReportError(command, judgments.status());
  Wmt24EsaOptions options;
  const std::string revision = flags.Get("wmt24-revision");
  if (revision == "repository") {
    options.revision = Wmt24EsaRevision::kRepository;
  } else if (revision != "published") {
    return ReportError(command, InvalidArgument("option '--wmt24-revision': '" + revision +
                                                "' is not published or repository"));
  }
  auto board = RankLikeWmt24Esa(*judgments, options);
  if (!board.ok()) return ReportError(command, board.status());

  std::vector<std::string> notes;
  for (const std::string& w : read->judgments.warnings) {
    if (w.find("language pairs") == std::string::npos) notes.push_back(w);
  }
  const int64_t qc = judgments->type_counts[2] + judgments->type_counts[3];
  if (qc > 0) notes.push_back(std::to_string(qc) + " BAD/REF items left out");
  char line[256];
  std::snprintf(line, sizeof(line),
                "%.1f annotations per system (the organisers' script skips a pair under 100)",
                board->annotations_per_system);
  notes.push_back(line);
  if (board->other_domain_documents > 0) {
    notes.push_back(std::to_string(board->other_domain_documents) +
                    " documents not named test-<lang>-<domain>_... are in the domain 'other'");
  }
  const bool repository = options.revision == Wmt24EsaRevision::kRepository;
  if (*format == OutputFormat::kJson) {
    std::cout << LeaderboardJson(Wmt24EsaLeaderboard(*judgments, *board, notes, repository));
    return kExitOk;
  }
  // The official table prints one decimal; the text formats two, so that ties show.
  const TextTable table = Wmt24EsaTable(*judgments, *board, pair, 2, repository);
  switch (*format) {
    case OutputFormat::kCsv:
      std::cout << RenderCsvTable(table);
      return kExitOk;
    case OutputFormat::kMarkdown:
      std::cout << RenderMarkdownTable(table);
      return kExitOk;
    case OutputFormat::kLatex:
      std::cout << RenderLatexTable(table);
      return kExitOk;
    default:
      break;
  }
  std::cout << (repository ? kWmt24EsaRepositoryLabel : kWmt24EsaLabel) << "\n"
            << RenderTextTable(table);
  std::cout << "rank = the script's range (losses + 1 to systems - wins); a rule between "
               "clusters\n";
  for (const std::string& n : notes) std::cout << "note: " << n << "\n";
  return kExitOk;
}

}  // namespace tourney::cli
