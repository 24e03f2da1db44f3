# Generates the glad GL 3.3 core loader into the build tree with Debian's python3-glad.
# --reproducible makes glad use its bundled specs, so nothing is downloaded.
find_program(GLAD_EXECUTABLE glad PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT GLAD_EXECUTABLE)
  find_program(GLAD_EXECUTABLE glad REQUIRED)
endif()

set(GLAD_GL_DIR ${CMAKE_BINARY_DIR}/glad_gl)
add_custom_command(
  OUTPUT ${GLAD_GL_DIR}/src/gl.c ${GLAD_GL_DIR}/include/glad/gl.h
  COMMAND ${GLAD_EXECUTABLE} --quiet --reproducible --api gl:core=3.3 --extensions= --out-path ${GLAD_GL_DIR} c --loader
  COMMENT "Generating the glad GL 3.3 core loader"
  VERBATIM)
add_library(glad_gl STATIC ${GLAD_GL_DIR}/src/gl.c)
target_include_directories(glad_gl SYSTEM PUBLIC ${GLAD_GL_DIR}/include)
target_link_libraries(glad_gl PUBLIC ${CMAKE_DL_LIBS})
set_target_properties(glad_gl PROPERTIES POSITION_INDEPENDENT_CODE ON)

# The EGL 1.5 loader with the extensions headless export needs: a surfaceless Mesa display, found without
# an X server.
set(GLAD_EGL_DIR ${CMAKE_BINARY_DIR}/glad_egl)
add_custom_command(
  OUTPUT ${GLAD_EGL_DIR}/src/egl.c ${GLAD_EGL_DIR}/include/glad/egl.h
  COMMAND ${GLAD_EXECUTABLE} --quiet --reproducible --api egl=1.5
          --extensions=EGL_KHR_surfaceless_context,EGL_MESA_platform_surfaceless,EGL_EXT_platform_base,EGL_EXT_platform_device,EGL_EXT_device_enumeration,EGL_EXT_device_query
          --out-path ${GLAD_EGL_DIR} c --loader
  COMMENT "Generating the glad EGL 1.5 loader"
  VERBATIM)
add_library(glad_egl STATIC ${GLAD_EGL_DIR}/src/egl.c)
target_include_directories(glad_egl SYSTEM PUBLIC ${GLAD_EGL_DIR}/include)
target_link_libraries(glad_egl PUBLIC ${CMAKE_DL_LIBS})
set_target_properties(glad_egl PROPERTIES POSITION_INDEPENDENT_CODE ON)
