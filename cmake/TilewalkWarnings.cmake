# Warnings are errors on our own targets only; system headers (Eigen, ImGui) stay quiet.
# -Wno-restrict: GCC 12 reports false positives on std::string concatenation at -O2/-O3 (GCC bug 105329).
function(tilewalk_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Werror -Wno-restrict)
endfunction()
