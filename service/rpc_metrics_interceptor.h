// RpcMetricsInterceptorFactory: a gRPC server interceptor that records every RPC's method,
// status code and latency in a ServiceMetrics (gRPC's experimental interceptor API,
// grpcpp/support/server_interceptor.h).
//
// The latency runs from the interceptor's creation, when gRPC matches the call to its
// method, to the moment the handler's status is about to be sent (PRE_SEND_STATUS). A
// call that ends without sending a status (its client went away first) is recorded as
// CANCELLED when gRPC destroys the interceptor.
// Thread safety: gRPC creates one interceptor per call; the factory is shared.
#ifndef TOURNEY_SERVICE_RPC_METRICS_INTERCEPTOR_H_
#define TOURNEY_SERVICE_RPC_METRICS_INTERCEPTOR_H_

#include <grpcpp/support/server_interceptor.h>

#include "metrics.h"

namespace tourney::service {

class RpcMetricsInterceptorFactory final
    : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  // `metrics` must outlive the gRPC server the factory is installed in.
  explicit RpcMetricsInterceptorFactory(ServiceMetrics* metrics) : metrics_(metrics) {}

  // A new interceptor for the call `info` describes; gRPC owns it.
  grpc::experimental::Interceptor* CreateServerInterceptor(
      grpc::experimental::ServerRpcInfo* info) override;

 private:
  ServiceMetrics* const metrics_;
};

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_RPC_METRICS_INTERCEPTOR_H_
