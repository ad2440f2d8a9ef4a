// DaJudgments: direct-assessment (DA) judgments as the WMT organisers release them: one 0-100
// score per (annotator, system output, segment), standardised per annotator, with the
// quality-control items of the campaign kept apart from the system items.
//
// A WMT DA HIT mixes system outputs with three kinds of control item (Graham et al. 2017,
// NLE 23(1), section 3; Kocmi et al. 2022, WMT22 findings, section 3): a REPEAT is a system
// output shown a second time (it is scored like a system item), a REF is the reference
// translation, and a BAD_REF is an output degraded on purpose. Only SYSTEM and REPEAT items
// enter segment and system scores (tourney/protocols/da_scores.h); REF and BAD_REF items
// serve quality control. The reader is tourney/ingest/wmt_da_reader.h.
// Thread safety: a plain value.
#ifndef TOURNEY_CORE_DA_JUDGMENTS_H_
#define TOURNEY_CORE_DA_JUDGMENTS_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tourney {

// The kind of item a DA judgment scored.
enum class DaItemType : uint8_t {
  kSystem = 0,        // a system output
  kRepeat = 1,        // a system output shown again (scored like kSystem)
  kReference = 2,     // quality control: the reference shown as an output ("REF")
  kBadReference = 3,  // quality control: a degraded output ("BAD_REF", "BAD")
};
inline constexpr int kNumDaItemTypes = 4;

// The organisers' spelling: "SYSTEM", "REPEAT", "REF", "BAD_REF".
std::string_view DaItemTypeName(DaItemType type);

// The type named `name` ("SYSTEM", "REPEAT", "REF", "BAD_REF" or "BAD"; case as written);
// nullopt for anything else.
std::optional<DaItemType> ParseDaItemType(std::string_view name);

// True for the items that enter segment and system scores (SYSTEM and REPEAT).
inline bool ScoresSystem(DaItemType type) {
  return type == DaItemType::kSystem || type == DaItemType::kRepeat;
}

// One judgment. Ids index DaJudgments::systems and ::annotators.
struct DaJudgment {
  int32_t annotator = 0;
  int32_t system = 0;
  int32_t segment = 0;   // the test-set segment (WMT: `sid`, 1-based line of the test set)
  int64_t document = 0;  // the chunk shown together (WMT: `rid`)
  DaItemType type = DaItemType::kSystem;
  double z = 0.0;    // the score standardised by its annotator's mean and SD
  double raw = 0.0;  // the 0-100 score; meaningful only when DaJudgments::has_raw
  int64_t line = 0;  // the input line, for messages

  bool operator==(const DaJudgment&) const = default;
};

// One annotator's mean and sample standard deviation (n - 1) of their raw scores, as the
// organisers' `ad-*-trk-mean-sd.txt` lists them (NaN for R's NA).
struct AnnotatorMoments {
  std::string annotator;
  double mean = 0.0;
  double sd = 0.0;
};

struct DaJudgments {
  std::vector<std::string> systems;     // in order of first appearance
  std::vector<std::string> annotators;  // in order of first appearance
  // The names of the DaJudgment::document ids when the input names its documents (Appraise's
  // documentID); empty when documents are numbers (WMT's rid).
  std::vector<std::string> documents;
  std::vector<DaJudgment> rows;         // in input order
  // Whether `raw` holds each judgment's 0-100 score (z * sd + mean from the annotators'
  // moments); false when no moments were given.
  bool has_raw = false;
  // Judgments per DaItemType (index = the enum's value).
  std::array<int64_t, kNumDaItemTypes> type_counts = {};
  // Judgments skipped because their score is R's NA, raw scores left out, ...
  std::vector<std::string> warnings;

  int num_systems() const { return static_cast<int>(systems.size()); }
};

}  // namespace tourney

#endif  // TOURNEY_CORE_DA_JUDGMENTS_H_
