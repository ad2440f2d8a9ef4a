#include "flags/flags.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace tourney {

void Flags::Add(const std::string& name, const std::string& value_name, const std::string& def,
                const std::string& help) {
  if (specs_.count(name) == 0) order_.push_back(name);
  specs_[name] = Spec{value_name, def, help};
}

void Flags::AddRepeated(const std::string& name, const std::string& value_name,
                        const std::string& help) {
  if (specs_.count(name) == 0) order_.push_back(name);
  specs_[name] = Spec{value_name, "", help, true};
}

std::vector<std::string> Flags::GetAll(const std::string& name) const {
  if (auto it = all_.find(name); it != all_.end()) return it->second;
  if (auto it = set_.find(name); it != set_.end()) return {it->second};
  return {};
}

void Flags::AddBool(const std::string& name, const std::string& help) {
  if (specs_.count(name) == 0) order_.push_back(name);
  specs_[name] = Spec{"", "", help};
}

void Flags::AddExample(const std::string& command, const std::string& what) {
  examples_.emplace_back(command, what);
}

namespace {

// Levenshtein distance, for "did you mean".
size_t EditDistance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
      diagonal = up;
    }
  }
  return row[b.size()];
}

size_t TerminalWidth() {
  winsize ws{};
  if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) {
    return ws.ws_col;
  }
  if (const char* columns = std::getenv("COLUMNS")) {
    const long v = std::strtol(columns, nullptr, 10);
    if (v > 0) return static_cast<size_t>(v);
  }
  return 80;
}

// Appends `text` wrapped to `width` columns; the first line continues after `first` columns
// already used, later lines start with `indent` spaces.
void Wrap(const std::string& text, size_t width, size_t first, size_t indent, std::string* out) {
  std::istringstream words(text);
  std::string word;
  size_t column = first;
  bool line_empty = true;
  while (words >> word) {
    if (!line_empty && column + 1 + word.size() > width) {
      out->push_back('\n');
      out->append(indent, ' ');
      column = indent;
      line_empty = true;
    }
    if (!line_empty) {
      *out += ' ';
      ++column;
    }
    *out += word;
    column += word.size();
    line_empty = false;
  }
  *out += "\n";
}

// A description reflowed: blank lines separate paragraphs; lines starting with a space or
// "- " keep their own line (lists, commands).
void WrapDescription(const std::string& text, size_t width, std::string* out) {
  std::istringstream lines(text);
  std::string line, paragraph;
  auto flush = [&] {
    if (!paragraph.empty()) Wrap(paragraph, width, 0, 0, out);
    paragraph.clear();
  };
  while (std::getline(lines, line)) {
    if (line.find_first_not_of(' ') == std::string::npos) {
      flush();
      *out += "\n";
    } else if (line[0] == ' ' || line.rfind("- ", 0) == 0) {
      flush();
      const size_t lead = line.find_first_not_of(' ');
      const size_t hang = line.compare(lead, 2, "- ") == 0 ? lead + 2 : lead;
      *out += std::string(lead, ' ');
      Wrap(line.substr(lead), width, lead, hang, out);
    } else {
      paragraph += (paragraph.empty() ? "" : " ") + line;
    }
  }
  flush();
}

}  // namespace

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
    if (it == specs_.end()) {
      std::string best;
      size_t best_distance = 3;  // suggest only close names
      for (const std::string& known : order_) {
        const size_t d = EditDistance(name, known);
        if (d < best_distance || (known.rfind(name, 0) == 0 && best.empty())) {
          best_distance = std::min(d, best_distance);
          best = known;
        }
      }
      return InvalidArgument("unknown option '--" + name + "'" +
                             (best.empty() ? std::string() : " (did you mean '--" + best + "'?)") +
                             "; see --help");
    }
    if (it->second.value_name.empty()) {
      if (has_value) return InvalidArgument("option '--" + name + "' takes no value");
      set_[name] = "true";
      continue;
    }
    if (!has_value) {
      if (i + 1 >= argc) {
        return InvalidArgument("option '--" + name + "' needs a value (" + it->second.value_name +
                               ")");
      }
      value = argv[++i];
    }
    set_[name] = value;
    all_[name].push_back(value);
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

std::string Flags::Help(size_t width) const {
  if (width == 0) width = TerminalWidth();
  width = std::clamp<size_t>(width, 40, 160);
  std::string out = "usage: ";
  Wrap(usage_, width, 7, 9, &out);
  out += "\n";
  WrapDescription(description_, width, &out);
  out += "\noptions:\n";
  std::vector<std::pair<std::string, std::string>> rows;
  for (const std::string& name : order_) {
    const Spec& s = specs_.at(name);
    rows.emplace_back("  --" + name + (s.value_name.empty() ? "" : " " + s.value_name),
                      s.help + (s.def.empty() ? "" : " (default: " + s.def + ")") +
                          (s.repeated ? " (repeatable)" : ""));
  }
  rows.emplace_back("  --help", "show this help");
  size_t column = 0;
  for (const auto& [left, help] : rows) column = std::max(column, left.size() + 2);
  column = std::min<size_t>(column, 30);  // longer names put their help on the next line
  for (const auto& [left, help] : rows) {
    out += left;
    if (left.size() + 2 > column) {
      out += "\n" + std::string(column, ' ');
    } else {
      out += std::string(column - left.size(), ' ');
    }
    Wrap(help, width, column, column, &out);
  }
  if (!examples_.empty()) {
    out += "\nexamples:\n";
    for (const auto& [command, what] : examples_) {
      out += "  ";
      Wrap("# " + what, width, 2, 4, &out);
      // A long command continues on the next line after " \\", as a shell reads it.
      std::istringstream words(command);
      std::string word, line = "  ";
      bool first = true;
      while (words >> word) {
        if (!first && line.size() + 1 + word.size() + 2 > width) {
          out += line + " \\\n";
          line = "      ";
          first = true;
        }
        line += (first ? "" : " ") + word;
        first = false;
      }
      out += line + "\n";
    }
  }
  return out;
}

}  // namespace tourney
