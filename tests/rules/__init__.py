"""Tests at the level of the rules: single modules of asp/ on handwritten facts."""
