// What the Python functions share: the judgments a `tourney.Dataset` holds, engine Status
// raised as Python exceptions, and engine calls that release the GIL and honour Ctrl-C.
#ifndef TOURNEY_PYTHON_BINDINGS_DATASET_H_
#define TOURNEY_PYTHON_BINDINGS_DATASET_H_

#include <pybind11/pybind11.h>

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "tourney/core/battle_log.h"
#include "tourney/core/judgments.h"
#include "tourney/core/status.h"

namespace tourney::python {

namespace py = pybind11;

// Judgments read from files or built from arrays. A battle log read as it is stays a
// compact BattleLog (as `tourney rank` keeps it); the k-way Judgments the bootstrap needs
// are made from it once, on first use. Not copyable: it can hold millions of battles.
class Dataset {
 public:
  Dataset(std::string source, Judgments judgments)
      : source_(std::move(source)), judgments_(std::move(judgments)) {}
  // `skipped_invalid`: the invalid battles the reader skipped (skip_invalid).
  Dataset(std::string source, BattleLog log, int64_t skipped_invalid = 0)
      : source_(std::move(source)), log_(std::move(log)), log_skipped_(skipped_invalid) {}
  Dataset(const Dataset&) = delete;
  Dataset& operator=(const Dataset&) = delete;

  const std::string& source() const { return source_; }
  // The battle log when the data came as one; nullptr otherwise.
  const BattleLog* battle_log() const { return log_ ? &*log_ : nullptr; }
  // The judgments, made from the battle log on first use. Not thread-safe: call it with the
  // GIL held.
  const Judgments& judgments();
  // Rows skipped as invalid under skip_invalid, battle logs' included (every board built
  // from this data reports them).
  int64_t skipped_invalid() const { return log_ ? log_skipped_ : judgments_->skipped_invalid; }

 private:
  const std::string source_;
  std::optional<BattleLog> log_;
  const int64_t log_skipped_ = 0;
  std::optional<Judgments> judgments_;
};

// A Status that is not Ok, thrown out of a binding; errors.cc translates it into
// tourney.TourneyError (tourney/errors.py), which parses file, line and field.
class StatusError : public std::exception {
 public:
  explicit StatusError(Status status) : status_(std::move(status)) {}
  const Status& status() const { return status_; }
  const char* what() const noexcept override { return status_.message().c_str(); }

 private:
  Status status_;
};

inline void ThrowIfError(const Status& status) {
  if (!status.ok()) throw StatusError(status);
}

template <typename T>
T ValueOrThrow(StatusOr<T> value) {
  if (!value.ok()) throw StatusError(value.status());
  return std::move(*value);
}

// The pickle state of a Dataset (dataset_state.cc): a dict with "version", "kind"
// ("battles" or "judgments"), "source", "skipped" and the names, rankings or battles and
// counters as lists and numpy arrays. DatasetFromState rebuilds an equal Dataset from it and
// raises StatusError (InvalidArgument) for a state of another version or inconsistent arrays.
py::dict DatasetState(Dataset& data);
std::unique_ptr<Dataset> DatasetFromState(const py::dict& state);

// Registers the translation of StatusError.
void RegisterErrors(py::module_& m);

// Runs `work` (which returns a Status or StatusOr and stops early once *cancel is true) on a
// worker thread with the GIL released, checking for Ctrl-C (PyErr_CheckSignals) on this
// thread every 50 ms. On a signal it sets *cancel, waits for `work` to stop and raises the
// signal's exception (KeyboardInterrupt).
void RunInterruptible(const std::function<void()>& work, std::atomic<bool>* cancel);

}  // namespace tourney::python

#endif  // TOURNEY_PYTHON_BINDINGS_DATASET_H_
