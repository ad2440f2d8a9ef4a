// ReplicateSamples: one value per system per bootstrap replicate (ranks or scores).
//
// Stored replicate-major, value(r, s) = values[r * num_systems + s], so each replicate
// writes one contiguous row and the rows can be filled in any order (by thread) and still
// come out identical.
// Thread safety: const access is safe concurrently; distinct rows may be written
// concurrently.
#ifndef TOURNEY_STATISTICS_REPLICATE_SAMPLES_H_
#define TOURNEY_STATISTICS_REPLICATE_SAMPLES_H_

#include <span>
#include <vector>

namespace tourney {

template <typename T>
struct ReplicateSamples {
  int num_systems = 0;
  int num_replicates = 0;
  std::vector<T> values;  // num_replicates * num_systems entries

  ReplicateSamples() = default;
  ReplicateSamples(int systems, int replicates)
      : num_systems(systems),
        num_replicates(replicates),
        values(static_cast<size_t>(systems) * static_cast<size_t>(replicates)) {}

  T& at(int replicate, int system) { return values[Index(replicate, system)]; }
  const T& at(int replicate, int system) const { return values[Index(replicate, system)]; }

  // The values of one replicate, indexed by system id.
  std::span<T> row(int replicate) {
    return {values.data() + Index(replicate, 0), static_cast<size_t>(num_systems)};
  }
  std::span<const T> row(int replicate) const {
    return {values.data() + Index(replicate, 0), static_cast<size_t>(num_systems)};
  }

  // Every replicate's value for `system`, in replicate order.
  std::vector<T> Column(int system) const {
    std::vector<T> out(static_cast<size_t>(num_replicates));
    for (int r = 0; r < num_replicates; ++r) out[r] = at(r, system);
    return out;
  }

 private:
  size_t Index(int replicate, int system) const {
    return static_cast<size_t>(replicate) * static_cast<size_t>(num_systems) +
           static_cast<size_t>(system);
  }
};

// 1-based ranks (1 = best) of each system in each replicate.
using RankSamples = ReplicateSamples<int>;
// Model scores of each system in each replicate (higher is better).
using ScoreSamples = ReplicateSamples<double>;

}  // namespace tourney

#endif  // TOURNEY_STATISTICS_REPLICATE_SAMPLES_H_
