// The content tests' independent reading of the shared example files: a short Python
// program (json, csv, gzip from its standard library) lists the texts, and the tests compare
// the importers' texts with them byte for byte. The records come back as fields written
// "LENGTH:BYTES" one after another, so any byte (newline, tab, NUL) survives.
#ifndef TOURNEY_TESTS_INDEPENDENT_TEXTS_H_
#define TOURNEY_TESTS_INDEPENDENT_TEXTS_H_

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "test_util.h"

namespace tourney::testing {

inline const char kIndependentTextsPy[] = R"PY(
import csv, gzip, json, sys
kind, path = sys.argv[1], sys.argv[2]
out = sys.stdout.buffer
def put(*fields):
    for f in fields:
        b = f.encode('utf-8')
        out.write(str(len(b)).encode() + b':' + b)
if kind == 'pearmut':
    def walk(x):
        if isinstance(x, list):
            for y in x:
                walk(y)
        elif isinstance(x['tgt'], str):
            put(x['doc_id'], x['src'], x['sys_id'], x['tgt'])
        else:
            for model, text in x['tgt'].items():
                put(x['doc_id'], x['src'], model, text)
    with open(path, encoding='utf-8') as f:
        walk(json.load(f)['data'])
elif kind == 'table':
    with gzip.open(path, 'rt', encoding='utf-8', newline='') as f:
        rows = csv.reader(f, delimiter='\t', quoting=csv.QUOTE_NONE)
        header = next(rows)
        col = {name: i for i, name in enumerate(header)}
        for r in rows:
            put(r[col['system']], r[col['doc']], r[col['seg']], r[col['source']],
                r[col['target']], r[col['reference']])
)PY";

// The fields `kind` ("pearmut": doc_id, src, system, text per output; "table": system, doc,
// seg, source, target, reference per row) lists for `path`, grouped `width` to a record.
// Empty with *skip set when python3 is absent.
inline std::vector<std::vector<std::string>> IndependentTexts(const std::string& kind,
                                                              const std::string& path, size_t width,
                                                              bool* skip) {
  *skip = false;
  const char* python = std::filesystem::exists("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  if (RunCommand(std::string(python) + " -c 'import csv, gzip, json'").exit_code != 0) {
    *skip = true;
    return {};
  }
  const std::string dir = TempDir("independent_texts");
  WriteFile(dir + "/texts.py", kIndependentTextsPy);
  const CommandResult r =
      RunCommand(std::string(python) + " " + dir + "/texts.py " + kind + " '" + path + "'");
  std::filesystem::remove_all(dir);
  std::vector<std::vector<std::string>> records;
  if (r.exit_code != 0) return records;
  const std::string& bytes = r.out;
  size_t pos = 0;
  std::vector<std::string> record;
  while (pos < bytes.size()) {
    const size_t colon = bytes.find(':', pos);
    if (colon == std::string::npos) break;
    const size_t n = std::stoul(bytes.substr(pos, colon - pos));
    record.push_back(bytes.substr(colon + 1, n));
    pos = colon + 1 + n;
    if (record.size() == width) {
      records.push_back(std::move(record));
      record.clear();
    }
  }
  return records;
}

}  // namespace tourney::testing

#endif  // TOURNEY_TESTS_INDEPENDENT_TEXTS_H_
