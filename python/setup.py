"""Marks the package as a binary distribution: the wheel carries the prebuilt extension module
(tourney/_tourney*.so, built by CMake), so it is tagged for this Python and platform."""
from setuptools import setup
from setuptools.dist import Distribution


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


setup(distclass=BinaryDistribution)
