// Reference values: mpmath 1.3 at 50 significant digits (ncdf, npdf, erfinv), rounded.
#include "core/gaussian.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tourney {
namespace {

void ExpectRelNear(double actual, double expected, double rel) {
  EXPECT_NEAR(actual, expected, rel * std::fabs(expected)) << "expected " << expected;
}

TEST(Gaussian, PdfAndCdfAtKnownPoints) {
  ExpectRelNear(NormalPdf(0.0), 0.3989422804014327, 1e-15);
  EXPECT_DOUBLE_EQ(NormalCdf(0.0), 0.5);
  ExpectRelNear(NormalCdf(-1.0), 0.15865525393145705141, 1e-14);
  ExpectRelNear(NormalCdf(-5.0), 2.8665157187919391167e-7, 1e-13);
  ExpectRelNear(NormalCdf(-10.0), 7.619853024160526066e-24, 1e-13);
  ExpectRelNear(NormalCdf(-20.0), 2.7536241186062336951e-89, 1e-12);
  ExpectRelNear(NormalCdf(-37.0), 5.7255712225245768227e-300, 1e-11);
  EXPECT_EQ(NormalCdf(40.0), 1.0);
}

TEST(Gaussian, LogCdfIsFiniteAndAccurateInBothTails) {
  ExpectRelNear(NormalLogCdf(-1.0), -1.8410216450092635058, 1e-14);
  ExpectRelNear(NormalLogCdf(-10.0), -53.231285150512470578, 1e-14);
  ExpectRelNear(NormalLogCdf(-20.0), -203.91715537109726394, 1e-14);
  ExpectRelNear(NormalLogCdf(-50.0), -1254.8313611394199013, 1e-14);
  ExpectRelNear(NormalLogCdf(-1000.0), -500007.82669481218431, 1e-14);
  ExpectRelNear(NormalLogCdf(1.0), -0.17275377902344988953, 1e-14);
  ExpectRelNear(NormalLogCdf(5.0), -2.8665161296376359338e-7, 1e-12);
  ExpectRelNear(NormalLogCdf(8.0), -6.2209605742717860585e-16, 1e-12);
  EXPECT_TRUE(std::isfinite(NormalLogCdf(-1e150)));
}

TEST(Gaussian, MillsRatioOnBothSidesOfTheSeriesSwitch) {
  ExpectRelNear(MillsRatio(0.0), 1.2533141373155002512, 1e-14);
  ExpectRelNear(MillsRatio(1.0), 0.65567954241879847154, 1e-14);
  ExpectRelNear(MillsRatio(9.5), 0.10413358157959825131, 1e-13);
  ExpectRelNear(MillsRatio(10.5), 0.094396760055224385417, 1e-14);
  ExpectRelNear(MillsRatio(30.0), 0.033296419072497213382, 1e-14);
  ExpectRelNear(MillsRatio(1e4), 0.00009999999900000003, 1e-14);
  EXPECT_DOUBLE_EQ(MillsRatio(1e300), 1e-300);
}

TEST(Gaussian, InverseMillsRatioStaysAccurateFarIntoTheLowerTail) {
  ExpectRelNear(InverseMillsRatio(-1.0), 1.5251352761609812091, 1e-14);
  ExpectRelNear(InverseMillsRatio(-5.0), 5.1865039671258421156, 1e-14);
  ExpectRelNear(InverseMillsRatio(-10.0), 10.098093233962511963, 1e-13);
  ExpectRelNear(InverseMillsRatio(-20.0), 20.049753068527850542, 1e-14);
  ExpectRelNear(InverseMillsRatio(-50.0), 50.019984031905639809, 1e-14);
  ExpectRelNear(InverseMillsRatio(-1000.0), 1000.00099999800001, 1e-14);
  ExpectRelNear(InverseMillsRatio(1.0), 0.28759997093917836123, 1e-14);
  ExpectRelNear(InverseMillsRatio(8.0), 5.0522710835368954309e-15, 1e-12);
  EXPECT_GE(InverseMillsRatio(50.0), 0.0);
  EXPECT_TRUE(std::isfinite(InverseMillsRatio(-1e200)));
  EXPECT_TRUE(std::isfinite(InverseMillsRatio(1e200)));
}

TEST(Gaussian, VarianceReductionHasNoCancellation) {
  ExpectRelNear(TruncatedVarianceReduction(-1.0), 0.80090233442965120845, 1e-14);
  ExpectRelNear(TruncatedVarianceReduction(-5.0), 0.96730356538288777465, 1e-13);
  ExpectRelNear(TruncatedVarianceReduction(-10.0), 0.99055462217434373884, 1e-13);
  ExpectRelNear(TruncatedVarianceReduction(-20.0), 0.9975367383849478364, 1e-15);
  ExpectRelNear(TruncatedVarianceReduction(-50.0), 0.99960095681319610045, 1e-15);
  ExpectRelNear(TruncatedVarianceReduction(-1000.0), 0.99999900000599995, 1e-15);
  ExpectRelNear(TruncatedVarianceReduction(1.0), 0.37031371422339459914, 1e-14);
  ExpectRelNear(TruncatedVarianceReduction(5.0), 7.4336019148607112465e-6, 1e-11);
  for (double x : {-1e300, -1e8, -37.0, 0.0, 37.0, 1e8, 1e300}) {
    const double w = TruncatedVarianceReduction(x);
    EXPECT_GE(w, 0.0) << x;
    EXPECT_LE(w, 1.0) << x;
  }
}

TEST(Gaussian, QuantileInvertsTheCdf) {
  ExpectRelNear(NormalQuantile(0.625), 0.31863936396437516302, 1e-14);
  ExpectRelNear(NormalQuantile(1e-10), -6.3613409024040561991, 1e-14);
  ExpectRelNear(NormalQuantile(0.999999), 4.7534243088170877657, 1e-10);
  EXPECT_EQ(NormalQuantile(0.5), 0.0);
  EXPECT_EQ(NormalQuantile(0.0), -INFINITY);
  EXPECT_EQ(NormalQuantile(1.0), INFINITY);
  EXPECT_TRUE(std::isnan(NormalQuantile(-0.1)));
  EXPECT_TRUE(std::isnan(NormalQuantile(1.5)));
  EXPECT_TRUE(std::isnan(NormalQuantile(NAN)));
}

}  // namespace
}  // namespace tourney
