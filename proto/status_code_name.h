// The names of gRPC's status codes ("FAILED_PRECONDITION"), as the docs, the client's
// messages and the service's metrics print them. One table for the client and the service.
// Thread safety: reentrant.
#ifndef TOURNEY_PROTO_STATUS_CODE_NAME_H_
#define TOURNEY_PROTO_STATUS_CODE_NAME_H_

#include <string_view>

namespace tourney {

// The canonical name of gRPC status code `code` (0 "OK" ... 16 "UNAUTHENTICATED"); "UNKNOWN"
// for any other number.
std::string_view StatusCodeName(int code);

}  // namespace tourney

#endif  // TOURNEY_PROTO_STATUS_CODE_NAME_H_
