// The texts of a campaign as the content importers read them: per segment its key, its
// document, the source, the references and each system's output, with explicit gaps.
//
// This is the engine's side of the `tourney.v1.CampaignContent` message (the CLI converts
// one to the other); it holds no protobuf. Every text is kept byte for byte as the input
// file decodes it (JSON strings unescaped, nothing trimmed or normalised).
// Thread safety: plain values; safe to share once built.
#ifndef TOURNEY_INGEST_CAMPAIGN_TEXTS_H_
#define TOURNEY_INGEST_CAMPAIGN_TEXTS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tourney {

// One segment's texts.
struct SegmentTexts {
  // Unique within the content. The importers' keys: Pearmut and Appraise "DOC#N" (N the
  // 1-based position of the segment in its document, in first-seen order; Appraise's
  // segmentID when the item carries one), the MQM TSV its seg_id, the table its `seg`, WMT
  // plain text the 1-based line number.
  std::string key;
  std::string document;
  std::string source;
  std::vector<std::string> references;
  // outputs[s] is the output of CampaignTexts::systems[s]; nullopt is a gap: the input held
  // no output of that system for this segment. Never filled in.
  std::vector<std::optional<std::string>> outputs;
};

// What an import read but did not take as a system's output.
struct ContentSkips {
  int64_t items = 0;             // items or rows read in all (JSON items, TSV rows, lines)
  int64_t bad_items = 0;         // Appraise BAD items: quality-control degradations
  int64_t reference_items = 0;   // Appraise REF items: the reference shown as a candidate
  int64_t check_items = 0;       // Appraise CHK items: repeats for consistency checks
  int64_t tutorial_items = 0;    // Appraise items with mqm.tutorial (fixed answers)
  int64_t document_items = 0;    // Appraise isCompleteDocument items (whole-document views)
  int64_t repeated_outputs = 0;  // the same (segment, system, text) seen again (merged)
};

// A campaign's texts.
struct CampaignTexts {
  // Systems in the order the input first names them.
  std::vector<std::string> systems;
  // Segments grouped by document, documents in first-seen order, segments in document
  // order (first-seen order unless the format numbers them).
  std::vector<SegmentTexts> segments;
  // Language tags when the input names them (Appraise "eng", Pearmut none); empty otherwise.
  std::string source_language;
  std::string target_language;
  // The format read: "pearmut", "appraise", "mqm-tsv", "table" or "wmt-text".
  std::string format;
  ContentSkips skipped;

  // The number of distinct documents.
  int64_t NumDocuments() const;
  // The number of (segment, system) pairs without an output.
  int64_t NumGaps() const;
  // The number of outputs present.
  int64_t NumOutputs() const;
};

// A system whose outputs are copies of the reference an annotator sees beside them.
struct ReferenceCopy {
  size_t system = 0;     // index into CampaignTexts::systems
  int64_t equal = 0;     // segments where its output equals one of the references byte for byte
  int64_t compared = 0;  // segments with both an output of the system and a reference
};

// The share of compared segments from which a system counts as a copy of the reference:
// "most segments", so a human reference that was lightly post-edited in a few segments is
// still caught, while an MT system that matches the reference on short segments ("Thank
// you.") is far below it (on the WMT21 TED en-de texts the closest MT system equals the
// reference in under 5% of the segments).
inline constexpr double kReferenceCopyShare = 0.5;

// The systems whose outputs equal a reference of the segment (any of SegmentTexts::
// references, the texts an annotator is shown) in more than `min_share` of the segments
// where both exist, in CampaignTexts::systems order. Ranking such a system against the
// reference shown above it measures nothing: it wins by construction. Empty when the
// content holds no references. O(outputs x references x text length).
std::vector<ReferenceCopy> FindReferenceCopies(const CampaignTexts& texts,
                                               double min_share = kReferenceCopyShare);

// The segments whose source is HTML markup rather than text: it holds an element that
// embeds or lays out content (iframe, video, audio, img, object, embed, svg, ...; the
// tag name case-insensitive, followed by a blank, '>' or '/'), as Pearmut's multimodal
// items do. An annotator page that shows texts as text shows such a source as its markup.
// Indices into CampaignTexts::segments, in order.
std::vector<size_t> FindMarkupSources(const CampaignTexts& texts);

// Removes systems[system] and its outputs from `texts`. REQUIRES: system < systems.size().
void RemoveSystem(size_t system, CampaignTexts* texts);

}  // namespace tourney

#endif  // TOURNEY_INGEST_CAMPAIGN_TEXTS_H_
