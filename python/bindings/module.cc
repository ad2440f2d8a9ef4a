// The extension module tourney._tourney: conversions only, every computation is the
// engine's (python/README in docs/python.md).
#include "bindings/module.h"

#include "bindings/dataset.h"

PYBIND11_MODULE(_tourney, m) {
  m.doc() = "tourney's engine (use the package tourney, which wraps this in DataFrames)";
  tourney::python::RegisterErrors(m);
  tourney::python::RegisterIo(m);
  tourney::python::RegisterRank(m);
  tourney::python::RegisterCluster(m);
  tourney::python::RegisterStability(m);
  tourney::python::RegisterCompare(m);
  tourney::python::RegisterSampling(m);
  tourney::python::RegisterSamplingStudy(m);
  tourney::python::RegisterNbest(m);
  tourney::python::RegisterProtocol(m);
  tourney::python::RegisterPlots(m);
  tourney::python::RegisterScoredPairs(m);
  tourney::python::RegisterFactorize(m);
}
