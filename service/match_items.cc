#include "match_items.h"

namespace tourney::service {

MatchItems GroupIdenticalOutputs(const ContentIndex& content, int segment,
                                 const std::vector<SystemId>& systems) {
  MatchItems items;
  std::vector<const std::string*> texts;  // item -> its text (null without content)
  for (size_t i = 0; i < systems.size(); ++i) {
    const std::string* text = content.Output(segment, systems[i]);
    size_t item = items.first.size();
    if (text != nullptr) {
      for (size_t j = 0; j < texts.size(); ++j) {
        if (texts[j] != nullptr && *texts[j] == *text) {
          item = j;
          break;
        }
      }
    }
    if (item == items.first.size()) {
      items.first.push_back(static_cast<int>(i));
      texts.push_back(text);
    }
    items.groups.push_back(static_cast<uint8_t>(item));
  }
  return items;
}

std::string ItemName(const MatchItems& items, size_t item, const std::vector<std::string>& names) {
  std::string name;
  for (size_t i = 0; i < items.groups.size(); ++i) {
    if (items.groups[i] != item) continue;
    if (!name.empty()) name += '+';
    name += names[i];
  }
  return name;
}

std::vector<uint8_t> ExpandItemRanks(const MatchItems& items,
                                     const std::vector<uint8_t>& item_ranks) {
  std::vector<uint8_t> ranks;
  ranks.reserve(items.groups.size());
  for (uint8_t g : items.groups) ranks.push_back(item_ranks[g]);
  return ranks;
}

std::vector<uint8_t> ItemRanksOf(const std::vector<uint8_t>& ranks,
                                 const std::vector<uint8_t>& groups) {
  if (groups.empty()) return ranks;
  std::vector<uint8_t> items;
  for (size_t i = 0; i < ranks.size() && i < groups.size(); ++i) {
    if (groups[i] == items.size()) items.push_back(ranks[i]);
  }
  return items;
}

}  // namespace tourney::service
