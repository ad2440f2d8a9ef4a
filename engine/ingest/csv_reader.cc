#include "tourney/ingest/csv_reader.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <optional>
#include <unordered_set>
#include <utility>

#include "ingest/csv_record.h"
#include "ingest/field_text.h"
#include "tourney/core/system_registry.h"
#include "tourney/ingest/language_pair.h"

namespace tourney {
namespace {

constexpr int kMaxSystemColumns = 5;
// Ranks in WMT15/16 pairwise rows come from 5-way rankings.
constexpr int kMaxPairRowRank = 5;
// A ranking rebuilt from pairwise rows holds at most this many systems (uint8_t groups).
constexpr size_t kMaxRebuiltSystems = 255;
constexpr std::string_view kPlaceholder = "PLACEHOLDER";

bool IsBlankLine(std::string_view line) { return TrimField(line).empty(); }

class Parser {
 public:
  Parser(std::string_view name, const ReadOptions& options, Judgments* judgments,
         ReadReport* report)
      : name_(name), options_(options), judgments_(judgments), report_(report) {}

  Status Parse(std::string_view text);

 private:
  std::string Where(int64_t line) const {
    return std::string(name_) + ":" + std::to_string(line) + ": ";
  }
  std::string Where(int64_t line, std::string_view field) const {
    return Where(line) + "field '" + std::string(field) + "': ";
  }
  // "" when `id` is UTF-8 and follows the system name rule, else the row's error.
  std::string BadSystemId(int64_t line, std::string_view field, std::string_view id) const {
    if (!Utf8(id)) return Where(line, field) + "system id " + InvalidUtf8Message(id);
    const std::string problem = SystemNameProblem(id);
    return problem.empty() ? problem : Where(line, field) + "system id " + QuotedValue(id) + " " +
                                           problem;
  }
  // RowError for a message, Ok for none ("").
  Status MaybeRowError(std::string message) {
    return message.empty() ? Status::Ok() : RowError(std::move(message));
  }
  // Records a row error: fatal unless skip_invalid.
  Status RowError(std::string message) {
    if (!options_.skip_invalid) return InvalidArgument(std::move(message));
    ++judgments_->skipped_invalid;
    if (report_->warnings.size() < options_.max_warnings) {
      report_->warnings.push_back(std::move(message));
    }
    return Status::Ok();
  }

  // The normalised language pair of a WMT row ("" without srclang/trglang columns).
  const std::string& RowPair(const std::vector<std::string_view>& f);
  // Records `pair`; true when the selection keeps it. Sets *error when a pair is selected
  // but the row names none.
  bool KeepPair(const std::string& pair, int64_t line, std::string* error);

  Status ParseWmtHeader(const std::vector<std::string_view>& header, int64_t line);
  Status ParsePairwiseHeader(const std::vector<std::string_view>& header, int64_t line);
  // Returns a non-empty message when the row is invalid.
  std::string ParseWmtRow(const std::vector<std::string_view>& f, int64_t line);
  std::string ParsePairwiseRow(const std::vector<std::string_view>& f, int64_t line);
  // WMT15/16 pairwise rows: adds the row to the pending ranking.
  std::string ParseWmtPairRow(const std::vector<std::string_view>& f, int64_t line);
  // Adds the pending ranking (if any) to the judgments after checking it is whole.
  std::string FlushPending();
  // Reserves the judgments' arrays for at most one ranking per remaining line of `text`, so
  // that a large file is not copied as its arrays grow (each copy faults in fresh pages).
  void ReserveForRows(std::string_view text);

  const std::string_view name_;
  const ReadOptions& options_;
  Judgments* const judgments_;
  ReadReport* const report_;

