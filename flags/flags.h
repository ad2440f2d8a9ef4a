// A small command-line flag parser for tourney's subcommands.
//
// Each command declares its flags (name, value name, default, help); Parse() accepts
// `--name value`, `--name=value`, boolean `--name`, `--` and positionals, and rejects
// unknown flags and missing values with a message that names the flag. Help() prints the
// usage line and one line per flag, with defaults.
#ifndef TOURNEY_FLAGS_FLAGS_H_
#define TOURNEY_FLAGS_FLAGS_H_

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tourney/core/status.h"

namespace tourney {

class Flags {
 public:
  Flags(std::string usage, std::string description)
      : usage_(std::move(usage)), description_(std::move(description)) {}

  // Declares a flag taking a value. `value_name` appears in help ("FILE", "N"). Declaring
  // a name again replaces its spec and keeps its place in the help.
  void Add(const std::string& name, const std::string& value_name, const std::string& def,
           const std::string& help);
  // Declares a flag that may be given several times; GetAll returns every value in order
  // (Get the last one).
  void AddRepeated(const std::string& name, const std::string& value_name,
                   const std::string& help);
  // Declares a boolean flag (present = true).
  void AddBool(const std::string& name, const std::string& help);

  // Parses argv[first..argc). "--help"/"-h" sets help_requested().
  Status Parse(int argc, char** argv, int first);

  bool help_requested() const { return help_; }
  // Overrides a flag's value (e.g. one entry of a --models list). REQUIRES: declared.
  void Set(const std::string& name, const std::string& value) { set_[name] = value; }
  // Adds an example to the help: the command line and what it does.
  void AddExample(const std::string& command, const std::string& what);
  // The help text, wrapped to `width` columns (0: the terminal's width when stdout is a
  // terminal, else $COLUMNS, else 80; kept within 40..160). Words are never split.
  std::string Help(size_t width = 0) const;

  const std::vector<std::string>& positionals() const { return positionals_; }
  bool IsSet(const std::string& name) const { return set_.count(name) > 0; }
  std::string Get(const std::string& name) const;
  bool GetBool(const std::string& name) const { return IsSet(name); }
  // Every value given to a flag, in command-line order (empty when not given).
  std::vector<std::string> GetAll(const std::string& name) const;
  StatusOr<int64_t> GetInt(const std::string& name) const;
  StatusOr<uint64_t> GetUint(const std::string& name) const;
  StatusOr<double> GetDouble(const std::string& name) const;

 private:
  struct Spec {
    std::string value_name;  // empty for booleans
    std::string def;
    std::string help;
    bool repeated = false;
  };
  std::string usage_;
  std::string description_;
  std::vector<std::string> order_;
  std::map<std::string, Spec> specs_;
  std::map<std::string, std::string> set_;
  std::map<std::string, std::vector<std::string>> all_;  // every value, in order
  std::vector<std::string> positionals_;
  std::vector<std::pair<std::string, std::string>> examples_;
  bool help_ = false;
};

}  // namespace tourney

#endif  // TOURNEY_FLAGS_FLAGS_H_
