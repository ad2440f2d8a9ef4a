// Reading judgment files whole: plain, gzip or standard input; WMT CSV, pairwise CSV or the
// Appraise XML export (by the first character); several files into one Judgments, one
// language pair at a time.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "ingest/appraise_xml_reader.h"
#include "ingest/input_file.h"
#include "tourney/ingest/csv_reader.h"

namespace tourney {

Status ReadFileToString(const std::string& path, std::string* contents) {
  FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    return IoError(path + ": cannot open: " + std::strerror(errno));
  }
  contents->clear();
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0) contents->append(buf, n);
  const bool failed = std::ferror(f) != 0;
  const int err = errno;
  std::fclose(f);
  if (failed) return IoError(path + ": cannot read: " + std::strerror(err));
  return Status::Ok();
}

void NoteLanguagePair(const std::string& pair, ReadReport* report) {
  // A campaign has a handful of pairs: the last one seen is almost always the one again.
  if (!report->language_pairs.empty() && report->language_pairs.back() == pair) return;
  for (const std::string& p : report->language_pairs) {
    if (p == pair) return;
  }
  report->language_pairs.push_back(pair);
}

namespace {

// A plain regular file mapped read-only and prefaulted (MAP_POPULATE): the parser reads the
// page cache in place, without copying the file and without a page fault per 4 KiB of it.
// Anything else (standard input, gzip, a mapping failure) is read by ReadInputFile instead.
class MappedFile {
 public:
  MappedFile() = default;
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  ~MappedFile() {
    if (data_ != nullptr) munmap(data_, size_);
  }
  bool Map(const std::string& path) {
    if (path == kStdinPath) return false;
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        static_cast<uint64_t>(st.st_size) <= kMaxInputBytes) {
      void* p = mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ,
                     MAP_PRIVATE | MAP_POPULATE, fd, 0);
      if (p != MAP_FAILED) {
        data_ = p;
        size_ = static_cast<size_t>(st.st_size);
      }
    }
    close(fd);
    return data_ != nullptr;
  }
  std::string_view view() const { return {static_cast<const char*>(data_), size_}; }

 private:
  void* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace

Status ReadJudgmentsFile(const std::string& path, const ReadOptions& options, Judgments* judgments,
                         ReadReport* report) {
  MappedFile mapped;
  std::string read;
  std::string_view contents;
  if (mapped.Map(path) && !IsGzip(mapped.view())) {
    contents = mapped.view();
  } else {
    Status s = ReadInputFile(path, &read);
    if (!s.ok()) return s;
    contents = read;
  }
  const std::string name = InputDisplayName(path);
  bool xml = options.format == InputFormat::kAppraiseXml;
  if (options.format == InputFormat::kAuto) {
    size_t i = contents.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;
    while (i < contents.size() && std::isspace(static_cast<unsigned char>(contents[i]))) ++i;
    xml = i < contents.size() && contents[i] == '<';
  }
  if (xml) return ParseAppraiseXml(contents, name, options, judgments, report);
  return ParseJudgments(contents, name, options, judgments, report);
}

Status ReadJudgmentFiles(const std::vector<std::string>& paths, const ReadOptions& options,
                         Judgments* judgments, ReadReport* report) {
  ReadReport local;
  ReadReport* out = report ? report : &local;
  for (const std::string& path : paths) {
    ReadReport one;
    Status s = ReadJudgmentsFile(path, options, judgments, &one);
    if (!s.ok()) return s;
    for (std::string& w : one.warnings) {
      if (out->warnings.size() < options.max_warnings) out->warnings.push_back(std::move(w));
    }
    out->rows += one.rows;
    out->other_pair_rankings += one.other_pair_rankings;
    for (const std::string& p : one.language_pairs) NoteLanguagePair(p, out);
  }
  if (options.language_pair.empty() && !options.all_language_pairs &&
      out->language_pairs.size() > 1) {
    std::string list;
    int named = 0;
    for (const std::string& p : out->language_pairs) {
      if (p.empty()) continue;
      list += (named++ > 0 ? ", " : "") + p;
    }
    return InvalidArgument("the input holds " + std::to_string(out->language_pairs.size()) +
                           " language pairs (" + list +
                           (named < static_cast<int>(out->language_pairs.size())
                                ? std::string(", and rows naming none")
                                : std::string()) +
                           "): select one; they are never merged");
  }
  if (!options.language_pair.empty() && judgments->num_rankings() == 0 &&
      out->other_pair_rankings > 0) {
    std::string list;
    for (const std::string& p : out->language_pairs) list += (list.empty() ? "" : ", ") + p;
    return InvalidArgument("no rankings of language pair '" + options.language_pair +
                           "' in the input (it holds " + list + ")");
  }
  return Status::Ok();
}

}  // namespace tourney
