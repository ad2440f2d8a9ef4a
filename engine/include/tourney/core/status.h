// Status and StatusOr: how the engine reports failure without exceptions.
//
// Every fallible engine function returns a Status (or a StatusOr<T> carrying a value on
// success). Messages are complete sentences a user can act on, e.g.
//   "train.csv:12: field 'system3rank': rank '7' is outside 1..5".
// Thread safety: immutable values; safe to share.
#ifndef TOURNEY_CORE_STATUS_H_
#define TOURNEY_CORE_STATUS_H_

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace tourney {

enum class StatusCode {
  kOk = 0,
  kInvalidArgument,     // bad input data or parameters
  kNotFound,            // a named thing does not exist
  kIoError,             // a file could not be read or written
  kFailedPrecondition,  // the operation does not apply to the current state
  kAlreadyExists,
  kInternal,
  kCancelled,           // the caller withdrew the request before it finished
};

class Status {
 public:
  Status() = default;  // OK
  Status(StatusCode code, std::string message) : code_(code), message_(std::move(message)) {}

  static Status Ok() { return Status(); }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }

 private:
  StatusCode code_ = StatusCode::kOk;
  std::string message_;
};

inline Status InvalidArgument(std::string m) {
  return {StatusCode::kInvalidArgument, std::move(m)};
}
inline Status NotFound(std::string m) { return {StatusCode::kNotFound, std::move(m)}; }
inline Status IoError(std::string m) { return {StatusCode::kIoError, std::move(m)}; }
inline Status FailedPrecondition(std::string m) {
  return {StatusCode::kFailedPrecondition, std::move(m)};
}
inline Status Internal(std::string m) { return {StatusCode::kInternal, std::move(m)}; }
inline Status Cancelled(std::string m) { return {StatusCode::kCancelled, std::move(m)}; }

// Either a value or a non-OK Status.
// REQUIRES: value() only when ok().
template <typename T>
class StatusOr {
 public:
  StatusOr(T value) : value_(std::move(value)) {}          // NOLINT: implicit by design
  StatusOr(Status status) : status_(std::move(status)) {}  // NOLINT: implicit by design

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }
  T& value() & { return *value_; }
  const T& value() const& { return *value_; }
  T&& value() && { return std::move(*value_); }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  T& operator*() { return *value_; }
  const T& operator*() const { return *value_; }

 private:
  Status status_;
  std::optional<T> value_;
};

}  // namespace tourney

#endif  // TOURNEY_CORE_STATUS_H_
