// Status code names (see proto/status_code_name.h).
#include "proto/status_code_name.h"

#include <iterator>

namespace tourney {

std::string_view StatusCodeName(int code) {
  static constexpr std::string_view kNames[] = {"OK",
                                                "CANCELLED",
                                                "UNKNOWN",
                                                "INVALID_ARGUMENT",
                                                "DEADLINE_EXCEEDED",
                                                "NOT_FOUND",
                                                "ALREADY_EXISTS",
                                                "PERMISSION_DENIED",
                                                "RESOURCE_EXHAUSTED",
                                                "FAILED_PRECONDITION",
                                                "ABORTED",
                                                "OUT_OF_RANGE",
                                                "UNIMPLEMENTED",
                                                "INTERNAL",
                                                "UNAVAILABLE",
                                                "DATA_LOSS",
                                                "UNAUTHENTICATED"};
  return code >= 0 && code < static_cast<int>(std::size(kNames)) ? kNames[code] : "UNKNOWN";
}

}  // namespace tourney
