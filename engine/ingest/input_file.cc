#include "ingest/input_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>

#include "tourney/ingest/input_limits.h"

namespace tourney {

namespace {

std::atomic<uint64_t> max_decompressed_bytes{kDefaultMaxDecompressedBytes};

// The most a reader holds in memory itself: the configured limit, within kMaxInputBytes.
size_t HeldInputLimit() {
  return static_cast<size_t>(std::min<uint64_t>(MaxDecompressedBytes(), kMaxInputBytes));
}

// The error for an input that would pass the limit.
Status OverLimit(const std::string& name, const char* what) {
  return InvalidArgument(name + ": " + what + " larger than the limit of " +
                         ByteCountText(MaxDecompressedBytes()) +
                         " (raise it with --max-input-bytes or TOURNEY_MAX_INPUT_BYTES)");
}

// Appends `n` bytes to *out, growing its capacity geometrically but never beyond `cap`, so
// that a string that ends at the limit holds at most the limit (not twice it).
void AppendBounded(std::string* out, const char* data, size_t n, size_t cap) {
  const size_t need = out->size() + n;
  if (need > out->capacity()) {
    const size_t grown = std::max(need, std::max<size_t>(out->capacity() * 2, size_t{1} << 20));
    out->reserve(std::min(grown, std::max(need, cap)));
  }
  out->append(data, n);
}

Status ReadStream(FILE* f, const std::string& name, std::string* contents) {
  contents->clear();
  // A regular file is read straight into a string of its size: one read, no regrowth.
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
      static_cast<uint64_t>(st.st_size) <= kMaxInputBytes) {
    contents->resize(static_cast<size_t>(st.st_size));
    const size_t got = std::fread(contents->data(), 1, contents->size(), f);
    contents->resize(got);
    if (got < static_cast<size_t>(st.st_size)) {
      if (std::ferror(f) != 0) return IoError(name + ": cannot read: " + std::strerror(errno));
      return Status::Ok();  // the file shrank while being read
    }
  }
  // Standard input, a pipe or a device: held in memory, so bounded by the limit.
  const size_t limit = HeldInputLimit();
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0) {
    if (contents->size() + n > limit) return OverLimit(name, "input");
    AppendBounded(contents, buf, n, limit);
  }
  if (std::ferror(f) != 0) return IoError(name + ": cannot read: " + std::strerror(errno));
  return Status::Ok();
}

}  // namespace

