#include "models/win_rate.h"

namespace tourney {

std::vector<double> CountingScores(const WinMatrix& m) {
  const int n = m.size();
  std::vector<double> scores(n, 0.0);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) scores[i] += m(i, j);
  }
  return scores;
}

std::vector<double> AverageWinRates(const WinMatrix& m) {
  const int n = m.size();
  std::vector<double> scores(n, 0.0);
  for (int i = 0; i < n; ++i) {
    double sum = 0.0;
    int met = 0;
    for (int j = 0; j < n; ++j) {
      const double total = m(i, j) + m(j, i);
      if (j == i || total <= 0.0) continue;
      sum += m(i, j) / total;
      ++met;
    }
    scores[i] = met > 0 ? sum / met : 0.0;
  }
  return scores;
}

}  // namespace tourney
