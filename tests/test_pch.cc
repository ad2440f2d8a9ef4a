// The translation unit that builds the tests' precompiled header (TOURNEY_TEST_PCH).
