#include "progress_bar.h"

#include <unistd.h>

#include <cstdio>

namespace tourney::cli {

void AddProgressFlag(Flags& flags) {
  flags.Add("progress", "WHEN", "auto",
            "progress on stderr: auto (when stderr is a terminal), always or never");
}

StatusOr<ProgressMode> ProgressModeFromFlags(const Flags& flags) {
  const std::string when = flags.Get("progress");
  ProgressMode mode;
  if (when == "always") {
    mode.enabled = mode.immediate = true;
  } else if (when == "auto" || when.empty()) {
    mode.enabled = isatty(STDERR_FILENO) != 0;
  } else if (when != "never") {
    return InvalidArgument("option '--progress': '" + when + "' is not one of auto, always, never");
  }
  return mode;
}

ProgressBar::ProgressBar(ProgressMode mode, std::string what)
    : mode_(mode), what_(std::move(what)), start_(std::chrono::steady_clock::now()) {}

ProgressBar::~ProgressBar() { Clear(); }

void ProgressBar::Draw(const std::string& text) {
  std::fprintf(stderr, "\r%s ", text.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressBar::Update(int finished, int total) {
  if (!mode_.enabled) return;
  std::lock_guard<std::mutex> lock(mu_);
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (!mode_.immediate && elapsed < 0.5) return;
  if (drawn_ && finished < total && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  constexpr int kWidth = 30;
  const int filled =
      total > 0 ? static_cast<int>(static_cast<int64_t>(kWidth) * finished / total) : 0;
  const double eta = finished > 0 ? elapsed * (total - finished) / finished : 0.0;
  char text[200];
  std::snprintf(text, sizeof(text), "[%s%s] %d/%d %s, %.1fs elapsed, ~%.0fs left",
                std::string(static_cast<size_t>(filled), '#').c_str(),
                std::string(static_cast<size_t>(kWidth - filled), ' ').c_str(), finished, total,
                what_.c_str(), elapsed, eta);
  Draw(text);
}

void ProgressBar::StartTicker(const std::string& label) {
  if (!mode_.enabled || ticker_.joinable()) return;
  ticker_ = std::thread([this, label] {
    std::unique_lock<std::mutex> lock(mu_);
    while (!stop_) {
      const double elapsed =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
      if (mode_.immediate || elapsed >= 0.5) {
        char text[160];
        std::snprintf(text, sizeof(text), "%s: %.1fs elapsed", label.c_str(), elapsed);
        Draw(text);
      }
      stop_cv_.wait_for(lock, std::chrono::milliseconds(100));
    }
  });
}

void ProgressBar::Clear() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  stop_cv_.notify_all();
  if (ticker_.joinable()) ticker_.join();
  std::lock_guard<std::mutex> lock(mu_);
  if (!drawn_) return;
  std::fprintf(stderr, "\r%s\r", std::string(79, ' ').c_str());
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace tourney::cli
