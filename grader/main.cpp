// The grader binary: everything lives in the core library; see cli/cli.h.
#include "cli/cli.h"

int main(int argc, char** argv) { return grader::runCli(argc, argv); }
