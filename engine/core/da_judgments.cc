// DA item types (see tourney/core/da_judgments.h).
#include "tourney/core/da_judgments.h"

namespace tourney {

std::string_view DaItemTypeName(DaItemType type) {
  switch (type) {
    case DaItemType::kSystem:
      return "SYSTEM";
    case DaItemType::kRepeat:
      return "REPEAT";
    case DaItemType::kReference:
      return "REF";
    case DaItemType::kBadReference:
      return "BAD_REF";
  }
  return "SYSTEM";
}

std::optional<DaItemType> ParseDaItemType(std::string_view name) {
  if (name == "SYSTEM") return DaItemType::kSystem;
  if (name == "REPEAT") return DaItemType::kRepeat;
  if (name == "REF") return DaItemType::kReference;
  if (name == "BAD_REF" || name == "BAD") return DaItemType::kBadReference;
  return std::nullopt;
}

}  // namespace tourney
