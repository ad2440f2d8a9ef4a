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

// Largest input accepted after decompression (bytes). A larger input is an InvalidArgument
// error instead of an allocation failure.
inline constexpr size_t kMaxInputBytes = size_t{4} << 30;

// Reads `path` ("-" = standard input) into *contents, decompressing gzip. Errors are IoError
// for an unreadable file ("a.csv: cannot open: No such file or directory") and
// InvalidArgument for a corrupt or truncated gzip stream ("a.csv.gz: corrupt gzip data: ...").
// On error *contents is unspecified.
Status ReadInputFile(const std::string& path, std::string* contents);

// True when `bytes` starts with the gzip magic number.
bool IsGzip(std::string_view bytes);

// Decompresses the gzip stream `compressed` (one or more members) into *out. `name` is used
// in messages. InvalidArgument for corrupt or truncated data or an output over
// kMaxInputBytes.
Status Gunzip(std::string_view compressed, std::string_view name, std::string* out);

// The name messages use for `path` ("<stdin>" for "-").
std::string InputDisplayName(const std::string& path);

}  // namespace tourney

#endif  // TOURNEY_INGEST_INPUT_FILE_H_
