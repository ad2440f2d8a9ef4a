#include "flags.h"

#include <charconv>
#include <cmath>
#include <cstdlib>

namespace tourney::cli {

void Flags::Add(const std::string& name, const std::string& value_name, const std::string& def,
                const std::string& help) {
  order_.push_back(name);
  specs_[name] = Spec{value_name, def, help};
}

void Flags::AddBool(const std::string& name, const std::string& help) {
  order_.push_back(name);
  specs_[name] = Spec{"", "", help};
}

Status Flags::Parse(int argc, char** argv, int first) {
  bool only_positionals = false;
  for (int i = first; i < argc; ++i) {
    std::string arg = argv[i];
    if (only_positionals || arg.size() < 2 || arg[0] != '-' || arg == "-") {
      positionals_.push_back(arg);
      continue;
    }
    if (arg == "--") {
      only_positionals = true;
      continue;
    }
    if (arg == "--help" || arg == "-h") {
      help_ = true;
      continue;
    }
    if (arg.rfind("--", 0) != 0) {
      return InvalidArgument("unknown option '" + arg + "' (options start with --; see --help)");
    }
    std::string name = arg.substr(2), value;
    bool has_value = false;
    if (const size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name.resize(eq);
      has_value = true;
    }
    auto it = specs_.find(name);
    if (it == specs_.end()) return InvalidArgument("unknown option '--" + name + "' (see --help)");
    if (it->second.value_name.empty()) {
      if (has_value) return InvalidArgument("option '--" + name + "' takes no value");
      set_[name] = "true";
      continue;
    }
    if (!has_value) {
      if (i + 1 >= argc) {
        return InvalidArgument("option '--" + name + "' needs a value (" +
                               it->second.value_name + ")");
      }
      value = argv[++i];
    }
    set_[name] = value;
  }
  return Status::Ok();
}

std::string Flags::Get(const std::string& name) const {
  if (auto it = set_.find(name); it != set_.end()) return it->second;
  if (auto it = specs_.find(name); it != specs_.end()) return it->second.def;
  return {};
}

StatusOr<int64_t> Flags::GetInt(const std::string& name) const {
  const std::string v = Get(name);
  int64_t out = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  if (v.empty() || ec != std::errc() || p != v.data() + v.size()) {
    return InvalidArgument("option '--" + name + "': '" + v + "' is not an integer");
  }
  return out;
}

StatusOr<uint64_t> Flags::GetUint(const std::string& name) const {
  const std::string v = Get(name);
  uint64_t out = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  if (v.empty() || ec != std::errc() || p != v.data() + v.size()) {
    return InvalidArgument("option '--" + name + "': '" + v + "' is not a non-negative integer");
  }
  return out;
}

StatusOr<double> Flags::GetDouble(const std::string& name) const {
  const std::string v = Get(name);
  char* end = nullptr;
  const double out = v.empty() ? 0.0 : std::strtod(v.c_str(), &end);
  if (v.empty() || end != v.c_str() + v.size() || !std::isfinite(out)) {
    return InvalidArgument("option '--" + name + "': '" + v + "' is not a finite number");
  }
  return out;
}

std::string Flags::Help() const {
  std::string out = "usage: " + usage_ + "\n\n" + description_ + "\n\noptions:\n";
  size_t width = 0;
  std::vector<std::string> lefts;
  for (const std::string& name : order_) {
    const Spec& s = specs_.at(name);
    std::string left = "  --" + name + (s.value_name.empty() ? "" : " " + s.value_name);
    width = std::max(width, left.size());
    lefts.push_back(left);
  }
  for (size_t i = 0; i < order_.size(); ++i) {
    const Spec& s = specs_.at(order_[i]);
    out += lefts[i] + std::string(width + 2 - lefts[i].size(), ' ') + s.help;
    if (!s.def.empty()) out += " (default: " + s.def + ")";
    out += "\n";
  }
  out += "  --help" + std::string(width + 2 > 8 ? width + 2 - 8 : 1, ' ') + "show this help\n";
  return out;
}

}  // namespace tourney::cli
