// tourney._tourney.factorize_strings: the codes of string columns (object arrays of str) into
// one list of names in order of first appearance, as pandas.factorize of the columns joined
// end to end gives them, without pandas' per-element calls into Python's hashing and
// comparison: each str's canonical bytes are hashed and compared in a small table of the
// names seen so far.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "bindings/module.h"

namespace tourney::python {

namespace py = pybind11;

namespace {

// A str's canonical storage (PEP 393): equal strings have the same kind (1, 2 or 4 bytes per
// code point, the smallest that holds them), length and bytes.
struct Text {
  const char* data = nullptr;
  size_t bytes = 0;
  int kind = 0;
};

// The text of a compact str, or false (not a str, or a legacy non-compact one).
bool CompactText(const PyObject* object, Text* text) {
  PyObject* item = const_cast<PyObject*>(object);
  if (!PyUnicode_Check(item) || !PyUnicode_IS_READY(item) || !PyUnicode_IS_COMPACT(item)) {
    return false;
  }
  text->kind = PyUnicode_KIND(item);
  text->bytes = static_cast<size_t>(PyUnicode_GET_LENGTH(item)) * text->kind;
  text->data = static_cast<const char*>(PyUnicode_DATA(item));
  return true;
}

// Eight bytes at a time (names are short), then the tail.
uint64_t HashText(const Text& t) {
  uint64_t h = 0x9E3779B97F4A7C15ull ^ (t.bytes * 4 + static_cast<uint64_t>(t.kind));
  size_t i = 0;
  for (; i + 8 <= t.bytes; i += 8) {
    uint64_t word;
    std::memcpy(&word, t.data + i, 8);
    h = (h ^ word) * 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  }
  uint64_t tail = 0;
  for (size_t k = i; k < t.bytes; ++k) {
    tail = (tail << 8) | static_cast<unsigned char>(t.data[k]);
  }
  h = (h ^ tail) * 0xc4ceb9fe1a85ec53ull;
  return h ^ (h >> 29);
}

bool SameText(const Text& a, const Text& b) {
  if (a.kind != b.kind || a.bytes != b.bytes) return false;
  size_t i = 0;
  for (; i + 8 <= a.bytes; i += 8) {
    uint64_t x, y;
    std::memcpy(&x, a.data + i, 8);
    std::memcpy(&y, b.data + i, 8);
    if (x != y) return false;
  }
  for (; i < a.bytes; ++i) {
    if (a.data[i] != b.data[i]) return false;
  }
  return true;
}

// Names seen so far: an open-addressing table (linear probing, power-of-two capacity, at
// most half full) from texts to codes, the texts pointing into the columns' own objects
// (alive for the whole call), and the first object of each name in code order. Touches no
// Python state, so worker threads may use their own.
class NameCodes {
 public:
  NameCodes() : slots_(kInitial) {}

  // The code of `text`, adding it (with `object`) as the next code when new.
  int32_t CodeOf(const Text& text, const PyObject* object) {
    const uint64_t h = HashText(text);
    for (size_t i = h & (slots_.size() - 1);; i = (i + 1) & (slots_.size() - 1)) {
      Slot& slot = slots_[i];
      if (slot.code < 0) {
        slot = {h, text, static_cast<int32_t>(objects_.size())};
        objects_.push_back(object);
        if (2 * objects_.size() > slots_.size()) Grow();
        return static_cast<int32_t>(objects_.size()) - 1;
      }
      if (slot.hash == h && SameText(slot.text, text)) return slot.code;
    }
  }

  const std::vector<const PyObject*>& objects() const { return objects_; }

 private:
  struct Slot {
    uint64_t hash = 0;
    Text text;
    int32_t code = -1;
  };
  static constexpr size_t kInitial = 1024;
  void Grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.size() * 2, Slot{});
    for (const Slot& s : old) {
      if (s.code < 0) continue;
      size_t i = s.hash & (slots_.size() - 1);
      while (slots_[i].code >= 0) i = (i + 1) & (slots_.size() - 1);
      slots_[i] = s;
    }
  }
  std::vector<Slot> slots_;
  std::vector<const PyObject*> objects_;
};

// A stretch of one column, coded against its own table.
struct Stretch {
  const char* base = nullptr;  // element 0 of the stretch
  py::ssize_t stride = 0;
  size_t size = 0;
  int32_t* codes = nullptr;
  NameCodes table;
  bool all_text = true;
};

