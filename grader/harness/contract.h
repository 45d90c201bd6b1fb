// The student-facing declarations of CONTRACT.md, force-included before a
// student's file so a changed signature fails to compile or link, and used
// by the harness to call the student's code.
// Non-goal: defining TILE (the student's file does).
#pragma once

__global__ void matMulNaive(const float* A, const float* B, float* C, int n);
void launchMatMulNaive(const float* A, const float* B, float* C, int n);

__global__ void matMulTilePhase(const float* A, const float* B, float* C, int n, int phase);
void launchMatMulTilePhase(const float* A, const float* B, float* C, int n, int phase);

__global__ void matMulTiled(const float* A, const float* B, float* C, int n);
void launchMatMulTiled(const float* A, const float* B, float* C, int n);

using LaunchFn = void (*)(const float* A, const float* B, float* C, int n);
float timeLaunchMs(LaunchFn launch, const float* A, const float* B, float* C, int n, int reps);
double gflops(int n, float ms);
