// Prefaulting memory that is about to be written: one madvise call maps every page of a
// freshly reserved buffer, instead of one page fault per 4 KiB page on first touch. On
// virtual machines a page fault costs 10-60 microseconds, so filling a 1 MB array page by
// page costs more than the work done in it.
#ifndef TOURNEY_CORE_PREFAULT_H_
#define TOURNEY_CORE_PREFAULT_H_

#include <cstddef>
#include <vector>

namespace tourney {

// Asks the kernel to map the whole pages inside [begin, begin + bytes) for writing
// (MADV_POPULATE_WRITE, Linux 5.14+). Buffers under 8 KiB are left alone (a fault or two
// cost about what the call does; a 40 KiB array saves nine faults, worth far more on a
// virtual machine). A hint only: on kernels without it, or any error, nothing happens and
// the pages fault in on first touch as usual. Never changes the contents.
void PrefaultForWrite(void* begin, size_t bytes);

// The vector's unused capacity, which the next push_backs will write.
template <typename T>
void PrefaultCapacity(std::vector<T>& v) {
  PrefaultForWrite(v.data() + v.size(), (v.capacity() - v.size()) * sizeof(T));
}

}  // namespace tourney

#endif  // TOURNEY_CORE_PREFAULT_H_
