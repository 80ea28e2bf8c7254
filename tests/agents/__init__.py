"""Tests of the integer actions, observations, bots, simulation and the PettingZoo env."""
