"""Package discovery for setuptools; everything else about the build is in pyproject.toml.

Every package under cardtable/ is found by itself (a new game's package needs no list to join), and
the designers' top-level folders cards/ and sprites/ ship inside as cardtable._cards and
cardtable._sprites (mapped in pyproject.toml's package-dir).
"""

from setuptools import find_packages, setup

setup(
    packages=[*find_packages(include=["cardtable", "cardtable.*"]), "cardtable._cards", "cardtable._sprites"]
)
