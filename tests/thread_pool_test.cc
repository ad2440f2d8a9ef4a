#include "core/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <vector>

namespace tourney {
namespace {

TEST(ThreadPool, RunsEveryIndexExactlyOnce) {
  for (int threads : {1, 2, 4, 7}) {
    ThreadPool pool(threads);
    EXPECT_EQ(pool.size(), threads);
    for (int64_t n : {0, 1, 3, 1000}) {
      std::vector<std::atomic<int>> hits(static_cast<size_t>(n));
      pool.ParallelFor(n, [&](int64_t i, int worker) {
        ASSERT_GE(worker, 0);
        ASSERT_LT(worker, pool.size());
        hits[static_cast<size_t>(i)].fetch_add(1);
      });
      for (int64_t i = 0; i < n; ++i) EXPECT_EQ(hits[i].load(), 1) << "n=" << n << " i=" << i;
    }
  }
}

TEST(ThreadPool, ResultsStoredByIndexDoNotDependOnThreads) {
  auto run = [](int threads) {
    ThreadPool pool(threads);
    std::vector<uint64_t> out(500);
    pool.ParallelFor(500, [&](int64_t i, int) {
      uint64_t x = static_cast<uint64_t>(i) * 2654435761u;
      for (int k = 0; k < 1000; ++k) x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      out[static_cast<size_t>(i)] = x;
    });
    return out;
  };
  EXPECT_EQ(run(1), run(3));
}

TEST(ThreadPool, ReusableAcrossLoops) {
  ThreadPool pool(3);
  std::atomic<int64_t> total{0};
  for (int loop = 0; loop < 200; ++loop) {
    pool.ParallelFor(10, [&](int64_t i, int) { total.fetch_add(i); });
  }
  EXPECT_EQ(total.load(), 200 * 45);
}

TEST(ThreadPool, ZeroMeansHardwareThreads) {
  EXPECT_GE(ThreadPool::ResolveThreads(0), 1);
  EXPECT_EQ(ThreadPool::ResolveThreads(5), 5);
}

}  // namespace
}  // namespace tourney
