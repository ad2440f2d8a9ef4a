#include "plot_file.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include "common.h"

extern char** environ;

namespace tourney::cli {

bool IsPdfPath(const std::string& path) {
  if (path.size() < 4) return false;
  std::string tail = path.substr(path.size() - 4);
  for (char& c : tail) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return tail == ".pdf";
}

namespace {

// Runs rsvg-convert with `svg` on its standard input, writing PDF to `out`.
Status ConvertToPdf(const std::string& svg, const std::string& out) {
  int in[2];
  if (pipe(in) != 0) return IoError("cannot create a pipe: " + std::string(std::strerror(errno)));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_addclose(&actions, in[1]);
  std::vector<std::string> args = {"rsvg-convert", "--format=pdf", "--output=" + out};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, "rsvg-convert", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in[0]);
  if (rc != 0) {
    close(in[1]);
    return IoError(out + ": PDF output needs rsvg-convert (Debian package librsvg2-bin): " +
                   std::strerror(rc) + "; or write the figure as .svg");
  }
  size_t done = 0;
  while (done < svg.size()) {
    const ssize_t w = write(in[1], svg.data() + done, svg.size() - done);
    if (w <= 0) break;
    done += static_cast<size_t>(w);
  }
  close(in[1]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (done < svg.size() || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return IoError(out + ": rsvg-convert could not convert the figure to PDF");
  }
  return Status::Ok();
}

}  // namespace

Status WritePlotFile(const std::string& path, const std::string& svg) {
  if (!IsPdfPath(path)) return WriteFileAtomically(path, svg);
  const std::string temp = path + ".tmp-pdf";
  Status s = ConvertToPdf(svg, temp);
  if (!s.ok()) {
    std::error_code ignored;
    std::filesystem::remove(temp, ignored);
    return s;
  }
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);
  if (ec) return IoError(path + ": cannot write: " + ec.message());
  return Status::Ok();
}

void AddPlotTitleFlag(Flags& flags) {
  flags.AddBool("plot-no-title",
                "draw figures without their title and subtitle (for a paper's own caption); "
                "a figure file ending in .pdf is written as PDF");
}

bool PlotTitles(const Flags& flags) { return !flags.GetBool("plot-no-title"); }

}  // namespace tourney::cli
