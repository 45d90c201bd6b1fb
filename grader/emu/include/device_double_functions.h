// Emulated CUDA header: everything lives in cuemu/cuda_emu.h.
#pragma once
#include "cuemu/cuda_emu.h"
