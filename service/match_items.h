// Internal to tourneyd: the items of a pairwise match with texts. Systems whose outputs for
// the match's segment are the same text are one item: shown once, ranked once, and the
// judgment stored for each of them with that rank, in one group (CampaignRanking::groups).
// This is what the WMT CSV reader does with a '+'-joined system id (csv_reader.h: "an id
// joining systems with '+' (identical outputs) gives each of them that rank; they are not
// compared with each other"), so that live and imported judgments mean the same thing.
// Thread safety: functions of their arguments.
#ifndef TOURNEY_SERVICE_MATCH_ITEMS_H_
#define TOURNEY_SERVICE_MATCH_ITEMS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "content_index.h"
#include "tourney/core/judgments.h"

namespace tourney::service {

// A match's systems grouped by their output text.
struct MatchItems {
  // groups[i]: the item of the match's i-th system, items numbered 0.. in the order of their
  // first system (so groups[0] == 0).
  std::vector<uint8_t> groups;
  // first[j]: the index among the match's systems of item j's first system.
  std::vector<int> first;

  size_t size() const { return first.size(); }
  // True when some item holds more than one system.
  bool collapsed() const { return first.size() < groups.size(); }
};

// The items of `systems` (display order) on campaign segment `segment`: systems whose
// outputs are equal byte for byte share an item. Without content every system is its own
// item. REQUIRES: at most 255 systems.
MatchItems GroupIdenticalOutputs(const ContentIndex& content, int segment,
                                 const std::vector<SystemId>& systems);

// The name NextMatch shows for item `item`: its systems' names joined with '+', as WMT CSV
// names identical outputs.
std::string ItemName(const MatchItems& items, size_t item, const std::vector<std::string>& names);

// The ranks per system of ranks per item: system i gets item_ranks[groups[i]].
// REQUIRES: item_ranks.size() == items.size().
std::vector<uint8_t> ExpandItemRanks(const MatchItems& items,
                                     const std::vector<uint8_t>& item_ranks);

// The ranks per item of a stored judgment's ranks per system and its groups (the inverse
// of ExpandItemRanks): item j's rank is that of its first system. Empty `groups`: the
// ranks as they are.
std::vector<uint8_t> ItemRanksOf(const std::vector<uint8_t>& ranks,
                                 const std::vector<uint8_t>& groups);

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_MATCH_ITEMS_H_
