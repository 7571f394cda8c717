//! Tests of the SCL reader: each mapped feature against the same puzzle read from f-puzzles.