void CodeStretch(Stretch* s) {
  // A direct-mapped cache of object addresses: readers that share one object per distinct
  // string (pandas.read_csv, astype(object) of a categorical) hit it nearly always; columns
  // of distinct objects (astype(str), read_json) miss it and go by text.
  constexpr size_t kCache = 4096;
  std::vector<const PyObject*> cached(kCache, nullptr);
  std::vector<int32_t> cached_code(kCache, 0);
  // The objects lie scattered in memory: ask for the one kPrefetch elements ahead while
  // this one is read.
  constexpr size_t kPrefetch = 16;
  for (size_t i = 0; i < s->size; ++i) {
    if (i + kPrefetch < s->size) {
      __builtin_prefetch(
          *reinterpret_cast<PyObject* const*>(s->base + (i + kPrefetch) * s->stride));
    }
    const PyObject* item = *reinterpret_cast<PyObject* const*>(s->base + i * s->stride);
    const size_t slot =
        ((reinterpret_cast<uintptr_t>(item) >> 4) * 0x9E3779B97F4A7C15ull >> 40) & (kCache - 1);
    if (cached[slot] == item) {
      s->codes[i] = cached_code[slot];
      continue;
    }
    Text text;
    if (!CompactText(item, &text)) {
      s->all_text = false;
      return;
    }
    const int32_t code = s->table.CodeOf(text, item);
    cached[slot] = item;
    cached_code[slot] = code;
    s->codes[i] = code;
  }
}

// (names, [codes per column]) when every element of every column is a compact str; None
// otherwise (the caller falls back to pandas: numbers, None and NaN have their own rules).
// Each column is cut into stretches coded in parallel (the GIL held: the workers only read
// the immutable str objects), then the stretches' names are merged in order, which gives
// the order of first appearance over the columns in turn.
py::object FactorizeStrings(const std::vector<py::array>& columns) {
  constexpr size_t kMinStretch = 1 << 18;
  const size_t threads = std::clamp<size_t>(std::thread::hardware_concurrency(), 1, 4);
  py::list out;
  std::vector<std::unique_ptr<Stretch>> stretches;
  for (const py::array& column : columns) {
    if (column.dtype().kind() != 'O' || column.ndim() != 1) return py::none();
    const auto size = static_cast<size_t>(column.shape(0));
    py::array_t<int32_t> codes(static_cast<py::ssize_t>(size));
    const size_t parts = std::clamp<size_t>(size / kMinStretch, 1, threads);
    for (size_t p = 0; p < parts; ++p) {
      auto s = std::make_unique<Stretch>();
      const size_t begin = size * p / parts, end = size * (p + 1) / parts;
      s->stride = column.strides(0);
      s->base = static_cast<const char*>(column.data()) + begin * s->stride;
      s->size = end - begin;
      s->codes = codes.mutable_data() + begin;
      stretches.push_back(std::move(s));
    }
    out.append(codes);
  }
  // Stretch k runs on worker k % threads; the caller's thread takes worker 0.
  std::vector<std::thread> workers;
  auto run = [&](size_t worker) {
    for (size_t k = worker; k < stretches.size(); k += threads) CodeStretch(stretches[k].get());
  };
  for (size_t w = 1; w < std::min(threads, stretches.size()); ++w) workers.emplace_back(run, w);
  run(0);
  for (std::thread& t : workers) t.join();
  NameCodes table;
  std::vector<int32_t> remap;
  for (const auto& s : stretches) {
    if (!s->all_text) return py::none();
    remap.clear();
    bool identity = true;
    for (const PyObject* object : s->table.objects()) {
      Text text;
      CompactText(object, &text);
      remap.push_back(table.CodeOf(text, object));
      identity = identity && remap.back() == static_cast<int32_t>(remap.size()) - 1;
    }
    if (identity) continue;
    for (size_t i = 0; i < s->size; ++i) s->codes[i] = remap[static_cast<size_t>(s->codes[i])];
  }
  py::list names;
  for (const PyObject* object : table.objects()) {
    names.append(py::reinterpret_borrow<py::object>(const_cast<PyObject*>(object)));
  }
  return py::make_tuple(names, out);
}

}  // namespace

void RegisterFactorize(py::module_& m) {
  m.def("factorize_strings", &FactorizeStrings, py::arg("columns"),
        "(names, [int32 codes per column]) of object arrays of str, names in order of first "
        "appearance over the columns in turn; None when an element is not a str.");
}

}  // namespace tourney::python
