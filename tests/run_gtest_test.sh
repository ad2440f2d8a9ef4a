#!/bin/sh
# Checks run_gtest.sh: skips become 77, failures stay failures (even with skips), passes 0.
# Prints the plain closing line "N passed, N failed".
wrapper="$(dirname "$0")/run_gtest.sh"
passed=0
failed=0
expect() {  # expect WANTED_STATUS DESCRIPTION COMMAND...
  want=$1
  what=$2
  shift 2
  sh "$wrapper" "$@" >/dev/null 2>&1
  got=$?
  if [ "$got" -eq "$want" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $what: exit $got, wanted $want"
  fi
}
skip_line='[  SKIPPED ] 1 test, listed below:'
expect 0 "a clean pass" sh -c 'echo "[  PASSED  ] 3 tests."'
expect 77 "a pass with skipped cases" sh -c "echo '[  PASSED  ] 2 tests.'; echo '$skip_line'"
expect 1 "a failure with skipped cases" sh -c "echo '$skip_line'; echo '[  FAILED  ] 1 test'; exit 1"
expect 3 "a crash keeps its status" sh -c 'exit 3'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
