// Reading input files whole: plain files, gzip files and standard input.
//
// Judgment files come as the organisers distribute them: plain CSV or XML, or gzip-compressed
// (`wmt16.xml.gz`), or on a pipe (`zcat a.csv.gz | tourney rank -`). ReadInputFile reads any of
// them into memory; gzip is recognised by its magic bytes (1f 8b), not by the file name, and
// concatenated gzip members are read in turn (as gzip -d does).
// Thread safety: the functions are reentrant (stdin is shared process state: read it once).
#ifndef TOURNEY_INGEST_INPUT_FILE_H_
#define TOURNEY_INGEST_INPUT_FILE_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "tourney/core/status.h"

namespace tourney {

// The path that names standard input.
inline constexpr std::string_view kStdinPath = "-";

// Largest plain file accepted (bytes; files are mapped, not copied). What a reader holds in
// memory itself (gzip's decompressed text, standard input) is bounded by the lower,
// configurable MaxDecompressedBytes() (tourney/ingest/input_limits.h). A larger input is an
// InvalidArgument error naming the file and the limit, never an allocation failure.
inline constexpr size_t kMaxInputBytes = size_t{4} << 30;

// Reads `path` ("-" = standard input) into *contents, decompressing gzip. Errors are IoError
// for an unreadable file ("a.csv: cannot open: No such file or directory") and
// InvalidArgument for a corrupt or truncated gzip stream ("a.csv.gz: corrupt gzip data: ...")
// and for input past the limit of tourney/ingest/input_limits.h (decompressed gzip, standard
// input) or kMaxInputBytes (a plain file). On error *contents is unspecified.
Status ReadInputFile(const std::string& path, std::string* contents);

// Up to `max_bytes` from the start of the file `path` as stored (no decompression), with
// plain open/read calls; empty when it cannot be read or is empty.
std::string ReadFileHead(const std::string& path, size_t max_bytes);

// True when `bytes` starts with the gzip magic number.
bool IsGzip(std::string_view bytes);

// Decompresses the gzip stream `compressed` (one or more members) into *out. `name` is used
// in messages. InvalidArgument for corrupt or truncated data or an output over
// MaxDecompressedBytes() ("b.csv.gz: decompressed input larger than the limit of 1 GiB
// (raise it with ...)"); then *out is empty. *out never holds more than the limit.
Status Gunzip(std::string_view compressed, std::string_view name, std::string* out);

// The name messages use for `path` ("<stdin>" for "-").
std::string InputDisplayName(const std::string& path);

// One input's text for reading in place. A plain regular file is mapped read-only and
// prefaulted (MAP_POPULATE): the parser reads the page cache itself, without zeroing a buffer,
// copying the file or taking a page fault per 4 KiB of it. Anything else (standard input,
// gzip, a file that cannot be mapped) is read by ReadInputFile into a buffer the object owns,
// reused by the next Open. The mapping is a resource (copies are deleted); it lives until the
// next Open or the destructor.
// Thread safety: one object per thread.
class InputText {
 public:
  InputText() = default;
  InputText(const InputText&) = delete;
  InputText& operator=(const InputText&) = delete;
  ~InputText();

  // Opens `path` ("-" = standard input); errors as ReadInputFile. On error text() is empty.
  Status Open(const std::string& path);
  // The whole text, decompressed; valid until the next Open or the destructor.
  std::string_view text() const { return text_; }

 private:
  void Unmap();

  void* map_ = nullptr;
  size_t map_size_ = 0;
  std::string buffer_;
  std::string_view text_;
};

}  // namespace tourney

#endif  // TOURNEY_INGEST_INPUT_FILE_H_
