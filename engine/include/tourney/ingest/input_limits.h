// The limit on input a reader must hold in memory itself: the decompressed text of a gzip
// file and whatever arrives on standard input or a pipe. Every reader opens its input
// through one function (ingest/input_file.h), which stops at the limit with an
// InvalidArgument naming the file and the limit, so a gzip bomb (a 2 MB file of 2 GiB of
// text) costs at most the limit in memory and never an allocation failure. Plain files are
// mapped, not copied, and are bounded by kMaxInputBytes (4 GiB) alone.
//
// The default, 1 GiB, is 57 times the largest real release tourney reads in ../shared
// (WMT16's whole ranking campaign, wmt16.xml.gz: 17.9 MB decompressed). The command line
// sets it with the global option --max-input-bytes or the environment variable
// TOURNEY_MAX_INPUT_BYTES (docs/wmt.md).
// Thread safety: the limit is a process-wide atomic; set it before reading.
#ifndef TOURNEY_INGEST_INPUT_LIMITS_H_
#define TOURNEY_INGEST_INPUT_LIMITS_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "tourney/core/status.h"

namespace tourney {

inline constexpr uint64_t kDefaultMaxDecompressedBytes = uint64_t{1} << 30;

// The limit in bytes (kDefaultMaxDecompressedBytes until set).
uint64_t MaxDecompressedBytes();

// Sets the limit. REQUIRES: bytes >= 1.
void SetMaxDecompressedBytes(uint64_t bytes);

// A byte count as a person writes it: digits with an optional binary suffix K, M, G or T
// (also KiB, MiB, GiB, TiB; case ignored): "1073741824", "512M", "2G". InvalidArgument for
// anything else, for 0, and for more than 2^62 bytes.
StatusOr<uint64_t> ParseByteCount(std::string_view text);

// "1 GiB", "512 MiB", "1,000 bytes": the limit as messages print it.
std::string ByteCountText(uint64_t bytes);

}  // namespace tourney

#endif  // TOURNEY_INGEST_INPUT_LIMITS_H_
