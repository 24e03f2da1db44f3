# Fails when any file under ROOT/base includes a GUI header (ImGui, GLFW, glad, GL, EGL), Eigen, or anything
# of tilewalk's other layers (kernels/, walkthrough/, app/): base/ sits beneath every layer and may use only
# the C++ standard library and POSIX.
file(GLOB_RECURSE base_files ${ROOT}/base/*.hpp ${ROOT}/base/*.cpp ${ROOT}/base/*.h)
set(offenders "")
foreach(f IN LISTS base_files)
  file(STRINGS ${f} hits REGEX
    "^[ \t]*#[ \t]*include[ \t]*[<\"](imgui|GLFW/|glad/|GL/|EGL/|backends/imgui|Eigen|unsupported/Eigen|kernels/|walkthrough/|app/)")
  if(hits)
    list(APPEND offenders "${f}: ${hits}")
  endif()
endforeach()
list(LENGTH base_files n)
if(n EQUAL 0)
  message(FATAL_ERROR "layering check found no files under ${ROOT}/base; is ROOT right?")
endif()
if(offenders)
  list(JOIN offenders "\n  " listing)
  message(FATAL_ERROR "base/ includes what lies above it:\n  ${listing}\nbase/ may use the standard library and POSIX only.")
endif()
message(STATUS "layering: ${n} base files, none includes a GUI header, Eigen or another layer")
