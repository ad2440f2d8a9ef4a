// StatusError -> tourney.TourneyError, and the Ctrl-C watch of long engine calls.
#include <chrono>
#include <future>
#include <thread>

#include "bindings/dataset.h"

namespace tourney::python {

namespace {

const char* CodeName(StatusCode code) {
  switch (code) {
    case StatusCode::kOk:
      return "ok";
    case StatusCode::kInvalidArgument:
      return "invalid_argument";
    case StatusCode::kNotFound:
      return "not_found";
    case StatusCode::kIoError:
      return "io_error";
    case StatusCode::kFailedPrecondition:
      return "failed_precondition";
    case StatusCode::kAlreadyExists:
      return "already_exists";
    case StatusCode::kInternal:
      return "internal";
    case StatusCode::kCancelled:
      return "cancelled";
  }
  return "unknown";
}

}  // namespace

const Judgments& Dataset::judgments() {
  if (!judgments_) {
    Judgments judgments;
    AppendBattles(*log_, &judgments);
    judgments.skipped_invalid = log_skipped_;
    judgments_ = std::move(judgments);
  }
  return *judgments_;
}

void RegisterErrors(py::module_& m) {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const StatusError& e) {
      // The Python class builds itself from the code and the message (file:line: field).
      py::object make = py::module_::import("tourney.errors").attr("error_from_status");
      py::object error = make(CodeName(e.status().code()), e.status().message());
      PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(error.ptr())), error.ptr());
    }
  });
}

void RunInterruptible(const std::function<void()>& work, std::atomic<bool>* cancel) {
  std::exception_ptr failure;
  bool interrupted = false;
  {
    py::gil_scoped_release release;
    std::promise<void> done;
    std::future<void> finished = done.get_future();
    std::thread worker([&] {
      try {
        work();
      } catch (...) {
        failure = std::current_exception();
      }
      done.set_value();
    });
    while (finished.wait_for(std::chrono::milliseconds(50)) != std::future_status::ready) {
      if (interrupted) continue;
      py::gil_scoped_acquire acquire;
      if (PyErr_CheckSignals() != 0) {
        interrupted = true;  // the exception stays set for the caller
        cancel->store(true);
      }
    }
    worker.join();
  }
  if (interrupted) throw py::error_already_set();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace tourney::python
