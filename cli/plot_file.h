// Writing figures: SVG as built, or PDF for papers (by the file name's .pdf suffix),
// converted by rsvg-convert (Debian package librsvg2-bin) in a child process, so that the
// command line itself links no graphics library. Both are written through a temporary file
// renamed into place: a failed run leaves no partial figure.
#ifndef TOURNEY_CLI_PLOT_FILE_H_
#define TOURNEY_CLI_PLOT_FILE_H_

#include <string>

#include "flags/flags.h"
#include "tourney/core/status.h"

namespace tourney::cli {

// True when `path` asks for PDF (ends in .pdf, any case).
bool IsPdfPath(const std::string& path);

// Writes the SVG document `svg` to `path`, converting it to PDF when IsPdfPath(path).
// IoError when the file cannot be written or rsvg-convert is missing or fails (naming the
// package to install).
Status WritePlotFile(const std::string& path, const std::string& svg);

// --plot-no-title: figures without their title and subtitle, for a paper's own caption.
void AddPlotTitleFlag(Flags& flags);
bool PlotTitles(const Flags& flags);

}  // namespace tourney::cli

#endif  // TOURNEY_CLI_PLOT_FILE_H_