std::string ReadFileHead(const std::string& path, size_t max_bytes) {
  std::string head(max_bytes, '\0');
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  size_t got = 0;
  while (got < head.size()) {
    const ssize_t n = ::read(fd, head.data() + got, head.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    got += static_cast<size_t>(n);
  }
  ::close(fd);
  head.resize(got);
  return head;
}

bool IsGzip(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

uint64_t MaxDecompressedBytes() { return max_decompressed_bytes.load(std::memory_order_relaxed); }

void SetMaxDecompressedBytes(uint64_t bytes) {
  max_decompressed_bytes.store(std::max<uint64_t>(bytes, 1), std::memory_order_relaxed);
}

StatusOr<uint64_t> ParseByteCount(std::string_view text) {
  const std::string shown(text);
  auto bad = [&shown] {
    return InvalidArgument("'" + shown +
                           "' is not a byte count (digits, optionally followed by K, M, G or "
                           "T: 512M, 2G)");
  };
  size_t i = 0;
  uint64_t value = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    if (value > (uint64_t{1} << 62) / 10) return bad();
    value = value * 10 + static_cast<uint64_t>(text[i] - '0');
    ++i;
  }
  if (i == 0) return bad();
  std::string suffix;
  for (; i < text.size(); ++i) {
    suffix += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
  }
  int shift = 0;
  if (suffix.empty() || suffix == "b") {
    shift = 0;
  } else if (suffix == "k" || suffix == "kib") {
    shift = 10;
  } else if (suffix == "m" || suffix == "mib") {
    shift = 20;
  } else if (suffix == "g" || suffix == "gib") {
    shift = 30;
  } else if (suffix == "t" || suffix == "tib") {
    shift = 40;
  } else {
    return bad();
  }
  if (value > ((uint64_t{1} << 62) >> shift)) {
    return InvalidArgument("'" + shown + "' is more than 2^62 bytes");
  }
  value <<= shift;
  if (value == 0) return InvalidArgument("'" + shown + "': the limit must be at least 1 byte");
  return value;
}

std::string ByteCountText(uint64_t bytes) {
  static constexpr const char* kUnits[] = {"TiB", "GiB", "MiB", "KiB"};
  static constexpr int kShifts[] = {40, 30, 20, 10};
  for (int u = 0; u < 4; ++u) {
    const uint64_t unit = uint64_t{1} << kShifts[u];
    if (bytes >= unit && bytes % unit == 0) return std::to_string(bytes / unit) + " " + kUnits[u];
  }
  return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
}

std::string InputDisplayName(const std::string& path) {
  return path == kStdinPath ? std::string("<stdin>") : path;
}

Status Gunzip(std::string_view compressed, std::string_view name, std::string* out) {
  const std::string where(name);
  out->clear();
  z_stream z{};
  // 16 + MAX_WBITS: gzip wrapper only.
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) {
    return Internal(where + ": cannot initialise zlib");
  }
  const size_t limit = HeldInputLimit();
  size_t consumed = 0;
  char buf[1 << 16];
  int rc = Z_OK;
  while (true) {
    const size_t chunk =
        std::min<size_t>(compressed.size() - consumed, std::numeric_limits<uInt>::max());
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(compressed.data() + consumed));
    z.avail_in = static_cast<uInt>(chunk);
    while (true) {
      z.next_out = reinterpret_cast<Bytef*>(buf);
      z.avail_out = sizeof(buf);
      rc = inflate(&z, Z_NO_FLUSH);
      if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) {
        std::string why = z.msg != nullptr ? z.msg : "error " + std::to_string(rc);
        inflateEnd(&z);
        return InvalidArgument(where + ": corrupt gzip data: " + why);
      }
      const size_t produced = sizeof(buf) - z.avail_out;
      if (out->size() + produced > limit) {
        inflateEnd(&z);
        out->clear();
        out->shrink_to_fit();
        return OverLimit(where, "decompressed input");
      }
      AppendBounded(out, buf, produced, limit);
      if (rc == Z_STREAM_END || rc == Z_BUF_ERROR) break;
      if (z.avail_in == 0 && z.avail_out != 0) break;  // this chunk is used up
    }
    consumed += chunk - z.avail_in;
    if (rc == Z_STREAM_END) {
      // Another member may follow (concatenated .gz files); trailing zero padding is allowed.
      std::string_view rest = compressed.substr(consumed);
      while (!rest.empty() && rest.front() == '\0') rest.remove_prefix(1);
      if (rest.empty()) break;
      if (!IsGzip(rest)) {
        inflateEnd(&z);
        return InvalidArgument(where + ": trailing garbage after gzip data");
      }
      consumed = compressed.size() - rest.size();
      inflateReset(&z);
      continue;
    }
    if (consumed >= compressed.size()) {
      inflateEnd(&z);
      return InvalidArgument(where + ": truncated gzip data (unexpected end of file)");
    }
  }
  inflateEnd(&z);
  return Status::Ok();
}

Status ReadInputFile(const std::string& path, std::string* contents) {
  const std::string name = InputDisplayName(path);
  // Read into *contents itself, so that a caller reading many files into one string reuses
  // its memory (no fresh pages to fault in per file).
  if (path == kStdinPath) {
    Status s = ReadStream(stdin, name, contents);
    if (!s.ok()) return s;
  } else {
    FILE* f = std::fopen(path.c_str(), "rb");
    if (f == nullptr) return IoError(path + ": cannot open: " + std::strerror(errno));
    Status s = ReadStream(f, name, contents);
    std::fclose(f);
    if (!s.ok()) return s;
  }
  if (!IsGzip(*contents)) return Status::Ok();
  const std::string raw = std::move(*contents);
  return Gunzip(raw, name, contents);
}

InputText::~InputText() { Unmap(); }

void InputText::Unmap() {
  if (map_ != nullptr) munmap(map_, map_size_);
  map_ = nullptr;
  map_size_ = 0;
}

Status InputText::Open(const std::string& path) {
  Unmap();
  text_ = std::string_view();
  if (path != kStdinPath) {
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
      struct stat st;
      if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
          static_cast<uint64_t>(st.st_size) <= kMaxInputBytes) {
        void* p = mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ,
                       MAP_PRIVATE | MAP_POPULATE, fd, 0);
        if (p != MAP_FAILED) {
          map_ = p;
          map_size_ = static_cast<size_t>(st.st_size);
        }
      }
      close(fd);
    }
    if (map_ != nullptr) {
      const std::string_view mapped(static_cast<const char*>(map_), map_size_);
      if (!IsGzip(mapped)) {
        text_ = mapped;
        return Status::Ok();
      }
      Unmap();
    }
  }
  if (Status s = ReadInputFile(path, &buffer_); !s.ok()) return s;
  text_ = buffer_;
  return Status::Ok();
}

}  // namespace tourney
