# Generates glad loaders into the build tree with Debian's python3-glad. --reproducible makes glad use its
# bundled specs, so nothing is downloaded.
find_program(GLAD_EXECUTABLE glad PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT GLAD_EXECUTABLE)
  find_program(GLAD_EXECUTABLE glad REQUIRED)
endif()

# tilewalk_glad(TARGET name API api EXTENSIONS list HEADER glad/x.h SOURCE x.c): a static library `name`
# from glad's C loader for `api`.
function(tilewalk_glad)
  cmake_parse_arguments(ARG "" "TARGET;API;EXTENSIONS;HEADER;SOURCE" "" ${ARGN})
  set(dir ${CMAKE_BINARY_DIR}/${ARG_TARGET})
  add_custom_command(
    OUTPUT ${dir}/src/${ARG_SOURCE} ${dir}/include/${ARG_HEADER}
    COMMAND ${GLAD_EXECUTABLE} --quiet --reproducible --api ${ARG_API} --extensions=${ARG_EXTENSIONS}
            --out-path ${dir} c --loader
    COMMENT "Generating the glad ${ARG_API} loader"
    VERBATIM)
  add_library(${ARG_TARGET} STATIC ${dir}/src/${ARG_SOURCE})
  target_include_directories(${ARG_TARGET} SYSTEM PUBLIC ${dir}/include)
  target_link_libraries(${ARG_TARGET} PUBLIC ${CMAKE_DL_LIBS})
  set_target_properties(${ARG_TARGET} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endfunction()

# OpenGL 3.3 core, for the window and for headless rendering.
tilewalk_glad(TARGET glad_gl API gl:core=3.3 EXTENSIONS "" HEADER glad/gl.h SOURCE gl.c)
# EGL 1.5 with what headless export needs: a surfaceless Mesa display, found without an X server.
tilewalk_glad(TARGET glad_egl API egl=1.5
  EXTENSIONS "EGL_KHR_surfaceless_context,EGL_MESA_platform_surfaceless,EGL_EXT_platform_base,EGL_EXT_platform_device,EGL_EXT_device_enumeration,EGL_EXT_device_query"
  HEADER glad/egl.h SOURCE egl.c)
