#include "tourney/core/system_registry.h"

#include <cstdio>

namespace tourney {

std::string SystemNameProblem(std::string_view name) {
  if (name.empty()) return "is empty";
  if (name.size() > kMaxSystemNameBytes) {
    return "is " + std::to_string(name.size()) + " bytes long (at most " +
           std::to_string(kMaxSystemNameBytes) + ")";
  }
  for (size_t i = 0; i < name.size(); ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    if (c < 0x20 || c == 0x7f) {
      char text[64];
      std::snprintf(text, sizeof text, "holds a control character (byte 0x%02X at offset %zu)", c,
                    i);
      return text;
    }
  }
  return "";
}

SystemId SystemRegistry::Intern(std::string_view name) {
  auto it = ids_.find(name);
  if (it != ids_.end()) return it->second;
  const SystemId id = static_cast<SystemId>(names_.size());
  names_.emplace_back(name);
  ids_.emplace(std::string(name), id);
  return id;
}

std::optional<SystemId> SystemRegistry::Find(std::string_view name) const {
  auto it = ids_.find(name);
  if (it == ids_.end()) return std::nullopt;
  return it->second;
}

}  // namespace tourney
