// Translation between the tourney.v1 service messages and the engine's campaign types.
// Thread safety: the functions are reentrant.
#ifndef TOURNEY_SERVICE_CONVERT_H_
#define TOURNEY_SERVICE_CONVERT_H_

#include <grpcpp/support/status.h>

#include "tourney/core/status.h"
#include "tourney/campaigns/campaign.h"
#include "tourney/v1/tournament.pb.h"

namespace tourney::service {

// The engine configuration a CampaignConfig message describes. InvalidArgument for an
// unknown `trueskill.update` or a lease outside 0..86400 s; range checks of the rest are
// ValidateCampaignConfig's.
StatusOr<CampaignConfig> FromProto(const v1::CampaignConfig& config);

// Lease length in milliseconds (lease_seconds, 0 meaning 600 s).
int64_t LeaseMillis(const v1::CampaignConfig& config);

// The gRPC status for an engine status (message kept).
grpc::Status ToGrpc(const Status& status);

}  // namespace tourney::service

#endif  // TOURNEY_SERVICE_CONVERT_H_
