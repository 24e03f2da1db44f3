# Fails when a file includes a header its layer may not see (DESIGN.md section 3). One rule per layer:
# the folder, and a regular expression of the #include targets it must not name.
#   base/            std and POSIX only: no GUI header, no Eigen, nothing of kernels/, walkthrough/, app/
#   kernels/         no GUI header, nothing of walkthrough/ or app/
#   kernels/api/     no kernel's folder (flash, splash) nor the registry: the interface stands on tpu and base
#   kernels/splash/  nothing of kernels/flash/: the splash library stands on kernel_api, tpu and base alone
#   kernels/registry/ nothing of a kernel but its entry: the generated list includes kernels/<k>/entry/
#   walkthrough/     no GUI header, nothing of app/, nor a kernel (flash, splash) or the registry: its
#                    caller gives it a kernel
#   app/session/     no ImGui, GLFW or GL header: the tour model is GUI-free
#   app/session/, app/check/, app/trace/, app/export/, app/gui/, app/kernels/: nothing of a kernel's folder
#                    (flash, splash): the verbs and the session run whichever kernel --kernel names
#   app/views/       nothing of kernels/, walkthrough/ or app/session/: views draw plain pictures
#   app/screen/      no GLFW, nothing of app/gui/ or app/export/: the screen the window and export share
#   app/export/      no GLFW, nothing of app/gui/: an export draws the shared screen without a window
#   app/pictures/    no GUI header, nothing of app/gui/, app/screen/, app/export/ or app/session/: SVG and
#                    JSON from the picture structs alone
#   web/             no GUI header, nothing of a kernel's folder, app/gui/, app/screen/ or app/export/: the
#                    module is the tour model and its pictures behind JSON, for any kernel
# Run with -DROOT=<tree>; with -DEXPECT_OFFENDER=ON it fails unless it finds a file that breaks a rule
# (the planted fixtures, which prove the check can fail).
set(gui "imgui|GLFW/|glad/|GL/|EGL/|backends/imgui")
set(rules
  "base|(${gui}|Eigen|kernels/|walkthrough/|app/)"
  "kernels|(${gui}|walkthrough/|app/)"
  "kernels/api|(kernels/(flash|splash|registry)/)"
  "kernels/splash|(kernels/flash/)"
  "kernels/registry|(kernels/(flash|splash)/)"
  "walkthrough|(${gui}|app/|kernels/(flash|splash|registry)/)"
  "app/session|(${gui}|kernels/(flash|splash)/)"
  "app/check|(kernels/(flash|splash)/)"
  "app/trace|(kernels/(flash|splash)/)"
  "app/gui|(kernels/(flash|splash)/)"
  "app/kernels|(kernels/(flash|splash)/)"
  "app/views|(kernels/|walkthrough/|app/session/)"
  "app/screen|(GLFW/|app/gui/|app/export/)"
  "app/export|(GLFW/|app/gui/|kernels/(flash|splash)/)"
  "app/pictures|(${gui}|app/gui/|app/screen/|app/export/|app/session/)"
  "web|(${gui}|kernels/(flash|splash)/|app/gui/|app/screen/|app/export/)")

set(offenders "")
set(checked 0)
foreach(rule IN LISTS rules)
  string(FIND "${rule}" "|" bar)
  string(SUBSTRING "${rule}" 0 ${bar} folder)
  math(EXPR start "${bar} + 1")
  string(SUBSTRING "${rule}" ${start} -1 forbidden)
  file(GLOB_RECURSE files ${ROOT}/${folder}/*.hpp ${ROOT}/${folder}/*.cpp ${ROOT}/${folder}/*.h)
  foreach(f IN LISTS files)
    math(EXPR checked "${checked} + 1")
    file(STRINGS ${f} hits REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]${forbidden}")
    if(hits)
      list(APPEND offenders "${f} (${folder}/ may not include ${forbidden}): ${hits}")
    endif()
  endforeach()
endforeach()
if(checked EQUAL 0)
  message(FATAL_ERROR "layering check found no files under ${ROOT}; is ROOT right?")
endif()
if(EXPECT_OFFENDER)
  if(NOT offenders)
    message(FATAL_ERROR "the planted fixture under ${ROOT} was not caught")
  endif()
  message(STATUS "layering: caught ${offenders}")
  return()
endif()
if(offenders)
  list(JOIN offenders "\n  " listing)
  message(FATAL_ERROR "Includes across the layers:\n  ${listing}\nMove the code to the layer that may see it.")
endif()
message(STATUS "layering: ${checked} files, none includes across its layer")
