"""Tests of the training package: labelled positions, the network file, the train command."""