  InputFormat format_ = InputFormat::kAuto;
  size_t num_fields_ = 0;
  // WMT columns.
  int k_ = 0;
  std::array<int, kMaxSystemColumns> id_col_{};
  std::array<int, kMaxSystemColumns> rank_col_{};
  std::array<std::string, kMaxSystemColumns> id_names_, rank_names_;
  int segment_col_ = -1, judge_col_ = -1, document_col_ = -1;
  std::string judge_name_;  // the judge column's header name
  int src_col_ = -1, trg_col_ = -1;
  std::string_view last_src_, last_trg_;
  std::string last_src_storage_, last_trg_storage_;
  std::string last_pair_;
  bool pair_cached_ = false;
  // last_pair_ changes bump the generation; the report and the pair's id are then looked up
  // once per generation instead of once per row.
  uint64_t pair_generation_ = 0;
  uint64_t noted_generation_ = UINT64_MAX, pair_id_generation_ = UINT64_MAX;
  int32_t pair_id_ = -1;
  int32_t RowPairId(const std::string& pair) {
    if (pair.empty()) return -1;
    if (&pair != &last_pair_) return judgments_->InternLanguagePair(pair);
    if (pair_id_generation_ != pair_generation_) {
      pair_id_ = judgments_->InternLanguagePair(pair);
      pair_id_generation_ = pair_generation_;
    }
    return pair_id_;
  }
  // WMT15/16 pairwise rows.
  bool rows_mode_ = false;
  int ranking_id_col_ = -1;
  struct PendingRanking {
    bool active = false;
    bool poisoned = false;  // a row was invalid (reported); the ranking is skipped
    bool blank = false;     // a blank rank: the ranking is dropped
    std::string id;
    int64_t first_line = 0;
    std::string pair;
    std::string segment_text, judge_text;
    std::vector<std::string> names;
    std::vector<uint8_t> ranks;
    std::unordered_set<uint32_t> pairs;  // i * 256 + j for i < j
    size_t rows = 0;
    // Every row read for this ranking, and those reported as invalid: a skipped ranking
    // counts all of its rows as skipped, not only the one that was reported.
    int64_t lines = 0;
    int64_t errors = 0;
  };
  PendingRanking pending_;
  std::unordered_set<std::string> finished_ids_;
  // Pairwise columns.
  int a_col_ = 0, b_col_ = 1, outcome_col_ = 2;

  // Ids of system and judge names through a NameCache (field_text.h).
  SystemId InternSystem(std::string_view name) {
    SystemRegistry& systems = judgments_->systems();
    return CachedIntern(
        system_cache_, name, [&](std::string_view x) { return systems.Intern(x); },
        [&](int32_t id) -> const std::string& { return systems.Name(id); });
  }
  int32_t InternJudge(std::string_view name) {
    return CachedIntern(
        judge_cache_, name, [&](std::string_view x) { return judgments_->InternJudge(x); },
        [&](int32_t id) -> const std::string& {
          return judgments_->judges()[static_cast<size_t>(id)];
        });
  }

  bool ascii_ = false;  // every byte is ASCII (ReserveForRows): no field needs a UTF-8 check
  bool Utf8(std::string_view field) const { return ascii_ || IsValidUtf8(field); }

