#include "rpc_metrics_interceptor.h"

#include <chrono>
#include <string>

namespace tourney::service {
namespace {

using Clock = std::chrono::steady_clock;
using grpc::experimental::InterceptionHookPoints;

class RpcMetricsInterceptor final : public grpc::experimental::Interceptor {
 public:
  RpcMetricsInterceptor(ServiceMetrics* metrics, const char* method)
      : metrics_(metrics), method_(method ? method : ""), start_(Clock::now()) {}

  ~RpcMetricsInterceptor() override {
    if (!recorded_) Record(grpc::StatusCode::CANCELLED);
  }

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    if (methods->QueryInterceptionHookPoint(InterceptionHookPoints::PRE_SEND_STATUS)) {
      Record(methods->GetSendStatus().error_code());
    }
    methods->Proceed();
  }

 private:
  void Record(grpc::StatusCode code) {
    recorded_ = true;
    metrics_->RecordRpc(method_, static_cast<int>(code),
                        std::chrono::duration<double>(Clock::now() - start_).count());
  }

  ServiceMetrics* const metrics_;
  const std::string method_;
  const Clock::time_point start_;
  bool recorded_ = false;
};

}  // namespace

grpc::experimental::Interceptor* RpcMetricsInterceptorFactory::CreateServerInterceptor(
    grpc::experimental::ServerRpcInfo* info) {
  return new RpcMetricsInterceptor(metrics_, info->method());
}

}  // namespace tourney::service
