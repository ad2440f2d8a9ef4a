// SystemRegistry: system names <-> dense ids 0..n-1.
//
// Ids are assigned in order of first appearance, so a registry built from a file is
// reproducible. Lookups take string_view and do not allocate.
// Thread safety: const methods are safe concurrently; Intern() needs external locking.
#ifndef TOURNEY_CORE_SYSTEM_REGISTRY_H_
#define TOURNEY_CORE_SYSTEM_REGISTRY_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tourney {

using SystemId = int32_t;

// The one rule for system names, in every reader and in the service: 1 to
// kMaxSystemNameBytes bytes, none of them an ASCII control character (bytes 0x00-0x1F and
// 0x7F: NUL, tab, line breaks, escapes), which would corrupt CSV and terminal output.
// UTF-8 validity is the readers' own check. Returns "" for a valid name, else what is wrong
// ("is empty", "is 100000 bytes long (at most 256)", "holds a control character (byte
// 0x00 at offset 3)").
inline constexpr size_t kMaxSystemNameBytes = 256;
std::string SystemNameProblem(std::string_view name);

class SystemRegistry {
 public:
  // Returns the id of `name`, adding it if it is new.
  SystemId Intern(std::string_view name);

  // Returns the id of `name`, or nullopt if it was never interned.
  std::optional<SystemId> Find(std::string_view name) const;

  // REQUIRES: 0 <= id < size().
  const std::string& Name(SystemId id) const { return names_[static_cast<size_t>(id)]; }

  int size() const { return static_cast<int>(names_.size()); }
  const std::vector<std::string>& names() const { return names_; }

 private:
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::vector<std::string> names_;
  std::unordered_map<std::string, SystemId, Hash, std::equal_to<>> ids_;
};

}  // namespace tourney

#endif  // TOURNEY_CORE_SYSTEM_REGISTRY_H_
