#include "ingest/input_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>

namespace tourney {

namespace {

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
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), f)) > 0) {
    if (contents->size() + n > kMaxInputBytes) {
      return InvalidArgument(name + ": input larger than " + std::to_string(kMaxInputBytes >> 20) +
                             " MiB");
    }
    contents->append(buf, n);
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
      if (out->size() + produced > kMaxInputBytes) {
        inflateEnd(&z);
        return InvalidArgument(where + ": decompressed input larger than " +
                               std::to_string(kMaxInputBytes >> 20) + " MiB");
      }
      out->append(buf, produced);
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
