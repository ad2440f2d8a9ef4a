// One language pair of an mt-metrics-eval set: finding the set's folder, reading its files,
// and the set as DA judgments or a scored-segment table (see tourney/ingest/mtme_reader.h;
// the file parsers are in mtme_reader.cc).
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "ingest/content_builder.h"
#include "ingest/input_file.h"
#include "tourney/ingest/mtme_reader.h"

namespace tourney {
namespace mtme_set_detail {

namespace fs = std::filesystem;

// `path`, or `path`.gz when only that exists; empty when neither does.
std::string ExistingFile(const std::string& path) {
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) return path;
  if (fs::is_regular_file(path + ".gz", ec)) return path + ".gz";
  return "";
}

bool IsDirectory(const std::string& path) {
  std::error_code ec;
  return fs::is_directory(path, ec);
}

// The names N of files `prefix` N `suffix` (or with ".gz" after it) directly in `dir`, sorted
// and without duplicates.
std::vector<std::string> NamesIn(const std::string& dir, std::string_view prefix,
                                 std::string_view suffix) {
  std::vector<std::string> names;
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec) return names;
  for (const fs::directory_entry& entry : it) {
    std::string file = entry.path().filename().string();
    if (file.size() > 3 && file.compare(file.size() - 3, 3, ".gz") == 0) {
      file.resize(file.size() - 3);
    }
    if (file.size() <= prefix.size() + suffix.size()) continue;
    if (file.compare(0, prefix.size(), prefix) != 0) continue;
    if (file.compare(file.size() - suffix.size(), suffix.size(), suffix) != 0) continue;
    names.push_back(file.substr(prefix.size(), file.size() - prefix.size() - suffix.size()));
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

std::string JoinNames(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "none" : out;
}

bool HoldsPair(const std::string& dir, const std::string& pair) {
  return !NamesIn(dir + "/human-scores", pair + ".", ".seg.score").empty() ||
         IsDirectory(dir + "/metric-scores/" + pair) ||
         !ExistingFile(dir + "/sources/" + pair + ".txt").empty();
}

bool IsSetFolder(const std::string& dir) {
  return IsDirectory(dir + "/human-scores") || IsDirectory(dir + "/metric-scores");
}

StatusOr<std::string> ReadWhole(const std::string& path) {
  std::string text;
  if (Status s = ReadInputFile(path, &text); !s.ok()) return s;
  return text;
}

StatusOr<MtmeSegmentScores> ReadSegmentFile(const std::string& path, std::string name,
                                            int64_t segments, bool allow_none) {
  auto text = ReadWhole(path);
  if (!text.ok()) return text.status();
  auto scores = ParseMtmeSegmentScores(*text, InputDisplayName(path), segments, allow_none);
  if (!scores.ok()) return scores.status();
  scores->name = std::move(name);
  return scores;
}

// The metric stems to read: every one present, or each requested name resolved to one stem
// (exactly, or METRIC alone matching one METRIC-REF).
StatusOr<std::vector<std::string>> ResolveMetrics(const std::vector<std::string>& present,
                                                  const std::vector<std::string>& requested,
                                                  const std::string& dir) {
  if (requested.empty()) return present;
  if (requested.size() == 1 && requested[0] == "none") return std::vector<std::string>{};
  std::vector<std::string> out;
  for (const std::string& want : requested) {
    if (std::find(present.begin(), present.end(), want) != present.end()) {
      out.push_back(want);
      continue;
    }
    std::vector<std::string> matches;
    for (const std::string& p : present) {
      if (p.size() > want.size() + 1 && p.compare(0, want.size(), want) == 0 &&
          p[want.size()] == '-' && p.find('-', want.size() + 1) == std::string::npos) {
        matches.push_back(p);
      }
    }
    if (matches.size() == 1) {
      out.push_back(matches[0]);
      continue;
    }
    if (matches.empty()) {
      return NotFound("metric '" + want + "': no " + dir + "/" + want +
                      "[-REF].seg.score (metrics there: " + JoinNames(present) + ")");
    }
    return InvalidArgument("metric '" + want + "' is ambiguous: name one of " +
                           JoinNames(matches));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace mtme_set_detail

const MtmeSegmentScores* MtmeEvalSet::Human(std::string_view name) const {
  for (const MtmeSegmentScores& h : human) {
    if (h.name == name) return &h;
  }
  return nullptr;
}


StatusOr<std::string> FindMtmeRoot(const std::string& path, const std::string& language_pair,
                                   const std::string& set_name, std::string* note) {
  using namespace mtme_set_detail;
  if (!IsDirectory(path)) return NotFound(path + ": not a folder");
  if (IsSetFolder(path)) return path;
  std::vector<std::string> candidates;
  std::error_code ec;
  std::vector<fs::path> subs;
  for (const fs::directory_entry& e : fs::directory_iterator(path, ec)) {
    if (e.is_directory(ec)) subs.push_back(e.path());
  }
  std::sort(subs.begin(), subs.end());
  for (const fs::path& sub : subs) {
    const std::string dir = sub.string();
    if (IsSetFolder(dir) && HoldsPair(dir, language_pair)) candidates.push_back(dir);
  }
  if (candidates.empty()) {
    return NotFound(path + ": no mt-metrics-eval set with language pair '" + language_pair +
                    "' (a folder with human-scores/ or metric-scores/, such as wmt23/, here or "
                    "in a subfolder)");
  }
  std::vector<std::string> names;
  for (const std::string& c : candidates) names.push_back(fs::path(c).filename().string());
  auto named = [&](const std::string& name) {
    return static_cast<int>(std::find(names.begin(), names.end(), name) - names.begin());
  };
  if (!set_name.empty() && named(set_name) == static_cast<int>(names.size())) {
    return NotFound(path + ": no mt-metrics-eval set '" + set_name + "' with language pair '" +
                    language_pair + "' (sets with it: " + JoinNames(names) + ")");
  }
  if (candidates.size() == 1) return candidates[0];
  int chosen = !set_name.empty() ? named(set_name) : named("wmt23");
  if (chosen == static_cast<int>(names.size())) {
    // The newest: the highest number after "wmt", then the plain name before a variant.
    auto key = [](const std::string& name) {
      int year = -1;
      size_t i = name.rfind("wmt", 0) == 0 ? 3 : name.size();
      if (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i]))) {
        year = 0;
        while (i < name.size() && std::isdigit(static_cast<unsigned char>(name[i]))) {
          year = year * 10 + (name[i++] - '0');
          if (year > 1000000) break;
        }
      }
      return std::make_pair(year, i == name.size() ? 1 : 0);
    };
    chosen = 0;
    for (int c = 1; c < static_cast<int>(names.size()); ++c) {
      if (key(names[c]) > key(names[chosen])) chosen = c;
    }
  }
  if (note != nullptr && set_name.empty()) {
    *note = "read set " + names[chosen] + " of " + JoinNames(names) +
            " (the sets with language pair " + language_pair + "; choose with the set's folder)";
  }
  return candidates[chosen];
}

StatusOr<MtmeEvalSet> ReadMtmeEvalSet(const std::string& path, const MtmeReadOptions& options) {
  using namespace mtme_set_detail;
  MtmeEvalSet set;
  set.language_pair = options.language_pair;
  if (path == kStdinPath || !IsDirectory(path)) {
    // One human .seg.score file.
    auto text = ReadWhole(path);
    if (!text.ok()) return text.status();
    auto scores = ParseMtmeSegmentScores(*text, InputDisplayName(path), 0, true);
    if (!scores.ok()) return scores.status();
    std::string name = path == kStdinPath ? "stdin" : fs::path(path).filename().string();
    for (const char* suffix : {".gz", ".seg.score"}) {
      const std::string_view sv = suffix;
      if (name.size() > sv.size() && name.compare(name.size() - sv.size(), sv.size(), sv) == 0) {
        name.resize(name.size() - sv.size());
      }
    }
    if (const size_t dot = name.rfind('.'); dot != std::string::npos) name = name.substr(dot + 1);
    scores->name = name;
    set.root = path;
    set.num_segments = scores->num_segments;
    set.human.push_back(std::move(*scores));
  } else {
    if (options.language_pair.empty()) {
      return InvalidArgument("an mt-metrics-eval folder holds several language pairs: name "
                             "one (--language-pair)");
    }
    std::string note;
    auto root = FindMtmeRoot(path, options.language_pair, options.set_name, &note);
    if (!root.ok()) return root.status();
    if (!note.empty()) set.notes.push_back(note);
    set.root = *root;
    const std::string& lp = options.language_pair;
    // The segment count: the source's lines, else the documents', else the first score file's.
    const std::string source = ExistingFile(set.root + "/sources/" + lp + ".txt");
    if (!source.empty()) {
      auto text = ReadWhole(source);
      if (!text.ok()) return text.status();
      auto lines = ParseMtmeTextLines(*text, InputDisplayName(source));
      if (!lines.ok()) return lines.status();
      set.num_segments = static_cast<int64_t>(lines->size());
      if (options.read_texts) set.sources = std::move(*lines);
    }
    const std::string docs = ExistingFile(set.root + "/documents/" + lp + ".docs");
    if (!docs.empty()) {
      auto text = ReadWhole(docs);
      if (!text.ok()) return text.status();
      auto parsed = ParseMtmeDocuments(*text, InputDisplayName(docs));
      if (!parsed.ok()) return parsed.status();
      const int64_t n = static_cast<int64_t>(parsed->segment_document.size());
      if (set.num_segments > 0 && n != set.num_segments) {
        return InvalidArgument(InputDisplayName(docs) + ": " + std::to_string(n) +
                               " lines, but the source has " + std::to_string(set.num_segments) +
                               " (one DOMAIN DOCID line per segment)");
      }
      set.num_segments = n;
      set.documents = std::move(*parsed);
      set.has_documents = true;
    }
    const std::string human_dir = set.root + "/human-scores";
    const std::vector<std::string> present = NamesIn(human_dir, lp + ".", ".seg.score");
    std::vector<std::string> wanted = options.human_scores.empty() ? present : options.human_scores;
    for (const std::string& name : wanted) {
      if (std::find(present.begin(), present.end(), name) == present.end()) {
        return NotFound("human score '" + name + "': no " + human_dir + "/" + lp + "." + name +
                        ".seg.score (human scores there: " + JoinNames(present) + ")");
      }
      auto scores = ReadSegmentFile(ExistingFile(human_dir + "/" + lp + "." + name + ".seg.score"),
                                    name, set.num_segments, true);
      if (!scores.ok()) return scores.status();
      if (set.num_segments == 0) set.num_segments = scores->num_segments;
      set.human.push_back(std::move(*scores));
    }
    std::sort(set.human.begin(), set.human.end(),
              [](const auto& a, const auto& b) { return a.name < b.name; });
    const std::string metric_dir = set.root + "/metric-scores/" + lp;
    auto metric_names = ResolveMetrics(NamesIn(metric_dir, "", ".seg.score"), options.metrics,
                                       metric_dir);
    if (!metric_names.ok()) return metric_names.status();
    for (const std::string& name : *metric_names) {
      auto scores = ReadSegmentFile(ExistingFile(metric_dir + "/" + name + ".seg.score"), name,
                                    set.num_segments, false);
      if (!scores.ok()) return scores.status();
      if (set.num_segments == 0) set.num_segments = scores->num_segments;
      set.metrics.push_back(std::move(*scores));
    }
    set.reference_names = NamesIn(set.root + "/references", lp + ".", ".txt");
    if (set.num_segments == 0) {
      return NotFound(set.root + ": no source, documents or scores for language pair '" + lp +
                      "'");
    }
    if (options.read_texts) {
      if (source.empty()) {
        return NotFound(set.root + "/sources/" + lp + ".txt: no such file (the source texts)");
      }
      auto read_lines = [&](const std::string& file) -> StatusOr<std::vector<std::string>> {
        auto text = ReadWhole(file);
        if (!text.ok()) return text.status();
        auto lines = ParseMtmeTextLines(*text, InputDisplayName(file));
        if (!lines.ok()) return lines.status();
        if (static_cast<int64_t>(lines->size()) != set.num_segments) {
          return InvalidArgument(InputDisplayName(file) + ": " + std::to_string(lines->size()) +
                                 " lines, but the source has " +
                                 std::to_string(set.num_segments));
        }
        return lines;
      };
      for (const std::string& ref : set.reference_names) {
        auto lines = read_lines(ExistingFile(set.root + "/references/" + lp + "." + ref + ".txt"));
        if (!lines.ok()) return lines.status();
        set.reference_text_names.push_back(ref);
        set.reference_texts.push_back(std::move(*lines));
      }
      const std::string out_dir = set.root + "/system-outputs/" + lp;
      for (const std::string& sys : NamesIn(out_dir, "", ".txt")) {
        auto lines = read_lines(ExistingFile(out_dir + "/" + sys + ".txt"));
        if (!lines.ok()) return lines.status();
        set.output_systems.push_back(sys);
        set.outputs.push_back(std::move(*lines));
      }
    }
  }
  if (!set.has_documents) {
    set.documents.domain_names = {"all"};
    for (int64_t k = 0; k < set.num_segments; ++k) {
      set.documents.document_names.push_back("seg-" + std::to_string(k + 1));
      set.documents.segment_document.push_back(static_cast<int>(k));
      set.documents.segment_domain.push_back(0);
    }
  }
  return set;
}

StatusOr<std::string> MtmeHumanScoreForProtocol(const MtmeEvalSet& set,
                                                std::string_view protocol,
                                                std::string_view explicit_name) {
  std::vector<std::string> names;
  for (const MtmeSegmentScores& h : set.human) names.push_back(h.name);
  auto have = [&](std::string_view n) { return set.Human(n) != nullptr; };
  std::string name;
  if (!explicit_name.empty()) {
    name = std::string(explicit_name);
  } else if (protocol == "da" || protocol == "da-holm") {
    name = have("da-sqm") ? "da-sqm" : "da";
  } else if (protocol.size() > 5 && protocol.substr(protocol.size() - 5) == "-holm") {
    name = std::string(protocol.substr(0, protocol.size() - 5));
  } else {
    name = std::string(protocol);
  }
  // A single file read on its own: its one human score, whatever its name.
  if (!have(name) && set.human.size() == 1 && set.metrics.empty() && !set.has_documents &&
      explicit_name.empty()) {
    return set.human[0].name;
  }
  if (!have(name)) {
    return NotFound("no human score '" + name + "' for " + set.language_pair + " in " +
                    set.root + " (human scores: " + mtme_set_detail::JoinNames(names) +
                    "; name one with --human-score)");
  }
  return name;
}

StatusOr<DaJudgments> MtmeHumanJudgments(const MtmeEvalSet& set, std::string_view name) {
  const MtmeSegmentScores* h = set.Human(name);
  if (h == nullptr) return NotFound("no human score '" + std::string(name) + "'");
  DaJudgments out;
  out.systems = h->systems;
  out.annotators = {std::string(name)};
  out.documents = set.documents.document_names;
  out.has_raw = true;
  for (int s = 0; s < h->num_systems(); ++s) {
    for (int64_t k = 0; k < h->num_segments; ++k) {
      if (!h->scored[s][k]) continue;
      DaJudgment j;
      j.annotator = 0;
      j.system = s;
      j.segment = static_cast<int32_t>(k + 1);
      j.document = set.documents.segment_document[static_cast<size_t>(k)];
      j.type = DaItemType::kSystem;
      j.z = j.raw = h->scores[s][k];
      j.line = k + 1;
      out.rows.push_back(j);
    }
  }
  out.type_counts[static_cast<int>(DaItemType::kSystem)] = static_cast<int64_t>(out.rows.size());
  if (out.rows.empty()) {
    return InvalidArgument("human score '" + std::string(name) + "' scores no segment");
  }
  return out;
}

StatusOr<ScoredSegments> MtmeScoredSegments(const MtmeEvalSet& set,
                                            const MtmeTableOptions& options) {
  const MtmeSegmentScores* h = set.Human(options.human_score);
  if (h == nullptr) {
    return NotFound("no human score '" + options.human_score + "' in the set");
  }
  ScoredSegments out;
  const int num_metrics = static_cast<int>(set.metrics.size());
  for (const MtmeSegmentScores& m : set.metrics) out.metric_names.push_back(m.name);
  const int64_t n = set.num_segments;
  std::vector<int> kept;  // rows of `h` that become systems
  for (int s = 0; s < h->num_systems(); ++s) {
    const std::string& system = h->systems[s];
    if (std::find(options.exclude_systems.begin(), options.exclude_systems.end(), system) !=
        options.exclude_systems.end()) {
      continue;
    }
    std::vector<int> metric_row(static_cast<size_t>(num_metrics));
    std::string missing;
    for (int m = 0; m < num_metrics; ++m) {
      metric_row[m] = set.metrics[m].Find(system);
      if (metric_row[m] < 0 && missing.empty()) missing = set.metrics[m].name;
    }
    if (!missing.empty()) {
      out.warnings.push_back("system '" + system + "' left out: metric '" + missing +
                             "' does not score it (a metric leaves out the reference it used)");
      continue;
    }
    kept.push_back(s);
  }
  std::vector<uint8_t> use(static_cast<size_t>(n), 1);
  if (options.scored_only) {
    int64_t dropped = 0;
    for (int64_t k = 0; k < n; ++k) {
      for (int s : kept) use[k] = use[k] && h->scored[s][k];
      dropped += use[k] ? 0 : 1;
    }
    if (dropped == n && !kept.empty()) {
      return InvalidArgument("human score '" + options.human_score +
                             "': no segment is scored for every system");
    }
    if (dropped > 0) {
      out.warnings.push_back(std::to_string(dropped) + " of " + std::to_string(n) +
                             " segments left out: human score '" + options.human_score +
                             "' does not score them for every system");
    }
  }
  // The segments kept, numbered densely; their documents (or domains) in order of first use.
  const bool by_domain = options.strata == MtmeStrata::kDomain;
  const std::vector<std::string>& stratum_names =
      by_domain ? set.documents.domain_names : set.documents.document_names;
  const std::vector<int>& segment_stratum =
      by_domain ? set.documents.segment_domain : set.documents.segment_document;
  std::vector<int> stratum_id(stratum_names.size(), -1);
  for (int64_t k = 0; k < n; ++k) {
    if (!use[k]) continue;
    const int g = segment_stratum[static_cast<size_t>(k)];
    if (stratum_id[g] < 0) {
      stratum_id[g] = static_cast<int>(out.document_ids.size());
      out.document_ids.push_back(stratum_names[g]);
    }
    out.segment_ids.push_back(std::to_string(k + 1));
    out.segment_document.push_back(stratum_id[g]);
  }
  for (int s : kept) {
    const std::string& system = h->systems[s];
    std::vector<int> metric_row(static_cast<size_t>(num_metrics));
    for (int m = 0; m < num_metrics; ++m) metric_row[m] = set.metrics[m].Find(system);
    SystemSegments sys;
    sys.name = system;
    int dense = 0;
    for (int64_t k = 0; k < n; ++k) {
      if (!use[k]) continue;
      sys.segment.push_back(dense++);
      sys.human.push_back(h->scores[s][k]);
      sys.annotated.push_back(h->scored[s][k]);
      for (int m = 0; m < num_metrics; ++m) {
        sys.metrics.push_back(set.metrics[m].scores[metric_row[m]][k]);
      }
    }
    const int64_t rows = sys.size();
    for (int m = 0; m < num_metrics; ++m) {
      bool constant = true;
      for (int64_t k = 1; k < rows && constant; ++k) {
        constant = sys.metrics[static_cast<size_t>(k) * num_metrics + m] == sys.metrics[m];
      }
      if (constant) {
        out.warnings.push_back("metric '" + out.metric_names[m] + "' is constant for system '" +
                               system + "'; dropped for it");
      } else {
        sys.active_metrics.push_back(m);
      }
    }
    out.systems.push_back(std::move(sys));
  }
  if (out.systems.empty()) {
    return InvalidArgument("human score '" + options.human_score +
                           "': no system left that every chosen metric scores (choose metrics "
                           "with --metrics, or none)");
  }
  return out;
}

StatusOr<CampaignTexts> MtmeCampaignTexts(const MtmeEvalSet& set,
                                          const MtmeContentOptions& options) {
  if (set.sources.empty()) {
    return InvalidArgument(set.root + ": no texts for " + set.language_pair +
                           " (sources/" + set.language_pair + ".txt)");
  }
  int reference = -1;
  for (size_t r = 0; r < set.reference_text_names.size(); ++r) {
    if (set.reference_text_names[r] == options.reference) reference = static_cast<int>(r);
  }
  if (reference < 0 && !set.reference_text_names.empty()) reference = 0;
  const std::string reference_name =
      reference < 0 ? std::string() : set.reference_text_names[reference];
  std::vector<size_t> systems;
  for (size_t s = 0; s < set.output_systems.size(); ++s) {
    if (set.output_systems[s] == reference_name && !options.keep_reference_system) continue;
    systems.push_back(s);
  }
  if (systems.empty()) {
    return InvalidArgument(set.root + "/system-outputs/" + set.language_pair +
                           ": no system outputs");
  }
  ContentBuilder builder("mtme");
  const size_t dash = set.language_pair.find('-');
  if (dash != std::string::npos) {
    builder.SetLanguages(set.language_pair.substr(0, dash), set.language_pair.substr(dash + 1));
  }
  for (size_t s : systems) builder.DeclareSystem(set.output_systems[s]);
  const std::string source_name = set.root + "/sources/" + set.language_pair + ".txt";
  for (size_t k = 0; k < set.sources.size(); ++k) {
    const std::string key = std::to_string(k + 1);
    const std::string document =
        set.has_documents ? set.documents.document_names[set.documents.segment_document[k]]
                          : set.language_pair;
    ++builder.skipped().items;
    auto segment = builder.Segment(key, key, document, set.sources[k], static_cast<int64_t>(k),
                                   source_name + ":" + key);
    if (!segment.ok()) return segment.status();
    if (reference >= 0) {
      if (Status st = builder.SetReference(*segment, set.reference_texts[reference][k],
                                           reference_name + ":" + key);
          !st.ok()) {
        return st;
      }
    }
    for (size_t s : systems) {
      if (Status st = builder.AddOutput(*segment, set.output_systems[s], set.outputs[s][k],
                                        set.output_systems[s] + ".txt:" + key);
          !st.ok()) {
        return st;
      }
    }
  }
  return std::move(builder).Finish(set.root);
}

}  // namespace tourney