  // Scratch buffers reused across rows.
  std::vector<SystemId> row_systems_;
  NameCache system_cache_{}, judge_cache_{};
};

Status Parser::ParseWmtHeader(const std::vector<std::string_view>& header, int64_t line) {
  std::string duplicate;
  auto find = [&](std::string_view col) -> int {
    return FindHeaderColumn(header, col, &duplicate);
  };
  k_ = 0;
  for (int i = 1; i <= kMaxSystemColumns; ++i) {
    const std::string id = "system" + std::to_string(i) + "Id";
    const std::string rank = "system" + std::to_string(i) + "rank";
    const int id_col = find(id), rank_col = find(rank);
    if (id_col < 0 && rank_col < 0) break;
    if (id_col < 0) return InvalidArgument(Where(line) + "missing column '" + id + "'");
    if (rank_col < 0) return InvalidArgument(Where(line) + "missing column '" + rank + "'");
    id_col_[k_] = id_col;
    id_names_[k_] = id;
    rank_names_[k_] = rank;
    rank_col_[k_] = rank_col;
    ++k_;
  }
  if (k_ < 2) {
    return InvalidArgument(Where(line) + "missing column '" +
                           (k_ == 0 ? std::string("system1Id") : std::string("system2Id")) +
                           "' (a WMT ranking file needs 2 to 5 systemNId/systemNrank columns)");
  }
  if (find("system6Id") >= 0) {
    return InvalidArgument(Where(line) + "field 'system6Id': at most 5 systems per ranking");
  }
  segment_col_ = find("segmentId");
  if (segment_col_ < 0) segment_col_ = find("srcIndex");
  judge_col_ = find("judgeId");
  if (judge_col_ < 0) judge_col_ = find("judgeID");
  document_col_ = find("documentId");
  src_col_ = find("srclang");
  trg_col_ = find("trglang");
  ranking_id_col_ = find("rankingID");
  if (!duplicate.empty()) return InvalidArgument(Where(line) + duplicate);
  judge_name_ = judge_col_ >= 0 ? std::string(TrimField(header[static_cast<size_t>(judge_col_)]))
                                : std::string();
  rows_mode_ = ranking_id_col_ >= 0 && k_ == 2;
  num_fields_ = header.size();
  return Status::Ok();
}

const std::string& Parser::RowPair(const std::vector<std::string_view>& f) {
  if (src_col_ < 0 || trg_col_ < 0) {
    last_pair_.clear();
    return last_pair_;
  }
  const std::string_view src = TrimField(f[static_cast<size_t>(src_col_)]);
  const std::string_view trg = TrimField(f[static_cast<size_t>(trg_col_)]);
  if (!pair_cached_ || src != last_src_ || trg != last_trg_) {
    // Cache by content: the views point into the line, so compare before they go stale.
    last_pair_ = LanguagePairKey(src, trg);
    last_src_storage_.assign(src);
    last_trg_storage_.assign(trg);
    last_src_ = last_src_storage_;
    last_trg_ = last_trg_storage_;
    pair_cached_ = true;
    ++pair_generation_;
  }
  return last_pair_;
}

bool Parser::KeepPair(const std::string& pair, int64_t line, std::string* error) {
  if (&pair != &last_pair_ || noted_generation_ != pair_generation_) {
    NoteLanguagePair(pair, report_);
    if (&pair == &last_pair_) noted_generation_ = pair_generation_;
  }
  if (options_.language_pair.empty()) return true;
  if (pair.empty()) {
    *error = Where(line) + "cannot select language pair '" + options_.language_pair +
             "': the row names no language pair (no srclang/trglang columns)";
    return false;
  }
  if (pair == options_.language_pair) return true;
  ++report_->other_pair_rankings;
  return false;
}

Status Parser::ParsePairwiseHeader(const std::vector<std::string_view>& header, int64_t line) {
  std::string duplicate;
  auto find = [&](std::string_view col) -> int {
    return FindHeaderColumn(header, col, &duplicate);
  };
  for (std::string_view col : {"system_a", "system_b", "outcome"}) {
    if (find(col) < 0) {
      return InvalidArgument(Where(line) + "missing column '" + std::string(col) + "'");
    }
  }
  a_col_ = find("system_a");
  b_col_ = find("system_b");
  outcome_col_ = find("outcome");
  if (!duplicate.empty()) return InvalidArgument(Where(line) + duplicate);
  num_fields_ = header.size();
  return Status::Ok();
}

std::string Parser::ParseWmtRow(const std::vector<std::string_view>& f, int64_t line) {
  if (rows_mode_) return ParseWmtPairRow(f, line);
  const std::string& pair = RowPair(f);
  {
    std::string error;
    if (!KeepPair(pair, line, &error)) return error;
  }
  // Validate the whole row before interning anything, so a skipped row adds no systems.
  std::array<std::string_view, 4 * kMaxSystemColumns> names;
  std::array<uint8_t, 4 * kMaxSystemColumns> ranks{}, groups{};
  size_t n = 0;
  bool blank = false;
  for (int c = 0; c < k_; ++c) {
    const std::string_view id = TrimField(f[static_cast<size_t>(id_col_[c])]);
    const std::string_view rank_text = TrimField(f[static_cast<size_t>(rank_col_[c])]);
    const std::string& id_field = id_names_[c];
    if (id.empty()) return Where(line, id_field) + "empty system id";
    if (id == kPlaceholder) continue;

    const std::string& rank_field = rank_names_[c];
    int rank = 0;
    if (rank_text.empty()) {
      blank = true;
    } else {
      const std::optional<int64_t> r = ParseIntField(rank_text);
      if (!r)
        return Where(line, rank_field) + "rank " + QuotedValue(rank_text) + " is not an integer";
      if (*r == -1) {
        blank = true;
      } else if (*r < 1 || *r > k_) {
        return Where(line, rank_field) + "rank " + QuotedValue(rank_text) + " is outside 1.." +
               std::to_string(k_);
      } else {
        rank = static_cast<int>(*r);
      }
    }
    // Expand '+'-joined ids.
    size_t start = 0;
    while (true) {
      const size_t plus = id.find('+', start);
      const std::string_view part =
          TrimField(id.substr(start, plus == std::string_view::npos ? id.npos : plus - start));
      if (part.empty()) return Where(line, id_field) + "empty system id in " + QuotedValue(id);
      if (std::string bad = BadSystemId(line, id_field, part); !bad.empty()) return bad;
      if (part != kPlaceholder) {
        for (size_t i = 0; i < n; ++i) {
          if (names[i] == part) {
            return Where(line, id_field) + "system " + QuotedValue(part) +
                   " appears twice in one ranking";
          }
        }
        if (n == names.size()) {
          return Where(line, id_field) + "too many '+'-joined systems in one ranking";
        }
        names[n] = part;
        ranks[n] = static_cast<uint8_t>(rank);
        groups[n] = static_cast<uint8_t>(c);
        ++n;
      }
      if (plus == std::string_view::npos) break;
      start = plus + 1;
    }
  }
  std::string_view judge_text;
  if (judge_col_ >= 0) {
    judge_text = TrimField(f[static_cast<size_t>(judge_col_)]);
    if (!Utf8(judge_text)) {
      return Where(line, judge_name_) + "judge id " + InvalidUtf8Message(judge_text);
    }
  }
  // Blank, or nothing to compare (placeholders only): dropped and counted.
  if (blank || n < 2) {
    ++(blank ? judgments_->dropped_blank : judgments_->dropped_single);
    return {};
  }
  row_systems_.clear();
  for (size_t i = 0; i < n; ++i) row_systems_.push_back(InternSystem(names[i]));
  int64_t segment = -1;
  if (segment_col_ >= 0) {
    if (auto s = ParseIntField(f[static_cast<size_t>(segment_col_)])) segment = *s;
  }
  int32_t judge = -1, document = -1;
  if (!judge_text.empty()) judge = InternJudge(judge_text);
  if (document_col_ >= 0) {
    const std::string_view d = TrimField(f[static_cast<size_t>(document_col_)]);
    if (!d.empty() && d != "-1") document = judgments_->InternDocument(d);
  }
  judgments_->AddRanking(row_systems_, std::span<const uint8_t>(ranks.data(), n),
                         options_.expand_identical ? std::span<const uint8_t>()
                                                   : std::span<const uint8_t>(groups.data(), n),
                         segment, judge, document, RowPairId(pair));
  return {};
}

std::string Parser::ParseWmtPairRow(const std::vector<std::string_view>& f, int64_t line) {
  const std::string_view rid = TrimField(f[static_cast<size_t>(ranking_id_col_)]);
  if (rid.empty()) return Where(line, "rankingID") + "empty ranking id";
  const std::string& pair = RowPair(f);
  const std::string_view segment =
      segment_col_ >= 0 ? TrimField(f[static_cast<size_t>(segment_col_)]) : std::string_view();
  const std::string_view judge =
      judge_col_ >= 0 ? TrimField(f[static_cast<size_t>(judge_col_)]) : std::string_view();
  PendingRanking& p = pending_;
  const bool judge_utf8 = Utf8(judge);
  if (!p.active) {
    if (finished_ids_.count(std::string(rid)) != 0) {
      p.active = true;
      p.poisoned = true;
      p.id.assign(rid);
      return Where(line, "rankingID") + "ranking " + QuotedValue(rid) +
             " appears again after other rankings (the rows of one ranking must be "
             "contiguous)";
    }
    p.active = true;
    p.id.assign(rid);
    p.first_line = line;
    p.pair = pair;
    p.segment_text.assign(segment);
    p.judge_text.assign(judge);
  } else if (pair != p.pair || segment != p.segment_text || judge != p.judge_text) {
    p.poisoned = true;
    return Where(line) + "row of ranking " + QuotedValue(rid) +
           " names another language pair, segment or judge than the ranking's first row (line " +
           std::to_string(p.first_line) + ")";
  }
  if (p.poisoned) return {};
  if (!judge_utf8) {
    p.poisoned = true;
    return Where(line, judge_name_) + "judge id " + InvalidUtf8Message(judge);
  }
  size_t index[2];
  for (int c = 0; c < 2; ++c) {
    const std::string_view id = TrimField(f[static_cast<size_t>(id_col_[c])]);
    const std::string_view rank_text = TrimField(f[static_cast<size_t>(rank_col_[c])]);
    if (id.empty()) {
      p.poisoned = true;
      return Where(line, id_names_[c]) + "empty system id";
    }
    if (std::string bad = BadSystemId(line, id_names_[c], id); !bad.empty()) {
      p.poisoned = true;
      return bad;
    }
    int rank = 0;
    if (rank_text.empty()) {
      p.blank = true;
    } else {
      const std::optional<int64_t> r = ParseIntField(rank_text);
      if (!r) {
        p.poisoned = true;
        return Where(line, rank_names_[c]) + "rank " + QuotedValue(rank_text) +
               " is not an integer";
      }
      if (*r == -1) {
        p.blank = true;
      } else if (*r < 1 || *r > kMaxPairRowRank) {
        p.poisoned = true;
        return Where(line, rank_names_[c]) + "rank " + QuotedValue(rank_text) + " is outside 1.." +
               std::to_string(kMaxPairRowRank);
      } else {
        rank = static_cast<int>(*r);
      }
    }
    size_t i = 0;
    while (i < p.names.size() && p.names[i] != id) ++i;
    if (i == p.names.size()) {
      if (p.names.size() == kMaxRebuiltSystems) {
        p.poisoned = true;
        return Where(line, id_names_[c]) + "ranking " + QuotedValue(rid) + " has more than " +
               std::to_string(kMaxRebuiltSystems) + " systems";
      }
      p.names.emplace_back(id);
      p.ranks.push_back(static_cast<uint8_t>(rank));
    } else if (p.ranks[i] != rank) {
      p.poisoned = true;
      return Where(line, rank_names_[c]) + "system " + QuotedValue(id) + " has rank " +
             std::to_string(rank) + " here but " + std::to_string(p.ranks[i]) +
             " in an earlier row of ranking " + QuotedValue(rid);
    }
    index[c] = i;
  }
  if (index[0] == index[1]) {
    p.poisoned = true;
    return Where(line, "system2Id") + "system " + QuotedValue(p.names[index[0]]) +
           " is compared with itself";
  }
  const uint32_t key =
      static_cast<uint32_t>(std::min(index[0], index[1]) * 256 + std::max(index[0], index[1]));
  if (!p.pairs.insert(key).second) {
    p.poisoned = true;
    return Where(line) + "ranking " + QuotedValue(rid) + " compares " +
           QuotedValue(p.names[index[0]]) + " and " + QuotedValue(p.names[index[1]]) + " twice";
  }
  ++p.rows;
  return {};
}

std::string Parser::FlushPending() {
  if (!pending_.active) return {};
  PendingRanking p = std::move(pending_);
  pending_ = PendingRanking();
  finished_ids_.insert(p.id);
  // The rows of a skipped ranking not already counted as reported errors (only under
  // skip_invalid: otherwise the first error stopped the read).
  auto count_rest = [&](int64_t reported) {
    if (options_.skip_invalid)
      judgments_->skipped_invalid += std::max<int64_t>(p.lines - reported, 0);
  };
  if (p.poisoned) {
    count_rest(p.errors);
    return {};
  }
  const size_t n = p.names.size();
  if (p.rows != n * (n - 1) / 2) {
    count_rest(p.errors + 1);
    return Where(p.first_line, "rankingID") + "ranking " + QuotedValue(p.id) + " has " +
           std::to_string(p.rows) + " rows, but its " + std::to_string(n) + " systems make " +
           std::to_string(n * (n - 1) / 2) +
           " pairs (the rows of a ranking must be every pair of its systems)";
  }
  std::string error;
  if (!KeepPair(p.pair, p.first_line, &error)) {
    if (!error.empty()) count_rest(p.errors + 1);
    return error;
  }
  if (p.blank) {
    ++judgments_->dropped_blank;
    return {};
  }
  row_systems_.clear();
  for (const std::string& name : p.names) {
    row_systems_.push_back(InternSystem(name));
  }
  int64_t segment = -1;
  if (auto v = ParseIntField(p.segment_text)) segment = *v;
  const int32_t judge = p.judge_text.empty() ? -1 : InternJudge(p.judge_text);
  judgments_->AddRanking(row_systems_, p.ranks, {}, segment, judge, -1,
                         p.pair.empty() ? -1 : judgments_->InternLanguagePair(p.pair));
  return {};
}

std::string Parser::ParsePairwiseRow(const std::vector<std::string_view>& f, int64_t line) {
  {
    std::string error;
    if (!KeepPair(std::string(), line, &error)) return error;
  }
  const std::string_view a = TrimField(f[static_cast<size_t>(a_col_)]);
  const std::string_view b = TrimField(f[static_cast<size_t>(b_col_)]);
  const std::string_view o = TrimField(f[static_cast<size_t>(outcome_col_)]);
  if (a.empty()) return Where(line, "system_a") + "empty system id";
  if (b.empty()) return Where(line, "system_b") + "empty system id";
  if (std::string bad = BadSystemId(line, "system_a", a); !bad.empty()) return bad;
  if (std::string bad = BadSystemId(line, "system_b", b); !bad.empty()) return bad;
  if (a == b)
    return Where(line, "system_b") + "system " + QuotedValue(b) + " is compared with itself";
  uint8_t ranks[2];
  if (o == "a") {
    ranks[0] = 1, ranks[1] = 2;
  } else if (o == "b") {
    ranks[0] = 2, ranks[1] = 1;
  } else if (o == "tie") {
    ranks[0] = 1, ranks[1] = 1;
  } else {
    return Where(line, "outcome") + "outcome " + QuotedValue(o) + " is not one of a, b, tie";
  }
  const SystemId ids[2] = {InternSystem(a), InternSystem(b)};
  judgments_->AddRanking(ids, ranks);
  return {};
}

void Parser::ReserveForRows(std::string_view text) {
  const TextShape shape = ScanText(text);
  ascii_ = shape.ascii;
  const size_t lines = 1 + shape.newlines;
  size_t entries = 2 * lines, comparisons = lines;  // pairwise rows (alone or rebuilt)
  if (format_ == InputFormat::kWmt && !rows_mode_) {
    const size_t k = static_cast<size_t>(k_);
    entries = k * lines;
    comparisons = k * (k - 1) / 2 * lines;
  }
  // Past this the estimate may be far off (wide rankings, mostly blank lines): let the
  // arrays grow instead of reserving gigabytes.
  if (comparisons > (size_t{1} << 26)) return;
  judgments_->Reserve(lines, entries, comparisons);
}

Status Parser::Parse(std::string_view text) {
  CsvRecordReader lines(text);
  std::string_view line;
  std::vector<std::string_view> fields;
  std::vector<std::string> storage;

  // Header: the first non-blank line.
  bool have_header = false;
  bool saw_line = false;
  int64_t header_line = 0;
  format_ = options_.format;
  while (lines.Next(&line)) {
    if (IsBlankLine(line)) continue;
    saw_line = true;
    header_line = lines.line_number();
    if (!SplitCsvLine(line, &fields, &storage)) {
      return InvalidArgument(Where(lines.line_number()) + "unterminated quote in header");
    }
    const bool looks_wmt = line.find("system1Id") != std::string_view::npos ||
                           line.find("system1rank") != std::string_view::npos;
    const bool looks_pairwise = TrimField(fields[0]) == "system_a";
    if (format_ == InputFormat::kAuto) {
      if (looks_wmt) {
        format_ = InputFormat::kWmt;
      } else if (looks_pairwise) {
        format_ = InputFormat::kPairwise;
      } else {
        return InvalidArgument(
            Where(lines.line_number()) +
            "unrecognised header: expected a WMT ranking header (srclang,...,system1Id,...,"
            "system1rank,...) or 'system_a,system_b,outcome'");
      }
    }
    if (format_ == InputFormat::kWmt) {
      Status s = ParseWmtHeader(fields, lines.line_number());
      if (!s.ok()) return s;
      have_header = true;
    } else if (looks_pairwise) {
      Status s = ParsePairwiseHeader(fields, lines.line_number());
      if (!s.ok()) return s;
      have_header = true;
    } else {
      num_fields_ = 3;  // headerless pairwise file: this line is data
    }
    break;
  }
  if (!saw_line) return InvalidArgument(std::string(name_) + ": empty file (no header line)");

  ReserveForRows(text);
  int64_t data_rows = 0;
  bool pending_first = format_ == InputFormat::kPairwise && !have_header && !line.empty();
  while (pending_first || lines.Next(&line)) {
    const bool reuse = pending_first;
    pending_first = false;
    if (!reuse && IsBlankLine(line)) continue;
    ++report_->rows;
    ++data_rows;
    const int64_t ln = lines.line_number();
    if (!reuse && !SplitCsvLine(line, &fields, &storage)) {
      if (Status s = RowError(Where(ln) + "unterminated quote"); !s.ok()) return s;
      continue;
    }
    if (fields.size() != num_fields_) {
      Status s = RowError(Where(ln) + "expected " + std::to_string(num_fields_) +
                          " fields, found " + std::to_string(fields.size()));
      if (!s.ok()) return s;
      continue;
    }
    if (rows_mode_ && pending_.active &&
        TrimField(fields[static_cast<size_t>(ranking_id_col_)]) != pending_.id) {
      if (Status s = MaybeRowError(FlushPending()); !s.ok()) return s;
    }
    std::string error =
        format_ == InputFormat::kWmt ? ParseWmtRow(fields, ln) : ParsePairwiseRow(fields, ln);
    if (rows_mode_ && pending_.active) {
      ++pending_.lines;
      pending_.errors += error.empty() ? 0 : 1;
    }
    if (Status s = MaybeRowError(std::move(error)); !s.ok()) return s;
  }
  if (rows_mode_) {
    if (Status s = MaybeRowError(FlushPending()); !s.ok()) return s;
  }
  if (data_rows == 0) {
    // As an empty file: a header alone holds no judgments.
    return InvalidArgument(std::string(name_) +
                           ": no judgments: the file holds only its header (line " +
                           std::to_string(header_line) + ")");
  }
  return Status::Ok();
}

}  // namespace

Status ParseJudgments(std::string_view text, std::string_view name, const ReadOptions& options,
                      Judgments* judgments, ReadReport* report) {
  ReadReport local;
  Parser parser(name, options, judgments, report ? report : &local);
  return parser.Parse(text);
}

}  // namespace tourney
