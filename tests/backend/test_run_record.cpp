// Parsing the run record: fields, binary outputs, emulator summary lines.
#include <doctest/doctest.h>

#include <cstring>

#include "backend/run_record.h"

using namespace grader;

TEST_CASE("fields split on spaces; a tail key takes the rest of the line") {
    auto f = parseFields("fault kind=unsupported message=warp shuffles are not supported", {"message"});
    CHECK(f["kind"] == "unsupported");
    CHECK(f["message"] == "warp shuffles are not supported");
}

TEST_CASE("a record with outputs, launches, traffic and hazards") {
    const float values[3] = {1.5f, -2.0f, 0.25f};
    std::string bytes = "record 1 mode=matmul n=16 phase=0 seed=1\nstarted\noutput C 3\n";
    bytes.append(reinterpret_cast<const char*>(values), sizeof values);
    bytes += "\nlaunch index=0 kernel=0x401000 grid=2,2,1 block=16,16,1 shmem=0 error=cudaSuccess threads=1024 "
             "barriers_min=2 barriers_max=2 shared_reads=10 shared_writes=4\n"
             "traffic launch=0 buffer=A read_words=512 write_words=0 min_thread_reads=1 max_thread_reads=1\n"
             "barrier_site launch=0 line=21 arrivals=1024\n"
             "hazard kind=read-write count=7 element=tA[3][5] writer=5,3,0 writer_pc=0x401234 other=3,0,0 "
             "other_pc=0x401250 block=0,0,0 barrier_index=1\n"
             "divergence count=1 block=0,0,0 lines=20,0 split=line 20: (0,0)..(15,0) [16]; exited: (0,1)..(15,15) [240]\n"
             "partial_barrier line=20 block=1,0,0 reached=16 threads=256 first=0,0,0 last=0,15,0\n"
             "end\n";
    RunRecord r;
    parseRunRecord(bytes, r);
    CHECK(r.complete);
    CHECK(r.started);
    REQUIRE(r.outputs.count("C"));
    CHECK(r.outputs["C"] == std::vector<float>{1.5f, -2.0f, 0.25f});
    REQUIRE(r.launches.size() == 1);
    CHECK(r.launches[0].block[0] == 16);
    CHECK(r.launches[0].sharedWrites == 4);
    CHECK(r.launches[0].traffic["A"].readWords == 512);
    CHECK(r.launches[0].barrierSites[21] == 1024);
    REQUIRE(r.hazards.size() == 1);
    CHECK(r.hazards[0].element == "tA[3][5]");
    CHECK(r.hazards[0].writer[0] == 5);
    CHECK(r.hazards[0].otherPc == 0x401250);
    REQUIRE(r.divergences.size() == 1);
    CHECK(r.divergences[0].lines == std::vector<int>{20, 0});
    CHECK(r.divergences[0].split.find("exited") != std::string::npos);
    REQUIRE(r.partialBarriers.size() == 1);
    CHECK(r.partialBarriers[0].line == 20);
    CHECK(r.partialBarriers[0].block[0] == 1);
    CHECK(r.partialBarriers[0].reached == 16);
    CHECK(r.partialBarriers[0].threads == 256);
    CHECK(r.partialBarriers[0].last[1] == 15);
}

TEST_CASE("a truncated output is a parse error, not a crash") {
    RunRecord r;
    parseRunRecord("output C 1000\nabc", r);
    CHECK_FALSE(r.parseError.empty());
    CHECK_FALSE(r.complete);
}

TEST_CASE("an output whose count would overflow is a parse error, not an allocation of exabytes") {  // the child runs student code
    for (const char* count : {"4611686018427387905", "18446744073709551615", "4611686018427387904"}) {
        RunRecord record;
        parseRunRecord(std::string("output C ") + count + "\nabcd\nend\n", record);
        CHECK(record.parseError == "a truncated output in the run record");
        CHECK(record.outputs.empty());
    }
}

TEST_CASE("the emulator's newer lines: kernel names, full blocks, uninitialized reads, warp divergence, located faults") {
    const std::string bytes =
        "launch index=0 kernel=matMulTiled<16> grid=4,4,1 block=16,16,1 shmem=0 error=cudaSuccess threads=4096 "
        "barriers_min=8 barriers_max=8 shared_reads=1 shared_writes=1 full_blocks=9\n"
        "uninitialized count=3 element=tB[3][7] thread=7,3,0 block=1,2,0 pc=0x4010aa\n"
        "divergence count=1 block=0,0,0 lines=20 warp=1 split=16 threads (0,0)..(15,0) wait at __shfl_sync at line 20\n"
        "fault kind=array-index index=16 line=30 column=27 type=float[16] thread=0,0,0 block=0,0,0 file=dir/k file.cu\n";
    RunRecord r;
    parseRunRecord(bytes, r);
    REQUIRE(r.launches.size() == 1);
    CHECK(r.launches[0].kernel == "matMulTiled<16>");
    CHECK(r.launches[0].fullBlocks == 9);
    REQUIRE(r.uninitialized.size() == 1);
    CHECK(r.uninitialized[0].element == "tB[3][7]");
    CHECK(r.uninitialized[0].block[1] == 2);
    CHECK(r.uninitialized[0].pc == 0x4010aa);
    REQUIRE(r.divergences.size() == 1);
    CHECK(r.divergences[0].warp);
    REQUIRE(r.fault);
    CHECK(r.fault->kind == FaultKind::ArrayIndex);
    CHECK(fieldText(r.fault->fields, "type") == "float[16]");
    CHECK(fieldText(r.fault->fields, "file") == "dir/k file.cu");
}

TEST_CASE("a GPU child's context line gives when the call that made its CUDA context began and ended; a record without one says 0") {
    RunRecord told;
    parseRunRecord("record 1 mode=matmul n=16 phase=0 seed=1\ncontext begin_ns=123000000000 ready_ns=123456789012\nstarted\nend\n", told);
    CHECK(told.contextBeginNs == 123000000000ull);
    CHECK(told.contextReadyNs == 123456789012ull);
    CHECK(told.complete);
    RunRecord silent;
    parseRunRecord("record 1 mode=matmul n=16 phase=0 seed=1\nstarted\nend\n", silent);
    CHECK(silent.contextBeginNs == 0);
    CHECK(silent.contextReadyNs == 0);
}

TEST_CASE("a GPU run's work line gives when its GPU work ended; a record without one says 0") {
    RunRecord told;
    parseRunRecord("record 1 mode=matmul n=16 phase=0 seed=1\nstarted\nwork end_ns=123456789012\nend\n", told);
    CHECK(told.workEndNs == 123456789012ull);
    CHECK(told.complete);
    RunRecord silent;
    parseRunRecord("record 1 mode=matmul n=16 phase=0 seed=1\nstarted\nend\n", silent);
    CHECK(silent.workEndNs == 0);
}
