#include "core/prefault.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>

namespace tourney {

namespace {
#ifdef MADV_POPULATE_WRITE
constexpr int kPopulateWrite = MADV_POPULATE_WRITE;
#else
constexpr int kPopulateWrite = 23;  // Linux's value; older headers lack the name
#endif
constexpr size_t kMinimumBytes = 8 * 1024;
}  // namespace

void PrefaultForWrite(void* begin, size_t bytes) {
  if (begin == nullptr || bytes < kMinimumBytes) return;
  const uintptr_t page = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  const uintptr_t start = reinterpret_cast<uintptr_t>(begin);
  const uintptr_t first = (start + page - 1) / page * page;  // whole pages only
  const uintptr_t last = (start + bytes) / page * page;
  if (last <= first) return;
  // The result is ignored on purpose: this is an optimisation, never a requirement.
  (void)madvise(reinterpret_cast<void*>(first), last - first, kPopulateWrite);
}

}  // namespace tourney
