# What every browser test needs before it runs: node, playwright-core in tests/browser, and Debian's
# chromium. A missing one fails the test, never skips it (CI must run it), saying how to install it.
# Included by the browser tests' -P scripts, which define NODE (node, or NOTFOUND) and SCRIPT_DIR.
if(NOT NODE)
  message(FATAL_ERROR "node is not installed; run scripts/install-deps.sh")
endif()
if(NOT EXISTS "${SCRIPT_DIR}/node_modules/playwright-core")
  message(FATAL_ERROR "playwright-core is not installed in ${SCRIPT_DIR}; run scripts/install-deps.sh")
endif()
if(NOT EXISTS /usr/bin/chromium)
  message(FATAL_ERROR "/usr/bin/chromium is missing; run scripts/install-deps.sh")
endif()
