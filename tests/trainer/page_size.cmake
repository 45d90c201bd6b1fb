# The trainer page stays small (test kit.trainer.page_size): written in both
# languages by `grader trainer --html`, each at most 200 KB (204800 bytes),
# generator included; prints the sizes.
# Usage: cmake -DGRADER=... -DCOURSE=... -DWORK=... -P page_size.cmake
set(limit 204800)
file(MAKE_DIRECTORY ${WORK})
foreach(lang en ru)
  set(page ${WORK}/trainer-${lang}.html)
  file(REMOVE ${page})
  execute_process(COMMAND ${GRADER} trainer --html ${page} --lang ${lang} --course ${COURSE} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT EXISTS ${page})
    message(FATAL_ERROR "grader trainer --html --lang ${lang} failed (exit ${rc}): ${out}${err}")
  endif()
  file(SIZE ${page} size)
  math(EXPR kb "${size} / 1024")
  message("trainer page (${lang}): ${size} bytes (${kb} KB), limit ${limit}")
  if(size GREATER limit)
    message(FATAL_ERROR "the trainer page is ${size} bytes, over the limit of ${limit}")
  endif()
endforeach()
