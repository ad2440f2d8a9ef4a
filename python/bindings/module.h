// The registration functions of the binding files, one per engine area; module.cc calls them.
#ifndef TOURNEY_PYTHON_BINDINGS_MODULE_H_
#define TOURNEY_PYTHON_BINDINGS_MODULE_H_

#include <pybind11/pybind11.h>

namespace tourney::python {

void RegisterIo(pybind11::module_& m);             // io.cc: read, from_arrays, Dataset
void RegisterRank(pybind11::module_& m);           // rank.cc: rank, model_names
void RegisterCluster(pybind11::module_& m);        // cluster.cc: cluster, anytime_cluster
void RegisterStability(pybind11::module_& m);      // stability.cc: stability
void RegisterCompare(pybind11::module_& m);        // compare.cc: compare
void RegisterSampling(pybind11::module_& m);       // sampling.cc: sample, estimate
void RegisterSamplingStudy(pybind11::module_& m);  // sampling_study.cc: sampling_study
void RegisterNbest(pybind11::module_& m);          // nbest.cc: nbest
void RegisterProtocol(pybind11::module_& m);       // protocol.cc: protocol
void RegisterPlots(pybind11::module_& m);          // plots.cc: plot_estimates, plot_stability, ...
void RegisterScoredPairs(pybind11::module_& m);    // scored_pairs.cc: rank_scored
void RegisterFactorize(pybind11::module_& m);      // factorize.cc: factorize_strings

}  // namespace tourney::python

#endif  // TOURNEY_PYTHON_BINDINGS_MODULE_H_
