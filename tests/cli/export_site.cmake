# `export --site DIR`: the folder of the live page. The module's files come from a stand-in folder
# (fixtures/web-module) so that these tests run without emscripten; the browser tests use the real module.
set(site_scratch ${CMAKE_CURRENT_BINARY_DIR}/site-scratch)
file(MAKE_DIRECTORY ${site_scratch}/users-folder)
file(WRITE ${site_scratch}/users-folder/notes.txt "not a site\n")
set(stand_in ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/web-module)
set(fake_flash ${CMAKE_SOURCE_DIR}/tests/walkthrough/fixtures/fake_flash_attention.py)

tilewalk_cli_test("export --site without the module built says how to build it" EXIT 1
  COMMAND ${tw} export --site ${site_scratch}/none --web-module ${site_scratch}/no-module
  MATCH "the web module is not built: there is no '.*no-module/tilewalk_web\\.js'"
  MATCH2 "cmake --preset wasm && cmake --build --preset wasm")
tilewalk_cli_test("export --site refuses a module whose code is not WebAssembly" EXIT 1
  COMMAND ${tw} export --site ${site_scratch}/none --web-module ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/web-module-not-wasm
  MATCH "tilewalk_web\\.wasm' is not WebAssembly" NO_MATCH "wrote")
tilewalk_cli_test("export --site refuses another project's loader" EXIT 1
  COMMAND ${tw} export --site ${site_scratch}/none --web-module ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/web-module-foreign
  MATCH "is not the tilewalk web module \\(it defines no createTilewalk\\)")
tilewalk_cli_test("export --site refuses an existing folder of the user's, even with --force" EXIT 1
  COMMAND ${tw} export --site ${site_scratch}/users-folder --web-module ${stand_in} --force
  MATCH "it is not an earlier site \\(it holds no tilewalk-site\\.json\\), so --force does not replace it")
tilewalk_cli_test("export --site refuses an existing folder without --force" EXIT 1
  COMMAND ${tw} export --site ${site_scratch}/users-folder --web-module ${stand_in}
  MATCH "already exists. pass --force to replace it")
tilewalk_cli_test("export --site refuses a folder it cannot create" EXIT 1
  COMMAND ${tw} export --site /proc/tilewalk-site --web-module ${stand_in}
  MATCH "cannot write the folder '/proc/tilewalk-site'")
tilewalk_cli_test("export --site refuses a missing --pallas-source" EXIT 1
  COMMAND ${tw} export --site ${site_scratch}/none --web-module ${stand_in} --pallas-source ${site_scratch}/nope.py
  MATCH "--pallas-source names '.*nope\\.py'")
set(fake_splash ${CMAKE_SOURCE_DIR}/tests/walkthrough/fixtures/fake_splash_attention_kernel.py)
tilewalk_cli_test("export --site takes a Pallas file per kernel, and lists both in its manifest" EXIT 0
  COMMAND sh -c "rm -rf '${site_scratch}/two-kernels' && '${tw}' export --site '${site_scratch}/two-kernels' \
--web-module '${stand_in}' --pallas-source '${fake_splash}' --pallas-source '${fake_flash}' \
&& cat '${site_scratch}/two-kernels/tilewalk-site.json'"
  MATCH "and pallas/splash\\.py and pallas/flash\\.py to"
  MATCH2 "\"flash\": \"pallas/flash\\.py\",[ \n]+\"splash\": \"pallas/splash\\.py\"")
tilewalk_cli_test("export --site refuses two Pallas files of one kernel" EXIT 2
  COMMAND ${tw} export --site ${site_scratch}/none --web-module ${stand_in} --pallas-source ${fake_flash}
          --pallas-source ${fake_flash}
  MATCH "--pallas-source names two files of flash \\('.*fake_flash_attention\\.py', then '.*'\\)")
tilewalk_cli_test("export --site refuses a frame export's option by name" EXIT 2
  COMMAND ${tw} export --site ${site_scratch}/none --tour intro
  MATCH "--tour is for an export of frames. --site writes the live page")
tilewalk_cli_test("export --site refuses scenario flags by name" EXIT 2
  COMMAND ${tw} export --site ${site_scratch}/none --block-q 256
  MATCH "--block-q is for an export of frames")
tilewalk_cli_test("export --site with --out is refused" EXIT 2
  COMMAND ${tw} export --site ${site_scratch}/none --out ${site_scratch}/frames MATCH "--out is for an export of frames")
tilewalk_cli_test("export --site needs a folder" EXIT 2 COMMAND ${tw} export --site MATCH "--site needs a folder")
tilewalk_cli_test("export --help lists --site" EXIT 0 COMMAND ${tw} export --help
  MATCH "--site DIR +Instead of frames, write the live page" MATCH2 "--web-module DIR")

# The whole run: written, refused again, replaced with --force, and never a staging folder left behind.
add_test(NAME "cli: export --site writes the page, the module and the Pallas file, and replaces only its own"
  COMMAND ${CMAKE_COMMAND} -DTILEWALK=$<TARGET_FILE:tilewalk> -DOUT=${site_scratch}/run -DMODULE=${stand_in}
          -DPALLAS=${fake_flash} -P ${CMAKE_CURRENT_SOURCE_DIR}/export_site_run.cmake)
